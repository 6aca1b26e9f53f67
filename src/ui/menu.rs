//! Draws the menu where [`MenuLayout`] puts it.

use super::theme;
use crate::app::keys::{self, Context};
use crate::app::menu::{Entry, Menu, Setup};
use crate::t;
use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

pub fn draw(menu: &Menu, area: Rect, frame: &mut Frame) {
    if let Some(setup) = &menu.setup {
        return draw_setup(setup, area, frame);
    }
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

/// The set-up of a game against the computer: a row each for the game, your side and its
/// level, the chosen one marked and its value between arrows.
fn draw_setup(setup: &Setup, area: Rect, frame: &mut Frame) {
    let mut lines = vec![Line::styled(t!("setup.title"), theme::TITLE), Line::raw("")];
    for (n, (what, value)) in setup.rows().into_iter().enumerate() {
        let chosen = n == setup.row;
        let value = if chosen { format!("◀ {value} ▶") } else { format!("  {value}  ") };
        let style = if chosen { theme::CHOSEN } else { Style::new() };
        lines.push(Line::styled(format!(" {what:>12}   {value:<34}"), style));
        lines.push(Line::raw(""));
    }
    lines.push(Line::styled(keys::hints(Context::Setup), theme::HINTS));
    let height = (lines.len() as u16).min(area.height);
    let top = area.y + area.height.saturating_sub(height) / 2;
    let place = Rect::new(area.x, top, area.width, height);
    frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center).wrap(Wrap { trim: false }), place);
}
