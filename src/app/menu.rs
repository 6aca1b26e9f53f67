//! The menu: start a game, resume the last one, read the rules, or quit.

use super::go::{Component, Go, Request};
use super::keys::{Action, Context};
use super::layout::MenuLayout;
use crate::rules::GameKind;
use crate::rules::hex::Board;
use crate::t;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

/// The computer's level in a game started from the menu (it plays second: you start).
const LEVEL: u8 = 3;

/// The menu's entries.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Entry {
    Clamber3,
    Clamber4,
    Ombagui,
    /// Against the computer, which plays Red at level 3.
    ClamberComputer,
    OmbaguiComputer,
    Resume,
    RulesClamber,
    RulesOmbagui,
    Quit,
}

impl Entry {
    pub const ALL: [Entry; 9] = [
        Entry::Clamber3,
        Entry::Clamber4,
        Entry::Ombagui,
        Entry::ClamberComputer,
        Entry::OmbaguiComputer,
        Entry::Resume,
        Entry::RulesClamber,
        Entry::RulesOmbagui,
        Entry::Quit,
    ];

    /// The entry's words.
    pub fn label(self) -> String {
        t!(match self {
            Entry::Clamber3 => "menu.clamber3",
            Entry::Clamber4 => "menu.clamber4",
            Entry::Ombagui => "menu.ombagui",
            Entry::ClamberComputer => "menu.clamber_computer",
            Entry::OmbaguiComputer => "menu.ombagui_computer",
            Entry::Resume => "menu.resume",
            Entry::RulesClamber => "menu.rules_clamber",
            Entry::RulesOmbagui => "menu.rules_ombagui",
            Entry::Quit => "menu.quit",
        })
    }
}

/// The menu: which entry is chosen, and a note about the last choice.
#[derive(Clone, Debug, Default)]
pub struct Menu {
    pub selected: usize,
    pub note: Option<String>,
}

impl Menu {
    /// Where the menu is drawn in `area`, for drawing and for clicks.
    pub fn layout(area: Rect) -> MenuLayout {
        MenuLayout::new(area, &Entry::ALL.map(Entry::label))
    }

    fn choose(&self, entry: Entry) -> Go {
        let play = |kind: GameKind, board| Go::Play(kind.start_on(board));
        match entry {
            Entry::Clamber3 => play(GameKind::Clamber, Board::SIDE_3),
            Entry::Clamber4 => play(GameKind::Clamber, Board::SIDE_4),
            Entry::Ombagui => play(GameKind::Ombagui, Board::SIDE_4),
            Entry::ClamberComputer => Go::Against(GameKind::Clamber.start_on(Board::SIDE_3), LEVEL),
            Entry::OmbaguiComputer => Go::Against(GameKind::Ombagui.start_on(Board::SIDE_4), LEVEL),
            Entry::Resume => Go::Request(Request::Resume),
            Entry::RulesClamber => Go::Rules(GameKind::Clamber),
            Entry::RulesOmbagui => Go::Rules(GameKind::Ombagui),
            Entry::Quit => Go::Quit,
        }
    }
}

impl Component for Menu {
    fn context(&self) -> Context {
        Context::Menu
    }

    fn act(&mut self, action: Action) -> Go {
        let count = Entry::ALL.len();
        self.note = None;
        match action {
            Action::Previous => self.selected = (self.selected + count - 1) % count,
            Action::Next => self.selected = (self.selected + 1) % count,
            Action::Choose => return self.choose(Entry::ALL[self.selected]),
            Action::Jump(n) if n < count => return self.choose(Entry::ALL[n]),
            Action::Help => return Go::Help,
            Action::Quit => return Go::Quit,
            _ => {}
        }
        Go::Stay
    }

    fn mouse(&mut self, mouse: MouseEvent, area: Rect) -> Go {
        let entry = Menu::layout(area).entry_at(mouse.column, mouse.row);
        match (mouse.kind, entry) {
            (MouseEventKind::Down(MouseButton::Left), Some(n)) => self.choose(Entry::ALL[n]),
            (MouseEventKind::Moved, Some(n)) => {
                self.selected = n;
                Go::Stay
            }
            _ => Go::Stay,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::keys::{self, Context};
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    #[test]
    fn each_entry_has_its_number_key() {
        for n in 0..Entry::ALL.len() {
            let digit = char::from_digit(n as u32 + 1, 10).unwrap();
            let key = KeyEvent::new(KeyCode::Char(digit), KeyModifiers::NONE);
            assert_eq!(keys::action(Context::Menu, key), Some(Action::Jump(n)));
        }
        let after = char::from_digit((Entry::ALL.len() as u32 + 1) % 10, 10).unwrap();
        assert_eq!(
            keys::action(Context::Menu, KeyEvent::new(KeyCode::Char(after), KeyModifiers::NONE)),
            None
        );
    }
}
