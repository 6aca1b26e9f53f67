//! The menu: start a game (two players, or against the computer, set up here: which game,
//! which side you play, the computer's level), resume the last one, read the rules, quit.

use super::go::{Component, Go, Request};
use super::keys::{Action, Context};
use super::layout::MenuLayout;
use super::opponent::Computer;
use crate::rules::hex::Board;
use crate::rules::{Colour, GameKind};
use crate::t;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

/// The computer's level a game against it starts with, unless another is chosen.
const LEVEL: u8 = 3;

/// The boards a game against the computer can be set up on.
const BOARDS: [(GameKind, Board); 3] = [
    (GameKind::Clamber, Board::SIDE_3),
    (GameKind::Clamber, Board::SIDE_4),
    (GameKind::Ombagui, Board::SIDE_4),
];

/// The menu's entries.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Entry {
    Clamber3,
    Clamber4,
    Ombagui,
    /// Against the computer: set up the game, the side and the level first.
    Computer,
    Resume,
    /// The computer's review of the most recently kept game.
    Review,
    RulesClamber,
    RulesOmbagui,
    Quit,
}

impl Entry {
    pub const ALL: [Entry; 9] = [
        Entry::Clamber3,
        Entry::Clamber4,
        Entry::Ombagui,
        Entry::Computer,
        Entry::Resume,
        Entry::Review,
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
            Entry::Computer => "menu.computer",
            Entry::Resume => "menu.resume",
            Entry::Review => "menu.review",
            Entry::RulesClamber => "menu.rules_clamber",
            Entry::RulesOmbagui => "menu.rules_ombagui",
            Entry::Quit => "menu.quit",
        })
    }
}

/// The menu: which entry is chosen, a note about the last choice, and the set-up of a
/// game against the computer while it is open.
#[derive(Clone, Debug, Default)]
pub struct Menu {
    pub selected: usize,
    pub note: Option<String>,
    pub setup: Option<Setup>,
}

/// A game against the computer being set up: a row for the board, the side you play and
/// the computer's level, one chosen to change with ← and →.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Setup {
    /// The row chosen: 0 the board, 1 your side, 2 the level.
    pub row: usize,
    /// Which of [`BOARDS`].
    pub board: usize,
    pub you: Colour,
    pub level: u8,
}

impl Default for Setup {
    /// Clamber on side 3, you moving first, the computer at level 3.
    fn default() -> Setup {
        Setup { row: 0, board: 0, you: Colour::Blue, level: LEVEL }
    }
}

impl Setup {
    /// The rows, in words: the board, your side, the computer's level with its name.
    pub fn rows(&self) -> [(String, String); 3] {
        let (game, board) = BOARDS[self.board];
        let board = match game {
            GameKind::Clamber => t!("setup.clamber", board.side()),
            GameKind::Ombagui => t!("setup.ombagui"),
        };
        let level = t!("setup.level_of", self.level, t!(&format!("computer.level{}", self.level)));
        [
            (t!("setup.board"), board),
            (t!("setup.you"), crate::i18n::colour(self.you)),
            (t!("setup.level"), level),
        ]
    }

    /// The chosen row's value one step on (`more`) or back, going round.
    fn change(&mut self, more: bool) {
        let step =
            |value: usize, count: usize| if more { (value + 1) % count } else { (value + count - 1) % count };
        match self.row {
            0 => {
                self.board = step(self.board, BOARDS.len());
                // Whoever moves first in that game, as a new player would expect.
                let (game, board) = BOARDS[self.board];
                self.you = crate::by_game!(game.start_on(board), start => start.to_move());
            }
            1 => self.you = self.you.other(),
            _ => self.level = step(usize::from(self.level) - 1, 5) as u8 + 1,
        }
    }

    /// The game set up: the computer plays the other side.
    fn start(&self) -> Go {
        let (game, board) = BOARDS[self.board];
        Go::Against(game.start_on(board), Computer::playing(self.you.other(), self.level))
    }
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
            Entry::Computer => Go::SetUp,
            Entry::Resume => Go::Request(Request::Resume),
            Entry::Review => Go::Request(Request::Review),
            Entry::RulesClamber => Go::Rules(GameKind::Clamber),
            Entry::RulesOmbagui => Go::Rules(GameKind::Ombagui),
            Entry::Quit => Go::Quit,
        }
    }
}

impl Component for Menu {
    fn context(&self) -> Context {
        if self.setup.is_some() { Context::Setup } else { Context::Menu }
    }

    fn act(&mut self, action: Action) -> Go {
        let count = Entry::ALL.len();
        self.note = None;
        if let Some(setup) = &mut self.setup {
            match action {
                Action::Previous => setup.row = (setup.row + 2) % 3,
                Action::Next => setup.row = (setup.row + 1) % 3,
                Action::Less | Action::More => setup.change(action == Action::More),
                Action::Choose => return setup.start(),
                Action::Back => self.setup = None,
                Action::Help => return Go::Help,
                _ => {}
            }
            return Go::Stay;
        }
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
        if self.setup.is_some() {
            return Go::Stay;
        }
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
