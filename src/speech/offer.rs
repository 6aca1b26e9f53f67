//! A seek or a challenge at the club asked a question at a time (`seek`, or `challenge
//! NAME`, with no terms): the game and board, the clock, rated or not, the side played, as
//! the lobby's form asks them on screen; an empty line takes what is offered, `back` sends
//! nothing. The last answer sends the lobby's own [`LobbyAsk`].

use super::Session;
use super::commands::{self, CommandScope, SpokenCommand};
use crate::app::lobby::form::club_clocks;
use crate::app::lobby::{Form, LobbyAsk, Terms};
use crate::app::menu::boards;
use crate::i18n::keys::*;
use crate::i18n::{Text, Words, text};
use crate::rules::Colour;

/// The offer being written: to whom (none: anyone), its terms so far, the question asked.
#[derive(Clone, Debug)]
pub(super) struct Asking {
    to: Option<String>,
    terms: Terms,
    row: usize,
}

/// How many questions there are: the game, the clock, rated, the side.
const QUESTIONS: usize = 4;

/// The sides, as the last question numbers them: by lot first, as the form's default.
const SIDES: [Option<Colour>; 3] = [None, Some(Colour::Blue), Some(Colour::Red)];

/// Starts asking for an offer to `to` (none: a seek), from the club's usual game.
pub(super) fn start(session: &mut Session, to: Option<String>) {
    session.offer = Some(Asking { to, terms: Form::new(None).terms(), row: 0 });
    ask(session);
}

/// The question now, its choices numbered, and what an empty line takes.
fn ask(session: &mut Session) {
    let Some(Asking { terms, row, .. }) = session.offer.clone() else { return };
    let entry = |n: usize, said: Text| text!(SPEECH_ENTRY, n + 1, said);
    let (question, choices, now): (Text, Vec<Text>, usize) = match row {
        0 => {
            let all = boards();
            let now = all.iter().position(|&(game, board)| game == terms.game && board.side() == terms.side);
            let names =
                all.iter().map(|&(game, board)| crate::each_game!(kind game, G => G::setup_entry(board)));
            (
                text!(SPEECH_OFFER_GAME),
                names.enumerate().map(|(n, name)| entry(n, name)).collect(),
                now.unwrap_or(0),
            )
        }
        1 => {
            let all = club_clocks();
            let now = all.iter().position(|&clock| clock == terms.clock).unwrap_or(0);
            let said = all.into_iter().map(super::terms::clock).enumerate().map(|(n, said)| entry(n, said));
            (text!(SPEECH_OFFER_CLOCK), said.collect(), now)
        }
        2 => {
            return session.out.say(&text!(
                SPEECH_OFFER_RATED,
                text!(if terms.rated { LOBBY_RATED } else { LOBBY_CASUAL })
            ));
        }
        _ => {
            let said = SIDES
                .iter()
                .map(|side| side.map_or_else(|| text!(SPEECH_LOBBY_SIDE_RANDOM), super::colour_word));
            let now = SIDES.iter().position(|&side| side == terms.colour).unwrap_or(0);
            (text!(SPEECH_OFFER_SIDE), said.enumerate().map(|(n, said)| entry(n, said)).collect(), now)
        }
    };
    session.out.say(&question);
    session.out.say_all(choices);
    session.out.say(&text!(SPEECH_SETUP_DEFAULT, now + 1));
}

/// An answer to the question now: the next question, or the offer sent after the last.
pub(super) fn answer(session: &mut Session, line: &str) {
    let lang = session.out.lang;
    match commands::read(line, CommandScope::Setup, lang) {
        Some((SpokenCommand::Back | SpokenCommand::Quit, _)) => {
            session.offer = None;
            return session.out.say(&text!(SPEECH_OFFER_DROPPED));
        }
        Some(_) => session.out.say_all(commands::help(CommandScope::Setup)),
        None => {
            let Some(asking) = &mut session.offer else { return };
            match set(&mut asking.terms, asking.row, line, lang) {
                Err(why) => session.out.say(&why),
                Ok(()) if asking.row + 1 < QUESTIONS => asking.row += 1,
                Ok(()) => {
                    let Asking { to, terms, .. } = session.offer.take().expect("asking");
                    let ask = match to {
                        Some(name) => LobbyAsk::Challenge(name, terms),
                        None => LobbyAsk::Post(terms),
                    };
                    session.app.ask_club(ask);
                    return;
                }
            }
        }
    }
    ask(session);
}

/// Sets the terms' row `row` as `line` says (an empty line keeps it), or says why not.
fn set(terms: &mut Terms, row: usize, line: &str, lang: crate::i18n::Lang) -> Result<(), Text> {
    if line.is_empty() {
        return Ok(());
    }
    let number = |count: usize| commands::chosen(line, count);
    match row {
        0 => {
            let (game, board) = boards()[number(boards().len())?];
            (terms.game, terms.side) = (game, board.side());
        }
        1 => {
            let all = club_clocks();
            terms.clock = match number(all.len()) {
                Ok(n) => all[n],
                // A clock typed as it is written: `5+3`, `3d`.
                Err(why) => crate::clock::ClubClock::parse(line).map_err(|_| why)?,
            };
        }
        2 => match commands::read(line, CommandScope::Question, lang) {
            Some((SpokenCommand::Yes, _)) => terms.rated = true,
            Some((SpokenCommand::No, _)) => terms.rated = false,
            _ => return Err(text!(SPEECH_ASK_YES_NO)),
        },
        _ => terms.colour = SIDES[number(SIDES.len())?],
    }
    Ok(())
}
