//! Clamber in words: stacks by colour and height, a stack's group and sub-group and what it
//! may capture, what each capture removes, each turn and what it did. All of it asked of
//! the rules (the legal turns, `next_captures`, `removed_by_capture`, `emptied`), as the
//! board's marks and the side panel ask it.

use super::{Spoken, cells, joined, listed};
use crate::app::table::Table;
use crate::i18n::clamber::keys::*;
use crate::i18n::clamber::{PIECES, STACKS};
use crate::i18n::{Arg, Key, Text, text};
use crate::rules::clamber::{CaptureKind, Position, Turn};
use crate::rules::hex::Cell;
use crate::rules::{Colour, Game};

/// A count of things, said with its noun.
fn count(count: usize, noun: crate::i18n::Noun) -> Text {
    text!(crate::i18n::keys::PLAIN, Arg::Count(count, noun))
}

/// A possible capture of `target`, with its kind and what it would remove, in `position`.
fn capture(position: &Position, target: Cell, kind: CaptureKind) -> Text {
    let kind = match kind {
        CaptureKind::Lower => text!(SPEECH_KIND_LOWER),
        CaptureKind::Equal => text!(SPEECH_KIND_EQUAL),
    };
    let removed = position.board().cells_of(position.removed_by_capture(target)).collect::<Vec<_>>();
    match removed.is_empty() {
        true => text!(SPEECH_CAPTURE_ALONE, target, kind),
        false => text!(SPEECH_CAPTURE, target, kind, cells(removed)),
    }
}

/// The captures the stack on `from` may make first, each with its kind and removal.
fn captures_from(position: &Position, from: Cell) -> Vec<Text> {
    let next = position.next_captures(from, &[]);
    next.into_iter().map(|(target, kind)| capture(position, target, kind)).collect()
}

/// What a capture turn removed besides what it took: `D4 and E4 are removed`.
fn removed(before: &Position, after: &Position) -> Option<Text> {
    let gone: Vec<Cell> = before.board().cells_of(before.emptied(after)).collect();
    match gone.len() {
        0 => None,
        1 => Some(text!(SPEECH_REMOVED_ONE, gone[0])),
        _ => Some(text!(SPEECH_REMOVED_MANY, cells(gone))),
    }
}

impl Spoken for Position {
    const TURN_FORMS: Key<0> = SPEECH_TURN_FORMS;

    fn on_cell(&self, cell: Cell) -> Option<Text> {
        let stack = self.stack(cell)?;
        let key = match stack.owner() {
            Colour::Blue => SPEECH_STACK_BLUE,
            Colour::Red => SPEECH_STACK_RED,
        };
        Some(text!(key, stack.height()))
    }

    fn owned(&self, colour: Colour) -> Text {
        let stacks: Vec<Text> = self
            .stacks()
            .filter(|(_, stack)| stack.owner() == colour)
            .map(|(cell, stack)| text!(SPEECH_OWNED_STACK, cell, stack.height()))
            .collect();
        match stacks.len() {
            0 => text!(SPEECH_OWNED_NONE, colour),
            n => text!(SPEECH_OWNED, colour, count(n, STACKS), joined(stacks)),
        }
    }

    /// What stands there, its group and sub-group, and what it may capture on its owner's
    /// turn (whoever is to move), as the rules page's examples light it.
    fn about_cell(&self, cell: Cell) -> Vec<Text> {
        let Some(stack) = self.stack(cell) else {
            return vec![text!(crate::i18n::keys::SPEECH_CELL_ABOUT_EMPTY, cell)];
        };
        let board = self.board();
        let on_cell = self.on_cell(cell).unwrap_or_else(|| text!(crate::i18n::keys::PLAIN, ""));
        let mut said = vec![text!(crate::i18n::keys::SPEECH_CELL_ABOUT, cell, on_cell)];
        let (group, sub_group) = (self.group(cell), self.sub_group(cell));
        said.push(match group.len() {
            1 => text!(SPEECH_GROUP_ALONE),
            _ => text!(SPEECH_GROUP, cells(board.cells_of(group)), cells(board.cells_of(sub_group))),
        });
        let owner = stack.owner();
        let on_its_turn = if owner == self.to_move() { *self } else { self.skipped() };
        let captures = captures_from(&on_its_turn, cell);
        said.push(match captures.is_empty() {
            true => text!(SPEECH_NO_CAPTURE, owner),
            false => text!(SPEECH_MAY_CAPTURE, owner, listed(captures)),
        });
        said
    }

    fn turns_grouped(&self) -> Vec<Text> {
        let turns = self.legal_turns();
        if turns.is_empty() {
            return vec![text!(SPEECH_NO_TURN, self.to_move())];
        }
        let placements = turns.iter().filter(|turn| matches!(turn, Turn::Place(_))).count();
        let captures: Vec<Text> = turns
            .iter()
            .filter(|turn| matches!(turn, Turn::Capture { .. }))
            .map(|turn| text!(crate::i18n::keys::PLAIN, turn.to_string()))
            .collect();
        let mut said = vec![text!(SPEECH_TURNS, self.to_move(), turns.len())];
        if placements > 0 {
            said.push(text!(SPEECH_PLACEMENTS, placements));
        }
        said.push(match captures.is_empty() {
            true => text!(SPEECH_CAPTURES_NONE, self.to_move()),
            false => text!(SPEECH_CAPTURES_ARE, joined(captures)),
        });
        said
    }

    /// Each capture turn, and what it takes and removes.
    fn captures_now(&self) -> Vec<Text> {
        let mut said = Vec::new();
        for (turn, after) in self.legal_turns_with_results() {
            let Turn::Capture { captured, .. } = &turn else { continue };
            let taken = cells(captured.iter().copied());
            let gone = self.emptied(&after);
            said.push(match gone.is_empty() {
                false => {
                    text!(SPEECH_CAPTURE_TURN, turn.to_string(), taken, cells(self.board().cells_of(gone)))
                }
                true => text!(SPEECH_CAPTURE_TURN_ALONE, turn.to_string(), taken),
            });
        }
        if said.is_empty() {
            said.push(text!(SPEECH_CAPTURES_NONE, self.to_move()));
        }
        said
    }

    fn score(&self) -> Vec<Text> {
        [Colour::Blue, Colour::Red]
            .map(|colour| {
                let stacks = count(self.cells_of(colour).len(), STACKS);
                text!(SPEECH_SCORE, colour, stacks, count(self.pieces_of(colour) as usize, PIECES))
            })
            .into()
    }

    /// `places a piece on C3`; `C3 takes D3, a lower capture; D3 is red 2; D4 and E4 are
    /// removed`, a chain's captures one after the other.
    fn played(turn: &Turn, before: &Position, after: &Position) -> Text {
        let Turn::Capture { from, captured } = turn else {
            return text!(SPEECH_PLAYED_PLACE, turn.cells()[0]);
        };
        let targets = captured.iter().map(|&cell| text!(crate::i18n::keys::PLAIN, cell)).collect::<Vec<_>>();
        let kind = match (captured.len(), before.capture_kind(*from, captured[0])) {
            (1, Some(CaptureKind::Lower)) => text!(SPEECH_KIND_LOWER),
            (1, _) => text!(SPEECH_KIND_EQUAL),
            _ => text!(SPEECH_KIND_CHAIN),
        };
        let then = targets
            .into_iter()
            .reduce(|all, next| text!(SPEECH_THEN, all, next))
            .unwrap_or(text!(crate::i18n::keys::PLAIN, ""));
        let results: Vec<Text> = captured
            .iter()
            .filter_map(|&cell| after.on_cell(cell).map(|stack| text!(SPEECH_BECOMES, cell, stack)))
            .collect();
        let took = text!(SPEECH_TAKES, *from, then, kind);
        match removed(before, after) {
            Some(removed) => text!(SPEECH_PLAYED_CAPTURE, took, joined(results), removed),
            None => text!(SPEECH_PLAYED_CAPTURE_ALONE, took, joined(results)),
        }
    }

    fn won(&self, winner: Colour) -> Text {
        text!(SPEECH_WON, winner, winner.other())
    }

    /// The stack selected and what it may capture, or the chain so far and what it may take
    /// next, from the targets the board lights.
    fn picked(table: &Table<Position>) -> Option<Text> {
        let chain = table.picked()?;
        let shown = <Position as crate::app::table::Input>::shown(table);
        let targets: Vec<Text> =
            table.targets().into_iter().map(|(target, kind)| capture(&shown, target, kind)).collect();
        Some(match chain.captured.is_empty() {
            true => text!(SPEECH_SELECTED, chain.from, listed(targets)),
            false => text!(
                SPEECH_CHAIN,
                chain.from,
                cells(chain.captured.iter().copied()),
                chain.capturer(),
                listed(targets)
            ),
        })
    }

    /// What Enter selects, and a chain that goes on, are said with what they may capture.
    fn reworded(text: &Text, _: Option<Cell>) -> Option<Text> {
        let keys: [Key<1>; 3] = [PROMPT, SELECTED, AGAIN];
        (!keys.iter().any(|&key| text.is(key))).then(|| text.clone())
    }
}
