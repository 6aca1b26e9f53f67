//! Clamber: stacks, groups, sub-groups, placements, lower captures and chains of equal
//! captures, exactly as RULES.md states them.
//!
//! A [`Position`] is a small `Copy` value: which player owns each cell and how high its
//! stack is, and who is to move. A [`Turn`] is a value too; [`Position::play`] checks it
//! and says why when it is illegal, and [`Game::legal_turns`] lists every turn, each
//! stopping point of a chain being a turn of its own.

mod captures;
mod legality;
mod notation;
mod progress;
mod threats;

pub use super::ParseError;
pub use legality::IllegalTurn;
pub use notation::Bad;

use super::hex::{Board, Cell, CellSet, MAX_CELLS};
use super::{Colour, Game};

/// One or more pieces on a cell. Once captured a stack is capped with the capturer's
/// piece, so only its top matters: its owner, and its height.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Stack {
    owner: Colour,
    height: u16,
}

impl Stack {
    /// A stack of `height` pieces (at least one) topped by `owner`.
    pub fn new(owner: Colour, height: u16) -> Option<Stack> {
        (height >= 1).then_some(Stack { owner, height })
    }

    /// Whose stack it is: the owner of its top piece.
    pub fn owner(self) -> Colour {
        self.owner
    }

    /// How many pieces it holds.
    pub fn height(self) -> u16 {
        self.height
    }
}

/// A whole turn: a placement, or a capture followed by any further equal captures.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Turn {
    /// A singleton of the mover's colour on an empty cell.
    Place(Cell),
    /// `from` captures `captured[0]`; in a chain, each further cell is captured by the
    /// stack captured just before it. A lower capture has exactly one captured cell.
    Capture {
        /// The mover's stack that makes the first capture.
        from: Cell,
        /// The stacks captured, in order.
        captured: Vec<Cell>,
    },
}

impl Turn {
    /// Every cell the turn names, in order: what the board marks as the last turn.
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Turn::Place(cell) => vec![*cell],
            Turn::Capture { from, captured } => {
                std::iter::once(*from).chain(captured.iter().copied()).collect()
            }
        }
    }
}

/// A capture being entered: the capturing stack, then the stacks captured so far.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Chain {
    /// The mover's stack that makes the first capture.
    pub from: Cell,
    /// The stacks captured so far, in order.
    pub captured: Vec<Cell>,
}

impl Chain {
    /// The stack that makes the next capture: the one captured last, or the first.
    pub fn capturer(&self) -> Cell {
        self.captured.last().copied().unwrap_or(self.from)
    }

    /// The turn the chain is, once it has captured.
    pub fn turn(&self) -> Turn {
        Turn::Capture { from: self.from, captured: self.captured.clone() }
    }

    /// Every cell of the chain, the capturing stack first.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        std::iter::once(self.from).chain(self.captured.iter().copied())
    }
}

/// The two kinds of capture: a lower capture ends the turn, an equal one may be chained.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CaptureKind {
    /// Of a lower stack next to the capturer.
    Lower,
    /// Of a stack of the capturer's height, in an enemy group next to it.
    Equal,
}

/// A Clamber position: the board, every stack, the player to move, and whether a capture
/// has won the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    board: Board,
    to_move: Colour,
    /// The cells of each player's stacks, by [`Colour::index`].
    stacks: [CellSet; 2],
    /// The height of the stack on each cell; 0 on empty cells.
    heights: [u16; MAX_CELLS],
    /// Set by the capture that left the other player with no stack. Only a capture wins:
    /// a hand-made position where the player to move has no stack is not won.
    won: Option<Colour>,
}

/// A hand-made arrangement, as read from text: stacks on cells, and the player to move.
/// It becomes a [`Position`] once every cell is checked to be on its board and given once;
/// such a position is never won, since only a capture wins.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    /// The board.
    pub board: Board,
    /// The player to move.
    pub to_move: Colour,
    /// The stacks, each with its cell.
    pub stacks: Vec<(Cell, Stack)>,
}

impl TryFrom<Setup> for Position {
    type Error = ParseError;

    fn try_from(setup: Setup) -> Result<Position, ParseError> {
        let mut position = Position::empty(setup.board, setup.to_move);
        for (index, stack) in super::notation::place(setup.board, &setup.stacks)? {
            position.set(index, Some(stack));
        }
        Ok(position)
    }
}

/// A turn as the generator walks it: cell indices, the capturing stack first.
#[derive(Clone, Copy)]
pub enum Step<'a> {
    /// A placement on the cell of this index.
    Place(usize),
    /// The capturing stack's index, then each captured stack's.
    Capture(&'a [u8]),
}

impl Position {
    /// The empty board with `to_move` to play.
    pub(crate) fn empty(board: Board, to_move: Colour) -> Position {
        Position { board, to_move, stacks: [CellSet::EMPTY; 2], heights: [0; MAX_CELLS], won: None }
    }

    /// The start of a game: the empty board, Blue to move.
    pub fn start(board: Board) -> Position {
        Position::empty(board, Colour::Blue)
    }

    /// The board the position is on.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The player whose turn it is.
    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    /// The same stacks with the other player to move.
    pub fn skipped(&self) -> Position {
        Position { to_move: self.to_move.other(), ..*self }
    }

    /// The stack on `cell`, if any (none off the board).
    pub fn stack(&self, cell: Cell) -> Option<Stack> {
        self.board.index(cell).and_then(|i| self.stack_at(i))
    }

    fn stack_at(&self, index: usize) -> Option<Stack> {
        let owner = if self.stacks[0].contains(index) {
            Colour::Blue
        } else if self.stacks[1].contains(index) {
            Colour::Red
        } else {
            return None;
        };
        Some(Stack { owner, height: self.heights[index] })
    }

    /// Every stack with its cell, in cell order.
    pub fn stacks(&self) -> impl Iterator<Item = (Cell, Stack)> + '_ {
        (self.stacks[0] | self.stacks[1]).iter().filter_map(|i| Some((self.board.cell(i), self.stack_at(i)?)))
    }

    /// The cells of `colour`'s stacks.
    pub fn cells_of(&self, colour: Colour) -> CellSet {
        self.stacks[colour.index()]
    }

    /// How many pieces `colour` has on the board (the sum of its stacks' heights).
    pub fn pieces_of(&self, colour: Colour) -> u32 {
        self.cells_of(colour).iter().map(|i| u32::from(self.heights[i])).sum()
    }

    /// Places `stack` on the cell of index `index`, replacing what was there.
    fn set(&mut self, index: usize, stack: Option<Stack>) {
        self.stacks[0].remove(index);
        self.stacks[1].remove(index);
        self.heights[index] = 0;
        if let Some(stack) = stack {
            self.stacks[stack.owner.index()].insert(index);
            self.heights[index] = stack.height;
        }
    }

    /// The whole position as a few words, four heights a word: equal positions give equal
    /// words and unequal ones unequal words, for quick hashes (heights past the board's
    /// cells are always 0, and a stack's owner is Blue's bit).
    pub fn words(&self, mut word: impl FnMut(u64)) {
        let blue = self.stacks[0].bits();
        word(blue as u64);
        word((blue >> 64) as u64);
        let won = self.won.map_or(0, |winner| 1 + winner.index() as u64);
        word(u64::from(self.board.side()) | (self.to_move.index() as u64) << 8 | won << 16);
        let four = |heights: &[u16]| heights.iter().fold(0, |four, &height| four << 16 | u64::from(height));
        let mut heights = self.heights[..self.board.cell_count()].chunks_exact(4);
        for four_heights in &mut heights {
            word(four(four_heights));
        }
        word(four(heights.remainder()));
    }

    /// The stacks of `set` whose height is `height`.
    fn of_height(&self, set: CellSet, height: u16) -> CellSet {
        set.iter().filter(|&i| self.heights[i] == height).collect()
    }

    /// The group of the stack on `cell`: its colour's stacks connected to it.
    pub fn group(&self, cell: Cell) -> CellSet {
        match self.board.index(cell).and_then(|i| Some((i, self.stack_at(i)?))) {
            Some((index, stack)) => self.board.flood(CellSet::single(index), self.cells_of(stack.owner)),
            None => CellSet::EMPTY,
        }
    }

    /// The sub-group of the stack on `cell`: its colour's stacks of its height connected
    /// to it through stacks of that colour and that height.
    pub fn sub_group(&self, cell: Cell) -> CellSet {
        self.board.index(cell).map_or(CellSet::EMPTY, |index| self.sub_group_at(index))
    }

    fn sub_group_at(&self, index: usize) -> CellSet {
        match self.stack_at(index) {
            Some(stack) => {
                let alike = self.of_height(self.cells_of(stack.owner), stack.height);
                self.board.flood(CellSet::single(index), alike)
            }
            None => CellSet::EMPTY,
        }
    }

    /// What capturing the stack on `cell` would remove: the rest of its sub-group.
    pub fn removed_by_capture(&self, cell: Cell) -> CellSet {
        self.board
            .index(cell)
            .map_or(CellSet::EMPTY, |index| self.sub_group_at(index) - CellSet::single(index))
    }

    /// The cells whose stacks a turn from here to `after` took off the board: each that held
    /// a stack here and holds none there (a turn never empties the cells it names).
    pub fn emptied(&self, after: &Position) -> CellSet {
        self.stacks()
            .filter(|&(cell, _)| after.stack(cell).is_none())
            .filter_map(|(cell, _)| self.board.index(cell))
            .collect()
    }

    /// The captures that may come next in a turn whose captures so far are `captured`,
    /// made by the stack on `from`: each target with its kind, from the legal turns.
    pub fn next_captures(&self, from: Cell, captured: &[Cell]) -> Vec<(Cell, CaptureKind)> {
        let mut after = *self;
        let mut capturer = from;
        for &cell in captured {
            let Some(index) = self.board.index(cell) else { return Vec::new() };
            after = after.capture(index);
            capturer = cell;
        }
        let mut targets = Vec::new();
        for turn in self.legal_turns() {
            if let Turn::Capture { from: f, captured: c } = &turn
                && *f == from
                && c.len() == captured.len() + 1
                && c.starts_with(captured)
                && let Some(kind) = after.capture_kind(capturer, c[captured.len()])
            {
                targets.push((c[captured.len()], kind));
            }
        }
        targets
    }

    /// Whether `target` would be a lower or an equal capture for the stack on `from`
    /// (`None` if they are not opposing stacks with the target no higher).
    pub fn capture_kind(&self, from: Cell, target: Cell) -> Option<CaptureKind> {
        let (from, target) = (self.stack(from)?, self.stack(target)?);
        if from.owner == target.owner {
            return None;
        }
        match target.height.cmp(&from.height) {
            std::cmp::Ordering::Less => Some(CaptureKind::Lower),
            std::cmp::Ordering::Equal => Some(CaptureKind::Equal),
            std::cmp::Ordering::Greater => None,
        }
    }
}

impl Game for Position {
    type Turn = Turn;
    type Step<'a> = Step<'a>;
    type Illegal = IllegalTurn;
    type Picked = Chain;
    type Bad = Bad;
    const TITLE: &'static str = "Clamber";
    const BOARDS: &'static [Board] = &[Board::SIDE_3, Board::SIDE_4];
    const SIDES: std::ops::RangeInclusive<u8> = super::hex::MIN_SIDE..=super::hex::MAX_SIDE;
    const POSITION_FORM: &'static str =
        "board side/player to move/stacks, like 3/b/C3=r2 (side 3, Blue to move, a red 2 on C3)";
    const ENTRY_FORM: &'static str = "CELL=COLOURHEIGHT, like C4=r2";

    fn start(board: Board) -> Position {
        Position::start(board)
    }

    fn deepest_perft(board: Board) -> u32 {
        match board.side() {
            2 => 12,
            3 => 7,
            4 => 6,
            _ => 5,
        }
    }

    fn board(&self) -> Board {
        self.board
    }

    fn to_move(&self) -> Colour {
        self.to_move
    }

    fn winner(&self) -> Option<Colour> {
        self.won
    }

    /// Placements by cell, then captures by the capturing cell, lower captures before
    /// chains; each stopping point of a chain is a turn of its own.
    fn for_each_turn(&self, visit: &mut impl FnMut(Step<'_>, &Position)) {
        if self.won.is_some() {
            return;
        }
        let me = self.to_move.index();
        let enemy = self.stacks[1 - me];
        let empty = self.board.all() - self.stacks[0] - self.stacks[1];
        for cell in empty {
            let mut next = self.skipped();
            next.set(cell, Some(Stack { owner: self.to_move, height: 1 }));
            visit(Step::Place(cell), &next);
        }
        let mut path = [0u8; MAX_CELLS];
        for from in self.stacks[me] {
            path[0] = from as u8;
            for target in self.lower_targets(from, enemy) {
                path[1] = target as u8;
                let mut next = self.capture(target);
                next.to_move = self.to_move.other();
                visit(Step::Capture(&path[..2]), &next);
            }
            self.chain(from, &mut path, 1, visit);
        }
    }

    fn turn_of(&self, step: Step<'_>) -> Turn {
        match step {
            Step::Place(cell) => Turn::Place(self.board.cell(cell)),
            Step::Capture(path) => Turn::Capture {
                from: self.board.cell(usize::from(path[0])),
                captured: path[1..].iter().map(|&i| self.board.cell(usize::from(i))).collect(),
            },
        }
    }

    fn play(&self, turn: &Turn) -> Result<Position, IllegalTurn> {
        Position::play(self, turn)
    }

    fn skipped(&self) -> Position {
        Position::skipped(self)
    }

    /// Counted without making the positions: placements, lower captures, and each
    /// stopping point of every chain of equal captures (perft's last ply lives on this).
    fn turn_count(&self) -> usize {
        if self.won.is_some() {
            return 0;
        }
        let me = self.to_move.index();
        let enemy = self.stacks[1 - me];
        let mut count = (self.board.all() - self.stacks[0] - self.stacks[1]).len();
        for from in self.stacks[me] {
            count +=
                self.lower_targets(from, enemy).len() + self.chains_from(from, self.heights[from], enemy);
        }
        count
    }

    /// Faster than listing: an empty cell, or any capture at all.
    fn can_move(&self) -> bool {
        if self.won.is_some() {
            return false;
        }
        let me = self.to_move.index();
        let enemy = self.stacks[1 - me];
        self.stacks[0] | self.stacks[1] != self.board.all()
            || self.stacks[me].iter().any(|from| {
                !self.lower_targets(from, enemy).is_empty() || !self.equal_targets(from, enemy).is_empty()
            })
    }
}
