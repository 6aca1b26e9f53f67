//! The saved-game file: plain text that a person can read and edit, and that is checked
//! line by line when it is read back. For example:
//!
//! ```text
//! hexstack saved game
//! game: clamber
//! size: 3
//! date: 2026-11-30 15:31 UTC
//! blue: Ann
//! red: Bo
//! start: 3/b/-
//! result: Red won
//! at: 4 of 4
//! turns:
//! Blue C3
//! Red D3
//! Blue C2
//! Red D3xC3
//! end
//! ```
//!
//! A game the computer reviewed keeps its review after the turns, before `end`: its level
//! and `exact` (`review: 4 exact`), then a line for the start and each turn: Blue's chance
//! there (0 to 1, every digit, so the review reopens the same), the turn the computer would
//! play (`-` once the game is over), and Blue's chance after it where a turn played there
//! was looked at closer (`0.5162176198529514 D3 0.4829001316253426`). An older file's
//! review (`review: 4`, rounded) loads with the game, which is reviewed again, since rounded
//! chances can judge a turn otherwise. Forced skips are not written: replaying the turns
//! makes them again. `at` says how many of the turns are played (the rest were taken back
//! and can be redone); the `end` line shows that the file was written whole.

use crate::ai::Level;
use crate::ai::review::Looked;
use crate::i18n::keys::*;
use crate::i18n::{Text, Words, excerpt, parse_error, text};
use crate::record::{AnyRecord, End, Players, Record};
use crate::rules::{AnyPosition, Colour, Game, GameKind};
use std::fmt::{self, Write};

/// The extension of saved games.
pub(crate) const EXTENSION: &str = "hexstack";

pub(crate) mod plain;
mod timed;

/// The first line of every saved game.
pub(crate) const MAGIC: &str = "hexstack saved game";

/// What the `review:` line says after the level: its chances are written in full.
const EXACT: &str = "exact";

/// What a saved game holds.
#[derive(Clone, Debug)]
pub(crate) struct SavedGame {
    /// The game's record.
    pub game: AnyRecord,
    /// The players' names, and the computer if it played.
    pub players: Players,
    /// The computer's review, if it looked at the game.
    pub review: Option<KeptReview>,
}

/// The computer's review kept with a game, for the line of turns it was made for: so that
/// opening it again is instant, and the game's replay shows its graph.
#[derive(Clone, PartialEq, Debug)]
pub(crate) struct KeptReview {
    /// The level it looked at the positions with.
    pub level: Level,
    /// The turns of the line it reviewed, in notation.
    pub line: Vec<String>,
    /// For the start and after each turn, in order, as far as it got: Blue's chance, the
    /// computer's turn there (none once the game is over), and Blue's chance after that
    /// turn where it was looked at.
    pub looked: Vec<Looked<String>>,
}

impl KeptReview {
    /// The review's part that still holds for a game whose line is `turns`: the positions
    /// up to where the lines part.
    pub(crate) fn for_line(&self, turns: &[String]) -> KeptReview {
        let same = self.line.iter().zip(turns).take_while(|(a, b)| a == b).count();
        let looked = self.looked.iter().take(same + 1).cloned().collect();
        KeptReview { level: self.level, line: turns.to_vec(), looked }
    }

    /// The review of a game at `level` whose line is `turns`, from the verdicts on its
    /// positions, as far as they go without a gap.
    pub(crate) fn of<T: fmt::Display>(level: Level, turns: &[T], looked: &[Option<Looked<T>>]) -> KeptReview {
        let looked = looked
            .iter()
            .map_while(|looked| {
                let looked = looked.as_ref()?;
                let best = looked.best.as_ref().map(ToString::to_string);
                Some(Looked { blue: looked.blue, best, after_best: looked.after_best })
            })
            .collect();
        KeptReview { level, line: turns.iter().map(ToString::to_string).collect(), looked }
    }

    /// How much it holds: its positions and its looks after the computer's turn, so that
    /// what keeps the game writes it again whenever either grows.
    pub(crate) fn size(&self) -> usize {
        self.looked.len() + self.looked.iter().filter(|looked| looked.after_best.is_some()).count()
    }

    /// The verdicts it keeps on `positions` (the game's, start first), `None` where it has
    /// none, and from the first turn that is not legal where it stands (an edited file).
    pub(crate) fn looked<G: Game>(&self, positions: &[G]) -> Vec<Option<Looked<G::Turn>>> {
        let mut holds = true;
        positions
            .iter()
            .enumerate()
            .map(|(i, position)| {
                let kept = self.looked.get(i).filter(|_| holds)?;
                let over = position.outcome() != crate::rules::Outcome::Ongoing;
                let best = kept.best.as_ref().and_then(|text| text.parse::<G::Turn>().ok());
                let best = best.filter(|turn| position.play(turn).is_ok());
                holds = best.is_some() != over;
                holds.then_some(Looked { blue: kept.blue, best, after_best: kept.after_best })
            })
            .collect()
    }

    /// The review's lines in a saved game, from `review:` on.
    fn write(&self, text: &mut String) {
        let _ = writeln!(text, "review: {} {EXACT}", self.level);
        for looked in &self.looked {
            // `{}` writes the shortest text that reads back as the same number.
            let _ = write!(text, "{} {}", looked.blue, looked.best.as_deref().unwrap_or("-"));
            let _ = match looked.after_best {
                Some(blue) => writeln!(text, " {blue}"),
                None => writeln!(text),
            };
        }
    }

    /// The review from a saved game's lines after `review:`; `None` if any is not as
    /// written, or is an older file's rounded review (the game loads all the same, and is
    /// reviewed again).
    fn read(level: &str, lines: &[&str], line: &[String]) -> Option<KeptReview> {
        let level: Level = level.trim().strip_suffix(EXACT)?.trim().parse().ok()?;
        if lines.len() > line.len() + 1 {
            return None;
        }
        let looked = lines
            .iter()
            .map(|text| {
                let chance = |text: &str| text.parse::<f64>().ok().filter(|blue| (0.0..=1.0).contains(blue));
                let fields: Vec<&str> = text.split_whitespace().collect();
                let (blue, best, after_best) = match fields[..] {
                    [blue, best] => (chance(blue)?, best, None),
                    [blue, best, after] => (chance(blue)?, best, Some(chance(after)?)),
                    _ => return None,
                };
                Some(Looked { blue, best: (best != "-").then(|| best.to_string()), after_best })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(KeptReview { level, line: line.to_vec(), looked })
    }
}

/// Why a file could not be read as a saved game: what, and on which line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct LoadError {
    /// The line, counted from 1; none for what is wrong with the whole file.
    pub line: Option<usize>,
    pub(crate) message: Text,
}

impl LoadError {
    /// An error on line `line`.
    fn at(line: usize, message: Text) -> LoadError {
        LoadError { line: Some(line), message }
    }

    /// What to say: the line, then what is wrong with it.
    pub(crate) fn text(&self) -> Text {
        match self.line {
            Some(line) => text!(LOAD_LINE, line, self.message.clone()),
            None => self.message.clone(),
        }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text().fmt(f)
    }
}

impl std::error::Error for LoadError {}

/// How the game stands at its line's end, in words, for the `result` line.
fn result_text<G: Game>(record: &Record<G>) -> String {
    match record.line_end() {
        None => "ongoing".to_string(),
        Some(End::Won(colour)) => format!("{colour} won"),
        Some(End::Time(loser)) => format!("{} won: time", loser.other()),
        Some(End::Resigned(colour)) => format!("{colour} resigned"),
        Some(End::Drawn) => "draw agreed".to_string(),
        Some(End::Blocked) => "drawn: nobody can move".to_string(),
        Some(End::Still) => "drawn: no progress".to_string(),
    }
}

/// Writes `record` as a saved game (the date left out when `date` is empty).
pub(crate) fn write<G: Game>(record: &Record<G>, players: &Players, date: &str) -> String {
    write_reviewed(record, players, date, None)
}

/// Writes `record` as a saved game with the computer's `review` of it, as far as it
/// holds for the game's line.
pub(crate) fn write_reviewed<G: Game>(
    record: &Record<G>,
    players: &Players,
    date: &str,
    review: Option<&KeptReview>,
) -> String {
    let start = record.start();
    let mut text = format!("{MAGIC}\ngame: {}\nsize: {}\n", G::KIND, start.board().side());
    if !date.is_empty() {
        let _ = writeln!(text, "date: {}", plain::escape(date));
    }
    for colour in [Colour::Blue, Colour::Red] {
        if let Some(name) = players.name(colour) {
            let _ = writeln!(text, "{}: {}", colour.to_string().to_lowercase(), plain::escape(name));
        }
    }
    if let Some(computer) = players.computer {
        let _ = writeln!(text, "computer: {computer}");
    }
    timed::write_header(record, &mut text);
    let total = record.all_turns().count();
    let _ = writeln!(
        text,
        "start: {start}\nresult: {}\nat: {} of {total}\nturns:",
        result_text(record),
        record.turns_played()
    );
    // Replaying the whole line, to know who played each turn (skips change the order).
    let mut replay = Record::new(start);
    for ply in record.line().iter().filter(|ply| ply.turn.is_some()) {
        let Some(turn) = &ply.turn else { continue };
        let _ = writeln!(text, "{} {turn}{}", replay.position().to_move(), timed::after_turn(ply.spent));
        let _ = replay.play(turn);
    }
    if let Some(review) = review {
        let line: Vec<String> = record.all_turns().map(ToString::to_string).collect();
        review.for_line(&line).write(&mut text);
    }
    text.push_str("end\n");
    text
}

/// The header's fields, in the order they may come, and whether each is required.
const FIELDS: [(&str, bool); 11] = [
    ("game", true),
    ("size", false),
    // When it was saved, for whoever reads the file: read past.
    ("date", false),
    ("blue", false),
    ("red", false),
    ("computer", false),
    ("clock", false),
    ("left", false),
    ("start", true),
    ("result", false),
    ("at", false),
];

/// Reads a saved game from a file's bytes: a byte-order mark is skipped, and bytes that
/// are not UTF-8 are refused with their line.
pub(crate) fn read_bytes(bytes: &[u8]) -> Result<SavedGame, LoadError> {
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => read(text),
        Err(error) => {
            let line = 1 + bytes[..error.valid_up_to()].iter().filter(|&&b| b == b'\n').count();
            Err(LoadError::at(line, text!(LOAD_NOT_UTF8)))
        }
    }
}

/// Reads a saved game, checking every line: what it may hold, the header, each turn's
/// player and legality.
pub(crate) fn read(text: &str) -> Result<SavedGame, LoadError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    check_lines(text)?;
    let last_line = text.lines().count();
    let mut lines = text.lines().enumerate().map(|(n, line)| (n + 1, line.trim_end_matches('\r')));
    match lines.next() {
        Some((_, MAGIC)) => {}
        Some(_) | None if text.trim().is_empty() => {
            return Err(LoadError { line: None, message: text!(LOAD_EMPTY) });
        }
        _ => return Err(LoadError::at(1, text!(LOAD_MAGIC, MAGIC))),
    }
    let header = Header::read(&mut lines, last_line)?;
    let computer = match header.get("computer") {
        Some((text, n)) => {
            Some(text.parse().map_err(|()| LoadError::at(n, text!(LOAD_COMPUTER, excerpt(text))))?)
        }
        None => None,
    };
    let name =
        |field| header.get(field).map(|(name, _)| plain::unescape(name)).filter(|name| !name.is_empty());
    let players = Players { blue: name("blue"), red: name("red"), computer };
    let (turns, review) = read_turns(lines, last_line)?;
    let start = header.start()?;
    let loaded: AnyRecord = crate::each_game!(map start, start => replay(start, &turns, &header)?);
    let line: Vec<String> =
        crate::each_game!(&loaded, record => record.all_turns().map(ToString::to_string).collect());
    let review = review.and_then(|(level, lines)| KeptReview::read(level, &lines, &line));
    Ok(SavedGame { game: loaded, players, review })
}

/// Refuses a line too long, or with a control character in it.
fn check_lines(text: &str) -> Result<(), LoadError> {
    for (n, line) in text.lines().enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.chars().nth(plain::MAX_LINE).is_some() {
            return Err(LoadError::at(n + 1, text!(LOAD_LONG_LINE, plain::MAX_LINE)));
        }
        if let Some(c) = plain::control(line) {
            return Err(LoadError::at(n + 1, text!(LOAD_CONTROL, format!("U+{:04X}", u32::from(c)))));
        }
    }
    Ok(())
}

/// The header's fields as given: each field, its value, and its line.
struct Header<'a>(Vec<(&'a str, String, usize)>);

impl<'a> Header<'a> {
    /// Reads `field: value` lines up to `turns:`, each field known and given once, the
    /// required ones all there.
    fn read(
        lines: &mut impl Iterator<Item = (usize, &'a str)>,
        last_line: usize,
    ) -> Result<Header<'a>, LoadError> {
        let mut header = Header(Vec::new());
        let mut turns_line = None;
        for (n, line) in lines.by_ref() {
            if line.trim().is_empty() {
                continue;
            }
            if line.trim() == "turns:" {
                turns_line = Some(n);
                break;
            }
            let Some((key, value)) = line.split_once(':') else {
                return Err(LoadError::at(n, text!(LOAD_FIELD_VALUE, excerpt(line))));
            };
            let key = key.trim();
            let Some(&(field, _)) = FIELDS.iter().find(|(field, _)| *field == key) else {
                return Err(LoadError::at(n, text!(LOAD_UNKNOWN_FIELD, excerpt(key))));
            };
            if header.get(field).is_some() {
                return Err(LoadError::at(n, text!(LOAD_TWICE, key)));
            }
            header.0.push((field, value.trim().to_string(), n));
        }
        let Some(turns_line) = turns_line else {
            return Err(LoadError::at(last_line, text!(LOAD_NO_TURNS)));
        };
        match FIELDS.iter().find(|(field, required)| *required && header.get(field).is_none()) {
            Some((field, _)) => Err(LoadError::at(turns_line, text!(LOAD_MISSING, *field))),
            None => Ok(header),
        }
    }

    /// A field's value and its line, if it is given.
    fn get(&self, field: &str) -> Option<(&str, usize)> {
        self.0.iter().find(|(seen, _, _)| *seen == field).map(|(_, value, n)| (value.as_str(), *n))
    }

    /// The position the game starts from: the header's game, on the board its size says.
    fn start(&self) -> Result<AnyPosition, LoadError> {
        let (game, game_line) = self.get("game").unwrap_or_default();
        let (start, start_line) = self.get("start").unwrap_or_default();
        let kind: GameKind = game.parse().map_err(|_| {
            LoadError::at(game_line, text!(LOAD_UNKNOWN_GAME, excerpt(game), crate::i18n::games(LIST_OR)))
        })?;
        let start = kind
            .position(start, None)
            .map_err(|e| LoadError::at(start_line, text!(LOAD_BAD_START, parse_error(&e))))?;
        match self.get("size") {
            Some((size, line)) if size != start.board().side().to_string() => {
                Err(LoadError::at(line, text!(LOAD_SIZE, excerpt(size), start.board().side())))
            }
            _ => Ok(start),
        }
    }
}

/// A line of the file and its number.
type Numbered<'a> = (usize, &'a str);
/// A kept review: its level's line, then its lines.
type ReviewLines<'a> = (&'a str, Vec<&'a str>);

/// The turns, each with its line, and the review after them (its level and its lines),
/// up to the `end` line, after which nothing may come.
fn read_turns<'a>(
    lines: impl Iterator<Item = Numbered<'a>>,
    last_line: usize,
) -> Result<(Vec<Numbered<'a>>, Option<ReviewLines<'a>>), LoadError> {
    let mut turns = Vec::new();
    let mut review: Option<(&str, Vec<&str>)> = None;
    let mut ended = false;
    for (n, line) in lines {
        let line = line.trim();
        if ended && !line.is_empty() {
            return Err(LoadError::at(n, text!(LOAD_AFTER_END)));
        }
        match (line, &mut review) {
            ("", _) => {}
            ("end", _) => ended = true,
            (_, Some((_, lines))) => lines.push(line),
            _ => match line.strip_prefix("review:") {
                Some(level) => review = Some((level, Vec::new())),
                None => turns.push((n, line)),
            },
        }
    }
    match ended {
        true => Ok((turns, review)),
        false => Err(LoadError::at(last_line, text!(LOAD_NO_END))),
    }
}

/// Plays the file's turns from `start`, checking each, then applies `result`, `at` and the
/// clocks.
fn replay<G: Words>(start: G, turns: &[(usize, &str)], header: &Header) -> Result<Record<G>, LoadError> {
    let mut record = Record::new(start);
    for &(n, line) in turns {
        let (player, rest) = line.split_once(char::is_whitespace).unwrap_or(("", line));
        let (turn, spent) = timed::read_turn(rest, n)?;
        let to_move = record.position().to_move();
        let expected = to_move.to_string();
        if !player.eq_ignore_ascii_case(&expected) {
            return Err(LoadError::at(n, text!(LOAD_PLAYER, expected, excerpt(line))));
        }
        let turn: G::Turn = turn
            .trim()
            .parse()
            .map_err(|e: crate::rules::ParseError| LoadError::at(n, text!(LOAD_BAD_TURN, parse_error(&e))))?;
        if record.is_over() {
            return Err(LoadError::at(n, text!(LOAD_OVER, turn.to_string())));
        }
        record
            .play(&turn)
            .map_err(|reason| LoadError::at(n, text!(LOAD_ILLEGAL, turn.to_string(), G::illegal(&reason))))?;
        record.set_last_spent(spent);
    }
    if let Some((result, n)) = header.get("result") {
        let result = result.to_ascii_lowercase();
        match result.as_str() {
            "blue resigned" | "red resigned" if record.is_over() => {
                return Err(LoadError::at(n, text!(LOAD_RESIGN_OVER)));
            }
            "blue resigned" | "red resigned" => {
                // Resigning is the player to move's act; the file's colour must be that one.
                if !result.starts_with(&record.position().to_move().to_string().to_lowercase()) {
                    return Err(LoadError::at(n, text!(LOAD_RESIGN_WHO, record.position().to_move())));
                }
                record.resign();
            }
            "blue won: time" | "red won: time" if record.is_over() => {
                return Err(LoadError::at(n, text!(LOAD_TIME_OVER)));
            }
            "blue won: time" | "red won: time" => {
                // A flag falls on the player to move: the winner is the other one.
                if result.starts_with(&record.position().to_move().to_string().to_lowercase()) {
                    return Err(LoadError::at(n, text!(LOAD_TIME_WHO, record.position().to_move())));
                }
                record.out_of_time();
            }
            "draw agreed" if !record.is_over() => record.agree_draw(),
            "drawn: no progress" if !record.is_over() => record.draw_standing_still(),
            _ => {}
        }
    }
    if let Some((at, n)) = header.get("at") {
        let played = at.split_whitespace().next().and_then(|count| count.parse::<usize>().ok());
        let Some(played) = played.filter(|&played| played <= turns.len()) else {
            return Err(LoadError::at(n, text!(LOAD_AT, excerpt(at), turns.len())));
        };
        while record.turns_played() > played && record.step_back() {}
    }
    let clock = timed::read_clock(header, &record)?;
    Ok(record.with_clock(clock))
}

#[cfg(test)]
mod tests;
