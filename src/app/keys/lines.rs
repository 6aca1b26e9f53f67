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
        let new_game = if context == Context::Try { HINT_START_AGAIN } else { HINT_NEW_GAME };
        let offered = |binding: &Binding| !over || still(binding, context, leaving);
        self.hint_line(context, lang, leaving, offered, over.then_some(new_game))
    }

    /// The hint line of a puzzle on the board: while the turn is sought, not its solution (`]`
    /// only says "not yet" then); once decided, only what still does something, Enter's
    /// word the next puzzle.
    pub(crate) fn hints_of_puzzle(&self, lang: Lang, leaving: Leaving, decided: bool) -> String {
        let offered = |binding: &Binding| match decided {
            false => binding.action != Action::Redo,
            true => !matches!(
                binding.action,
                Action::Step(_) | Action::Up | Action::Down | Action::Cancel | Action::Hint
            ),
        };
        self.hint_line(Context::Puzzle, lang, leaving, offered, decided.then_some(HINT_NEXT_PUZZLE))
    }

    /// The hint line of `context`: each hinted key that is `offered`, and its word (Enter's
    /// `act`, when given, and `q`'s as it leaves for `leaving`).
    fn hint_line(
        &self,
        context: Context,
        lang: Lang,
        leaving: Leaving,
        offered: impl Fn(&Binding) -> bool,
        act: Option<Key<0>>,
    ) -> String {
        let hint = |binding: &'_ Binding| match (&binding.hint, act) {
            (Some((keys, _)), Some(act)) if binding.action == Action::Act => Some((keys.to_string(), act)),
            (Some((keys, _)), _) if binding.action == Action::Quit && leaving == Leaving::Menu => {
                Some((keys.to_string(), HINT_MENU))
            }
            (Some((keys, _)), _) if binding.action == Action::Quit && leaving == Leaving::Lobby => {
                Some((keys.to_string(), HINT_LOBBY))
            }
            (hint, _) => hint.as_ref().map(|(keys, word)| (keys.to_string(), *word)),
        };
        let mut parts: Vec<(String, Key<0>)> = Vec::new();
        let bindings =
            self.bindings(context).filter(|binding| leaving.offers(binding.action) && offered(binding));
        for (keys, word) in bindings.filter_map(hint) {
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
