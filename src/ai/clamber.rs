//! How good a Clamber position is for the player to move: pieces and stacks on the board,
//! and which stacks each side threatens to capture.

use super::Evaluate;
use crate::rules::clamber::Position;

/// Weights, in score points: a piece on the board, a stack, an enemy stack one could capture now.
const PIECE: i32 = 100;
const STACK: i32 = 40;
const CAPTURE: i32 = 15;

impl Evaluate for Position {
    const POSITIONS_PER_SECOND: u64 = 1_000_000;

    fn evaluate(&self) -> i32 {
        let (me, them) = (self.to_move(), self.to_move().other());
        let pieces = self.pieces_of(me) as i32 - self.pieces_of(them) as i32;
        let stacks = self.cells_of(me).len() as i32 - self.cells_of(them).len() as i32;
        // Stacks each side could capture now: the side to move will take one first.
        // Counting every capturing turn instead cost most of the search's time, since the
        // chains of equal captures from one stack can run into the thousands.
        let mine = self.threatened().len() as i32;
        let theirs = self.skipped().threatened().len() as i32;
        PIECE * pieces + STACK * stacks + CAPTURE * (mine - theirs)
    }

    /// A capture takes a stack from the opponent (and may remove others).
    fn captures(&self, next: &Self) -> bool {
        let them = self.to_move().other();
        next.cells_of(them).len() < self.cells_of(them).len()
    }
}
