//! The key table itself: every key of every screen, in the order the help lists them,
//! kept in parts by what the keys are for and joined once.

mod board;
mod boxes;
mod lists;
mod lobby;
mod pages;
mod puzzle;
mod review;

use super::{Action, Binding, CTRL, Context, CursorStep, NONE, Press};
use crate::i18n::Key;
use crate::i18n::keys::*;
use ratatui::crossterm::event::KeyCode;
use std::borrow::Cow;
use std::sync::LazyLock;

const fn char(c: char) -> Press {
    (KeyCode::Char(c), NONE)
}

const fn code(code: KeyCode) -> Press {
    (code, NONE)
}

/// A digit a menu entry (or a rules page): as many as the menu has, 0 the tenth.
const DIGITS: &[Press] = &[
    char('1'),
    char('2'),
    char('3'),
    char('4'),
    char('5'),
    char('6'),
    char('7'),
    char('8'),
    char('9'),
    char('0'),
];

/// The digits of the lobby's seven parts.
const DIGITS_TO_7: [Press; 7] = [char('1'), char('2'), char('3'), char('4'), char('5'), char('6'), char('7')];

const fn bind(
    contexts: &'static [Context],
    keys: &'static [Press],
    shown: &'static str,
    action: Action,
    what: Key<0>,
    hint: Option<(&'static str, Key<0>)>,
) -> Binding {
    let hint = match hint {
        Some((keys, word)) => Some((Cow::Borrowed(keys), word)),
        None => None,
    };
    Binding { contexts, keys: Cow::Borrowed(keys), shown: Cow::Borrowed(shown), action, what, hint }
}

use Context::{
    Against, Contents, Game, Lobby, LobbyForm, Menu, Paused, Puzzle, PuzzleHistory, PuzzleThemes, Question,
    Replay, Retry, Review, Rules, SaveAs, Setup, Shared, Tried, Try, Watched, Watching,
};

/// Every screen with a board to play on.
const BOARDS: &[Context] = &[Game, Against, Try, Shared];

/// Every screen with a board to look at, watched ones included.
const LOOKING: &[Context] = &[Game, Against, Watched, Try, Shared, Watching, Replay];

/// Every screen with a cursor on a board: those, and a review's turn tried again.
const CURSOR: &[Context] = &[Game, Against, Watched, Try, Shared, Watching, Replay, Retry, Puzzle];

/// Every screen that goes back and forth through its game's turns.
const STEPPING: &[Context] = &[Game, Against, Watched, Try, Replay];

/// Every screen where `u` takes a turn back, asks to, or steps back through a game.
const UNDOING: &[Context] = &[Game, Against, Watched, Try, Shared, Replay];

/// Every screen with a board to play on, the computer's game with itself, and a game paused.
const SAVING: &[Context] = &[Game, Against, Watched, Try, Shared, Paused];

/// Every screen of a game that the program or the menu is left from.
const LEAVING: &[Context] = &[Game, Against, Watched, Paused];

/// Every screen where Enter and Esc play on a board.
const PLAYING: &[Context] = &[Game, Against, Try, Shared, Retry, Puzzle];

/// Every key of every screen, in the order the help lists them: each part's in turn.
pub(crate) static KEYS: LazyLock<Vec<Binding>> = LazyLock::new(|| {
    [lists::LISTS, board::BOARD, review::REVIEW, puzzle::PUZZLE, pages::PAGES, lobby::LOBBY, boxes::BOXES]
        .concat()
});
