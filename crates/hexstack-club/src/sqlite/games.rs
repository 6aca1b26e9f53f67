//! Games, their turns and their ends in SQLite.

use super::{Fail, SqliteStore, ratings};
use crate::archive::{GameInfo, KeptTurn, Which};
use crate::error::{Error, Failure, Refusal};
use crate::games::NewGame;
use crate::ratings::RatingChange;
use crate::store::{Due, Finish, GameStore, Next};
use crate::terms::{GameId, GameResult, MemberId, allowance_ms, club_clock};
use rusqlite::{Connection, OptionalExtension, Row, params};

const GAME: &str = "SELECT g.id, g.game, g.side, b.name, r.name, g.blue, g.red, g.clock, g.rated,
        g.result, g.reason, g.start, g.created, g.updated,
        (SELECT count(*) FROM turns WHERE game_id = g.id), g.mover, g.deadline
    FROM games g JOIN members b ON b.id = g.blue JOIN members r ON r.id = g.red";

/// A game's row; none if it is of a game this club does not know (a newer one's).
fn info(row: &Row) -> rusqlite::Result<Option<GameInfo>> {
    let (result, reason): (Option<String>, Option<String>) = (row.get(9)?, row.get(10)?);
    let verdict = result.zip(reason).and_then(|(result, reason)| GameResult::from_words(&result, &reason));
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
        mover: row.get(15)?,
        deadline: row.get(16)?,
    }))
}

/// Milliseconds as SQLite keeps them (a signed 64-bit number: past 292 million years is
/// kept as that).
fn millis(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

/// Refuses a member who is not one, or is banned.
fn playable(conn: &Connection, member: MemberId) -> Result<(), Fail> {
    let found: Option<(String, bool)> = conn
        .prepare_cached("SELECT name, banned FROM members WHERE id = ?1")?
        .query_row([member], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?;
    match found {
        None => Err(Fail::Refused(Refusal::NoMemberId(member))),
        Some((name, true)) => Err(Fail::Refused(Refusal::Banned(name))),
        Some(_) => Ok(()),
    }
}

/// Marks game `id` done with `end` and rates it if it is rated: inside the write that ends
/// it. Refused if it is no longer in progress.
fn finish(conn: &Connection, id: GameId, end: Finish, now: i64) -> Result<Vec<RatingChange>, Fail> {
    let Finish { verdict, rated } = end;
    let changed = conn
        .prepare_cached(
            "UPDATE games SET state = 'done', result = ?2, reason = ?3, updated = ?4,
                    mover = NULL, deadline = NULL
                WHERE id = ?1 AND state = 'live'",
        )?
        .execute(params![id, verdict.result_word(), verdict.reason.word(), now])?;
    if changed != 1 {
        return Err(Fail::Refused(Refusal::GameOver(id, verdict)));
    }
    match rated {
        Some((pool, players)) => ratings::rate(conn, pool, players, verdict, id, now),
        None => Ok(Vec::new()),
    }
}

impl GameStore for SqliteStore {
    fn create_game(&mut self, new: &NewGame, start: &str, now: i64, next: Next) -> Result<GameId, Error> {
        self.write(|tx| {
            for member in [new.blue, new.red] {
                playable(tx, member)?;
            }
            tx.prepare_cached(
                "INSERT INTO games (game, side, blue, red, clock, start, rated, created, updated, mover, deadline)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9, ?10)",
            )?
            .execute(params![
                new.game.name(),
                new.side,
                new.blue,
                new.red,
                new.clock,
                start,
                new.rated,
                now,
                next.mover,
                next.deadline
            ])?;
            Ok(tx.last_insert_rowid())
        })
    }

    fn game(&self, id: GameId) -> Result<Option<GameInfo>, Error> {
        self.read(|conn| {
            let found =
                conn.prepare_cached(&format!("{GAME} WHERE g.id = ?1"))?.query_row([id], info).optional()?;
            match found {
                None => Ok(None),
                Some(None) => Err(Fail::Store(Failure::UnknownGame(id))),
                Some(known) => Ok(known),
            }
        })
    }

    fn games(&self, which: Which, member: Option<MemberId>, limit: usize) -> Result<Vec<GameInfo>, Error> {
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

    fn turns(&self, id: GameId) -> Result<Vec<KeptTurn>, Error> {
        self.read(|conn| {
            let sql = "SELECT number, turn, spent_ms, blue_ms, red_ms, played FROM turns
                WHERE game_id = ?1 ORDER BY number";
            let mut statement = conn.prepare_cached(sql)?;
            let rows = statement.query_map([id], |row| {
                let ms = |at: usize| row.get::<_, Option<i64>>(at).map(|ms| ms.map(|ms| ms.max(0) as u64));
                let clocks = ms(3)?.zip(ms(4)?).map(|(blue, red)| [blue, red]);
                Ok(KeptTurn {
                    number: row.get(0)?,
                    turn: row.get(1)?,
                    spent_ms: ms(2)?.unwrap_or(0),
                    clocks,
                    played: row.get(5)?,
                })
            })?;
            Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
        })
    }

    fn add_turn(
        &mut self,
        id: GameId,
        turn: &KeptTurn,
        after: Result<Next, Finish>,
    ) -> Result<Vec<RatingChange>, Error> {
        self.write(|tx| {
            let [blue_ms, red_ms] =
                turn.clocks.map_or([None, None], |clocks| clocks.map(|ms| Some(millis(ms))));
            tx.prepare_cached(
                "INSERT INTO turns (game_id, number, turn, spent_ms, blue_ms, red_ms, played)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )?
            .execute(params![
                id,
                turn.number,
                turn.turn,
                millis(turn.spent_ms),
                blue_ms,
                red_ms,
                turn.played
            ])?;
            match after {
                Err(end) => finish(tx, id, end, turn.played),
                Ok(next) => {
                    moved_on(tx, id, next, turn.played)?;
                    Ok(Vec::new())
                }
            }
        })
    }

    fn take_back(
        &mut self,
        id: GameId,
        to: u32,
        clocks: Option<[u64; 2]>,
        now: i64,
        next: Next,
    ) -> Result<(), Error> {
        self.write(|tx| {
            tx.prepare_cached("DELETE FROM turns WHERE game_id = ?1 AND number > ?2")?
                .execute(params![id, to])?;
            if let Some([blue, red]) = clocks {
                tx.prepare_cached(
                    "UPDATE turns SET blue_ms = ?3, red_ms = ?4 WHERE game_id = ?1 AND number = ?2",
                )?
                .execute(params![id, to, millis(blue), millis(red)])?;
            }
            moved_on(tx, id, next, now)
        })
    }

    fn finish(&mut self, id: GameId, end: Finish, now: i64) -> Result<Vec<RatingChange>, Error> {
        self.write(|tx| finish(tx, id, end, now))
    }

    fn deadlines(&self) -> Result<Vec<Due>, Error> {
        self.read(|conn| {
            let sql = "SELECT id, blue, red, mover, deadline, clock FROM games \
                       WHERE state = 'live' AND deadline IS NOT NULL";
            let mut statement = conn.prepare_cached(sql)?;
            let rows = statement.query_map([], |row| {
                let clock: String = row.get(5)?;
                let allowance = club_clock(&clock).ok().and_then(allowance_ms).unwrap_or(0);
                let next = Next { mover: row.get(3)?, deadline: Some(row.get(4)?) };
                Ok(Due { game: row.get(0)?, players: [row.get(1)?, row.get(2)?], next, allowance })
            })?;
            Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
        })
    }

    fn to_move(&self, member: MemberId) -> Result<Vec<GameInfo>, Error> {
        self.read(|conn| {
            let sql = format!(
                "{GAME} WHERE g.state = 'live' AND g.mover = ?1 ORDER BY g.deadline IS NULL, g.deadline, g.id"
            );
            let mut statement = conn.prepare_cached(&sql)?;
            let rows = statement.query_map([member], info)?;
            Ok(rows.filter_map(Result::transpose).collect::<rusqlite::Result<Vec<_>>>()?)
        })
    }

    fn stopped(&mut self, now: i64) -> Result<(), Error> {
        self.write(|tx| {
            tx.execute("INSERT OR REPLACE INTO server_state (key, value) VALUES ('stopped', ?1)", [now])?;
            Ok(())
        })
    }

    fn alive(&mut self, now: i64) -> Result<(), Error> {
        self.write(|tx| {
            tx.execute("INSERT OR REPLACE INTO server_state (key, value) VALUES ('alive', ?1)", [now])?;
            Ok(())
        })
    }

    fn resumed(&mut self, now: i64) -> Result<i64, Error> {
        self.write(|tx| {
            let stopped: Option<i64> = tx
                .query_row("SELECT value FROM server_state WHERE key = 'stopped'", [], |row| row.get(0))
                .optional()?;
            // Killed, it said nothing: it was alive at the last thing it kept, at least, and
            // at the last time it said so.
            let last: Option<i64> = match stopped {
                Some(stopped) => Some(stopped),
                None => tx.query_row(
                    "SELECT max(m) FROM (SELECT max(updated) AS m FROM games UNION ALL SELECT max(played) FROM turns \
                     UNION ALL SELECT value FROM server_state WHERE key = 'alive')",
                    [],
                    |row| row.get(0),
                )?,
            };
            let down = last.map_or(0, |last| (now - last).max(0));
            tx.execute(
                "UPDATE games SET deadline = deadline + ?1 WHERE state = 'live' AND deadline IS NOT NULL",
                [down],
            )?;
            tx.execute("DELETE FROM server_state WHERE key IN ('stopped', 'alive')", [])?;
            Ok(down)
        })
    }
}

/// Game `id` goes on, `next` to move, changed at `now`.
fn moved_on(conn: &Connection, id: GameId, next: Next, now: i64) -> Result<(), Fail> {
    conn.prepare_cached("UPDATE games SET updated = ?2, mover = ?3, deadline = ?4 WHERE id = ?1")?
        .execute(params![id, now, next.mover, next.deadline])?;
    Ok(())
}
