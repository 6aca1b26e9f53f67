//! The program's words in English, French and Serbian (Cyrillic), and saying them.
//!
//! The texts live in `assets/lang/LANG.txt` as `key = text` lines, each game's own in
//! `assets/lang/GAME/LANG.txt`, compiled in. Every key is a constant of [`keys`] (or of its
//! game's words), typed with how many values its text takes, so a [`Text`] is a key and
//! exactly its values: the program's state holds `Text`s, and the screens say them in
//! their terminal's language ([`Lang::say`]) when they draw. What a game says in its own
//! words is its [`Words`] (the trait in `words.rs`, each game's own in `GAME.rs`).

pub(crate) mod clamber;
pub(crate) mod ombagui;
mod table;
#[cfg(feature = "third-game")]
pub(crate) mod triad;
mod words;

pub(crate) use words::{Common, OfBoard, Words};
pub(crate) use words::{own_for, parse_error};

use crate::ai::Level;
use crate::rules::{Colour, GameKind};
#[cfg(test)]
use std::collections::HashMap;
#[cfg(test)]
use std::sync::OnceLock;
pub(crate) use table::TextTable;

/// Every text of a language by key, for checks of the language files.
#[cfg(test)]
pub(crate) type Texts = HashMap<String, &'static str>;

/// The keys of the texts every game shares, each with its English text.
pub(crate) mod keys {
    use super::Key;
    include!(concat!(env!("OUT_DIR"), "/keys.rs"));
}

include!(concat!(env!("OUT_DIR"), "/texts.rs"));

use keys::*;

/// A language of the program.
// clap would show a variant's doc comment beside its value in `--help`: `en`, `fr` and `sr`
// say themselves.
#[allow(missing_docs)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, clap::ValueEnum)]
pub(crate) enum Lang {
    #[default]
    En,
    Fr,
    Sr,
}

impl Lang {
    /// Every language, in the order the language files' tables hold them.
    pub(crate) const ALL: [Lang; 3] = [Lang::En, Lang::Fr, Lang::Sr];

    /// The language of a locale name such as `fr_FR.UTF-8` or `sr_RS@cyrillic`, if known.
    pub(crate) fn from_locale(locale: &str) -> Option<Lang> {
        match locale.get(..2)?.to_ascii_lowercase().as_str() {
            "en" => Some(Lang::En),
            "fr" => Some(Lang::Fr),
            "sr" => Some(Lang::Sr),
            _ => None,
        }
    }

    /// The language the environment asks for (LC_ALL, then LC_MESSAGES, then LANG), else English.
    pub(crate) fn from_env() -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| std::env::var(name).ok())
            .find(|value| !value.is_empty())
            .and_then(|value| Lang::from_locale(&value))
            .unwrap_or_default()
    }

    /// Every text of this language, by key: the shared ones, and each game's under its name
    /// (for checks of the language files; the screens look their texts up one by one).
    #[cfg(test)]
    pub(crate) fn texts(self) -> &'static Texts {
        static TABLES: [OnceLock<Texts>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        TABLES[self as usize].get_or_init(|| {
            let mut texts: Texts =
                TEXTS.all(self as usize).map(|(key, text)| (key.to_string(), text)).collect();
            for &game in GameKind::ALL {
                let own = crate::each_game!(kind game, G => G::COMMON.texts);
                texts.extend(
                    own.all(self as usize).map(|(key, text)| (format!("{}.{key}", game.name()), text)),
                );
            }
            texts
        })
    }

    /// The text of `key` (English where this language lacks it, the key where all do): a
    /// shared text's, else the game's whose name it starts with.
    fn lookup(self, key: &str) -> &'static str {
        let own = || {
            GameKind::ALL.iter().find_map(|&game| {
                let key = key.strip_prefix(game.name())?.strip_prefix('.')?;
                crate::each_game!(kind game, G => G::COMMON.texts).text(self as usize, key)
            })
        };
        TEXTS.text(self as usize, key).or_else(own).unwrap_or("{?}")
    }

    /// `text` in this language; a key's name (`{key:undo}`) is written as `keys` names it.
    pub(crate) fn say_with(self, text: &Text, keys: &dyn Fn(&str) -> String) -> String {
        let mut rest = self.lookup(text.key);
        let mut out = String::with_capacity(rest.len());
        // Found as bytes: both are ASCII, and a screen says a few hundred texts a frame.
        while let Some(open) = rest.bytes().position(|byte| byte == b'{' || byte == b'\\') {
            out.push_str(&rest[..open]);
            rest = &rest[open..];
            if let Some(after) = rest.strip_prefix("\\n") {
                out.push('\n');
                rest = after;
                continue;
            }
            let close = rest.find('}').filter(|_| rest.starts_with('{'));
            let inside = close.map(|close| &rest[1..close]);
            match (inside, inside.and_then(|inside| inside.parse::<usize>().ok())) {
                (Some(_), Some(n)) if n < text.args.len() => out.push_str(&self.arg(&text.args[n], keys)),
                (Some(inside), None) if inside.starts_with("key:") => out.push_str(&keys(&inside[4..])),
                _ => {
                    out.push_str(&rest[..1]);
                    rest = &rest[1..];
                    continue;
                }
            }
            rest = &rest[close.map_or(1, |close| close + 1)..];
        }
        out.push_str(rest);
        out
    }

    /// `text` in this language, outside a screen: a key's name as its action's.
    pub(crate) fn say(self, text: &Text) -> String {
        self.say_with(text, &|action| action.to_string())
    }

    /// The text of a key that takes no value.
    pub(crate) fn word(self, key: Key<0>) -> String {
        self.say(&Text::new(key, []))
    }

    fn arg(self, arg: &Arg, keys: &dyn Fn(&str) -> String) -> String {
        match arg {
            Arg::Text(text) => self.say_with(text, keys),
            Arg::Plain(plain) => plain.clone(),
            Arg::Count(count, noun) => format!("{count} {}", self.word(noun.form(self, *count))),
        }
    }
}

/// A text's key, taking `N` values (`{0}` to `{N-1}` in its text).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Key<const N: usize>(&'static str);

impl<const N: usize> Key<N> {
    /// The key named `key` (the build makes them, from the language files).
    pub(crate) const fn new(key: &'static str) -> Key<N> {
        Key(key)
    }

    /// The key as the language files write it.
    #[cfg(test)]
    pub(crate) const fn name(self) -> &'static str {
        self.0
    }
}

/// Something to say: a key and its values, said in a language when drawn.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Text {
    key: &'static str,
    args: Vec<Arg>,
}

impl Text {
    /// `key`'s text with its values.
    pub(crate) fn new<const N: usize>(key: Key<N>, args: [Arg; N]) -> Text {
        Text { key: key.0, args: args.into() }
    }

    /// This text, then `cause` after a colon: `cannot read F: no such file`.
    pub(crate) fn because(self, cause: impl Into<Arg>) -> Text {
        let cause: Arg = cause.into();
        text!(BECAUSE, self, cause)
    }

    /// Whether this is a text of `key`, whatever its values: a screen-reader line words
    /// some of the screens' texts its own way.
    pub(crate) fn is<const N: usize>(&self, key: Key<N>) -> bool {
        self.key == key.0
    }
}

impl std::fmt::Display for Text {
    /// In English, for logs and the engine's answers; screens say it in their language.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&Lang::En.say(self))
    }
}

impl std::error::Error for Text {}

/// A value put in a text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Arg {
    /// Words, said in the text's language.
    Text(Text),
    /// A cell, a turn, a number, a file name: the same in every language.
    Plain(String),
    /// A number of things, the noun in the form the number asks for.
    Count(usize, Noun),
}

/// A counted noun's forms: one, a few (Serbian's 2 to 4), many.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Noun(pub [Key<0>; 3]);

impl Noun {
    /// The form `count` takes in `lang` (Serbian has three).
    fn form(self, lang: Lang, count: usize) -> Key<0> {
        let [one, few, many] = self.0;
        match (lang, count) {
            (_, 1) => one,
            (Lang::Sr, n) if (2..=4).contains(&(n % 10)) && !(12..=14).contains(&(n % 100)) => few,
            (Lang::Sr, n) if n % 10 == 1 && n % 100 != 11 => one,
            _ => many,
        }
    }
}

impl From<Text> for Arg {
    fn from(text: Text) -> Arg {
        Arg::Text(text)
    }
}

impl From<Colour> for Arg {
    fn from(colour: Colour) -> Arg {
        Arg::Text(self::colour(colour))
    }
}

/// Values written the same in every language: one short line, its control characters
/// shown as escapes, whatever a file or a peer put in it.
macro_rules! plain {
    ($($kind:ty),*) => {$(
        impl From<$kind> for Arg {
            fn from(value: $kind) -> Arg {
                Arg::Plain(one_line(&value.to_string()))
            }
        }
    )*};
}
plain!(String, &str, &String, u8, u16, u32, u64, usize, i32, i64, f64, crate::rules::hex::Cell);

/// How many characters of a file's or a peer's text an error quotes.
pub(crate) const EXCERPT: usize = 40;
/// The longest value put in a text, in characters.
pub(crate) const MAX_MESSAGE: usize = 240;

/// At most [`EXCERPT`] characters of `text` to quote in an error, control characters
/// shown as escapes (`\u{1b}`), an ellipsis where it was cut.
pub(crate) fn excerpt(text: &str) -> String {
    let mut out: String = text.chars().take(EXCERPT).flat_map(shown).collect();
    if text.chars().nth(EXCERPT).is_some() {
        out.push('…');
    }
    out
}

/// A path as it may be shown on a terminal: short, its control characters escaped.
pub(crate) fn shown_path(path: &std::path::Path) -> String {
    one_line(&path.display().to_string())
}

/// `text` cut to [`MAX_MESSAGE`] characters, control characters escaped: an error about
/// a file is one short line whatever the file holds.
pub(crate) fn one_line(text: &str) -> String {
    let mut out: String = text.chars().take(MAX_MESSAGE).flat_map(shown).collect();
    if text.chars().nth(MAX_MESSAGE).is_some() {
        out.push('…');
    }
    out
}

/// `text` with its control characters escaped (a new line too): one line, whole.
pub(crate) fn printable(text: &str) -> String {
    text.chars().flat_map(shown).collect()
}

/// A character as it may be shown: control characters as escapes.
fn shown(c: char) -> Vec<char> {
    if c.is_control() { c.escape_debug().collect() } else { vec![c] }
}

/// `text!(KEY, a, b)`: the text of `KEY` with its values; a key takes exactly as many
/// values as its text has places for, or this does not compile.
#[macro_export]
macro_rules! text {
    ($key:expr $(, $arg:expr)* $(,)?) => {
        $crate::i18n::Text::new($key, [$($crate::i18n::Arg::from($arg)),*])
    };
}
pub(crate) use text;

/// A player's name.
pub(crate) fn colour(colour: Colour) -> Text {
    match colour {
        Colour::Blue => text!(COLOUR_BLUE),
        Colour::Red => text!(COLOUR_RED),
    }
}

/// A level's name: `club player`.
pub(crate) fn level(level: Level) -> Text {
    const NAMES: [Key<0>; 5] =
        [COMPUTER_LEVEL1, COMPUTER_LEVEL2, COMPUTER_LEVEL3, COMPUTER_LEVEL4, COMPUTER_LEVEL5];
    text!(NAMES[usize::from(level.number() - 1)])
}

/// Things in a list, the last two joined by `last` (`and`, `or`): `a, b and c`.
pub(crate) fn list(things: &[&str], last: Key<2>) -> Text {
    match things.split_last() {
        Some((end, [])) => text!(PLAIN, *end),
        Some((end, rest)) => text!(last, rest.join(", "), *end),
        None => text!(PLAIN, ""),
    }
}

/// The games' names, for the sentences that list them.
pub(crate) fn games(last: Key<2>) -> Text {
    list(&GameKind::ALL.iter().map(|game| game.name()).collect::<Vec<_>>(), last)
}

/// Why a time control was refused, quoting what was given.
pub(crate) fn clock_error(bad: crate::clock::BadControl, given: &str) -> Text {
    use crate::clock::{BadControl, LARGEST_INCREMENT, LONGEST_BASE};
    let given = excerpt(given);
    match bad {
        BadControl::Form => text!(keys::ERR_CLOCK, given),
        BadControl::Base => text!(keys::ERR_CLOCK_BASE, LONGEST_BASE.as_secs() / 60, given),
        BadControl::Increment => text!(keys::ERR_CLOCK_INCREMENT, LARGEST_INCREMENT.as_secs(), given),
    }
}

impl From<anyhow::Error> for Text {
    /// An error from outside the program's own words (the system's, a library's), said as
    /// it says itself.
    fn from(error: anyhow::Error) -> Text {
        text!(PLAIN, format!("{error:#}"))
    }
}

impl From<std::io::Error> for Text {
    fn from(error: std::io::Error) -> Text {
        text!(PLAIN, error.to_string())
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
    fn values_fill_their_places_once_and_key_names_come_from_the_table() {
        let text = text!(PLAYED, Colour::Blue, "{1}", Colour::Red);
        assert_eq!(Lang::En.say(&text), "Blue played {1}. Red to move", "a value is never read again");
        assert_eq!(Lang::Fr.say(&text!(COLOUR_RED)), "Rouge");
        let keys = |action: &str| if action == "undo" { "u".to_string() } else { "?".to_string() };
        assert_eq!(Lang::En.say_with(&text!(COMPUTER_THINKING), &keys).matches("(u takes").count(), 1);
    }

    #[test]
    fn the_loaded_game_line_fits_an_80_column_status_line_in_every_language() {
        // The status line starts with a space. It has two rows, but this line broke
        // mid-phrase onto the second in French and Serbian; one row reads at a glance.
        let keys = |action: &str| if action.starts_with('f') { "Home" } else { "^r" }.to_string();
        for lang in Lang::ALL {
            let line = lang.say_with(&text!(LOADED, 120, 140), &keys);
            assert!(line.chars().count() < 80, "{lang:?}: {line}");
        }
    }

    #[test]
    fn excerpts_are_short_and_show_control_characters() {
        assert_eq!(excerpt("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
        assert_eq!(excerpt(&"x".repeat(1000)), format!("{}…", "x".repeat(EXCERPT)));
        assert_eq!(one_line(&"y".repeat(10_000)).chars().count(), MAX_MESSAGE + 1);
        let Arg::Plain(value) = Arg::from("\u{1b}[2J") else { panic!("a plain value") };
        assert_eq!(value, "\\u{1b}[2J", "nothing in a text reaches a terminal as a control code");
    }

    #[test]
    fn serbian_counts_have_three_forms() {
        let stacks = Noun([COLOUR_BLUE, COLOUR_RED, MENU_QUIT]);
        let said = |count| Lang::Sr.say(&Text { key: PLAIN.name(), args: vec![Arg::Count(count, stacks)] });
        assert_eq!(said(1), format!("1 {}", Lang::Sr.word(COLOUR_BLUE)));
        assert_eq!(said(3), format!("3 {}", Lang::Sr.word(COLOUR_RED)));
        assert_eq!(said(5), format!("5 {}", Lang::Sr.word(MENU_QUIT)));
        assert_eq!(said(21), format!("21 {}", Lang::Sr.word(COLOUR_BLUE)));
        assert_eq!(said(12), format!("12 {}", Lang::Sr.word(MENU_QUIT)));
    }

    #[test]
    fn english_parse_errors_match_the_rules_own_words() {
        for error in ["chess".parse::<GameKind>().unwrap_err(), GameKind::ALL[0].board(Some(9)).unwrap_err()]
        {
            assert_eq!(Lang::En.say(&parse_error(&error)), error.to_string());
        }
    }
}
