//! The config file read setting by setting: a bad value, an unknown name or a line TOML
//! cannot read is a warning naming its line and column, and everything else still applies.

use crate::ai::Level;
use crate::app::keys::{self, Binding, Press};
use crate::i18n::keys::*;
use crate::i18n::{Key, Lang, Text, excerpt, text};
use crate::rules::Colour;
use crate::ui::theme::{Mark, Theme};
use ratatui::style::{Color, Modifier, Style};
use std::borrow::Cow;
use std::ops::Range;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// The longest player name, in characters (as `play --blue` takes).
pub const LONGEST_NAME: usize = 40;

/// What the file says, setting by setting: `None` where it says nothing (or nothing usable).
#[derive(Clone, Debug)]
pub struct Values {
    pub lang: Option<Lang>,
    pub blue: Option<String>,
    pub red: Option<String>,
    pub level: Option<Level>,
    pub computer: Option<Colour>,
    pub eval: Option<bool>,
    pub review_level: Option<Level>,
    pub step_time: Option<u64>,
    pub theme: Option<String>,
    /// `[theme]`'s colours for the players, and its marks' styles.
    pub colours: [Option<Color>; 2],
    pub marks: Vec<(Mark, Style)>,
    /// The key table with `[keys]`'s bindings in it, and the actions rebound.
    pub keys: Vec<Binding>,
    pub rebound: Vec<&'static str>,
}

impl Default for Values {
    fn default() -> Values {
        Values {
            lang: None,
            blue: None,
            red: None,
            level: None,
            computer: None,
            eval: None,
            review_level: None,
            step_time: None,
            theme: None,
            colours: [None, None],
            marks: Vec::new(),
            keys: keys::KEYS.to_vec(),
            rebound: Vec::new(),
        }
    }
}

/// Reads the file's settings, warning about each bad one in the file named `file`.
struct Reader<'a> {
    text: &'a str,
    file: &'a str,
    /// Each warning and the byte it is about, to say them in the file's order.
    warnings: Vec<(usize, Text)>,
}

impl Reader<'_> {
    /// The line and column (from 1, in characters) of byte `at`.
    fn place(&self, at: usize) -> (usize, usize) {
        let mut at = at.min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        let before = &self.text[..at];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        (line, column)
    }

    /// `setting`'s value refused: where it is, what it should be, what it is.
    fn bad(&mut self, value: &Spanned<DeValue>, setting: &str, expected: Key<0>) {
        self.bad_among(value, setting, expected, &[]);
    }

    /// [`Reader::bad`] for a value that is one of the names `known`: the nearest one is
    /// suggested.
    fn bad_among(&mut self, value: &Spanned<DeValue>, setting: &str, expected: Key<0>, known: &[&str]) {
        let (line, column) = self.place(value.span().start);
        let shown = shown(value.get_ref());
        let (file, given) = (self.file, excerpt(&shown));
        let warning = match super::suggest::nearest(&shown, known.iter().copied()) {
            Some(meant) => text!(CONFIG_BAD_NEAR, file, line, column, setting, text!(expected), given, meant),
            None => text!(CONFIG_BAD, file, line, column, setting, text!(expected), given),
        };
        self.warnings.push((value.span().start, warning));
    }

    /// A name that is no setting of the section `section` (`theme.`, or empty for the
    /// top), whose names are `known`: the nearest one is suggested.
    fn unknown(&mut self, span: Range<usize>, (section, name): (&str, &str), known: &[&str]) {
        let (line, column) = self.place(span.start);
        let setting = excerpt(&format!("{section}{name}"));
        let warning = match super::suggest::nearest(name, known.iter().copied()) {
            Some(meant) => {
                text!(CONFIG_UNKNOWN_NEAR, self.file, line, column, setting, format!("{section}{meant}"))
            }
            None => text!(CONFIG_UNKNOWN, self.file, line, column, setting),
        };
        self.warnings.push((span.start, warning));
    }

    /// `read`'s answer on `value`, else a warning that `setting` expected `expected`.
    fn get<T>(
        &mut self,
        value: &Spanned<DeValue>,
        setting: &str,
        expected: Key<0>,
        read: impl Fn(&DeValue) -> Option<T>,
    ) -> Option<T> {
        let got = read(value.get_ref());
        if got.is_none() {
            self.bad(value, setting, expected);
        }
        got
    }
}

/// A value as the warning quotes it.
fn shown(value: &DeValue) -> String {
    match value {
        DeValue::String(text) => text.to_string(),
        DeValue::Integer(number) => number.as_str().to_string(),
        DeValue::Float(number) => number.as_str().to_string(),
        DeValue::Boolean(yes) => yes.to_string(),
        other => other.type_str().to_string(),
    }
}

/// The file's settings from `text`, and a warning for each one it could not read.
pub fn values(text: &str, file: &str) -> (Values, Vec<Text>) {
    let mut reader = Reader { text, file, warnings: Vec::new() };
    let (table, errors) = DeTable::parse_recoverable(text);
    for error in errors {
        let at = error.span().map_or(0, |span| span.start);
        let (line, column) = reader.place(at);
        let why = crate::i18n::one_line(error.message());
        reader.warnings.push((at, text!(CONFIG_SYNTAX, file, line, column, excerpt(&why))));
    }
    let mut values = Values::default();
    for (name, value) in in_order(table.get_ref()) {
        top(&mut reader, &mut values, name, value);
    }
    reader.warnings.sort_by_key(|(at, _)| *at);
    (values, reader.warnings.into_iter().map(|(_, warning)| warning).collect())
}

/// A table's settings in the file's order (a TOML table is read sorted by name): a
/// warning comes in the order of its lines, and key bindings are taken as written.
fn in_order<'t, 'i>(table: &'t DeTable<'i>) -> Vec<(&'t Spanned<Cow<'i, str>>, &'t Spanned<DeValue<'i>>)> {
    let mut settings: Vec<_> = table.iter().collect();
    settings.sort_by_key(|(name, _)| name.span().start);
    settings
}

/// One setting at the top of the file.
fn top(reader: &mut Reader, values: &mut Values, name: &Spanned<Cow<str>>, value: &Spanned<DeValue>) {
    let setting = name.get_ref().as_ref();
    match setting {
        "lang" => values.lang = reader.get(value, setting, CONFIG_EXPECT_LANG, |v| lang(v.as_str()?)),
        "blue" => values.blue = reader.get(value, setting, CONFIG_EXPECT_NAME, |v| player_name(v.as_str()?)),
        "red" => values.red = reader.get(value, setting, CONFIG_EXPECT_NAME, |v| player_name(v.as_str()?)),
        "level" => values.level = reader.get(value, setting, CONFIG_EXPECT_LEVEL, |v| level(int(v)?)),
        "review_level" => {
            values.review_level = reader.get(value, setting, CONFIG_EXPECT_LEVEL, |v| level(int(v)?))
        }
        "computer" => values.computer = reader.get(value, setting, CONFIG_EXPECT_SIDE, |v| side(v.as_str()?)),
        "eval" => values.eval = reader.get(value, setting, CONFIG_EXPECT_SWITCH, |v| v.as_bool()),
        "step_time" => {
            values.step_time = reader.get(value, setting, CONFIG_EXPECT_STEP_TIME, |v| {
                int(v)?.parse::<u64>().ok().filter(|ms| *ms <= super::LONGEST_STEP_MS)
            })
        }
        "theme" => match value.get_ref().as_table() {
            Some(table) => theme(reader, values, table),
            None => reader.bad(value, setting, CONFIG_EXPECT_SECTION),
        },
        "keys" => match value.get_ref().as_table() {
            Some(table) => bindings(reader, values, table),
            None => reader.bad(value, setting, CONFIG_EXPECT_SECTION),
        },
        _ => reader.unknown(name.span(), ("", setting), &TOP),
    }
}

/// The settings at the top of the file, as [`top`] reads them.
const TOP: [&str; 10] =
    ["lang", "blue", "red", "level", "review_level", "computer", "eval", "step_time", "theme", "keys"];

/// An integer's digits, if `value` is one (in base 10).
fn int<'a>(value: &'a DeValue) -> Option<&'a str> {
    value.as_integer().filter(|number| number.radix() == 10).map(|number| number.as_str())
}

/// `en`, `fr` or `sr`.
fn lang(text: &str) -> Option<Lang> {
    Lang::ALL.into_iter().find(|lang| format!("{lang:?}").eq_ignore_ascii_case(text))
}

/// A level's number, 1 to 5.
pub fn level(text: &str) -> Option<Level> {
    text.trim().parse::<u8>().ok().and_then(Level::new)
}

/// `blue` or `red`.
fn side(text: &str) -> Option<Colour> {
    match text {
        "blue" => Some(Colour::Blue),
        "red" => Some(Colour::Red),
        _ => None,
    }
}

/// A player's name: one line of printable text, 1 to [`LONGEST_NAME`] characters.
fn player_name(name: &str) -> Option<String> {
    let fits = (1..=LONGEST_NAME).contains(&name.chars().count()) && !name.trim().is_empty();
    (fits && !name.chars().any(char::is_control)).then(|| name.to_string())
}

/// `[theme]`: a built-in theme's name, the players' colours, `[theme.marks]`.
fn theme(reader: &mut Reader, values: &mut Values, table: &DeTable) {
    for (name, value) in in_order(table) {
        let setting = format!("theme.{}", name.get_ref());
        match name.get_ref().as_ref() {
            "name" => match value.get_ref().as_str().filter(|name| Theme::named(name).is_some()) {
                Some(name) => values.theme = Some(name.to_string()),
                None => reader.bad_among(
                    value,
                    &setting,
                    CONFIG_EXPECT_THEME,
                    &Theme::NAMED.map(|(name, _)| name),
                ),
            },
            "blue" => values.colours[0] = reader.get(value, &setting, CONFIG_EXPECT_COLOUR, colour),
            "red" => values.colours[1] = reader.get(value, &setting, CONFIG_EXPECT_COLOUR, colour),
            "marks" => match value.get_ref().as_table() {
                Some(marks) => mark_styles(reader, values, marks),
                None => reader.bad(value, &setting, CONFIG_EXPECT_SECTION),
            },
            _ => reader.unknown(name.span(), ("theme.", name.get_ref()), &["name", "blue", "red", "marks"]),
        }
    }
}

/// A colour: a name (`blue`, `lightred`...), `#rrggbb`, or a number from 0 to 255.
fn colour(value: &DeValue) -> Option<Color> {
    match value {
        DeValue::String(name) => name.parse::<Color>().ok(),
        _ => int(value)?.parse::<u8>().ok().map(Color::Indexed),
    }
}

/// `[theme.marks]`: each mark's style.
fn mark_styles(reader: &mut Reader, values: &mut Values, table: &DeTable) {
    for (name, value) in in_order(table) {
        let setting = format!("theme.marks.{}", name.get_ref());
        match Mark::ALL.into_iter().find(|mark| mark.name() == name.get_ref().as_ref()) {
            Some(mark) => {
                if let Some(look) = reader.get(value, &setting, CONFIG_EXPECT_STYLE, |v| style(v.as_str()?)) {
                    values.marks.push((mark, look));
                }
            }
            None => reader.unknown(name.span(), ("theme.marks.", name.get_ref()), &Mark::ALL.map(Mark::name)),
        }
    }
}

/// A style: words among bold, dim, italic, underlined, reversed, crossed_out, and at most
/// one colour; `plain` (or nothing) for none.
pub fn style(words: &str) -> Option<Style> {
    const MODIFIERS: [(&str, Modifier); 6] = [
        ("bold", Modifier::BOLD),
        ("dim", Modifier::DIM),
        ("italic", Modifier::ITALIC),
        ("underlined", Modifier::UNDERLINED),
        ("reversed", Modifier::REVERSED),
        ("crossed_out", Modifier::CROSSED_OUT),
    ];
    let mut look = Style::new();
    for word in words.split_whitespace().filter(|word| *word != "plain") {
        match MODIFIERS.iter().find(|(name, _)| *name == word) {
            Some((_, modifier)) => look = look.add_modifier(*modifier),
            None if look.fg.is_none() => look = look.fg(word.parse::<Color>().ok()?),
            None => return None,
        }
    }
    Some(look)
}

/// `[keys]`: each action's keys, a key or a list of them; a clash refused.
fn bindings(reader: &mut Reader, values: &mut Values, table: &DeTable) {
    for (name, value) in in_order(table) {
        let setting = format!("keys.{}", name.get_ref());
        let Some(action) = keys::action_named(name.get_ref()) else {
            let actions: Vec<&str> = keys::ACTIONS.iter().map(|(name, _)| *name).collect();
            reader.unknown(name.span(), ("keys.", name.get_ref()), &actions);
            continue;
        };
        let Some(presses) = reader.get(value, &setting, CONFIG_EXPECT_KEYS, presses) else { continue };
        match keys::rebind(&mut values.keys, action, &presses) {
            Ok(()) => values.rebound.push(keys::name_of(action)),
            Err(clash) => {
                let (line, column) = reader.place(value.span().start);
                let warning =
                    text!(CONFIG_CLASH, reader.file, line, column, clash.action, clash.key, clash.other);
                reader.warnings.push((value.span().start, warning));
            }
        }
    }
}

/// A key, or a list of 1 to 8 different keys.
fn presses(value: &DeValue) -> Option<Vec<Press>> {
    let presses: Vec<Press> = match value {
        DeValue::String(name) => vec![keys::press(name)?],
        DeValue::Array(list) => {
            list.iter().map(|key| keys::press(key.get_ref().as_str()?)).collect::<Option<_>>()?
        }
        _ => return None,
    };
    let distinct = presses.iter().enumerate().all(|(n, key)| !presses[..n].contains(key));
    (distinct && (1..=8).contains(&presses.len())).then_some(presses)
}

#[cfg(test)]
mod tests {
    use super::{TOP, values};

    #[test]
    fn the_names_suggested_are_the_names_read() {
        for name in TOP {
            let (_, warnings) = values(&format!("{name} = 1\n"), "f");
            let said = warnings.iter().map(|warning| crate::i18n::Lang::En.say(warning)).collect::<String>();
            assert!(!said.contains("no setting"), "{name}: {said}");
        }
    }
}
