//! The player's own keys: an action's keys replaced wherever the table binds it, refused
//! where one of them already does something else on the same screen.

use super::{Action, Binding, CTRL, Context, CursorStep, NONE, Press};
use ratatui::crossterm::event::KeyCode;
use std::borrow::Cow;

/// The actions a player may rebind, by the name the config file gives them.
pub(crate) const NAMES: &[(&str, Action)] = &[
    ("left", Action::Step(CursorStep::Left)),
    ("right", Action::Step(CursorStep::Right)),
    ("up_left", Action::Step(CursorStep::UpLeft)),
    ("up_right", Action::Step(CursorStep::UpRight)),
    ("down_left", Action::Step(CursorStep::DownLeft)),
    ("down_right", Action::Step(CursorStep::DownRight)),
    ("up", Action::Up),
    ("down", Action::Down),
    ("act", Action::Act),
    ("cancel", Action::Cancel),
    ("undo", Action::Undo),
    ("redo", Action::Redo),
    ("first", Action::First),
    ("last", Action::Last),
    ("save", Action::Save),
    ("help", Action::Help),
    ("resign", Action::Resign),
    ("draw", Action::Draw),
    ("menu", Action::Menu),
    ("quit", Action::Quit),
    ("hint", Action::Hint),
    ("eval", Action::Eval),
    ("review", Action::Review),
    ("previous", Action::Previous),
    ("next", Action::Next),
    ("choose", Action::Choose),
    ("less", Action::Less),
    ("more", Action::More),
    ("previous_page", Action::PreviousPage),
    ("next_page", Action::NextPage),
    ("previous_step", Action::PreviousStep),
    ("next_step", Action::NextStep),
    ("contents", Action::Contents),
    ("try", Action::Try),
    ("back", Action::Back),
    ("yes", Action::Yes),
    ("erase", Action::Erase),
    ("clear", Action::Clear),
    ("pause", Action::Pause),
];

/// The action a config file names, if it is one a player may rebind (not the digits).
pub(crate) fn action_named(name: &str) -> Option<Action> {
    NAMES.iter().find(|(known, _)| *known == name).map(|(_, action)| *action)
}

/// The name of `action` as the config file writes it.
pub(crate) fn name_of(action: Action) -> &'static str {
    NAMES.iter().find(|(_, known)| *known == action).map_or("jump", |(name, _)| name)
}

/// Keys with a name of their own, as the config file and the help write them.
const CODES: &[(&str, KeyCode)] = &[
    ("Enter", KeyCode::Enter),
    ("Space", KeyCode::Char(' ')),
    ("Esc", KeyCode::Esc),
    ("Tab", KeyCode::Tab),
    ("Backspace", KeyCode::Backspace),
    ("Delete", KeyCode::Delete),
    ("Insert", KeyCode::Insert),
    ("Home", KeyCode::Home),
    ("End", KeyCode::End),
    ("PgUp", KeyCode::PageUp),
    ("PgDn", KeyCode::PageDown),
    ("←", KeyCode::Left),
    ("→", KeyCode::Right),
    ("↑", KeyCode::Up),
    ("↓", KeyCode::Down),
    ("Left", KeyCode::Left),
    ("Right", KeyCode::Right),
    ("Up", KeyCode::Up),
    ("Down", KeyCode::Down),
];

/// A key as the config file writes it: one character (`u`, `?`), a key's name (`Enter`,
/// `PgUp`, `Left` or `←`, `F1`), or either held with Control (`Ctrl-r`, `^r`).
pub(crate) fn press(name: &str) -> Option<Press> {
    let held = ["Ctrl-", "ctrl-", "C-", "^"].iter().find_map(|prefix| name.strip_prefix(prefix));
    if let Some(key) = held.filter(|key| !key.is_empty()) {
        return match press(key)? {
            (KeyCode::Char(c), NONE) => Some((KeyCode::Char(c.to_ascii_lowercase()), CTRL)),
            _ => None,
        };
    }
    if let Some((_, code)) = CODES.iter().find(|(known, _)| known.eq_ignore_ascii_case(name)) {
        return Some((*code, NONE));
    }
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return (!c.is_control()).then_some((KeyCode::Char(c), NONE));
    }
    let function = name.strip_prefix(['F', 'f'])?.parse::<u8>().ok().filter(|n| (1..=12).contains(n));
    function.map(|n| (KeyCode::F(n), NONE))
}

/// The name of a key as the help and the hints write it.
pub(crate) fn key_name((code, mods): Press) -> String {
    match code {
        KeyCode::Char(c) if mods.contains(CTRL) => format!("^{c}"),
        KeyCode::F(n) => format!("F{n}"),
        KeyCode::Char(c) if c != ' ' => c.to_string(),
        code => CODES.iter().find(|(_, known)| *known == code).map_or("?", |(name, _)| name).to_string(),
    }
}

/// Ctrl-C, which quits wherever `q` does.
const INTERRUPT: Press = (KeyCode::Char('c'), CTRL);

/// A binding refused: `key`, asked for `action`, already does `other` on a screen where
/// `action` is bound.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Clash {
    /// The action the key was asked for.
    pub action: &'static str,
    pub(crate) key: String,
    pub(crate) other: &'static str,
}

/// `table` with `action`'s keys made `keys` wherever it is bound; unchanged, and the
/// clash, when one of them does something else on a screen where `action` is bound.
pub(crate) fn rebind(table: &mut [Binding], action: Action, keys: &[Press]) -> Result<(), Clash> {
    let contexts: Vec<Context> = table
        .iter()
        .filter(|binding| binding.action == action)
        .flat_map(|binding| binding.contexts.iter().copied())
        .collect();
    for other in table.iter().filter(|binding| binding.action != action) {
        let shared = other.contexts.iter().any(|context| contexts.contains(context));
        let taken = keys.iter().find(|key| shared && other.keys.contains(key));
        if let Some(&key) = taken {
            return Err(Clash { action: name_of(action), key: key_name(key), other: name_of(other.action) });
        }
    }
    let names: Vec<String> = keys.iter().map(|&key| key_name(key)).collect();
    let shown = names.join(" ");
    let first = names.first().cloned().unwrap_or_default();
    let kept = [keys, &[INTERRUPT]].concat();
    for binding in table.iter_mut().filter(|binding| binding.action == action) {
        // Ctrl-C always leaves, whatever `quit` is bound to: the way out nobody has to look up.
        let interrupts = binding.keys.contains(&INTERRUPT) && !keys.contains(&INTERRUPT);
        binding.keys = Cow::Owned(if interrupts { kept.clone() } else { keys.to_vec() });
        binding.shown = Cow::Owned(shown.clone());
        binding.hint = binding.hint.take().map(|(_, word)| (Cow::Owned(first.clone()), word));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_read_as_the_file_writes_them() {
        assert_eq!(press("u"), Some((KeyCode::Char('u'), NONE)));
        assert_eq!(press("Ctrl-R"), Some((KeyCode::Char('r'), CTRL)));
        assert_eq!(press("^r"), Some((KeyCode::Char('r'), CTRL)));
        assert_eq!(press("enter"), Some((KeyCode::Enter, NONE)));
        assert_eq!(press("←"), Some((KeyCode::Left, NONE)));
        assert_eq!(press("F12"), Some((KeyCode::F(12), NONE)));
        assert_eq!(press("F13"), None);
        assert_eq!(press("Ctrl-Enter"), None);
        assert_eq!(press("uu"), None);
        assert_eq!(press(""), None);
        assert_eq!(key_name((KeyCode::Char(' '), NONE)), "Space");
        assert_eq!(key_name((KeyCode::Char('r'), CTRL)), "^r");
    }

    #[test]
    fn a_clashing_binding_is_refused_naming_both() {
        let mut table = super::super::KEYS.to_vec();
        let clash = rebind(&mut table, Action::Undo, &[press("r").unwrap()]);
        assert_eq!(clash, Err(Clash { action: "undo", key: "r".into(), other: "resign" }));
        assert!(table.iter().any(|binding| binding.action == Action::Undo && binding.shown == "u ["));
    }

    #[test]
    fn a_rebound_action_takes_its_new_keys_everywhere() {
        let mut table = super::super::KEYS.to_vec();
        assert_eq!(rebind(&mut table, Action::Undo, &[press("z").unwrap(), press("F2").unwrap()]), Ok(()));
        let undo: Vec<&Binding> = table.iter().filter(|binding| binding.action == Action::Undo).collect();
        assert!(!undo.is_empty());
        for binding in undo {
            assert_eq!(*binding.keys, [(KeyCode::Char('z'), NONE), (KeyCode::F(2), NONE)]);
            assert_eq!(binding.shown, "z F2");
            // A screen that names undo in its hint bar names the new key (the puzzle screen
            // does not name it there).
            assert!(binding.hint.as_ref().is_none_or(|(keys, _)| keys == "z"), "{:?}", binding.hint);
        }
        assert!(table.iter().any(|binding| binding.action == Action::Undo && binding.hint.is_some()));
    }

    #[test]
    fn ctrl_c_still_quits_with_quit_rebound() {
        let mut table = super::super::KEYS.to_vec();
        assert_eq!(rebind(&mut table, Action::Quit, &[press("x").unwrap()]), Ok(()));
        for binding in table.iter().filter(|binding| binding.action == Action::Quit) {
            assert_eq!(*binding.keys, [(KeyCode::Char('x'), NONE), INTERRUPT]);
            assert_eq!(binding.shown, "x");
        }
    }
}
