//! The keys of lists (the menu, the rules' contents, the puzzles' themes) and the menu's own.

use super::*;

/// This part's keys, in the order the help lists them.
pub(super) const LISTS: &[Binding] = &[
    bind(
        &[Menu, Contents, Setup, PuzzleThemes],
        &[code(KeyCode::Up), char('k')],
        "↑ k",
        Action::Previous,
        KEY_PREVIOUS,
        Some(("↑", HINT_CHOOSE)),
    ),
    bind(
        &[Menu, Contents, Setup, PuzzleThemes],
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
        &[Menu, Setup, PuzzleThemes],
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
        // Not Esc: it backs out of boxes and screens, and pressed once too often it would
        // end the program.
        &[char('q'), (KeyCode::Char('c'), CTRL)],
        "q",
        Action::Quit,
        KEY_QUIT_NOW,
        Some(("q", HINT_QUIT)),
    ),
];
