//! The app at one terminal: the screen on view, what is drawn over it, its person and its
//! loop's waker ([`App`]), and how an app starts: the screen it opens on (the menu, a game,
//! a saved game, the rules, the puzzles) and what it is given (players, a clock, the
//! computer, a review). The event flow is in the module above.

use super::component::{Component, Go, Leave, Question, Request};
use super::event::Waker;
use super::game::{AnyGameScreen, AnyGameScreenExt, GameScreen};
use super::keys;
use super::link;
use super::lobby;
use super::menu::Menu;
use super::opponent::Computer;
use super::profile::Profile;
use super::prompt::SavePrompt;
use super::puzzle;
use super::review::{AnyReviewScreen, AnyReviewScreenExt};
use super::rules::Book;
use super::table;
use crate::ai::Level;
use crate::clock::TimeControl;
use crate::i18n::Text;
use crate::puzzles::history::KeptHistory;
use crate::record::Players;
use crate::rules::{AnyPosition, GameKind};
use crate::saved::SavedGame;
use ratatui::layout::Rect;
use std::path::PathBuf;
use std::time::Instant;

/// What fills the screen.
#[derive(Debug)]
pub(crate) enum Screen {
    /// The menu.
    Menu(Menu),
    /// A game.
    Game(Box<AnyGameScreen>),
    /// The computer's review of a game, the game under it.
    Review(Box<AnyReviewScreen>),
    /// The rules pages.
    Rules(Book),
    /// Puzzles solved on the board, and the player's history of them.
    Puzzle(Box<puzzle::PuzzleScreen>),
    /// The club's lobby, as the club last showed it to this member.
    Lobby(Box<lobby::Lobby>),
}

impl Screen {
    pub(crate) fn component(&mut self) -> &mut dyn Component {
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
    pub(crate) fn game(&self) -> Option<&AnyGameScreen> {
        match self {
            Screen::Game(game) => Some(game),
            _ => None,
        }
    }
}

/// What is drawn over the screen.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Overlay {
    /// Every key of the screen below (and, in a game, what the board's marks mean).
    Help,
    /// A question waiting for `y`.
    Ask(Question),
    /// The file name being typed to save the game to.
    SaveAs(SavePrompt),
}

/// The whole application at one terminal.
#[derive(Debug)]
pub(crate) struct App {
    /// What fills the screen.
    pub screen: Screen,
    /// What is drawn over it, if anything.
    pub overlay: Option<Overlay>,
    /// Set when the program is to end.
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
    pub(super) closed: Option<Box<AnyGameScreen>>,
    /// Something needs the person at the terminal: the next frame rings its bell, once.
    pub(super) bell: bool,
}

impl App {
    /// The menu, for the person of `profile`.
    pub(crate) fn new(profile: Profile, area: Rect) -> App {
        let screen = Screen::Menu(Menu::default());
        let waker = Waker::default();
        App {
            screen,
            overlay: None,
            quit: false,
            request: None,
            area,
            profile,
            waker,
            closed: None,
            bell: false,
        }
    }

    /// The menu again, at the same terminal: its person and its loop, and what the app
    /// asked of the program around it, still to be done.
    pub(crate) fn menu(&self) -> App {
        App {
            profile: self.profile.clone(),
            waker: self.waker.clone(),
            request: self.request.clone(),
            ..App::new(Profile::default(), self.area)
        }
    }

    /// A game screen on `start`, as a new game at this terminal starts.
    pub(crate) fn new_game<G: table::Input>(&self, start: G) -> GameScreen<G> {
        GameScreen::new(start, &self.profile.prefs, &self.waker)
    }

    /// The same app, `note` (if any) on the menu's message line: what was wrong in the
    /// config file, where a player sees it.
    pub(crate) fn with_note(mut self, note: Option<Text>) -> App {
        if let Screen::Menu(menu) = &mut self.screen {
            menu.note = note.or(menu.note.take());
        }
        self
    }

    /// The same app, `screen` on it and nothing over it.
    pub(crate) fn showing(mut self, screen: Screen) -> App {
        self.screen = screen;
        self
    }

    /// A game straight away, from `start`.
    pub(crate) fn game(profile: Profile, start: AnyPosition, area: Rect) -> App {
        let app = App::new(profile, area);
        let game = crate::each_game!(map start, start => app.new_game(start));
        app.showing(Screen::Game(Box::new(game)))
    }

    /// A terminal at a shared game (over SSH), playing the seat's colour.
    pub(crate) fn shared(profile: Profile, seat: link::Seat, area: Rect) -> App {
        let app = App::new(profile, area);
        let game = crate::each_game!(map seat.link().record(), shared => {
            GameScreen::shared(shared, seat.clone(), &app.profile.prefs, &app.waker)
        });
        app.showing(Screen::Game(Box::new(game)))
    }

    /// A club member's terminal, on the club's lobby showing `view`.
    pub(crate) fn club_lobby(profile: Profile, area: Rect, view: lobby::LobbyView) -> App {
        let lobby = lobby::Lobby::new(view).in_lang(profile.lang);
        App::new(profile, area).showing(Screen::Lobby(Box::new(lobby)))
    }

    /// The club's lobby, if it is on screen.
    pub(crate) fn lobby(&self) -> Option<&lobby::Lobby> {
        match &self.screen {
            Screen::Lobby(lobby) => Some(lobby),
            _ => None,
        }
    }

    /// Shows `view` in the lobby on screen, keeping the member's place: whether the lobby
    /// is on screen and showed another view.
    #[cfg(feature = "club")]
    pub(crate) fn show_lobby_view(&mut self, view: &lobby::LobbyView) -> bool {
        match &mut self.screen {
            Screen::Lobby(lobby) if lobby.view != *view => {
                lobby.set_view(view.clone());
                true
            }
            _ => false,
        }
    }

    /// Says `note` on the lobby's note line: whether the lobby is on screen.
    pub(crate) fn note_in_lobby(&mut self, note: Text) -> bool {
        match &mut self.screen {
            Screen::Lobby(lobby) => {
                lobby.note(note);
                true
            }
            _ => false,
        }
    }

    /// A notice that needs the person at this terminal (a challenge to them, a game that
    /// began or ended while they were away, a question of the other player's): said on the
    /// lobby's note line or the game's status line, and the terminal's bell rung once, with
    /// the next frame. Whether a screen showed it (the bell rings anyway).
    pub(crate) fn notice(&mut self, said: Text) -> bool {
        self.bell = true;
        match &self.screen {
            Screen::Lobby(_) => self.note_in_lobby(said),
            Screen::Game(_) => {
                self.say_at_game(said, false);
                true
            }
            _ => false,
        }
    }

    /// Whether the bell is to ring with the next frame, taken: it rings once.
    pub(crate) fn take_bell(&mut self) -> bool {
        std::mem::take(&mut self.bell)
    }

    /// Says `said` on the game on screen: a warning, or news.
    pub(crate) fn say_at_game(&mut self, said: Text, warning: bool) {
        if let Some(game) = self.game_screen() {
            let message = match warning {
                true => table::Message::Warning(said),
                false => table::Message::Info(said),
            };
            crate::each_game!(game, game => game.table.status_mut().show(message));
        }
    }

    /// The club's game on `seat` on this terminal instead of what it showed (its lobby),
    /// between `players`: the seat's colour to play, or to watch; `q` goes back to the lobby.
    /// Each player's rating in the game's pool is shown beside their name (Blue's, Red's:
    /// `1512`, or `?` while provisional; none in a casual game).
    pub(crate) fn seat_at_club_rated(
        &mut self,
        seat: link::Seat,
        players: &Players,
        ratings: [Option<String>; 2],
    ) {
        let game = crate::each_game!(map seat.link().record(), shared => {
            let mut game = GameScreen::shared(shared, seat.clone(), &self.profile.prefs, &self.waker);
            game.leaving = keys::Leaving::Lobby;
            game.players = players.clone();
            game.ratings = ratings.clone();
            game
        });
        self.open(Screen::Game(Box::new(game)));
        // Says whose turn it is, as when the other terminal plays.
        if let Some(game) = self.game_screen() {
            crate::each_game!(game, game => game.shared_changed(true));
        }
    }

    /// The club's `clock` of its game on screen (`3d`): the panel names it, and a
    /// correspondence turn's time left shows short under a sixth of its allowance.
    pub(crate) fn club_clock(&mut self, clock: crate::clock::ClubClock) {
        if let Some(game) = self.game_screen() {
            crate::each_game!(game, game => game.club_clock = Some(clock));
        }
    }

    /// When the turn under way in the club's correspondence game on screen runs out (none:
    /// no deadline to show): the panel counts down to it, and the app's timer wakes the loop
    /// as its figure turns. The club alone ends the game on it.
    pub(crate) fn club_deadline(&mut self, due: Option<crate::clock::Deadline>) {
        if let Some(game) = self.game_screen() {
            crate::each_game!(game, game => game.due = due);
        }
    }

    /// A finished game of the club's on this terminal, its turns to step through; `q` goes
    /// back to the lobby.
    #[cfg(feature = "club")]
    pub(crate) fn replay_at_club(&mut self, saved: SavedGame) {
        let (players, review) = (saved.players, saved.review);
        let game = crate::each_game!(map saved.game, record => {
            let loaded = (players.clone(), review.clone());
            let mut game = GameScreen::loaded(record, loaded, &self.profile.prefs, &self.waker);
            game.leaving = keys::Leaving::Lobby;
            game
        });
        self.open(Screen::Game(Box::new(game)));
    }

    /// A game read from a saved file, its turns ready to be stepped through.
    #[cfg(test)]
    pub(crate) fn loaded(profile: Profile, saved: SavedGame, area: Rect) -> App {
        App::new(profile, area).loading(saved)
    }

    /// The same terminal on `saved`, its turns ready to be stepped through.
    pub(crate) fn loading(self, saved: SavedGame) -> App {
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
    pub(crate) fn opened(profile: Profile, saved: SavedGame, file: PathBuf, area: Rect) -> App {
        App::new(profile, area).opening(saved, file)
    }

    /// A new app at this same terminal (its profile, its loop) on the game read from
    /// `file`, which keeps it from then on.
    pub(crate) fn opened_here(&self, saved: SavedGame, file: PathBuf) -> App {
        self.menu().opening(saved, file)
    }

    /// The same app on the game read from `file`, which keeps it from then on.
    pub(crate) fn opening(self, saved: SavedGame, file: PathBuf) -> App {
        let mut app = self.loading(saved);
        if let Some(game) = app.game_screen() {
            game.kept().keeping().at = Some(file);
        }
        app
    }

    /// The game read from `file` on screen instead, as resumed from the menu (`q` goes
    /// back there); `review`: its review.
    pub(crate) fn resume(&mut self, saved: SavedGame, file: PathBuf, review: bool) {
        *self = self.opened_here(saved, file).opened_from_menu();
        if review {
            self.go(Go::Review(None, Leave::Menu));
        }
    }

    /// The rules book open on `game`.
    pub(crate) fn rules(profile: Profile, game: GameKind, area: Rect) -> App {
        App::new(profile, area).showing(Screen::Rules(Book::new(game)))
    }

    /// The puzzle screen on `puzzles` (the player's own, `mine`, offered first), the
    /// player's history as `kept` (read by the program around the app).
    pub(crate) fn puzzles(
        profile: Profile,
        puzzles: Vec<crate::puzzles::Puzzle>,
        mine: std::collections::HashSet<String>,
        kept: KeptHistory,
        area: Rect,
    ) -> App {
        let step_time = profile.prefs.step_time;
        let screen = puzzle::PuzzleScreen::new(puzzles, mine, kept, step_time);
        App::new(profile, area).showing(Screen::Puzzle(Box::new(screen)))
    }

    /// The puzzle screen, when it is the one on screen.
    pub(crate) fn puzzle_screen(&mut self) -> Option<&mut puzzle::PuzzleScreen> {
        match &mut self.screen {
            Screen::Puzzle(screen) => Some(screen),
            _ => None,
        }
    }

    /// The puzzles a review made of the player's mistakes, on screen to solve, the attempts
    /// added to `kept`; leaving them goes where leaving the review would have gone.
    pub(crate) fn solve_mine(&mut self, puzzles: Vec<crate::puzzles::Puzzle>, kept: KeptHistory) {
        let leaving = match &self.screen {
            Screen::Review(review) if review.leave() == Leave::Quit => keys::Leaving::Program,
            _ => keys::Leaving::Menu,
        };
        let ids = puzzles.iter().map(|puzzle| puzzle.id.clone()).collect();
        let mut screen = puzzle::PuzzleScreen::new(puzzles, ids, kept, self.profile.prefs.step_time);
        screen.leaving = leaving;
        *self = self.menu().showing(Screen::Puzzle(Box::new(screen)));
    }

    /// The same app, the game on screen played on `control` (or without clocks).
    pub(crate) fn with_clock(mut self, control: Option<TimeControl>) -> App {
        if let Some(game) = self.game_screen() {
            crate::each_game!(game, game => game.set_clock(control));
        }
        self.update(Instant::now());
        self
    }

    /// The clocks of the game on screen read the time from `time` (a test's fake one).
    #[cfg(test)]
    pub(crate) fn set_time(&mut self, time: crate::clock::Timepiece) {
        if let Some(game) = self.game_screen() {
            crate::each_game!(game, game => game.table.shared_record().change(|record| record.set_time(time)));
        }
    }

    /// Stops the clocks of the game kept on screen, the time spent counted: the program
    /// is about to end.
    pub(crate) fn stop_clocks(&mut self) {
        if let Some(game) = self.kept_game() {
            game.stop_clock();
        }
    }

    /// The same app, the computer playing one colour or both in the game on screen.
    pub(crate) fn with_computer(mut self, computer: Option<Computer>) -> App {
        if let Some(game) = self.game_screen() {
            crate::each_game!(game, game => game.set_computer(computer));
        }
        self.update(Instant::now());
        self
    }

    /// The same app, the game on screen (if any) started from the menu: `q` goes back there.
    pub(crate) fn opened_from_menu(mut self) -> App {
        if let Some(game) = self.game_screen() {
            crate::each_game!(game, game => game.leaving = keys::Leaving::Menu);
        }
        self
    }

    /// The same app, the game on screen (if any) between these players.
    pub(crate) fn with_players(mut self, players: crate::record::Players) -> App {
        if let Some(game) = self.game_screen() {
            crate::each_game!(game, game => game.players = players);
        }
        self
    }

    /// The same app, the game on screen reviewed by the computer at `level`; leaving the
    /// review goes where `leave` says.
    pub(crate) fn reviewing(mut self, level: Option<Level>, leave: Leave) -> App {
        self.go(Go::Review(level, leave));
        self
    }
}
