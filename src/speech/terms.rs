//! The terms of a game offered at the club (a seek, a challenge), read from the words a
//! member types and said back in words: the game and its board, the clock, rated or
//! casual, the side the one who offers plays.

use super::colour_word;
use crate::app::lobby::{Form, Terms};
use crate::app::menu::boards;
use crate::clock::ClubClock;
use crate::i18n::keys::*;
use crate::i18n::{Arg, Key, Lang, Noun, Text, Words, excerpt, text};
use crate::rules::hex::Board;
use crate::rules::{Colour, GameKind};

/// The terms typed after `seek` (or a challenge's name), in any order: a game, its board's
/// side, a clock, rated or casual, the side the member plays; what is left out is the
/// form's, the club's usual game. The club decides whether it takes them.
pub(super) fn read(typed: &str, lang: Lang) -> Result<Terms, Text> {
    let mut terms = Form::new(None).terms();
    let mut side = None;
    let is = |word: &str, key: Key<0>| {
        [lang, Lang::En].iter().any(|lang| lang.word(key).to_lowercase() == word.to_lowercase())
    };
    for word in typed.split_whitespace() {
        let bad = || text!(SPEECH_LOBBY_BAD_TERM, excerpt(word));
        if let Ok(game) = word.parse::<GameKind>() {
            terms.game = game;
        } else if word.bytes().all(|byte| byte.is_ascii_digit()) {
            side = Some(word.parse::<u8>().map_err(|_| bad())?);
        } else if is(word, SPEECH_TERM_RATED) {
            terms.rated = true;
        } else if is(word, SPEECH_TERM_CASUAL) {
            terms.rated = false;
        } else if is(word, SPEECH_COLOUR_BLUE) {
            terms.colour = Some(Colour::Blue);
        } else if is(word, SPEECH_COLOUR_RED) {
            terms.colour = Some(Colour::Red);
        } else if is(word, SPEECH_TERM_RANDOM) {
            terms.colour = None;
        } else if is(word, SPEECH_TERM_NONE) {
            terms.clock = ClubClock::Untimed;
        } else {
            terms.clock = ClubClock::parse(word).map_err(|_| bad())?;
        }
    }
    // The board: the side typed, else the game's first.
    let offered = boards().into_iter().filter(|(game, _)| *game == terms.game);
    let mut sides = offered.map(|(_, board)| board.side());
    terms.side = match side {
        Some(side) if sides.any(|offered| offered == side) => side,
        Some(side) => return Err(text!(SPEECH_LOBBY_BAD_TERM, side)),
        None => sides.next().unwrap_or(terms.side),
    };
    Ok(terms)
}

/// Terms in words: the game, the clock, rated or casual, and who plays which side (`by`,
/// the one who offers; none: the defaults, said as the side the member would play).
pub(super) fn said(terms: &Terms, by: &str) -> Text {
    let rated = text!(if terms.rated { LOBBY_RATED } else { LOBBY_CASUAL });
    let side = match terms.colour {
        Some(colour) => text!(SPEECH_LOBBY_SIDE, by, colour_word(colour)),
        None => text!(SPEECH_LOBBY_SIDE_RANDOM),
    };
    text!(SPEECH_LOBBY_TERMS, game_name(terms.game, terms.side), clock(terms.clock), rated, side)
}

/// A game on its board, in words: `Clamber, side 3`.
pub(super) fn game_name(game: GameKind, side: u8) -> Text {
    match Board::new(u32::from(side)) {
        Ok(board) => crate::each_game!(kind game, G => G::setup_entry(board)),
        Err(_) => text!(PLAIN, format!("{} {side}", game.name())),
    }
}

/// A club's clock in words: none, the live control, or days a turn.
pub(super) fn clock(clock: ClubClock) -> Text {
    match clock {
        ClubClock::Untimed => text!(SPEECH_LOBBY_UNTIMED),
        ClubClock::Live(control) => text!(SPEECH_LOBBY_CLOCK_LIVE, control.to_string()),
        ClubClock::Daily(count) => days(count),
    }
}

/// Days a turn in words: `3 days a turn`.
pub(super) fn days(days: u8) -> Text {
    const DAYS: Noun = Noun([LOBBY_DAY_ONE, LOBBY_DAY_FEW, LOBBY_DAY_MANY]);
    text!(LOBBY_DAYS_A_TURN, Arg::Count(usize::from(days), DAYS))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_are_read_in_any_order_in_english_and_in_the_language_and_the_rest_is_the_forms() {
        let terms = read;
        let read = terms("ombagui casual 3d rouge", Lang::Fr).unwrap();
        assert_eq!(
            (read.game, read.rated, read.clock, read.colour),
            (GameKind::Ombagui, false, ClubClock::Daily(3), Some(Colour::Red))
        );
        let usual = Form::new(None).terms();
        assert_eq!(terms("", Lang::En).unwrap(), usual);
        assert_eq!(terms("none", Lang::En).unwrap().clock, ClubClock::Untimed);
        assert!(terms("clamber 99", Lang::En).is_err(), "a board the game does not have");
        assert!(terms("5+3 fast", Lang::En).is_err());
    }
}
