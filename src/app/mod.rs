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
pub mod lobby;
pub mod menu;
pub(crate) mod ombagui;
pub(crate) mod opponent;
pub mod own_puzzles;
pub mod pages;
pub mod profile;
pub mod prompt;
pub mod puzzle;
pub mod review;
pub mod rules;
pub(crate) mod shared_record;
pub mod solving;
pub mod table;
#[cfg(feature = "third-game")]
mod triad;

use crate::ai::Level;
use crate::clock::TimeControl;
use crate::i18n::{Text, text};
use crate::rules::{AnyPosition, GameKind};
use crate::saved::SavedGame;
pub use component::{Component, Go, Leave, Question, Request};
use event::{Event, Waker};
use game::GameScreen;
pub use game::{AnyGameScreen, AnyGameScreenExt, Keeping, Kept, Mode};
use keys::Context;
use menu::Menu;
pub use opponent::{Computer, Opponent};
pub use profile::Profile;
use prompt::SavePrompt;
use ratatui::crossterm::event::{Event as Input, KeyEventKind, MouseEventKind};
use ratatui::layout::Rect;
pub use review::{AnyReviewScreen, AnyReviewScreenExt, ReviewScreen};
use rules::Book;
use std::path::PathBuf;
use std::time::Instant;

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
    /// The club's lobby, as the club last showed it to this member.
    Lobby(Box<lobby::Lobby>),
}

impl Screen {
    fn component(&mut self) -> &mut dyn Component {
        match self {
            Screen::Menu(menu) => menu,
            Screen::Game(game) => crate::each_game!(game.as_mut(), game => game),
            Screen::Review(review) => crate::each_game!(review.as_mut(), review => review),
            Screen::Rules(book) => book,
            Screen::Puzzle(puzzles) => puzzles.as_mut(),
            Screen::Lobby(lobby) => lobby.as_mut(),
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

/// The whole application at one terminal.
#[derive(Debug)]
pub struct App {
    pub screen: Screen,
    pub overlay: Option<Overlay>,
    pub quit: bool,
    /// What the program is asked to do after this event.
    pub request: Option<Request>,
    /// The terminal's size, for mouse hit-testing.
    pub area: Rect,
    /// The person at the terminal: the language, keys, colours and new games' defaults.
    pub profile: Profile,
    /// Wakes the loop that drives this terminal when a search started here ends.
    pub waker: Waker,
    /// A game that just left the screen for the menu, its clocks stopped: kept once more
    /// by the program around the app, then dropped.
    pub closed: Option<Box<AnyGameScreen>>,
}

impl App {
    /// The menu, for the person of `profile`.
    pub fn new(profile: Profile, area: Rect) -> App {
        let screen = Screen::Menu(Menu::default());
        let waker = Waker::default();
        App { screen, overlay: None, quit: false, request: None, area, profile, waker, closed: None }
    }

    /// The menu again, at the same terminal: its person and its loop.
    fn menu(&self) -> App {
        App {
            profile: self.profile.clone(),
            waker: self.waker.clone(),
            ..App::new(Profile::default(), self.area)
        }
    }

    /// A game screen on `start`, as a new game at this terminal starts.
    fn new_game<G: table::Input>(&self, start: G) -> GameScreen<G> {
        GameScreen::new(start, &self.profile.prefs, &self.waker)
    }

    /// The same app, `note` (if any) on the menu's message line: what was wrong in the
    /// config file, where a player sees it.
    pub fn with_note(mut self, note: Option<Text>) -> App {
        if let Screen::Menu(menu) = &mut self.screen {
            menu.note = note.or(menu.note.take());
        }
        self
    }

    /// The same app, `screen` on it and nothing over it.
    fn showing(mut self, screen: Screen) -> App {
        self.screen = screen;
        self
    }

    /// A game straight away, from `start`.
    pub fn game(profile: Profile, start: AnyPosition, area: Rect) -> App {
        let app = App::new(profile, area);
        let game = crate::each_game!(map start, start => app.new_game(start));
        app.showing(Screen::Game(Box::new(game)))
    }

    /// A terminal at a shared game (over SSH), playing the seat's colour.
    pub fn shared(profile: Profile, seat: link::Seat, area: Rect) -> App {
        let app = App::new(profile, area);
        let game = crate::each_game!(map seat.link().record(), shared => {
            GameScreen::shared(shared, seat.clone(), &app.profile.prefs, &app.waker)
        });
        app.showing(Screen::Game(Box::new(game)))
    }

    /// A game read from a saved file, its turns ready to be stepped through.
    pub fn loaded(profile: Profile, saved: SavedGame, area: Rect) -> App {
        App::new(profile, area).loading(saved)
    }

    /// The same terminal on `saved`, its turns ready to be stepped through.
    fn loading(self, saved: SavedGame) -> App {
        let app = self;
        let (players, review) = (saved.players, saved.review);
        let game = crate::each_game!(map saved.game, record => {
            let loaded = (players.clone(), review.clone());
            GameScreen::loaded(record, loaded, &app.profile.prefs, &app.waker)
        });
        let mut app = app.showing(Screen::Game(Box::new(game)));
        // Against the computer, on its turn, it goes on at once.
        app.update(Instant::now());
        app
    }

    /// A game read from `file`, which keeps it from then on (a loaded or resumed game is
    /// never copied).
    pub fn opened(profile: Profile, saved: SavedGame, file: PathBuf, area: Rect) -> App {
        App::new(profile, area).opening(saved, file)
    }

    /// A new app at this same terminal (its profile, its loop) on the game read from
    /// `file`, which keeps it from then on.
    pub fn opened_here(&self, saved: SavedGame, file: PathBuf) -> App {
        self.menu().opening(saved, file)
    }

    /// The same app on the game read from `file`, which keeps it from then on.
    fn opening(self, saved: SavedGame, file: PathBuf) -> App {
        let mut app = self.loading(saved);
        if let Some(game) = app.game_screen() {
            game.kept().keeping().at = Some(file);
        }
        app
    }

    /// The game read from `file` on screen instead, as resumed from the menu (`q` goes
    /// back there); `review`: its review.
    pub fn resume(&mut self, saved: SavedGame, file: PathBuf, review: bool) {
        *self = self.opened_here(saved, file).from_menu();
        if review {
            self.go(Go::Review(None, Leave::Menu));
        }
    }

    /// The rules book open on `game`.
    pub fn rules(profile: Profile, game: GameKind, area: Rect) -> App {
        App::new(profile, area).showing(Screen::Rules(Book::new(game)))
    }

    /// The puzzle screen on `puzzles` (the player's own, `mine`, offered first), the
    /// player's history kept in `history_file`.
    pub fn puzzles(
        profile: Profile,
        puzzles: Vec<crate::puzzles::Puzzle>,
        mine: std::collections::HashSet<String>,
        history_file: Option<PathBuf>,
        area: Rect,
    ) -> App {
        let step_time = profile.prefs.step_time;
        let screen = puzzle::PuzzleScreen::new(puzzles, mine, history_file, step_time);
        App::new(profile, area).showing(Screen::Puzzle(Box::new(screen)))
    }

    /// The puzzles a review made of the player's mistakes, on screen to solve, the attempts
    /// kept in `history_file`; leaving them goes where leaving the review would have gone.
    pub fn solve_mine(&mut self, puzzles: Vec<crate::puzzles::Puzzle>, history_file: Option<PathBuf>) {
        let leaving = match &self.screen {
            Screen::Review(review) if review.leave() == Leave::Quit => keys::Leaving::Program,
            _ => keys::Leaving::Menu,
        };
        let ids = puzzles.iter().map(|puzzle| puzzle.id.clone()).collect();
        let mut screen = puzzle::PuzzleScreen::new(puzzles, ids, history_file, self.profile.prefs.step_time);
        screen.leaving = leaving;
        *self = self.menu().showing(Screen::Puzzle(Box::new(screen)));
    }

    /// The same app, the game on screen played on `control` (or without clocks).
    pub fn with_clock(mut self, control: Option<TimeControl>) -> App {
        if let Some(game) = self.game_screen() {
            crate::each_game!(game, game => game.set_clock(control));
        }
        self.update(Instant::now());
        self
    }

    /// The clocks of the game on screen read the time from `time` (a test's fake one).
    pub fn set_time(&mut self, time: crate::clock::Timepiece) {
        if let Some(game) = self.game_screen() {
            crate::each_game!(game, game => game.table.shared_record().change(|record| record.set_time(time)));
        }
    }

    /// Stops the clocks of the game kept on screen, the time spent counted: the program
    /// is about to end.
    pub fn stop_clocks(&mut self) {
        if let Some(game) = self.kept_game() {
            game.stop_clock();
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
            Screen::Lobby(lobby) => lobby.context(),
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
        if self.quit {
            self.stop_clocks();
        }
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
                match self.profile.keys.action(self.context(), *key) {
                    action @ Some(keys::Action::Quit) => self.screen.component().key(*key, action),
                    _ => Go::Stay,
                }
            }
            Input::Key(key) if key.kind != KeyEventKind::Release => {
                let keys = &self.profile.keys;
                match &mut self.overlay {
                    Some(Overlay::Help) => Go::Close,
                    Some(Overlay::Ask(question)) => question.key(*key, keys.action(question.context(), *key)),
                    Some(Overlay::SaveAs(prompt)) => prompt.key(*key, keys.action(prompt.context(), *key)),
                    None => {
                        let screen = self.screen.component();
                        let action = keys.action(screen.context(), *key);
                        screen.key(*key, action)
                    }
                }
            }
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

    /// Whether a game, a puzzle or the lobby is on screen that the terminal is too small to show.
    fn too_small(&self) -> bool {
        let area = self.area;
        if let Screen::Lobby(_) = &self.screen {
            return lobby::LobbyLayout::fit(area).is_none();
        }
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
            Go::Play(start) => self.start_game(start, None, self.profile.prefs.clock),
            Go::Against(start, computer, clock) => self.start_game(start, Some(computer), clock),
            Go::SetUp => {
                let setup = menu::Setup::new(&self.profile.prefs);
                if let Screen::Menu(menu) = &mut self.screen {
                    menu.setup = Some(setup);
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
                    let game = crate::each_game!(map tried, tried => {
                        GameScreen::tried(tried, book, &self.profile.prefs, &self.waker)
                    });
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
                let mut puzzles = puzzle::PuzzleScreen::from_files(self.profile.prefs.step_time);
                puzzles.leaving = keys::Leaving::Menu;
                *self = self.menu().showing(Screen::Puzzle(Box::new(puzzles)));
            }
            Go::Review(level, leave) => self.review(level, leave),
            Go::EndReview => self.end_review(),
            Go::Menu => *self = self.menu(),
            Go::Lobby => self.open(Screen::Lobby(Box::default())),
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

    /// A new game chosen on the menu: from `start`, against `computer` if any, on `clock`
    /// (or without clocks); `q` goes back to the menu.
    fn start_game(&mut self, start: AnyPosition, computer: Option<Computer>, clock: Option<TimeControl>) {
        let game = crate::each_game!(map start, start => self.new_game(start));
        let game = self.menu().showing(Screen::Game(Box::new(game)));
        *self = game.with_clock(clock).with_computer(computer).from_menu();
    }

    /// The computer's review of the game on screen, at `level`; a game with no turn yet
    /// says there is nothing to review.
    fn review(&mut self, level: Option<Level>, leave: Leave) {
        self.overlay = None;
        let screen = std::mem::replace(&mut self.screen, Screen::Menu(Menu::default()));
        self.screen = match screen {
            Screen::Game(mut game) if game.seen().replay_position().1 > 0 => {
                // Nobody's time runs while the computer looks at the game.
                game.kept().stop_clock();
                Screen::Review(Box::new(AnyReviewScreen::new(*game, level, leave)))
            }
            Screen::Game(mut game) => {
                game.kept().status().warn(text!(crate::i18n::keys::REVIEW_NOTHING));
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

    /// Leaves the game on screen for the menu: its clocks stop, and it is set aside to be
    /// kept once more.
    fn leave_for_menu(&mut self) {
        let closed = match std::mem::replace(&mut self.screen, Screen::Menu(Menu::default())) {
            Screen::Game(mut game) => {
                game.kept().stop_clock();
                Some(game)
            }
            _ => None,
        };
        *self = App { closed, ..self.menu() };
    }

    /// The answer to a question was yes.
    fn yes(&mut self, question: Question) {
        self.overlay = None;
        match question {
            Question::Quit | Question::Unkept { quit: true, .. } => self.quit = true,
            Question::Menu | Question::Unkept { quit: false, .. } => self.leave_for_menu(),
            Question::Replace(path) => self.request = Some(Request::SaveAs { path, replace: true }),
            Question::Resign(_)
            | Question::Draw(_)
            | Question::OfferDraw
            | Question::TakeBack(_)
            | Question::Branch(_)
            | Question::UndoOnTime
            | Question::Locked(_) => {
                // A review's game may be asked too: another hexstack holds its file.
                if let Some(game) = self.kept_game() {
                    game.answer(question, true);
                }
            }
        }
    }
}

/// The puzzle screen as `hexstack puzzles` opens it: the shipped puzzles and the player's
/// own (read from their file if there is one, a bad file left out), the history in the
/// data folder.
pub fn puzzles_from_files(profile: Profile, area: Rect) -> App {
    let screen = puzzle::PuzzleScreen::from_files(profile.prefs.step_time);
    App::new(profile, area).showing(Screen::Puzzle(Box::new(screen)))
}
