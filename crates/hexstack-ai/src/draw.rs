//! The computer's answer to a draw offer, with its reason, so that a player hears why.

use super::{Balance, Evaluate, winning_chance};
use hexstack_rules::{Colour, Game, Progress};

/// Below this chance of its own the computer is behind and takes a draw.
pub(crate) const BEHIND_BELOW: f64 = 0.45;

/// Below this chance of its own it takes a draw in a game that has stood even for
/// [`EVEN_FOR`] turns: not ahead, and nothing moves.
pub(crate) const NOT_AHEAD_BELOW: f64 = 0.55;

/// Turns an even game (by the evaluation) must last before the computer takes a draw it
/// is not behind in.
pub const EVEN_FOR: usize = 20;

/// The evaluation's chances that count as an even game for [`EVEN_FOR`].
pub(crate) const EVEN: std::ops::RangeInclusive<f64> = 0.4..=0.6;

/// The computer's answer to a draw offer.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum DrawAnswer {
    /// It takes the draw, and says why.
    Accepts(DrawReason),
    /// It plays on, and says why.
    Declines(DrawReason),
}

/// Why it answered so.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum DrawReason {
    /// Neither side can finish ([`super::Evaluate::neither_can_finish`]).
    NeitherCanFinish,
    /// Who is ahead as it sees the game: the other side ahead (it accepts), itself
    /// (it declines), or even (it declines: the game is young).
    Balance(Balance),
    /// Not ahead, in a game that has stood even for [`EVEN_FOR`] turns.
    StoodEven,
}

impl DrawAnswer {
    /// Whether it takes the draw.
    pub fn accepts(self) -> bool {
        matches!(self, DrawAnswer::Accepts(_))
    }

    /// Why it answered so, whichever the answer.
    pub fn reason(self) -> DrawReason {
        match self {
            DrawAnswer::Accepts(reason) | DrawAnswer::Declines(reason) => reason,
        }
    }
}

/// The answer of the computer playing `computer` to a draw offer in `position`, after
/// the positions of the game `earlier` (oldest first), from `blue`, Blue's chance as it
/// sees the game (the verdict on the position, [`super::Verdict::blue`]). It accepts
/// when neither side can finish, when it is behind, or when it is not ahead and the game
/// has stood even for [`EVEN_FOR`] turns by the evaluation (an Ombagui game can go round
/// for ever, and the computer wanders rather than going back, so repeated positions
/// would not tell); it declines otherwise.
pub fn draw_answer<G: Evaluate>(position: &G, earlier: &[G], computer: Colour, blue: f64) -> DrawAnswer {
    if position.neither_can_finish() {
        return DrawAnswer::Accepts(DrawReason::NeitherCanFinish);
    }
    let mine = if computer == Colour::Blue { blue } else { 1.0 - blue };
    let standing = DrawReason::Balance(Balance::from_blue(blue));
    let stood_even = earlier.len() >= EVEN_FOR
        && earlier[earlier.len() - EVEN_FOR..]
            .iter()
            .all(|position| EVEN.contains(&winning_chance(position.evaluate())));
    if mine < BEHIND_BELOW {
        DrawAnswer::Accepts(standing)
    } else if stood_even && mine < NOT_AHEAD_BELOW {
        DrawAnswer::Accepts(DrawReason::StoodEven)
    } else {
        DrawAnswer::Declines(standing)
    }
}

/// Turns a game the computer plays on both sides may go without moving on
/// ([`Progress::moved_on`]) before it is drawn: no rule of the games, which let two people
/// play on as long as they like, but a watched game between two computers that stands still
/// would go on for ever. Fifty turns a side, as chess's fifty-move rule: most won games
/// between levels never stand still for forty, but some win after a hundred or more
/// (docs/computer.md).
pub const STILL_FOR: usize = 100;

/// How long a game has gone without moving on, followed turn by turn.
#[derive(Clone, Copy, Debug)]
pub struct Stillness<G: Progress> {
    best: G::Headway,
    last: G,
    turns: usize,
}

impl<G: Game> Stillness<G> {
    /// A game from `start`, which has not stood still yet.
    pub fn new(start: &G) -> Stillness<G> {
        Stillness { best: start.headway(), last: *start, turns: 0 }
    }

    /// Takes in the game's next position; a forced skip is no turn.
    pub fn see(&mut self, next: &G) {
        if *next != self.last.skipped() {
            let moved = self.last.moved_on(next, &mut self.best);
            self.turns = if moved { 0 } else { self.turns + 1 };
        }
        self.last = *next;
    }

    /// The turns since the game last moved on.
    pub fn turns(&self) -> usize {
        self.turns
    }

    /// Whether it has stood still for [`STILL_FOR`] turns: a game between two computers is
    /// drawn.
    pub fn gone_nowhere(&self) -> bool {
        self.turns >= STILL_FOR
    }
}

/// How long the game through `positions` (oldest first, from its start) has stood still.
pub fn stillness<'a, G: Game>(mut positions: impl Iterator<Item = &'a G>) -> Option<Stillness<G>> {
    let mut stillness = Stillness::new(positions.next()?);
    positions.for_each(|next| stillness.see(next));
    Some(stillness)
}
