//! The bot protocol's lines (`ssh NAME@HOST bot`): what a program sends and what it is
//! told, one a line, words separated by spaces, parsed and written here without any I/O
//! (docs/club.md has the protocol). A line that is not a command parses to a [`BotError`],
//! which the server answers with one `err` line; the session goes on.
//!
//! ```
//! use hexstack_club::bot::{BotCommand, BotNews};
//! let seek: BotCommand = "seek clamber 3 5+3 rated".parse().unwrap();
//! assert_eq!(seek.to_string(), "seek clamber 3 5+3 rated random");
//! let turn: BotNews = "turn 7 1 C3 300000 303000".parse().unwrap();
//! assert_eq!(turn, BotNews::Turn { id: 7, number: 1, turn: "C3".into(), clocks: Some([300_000, 303_000]) });
//! ```
//!
//! ```text
//! seek clamber 3 5+3 rated         seek 12
//! challenge Ann ombagui 4 none casual blue
//! cancel 12                        cancelled 12
//! accept 13                        game 7 clamber 3 Bo Ann 5+3
//! move 7 C3                        turn 7 1 C3 300000 303000
//!                                  back 7 0 300000 303000
//! resign 7                         end 7 red resign
//! ```
//!
//! Its words are English, as the engine protocol's are: programs read them.

use crate::error::Refusal;
use crate::names::{QUOTED, check_name};
use crate::terms::{GameId, GameResult, clock_text};
use hexstack_rules::time_control::ClubClock;
use hexstack_rules::{Colour, GameKind};
use std::fmt;

/// The longest line read or written, in bytes, its new line aside.
pub const LONGEST_LINE: usize = 512;

/// A game offered: which, on which board, on which clock, rated or casual, and the side
/// its poster plays.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Offer {
    /// The game.
    pub game: GameKind,
    /// Its board's side.
    pub side: u8,
    /// The clock's text: `5+3`, `30s+2`, `3d` (days a turn) or `none`.
    pub clock: String,
    /// Whether it is rated.
    pub rated: bool,
    /// The side the poster plays: `blue`, `red`, or none (`random`: chosen as the game
    /// begins).
    pub colour: Option<Colour>,
}

/// What a bot asks for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BotCommand {
    /// `seek GAME SIDE CLOCK rated|casual [blue|red|random]`: a game for whoever takes it,
    /// the poster playing the side given (random without one).
    Seek(Offer),
    /// `cancel ID`: withdraw one's own seek or challenge, or decline a challenge to oneself.
    Cancel(u64),
    /// `accept ID`: take a seek, or a challenge made to this member.
    Accept(u64),
    /// `challenge NAME GAME SIDE CLOCK rated|casual [blue|red|random]`: a game offered to
    /// one member.
    Challenge {
        /// The member challenged.
        name: String,
        /// The game offered.
        offer: Offer,
    },
    /// `move GAME_ID TURN`: a turn in notation.
    Move {
        /// The game.
        game: GameId,
        /// The turn, in notation.
        turn: String,
    },
    /// `resign GAME_ID`.
    Resign(GameId),
    /// `watch GAME_ID`: be told a game's turns and end without playing in it (the one
    /// command of a watcher without a key).
    Watch(GameId),
}

/// What a bot is told.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BotNews {
    /// `seek ID`: its seek (or challenge) is posted as `ID`.
    Seek(u64),
    /// `challenge ID NAME GAME SIDE CLOCK rated|casual blue|red|random`: member `NAME`
    /// offers it a game, playing the side the last word says; `accept ID` takes it.
    Challenge {
        /// The challenge's number.
        id: u64,
        /// Who offers it.
        from: String,
        /// The game offered.
        offer: Offer,
    },
    /// `cancelled ID`: seek or challenge `ID` of its, or to it, is gone: withdrawn, declined,
    /// or its poster left.
    Cancelled(u64),
    /// `game ID GAME SIDE BLUE RED CLOCK`: a game of its begins (or goes on, after a
    /// restart).
    Game {
        /// The game's number.
        id: GameId,
        /// The game.
        game: GameKind,
        /// Its board's side.
        side: u8,
        /// Blue's name.
        blue: String,
        /// Red's name.
        red: String,
        /// Its clock's text.
        clock: String,
    },
    /// `turn ID N TURN BLUE_MS RED_MS`: turn `N` was played; the clocks after it (`-`
    /// each without a clock).
    Turn {
        /// The game's number.
        id: GameId,
        /// The turn's number, from 1.
        number: u32,
        /// The turn, in notation.
        turn: String,
        /// Blue's and Red's milliseconds left.
        clocks: Option<[u64; 2]>,
    },
    /// `back ID N BLUE_MS RED_MS`: the players agreed on a terminal to take turns back;
    /// the game goes on from turn `N` (0: the start), the clocks at these figures (no time
    /// is given back).
    Back {
        /// The game's number.
        id: GameId,
        /// The turns it keeps.
        number: u32,
        /// Blue's and Red's milliseconds left.
        clocks: Option<[u64; 2]>,
    },
    /// `end ID RESULT REASON`: `blue`, `red` or `draw`; `rules`, `time`, `resign` or
    /// `agreed`.
    End {
        /// The game's number.
        id: GameId,
        /// How it ended.
        verdict: GameResult,
    },
    /// `err MESSAGE`: a line refused, and why.
    Err(String),
}

/// Why a line is not one the club takes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BotError {
    /// Not a line of the protocol: why, in the protocol's own (English) words.
    Line(String),
    /// A line of the protocol whose terms the club refuses: a name, a clock.
    Refused(Refusal),
}

fn refused<T>(why: impl Into<String>) -> Result<T, BotError> {
    Err(BotError::Line(why.into()))
}

/// The commands, for an unknown one.
const COMMANDS: &str = "seek, accept, challenge, cancel, move, resign, watch";

/// The words of a line, if it may be read: not too long, one line of printable ASCII.
fn words(line: &str) -> Result<Vec<&str>, BotError> {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let line = line.strip_suffix('\r').unwrap_or(line);
    if line.len() > LONGEST_LINE {
        return refused(format!("the line is longer than {LONGEST_LINE} bytes"));
    }
    if let Some(c) = line.chars().find(|c| !(c.is_ascii_graphic() || *c == ' ' || *c == '\t')) {
        return refused(format!("the line has {}: only printable ASCII is read", c.escape_unicode()));
    }
    Ok(line.split_whitespace().collect())
}

/// A seek's number: a positive whole number.
fn seek_id(word: &str) -> Result<u64, BotError> {
    match figure::<u64>(word, "a number: expected a seek's number")? {
        0 => refused("a seek's number is 1 or more"),
        id => Ok(id),
    }
}

/// A game's number: a positive whole number.
fn id(word: &str) -> Result<i64, BotError> {
    match word.parse::<i64>() {
        Ok(id) if id > 0 && !word.starts_with('+') => Ok(id),
        _ => refused(format!("'{}' is not a number: expected a game's number", shorten(word))),
    }
}

/// A figure: a whole number of 0 or more (milliseconds, a turn's number).
fn figure<T: std::str::FromStr>(word: &str, what: &str) -> Result<T, BotError> {
    match word.bytes().all(|b| b.is_ascii_digit()) {
        true => word.parse().or_else(|_| refused(format!("'{}' is not {what}", shorten(word)))),
        false => refused(format!("'{}' is not {what}", shorten(word))),
    }
}

/// At most 40 characters of a word, to quote it.
fn shorten(word: &str) -> String {
    let mut out: String = word.chars().take(QUOTED).collect();
    if word.len() > out.len() {
        out.push('…');
    }
    out
}

/// `GAME SIDE`: a game of the list on one of its boards.
fn game(game: &str, side: &str) -> Result<(GameKind, u8), BotError> {
    let kind: GameKind = game.parse().or_else(|_| {
        refused(format!(
            "'{}' is not a game: {}",
            shorten(game),
            hexstack_rules::listing(GameKind::ALL.iter().map(|kind| kind.name().to_string()), "or")
        ))
    })?;
    let side: u8 = figure(side, "a board's side")?;
    match kind.board(Some(u32::from(side))) {
        Ok(_) => Ok((kind, side)),
        Err(error) => refused(error.to_string()),
    }
}

/// `GAME SIDE CLOCK rated|casual [blue|red|random]`.
fn offer(words: &[&str]) -> Result<Offer, BotError> {
    let ([kind, side, clock, rated] | [kind, side, clock, rated, _]) = words else {
        return refused(
            "expected GAME SIDE CLOCK rated|casual [blue|red|random], as in 'clamber 3 5+3 rated'",
        );
    };
    let colour = match words.get(4).copied() {
        None | Some("random") => None,
        Some("blue") => Some(Colour::Blue),
        Some("red") => Some(Colour::Red),
        Some(other) => return refused(format!("'{}' is not a side: blue, red or random", shorten(other))),
    };
    let (game, side) = game(kind, side)?;
    let clock = clock_text(clock).map_err(BotError::Refused)?;
    let rated = match *rated {
        "rated" => true,
        "casual" => false,
        other => return refused(format!("'{}' is neither rated nor casual", shorten(other))),
    };
    Ok(Offer { game, side, clock, rated, colour })
}

/// A turn's word: one word of notation (the rules check it when it is played).
fn turn(word: &str) -> Result<String, BotError> {
    match word.len() <= 64 {
        true => Ok(word.to_string()),
        false => refused("a turn is at most 64 characters"),
    }
}

impl std::str::FromStr for BotCommand {
    type Err = BotError;

    fn from_str(line: &str) -> Result<BotCommand, BotError> {
        let words = words(line)?;
        let exactly = |count: usize, form: &str| match words.len() == count {
            true => Ok(()),
            false => refused(format!("expected '{form}'")),
        };
        match words.first().copied() {
            Some("seek") => Ok(BotCommand::Seek(offer(&words[1..])?)),
            Some("accept") => {
                exactly(2, "accept ID").and_then(|()| Ok(BotCommand::Accept(seek_id(words[1])?)))
            }
            Some("cancel") => {
                exactly(2, "cancel ID").and_then(|()| Ok(BotCommand::Cancel(seek_id(words[1])?)))
            }
            Some("challenge") if words.len() > 1 => {
                let name = check_name(words[1]).map_err(BotError::Refused)?.to_string();
                Ok(BotCommand::Challenge { name, offer: offer(&words[2..])? })
            }
            Some("challenge") => {
                refused("expected 'challenge NAME GAME SIDE CLOCK rated|casual [blue|red|random]'")
            }
            Some("move") => {
                exactly(3, "move GAME_ID TURN")?;
                Ok(BotCommand::Move { game: id(words[1])?, turn: turn(words[2])? })
            }
            Some("resign") => {
                exactly(2, "resign GAME_ID").and_then(|()| Ok(BotCommand::Resign(id(words[1])?)))
            }
            Some("watch") => exactly(2, "watch GAME_ID").and_then(|()| Ok(BotCommand::Watch(id(words[1])?))),
            Some(other) => {
                refused(format!("unknown command '{}': the commands are {COMMANDS}", shorten(other)))
            }
            None => refused(format!("an empty line: the commands are {COMMANDS}")),
        }
    }
}

impl Offer {
    /// The offer's clock, as its text (checked when it was read) says it.
    pub fn club_clock(&self) -> ClubClock {
        ClubClock::parse(&self.clock).unwrap_or(ClubClock::Untimed)
    }
}

impl fmt::Display for Offer {
    /// `clamber 3 5+3 rated random`: every word, the side always said.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rated = if self.rated { "rated" } else { "casual" };
        let colour = match self.colour {
            Some(Colour::Blue) => "blue",
            Some(Colour::Red) => "red",
            None => "random",
        };
        write!(f, "{} {} {} {rated} {colour}", self.game, self.side, self.clock)
    }
}

impl fmt::Display for BotCommand {
    /// The line, without its new line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotCommand::Seek(offer) => write!(f, "seek {offer}"),
            BotCommand::Accept(id) => write!(f, "accept {id}"),
            BotCommand::Cancel(id) => write!(f, "cancel {id}"),
            BotCommand::Challenge { name, offer } => write!(f, "challenge {name} {offer}"),
            BotCommand::Move { game, turn } => write!(f, "move {game} {turn}"),
            BotCommand::Resign(game) => write!(f, "resign {game}"),
            BotCommand::Watch(game) => write!(f, "watch {game}"),
        }
    }
}

impl fmt::Display for BotNews {
    /// The line, without its new line; an `err` message made one short line of printable
    /// ASCII whatever it holds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotNews::Seek(id) => write!(f, "seek {id}"),
            BotNews::Cancelled(id) => write!(f, "cancelled {id}"),
            BotNews::Challenge { id, from, offer } => write!(f, "challenge {id} {from} {offer}"),
            BotNews::Game { id, game, side, blue, red, clock } => {
                write!(f, "game {id} {game} {side} {blue} {red} {clock}")
            }
            BotNews::Turn { id, number, turn, clocks: Some([blue, red]) } => {
                write!(f, "turn {id} {number} {turn} {blue} {red}")
            }
            BotNews::Turn { id, number, turn, clocks: None } => write!(f, "turn {id} {number} {turn} - -"),
            BotNews::Back { id, number, clocks: Some([blue, red]) } => {
                write!(f, "back {id} {number} {blue} {red}")
            }
            BotNews::Back { id, number, clocks: None } => write!(f, "back {id} {number} - -"),
            BotNews::End { id, verdict } => {
                write!(f, "end {id} {} {}", verdict.result_word(), verdict.reason.word())
            }
            BotNews::Err(message) => write!(f, "err {}", plain(message)),
        }
    }
}

/// `message` as one line of printable ASCII that fits [`LONGEST_LINE`] after `err `: other
/// characters as escapes, white space as one space, cut with `...` if too long.
pub fn plain(message: &str) -> String {
    let mut out = String::new();
    for c in message.split_whitespace().collect::<Vec<_>>().join(" ").chars() {
        match c.is_ascii_graphic() || c == ' ' {
            true => out.push(c),
            false => out.push_str(&c.escape_unicode().to_string()),
        }
    }
    let room = LONGEST_LINE - "err ".len();
    if out.len() > room {
        out.truncate(room - 3);
        out.push_str("...");
    }
    match out.is_empty() {
        true => "?".to_string(),
        false => out,
    }
}

impl std::str::FromStr for BotNews {
    type Err = BotError;

    /// For bots written in Rust, and the tests: an event line read back.
    fn from_str(line: &str) -> Result<BotNews, BotError> {
        let words = words(line)?;
        let clock = |word: &str| match word {
            "-" => Ok(None),
            word => figure(word, "milliseconds").map(Some),
        };
        match words[..] {
            ["seek", seek] => Ok(BotNews::Seek(seek_id(seek)?)),
            ["cancelled", seek] => Ok(BotNews::Cancelled(seek_id(seek)?)),
            ["challenge", seek, from, ..] => {
                let from = check_name(from).map_err(BotError::Refused)?.to_string();
                Ok(BotNews::Challenge { id: seek_id(seek)?, from, offer: offer(&words[3..])? })
            }
            ["game", game_id, kind, side, blue, red, clock] => {
                let (game, side) = game(kind, side)?;
                let [blue, red] =
                    [blue, red].map(|name| check_name(name).map(str::to_string).map_err(BotError::Refused));
                let (blue, red) = (blue?, red?);
                let clock = clock_text(clock).map_err(BotError::Refused)?;
                Ok(BotNews::Game { id: id(game_id)?, game, side, blue, red, clock })
            }
            ["turn", game_id, number, played, blue, red] => {
                let clocks = clocks(clock(blue)?, clock(red)?)?;
                let number = figure(number, "a turn's number")?;
                Ok(BotNews::Turn { id: id(game_id)?, number, turn: turn(played)?, clocks })
            }
            ["back", game_id, number, blue, red] => {
                let clocks = clocks(clock(blue)?, clock(red)?)?;
                let number = figure(number, "a turn's number")?;
                Ok(BotNews::Back { id: id(game_id)?, number, clocks })
            }
            ["end", game_id, result, reason] => match GameResult::from_words(result, reason) {
                Some(verdict) => Ok(BotNews::End { id: id(game_id)?, verdict }),
                None => {
                    refused(format!("'{} {}' is not a result and a reason", shorten(result), shorten(reason)))
                }
            },
            ["err", ..] => Ok(BotNews::Err(words[1..].join(" "))),
            _ => refused("not an event: seek, cancelled, challenge, game, turn, back, end or err"),
        }
    }
}

/// Both clocks' figures, or neither.
fn clocks(blue: Option<u64>, red: Option<u64>) -> Result<Option<[u64; 2]>, BotError> {
    match (blue, red) {
        (Some(blue), Some(red)) => Ok(Some([blue, red])),
        (None, None) => Ok(None),
        _ => refused("both clocks or neither"),
    }
}

/// Splits bytes as they arrive (an SSH channel's chunks) into lines, holding at most
/// [`LONGEST_LINE`] bytes of an unfinished one: a longer line is one error, and the rest
/// of it is dropped up to its new line.
#[derive(Default, Debug)]
pub struct Lines {
    held: Vec<u8>,
    /// Dropping the rest of a line too long, up to its new line.
    skipping: bool,
}

impl Lines {
    /// Takes `bytes` in; each line they end, or why it cannot be read.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<Result<String, BotError>> {
        let mut done = Vec::new();
        for &byte in bytes {
            match (byte, self.skipping) {
                (b'\n', true) => self.skipping = false,
                (_, true) => {}
                (b'\n', false) => {
                    let line = std::mem::take(&mut self.held);
                    done.push(String::from_utf8(line).or_else(|_| refused("the line is not UTF-8 text")));
                }
                (byte, false) if self.held.len() < LONGEST_LINE + 1 => self.held.push(byte),
                (_, false) => {
                    self.held.clear();
                    self.skipping = true;
                    done.push(refused(format!("the line is longer than {LONGEST_LINE} bytes")));
                }
            }
        }
        done
    }
}
