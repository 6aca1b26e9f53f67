//! What the club's refusals and failures say, in a member's language: the club gives
//! values ([`Refusal`], [`Failure`]), and these are their words. The bot protocol and the
//! log say them in English.

use crate::club::{Error, Failure, Refusal, StoreError};
use crate::i18n::keys::*;
use crate::i18n::{Lang, Text, Words, clock_error, parse_error, text};
use std::io;

impl From<&Error> for Text {
    fn from(error: &Error) -> Text {
        match error {
            Error::Refused(refusal) => refused(refusal),
            Error::Store(failed) => store(failed),
        }
    }
}

impl From<Error> for Text {
    fn from(error: Error) -> Text {
        Text::from(&error)
    }
}

/// How the club counts games ("in 3 games").
pub(crate) const GAMES: crate::i18n::Noun =
    crate::i18n::Noun([CLUB_COUNT_GAME_ONE, CLUB_COUNT_GAME_FEW, CLUB_COUNT_GAME_MANY]);

/// `error` in English, for the log and the bot protocol.
pub(crate) fn english(error: &Error) -> String {
    Lang::En.say(&Text::from(error))
}

/// What the club's rules refused, in words.
pub(crate) fn refused(refusal: &Refusal) -> Text {
    use crate::club::names::{LONGEST_KEY, LONGEST_NAME, SHORTEST_NAME};
    match refusal {
        Refusal::NameForm(name) => text!(CLUB_NAME_FORM, name.as_str(), SHORTEST_NAME, LONGEST_NAME),
        Refusal::KeyForm => text!(CLUB_KEY_FORM, LONGEST_KEY),
        Refusal::KeyOther(holder) => text!(CLUB_KEY_OTHER, holder.as_str()),
        Refusal::NameTaken(name) => text!(CLUB_NAME_TAKEN, name.as_str()),
        Refusal::Banned(name) => text!(CLUB_BANNED, name.as_str()),
        Refusal::NoMember(name) => text!(CLUB_NO_MEMBER, name.as_str()),
        Refusal::NoMemberId(id) => text!(CLUB_NO_MEMBER_ID, *id),
        Refusal::Clock(given, bad) => match bad {
            crate::clock::BadControl::Form => text!(CLUB_CLOCK_FORM, given.as_str()),
            bad => clock_error(*bad, given),
        },
        Refusal::Days(given) => text!(CLUB_DAYS, given.as_str()),
        Refusal::ContactForm => text!(CLUB_CONTACT_FORM, crate::club::LONGEST_CONTACT),
        Refusal::EndRules => text!(CLUB_END_RULES),
        Refusal::EndWinner => text!(CLUB_END_WINNER),
        Refusal::NotRatedBoard(game, side) => text!(CLUB_NOT_RATED_BOARD, game.name(), *side),
        Refusal::SamePlayer => text!(CLUB_SAME_PLAYER),
        Refusal::BadGame(error) | Refusal::BadTurn(error) => parse_error(error),
        Refusal::NoGame(id) => text!(CLUB_NO_GAME, *id),
        Refusal::GameOver(id, verdict) => text!(CLUB_GAME_OVER, *id, verdict.to_string()),
        Refusal::NotYourTurn(id, colour) => text!(CLUB_NOT_YOUR_TURN, *id, *colour),
        Refusal::NotPlayer(id) => text!(CLUB_NOT_PLAYER, *id),
        Refusal::TooManyTurns(id, most) => text!(CLUB_TOO_MANY_TURNS, *id, *most),
        Refusal::Illegal(turn, why) => {
            let why = crate::each_game!(why, why, G => <G as Words>::illegal(why));
            text!(CLUB_ILLEGAL, turn.as_str(), why)
        }
        Refusal::NothingBack(id) => text!(CLUB_NOTHING_BACK, *id),
    }
}

/// How the club's database failed, in words naming it.
pub(crate) fn store(failed: &StoreError) -> Text {
    let db = crate::i18n::one_line(&failed.db);
    match &failed.failure {
        Failure::Damaged => text!(CLUB_DB_DAMAGED, db),
        Failure::Busy => text!(CLUB_DB_BUSY, db),
        Failure::NotClub => text!(CLUB_DB_NOT_CLUB, db),
        Failure::Newer(at, knows) => text!(CLUB_DB_NEWER, db, *at, *knows),
        Failure::OlderHeld(at, knows, holder) => {
            text!(CLUB_DB_OLDER_HELD, db, *at, *knows, holder.to_string())
        }
        Failure::Missing => text!(CLUB_DB_MISSING, db),
        Failure::Folder => text!(CLUB_DB_NAME, db),
        Failure::Held(holder) => text!(CLUB_DB_HELD, db, holder.to_string()),
        Failure::ReadOnly => text!(CLUB_DB_READ_ONLY, db),
        Failure::GameBroken(id, turn, why) => text!(CLUB_DB_GAME_BROKEN, *id, *turn).because(refused(why)),
        Failure::UnknownGame(id) => text!(CLUB_DB_UNKNOWN_GAME, *id),
        Failure::Io(kind, said) => {
            text!(CLUB_DB_FAILED, db).because(crate::store::why_not(&io::Error::new(*kind, said.clone())))
        }
        Failure::Said(said) => text!(CLUB_DB_FAILED, db).because(said.clone()),
    }
}
