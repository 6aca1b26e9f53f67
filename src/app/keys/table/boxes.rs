//! The keys of the boxes over a screen: a file name typed, a question, the help.

use super::*;

/// This part's keys, in the order the help lists them.
pub(super) const BOXES: &[Binding] = &[
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
    // A question: `y` says yes (`o` for oui, `д` for да, too), `n` no (`н` for не), and so
    // does any other key. The box names each language's own keys, and y.
    bind(
        &[Question],
        &[char('y'), char('Y'), char('o'), char('O'), char('д'), char('Д')],
        "Y",
        Action::Yes,
        KEY_YES,
        Some(("Y", HINT_YES)),
    ),
    bind(
        &[Question],
        &[char('n'), char('N'), char('н'), char('Н'), code(KeyCode::Esc)],
        "N Esc",
        Action::Back,
        KEY_NO,
        Some(("N", HINT_NO)),
    ),
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
