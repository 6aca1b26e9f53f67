//! The boxes that ask something over the screen: a yes-or-no question, and the file name
//! to save a game to.

pub use super::go::Question;
use super::go::{Component, Go, Request};
use super::keys::{self, Action, Context};
use crate::rules::GameKind;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use std::path::PathBuf;

impl Component for Question {
    fn context(&self) -> Context {
        Context::Question
    }

    fn act(&mut self, action: Action) -> Go {
        match action {
            Action::Yes => Go::Yes(self.clone()),
            _ => Go::No(self.clone()),
        }
    }

    fn key(&mut self, key: KeyEvent) -> Go {
        if let Question::Unkept { game, .. } = self
            && key.code == KeyCode::Char('s')
        {
            return Go::SaveAs(*game);
        }
        self.act(keys::action(Context::Question, key).unwrap_or(Action::Back))
    }
}

/// The file name being typed to save the game to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SavePrompt {
    pub name: String,
    pub game: GameKind,
}

/// The longest file name the prompt takes, in characters.
const LONGEST: usize = 200;

impl SavePrompt {
    /// The prompt, offering the game's name as the file's, in the current folder.
    pub fn new(game: GameKind) -> SavePrompt {
        SavePrompt { name: format!("{}.{}", game.name(), crate::store::EXTENSION), game }
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
            _ => Go::Stay,
        }
    }

    /// The table's keys, and any other character types itself.
    fn key(&mut self, key: KeyEvent) -> Go {
        match (keys::action(Context::SaveAs, key), key.code) {
            (Some(action), _) => self.act(action),
            (None, KeyCode::Char(c)) if !c.is_control() && self.name.chars().count() < LONGEST => {
                self.name.push(c);
                Go::Stay
            }
            _ => Go::Stay,
        }
    }
}
