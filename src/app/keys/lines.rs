//! The lines a key table writes: a screen's hint line, and its help page; a game's as it
//! leaves (for the menu, the lobby) and as it stands (going on, or over).

use super::{Action, Binding, Context, KeyTable, Leaving, named, what};
use crate::i18n::keys::*;
use crate::i18n::{Key, Lang};
use crate::rules::GameKind;

impl KeyTable {
    /// The hint line of `context` in `lang`: each hinted key and its word; keys that share
    /// a word are written together (`hjklyibn move`, `↑↓ choose`).
    pub(crate) fn hints(&self, context: Context, lang: Lang) -> String {
        self.hints_leaving(context, lang, Leaving::Program)
    }

    /// The hint line of a game whose `q` leaves for `leaving`.
    pub(crate) fn hints_leaving(&self, context: Context, lang: Lang, leaving: Leaving) -> String {
        self.hints_of_game(context, lang, leaving, false)
    }

    /// The hint line of a game whose `q` leaves for `leaving`, `over` or not: a game over
    /// offers only the keys that still do something, Enter's word the banner's.
    pub(crate) fn hints_of_game(&self, context: Context, lang: Lang, leaving: Leaving, over: bool) -> String {
        let hint = |binding: &'_ Binding| match &binding.hint {
            Some((keys, _)) if binding.action == Action::Act && over => Some((
                keys.to_string(),
                if context == Context::Try { HINT_START_AGAIN } else { HINT_NEW_GAME },
            )),
            Some((keys, _)) if binding.action == Action::Quit && leaving == Leaving::Menu => {
                Some((keys.to_string(), HINT_MENU))
            }
            Some((keys, _)) if binding.action == Action::Quit && leaving == Leaving::Lobby => {
                Some((keys.to_string(), HINT_LOBBY))
            }
            hint => hint.as_ref().map(|(keys, word)| (keys.to_string(), *word)),
        };
        let mut parts: Vec<(String, Key<0>)> = Vec::new();
        let offered = |binding: &&Binding| {
            leaving.offers(binding.action) && (!over || still(binding, context, leaving))
        };
        for (keys, word) in self.bindings(context).filter(offered).filter_map(hint) {
            match parts.last_mut() {
                Some((shown, last)) if *last == word => shown.push_str(&keys),
                _ => parts.push((named(&keys, lang), word)),
            }
        }
        // A language may leave a word out where the keys say enough (`hjklyibn`).
        let part =
            |(keys, word): &(String, Key<0>)| format!("{keys} {}", lang.word(*word)).trim_end().to_string();
        parts.iter().map(part).collect::<Vec<_>>().join(" · ")
    }

    /// Every key of `context` for the help page, in `lang`: how it is shown, and what it does.
    #[cfg(test)]
    pub(crate) fn help(&self, context: Context, game: Option<GameKind>, lang: Lang) -> Vec<(String, String)> {
        self.help_leaving(context, game, lang, Leaving::Program)
    }

    /// Every key of a game whose `q` leaves for `leaving`, for the help page.
    #[cfg(test)]
    pub(crate) fn help_leaving(
        &self,
        context: Context,
        game: Option<GameKind>,
        lang: Lang,
        leaving: Leaving,
    ) -> Vec<(String, String)> {
        self.help_of_game(context, game, lang, (leaving, false))
    }

    /// The same, of a game `over` or not: a game over lists the keys that still do
    /// something, Enter's as it does then.
    pub(crate) fn help_of_game(
        &self,
        context: Context,
        game: Option<GameKind>,
        lang: Lang,
        (leaving, over): (Leaving, bool),
    ) -> Vec<(String, String)> {
        let what = |binding: &Binding| match binding.action {
            Action::Quit if leaving == Leaving::Menu => lang.word(KEY_QUIT_MENU),
            Action::Quit if leaving == Leaving::Lobby => lang.word(KEY_QUIT_LOBBY),
            Action::Act if over && context == Context::Try => lang.word(KEY_START_AGAIN),
            Action::Act if over => lang.word(KEY_NEW_GAME),
            _ => lang.word(what(binding, context, game)),
        };
        let offered = self
            .bindings(context)
            .filter(|binding| leaving.offers(binding.action) && (!over || still(binding, context, leaving)));
        offered.map(|binding| (named(&binding.shown, lang), what(binding))).collect()
    }
}

/// Whether `binding` still does something once the game on a screen of `context` is over:
/// nothing is cancelled, drawn, resigned or hinted there, and at a shared game nothing is
/// played (at the club, nothing is taken back either: a club's game over is over for good).
fn still(binding: &Binding, context: Context, leaving: Leaving) -> bool {
    let shared = matches!(context, Context::Shared | Context::Watching);
    match binding.action {
        Action::Cancel | Action::Draw | Action::Resign | Action::Hint => false,
        Action::Act => !shared,
        Action::Undo => !shared || leaving != Leaving::Lobby,
        _ => true,
    }
}
