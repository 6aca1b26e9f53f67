//! Draws the menu where [`MenuLayout`] puts it.

use super::theme;
use crate::app::keys::{self, Context};
use crate::app::menu::{Entry, Menu};
use crate::t;
use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

pub fn draw(menu: &Menu, area: Rect, frame: &mut Frame) {
    let layout = Menu::layout(area);
    let heading = vec![Line::styled(t!("menu.title"), theme::TITLE), Line::raw(t!("menu.subtitle"))];
    frame.render_widget(Paragraph::new(heading).alignment(Alignment::Center), layout.heading);
    for (n, (entry, rect)) in Entry::ALL.iter().zip(&layout.entries).enumerate() {
        let style = if n == menu.selected { theme::CHOSEN } else { Style::new() };
        let label = entry.label();
        let pad = usize::from(rect.width).saturating_sub(Line::raw(label.as_str()).width() + 5);
        frame.render_widget(Line::styled(format!(" {}. {label}{} ", n + 1, " ".repeat(pad)), style), *rect);
    }
    let mut footer = Vec::new();
    if let Some(note) = &menu.note {
        footer.push(Line::styled(note.clone(), theme::WARNING));
    }
    footer.push(Line::styled(keys::hints(Context::Menu), theme::HINTS));
    frame.render_widget(
        Paragraph::new(footer).alignment(Alignment::Center).wrap(Wrap { trim: true }),
        layout.footer,
    );
}
