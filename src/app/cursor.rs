//! The cursor on a board: a cell, moved one step in any of the six directions, or up and
//! down the screen in a straight line.

use super::keys::CursorStep;
use crate::rules::hex::{Board, Cell, DIRECTIONS};

/// Where the cursor is, and the screen column Up and Down keep to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Cursor {
    /// The cell it is on.
    pub cell: Cell,
    column: Option<i32>,
}

impl Cursor {
    /// The cursor in the middle of `board`.
    pub(crate) fn middle(board: Board) -> Cursor {
        let side = board.side();
        Cursor { cell: Cell::new(side - 1, side - 1), column: None }
    }

    /// To `cell` (a click, or the mouse passing over it).
    pub(crate) fn point_at(&mut self, cell: Cell) {
        self.cell = cell;
        self.column = None;
    }

    /// One cell in the direction of `step`, if that cell is on `board`.
    pub(crate) fn step(&mut self, board: Board, step: CursorStep) {
        if let Some(next) = self.cell.offset(DIRECTIONS[step.direction()]).filter(|&c| board.contains(c)) {
            self.point_at(next);
        }
    }

    /// Up or down a row: to whichever neighbour above or below stays nearest the column the
    /// cursor started from, so repeated presses go straight up the screen.
    pub(crate) fn vertical(&mut self, board: Board, up: bool) {
        let x = |cell: Cell| 2 * i32::from(cell.col()) - i32::from(cell.row());
        let column = self.column.unwrap_or(x(self.cell));
        let steps = if up {
            [CursorStep::UpLeft, CursorStep::UpRight]
        } else {
            [CursorStep::DownLeft, CursorStep::DownRight]
        };
        let best = steps
            .iter()
            .filter_map(|&step| self.cell.offset(DIRECTIONS[step.direction()]).filter(|&c| board.contains(c)))
            .min_by_key(|&cell| ((x(cell) - column).abs(), (x(cell) - i32::from(board.side()) + 1).abs()));
        if let Some(cell) = best {
            self.cell = cell;
        }
        self.column = Some(column.max(0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn up_and_down_keep_to_a_column_and_steps_stay_on_the_board() {
        let board = Board::SIDE_3;
        let mut cursor = Cursor::middle(board);
        assert_eq!(cursor.cell.to_string(), "C3");
        cursor.vertical(board, true);
        cursor.vertical(board, true);
        let top = cursor.cell;
        cursor.vertical(board, true);
        assert_eq!(cursor.cell, top, "the top row is as far up as it goes");
        cursor.vertical(board, false);
        cursor.vertical(board, false);
        assert_eq!(cursor.cell.to_string(), "C3", "down again the same column");
        cursor.point_at("A1".parse().unwrap());
        cursor.step(board, CursorStep::Left);
        assert_eq!(cursor.cell.to_string(), "A1", "no cell left of A1");
        cursor.step(board, CursorStep::Right);
        assert_eq!(cursor.cell.to_string(), "B1");
    }
}
