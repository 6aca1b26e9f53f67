//! The keys of a game's review: its turns, the marked ones, trying one again.

use super::*;

/// This part's keys, in the order the help lists them.
pub(super) const REVIEW: &[Binding] = &[
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
];
