//! The archive: every game the club has kept, read back. A game is rebuilt from its start
//! and its turns (replayed through the rules, so a game that no longer replays is named,
//! never half-shown); listed as `games` prints it; exported as a saved game that
//! `hexstack load` and `hexstack review` open.

use super::db::Club;
use super::error::{Error, Fail};
use super::names::quoted;
use super::terms::{GameId, MemberId, Reason, Verdict};
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::record::{AnyRecord, AnyRecordExt, End, Players};
use crate::rules::{Colour, Game, GameKind};
use rusqlite::{Connection, OptionalExtension, Row, params};
use std::fmt::Write;

/// A game as the archive lists it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameInfo {
    pub id: GameId,
    pub game: GameKind,
    pub side: u8,
    pub blue: String,
    pub red: String,
    pub blue_id: MemberId,
    pub red_id: MemberId,
    /// The time control's text: `5+3`, `30s+2` or `none`.
    pub clock: String,
    pub rated: bool,
    /// How it ended; none while it is in progress.
    pub verdict: Option<Verdict>,
    /// The position it started from, in notation.
    pub start: String,
    /// When it began and last changed, in milliseconds since 1970.
    pub created: i64,
    pub updated: i64,
    pub turns: u32,
}

/// One turn as the club keeps it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Turn {
    /// 1 for the first turn; forced skips are not turns.
    pub number: u32,
    /// In the game's notation, as the rules write it.
    pub turn: String,
    /// The mover's time on it, in milliseconds.
    pub spent_ms: u64,
    /// Blue's and Red's time left after it, in milliseconds (none without a clock).
    pub clocks: Option<[u64; 2]>,
    /// When it was played, in milliseconds since 1970.
    pub played: i64,
}

/// A game read back whole: what the archive lists, its turns, and its record rebuilt.
#[derive(Clone, Debug)]
pub struct Archived {
    pub info: GameInfo,
    pub turns: Vec<Turn>,
    /// The game replayed from its start, its end applied (a resignation, a draw).
    pub record: AnyRecord,
}

/// Which games `games` lists.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Which {
    #[default]
    All,
    Live,
    Done,
}

/// The most games one listing gives, newest first.
pub const LISTED: usize = 200;

const GAME: &str = "SELECT g.id, g.game, g.side, b.name, r.name, g.blue, g.red, g.clock, g.rated,
        g.result, g.reason, g.start, g.created, g.updated,
        (SELECT count(*) FROM turns WHERE game_id = g.id)
    FROM games g JOIN members b ON b.id = g.blue JOIN members r ON r.id = g.red";

/// A game's row; none if it is of a game this hexstack does not know (a newer one's).
fn info(row: &Row) -> rusqlite::Result<Option<GameInfo>> {
    let (result, reason): (Option<String>, Option<String>) = (row.get(9)?, row.get(10)?);
    let verdict = result.zip(reason).and_then(|(result, reason)| Verdict::from_words(&result, &reason));
    let Ok(game) = row.get::<_, String>(1)?.parse() else { return Ok(None) };
    Ok(Some(GameInfo {
        id: row.get(0)?,
        game,
        side: row.get(2)?,
        blue: row.get(3)?,
        red: row.get(4)?,
        blue_id: row.get(5)?,
        red_id: row.get(6)?,
        clock: row.get(7)?,
        rated: row.get(8)?,
        verdict,
        start: row.get(11)?,
        created: row.get(12)?,
        updated: row.get(13)?,
        turns: row.get(14)?,
    }))
}

fn turns(conn: &Connection, id: GameId) -> rusqlite::Result<Vec<Turn>> {
    let sql = "SELECT number, turn, spent_ms, blue_ms, red_ms, played FROM turns WHERE game_id = ?1 ORDER BY number";
    let mut statement = conn.prepare_cached(sql)?;
    let rows = statement.query_map([id], |row| {
        let ms = |at: usize| row.get::<_, Option<i64>>(at).map(|ms| ms.map(|ms| ms.max(0) as u64));
        let clocks = ms(3)?.zip(ms(4)?).map(|(blue, red)| [blue, red]);
        Ok(Turn {
            number: row.get(0)?,
            turn: row.get(1)?,
            spent_ms: ms(2)?.unwrap_or(0),
            clocks,
            played: row.get(5)?,
        })
    })?;
    rows.collect()
}

/// The game `info` describes, replayed from its start through `turns`, its end applied.
fn replay(info: &GameInfo, turns: &[Turn]) -> Result<AnyRecord, Fail> {
    let broken = |number: u32, why: crate::i18n::Text| {
        Fail::Store(text!(CLUB_DB_GAME_BROKEN, info.id, number).because(why))
    };
    let start =
        info.game.position(&info.start, Some(u32::from(info.side))).map_err(|e| broken(0, e.into()))?;
    let mut record = AnyRecord::new(start);
    for turn in turns {
        crate::each_game!(&mut record, record, G => {
            let parsed: <G as Game>::Turn = turn.turn.parse().map_err(|e| broken(turn.number, crate::i18n::parse_error(&e)))?;
            record.play(&parsed).map_err(|why| broken(turn.number, <G as crate::i18n::Words>::illegal(&why)))?;
        });
    }
    let to_move = crate::each_game!(&record, record => record.position().to_move());
    match info.verdict {
        Some(Verdict { winner: Some(winner), reason: Reason::Resign }) if winner == to_move.other() => {
            crate::each_game!(&mut record, record => record.resign());
        }
        Some(Verdict { reason: Reason::Agreed, .. }) => {
            crate::each_game!(&mut record, record => record.agree_draw())
        }
        _ => {}
    }
    Ok(record)
}

/// Whether the record's own end says what `verdict` says (a saved game then writes it in
/// its own words); a fallen flag, or a resignation out of turn, it cannot.
fn says(record: &AnyRecord, verdict: Verdict) -> bool {
    let end = crate::each_game!(record, record => record.end());
    match (end, verdict.reason, verdict.winner) {
        (Some(End::Won(colour)), Reason::Rules, Some(winner)) => colour == winner,
        (Some(End::Blocked), Reason::Rules, None) | (Some(End::Drawn), Reason::Agreed, None) => true,
        (Some(End::Resigned(loser)), Reason::Resign, Some(winner)) => loser.other() == winner,
        _ => false,
    }
}

impl Club {
    /// Game `id` read back whole, if there is one.
    pub fn archived(&self, id: GameId) -> Result<Option<Archived>, Error> {
        self.read(|conn| {
            let found =
                conn.prepare_cached(&format!("{GAME} WHERE g.id = ?1"))?.query_row([id], info).optional()?;
            let Some(found) = found else { return Ok(None) };
            let info = found.ok_or_else(|| Fail::Store(text!(CLUB_DB_UNKNOWN_GAME, id)))?;
            let turns = turns(conn, id)?;
            let record = replay(&info, &turns)?;
            Ok(Some(Archived { info, turns, record }))
        })
    }

    /// The games `which` asks for, of member `name` if given, newest first, at most `limit`.
    pub fn games(&self, which: Which, name: Option<&str>, limit: usize) -> Result<Vec<GameInfo>, Error> {
        let member = match name {
            Some(name) => Some(
                self.member(name)?.ok_or_else(|| Error::Refused(text!(CLUB_NO_MEMBER, quoted(name))))?.id,
            ),
            None => None,
        };
        let state = match which {
            Which::All => None,
            Which::Live => Some("live"),
            Which::Done => Some("done"),
        };
        self.read(|conn| {
            let sql = format!(
                "{GAME} WHERE (?1 IS NULL OR g.state = ?1) AND (?2 IS NULL OR g.blue = ?2 OR g.red = ?2)
                    ORDER BY g.id DESC LIMIT ?3"
            );
            let limit = i64::try_from(limit).unwrap_or(i64::MAX);
            let mut statement = conn.prepare_cached(&sql)?;
            let rows = statement.query_map(params![state, member, limit], info)?;
            Ok(rows.filter_map(Result::transpose).collect::<rusqlite::Result<Vec<_>>>()?)
        })
    }

    /// The games in progress, oldest first: what a server goes on with after a restart.
    pub fn live_games(&self) -> Result<Vec<GameInfo>, Error> {
        let mut games = self.games(Which::Live, None, usize::MAX)?;
        games.reverse();
        Ok(games)
    }

    /// `games [--live|--done] [NAME]`: a line a game, newest first, at most [`LISTED`],
    /// tab-separated: its number, the game, the board's side, Blue, Red, the clock, `live`
    /// or how it ended (`Red won: time`), and its turns.
    pub fn games_lines(&self, which: Which, name: Option<&str>) -> Result<String, Error> {
        let mut lines = String::new();
        for game in self.games(which, name, LISTED)? {
            let GameInfo { id, game: kind, side, blue, red, clock, turns, .. } = &game;
            let state = game.verdict.map_or_else(|| "live".to_string(), |verdict| verdict.to_string());
            let _ = writeln!(lines, "{id}\t{kind}\t{side}\t{blue}\t{red}\t{clock}\t{state}\t{turns}");
        }
        Ok(lines)
    }

    /// `export ID`: game `id` as a saved game (docs/save-format.md), its players' names,
    /// the date it last changed, its result: in the format's own words where they say it
    /// (`Blue won`, `Red resigned`, `draw agreed`), else as the club says it
    /// (`Red won: time`), which a reader leaves aside.
    pub fn export(&self, id: GameId) -> Result<String, Error> {
        let game = self.archived(id)?.ok_or_else(|| Error::Refused(text!(CLUB_NO_GAME, id)))?;
        let info = &game.info;
        let players = Players { blue: Some(info.blue.clone()), red: Some(info.red.clone()), computer: None };
        let date = crate::store::utc(u64::try_from(info.updated / 1000).unwrap_or(0));
        let text = crate::each_game!(&game.record, record => crate::saved::write(record, &players, &date));
        let own = info.verdict.filter(|verdict| !says(&game.record, *verdict));
        Ok(match own {
            Some(verdict) => text
                .lines()
                .map(|line| match line.starts_with("result: ") {
                    true => format!("result: {verdict}\n"),
                    false => format!("{line}\n"),
                })
                .collect(),
            None => text,
        })
    }
}

/// Blue's or Red's name in a game's row.
pub fn player(info: &GameInfo, colour: Colour) -> &str {
    match colour {
        Colour::Blue => &info.blue,
        Colour::Red => &info.red,
    }
}
