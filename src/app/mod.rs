//! The application's state and what each key, click and resize does to it. Nothing here
//! draws or touches the terminal, so every flow is testable with events alone.
//!
//! The screen is one component (the menu, a game, the rules pages), with at most one box
//! over it (the help, a question, the save prompt). Each component owns its state and takes
//! its keys from the one key table ([`keys`]); it answers an action with a [`Go`], which
//! the app carries out.

pub mod advisor;
pub mod clamber;
mod follow;
pub mod game;
pub mod keeper;
pub mod keys;
pub mod layout;
pub mod link;
pub mod lit;
pub mod menu;
pub mod ombagui;
pub mod pages;
pub mod prompt;
pub mod rules;
pub mod table;

use crate::rules::{AnyPosition, GameKind};
use crate::saved::SavedGame;
use game::GameScreen;
use keys::{Action, Context};
use menu::Menu;
use prompt::{Question, SavePrompt};
use ratatui::crossterm::event::{Event, KeyEvent, KeyEventKind, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use rules::Book;
use std::path::PathBuf;
pub use table::Computer;

/// A screen or a box that takes keys and clicks.
pub trait Component {
    /// The part of the key table this component takes its keys from.
    fn context(&self) -> Context;
    /// What an action does here.
    fn act(&mut self, action: Action) -> Go;
    /// A key: by default, the action the table gives it, if any.
    fn key(&mut self, key: KeyEvent) -> Go {
        keys::action(self.context(), key).map_or(Go::Stay, |action| self.act(action))
    }
    /// The mouse, on a screen of size `area`.
    fn mouse(&mut self, _mouse: MouseEvent, _area: Rect) -> Go {
        Go::Stay
    }
}

/// What a component asks the app to do next.
#[derive(Debug)]
pub enum Go {
    Stay,
    /// Close the box over the screen.
    Close,
    Open(Screen),
    /// Play a new game from this position.
    Play(AnyPosition),
    /// Play a new game against the computer at this level; it plays second.
    Against(AnyPosition, u8),
    /// Try a rules example on a real board (a Clamber chain may be under way in it),
    /// coming back to this page after.
    Try(AnyPosition, Option<crate::rules::clamber::Turn>, Book),
    Menu,
    Show(Overlay),
    /// The answer to a question was yes.
    Yes(Question),
    /// The answer was no (any key but `y`).
    No(Question),
    Request(Request),
    Quit,
}

/// What fills the screen.
#[derive(Clone, Debug)]
pub enum Screen {
    Menu(Menu),
    Game(Box<GameScreen>),
    Rules(Book),
}

impl Screen {
    fn component(&mut self) -> &mut dyn Component {
        match self {
            Screen::Menu(menu) => menu,
            Screen::Game(game) => game.as_mut(),
            Screen::Rules(book) => book,
        }
    }

    /// The game on screen, if any.
    pub fn game(&self) -> Option<&GameScreen> {
        match self {
            Screen::Game(game) => Some(game),
            _ => None,
        }
    }
}

/// What is drawn over the screen.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Overlay {
    /// Every key of the screen below (and, in a game, what the board's marks mean).
    Help,
    Ask(Question),
    SaveAs(SavePrompt),
}

/// Something only the program around the app can do (it touches files), asked by the app.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Request {
    /// Save the game to this file, replacing it if it exists only when `replace` says so.
    SaveAs { path: PathBuf, replace: bool },
    /// Open the most recently kept game.
    Resume,
}

/// The whole application.
#[derive(Clone, Debug)]
pub struct App {
    pub screen: Screen,
    pub overlay: Option<Overlay>,
    pub quit: bool,
    /// What the program is asked to do after this event.
    pub request: Option<Request>,
    /// The terminal's size, for mouse hit-testing.
    pub area: Rect,
}

impl App {
    /// The menu.
    pub fn new(area: Rect) -> App {
        App { screen: Screen::Menu(Menu::default()), overlay: None, quit: false, request: None, area }
    }

    /// A game straight away, from `start`.
    pub fn game(start: AnyPosition, area: Rect) -> App {
        App { screen: Screen::Game(Box::new(GameScreen::new(start))), ..App::new(area) }
    }

    /// A terminal at a shared game (over SSH), playing the seat's colour.
    pub fn shared(seat: link::Seat, area: Rect) -> App {
        App { screen: Screen::Game(Box::new(GameScreen::shared(seat))), ..App::new(area) }
    }

    /// A game read from a saved file, its turns ready to be stepped through.
    pub fn loaded(saved: SavedGame, area: Rect) -> App {
        App { screen: Screen::Game(Box::new(GameScreen::loaded(saved))), ..App::new(area) }
    }

    /// The same app, the computer playing one colour or both in the game on screen.
    pub fn with_computer(mut self, computer: Option<Computer>) -> App {
        self.set_computer(computer);
        self
    }

    fn set_computer(&mut self, computer: Option<Computer>) {
        if let Some(game) = self.game_screen() {
            crate::by_game!(&mut game.table, table => table.computer = computer);
        }
    }

    /// The same app, the game on screen (if any) between these players.
    pub fn with_players(mut self, players: crate::session::Players) -> App {
        if let Some(game) = self.game_screen() {
            game.players = players;
        }
        self
    }

    /// A game read from `file`, which keeps it from then on (a loaded or resumed game is
    /// never copied).
    pub fn opened(saved: SavedGame, file: PathBuf, area: Rect) -> App {
        let mut app = App::loaded(saved, area);
        if let Some(game) = app.game_screen() {
            game.kept_at = Some(file);
        }
        app
    }

    /// The rules book open on `game`.
    pub fn rules(game: GameKind, area: Rect) -> App {
        App { screen: Screen::Rules(Book::new(game)), ..App::new(area) }
    }

    /// The game on screen, if any.
    pub fn game_screen(&mut self) -> Option<&mut GameScreen> {
        match &mut self.screen {
            Screen::Game(game) => Some(game),
            _ => None,
        }
    }

    /// The keys the screen under the help takes.
    pub fn context(&self) -> Context {
        match &self.screen {
            Screen::Menu(_) => Context::Menu,
            Screen::Game(game) => game.context(),
            Screen::Rules(book) => book.context(),
        }
    }

    /// Takes in what a search on another thread found; `true` while one is still under way
    /// (the loop then wakes up now and then to show its progress).
    /// A game shared with other terminals keeps the loop awake too, to follow their turns.
    pub fn tick(&mut self) -> bool {
        let Some(game) = self.game_screen() else { return false };
        game.follow();
        let question = game.question();
        let busy = crate::by_game!(&mut game.table, table => {
            table.tick();
            table.thinking().is_some() || table.computer_busy()
        });
        let shared = game.seat.is_some();
        if let Some(question) = question.filter(|_| self.overlay.is_none()) {
            self.overlay = Some(Overlay::Ask(question));
        }
        busy || shared
    }

    /// Reacts to one terminal event.
    pub fn handle(&mut self, event: &Event) {
        let go = match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => match &mut self.overlay {
                Some(Overlay::Help) => Go::Close,
                Some(Overlay::Ask(question)) => question.key(*key),
                Some(Overlay::SaveAs(prompt)) => prompt.key(*key),
                None => self.screen.component().key(*key),
            },
            Event::Mouse(mouse) => match self.overlay {
                Some(Overlay::Help) if matches!(mouse.kind, MouseEventKind::Down(_)) => Go::Close,
                Some(_) => Go::Stay,
                None => self.screen.component().mouse(*mouse, self.area),
            },
            Event::Resize(width, height) => {
                self.area = Rect::new(0, 0, *width, *height);
                Go::Stay
            }
            _ => Go::Stay,
        };
        self.go(go);
    }

    fn go(&mut self, go: Go) {
        match go {
            Go::Stay => {}
            Go::Close => self.overlay = None,
            Go::Open(screen) => {
                self.overlay = None;
                self.screen = screen;
            }
            Go::Play(start) => self.go(Go::Open(Screen::Game(Box::new(GameScreen::new(start))))),
            Go::Against(start, level) => {
                let second = crate::by_game!(&start, p => crate::rules::Game::to_move(p).other());
                self.go(Go::Play(start));
                self.set_computer(Some(Computer::playing(second, level)));
            }
            Go::Try(start, so_far, book) => {
                self.go(Go::Open(Screen::Game(Box::new(GameScreen::tried(start, so_far, book)))))
            }
            Go::Menu => *self = App::new(self.area),
            Go::Show(overlay) => self.overlay = Some(overlay),
            Go::Yes(question) => {
                self.overlay = None;
                match question {
                    Question::Quit => self.quit = true,
                    Question::Menu => *self = App::new(self.area),
                    Question::Replace(path) => self.request = Some(Request::SaveAs { path, replace: true }),
                    Question::Unkept { quit: true, .. } => self.quit = true,
                    Question::Unkept { quit: false, .. } => *self = App::new(self.area),
                    Question::Resign(_) | Question::Draw(_) | Question::TakeBack(_) | Question::Locked(_) => {
                        if let Some(game) = self.game_screen() {
                            game.answer_yes(question);
                        }
                    }
                }
            }
            Go::No(question) => {
                self.overlay = None;
                if let Some(game) = self.game_screen() {
                    game.answer_no(question);
                }
            }
            Go::Request(request) => {
                self.overlay = None;
                self.request = Some(request);
            }
            Go::Quit => self.quit = true,
        }
    }
}
