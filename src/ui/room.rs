//! How much room there is: a box in the middle of an area, how many lines wrapped text
//! takes, and what a terminal too small for a screen shows instead.

use super::say::Say;
use crate::i18n::keys::TOO_SMALL;
use crate::i18n::{Key, text};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Wrap};

/// The key line in `width` columns: the keys before the last two leave one by one, the
/// latest first, until it fits. The first (the main one) stays, and so do the last two
/// (the help's and leaving's, or on the rules, trying and going back): they say where the
/// rest are and how to get out.
pub(super) fn fit_hints(hints: &str, width: u16) -> String {
    let mut parts: Vec<&str> = hints.split(" · ").collect();
    while ratatui::text::Line::raw(parts.join(" · ")).width() > usize::from(width) && parts.len() > 3 {
        parts.remove(parts.len() - 3);
    }
    parts.join(" · ")
}

/// A message saying how large the terminal must be, wrapped to whatever room there is.
pub(super) fn draw_too_small(needed: (u16, u16), say: Say, area: Rect, frame: &mut Frame) {
    draw_too_small_as(TOO_SMALL, needed, say, area, frame);
}

/// The same, in the words of `said` (which says what `q` does there).
pub(super) fn draw_too_small_as(said: Key<4>, needed: (u16, u16), say: Say, area: Rect, frame: &mut Frame) {
    let text = say.text(&text!(said, needed.0, needed.1, area.width, area.height));
    frame.render_widget(Paragraph::new(text).style(say.theme.warning).wrap(Wrap { trim: true }), area);
}

/// A box in the middle of `area`, at most `width` by `height`.
pub(super) fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let (width, height) = (width.min(area.width), height.min(area.height));
    Rect::new(area.x + (area.width - width) / 2, area.y + (area.height - height) / 2, width, height)
}

/// How many lines `text` takes once wrapped to `width` columns, as a wrapped paragraph
/// draws it (up to 200), blank lines at its end not counted. It is drawn into a buffer
/// only as tall as the lines it wraps into: a buffer of 200 lines was three quarters of a
/// megabyte, taken at every frame.
pub(crate) fn wrapped_height<'a>(text: impl Into<ratatui::text::Text<'a>>, width: u16) -> u16 {
    let paragraph = Paragraph::new(text).wrap(Wrap { trim: true });
    let width = width.max(1);
    let lines = paragraph.line_count(width).min(200) as u16;
    let area = Rect::new(0, 0, width, lines);
    let mut buffer = ratatui::buffer::Buffer::empty(area);
    ratatui::widgets::Widget::render(paragraph, area, &mut buffer);
    let used = |y: u16| (0..area.width).any(|x| buffer[(x, y)].symbol() != " ");
    (0..area.height).rev().find(|&y| used(y)).map_or(0, |y| y + 1)
}
