//! The menu: start a game (two players, or against the computer, set up here: which game,
//! which side you play, the computer's level), resume the last one, review it, read the
//! rules, quit. Its games and boards come from the list of games.

use super::go::{Component, Go, Request};
use super::keys::{Action, Context};
use super::layout::MenuLayout;
use super::opponent::Computer;
use crate::ai::Level;
use crate::i18n::keys::*;
use crate::i18n::{Text, Words, colour, text};
use crate::rules::hex::Board;
use crate::rules::{Colour, Game, GameKind, Listed};
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

/// A menu's entry.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Entry {
    /// Two players at one keyboard, this game on this board.
    Play(GameKind, Board),
    /// Against the computer: set up the game, the side and the level first.
    Computer,
    Resume,
    /// The computer's review of the most recently kept game.
    Review,
    Rules(GameKind),
    Quit,
}

/// Every game and board a player may choose, in the list's order.
pub fn boards() -> Vec<(GameKind, Board)> {
    let offered = |game: GameKind| crate::each_game!(kind game, G => G::BOARDS);
    GameKind::ALL.iter().flat_map(|&game| offered(game).iter().map(move |&board| (game, board))).collect()
}

impl Entry {
    /// The menu's entries, in order.
    pub fn all() -> Vec<Entry> {
        let play = boards().into_iter().map(|(game, board)| Entry::Play(game, board));
        let rules = GameKind::ALL.iter().filter(|game| !super::rules::pages(**game).is_empty());
        play.chain([Entry::Computer, Entry::Resume, Entry::Review])
            .chain(rules.map(|&game| Entry::Rules(game)))
            .chain([Entry::Quit])
            .collect()
    }

    /// The entry's words.
    pub fn label(self) -> Text {
        match self {
            Entry::Play(game, board) => crate::each_game!(kind game, G => G::menu_entry(board)),
            Entry::Computer => text!(MENU_COMPUTER),
            Entry::Resume => text!(MENU_RESUME),
            Entry::Review => text!(MENU_REVIEW),
            Entry::Rules(game) => crate::each_game!(kind game, G => text!(G::COMMON.rules)),
            Entry::Quit => text!(MENU_QUIT),
        }
    }
}

/// The menu: which entry is chosen, a note about the last choice, and the set-up of a
/// game against the computer while it is open.
#[derive(Clone, Debug, Default)]
pub struct Menu {
    pub selected: usize,
    pub note: Option<Text>,
    pub setup: Option<Setup>,
}

/// A game against the computer being set up: a row for the board, the side you play and
/// the computer's level, one chosen to change with ← and →.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Setup {
    /// The row chosen: 0 the board, 1 your side, 2 the level.
    pub row: usize,
    /// Which of [`boards`].
    pub board: usize,
    pub you: Colour,
    pub level: Level,
}

impl Default for Setup {
    /// The first game on its usual board, you moving first, the computer at its usual level.
    fn default() -> Setup {
        let mut setup = Setup { row: 0, board: 0, you: Colour::Blue, level: Level::USUAL };
        setup.you = setup.first_to_move();
        setup
    }
}

impl Setup {
    /// The rows, in words: the board, your side, the computer's level with its name.
    pub fn rows(&self) -> [(Text, Text); 3] {
        let (game, board) = boards()[self.board];
        let level = text!(SETUP_LEVEL_OF, self.level.number(), crate::i18n::level(self.level));
        [
            (text!(SETUP_BOARD), crate::each_game!(kind game, G => G::setup_entry(board))),
            (text!(SETUP_YOU), colour(self.you)),
            (text!(SETUP_LEVEL), level),
        ]
    }

    /// Who moves first in the game chosen.
    fn first_to_move(&self) -> Colour {
        let (game, board) = boards()[self.board];
        crate::each_game!(kind game, G => <G as Game>::start(board).to_move())
    }

    /// The chosen row's value one step on (`more`) or back, going round.
    fn change(&mut self, more: bool) {
        let step =
            |value: usize, count: usize| if more { (value + 1) % count } else { (value + count - 1) % count };
        match self.row {
            0 => {
                self.board = step(self.board, boards().len());
                // Whoever moves first in that game, as a new player would expect.
                self.you = self.first_to_move();
            }
            1 => self.you = self.you.other(),
            _ => {
                let at = Level::ALL.iter().position(|&level| level == self.level).unwrap_or(0);
                self.level = Level::ALL[step(at, Level::ALL.len())];
            }
        }
    }

    /// The game set up: the computer plays the other side.
    fn start(&self) -> Go {
        let (game, board) = boards()[self.board];
        let start = crate::each_game!(kind game, G => G::any(<G as Game>::start(board)));
        Go::Against(start, Computer::playing(self.you.other(), self.level).reseeded())
    }
}

impl Menu {
    /// Where the menu's entries are, in `area`, for clicks: a whole line each.
    pub fn layout(area: Rect) -> MenuLayout {
        MenuLayout::new(area, Entry::all().len(), area.width)
    }

    fn choose(&self, entry: Entry) -> Go {
        match entry {
            Entry::Play(game, board) => {
                Go::Play(crate::each_game!(kind game, G => G::any(<G as Game>::start(board))))
            }
            Entry::Computer => Go::SetUp,
            Entry::Resume => Go::Request(Request::Resume),
            Entry::Review => Go::Request(Request::Review),
            Entry::Rules(game) => Go::Rules(game),
            Entry::Quit => Go::Quit,
        }
    }
}

impl Component for Menu {
    fn context(&self) -> Context {
        if self.setup.is_some() { Context::Setup } else { Context::Menu }
    }

    fn act(&mut self, action: Action) -> Go {
        let entries = Entry::all();
        let count = entries.len();
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
            Action::Choose => return self.choose(entries[self.selected]),
            Action::Jump(n) if n < count => return self.choose(entries[n]),
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
            (MouseEventKind::Down(MouseButton::Left), Some(n)) => self.choose(Entry::all()[n]),
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
        for n in 0..Entry::all().len().min(9) {
            let digit = char::from_digit(n as u32 + 1, 10).unwrap();
            let key = KeyEvent::new(KeyCode::Char(digit), KeyModifiers::NONE);
            assert_eq!(keys::action(Context::Menu, key), Some(Action::Jump(n)));
        }
        let none = KeyEvent::new(KeyCode::Char('0'), KeyModifiers::NONE);
        assert_eq!(keys::action(Context::Menu, none), None);
    }
}
