//! A game looked over by the computer: its verdict on every position of the game, then
//! each turn classed by how much it lowered its player's winning chance, as lichess does
//! (inaccuracy, mistake, blunder), with the turn the computer would have played instead.
//! Pure like the search: the app runs it on a worker thread, `hexstack review` on its own.
//! The looking is in `review/look.rs`; this file judges the turns and sums them up.

mod look;

pub use look::{
    Looked, Needed, after, all_cores, budget, look, look_all, look_many, needed, needs, positions, put,
    skip_if_stuck,
};

use hexstack_rules::{Colour, Game};

/// A turn that lowered its player's winning chance by this much (0 to 1) or more is an
/// inaccuracy; by [`MISTAKE`], a mistake; by [`BLUNDER`], a blunder. Twice lichess's
/// figures: the evaluation here is coarser than a chess engine's, and a verdict at one
/// depth and the next one's may differ by several points without any turn being wrong.
pub const INACCURACY: f64 = 0.10;
/// The loss that makes a turn a mistake ([`INACCURACY`]).
pub const MISTAKE: f64 = 0.20;
/// The loss that makes a turn a blunder ([`INACCURACY`]).
pub const BLUNDER: f64 = 0.30;

/// How much a turn lowered its player's chance.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Class {
    /// Less than an [`INACCURACY`], or no worse than the computer's own turn.
    Ok,
    /// An [`INACCURACY`] or more.
    Inaccuracy,
    /// A [`MISTAKE`] or more.
    Mistake,
    /// A [`BLUNDER`] or more.
    Blunder,
}

impl Class {
    /// The class of a turn that lowered its player's chance by `loss` (0 to 1).
    pub(crate) fn of(loss: f64) -> Class {
        match loss {
            loss if loss >= BLUNDER => Class::Blunder,
            loss if loss >= MISTAKE => Class::Mistake,
            loss if loss >= INACCURACY => Class::Inaccuracy,
            _ => Class::Ok,
        }
    }

    /// As `hexstack review --text` writes it.
    pub fn name(self) -> &'static str {
        match self {
            Class::Ok => "ok",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }

    /// The sign after the turn in a move list, as chess writes it: `?!`, `?`, `??`.
    pub fn sign(self) -> &'static str {
        match self {
            Class::Ok => "",
            Class::Inaccuracy => "?!",
            Class::Mistake => "?",
            Class::Blunder => "??",
        }
    }
}

/// One turn of the game, judged.
#[derive(Clone, PartialEq, Debug)]
pub struct Judged<T> {
    /// Who played it.
    pub mover: Colour,
    /// The turn played.
    pub played: T,
    /// The mover's chance before the turn (with the best turn), 0 to 1.
    pub(crate) before: f64,
    /// The mover's chance after the turn played, 0 to 1.
    pub after: f64,
    /// The mover's chance after the computer's turn, when it was looked at (else `before`).
    pub kept: f64,
    /// How much the turn lowered the mover's chance, 0 to 1: nothing for the computer's
    /// own turn, whatever a verdict one ply deeper says.
    pub loss: f64,
    /// What the loss makes of the turn.
    pub class: Class,
    /// The computer's turn, when the one played was not as good (an inaccuracy or worse).
    pub better: Option<T>,
}

impl<T> Judged<T> {
    /// Blue's chance after the turn.
    pub fn blue_after(&self) -> f64 {
        seen_by(self.mover, self.after)
    }

    /// Why the turn, if it was not the computer's, has no mark.
    pub fn unmarked(&self) -> Unmarked {
        match self {
            _ if self.kept == 0.0 => Unmarked::AlreadyLost,
            _ if self.after == 1.0 => Unmarked::StillWon,
            _ if self.before - self.after >= INACCURACY => Unmarked::AsLittle,
            _ => Unmarked::Little,
        }
    }
}

/// Why a turn has no mark, so that a player is told: the game was proven lost whatever the
/// turn, the player still wins by force after it, the computer's own turn keeps about as
/// little (seen alike), or it lost too little to count.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unmarked {
    /// The game was proven lost before the turn, whatever it was.
    AlreadyLost,
    /// The player still wins by force after it.
    StillWon,
    /// The computer's own turn keeps about as little.
    AsLittle,
    /// It lost too little to count.
    Little,
}

/// A chance turned from Blue's side to `colour`'s, or back (the same flip).
pub fn seen_by(colour: Colour, chance: f64) -> f64 {
    if colour == Colour::Blue { chance } else { 1.0 - chance }
}

/// Whether the turn `played` from the position `before` seems to lose enough to be marked
/// (by the verdicts before and after it), or walks into a forced loss, or lets a forced win
/// go: then the position after the computer's own turn is looked at too, and the two
/// positions after compared.
pub(crate) fn suspect<T: PartialEq>(
    mover: Colour,
    played: &T,
    before: &Looked<T>,
    after: &Looked<T>,
) -> bool {
    let (before_chance, after_chance) = (seen_by(mover, before.blue), seen_by(mover, after.blue));
    let lost = before_chance - after_chance;
    let forced = (after_chance == 0.0 && before_chance > 0.0) || (before_chance == 1.0 && after_chance < 1.0);
    before.best.as_ref().is_some_and(|best| best != played) && (lost >= INACCURACY || forced)
}

/// Below this chance before a turn (with the computer's turn), walking into a forced loss
/// is a mistake rather than a blunder; below [`LOST_INACCURACY`], an inaccuracy. Lichess's
/// figures for mates: a proof is exact, so the coarser evaluation widens nothing here.
pub(crate) const LOST_MISTAKE: f64 = 0.07;
pub(crate) const LOST_INACCURACY: f64 = 0.025;
/// Above this chance after a turn that let a forced win go, the turn is a mistake rather
/// than a blunder; above [`WON_INACCURACY`], an inaccuracy.
pub(crate) const WON_MISTAKE: f64 = 0.93;
pub(crate) const WON_INACCURACY: f64 = 0.975;

/// The class of a turn that lost `loss` of its player's chance, from `kept` (the chance
/// after the computer's turn) to `after`. Proven results are judged as lichess judges
/// mates, by the proof alone: walking into a forced loss the computer's turn avoided is a
/// blunder, a mistake where the player had under 7 % anyway, an inaccuracy under 2.5 %;
/// letting a forced win go is a blunder, a mistake where the player still has over 93 %,
/// an inaccuracy over 97.5 %. A forced win only put off (still proven) is no mark.
fn class_of(loss: f64, kept: f64, after: f64) -> Class {
    match (kept, after) {
        (kept, 0.0) if kept > 0.0 => match kept {
            kept if kept < LOST_INACCURACY => Class::Inaccuracy,
            kept if kept < LOST_MISTAKE => Class::Mistake,
            _ => Class::Blunder,
        },
        (1.0, 1.0) => Class::Ok,
        (1.0, after) => match after {
            after if after > WON_INACCURACY => Class::Inaccuracy,
            after if after > WON_MISTAKE => Class::Mistake,
            _ => Class::Blunder,
        },
        _ => Class::of(loss),
    }
}

/// Judges the turn `played` by the mover of `before`, from the verdicts on the position
/// before it and after it; `None` while a suspect turn waits for the look at the position
/// after the computer's turn.
pub(crate) fn judge<T: Clone + PartialEq>(
    mover: Colour,
    played: &T,
    before: &Looked<T>,
    after: &Looked<T>,
) -> Option<Judged<T>> {
    let (chance_before, chance_after) = (seen_by(mover, before.blue), seen_by(mover, after.blue));
    // The computer's own turn, or one that lost little, is as good: verdicts a ply deeper
    // or shallower differ that much.
    let (kept, loss, class) = match suspect(mover, played, before, after) {
        false => (chance_before, 0.0, Class::Ok),
        true => {
            let kept = seen_by(mover, before.after_best?);
            let loss = (kept - chance_after).max(0.0);
            (kept, loss, class_of(loss, kept, chance_after))
        }
    };
    Some(Judged {
        mover,
        played: played.clone(),
        before: chance_before,
        after: chance_after,
        kept,
        loss,
        class,
        better: before.best.clone().filter(|_| class != Class::Ok),
    })
}

/// Judges every turn whose positions before and after are looked at (`looked[i]` is the
/// verdict on `positions[i]`, `None` while not yet known).
pub fn judge_all<G: Game>(
    positions: &[G],
    turns: &[G::Turn],
    looked: &[Option<Looked<G::Turn>>],
) -> Vec<Option<Judged<G::Turn>>> {
    turns
        .iter()
        .enumerate()
        .map(|(i, turn)| {
            let (before, after) = (looked.get(i)?.as_ref()?, looked.get(i + 1)?.as_ref()?);
            judge(positions.get(i)?.to_move(), turn, before, after)
        })
        .collect()
}

/// How accurate a turn was, 0 to 100, from what it lost: lichess's curve, 100 for a turn
/// that lost nothing, about 65 for a loss of ten points, 4 for fifty, nothing from eighty on.
pub(crate) fn accuracy(loss: f64) -> f64 {
    match loss {
        loss if loss <= 0.0 => 100.0,
        loss => (103.1668 * (-0.04354 * loss * 100.0).exp() - 3.1669).clamp(0.0, 100.0),
    }
}

/// One player's review: their accuracy (the mean of their turns', 0 to 100) and how many
/// inaccuracies, mistakes and blunders they made.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Summary {
    /// Whose review it is.
    pub side: Colour,
    /// The mean of their turns' accuracy, 0 to 100.
    pub accuracy: f64,
    /// How many of their turns are inaccuracies.
    pub inaccuracies: usize,
    /// How many are mistakes.
    pub mistakes: usize,
    /// How many are blunders.
    pub blunders: usize,
    /// How many of their turns are judged.
    pub(crate) turns: usize,
}

impl Summary {
    /// `side`'s summary over the judged turns.
    pub fn of<T>(side: Colour, judged: &[Option<Judged<T>>]) -> Summary {
        let theirs: Vec<&Judged<T>> = judged.iter().flatten().filter(|turn| turn.mover == side).collect();
        let count = |class| theirs.iter().filter(|turn| turn.class == class).count();
        let accuracy = match theirs.len() {
            0 => 100.0,
            n => theirs.iter().map(|turn| accuracy(turn.loss)).sum::<f64>() / n as f64,
        };
        Summary {
            side,
            accuracy,
            inaccuracies: count(Class::Inaccuracy),
            mistakes: count(Class::Mistake),
            blunders: count(Class::Blunder),
            turns: theirs.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn looked(blue: f64, best: &str) -> Looked<String> {
        Looked { blue, best: Some(best.to_string()), after_best: None }
    }

    #[test]
    fn a_turn_is_classed_by_what_it_cost_its_player() {
        // Red had 61 % and is left with 8 %; after the computer's D5xE4, Red had 58 %.
        let before = Looked { after_best: Some(0.42), ..looked(0.39, "D5xE4") };
        let judged = judge(Colour::Red, &"C4xD4".to_string(), &before, &looked(0.92, "A1")).unwrap();
        assert_eq!(judged.class, Class::Blunder);
        assert!((judged.before - 0.61).abs() < 1e-9 && (judged.after - 0.08).abs() < 1e-9);
        assert!((judged.kept - 0.58).abs() < 1e-9 && (judged.loss - 0.5).abs() < 1e-9);
        assert_eq!(judged.better.as_deref(), Some("D5xE4"));
        // Until the position after the computer's turn is looked at, a suspect turn waits.
        assert_eq!(
            judge(Colour::Red, &"C4xD4".to_string(), &looked(0.39, "D5xE4"), &looked(0.92, "A1")),
            None
        );
        assert_eq!(Class::of(0.15), Class::Inaccuracy);
        assert_eq!(Class::of(0.25), Class::Mistake);
        assert_eq!(Class::of(0.05), Class::Ok);
        // A small loss is as good: no better turn shown.
        let fine = judge(Colour::Blue, &"C3".to_string(), &looked(0.55, "D4"), &looked(0.50, "E5")).unwrap();
        assert_eq!((fine.class, fine.better), (Class::Ok, None));
        // The computer's own turn loses nothing, whatever a ply deeper says.
        let own = judge(Colour::Blue, &"D4".to_string(), &looked(0.70, "D4"), &looked(0.40, "E5")).unwrap();
        assert_eq!((own.class, own.loss), (Class::Ok, 0.0));
        // Seen at the same depth as the turn played, the computer's turn kept no more.
        let same = Looked { after_best: Some(0.45), ..looked(0.62, "C2") };
        let judged = judge(Colour::Blue, &"C5".to_string(), &same, &looked(0.40, "D3")).unwrap();
        assert_eq!((judged.class, judged.better), (Class::Ok, None));
    }

    /// Proven results are marked as lichess marks mates, by the proof alone.
    #[test]
    fn proven_results_are_marked_as_lichess_marks_mates() {
        let class = |kept: f64, after: f64| {
            let before = Looked { after_best: Some(kept), ..looked(kept, "E5") };
            let judged = judge(Colour::Blue, &"D3".to_string(), &before, &looked(after, "A1")).unwrap();
            assert_eq!(judged.better.is_some(), judged.class != Class::Ok);
            judged.class
        };
        // Walking into a forced loss: a blunder, unless the game was nearly lost anyway.
        let walked = [0.02, 0.05, 0.08, 0.4].map(|kept| class(kept, 0.0));
        assert_eq!(walked, [Class::Inaccuracy, Class::Mistake, Class::Blunder, Class::Blunder]);
        assert_eq!(class(0.0, 0.0), Class::Ok, "lost whatever the turn");
        // Letting a forced win go: a blunder, unless the player keeps nearly as much.
        let let_go = [0.98, 0.95, 0.9, 0.5].map(|after| class(1.0, after));
        assert_eq!(let_go, [Class::Inaccuracy, Class::Mistake, Class::Blunder, Class::Blunder]);
        // A forced win only put off is no mark.
        assert_eq!(class(1.0, 1.0), Class::Ok);
        // Why a turn has no mark.
        let why = |before: Looked<String>, after: f64| {
            let judged = judge(Colour::Blue, &"D3".to_string(), &before, &looked(after, "A1")).unwrap();
            assert_eq!(judged.class, Class::Ok);
            judged.unmarked()
        };
        assert_eq!(why(looked(0.0, "E5"), 0.0), Unmarked::AlreadyLost);
        assert_eq!(why(Looked { after_best: Some(1.0), ..looked(1.0, "E5") }, 1.0), Unmarked::StillWon);
        assert_eq!(why(Looked { after_best: Some(0.5), ..looked(0.6, "E5") }, 0.45), Unmarked::AsLittle);
        assert_eq!(why(looked(0.55, "E5"), 0.5), Unmarked::Little);
        // The computer's own turn is no mark, whatever a verdict a ply deeper says.
        let own = judge(Colour::Blue, &"E5".to_string(), &looked(1.0, "E5"), &looked(0.9, "A1")).unwrap();
        assert_eq!(own.class, Class::Ok);
    }

    #[test]
    fn accuracy_falls_with_the_loss_and_each_player_is_counted_apart() {
        assert!((accuracy(0.0) - 100.0).abs() < 0.01);
        assert!(accuracy(0.1) > 60.0 && accuracy(0.1) < 70.0);
        assert!(accuracy(0.8) < 0.01);
        let judged = vec![
            judge(Colour::Blue, &"a".to_string(), &looked(0.5, "a"), &looked(0.5, "x")),
            judge(
                Colour::Red,
                &"b".to_string(),
                &Looked { after_best: Some(0.5), ..looked(0.5, "c") },
                &looked(0.9, "x"),
            ),
            None,
        ];
        let blue = Summary::of(Colour::Blue, &judged);
        let red = Summary::of(Colour::Red, &judged);
        assert_eq!((blue.turns, blue.blunders, blue.accuracy.round()), (1, 0, 100.0));
        assert_eq!((red.turns, red.blunders), (1, 1));
        assert!(red.accuracy > 10.0 && red.accuracy < 20.0, "a loss of 40 points: {}", red.accuracy);
    }
}
