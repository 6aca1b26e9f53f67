//! The config file read setting by setting: a bad value, an unknown name or a line TOML
//! cannot read is a warning naming its line and column, and everything else still applies.

use super::defs::{NAMES, Values, read_plain};
use super::reader::SettingsReader;
use crate::app::keys::{self, Press};
use crate::i18n::keys::*;
use crate::i18n::{Text, excerpt, text};
use crate::theme::Mark;
use ratatui::style::{Color, Modifier, Style};
use std::borrow::Cow;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// The file's settings from `text`, and a warning for each one it could not read.
pub(super) fn values(text: &str, file: &str) -> (Values, Vec<Text>) {
    let mut reader = SettingsReader { text, file, warnings: Vec::new() };
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

/// One setting at the top of the file: a plain one, or a table.
fn top(reader: &mut SettingsReader, values: &mut Values, name: &Spanned<Cow<str>>, value: &Spanned<DeValue>) {
    let setting = name.get_ref().as_ref();
    if read_plain(reader, values, setting, value) {
        return;
    }
    match setting {
        "theme" => match value.get_ref().as_table() {
            Some(table) => theme(reader, values, table),
            None => reader.bad(value, setting, CONFIG_EXPECT_SECTION),
        },
        "keys" => match value.get_ref().as_table() {
            Some(table) => bindings(reader, values, table),
            None => reader.bad(value, setting, CONFIG_EXPECT_SECTION),
        },
        "club" => match value.get_ref().as_table() {
            Some(table) => club(reader, values, table),
            None => reader.bad(value, setting, CONFIG_EXPECT_SECTION),
        },
        _ => reader.unknown(name.span(), ("", setting), known("", &TABLES)),
    }
}

/// `[club]`: the club server's settings, all plain ones.
fn club(reader: &mut SettingsReader, values: &mut Values, table: &DeTable) {
    for (name, value) in in_order(table) {
        let setting = format!("club.{}", name.get_ref());
        if !read_plain(reader, values, &setting, value) {
            reader.unknown(name.span(), ("club.", name.get_ref()), known("club.", &[]));
        }
    }
}

/// The tables at the top of the file, as [`top`] reads them.
const TABLES: [&str; 3] = ["theme", "keys", "club"];

/// The names `section` of the file takes (`theme.`, or empty for the top), for a
/// suggestion: its plain settings, from their one declaration, and its `own` tables and
/// values.
fn known<'a>(section: &'a str, own: &'a [&'static str]) -> impl Iterator<Item = &'static str> + 'a {
    let plain = NAMES.iter().filter_map(move |name| match section {
        "" => (!name.contains('.')).then_some(*name),
        _ => name.strip_prefix(section),
    });
    plain.chain(own.iter().copied())
}

/// An integer's digits, if `value` is one (in base 10).
fn int<'a>(value: &'a DeValue) -> Option<&'a str> {
    value.as_integer().filter(|number| number.radix() == 10).map(|number| number.as_str())
}

/// `[theme]`: a built-in theme's name, the players' colours, `[theme.marks]`.
fn theme(reader: &mut SettingsReader, values: &mut Values, table: &DeTable) {
    for (name, value) in in_order(table) {
        let setting = format!("theme.{}", name.get_ref());
        if read_plain(reader, values, &setting, value) {
            continue;
        }
        match name.get_ref().as_ref() {
            "blue" => values.colours[0] = reader.get(value, &setting, CONFIG_EXPECT_COLOUR, colour),
            "red" => values.colours[1] = reader.get(value, &setting, CONFIG_EXPECT_COLOUR, colour),
            "marks" => match value.get_ref().as_table() {
                Some(marks) => mark_styles(reader, values, marks),
                None => reader.bad(value, &setting, CONFIG_EXPECT_SECTION),
            },
            _ => reader.unknown(
                name.span(),
                ("theme.", name.get_ref()),
                known("theme.", &["blue", "red", "marks"]),
            ),
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
fn mark_styles(reader: &mut SettingsReader, values: &mut Values, table: &DeTable) {
    for (name, value) in in_order(table) {
        let setting = format!("theme.marks.{}", name.get_ref());
        match Mark::ALL.into_iter().find(|mark| mark.name() == name.get_ref().as_ref()) {
            Some(mark) => {
                if let Some(look) = reader.get(value, &setting, CONFIG_EXPECT_STYLE, |v| style(v.as_str()?)) {
                    values.marks.push((mark, look));
                }
            }
            None => reader.unknown(name.span(), ("theme.marks.", name.get_ref()), Mark::ALL.map(Mark::name)),
        }
    }
}

/// A style: words among bold, dim, italic, underlined, reversed, crossed_out, and at most
/// one colour; `plain` (or nothing) for none.
pub(super) fn style(words: &str) -> Option<Style> {
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
fn bindings(reader: &mut SettingsReader, values: &mut Values, table: &DeTable) {
    for (name, value) in in_order(table) {
        let setting = format!("keys.{}", name.get_ref());
        let Some(action) = keys::action_named(name.get_ref()) else {
            let actions: Vec<&str> = keys::ACTIONS.iter().map(|(name, _)| *name).collect();
            reader.unknown(name.span(), ("keys.", name.get_ref()), actions);
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
    use super::{TABLES, known, values};

    #[test]
    fn the_names_suggested_are_the_names_read() {
        let theme = known("theme.", &["blue", "red", "marks"]).map(|name| format!("theme.{name}"));
        for name in known("", &TABLES).map(String::from).chain(theme) {
            let (_, warnings) = values(&format!("{name} = 1\n"), "f");
            let said = warnings.iter().map(|warning| crate::i18n::Lang::En.say(warning)).collect::<String>();
            assert!(!said.contains("no setting"), "{name}: {said}");
        }
    }
}
