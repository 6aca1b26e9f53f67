//! The one table of keys, for every screen: it decides what a key does and writes the help
//! pages and the hint lines, so that none of them can disagree with the others. Each
//! terminal holds its own [`KeyTable`] (the program's, or with the person's keys in it).

mod lines;
mod rebind;
mod table;

pub(crate) use rebind::{NAMES as ACTIONS, press, rebind};
pub(crate) use rebind::{action_named, name_of};

use crate::i18n::keys::*;
use crate::i18n::{Key, Lang, Text};
use crate::rules::GameKind;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::borrow::Cow;
use std::sync::Arc;

/// A step of the cursor to a neighbouring cell, as drawn (row 1 at the bottom).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum CursorStep {
    /// To the right, along the row.
    Right,
    /// Up a row, to the right.
    UpRight,
    /// Up a row, to the left.
    UpLeft,
    /// To the left, along the row.
    Left,
    /// Down a row, to the left.
    DownLeft,
    /// Down a row, to the right.
    DownRight,
}

impl CursorStep {
    /// The index of this step in [`crate::rules::hex::DIRECTIONS`].
    pub(crate) fn direction(self) -> usize {
        self as usize
    }
}

/// The screens and boxes that take keys; each has its own part of the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Context {
    /// The menu.
    Menu,
    /// A game of two players at one keyboard.
    Game,
    /// A game against the computer: undo takes back your turn and its answer.
    Against,
    /// The computer playing both sides, watched: no turn, draw or resignation to make.
    Watched,
    /// A rules example tried on a real board: a game that goes back to its page.
    Try,
    /// A game shared over SSH: no going through its history, no menu.
    Shared,
    /// A shared game watched: the cursor, the help, who is ahead, and leaving.
    Watching,
    /// A finished game of the club's replayed: going through its turns, and back to the
    /// lobby.
    Replay,
    /// A game paused at one keyboard, its board hidden: going on, the help, saving, leaving.
    Paused,
    /// A game against the computer being set up on the menu.
    Setup,
    /// The computer's review of a game: going through its turns.
    Review,
    /// A marked turn of a review tried again on the board.
    Retry,
    /// A review's turn tried, and the computer's word on it.
    Tried,
    /// A rules book's page.
    Rules,
    /// The list of a rules book's pages.
    Contents,
    /// The box asking for a file name to save to.
    SaveAs,
    /// A question waiting for `y`.
    Question,
    /// The help over the screen.
    Help,
    /// A puzzle on the board: find the solver's turns.
    Puzzle,
    /// The player's puzzle history: the attempts and the rating over time.
    PuzzleHistory,
    /// The club's lobby: who is online, seeks, challenges, games to watch or replay.
    Lobby,
    /// A seek or a challenge being written in the lobby.
    LobbyForm,
    /// The puzzles' themes, each with its count, to choose one.
    PuzzleThemes,
}

impl Context {
    /// Every screen and box, for tests that go through them all.
    #[cfg(test)]
    pub(crate) const ALL: [Context; 23] = [
        Context::Menu,
        Context::Game,
        Context::Against,
        Context::Watched,
        Context::Try,
        Context::Shared,
        Context::Watching,
        Context::Replay,
        Context::Paused,
        Context::Setup,
        Context::Review,
        Context::Retry,
        Context::Tried,
        Context::Rules,
        Context::Contents,
        Context::SaveAs,
        Context::Question,
        Context::Help,
        Context::Puzzle,
        Context::PuzzleHistory,
        Context::Lobby,
        Context::LobbyForm,
        Context::PuzzleThemes,
    ];
}

/// What a key asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Action {
    /// Move the cursor one step.
    Step(CursorStep),
    /// Up or down a row, zigzagging to keep to the same column of the screen.
    Up,
    /// Down a row (as `Up`).
    Down,
    /// Act on the cell under the cursor: the next step of a turn.
    Act,
    /// Drop what is picked on the way to a turn.
    Cancel,
    /// Take back the last turn.
    Undo,
    /// Play again a turn taken back.
    Redo,
    /// To the start of the game's history.
    First,
    /// To the end of the game's history.
    Last,
    /// Save the game to a file.
    Save,
    /// Show the help.
    Help,
    /// Resign the game.
    Resign,
    /// Offer a draw.
    Draw,
    /// Leave for the menu.
    Menu,
    /// Quit the program.
    Quit,
    /// In a list: the entry above, the entry below, this one, the entry of a number.
    Previous,
    /// The entry below.
    Next,
    /// This entry.
    Choose,
    /// The entry of this number.
    Jump(usize),
    /// The page before.
    PreviousPage,
    /// The page after.
    NextPage,
    /// The step before, on a page's board.
    PreviousStep,
    /// The step after, on a page's board.
    NextStep,
    /// The list of a rules book's pages.
    Contents,
    /// Try the example on screen on a real board.
    Try,
    /// Leave this screen or box for the one it came from.
    Back,
    /// Yes to the question asked.
    Yes,
    /// Erase the last character typed.
    Erase,
    /// Erase the whole line typed, as Ctrl-U does in a shell.
    Clear,
    /// Ask the computer for a turn to play.
    Hint,
    /// Show or hide who is ahead.
    Eval,
    /// The chosen setting one step back, or on.
    Less,
    /// The chosen setting one step on (as `Less`).
    More,
    /// The computer's review of the game.
    Review,
    /// The puzzles a review made of the player's own mistakes.
    Puzzles,
    /// The next puzzle.
    NextPuzzle,
    /// The same puzzle again (not rated).
    Retry,
    /// The player's puzzle history.
    History,
    /// A streak of puzzles of rising difficulty, until the first mistake.
    Streak,
    /// The puzzles' themes, to keep to one.
    Themes,
    /// Stop both clocks of a game on time, or let them go on.
    Pause,
    /// Offer a game in the club's lobby.
    Seek,
    /// Challenge the member chosen in the lobby.
    Challenge,
}

/// A key as pressed: its code and the modifiers that count.
pub(crate) type Press = (KeyCode, KeyModifiers);

impl Action {
    /// The action a text names where it writes its key (`{key:undo}`).
    pub(crate) fn named(name: &str) -> Option<Action> {
        Some(match name {
            "act" => Action::Act,
            "cancel" => Action::Cancel,
            "undo" => Action::Undo,
            "redo" => Action::Redo,
            "first" => Action::First,
            "last" => Action::Last,
            "save" => Action::Save,
            "help" => Action::Help,
            "resign" => Action::Resign,
            "draw" => Action::Draw,
            "menu" => Action::Menu,
            "quit" => Action::Quit,
            "review" => Action::Review,
            "try" => Action::Try,
            "back" => Action::Back,
            "next" => Action::Next,
            "previous" => Action::Previous,
            "next_step" => Action::NextStep,
            "yes" => Action::Yes,
            "puzzles" => Action::Puzzles,
            "hint" => Action::Hint,
            "next_puzzle" => Action::NextPuzzle,
            "retry" => Action::Retry,
            "history" => Action::History,
            "streak" => Action::Streak,
            "themes" => Action::Themes,
            "pause" => Action::Pause,
            "seek" => Action::Seek,
            "choose" => Action::Choose,
            "challenge" => Action::Challenge,
            _ => return None,
        })
    }
}

/// Keys bound to one action on one screen: how the help shows them (key names, a space
/// between), what the action does (a game may word it its own way:
/// [`Words::OWN`](crate::i18n::Words::OWN)), and, if the hint line names it, the key as
/// written there and a short word. The program's own are constants; a person's keys are
/// their own strings.
#[derive(Clone, Debug)]
pub(crate) struct Binding {
    pub(crate) contexts: &'static [Context],
    /// The keys, the first the one the hint line names.
    pub keys: Cow<'static, [Press]>,
    pub(crate) shown: Cow<'static, str>,
    /// What they do.
    pub action: Action,
    pub(crate) what: Key<0>,
    pub(crate) hint: Option<(Cow<'static, str>, Key<0>)>,
}

pub(crate) use table::KEYS;

const NONE: KeyModifiers = KeyModifiers::NONE;
const CTRL: KeyModifiers = KeyModifiers::CONTROL;

/// The keys of one terminal: the program's table, or a person's with their own keys in it.
/// Cheap to clone (the table is shared), so that each terminal's app holds its own.
#[derive(Clone, Debug, Default)]
pub(crate) struct KeyTable(Option<Arc<[Binding]>>);

impl KeyTable {
    /// `table`, a person's keys in it ([`rebind`]).
    pub(crate) fn own(table: Vec<Binding>) -> KeyTable {
        KeyTable(Some(table.into()))
    }

    /// Whether `other` is this very table (the program's, or the same person's).
    pub(crate) fn same(&self, other: &KeyTable) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(mine), Some(theirs)) => Arc::ptr_eq(mine, theirs),
            _ => false,
        }
    }

    /// Every binding, in the table's order.
    pub(crate) fn all(&self) -> &[Binding] {
        self.0.as_deref().unwrap_or(&KEYS)
    }

    /// The bindings of one screen, in the table's order.
    pub(crate) fn bindings(&self, context: Context) -> impl Iterator<Item = &Binding> {
        self.all().iter().filter(move |binding| binding.contexts.contains(&context))
    }

    /// The action a key asks for on `context`, if it has one. Shift is ignored (terminals
    /// differ on it); Control must match.
    pub(crate) fn action(&self, context: Context, key: KeyEvent) -> Option<Action> {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let binding = self.bindings(context).find(|binding| {
            binding.keys.iter().any(|&(code, mods)| code == key.code && mods.contains(CTRL) == ctrl)
        })?;
        Some(match (binding.action, key.code) {
            // 0 is the tenth, after 9, as on a keyboard's row.
            (Action::Jump(_), KeyCode::Char('0')) => Action::Jump(9),
            (Action::Jump(_), KeyCode::Char(digit)) => Action::Jump(digit as usize - '1' as usize),
            (action, _) => action,
        })
    }

    /// The key that does the action named `name` (`undo`, `act`...) on `context`, as the
    /// hint line and the help write it in `lang`: what a text's `{key:undo}` says.
    pub(crate) fn key_for(&self, context: Context, name: &str, lang: Lang) -> String {
        let Some(action) = Action::named(name) else { return name.to_string() };
        let binding = self.bindings(context).chain(self.all()).find(|binding| binding.action == action);
        binding.map_or_else(
            || name.to_string(),
            |binding| named(binding.shown.split(' ').next().unwrap_or(""), lang),
        )
    }

    /// `text` in `lang`, its keys named as `context`'s screen has them ([`KeyTable::key_for`]).
    pub(crate) fn say(&self, text: &Text, context: Context, lang: Lang) -> String {
        lang.say_with(text, &|action| self.key_for(context, action, lang))
    }
}

/// The shared texts a screen words its own way: a game against the computer, or at a
/// distance.
const OWN_WORDS: &[(Context, Key<0>, Key<0>)] = &[
    (Context::Against, KEY_UNDO, KEY_UNDO_AGAINST),
    (Context::Against, KEY_DRAW, KEY_DRAW_AGAINST),
    (Context::Watched, KEY_UNDO, KEY_UNDO_WATCHED),
    (Context::Shared, KEY_UNDO, KEY_UNDO_SHARED),
    (Context::Shared, KEY_DRAW, KEY_DRAW_SHARED),
    (Context::Shared, KEY_SAVE, KEY_SAVE_SHARED),
    (Context::Shared, KEY_QUIT, KEY_QUIT_SHARED),
    (Context::Watching, KEY_QUIT, KEY_QUIT_SHARED),
];

/// Where `q` leaves a game for: the end of the program (a game started on the command
/// line), or the menu the game was started from.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) enum Leaving {
    /// The end of the program (a game started on the command line).
    #[default]
    Program,
    /// The menu the game was started from.
    Menu,
    /// The club's lobby, which the club puts back on screen.
    Lobby,
}

impl Leaving {
    /// Whether a game left for here has `action` at all: the club's games have no saving,
    /// hints, evaluation, review or pause (the club keeps the game, and the computer does
    /// not help there), so neither its help nor its key line offers them.
    pub(crate) fn offers(self, action: Action) -> bool {
        let refused = [Action::Save, Action::Hint, Action::Eval, Action::Review, Action::Pause, Action::Menu];
        self != Leaving::Lobby || !refused.contains(&action)
    }
}

/// What an action does, in words, as `context` and `game` word it.
pub(crate) fn what(binding: &Binding, context: Context, game: Option<GameKind>) -> Key<0> {
    let own = OWN_WORDS.iter().find(|(on, shared, _)| *on == context && *shared == binding.what);
    own.map_or_else(|| crate::i18n::own_for(binding.what, game), |(_, _, own)| *own)
}

/// The names of keys as the help and hints write them, in `lang`: a key with a name of its
/// own (Enter, Space, Home...) is named in the language, the others as they are printed.
pub(crate) fn named(shown: &str, lang: Lang) -> String {
    const NAMES: [(&str, Key<0>); 11] = [
        ("Enter", KEYNAME_ENTER),
        ("Space", KEYNAME_SPACE),
        ("Esc", KEYNAME_ESC),
        ("Home", KEYNAME_HOME),
        ("End", KEYNAME_END),
        ("Tab", KEYNAME_TAB),
        ("Backspace", KEYNAME_BACKSPACE),
        ("PgUp", KEYNAME_PGUP),
        ("PgDn", KEYNAME_PGDN),
        // Yes and no are each language's own letters (y, o for oui, д for да; n, н for не),
        // with y beside where it is not the language's: every one is bound.
        ("Y", KEYNAME_YES),
        ("N", KEYNAME_NO),
    ];
    let name = |key: &str| {
        NAMES.iter().find(|(name, _)| *name == key).map_or(key.to_string(), |(_, key)| lang.word(*key))
    };
    shown.split(' ').map(name).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::rebind::key_name;
    use super::*;

    #[test]
    fn no_key_is_bound_twice_on_one_screen() {
        for context in Context::ALL {
            let mut seen = Vec::new();
            for binding in KeyTable::default().bindings(context) {
                for key in binding.keys.iter() {
                    assert!(!seen.contains(key), "{key:?} is bound twice on {context:?}");
                    seen.push(*key);
                }
            }
        }
    }

    #[test]
    fn what_the_help_and_hints_show_are_keys_of_the_binding() {
        for binding in KEYS.iter() {
            let names: Vec<String> = binding.keys.iter().map(|&key| key_name(key)).collect();
            for shown in binding.shown.split(' ') {
                let range = binding.action == Action::Jump(0) && matches!(shown, "1-9" | "1-7");
                assert!(
                    range || names.iter().any(|name| name == shown),
                    "{shown} is not a key of {}",
                    binding.what.name()
                );
            }
            if let Some((keys, _)) = &binding.hint {
                let range = binding.action == Action::Jump(0) && keys == "1-9";
                assert!(
                    range || names.iter().any(|name| name == keys),
                    "hint {keys} is not a key of {}",
                    binding.what.name()
                );
            }
        }
    }

    #[test]
    fn keys_find_their_actions() {
        let key = |code, mods| KeyEvent::new(code, mods);
        let action = |context, key| KeyTable::default().action(context, key);
        assert_eq!(action(Context::Game, key(KeyCode::Char('u'), NONE)), Some(Action::Undo));
        assert_eq!(action(Context::Game, key(KeyCode::Char('r'), CTRL)), Some(Action::Redo));
        assert_eq!(action(Context::Game, key(KeyCode::Char('r'), NONE)), Some(Action::Resign));
        assert_eq!(action(Context::Game, key(KeyCode::Char('?'), KeyModifiers::SHIFT)), Some(Action::Help));
        assert_eq!(action(Context::Game, key(KeyCode::Char('z'), NONE)), None);
        assert_eq!(action(Context::Menu, key(KeyCode::Char('3'), NONE)), Some(Action::Jump(2)));
        assert_eq!(action(Context::Menu, key(KeyCode::Char('0'), NONE)), Some(Action::Jump(9)));
        assert_eq!(action(Context::Puzzle, key(KeyCode::Char('t'), NONE)), Some(Action::Hint));
        assert_eq!(action(Context::Rules, key(KeyCode::Char('p'), NONE)), Some(Action::Try));
    }

    #[test]
    fn hint_lines_come_from_the_table() {
        let table = KeyTable::default();
        let (hints, key_for) = (|c, l| table.hints(c, l), |c, n, l| table.key_for(c, n, l));
        assert_eq!(
            hints(Context::Game, Lang::En),
            "hjklyibn move · Enter act · Esc cancel · u undo · ^r redo · ? keys · q quit"
        );
        assert_eq!(hints(Context::Menu, Lang::En), "↑↓ choose · Enter start · 1-9 jump · q quit");
        assert_eq!(key_for(Context::Game, "redo", Lang::En), "^r");
        assert_eq!(key_for(Context::Review, "try", Lang::Fr), "t");
        assert_eq!(key_for(Context::Rules, "next_step", Lang::Fr), "Espace", "named as the bar names it");
    }
}
