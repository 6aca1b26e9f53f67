//! The application's state and what each key, click and resize does to it. Nothing here
//! draws or touches the terminal, so every flow is testable with events alone.
//!
//! The screen is one component (the menu, a game, the rules pages), with at most one box
//! over it (the help, a question, the save prompt). Each component owns its state and takes
//! its keys from the one key table ([`keys`]); it answers an action with a [`Go`], which
//! the app carries out.

pub(crate) mod advisor;
pub(crate) mod clamber;
pub mod event;
mod follow;
pub mod game;
pub(crate) mod go;
pub(crate) mod held;
pub mod keys;
pub mod layout;
pub mod link;
pub mod lit;
pub mod menu;
pub(crate) mod ombagui;
pub(crate) mod opponent;
pub mod pages;
pub(crate) mod play;
pub mod prompt;
pub mod review;
pub mod rules;
pub mod table;

use crate::rules::{AnyPosition, GameKind};
use crate::saved::SavedGame;
use crate::t;
use event::Event;
use game::GameScreen;
pub use go::{Component, Go, Leave, Question, Request};
use keys::Context;
use menu::Menu;
pub use opponent::{Computer, Opponent};
pub use play::{Look, LookMut, Play};
use prompt::SavePrompt;
use ratatui::crossterm::event::{Event as Input, KeyEventKind, MouseEventKind};
use ratatui::layout::Rect;
pub use review::REVIEW_LEVEL;
use review::ReviewScreen;
use rules::Book;
use std::path::PathBuf;
use std::time::Instant;

/// What fills the screen.
#[derive(Debug)]
pub enum Screen {
    Menu(Menu),
    Game(Box<GameScreen>),
    /// The computer's review of a game, the game under it.
    Review(Box<ReviewScreen>),
    Rules(Book),
}

impl Screen {
    fn component(&mut self) -> &mut dyn Component {
        match self {
            Screen::Menu(menu) => menu,
            Screen::Game(game) => game.as_mut(),
            Screen::Review(review) => review.as_mut(),
            Screen::Rules(book) => book,
        }
    }

    /// The game kept while this screen is on: the game on screen, or the one reviewed.
    pub fn kept_game(&self) -> Option<&GameScreen> {
        match self {
            Screen::Game(game) => Some(game),
            Screen::Review(review) => Some(&review.game),
            _ => None,
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

/// The whole application.
#[derive(Debug)]
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
        let mut app = App { screen: Screen::Game(Box::new(GameScreen::loaded(saved))), ..App::new(area) };
        // Against the computer, on its turn, it goes on at once.
        app.update(Instant::now());
        app
    }

    /// The same app, the computer playing one colour or both in the game on screen.
    pub fn with_computer(mut self, computer: Option<Computer>) -> App {
        self.set_computer(computer);
        self
    }

    fn set_computer(&mut self, computer: Option<Computer>) {
        if let Some(game) = self.game_screen() {
            game.table.set_computer(computer);
        }
        self.update(Instant::now());
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

    /// The game kept while the screen is on: the game on screen, or the one reviewed.
    pub fn kept_game(&mut self) -> Option<&mut GameScreen> {
        match &mut self.screen {
            Screen::Game(game) => Some(game),
            Screen::Review(review) => Some(&mut review.game),
            _ => None,
        }
    }

    /// The same app, the game on screen reviewed by the computer at `level`; leaving the
    /// review goes where `leave` says.
    pub fn reviewing(mut self, level: Option<u8>, leave: Leave) -> App {
        self.go(Go::Review(level, leave));
        self
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
            Screen::Menu(menu) => menu.context(),
            Screen::Game(game) => game.context(),
            Screen::Review(review) => review.context(),
            Screen::Rules(book) => book.context(),
        }
    }

    /// Reacts to one event, then catches up with what it set going (the computer's turn).
    pub fn handle(&mut self, event: Event) {
        match event {
            Event::Input(input) => self.input(&input),
            Event::Searched | Event::Timer => {}
            Event::Shared { played } => {
                if let Some(game) = self.game_screen() {
                    game.shared_changed(played);
                }
            }
        }
        self.update(Instant::now());
    }

    /// Takes in what searches found, moves the computer's turn on, and shows a question the
    /// other player of a shared game put to this one.
    fn update(&mut self, now: Instant) {
        if let Screen::Review(review) = &mut self.screen {
            review.update();
        }
        let Some(game) = self.game_screen() else { return };
        game.table.update(now);
        let question = game.question();
        if let Some(question) = question.filter(|_| self.overlay.is_none()) {
            self.overlay = Some(Overlay::Ask(question));
        }
    }

    /// When the app wants to be woken with [`Event::Timer`], if ever.
    pub fn timer(&self) -> Option<Instant> {
        match &self.screen {
            Screen::Review(review) => review.timer(),
            screen => screen.game().and_then(|game| game.table.timer()),
        }
    }

    /// A key, a click or a resize.
    fn input(&mut self, event: &Input) {
        let go = match event {
            Input::Key(key) if key.kind != KeyEventKind::Release => match &mut self.overlay {
                Some(Overlay::Help) => Go::Close,
                Some(Overlay::Ask(question)) => question.key(*key),
                Some(Overlay::SaveAs(prompt)) => prompt.key(*key),
                None => self.screen.component().key(*key),
            },
            Input::Mouse(mouse) => match self.overlay {
                Some(Overlay::Help) if matches!(mouse.kind, MouseEventKind::Down(_)) => Go::Close,
                Some(_) => Go::Stay,
                None => self.screen.component().mouse(*mouse, self.area),
            },
            Input::Resize(width, height) => {
                self.area = Rect::new(0, 0, *width, *height);
                Go::Stay
            }
            _ => Go::Stay,
        };
        self.go(go);
    }

    /// Puts `screen` on, with nothing over it.
    fn open(&mut self, screen: Screen) {
        self.overlay = None;
        self.screen = screen;
    }

    fn go(&mut self, go: Go) {
        match go {
            Go::Stay => {}
            Go::Close => self.overlay = None,
            Go::Play(start) => self.open(Screen::Game(Box::new(GameScreen::new(start)))),
            Go::Against(start, computer) => {
                self.go(Go::Play(start));
                self.set_computer(Some(computer));
            }
            Go::SetUp => {
                if let Screen::Menu(menu) = &mut self.screen {
                    menu.setup = Some(menu::Setup::default());
                }
            }
            Go::Again => {
                if let Some(again) = self.screen.game().map(GameScreen::again) {
                    self.open(Screen::Game(Box::new(again)));
                }
            }
            Go::Try(start, so_far) => {
                if let Screen::Rules(book) = &self.screen {
                    let tried = GameScreen::tried(start, so_far, *book);
                    self.open(Screen::Game(Box::new(tried)));
                }
            }
            Go::BackToRules => {
                if let Some(book) = self.screen.game().and_then(|game| game.tried_from) {
                    self.open(Screen::Rules(book));
                }
            }
            Go::Rules(game) => self.open(Screen::Rules(Book::new(game))),
            Go::Review(level, leave) => {
                let screen = std::mem::replace(&mut self.screen, Screen::Menu(Menu::default()));
                self.screen = match screen {
                    Screen::Game(game) if game.replay_position().1 > 0 => {
                        Screen::Review(Box::new(ReviewScreen::new(game, level, leave)))
                    }
                    Screen::Game(mut game) => {
                        game.set_message(table::Message::Warning(t!("review.nothing")));
                        Screen::Game(game)
                    }
                    other => other,
                };
                self.overlay = None;
            }
            Go::EndReview => {
                let screen = std::mem::replace(&mut self.screen, Screen::Menu(Menu::default()));
                self.screen = match screen {
                    Screen::Review(review) if review.leave == Leave::Game => Screen::Game(review.game),
                    Screen::Review(review) => {
                        // What the review found is kept: the keeper wrote it as it came.
                        self.quit = review.leave == Leave::Quit;
                        Screen::Menu(Menu::default())
                    }
                    other => other,
                };
            }
            Go::Menu => *self = App::new(self.area),
            Go::Help => self.overlay = Some(Overlay::Help),
            Go::Ask(question) => self.overlay = Some(Overlay::Ask(question)),
            Go::SaveAs(game) => self.overlay = Some(Overlay::SaveAs(SavePrompt::new(game))),
            Go::Yes(question) => {
                self.overlay = None;
                match question {
                    Question::Quit => self.quit = true,
                    Question::Menu => *self = App::new(self.area),
                    Question::Replace(path) => self.request = Some(Request::SaveAs { path, replace: true }),
                    Question::Unkept { quit: true, .. } => self.quit = true,
                    Question::Unkept { quit: false, .. } => *self = App::new(self.area),
                    Question::Resign(_)
                    | Question::Draw(_)
                    | Question::OfferDraw
                    | Question::TakeBack(_)
                    | Question::Locked(_) => {
                        // A review's game may be asked too: another hexstack holds its file.
                        if let Some(game) = self.kept_game() {
                            game.answer_yes(question);
                        }
                    }
                }
            }
            Go::No(question) => {
                self.overlay = None;
                if let Some(game) = self.kept_game() {
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
