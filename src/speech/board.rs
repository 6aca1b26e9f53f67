//! What every game's board says alike: row by row, one player's, one cell's; the clocks;
//! a turn announced, and how a game ended. What a cell holds and may do is the game's own
//! ([`Spoken`]).

use super::{Saying, Spoken, joined};
use crate::clock::Clock;
use crate::i18n::keys::*;
use crate::i18n::{Noun, Text, excerpt, text};
use crate::record::{End, Record};
use crate::rules::hex::Cell;
use crate::rules::{Colour, Game};
use std::collections::BTreeMap;
use std::time::Duration;

/// Minutes and seconds, counted.
const MINUTES: Noun = Noun([SPEECH_COUNT_MINUTE_ONE, SPEECH_COUNT_MINUTE_FEW, SPEECH_COUNT_MINUTE_MANY]);
const SECONDS: Noun = Noun([SPEECH_COUNT_SECOND_ONE, SPEECH_COUNT_SECOND_FEW, SPEECH_COUNT_SECOND_MANY]);

/// `board`: row by row from the bottom, each cell and what stands on it; `board blue`
/// (or red): that player's alone.
pub(super) fn board<G: Spoken>(position: &G, asked: &str, out: &mut Saying) {
    if asked.is_empty() {
        return out.say_all(rows(position));
    }
    match colour(asked, out.lang) {
        Some(colour) => out.say(&position.owned(colour)),
        None => out.say(&text!(SPEECH_BOARD_WHOSE, excerpt(asked))),
    }
}

/// The board row by row, from row 1 up: a row with nothing on it in a few words.
pub(super) fn rows<G: Spoken>(position: &G) -> Vec<Text> {
    let mut rows: BTreeMap<u8, Vec<Cell>> = BTreeMap::new();
    for cell in position.board().cells() {
        rows.entry(cell.row()).or_default().push(cell);
    }
    rows.into_iter()
        .map(|(row, mut cells)| {
            cells.sort_by_key(|cell| cell.col());
            let number = u32::from(row) + 1;
            if cells.iter().all(|&cell| position.on_cell(cell).is_none()) {
                return text!(SPEECH_ROW_EMPTY, number, cells.len());
            }
            let said = cells.iter().map(|&cell| match position.on_cell(cell) {
                Some(what) => text!(SPEECH_CELL_HOLDS, cell, what),
                None => text!(SPEECH_CELL_EMPTY, cell),
            });
            text!(SPEECH_ROW, number, joined(said.collect()))
        })
        .collect()
}

/// Both players' stacks, for a board set up (a rules example, a puzzle, a loaded game):
/// nothing when it is empty.
pub(super) fn owners<G: Spoken>(position: &G) -> Vec<Text> {
    if position.board().cells().all(|cell| position.on_cell(cell).is_none()) {
        return vec![text!(SPEECH_BOARD_EMPTY)];
    }
    [Colour::Blue, Colour::Red].map(|colour| position.owned(colour)).into()
}

/// The colour a word names: `blue` or `red` in `lang` or English, or its letter.
fn colour(word: &str, lang: crate::i18n::Lang) -> Option<Colour> {
    let word = word.trim().to_lowercase();
    [Colour::Blue, Colour::Red].into_iter().find(|&colour| {
        let words = [super::colour_word(colour), crate::i18n::colour(colour)];
        let said = [lang, crate::i18n::Lang::En]
            .into_iter()
            .flat_map(|lang| words.clone().map(|word| lang.say(&word)));
        said.map(|said| said.to_lowercase()).any(|said| said == word) || word == colour.letter().to_string()
    })
}

/// `cell C3`: what stands there and what it may do, as the game says.
pub(super) fn cell<G: Spoken>(position: &G, asked: &str, out: &mut Saying) {
    match cell_named(asked, position.board()) {
        Ok(cell) => out.say_all(position.about_cell(cell)),
        Err(why) => out.say(&why),
    }
}

/// The cell `asked` names on `board`, or why not.
pub(super) fn cell_named(asked: &str, board: crate::rules::hex::Board) -> Result<Cell, Text> {
    if asked.is_empty() {
        return Err(text!(SPEECH_CELL_WHICH));
    }
    let cell: Cell = asked.parse().map_err(|_| text!(PARSE_BAD_CELL, excerpt(asked)))?;
    match board.contains(cell) {
        true => Ok(cell),
        false => Err(text!(ILLEGAL_OFF_BOARD, cell, board.side())),
    }
}

/// `clocks`: each player's time left, and whose runs.
pub(super) fn clocks<G: Game>(record: &Record<G>, out: &mut Saying) {
    let Some(clock) = record.clock() else { return out.say(&text!(SPEECH_NO_CLOCKS)) };
    let said: Vec<Text> = [Colour::Blue, Colour::Red]
        .map(|colour| text!(SPEECH_CLOCK, colour, duration(clock.left(colour))))
        .into();
    out.say(&joined(said));
    out.say(&running(clock));
}

/// Whose clock runs, or that both wait.
fn running(clock: &Clock) -> Text {
    match clock.running() {
        Some(colour) => text!(SPEECH_CLOCK_RUNS, colour),
        None => text!(SPEECH_CLOCKS_WAIT),
    }
}

/// A time in words: whole minutes and seconds, rounded down as the screens' are.
pub(super) fn duration(time: Duration) -> Text {
    let seconds = time.as_secs();
    let (minutes, seconds) = ((seconds / 60) as usize, (seconds % 60) as usize);
    let count = |count, noun| text!(PLAIN, crate::i18n::Arg::Count(count, noun));
    match (minutes, seconds) {
        (0, seconds) => count(seconds, SECONDS),
        (minutes, 0) => count(minutes, MINUTES),
        (minutes, seconds) => text!(SPEECH_MINUTES_SECONDS, count(minutes, MINUTES), count(seconds, SECONDS)),
    }
}

/// A game's time control in words: `5 minutes each, 3 seconds added a turn`.
pub(super) fn control(control: crate::clock::TimeControl) -> Text {
    text!(SPEECH_CONTROL, duration(control.base), duration(control.increment))
}

/// Says each ply of `record` from `from` on (a turn and what it did, a skip), then how the
/// game stands: who is to move (unless `quiet`: the computer, which says it thinks), or
/// how it ended.
pub(super) fn announce<G: Spoken>(record: &Record<G>, from: usize, quiet: bool, out: &mut Saying) {
    let history = record.history();
    let mut said: Vec<Text> = (from..history.len())
        .map(|at| {
            let before = if at == 0 { record.start() } else { history[at - 1].position };
            let mover = before.to_move();
            match &history[at].turn {
                Some(turn) => text!(SPEECH_PLAYED, mover, G::played(turn, &before, &history[at].position)),
                None => text!(SPEECH_SKIPPED, mover, mover.other()),
            }
        })
        .collect();
    let now = record.position();
    let stands = match record.end() {
        Some(end) => Some(ended(end, &now)),
        None if quiet => None,
        None => Some(text!(SPEECH_TO_MOVE, now.to_move())),
    };
    // The last turn and how the game stands after it are one announcement.
    match (stands, said.pop()) {
        (Some(stands), Some(last)) => said.push(text!(SPEECH_THEN_STANDS, last, stands)),
        (Some(stands), None) => said.push(stands),
        (None, last) => said.extend(last),
    }
    out.say_all(said);
}

/// The last turn played, and what it did.
pub(super) fn last<G: Spoken>(record: &Record<G>, out: &mut Saying) {
    match record.last_turn_played() {
        Some((turn, before, after)) => {
            out.say(&text!(SPEECH_LAST, before.to_move(), G::played(turn, &before, &after)))
        }
        None => out.say(&text!(SPEECH_NO_TURN_YET)),
    }
}

/// How a game ended, in words.
pub(super) fn ended<G: Spoken>(end: End, position: &G) -> Text {
    match end {
        End::Won(winner) => position.won(winner),
        End::Resigned(loser) => text!(STATUS_RESIGNED, loser, loser.other()),
        End::Drawn => text!(SPEECH_DRAWN),
        End::Blocked => text!(SPEECH_BLOCKED),
        End::Still => text!(DRAW_STILL, crate::ai::STILL_FOR),
        End::Time(loser) => text!(TIME_UP, loser, loser.other()),
    }
}
