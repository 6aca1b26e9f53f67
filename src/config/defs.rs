//! What the config module makes of each plain setting declared in
//! [`every_setting!`](crate::settings): what the file says of it ([`Values`]), its value and
//! source ([`Settings`]), its flag ([`Flags`]), its reading from the file, its line in
//! `hexstack config` and in the default file. Nothing here names a setting but `lang` (its
//! flag is `--lang`, its default the environment's), `screen_reader` (its flag is the global
//! `--screen-reader`, on by itself when `TERM` is `dumb`) and `theme` (the colours start
//! from it).

use super::reader::SettingsReader;
use super::{Env, Source, Sourced, bad_flag, look};
use crate::ai::Level;
use crate::app::keys::{self, Binding};
use crate::i18n::keys::*;
use crate::i18n::{Lang, Text};
use crate::rules::Colour;
use crate::settings::{Prefs, USUAL_STEP, every_setting, read, shown};
use crate::theme::{Mark, Theme};
use ratatui::style::{Color, Style};
use std::time::Duration;
use toml::Spanned;
use toml::de::DeValue;

/// A value of the kind a setting reads, from the file: a string, an integer's digits (in
/// base 10), `true` or `false`.
macro_rules! from_file {
    (text, $value:expr) => {
        $value.as_str()
    };
    (number, $value:expr) => {
        $value.as_integer().filter(|number| number.radix() == 10).map(|number| number.as_str())
    };
    (switch, $value:expr) => {
        $value.as_bool()
    };
}

/// A flag's value as clap takes it: on or off for a switch, else its text (read as the
/// file's value is).
macro_rules! flag_type {
    (switch) => {
        bool
    };
    ($kind:ident) => {
        String
    };
}

/// How clap reads a flag's value: a switch as `on`, `off`, `yes`, `true`..., else as text.
macro_rules! flag_parser {
    (switch) => {
        clap::builder::BoolishValueParser::new()
    };
    ($kind:ident) => {
        clap::builder::StringValueParser::new()
    };
}

/// A flag's value read: a switch as clap read it, a text as the setting reads it, or why
/// it is refused.
macro_rules! from_flag {
    (switch, $given:expr, $read:path, $flag:literal, $expect:ident) => {
        Ok::<_, Text>($given)
    };
    ($kind:ident, $given:expr, $read:path, $flag:literal, $expect:ident) => {
        $given.as_deref().map(|text| $read(text).ok_or_else(|| bad_flag($flag, $expect, text))).transpose()
    };
}

/// A value as a TOML file writes it: a string quoted.
macro_rules! in_toml {
    (text, $shown:expr) => {
        format!("\"{}\"", $shown)
    };
    ($kind:ident, $shown:expr) => {
        $shown
    };
}

macro_rules! config_items {
    ($(
        $name:ident: $type:ty = $default:expr, file $file:literal, prefs [$($pref:ident)?], {
            docs [$($doc:literal)*] expect $expect:ident, read $kind:ident $read:path, shown $shown:path,
            example [$($example:literal)?] flag [$($flag:literal $value:literal $help:literal)?]
        };
    )*) => {
        /// What the file says, setting by setting: `None` where it says nothing (or nothing
        /// usable).
        #[derive(Clone, Debug)]
        pub(crate) struct Values {
            $(
                #[doc = concat!("What the file says of `", $file, "`.")]
                pub $name: Option<$type>,
            )*
            /// `[theme]`'s colours for the players, and its marks' styles.
            pub colours: [Option<Color>; 2],
            pub(crate) marks: Vec<(Mark, Style)>,
            /// The key table with `[keys]`'s bindings in it, and the actions rebound.
            pub keys: Vec<Binding>,
            pub(crate) rebound: Vec<&'static str>,
        }

        impl Default for Values {
            fn default() -> Values {
                Values {
                    $($name: None,)*
                    colours: [None, None],
                    marks: Vec::new(),
                    keys: keys::KEYS.to_vec(),
                    rebound: Vec::new(),
                }
            }
        }

        /// Every setting, its value and where it came from.
        #[derive(Clone, Debug)]
        pub(crate) struct Settings {
            $(
                $(#[doc = $doc])*
                #[doc = concat!("\nThe config file's `", $file, "`, its flag's or the default, and which.")]
                pub $name: Sourced<$type>,
            )*
            /// The colours and styles, the theme's with the file's changes (or none: `NO_COLOR`).
            pub look: Sourced<Theme>,
            /// The key table, the file's bindings in it.
            pub keys: Vec<Binding>,
            /// The actions the file rebound.
            pub rebound: Vec<&'static str>,
        }

        /// The flags of the settings that have no other on the command line (the language's
        /// is `--lang`; the names', the computer's and its level's are `play`'s).
        #[derive(clap::Args, Clone, Default, Debug)]
        pub(crate) struct Flags {
            $($(
                #[doc = $help]
                #[arg(
                    long = $flag,
                    value_name = $value,
                    value_parser = flag_parser!($kind),
                    hide_possible_values = true
                )]
                pub $name: Option<flag_type!($kind)>,
            )?)*
            /// `--screen-reader`, global as `--lang` is (the command line's own, given here).
            #[arg(skip)]
            pub screen_reader: Option<bool>,
        }

        impl Flags {
            /// These flags, each one not given taken from `under` (the flags before the
            /// command, under a command's own).
            pub(crate) fn over(self, under: &Flags) -> Flags {
                Flags {
                    $($($name: { let _ = $flag; self.$name.or(under.$name.clone()) },)?)*
                    screen_reader: self.screen_reader.or(under.screen_reader),
                }
            }
        }

        /// Every plain setting's name in the file, in its order.
        pub(crate) const NAMES: &[&str] = &[$($file,)*];

        /// Reads the plain setting called `setting` (its whole name, `section.name` in a
        /// table) into `values`; false if there is none of that name.
        pub(super) fn read_plain(
            reader: &mut SettingsReader,
            values: &mut Values,
            setting: &str,
            value: &Spanned<DeValue>,
        ) -> bool {
            match setting {
                $($file => {
                    values.$name = reader.get(value, setting, $expect, |v| $read(from_file!($kind, v)?));
                    true
                })*
                _ => false,
            }
        }

        /// The settings: each flag over the file's value over the default; the language
        /// `--lang` gives (`lang_flag`) over the file's over the one the environment names;
        /// `--screen-reader` over the file's over `TERM=dumb`.
        pub(super) fn settings(
            values: Values,
            flags: &Flags,
            lang_flag: Option<Lang>,
            env: &Env,
        ) -> Result<Settings, Text> {
            let mut settings = Settings {
                $($name: Sourced::pick(
                    None $(.or(from_flag!($kind, flags.$name.clone(), $read, $flag, $expect)?))?,
                    values.$name.clone(),
                    ($default, Source::Default),
                ),)*
                look: Sourced { value: Theme::DEFAULT, source: Source::Default },
                keys: values.keys.clone(),
                rebound: values.rebound.clone(),
            };
            settings.lang = match (lang_flag, env.lang) {
                (Some(value), _) => Sourced { value, source: Source::Flag },
                (None, Some(value)) if settings.lang.source == Source::Default => {
                    Sourced { value, source: Source::Env }
                }
                (None, _) => settings.lang,
            };
            settings.screen_reader = match (flags.screen_reader, env.dumb) {
                (Some(value), _) => Sourced { value, source: Source::Flag },
                (None, true) if settings.screen_reader.source == Source::Default => {
                    Sourced { value: true, source: Source::Env }
                }
                (None, _) => settings.screen_reader,
            };
            settings.look = look::theme(&settings.theme, &values, env.no_color);
            Ok(settings)
        }

        impl Settings {
            /// The new games' defaults these settings give.
            pub(crate) fn prefs(&self) -> Prefs {
                Prefs { $($($pref: self.$name.value.clone(),)?)* }
            }

            /// Every plain setting as the file names it, its value as `hexstack config`
            /// writes it, and its source.
            pub(super) fn plain_rows(&self) -> Vec<(String, String, Source)> {
                vec![$(($file.to_string(), $shown(&self.$name.value), self.$name.source),)*]
            }
        }

        /// Each plain setting in the default file: its comment, then its default (or an
        /// example, commented out); a setting in a table under the table's heading.
        pub(super) fn default_lines() -> String {
            let mut top = String::new();
            let mut tables: Vec<(&str, String)> = Vec::new();
            $(
                let docs: &[&str] = &[$($doc),*];
                let mut lines: String = docs.iter().map(|doc| format!("#{doc}\n")).collect();
                let (table, key) = $file.rsplit_once('.').unwrap_or(("", $file));
                let example: Option<String> =
                    None $(.or(Some(format!("# {key} = {}", in_toml!($kind, $example)))))?;
                let default = || format!("{key} = {}", in_toml!($kind, $shown(&$default)));
                let line = example.unwrap_or_else(default);
                lines.push_str(&line);
                lines.push('\n');
                match (table, tables.iter_mut().find(|(known, _)| *known == table)) {
                    ("", _) if !docs.is_empty() => top.push_str(&format!("\n{lines}")),
                    ("", _) => top.push_str(&lines),
                    (_, Some((_, known))) => known.push_str(&lines),
                    (_, None) => tables.push((table, lines)),
                }
            )*
            for (table, lines) in tables {
                top.push_str(&format!("\n[{table}]\n{lines}"));
            }
            top
        }
    };
}
every_setting!(config_items);
