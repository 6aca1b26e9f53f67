//! How the screens say things: in their terminal's language, each key named as the key
//! table names it on the screen on view.

use crate::app::keys::{self, Context};
use crate::i18n::{Key, Lang, Text};

/// How the screen says things: in its terminal's language, a key named as the key table
/// has it on the screen below.
#[derive(Clone, Copy)]
pub struct Say {
    pub lang: Lang,
    pub context: Context,
}

impl Say {
    pub fn text(self, text: &Text) -> String {
        self.lang.say_with(text, &|action| keys::key_for(self.context, action, self.lang))
    }

    /// `text` as a sentence on its own, its first letter a capital: many texts begin in
    /// lower case to follow `hexstack: ` on the error output, or another text.
    pub fn sentence(self, text: &Text) -> String {
        capitalised(&self.text(text))
    }

    pub fn word(self, key: Key<0>) -> String {
        self.text(&Text::new(key, []))
    }

    /// The hint line of `context`.
    pub fn hints(self, context: Context) -> String {
        keys::hints(context, self.lang)
    }
}

/// `said` with its first letter a capital, in any script (`é` to `É`, `т` to `Т`).
pub fn capitalised(said: &str) -> String {
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
