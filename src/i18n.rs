//! The program's words in English, French and Serbian (Cyrillic). The texts live in
//! `assets/lang/*.txt` as `key = text` lines, compiled in; `{0}`, `{1}` ... stand for the
//! values put in. The language is chosen once per thread (the app runs in one), so tests
//! running side by side can each use their own.

use crate::rules::clamber::IllegalTurn;
use crate::rules::ombagui::{IllegalMove, Kind};
use crate::rules::{Colour, GameKind, ParseError, ParseErrorKind};
use std::cell::Cell;
use std::collections::HashMap;
use std::fmt::Display;
use std::sync::OnceLock;

/// A language of the program.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Lang {
    #[default]
    En,
    Fr,
    Sr,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Fr, Lang::Sr];

    /// The language of a locale name such as `fr_FR.UTF-8` or `sr_RS@cyrillic`, if known.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        match locale.get(..2)?.to_ascii_lowercase().as_str() {
            "en" => Some(Lang::En),
            "fr" => Some(Lang::Fr),
            "sr" => Some(Lang::Sr),
            _ => None,
        }
    }

    /// The language the environment asks for (LC_ALL, then LC_MESSAGES, then LANG), else English.
    pub fn from_env() -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| std::env::var(name).ok())
            .find(|value| !value.is_empty())
            .and_then(|value| Lang::from_locale(&value))
            .unwrap_or_default()
    }

    fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../assets/lang/en.txt"),
            Lang::Fr => include_str!("../assets/lang/fr.txt"),
            Lang::Sr => include_str!("../assets/lang/sr.txt"),
        }
    }

    /// Every text of this language, by key.
    pub fn texts(self) -> &'static HashMap<&'static str, &'static str> {
        static TABLES: [OnceLock<HashMap<&'static str, &'static str>>; 3] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        TABLES[self as usize].get_or_init(|| parse(self.source()))
    }
}

/// Reads `key = text` lines; blank lines and lines starting with `#` are skipped.
fn parse(source: &'static str) -> HashMap<&'static str, &'static str> {
    source
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .filter_map(|line| line.split_once(" = ").or_else(|| line.split_once('=')))
        .map(|(key, text)| (key.trim(), text.trim()))
        .collect()
}

thread_local! {
    static CURRENT: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// Chooses the language of this thread's texts.
pub fn set(lang: Lang) {
    CURRENT.with(|current| current.set(lang));
}

pub fn current() -> Lang {
    CURRENT.with(Cell::get)
}

/// The text of `key` in the current language (English if it is missing there, and the
/// key itself if it is missing everywhere, so a gap shows without breaking anything).
pub fn text(key: &str) -> String {
    let lang = current();
    lang.texts()
        .get(key)
        .or_else(|| Lang::En.texts().get(key))
        .map_or_else(|| key.to_string(), |text| text.to_string())
}

/// Whether `key` has a text in English (every language has the same keys).
pub fn has(key: &str) -> bool {
    Lang::En.texts().contains_key(key)
}

/// The text of `key` as `game` words it (`KEY.GAME`), else its plain text.
pub fn text_for(key: &str, game: Option<GameKind>) -> String {
    match game.map(|game| format!("{key}.{}", game.name())) {
        Some(own) if has(&own) => text(&own),
        _ => text(key),
    }
}

/// The text of `key` with `{0}`, `{1}` ... replaced by `args`; `\n` starts a new line.
pub fn format(key: &str, args: &[&dyn Display]) -> String {
    let mut out = text(key).replace("\\n", "\n");
    for (n, arg) in args.iter().enumerate() {
        out = out.replace(&format!("{{{n}}}"), &arg.to_string());
    }
    out
}

/// `t!("key")` or `t!("key", a, b)`: the text of `key` in the current language.
#[macro_export]
macro_rules! t {
    ($key:expr) => {
        $crate::i18n::format($key, &[])
    };
    ($key:expr, $($arg:expr),+ $(,)?) => {
        $crate::i18n::format($key, &[$(&$arg),+])
    };
}

/// `count` followed by the right form of a counted word (`stack`, `piece`): languages
/// differ in how many forms they have (Serbian has three).
pub fn count(count: usize, word: &str) -> String {
    let form = match (current(), count) {
        (_, 1) => "one",
        (Lang::Sr, n) if (2..=4).contains(&(n % 10)) && !(12..=14).contains(&(n % 100)) => "few",
        (Lang::Sr, n) if n % 10 == 1 && n % 100 != 11 => "one",
        _ => "many",
    };
    format!("{count} {}", text(&format!("count.{word}.{form}")))
}

/// A player's name in the current language.
pub fn colour(colour: Colour) -> String {
    text(match colour {
        Colour::Blue => "colour.blue",
        Colour::Red => "colour.red",
    })
}

/// A kind of Ombagui piece in the current language.
pub fn kind(kind: Kind) -> String {
    text(match kind {
        Kind::Light => "kind.light",
        Kind::Medium => "kind.medium",
        Kind::Dark => "kind.dark",
    })
}

/// Says, in the current language, why something cannot be done.
pub trait Explain {
    fn explain(&self) -> String;
}

impl Explain for IllegalTurn {
    fn explain(&self) -> String {
        match self {
            IllegalTurn::GameOver(winner) => t!("illegal.game_over", colour(*winner)),
            IllegalTurn::OffBoard(off) => t!("illegal.off_board", off.cell, off.side),
            IllegalTurn::Occupied(cell) => t!("illegal.occupied", cell),
            IllegalTurn::NoStack(cell) => t!("illegal.no_stack", cell),
            IllegalTurn::NotYours { cell, owner } => t!("illegal.not_yours", cell, colour(*owner)),
            IllegalTurn::NotEnemy(cell) => t!("illegal.not_enemy", cell),
            IllegalTurn::Higher { from, target, from_height, target_height } => {
                t!("illegal.higher", target, target_height, from, from_height)
            }
            IllegalTurn::NotNextTo { from, target } => t!("illegal.not_next_to", target, from),
            IllegalTurn::NotInNearGroup { from, target } => t!("illegal.not_in_near_group", target, from),
            IllegalTurn::AfterLowerCapture(cell) => t!("illegal.after_lower", cell),
            IllegalTurn::NotEqual { from, target, from_height, target_height } => {
                t!("illegal.not_equal", target, target_height, from, from_height)
            }
            IllegalTurn::AfterWin(cell) => t!("illegal.after_win", cell),
        }
    }
}

impl Explain for IllegalMove {
    fn explain(&self) -> String {
        match self {
            IllegalMove::GameOver => t!("illegal.over"),
            IllegalMove::OffBoard(off) => t!("illegal.off_board", off.cell, off.side),
            IllegalMove::NoPiece(cell) => t!("illegal.no_piece", cell),
            IllegalMove::NotYours { cell, owner } => t!("illegal.top_not_yours", cell, colour(*owner)),
            IllegalMove::Stay(cell) => t!("illegal.stay", cell),
            IllegalMove::CannotStand { piece, on } => t!("illegal.cannot_stand", kind(*piece), kind(*on)),
            IllegalMove::Blocked => t!("illegal.blocked"),
            IllegalMove::OutOfReach { piece: Kind::Light, from, to } => t!("illegal.light_reach", to, from),
            IllegalMove::OutOfReach { piece, from, to } => {
                t!("illegal.reach", kind(*piece), piece.steps(), to, from)
            }
        }
    }
}

impl Explain for ParseError {
    fn explain(&self) -> String {
        use ParseErrorKind as K;
        let game = |game: &GameKind| game.name();
        match self.kind() {
            K::UnknownGame(name) => t!("parse.unknown_game", name),
            K::BadSide(side) => t!("parse.bad_side", side),
            K::OmbaguiSide(size) => t!("parse.ombagui_side", size),
            K::SizeMismatch { size, side } => t!("parse.size_mismatch", size, side),
            K::NotPosition { text, game: g } => t!(&format!("parse.not_position.{}", game(g)), text),
            K::BadSize(size) => t!("parse.bad_size", size),
            K::BadPlayer { text, game: g } => t!(&format!("parse.bad_player.{}", game(g)), text),
            K::BadEntry { entry, game: g } => t!(&format!("parse.bad_entry.{}", game(g)), entry),
            K::BadCell(name) => t!("parse.bad_cell", name),
            K::OffBoard { cell, side } => t!("illegal.off_board", cell, side),
            K::GivenTwice(cell) => t!("parse.twice", cell),
            K::BadColour(entry) => t!("parse.bad_colour", entry),
            K::BadHeight(entry) => t!("parse.bad_height", entry),
            K::ZeroHeight(cell) => t!("parse.zero_height", cell),
            K::BadPiece { text, cell } => t!("parse.bad_piece", text, cell),
            K::TooHigh { cell, count } => t!("parse.too_high", cell, count),
            K::CannotStand { piece, on, cell } => t!("parse.cannot_stand", kind(*piece), kind(*on), cell),
            K::TooManyOfKind { colour: c, kind: k } => t!("parse.too_many", colour(*c), kind(*k)),
            K::BadTurn { text, part } => t!("parse.bad_turn", text, t!("parse.bad_cell", part)),
            K::BadMove { text, part: None } => t!("parse.bad_move", text, t!("parse.no_dash")),
            K::BadMove { text, part: Some(part) } => t!("parse.bad_move", text, t!("parse.bad_cell", part)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_choose_languages() {
        assert_eq!(Lang::from_locale("fr_FR.UTF-8"), Some(Lang::Fr));
        assert_eq!(Lang::from_locale("sr_RS@cyrillic"), Some(Lang::Sr));
        assert_eq!(Lang::from_locale("C"), None);
        assert_eq!(Lang::from_locale("de_DE"), None);
    }

    #[test]
    fn every_key_is_in_every_language_with_the_same_placeholders() {
        let placeholders =
            |text: &str| (0..6).filter(|n| text.contains(&format!("{{{n}}}"))).collect::<Vec<_>>();
        let english = Lang::En.texts();
        for lang in [Lang::Fr, Lang::Sr] {
            let texts = lang.texts();
            let mut missing: Vec<&&str> = english.keys().filter(|key| !texts.contains_key(*key)).collect();
            missing.sort();
            assert!(missing.is_empty(), "{lang:?} lacks {missing:?}");
            let mut extra: Vec<&&str> = texts.keys().filter(|key| !english.contains_key(*key)).collect();
            extra.sort();
            assert!(extra.is_empty(), "{lang:?} has keys English lacks: {extra:?}");
            for (key, text) in texts {
                assert_eq!(placeholders(text), placeholders(english[key]), "{lang:?} {key}");
            }
        }
    }

    #[test]
    fn the_loaded_game_line_fits_an_80_column_status_line_in_every_language() {
        // The status line starts with a space. It has two rows, but this line broke
        // mid-phrase onto the second in French and Serbian; one row reads at a glance.
        for lang in [Lang::En, Lang::Fr, Lang::Sr] {
            set(lang);
            let line = t!("loaded", 120, 140);
            assert!(line.chars().count() < 80, "{lang:?}: {line}");
        }
        set(Lang::En);
    }

    #[test]
    fn english_reasons_match_the_rules_own_words() {
        let reason = IllegalTurn::Higher {
            from: "A1".parse().unwrap(),
            target: "A2".parse().unwrap(),
            from_height: 1,
            target_height: 2,
        };
        assert_eq!(reason.explain(), reason.to_string());
        let reason = IllegalMove::CannotStand { piece: Kind::Dark, on: Kind::Dark };
        assert_eq!(reason.explain(), reason.to_string());
        set(Lang::Fr);
        assert_eq!(reason.explain(), "un foncé ne peut pas se poser sur un foncé");
        set(Lang::En);
    }

    #[test]
    fn english_parse_errors_match_the_rules_own_words() {
        let bad = [
            "garbage",
            "x/b/-",
            "9/b/-",
            "3/x/-",
            "3/b/C4",
            "3/b/Z9=b1",
            "3/b/+=b1",
            "3/b/C4=r1,C4=b1",
            "3/b/C4=g1",
            "3/b/C4=r+1",
            "3/b/C4=r0",
        ];
        for text in bad {
            let error = text.parse::<crate::rules::clamber::Position>().unwrap_err();
            assert_eq!(error.explain(), error.to_string(), "{text}");
        }
        let bad = [
            "garbage",
            "x/-",
            "r/C3",
            "r/C3=rX",
            "r/C3=rL.rM.rD.bD",
            "r/C3=rD.bM",
            "r/A1=rL,A2=rL,A3=rL,A4=rL,B1=rL",
        ];
        for text in bad {
            let error = text.parse::<crate::rules::ombagui::Position>().unwrap_err();
            assert_eq!(error.explain(), error.to_string(), "{text}");
        }
        for text in ["C3xx", "3C"] {
            let error = text.parse::<crate::rules::clamber::Turn>().unwrap_err();
            assert_eq!(error.explain(), error.to_string(), "{text}");
        }
        for text in ["C1", "C1-Z", "Z-C1"] {
            let error = text.parse::<crate::rules::ombagui::Move>().unwrap_err();
            assert_eq!(error.explain(), error.to_string(), "{text}");
        }
        let error = "chess".parse::<GameKind>().unwrap_err();
        assert_eq!(error.explain(), error.to_string());
        set(Lang::Fr);
        let error = "3/b/C4=r1,C4=b1".parse::<crate::rules::clamber::Position>().unwrap_err();
        assert_eq!(error.explain(), "C4 est donnée deux fois");
        set(Lang::En);
    }

    #[test]
    fn serbian_counts_have_three_forms() {
        set(Lang::Sr);
        assert_eq!(count(1, "stack"), format!("1 {}", text("count.stack.one")));
        assert_eq!(count(3, "stack"), format!("3 {}", text("count.stack.few")));
        assert_eq!(count(5, "stack"), format!("5 {}", text("count.stack.many")));
        assert_eq!(count(21, "stack"), format!("21 {}", text("count.stack.one")));
        assert_eq!(count(12, "stack"), format!("12 {}", text("count.stack.many")));
        set(Lang::En);
    }
}
