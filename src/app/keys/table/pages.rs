//! The keys of the rules: their pages and their contents.

use super::*;

/// This part's keys, in the order the help lists them.
pub(super) const PAGES: &[Binding] = &[
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
];
