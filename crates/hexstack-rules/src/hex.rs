//! Hexagonal boards of side 2 to 6, in axial coordinates.
//!
//! A cell is named by a letter (its column `c`) and a number (its row `r`), as in the
//! rule books. Axial coordinates make the six neighbours a fixed set of offsets, and a
//! hexagon of side `n` is simply every `(c, r)` with `0 <= c, r <= 2n-2`, `|c - r| <= n-1`.
//!
//! The engines work on dense cell indices (0 .. cell count, letter-major) and on
//! [`CellSet`] bit sets: a side-6 board has 91 cells, so one `u128` holds any set of cells
//! and groups are found by flood fill without allocating.

mod cell_set;

pub use cell_set::{CellSet, CellSetIter};

use std::fmt;
use std::str::FromStr;

/// The smallest board side the program accepts.
pub(crate) const MIN_SIDE: u8 = 2;
/// The largest board side the program accepts (91 cells: a [`CellSet`] holds them all).
pub(crate) const MAX_SIDE: u8 = 6;
/// The number of cells of the largest board.
pub(crate) const MAX_CELLS: usize = 91;
/// Columns and rows of the largest board.
const SPAN: usize = 2 * MAX_SIDE as usize - 1;
/// Marks "no cell" in the geometry tables.
const NONE: u8 = u8::MAX;

/// The six directions, as (letter, number) offsets. Drawn with row 1 at the bottom:
/// right, up-right, up-left, left, down-left, down-right. Opposite directions are three apart.
pub const DIRECTIONS: [(i8, i8); 6] = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)];

/// A cell by its axial coordinates, whatever the board: `C4` is column 2, row 3 (0-based).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cell {
    col: u8,
    row: u8,
}

impl Cell {
    /// The cell at 0-based column (letter) `col` and row (number) `row`.
    pub const fn new(col: u8, row: u8) -> Cell {
        Cell { col, row }
    }

    /// The 0-based column: A is 0.
    pub const fn col(self) -> u8 {
        self.col
    }

    /// The 0-based row: 1 is 0.
    pub const fn row(self) -> u8 {
        self.row
    }

    /// The cell one step away in direction `(dc, dr)`, if the coordinates stay non-negative.
    pub fn offset(self, (dc, dr): (i8, i8)) -> Option<Cell> {
        let col = self.col.checked_add_signed(dc)?;
        let row = self.row.checked_add_signed(dr)?;
        Some(Cell { col, row })
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = char::from(b'A' + self.col % 26);
        write!(f, "{letter}{}", u32::from(self.row) + 1)
    }
}

/// Why a cell name could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BadCell(pub String);

impl fmt::Display for BadCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a cell name (a letter then a number, like C3)", self.0)
    }
}

impl std::error::Error for BadCell {}

impl FromStr for Cell {
    type Err = BadCell;

    /// Reads `C3` or `c3`: one letter, then a number from 1.
    fn from_str(text: &str) -> Result<Cell, BadCell> {
        let bad = || BadCell(crate::notation::shown(text));
        let mut chars = text.chars();
        let letter = chars.next().filter(char::is_ascii_alphabetic).ok_or_else(bad)?;
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 3 {
            return Err(bad());
        }
        let number: u16 = digits.parse().map_err(|_| bad())?;
        if number == 0 || number > 255 {
            return Err(bad());
        }
        let col = letter.to_ascii_uppercase() as u8 - b'A';
        Ok(Cell::new(col, (number - 1) as u8))
    }
}

/// The tables of one board side, computed at compile time.
struct Geometry {
    count: usize,
    cells: [Cell; MAX_CELLS],
    index: [[u8; SPAN]; SPAN],
    steps: [[u8; 6]; MAX_CELLS],
    neighbours: [CellSet; MAX_CELLS],
}

impl Geometry {
    const fn build(side: u8) -> Geometry {
        let n = side as i32;
        let span = 2 * n - 1;
        let mut geometry = Geometry {
            count: 0,
            cells: [Cell::new(0, 0); MAX_CELLS],
            index: [[NONE; SPAN]; SPAN],
            steps: [[NONE; 6]; MAX_CELLS],
            neighbours: [CellSet::EMPTY; MAX_CELLS],
        };
        let mut c = 0;
        while c < span {
            let mut r = 0;
            while r < span {
                if (c - r).abs() < n {
                    geometry.cells[geometry.count] = Cell::new(c as u8, r as u8);
                    geometry.index[c as usize][r as usize] = geometry.count as u8;
                    geometry.count += 1;
                }
                r += 1;
            }
            c += 1;
        }
        let mut i = 0;
        while i < geometry.count {
            let cell = geometry.cells[i];
            let mut d = 0;
            while d < 6 {
                let c = cell.col as i32 + DIRECTIONS[d].0 as i32;
                let r = cell.row as i32 + DIRECTIONS[d].1 as i32;
                if c >= 0 && r >= 0 && c < span && r < span {
                    let j = geometry.index[c as usize][r as usize];
                    if j != NONE {
                        geometry.steps[i][d] = j;
                        geometry.neighbours[i].0 |= 1 << j;
                    }
                }
                d += 1;
            }
            i += 1;
        }
        geometry
    }
}

static GEOMETRIES: [Geometry; (MAX_SIDE - MIN_SIDE + 1) as usize] =
    [Geometry::build(2), Geometry::build(3), Geometry::build(4), Geometry::build(5), Geometry::build(6)];

/// Why a board side was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BadSide(pub(crate) u32);

impl fmt::Display for BadSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "board side {} is outside {MIN_SIDE}..{MAX_SIDE}", self.0)
    }
}

impl std::error::Error for BadSide {}

/// A cell that is not on a board, with the board's side for the message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct OffBoard {
    /// The cell.
    pub cell: Cell,
    /// The board's side.
    pub side: u8,
}

impl fmt::Display for OffBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no cell {} on a side-{} board", self.cell, self.side)
    }
}

impl std::error::Error for OffBoard {}

/// A hexagonal board of side 2 to 6: which cells exist and which touch.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    side: u8,
}

impl Board {
    /// The standard Clamber board.
    pub const SIDE_3: Board = Board { side: 3 };
    /// Clamber's larger variant, and Ombagui's board.
    pub const SIDE_4: Board = Board { side: 4 };

    /// The board of side `side`, if the program supports it.
    pub fn new(side: u32) -> Result<Board, BadSide> {
        if (u32::from(MIN_SIDE)..=u32::from(MAX_SIDE)).contains(&side) {
            Ok(Board { side: side as u8 })
        } else {
            Err(BadSide(side))
        }
    }

    fn geometry(self) -> &'static Geometry {
        &GEOMETRIES[usize::from(self.side - MIN_SIDE)]
    }

    /// Cells per side.
    pub fn side(self) -> u8 {
        self.side
    }

    /// How many cells the board has: 3n(n-1)+1.
    pub(crate) fn cell_count(self) -> usize {
        self.geometry().count
    }

    /// Every cell, as a set.
    pub(crate) fn all(self) -> CellSet {
        CellSet((1u128 << self.cell_count()) - 1)
    }

    /// The cell of dense index `index` (letter-major: A1, A2, ..., B1, ...).
    pub fn cell(self, index: usize) -> Cell {
        self.geometry().cells[index]
    }

    /// Every cell, in index order.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        self.geometry().cells[..self.cell_count()].iter().copied()
    }

    /// The dense index of `cell`, if it is on this board.
    pub fn index(self, cell: Cell) -> Option<usize> {
        let row = self.geometry().index.get(usize::from(cell.col))?;
        match row.get(usize::from(cell.row)) {
            Some(&i) if i != NONE => Some(usize::from(i)),
            _ => None,
        }
    }

    /// Whether `cell` is on this board.
    pub fn contains(self, cell: Cell) -> bool {
        self.index(cell).is_some()
    }

    /// The dense index of `cell`, or an error naming the cell and the board.
    pub(crate) fn locate(self, cell: Cell) -> Result<usize, OffBoard> {
        self.index(cell).ok_or(OffBoard { cell, side: self.side })
    }

    /// Whether `set` holds `cell`.
    pub fn holds(self, set: CellSet, cell: Cell) -> bool {
        self.index(cell).is_some_and(|index| set.contains(index))
    }

    /// The cells of `set`, in index order.
    pub fn cells_of(self, set: CellSet) -> impl Iterator<Item = Cell> {
        set.iter().map(move |index| self.cell(index))
    }

    /// The neighbours of the cell of index `index`.
    pub fn neighbours(self, index: usize) -> CellSet {
        self.geometry().neighbours[index]
    }

    /// The neighbours of every cell, by index: [`Board::neighbours`] for a loop over many
    /// cells, the board's tables looked up once.
    pub(crate) fn all_neighbours(self) -> &'static [CellSet; MAX_CELLS] {
        &self.geometry().neighbours
    }

    /// The neighbour of cell `index` in direction `DIRECTIONS[direction]`, if on the board.
    pub(crate) fn step(self, index: usize, direction: usize) -> Option<usize> {
        match self.geometry().steps[index][direction] {
            NONE => None,
            j => Some(usize::from(j)),
        }
    }

    /// The cells of `within` connected to `seed` through neighbouring cells of `within`:
    /// cell by cell, each cell's neighbours looked up once (fewer steps, for the groups of
    /// a game, than shifting the whole frontier a distance at a time, which was tried).
    pub(crate) fn flood(self, seed: CellSet, within: CellSet) -> CellSet {
        let neighbours = self.all_neighbours();
        let mut filled = seed & within;
        let mut todo = filled;
        while let Some(cell) = todo.pop_first() {
            let found = neighbours[cell] & (within - filled);
            filled |= found;
            todo |= found;
        }
        filled
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> Cell {
        name.parse().unwrap()
    }

    #[test]
    fn cell_counts_follow_3n_n_minus_1_plus_1() {
        for side in 2..=6 {
            let board = Board::new(side).unwrap();
            assert_eq!(board.cell_count(), (3 * side * (side - 1) + 1) as usize);
            assert_eq!(board.all().len(), board.cell_count());
        }
    }

    #[test]
    fn side_3_and_4_cells_are_those_of_the_rules() {
        let names =
            |side| Board::new(side).unwrap().cells().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
        assert_eq!(names(3), "A1 A2 A3 B1 B2 B3 B4 C1 C2 C3 C4 C5 D2 D3 D4 D5 E3 E4 E5");
        assert!(names(4).starts_with("A1 A2 A3 A4 B1 B2 B3 B4 B5 C1"));
        assert!(names(4).ends_with("F3 F4 F5 F6 F7 G4 G5 G6 G7"));
    }

    #[test]
    fn seed_neighbours_touch() {
        let board = Board::new(3).unwrap();
        for (a, b) in [("C3", "D3"), ("B2", "B3"), ("B3", "C4"), ("C4", "D4"), ("C4", "D5"), ("D5", "E5")] {
            let (i, j) = (board.index(cell(a)).unwrap(), board.index(cell(b)).unwrap());
            assert!(board.neighbours(i).contains(j), "{a} {b}");
            assert!(board.neighbours(j).contains(i), "{b} {a}");
        }
        let c3 = board.index(cell("C3")).unwrap();
        assert_eq!(board.neighbours(c3).len(), 6);
        let a1 = board.index(cell("A1")).unwrap();
        assert_eq!(board.neighbours(a1).len(), 3);
        assert!(!board.neighbours(c3).contains(board.index(cell("B4")).unwrap()));
    }

    #[test]
    fn steps_are_undone_by_the_opposite_direction() {
        let board = Board::new(5).unwrap();
        for i in 0..board.cell_count() {
            for d in 0..6 {
                if let Some(j) = board.step(i, d) {
                    assert_eq!(board.step(j, (d + 3) % 6), Some(i));
                }
            }
        }
    }

    #[test]
    fn cells_off_the_board_are_refused_by_name() {
        let board = Board::new(3).unwrap();
        let err = board.locate(cell("Z9")).unwrap_err();
        assert_eq!(err.to_string(), "no cell Z9 on a side-3 board");
        assert!(board.index(cell("A4")).is_none());
        assert!(board.index(cell("E2")).is_none());
        assert_eq!(Board::new(7).unwrap_err().to_string(), "board side 7 is outside 2..6");
    }

    #[test]
    fn cell_names_read_either_case_and_refuse_garbage() {
        assert_eq!(cell("c4"), Cell::new(2, 3));
        assert_eq!(Cell::new(2, 3).to_string(), "C4");
        for bad in ["", "3C", "C", "C0", "C-1", "CC3", "C3x", "é3", "C99999"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
    }

    #[test]
    fn flood_fills_only_through_the_given_cells() {
        let board = Board::new(3).unwrap();
        let set: CellSet =
            ["A1", "A2", "B3", "C3", "E5"].iter().map(|n| board.index(cell(n)).unwrap()).collect();
        let filled = board.flood(CellSet::single(board.index(cell("A1")).unwrap()), set);
        let names: Vec<String> = filled.iter().map(|i| board.cell(i).to_string()).collect();
        assert_eq!(names, ["A1", "A2", "B3", "C3"]);
    }
}
