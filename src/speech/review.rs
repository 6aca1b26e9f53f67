//! The computer's review in lines: once it has looked at the game, each player's accuracy
//! and marks, then every marked turn with the better one; `next` and `back` go through the
//! turns one by one, each said with its verdict.

use super::commands::{self, CommandScope, SpokenCommand};
use super::{Saying, Session, Spoken, board};
use crate::ai::review::Class;
use crate::app::Screen;
use crate::app::keys::Action;
use crate::app::review::{ReviewScreen, Reviewing};
use crate::i18n::keys::*;
use crate::i18n::{Noun, Text, excerpt, text};

const INACCURACIES: Noun =
    Noun([SPEECH_COUNT_INACCURACY_ONE, SPEECH_COUNT_INACCURACY_FEW, SPEECH_COUNT_INACCURACY_MANY]);
const MISTAKES: Noun = Noun([SPEECH_COUNT_MISTAKE_ONE, SPEECH_COUNT_MISTAKE_FEW, SPEECH_COUNT_MISTAKE_MANY]);
const BLUNDERS: Noun = Noun([SPEECH_COUNT_BLUNDER_ONE, SPEECH_COUNT_BLUNDER_FEW, SPEECH_COUNT_BLUNDER_MANY]);

/// Says the review that just opened: what the computer looks at, at which level.
pub(super) fn opening(session: &mut Session) {
    let Screen::Review(review) = &session.app.screen else { return };
    let out = &mut session.out;
    let (level, turns) =
        crate::each_game!(review.as_ref(), review => (review.review.level, review.review.turns.len()));
    out.say(&text!(SPEECH_REVIEW, level.number(), crate::i18n::level(level), turns));
    session.seen.step = crate::each_game!(review.as_ref(), review => review.review.at);
    news(session);
}

/// Says the review once it is done, and the turn on view when it changes.
pub(super) fn news(session: &mut Session) {
    let Screen::Review(review) = &session.app.screen else { return };
    let (seen, out) = (&mut session.seen, &mut session.out);
    crate::each_game!(review.as_ref(), review => {
        let reviewing = &review.review;
        if reviewing.done() && !seen.done {
            seen.done = true;
            done(review, out);
        }
        if reviewing.at != seen.step {
            seen.step = reviewing.at;
            out.say(&turn_line(reviewing, reviewing.at));
        }
    });
}

/// The review done: each player's summary, then each marked turn.
fn done<G: Spoken>(screen: &ReviewScreen<G>, out: &mut Saying) {
    let review = &screen.review;
    out.say(&text!(SPEECH_REVIEW_DONE));
    for summary in review.summaries() {
        let count = |count, noun| text!(PLAIN, crate::i18n::Arg::Count(count, noun));
        out.say(&text!(
            SPEECH_REVIEW_SUMMARY,
            summary.side,
            summary.accuracy.round() as u32,
            count(summary.inaccuracies, INACCURACIES),
            count(summary.mistakes, MISTAKES),
            count(summary.blunders, BLUNDERS)
        ));
    }
    let marked: Vec<usize> = (0..review.turns.len())
        .filter(|&at| review.judged[at].as_ref().is_some_and(|judged| judged.class > Class::Ok))
        .collect();
    if marked.is_empty() {
        out.say(&text!(SPEECH_REVIEW_NO_MARK));
    }
    for at in marked {
        out.say(&turn_line(review, at));
    }
    out.say(&text!(SPEECH_REVIEW_HELP));
    out.say(&turn_line(review, review.at));
}

/// A chance as a whole percentage.
fn percent(chance: f64) -> u32 {
    (chance * 100.0).round() as u32
}

/// Turn `at` of the game reviewed and the computer's verdict on it; past the last, the end.
fn turn_line<G: Spoken>(review: &Reviewing<G>, at: usize) -> Text {
    let Some(turn) = review.turns.get(at) else { return text!(SPEECH_REVIEW_END, review.turns.len()) };
    let (mover, turn) = (review.positions[at].to_move(), turn.to_string());
    let Some(judged) = review.judged[at].as_ref() else {
        return text!(SPEECH_REVIEW_LOOKING, at + 1, mover, turn);
    };
    let after = percent(judged.after);
    match &judged.better {
        Some(better) => {
            let class = match judged.class {
                Class::Blunder => text!(SPEECH_CLASS_BLUNDER),
                Class::Mistake => text!(SPEECH_CLASS_MISTAKE),
                _ => text!(SPEECH_CLASS_INACCURACY),
            };
            text!(
                SPEECH_REVIEW_WORSE,
                at + 1,
                mover,
                turn,
                class,
                after,
                better.to_string(),
                percent(judged.kept)
            )
        }
        None => text!(SPEECH_REVIEW_GOOD, at + 1, mover, turn, after),
    }
}

/// A line typed in a review.
pub(super) fn line(session: &mut Session, line: &str) {
    let action = match commands::read(line, CommandScope::Review, session.out.lang) {
        Some((SpokenCommand::Next, _)) => Action::NextStep,
        Some((SpokenCommand::Back, _)) => Action::PreviousStep,
        Some((SpokenCommand::Quit, _)) => Action::Back,
        Some((command @ (SpokenCommand::Board | SpokenCommand::Cell), rest)) => {
            let Screen::Review(review) = &session.app.screen else { return };
            let out = &mut session.out;
            return crate::each_game!(review.as_ref(), review => {
                let position = &review.review.positions[review.review.at];
                match command {
                    SpokenCommand::Board => board::board(position, rest, out),
                    _ => board::cell(position, rest, out),
                }
            });
        }
        Some(_) => return session.out.say_all(commands::help(CommandScope::Review)),
        None if line.is_empty() => {
            session.seen.step = usize::MAX;
            return;
        }
        None => return session.out.say(&text!(SPEECH_UNKNOWN, excerpt(line))),
    };
    session.app.act(action);
}
