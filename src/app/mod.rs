//! The application's state and what each key, click and resize does to it. Nothing here
//! draws or touches the terminal, so every flow is testable with events alone.
//!
//! The screen is one component (the menu, a game, a review, the rules pages), with at most
//! one box over it (the help, a question, the save prompt). Each component owns its state
//! and takes its keys from the one key table ([`keys`]); it answers an action with a
//! [`Go`], which the app carries out. A game's screens are typed by their game, and held
//! as an [`Any`](crate::rules::Any) of them.

pub(crate) mod advisor;
pub(crate) mod clamber;
pub(crate) mod component;
pub mod cursor;
pub mod event;
mod follow;
pub mod game;
pub mod highlights;
pub mod keys;
pub mod layout;
pub mod link;
pub mod menu;
pub(crate) mod ombagui;
pub(crate) mod opponent;
pub mod own_puzzles;
pub mod pages;
pub mod prefs;
pub mod prompt;
pub mod puzzle;
pub mod puzzle_themes;
pub mod review;
pub mod rules;
pub(crate) mod shared_record;
pub mod solving;
pub mod table;
#[cfg(feature = "third-game")]
mod triad;

use crate::ai::Level;
use crate::i18n::{Text, text};
use crate::rules::{AnyPosition, GameKind};
use crate::saved::SavedGame;
pub use component::{Component, Go, Leave, Question, Request};
use event::Event;
use game::GameScreen;
pub use game::{AnyGameScreen, AnyGameScreenExt, Keeping, Kept, Mode};
use keys::Context;
use menu::Menu;
pub use opponent::{Computer, Opponent};
use prompt::SavePrompt;
use ratatui::crossterm::event::{Event as Input, KeyEventKind, MouseEventKind};
use ratatui::layout::Rect;
pub use review::{AnyReviewScreen, AnyReviewScreenExt, ReviewScreen};
use rules::Book;
use std::path::PathBuf;
use std::time::Instant;
use table::Message;

/// What fills the screen.
#[derive(Debug)]
pub enum Screen {
    Menu(Menu),
    Game(Box<AnyGameScreen>),
    /// The computer's review of a game, the game under it.
    Review(Box<AnyReviewScreen>),
    Rules(Book),
    /// Puzzles solved on the board, and the player's history of them.
    Puzzle(Box<puzzle::PuzzleScreen>),
}

impl Screen {
    fn component(&mut self) -> &mut dyn Component {
        match self {
            Screen::Menu(menu) => menu,
            Screen::Game(game) => crate::each_game!(game.as_mut(), game => game),
            Screen::Review(review) => crate::each_game!(review.as_mut(), review => review),
            Screen::Rules(book) => book,
            Screen::Puzzle(puzzles) => puzzles.as_mut(),
        }
    }

    /// The game on screen, if any.
    pub fn game(&self) -> Option<&AnyGameScreen> {
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

    /// The same app, `note` (if any) on the menu's message line: what was wrong in the
    /// config file, where a player sees it.
    pub fn with_note(mut self, note: Option<Text>) -> App {
        if let Screen::Menu(menu) = &mut self.screen {
            menu.note = note.or(menu.note.take());
        }
        self
    }

    /// A game on screen, nothing over it.
    fn with_game(game: AnyGameScreen, area: Rect) -> App {
        App { screen: Screen::Game(Box::new(game)), ..App::new(area) }
    }

    /// A game straight away, from `start`.
    pub fn game(start: AnyPosition, area: Rect) -> App {
        App::with_game(crate::each_game!(map start, start => GameScreen::new(start)), area)
    }

    /// A terminal at a shared game (over SSH), playing the seat's colour.
    pub fn shared(seat: link::Seat, area: Rect) -> App {
        let game =
            crate::each_game!(map seat.link().record(), shared => GameScreen::shared(shared, seat.clone()));
        App::with_game(game, area)
    }

    /// A game read from a saved file, its turns ready to be stepped through.
    pub fn loaded(saved: SavedGame, area: Rect) -> App {
        let (players, review) = (saved.players, saved.review);
        let game = crate::each_game!(map saved.game, record => {
            GameScreen::loaded(record, players.clone(), review.clone())
        });
        let mut app = App::with_game(game, area);
        // Against the computer, on its turn, it goes on at once.
        app.update(Instant::now());
        app
    }

    /// A game read from `file`, which keeps it from then on (a loaded or resumed game is
    /// never copied).
    pub fn opened(saved: SavedGame, file: PathBuf, area: Rect) -> App {
        let mut app = App::loaded(saved, area);
        if let Some(game) = app.game_screen() {
            game.kept().keeping().at = Some(file);
        }
        app
    }

    /// The rules book open on `game`.
    pub fn rules(game: GameKind, area: Rect) -> App {
        App { screen: Screen::Rules(Book::new(game)), ..App::new(area) }
    }

    /// The puzzle screen on `puzzles` (the player's own, `mine`, offered first), the
    /// player's history kept in `history_file`.
    pub fn puzzles(
        puzzles: Vec<crate::puzzles::Puzzle>,
        mine: std::collections::HashSet<String>,
        history_file: Option<PathBuf>,
        area: Rect,
    ) -> App {
        let screen = puzzle::PuzzleScreen::new(puzzles, mine, history_file);
        App { screen: Screen::Puzzle(Box::new(screen)), ..App::new(area) }
    }

    /// The puzzle screen, when it is the one on screen.
    pub fn puzzle_screen(&mut self) -> Option<&mut puzzle::PuzzleScreen> {
        match &mut self.screen {
            Screen::Puzzle(screen) => Some(screen),
            _ => None,
        }
    }

    /// The puzzles a review made of the player's mistakes, on screen to solve, the attempts
    /// kept in `history_file`; leaving them goes where leaving the review would have gone.
    pub fn solve_mine(&mut self, puzzles: Vec<crate::puzzles::Puzzle>, history_file: Option<PathBuf>) {
        let leaving = match &self.screen {
            Screen::Review(review) if review.leave() == Leave::Quit => keys::Leaving::Program,
            _ => keys::Leaving::Menu,
        };
        let ids = puzzles.iter().map(|puzzle| puzzle.id.clone()).collect();
        *self = App::puzzles(puzzles, ids, history_file, self.area);
        if let Screen::Puzzle(screen) = &mut self.screen {
            screen.leaving = leaving;
        }
    }

    /// The same app, the computer playing one colour or both in the game on screen.
    pub fn with_computer(mut self, computer: Option<Computer>) -> App {
        if let Some(game) = self.game_screen() {
            crate::each_game!(game, game => game.set_computer(computer));
        }
        self.update(Instant::now());
        self
    }

    /// The same app, the game on screen (if any) started from the menu: `q` goes back there.
    pub fn from_menu(mut self) -> App {
        if let Some(game) = self.game_screen() {
            crate::each_game!(game, game => game.leaving = keys::Leaving::Menu);
        }
        self
    }

    /// The same app, the game on screen (if any) between these players.
    pub fn with_players(mut self, players: crate::record::Players) -> App {
        if let Some(game) = self.game_screen() {
            crate::each_game!(game, game => game.players = players);
        }
        self
    }

    /// The same app, the game on screen reviewed by the computer at `level`; leaving the
    /// review goes where `leave` says.
    pub fn reviewing(mut self, level: Option<Level>, leave: Leave) -> App {
        self.go(Go::Review(level, leave));
        self
    }

    /// The game on screen, if any.
    pub fn game_screen(&mut self) -> Option<&mut AnyGameScreen> {
        match &mut self.screen {
            Screen::Game(game) => Some(game),
            _ => None,
        }
    }

    /// The game kept while the screen is on: the game on screen, or the one reviewed.
    pub fn kept_game(&mut self) -> Option<&mut dyn Kept> {
        match &mut self.screen {
            Screen::Game(game) => Some(game.kept()),
            Screen::Review(review) => Some(crate::each_game!(review.as_mut(), review => &mut review.game)),
            _ => None,
        }
    }

    /// The keys the screen under the help takes.
    pub fn context(&self) -> Context {
        match &self.screen {
            Screen::Menu(menu) => menu.context(),
            Screen::Game(game) => crate::each_game!(game.as_ref(), game => game.context()),
            Screen::Review(review) => crate::each_game!(review.as_ref(), review => review.context()),
            Screen::Rules(book) => book.context(),
            Screen::Puzzle(puzzles) => puzzles.context(),
        }
    }

    /// Reacts to one event, then catches up with what it set going (the computer's turn).
    pub fn handle(&mut self, event: Event) {
        match event {
            Event::Input(input) => self.input(&input),
            Event::Searched | Event::Timer => {}
            Event::Shared { played } => {
                if let Some(game) = self.game_screen() {
                    crate::each_game!(game, game => game.shared_changed(played));
                }
            }
        }
        self.update(Instant::now());
    }

    /// Takes in what searches found, moves the computer's turn on, and shows a question the
    /// other player of a shared game put to this one.
    fn update(&mut self, now: Instant) {
        if let Screen::Review(review) = &mut self.screen {
            crate::each_game!(review.as_mut(), review => review.update());
        }
        if let Screen::Puzzle(puzzles) = &mut self.screen {
            puzzles.update(now);
        }
        // The game waits while a box is open over it: the computer plays on behind none.
        let paused = self.overlay.is_some();
        let Some(game) = self.game_screen() else { return };
        let question = crate::each_game!(game, game => {
            game.update(now, paused);
            game.question()
        });
        if let Some(question) = question.filter(|_| self.overlay.is_none()) {
            self.overlay = Some(Overlay::Ask(question));
        }
    }

    /// When the app wants to be woken with [`Event::Timer`], if ever.
    pub fn timer(&self) -> Option<Instant> {
        match &self.screen {
            Screen::Review(review) => crate::each_game!(review.as_ref(), review => review.timer()),
            Screen::Game(game) => {
                crate::each_game!(game.as_ref(), game => game.timer(self.overlay.is_some()))
            }
            Screen::Puzzle(puzzles) => puzzles.timer(),
            _ => None,
        }
    }

    /// A key, a click or a resize.
    fn input(&mut self, event: &Input) {
        let go = match event {
            // A game the terminal is too small for takes no key but quit: nothing is played blind.
            Input::Key(key) if self.overlay.is_none() && self.too_small() => {
                match keys::action(self.context(), *key) {
                    Some(keys::Action::Quit) => self.screen.component().key(*key),
                    _ => Go::Stay,
                }
            }
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

    /// Whether a game or a puzzle is on screen that the terminal is too small to show.
    fn too_small(&self) -> bool {
        let area = self.area;
        if let Screen::Puzzle(puzzles) = &self.screen {
            let on_board = puzzles.view == puzzle::View::Board && puzzles.board.is_some();
            return on_board && puzzles.layout(area).is_none();
        }
        self.screen.game().is_some_and(|game| crate::each_game!(game, game => game.layout(area).is_none()))
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
            Go::Play(start) => {
                self.open(Screen::Game(Box::new(App::game(start, self.area).from_menu().into_game())))
            }
            Go::Against(start, computer) => {
                *self = App::game(start, self.area).with_computer(Some(computer)).from_menu()
            }
            Go::SetUp => {
                if let Screen::Menu(menu) = &mut self.screen {
                    menu.setup = Some(menu::Setup::default());
                }
            }
            Go::Again => {
                if let Some(game) = self.screen.game() {
                    let again = crate::each_game!(map game, game => game.again());
                    self.open(Screen::Game(Box::new(again)));
                }
            }
            Go::Try(tried) => {
                if let Screen::Rules(book) = &self.screen {
                    let book = *book;
                    let game =
                        crate::each_game!(map tried, tried => GameScreen::tried(tried.0, tried.1, book));
                    self.open(Screen::Game(Box::new(game)));
                }
            }
            Go::BackToRules => {
                let book = self.screen.game().and_then(|game| {
                    crate::each_game!(game, game => match game.mode {
                        Mode::Tried(book) => Some(book),
                        _ => None,
                    })
                });
                if let Some(book) = book {
                    self.open(Screen::Rules(book));
                }
            }
            Go::Rules(game) => self.open(Screen::Rules(Book::new(game))),
            Go::Puzzles => {
                let mut app = puzzles_from_files(self.area);
                if let Screen::Puzzle(puzzles) = &mut app.screen {
                    puzzles.leaving = keys::Leaving::Menu;
                }
                *self = app;
            }
            Go::Review(level, leave) => self.review(level, leave),
            Go::EndReview => self.end_review(),
            Go::Menu => *self = App::new(self.area),
            Go::Help => self.overlay = Some(Overlay::Help),
            Go::Ask(question) => self.overlay = Some(Overlay::Ask(question)),
            Go::SaveAs(game) => self.overlay = Some(Overlay::SaveAs(SavePrompt::new(game))),
            Go::Yes(question) => self.yes(question),
            Go::No(question) => {
                self.overlay = None;
                if let Some(game) = self.kept_game() {
                    game.answer(question, false);
                }
            }
            Go::Request(request) => {
                self.overlay = None;
                self.request = Some(request);
            }
            Go::Quit => self.quit = true,
        }
    }

    /// The game on screen out of the app, which is left on the menu.
    fn into_game(mut self) -> AnyGameScreen {
        match std::mem::replace(&mut self.screen, Screen::Menu(Menu::default())) {
            Screen::Game(game) => *game,
            _ => unreachable!("an app made with a game"),
        }
    }

    /// The computer's review of the game on screen, at `level`; a game with no turn yet
    /// says there is nothing to review.
    fn review(&mut self, level: Option<Level>, leave: Leave) {
        self.overlay = None;
        let screen = std::mem::replace(&mut self.screen, Screen::Menu(Menu::default()));
        self.screen = match screen {
            Screen::Game(game) if game.seen().replay_position().1 > 0 => {
                Screen::Review(Box::new(AnyReviewScreen::new(*game, level, leave)))
            }
            Screen::Game(mut game) => {
                *game.kept().message() = Message::Warning(text!(crate::i18n::keys::REVIEW_NOTHING));
                Screen::Game(game)
            }
            other => other,
        };
    }

    /// Leaves the review for where it came from. What it found is kept: the autosave wrote it
    /// as it came.
    fn end_review(&mut self) {
        let screen = std::mem::replace(&mut self.screen, Screen::Menu(Menu::default()));
        self.screen = match screen {
            Screen::Review(review) if review.leave() == Leave::Game => {
                Screen::Game(Box::new(review.into_game()))
            }
            Screen::Review(review) => {
                self.quit = review.leave() == Leave::Quit;
                Screen::Menu(Menu::default())
            }
            other => other,
        };
    }

    /// The answer to a question was yes.
    fn yes(&mut self, question: Question) {
        self.overlay = None;
        match question {
            Question::Quit | Question::QuitEntry | Question::Unkept { quit: true, .. } => self.quit = true,
            Question::Menu | Question::Unkept { quit: false, .. } => *self = App::new(self.area),
            Question::Replace(path) => self.request = Some(Request::SaveAs { path, replace: true }),
            Question::Resign(_)
            | Question::Draw(_)
            | Question::OfferDraw
            | Question::TakeBack(_)
            | Question::Branch(_)
            | Question::Locked(_) => {
                // A review's game may be asked too: another hexstack holds its file.
                if let Some(game) = self.kept_game() {
                    game.answer(question, true);
                }
            }
        }
    }
}

/// The puzzles `hexstack puzzles` opens: the player's own (read from their file if there
/// is one, a bad file left out: what a stopped write of it left beside it goes) and the
/// shipped ones; and the ids of the player's own.
pub fn own_and_shipped_puzzles() -> (Vec<crate::puzzles::Puzzle>, std::collections::HashSet<String>) {
    let mine_path = crate::puzzles::mine_path();
    if let Some(path) = &mine_path {
        crate::store::remove_stale_writes(path);
    }
    let mine = mine_path
        .and_then(|path| std::fs::read_to_string(path).ok())
        .and_then(|text| crate::puzzles::read_set(&text).ok())
        .unwrap_or_default();
    let ids = mine.iter().map(|puzzle| puzzle.id.clone()).collect();
    (mine.into_iter().chain(crate::puzzles::shipped().iter().cloned()).collect(), ids)
}

/// The puzzle screen as `hexstack puzzles` opens it: [`own_and_shipped_puzzles`], the
/// history in the data folder.
pub fn puzzles_from_files(area: Rect) -> App {
    let (all, ids) = own_and_shipped_puzzles();
    App::puzzles(all, ids, crate::puzzles::history_path(), area)
}
