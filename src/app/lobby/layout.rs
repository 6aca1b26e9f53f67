//! Where the lobby's parts go on a screen: the heading, the parts' names on one line or two
//! (each language's full names where they fit, the short ones its translators chose where
//! not: never a cut word), the club's greeting, the list with its column heads, the note
//! and the keys.

use super::Tab;
use crate::i18n::keys::*;
use crate::i18n::{Key, Lang};
use ratatui::layout::{Position, Rect};

/// The parts' names, in [`Tab::ALL`]'s order.
const NAMES: [Key<0>; 6] = [
    LOBBY_TAB_PLAYERS,
    LOBBY_TAB_SEEKS,
    LOBBY_TAB_CHALLENGES,
    LOBBY_TAB_LIVE,
    LOBBY_TAB_RECENT,
    LOBBY_TAB_BEST,
];

/// Their short names, where the full ones do not fit.
const SHORT: [Key<0>; 6] = [
    LOBBY_TAB_PLAYERS_SHORT,
    LOBBY_TAB_SEEKS_SHORT,
    LOBBY_TAB_CHALLENGES_SHORT,
    LOBBY_TAB_LIVE_SHORT,
    LOBBY_TAB_RECENT_SHORT,
    LOBBY_TAB_BEST_SHORT,
];

/// Where the lobby's parts are on a screen. None on a screen too small for it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LobbyLayout {
    pub heading: Rect,
    /// The parts' names: one line, or two where one does not hold them.
    pub tabs: Rect,
    /// Each part's name, number and count as it is written, and where.
    pub labels: [(String, Rect); 6],
    pub greeting: Rect,
    /// The chosen part's list, its column heads on its first line.
    pub list: Rect,
    pub note: Rect,
    pub keys: Rect,
}

impl LobbyLayout {
    /// The smallest screen the lobby is drawn on.
    pub const NEEDED: (u16, u16) = (48, 11);

    /// Whether `area` is large enough for the lobby.
    pub fn fits(area: Rect) -> bool {
        area.width >= Self::NEEDED.0 && area.height >= Self::NEEDED.1
    }

    /// The lobby on `area`, its parts named in `lang`, with `counts` rows each.
    pub fn fit(area: Rect, lang: Lang, counts: [usize; 6]) -> Option<LobbyLayout> {
        if !Self::fits(area) {
            return None;
        }
        let (labels, lines) = tab_line(area, lang, counts);
        let line = |y: u16| Rect::new(area.x, area.y + y, area.width, 1);
        let bottom = area.height - 2;
        let top = 2 + lines;
        Some(LobbyLayout {
            heading: line(0),
            tabs: Rect { height: lines, ..line(1) },
            labels,
            greeting: line(1 + lines),
            list: Rect::new(area.x, area.y + top, area.width, bottom - top),
            note: line(bottom),
            keys: line(bottom + 1),
        })
    }

    /// The part whose name is at `at`, if any.
    pub fn tab_at(&self, at: Position) -> Option<Tab> {
        self.labels.iter().position(|(_, rect)| rect.contains(at)).map(|n| Tab::ALL[n])
    }

    /// How many rows the list shows under its column heads.
    pub fn rows(&self) -> usize {
        usize::from(self.list.height.saturating_sub(1))
    }

    /// The row of the list clicked, the list starting at row `first`.
    pub fn row_at(&self, at: Position, first: usize) -> Option<usize> {
        let top = self.list.y + 1;
        let inside = self.list.contains(at) && at.y >= top;
        inside.then(|| first + usize::from(at.y - top))
    }
}

/// The parts' labels (`3 Challenges (2)`) and where they go in `area`'s width, and how many
/// lines they take: the full names on one line, else the short ones, else the full names on
/// two lines, else the short ones; two spaces between where they fit, else one. Only where
/// none of these fits (a count in the thousands on the narrowest screen) is a name cut.
fn tab_line(area: Rect, lang: Lang, counts: [usize; 6]) -> ([(String, Rect); 6], u16) {
    let label = |names: &[Key<0>; 6], n: usize| format!("{} {} ({})", n + 1, lang.word(names[n]), counts[n]);
    let width = |text: &str| ratatui::text::Line::raw(text).width();
    let ways = [(&NAMES, 1, 2), (&NAMES, 1, 1), (&SHORT, 1, 2), (&SHORT, 1, 1)].into_iter().chain([
        (&NAMES, 2, 2),
        (&NAMES, 2, 1),
        (&SHORT, 2, 2),
        (&SHORT, 2, 1),
    ]);
    for (names, lines, gap) in ways {
        let labels: [String; 6] = std::array::from_fn(|n| label(names, n));
        let per_line = 6 / usize::from(lines);
        let fits = labels.chunks(per_line).all(|line| {
            line.iter().map(|label| width(label)).sum::<usize>() + gap * (line.len() - 1)
                <= usize::from(area.width)
        });
        if fits {
            return (place(area, labels, per_line, gap), lines);
        }
    }
    // The narrowest screen and a count in the thousands: the short names, cut to fit.
    let room = usize::from(area.width) / 3 - 1;
    let labels = std::array::from_fn(|n| cut(&label(&SHORT, n), room));
    (place(area, labels, 3, 1), 2)
}

/// `labels` placed `per_line` to a line, `gap` columns apart.
fn place(area: Rect, labels: [String; 6], per_line: usize, gap: usize) -> [(String, Rect); 6] {
    let mut x = area.x;
    std::array::from_fn(|n| {
        if n % per_line == 0 {
            x = area.x;
        }
        let label = labels[n].clone();
        let width = ratatui::text::Line::raw(label.as_str()).width() as u16;
        let rect = Rect::new(x, area.y + 1 + (n / per_line) as u16, width, 1);
        x += width + gap as u16;
        (label, rect)
    })
}

/// `label` in `room` columns at most, its end marked `…` where it is cut.
fn cut(label: &str, room: usize) -> String {
    let mut chars: Vec<char> = label.chars().collect();
    if chars.len() > room {
        chars.truncate(room.saturating_sub(1));
        chars.push('…');
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parts_names_are_whole_from_the_narrowest_lobby_up_in_every_language() {
        for lang in Lang::ALL {
            for width in LobbyLayout::NEEDED.0..=140 {
                let area = Rect::new(0, 0, width, 24);
                let layout = LobbyLayout::fit(area, lang, [12, 3, 2, 40, 15, 30]).unwrap();
                for (n, (label, rect)) in layout.labels.iter().enumerate() {
                    assert!(!label.contains('…'), "{lang:?} at {width}: {label}");
                    assert!(rect.right() <= width, "{lang:?} at {width}: {label} runs past the edge");
                    assert!(label.starts_with(&format!("{} ", n + 1)));
                }
            }
        }
    }
}
