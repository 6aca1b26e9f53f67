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

    pub fn word(self, key: Key<0>) -> String {
        self.text(&Text::new(key, []))
    }

    /// The hint line of `context`.
    pub fn hints(self, context: Context) -> String {
        keys::hints(context, self.lang)
    }
}
