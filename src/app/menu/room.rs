//! How much room the menu and the set-up of a game against the computer take, in a
//! terminal's language and keys: the screen draws them only where they fit, and the app
//! takes no key but quit where they do not, so that nothing is chosen blind.

use super::{ComputerGameSetup, Entry, FOOTER, Menu, MenuLayout, SaidWords};
use crate::app::keys::{Context, KeyTable};
use crate::i18n::keys::*;
use crate::i18n::{Lang, Text};
use ratatui::layout::Rect;
use ratatui::text::Span;
use std::sync::Arc;

/// How many columns `words` (one line) take on screen: Cyrillic and accents count one each.
pub(crate) fn columns(words: &str) -> u16 {
    Span::raw(words).width() as u16
}

/// The key line in lines of at most `width` columns, broken between keys, never inside
/// one (`q` and `quit` stay together); a key wider than `width` is a line of its own.
pub(crate) fn key_lines(hints: &str, width: u16) -> Vec<String> {
    let mut lines: Vec<(String, u16)> = Vec::new();
    for part in hints.split(" · ") {
        let part_width = columns(part);
        match lines.last_mut() {
            Some((line, used)) if *used + 3 + part_width <= width => {
                line.push_str(" · ");
                line.push_str(part);
                *used += 3 + part_width;
            }
            _ => lines.push((part.to_string(), part_width)),
        }
    }
    let wide = lines.iter().any(|(_, used)| *used > width);
    let mut lines: Vec<String> = lines.into_iter().map(|(line, _)| line).collect();
    if wide {
        lines.resize(usize::from(FOOTER), String::new());
    }
    lines
}

impl Menu {
    /// The entries and the key line as `lang` and `keys` say them, kept between frames.
    pub(crate) fn words(&self, lang: Lang, keys: &KeyTable) -> Arc<SaidWords> {
        self.said.get(lang, keys, || {
            let labels = Entry::all().into_iter().map(|entry| keys.say(&entry.label(), Context::Menu, lang));
            (labels.collect(), keys.hints(Context::Menu, lang))
        })
    }

    /// The width the entries take: the widest, its number and the bar that marks it.
    pub(crate) fn width(words: &SaidWords) -> u16 {
        words.0.iter().map(|label| columns(label) + 6).max().unwrap_or(0)
    }

    /// How big a terminal the menu (or the set-up open over it) needs, if `area` is smaller:
    /// the widest entry, wide enough for the key line to leave a line of the footer to a
    /// note, and the entries one a line.
    pub(crate) fn needs(&self, area: Rect, lang: Lang, keys: &KeyTable) -> Option<(u16, u16)> {
        if let Some(setup) = &self.setup {
            return setup.needs(area, lang, keys);
        }
        let words = self.words(lang, keys);
        let (width, hints) = (Menu::width(&words), words.1.as_str());
        let leaves_a_line = |width| (key_lines(hints, width).len() as u16) < FOOTER;
        let fits = !MenuLayout::fit(area, words.0.len()).entries.is_empty()
            && area.width >= width
            && leaves_a_line(area.width);
        if fits {
            return None;
        }
        let widest = columns(hints).max(width);
        let least = (width..=widest).find(|&width| leaves_a_line(width)).unwrap_or(widest);
        Some((least, MenuLayout::needed_height(words.0.len())))
    }
}

impl ComputerGameSetup {
    /// The set-up as the screen shows it: its title, a row each for the game, your side,
    /// the level and the clock (the chosen one's value between arrows), and the key line.
    pub(crate) fn lines(&self, lang: Lang, keys: &KeyTable) -> Vec<String> {
        let say = |text: &Text| keys.say(text, Context::Setup, lang);
        let mut lines = vec![say(&Text::new(SETUP_TITLE, []))];
        for (n, (what, value)) in self.rows().into_iter().enumerate() {
            let (what, value) = (say(&what), say(&value));
            let value = if n == self.row { format!("◀ {value} ▶") } else { format!("  {value}  ") };
            lines.push(format!(" {what:>12}   {value:<34}"));
        }
        lines.push(keys.hints(Context::Setup, lang));
        lines
    }

    /// How big a terminal the set-up needs, if `area` is smaller: its widest line, and a
    /// line each (the blank lines between them go first).
    pub(crate) fn needs(&self, area: Rect, lang: Lang, keys: &KeyTable) -> Option<(u16, u16)> {
        ComputerGameSetup::room(&self.lines(lang, keys), area)
    }

    /// How big a terminal the set-up's `lines` ([`ComputerGameSetup::lines`]) need, if
    /// `area` is smaller.
    pub(crate) fn room(lines: &[String], area: Rect) -> Option<(u16, u16)> {
        let width = lines.iter().map(|line| columns(line)).max().unwrap_or(0);
        let height = lines.len() as u16;
        (area.width < width || area.height < height).then_some((width, height))
    }
}
