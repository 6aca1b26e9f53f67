//! `hexstack config`: the file in use and every setting, its value and where it came from;
//! `hexstack config --default`: a commented file of the defaults to start from.

use super::{Loaded, Settings, Source};
use crate::app::keys::ACTIONS;
use crate::i18n::keys::*;
use crate::i18n::{Lang, text};
use crate::theme::Mark;
use ratatui::style::{Modifier, Style};

/// The default file's opening comment.
const DEFAULT_HEAD: &str = "\
# hexstack's settings (docs/config.md lists them all). Each has a command-line flag too,
# which wins over this file. A setting this file gets wrong is named with its line when
# hexstack starts, and left on its default; the rest of the file still applies.
";

/// What the default file says of the tables after the plain settings: the players' colours,
/// the marks' styles, the keys.
const DEFAULT_TABLES: &str = include_str!("default_tables.toml");

/// The file `hexstack config --default` prints: every setting on its default, the ones
/// with no default value (names, keys, colours) as comments to fill in.
pub(crate) fn default_file() -> String {
    format!("{DEFAULT_HEAD}{}{DEFAULT_TABLES}", super::defs::default_lines())
}

/// `hexstack config`: where the file is, then one line a setting (its name, its value,
/// where the value came from), in `lang`.
pub(crate) fn listing(loaded: &Loaded, lang: Lang) -> String {
    let file = match (&loaded.path, loaded.found) {
        (Some(path), true) => text!(CONFIG_FILE, crate::i18n::shown_path(path)),
        (Some(path), false) => text!(CONFIG_NO_FILE, crate::i18n::shown_path(path)),
        (None, _) => text!(CONFIG_NO_FOLDER),
    };
    let mut out = lang.say(&file);
    for (name, value, source) in rows(&loaded.settings) {
        let source = lang.word(match source {
            Source::Default => CONFIG_SOURCE_DEFAULT,
            Source::Env => CONFIG_SOURCE_ENV,
            Source::File => CONFIG_SOURCE_FILE,
            Source::Flag => CONFIG_SOURCE_FLAG,
        });
        out.push_str(&format!("\n{name:<24} {value:<24} {source}"));
    }
    out
}

/// Every setting as the file names it, its value as the file writes it, its source.
fn rows(settings: &Settings) -> Vec<(String, String, Source)> {
    let mut rows = settings.plain_rows();
    let look = &settings.look;
    let colour =
        |style: Style| style.fg.map_or("none".to_string(), |colour| colour.to_string().to_lowercase());
    rows.push(("theme.blue".into(), colour(look.value.blue), look.source));
    rows.push(("theme.red".into(), colour(look.value.red), look.source));
    for mark in Mark::ALL {
        rows.push((format!("theme.marks.{}", mark.name()), words(look.value.mark(mark)), look.source));
    }
    for &(name, action) in ACTIONS {
        let mut shown: Vec<&str> = Vec::new();
        for binding in settings.keys.iter().filter(|binding| binding.action == action) {
            if !shown.contains(&&*binding.shown) {
                shown.push(&binding.shown);
            }
        }
        let source = if settings.rebound.contains(&name) { Source::File } else { Source::Default };
        rows.push((format!("keys.{name}"), shown.join(" | "), source));
    }
    rows
}

/// A style in the words the file takes: its modifiers and its colour, or `plain`.
fn words(style: Style) -> String {
    let names = [
        (Modifier::BOLD, "bold"),
        (Modifier::DIM, "dim"),
        (Modifier::ITALIC, "italic"),
        (Modifier::UNDERLINED, "underlined"),
        (Modifier::REVERSED, "reversed"),
        (Modifier::CROSSED_OUT, "crossed_out"),
    ];
    let mut words: Vec<String> = names
        .iter()
        .filter(|(modifier, _)| style.add_modifier.contains(*modifier))
        .map(|(_, name)| name.to_string())
        .collect();
    words.extend(style.fg.map(|colour| colour.to_string().to_lowercase()));
    match words.is_empty() {
        true => "plain".into(),
        false => words.join(" "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::keys;

    #[test]
    fn every_rebindable_action_is_in_the_table() {
        for (name, action) in ACTIONS {
            assert!(keys::KEYS.iter().any(|binding| binding.action == *action), "{name}");
        }
    }

    #[test]
    fn a_style_is_written_as_it_is_read() {
        for mark in Mark::ALL {
            let style = Mark::STYLES[mark as usize];
            assert_eq!(super::super::file::style(&words(style)), Some(style), "{}", mark.name());
        }
    }
}
