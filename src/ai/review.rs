//! A game looked over by the computer: its verdict on every position of the game, then
//! each turn classed by how much it lowered its player's winning chance, as lichess does
//! (inaccuracy, mistake, blunder), with the turn the computer would have played instead.
//! Pure like the search: the app runs it on a worker thread, `hexstack review` on its own.

use super::{Budget, Evaluate, Level, Search};
use crate::rules::{Colour, Game, Outcome};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A turn that lowered its player's winning chance by this much (0 to 1) or more is an
/// inaccuracy; by [`MISTAKE`], a mistake; by [`BLUNDER`], a blunder. Twice lichess's
/// figures: the evaluation here is coarser than a chess engine's, and a verdict at one
/// depth and the next one's may differ by several points without any turn being wrong.
pub const INACCURACY: f64 = 0.10;
pub const MISTAKE: f64 = 0.20;
pub const BLUNDER: f64 = 0.30;

/// The most time a review spends on one position, whatever its budget of positions: only
/// a position with thousands of chains comes near it.
pub const MOST_TIME: Duration = Duration::from_secs(20);

/// The budget of a review at `level`: the level's own depth and judgement, its time
/// turned into positions at the game's usual pace, on one thread. So a game reviewed twice,
/// here or on another machine, gets the same review, and a review at level 4 looks about as
/// far as level 4 plays.
pub fn budget<G: Evaluate>(level: Level) -> Budget {
    let playing = level.budget();
    let time = playing.time.unwrap_or_default();
    let positions = (time.as_millis() as u64).saturating_mul(G::POSITIONS_PER_SECOND) / 1000;
    Budget {
        nodes: Some(positions.max(1)),
        time: None,
        most_time: Some(MOST_TIME),
        two_threads: false,
        ..playing
    }
}

/// What the computer says of one position of the game.
#[derive(Clone, PartialEq, Debug)]
pub struct Looked<T> {
    /// Blue's chance of winning from here, 0 to 1, with the best play it sees.
    pub blue: f64,
    /// The turn it would play here; `None` once the game is over.
    pub best: Option<T>,
    /// Blue's chance after that turn, looked at like the position after the turn played
    /// (so that the two compare at the same depth) when the turn played seems to lose.
    pub after_best: Option<f64>,
}

/// How much a turn lowered its player's chance.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Class {
    Ok,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Class {
    /// The class of a turn that lowered its player's chance by `loss` (0 to 1).
    pub fn of(loss: f64) -> Class {
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
    pub mover: Colour,
    pub played: T,
    /// The mover's chance before the turn (with the best turn), and after the one played.
    pub before: f64,
    pub after: f64,
    /// The mover's chance after the computer's turn, when it was looked at (else `before`).
    pub kept: f64,
    /// How much the turn lowered the mover's chance, 0 to 1: nothing for the computer's
    /// own turn, whatever a verdict one ply deeper says.
    pub loss: f64,
    pub class: Class,
    /// The computer's turn, when the one played was not as good (an inaccuracy or worse).
    pub better: Option<T>,
}

impl<T> Judged<T> {
    /// Blue's chance after the turn.
    pub fn blue_after(&self) -> f64 {
        seen_by(self.mover, self.after)
    }
}

/// A chance turned from Blue's side to `colour`'s, or back (the same flip).
pub fn seen_by(colour: Colour, chance: f64) -> f64 {
    if colour == Colour::Blue { chance } else { 1.0 - chance }
}

/// The position a player meets after `turn`: a player left with no legal turn in a game
/// that goes on is skipped, as the session does. `None` if the turn is not legal.
pub fn after<G: Game>(position: &G, turn: &G::Turn) -> Option<G> {
    position.play(turn).ok().map(|next| skip_if_stuck(next))
}

/// The position itself, or the one after its player's forced skip.
pub fn skip_if_stuck<G: Game>(position: G) -> G {
    if position.outcome() == Outcome::Ongoing && !position.can_move() { position.skipped() } else { position }
}

/// Every position of a game from `start` through `turns`: the start and the one after
/// each turn (skips made), as many as there are legal turns in a row.
pub fn positions<G: Game>(start: G, turns: &[G::Turn]) -> Vec<G> {
    let mut positions = vec![skip_if_stuck(start)];
    for turn in turns {
        let Some(next) = positions.last().and_then(|position| after(position, turn)) else { break };
        positions.push(next);
    }
    positions
}

/// The computer's verdict on `position` within `budget` ([`Search::verdict`], so that the
/// review, the hints and the figures agree), or the result of a game that is over. The
/// position is judged by itself: the way the game came there does not count.
pub fn look<G: Evaluate>(
    search: &mut Search<G>,
    position: &G,
    budget: Budget,
    stop: &AtomicBool,
) -> Looked<G::Turn> {
    let over = |blue| Looked { blue, best: None, after_best: None };
    match position.outcome() {
        Outcome::Won(Colour::Blue) => return over(1.0),
        Outcome::Won(Colour::Red) => return over(0.0),
        Outcome::Drawn => return over(0.5),
        Outcome::Ongoing => {}
    }
    search.remember(&[]);
    match search.verdict(position, budget, stop) {
        Some(verdict) => {
            Looked { blue: verdict.blue(position.to_move()), best: Some(verdict.turn), after_best: None }
        }
        None => over(0.5),
    }
}

/// Whether the turn `played` from the position `before` seems to lose enough to be marked
/// (by the verdicts before and after it), or walks into a forced loss, or lets a forced win
/// go: then the position after the computer's own turn is looked at too, and the two
/// positions after compared.
pub fn suspect<T: PartialEq>(mover: Colour, played: &T, before: &Looked<T>, after: &Looked<T>) -> bool {
    let (before_chance, after_chance) = (seen_by(mover, before.blue), seen_by(mover, after.blue));
    let lost = before_chance - after_chance;
    let forced = (after_chance == 0.0 && before_chance > 0.0) || (before_chance == 1.0 && after_chance < 1.0);
    before.best.as_ref().is_some_and(|best| best != played) && (lost >= INACCURACY || forced)
}

/// The class of a turn that lost `loss` of its player's chance, from `kept` (the chance
/// after the computer's turn) to `after`. Proven results count for more, as lichess counts
/// mates: walking into a forced loss the computer's turn avoided is a blunder unless the
/// game was nearly lost anyway (then a mistake, below 25 %, or an inaccuracy, below 10 %);
/// letting a forced win go is at least an inaccuracy.
fn class_of(loss: f64, kept: f64, after: f64) -> Class {
    let forced = match (kept, after) {
        (kept, 0.0) if kept > 0.0 => match kept {
            kept if kept < INACCURACY => Class::Inaccuracy,
            kept if kept < 0.25 => Class::Mistake,
            _ => Class::Blunder,
        },
        (1.0, after) if after < 1.0 => Class::Inaccuracy,
        _ => Class::Ok,
    };
    Class::of(loss).max(forced)
}

/// Judges the turn `played` by the mover of `before`, from the verdicts on the position
/// before it and after it; `None` while a suspect turn waits for the look at the position
/// after the computer's turn.
pub fn judge<T: Clone + PartialEq>(
    mover: Colour,
    played: &T,
    before: &Looked<T>,
    after: &Looked<T>,
) -> Option<Judged<T>> {
    let (chance_before, chance_after) = (seen_by(mover, before.blue), seen_by(mover, after.blue));
    // The computer's own turn, or one that lost little, is as good: verdicts a ply deeper
    // or shallower differ that much.
    let (kept, loss) = match suspect(mover, played, before, after) {
        false => (chance_before, 0.0),
        true => {
            let kept = seen_by(mover, before.after_best?);
            (kept, (kept - chance_after).max(0.0))
        }
    };
    let class = class_of(loss, kept, chance_after);
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

/// What is still to be looked at for a review, in the order it is best done: the first
/// position not looked at, or the position after the computer's turn where a suspect turn
/// was played.
#[derive(Clone, Debug, PartialEq)]
pub enum Needed<G> {
    Position(usize),
    /// The position after the computer's turn at position `.0`.
    AfterBest(usize, G),
}

/// The next thing to look at, if any, going through the game in order.
pub fn needed<G: Game>(
    positions: &[G],
    turns: &[G::Turn],
    looked: &[Option<Looked<G::Turn>>],
) -> Option<Needed<G>> {
    for (at, position) in positions.iter().enumerate() {
        let Some(this) = &looked[at] else { return Some(Needed::Position(at)) };
        let (Some(turn), Some(Some(next))) = (turns.get(at), looked.get(at + 1)) else { continue };
        if this.after_best.is_none() && suspect(position.to_move(), turn, this, next) {
            let best = this.best.as_ref().and_then(|best| after(position, best));
            return Some(Needed::AfterBest(at, best.unwrap_or(*position)));
        }
    }
    None
}

/// Looks at what `needed` names and puts it in `looked`.
pub fn look_at<G: Evaluate>(
    search: &mut Search<G>,
    needed: Needed<G>,
    positions: &[G],
    looked: &mut [Option<Looked<G::Turn>>],
    budget: Budget,
    stop: &AtomicBool,
) {
    match needed {
        Needed::Position(at) => looked[at] = Some(look(search, &positions[at], budget, stop)),
        Needed::AfterBest(at, position) => {
            let blue = look(search, &position, budget, stop).blue;
            if let Some(looked) = &mut looked[at] {
                looked.after_best = Some(blue);
            }
        }
    }
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
pub fn accuracy(loss: f64) -> f64 {
    match loss {
        loss if loss <= 0.0 => 100.0,
        loss => (103.1668 * (-0.04354 * loss * 100.0).exp() - 3.1669).clamp(0.0, 100.0),
    }
}

/// One player's review: their accuracy (the mean of their turns', 0 to 100) and how many
/// inaccuracies, mistakes and blunders they made.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Summary {
    pub side: Colour,
    pub accuracy: f64,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// How many of their turns are judged.
    pub turns: usize,
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
        // Walking into a forced loss the computer's turn avoided: marked, by how much was
        // left to lose; a forced win let go is marked too.
        let lost = |kept| {
            let before = Looked { after_best: Some(kept), ..looked(kept, "E5") };
            judge(Colour::Blue, &"D3".to_string(), &before, &looked(0.0, "A1")).unwrap().class
        };
        assert_eq!([lost(0.08), lost(0.2), lost(0.4)], [Class::Inaccuracy, Class::Mistake, Class::Blunder]);
        let won = Looked { after_best: Some(1.0), ..looked(1.0, "E5") };
        let let_go = judge(Colour::Blue, &"D3".to_string(), &won, &looked(0.95, "A1")).unwrap();
        assert_eq!((let_go.class, let_go.better.as_deref()), (Class::Inaccuracy, Some("E5")));
        // Seen at the same depth as the turn played, the computer's turn kept no more.
        let same = Looked { after_best: Some(0.45), ..looked(0.62, "C2") };
        let judged = judge(Colour::Blue, &"C5".to_string(), &same, &looked(0.40, "D3")).unwrap();
        assert_eq!((judged.class, judged.better), (Class::Ok, None));
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
