//! The menu in lines: its entries numbered, a number typed chooses one; a game against the
//! computer set up by four questions, one a line, an empty line taking what is offered; and
//! the questions a screen asks in a box (yes or no, a file name), asked and answered in a
//! line.

use super::commands::{self, CommandScope, SpokenCommand};
use super::{Saying, Session, board};
use crate::ai::Level;
use crate::app::keys::Action;
use crate::app::menu::{ComputerGameSetup, Entry, boards, clocks};
use crate::app::{Overlay, Question, Screen};
use crate::clock::TimeControl;
use crate::i18n::keys::*;
use crate::i18n::{Text, Words, colour, excerpt, text};
use crate::rules::Colour;

/// A game against the computer being set up: the set-up, and the question asked now.
#[derive(Clone, Debug)]
pub(super) struct ComputerSetup {
    setup: ComputerGameSetup,
    row: usize,
}

/// Says the menu: its entries, numbered.
pub(super) fn opening(session: &mut Session) {
    let out = &mut session.out;
    out.say(&text!(SPEECH_MENU));
    for (n, entry) in Entry::all().into_iter().enumerate() {
        out.say(&text!(SPEECH_ENTRY, Entry::number(n), entry.label()));
    }
    out.say(&text!(SPEECH_MENU_HELP, Entry::all().len() - 1));
    news(session);
}

/// The menu's note: what was wrong in the config file, why there is no game to resume.
pub(super) fn news(session: &mut Session) {
    if let Screen::Menu(menu) = &session.app.screen
        && let Some(note) = &menu.note
    {
        session.out.say(note);
    }
}

/// A line typed at the menu: a number chooses its entry; an empty line or `help` says the
/// menu again.
pub(super) fn line(session: &mut Session, line: &str) {
    // The numbers the screen shows: 1 to 9, and 0 for the tenth.
    let last = Entry::all().len() - 1;
    match commands::read(line, CommandScope::Menu, session.out.lang) {
        Some((SpokenCommand::Quit, _)) => return session.app.act(Action::Quit),
        Some(_) => session.out.say_all(commands::help(CommandScope::Menu)),
        None if line.is_empty() => {}
        None => match line.parse::<usize>().map(Entry::numbered) {
            Ok(Some(n)) => return choose(session, n),
            Ok(None) => return session.out.say(&text!(SPEECH_NUMBER_RANGE, 0, last)),
            Err(_) => return session.out.say(&text!(SPEECH_MENU_UNKNOWN, excerpt(line), last)),
        },
    }
    opening(session);
}

/// Chooses entry `n`: a game against the computer starts its questions.
fn choose(session: &mut Session, n: usize) {
    session.app.act(Action::Jump(n));
    session.app.act(Action::Choose);
    let setup = session.app.take_setup();
    if let Some(setup) = setup {
        session.setup = Some(ComputerSetup { setup, row: 0 });
        ask_setup(session);
    }
}

/// The set-up's question now, with its choices and what an empty line takes.
fn ask_setup(session: &mut Session) {
    let Some(ComputerSetup { setup, row }) = session.setup.clone() else { return };
    let out = &mut session.out;
    match row {
        0 => {
            out.say(&text!(SPEECH_SETUP_GAME));
            for (n, (game, board)) in boards().into_iter().enumerate() {
                let name = crate::each_game!(kind game, G => G::setup_entry(board));
                out.say(&text!(SPEECH_ENTRY, n + 1, name));
            }
            out.say(&text!(SPEECH_SETUP_DEFAULT, setup.board + 1));
        }
        1 => {
            out.say(&text!(SPEECH_SETUP_SIDE, colour(Colour::Blue), colour(Colour::Red)));
            out.say(&text!(SPEECH_SETUP_DEFAULT, side_number(setup.you)));
        }
        2 => {
            out.say(&text!(
                SPEECH_SETUP_LEVEL,
                Level::ALL[0].number(),
                Level::ALL[Level::ALL.len() - 1].number()
            ));
            for level in Level::ALL {
                out.say(&text!(SPEECH_ENTRY, level.number(), crate::i18n::level(level)));
            }
            out.say(&text!(SPEECH_SETUP_DEFAULT, setup.level.number()));
        }
        _ => {
            let offered: Vec<String> =
                clocks(setup.own_clock).into_iter().flatten().map(|c| c.to_string()).collect();
            out.say(&text!(SPEECH_SETUP_CLOCK, offered.join(", ")));
            let now = setup.clock.map_or_else(|| text!(SETUP_NO_CLOCK), board::control);
            out.say(&text!(SPEECH_SETUP_CLOCK_DEFAULT, now));
        }
    }
}

fn side_number(colour: Colour) -> usize {
    match colour {
        Colour::Blue => 1,
        Colour::Red => 2,
    }
}

/// An answer to the set-up's question now: an empty line takes what is offered; the last
/// answer starts the game.
pub(super) fn set_up(session: &mut Session, line: &str) {
    match commands::read(line, CommandScope::Setup, session.out.lang) {
        Some((SpokenCommand::Quit, _)) => return session.app.act(Action::Quit),
        Some((SpokenCommand::Back, _)) => {
            session.setup = None;
            return opening(session);
        }
        Some(_) => {
            session.out.say_all(commands::help(CommandScope::Setup));
            return ask_setup(session);
        }
        None => {}
    }
    let Some(asked) = &mut session.setup else { return };
    match answer_setup(&mut asked.setup, asked.row, line) {
        Err(why) => session.out.say(&why),
        Ok(()) if asked.row < 3 => asked.row += 1,
        Ok(()) => {
            let setup = asked.setup;
            session.setup = None;
            session.app.set_up(setup);
            return session.app.act(Action::Choose);
        }
    }
    ask_setup(session);
}

/// Sets the set-up's row `row` as `line` says, or says why not.
fn answer_setup(setup: &mut ComputerGameSetup, row: usize, line: &str) -> Result<(), Text> {
    if line.is_empty() {
        return Ok(());
    }
    let number = |count: usize| commands::chosen(line, count);
    match row {
        0 => {
            setup.board = number(boards().len())?;
            if !setup.side_chosen {
                let (game, board) = boards()[setup.board];
                setup.you = crate::each_game!(kind game, G => crate::rules::Game::to_move(&<G as crate::rules::Game>::start(board)));
            }
        }
        1 => {
            setup.you = [Colour::Blue, Colour::Red][number(2)?];
            setup.side_chosen = true;
        }
        2 => setup.level = Level::ALL[number(Level::ALL.len())?],
        _ => setup.clock = read_clock(line)?,
    }
    Ok(())
}

/// A clock typed: `5+3`, `30s+2` or `none`.
fn read_clock(line: &str) -> Result<Option<TimeControl>, Text> {
    TimeControl::parse(line).map_err(|bad| crate::i18n::clock_error(bad, line))
}

/// Says the question or the prompt that just opened, and how to answer it.
pub(super) fn ask(overlay: &Overlay, out: &mut Saying) {
    match overlay {
        Overlay::Ask(question) => {
            out.say(&question.text());
            out.say(&match question {
                Question::Locked(_) => text!(SPEECH_ASK_LOCKED),
                Question::Unkept { .. } => text!(SPEECH_ASK_UNKEPT),
                _ => text!(SPEECH_ASK_YES_NO),
            });
        }
        Overlay::SaveAs(prompt) => out.say(&text!(SPEECH_SAVE_AS, prompt.name.clone())),
        Overlay::Help => {}
    }
}

/// A line typed while a question waits: yes, no (anything else is no, as a key other than
/// yes is), or to save elsewhere first; while the save prompt waits, the file's name.
pub(super) fn answer(session: &mut Session, overlay: Overlay, line: &str) {
    let lang = session.out.lang;
    if let Overlay::SaveAs(_) = overlay {
        if commands::read(line, CommandScope::Setup, lang)
            .is_some_and(|(command, _)| command == SpokenCommand::Back)
        {
            session.out.say(&text!(SPEECH_NOT_SAVED));
            return session.app.act(Action::Back);
        }
        if !line.is_empty() {
            session.app.name_file(line.chars().take(200).collect());
        }
        return session.app.act(Action::Choose);
    }
    match commands::read(line, CommandScope::Question, lang) {
        Some((SpokenCommand::Yes, _)) => session.app.act(Action::Yes),
        Some((SpokenCommand::Save, _)) if matches!(overlay, Overlay::Ask(Question::Unkept { .. })) => {
            session.app.act(Action::Save)
        }
        Some((SpokenCommand::Help, _)) => {
            session.out.say_all(commands::help(CommandScope::Question));
            // Asked again, below.
            session.seen.overlay = None;
        }
        Some((SpokenCommand::No, _)) => session.app.act(Action::Back),
        _ => {
            session.out.say(&text!(SPEECH_TAKEN_AS_NO, excerpt(line)));
            session.app.act(Action::Back);
        }
    }
}
