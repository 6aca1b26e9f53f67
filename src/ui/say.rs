//! How the screens say things, and in which colours: the drawing context of one terminal,
//! its language, its keys and its theme, passed down to everything that draws.

use crate::app::keys::{Context, KeyTable};
use crate::app::profile::Profile;
use crate::i18n::{Key, Lang, Text};
use crate::theme::Theme;

/// How the screen says things: in its terminal's language, a key named as that terminal's
/// key table has it on the screen below, in that terminal's colours.
#[derive(Clone, Copy)]
pub(crate) struct Say<'a> {
    /// The terminal's language.
    pub lang: Lang,
    /// The terminal's key table, which names the keys.
    pub keys: &'a KeyTable,
    /// The terminal's colours.
    pub theme: &'a Theme,
    pub(crate) context: Context,
}

impl<'a> Say<'a> {
    /// The drawing context of a terminal with `profile`, on the screen whose keys are `context`'s.
    pub(crate) fn new(profile: &'a Profile, context: Context) -> Say<'a> {
        Say { lang: profile.lang, keys: &profile.keys, theme: &profile.theme, context }
    }

    /// `text` in the terminal's language, its keys named from its key table.
    pub(crate) fn text(self, text: &Text) -> String {
        self.keys.say(text, self.context, self.lang)
    }

    /// `text` as a sentence on its own, its first letter a capital: many texts begin in
    /// lower case to follow `hexstack: ` on the error output, or another text.
    pub(crate) fn sentence(self, text: &Text) -> String {
        capitalised(&self.text(text))
    }

    pub(crate) fn word(self, key: Key<0>) -> String {
        self.text(&Text::new(key, []))
    }

    /// The hint line of `context`.
    pub(crate) fn hints(self, context: Context) -> String {
        self.keys.hints(context, self.lang)
    }
}

/// `said` with its first letter a capital, in any script (`é` to `É`, `т` to `Т`).
pub(crate) fn capitalised(said: &str) -> String {
    let mut chars = said.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_sentence_begins_with_a_capital_in_every_script() {
        assert_eq!(super::capitalised("turn taken back"), "Turn taken back");
        assert_eq!(super::capitalised("écrit"), "Écrit");
        assert_eq!(super::capitalised("потез враћен"), "Потез враћен");
        assert_eq!(super::capitalised("/home/a: x"), "/home/a: x");
        assert_eq!(super::capitalised(""), "");
    }
}
