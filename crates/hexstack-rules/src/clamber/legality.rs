//! Whether a turn may be played, and why not: each cell of the turn checked against
//! the rules (RULES.md, Clamber's "A turn"), in the order a player makes the turn.

use super::{Position, Stack, Turn};
use crate::Colour;
use crate::hex::{Cell, OffBoard};
use std::fmt;

/// Why a turn cannot be played. Its `Display` is a sentence for the player.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum IllegalTurn {
    /// The game is over: this player has won.
    GameOver(Colour),
    /// A cell of the turn is not on the board.
    OffBoard(OffBoard),
    /// A placement on a cell that holds a stack.
    Occupied(Cell),
    /// A capture from a cell without a stack.
    NoStack(Cell),
    /// A capture from the other player's stack.
    NotYours {
        /// The capturing cell.
        cell: Cell,
        /// Whose stack is there.
        owner: Colour,
    },
    /// A capture of a cell that holds no enemy stack.
    NotEnemy(Cell),
    /// A capture of a higher stack.
    Higher {
        /// The capturing stack's cell.
        from: Cell,
        /// The cell captured.
        target: Cell,
        /// The capturing stack's height.
        from_height: u16,
        /// The captured stack's height.
        target_height: u16,
    },
    /// A lower capture of a stack not next to the capturer.
    NotNextTo {
        /// The capturing stack's cell.
        from: Cell,
        /// The cell captured.
        target: Cell,
    },
    /// An equal capture of a stack outside the enemy groups next to the capturer.
    NotInNearGroup {
        /// The capturing stack's cell.
        from: Cell,
        /// The cell captured.
        target: Cell,
    },
    /// A capture after a lower capture, which ends the turn.
    AfterLowerCapture(Cell),
    /// A capture in a chain that is not of equal height.
    NotEqual {
        /// The capturing stack's cell.
        from: Cell,
        /// The cell captured.
        target: Cell,
        /// The capturing stack's height.
        from_height: u16,
        /// The captured stack's height.
        target_height: u16,
    },
    /// A capture after the capture of this cell won the game.
    AfterWin(Cell),
}

impl fmt::Display for IllegalTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalTurn::GameOver(winner) => write!(f, "the game is over: {winner} has won"),
            IllegalTurn::OffBoard(off) => write!(f, "{off}"),
            IllegalTurn::Occupied(cell) => {
                write!(f, "{cell} is not empty: a piece is placed on an empty cell")
            }
            IllegalTurn::NoStack(cell) => write!(f, "there is no stack on {cell}"),
            IllegalTurn::NotYours { cell, owner } => write!(f, "the stack on {cell} is {owner}'s"),
            IllegalTurn::NotEnemy(cell) => write!(f, "{cell} holds no enemy stack to capture"),
            IllegalTurn::Higher { from, target, from_height, target_height } => {
                write!(f, "{target} (height {target_height}) is higher than {from} (height {from_height})")
            }
            IllegalTurn::NotNextTo { from, target } => {
                write!(f, "{target} is lower than {from} but not next to it")
            }
            IllegalTurn::NotInNearGroup { from, target } => {
                write!(f, "{target} is not in an enemy group next to {from}")
            }
            IllegalTurn::AfterLowerCapture(cell) => {
                write!(f, "a lower capture ends the turn: nothing may follow {cell}")
            }
            IllegalTurn::NotEqual { from, target, from_height, target_height } => write!(
                f,
                "a chain goes on with equal captures only: {target} has height {target_height}, {from} has {from_height}"
            ),
            IllegalTurn::AfterWin(cell) => write!(f, "the capture of {cell} already won the game"),
        }
    }
}

impl std::error::Error for IllegalTurn {}

impl Position {
    fn locate(&self, cell: Cell) -> Result<usize, IllegalTurn> {
        self.board.locate(cell).map_err(IllegalTurn::OffBoard)
    }

    /// Checks `turn` and plays it: the position after it, with the other player to move,
    /// or the reason it is illegal.
    pub fn play(&self, turn: &Turn) -> Result<Position, IllegalTurn> {
        if let Some(winner) = self.won {
            return Err(IllegalTurn::GameOver(winner));
        }
        let next = match turn {
            Turn::Place(cell) => {
                let index = self.locate(*cell)?;
                if self.stack_at(index).is_some() {
                    return Err(IllegalTurn::Occupied(*cell));
                }
                let mut next = *self;
                next.set(index, Some(Stack { owner: self.to_move, height: 1 }));
                next
            }
            Turn::Capture { from, captured } => self.play_captures(*from, captured)?,
        };
        Ok(next.skipped())
    }

    fn play_captures(&self, from: Cell, captured: &[Cell]) -> Result<Position, IllegalTurn> {
        let mut index = self.locate(from)?;
        match self.stack_at(index) {
            None => return Err(IllegalTurn::NoStack(from)),
            Some(stack) if stack.owner != self.to_move => {
                return Err(IllegalTurn::NotYours { cell: from, owner: stack.owner });
            }
            Some(_) => {}
        }
        let them = self.to_move.other().index();
        let mut position = *self;
        let mut capturer = from;
        for (step, &target) in captured.iter().enumerate() {
            if position.won.is_some() {
                return Err(IllegalTurn::AfterWin(capturer));
            }
            let target_index = position.locate(target)?;
            let enemy = position.stacks[them];
            if !enemy.contains(target_index) {
                return Err(IllegalTurn::NotEnemy(target));
            }
            let (from_height, target_height) = (position.heights[index], position.heights[target_index]);
            if target_height > from_height {
                return Err(IllegalTurn::Higher { from: capturer, target, from_height, target_height });
            }
            if target_height < from_height {
                if step > 0 {
                    return Err(IllegalTurn::NotEqual { from: capturer, target, from_height, target_height });
                }
                if !position.board.neighbours(index).contains(target_index) {
                    return Err(IllegalTurn::NotNextTo { from: capturer, target });
                }
                if captured.len() > 1 {
                    return Err(IllegalTurn::AfterLowerCapture(target));
                }
            } else if !position.equal_targets(index, enemy).contains(target_index) {
                return Err(IllegalTurn::NotInNearGroup { from: capturer, target });
            }
            position = position.capture(target_index);
            (index, capturer) = (target_index, target);
        }
        if captured.is_empty() {
            // A capture with nothing captured is not a turn; `Turn`'s parser never makes one.
            return Err(IllegalTurn::NotEnemy(from));
        }
        Ok(position)
    }
}
