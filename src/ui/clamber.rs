//! How a Clamber game looks: stacks by owner letter and height, and in the panel the
//! stacks and pieces of each player, and the stack under the cursor with its groups.

use super::board::{self, CellText};
use super::game::{Look, player_line, wrap_words};
use super::theme::{self, Mark};
use crate::app::table::{Selecting, Table};
use crate::i18n::{colour, count};
use crate::rules::Colour;
use crate::rules::clamber::{CaptureKind, Position};
use crate::rules::hex::Cell;
use crate::t;
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
    const NOTES: &'static [&'static str] = &["note.clamber_stack"];

    fn title(&self) -> String {
        t!("game.clamber", self.board().side())
    }

    /// A stack as its owner's letter and its height (`b3`), or a dot on an empty cell.
    fn write(&self, cell: Cell, style: Style) -> CellText {
        let Some(stack) = self.stack(cell) else { return vec![board::empty(style)] };
        let height = if stack.height() > 99 { "++".to_string() } else { stack.height().to_string() };
        vec![vec![Span::styled(
            format!("{}{height}", stack.owner().letter()),
            theme::player(stack.owner()).patch(style),
        )]]
    }

    fn facts(table: &Table<Position>) -> Vec<Line<'static>> {
        let position = Position::shown(table);
        let to_move = table.to_move();
        let over = table.end().is_some();
        let mut lines: Vec<Line> = [Colour::Blue, Colour::Red]
            .into_iter()
            .map(|player| {
                let (stacks, pieces) = (position.cells_of(player).len(), position.pieces_of(player) as usize);
                let what = format!("{:>9}{:>10}", count(stacks, "stack"), count(pieces, "piece"));
                player_line(player, player == to_move && !over, what)
            })
            .collect();
        lines.push(Line::raw(""));
        let Some(cell) = table.pointer() else { return lines };
        match position.stack(cell) {
            Some(stack) => {
                lines.push(Line::from(vec![
                    Span::raw(format!("{cell}: ")),
                    Span::styled(
                        t!("panel.clamber_stack", colour(stack.owner()), stack.height()),
                        theme::player(stack.owner()),
                    ),
                ]));
                let (group, sub_group) = (position.group(cell), position.sub_group(cell));
                lines.push(Line::raw(t!("panel.groups", group.len(), sub_group.len())));
                // On a target the marks give way to the cursor: say what that capture is.
                if let Some(&(_, kind)) = table.targets().iter().find(|&&(target, _)| target == cell) {
                    let removed = position.removed_by_capture(cell);
                    let removed: Vec<String> =
                        position.board().cells_of(removed).map(|c| c.to_string()).collect();
                    let removed =
                        if removed.is_empty() { t!("panel.removes_nothing") } else { removed.join(", ") };
                    let key = if kind == CaptureKind::Lower {
                        "panel.capture_lower"
                    } else {
                        "panel.capture_equal"
                    };
                    let width = usize::from(crate::app::layout::PANEL_WIDTH - 2);
                    lines.extend(
                        wrap_words(&t!(key, removed), width)
                            .into_iter()
                            .map(|line| Line::styled(line, theme::HEADING)),
                    );
                }
            }
            None => lines.extend([Line::raw(t!("panel.empty", cell)), Line::raw("")]),
        }
        lines
    }
}
