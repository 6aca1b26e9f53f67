//! What every screen and box shares with the app above it: the [`Component`] trait, and
//! the [`Go`] it answers with. The words here name what to do, never a screen, so that no
//! screen needs the app's own module: the app depends on its screens, never the other way.

use super::keys::{Action, Context};
use crate::ai::Level;
use crate::i18n::Text;
use crate::record::Computer;
use crate::rules::{Any, AnyPosition, Colour, Family, Game, GameKind};
use ratatui::crossterm::event::{KeyEvent, MouseEvent};
use ratatui::layout::Rect;
use std::path::PathBuf;

/// Every game's rules example to try: where it starts, and what was picked of a turn
/// under way there.
#[derive(Debug)]
pub(crate) struct Tries;

impl Family for Tries {
    type Of<G: Game> = (G, Option<G::Picked>);
}

/// A screen or a box that takes keys and clicks.
pub(crate) trait Component {
    /// The part of the key table this component takes its keys from.
    fn context(&self) -> Context;
    /// What an action does here.
    fn act(&mut self, action: Action) -> Go;
    /// A key, and the action the terminal's key table gives it here (if any): by
    /// default, that action.
    fn key(&mut self, _key: KeyEvent, action: Option<Action>) -> Go {
        action.map_or(Go::Stay, |action| self.act(action))
    }
    /// The mouse, on a screen of size `area`.
    fn mouse(&mut self, _mouse: MouseEvent, _area: Rect) -> Go {
        Go::Stay
    }
}

/// What a component asks the app to do next.
#[derive(Debug)]
pub(crate) enum Go {
    /// Nothing: the screen stays as it is.
    Stay,
    /// Close the box over the screen.
    Close,
    /// Play a new game from this position.
    Play(AnyPosition),
    /// Play a new game against the computer, as set up.
    Against(AnyPosition, Computer, Option<crate::clock::TimeControl>),
    /// Set up a game against the computer (on the menu).
    SetUp,
    /// A new game like the one on screen (the same board, players and computer).
    Again,
    /// Try the rules example on screen on a real board (a turn may be under way in it),
    /// coming back to its page after.
    Try(Any<Tries>),
    /// Back from a tried example to the page it came from.
    BackToRules,
    /// The rules of this game.
    Rules(GameKind),
    /// The puzzles, from the menu.
    Puzzles,
    /// The computer's review of the game on screen, at this level (else the one its kept
    /// review has, else the usual one).
    Review(Option<Level>, Leave),
    /// Back from the review to the game.
    EndReview,
    /// Back to the menu.
    Menu,
    /// Back to the club's lobby from a game there: the club gives it its view again.
    Lobby,
    /// Every key of the screen (and, in a game, what the board's marks mean).
    Help,
    /// Ask this question, over the screen.
    Ask(Question),
    /// Ask for a file name to save this game to.
    SaveAs(GameKind),
    /// The answer to a question was yes.
    Yes(Question),
    /// The answer was no (any key but `y`).
    No(Question),
    /// Ask the program around the app for this (it touches files).
    Request(Request),
    /// End the program.
    Quit,
}

/// A question that waits for `y`; any other key says no.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Question {
    /// Quit the program?
    Quit,
    /// The menu's Quit entry was chosen (a click, Enter): the quit key quits, any other key
    /// stays, so that no stray click or Enter ends the program.
    QuitEntry,
    /// Leave the game for the menu?
    Menu,
    /// Does this player resign?
    Resign(Colour),
    /// Do you resign? The player of this colour, at their own terminal of a shared game.
    YouResign(Colour),
    /// Do both players agree to a draw? (This player offers it.)
    Draw(Colour),
    /// Offer the computer a draw? It answers at once.
    OfferDraw,
    /// In a game at a distance: may this player take back their last turn?
    TakeBack(Colour),
    /// Back in the game: play from here, replacing this many later turns?
    Branch(usize),
    /// In a game on time: take back the last turn (with the computer's answer, against
    /// it)? The clocks keep the time spent.
    UndoOnTime,
    /// This file exists: replace it with the game?
    Replace(PathBuf),
    /// Another hexstack (this process, on this machine) has the game open: `y` continues
    /// a copy in a file of its own, any other key watches it read-only.
    Locked(String),
    /// At the club, a turn under way (this far, in notation) when the player leaves for the
    /// lobby: end it there (as Esc would) and go?
    EndTurn(String),
    /// Start a new game on the same board (the one on screen is over)?
    Again,
    /// Leave the club (its lobby)? The games go on there.
    LeaveClub,
    /// Leave (quit, or for the menu) though the game is not kept, and why; `s` saves it
    /// elsewhere first.
    Unkept {
        /// Why it is not kept.
        why: Text,
        /// Whether leaving quits the program (else it goes to the menu).
        quit: bool,
        /// The game, for the save prompt `s` opens.
        game: GameKind,
    },
}

/// Something only the program around the app can do (it touches files), asked by the app.
#[derive(Clone, PartialEq, Debug)]
pub(crate) enum Request {
    /// Save the game to this file, replacing it if it exists only when `replace` says so.
    SaveAs {
        /// The file.
        path: PathBuf,
        /// Whether a file already there may be replaced.
        replace: bool,
    },
    /// Open the most recently kept game.
    Resume,
    /// Open the most recently kept game's review.
    Review,
    /// Solve these puzzles: the ones a review made of the player's own mistakes.
    Puzzles(Vec<crate::puzzles::Puzzle>),
    /// What the member asked for in the club's lobby, for the club to allow or refuse.
    Lobby(super::lobby::view::LobbyAsk),
    /// Open the puzzles from the menu: the player's own and the shipped ones, and their
    /// history, read from the data folder and handed to the app.
    OpenPuzzles,
    /// Write the puzzle history to its file, and say how that went (a failure is said on
    /// the screen's note line): the history as it stands, so that it is kept even if the
    /// screen is left at once.
    KeepHistory {
        /// The player's attempts and streaks.
        history: crate::puzzles::history::History,
        /// Where they are kept.
        file: PathBuf,
    },
}

/// Where a review goes back to when it is left.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Leave {
    /// The game it was opened from (`v`).
    Game,
    /// The menu it was opened from.
    Menu,
    /// Out of the program: `hexstack review FILE` opened it.
    Quit,
}
