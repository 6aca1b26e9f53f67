//! `hexstack engine`: a line protocol on stdin and stdout for scripts, tournaments and other
//! front ends. Each command gets exactly one answer line, `ok` (with its result) or
//! `err REASON`; no input ends it but `quit` or the end of the input.
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

use crate::ai::{self, Budget, Evaluate, Search};
use crate::by_game;
use crate::rules::{AnyPosition, ByGame, Colour, Game, GameKind, clamber, ombagui};
use crate::session::{AnySession, End, Session};
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The game being played over the protocol, and a searcher for it that keeps what it
/// learnt from one turn to the next.
pub struct Engine {
    session: Option<AnySession>,
    search: ByGame<Search<clamber::Position>, Search<ombagui::Position>>,
}

/// What the search looks at for `eval`.
const EVAL_BUDGET: Budget = Budget {
    nodes: Some(20_000),
    time: Some(Duration::from_millis(500)),
    depth: Some(4),
    min_depth: 0,
    most_time: None,
    two_threads: false,
    beginner: false,
};

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    pub fn new() -> Engine {
        Engine { session: None, search: ByGame::Clamber(Search::new()) }
    }

    /// Answers one command line: `Ok(result)` for `ok result`, `Err(reason)` for `err reason`.
    pub fn answer(&mut self, line: &str) -> Result<String, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["new", game, rest @ ..] => self.new_game(game, rest),
            ["position"] => Ok(by_game!(self.session()?, s => s.position().to_string())),
            ["moves"] => Ok(by_game!(self.session()?, s => turns(&s.position()))),
            ["play", turn] => self.play(turn),
            ["undo"] => match by_game!(self.session_mut()?, s => s.undo()) {
                true => Ok(String::new()),
                false => Err("nothing to undo".into()),
            },
            ["go", "level", n] => self.go(ai::level(number(n, 1, 5)? as u8)),
            ["go", "ms", n] => self.go(Budget {
                time: Some(Duration::from_millis(number(n, 1, 3_600_000)?)),
                ..Budget::default()
            }),
            ["go", "iterations", n] => {
                self.go(Budget { nodes: Some(number(n, 1, u64::MAX)?), ..Budget::default() })
            }
            ["eval"] => self.search(EVAL_BUDGET).map(|found| format!("{:.2}", ai::winning_chance(found.1))),
            ["result"] => Ok(by_game!(self.session()?, s => result(s.end()))),
            ["quit"] => Ok(String::new()),
            [] => Err("no command".into()),
            [command, ..] => Err(format!(
                "unknown command '{command}': new, position, moves, play, undo, go, eval, result, quit"
            )),
        }
    }

    fn session(&self) -> Result<&AnySession, String> {
        self.session
            .as_ref()
            .ok_or_else(|| "no game: send 'new clamber [SIZE] [POSITION]' or 'new ombagui [POSITION]'".into())
    }

    fn session_mut(&mut self) -> Result<&mut AnySession, String> {
        self.session
            .as_mut()
            .ok_or_else(|| "no game: send 'new clamber [SIZE] [POSITION]' or 'new ombagui [POSITION]'".into())
    }

    fn new_game(&mut self, game: &str, rest: &[&str]) -> Result<String, String> {
        let kind: GameKind = game.parse().map_err(|e| format!("{e}"))?;
        let (size, position) = match (kind, rest) {
            (_, []) => (None, "start"),
            (GameKind::Clamber, [size]) if size.parse::<u32>().is_ok() => (size.parse().ok(), "start"),
            (GameKind::Clamber, [size, position]) => (Some(number(size, 2, 6)? as u32), *position),
            (_, [position]) => (None, *position),
            _ => return Err("too many words: new clamber [SIZE] [POSITION] or new ombagui [POSITION]".into()),
        };
        let start: AnyPosition = kind.position(position, size).map_err(|e| format!("{e}"))?;
        self.search = match start {
            ByGame::Clamber(_) => ByGame::Clamber(Search::new()),
            ByGame::Ombagui(_) => ByGame::Ombagui(Search::new()),
        };
        self.session = Some(AnySession::new(start));
        Ok(String::new())
    }

    fn play(&mut self, turn: &str) -> Result<String, String> {
        by_game!(self.session_mut()?, s => play(s, turn))
    }

    fn go(&mut self, budget: Budget) -> Result<String, String> {
        self.search(budget).map(|found| found.0)
    }

    /// The best turn in notation and its score, within `budget`.
    fn search(&mut self, budget: Budget) -> Result<(String, i32), String> {
        self.session()?;
        let stop = AtomicBool::new(false);
        let found = match (self.session.as_ref(), &mut self.search) {
            (Some(ByGame::Clamber(s)), ByGame::Clamber(search)) => best(s, search, budget, &stop),
            (Some(ByGame::Ombagui(s)), ByGame::Ombagui(search)) => best(s, search, budget, &stop),
            _ => None,
        };
        found.ok_or_else(|| "the game is over".into())
    }
}

fn best<G: Evaluate>(
    session: &Session<G>,
    search: &mut Search<G>,
    budget: Budget,
    stop: &AtomicBool,
) -> Option<(String, i32)> {
    if session.is_over() {
        return None;
    }
    search.remember(session.history().iter().map(|ply| &ply.position));
    search.best(&session.position(), budget, stop).map(|found| (found.turn.to_string(), found.score))
}

fn play<G: Game>(session: &mut Session<G>, text: &str) -> Result<String, String> {
    let turn: G::Turn = text.parse().map_err(|e| format!("{e}"))?;
    if session.is_over() {
        return Err("the game is over".into());
    }
    session.play(&turn).map(|_| String::new()).map_err(|e| format!("{e}"))
}

fn turns<G: Game>(position: &G) -> String {
    position.legal_turns().iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

fn result(end: Option<End>) -> String {
    match end {
        None => "ongoing",
        Some(End::Won(Colour::Blue) | End::Resigned(Colour::Red)) => "blue",
        Some(End::Won(Colour::Red) | End::Resigned(Colour::Blue)) => "red",
        Some(End::Drawn | End::Blocked) => "draw",
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
        .ok_or_else(|| format!("'{text}' is not a number from {low} to {high}"))
}

/// Reads commands from `input` until `quit` or its end, answering each on `output`.
pub fn run(input: impl BufRead, output: &mut impl Write) -> std::io::Result<()> {
    let mut engine = Engine::new();
    for line in input.lines() {
        let line = line.unwrap_or_default();
        let answer = match engine.answer(&line) {
            Ok(result) if result.is_empty() => "ok".to_string(),
            Ok(result) => format!("ok {result}"),
            Err(reason) => format!("err {}", reason.replace('\n', " ")),
        };
        writeln!(output, "{answer}")?;
        output.flush()?;
        if line.trim() == "quit" {
            break;
        }
    }
    Ok(())
}
