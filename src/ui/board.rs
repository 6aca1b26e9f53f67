//! Draws a hex board: coordinates around it, and each cell as its game writes it, between
//! the marks of what it means (the one place where marks are chosen, for every screen).

use crate::app::highlights::Highlights;
use crate::app::layout::BoardLayout;
use crate::rules::hex::{Cell, CellSet};
use crate::theme::{self, Mark, Theme};
use ratatui::buffer::Buffer;
use ratatui::style::Style;
use ratatui::text::Span;

/// A cell's text: its first line goes between the marks, any further lines under it.
pub(crate) type CellText = Vec<Vec<Span<'static>>>;

/// Draws the board's coordinates and every cell, marked as `lit` says, the cursor (if
/// any) marked over the rest, in `theme`'s styles; `write` writes a cell in the style of
/// its mark.
pub(super) fn draw(
    layout: &BoardLayout,
    buf: &mut Buffer,
    (lit, cursor): (&Highlights, Option<Cell>),
    theme: &Theme,
    write: impl Fn(Cell, Style) -> CellText,
) {
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
    let board = layout.board();
    for (index, cell) in board.cells().enumerate() {
        let mark = mark_of(lit, index);
        let back = mark.map_or(Style::new(), |mark| theme.mark(mark));
        let at_cursor = cursor == Some(cell);
        let lines = write(cell, back);
        let slot = layout.slot_of(cell);
        for (line, text) in lines.into_iter().enumerate() {
            let look = match line {
                0 => {
                    let edge = back.patch(if at_cursor { theme.mark(Mark::Cursor) } else { Style::new() });
                    marked(text, if at_cursor { Some(Mark::Cursor) } else { mark }, edge)
                }
                _ => marked(text, None, Style::new()),
            };
            let mut x = slot.x;
            for span in look {
                put((x, slot.y + line as u16), &span.content, span.style);
                x += span.content.chars().count() as u16;
            }
        }
    }
}

/// The room inside a cell's marks: a stack's letter and a height up to 99, or three pieces.
pub(crate) const CELL_TEXT: usize = 3;

/// A cell's text between its marks (in the style `edge`), the marks hugging the text and
/// the rest of the slot padding it, mostly on the left.
fn marked(text: Vec<Span<'static>>, mark: Option<Mark>, edge: Style) -> Vec<Span<'static>> {
    let width: usize = text.iter().map(|span| span.content.chars().count()).sum();
    let padding = CELL_TEXT.saturating_sub(width);
    let symbol = mark.map_or("   ", Mark::symbol);
    let mut look = vec![Span::raw(" ".repeat(padding - padding / 2)), Span::styled(&symbol[..1], edge)];
    look.extend(text);
    look.extend([Span::styled(&symbol[2..], edge), Span::raw(" ".repeat(padding / 2))]);
    look
}

/// An empty cell: a dot.
pub(super) fn empty(background: Style, theme: &Theme) -> Vec<Span<'static>> {
    vec![Span::styled("·", background.patch(theme.empty_cell))]
}

/// The cells of `lit` that `mark` stands for.
pub(super) fn cells(mark: Mark, lit: &Highlights) -> CellSet {
    match mark {
        Mark::Cursor => Default::default(),
        Mark::Selected => lit.selected,
        Mark::Better => lit.better,
        Mark::Removed => lit.removed,
        Mark::Jump => lit.jumps,
        Mark::Equal => lit.equal,
        Mark::Target => lit.targets,
        Mark::Last => lit.last,
        Mark::Focus => lit.focus,
        Mark::SubGroup => lit.sub_group,
        Mark::Group => lit.group,
    }
}

/// The mark a board cell of index `index` carries, if any: the most telling of those `lit`
/// gives it.
pub(crate) fn mark_of(lit: &Highlights, index: usize) -> Option<Mark> {
    Mark::BY_PRIORITY.iter().copied().find(|&mark| cells(mark, lit).contains(index))
}
