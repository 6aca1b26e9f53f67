//! Reading a config file: the warnings it gives, each naming the line and column of what
//! it is about.

use crate::i18n::keys::*;
use crate::i18n::{Key, Text, excerpt, text};
use std::ops::Range;
use toml::Spanned;
use toml::de::DeValue;

/// Reads the file's settings, warning about each bad one in the file named `file`.
pub(super) struct SettingsReader<'a> {
    pub(super) text: &'a str,
    pub(super) file: &'a str,
    /// Each warning and the byte it is about, to say them in the file's order.
    pub(super) warnings: Vec<(usize, Text)>,
}

impl SettingsReader<'_> {
    /// The line and column (from 1, in characters) of byte `at`.
    pub(super) fn place(&self, at: usize) -> (usize, usize) {
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
    /// For a value that is one of a few names (a theme), the nearest one is suggested.
    pub(super) fn bad(&mut self, value: &Spanned<DeValue>, setting: &str, expected: Key<0>) {
        let (line, column) = self.place(value.span().start);
        let shown = shown(value.get_ref());
        let (file, given) = (self.file, excerpt(&shown));
        let warning = match super::suggest::nearest(&shown, super::suggest::values_of(expected)) {
            Some(meant) => text!(CONFIG_BAD_NEAR, file, line, column, setting, text!(expected), given, meant),
            None => text!(CONFIG_BAD, file, line, column, setting, text!(expected), given),
        };
        self.warnings.push((value.span().start, warning));
    }

    /// A name that is no setting of the section `section` (`theme.`, or empty for the
    /// top), whose names are `known`: the nearest one is suggested.
    pub(super) fn unknown<'k>(
        &mut self,
        span: Range<usize>,
        (section, name): (&str, &str),
        known: impl IntoIterator<Item = &'k str>,
    ) {
        let (line, column) = self.place(span.start);
        let setting = excerpt(&format!("{section}{name}"));
        let warning = match super::suggest::nearest(name, known) {
            Some(meant) => {
                text!(CONFIG_UNKNOWN_NEAR, self.file, line, column, setting, format!("{section}{meant}"))
            }
            None => text!(CONFIG_UNKNOWN, self.file, line, column, setting),
        };
        self.warnings.push((span.start, warning));
    }

    /// `read`'s answer on `value`, else a warning that `setting` expected `expected`.
    pub(super) fn get<T>(
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
