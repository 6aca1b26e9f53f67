//! How a Clamber game looks: stacks by owner letter and height, the highlights of the
//! cursor, the selection, the targets and what a capture would remove.

use super::board::{self, CellLook, marked};
use super::{View, move_list, player_line, theme};
use crate::app::Playing;
use crate::app::clamber::ClamberGame;
use crate::app::layout::BoardLayout;
use crate::i18n::{colour, count};
use crate::rules::Colour;
use crate::rules::clamber::{CaptureKind, Stack};
use crate::rules::hex::Cell;
use crate::t;
use ratatui::buffer::Buffer;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// The marks either side of a cell, with a word for the panel's legend and a sentence
/// for the help.
const MARKS: [(&str, &str, &str); 6] = [
    ("[ ]", "mark.cursor", "mark.cursor.long"),
    ("( )", "mark.selected", "mark.selected.long"),
    ("> <", "mark.lower", "mark.lower.long"),
    ("= =", "mark.equal", "mark.equal.long"),
    ("x x", "mark.removed", "mark.removed.long"),
    ("* *", "mark.last", "mark.last.long"),
];

/// A stack as its owner's letter and its height (`b3`), or a dot on an empty cell; on a
/// light highlight (`light`) in darker colours.
pub(super) fn cell_text(stack: Option<Stack>, background: Style, light: bool) -> Vec<Span<'static>> {
    match stack {
        Some(stack) => {
            let style =
                if light { theme::player_on_light(stack.owner()) } else { theme::player(stack.owner()) };
            let height = if stack.height() > 99 { "++".to_string() } else { stack.height().to_string() };
            vec![Span::styled(format!("{}{height}", stack.owner().letter()), background.patch(style))]
        }
        None => vec![Span::styled("·", background.patch(theme::EMPTY_CELL))],
    }
}

impl View for ClamberGame {
    fn title(&self) -> String {
        t!("game.clamber", self.table.position().board().side())
    }

    fn playing(&self) -> &dyn Playing {
        self
    }

    fn draw_board(&self, layout: &BoardLayout, buf: &mut Buffer) {
        let shown = self.shown();
        let targets = self.targets();
        let preview = self.preview();
        let (group, sub_group) = self.cursor_groups();
        let chain: Vec<Cell> =
            self.chain.iter().flat_map(|c| std::iter::once(c.from).chain(c.captured.clone())).collect();
        let last = if self.chain.is_some() { Vec::new() } else { self.last_turn_cells() };
        let board = shown.board();
        let cursor = self.table.cursor;
        board::draw(layout, buf, |cell| -> Vec<CellLook> {
            let index = board.index(cell).unwrap_or(0);
            let target = targets.iter().find(|&&(c, _)| c == cell).map(|&(_, kind)| kind);
            let (background, mark) = if chain.contains(&cell) {
                (theme::SELECTED, Some(MARKS[1].0))
            } else if preview.contains(index) {
                (theme::REMOVED, Some(MARKS[4].0))
            } else if let Some(kind) = target {
                match kind {
                    CaptureKind::Lower => (theme::LOWER_TARGET, Some(MARKS[2].0)),
                    CaptureKind::Equal => (theme::EQUAL_TARGET, Some(MARKS[3].0)),
                }
            } else if last.contains(&cell) {
                (theme::LAST_TURN, Some(MARKS[5].0))
            } else if sub_group.contains(index) {
                (theme::SUB_GROUP, None)
            } else if group.contains(index) {
                (theme::GROUP, None)
            } else {
                (Style::new(), None)
            };
            let mark = if cell == cursor { Some(MARKS[0].0) } else { mark };
            vec![marked(
                cell_text(shown.stack(cell), background, target.is_some()),
                mark,
                background,
                cell == cursor,
            )]
        });
    }

    fn facts(&self) -> Vec<Line<'static>> {
        let position = self.shown();
        let to_move = self.table.to_move();
        let over = self.table.session.is_over();
        let mut lines: Vec<Line> = [Colour::Blue, Colour::Red]
            .into_iter()
            .map(|player| {
                let (stacks, pieces) = (position.cells_of(player).len(), position.pieces_of(player) as usize);
                let what = format!("{:>9}{:>10}", count(stacks, "stack"), count(pieces, "piece"));
                player_line(player, player == to_move && !over, what)
            })
            .collect();
        lines.push(Line::raw(""));
        let cell = self.table.cursor;
        match position.stack(cell) {
            Some(stack) => {
                let (group, sub_group) = self.cursor_groups();
                lines.push(Line::from(vec![
                    Span::raw(format!("{cell}: ")),
                    Span::styled(
                        t!("panel.clamber_stack", colour(stack.owner()), stack.height()),
                        theme::player(stack.owner()),
                    ),
                ]));
                lines.push(Line::raw(t!("panel.groups", group.len(), sub_group.len())));
            }
            None => lines.extend([Line::raw(t!("panel.empty", cell)), Line::raw("")]),
        }
        lines
    }

    fn marks(&self) -> &'static [(&'static str, &'static str, &'static str)] {
        &MARKS
    }

    fn notes(&self) -> &'static [&'static str] {
        &["note.clamber_stack", "note.group", "note.sub_group"]
    }

    fn moves(&self) -> Vec<Line<'static>> {
        move_list(&self.table.session, Colour::Blue)
    }
}
