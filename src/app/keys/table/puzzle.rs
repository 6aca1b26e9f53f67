//! The keys of a puzzle on the board (beside the cursor, Enter and Esc) and of the puzzle history.

use super::*;

/// This part's keys, in the order the help lists them.
pub(super) const PUZZLE: &[Binding] = &[
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
    bind(&[Puzzle], &[char('f')], "f", Action::Themes, KEY_PUZZLE_THEMES, None),
    bind(&[PuzzleThemes], &[code(KeyCode::Home)], "Home", Action::First, KEY_FIRST_ENTRY, None),
    bind(&[PuzzleThemes], &[code(KeyCode::End)], "End", Action::Last, KEY_LAST_ENTRY, None),
    bind(
        &[PuzzleThemes],
        &[code(KeyCode::Esc), char('q'), char('f')],
        "Esc q f",
        Action::Back,
        KEY_CLOSE,
        Some(("Esc", HINT_BACK)),
    ),
    bind(
        &[Puzzle, PuzzleHistory, PuzzleThemes],
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
];
