//! Draws a hex board: coordinates around it, and each cell as the game describes it.

use super::theme;
use crate::app::layout::BoardLayout;
use crate::rules::hex::Cell;
use ratatui::buffer::Buffer;
use ratatui::style::Style;
use ratatui::text::Span;

/// How one cell looks: its text, exactly as wide as the layout's slot, in pieces.
pub type CellLook = Vec<Span<'static>>;

/// Draws the board's coordinates and every cell, as `look` describes it: one or more
/// lines, the first on the cell's row.
pub fn draw(layout: &BoardLayout, buf: &mut Buffer, look: impl Fn(Cell) -> Vec<CellLook>) {
    let area = buf.area;
    let mut put = |(x, y): (u16, u16), text: &str, style: Style| {
        if y >= area.y && y < area.bottom() && x >= area.x && x < area.right() {
            buf.set_stringn(x, y, text, usize::from(area.right() - x), style);
        }
    };
    for (label, (x, y)) in layout.row_labels().into_iter().chain(layout.column_labels()) {
        let x = x.saturating_sub((label.len() as u16 - 1) / 2);
        put((x, y), &label, theme::LABEL);
    }
    for cell in layout.board().cells() {
        let slot = layout.slot_of(cell);
        for (line, spans) in look(cell).into_iter().enumerate() {
            let mut x = slot.x;
            for span in spans {
                put((x, slot.y + line as u16), &span.content, span.style);
                x += span.content.chars().count() as u16;
            }
        }
    }
}

/// The room inside a cell's marks: a stack's letter and a height up to 99, or three pieces.
pub const CELL_TEXT: usize = 3;

/// A cell's text between its marks (`"[ ]"`: the left and right mark with a space between),
/// the marks hugging the text and the rest of the slot padding it, mostly on the left.
pub fn marked(
    text: Vec<Span<'static>>,
    marks: Option<&'static str>,
    background: Style,
    cursor: bool,
) -> CellLook {
    let width: usize = text.iter().map(|span| span.content.chars().count()).sum();
    let padding = CELL_TEXT.saturating_sub(width);
    let (left, right) = marks.map_or((" ", " "), |marks| (&marks[..1], &marks[2..]));
    let edge = background.patch(if cursor { theme::CURSOR } else { Style::new() });
    let mut look = vec![Span::raw(" ".repeat(padding - padding / 2)), Span::styled(left, edge)];
    look.extend(text);
    look.extend([Span::styled(right, edge), Span::raw(" ".repeat(padding / 2))]);
    look
}
