//! Ombagui (Reinhold Wittig's Ombagi, French simplified rules), exactly as RULES.md states
//! it: light, medium and dark pieces that move exactly 1, 2 or 3 cells, stack on one
//! another, and race to rebuild four towers on the opponent's starting row.
//!
//! The board is always the side-4 hexagon. A [`Position`] is a `Copy` array of small
//! [`Stack`]s; a [`Move`] is a pair of cells, since several paths to the same cell are
//! the same move.

mod notation;
mod progress;

pub use super::ParseError;
pub use notation::Bad;

use super::hex::{Board, Cell, CellSet, OffBoard};
use super::{Colour, Game, Outcome};
use std::fmt;

/// Ombagui is played on the side-4 board.
pub const BOARD: Board = Board::SIDE_4;
const CELLS: usize = 37;

/// The three kinds of piece, in the only order they can stack, bottom to top.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Kind {
    /// Moves 1 cell, or jumps over stacks of three.
    Light,
    /// Moves exactly 2 cells.
    Medium,
    /// Moves exactly 3 cells.
    Dark,
}

impl Kind {
    /// The three kinds, bottom to top.
    pub const ALL: [Kind; 3] = [Kind::Light, Kind::Medium, Kind::Dark];

    /// How many cells a move of this kind covers (a light's jumps aside).
    pub const fn steps(self) -> usize {
        self as usize + 1
    }

    /// The notation letter: `L`, `M` or `D`.
    pub const fn letter(self) -> char {
        match self {
            Kind::Light => 'L',
            Kind::Medium => 'M',
            Kind::Dark => 'D',
        }
    }

    pub(crate) fn from_letter(letter: char) -> Option<Kind> {
        match letter.to_ascii_uppercase() {
            'L' => Some(Kind::Light),
            'M' => Some(Kind::Medium),
            'D' => Some(Kind::Dark),
            _ => None,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Light => "light",
            Kind::Medium => "medium",
            Kind::Dark => "dark",
        })
    }
}

/// One piece: its owner's colour and its kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece it is.
    pub colour: Colour,
    /// Its kind.
    pub kind: Kind,
}

/// The pieces on one cell. Kinds only ever stack light, medium, dark from the bottom up,
/// so a stack holds each kind at most once: bit `k` says kind `k` is there, bit `3 + k`
/// that it is Red.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Stack(u8);

impl Stack {
    pub(crate) const EMPTY: Stack = Stack(0);

    fn has(self, kind: Kind) -> bool {
        self.0 >> kind as u8 & 1 == 1
    }

    /// Whether the cell holds no piece.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many pieces are on the cell (at most 3).
    pub fn height(self) -> usize {
        (self.0 & 0b111).count_ones() as usize
    }

    /// The pieces, bottom to top.
    pub fn pieces(self) -> impl Iterator<Item = Piece> {
        Kind::ALL.into_iter().filter(move |&kind| self.has(kind)).map(move |kind| Piece {
            colour: if self.0 >> (3 + kind as u8) & 1 == 1 { Colour::Red } else { Colour::Blue },
            kind,
        })
    }

    /// The top piece: the only one that may move.
    pub fn top(self) -> Option<Piece> {
        self.pieces().last()
    }

    /// Whether a piece of `kind` may stand on this stack: every kind below it must be
    /// lighter (a medium on a lone light; a dark on a light, a medium, or both).
    pub(crate) fn can_hold(self, kind: Kind) -> bool {
        (self.0 & 0b111) >> kind as u8 == 0
    }

    /// This stack with `piece` put on top; `None` if it may not stand there.
    pub(crate) fn with(self, piece: Piece) -> Option<Stack> {
        let red = u8::from(piece.colour == Colour::Red) << (3 + piece.kind as u8);
        self.can_hold(piece.kind).then_some(Stack(self.0 | 1 << piece.kind as u8 | red))
    }

    /// This stack without its top piece.
    fn without_top(self) -> Stack {
        match self.top() {
            Some(top) => Stack(self.0 & !(1 << top.kind as u8 | 1 << (3 + top.kind as u8))),
            None => self,
        }
    }

    /// How many of `colour`'s pieces stand rightly built from the bottom: its light, then
    /// its medium on it, then its dark (3 for a whole tower).
    pub fn built_for(self, colour: Colour) -> usize {
        self.pieces()
            .zip(Kind::ALL)
            .take_while(|(piece, kind)| piece.colour == colour && piece.kind == *kind)
            .count()
    }

    /// A whole tower of `colour`: light, medium and dark, all of that colour.
    pub fn is_tower_of(self, colour: Colour) -> bool {
        let red = if colour == Colour::Red { 0b111_000 } else { 0 };
        self.0 == 0b111 | red
    }
}

/// A move of the top piece of `from` to `to`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// The cell the piece leaves.
    pub from: Cell,
    /// The cell it moves to.
    pub to: Cell,
}

/// Why a move cannot be played. Its `Display` is a sentence for the player.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum IllegalMove {
    /// The game is over.
    GameOver,
    /// A cell of the move is not on the board.
    OffBoard(OffBoard),
    /// A move from an empty cell.
    NoPiece(Cell),
    /// A move of the other player's piece.
    NotYours {
        /// The cell.
        cell: Cell,
        /// Whose top piece is there.
        owner: Colour,
    },
    /// A move to the cell it starts from.
    Stay(Cell),
    /// A piece put on one it may not stand on.
    CannotStand {
        /// The piece moved.
        piece: Kind,
        /// The top piece where it would stand.
        on: Kind,
    },
    /// A medium or a dark whose every path to the cell is blocked.
    Blocked,
    /// The cell is out of the piece's reach.
    OutOfReach {
        /// The piece moved.
        piece: Kind,
        /// Where it starts.
        from: Cell,
        /// Where it was to go.
        to: Cell,
    },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver => f.write_str("the game is over"),
            IllegalMove::OffBoard(off) => write!(f, "{off}"),
            IllegalMove::NoPiece(cell) => write!(f, "there is no piece on {cell}"),
            IllegalMove::NotYours { cell, owner } => write!(f, "the top piece on {cell} is {owner}'s"),
            IllegalMove::Stay(cell) => write!(f, "a piece must leave {cell} to move"),
            IllegalMove::CannotStand { piece, on } => write!(f, "a {piece} cannot stand on a {on}"),
            IllegalMove::Blocked => f.write_str("blocked: the path needs empty cells"),
            IllegalMove::OutOfReach { piece, from, to } => match piece {
                Kind::Light => write!(
                    f,
                    "a light steps to a neighbouring cell or jumps: {to} is out of reach from {from}"
                ),
                _ => write!(
                    f,
                    "a {piece} moves exactly {} cells: {to} is out of reach from {from}",
                    piece.steps()
                ),
            },
        }
    }
}

impl std::error::Error for IllegalMove {}

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
        [self.to_move.other(), self.to_move].into_iter().find(|&colour| self.towers_home(colour) == 4)
    }

    fn occupied(&self) -> CellSet {
        (0..CELLS).filter(|&i| !self.stacks[i].is_empty()).collect()
    }

    /// The cells that the top piece on `from` reaches by paths of its exact length whose
    /// intermediate cells are all in `open`, before the stacking rule is applied.
    fn paths(&self, from: usize, kind: Kind, open: CellSet) -> CellSet {
        let mut ends = CellSet::EMPTY;
        let mut visited = CellSet::single(from);
        self.walk(from, kind.steps(), open, &mut visited, &mut ends);
        ends
    }

    fn walk(&self, at: usize, steps_left: usize, open: CellSet, visited: &mut CellSet, ends: &mut CellSet) {
        for next in BOARD.neighbours(at) - *visited {
            if steps_left == 1 {
                ends.insert(next);
            } else if open.contains(next) {
                visited.insert(next);
                self.walk(next, steps_left - 1, open, visited, ends);
                visited.remove(next);
            }
        }
    }

    /// The cells a light on `from` reaches by one or more jumps over stacks of three.
    fn jumps(&self, from: usize) -> CellSet {
        let mut landed = CellSet::single(from);
        let mut frontier = landed;
        // Where a chain may land depends only on the landing cell, not on the way there,
        // so a breadth-first search over landing cells finds every chain.
        while let Some(at) = frontier.first() {
            frontier.remove(at);
            for direction in 0..6 {
                let Some(over) = BOARD.step(at, direction) else { continue };
                let Some(to) = BOARD.step(over, direction) else { continue };
                if self.stacks[over].height() == 3 && self.stacks[to].is_empty() && !landed.contains(to) {
                    landed.insert(to);
                    frontier.insert(to);
                }
            }
        }
        landed - CellSet::single(from)
    }

    /// The cells reached by the top piece on `from`, split into a light's single steps
    /// (or any other piece's moves) and a light's jumps.
    fn reach(&self, from: usize) -> Reach {
        let Some(piece) = self.stacks[from].top() else { return Reach::default() };
        let empty = BOARD.all() - self.occupied();
        if piece.kind == Kind::Light {
            return Reach { steps: BOARD.neighbours(from) & empty, jumps: self.jumps(from) };
        }
        let ends = self.paths(from, piece.kind, empty);
        Reach {
            steps: ends.iter().filter(|&to| self.stacks[to].can_hold(piece.kind)).collect(),
            jumps: CellSet::EMPTY,
        }
    }

    /// The cells the top piece on `from` may move to, if it is the mover's.
    pub fn destinations(&self, from: Cell) -> CellSet {
        match BOARD.index(from) {
            Some(i) if self.stacks[i].top().is_some_and(|top| top.colour == self.to_move) => {
                let reach = self.reach(i);
                reach.steps | reach.jumps
            }
            _ => CellSet::EMPTY,
        }
    }

    /// The cells a light on `from` reaches only by jumping (to light them up differently).
    pub fn jump_landings(&self, from: Cell) -> CellSet {
        match BOARD.index(from) {
            Some(i) if self.stacks[i].top().is_some_and(|top| top.kind == Kind::Light) => {
                let reach = self.reach(i);
                reach.jumps - reach.steps
            }
            _ => CellSet::EMPTY,
        }
    }

    /// The cells whose top piece is the mover's.
    fn movable(&self) -> impl Iterator<Item = usize> + '_ {
        (0..CELLS).filter(|&i| self.stacks[i].top().is_some_and(|top| top.colour == self.to_move))
    }

    /// The position after moving the top piece of `from` to `to`, unchecked.
    fn moved(&self, from: usize, to: usize) -> Position {
        let mut next = *self;
        if let Some(piece) = self.stacks[from].top() {
            next.stacks[from] = self.stacks[from].without_top();
            next.stacks[to] = self.stacks[to].with(piece).unwrap_or(self.stacks[to]);
        }
        next.to_move = self.to_move.other();
        next
    }

    /// Checks `mv` and plays it: the position after it, or the reason it is illegal.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMove> {
        if Game::outcome(self) != Outcome::Ongoing {
            return Err(IllegalMove::GameOver);
        }
        let from = BOARD.locate(mv.from).map_err(IllegalMove::OffBoard)?;
        let to = BOARD.locate(mv.to).map_err(IllegalMove::OffBoard)?;
        let piece = self.stacks[from].top().ok_or(IllegalMove::NoPiece(mv.from))?;
        if piece.colour != self.to_move {
            return Err(IllegalMove::NotYours { cell: mv.from, owner: piece.colour });
        }
        if from == to {
            return Err(IllegalMove::Stay(mv.from));
        }
        if let Some(on) =
            self.stacks[to].top().filter(|_| !self.stacks[to].can_hold(piece.kind)).map(|top| top.kind)
        {
            return Err(IllegalMove::CannotStand { piece: piece.kind, on });
        }
        let reach = self.reach(from);
        if !(reach.steps | reach.jumps).contains(to) {
            // Would a medium or a dark get there on a board with nothing in the way?
            let blocked = piece.kind != Kind::Light && self.paths(from, piece.kind, BOARD.all()).contains(to);
            return Err(if blocked {
                IllegalMove::Blocked
            } else {
                IllegalMove::OutOfReach { piece: piece.kind, from: mv.from, to: mv.to }
            });
        }
        Ok(self.moved(from, to))
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
        if self.winner().is_some() {
            return;
        }
        for from in self.movable() {
            let reach = self.reach(from);
            for to in reach.steps | reach.jumps {
                visit(Move { from: BOARD.cell(from), to: BOARD.cell(to) }, &self.moved(from, to));
            }
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
        self.movable()
            .map(|from| {
                let reach = self.reach(from);
                (reach.steps | reach.jumps).len()
            })
            .sum()
    }
}

/// Where the top piece of a cell may go.
#[derive(Clone, Copy, Default)]
struct Reach {
    steps: CellSet,
    jumps: CellSet,
}
