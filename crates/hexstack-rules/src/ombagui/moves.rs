//! Ombagui's moves: where each piece may go (a light a step or jumps over stacks of
//! three, a medium or a dark along paths of its exact length through empty cells), the
//! position a move leads to, and why a move is refused.

use super::{BOARD, CELLS, Kind, Position};
use crate::hex::{Cell, CellSet, OffBoard};
use crate::{Colour, Game, Outcome};
use std::fmt;

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

impl Position {
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

    /// The cells with no piece on them.
    fn empty_cells(&self) -> CellSet {
        (0..CELLS).filter(|&i| self.stacks[i].is_empty()).collect()
    }

    /// The cells reached by the top piece on `from`, split into a light's single steps
    /// (or any other piece's moves) and a light's jumps.
    fn reach(&self, from: usize) -> Reach {
        self.reach_within(from, self.empty_cells())
    }

    /// [`Position::reach`], the `empty` cells known: a position's turns find them once.
    fn reach_within(&self, from: usize, empty: CellSet) -> Reach {
        let Some(piece) = self.stacks[from].top() else { return Reach::default() };
        if piece.kind == Kind::Light {
            return Reach { steps: BOARD.neighbours(from) & empty, jumps: self.jumps(from) };
        }
        let ends = paths(from, piece.kind, empty);
        Reach {
            steps: ends.iter().filter(|&to| self.stacks[to].can_hold(piece.kind)).collect(),
            jumps: CellSet::EMPTY,
        }
    }

    /// Each move with the position it leads to, by starting cell, then by target cell.
    pub(super) fn each_move(&self, visit: &mut impl FnMut(Move, &Position)) {
        let empty = self.empty_cells();
        for from in self.movable() {
            let reach = self.reach_within(from, empty);
            for to in reach.steps | reach.jumps {
                visit(Move { from: BOARD.cell(from), to: BOARD.cell(to) }, &self.moved(from, to));
            }
        }
    }

    /// How many moves there are, without making the positions they lead to.
    pub(super) fn move_count(&self) -> usize {
        let empty = self.empty_cells();
        self.movable()
            .map(|from| {
                let reach = self.reach_within(from, empty);
                (reach.steps | reach.jumps).len()
            })
            .sum()
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
            let blocked = piece.kind != Kind::Light && paths(from, piece.kind, BOARD.all()).contains(to);
            return Err(if blocked {
                IllegalMove::Blocked
            } else {
                IllegalMove::OutOfReach { piece: piece.kind, from: mv.from, to: mv.to }
            });
        }
        Ok(self.moved(from, to))
    }
}

/// The cells that a piece of `kind` on `from` reaches by paths of its exact length through
/// cells of `open`, never the same cell twice, before the stacking rule is applied: the
/// ends of each path's last step, found on cell sets rather than walked a path at a time.
fn paths(from: usize, kind: Kind, open: CellSet) -> CellSet {
    let neighbours = BOARD.all_neighbours();
    if kind == Kind::Light {
        return neighbours[from];
    }
    let start = CellSet::single(from);
    let mut ends = CellSet::EMPTY;
    for first in neighbours[from] & open {
        if kind == Kind::Medium {
            ends |= neighbours[first] - start;
            continue;
        }
        for second in (neighbours[first] & open) - start {
            ends |= neighbours[second] - start - CellSet::single(first);
        }
    }
    ends
}

/// Where the top piece of a cell may go.
#[derive(Clone, Copy, Default)]
struct Reach {
    steps: CellSet,
    jumps: CellSet,
}
