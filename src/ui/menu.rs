//! Draws the menu where [`MenuLayout`] puts it.

use super::say::Say;
use super::theme;
use crate::app::keys::Context;
use crate::app::layout::MenuLayout;
use crate::app::menu::{Entry, Menu, Setup};
use crate::i18n::keys::*;
use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

pub fn draw(menu: &Menu, say: Say, area: Rect, frame: &mut Frame) {
    if let Some(setup) = &menu.setup {
        return draw_setup(setup, say, area, frame);
    }
    let labels: Vec<String> = Entry::all().into_iter().map(|entry| say.text(&entry.label())).collect();
    // Measured in columns on screen, not bytes, so Cyrillic is centred too.
    let width = labels.iter().map(|label| Line::raw(label.as_str()).width() as u16 + 6).max().unwrap_or(0);
    let layout = MenuLayout::new(area, labels.len(), width);
    let heading = vec![Line::styled(say.word(MENU_TITLE), theme::TITLE), Line::raw(say.word(MENU_SUBTITLE))];
    frame.render_widget(Paragraph::new(heading).alignment(Alignment::Center), layout.heading);
    for (n, (label, rect)) in labels.iter().zip(&layout.entries).enumerate() {
        let style = if n == menu.selected { theme::CHOSEN } else { Style::new() };
        let pad = usize::from(rect.width).saturating_sub(Line::raw(label.as_str()).width() + 5);
        frame.render_widget(Line::styled(format!(" {}. {label}{} ", n + 1, " ".repeat(pad)), style), *rect);
    }
    let mut footer = Vec::new();
    if let Some(note) = &menu.note {
        footer.push(Line::styled(say.text(note), theme::WARNING));
    }
    footer.push(Line::styled(say.hints(Context::Menu), theme::HINTS));
    frame.render_widget(
        Paragraph::new(footer).alignment(Alignment::Center).wrap(Wrap { trim: true }),
        layout.footer,
    );
}

/// The set-up of a game against the computer: a row each for the game, your side and its
/// level, the chosen one marked and its value between arrows.
fn draw_setup(setup: &Setup, say: Say, area: Rect, frame: &mut Frame) {
    let mut lines = vec![Line::styled(say.word(SETUP_TITLE), theme::TITLE), Line::raw("")];
    for (n, (what, value)) in setup.rows().into_iter().enumerate() {
        let (what, value) = (say.text(&what), say.text(&value));
        let chosen = n == setup.row;
        let value = if chosen { format!("◀ {value} ▶") } else { format!("  {value}  ") };
        let style = if chosen { theme::CHOSEN } else { Style::new() };
        lines.push(Line::styled(format!(" {what:>12}   {value:<34}"), style));
        lines.push(Line::raw(""));
    }
    lines.push(Line::styled(say.hints(Context::Setup), theme::HINTS));
    let height = (lines.len() as u16).min(area.height);
    let top = area.y + area.height.saturating_sub(height) / 2;
    let place = Rect::new(area.x, top, area.width, height);
    frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center).wrap(Wrap { trim: false }), place);
}
