//! How a Clamber turn is entered: Enter places, selects a stack, builds a capture chain;
//! Esc ends the chain. The targets come from the rules' legal turns, filtered by the chain
//! so far. And the pages of Clamber's rules.

use super::highlights::Highlights;
use super::pages::{Page, Show, scene, under_way};
use super::table::Input;
use super::table::Table;
use crate::i18n::Key;
use crate::i18n::clamber::keys::*;
use crate::i18n::text;
use crate::rules::clamber::{CaptureKind, Chain, Position, Turn};
use crate::rules::hex::{Cell, CellSet};

impl Table<Position> {
    /// The cells the picked stack may capture next, each with its kind.
    pub(crate) fn targets(&self) -> Vec<(Cell, CaptureKind)> {
        match self.picked() {
            Some(chain) => self.position().next_captures(chain.from, &chain.captured),
            None => Vec::new(),
        }
    }

    /// The cells of the last turn played, with the stacks its captures removed.
    pub(crate) fn last_turn_cells(&self) -> Vec<Cell> {
        self.read(|record| {
            let Some((turn, before, after)) = record.last_turn_played() else { return Vec::new() };
            let removed = before.board().cells_of(before.emptied(&after));
            turn.cells().into_iter().chain(removed).collect()
        })
    }

    fn act_unpicked(&mut self, cell: Cell) {
        let position = self.position();
        match position.stack(cell) {
            None => {
                self.commit(Turn::Place(cell));
            }
            Some(stack) if stack.owner() != position.to_move() => {
                self.status_mut().warn(text!(ILLEGAL_NOT_YOURS, cell, stack.owner()));
            }
            Some(_) if position.next_captures(cell, &[]).is_empty() => {
                self.status_mut().warn(text!(NO_CAPTURE, cell));
            }
            Some(_) => {
                self.pick(Chain { from: cell, captured: Vec::new() });
                self.status_mut().info(text!(SELECTED, cell));
            }
        }
    }

    /// Enter with a stack picked: the chain is put back if it goes on.
    fn act_in_chain(&mut self, mut chain: Chain, cell: Cell) {
        if cell == chain.capturer() {
            if chain.captured.is_empty() {
                self.prompt();
            } else {
                self.commit(chain.turn());
            }
            return;
        }
        let position = self.position();
        if position.next_captures(chain.from, &chain.captured).iter().any(|&(target, _)| target == cell) {
            chain.captured.push(cell);
            // The rules list no longer turn after a lower capture, so it ends there.
            if position.next_captures(chain.from, &chain.captured).is_empty() {
                self.commit(chain.turn());
            } else {
                self.status_mut().info(text!(AGAIN, cell));
                self.pick(chain);
            }
            return;
        }
        // Before any capture, Enter on an empty cell or on another own stack starts afresh there.
        let afresh = position.stack(cell).is_none_or(|stack| stack.owner() == position.to_move());
        if chain.captured.is_empty() && afresh {
            self.act_unpicked(cell);
            return;
        }
        // Not a lit target: let the rules say why.
        let mut tried = chain.clone();
        tried.captured.push(cell);
        self.status_mut().warn(match position.play(&tried.turn()) {
            Err(reason) => <Position as crate::i18n::Words>::illegal(&reason),
            Ok(_) => text!(CANNOT, cell),
        });
        self.pick(chain);
    }
}

impl Input for Position {
    const CELL_LINES: u16 = 1;
    const PROMPT: Key<1> = PROMPT;
    const PAGES: &'static [Page] = PAGES;

    /// Place, select, capture, or end a chain.
    fn act(table: &mut Table<Position>, cell: Cell, chain: Option<Chain>) {
        match chain {
            None => table.act_unpicked(cell),
            Some(chain) => table.act_in_chain(chain, cell),
        }
    }

    /// A chain under way, the cursor on the stack that captures next.
    fn take_up(table: &mut Table<Position>, chain: Chain) {
        table.point_at(chain.capturer());
        table.status_mut().info(text!(AGAIN, chain.capturer()));
        table.pick(chain);
    }

    /// Drop the selection, or end a chain after at least one capture.
    fn cancel(table: &mut Table<Position>) {
        match table.take_picked() {
            Some(chain) if !chain.captured.is_empty() => {
                table.commit(chain.turn());
            }
            Some(_) => table.prompt(),
            None => {}
        }
    }

    /// A chain with a capture made is a turn already.
    fn begun(chain: &Chain) -> Option<Turn> {
        (!chain.captured.is_empty()).then(|| chain.turn())
    }

    fn shown(table: &Table<Position>) -> Position {
        let position = table.position();
        match table.picked() {
            Some(chain) if !chain.captured.is_empty() => position.play(&chain.turn()).unwrap_or(position),
            _ => position,
        }
    }

    fn lit(table: &Table<Position>, pointer: Option<Cell>, hint: Option<&Turn>) -> Highlights {
        let shown = Position::shown(table);
        let board = shown.board();
        let cells = |cells: &mut dyn Iterator<Item = Cell>| -> CellSet {
            cells.filter_map(|cell| board.index(cell)).collect()
        };
        let targets = table.targets();
        let of_kind = |kind| cells(&mut targets.iter().filter(|t| t.1 == kind).map(|t| t.0));
        let on_target = pointer.is_some_and(|pointer| targets.iter().any(|&(cell, _)| cell == pointer));
        Highlights {
            selected: match (table.picked(), hint) {
                (Some(chain), _) => cells(&mut chain.cells()),
                (None, Some(turn)) => cells(&mut turn.cells().into_iter()),
                _ => CellSet::EMPTY,
            },
            removed: match pointer {
                Some(pointer) if on_target => shown.removed_by_capture(pointer),
                _ => CellSet::EMPTY,
            },
            equal: of_kind(CaptureKind::Equal),
            targets: of_kind(CaptureKind::Lower),
            last: cells(&mut table.last_turn_cells().into_iter()),
            group: pointer.map_or(CellSet::EMPTY, |pointer| shown.group(pointer)),
            sub_group: pointer.map_or(CellSet::EMPTY, |pointer| shown.sub_group(pointer)),
            ..Highlights::default()
        }
    }

    fn turn_cells(turn: &Turn) -> Vec<Cell> {
        turn.cells()
    }

    /// A capture shows its stack selected, then each capture of its chain in turn.
    fn stages(turn: &Turn) -> Vec<Chain> {
        match turn {
            Turn::Place(_) => Vec::new(),
            Turn::Capture { from, captured } => (0..=captured.len())
                .map(|made| Chain { from: *from, captured: captured[..made].to_vec() })
                .collect(),
        }
    }

    /// The stack it captures next.
    fn pointed(turn: &Turn, stage: usize) -> Option<Cell> {
        match turn {
            Turn::Place(cell) => Some(*cell),
            Turn::Capture { captured, .. } => captured.get(stage).copied(),
        }
    }

    /// Groups, sub-groups, what a capture removes, and the captures of a stack, asked on
    /// the turn of the stack's owner whoever is to move in the scene.
    fn scene_lit(position: &Position, show: Show) -> Highlights {
        let cell = |name: &str| name.parse::<Cell>().ok();
        let mut lit = Highlights::default();
        match show {
            Show::Group(name) => lit.group = cell(name).map_or(CellSet::EMPTY, |c| position.group(c)),
            Show::SubGroup(name) => {
                lit.sub_group = cell(name).map_or(CellSet::EMPTY, |c| position.sub_group(c))
            }
            Show::Removed(name) => {
                lit.removed = cell(name).map_or(CellSet::EMPTY, |c| position.removed_by_capture(c))
            }
            Show::Targets(name) | Show::EqualTargets(name) => {
                let Some(from) = cell(name) else { return lit };
                let owner = position.stack(from).map(|stack| stack.owner());
                let p = if owner == Some(position.to_move()) { *position } else { position.skipped() };
                for (target, kind) in p.next_captures(from, &[]) {
                    let Some(i) = position.board().index(target) else { continue };
                    match kind {
                        CaptureKind::Equal => lit.equal.insert(i),
                        CaptureKind::Lower if !matches!(show, Show::EqualTargets(_)) => lit.targets.insert(i),
                        CaptureKind::Lower => {}
                    }
                }
            }
            Show::Cells(_) | Show::Mover(_) | Show::Neighbours(_) => {}
        }
        lit
    }
}

/// The position the chain of the equal captures page starts from.
const CHAIN_START: &str = "3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3";

/// The pages of Clamber's rules.
pub(crate) const PAGES: &[Page] = &[
    Page {
        title: RULES_BOARD_TITLE,
        text: RULES_BOARD_TEXT,
        scenes: &[scene("3/b/-", &[Show::Neighbours("C3")], None, RULES_BOARD_1)],
    },
    Page {
        title: RULES_OBJECTIVE_TITLE,
        text: RULES_OBJECTIVE_TEXT,
        scenes: &[scene("3/r/B2=b2,C3=b3,D4=b4", &[], None, RULES_OBJECTIVE_1)],
    },
    Page {
        title: RULES_STACKS_TITLE,
        text: RULES_STACKS_TEXT,
        scenes: &[scene(
            "3/b/A1=b1,B3=r1,C3=b2,D4=r3,E3=b12",
            &[Show::Cells(&["A1", "B3"])],
            None,
            RULES_STACKS_1,
        )],
    },
    Page {
        title: RULES_GROUPS_TITLE,
        text: RULES_GROUPS_TEXT,
        scenes: &[
            scene(
                "3/b/A3=b1,B2=b2,C3=b1,D3=b2,D4=b2,D2=r1,E5=r2",
                &[Show::Group("D3")],
                None,
                RULES_GROUPS_1,
            ),
            scene(
                "3/b/A3=b1,B2=b2,C3=b1,D3=b2,D4=b2,D2=r1,E5=r2",
                &[Show::Group("D3"), Show::SubGroup("D3")],
                None,
                RULES_GROUPS_2,
            ),
        ],
    },
    Page {
        title: RULES_PLACEMENT_TITLE,
        text: RULES_PLACEMENT_TEXT,
        scenes: &[
            scene("3/b/C3=r1", &[], Some("A1"), RULES_PLACEMENT_1),
            scene("3/r/A1=b1,C3=r1", &[], None, RULES_PLACEMENT_2),
        ],
    },
    Page {
        title: RULES_LOWER_TITLE,
        text: RULES_LOWER_TEXT,
        scenes: &[
            scene(
                "3/r/C3=r3,D3=b1,D4=b1,E4=b1,E3=b2",
                &[Show::Mover("C3"), Show::Targets("C3"), Show::Removed("D3")],
                Some("C3xD3"),
                RULES_LOWER_1,
            ),
            scene("3/b/C3=r3,D3=r2,E3=b2", &[Show::Cells(&["C3", "D3"])], None, RULES_LOWER_2),
        ],
    },
    Page {
        title: RULES_EQUAL_TITLE,
        text: RULES_EQUAL_TEXT,
        scenes: &[
            scene(
                CHAIN_START,
                &[Show::Mover("B2"), Show::Group("C4"), Show::EqualTargets("B2"), Show::Removed("C4")],
                Some("B2xC4"),
                RULES_EQUAL_1,
            ),
            under_way(
                CHAIN_START,
                "B2xC4",
                scene(
                    "3/b/B2=b2,B3=r1,C4=b3,D5=r1,E4=r3,E5=r3",
                    &[Show::Mover("C4"), Show::EqualTargets("C4"), Show::Removed("E5")],
                    Some("C4xE5"),
                    RULES_EQUAL_2,
                ),
            ),
            scene(
                "3/r/B2=b2,B3=r1,C4=b3,D5=r1,E5=b4",
                &[Show::Cells(&["B2", "C4", "E5"])],
                None,
                RULES_EQUAL_3,
            ),
        ],
    },
    Page {
        title: RULES_MIX_TITLE,
        text: RULES_MIX_TEXT,
        scenes: &[scene(
            "3/b/C3=b2,D3=r1,B2=r2,E5=r2",
            &[Show::Mover("C3"), Show::Targets("C3")],
            None,
            RULES_MIX_1,
        )],
    },
    Page {
        title: RULES_SKIP_TITLE,
        text: RULES_SKIP_TEXT,
        scenes: &[scene(
            "2/b/A1=b1,A2=b1,B1=b1,B2=r3,B3=b1,C2=b1,C3=b1",
            &[Show::Mover("B2"), Show::Targets("B2")],
            None,
            RULES_SKIP_1,
        )],
    },
    Page {
        title: RULES_WINNING_TITLE,
        text: RULES_WINNING_TEXT,
        scenes: &[
            scene(
                "3/b/B2=b2,C3=r2,D4=r3,E4=r3",
                &[Show::Mover("B2"), Show::Targets("B2")],
                Some("B2xC3xD4"),
                RULES_WINNING_1,
            ),
            scene("3/r/B2=b2,C3=b3,D4=b4", &[], None, RULES_WINNING_2),
        ],
    },
    Page {
        title: RULES_CHOICES_TITLE,
        text: RULES_CHOICES_TEXT,
        scenes: &[scene("4/b/-", &[], None, RULES_CHOICES_1)],
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Budget, Level};
    use crate::app::advisor::{Purpose, Searcher, Thinking};
    use crate::app::review::Reviewing;
    use crate::record::Record;
    use crate::rules::Colour;
    use crate::rules::hex::Board;
    use std::sync::Arc;
    use std::sync::atomic::Ordering;
    use std::time::{Duration, Instant};

    #[test]
    fn the_advisor_finds_the_win_on_its_thread_and_stops_when_dropped() {
        let position: Position = "3/b/B2=b2,C3=r2,D4=r3,E4=r3".parse().unwrap();
        let budget = Budget { nodes: Some(50_000), ..Budget::default() };
        let advice =
            Thinking::start(&Searcher::default(), position, Vec::new(), (budget, Purpose::Advice), 0)
                .wait()
                .expect("advice");
        assert_eq!(advice.turn.to_string(), "B2xC3xD4");
        assert_eq!(advice.ahead().map(|(colour, _)| colour), Some(Colour::Blue));
        // Dropped at once, a long search ends without anyone waiting.
        let long = Budget { time: Some(Duration::from_secs(60)), ..Budget::default() };
        let started = Instant::now();
        let searcher = Searcher::default();
        let start = Position::start(Board::SIDE_4);
        let thinking: Thinking<Turn> =
            Thinking::start(&searcher, start, Vec::new(), (long, Purpose::Turn), 0);
        let stop = Arc::clone(&thinking.stop);
        drop(thinking);
        assert!(stop.load(Ordering::Relaxed));
        assert!(started.elapsed() < Duration::from_secs(1), "dropping does not wait");
        // The next search takes the searcher over as soon as the stopped one lets it go.
        let next = Thinking::start(&searcher, start, Vec::new(), (budget, Purpose::Turn), 1).wait();
        assert!(next.is_some_and(|advice| start.play(&advice.turn).is_ok()));
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn a_review_stops_its_worker_when_it_is_left() {
        let mut record = Record::new(Position::start(Board::SIDE_3));
        for turn in ["C3", "D4", "B2", "E4"] {
            record.play(&turn.parse().unwrap()).unwrap();
        }
        // A level that would look for seconds at each position.
        let mut review = Reviewing::new(&record, None, Level::ALL[4], Default::default());
        review.update();
        assert!(review.worker.is_some(), "started");
        let started = Instant::now();
        drop(review);
        assert!(started.elapsed() < Duration::from_secs(2), "left at once");
    }
}
