//! How a Clamber game looks: stacks by owner letter and height, the highlights of the
//! cursor, the selection, the targets and what a capture would remove.

use super::board::{self, CellLook};
use super::theme;
use crate::app::clamber::ClamberGame;
use crate::app::layout::BoardLayout;
use crate::rules::clamber::CaptureKind;
use crate::rules::hex::Cell;
use ratatui::buffer::Buffer;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// The room for a stack's text: owner letter and a height up to 99.
const CELL_TEXT: u16 = 3;

/// The marks either side of a cell, with a word for the panel's legend and a sentence
/// for the help.
pub const MARKS: [(&str, &str, &str); 6] = [
    ("[ ]", "cursor", "the cursor"),
    ("( )", "selected", "selected stack, chain so far"),
    ("> <", "lower", "a lower capture"),
    ("= =", "equal", "an equal capture"),
    ("x x", "removed", "removed by that capture"),
    ("* *", "last turn", "the last turn"),
];

fn mark(index: usize) -> (&'static str, &'static str) {
    let marks = MARKS[index].0;
    (&marks[..1], &marks[2..])
}

/// Draws the board of `game` with its highlights.
pub fn draw_board(game: &ClamberGame, layout: &BoardLayout, buf: &mut Buffer) {
    let shown = game.shown();
    let targets = game.targets();
    let preview = game.preview();
    let (group, sub_group) = game.cursor_groups();
    let chain: Vec<Cell> =
        game.chain.iter().flat_map(|c| std::iter::once(c.from).chain(c.captured.clone())).collect();
    let last = if game.chain.is_some() { Vec::new() } else { game.last_turn_cells() };
    let board_of = shown.board();
    board::draw(layout, buf, |cell| -> CellLook {
        let index = board_of.index(cell).unwrap_or(0);
        let target = targets.iter().find(|&&(c, _)| c == cell).map(|&(_, kind)| kind);
        let (background, marks) = if chain.contains(&cell) {
            (theme::SELECTED, Some(mark(1)))
        } else if preview.contains(index) {
            (theme::REMOVED, Some(mark(4)))
        } else if let Some(kind) = target {
            match kind {
                CaptureKind::Lower => (theme::LOWER_TARGET, Some(mark(2))),
                CaptureKind::Equal => (theme::EQUAL_TARGET, Some(mark(3))),
            }
        } else if last.contains(&cell) {
            (theme::LAST_TURN, Some(mark(5)))
        } else if sub_group.contains(index) {
            (theme::SUB_GROUP, None)
        } else if group.contains(index) {
            (theme::GROUP, None)
        } else {
            (Style::new(), None)
        };
        let (left, right) = if cell == game.cursor { mark(0) } else { marks.unwrap_or((" ", " ")) };
        let light = target.is_some();
        let (text, style) = match shown.stack(cell) {
            Some(stack) => {
                let owner =
                    if light { theme::player_on_light(stack.owner()) } else { theme::player(stack.owner()) };
                let height = if stack.height() > 99 { "++".to_string() } else { stack.height().to_string() };
                (format!("{}{height}", stack.owner().letter()), owner)
            }
            None => ("·".to_string(), theme::EMPTY_CELL),
        };
        // The marks hug the text; what is left of the slot pads it, mostly on the left.
        let padding = usize::from(CELL_TEXT) - text.chars().count();
        let edge = if cell == game.cursor { theme::CURSOR } else { Style::new() };
        vec![
            Span::raw(" ".repeat(padding - padding / 2)),
            Span::styled(left, background.patch(edge)),
            Span::styled(text, background.patch(style)),
            Span::styled(right, background.patch(edge)),
            Span::raw(" ".repeat(padding / 2)),
        ]
    });
}

/// The legend of the marks, two to a line, for the side panel.
pub fn legend() -> Vec<Line<'static>> {
    MARKS
        .chunks(2)
        .map(|pair| {
            Line::raw(pair.iter().map(|(marks, word, _)| format!("{marks} {word:<10}")).collect::<String>())
        })
        .collect()
}
