//! Ombagui in words: each stack bottom to top, where a top piece may go (stepping or
//! jumping), the goals and the towers home, each move and what it covered. All of it asked
//! of the rules (`destinations`, `jump_landings`, the legal turns, the goals), as the board
//! lights it.

use super::{Spoken, cells, joined, listed};
use crate::app::table::Table;
use crate::i18n::keys::PLAIN;
use crate::i18n::ombagui::keys::*;
use crate::i18n::ombagui::kind;
use crate::i18n::{Key, Text, text};
use crate::rules::hex::Cell;
use crate::rules::ombagui::{BOARD, Move, Piece, Position, Stack};
use crate::rules::{Colour, Game};

/// A piece in words: `red medium`.
fn piece(piece: Piece) -> Text {
    match piece.colour {
        Colour::Blue => text!(SPEECH_PIECE_BLUE, kind(piece.kind)),
        Colour::Red => text!(SPEECH_PIECE_RED, kind(piece.kind)),
    }
}

/// A stack in words, bottom to top: `red light under blue medium`, or `red tower`.
fn stack(stack: Stack) -> Option<Text> {
    if stack.is_tower_of(Colour::Red) {
        return Some(text!(SPEECH_TOWER_RED));
    }
    if stack.is_tower_of(Colour::Blue) {
        return Some(text!(SPEECH_TOWER_BLUE));
    }
    stack.pieces().map(piece).reduce(|below, above| text!(SPEECH_UNDER, below, above))
}

/// Whose goal `cell` is, if it is one.
fn goal_of(cell: Cell) -> Option<Colour> {
    [Colour::Red, Colour::Blue].into_iter().find(|&colour| Position::goal(colour).contains(&cell))
}

/// Where the top piece on `from` may go, on its owner's turn: by steps, and by jumps.
fn reach(position: &Position, from: Cell) -> Text {
    let Some(top) = position.stack(from).top() else { return text!(PLAIN, "") };
    let on_its_turn = if top.colour == position.to_move() { *position } else { position.skipped() };
    let jumps = on_its_turn.jump_landings(from);
    let steps = on_its_turn.destinations(from) - jumps;
    match (steps.is_empty(), jumps.is_empty()) {
        (true, true) => text!(SPEECH_GOES_NOWHERE, piece(top)),
        (false, true) => text!(SPEECH_GOES, piece(top), cells(BOARD.cells_of(steps))),
        (true, false) => text!(SPEECH_JUMPS, piece(top), cells(BOARD.cells_of(jumps))),
        (false, false) => {
            text!(
                SPEECH_GOES_AND_JUMPS,
                piece(top),
                cells(BOARD.cells_of(steps)),
                cells(BOARD.cells_of(jumps))
            )
        }
    }
}

impl Spoken for Position {
    const TURN_FORMS: Key<0> = SPEECH_TURN_FORMS;

    fn on_cell(&self, cell: Cell) -> Option<Text> {
        stack(self.stack(cell))
    }

    fn owned(&self, colour: Colour) -> Text {
        let held: Vec<Text> = self
            .stacks()
            .filter(|(_, stack)| stack.pieces().any(|piece| piece.colour == colour))
            .filter_map(|(cell, on)| Some(text!(crate::i18n::keys::SPEECH_CELL_HOLDS, cell, stack(on)?)))
            .collect();
        match held.is_empty() {
            true => text!(SPEECH_OWNED_NONE, colour),
            false => text!(SPEECH_OWNED, colour, joined(held), self.towers_home(colour)),
        }
    }

    fn about_cell(&self, cell: Cell) -> Vec<Text> {
        let mut said = vec![match stack(self.stack(cell)) {
            Some(what) => text!(crate::i18n::keys::SPEECH_CELL_ABOUT, cell, what),
            None => text!(crate::i18n::keys::SPEECH_CELL_ABOUT_EMPTY, cell),
        }];
        if let Some(colour) = goal_of(cell) {
            said.push(text!(SPEECH_GOAL_OF, colour));
        }
        if !self.stack(cell).is_empty() {
            said.push(reach(self, cell));
        }
        said
    }

    /// The moves by the piece that makes them: `A1, red dark: to B3, C4 and D4`.
    fn turns_grouped(&self) -> Vec<Text> {
        let turns = self.legal_turns();
        if turns.is_empty() {
            return vec![text!(SPEECH_NO_MOVE, self.to_move())];
        }
        let mut said = vec![text!(SPEECH_MOVES, self.to_move(), turns.len())];
        let mut froms: Vec<Cell> = Vec::new();
        for turn in &turns {
            if !froms.contains(&turn.from) {
                froms.push(turn.from);
            }
        }
        for from in froms {
            let to = turns.iter().filter(|turn| turn.from == from).map(|turn| turn.to);
            let Some(top) = self.stack(from).top() else { continue };
            said.push(text!(SPEECH_MOVES_FROM, from, piece(top), cells(to)));
        }
        said
    }

    /// Ombagui captures nothing: the moves that cover another's piece instead.
    fn captures_now(&self) -> Vec<Text> {
        let covers: Vec<Text> = self
            .legal_turns()
            .into_iter()
            .filter_map(|turn| {
                let under = self.stack(turn.to).top().filter(|top| top.colour != self.to_move())?;
                Some(text!(SPEECH_COVERS, turn.from, turn.to, piece(under)))
            })
            .collect();
        match covers.is_empty() {
            true => vec![text!(SPEECH_NO_CAPTURES), text!(SPEECH_NO_COVER, self.to_move())],
            false => vec![text!(SPEECH_NO_CAPTURES), text!(SPEECH_COVERING, listed(covers))],
        }
    }

    fn score(&self) -> Vec<Text> {
        [Colour::Red, Colour::Blue]
            .map(|colour| {
                let goal = Position::goal(colour);
                text!(SPEECH_SCORE, colour, self.towers_home(colour), cells(goal))
            })
            .into()
    }

    /// `dark from A1 to D3, onto a blue medium`; a light's jumps said as jumps; a tower
    /// finished on a goal said so.
    fn played(turn: &Move, before: &Position, after: &Position) -> Text {
        let Some(moved) = before.stack(turn.from).top() else { return text!(PLAIN, turn.to_string()) };
        let jumped = BOARD.holds(before.jump_landings(turn.from), turn.to);
        let key = if jumped { SPEECH_PLAYED_JUMP } else { SPEECH_PLAYED_MOVE };
        let mut said = text!(key, kind(moved.kind), turn.from, turn.to);
        if let Some(under) = before.stack(turn.to).top() {
            said = text!(SPEECH_PLAYED_ONTO, said, piece(under));
        }
        let home =
            Position::goal(moved.colour).contains(&turn.to) && after.stack(turn.to).is_tower_of(moved.colour);
        if home {
            said = text!(SPEECH_PLAYED_HOME, said, after.towers_home(moved.colour));
        }
        said
    }

    fn won(&self, winner: Colour) -> Text {
        text!(SPEECH_WON, winner, cells(Position::goal(winner)))
    }

    fn picked(table: &Table<Position>) -> Option<Text> {
        let &from = table.picked()?;
        Some(text!(SPEECH_PICKED, from, reach(&table.position(), from)))
    }

    /// What Enter picks up is said with where it may go; Enter on a cell with no piece of
    /// yours says what to type instead.
    fn reworded(said: &Text, cell: Option<Cell>) -> Option<Text> {
        if said.is(PICK_FIRST) {
            return Some(text!(SPEECH_PICK_FIRST, cell.map_or_else(String::new, |cell| cell.to_string())));
        }
        let picked = said.is(PICKED);
        (!picked && !said.is(PROMPT)).then(|| said.clone())
    }
}
