//! What moves an Ombagui game on: a side building its towers further than it ever had, or
//! bringing its pieces, all counted, nearer its goal than they ever were. Going to and fro,
//! or a piece held under another for good, never does.

use super::{Position, Stack};
use crate::hex::Cell;
use crate::{Colour, Progress};

/// The furthest each side had come, by [`Colour::index`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Headway {
    /// The most pieces it had standing rightly built on its goal cells.
    built: [usize; 2],
    /// The least its pieces' steps to its goal, added up, had been.
    steps: [u32; 2],
}

impl Progress for Position {
    type Headway = Headway;

    fn headway(&self) -> Headway {
        let [blue, red] = [Colour::Blue, Colour::Red].map(|colour| self.built_home(colour));
        let steps = [Colour::Blue, Colour::Red].map(|colour| self.steps_home(colour));
        Headway { built: [blue, red], steps }
    }

    fn moved_on(&self, next: &Position, best: &mut Headway) -> bool {
        let reached = next.headway();
        let mut moved = false;
        for side in 0..2 {
            moved |= reached.built[side] > best.built[side] || reached.steps[side] < best.steps[side];
            best.built[side] = best.built[side].max(reached.built[side]);
            best.steps[side] = best.steps[side].min(reached.steps[side]);
        }
        moved
    }
}

impl Position {
    /// How many of `colour`'s pieces stand rightly built on its goal cells (12 at the end).
    pub(crate) fn built_home(&self, colour: Colour) -> usize {
        Position::goal(colour).into_iter().map(|cell| self.stack(cell).built_for(colour)).sum()
    }

    /// The steps each of `colour`'s pieces stands from its nearest goal cell, added up.
    pub(crate) fn steps_home(&self, colour: Colour) -> u32 {
        let goal = Position::goal(colour);
        let nearest = |cell: Cell| goal.into_iter().map(|to| steps(cell, to)).min().unwrap_or(0);
        self.stacks()
            .map(|(cell, stack): (Cell, Stack)| {
                stack.pieces().filter(|piece| piece.colour == colour).count() as u32 * nearest(cell)
            })
            .sum()
    }
}

/// The steps between two cells on the board: a step changes the letter, the number, or
/// both the same way.
fn steps(from: Cell, to: Cell) -> u32 {
    let (dc, dr) = (i32::from(to.col()) - i32::from(from.col()), i32::from(to.row()) - i32::from(from.row()));
    dc.abs().max(dr.abs()).max((dc - dr).abs()) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    fn position(text: &str) -> Position {
        text.parse().expect("a position")
    }

    fn after(position: Position, turns: &[&str]) -> Vec<Position> {
        let mut positions = vec![position];
        for turn in turns {
            let last = positions[positions.len() - 1];
            positions.push(Game::play(&last, &turn.parse().expect("a move")).expect("a legal move"));
        }
        positions
    }

    #[test]
    fn going_to_and_fro_never_moves_an_ombagui_game_on() {
        let start = Position::start();
        let mut best = start.headway();
        let line = after(start, &["C1-C4", "E7-E4", "C4-C1", "E4-E7", "C1-C4", "E7-E4"]);
        let moved: Vec<bool> = line.windows(2).map(|pair| pair[0].moved_on(&pair[1], &mut best)).collect();
        assert_eq!(moved, [true, true, false, false, false, false], "only the first way out is new");
    }

    #[test]
    fn a_piece_built_home_moves_an_ombagui_game_on() {
        let before = position("b/A2=bL,B2=bM");
        let mut best = before.headway();
        let line = after(before, &["A2-A1"]);
        assert!(line[0].moved_on(&line[1], &mut best), "a light on A1: one built home");
        assert_eq!(line[1].built_home(Colour::Blue), 1);
        assert!(!line[1].skipped().moved_on(&line[1], &mut best), "a skip moves nothing");
    }

    #[test]
    fn steps_are_counted_on_the_hexagon() {
        let cell = |text: &str| text.parse::<Cell>().unwrap();
        assert_eq!(steps(cell("C3"), cell("D4")), 1);
        assert_eq!(steps(cell("C3"), cell("D2")), 2);
        assert_eq!(steps(cell("A1"), cell("G7")), 6);
        assert_eq!(Position::start().steps_home(Colour::Red), 12 * 6);
    }
}
