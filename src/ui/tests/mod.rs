//! Screens drawn on ratatui's test backend and compared with their snapshots, at several
//! sizes and in three languages.

mod clamber;
mod club_daily_screen;
mod club_game;
mod lobby;
mod lobby_playing;
mod lobby_sizes;
mod menu;
mod ombagui;
mod rules_pages;
mod screen;

use super::*;

#[test]
fn a_wrapped_help_line_never_starts_with_a_colon() {
    for lang in Lang::ALL {
        for (shown, what) in keys::KeyTable::default().help(Context::Against, None, lang) {
            for width in 20..60 {
                for row in help_rows(&shown, &what, 13, width).iter().skip(1) {
                    let words = row.to_string();
                    let first = words.trim_start().chars().next();
                    assert!(!matches!(first, Some(':' | ';' | '?' | '!')), "{lang:?} at {width}: {what}");
                }
            }
        }
    }
}
