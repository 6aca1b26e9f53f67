//! The key table itself: every key of every screen, in the order the help lists them.

use super::{Action, Binding, CTRL, Context, NONE, Press, Step};
use crate::i18n::Key;
use crate::i18n::keys::*;
use ratatui::crossterm::event::KeyCode;
use std::borrow::Cow;

const fn char(c: char) -> Press {
    (KeyCode::Char(c), NONE)
}

const fn code(code: KeyCode) -> Press {
    (code, NONE)
}

/// A digit a menu entry (or a rules page): as many as the menu has, 0 the tenth.
const DIGITS: &[Press] = &[
    char('1'),
    char('2'),
    char('3'),
    char('4'),
    char('5'),
    char('6'),
    char('7'),
    char('8'),
    char('9'),
    char('0'),
];

/// The digits of the lobby's six parts.
const DIGITS_TO_6: [Press; 6] = [char('1'), char('2'), char('3'), char('4'), char('5'), char('6')];

const fn bind(
    contexts: &'static [Context],
    keys: &'static [Press],
    shown: &'static str,
    action: Action,
    what: Key<0>,
    hint: Option<(&'static str, Key<0>)>,
) -> Binding {
    let hint = match hint {
        Some((keys, word)) => Some((Cow::Borrowed(keys), word)),
        None => None,
    };
    Binding { contexts, keys: Cow::Borrowed(keys), shown: Cow::Borrowed(shown), action, what, hint }
}

use Context::{
    Against, Contents, Game, Lobby, LobbyForm, Menu, Puzzle, PuzzleHistory, Question, Retry, Review, Rules,
    SaveAs, Setup, Shared, Tried, Try, Watched, Watching,
};

/// Every screen with a board to play on.
const BOARDS: &[Context] = &[Game, Against, Try, Shared];

/// Every screen with a board to look at, watched ones included.
const LOOKING: &[Context] = &[Game, Against, Watched, Try, Shared, Watching];

/// Every screen with a cursor on a board: those, and a review's turn tried again.
const CURSOR: &[Context] = &[Game, Against, Watched, Try, Shared, Watching, Retry, Puzzle];

/// Every screen that goes back and forth through its game's turns.
const STEPPING: &[Context] = &[Game, Against, Watched, Try];

/// Every screen with a board to play on, and the computer's game with itself.
const SAVING: &[Context] = &[Game, Against, Watched, Try, Shared];

/// Every screen where Enter and Esc play on a board.
const PLAYING: &[Context] = &[Game, Against, Try, Shared, Retry, Puzzle];

/// Every key of every screen, in the order the help lists them.
pub const KEYS: &[Binding] = &[
    // Lists: the menu, and the rules' contents.
    bind(
        &[Menu, Contents, Setup],
        &[code(KeyCode::Up), char('k')],
        "↑ k",
        Action::Previous,
        KEY_PREVIOUS,
        Some(("↑", HINT_CHOOSE)),
    ),
    bind(
        &[Menu, Contents, Setup],
        &[code(KeyCode::Down), char('j'), code(KeyCode::Tab)],
        "↓ j Tab",
        Action::Next,
        KEY_NEXT,
        Some(("↓", HINT_CHOOSE)),
    ),
    bind(
        &[Setup],
        &[code(KeyCode::Left), char('h')],
        "← h",
        Action::Less,
        KEY_LESS,
        Some(("←", HINT_CHANGE)),
    ),
    bind(
        &[Setup],
        &[code(KeyCode::Right), char('l')],
        "→ l",
        Action::More,
        KEY_MORE,
        Some(("→", HINT_CHANGE)),
    ),
    bind(
        &[Menu, Setup],
        &[code(KeyCode::Enter), char(' ')],
        "Enter Space",
        Action::Choose,
        KEY_CHOOSE,
        Some(("Enter", HINT_START)),
    ),
    bind(
        &[Setup],
        &[code(KeyCode::Esc), char('q')],
        "Esc q",
        Action::Back,
        KEY_BACK_MENU,
        Some(("Esc", HINT_BACK)),
    ),
    bind(&[Menu], DIGITS, "1-9 0", Action::Jump(0), KEY_JUMP, Some(("1-9", HINT_JUMP))),
    bind(&[Menu, Setup, Rules], &[char('?'), code(KeyCode::F(1))], "?", Action::Help, KEY_HELP, None),
    bind(
        &[Menu],
        &[char('q'), code(KeyCode::Esc), (KeyCode::Char('c'), CTRL)],
        "q Esc",
        Action::Quit,
        KEY_QUIT_NOW,
        Some(("q", HINT_QUIT)),
    ),
    // The cursor on a board.
    bind(
        CURSOR,
        &[code(KeyCode::Left), char('h')],
        "← h",
        Action::Step(Step::Left),
        KEY_LEFT,
        Some(("h", HINT_MOVE)),
    ),
    bind(CURSOR, &[code(KeyCode::Down), char('j')], "↓ j", Action::Down, KEY_DOWN, Some(("j", HINT_MOVE))),
    bind(CURSOR, &[code(KeyCode::Up), char('k')], "↑ k", Action::Up, KEY_UP, Some(("k", HINT_MOVE))),
    bind(
        CURSOR,
        &[code(KeyCode::Right), char('l')],
        "→ l",
        Action::Step(Step::Right),
        KEY_RIGHT,
        Some(("l", HINT_MOVE)),
    ),
    bind(CURSOR, &[char('y')], "y", Action::Step(Step::UpLeft), KEY_UP_LEFT, Some(("y", HINT_MOVE))),
    bind(CURSOR, &[char('i')], "i", Action::Step(Step::UpRight), KEY_UP_RIGHT, Some(("i", HINT_MOVE))),
    bind(CURSOR, &[char('b')], "b", Action::Step(Step::DownLeft), KEY_DOWN_LEFT, Some(("b", HINT_MOVE))),
    bind(CURSOR, &[char('n')], "n", Action::Step(Step::DownRight), KEY_DOWN_RIGHT, Some(("n", HINT_MOVE))),
    bind(
        PLAYING,
        &[code(KeyCode::Enter), char(' ')],
        "Enter Space",
        Action::Act,
        KEY_ACT,
        Some(("Enter", HINT_ACT)),
    ),
    bind(&[Watched], &[code(KeyCode::Enter)], "Enter", Action::Act, KEY_PLAY_ON, None),
    bind(PLAYING, &[code(KeyCode::Esc)], "Esc", Action::Cancel, KEY_CANCEL, Some(("Esc", HINT_CANCEL))),
    bind(
        SAVING,
        &[char('u'), char('['), code(KeyCode::Backspace)],
        "u [",
        Action::Undo,
        KEY_UNDO,
        Some(("u", HINT_UNDO)),
    ),
    bind(
        STEPPING,
        &[(KeyCode::Char('r'), CTRL), char(']')],
        "^r ]",
        Action::Redo,
        KEY_REDO,
        Some(("^r", HINT_REDO)),
    ),
    bind(STEPPING, &[code(KeyCode::Home)], "Home", Action::First, KEY_FIRST, None),
    bind(STEPPING, &[code(KeyCode::End)], "End", Action::Last, KEY_LAST, None),
    bind(SAVING, &[char('s')], "s", Action::Save, KEY_SAVE, None),
    bind(LOOKING, &[char('?'), code(KeyCode::F(1))], "?", Action::Help, KEY_HELP, Some(("?", HINT_KEYS))),
    bind(BOARDS, &[char('t')], "t", Action::Hint, KEY_HINT, None),
    bind(LOOKING, &[char('e')], "e", Action::Eval, KEY_EVAL, None),
    bind(BOARDS, &[char('d')], "d", Action::Draw, KEY_DRAW, None),
    bind(BOARDS, &[char('r')], "r", Action::Resign, KEY_RESIGN, None),
    bind(&[Game, Against], &[char('p')], "p", Action::Pause, KEY_PAUSE, None),
    bind(&[Game, Against, Watched], &[char('m')], "m", Action::Menu, KEY_MENU, None),
    bind(&[Game, Against, Watched], &[char('v')], "v", Action::Review, KEY_REVIEW, None),
    bind(
        &[Game, Against, Watched],
        &[char('q'), (KeyCode::Char('c'), CTRL)],
        "q",
        Action::Quit,
        KEY_QUIT,
        Some(("q", HINT_QUIT)),
    ),
    // A shared game is left, not quit: a guest goes at once, the game goes on at the host.
    bind(
        &[Shared, Watching],
        &[char('q'), (KeyCode::Char('c'), CTRL)],
        "q",
        Action::Quit,
        KEY_QUIT,
        Some(("q", HINT_LEAVE)),
    ),
    bind(&[Try], &[char('q'), char('m')], "q m", Action::Back, KEY_BACK_PAGE, Some(("q", HINT_BACK_PAGE))),
    // A game's review: its turns, the marked ones, trying one again.
    bind(
        &[Review],
        &[code(KeyCode::Left), char('h'), char('u'), char('['), code(KeyCode::Backspace)],
        "← h u [",
        Action::PreviousStep,
        KEY_REVIEW_BACK,
        Some(("←", HINT_TURNS)),
    ),
    bind(
        &[Review],
        &[code(KeyCode::Right), char('l'), char(']'), char(' '), (KeyCode::Char('r'), CTRL)],
        "→ l ] Space",
        Action::NextStep,
        KEY_REVIEW_ON,
        Some(("→", HINT_TURNS)),
    ),
    bind(&[Review], &[code(KeyCode::Home)], "Home", Action::First, KEY_FIRST, None),
    bind(&[Review], &[code(KeyCode::End)], "End", Action::Last, KEY_LAST, None),
    bind(
        &[Review],
        &[char('n'), code(KeyCode::Down), char('j')],
        "n ↓ j",
        Action::Next,
        KEY_NEXT_MARKED,
        Some(("n", HINT_NEXT_MARKED)),
    ),
    bind(
        &[Review],
        &[char('p'), code(KeyCode::Up), char('k')],
        "p ↑ k",
        Action::Previous,
        KEY_PREVIOUS_MARKED,
        None,
    ),
    bind(
        &[Review],
        &[char('t'), code(KeyCode::Enter)],
        "t Enter",
        Action::Try,
        KEY_TRY_AGAIN,
        Some(("t", HINT_TRY_AGAIN)),
    ),
    bind(&[Tried], &[char('t')], "t", Action::Try, KEY_TRY_ONCE_MORE, Some(("t", HINT_TRY_AGAIN))),
    bind(&[Review], &[char('P')], "P", Action::Puzzles, KEY_PUZZLES, None),
    bind(
        &[Review, Retry, Tried],
        &[char('?'), code(KeyCode::F(1))],
        "?",
        Action::Help,
        KEY_HELP,
        Some(("?", HINT_KEYS)),
    ),
    bind(
        &[Review],
        &[char('q'), code(KeyCode::Esc)],
        "q Esc",
        Action::Back,
        KEY_BACK_GAME,
        Some(("q", HINT_BACK_GAME)),
    ),
    bind(&[Retry], &[char('q')], "q", Action::Back, KEY_BACK_REVIEW, Some(("q", HINT_BACK_REVIEW))),
    bind(
        &[Tried],
        &[char('q'), code(KeyCode::Esc)],
        "q Esc",
        Action::Back,
        KEY_BACK_REVIEW,
        Some(("q", HINT_BACK_REVIEW)),
    ),
    // A puzzle on the board (beside the cursor, Enter and Esc above), and the history.
    bind(&[Puzzle], &[char('t')], "t", Action::Hint, KEY_PUZZLE_HINT, Some(("t", HINT_HINT))),
    bind(
        &[Puzzle],
        &[char('u'), char('['), code(KeyCode::Backspace)],
        "u [",
        Action::Undo,
        KEY_PUZZLE_BACK,
        None,
    ),
    bind(
        &[Puzzle],
        &[char(']'), (KeyCode::Char('r'), CTRL)],
        "]",
        Action::Redo,
        KEY_PUZZLE_ON,
        Some(("]", HINT_SOLUTION)),
    ),
    bind(&[Puzzle], &[code(KeyCode::Tab)], "Tab", Action::NextPuzzle, KEY_PUZZLE_NEXT, None),
    bind(&[Puzzle], &[char('r')], "r", Action::Retry, KEY_PUZZLE_RETRY, None),
    bind(&[Puzzle], &[char('s')], "s", Action::Streak, KEY_PUZZLE_STREAK, None),
    bind(&[Puzzle], &[char('v')], "v", Action::History, KEY_PUZZLE_HISTORY, None),
    bind(
        &[Puzzle, PuzzleHistory],
        &[char('?'), code(KeyCode::F(1))],
        "?",
        Action::Help,
        KEY_HELP,
        Some(("?", HINT_KEYS)),
    ),
    bind(
        &[Puzzle],
        &[char('q'), char('m'), (KeyCode::Char('c'), CTRL)],
        "q m",
        Action::Quit,
        KEY_PUZZLE_QUIT,
        Some(("q", HINT_QUIT)),
    ),
    bind(
        &[PuzzleHistory],
        &[char('q'), char('v'), code(KeyCode::Esc)],
        "q v Esc",
        Action::Back,
        KEY_CLOSE,
        Some(("q", HINT_BACK)),
    ),
    // The rules pages.
    bind(
        &[Rules],
        &[code(KeyCode::Left), code(KeyCode::PageUp), char('h')],
        "← PgUp h",
        Action::PreviousPage,
        KEY_PREVIOUS_PAGE,
        Some(("←", HINT_PAGE)),
    ),
    bind(
        &[Rules],
        &[code(KeyCode::Right), code(KeyCode::PageDown), char('l')],
        "→ PgDn l",
        Action::NextPage,
        KEY_NEXT_PAGE,
        Some(("→", HINT_PAGE)),
    ),
    bind(
        &[Rules],
        &[char(' '), code(KeyCode::Enter), code(KeyCode::Down), char('j')],
        "Space ↓ j",
        Action::NextStep,
        KEY_NEXT_STEP,
        Some(("Space", HINT_NEXT_STEP)),
    ),
    bind(
        &[Rules],
        &[code(KeyCode::Up), code(KeyCode::Backspace), char('k')],
        "↑ k",
        Action::PreviousStep,
        KEY_PREVIOUS_STEP,
        None,
    ),
    bind(
        &[Rules],
        &[char('t'), code(KeyCode::Tab)],
        "t Tab",
        Action::Contents,
        KEY_CONTENTS,
        Some(("t", HINT_CONTENTS)),
    ),
    bind(&[Rules], &[code(KeyCode::Home)], "Home", Action::First, KEY_FIRST_PAGE, None),
    bind(&[Rules], &[code(KeyCode::End)], "End", Action::Last, KEY_LAST_PAGE, None),
    bind(&[Rules], &[char('p')], "p", Action::Try, KEY_TRY, Some(("p", HINT_TRY))),
    bind(
        &[Rules],
        &[char('q'), char('m'), code(KeyCode::Esc)],
        "q m Esc",
        Action::Back,
        KEY_BACK_MENU,
        Some(("q", HINT_BACK)),
    ),
    // The rules' contents (beside the list keys above).
    bind(
        &[Contents],
        &[code(KeyCode::Enter), char(' ')],
        "Enter Space",
        Action::Choose,
        KEY_OPEN_PAGE,
        Some(("Enter", HINT_OPEN)),
    ),
    bind(&[Contents], DIGITS, "1-9 0", Action::Jump(0), KEY_OPEN_NUMBER, None),
    bind(
        &[Contents],
        &[code(KeyCode::Esc), char('q'), char('t')],
        "Esc q t",
        Action::Back,
        KEY_CLOSE,
        Some(("Esc", HINT_CLOSE)),
    ),
    // The club's lobby: its parts, their rows, and what is done with a row.
    bind(
        &[Lobby],
        &[code(KeyCode::Up), char('k')],
        "↑ k",
        Action::Previous,
        KEY_PREVIOUS,
        Some(("↑", HINT_CHOOSE)),
    ),
    bind(
        &[Lobby],
        &[code(KeyCode::Down), char('j')],
        "↓ j",
        Action::Next,
        KEY_NEXT,
        Some(("↓", HINT_CHOOSE)),
    ),
    bind(&[Lobby], &[code(KeyCode::Home)], "Home", Action::First, KEY_LOBBY_FIRST, None),
    bind(&[Lobby], &[code(KeyCode::End)], "End", Action::Last, KEY_LOBBY_LAST, None),
    bind(
        &[Lobby],
        &[code(KeyCode::Left), char('h'), code(KeyCode::BackTab)],
        "← h",
        Action::PreviousPage,
        KEY_LOBBY_PREVIOUS_TAB,
        Some(("←", HINT_LOBBY_TAB)),
    ),
    bind(
        &[Lobby],
        &[code(KeyCode::Right), char('l'), code(KeyCode::Tab)],
        "→ l Tab",
        Action::NextPage,
        KEY_LOBBY_NEXT_TAB,
        Some(("→", HINT_LOBBY_TAB)),
    ),
    bind(&[Lobby], &DIGITS_TO_6, "1-6", Action::Jump(0), KEY_LOBBY_JUMP, None),
    bind(
        &[Lobby],
        &[code(KeyCode::Enter), char(' ')],
        "Enter Space",
        Action::Choose,
        KEY_LOBBY_CHOOSE,
        Some(("Enter", HINT_LOBBY_CHOOSE)),
    ),
    bind(&[Lobby], &[char('n')], "n", Action::Seek, KEY_LOBBY_SEEK, Some(("n", HINT_LOBBY_SEEK))),
    bind(&[Lobby], &[char('c')], "c", Action::Challenge, KEY_LOBBY_CHALLENGE, None),
    bind(&[Lobby], &[char('a')], "a", Action::Yes, KEY_LOBBY_ACCEPT, None),
    bind(&[Lobby], &[char('d'), code(KeyCode::Delete)], "d Delete", Action::Cancel, KEY_LOBBY_DECLINE, None),
    bind(&[Lobby], &[char('?'), code(KeyCode::F(1))], "?", Action::Help, KEY_HELP, Some(("?", HINT_KEYS))),
    bind(
        &[Lobby],
        &[char('q'), (KeyCode::Char('c'), CTRL)],
        "q",
        Action::Quit,
        KEY_LOBBY_QUIT,
        Some(("q", HINT_LEAVE)),
    ),
    // A seek or a challenge being written.
    bind(
        &[LobbyForm],
        &[code(KeyCode::Up), char('k'), code(KeyCode::BackTab)],
        "↑ k",
        Action::Previous,
        KEY_PREVIOUS,
        Some(("↑", HINT_CHOOSE)),
    ),
    bind(
        &[LobbyForm],
        &[code(KeyCode::Down), char('j'), code(KeyCode::Tab)],
        "↓ j Tab",
        Action::Next,
        KEY_NEXT,
        Some(("↓", HINT_CHOOSE)),
    ),
    bind(
        &[LobbyForm],
        &[code(KeyCode::Left), char('h')],
        "← h",
        Action::Less,
        KEY_LESS,
        Some(("←", HINT_CHANGE)),
    ),
    bind(
        &[LobbyForm],
        &[code(KeyCode::Right), char('l'), char(' ')],
        "→ l Space",
        Action::More,
        KEY_MORE,
        Some(("→", HINT_CHANGE)),
    ),
    bind(
        &[LobbyForm],
        &[code(KeyCode::Enter)],
        "Enter",
        Action::Choose,
        KEY_LOBBY_SEND,
        Some(("Enter", HINT_LOBBY_SEND)),
    ),
    bind(&[LobbyForm], &[char('?'), code(KeyCode::F(1))], "?", Action::Help, KEY_HELP, None),
    bind(
        &[LobbyForm],
        &[code(KeyCode::Esc), char('q')],
        "Esc q",
        Action::Back,
        KEY_CLOSE,
        Some(("Esc", HINT_CANCEL)),
    ),
    // Typing a file name.
    bind(
        &[SaveAs],
        &[code(KeyCode::Enter)],
        "Enter",
        Action::Choose,
        KEY_SAVE_NOW,
        Some(("Enter", HINT_SAVE)),
    ),
    bind(&[SaveAs], &[code(KeyCode::Esc)], "Esc", Action::Back, KEY_CLOSE, Some(("Esc", HINT_CANCEL))),
    bind(&[SaveAs], &[code(KeyCode::Backspace)], "Backspace", Action::Erase, KEY_ERASE, None),
    bind(&[SaveAs], &[(KeyCode::Char('u'), CTRL)], "^u", Action::Clear, KEY_CLEAR, None),
    // A question: `y` says yes (`o` for oui, `д` for да, too), any other key no.
    bind(
        &[Question],
        &[char('y'), char('Y'), char('o'), char('O'), char('д'), char('Д')],
        "Y",
        Action::Yes,
        KEY_YES,
        Some(("Y", HINT_YES)),
    ),
    bind(&[Question], &[char('n'), code(KeyCode::Esc)], "n Esc", Action::Back, KEY_NO, Some(("n", HINT_NO))),
    // The help: any key closes it.
    bind(
        &[Context::Help],
        &[code(KeyCode::Esc), char('?')],
        "Esc ?",
        Action::Back,
        KEY_CLOSE,
        Some(("Esc", HINT_CLOSE_ANY)),
    ),
];
