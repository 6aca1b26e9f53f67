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
pub(crate) mod cursor;
pub(crate) mod event;
mod follow;
pub(crate) mod game;
pub(crate) mod highlights;
pub(crate) mod keys;
pub(crate) mod layout;
pub(crate) mod link;
pub(crate) mod lobby;
pub(crate) mod menu;
pub(crate) mod ombagui;
pub(crate) mod opponent;
pub(crate) mod own_puzzles;
pub(crate) mod pages;
pub(crate) mod profile;
pub(crate) mod prompt;
pub(crate) mod puzzle;
pub(crate) mod puzzle_themes;
pub(crate) mod review;
pub(crate) mod rules;
pub(crate) mod shared_record;
pub(crate) mod solving;
mod state;
pub(crate) mod table;
mod told;
#[cfg(feature = "third-game")]
mod triad;

use crate::ai::Level;
use crate::clock::TimeControl;
use crate::i18n::text;
use crate::rules::AnyPosition;
pub(crate) use component::{Component, Go, Leave, Question, Request};
use event::Event;
pub(crate) use game::AnyGameScreen;
use game::GameScreen;
pub(crate) use game::{AnyGameScreenExt, Kept, Mode};
use keys::Context;
use menu::Menu;
pub(crate) use opponent::{Computer, Opponent};
pub(crate) use profile::Profile;
use prompt::SavePrompt;
use ratatui::crossterm::event::{Event as Input, KeyEventKind, MouseEventKind};
use ratatui::layout::Rect;
pub(crate) use review::AnyReviewScreen;
pub(crate) use review::AnyReviewScreenExt;
use rules::Book;
pub(crate) use state::{App, Overlay, Screen};
use std::time::Instant;

impl App {
    /// The game on screen, if any.
    pub(crate) fn game_screen(&mut self) -> Option<&mut AnyGameScreen> {
        match &mut self.screen {
            Screen::Game(game) => Some(game),
            _ => None,
        }
    }

    /// The game kept while the screen is on: the game on screen, or the one reviewed.
    pub(crate) fn kept_game(&mut self) -> Option<&mut dyn Kept> {
        match &mut self.screen {
            Screen::Game(game) => Some(game.kept()),
            Screen::Review(review) => Some(crate::each_game!(review.as_mut(), review => &mut review.game)),
            _ => None,
        }
    }

    /// The keys the screen under the help takes.
    pub(crate) fn context(&self) -> Context {
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
    pub(crate) fn handle(&mut self, event: Event) {
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

    /// Does what `action` asks of the box on view, else of the screen, as its key would:
    /// what a line typed in the screen-reader mode asks for (it has no keys).
    pub(crate) fn act(&mut self, action: keys::Action) {
        let go = match &mut self.overlay {
            Some(Overlay::Help) => Go::Close,
            Some(Overlay::Ask(question)) => question.act(action),
            Some(Overlay::SaveAs(prompt)) => prompt.act(action),
            None => self.screen.component().act(action),
        };
        self.go(go);
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
        self.ask_to_keep_history();
        // The game waits while a box is open over it: the computer plays on behind none.
        let paused = self.overlay.is_some();
        let Some(game) = self.game_screen() else { return };
        let question = crate::each_game!(game, game => {
            game.update(now, paused);
            game.question()
        });
        if let Some(question) = question.filter(|_| self.overlay.is_none()) {
            self.overlay = Some(Overlay::Ask(question));
            // The other player waits for this one's word: the terminal rings.
            self.bell = true;
        }
    }

    /// When the app wants to be woken with [`Event::Timer`], if ever.
    pub(crate) fn timer(&self) -> Option<Instant> {
        match &self.screen {
            Screen::Review(review) => crate::each_game!(review.as_ref(), review => review.timer()),
            Screen::Game(game) => {
                crate::each_game!(game.as_ref(), game => game.timer(self.overlay.is_some()))
            }
            Screen::Puzzle(puzzles) => puzzles.timer(),
            Screen::Lobby(lobby) => lobby.timer(self.area),
            _ => None,
        }
    }

    /// A key, a click or a resize.
    fn input(&mut self, event: &Input) {
        let go = match event {
            // A screen the terminal is too small for takes no key but quit: nothing is chosen
            // or played blind.
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
            Input::Mouse(_) if self.overlay.is_none() && self.too_small() => Go::Stay,
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

    /// Whether the menu, a game, a puzzle or the lobby is on screen that the terminal is too
    /// small to show.
    fn too_small(&self) -> bool {
        let area = self.area;
        if let Screen::Menu(menu) = &self.screen {
            return menu.needs(area, self.profile.lang, &self.profile.keys).is_some();
        }
        if let Screen::Lobby(_) = &self.screen {
            return !lobby::LobbyLayout::fits(area);
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
        // Before the screen may go: what changed on it is asked kept first.
        if !matches!(go, Go::Request(_)) {
            self.ask_to_keep_history();
        }
        match go {
            Go::Stay => {}
            Go::Close => self.overlay = None,
            Go::Play(start) => self.start_game(start, None, self.profile.prefs.clock),
            Go::Against(start, computer, clock) => self.start_game(start, Some(computer), clock),
            Go::SetUp => {
                let setup = menu::ComputerGameSetup::new(&self.profile.prefs);
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
            Go::Puzzles => self.request = Some(Request::OpenPuzzles),
            Go::Review(level, leave) => self.review(level, leave),
            Go::EndReview => self.end_review(),
            Go::Menu => *self = self.menu(),
            Go::Lobby => {
                self.open(Screen::Lobby(Box::new(lobby::Lobby::default().in_lang(self.profile.lang))))
            }
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
        *self = game.with_clock(clock).with_computer(computer).opened_from_menu();
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
            Question::Quit
            | Question::QuitEntry
            | Question::LeaveClub
            | Question::Unkept { quit: true, .. } => self.quit = true,
            Question::Again => self.go(Go::Again),
            Question::EndTurn(_) => {
                if let Some(game) = self.kept_game() {
                    game.answer(question, true);
                }
                self.go(Go::Lobby);
            }
            Question::Menu | Question::Unkept { quit: false, .. } => self.leave_for_menu(),
            Question::Replace(path) => self.request = Some(Request::SaveAs { path, replace: true }),
            Question::Resign(_)
            | Question::YouResign(_)
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

#[cfg(test)]
mod tests;
