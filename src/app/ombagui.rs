//! How an Ombagui move is entered: Enter picks up a top piece, then puts it down where the
//! rules say it may go. And the pages of Ombagui's rules.

use super::highlights::Highlights;
use super::pages::{Page, Show, scene};
use super::table::Input;
use super::table::Table;
use crate::i18n::ombagui::keys::*;
use crate::i18n::ombagui::kind;
use crate::i18n::{Key, Words, text};
use crate::rules::hex::{Cell, CellSet};
use crate::rules::ombagui::{BOARD, Move, Position};

impl Table<Position> {
    /// Picks up the top piece of `cell` if it is the mover's and can go somewhere.
    fn pick_up(&mut self, cell: Cell) {
        let position = self.position();
        self.status_mut().warn(match position.stack(cell).top() {
            None => text!(PICK_FIRST),
            Some(top) if top.colour != position.to_move() => text!(ILLEGAL_TOP_NOT_YOURS, cell, top.colour),
            Some(top) if position.destinations(cell).is_empty() => text!(NOWHERE, kind(top.kind), cell),
            Some(top) => {
                self.pick(cell);
                self.status_mut().info(text!(PICKED, top.colour, kind(top.kind), cell));
                return;
            }
        });
    }

    /// The cells of the last move.
    pub(crate) fn last_move_cells(&self) -> Vec<Cell> {
        self.read(|record| record.last_turn().cloned()).map(|mv| vec![mv.from, mv.to]).unwrap_or_default()
    }
}

impl Input for Position {
    /// A cell shows its pieces' kinds, and their owners on the line below.
    const CELL_LINES: u16 = 2;
    const PROMPT: Key<1> = PROMPT;
    const PAGES: &'static [Page] = PAGES;

    /// Pick up a piece, move it to a lit cell, or put it back.
    fn act(table: &mut Table<Position>, cell: Cell, picked: Option<Cell>) {
        let position = table.position();
        match picked {
            None => table.pick_up(cell),
            Some(from) if from == cell => table.prompt(),
            Some(from) if BOARD.holds(position.destinations(from), cell) => {
                table.commit(Move { from, to: cell });
            }
            Some(_) if position.stack(cell).top().is_some_and(|top| top.colour == position.to_move()) => {
                table.pick_up(cell);
            }
            Some(from) => {
                // Not a lit cell: the rules say why.
                if let Err(reason) = position.play(Move { from, to: cell }) {
                    table.status_mut().warn(Position::illegal(&reason));
                }
                table.pick(from);
            }
        }
    }

    fn cancel(table: &mut Table<Position>) {
        if table.take_picked().is_some() {
            table.prompt();
        }
    }

    fn lit(table: &Table<Position>, _pointer: Option<Cell>, hint: Option<&Move>) -> Highlights {
        let position = table.position();
        let last = table.last_move_cells().into_iter().filter_map(|cell| BOARD.index(cell)).collect();
        let Some(&from) = table.picked() else {
            // A suggested move is lit like a pick.
            let hint = hint.map(Position::turn_cells).unwrap_or_default();
            let selected = hint.into_iter().filter_map(|cell| BOARD.index(cell)).collect();
            return Highlights { last, selected, ..Highlights::default() };
        };
        let jumps = position.jump_landings(from);
        Highlights {
            last,
            selected: BOARD.index(from).map_or(CellSet::EMPTY, CellSet::single),
            jumps,
            targets: position.destinations(from) - jumps,
            ..Highlights::default()
        }
    }

    fn turn_cells(turn: &Move) -> Vec<Cell> {
        vec![turn.from, turn.to]
    }

    /// A move shows its piece picked up first.
    fn stages(turn: &Move) -> Vec<Cell> {
        vec![turn.from]
    }

    /// Where the piece goes.
    fn pointed(turn: &Move, _: usize) -> Option<Cell> {
        Some(turn.to)
    }

    /// Where the top piece of a cell goes, on its owner's turn whoever is to move.
    fn scene_lit(position: &Position, show: Show) -> Highlights {
        let Show::Targets(name) = show else { return Highlights::default() };
        let Ok(from) = name.parse::<Cell>() else { return Highlights::default() };
        let owner = position.stack(from).top().map(|piece| piece.colour);
        let p = if owner == Some(position.to_move()) { *position } else { position.skipped() };
        let jumps = p.jump_landings(from);
        Highlights { jumps, targets: p.destinations(from) - jumps, ..Highlights::default() }
    }
}

/// Where an Ombagui game starts, as the first page shows it.
const OMBAGUI_START: &str =
    "r/A1=rL.rM.rD,B1=rL.rM.rD,C1=rL.rM.rD,D1=rL.rM.rD,D7=bL.bM.bD,E7=bL.bM.bD,F7=bL.bM.bD,G7=bL.bM.bD";

/// The pages of Ombagui's rules.
pub(crate) const PAGES: &[Page] = &[
    Page {
        title: RULES_BOARD_TITLE,
        text: RULES_BOARD_TEXT,
        scenes: &[scene(
            OMBAGUI_START,
            &[Show::Cells(&["A1", "B1", "C1", "D1", "D7", "E7", "F7", "G7"])],
            None,
            RULES_BOARD_1,
        )],
    },
    Page {
        title: RULES_MOVES_TITLE,
        text: RULES_MOVES_TEXT,
        scenes: &[
            scene("r/D4=rL", &[Show::Mover("D4"), Show::Targets("D4")], None, RULES_MOVES_1),
            scene("r/D4=rM", &[Show::Mover("D4"), Show::Targets("D4")], None, RULES_MOVES_2),
            scene("r/D4=rD", &[Show::Mover("D4"), Show::Targets("D4")], None, RULES_MOVES_3),
        ],
    },
    Page {
        title: RULES_BLOCKED_TITLE,
        text: RULES_BLOCKED_TEXT,
        scenes: &[scene("r/D4=rD,D5=bL", &[Show::Targets("D4")], Some("D4-D5"), RULES_BLOCKED_1)],
    },
    Page {
        title: RULES_STACKING_TITLE,
        text: RULES_STACKING_TEXT,
        scenes: &[
            scene("r/B2=rL,C2=rM,D2=rD,B4=rL.rM,C4=rL.rD,D4=rM.rD,E4=rL.rM.rD", &[], None, RULES_STACKING_1),
            scene("r/D1=rD,D4=bL.bM,A1=bL", &[Show::Targets("D1")], Some("D1-D4"), RULES_STACKING_2),
            scene("b/A1=bL,D4=bL.bM.rD", &[Show::Cells(&["D4"])], None, RULES_STACKING_3),
        ],
    },
    Page {
        title: RULES_JUMPS_TITLE,
        text: RULES_JUMPS_TEXT,
        scenes: &[
            scene(
                "r/D2=rL,D3=bL.bM.bD,E5=rL.rM.rD,A1=bM",
                &[Show::Targets("D2")],
                Some("D2-F6"),
                RULES_JUMPS_1,
            ),
            scene("b/A1=bM,D3=bL.bM.bD,E5=rL.rM.rD,F6=rL", &[Show::Cells(&["F6"])], None, RULES_JUMPS_2),
        ],
    },
    Page {
        title: RULES_COVERING_TITLE,
        text: RULES_COVERING_TEXT,
        scenes: &[scene("b/D4=bL.rM,A1=rD", &[Show::Cells(&["D4"])], None, RULES_COVERING_1)],
    },
    Page {
        title: RULES_GOAL_TITLE,
        text: RULES_GOAL_TEXT,
        scenes: &[
            scene(
                "r/D7=rL.rM.rD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM,D4=rD,A1=bL",
                &[Show::Targets("D4")],
                Some("D4-G7"),
                RULES_GOAL_1,
            ),
            scene("b/D7=rL.rM.rD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM.rD,A1=bL", &[], None, RULES_GOAL_2),
        ],
    },
    Page {
        title: RULES_CHOICES_TITLE,
        text: RULES_CHOICES_TEXT,
        scenes: &[scene(
            "r/D4=rM,C3=bD,C4=bD,D3=bD,E4=bD,E5=rD,C5=rD,D6=rD,E6=rD",
            &[Show::Mover("D4")],
            None,
            RULES_CHOICES_1,
        )],
    },
];
