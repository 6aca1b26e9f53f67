//! The boxes that ask something over the screen: a yes-or-no question, and the file name
//! to save a game to.

pub(crate) use super::component::Question;
use super::component::{Component, Go, Request};
use super::keys::{Action, Context};
use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use crate::rules::GameKind;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::PathBuf;

impl Question {
    /// The question in words (what a screen asks, and the screen-reader mode says).
    pub(crate) fn text(&self) -> Text {
        match self {
            Question::Quit => text!(ASK_QUIT),
            Question::QuitEntry => text!(ASK_QUIT_ENTRY),
            Question::Menu => text!(ASK_MENU),
            Question::Resign(player) => text!(ASK_RESIGN, *player),
            Question::YouResign(_) => text!(ASK_RESIGN_YOU),
            Question::Draw(player) => text!(ASK_DRAW, *player, player.other()),
            Question::OfferDraw => text!(ASK_OFFER_DRAW),
            Question::TakeBack(player) => text!(ASK_TAKE_BACK, *player, player.other()),
            Question::Branch(later) => text!(ASK_BRANCH, *later),
            Question::UndoOnTime => text!(ASK_UNDO_ON_TIME),
            Question::EndTurn(so_far) => text!(ASK_END_TURN, so_far),
            Question::Again => text!(ASK_AGAIN),
            Question::LeaveClub => text!(ASK_LEAVE_CLUB),
            Question::Replace(path) => text!(ASK_REPLACE, crate::i18n::shown_path(path)),
            Question::Locked(holder) => text!(ASK_LOCKED, holder),
            Question::Unkept { why, .. } => text!(ASK_UNKEPT, why.clone()),
        }
    }
}

impl Component for Question {
    /// The menu's Quit entry reads keys as the menu does, so that its quit key answers it.
    fn context(&self) -> Context {
        if *self == Question::QuitEntry { Context::Menu } else { Context::Question }
    }

    fn act(&mut self, action: Action) -> Go {
        match (action, &*self) {
            (Action::Yes, _) => Go::Yes(self.clone()),
            (Action::Save, Question::Unkept { game, .. }) => Go::SaveAs(*game),
            _ => Go::No(self.clone()),
        }
    }

    fn key(&mut self, key: KeyEvent, action: Option<Action>) -> Go {
        // `с` is where Serbian's Cyrillic keyboard has `s`.
        if let Question::Unkept { game, .. } = self
            && matches!(key.code, KeyCode::Char('s' | 'с'))
        {
            return Go::SaveAs(*game);
        }
        // The menu's Quit entry is answered by the menu's own quit key: any other key stays.
        if *self == Question::QuitEntry {
            return if action == Some(Action::Quit) { Go::Yes(self.clone()) } else { Go::No(self.clone()) };
        }
        self.act(action.unwrap_or(Action::Back))
    }
}

/// Whether `key` types a character: not a control character, nor one held with Ctrl or Alt.
fn typed(key: KeyEvent) -> bool {
    let held = key.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
    matches!(key.code, KeyCode::Char(c) if !c.is_control()) && !held
}

/// The file name being typed to save the game to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct SavePrompt {
    /// The name typed so far.
    pub name: String,
    /// The game to save, for the file's default name.
    pub game: GameKind,
}

/// The longest file name the prompt takes, in characters.
const LONGEST: usize = 200;

impl SavePrompt {
    /// The prompt, offering the game's name as the file's, in the current folder.
    pub(crate) fn new(game: GameKind) -> SavePrompt {
        SavePrompt { name: format!("{}.{}", game.name(), crate::saved::EXTENSION), game }
    }
}

impl Component for SavePrompt {
    fn context(&self) -> Context {
        Context::SaveAs
    }

    fn act(&mut self, action: Action) -> Go {
        match action {
            Action::Choose if !self.name.trim().is_empty() => {
                Go::Request(Request::SaveAs { path: PathBuf::from(self.name.trim()), replace: false })
            }
            Action::Back => Go::Close,
            Action::Erase => {
                self.name.pop();
                Go::Stay
            }
            Action::Clear => {
                self.name.clear();
                Go::Stay
            }
            _ => Go::Stay,
        }
    }

    /// The table's keys, and any other character types itself.
    fn key(&mut self, key: KeyEvent, action: Option<Action>) -> Go {
        match (action, key.code) {
            (Some(action), _) => self.act(action),
            (None, KeyCode::Char(c)) if typed(key) && self.name.chars().count() < LONGEST => {
                self.name.push(c);
                Go::Stay
            }
            _ => Go::Stay,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `component` given a key, and the action the program's key table gives it there.
    fn press(component: &mut impl Component, code: KeyCode, modifiers: KeyModifiers) -> Go {
        let key = KeyEvent::new(code, modifiers);
        let action = super::super::keys::KeyTable::default().action(component.context(), key);
        component.key(key, action)
    }

    #[test]
    fn o_for_oui_says_yes_as_y_does() {
        for c in ['y', 'Y', 'o', 'O'] {
            let go = press(&mut Question::Quit, KeyCode::Char(c), KeyModifiers::NONE);
            assert!(matches!(go, Go::Yes(Question::Quit)), "{c}");
        }
        assert!(matches!(press(&mut Question::Quit, KeyCode::Char('x'), KeyModifiers::NONE), Go::No(_)));
    }

    #[test]
    fn ctrl_u_clears_the_name_as_in_a_shell() {
        let mut prompt = SavePrompt::new(GameKind::Clamber);
        press(&mut prompt, KeyCode::Char('u'), KeyModifiers::CONTROL);
        assert_eq!(prompt.name, "", "Ctrl-U clears the line");
        press(&mut prompt, KeyCode::Char('a'), KeyModifiers::NONE);
        press(&mut prompt, KeyCode::Char('w'), KeyModifiers::CONTROL);
        assert_eq!(prompt.name, "a", "no other Ctrl key types a letter");
    }
}
