//! What the program around an app may tell it: the loops that own it (the terminal's, the
//! screen-reader mode's, the club's) and the autosave change it only through these, never by
//! writing its fields, so that what an app's state may become is decided here.

use super::component::{Question, Request};
use super::game::AnyGameScreen;
use super::keys::Leaving;
use super::lobby::view::LobbyAsk;
use super::menu::ComputerGameSetup;
use super::puzzle::PuzzleScreen;
use super::review::AnyReviewScreen;
use super::rules::Book;
use super::state::{App, Overlay, Screen};
use crate::i18n::keys::PUZZLE_NOT_KEPT;
use crate::i18n::{Text, text};
use crate::puzzles::Puzzle;
use crate::puzzles::history::KeptHistory;
use crate::rules::hex::Cell;
use ratatui::layout::Rect;
use std::collections::HashSet;

impl App {
    /// Asks `question` over the screen, in place of any box open there.
    pub(crate) fn ask(&mut self, question: Question) {
        self.overlay = Some(Overlay::Ask(question));
    }

    /// The program is to end (its clocks are stopped by the next event, or by the caller).
    pub(crate) fn quit(&mut self) {
        self.quit = true;
    }

    /// The terminal is now of size `area`.
    pub(crate) fn resize(&mut self, area: Rect) {
        self.area = area;
    }

    /// Asks the club for `ask`, as the lobby's keys would: what a line typed in the
    /// screen-reader mode's lobby asks for.
    pub(crate) fn ask_club(&mut self, ask: LobbyAsk) {
        self.request = Some(Request::Lobby(ask));
    }

    /// What the app asks of the program around it after the last event, taken.
    pub(crate) fn take_request(&mut self) -> Option<Request> {
        self.request.take()
    }

    /// The game that just left the screen for the menu, taken to be kept once more.
    pub(crate) fn take_closed(&mut self) -> Option<Box<AnyGameScreen>> {
        self.closed.take()
    }

    /// Says `note` on the menu's message line, if the menu is on screen.
    pub(crate) fn note_on_menu(&mut self, note: Text) {
        if let Screen::Menu(menu) = &mut self.screen {
            menu.note = Some(note);
        }
    }

    /// `game` on screen in place of the one there (read again from its file), the box over
    /// it (if any) left open.
    pub(crate) fn replace_game(&mut self, game: Box<AnyGameScreen>) {
        if let Screen::Game(_) = self.screen {
            self.screen = Screen::Game(game);
        }
    }

    /// The set-up of a game against the computer open on the menu, taken off it.
    pub(crate) fn take_setup(&mut self) -> Option<ComputerGameSetup> {
        match &mut self.screen {
            Screen::Menu(menu) => menu.setup.take(),
            _ => None,
        }
    }

    /// `setup` open on the menu, if the menu is on screen.
    pub(crate) fn set_up(&mut self, setup: ComputerGameSetup) {
        if let Screen::Menu(menu) = &mut self.screen {
            menu.setup = Some(setup);
        }
    }

    /// Types `name` in the prompt for a file name, if one is open over the screen.
    pub(crate) fn name_file(&mut self, name: String) {
        if let Some(Overlay::SaveAs(prompt)) = &mut self.overlay {
            prompt.name = name;
        }
    }

    /// Puts the cursor of the board on view (a game's, a puzzle's) on `cell`: where a turn
    /// typed in the screen-reader mode is played from.
    pub(crate) fn point_at(&mut self, cell: Cell) {
        match &mut self.screen {
            Screen::Game(game) => crate::each_game!(game.as_mut(), game => game.table.point_at(cell)),
            Screen::Puzzle(puzzles) => {
                if let Some(board) = &mut puzzles.board {
                    crate::each_game!(board, board => board.table.point_at(cell));
                }
            }
            _ => {}
        }
    }

    /// Clears the messages of what is on view (its status line, its note), so that any
    /// message after the next line or event is news: the screen-reader mode says each once.
    pub(crate) fn clear_messages(&mut self) {
        match &mut self.screen {
            Screen::Game(game) => crate::each_game!(game.as_mut(), game => game.table.status_mut().clear()),
            Screen::Review(review) => {
                crate::each_game!(review.as_mut(), review => review.review.status.clear())
            }
            Screen::Puzzle(puzzles) => {
                if let Some(board) = &mut puzzles.board {
                    crate::each_game!(board, board => board.table.status_mut().clear());
                }
                puzzles.note = None;
            }
            Screen::Menu(menu) => menu.note = None,
            Screen::Lobby(lobby) => lobby.note = None,
            Screen::Rules(_) => {}
        }
    }

    /// The rules book on view turned to `book`'s page and scene, if the book is on view.
    pub(crate) fn turn_to(&mut self, book: Book) {
        if let Screen::Rules(open) = &mut self.screen {
            *open = book;
        }
    }

    /// The review on view, if one is: the puzzles it made, and its status line.
    pub(crate) fn review_mut(&mut self) -> Option<&mut AnyReviewScreen> {
        match &mut self.screen {
            Screen::Review(review) => Some(review),
            _ => None,
        }
    }

    /// The puzzles opened from the menu, as [`Request::OpenPuzzles`] asked: `puzzles` (the
    /// player's own, `mine`, offered first) and the player's history as `kept`; `q` goes
    /// back to the menu.
    pub(crate) fn open_puzzles(&mut self, puzzles: Vec<Puzzle>, mine: HashSet<String>, kept: KeptHistory) {
        let mut screen = PuzzleScreen::new(puzzles, mine, kept, self.profile.prefs.step_time);
        screen.leaving = Leaving::Menu;
        *self = self.menu().showing(Screen::Puzzle(Box::new(screen)));
    }

    /// Asks the program around the app to write the puzzle history, if it changed. The ask
    /// waits while another is made: it is made after the next event.
    pub(super) fn ask_to_keep_history(&mut self) {
        let Screen::Puzzle(puzzles) = &mut self.screen else { return };
        if !matches!(self.request, None | Some(Request::KeepHistory { .. })) || !puzzles.take_unkept() {
            return;
        }
        if let Some((history, file)) = puzzles.to_keep() {
            self.request = Some(Request::KeepHistory { history: history.clone(), file: file.to_path_buf() });
        }
    }

    /// The puzzle history was written, or not and why: a failure is said on the puzzle
    /// screen's note line (the menu's, if the puzzles were left), and play goes on.
    pub(crate) fn history_kept(&mut self, written: Result<(), Text>) {
        match &mut self.screen {
            Screen::Puzzle(puzzles) => puzzles.kept(written),
            _ => {
                if let Err(why) = written {
                    self.note_on_menu(text!(PUZZLE_NOT_KEPT, why));
                }
            }
        }
    }
}
