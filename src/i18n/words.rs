//! What each game says in its own words ([`Words`]): the texts every game has, the shared
//! texts it words its own way, and why its turns and texts are refused, the reasons every
//! game's notation shares among them.

use super::keys::*;
use super::{Key, Text, excerpt, games, text};
use crate::rules::hex::Board;
use crate::rules::{Game, GameKind, ParseError, ParseErrorKind};

/// A game's own words: the words every game has ([`Common`]), the shared texts it says
/// its own way, why its turns and texts are refused. Each game has its own in
/// `i18n/GAME.rs`, its texts in `assets/lang/GAME/`.
pub(crate) trait Words: Game {
    /// Made by the build from the game's language files (every game's holds these keys).
    const COMMON: Common;
    /// The shared texts it says its own way: each shared key, and its own.
    const OWN: &'static [(Key<0>, Key<0>)] = &[];

    /// Why a turn is illegal.
    fn illegal(reason: &Self::Illegal) -> Text;
    /// What its notation alone refuses.
    fn bad(bad: &Self::Bad) -> Text;

    /// Its name and board, for titles: `Clamber · side 3`.
    fn title(board: Board) -> Text {
        Self::COMMON.title.on(board)
    }

    /// The menu's entry to play it on `board`.
    fn menu_entry(board: Board) -> Text {
        match Self::COMMON.play {
            Some(play) if board != Self::BOARDS[0] => play.on(board),
            _ => Self::COMMON.play_usual.on(board),
        }
    }

    /// Its name and board on the set-up of a game against the computer.
    fn setup_entry(board: Board) -> Text {
        Self::COMMON.setup.on(board)
    }
}

/// The words every game has, from keys of the same names in each game's `en.txt`
/// (`title`, `setup`, `menu.play_usual`, `menu.play`, `menu.rules`, `parse.*`).
pub(crate) struct Common {
    /// Its texts in the three languages (keys without its name).
    pub texts: super::TextTable,
    /// Its name on a board, as titles say it (`Clamber · side 3`).
    pub title: OfBoard,
    /// Its name on a board in a set-up (`Clamber, side 3`).
    pub setup: OfBoard,
    /// The menu's entry to play it on its usual board, and on another (if it has others).
    pub play_usual: OfBoard,
    pub(crate) play: Option<OfBoard>,
    /// The menu's entry for its rules.
    pub rules: Key<0>,
    /// What it says of a text that is not one of its positions, a bad player to move, a
    /// bad entry of the cell list.
    pub not_position: Key<1>,
    pub(crate) bad_player: Key<1>,
    pub(crate) bad_entry: Key<1>,
}

/// A text naming a game on a board: by its name alone, or with the board's side.
#[derive(Clone, Copy)]
pub(crate) enum OfBoard {
    /// The game's name alone.
    Name(Key<0>),
    /// The game's name with the board's side.
    Side(Key<1>),
}

impl OfBoard {
    fn on(self, board: Board) -> Text {
        match self {
            OfBoard::Name(key) => text!(key),
            OfBoard::Side(key) => text!(key, board.side()),
        }
    }
}

/// `key`, or the text `G` says its own way instead.
pub(crate) fn own<G: Words>(key: Key<0>) -> Key<0> {
    G::OWN.iter().find(|(shared, _)| *shared == key).map_or(key, |(_, own)| *own)
}

/// `key`, or the text `game` says its own way instead.
pub(crate) fn own_for(key: Key<0>, game: Option<GameKind>) -> Key<0> {
    match game {
        Some(game) => crate::each_game!(kind game, G => own::<G>(key)),
        None => key,
    }
}

/// Why a text is not a position or a turn; what it quotes of the text is cut short.
pub(crate) fn parse_error(error: &ParseError) -> Text {
    use ParseErrorKind as K;
    match error.kind() {
        K::UnknownGame(name) => text!(PARSE_UNKNOWN_GAME, excerpt(name), games(LIST_AND)),
        K::BadSide(side) => text!(PARSE_BAD_SIDE, *side),
        K::OneSide { game, side, given } => text!(PARSE_ONE_SIDE, game.title(), *side, *given),
        K::SizeMismatch { size, side } => text!(PARSE_SIZE_MISMATCH, *size, *side),
        K::NotPosition { text, game } => {
            crate::each_game!(kind *game, G => text!(G::COMMON.not_position, excerpt(text)))
        }
        K::BadPlayer { text, game } => {
            crate::each_game!(kind *game, G => text!(G::COMMON.bad_player, excerpt(text)))
        }
        K::BadEntry { entry, game } => {
            crate::each_game!(kind *game, G => text!(G::COMMON.bad_entry, excerpt(entry)))
        }
        K::BadCell(name) => text!(PARSE_BAD_CELL, excerpt(name)),
        K::OffBoard { cell, side } => text!(ILLEGAL_OFF_BOARD, *cell, *side),
        K::GivenTwice(cell) => text!(PARSE_TWICE, *cell),
        K::Game(bad) => crate::each_game!(bad, bad, G => G::bad(bad)),
    }
}

impl From<ParseError> for Text {
    fn from(error: ParseError) -> Text {
        parse_error(&error)
    }
}
