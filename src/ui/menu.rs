//! Draws the menu where [`MenuLayout`] puts it, or, if it does not fit, how big the
//! terminal must be; and the set-up of a game against the computer.

use super::say::Say;
use crate::app::menu::{ComputerGameSetup, Entry, FOOTER, Menu, MenuLayout, columns, key_lines};
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::theme;
use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

pub(super) fn draw(menu: &Menu, say: Say, area: Rect, frame: &mut Frame) {
    if let Some(setup) = &menu.setup {
        return draw_setup(setup, say, area, frame);
    }
    if let Some(needed) = menu.needs(area, say.lang, say.keys) {
        return draw_too_small(needed, say, area, frame);
    }
    let said = menu.words(say.lang, say.keys);
    let (labels, hints) = (&said.0, said.1.as_str());
    // Measured in columns on screen, not bytes, so Cyrillic is centred too.
    let label_widths: Vec<u16> = labels.iter().map(|label| columns(label)).collect();
    let width = Menu::width(&said);
    let layout = MenuLayout::fit(area, labels.len());
    let keys = key_lines(hints, area.width);
    let heading = [
        (layout.title, say.word(MENU_TITLE), theme::TITLE),
        (layout.subtitle, say.word(MENU_SUBTITLE), Style::new()),
    ];
    for (rect, words, style) in heading {
        // A subtitle wider than the terminal is left out rather than cut.
        if let Some(rect) = rect.filter(|rect| columns(&words) <= rect.width) {
            centre(Line::styled(words, style), rect, frame);
        }
    }
    let left = area.x + (area.width - width) / 2;
    for (n, ((label, label_width), rect)) in labels.iter().zip(&label_widths).zip(&layout.entries).enumerate()
    {
        // Each entry shows its number key (the tenth is 0). Only the chosen one is padded
        // to the width of the bar that marks it: the others' blanks are the screen's own.
        let line = match n == menu.selected {
            true => {
                let pad = width.saturating_sub(label_width + 5);
                Line::styled(
                    format!(" {}. {label}{} ", Entry::number(n), " ".repeat(pad.into())),
                    theme::CHOSEN,
                )
            }
            false => Line::raw(format!(" {}. {label}", Entry::number(n))),
        };
        frame.render_widget(line, Rect { x: left, width, ..*rect });
    }
    // The note, if any, takes what the key line leaves of the footer, and the lines below
    // it where the terminal has them: a long one is read whole, not cut.
    let note = menu.note.as_ref().map(|note| say.sentence(note)).unwrap_or_default();
    let keys_height = keys.len() as u16;
    let room = (area.bottom().saturating_sub(layout.footer.y)).max(FOOTER) - keys_height;
    let note_height = super::room::wrapped_height(note.as_str(), area.width).min(room);
    let centred =
        |words: String, style| Paragraph::new(Line::styled(words, style)).alignment(Alignment::Center);
    let (note_area, keys_area) = (
        Rect { height: note_height, ..layout.footer }.intersection(area),
        Rect { y: layout.footer.y + note_height, height: keys_height, ..layout.footer }.intersection(area),
    );
    frame.render_widget(centred(note, say.theme.warning).wrap(Wrap { trim: true }), note_area);
    for (line, y) in keys.into_iter().zip(keys_area.top()..keys_area.bottom()) {
        centre(Line::styled(line, theme::HINTS), Rect { y, height: 1, ..keys_area }, frame);
    }
}

/// `line` centred in `rect` as a paragraph centres it (half the room less half the line),
/// drawn without the paragraph's own pass over every character: a key redraws the menu.
fn centre(line: Line, rect: Rect, frame: &mut Frame) {
    let x = rect.x + (rect.width / 2).saturating_sub(line.width() as u16 / 2);
    frame.render_widget(line, Rect { x, width: rect.right() - x, ..rect });
}

/// A terminal too small for the menu: how big it must be, wrapped to whatever room there is.
fn draw_too_small(needed: (u16, u16), say: Say, area: Rect, frame: &mut Frame) {
    let words = say.text(&text!(MENU_TOO_SMALL, needed.0, needed.1, area.width, area.height));
    frame.render_widget(Paragraph::new(words).style(say.theme.warning).wrap(Wrap { trim: true }), area);
}

/// The set-up of a game against the computer: a row each for the game, your side and its
/// level, the chosen one marked and its value between arrows; the blank lines between them
/// go first when the terminal is short, and a terminal too small says how big it must be.
fn draw_setup(setup: &ComputerGameSetup, say: Say, area: Rect, frame: &mut Frame) {
    let lines = setup.lines(say.lang, say.keys);
    if let Some(needed) = ComputerGameSetup::room(&lines, area) {
        return draw_too_small(needed, say, area, frame);
    }
    let last = lines.len() - 1;
    let rows: Vec<Line> = lines
        .into_iter()
        .enumerate()
        .map(|(n, line)| match n {
            0 => Line::styled(line, theme::TITLE),
            n if n == last => Line::styled(line, theme::HINTS),
            n if n == setup.row + 1 => Line::styled(line, theme::CHOSEN),
            _ => Line::raw(line),
        })
        .collect();
    let roomy: Vec<Line> = rows.iter().flat_map(|row| [row.clone(), Line::raw("")]).collect();
    let roomy = &roomy[..roomy.len() - 1];
    let lines = if roomy.len() as u16 <= area.height { roomy } else { &rows[..] };
    let height = lines.len() as u16;
    let top = area.y + (area.height - height) / 2;
    let place = Rect::new(area.x, top, area.width, height);
    frame.render_widget(Paragraph::new(lines.to_vec()).alignment(Alignment::Center), place);
}
