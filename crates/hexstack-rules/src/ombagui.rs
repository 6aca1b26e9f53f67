//! Ombagui (Reinhold Wittig's Ombagi, French simplified rules), exactly as RULES.md states
//! it: light, medium and dark pieces that move exactly 1, 2 or 3 cells, stack on one
//! another, and race to rebuild four towers on the opponent's starting row.
//!
//! The board is always the side-4 hexagon. A [`Position`] is a `Copy` array of small
//! [`Stack`]s; a [`Move`] is a pair of cells, since several paths to the same cell are
//! the same move.

mod moves;
mod notation;
mod pieces;
mod progress;

pub use super::ParseError;
pub use moves::{IllegalMove, Move};
pub use notation::Bad;
pub use pieces::{Kind, Piece, Stack};

use super::hex::{Board, Cell};
use super::{Colour, Game};

/// Ombagui is played on the side-4 board.
pub const BOARD: Board = Board::SIDE_4;
const CELLS: usize = 37;

/// An Ombagui position: every stack and the player to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    to_move: Colour,
    stacks: [Stack; CELLS],
}

/// The stacks are hashed as one run of bytes, not a byte at a time: the search hashes
/// every position it visits.
impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.to_move.hash(state);
        state.write(&self.stacks.map(|stack| stack.0));
    }
}

/// A hand-made arrangement, as read from text: stacks on cells (each a legal stacking by
/// construction), and the player to move. It becomes a [`Position`] once every cell is on
/// the board and given once, and no player has more than four pieces of a kind.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Setup {
    pub(crate) to_move: Colour,
    pub(crate) stacks: Vec<(Cell, Stack)>,
}

impl TryFrom<Setup> for Position {
    type Error = ParseError;

    fn try_from(setup: Setup) -> Result<Position, ParseError> {
        let mut position = Position::empty(setup.to_move);
        let mut counts = [[0; 3]; 2];
        for (index, stack) in super::notation::place(BOARD, &setup.stacks)? {
            for piece in stack.pieces() {
                let count = &mut counts[piece.colour.index()][piece.kind as usize];
                *count += 1;
                if *count > 4 {
                    return Err(notation::bad(Bad::TooManyOfKind { colour: piece.colour, kind: piece.kind }));
                }
            }
            position.stacks[index] = stack;
        }
        Ok(position)
    }
}

/// The starting cells of each player, by [`Colour::index`]: Blue's far row, Red's near row.
fn home(colour: Colour) -> [Cell; 4] {
    match colour {
        Colour::Blue => [Cell::new(3, 6), Cell::new(4, 6), Cell::new(5, 6), Cell::new(6, 6)],
        Colour::Red => [Cell::new(0, 0), Cell::new(1, 0), Cell::new(2, 0), Cell::new(3, 0)],
    }
}

fn index(cell: Cell) -> usize {
    BOARD.index(cell).expect("the starting cells are on the board")
}

/// The dense indices of [`home`]'s cells, by [`Colour::index`]: the search looks for a win
/// at every position it visits, and finds these four stacks at once.
const HOME_INDICES: [[usize; 4]; 2] = [[21, 27, 32, 36], [0, 4, 9, 15]];

impl Position {
    /// The empty board with `to_move` to play.
    pub(crate) fn empty(to_move: Colour) -> Position {
        Position { to_move, stacks: [Stack::EMPTY; CELLS] }
    }

    /// The start: four towers each, Red on A1-D1, Blue on D7-G7, Red to move.
    pub fn start() -> Position {
        let mut position = Position::empty(Colour::Red);
        for colour in [Colour::Red, Colour::Blue] {
            let tower = Kind::ALL.into_iter().fold(Stack::EMPTY, |stack, kind| {
                stack.with(Piece { colour, kind }).expect("a tower stacks light, medium, dark")
            });
            for cell in home(colour) {
                position.stacks[index(cell)] = tower;
            }
        }
        position
    }

    /// The cells where `colour` must rebuild its towers: the other player's starting cells.
    pub fn goal(colour: Colour) -> [Cell; 4] {
        home(colour.other())
    }

    /// The player whose turn it is.
    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    /// The same stacks with the other player to move.
    pub fn skipped(&self) -> Position {
        Position { to_move: self.to_move.other(), ..*self }
    }

    /// The stack on `cell` (empty off the board).
    pub fn stack(&self, cell: Cell) -> Stack {
        BOARD.index(cell).map_or(Stack::EMPTY, |i| self.stacks[i])
    }

    /// Every non-empty stack with its cell, in cell order.
    pub fn stacks(&self) -> impl Iterator<Item = (Cell, Stack)> + '_ {
        (0..CELLS).filter(|&i| !self.stacks[i].is_empty()).map(|i| (BOARD.cell(i), self.stacks[i]))
    }

    /// How many towers of `colour` stand on its goal cells.
    pub fn towers_home(&self, colour: Colour) -> usize {
        Position::goal(colour).into_iter().filter(|&cell| self.stack(cell).is_tower_of(colour)).count()
    }

    /// `colour`'s goal cells held by the other side: `colour`'s tower begun there (its
    /// light at least, rightly built) with the other side's piece on top, which only
    /// the other side can take off.
    pub fn held_goals(&self, colour: Colour) -> Vec<Cell> {
        let held = |stack: Stack| {
            let built = stack.built_for(colour);
            built > 0 && stack.height() == built + 1 && stack.top().is_some_and(|top| top.colour != colour)
        };
        Position::goal(colour).into_iter().filter(|&cell| held(self.stack(cell))).collect()
    }

    /// The winner, if one has rebuilt all four towers. Should a hand-made position show
    /// both, the player who moved last completed theirs first.
    pub(crate) fn winner(&self) -> Option<Colour> {
        let home = |colour: Colour| {
            HOME_INDICES[colour.other().index()].iter().all(|&index| self.stacks[index].is_tower_of(colour))
        };
        [self.to_move.other(), self.to_move].into_iter().find(|&colour| home(colour))
    }

    /// The whole position as words, for quick hashes: the player to move, then the stacks'
    /// bytes eight a word, little-endian, the last padded with zeros. These are the words
    /// its `Hash` gives a hasher that takes bytes eight at a time, read without copying
    /// the position into a hasher's buffer.
    pub fn words(&self, mut word: impl FnMut(u64)) {
        word(self.to_move.index() as u64);
        let mut bytes = [0; 40];
        for (byte, stack) in bytes.iter_mut().zip(self.stacks) {
            *byte = stack.0;
        }
        for eight in bytes.chunks_exact(8) {
            word(u64::from_le_bytes(eight.try_into().unwrap_or_default()));
        }
    }
}

impl Game for Position {
    type Turn = Move;
    type Step<'a> = Move;
    type Illegal = IllegalMove;
    /// The cell whose top piece is picked up.
    type Picked = Cell;
    type Bad = Bad;
    const TITLE: &'static str = "Ombagui";
    const BOARDS: &'static [Board] = &[BOARD];
    const SIDES: std::ops::RangeInclusive<u8> = 4..=4;
    const POSITION_FORM: &'static str = "player to move/stacks, like r/A1=rL.rM.rD,C3=bM (Red to move, a red tower on A1, a blue medium on C3)";
    const ENTRY_FORM: &'static str = "CELL=PIECES, like A1=rL.rM.rD";

    fn start(_: Board) -> Position {
        Position::start()
    }

    fn board(&self) -> Board {
        BOARD
    }

    fn to_move(&self) -> Colour {
        self.to_move
    }

    fn winner(&self) -> Option<Colour> {
        Position::winner(self)
    }

    /// By starting cell, then by target cell.
    fn for_each_turn(&self, visit: &mut impl FnMut(Move, &Position)) {
        if self.winner().is_none() {
            self.each_move(visit);
        }
    }

    fn turn_of(&self, mv: Move) -> Move {
        mv
    }

    fn play(&self, mv: &Move) -> Result<Position, IllegalMove> {
        Position::play(self, *mv)
    }

    fn skipped(&self) -> Position {
        Position::skipped(self)
    }

    /// Counts the reachable cells without making the positions.
    fn turn_count(&self) -> usize {
        if self.winner().is_some() {
            return 0;
        }
        self.move_count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{Hash, Hasher};

    #[test]
    fn the_home_indices_are_the_home_cells() {
        for colour in [Colour::Blue, Colour::Red] {
            assert_eq!(home(colour).map(index), HOME_INDICES[colour.index()]);
        }
    }

    /// What a hash is given, as words: bytes eight at a time, the last padded with zeros.
    #[derive(Default)]
    struct Words(Vec<u64>);

    impl Hasher for Words {
        fn finish(&self) -> u64 {
            0
        }

        fn write(&mut self, bytes: &[u8]) {
            for eight in bytes.chunks(8) {
                let mut word = [0; 8];
                word[..eight.len()].copy_from_slice(eight);
                self.0.push(u64::from_le_bytes(word));
            }
        }

        fn write_usize(&mut self, word: usize) {
            self.0.push(word as u64);
        }
    }

    #[test]
    fn a_positions_words_are_what_its_hash_gives() {
        let start = Position::start();
        let mut positions = vec![start, start.skipped()];
        start.for_each_turn(&mut |_, next| positions.push(*next));
        for position in positions {
            let mut hashed = Words::default();
            position.hash(&mut hashed);
            let mut words = Vec::new();
            position.words(|word| words.push(word));
            assert_eq!(words, hashed.0, "{position}");
        }
    }
}
