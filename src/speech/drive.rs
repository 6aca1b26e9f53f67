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
use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use crate::protocol::{BadLine, LONGEST_LINE, read_line};
use std::io::{BufRead, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::Instant;

/// Runs `app` in lines on standard input and output until the player quits or the input
/// ends, keeping games in the saves folder; a signal (Ctrl-C) ends it too, the game kept.
pub(crate) fn run(mut app: App) -> Result<(), Text> {
    let (sender, wakes) = mpsc::sync_channel(QUEUE);
    crate::terminal::stop_on_signals(sender.clone());
    let folders = app.profile.folders.clone();
    let mut autosave =
        Autosave::new(folders.saves(), &mut app).with_puzzles(crate::puzzles::files::mine_path(&folders));
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
pub(crate) fn converse(
    app: App,
    input: impl BufRead + Send + 'static,
    output: &mut impl Write,
    (sender, wakes): (SyncSender<Wake>, Receiver<Wake>),
    autosave: &mut Autosave,
) -> std::io::Result<()> {
    app.waker.connect(sender.clone());
    let go_on = read_lines(input, sender);
    let mut session = Session::new(app);
    let mut said = opening(&mut session);
    let (mut held, mut answered) = (None, false);
    loop {
        keep(&mut session, autosave, &mut said);
        write(output, &said)?;
        if session.done() {
            return Ok(());
        }
        // The reader reads on once the answer to its last line is out.
        if std::mem::take(&mut answered) {
            let _ = go_on.try_send(());
        }
        if !session.busy()
            && let Some(heard) = held.take()
        {
            (said, answered) = (hear(&mut session, heard), true);
            continue;
        }
        said = match wait(&session, &wakes) {
            Waited::Event(event) => session.event(event),
            Waited::Line(heard) if session.busy() => {
                held = Some(heard);
                Vec::new()
            }
            Waited::Line(heard) => {
                answered = true;
                hear(&mut session, heard)
            }
            Waited::Nothing => Vec::new(),
            Waited::Stop => {
                session.app().stop_clocks();
                autosave.keep(session.app());
                return Ok(());
            }
        };
    }
}

/// What the session says first; then what came of a search that ended before the app's
/// waker was connected to the loop (the computer's first turn, at once at a low level): it
/// woke nobody, so it is taken in now.
fn opening(session: &mut Session) -> Vec<String> {
    let mut said = session.opening();
    said.extend(session.event(Event::Searched));
    said
}

/// What the loop woke for.
enum Waited {
    Event(Event),
    Line(Heard),
    Nothing,
    /// A signal, or nobody left to wake it.
    Stop,
}

/// Sleeps until something wakes the loop, or the session's timer is due.
fn wait(session: &Session, wakes: &Receiver<Wake>) -> Waited {
    let woken = match session.timer() {
        Some(due) => match wakes.recv_timeout(due.saturating_duration_since(Instant::now())) {
            Err(RecvTimeoutError::Timeout) => return Waited::Event(Event::Timer),
            woken => woken.ok(),
        },
        None => wakes.recv().ok(),
    };
    match woken {
        Some(Wake::Searched) => Waited::Event(Event::Searched),
        Some(Wake::Link) => Waited::Event(Event::Shared { played: false }),
        Some(Wake::Line(heard)) => Waited::Line(heard),
        Some(Wake::Local(_) | Wake::Guests) => Waited::Nothing,
        Some(Wake::Stop) | None => Waited::Stop,
    }
}

/// What a line heard makes the session say.
fn hear(session: &mut Session, heard: Heard) -> Vec<String> {
    match heard {
        Heard::Line(line) => session.line(&line),
        Heard::Refused(why) => session.refused(&why),
        Heard::End => session.end_of_input(),
    }
}

/// A session its caller drives a line at a time, each answer whole when it returns (the
/// computer's turn, a hint, a review waited for), its game kept and its requests served
/// as the loop does: for a caller that reads lines itself, and for the tests' transcripts.
#[cfg(test)]
pub(crate) struct Conversation {
    session: Session,
    wakes: Receiver<Wake>,
    autosave: Autosave,
}

#[cfg(test)]
impl Conversation {
    /// A conversation with `app`, its game kept by `autosave`.
    pub(crate) fn new(app: App, autosave: Autosave) -> Conversation {
        let (sender, wakes) = mpsc::sync_channel(QUEUE);
        app.waker.connect(sender);
        Conversation { session: Session::new(app), wakes, autosave }
    }

    /// What it says first.
    pub(crate) fn opening(&mut self) -> Vec<String> {
        let said = opening(&mut self.session);
        self.settled(said)
    }

    /// A line typed, and everything said until the session waits for the next.
    pub(crate) fn line(&mut self, line: &str) -> Vec<String> {
        let said = self.session.line(line);
        self.settled(said)
    }

    /// The input ended.
    pub(crate) fn end(&mut self) -> Vec<String> {
        let said = self.session.end_of_input();
        self.settled(said)
    }

    /// `said`, then what comes of the game kept and the requests served, and of whatever
    /// keeps the session busy, until it is not.
    fn settled(&mut self, mut said: Vec<String>) -> Vec<String> {
        keep(&mut self.session, &mut self.autosave, &mut said);
        while self.session.busy() {
            let more = match wait(&self.session, &self.wakes) {
                Waited::Event(event) => self.session.event(event),
                Waited::Line(_) | Waited::Nothing => Vec::new(),
                Waited::Stop => break,
            };
            said.extend(more);
            keep(&mut self.session, &mut self.autosave, &mut said);
        }
        said
    }
}

/// What the program around the session does after each line or event, as the terminal's
/// loop does: the request the app made served, the game kept; what came of it said too.
fn keep(session: &mut Session, autosave: &mut Autosave, said: &mut Vec<String>) {
    if let Some(request) = session.app().take_request() {
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
