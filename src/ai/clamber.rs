//! How good a Clamber position is for the player to move: pieces and stacks on the board,
//! and who has captures to make.

use super::Evaluate;
use crate::rules::Game;
use crate::rules::clamber::Position;

/// Weights, in score points: a piece on the board, a stack, a capture one could make now.
const PIECE: i32 = 100;
const STACK: i32 = 40;
const CAPTURE: i32 = 15;

impl Evaluate for Position {
    fn evaluate(&self) -> i32 {
        let (me, them) = (self.to_move(), self.to_move().other());
        let pieces = self.pieces_of(me) as i32 - self.pieces_of(them) as i32;
        let stacks = self.cells_of(me).len() as i32 - self.cells_of(them).len() as i32;
        // Captures each side could make now: the side to move will make one first.
        let mine = captures(self);
        let theirs = captures(&self.skipped());
        PIECE * pieces + STACK * stacks + CAPTURE * (mine - theirs)
    }

    /// A capture takes a stack from the opponent (and may remove others).
    fn captures(&self, next: &Self) -> bool {
        let them = self.to_move().other();
        next.cells_of(them).len() < self.cells_of(them).len()
    }
}

/// How many capturing turns the player to move has (placements aside).
fn captures(position: &Position) -> i32 {
    let empty = position.board().cell_count() - position.stacks().count();
    position.turn_count().saturating_sub(empty) as i32
}
