//! The one table of keys, for every screen: it decides what a key does and writes the help
//! pages and the hint lines, so that none of them can disagree with the others.

use crate::i18n;
use crate::rules::GameKind;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A step of the cursor to a neighbouring cell, as drawn (row 1 at the bottom).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    Right,
    UpRight,
    UpLeft,
    Left,
    DownLeft,
    DownRight,
}

impl Step {
    /// The index of this step in [`crate::rules::hex::DIRECTIONS`].
    pub fn direction(self) -> usize {
        self as usize
    }
}

/// The screens and boxes that take keys; each has its own part of the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Context {
    Menu,
    Game,
    /// A game against the computer: undo takes back your turn and its answer.
    Against,
    /// A rules example tried on a real board: a game that goes back to its page.
    Try,
    /// A game shared over SSH: no going through its history, no menu.
    Shared,
    /// A shared game watched: the cursor, the help, who is ahead, and leaving.
    Watching,
    /// A game against the computer being set up on the menu.
    Setup,
    /// The computer's review of a game: going through its turns.
    Review,
    /// A marked turn of a review tried again on the board.
    Retry,
    /// A review's turn tried, and the computer's word on it.
    Tried,
    Rules,
    /// The list of a rules book's pages.
    Contents,
    SaveAs,
    Question,
    Help,
}

impl Context {
    /// Every screen and box, for tests that go through them all.
    pub const ALL: [Context; 15] = [
        Context::Menu,
        Context::Game,
        Context::Against,
        Context::Try,
        Context::Shared,
        Context::Watching,
        Context::Setup,
        Context::Review,
        Context::Retry,
        Context::Tried,
        Context::Rules,
        Context::Contents,
        Context::SaveAs,
        Context::Question,
        Context::Help,
    ];
}

/// What a key asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    Step(Step),
    /// Up or down a row, zigzagging to keep to the same column of the screen.
    Up,
    Down,
    Act,
    Cancel,
    Undo,
    Redo,
    First,
    Last,
    Save,
    Help,
    Resign,
    Draw,
    Menu,
    Quit,
    /// In a list: the entry above, the entry below, this one, the entry of a number.
    Previous,
    Next,
    Choose,
    Jump(usize),
    PreviousPage,
    NextPage,
    PreviousStep,
    NextStep,
    Contents,
    Try,
    /// Leave this screen or box for the one it came from.
    Back,
    Yes,
    Erase,
    /// Ask the computer for a turn to play.
    Hint,
    /// Show or hide who is ahead.
    Eval,
    /// The chosen setting one step back, or on.
    Less,
    More,
    /// The computer's review of the game.
    Review,
}

type Key = (KeyCode, KeyModifiers);

/// Keys bound to one action on one screen: how the help shows them, what the action does
/// (a text key; a game may word it its own way with `.clamber` or `.ombagui` after it),
/// and, if the hint line names it, the key as written there and a short word.
pub struct Binding {
    pub contexts: &'static [Context],
    pub keys: &'static [Key],
    pub shown: &'static str,
    pub action: Action,
    pub what: &'static str,
    pub hint: Option<(&'static str, &'static str)>,
}

const NONE: KeyModifiers = KeyModifiers::NONE;
const CTRL: KeyModifiers = KeyModifiers::CONTROL;

const fn char(c: char) -> Key {
    (KeyCode::Char(c), NONE)
}

const fn code(code: KeyCode) -> Key {
    (code, NONE)
}

/// A digit a menu entry: as many as the menu has.
const DIGITS: &[Key] =
    &[char('1'), char('2'), char('3'), char('4'), char('5'), char('6'), char('7'), char('8'), char('9')];

const fn bind(
    contexts: &'static [Context],
    keys: &'static [Key],
    shown: &'static str,
    action: Action,
    what: &'static str,
    hint: Option<(&'static str, &'static str)>,
) -> Binding {
    Binding { contexts, keys, shown, action, what, hint }
}

use Context::{
    Against, Contents, Game, Menu, Question, Retry, Review, Rules, SaveAs, Setup, Shared, Tried, Try,
    Watching,
};

/// Every screen with a board to play on.
const BOARDS: &[Context] = &[Game, Against, Try, Shared];

/// Every screen with a board to look at, watched ones included.
const LOOKING: &[Context] = &[Game, Against, Try, Shared, Watching];

/// Every screen with a cursor on a board: those, and a review's turn tried again.
const CURSOR: &[Context] = &[Game, Against, Try, Shared, Watching, Retry];

/// Every screen where Enter and Esc play on a board.
const PLAYING: &[Context] = &[Game, Against, Try, Shared, Retry];

/// Every key of every screen, in the order the help lists them.
pub const KEYS: &[Binding] = &[
    // Lists: the menu, and the rules' contents.
    bind(
        &[Menu, Contents, Setup],
        &[code(KeyCode::Up), char('k')],
        "↑ k",
        Action::Previous,
        "key.previous",
        Some(("↑", "hint.choose")),
    ),
    bind(
        &[Menu, Contents, Setup],
        &[code(KeyCode::Down), char('j'), code(KeyCode::Tab)],
        "↓ j Tab",
        Action::Next,
        "key.next",
        Some(("↓", "hint.choose")),
    ),
    bind(
        &[Setup],
        &[code(KeyCode::Left), char('h')],
        "← h",
        Action::Less,
        "key.less",
        Some(("←", "hint.change")),
    ),
    bind(
        &[Setup],
        &[code(KeyCode::Right), char('l')],
        "→ l",
        Action::More,
        "key.more",
        Some(("→", "hint.change")),
    ),
    bind(
        &[Menu, Setup],
        &[code(KeyCode::Enter), char(' ')],
        "Enter Space",
        Action::Choose,
        "key.choose",
        Some(("Enter", "hint.start")),
    ),
    bind(
        &[Setup],
        &[code(KeyCode::Esc), char('q')],
        "Esc q",
        Action::Back,
        "key.back_menu",
        Some(("Esc", "hint.back")),
    ),
    bind(&[Menu], DIGITS, "1-9", Action::Jump(0), "key.jump", Some(("1-9", "hint.jump"))),
    bind(&[Menu, Setup, Rules], &[char('?'), code(KeyCode::F(1))], "?", Action::Help, "key.help", None),
    bind(
        &[Menu],
        &[char('q'), code(KeyCode::Esc), (KeyCode::Char('c'), CTRL)],
        "q Esc",
        Action::Quit,
        "key.quit_now",
        Some(("q", "hint.quit")),
    ),
    // The cursor on a board.
    bind(
        CURSOR,
        &[code(KeyCode::Left), char('h')],
        "← h",
        Action::Step(Step::Left),
        "key.left",
        Some(("h", "hint.move")),
    ),
    bind(
        CURSOR,
        &[code(KeyCode::Down), char('j')],
        "↓ j",
        Action::Down,
        "key.down",
        Some(("j", "hint.move")),
    ),
    bind(CURSOR, &[code(KeyCode::Up), char('k')], "↑ k", Action::Up, "key.up", Some(("k", "hint.move"))),
    bind(
        CURSOR,
        &[code(KeyCode::Right), char('l')],
        "→ l",
        Action::Step(Step::Right),
        "key.right",
        Some(("l", "hint.move")),
    ),
    bind(CURSOR, &[char('y')], "y", Action::Step(Step::UpLeft), "key.up_left", Some(("y", "hint.move"))),
    bind(CURSOR, &[char('i')], "i", Action::Step(Step::UpRight), "key.up_right", Some(("i", "hint.move"))),
    bind(CURSOR, &[char('b')], "b", Action::Step(Step::DownLeft), "key.down_left", Some(("b", "hint.move"))),
    bind(
        CURSOR,
        &[char('n')],
        "n",
        Action::Step(Step::DownRight),
        "key.down_right",
        Some(("n", "hint.move")),
    ),
    bind(
        PLAYING,
        &[code(KeyCode::Enter), char(' ')],
        "Enter Space",
        Action::Act,
        "key.act",
        Some(("Enter", "hint.act")),
    ),
    bind(PLAYING, &[code(KeyCode::Esc)], "Esc", Action::Cancel, "key.cancel", Some(("Esc", "hint.cancel"))),
    bind(
        BOARDS,
        &[char('u'), char('['), code(KeyCode::Backspace)],
        "u [",
        Action::Undo,
        "key.undo",
        Some(("u", "hint.undo")),
    ),
    bind(
        &[Game, Against, Try],
        &[(KeyCode::Char('r'), CTRL), char(']')],
        "^r ]",
        Action::Redo,
        "key.redo",
        Some(("^r", "hint.redo")),
    ),
    bind(&[Game, Against, Try], &[code(KeyCode::Home)], "Home", Action::First, "key.first", None),
    bind(&[Game, Against, Try], &[code(KeyCode::End)], "End", Action::Last, "key.last", None),
    bind(BOARDS, &[char('s')], "s", Action::Save, "key.save", None),
    bind(LOOKING, &[char('?'), code(KeyCode::F(1))], "?", Action::Help, "key.help", Some(("?", "hint.keys"))),
    bind(BOARDS, &[char('t')], "t", Action::Hint, "key.hint", None),
    bind(LOOKING, &[char('e')], "e", Action::Eval, "key.eval", None),
    bind(BOARDS, &[char('d')], "d", Action::Draw, "key.draw", None),
    bind(BOARDS, &[char('r')], "r", Action::Resign, "key.resign", None),
    bind(&[Game, Against], &[char('m')], "m", Action::Menu, "key.menu", None),
    bind(&[Game, Against], &[char('v')], "v", Action::Review, "key.review", None),
    bind(
        &[Game, Against, Shared, Watching],
        &[char('q'), (KeyCode::Char('c'), CTRL)],
        "q",
        Action::Quit,
        "key.quit",
        Some(("q", "hint.quit")),
    ),
    bind(
        &[Try],
        &[char('q'), char('m')],
        "q m",
        Action::Back,
        "key.back_page",
        Some(("q", "hint.back_page")),
    ),
    // A game's review: its turns, the marked ones, trying one again.
    bind(
        &[Review],
        &[code(KeyCode::Left), char('h'), char('u'), char('['), code(KeyCode::Backspace)],
        "← h u [",
        Action::PreviousStep,
        "key.review_back",
        Some(("←", "hint.turns")),
    ),
    bind(
        &[Review],
        &[code(KeyCode::Right), char('l'), char(']'), char(' '), (KeyCode::Char('r'), CTRL)],
        "→ l ] Space",
        Action::NextStep,
        "key.review_on",
        Some(("→", "hint.turns")),
    ),
    bind(&[Review], &[code(KeyCode::Home)], "Home", Action::First, "key.first", None),
    bind(&[Review], &[code(KeyCode::End)], "End", Action::Last, "key.last", None),
    bind(
        &[Review],
        &[char('n'), code(KeyCode::Down), char('j')],
        "n ↓ j",
        Action::Next,
        "key.next_marked",
        Some(("n", "hint.next_marked")),
    ),
    bind(
        &[Review],
        &[char('p'), code(KeyCode::Up), char('k')],
        "p ↑ k",
        Action::Previous,
        "key.previous_marked",
        None,
    ),
    bind(
        &[Review],
        &[char('t'), code(KeyCode::Enter)],
        "t Enter",
        Action::Try,
        "key.try_again",
        Some(("t", "hint.try_again")),
    ),
    bind(&[Tried], &[char('t')], "t", Action::Try, "key.try_once_more", Some(("t", "hint.try_again"))),
    bind(
        &[Review, Retry, Tried],
        &[char('?'), code(KeyCode::F(1))],
        "?",
        Action::Help,
        "key.help",
        Some(("?", "hint.keys")),
    ),
    bind(
        &[Review],
        &[char('q'), code(KeyCode::Esc)],
        "q Esc",
        Action::Back,
        "key.back_game",
        Some(("q", "hint.back_game")),
    ),
    bind(&[Retry], &[char('q')], "q", Action::Back, "key.back_review", Some(("q", "hint.back_review"))),
    bind(
        &[Tried],
        &[char('q'), code(KeyCode::Esc)],
        "q Esc",
        Action::Back,
        "key.back_review",
        Some(("q", "hint.back_review")),
    ),
    // The rules pages.
    bind(
        &[Rules],
        &[code(KeyCode::Left), code(KeyCode::PageUp), char('h')],
        "← PgUp h",
        Action::PreviousPage,
        "key.previous_page",
        Some(("←", "hint.page")),
    ),
    bind(
        &[Rules],
        &[code(KeyCode::Right), code(KeyCode::PageDown), char('l')],
        "→ PgDn l",
        Action::NextPage,
        "key.next_page",
        Some(("→", "hint.page")),
    ),
    bind(
        &[Rules],
        &[char(' '), code(KeyCode::Enter), code(KeyCode::Down), char('j')],
        "Space ↓ j",
        Action::NextStep,
        "key.next_step",
        Some(("Space", "hint.next_step")),
    ),
    bind(
        &[Rules],
        &[code(KeyCode::Up), code(KeyCode::Backspace), char('k')],
        "↑ k",
        Action::PreviousStep,
        "key.previous_step",
        None,
    ),
    bind(
        &[Rules],
        &[char('t'), code(KeyCode::Tab)],
        "t Tab",
        Action::Contents,
        "key.contents",
        Some(("t", "hint.contents")),
    ),
    bind(&[Rules], &[code(KeyCode::Home)], "Home", Action::First, "key.first_page", None),
    bind(&[Rules], &[code(KeyCode::End)], "End", Action::Last, "key.last_page", None),
    bind(&[Rules], &[char('p')], "p", Action::Try, "key.try", Some(("p", "hint.try"))),
    bind(
        &[Rules],
        &[char('q'), char('m'), code(KeyCode::Esc)],
        "q m Esc",
        Action::Back,
        "key.back_menu",
        Some(("q", "hint.back")),
    ),
    // The rules' contents (beside the list keys above).
    bind(
        &[Contents],
        &[code(KeyCode::Enter), char(' ')],
        "Enter Space",
        Action::Choose,
        "key.open_page",
        Some(("Enter", "hint.open")),
    ),
    bind(
        &[Contents],
        &[code(KeyCode::Esc), char('q'), char('t')],
        "Esc q t",
        Action::Back,
        "key.close",
        Some(("Esc", "hint.close")),
    ),
    // Typing a file name.
    bind(
        &[SaveAs],
        &[code(KeyCode::Enter)],
        "Enter",
        Action::Choose,
        "key.save_now",
        Some(("Enter", "hint.save")),
    ),
    bind(&[SaveAs], &[code(KeyCode::Esc)], "Esc", Action::Back, "key.close", Some(("Esc", "hint.cancel"))),
    bind(&[SaveAs], &[code(KeyCode::Backspace)], "Backspace", Action::Erase, "key.erase", None),
    // A question: `y` says yes, any other key no.
    bind(&[Question], &[char('y'), char('Y')], "y", Action::Yes, "key.yes", Some(("y", "hint.yes"))),
    bind(
        &[Question],
        &[char('n'), code(KeyCode::Esc)],
        "n Esc",
        Action::Back,
        "key.no",
        Some(("n", "hint.no")),
    ),
    // The help: any key closes it.
    bind(
        &[Context::Help],
        &[code(KeyCode::Esc), char('?')],
        "Esc ?",
        Action::Back,
        "key.close",
        Some(("Esc", "hint.close_any")),
    ),
];

/// The bindings of one screen, in the table's order.
pub fn bindings(context: Context) -> impl Iterator<Item = &'static Binding> {
    KEYS.iter().filter(move |binding| binding.contexts.contains(&context))
}

/// The action a key asks for on `context`, if it has one. Shift is ignored (terminals
/// differ on it); Control must match.
pub fn action(context: Context, key: KeyEvent) -> Option<Action> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let binding = bindings(context).find(|binding| {
        binding.keys.iter().any(|&(code, mods)| code == key.code && mods.contains(CTRL) == ctrl)
    })?;
    Some(match (binding.action, key.code) {
        (Action::Jump(_), KeyCode::Char(digit)) => Action::Jump(digit as usize - '1' as usize),
        (action, _) => action,
    })
}

/// What an action does, in words, worded for a shared game (`.shared`) or for `game`
/// where they word it their own way.
pub fn what(binding: &Binding, context: Context, game: Option<GameKind>) -> String {
    let shared = match context {
        Context::Shared | Context::Watching => Some(format!("{}.shared", binding.what)),
        Context::Against => Some(format!("{}.against", binding.what)),
        _ => None,
    };
    let own = game.map(|game| format!("{}.{}", binding.what, game.name()));
    shared
        .into_iter()
        .chain(own)
        .find(|key| i18n::has(key))
        .map_or_else(|| i18n::text(binding.what), |key| i18n::text(&key))
}

/// The hint line of `context`: each hinted key and its word; keys that share a word are
/// written together (`hjklyibn move`, `↑↓ choose`).
pub fn hints(context: Context) -> String {
    let mut parts: Vec<(String, &str)> = Vec::new();
    for (keys, word) in bindings(context).filter_map(|binding| binding.hint) {
        match parts.last_mut() {
            Some((shown, last)) if *last == word => shown.push_str(keys),
            _ => parts.push((keys.to_string(), word)),
        }
    }
    // A language may leave a word out where the keys say enough (`hjklyibn`).
    let part = |(keys, word): &(String, &str)| format!("{keys} {}", i18n::text(word)).trim_end().to_string();
    parts.iter().map(part).collect::<Vec<_>>().join(" · ")
}

/// Every key of `context` for the help page: how it is shown, and what it does.
pub fn help(context: Context, game: Option<GameKind>) -> Vec<(&'static str, String)> {
    bindings(context).map(|binding| (binding.shown, what(binding, context, game))).collect()
}

/// The name of a key as the help and the hints write it.
#[cfg(test)]
fn key_name((code, mods): Key) -> String {
    match code {
        KeyCode::Char(' ') => "Space".to_string(),
        KeyCode::Char(c) if mods.contains(CTRL) => format!("^{c}"),
        KeyCode::Char(c) => c.to_string(),
        KeyCode::Left => "←".into(),
        KeyCode::Right => "→".into(),
        KeyCode::Up => "↑".into(),
        KeyCode::Down => "↓".into(),
        KeyCode::PageUp => "PgUp".into(),
        KeyCode::PageDown => "PgDn".into(),
        other => format!("{other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_key_is_bound_twice_on_one_screen() {
        for context in Context::ALL {
            let mut seen = Vec::new();
            for binding in bindings(context) {
                for key in binding.keys {
                    assert!(!seen.contains(key), "{key:?} is bound twice on {context:?}");
                    seen.push(*key);
                }
            }
        }
    }

    #[test]
    fn what_the_help_and_hints_show_are_keys_of_the_binding() {
        for binding in KEYS {
            let names: Vec<String> = binding.keys.iter().map(|&key| key_name(key)).collect();
            for shown in binding.shown.split(' ') {
                let range = binding.action == Action::Jump(0) && shown == "1-9";
                assert!(
                    range || names.iter().any(|name| name == shown),
                    "{shown} is not a key of {}",
                    binding.what
                );
            }
            if let Some((keys, _)) = binding.hint {
                let range = binding.action == Action::Jump(0) && keys == "1-9";
                assert!(
                    range || names.iter().any(|name| name == keys),
                    "hint {keys} is not a key of {}",
                    binding.what
                );
            }
        }
    }

    #[test]
    fn keys_find_their_actions() {
        let key = |code, mods| KeyEvent::new(code, mods);
        assert_eq!(action(Context::Game, key(KeyCode::Char('u'), NONE)), Some(Action::Undo));
        assert_eq!(action(Context::Game, key(KeyCode::Char('r'), CTRL)), Some(Action::Redo));
        assert_eq!(action(Context::Game, key(KeyCode::Char('r'), NONE)), Some(Action::Resign));
        assert_eq!(action(Context::Game, key(KeyCode::Char('?'), KeyModifiers::SHIFT)), Some(Action::Help));
        assert_eq!(action(Context::Game, key(KeyCode::Char('z'), NONE)), None);
        assert_eq!(action(Context::Menu, key(KeyCode::Char('3'), NONE)), Some(Action::Jump(2)));
        assert_eq!(action(Context::Rules, key(KeyCode::Char('p'), NONE)), Some(Action::Try));
    }

    #[test]
    fn hint_lines_come_from_the_table() {
        assert_eq!(
            hints(Context::Game),
            "hjklyibn move · Enter act · Esc cancel · u undo · ^r redo · ? keys · q quit"
        );
        assert_eq!(hints(Context::Menu), "↑↓ choose · Enter start · 1-9 jump · q quit");
    }
}
