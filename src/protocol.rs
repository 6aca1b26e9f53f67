//! `hexstack engine`: a line protocol on stdin and stdout for scripts, tournaments and other
//! front ends. Each command gets exactly one answer line, `ok` (with its result) or
//! `err REASON`; no input ends it but `quit` or the end of the input, and those stop a
//! search under way at once: the input is read on its own thread while the search runs.
//!
//! ```text
//! new clamber 3        ok
//! play C3              ok
//! moves                ok A1 A2 ...
//! go iterations 5000   ok D3
//! eval                 ok 0.52
//! result               ok ongoing
//! quit                 ok
//! ```

use crate::ai::{Budget, Evaluate, Level, Search};
use crate::record::{End, Record};
use crate::rules::{Any, Colour, Family, Game, GameKind, ParseError, ParseErrorKind, listing};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

/// A game played over the protocol, and a searcher for it that keeps what it learnt (its
/// table, its verdicts) from one turn to the next.
#[derive(Debug)]
pub(crate) struct ProtocolGame<G: Game> {
    record: Record<G>,
    search: Search<G>,
}

/// Every game's [`ProtocolGame`].
#[derive(Debug)]
pub(crate) struct Plays;

impl Family for Plays {
    type Of<G: Game> = ProtocolGame<G>;
}

/// The game being played over the protocol, if one was started.
pub(crate) struct Engine {
    game: Option<Any<Plays>>,
    /// The level `eval` judges at: the last `go level N`'s.
    level: Level,
}

/// The commands, for the answer to an unknown one.
const COMMANDS: &str = "new, position, moves, play, undo, go, eval, result, quit";

/// How `new` is written for each game: `new clamber [SIZE] [POSITION]`, `new ombagui [POSITION]`.
fn forms() -> impl Iterator<Item = String> {
    GameKind::ALL.iter().map(|&game| {
        let sizes = crate::each_game!(kind game, G => G::SIDES.start() != G::SIDES.end());
        format!("new {game}{} [POSITION]", if sizes { " [SIZE]" } else { "" })
    })
}

/// The forms of `new`, in a sentence.
fn new_forms() -> String {
    listing(forms(), "or")
}

/// The answer to a command that needs a game before one is started.
fn no_game() -> String {
    format!("no game: send {}", listing(forms().map(|form| format!("'{form}'")), "or"))
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// An engine with no game yet, at the usual level.
    pub(crate) fn new() -> Engine {
        Engine { game: None, level: Level::USUAL }
    }

    /// Answers one command line: `Ok(result)` for `ok result`, `Err(reason)` for `err reason`.
    #[cfg(test)]
    pub(crate) fn answer(&mut self, line: &str) -> Result<String, String> {
        self.answer_until(line, &AtomicBool::new(false))
    }

    /// [`Engine::answer`], a search ending at once when `stop` is set (with the best turn
    /// it has).
    pub(crate) fn answer_until(&mut self, line: &str, stop: &AtomicBool) -> Result<String, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["new", game, rest @ ..] => self.new_game(game, rest),
            ["new"] => Err(format!("new needs a game: {}", new_forms())),
            ["position"] => Ok(crate::each_game!(self.game()?, g => g.record.position().to_string())),
            ["moves"] => Ok(crate::each_game!(self.game()?, g => turns(&g.record.position()))),
            ["play", turn] => crate::each_game!(self.game_mut()?, g => play(&mut g.record, turn)),
            ["play"] => Err("play needs a turn, like play C3 or play D1-D4".into()),
            ["undo"] => match crate::each_game!(self.game_mut()?, g => g.record.undo()) {
                true => Ok(String::new()),
                false => Err("nothing to undo".into()),
            },
            ["go", "level", n] => {
                self.level = level(n)?;
                self.verdict(self.level, stop).map(|(turn, _)| turn)
            }
            ["go", "ms", n] => self.go(
                Budget { time: Some(Duration::from_millis(number(n, 1, 3_600_000)?)), ..Budget::default() },
                stop,
            ),
            ["go", "iterations", n] => {
                self.go(Budget { nodes: Some(number(n, 1, u64::MAX)?), ..Budget::default() }, stop)
            }
            ["go", ..] => Err("go needs a budget: go level N (1 to 5), go ms N or go iterations N".into()),
            ["eval"] => self.eval(self.level, stop),
            ["eval", "level", n] => self.eval(level(n)?, stop),
            ["eval", ..] => Err("eval takes nothing, or a level: eval level N (1 to 5)".into()),
            ["result"] => Ok(crate::each_game!(self.game()?, g => result(g.record.end()))),
            ["quit"] => Ok(String::new()),
            [] => Err("no command".into()),
            [command @ ("position" | "moves" | "play" | "undo" | "result" | "quit"), ..] => {
                Err(format!("{command} takes {}", arguments(command)))
            }
            [command, ..] => Err(format!("unknown command {}: {COMMANDS}", quote(command))),
        }
    }

    fn game(&self) -> Result<&Any<Plays>, String> {
        self.game.as_ref().ok_or_else(no_game)
    }

    fn game_mut(&mut self) -> Result<&mut Any<Plays>, String> {
        self.game.as_mut().ok_or_else(no_game)
    }

    fn new_game(&mut self, game: &str, rest: &[&str]) -> Result<String, String> {
        let kind: GameKind = game.parse().map_err(|e| explain(&e))?;
        let sizes = crate::each_game!(kind kind, G => G::SIDES.start() != G::SIDES.end());
        let (size, position) = match rest {
            [] => (None, "start"),
            [size] if sizes && size.parse::<u32>().is_ok() => (size.parse().ok(), "start"),
            [size, position] if sizes => (Some(number(size, 2, 6)? as u32), *position),
            [position] => (None, *position),
            _ => return Err(format!("too many words: {}", new_forms())),
        };
        let start = kind.position(position, size).map_err(|e| explain(&e))?;
        self.game = Some(
            crate::each_game!(map start, start => ProtocolGame { record: Record::new(start), search: Search::new() }),
        );
        Ok(String::new())
    }

    fn go(&mut self, budget: Budget, stop: &AtomicBool) -> Result<String, String> {
        let found = crate::each_game!(self.game_mut()?, g => best(g, budget, stop));
        found.ok_or_else(|| "the game is over".into())
    }

    /// The verdict at `level` on the position: the turn in notation and the chance of
    /// the player to move, the same each time it is asked until a deeper search looks.
    fn verdict(&mut self, level: Level, stop: &AtomicBool) -> Result<(String, f64), String> {
        let found = crate::each_game!(self.game_mut()?, g => verdict(g, level, stop));
        found.ok_or_else(|| "the game is over".into())
    }

    fn eval(&mut self, level: Level, stop: &AtomicBool) -> Result<String, String> {
        self.verdict(level, stop).map(|(_, chance)| format!("{chance:.2}"))
    }
}

/// What a command without arguments says when given some.
fn arguments(command: &str) -> &'static str {
    match command {
        "play" => "one turn, like play C3",
        _ => "no argument",
    }
}

fn best<G: Evaluate>(game: &mut ProtocolGame<G>, budget: Budget, stop: &AtomicBool) -> Option<String> {
    if game.record.is_over() {
        return None;
    }
    game.search.remember(game.record.history().iter().map(|ply| &ply.position));
    game.search.best(&game.record.position(), budget, stop).map(|found| found.turn.to_string())
}

fn verdict<G: Evaluate>(
    game: &mut ProtocolGame<G>,
    level: Level,
    stop: &AtomicBool,
) -> Option<(String, f64)> {
    if game.record.is_over() {
        return None;
    }
    game.search.remember(game.record.history().iter().map(|ply| &ply.position));
    let verdict = game.search.verdict_at_level(&game.record.position(), level, stop)?;
    Some((verdict.turn.to_string(), verdict.chance()))
}

/// `go level N` and `eval level N`: N a level.
fn level(text: &str) -> Result<Level, String> {
    Level::new(number(text, 1, 5)? as u8).ok_or_else(|| format!("{} is not a level", quote(text)))
}

fn play<G: Game>(record: &mut Record<G>, text: &str) -> Result<String, String> {
    let turn: G::Turn = text.parse().map_err(|e| explain(&e))?;
    if record.is_over() {
        return Err("the game is over".into());
    }
    record.play(&turn).map(|_| String::new()).map_err(|e| format!("{e}"))
}

/// A parse error in the protocol's words: the size is the `new` command's, not a flag.
fn explain(error: &ParseError) -> String {
    match error.kind() {
        ParseErrorKind::SizeMismatch { size, side } => {
            format!("the position is on a side-{side} board, not the side {size} given to new")
        }
        ParseErrorKind::OneSide { game, side, .. } => {
            format!("{} is played on the side-{side} board: new {game} takes no side", game.title())
        }
        _ => error.to_string(),
    }
}

fn turns<G: Game>(position: &G) -> String {
    position.legal_turns().iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

fn result(end: Option<End>) -> String {
    match end.map(End::winner) {
        None => "ongoing",
        Some(Some(Colour::Blue)) => "blue",
        Some(Some(Colour::Red)) => "red",
        Some(None) => "draw",
    }
    .to_string()
}

fn number<T: std::str::FromStr + PartialOrd + std::fmt::Display>(
    text: &str,
    low: T,
    high: T,
) -> Result<T, String> {
    text.parse::<T>()
        .ok()
        .filter(|n| *n >= low && *n <= high)
        .ok_or_else(|| format!("{} is not a number from {low} to {high}", quote(text)))
}

/// The most characters of the input an answer quotes.
const QUOTED: usize = 60;

/// `text` quoted for an answer: control characters escaped, cut to [`QUOTED`] characters.
fn quote(text: &str) -> String {
    format!("'{}'", shorten(text))
}

/// `text` with its control characters escaped and cut to [`QUOTED`] characters with an
/// ellipsis.
fn shorten(text: &str) -> String {
    let escaped = escape(text);
    match escaped.char_indices().nth(QUOTED) {
        Some((cut, _)) => format!("{}…", &escaped[..cut]),
        None => escaped,
    }
}

/// `text` with its control characters escaped (`\u{1b}`), so that an answer stays one
/// line and sends the terminal nothing.
fn escape(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() })
        .collect()
}

/// A reason made fit for one answer line: every quoted part of it shortened (reasons
/// from the rules quote the text they refuse), control characters escaped everywhere.
fn tidy(reason: &str) -> String {
    let parts = reason.split('\'').enumerate();
    parts.map(|(n, part)| if n % 2 == 1 { shorten(part) } else { escape(part) }).collect::<Vec<_>>().join("'")
}

/// The longest line read: a position of the largest board is under a thousand
/// characters. A longer line is answered with an error, the rest of it skipped.
pub(crate) const LONGEST_LINE: usize = 4096;

/// Lines read ahead of the answers at most: the reader waits beyond.
const READ_AHEAD: usize = 256;

/// A line of input, or why it could not be one.
type InputLine = Result<String, String>;

/// Why a line read was not taken.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum BadLine {
    /// Longer than [`LONGEST_LINE`] bytes: the rest of it was skipped.
    Long,
    NotUtf8,
}

impl BadLine {
    /// Why, as the protocol answers.
    fn reason(self) -> String {
        match self {
            BadLine::Long => format!("the line is longer than {LONGEST_LINE} bytes"),
            BadLine::NotUtf8 => "the line is not UTF-8 text".to_string(),
        }
    }
}

/// Reads lines into `lines` until `quit` or the end of the input, setting `stop` at either
/// so that a search under way ends at once.
fn read_lines(mut input: impl BufRead, lines: mpsc::SyncSender<InputLine>, stop: Arc<AtomicBool>) {
    loop {
        let line = read_line(&mut input).map(|line| line.map_err(BadLine::reason));
        let Some(line) = line else { break };
        let quit = line.as_deref().is_ok_and(|line| line.trim() == "quit");
        if quit {
            stop.store(true, Ordering::Relaxed);
        }
        if lines.send(line).is_err() || quit {
            return;
        }
    }
    stop.store(true, Ordering::Relaxed);
}

/// One line of at most [`LONGEST_LINE`] bytes, its end included; `None` at the end of the
/// input (or when it cannot be read any more). A longer line is refused, the rest of it
/// skipped without being kept, so that no input holds more than a line's bytes.
pub(crate) fn read_line(input: &mut impl BufRead) -> Option<Result<String, BadLine>> {
    let mut bytes = Vec::new();
    let read =
        std::io::Read::take(&mut *input, LONGEST_LINE as u64 + 1).read_until(b'\n', &mut bytes).ok()?;
    if read == 0 {
        return None;
    }
    if bytes.last() != Some(&b'\n') && bytes.len() > LONGEST_LINE {
        // Skip the rest of the line, without keeping it.
        loop {
            let buffer = input.fill_buf().ok()?;
            if buffer.is_empty() {
                break;
            }
            match buffer.iter().position(|&b| b == b'\n') {
                Some(end) => {
                    input.consume(end + 1);
                    break;
                }
                None => {
                    let all = buffer.len();
                    input.consume(all);
                }
            }
        }
        return Some(Err(BadLine::Long));
    }
    Some(String::from_utf8(bytes).map_err(|_| BadLine::NotUtf8))
}

/// Reads commands from `input` until `quit` or its end, answering each on `output`. The
/// input is read on a thread of its own, so that `quit` or its end stops a search under
/// way at once (that search still answers, with the best turn it has).
pub(crate) fn run(input: impl BufRead + Send + 'static, output: &mut impl Write) -> std::io::Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    let (sender, lines) = mpsc::sync_channel(READ_AHEAD);
    let flag = Arc::clone(&stop);
    std::thread::spawn(move || read_lines(input, sender, flag));
    let mut engine = Engine::new();
    for line in lines {
        let answer = match line.and_then(|line| engine.answer_until(&line, &stop)) {
            Ok(result) if result.is_empty() => "ok".to_string(),
            Ok(result) => format!("ok {result}"),
            Err(reason) => format!("err {}", tidy(&reason)),
        };
        writeln!(output, "{answer}")?;
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
