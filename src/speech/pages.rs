//! The rules in lines: a page's title and text, then its example step by step (what it
//! shows in words, the board as the rules set it up, the turn it plays and what that turn
//! does), read on with `next` and `back` as a book is, and tried on a real board.

use super::commands::{self, CommandScope, SpokenCommand};
use super::{Saying, Session, Spoken, board};
use crate::app::Screen;
use crate::app::keys::Action;
use crate::app::pages::Scene;
use crate::app::rules::Book;
use crate::i18n::keys::*;
use crate::i18n::{Words, excerpt, text};

/// The book on view.
fn book(session: &Session) -> Option<Book> {
    match &session.app.screen {
        Screen::Rules(book) => Some(*book),
        _ => None,
    }
}

/// Says the page that just came on view, and its example's first step.
pub(super) fn opening(session: &mut Session) {
    let Some(book) = book(session) else { return };
    let page = book.current();
    let title = crate::each_game!(kind book.game, G => text!(G::COMMON.rules));
    let out = &mut session.out;
    out.say(&text!(SPEECH_PAGE, title, book.page + 1, book.pages().len(), text!(page.title)));
    out.say(&text!(page.text));
    say_scene(&book, out);
    if book.page == 0 {
        out.say(&text!(SPEECH_RULES_HELP));
    }
    session.seen.step = book.scene;
}

/// Says the example's step, when it changed.
pub(super) fn news(session: &mut Session) {
    let Some(book) = book(session) else { return };
    if book.scene != session.seen.step {
        session.seen.step = book.scene;
        say_scene(&book, &mut session.out);
    }
}

/// The example's step on view: where it stands in the example, what it shows, the board,
/// and the turn it plays.
fn say_scene(book: &Book, out: &mut Saying) {
    let scenes = book.current().scenes.len();
    let scene = book.scene();
    out.say(&text!(SPEECH_STEP, book.scene + 1, scenes, text!(scene.caption)));
    crate::each_game!(kind book.game, G => say_board::<G>(scene, out));
}

fn say_board<G: Spoken>(scene: &Scene, out: &mut Saying) {
    let Ok(position) = scene.position.parse::<G>() else { return };
    out.say_all(board::owners(&position));
    if let Some((_, so_far)) = scene.under_way {
        out.say(&text!(SPEECH_UNDER_WAY, so_far));
    }
    match scene.turn.and_then(|turn| turn.parse::<G::Turn>().ok()) {
        Some(turn) => match position.play(&turn) {
            Ok(after) => {
                out.say(&text!(SPEECH_SHOWN, position.to_move(), G::played(&turn, &position, &after)))
            }
            Err(_) => out.say(&text!(SPEECH_SHOWN, position.to_move(), turn.to_string())),
        },
        None if position.outcome() == crate::rules::Outcome::Ongoing => {
            out.say(&text!(SPEECH_TO_MOVE, position.to_move()))
        }
        None => {}
    }
}

/// A line typed on a rules page.
pub(super) fn line(session: &mut Session, line: &str) {
    let Some(mut book) = book(session) else { return };
    let pages = book.pages().len();
    let scenes = book.current().scenes.len();
    match commands::read(line, CommandScope::Rules, session.out.lang) {
        Some((SpokenCommand::Next, _)) if book.scene + 1 < scenes => book.scene += 1,
        Some((SpokenCommand::Next, _)) if book.page + 1 < pages => book.turn_to(book.page + 1),
        Some((SpokenCommand::Next, _)) => session.out.say(&text!(SPEECH_LAST_PAGE)),
        Some((SpokenCommand::Back, _)) if book.scene > 0 => book.scene -= 1,
        Some((SpokenCommand::Back, _)) if book.page > 0 => book.turn_to(book.page - 1),
        Some((SpokenCommand::Back, _)) => session.out.say(&text!(SPEECH_FIRST_PAGE)),
        Some((SpokenCommand::Pages, _)) => contents(&book, &mut session.out),
        Some((SpokenCommand::Try, _)) => return session.app.act(Action::Try),
        Some((SpokenCommand::Quit, _)) => return session.app.act(Action::Back),
        Some((command @ (SpokenCommand::Board | SpokenCommand::Cell), rest)) => {
            let scene = book.scene();
            let out = &mut session.out;
            crate::each_game!(kind book.game, G => {
                if let Ok(position) = scene.position.parse::<G>() {
                    match command {
                        SpokenCommand::Board => board::board(&position, rest, out),
                        _ => board::cell(&position, rest, out),
                    }
                }
            });
        }
        Some(_) => session.out.say_all(commands::help(CommandScope::Rules)),
        None => match line.parse::<usize>() {
            Ok(n) if (1..=pages).contains(&n) => book.turn_to(n - 1),
            Ok(_) => session.out.say(&text!(SPEECH_NUMBER_RANGE, 1, pages)),
            Err(_) if line.is_empty() => say_scene(&book, &mut session.out),
            Err(_) => session.out.say(&text!(SPEECH_UNKNOWN, excerpt(line))),
        },
    }
    session.app.turn_to(book);
}

/// `pages`: the book's pages, numbered.
fn contents(book: &Book, out: &mut Saying) {
    out.say(&text!(RULES_CONTENTS));
    for (n, page) in book.pages().iter().enumerate() {
        out.say(&text!(SPEECH_ENTRY, n + 1, text!(page.title)));
    }
    out.say(&text!(SPEECH_PAGE_NUMBER, book.pages().len()));
}
