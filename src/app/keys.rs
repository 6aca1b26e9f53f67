//! The one table of keys: it decides what a key does and writes the help, so the two
//! can never disagree.

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

/// What a key asks for on a game screen.
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
}

/// Keys bound to one action, how the help shows them, and what the action does (the
/// key of its text in `assets/lang`).
pub struct Binding {
    pub keys: &'static [(KeyCode, KeyModifiers)],
    pub shown: &'static str,
    pub action: Action,
    pub what: &'static str,
}

const NONE: KeyModifiers = KeyModifiers::NONE;
const CTRL: KeyModifiers = KeyModifiers::CONTROL;

const fn char(c: char) -> (KeyCode, KeyModifiers) {
    (KeyCode::Char(c), NONE)
}

/// Every key of a game screen, in the order the help lists them.
pub const GAME_KEYS: &[Binding] = &[
    Binding {
        keys: &[(KeyCode::Left, NONE), char('h')],
        shown: "← h",
        action: Action::Step(Step::Left),
        what: "key.left",
    },
    Binding {
        keys: &[(KeyCode::Right, NONE), char('l')],
        shown: "→ l",
        action: Action::Step(Step::Right),
        what: "key.right",
    },
    Binding { keys: &[char('y')], shown: "y", action: Action::Step(Step::UpLeft), what: "key.up_left" },
    Binding { keys: &[char('i')], shown: "i", action: Action::Step(Step::UpRight), what: "key.up_right" },
    Binding { keys: &[char('b')], shown: "b", action: Action::Step(Step::DownLeft), what: "key.down_left" },
    Binding { keys: &[char('n')], shown: "n", action: Action::Step(Step::DownRight), what: "key.down_right" },
    Binding { keys: &[(KeyCode::Up, NONE), char('k')], shown: "↑ k", action: Action::Up, what: "key.up" },
    Binding {
        keys: &[(KeyCode::Down, NONE), char('j')],
        shown: "↓ j",
        action: Action::Down,
        what: "key.down",
    },
    Binding {
        keys: &[(KeyCode::Enter, NONE), char(' ')],
        shown: "Enter Space",
        action: Action::Act,
        what: "key.act",
    },
    Binding { keys: &[(KeyCode::Esc, NONE)], shown: "Esc", action: Action::Cancel, what: "key.cancel" },
    Binding {
        keys: &[char('u'), char('['), (KeyCode::Backspace, NONE)],
        shown: "u [",
        action: Action::Undo,
        what: "key.undo",
    },
    Binding {
        keys: &[(KeyCode::Char('r'), CTRL), char(']')],
        shown: "^r ]",
        action: Action::Redo,
        what: "key.redo",
    },
    Binding { keys: &[(KeyCode::Home, NONE)], shown: "Home", action: Action::First, what: "key.first" },
    Binding { keys: &[(KeyCode::End, NONE)], shown: "End", action: Action::Last, what: "key.last" },
    Binding { keys: &[char('s')], shown: "s", action: Action::Save, what: "key.save" },
    Binding { keys: &[char('?'), (KeyCode::F(1), NONE)], shown: "?", action: Action::Help, what: "key.help" },
    Binding { keys: &[char('d')], shown: "d", action: Action::Draw, what: "key.draw" },
    Binding { keys: &[char('r')], shown: "r", action: Action::Resign, what: "key.resign" },
    Binding { keys: &[char('m')], shown: "m", action: Action::Menu, what: "key.menu" },
    Binding {
        keys: &[char('q'), (KeyCode::Char('c'), CTRL)],
        shown: "q",
        action: Action::Quit,
        what: "key.quit",
    },
];

/// The action a key asks for, if it has one. Shift is ignored (terminals differ on it);
/// Control must match.
pub fn action(key: KeyEvent) -> Option<Action> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    GAME_KEYS
        .iter()
        .find(|binding| {
            binding.keys.iter().any(|&(code, mods)| code == key.code && mods.contains(CTRL) == ctrl)
        })
        .map(|binding| binding.action)
}

/// The short hint line under the board, from the same table.
pub fn hints() -> String {
    let shown = |action: Action| {
        let shown = GAME_KEYS.iter().find(|b| b.action == action).map_or("", |b| b.shown);
        shown.split(' ').next().unwrap_or("").to_string()
    };
    crate::t!(
        "hints",
        shown(Action::Act),
        shown(Action::Cancel),
        shown(Action::Undo),
        shown(Action::Redo),
        shown(Action::Help),
        shown(Action::Quit)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_key_is_bound_twice() {
        let mut seen = Vec::new();
        for binding in GAME_KEYS {
            for key in binding.keys {
                assert!(!seen.contains(key), "{key:?} is bound twice");
                seen.push(*key);
            }
        }
    }

    #[test]
    fn keys_find_their_actions() {
        assert_eq!(action(KeyEvent::new(KeyCode::Char('u'), NONE)), Some(Action::Undo));
        assert_eq!(action(KeyEvent::new(KeyCode::Char('r'), CTRL)), Some(Action::Redo));
        assert_eq!(action(KeyEvent::new(KeyCode::Char('r'), NONE)), Some(Action::Resign));
        assert_eq!(action(KeyEvent::new(KeyCode::Char('?'), KeyModifiers::SHIFT)), Some(Action::Help));
        assert_eq!(action(KeyEvent::new(KeyCode::Char('z'), NONE)), None);
    }
}
