//! Where the lobby's parts go on a screen: the heading, the parts' names on one line or more
//! (each language's full names where they fit, the short ones its translators chose where
//! not: never a cut word), the club's greeting, the list with its column heads, the note
//! and the keys.

use super::{PARTS, Tab};
use crate::i18n::keys::*;
use crate::i18n::{Key, Lang};
use ratatui::layout::{Position, Rect};

/// The parts' names, in [`Tab::ALL`]'s order.
const NAMES: [Key<0>; PARTS] = [
    LOBBY_TAB_PLAYING,
    LOBBY_TAB_PLAYERS,
    LOBBY_TAB_SEEKS,
    LOBBY_TAB_CHALLENGES,
    LOBBY_TAB_LIVE,
    LOBBY_TAB_RECENT,
    LOBBY_TAB_BEST,
];

/// Their short names, where the full ones do not fit.
const SHORT: [Key<0>; PARTS] = [
    LOBBY_TAB_PLAYING_SHORT,
    LOBBY_TAB_PLAYERS_SHORT,
    LOBBY_TAB_SEEKS_SHORT,
    LOBBY_TAB_CHALLENGES_SHORT,
    LOBBY_TAB_LIVE_SHORT,
    LOBBY_TAB_RECENT_SHORT,
    LOBBY_TAB_BEST_SHORT,
];

/// Where the lobby's parts are on a screen. None on a screen too small for it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct LobbyLayout {
    pub(crate) heading: Rect,
    /// The parts' names: one line, or more where one does not hold them.
    pub tabs: Rect,
    /// Each part's name, number and count as it is written, and where.
    pub labels: [(String, Rect); PARTS],
    /// The club's greeting.
    pub greeting: Rect,
    /// The chosen part's list, its column heads on its first line.
    pub list: Rect,
    /// The club's answer to the last thing asked.
    pub note: Rect,
    /// The line of keys at the bottom.
    pub keys: Rect,
}

impl LobbyLayout {
    /// The smallest screen the lobby is drawn on.
    pub(crate) const NEEDED: (u16, u16) = (48, 11);

    /// Whether `area` is large enough for the lobby.
    pub(crate) fn fits(area: Rect) -> bool {
        area.width >= Self::NEEDED.0 && area.height >= Self::NEEDED.1
    }

    /// The lobby on `area`, its parts named in `lang`, with `counts` rows each.
    pub(crate) fn fit(area: Rect, lang: Lang, counts: [usize; PARTS]) -> Option<LobbyLayout> {
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
    pub(crate) fn tab_at(&self, at: Position) -> Option<Tab> {
        self.labels.iter().position(|(_, rect)| rect.contains(at)).map(|n| Tab::ALL[n])
    }

    /// How many rows the list shows under its column heads.
    pub(crate) fn rows(&self) -> usize {
        usize::from(self.list.height.saturating_sub(1))
    }

    /// The row of the list clicked, the list starting at row `first`.
    pub(crate) fn row_at(&self, at: Position, first: usize) -> Option<usize> {
        let top = self.list.y + 1;
        let inside = self.list.contains(at) && at.y >= top;
        inside.then(|| first + usize::from(at.y - top))
    }
}

/// The parts' labels (`4 Challenges (2)`) and where they go in `area`'s width, and how many
/// lines they take: the full names on one line, else the short ones, else the full names on
/// two lines, else the short ones, else three lines; two spaces between where they fit, else
/// one, each line holding as many as fit. Only where none of these fits (a count in the
/// thousands on the narrowest screen) is a name cut.
fn tab_line(area: Rect, lang: Lang, counts: [usize; PARTS]) -> ([(String, Rect); PARTS], u16) {
    let label =
        |names: &[Key<0>; PARTS], n: usize| format!("{} {} ({})", n + 1, lang.word(names[n]), counts[n]);
    let ways = [1, 2, 3].into_iter().flat_map(|lines| {
        [(&NAMES, 2), (&NAMES, 1), (&SHORT, 2), (&SHORT, 1)].map(|(names, gap)| (names, lines, gap))
    });
    for (names, lines, gap) in ways {
        let labels: [String; PARTS] = std::array::from_fn(|n| label(names, n));
        let placed = place(area, labels, gap);
        if placed.iter().all(|(_, rect)| rect.y < area.y + 1 + lines && rect.right() <= area.right()) {
            return (placed, lines);
        }
    }
    // The narrowest screen and a count in the thousands: the short names, cut to fit.
    let room = usize::from(area.width) / 3 - 1;
    let labels = std::array::from_fn(|n| cut(&label(&SHORT, n), room));
    let placed = place(area, labels, 1);
    let lines = placed.iter().map(|(_, rect)| rect.y - area.y).max().unwrap_or(1);
    (placed, lines)
}

/// `labels` placed on the lines from `area`'s second, `gap` columns apart, each line
/// holding as many as fit in its width (at least one).
fn place(area: Rect, labels: [String; PARTS], gap: u16) -> [(String, Rect); PARTS] {
    let (mut x, mut y) = (area.x, area.y + 1);
    labels.map(|label| {
        let width = ratatui::text::Line::raw(label.as_str()).width() as u16;
        if x > area.x && x + width > area.right() {
            (x, y) = (area.x, y + 1);
        }
        let rect = Rect::new(x, y, width, 1);
        x += width + gap;
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
                let layout = LobbyLayout::fit(area, lang, [4, 12, 3, 2, 40, 15, 30]).unwrap();
                for (n, (label, rect)) in layout.labels.iter().enumerate() {
                    assert!(!label.contains('…'), "{lang:?} at {width}: {label}");
                    assert!(rect.right() <= width, "{lang:?} at {width}: {label} runs past the edge");
                    assert!(label.starts_with(&format!("{} ", n + 1)));
                }
            }
        }
    }
}
