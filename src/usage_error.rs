//! A command-line usage error as one line, in the player's language: what is wrong, the
//! fix if one is suggested, and the usage to follow. `--help` stays as long as it is.
//!
//! clap parses before the settings are read, so the language is found first on its own:
//! `--lang` among the arguments, else the config file's, else the locale's.

use crate::i18n::keys::*;
use crate::i18n::{Lang, Text, excerpt, text};
use clap::error::{ContextKind, ContextValue, Error, ErrorKind};

/// The language a usage error is said in: `--lang` (or `--lang=`) among `args` if it names
/// one, else the config file's `lang`, else LC_ALL, LC_MESSAGES or LANG.
pub(crate) fn language(args: &[std::ffi::OsString]) -> Lang {
    let named =
        |text: &str| Lang::ALL.into_iter().find(|lang| format!("{lang:?}").eq_ignore_ascii_case(text));
    let args: Vec<String> = args.iter().map(|arg| arg.to_string_lossy().into_owned()).collect();
    let given = args.iter().enumerate().find_map(|(n, arg)| match arg.strip_prefix("--lang") {
        Some("") => args.get(n + 1).and_then(|value| named(value)),
        Some(rest) => rest.strip_prefix('=').and_then(named),
        None => None,
    });
    let env = crate::config::Env::read();
    let flags = crate::config::Flags::default();
    match crate::config::load(&flags, given, &env) {
        Ok(loaded) => loaded.settings.lang.value,
        Err(_) => given.unwrap_or_else(Lang::from_env),
    }
}

/// clap's error as one line in `lang`: the error kinds a player meets worded from the
/// language files, any other as clap words it.
pub(crate) fn said(error: &Error, lang: Lang) -> String {
    let string = |kind| match error.get(kind) {
        Some(ContextValue::String(value)) => Some(value.clone()),
        Some(ContextValue::Strings(values)) => Some(values.join(", ")),
        Some(ContextValue::StyledStr(value)) => Some(value.to_string()),
        _ => None,
    };
    let arg = string(ContextKind::InvalidArg).unwrap_or_default();
    let value = string(ContextKind::InvalidValue).unwrap_or_default();
    let what = match error.kind() {
        ErrorKind::InvalidValue if value.is_empty() => text!(USAGE_VALUE_MISSING, arg),
        ErrorKind::InvalidValue => match string(ContextKind::ValidValue) {
            Some(valid) => text!(USAGE_INVALID_CHOICE, excerpt(&value), arg, valid),
            None => text!(USAGE_INVALID_VALUE, excerpt(&value), arg),
        },
        ErrorKind::ValueValidation => text!(USAGE_VALIDATION, excerpt(&value), arg, why_invalid(error)),
        ErrorKind::UnknownArgument => text!(USAGE_UNKNOWN_ARGUMENT, excerpt(&arg)),
        ErrorKind::InvalidSubcommand => {
            text!(USAGE_UNKNOWN_COMMAND, excerpt(&string(ContextKind::InvalidSubcommand).unwrap_or_default()))
        }
        ErrorKind::MissingRequiredArgument => text!(USAGE_MISSING, arg),
        ErrorKind::MissingSubcommand => text!(
            USAGE_MISSING_COMMAND,
            string(ContextKind::InvalidSubcommand).unwrap_or_default(),
            string(ContextKind::ValidSubcommand).unwrap_or_default()
        ),
        ErrorKind::ArgumentConflict => match string(ContextKind::PriorArg) {
            Some(prior) if prior != arg => text!(USAGE_CONFLICT, arg, prior),
            _ => text!(USAGE_TWICE, arg),
        },
        ErrorKind::TooManyValues => text!(USAGE_TOO_MANY, excerpt(&value), arg),
        _ => return one_line(&error.to_string()),
    };
    let suggested =
        [ContextKind::SuggestedSubcommand, ContextKind::SuggestedArg, ContextKind::SuggestedValue]
            .into_iter()
            .find_map(string);
    let what = match suggested {
        Some(meant) => text!(USAGE_SUGGESTED, what, meant),
        None => what,
    };
    let usage =
        string(ContextKind::Usage).map(|usage| usage.trim().trim_start_matches("Usage:").trim().to_string());
    lang.say(&match usage {
        Some(usage) => text!(USAGE_LINE, what, usage),
        None => text!(USAGE_LINE_ALONE, what),
    })
}

/// Why a value's parser refused it, in words where it is a number out of its range or no
/// number at all; else as the parser says it.
fn why_invalid(error: &Error) -> Text {
    use std::error::Error as _;
    let Some(source) = error.source() else { return text!(USAGE_NOT_VALID) };
    if source.downcast_ref::<std::num::ParseIntError>().is_some() {
        return text!(USAGE_NOT_A_NUMBER);
    }
    // clap's ranged parsers say `3000 is not in 1..=256`.
    let said = source.to_string();
    let range = said.split_once(" is not in ").and_then(|(_, range)| range.split_once("..="));
    match range {
        Some((low, high)) => text!(USAGE_NOT_IN_RANGE, low.to_string(), high.to_string()),
        None => text!(PLAIN, crate::i18n::one_line(&said)),
    }
}

/// The one line for a parser's error text as clap words it (`error: ...`, `tip: ...`,
/// `Usage: ...` lines), for the kinds the language files do not word.
pub(crate) fn one_line(error: &str) -> String {
    let lines: Vec<&str> = error.lines().map(str::trim).filter(|line| !line.is_empty()).collect();
    let mut what = String::new();
    let (mut tip, mut usage) = (None, None);
    for line in lines {
        if let Some(rest) = line.strip_prefix("error: ") {
            what = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("tip: ") {
            tip = Some(rest);
        } else if let Some(rest) = line.strip_prefix("Usage: ") {
            usage = Some(rest);
        } else if what.ends_with(':') || line.starts_with('[') {
            // The arguments a "not provided" error lists, or the values it would take.
            what = format!("{what} {line}");
        }
    }
    let mut out = what;
    if let Some(tip) = tip {
        out = format!("{out} ({tip})");
    }
    if let Some(usage) = usage {
        out = format!("{out}; usage: {usage}");
    }
    format!("{out}; --help says more")
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[test]
    fn a_parser_error_becomes_one_line() {
        let text = "error: the following required arguments were not provided:\n  <GAME>\n\nUsage: hexstack play <GAME>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(text),
            "the following required arguments were not provided: <GAME>; usage: hexstack play <GAME>; --help says more"
        );
        let text = "error: invalid value 'cl' for '<GAME>'\n  [possible values: clamber, ombagui]\n\n  tip: a similar value exists: 'clamber'\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(text),
            "invalid value 'cl' for '<GAME>' [possible values: clamber, ombagui] (a similar value exists: 'clamber'); --help says more"
        );
    }
}
