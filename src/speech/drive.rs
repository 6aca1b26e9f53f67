//! The loop of the mode of lines: a reader of lines on a thread of its own, a writer of
//! lines, and a [`Session`] between them. It sleeps on one channel until a line, a search's
//! answer or a signal wakes it, or a timer the session asked for is due; it keeps the game
//! and serves the app's requests after each, as the terminal's loop does. A line typed
//! while the computer thinks waits for its turn, and the reader reads no further meanwhile,
//! so that the answers come in the order of the lines whatever the machine's speed.

use super::Session;
use crate::app::App;
use crate::app::event::{Event, Heard, QUEUE, Wake};
use crate::autosave::Autosave;
use crate::engine::{BadLine, LONGEST_LINE, read_line};
use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use std::io::{BufRead, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::Instant;

/// Runs `app` in lines on standard input and output until the player quits or the input
/// ends, keeping games in the saves folder; a signal (Ctrl-C) ends it too, the game kept.
pub fn run(mut app: App) -> Result<(), Text> {
    let (sender, wakes) = mpsc::sync_channel(QUEUE);
    crate::terminal::stop_on_signals(sender.clone());
    let mut autosave =
        Autosave::new(crate::store::saves_dir(), &mut app).with_puzzles(crate::puzzles::mine_path());
    let input = std::io::BufReader::new(std::io::stdin());
    match converse(app, input, &mut std::io::stdout().lock(), (sender, wakes), &mut autosave) {
        // Nobody reads any more (`| head`): the game is kept all the same.
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other.map_err(Text::from),
    }
}

/// Converses with `app` in lines, `input` read on a thread of its own and what is said
/// written to `output`, until the player quits, the input ends or a [`Wake::Stop`] comes;
/// `(sender, wakes)` is the loop's channel, which the app's searches wake, and `autosave`
/// keeps the game.
pub fn converse(
    app: App,
    input: impl BufRead + Send + 'static,
    output: &mut impl Write,
    (sender, wakes): (SyncSender<Wake>, Receiver<Wake>),
    autosave: &mut Autosave,
) -> std::io::Result<()> {
    app.waker.connect(sender.clone());
    let go_on = read_lines(input, sender);
    let mut session = Session::new(app);
    let mut said = session.opening();
    let mut held = None;
    loop {
        keep(&mut session, autosave, &mut said);
        write(output, &said)?;
        if session.done() {
            return Ok(());
        }
        if !session.busy()
            && let Some(heard) = held.take()
        {
            said = hear(&mut session, heard, &go_on);
            continue;
        }
        let woken = match session.timer() {
            Some(due) => match wakes.recv_timeout(due.saturating_duration_since(Instant::now())) {
                Ok(wake) => Some(wake),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => return Ok(()),
            },
            None => match wakes.recv() {
                Ok(wake) => Some(wake),
                Err(_) => return Ok(()),
            },
        };
        said = match woken {
            None => session.event(Event::Timer),
            Some(Wake::Searched) => session.event(Event::Searched),
            Some(Wake::Link) => session.event(Event::Shared { played: false }),
            Some(Wake::Line(heard)) if session.busy() => {
                held = Some(heard);
                Vec::new()
            }
            Some(Wake::Line(heard)) => hear(&mut session, heard, &go_on),
            Some(Wake::Stop) => {
                session.app().stop_clocks();
                autosave.keep(session.app());
                return Ok(());
            }
            Some(Wake::Local(_) | Wake::Guests) => Vec::new(),
        };
    }
}

/// What a line heard makes the session say; the reader may then read the next.
fn hear(session: &mut Session, heard: Heard, go_on: &SyncSender<()>) -> Vec<String> {
    let said = match heard {
        Heard::Line(line) => session.line(&line),
        Heard::Refused(why) => session.refused(&why),
        Heard::End => session.end_of_input(),
    };
    let _ = go_on.try_send(());
    said
}

/// What the program around the session does after each line or event, as the terminal's
/// loop does: the request the app made served, the game kept; what came of it said too.
fn keep(session: &mut Session, autosave: &mut Autosave, said: &mut Vec<String>) {
    if let Some(request) = session.app().request.take() {
        crate::terminal::serve(request, session.app(), autosave);
    }
    autosave.keep(session.app());
    said.extend(session.news());
}

/// Writes `said`, a line each, and lets it go at once (a pipe is not a terminal).
fn write(output: &mut impl Write, said: &[String]) -> std::io::Result<()> {
    for line in said {
        writeln!(output, "{line}")?;
    }
    output.flush()
}

/// Reads lines from `input` on a thread of its own, each sent to the loop as a
/// [`Wake::Line`]; the next is read once the loop says so through the sender returned, so
/// that no more than a line waits ahead of the answers.
fn read_lines(mut input: impl BufRead + Send + 'static, wakes: SyncSender<Wake>) -> SyncSender<()> {
    let (go_on, permits) = mpsc::sync_channel(1);
    std::thread::spawn(move || {
        loop {
            let heard = match read_line(&mut input) {
                None => Heard::End,
                Some(Ok(line)) => Heard::Line(line.trim_end_matches(['\n', '\r']).to_string()),
                Some(Err(BadLine::Long)) => Heard::Refused(text!(SPEECH_LONG_LINE, LONGEST_LINE)),
                Some(Err(BadLine::NotUtf8)) => Heard::Refused(text!(SPEECH_NOT_UTF8)),
            };
            let end = heard == Heard::End;
            if wakes.send(Wake::Line(heard)).is_err() || end || permits.recv().is_err() {
                return;
            }
        }
    });
    go_on
}
