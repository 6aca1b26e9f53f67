//! How good a Triad position is for the player to move: the lines still open to each side
//! (the test game: built with the `third-game` feature only).

use super::Evaluate;
use hexstack_rules::Game;
use hexstack_rules::triad::Position;

/// Score points for a line only one side can still make, more for one it has two of.
const OPEN: i32 = 10;
const TWO: i32 = 40;

impl Evaluate for Position {
    const POSITIONS_PER_SECOND: u64 = 1_000_000;

    fn evaluate(&self) -> i32 {
        let me = self.to_move();
        let mine = |colour: hexstack_rules::Colour| {
            let (own, theirs) = (self.pieces(colour), self.pieces(colour.other()));
            Position::lines()
                .filter(|&line| (line & theirs).is_empty())
                .map(|line| if (line & own).len() == 2 { TWO } else { OPEN })
                .sum::<i32>()
        };
        mine(me) - mine(me.other())
    }
}
