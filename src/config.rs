//! The player's settings: the config file (TOML, in the XDG config folder, or where
//! `HEXSTACK_CONFIG` says), the command line's flags over it, and the program's defaults
//! under both. Each setting keeps where it came from, for `hexstack config`. A bad setting
//! is named with its line and column and left on its default: the rest of the file still
//! applies, and nobody is refused a game for a typo.

mod file;
mod look;
mod show;
pub mod suggest;

use crate::ai::Level;
use crate::app::keys::{self, Binding};
use crate::app::prefs::{self, Prefs};
use crate::i18n::keys::*;
use crate::i18n::{Lang, Text, excerpt, text};
use crate::rules::Colour;
use crate::ui::theme::{self, Theme};
use clap::Args;
use clap::builder::BoolishValueParser;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub use file::{LONGEST_NAME, Values};
pub use show::{DEFAULT_FILE, listing};

/// The largest config file read, in bytes: a settings file is a page of text.
pub const LARGEST_FILE: u64 = 64 * 1024;

/// The longest step of the computer's turn a setting may ask for, in milliseconds.
pub const LONGEST_STEP_MS: u64 = prefs::LONGEST_STEP.as_millis() as u64;

/// Where a setting's value came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Source {
    Default,
    /// The environment: `LANG` for the language, `NO_COLOR` for the colours.
    Env,
    File,
    Flag,
}

/// A setting's value and where it came from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Sourced<T> {
    pub value: T,
    pub source: Source,
}

impl<T> Sourced<T> {
    /// The flag's value if given, else the file's, else `default` from `source`.
    fn pick(flag: Option<T>, file: Option<T>, default: (T, Source)) -> Sourced<T> {
        match (flag, file) {
            (Some(value), _) => Sourced { value, source: Source::Flag },
            (None, Some(value)) => Sourced { value, source: Source::File },
            (None, None) => Sourced { value: default.0, source: default.1 },
        }
    }
}

/// The flags of the settings that have no other on the command line (the language's is
/// `--lang`; the names', the computer's and its level's are `play`'s).
#[derive(Args, Clone, Default, Debug)]
pub struct Flags {
    /// Show who is ahead from the start of a game: on or off (default off)
    #[arg(long, global = true, value_name = "on|off", value_parser = BoolishValueParser::new(), hide_possible_values = true)]
    pub eval: Option<bool>,
    /// The level reviews look at the positions with, 1 to 5 (default 4)
    #[arg(long, global = true, value_name = "LEVEL")]
    pub review_level: Option<String>,
    /// How long each step of the computer's turn shows, in milliseconds, 0 to 2000 (default 350)
    #[arg(long, global = true, value_name = "MS")]
    pub step_time: Option<String>,
    /// The colours: default, colour-blind or mono
    #[arg(long, global = true, value_name = "NAME")]
    pub theme: Option<String>,
}

/// What the environment says: where the file is, the language, `NO_COLOR`.
#[derive(Clone, Debug, Default)]
pub struct Env {
    /// `HEXSTACK_CONFIG`, if set and not empty.
    pub file: Option<PathBuf>,
    /// The platform's config folder (`$XDG_CONFIG_HOME`, else `~/.config`, on Linux).
    pub folder: Option<PathBuf>,
    /// The language `LC_ALL`, `LC_MESSAGES` or `LANG` asks for, if one of ours.
    pub lang: Option<Lang>,
    /// `NO_COLOR` set and not empty.
    pub no_color: bool,
}

impl Env {
    /// The environment of this process.
    pub fn read() -> Env {
        let set = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
        let lang = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| std::env::var(name).ok())
            .find(|value| !value.is_empty())
            .and_then(|value| Lang::from_locale(&value));
        Env {
            file: set("HEXSTACK_CONFIG").map(PathBuf::from),
            folder: dirs::config_dir(),
            lang,
            no_color: set("NO_COLOR").is_some(),
        }
    }

    /// Where the config file is read from: `HEXSTACK_CONFIG`, else the config folder's
    /// `hexstack/config.toml`; none on a system without a config folder.
    pub fn path(&self) -> Option<PathBuf> {
        self.file.clone().or_else(|| Some(self.folder.as_ref()?.join("hexstack").join("config.toml")))
    }
}

/// Every setting, its value and where it came from.
#[derive(Clone, Debug)]
pub struct Settings {
    pub lang: Sourced<Lang>,
    pub blue: Sourced<Option<String>>,
    pub red: Sourced<Option<String>>,
    pub level: Sourced<Level>,
    pub computer: Sourced<Option<Colour>>,
    pub eval: Sourced<bool>,
    pub review_level: Sourced<Level>,
    pub step_time: Sourced<u64>,
    pub theme: Sourced<String>,
    /// The colours and styles, the theme's with the file's changes (or none: `NO_COLOR`).
    pub look: Sourced<Theme>,
    /// The key table, the file's bindings in it.
    pub keys: Vec<Binding>,
    /// The actions the file rebound.
    pub rebound: Vec<&'static str>,
}

/// The settings, the file they were read from, and what was wrong in it.
#[derive(Debug)]
pub struct Loaded {
    pub settings: Settings,
    /// The file read, or where it would be; none if the system has no config folder.
    pub path: Option<PathBuf>,
    /// Whether a file was there to read.
    pub found: bool,
    /// Each bad setting, one line each, in the file's order.
    pub warnings: Vec<Text>,
}

/// The settings from the file `env` names, `lang` (`--lang`) and `flags` over it. A bad
/// flag is an error; a bad file is warnings and defaults.
pub fn load(flags: &Flags, lang: Option<Lang>, env: &Env) -> Result<Loaded, Text> {
    let path = env.path();
    let (text, found, mut warnings) = match &path {
        Some(path) => read(path, env.file.is_some()),
        None => (String::new(), false, Vec::new()),
    };
    let shown = path.as_deref().map_or_else(String::new, crate::store::shown);
    let (values, file_warnings) = file::values(&text, &shown);
    warnings.extend(file_warnings);
    let settings = settings(values, flags, lang, env)?;
    Ok(Loaded { settings, path, found, warnings })
}

/// The file's text (none if it is not there and was not asked for by name), whether it was
/// there, and why it could not be read if so.
fn read(path: &Path, named: bool) -> (String, bool, Vec<Text>) {
    use std::io::Read;
    let shown = crate::store::shown(path);
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound && !named => {
            return (String::new(), false, Vec::new());
        }
        Err(error) => {
            return (String::new(), false, vec![text!(CONFIG_UNREADABLE, shown, error.to_string())]);
        }
    };
    let mut bytes = Vec::new();
    if let Err(error) = file.take(LARGEST_FILE + 1).read_to_end(&mut bytes) {
        return (String::new(), true, vec![text!(CONFIG_UNREADABLE, shown, error.to_string())]);
    }
    if bytes.len() as u64 > LARGEST_FILE {
        return (String::new(), true, vec![text!(CONFIG_TOO_BIG, shown, LARGEST_FILE / 1024)]);
    }
    match String::from_utf8(bytes) {
        Ok(text) => (text, true, Vec::new()),
        Err(_) => (String::new(), true, vec![text!(CONFIG_NOT_TEXT, shown)]),
    }
}

/// The settings: each flag over the file's value over the default.
fn settings(values: Values, flags: &Flags, lang: Option<Lang>, env: &Env) -> Result<Settings, Text> {
    let lang_default = env.lang.map_or((Lang::En, Source::Default), |lang| (lang, Source::Env));
    let level_flag = |name: &str, text: &Option<String>| -> Result<Option<Level>, Text> {
        text.as_deref()
            .map(|text| file::level(text).ok_or_else(|| bad_flag(name, CONFIG_EXPECT_LEVEL, text)))
            .transpose()
    };
    let step_flag = flags.step_time.as_deref().map(|text| {
        let ms = text.trim().parse::<u64>().ok().filter(|ms| *ms <= LONGEST_STEP_MS);
        ms.ok_or_else(|| bad_flag("step-time", CONFIG_EXPECT_STEP_TIME, text))
    });
    let theme_flag = flags.theme.as_deref().map(|name| match Theme::named(name) {
        Some(_) => Ok(name.to_string()),
        None => Err(match suggest::nearest(name, Theme::NAMED.map(|(known, _)| known)) {
            Some(meant) => {
                text!(CONFIG_BAD_FLAG_NEAR, "theme", text!(CONFIG_EXPECT_THEME), excerpt(name), meant)
            }
            None => bad_flag("theme", CONFIG_EXPECT_THEME, name),
        }),
    });
    let theme =
        Sourced::pick(theme_flag.transpose()?, values.theme.clone(), ("default".into(), Source::Default));
    let look = look::theme(&theme, &values, env.no_color);
    let (keys, rebound) = (values.keys.clone(), values.rebound.clone());
    Ok(Settings {
        lang: Sourced::pick(lang, values.lang, lang_default),
        blue: Sourced::pick(None, values.blue.map(Some), (None, Source::Default)),
        red: Sourced::pick(None, values.red.map(Some), (None, Source::Default)),
        level: Sourced::pick(None, values.level, (Level::USUAL, Source::Default)),
        computer: Sourced::pick(None, values.computer.map(Some), (None, Source::Default)),
        eval: Sourced::pick(flags.eval, values.eval, (false, Source::Default)),
        review_level: Sourced::pick(
            level_flag("review-level", &flags.review_level)?,
            values.review_level,
            (Level::REVIEW, Source::Default),
        ),
        step_time: Sourced::pick(
            step_flag.transpose()?,
            values.step_time,
            (prefs::Prefs::default().step_time.as_millis() as u64, Source::Default),
        ),
        theme,
        look,
        keys,
        rebound,
    })
}

/// What the menu's note says of the file's problems: the first, and how many more.
pub fn note(warnings: &[Text]) -> Option<Text> {
    let first = warnings.first()?.clone();
    Some(match warnings.len() {
        1 => first,
        count => text!(CONFIG_MORE, first, count - 1),
    })
}

/// A flag's value refused: which flag, what it takes, what it was given.
fn bad_flag(name: &str, expected: crate::i18n::Key<0>, given: &str) -> Text {
    text!(CONFIG_BAD_FLAG, name, text!(expected), excerpt(given))
}

impl Settings {
    /// Makes these settings the program's for the rest of the process: the defaults of new
    /// games, the keys, the colours. Called once, before the screen opens.
    pub fn apply(&self) {
        prefs::set(Prefs {
            blue: self.blue.value.clone(),
            red: self.red.value.clone(),
            level: self.level.value,
            computer: self.computer.value,
            eval: self.eval.value,
            review: self.review_level.value,
            step_time: Duration::from_millis(self.step_time.value),
        });
        if !self.rebound.is_empty() {
            keys::install(self.keys.clone());
        }
        theme::set(self.look.value);
    }
}
