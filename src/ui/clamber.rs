//! How a Clamber game looks: stacks by owner letter and height, and in the panel the
//! stacks and pieces of each player, and the stack under the cursor with its groups.

use super::board::{self, CellText};
use super::game::{Look, player_line, wrap_words};
use super::say::Say;
use crate::app::game::GameScreen;
use crate::app::table::Input;
use crate::i18n::clamber::keys::*;
use crate::i18n::clamber::{PIECES, STACKS};
use crate::i18n::{Arg, Key, text};
use crate::rules::Colour;
use crate::rules::clamber::{CaptureKind, Position};
use crate::rules::hex::Cell;
use crate::theme::{self, Mark};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

impl Look for Position {
    const FIRST: Colour = Colour::Blue;
    const MARKS: &'static [Mark] = &[
        Mark::Cursor,
        Mark::Selected,
        Mark::Target,
        Mark::Equal,
        Mark::Removed,
        Mark::Last,
        Mark::Group,
        Mark::SubGroup,
    ];
    const NOTES: &'static [Key<0>] = &[NOTE_STACK];

    /// A stack as its owner's letter and its height (`b3`), or a dot on an empty cell.
    fn write(&self, cell: Cell, style: Style, say: Say) -> CellText {
        let Some(stack) = self.stack(cell) else { return vec![board::empty(style, say.theme)] };
        let height = if stack.height() > 99 { "++".to_string() } else { stack.height().to_string() };
        vec![vec![Span::styled(
            format!("{}{height}", stack.owner().letter()),
            say.theme.player(stack.owner()).patch(style),
        )]]
    }

    fn facts(
        game: &GameScreen<Position>,
        pointer: Option<Cell>,
        say: Say,
        width: usize,
    ) -> Vec<Line<'static>> {
        let table = &game.table;
        let position = Position::shown(table);
        let to_move = table.to_move();
        let over = table.end().is_some();
        let count = |count: usize, noun| say.text(&text!(crate::i18n::keys::PLAIN, Arg::Count(count, noun)));
        let mut lines: Vec<Line> = [Colour::Blue, Colour::Red]
            .into_iter()
            .map(|player| {
                let (stacks, pieces) = (position.cells_of(player).len(), position.pieces_of(player) as usize);
                let (stacks, pieces) = (count(stacks, STACKS), count(pieces, PIECES));
                // In columns where they fit; a narrow panel keeps the stacks, which decide.
                let what = match width {
                    28.. => format!("{stacks:>9}{pieces:>10}"),
                    _ if 10 + stacks.chars().count() + pieces.chars().count() <= width => {
                        format!("{stacks} {pieces}")
                    }
                    _ => stacks,
                };
                player_line(player, player == to_move && !over, what, say)
            })
            .collect();
        lines.push(Line::raw(""));
        let Some(cell) = pointer else { return lines };
        let Some(stack) = position.stack(cell) else {
            lines.extend([Line::raw(say.text(&text!(crate::i18n::keys::PANEL_EMPTY, cell))), Line::raw("")]);
            return lines;
        };
        let (at, what) = (
            say.text(&text!(crate::i18n::keys::PANEL_CELL, cell, String::new())),
            say.text(&text!(PANEL_STACK, stack.owner(), stack.height())),
        );
        let owner = say.theme.player(stack.owner());
        match at.chars().count() + what.chars().count() <= width {
            true => lines.push(Line::from(vec![Span::raw(at), Span::styled(what, owner)])),
            // A narrow panel wraps it at its words, never cuts it.
            false => lines.extend(
                wrap_words(&format!("{at}{what}"), width).into_iter().map(|line| Line::styled(line, owner)),
            ),
        }
        let (group, sub_group) = (position.group(cell), position.sub_group(cell));
        let groups = say.text(&text!(PANEL_GROUPS, group.len(), sub_group.len()));
        match groups.chars().count() <= width {
            true => lines.push(Line::raw(groups)),
            // Too narrow for one line: the group's size on one, the sub-group's on the next.
            false => {
                lines.extend(groups.split(" · ").flat_map(|part| wrap_words(part, width)).map(Line::raw))
            }
        }
        // On a target the marks give way to the cursor: say what that capture is.
        if let Some(&(_, kind)) = table.targets().iter().find(|&&(target, _)| target == cell) {
            let removed: Vec<String> =
                position.board().cells_of(position.removed_by_capture(cell)).map(|c| c.to_string()).collect();
            let removed = match removed.is_empty() {
                true => text!(PANEL_REMOVES_NOTHING),
                false => text!(PANEL_REMOVES, removed.join(", ")),
            };
            let key = if kind == CaptureKind::Lower { PANEL_CAPTURE_LOWER } else { PANEL_CAPTURE_EQUAL };
            lines.extend(
                wrap_words(&say.text(&text!(key, removed)), width)
                    .into_iter()
                    .map(|line| Line::styled(line, theme::HEADING)),
            );
        }
        lines
    }
}
