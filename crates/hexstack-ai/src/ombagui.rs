//! How good an Ombagui position is for the player to move: a race. Each side's distance
//! from its four towers is counted in moves (every missing piece brought by the nearest
//! free piece of its kind, covered pieces and cluttered goal cells costing extra), and the
//! side nearer its goal is ahead. An expert counts its own race warily: the other side's
//! pieces in its way too.

mod race;
#[cfg(test)]
mod tests;

use super::Evaluate;
use super::eval_memo::Quick;
use hexstack_rules::Colour;
use hexstack_rules::hex::Cell;
use hexstack_rules::ombagui::Position;
use race::{Pieces, Race, moves_to_win};
use std::hash::Hasher;

/// Score points for half a move of the race: the costs below count half moves.
const HALF_MOVE: i32 = 20;

impl Evaluate for Position {
    const POSITIONS_PER_SECOND: u64 = 230_000;

    fn evaluate(&self) -> i32 {
        race(&Pieces::of(self), self.to_move())
    }

    /// A beginner races and moves its pieces on: each of the other side's pieces under
    /// its own costs it more than a move, so it steps off rather than wait there. Judging
    /// by the race alone, it kept what it had covered by chance on its way covered for
    /// good, and games against it could not be finished.
    fn evaluate_as_beginner(&self) -> i32 {
        let (me, pieces) = (self.to_move(), Pieces::of(self));
        race(&pieces, me) + HALF_MOVE * HOLDING * (pieces.covered_by(me.other()) - pieces.covered_by(me))
    }

    /// An expert knows the fortress that ends most games between the top levels: a side
    /// with a piece under the other side's (its tower begun on a goal cell, or a piece on
    /// its way) cannot finish while covered, and the coverer, behind, never has to let go
    /// (no rule ends a game that goes round). A lead held up so is no lead: the side ahead,
    /// covered, keeps a `HELD_LEAD`th of it. Ahead, an expert keeps its pieces and towers
    /// where the other side cannot cover them; behind, it covers.
    ///
    /// It also sees the other side's pieces in its own way, and boxed in on its own goal
    /// cells (`Race::Wary`), and not its own in theirs: it goes round them and leaves them
    /// a way out instead of running into a jam, and standing in their way is no gain to it.
    fn evaluate_as_expert(&self, expert: Colour) -> i32 {
        let (me, pieces) = (self.to_move(), Pieces::of(self));
        let moves = |colour: Colour| {
            let counted = if colour == expert { Race::Wary } else { Race::Own };
            moves_to_win(&pieces, colour, counted)
        };
        let race = HALF_MOVE * (moves(me.other()) - moves(me));
        let ahead = if race > 0 { me } else { me.other() };
        if pieces.covered_by(ahead.other()) > 0 { race / HELD_LEAD } else { race }
    }

    /// The position's words ([`Position::words`]), hashed as its bytes would be: the same
    /// key as the byte-wise default, without the copy.
    fn quick_key(&self) -> u64 {
        let mut quick = Quick::default();
        self.words(|word| quick.add(word));
        quick.finish()
    }

    /// A move takes a piece off one cell and puts it on another: two moves that led to
    /// one position would have to change the same two cells, one taking from a stack and
    /// the other adding to it, which cannot be.
    const TURNS_NEVER_MEET: bool = true;

    fn neither_can_finish(&self) -> bool {
        mutual_blockade(self)
    }

    /// The cells the player's last move changed stand again as before it, untouched since.
    fn takes_back(before: &Self, mine: &Self, now: &Self, next: &Self) -> bool {
        let moved: Vec<Cell> = hexstack_rules::ombagui::BOARD
            .cells()
            .filter(|&cell| before.stack(cell) != mine.stack(cell))
            .collect();
        !moved.is_empty()
            && moved
                .iter()
                .all(|&cell| now.stack(cell) == mine.stack(cell) && next.stack(cell) == before.stack(cell))
    }

    /// Ombagui's races are long and its turns many (about fifty): at level 5's time two
    /// threads finish four plies and begin a fifth, where level 4 does four.
    const EXPERT_LOOKS_AHEAD: bool = true;

    const EXPERT_TAKES_SIDES: bool = true;
}

/// The race for the player to move, `me`: how many half moves the other side needs
/// beyond `me`'s, in score points.
fn race(pieces: &Pieces, me: Colour) -> i32 {
    HALF_MOVE * (moves_to_win(pieces, me.other(), Race::Own) - moves_to_win(pieces, me, Race::Own))
}

/// What part of its lead a covered side keeps in an expert's judgement: enough that it
/// still races with its other pieces, little enough that a free one beats it.
const HELD_LEAD: i32 = 8;

/// What each of the other side's pieces under a beginner's pieces costs it, in half moves.
const HOLDING: i32 = 3;

/// Whether neither side can finish: each holds one of the other's goal cells (its piece
/// on the other's tower begun there), and nothing else stands on either side's goal
/// cells but that side's own towers, rightly built as far as they go. A held tower cannot
/// be finished, and whoever takes a holder off frees the other's tower first, so a side
/// that does not want to lose never does; no rule ends the game. From computer games:
/// `D7=rL.rM.bD` beside `A1=bL.bM.rD`, the other pieces home or wandering.
pub(crate) fn mutual_blockade(position: &Position) -> bool {
    [Colour::Blue, Colour::Red].into_iter().all(|colour| {
        let held = position.held_goals(colour);
        let clear = |cell| {
            let stack = position.stack(cell);
            held.contains(&cell) || stack.built_for(colour) == stack.height()
        };
        !held.is_empty() && Position::goal(colour).into_iter().all(clear)
    })
}
