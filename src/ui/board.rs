//! Draws a hex board: coordinates around it, and each cell as the game describes it.

use super::theme;
use crate::app::layout::BoardLayout;
use crate::rules::hex::Cell;
use ratatui::buffer::Buffer;
use ratatui::style::Style;
use ratatui::text::Span;

/// How one cell looks: its text, exactly as wide as the layout's slot, in pieces.
pub type CellLook = Vec<Span<'static>>;

/// Draws the board's coordinates and every cell, as `look` describes it.
pub fn draw(layout: &BoardLayout, buf: &mut Buffer, look: impl Fn(Cell) -> CellLook) {
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
        let mut x = slot.x;
        for span in look(cell) {
            put((x, slot.y), &span.content, span.style);
            x += span.content.chars().count() as u16;
        }
    }
}
