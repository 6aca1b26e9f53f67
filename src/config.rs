//! The player's settings: the config file (TOML, in the XDG config folder, or where
//! `HEXSTACK_CONFIG` says), the command line's flags over it, and the program's defaults
//! under both. Each setting keeps where it came from, for `hexstack config`. A bad setting
//! is named with its line and column and left on its default: the rest of the file still
//! applies, and nobody is refused a game for a typo. Each plain setting is declared once,
//! in [`crate::settings`]; what this module makes of the declaration is in `defs`.

mod defs;
mod file;
mod look;
mod reader;
mod show;
pub(crate) mod suggest;

use crate::app::keys::KeyTable;
use crate::app::profile::Profile;
use crate::i18n::keys::*;
use crate::i18n::{Lang, Text, excerpt, text};
use std::path::{Path, PathBuf};

#[cfg(test)]
pub(crate) use crate::settings::LONGEST_NAME;
#[cfg(test)]
pub(crate) use defs::NAMES;
pub(crate) use defs::{Flags, Settings, Values};
pub(crate) use show::{default_file, listing};

/// The largest config file read, in bytes: a settings file is a page of text.
pub(crate) const LARGEST_FILE: u64 = 64 * 1024;

/// Where a setting's value came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Source {
    /// The program's default.
    Default,
    /// The environment: `LANG` for the language, `NO_COLOR` for the colours, `TERM=dumb`
    /// for the mode of lines.
    Env,
    /// The config file.
    File,
    /// A flag on the command line.
    Flag,
}

/// A setting's value and where it came from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Sourced<T> {
    /// The value.
    pub value: T,
    /// Where it came from.
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

/// What the environment says: where the file is, the language, `NO_COLOR`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Env {
    /// `HEXSTACK_CONFIG`, if set and not empty.
    pub file: Option<PathBuf>,
    /// The platform's config folder (`$XDG_CONFIG_HOME`, else `~/.config`, on Linux).
    pub folder: Option<PathBuf>,
    /// The language `LC_ALL`, `LC_MESSAGES` or `LANG` asks for, if one of ours.
    pub lang: Option<Lang>,
    /// `NO_COLOR` set and not empty.
    pub no_color: bool,
    /// `TERM` is `dumb`: a terminal that draws no screen (a screen reader's console, Emacs's
    /// shell), where the mode of lines starts by itself.
    pub dumb: bool,
}

impl Env {
    /// The environment of this process.
    pub(crate) fn read() -> Env {
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
            dumb: std::env::var_os("TERM").is_some_and(|term| term == "dumb"),
        }
    }

    /// Where the config file is read from: `HEXSTACK_CONFIG`, else the config folder's
    /// `hexstack/config.toml`; none on a system without a config folder.
    pub(crate) fn path(&self) -> Option<PathBuf> {
        self.file.clone().or_else(|| Some(self.folder.as_ref()?.join("hexstack").join("config.toml")))
    }
}

/// The settings, the file they were read from, and what was wrong in it.
#[derive(Debug)]
pub(crate) struct Loaded {
    /// Every setting, its value and where it came from.
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
pub(crate) fn load(flags: &Flags, lang: Option<Lang>, env: &Env) -> Result<Loaded, Text> {
    let path = env.path();
    let (text, found, mut warnings) = match &path {
        Some(path) => read(path, env.file.is_some()),
        None => (String::new(), false, Vec::new()),
    };
    let shown = path.as_deref().map_or_else(String::new, crate::i18n::shown_path);
    let (values, file_warnings) = file::values(&text, &shown);
    warnings.extend(file_warnings);
    let settings = defs::settings(values, flags, lang, env)?;
    Ok(Loaded { settings, path, found, warnings })
}

/// The file's text (none if it is not there and was not asked for by name), whether it was
/// there, and why it could not be read if so.
fn read(path: &Path, named: bool) -> (String, bool, Vec<Text>) {
    use std::io::Read;
    let shown = crate::i18n::shown_path(path);
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

/// What the menu's note says of the file's problems: the first, and how many more.
pub(crate) fn note(warnings: &[Text]) -> Option<Text> {
    let first = warnings.first()?.clone();
    Some(match warnings.len() {
        1 => first,
        count => text!(CONFIG_MORE, first, count - 1),
    })
}

/// A flag's value refused: which flag, what it takes, what it was given.
pub(crate) fn bad_flag(name: &str, expected: crate::i18n::Key<0>, given: &str) -> Text {
    match suggest::nearest(given, suggest::values_of(expected)) {
        Some(meant) => text!(CONFIG_BAD_FLAG_NEAR, name, text!(expected), excerpt(given), meant),
        None => text!(CONFIG_BAD_FLAG, name, text!(expected), excerpt(given)),
    }
}

impl Settings {
    /// The profile of the person these settings are: their language, the defaults of their
    /// new games, their keys, their colours.
    pub(crate) fn profile(&self) -> Profile {
        let keys = match self.rebound.is_empty() {
            true => KeyTable::default(),
            false => KeyTable::own(self.keys.clone()),
        };
        Profile {
            lang: self.lang.value,
            keys,
            theme: self.look.value,
            prefs: self.prefs(),
            ..Profile::default()
        }
    }
}

#[cfg(test)]
mod tests;
