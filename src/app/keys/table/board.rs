//! The keys of a board: its cursor, a turn played or taken back, and what else a game is asked.

use super::*;

/// This part's keys, in the order the help lists them.
pub(super) const BOARD: &[Binding] = &[
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
        UNDOING,
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
    // A paused game: the board hidden, only going on, the help, saving and leaving.
    bind(&[Paused], &[char('p')], "p", Action::Pause, KEY_RESUME, Some(("p", HINT_RESUME))),
    bind(&[Paused], &[char('?'), code(KeyCode::F(1))], "?", Action::Help, KEY_HELP, Some(("?", HINT_KEYS))),
    bind(BOARDS, &[char('t')], "t", Action::Hint, KEY_HINT, None),
    bind(LOOKING, &[char('e')], "e", Action::Eval, KEY_EVAL, None),
    bind(BOARDS, &[char('d')], "d", Action::Draw, KEY_DRAW, None),
    bind(BOARDS, &[char('r')], "r", Action::Resign, KEY_RESIGN, None),
    bind(&[Game, Against], &[char('p')], "p", Action::Pause, KEY_PAUSE, None),
    bind(LEAVING, &[char('m')], "m", Action::Menu, KEY_MENU, None),
    bind(&[Game, Against, Watched], &[char('v')], "v", Action::Review, KEY_REVIEW, None),
    bind(
        LEAVING,
        &[char('q'), (KeyCode::Char('c'), CTRL)],
        "q",
        Action::Quit,
        KEY_QUIT,
        Some(("q", HINT_QUIT)),
    ),
    // A shared game is left, not quit: a guest goes at once, the game goes on at the host.
    bind(
        &[Shared, Watching, Replay],
        &[char('q'), (KeyCode::Char('c'), CTRL)],
        "q",
        Action::Quit,
        KEY_QUIT,
        Some(("q", HINT_LEAVE)),
    ),
    bind(&[Try], &[char('q'), char('m')], "q m", Action::Back, KEY_BACK_PAGE, Some(("q", HINT_BACK_PAGE))),
];
