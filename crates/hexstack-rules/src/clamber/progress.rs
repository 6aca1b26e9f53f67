//! What moves a Clamber game on: a capture. A placement only adds to the board, and a game
//! of placements alone goes nowhere; each capture takes a stack from the other side.

use super::Position;
use crate::Progress;

impl Progress for Position {
    /// Nothing to pass: every capture moves the game on.
    type Headway = ();

    fn headway(&self) {}

    /// Whether `next` took a stack from the side that did not move: a capture.
    fn moved_on(&self, next: &Position, _: &mut ()) -> bool {
        let them = self.to_move().other();
        next.cells_of(them) != self.cells_of(them)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(text: &str) -> Position {
        text.parse().expect("a position")
    }

    #[test]
    fn a_capture_moves_a_clamber_game_on_and_a_placement_does_not() {
        let before = position("3/r/C3=r3,D3=b1,D4=b1,E4=b1,E3=b2");
        let captured = before.play(&"C3xD3".parse().unwrap()).unwrap();
        let placed = before.play(&"A1".parse().unwrap()).unwrap();
        assert!(before.moved_on(&captured, &mut ()));
        assert!(!before.moved_on(&placed, &mut ()));
        assert!(!before.moved_on(&before.skipped(), &mut ()), "a skip is no capture");
    }
}
