//! The boxes that ask something over the screen: a yes-or-no question, and the file name
//! to save a game to.

use super::keys::{self, Action, Context};
use super::{Component, Go, Overlay, Request};
use crate::rules::{Colour, GameKind};
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use std::path::PathBuf;

/// A question that waits for `y`; any other key says no.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Question {
    Quit,
    Menu,
    /// Does this player resign?
    Resign(Colour),
    /// Do both players agree to a draw? (This player offers it.)
    Draw(Colour),
    /// In a game at a distance: may this player take back their last turn?
    TakeBack(Colour),
    /// This file exists: replace it with the game?
    Replace(PathBuf),
    /// Another hexstack (this process, on this machine) has the game open: `y` continues
    /// a copy in a file of its own, any other key watches it read-only.
    Locked(String),
    /// Leave (quit, or for the menu) though the game is not kept, and why; `s` saves it
    /// elsewhere first.
    Unkept {
        why: String,
        quit: bool,
        game: GameKind,
    },
}

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
            return Go::Show(Overlay::SaveAs(SavePrompt::new(*game)));
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
