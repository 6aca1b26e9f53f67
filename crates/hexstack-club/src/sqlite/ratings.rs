//! Ratings and their history in SQLite.

use super::{Fail, SqliteStore};
use crate::error::Error;
use crate::ratings::{Rated, RatingChange, SETTLED_AFTER, Standing, after_game};
use crate::store::RatingStore;
use crate::terms::{GameId, GameResult, MemberId, Pace, Pool};
use hexstack_glicko::Rating;
use rusqlite::{Connection, OptionalExtension, Row, params};

fn rating(row: &Row, first: usize) -> rusqlite::Result<Rating> {
    Ok(Rating { rating: row.get(first)?, deviation: row.get(first + 1)?, volatility: row.get(first + 2)? })
}

/// The pool a row names; none for a game this club does not know (a newer one's).
fn pool_of(game: &str, side: u8, pace: &str) -> Option<Pool> {
    Pool::of(game.parse().ok()?, side, Pace::from_word(pace)?)
}

/// A member's rating in `pool` and their rated games there, before any: the default.
fn current(conn: &Connection, member: MemberId, pool: Pool) -> rusqlite::Result<(Rating, u32)> {
    let sql = "SELECT rating, deviation, volatility, games FROM ratings
        WHERE member = ?1 AND game = ?2 AND side = ?3 AND pace = ?4";
    let found = conn
        .prepare_cached(sql)?
        .query_row(params![member, pool.game.name(), pool.side, pool.pace.word()], |row| {
            Ok((rating(row, 0)?, row.get(3)?))
        })
        .optional()?;
    Ok(found.unwrap_or((Rating::default(), 0)))
}

/// Rates a game of `pool` between `players` (Blue's, Red's) that ended so, inside the
/// transaction that ends it: both from their ratings before the game.
pub(super) fn rate(
    conn: &Connection,
    pool: Pool,
    players: [MemberId; 2],
    verdict: GameResult,
    game_id: GameId,
    now: i64,
) -> Result<Vec<RatingChange>, Fail> {
    let before = [current(conn, players[0], pool)?, current(conn, players[1], pool)?];
    let after = after_game([before[0].0, before[1].0], verdict);
    let (game, side, pace) = (pool.game.name(), pool.side, pool.pace.word());
    let mut changes = Vec::new();
    for at in 0..2 {
        let (member, (mine, games), after) = (players[at], before[at], after[at]);
        conn.prepare_cached(
            "INSERT INTO ratings (member, game, side, pace, rating, deviation, volatility, games)
                VALUES (?1, ?2, ?3, ?7, ?4, ?5, ?6, 1)
                ON CONFLICT (member, game, side, pace) DO UPDATE SET rating = ?4, deviation = ?5,
                    volatility = ?6, games = games + 1",
        )?
        .execute(params![
            member,
            game,
            side,
            after.rating,
            after.deviation,
            after.volatility,
            pace
        ])?;
        conn.prepare_cached(
            "INSERT INTO rating_history (member, game_id, game, side, pace, rating, deviation, volatility, at)
                VALUES (?1, ?2, ?3, ?4, ?9, ?5, ?6, ?7, ?8)",
        )?
        .execute(params![
            member,
            game_id,
            game,
            side,
            after.rating,
            after.deviation,
            after.volatility,
            now,
            pace
        ])?;
        changes.push(RatingChange { member, before: mine, after, games: games + 1 });
    }
    Ok(changes)
}

impl RatingStore for SqliteStore {
    fn standings(&self, pool: Pool, settled_only: bool, limit: usize) -> Result<Vec<Standing>, Error> {
        self.read(|conn| {
            let sql = "SELECT members.name, rating, deviation, volatility, games FROM ratings
                JOIN members ON members.id = ratings.member
                WHERE game = ?1 AND side = ?2 AND pace = ?6 AND (games >= ?3 OR NOT ?4)
                ORDER BY games >= ?3 DESC, CASE WHEN games >= ?3 THEN rating ELSE -games END DESC, members.name
                LIMIT ?5";
            let mut statement = conn.prepare_cached(sql)?;
            let limit = i64::try_from(limit).unwrap_or(i64::MAX);
            let rows = statement
                .query_map(params![pool.game.name(), pool.side, SETTLED_AFTER, settled_only, limit, pool.pace.word()], |row| {
                    Ok(Standing { name: row.get(0)?, pool, rating: rating(row, 1)?, games: row.get(4)? })
                })?;
            Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
        })
    }

    fn ratings_of(&self, member: MemberId) -> Result<Vec<Standing>, Error> {
        self.read(|conn| {
            let sql =
                "SELECT members.name, rating, deviation, volatility, games, game, side, pace FROM ratings
                JOIN members ON members.id = ratings.member WHERE member = ?1";
            let mut statement = conn.prepare_cached(sql)?;
            let rows = statement.query_map([member], |row| {
                let (game, side, pace): (String, u8, String) = (row.get(5)?, row.get(6)?, row.get(7)?);
                Ok((pool_of(&game, side, &pace), row.get::<_, String>(0)?, rating(row, 1)?, row.get(4)?))
            })?;
            let mut found = Vec::new();
            for row in rows {
                if let (Some(pool), name, rating, games) = row? {
                    found.push(Standing { name, pool, rating, games });
                }
            }
            Ok(found)
        })
    }

    fn history(&self, member: MemberId, pool: Option<Pool>, limit: usize) -> Result<Vec<Rated>, Error> {
        self.read(|conn| {
            let sql =
                "SELECT game_id, game, side, rating, deviation, volatility, at, pace FROM rating_history
                WHERE member = ?1 AND (?2 IS NULL OR (game = ?2 AND side = ?3 AND pace = ?5))
                ORDER BY at DESC, game_id DESC LIMIT ?4";
            let mut statement = conn.prepare_cached(sql)?;
            let (game, side) = (pool.map(|pool| pool.game.name()), pool.map(|pool| pool.side));
            let pace = pool.map(|pool| pool.pace.word());
            let limit = i64::try_from(limit).unwrap_or(i64::MAX);
            let rows = statement.query_map(params![member, game, side, limit, pace], |row| {
                let (game, side, pace): (String, u8, String) = (row.get(1)?, row.get(2)?, row.get(7)?);
                Ok((pool_of(&game, side, &pace), row.get(0)?, rating(row, 3)?, row.get(6)?))
            })?;
            let mut found = Vec::new();
            for row in rows {
                if let (Some(pool), game_id, rating, at) = row? {
                    found.push(Rated { game_id, pool, rating, at });
                }
            }
            Ok(found)
        })
    }
}
