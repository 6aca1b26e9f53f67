//! Ratings: each member's Glicko-2 rating in each pool ([`crate::glicko`], one game a
//! rating period, as lichess rates), changed in the same transaction that ends a rated
//! game, with a row of history a game. A rating is shown as `?` until its member has
//! played [`SETTLED_AFTER`] rated games in that pool.

use super::db::Club;
use super::error::{Error, Fail};
use super::terms::{GameId, MemberId, Pool, Verdict};
use crate::glicko::Rating;
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::rules::{Colour, GameKind};
use rusqlite::{Connection, OptionalExtension, Row, params};
use std::fmt::Write;

/// How many rated games in a pool before a member's rating there is shown.
pub const SETTLED_AFTER: u32 = 10;

/// A member's rating in one pool.
#[derive(Clone, PartialEq, Debug)]
pub struct Standing {
    pub name: String,
    pub pool: Pool,
    pub rating: Rating,
    /// Rated games played in the pool.
    pub games: u32,
}

impl Standing {
    /// The rating as a member sees it: a whole number, or `?` while it is not settled.
    pub fn shown(&self) -> String {
        shown(self.rating, self.games)
    }
}

/// A rating as shown after `games` rated games: `?` before [`SETTLED_AFTER`].
pub fn shown(rating: Rating, games: u32) -> String {
    match games >= SETTLED_AFTER {
        true => rating.shown().to_string(),
        false => "?".to_string(),
    }
}

/// How a rated game moved one member's rating.
#[derive(Clone, PartialEq, Debug)]
pub struct RatingChange {
    pub member: MemberId,
    pub before: Rating,
    pub after: Rating,
    /// Rated games in the pool, this one counted.
    pub games: u32,
}

/// A member's rating after one rated game.
#[derive(Clone, PartialEq, Debug)]
pub struct Rated {
    pub game_id: GameId,
    pub pool: Pool,
    pub rating: Rating,
    /// When the game ended, in milliseconds since 1970.
    pub at: i64,
}

/// The most lines a pool gives `ratings`.
pub const LISTED: usize = 100;

fn rating(row: &Row, first: usize) -> rusqlite::Result<Rating> {
    Ok(Rating { rating: row.get(first)?, deviation: row.get(first + 1)?, volatility: row.get(first + 2)? })
}

/// The pool a row names; none for a game this hexstack does not know (a newer one's).
fn pool_of(game: &str, side: u8) -> Option<Pool> {
    Pool::of(game.parse().ok()?, side)
}

/// A member's rating in `pool` and their rated games there, before any: the default.
fn current(conn: &Connection, member: MemberId, pool: Pool) -> rusqlite::Result<(Rating, u32)> {
    let sql = "SELECT rating, deviation, volatility, games FROM ratings WHERE member = ?1 AND game = ?2 AND side = ?3";
    let found = conn
        .prepare_cached(sql)?
        .query_row(params![member, pool.game.name(), pool.side], |row| Ok((rating(row, 0)?, row.get(3)?)))
        .optional()?;
    Ok(found.unwrap_or((Rating::default(), 0)))
}

/// Rates a game of `pool` between `players` (Blue's, Red's) that ended so, inside the
/// transaction that ends it: both from their ratings before the game.
pub(super) fn rate(
    conn: &Connection,
    pool: Pool,
    players: [MemberId; 2],
    verdict: Verdict,
    game_id: GameId,
    now: i64,
) -> Result<Vec<RatingChange>, Fail> {
    let before = [current(conn, players[0], pool)?, current(conn, players[1], pool)?];
    let mut changes = Vec::new();
    for (at, colour) in [Colour::Blue, Colour::Red].into_iter().enumerate() {
        let ((mine, games), (theirs, _)) = (before[at], before[1 - at]);
        let after = mine.after_one(theirs, verdict.score(colour));
        let member = players[at];
        let (game, side) = (pool.game.name(), pool.side);
        conn.prepare_cached(
            "INSERT INTO ratings (member, game, side, rating, deviation, volatility, games)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1)
                ON CONFLICT (member, game, side) DO UPDATE SET rating = ?4, deviation = ?5,
                    volatility = ?6, games = games + 1",
        )?
        .execute(params![member, game, side, after.rating, after.deviation, after.volatility])?;
        conn.prepare_cached(
            "INSERT INTO rating_history (member, game_id, game, side, rating, deviation, volatility, at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?
        .execute(params![
            member,
            game_id,
            game,
            side,
            after.rating,
            after.deviation,
            after.volatility,
            now
        ])?;
        changes.push(RatingChange { member, before: mine, after, games: games + 1 });
    }
    Ok(changes)
}

/// The standings of `pool`: the settled by rating, best first, then the rest by games.
fn standings(
    conn: &Connection,
    pool: Pool,
    settled_only: bool,
    limit: usize,
) -> rusqlite::Result<Vec<Standing>> {
    let sql = "SELECT members.name, rating, deviation, volatility, games FROM ratings
        JOIN members ON members.id = ratings.member
        WHERE game = ?1 AND side = ?2 AND (games >= ?3 OR NOT ?4)
        ORDER BY games >= ?3 DESC, CASE WHEN games >= ?3 THEN rating ELSE -games END DESC, members.name
        LIMIT ?5";
    let mut statement = conn.prepare_cached(sql)?;
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let rows = statement
        .query_map(params![pool.game.name(), pool.side, SETTLED_AFTER, settled_only, limit], |row| {
            Ok(Standing { name: row.get(0)?, pool, rating: rating(row, 1)?, games: row.get(4)? })
        })?;
    rows.collect()
}

impl Club {
    /// The best of `pool`: members with a settled rating there, best first.
    pub fn best(&self, pool: Pool, limit: usize) -> Result<Vec<Standing>, Error> {
        self.read(|conn| Ok(standings(conn, pool, true, limit)?))
    }

    /// Member `member`'s rating in each pool they have played rated games in.
    pub fn ratings_of(&self, member: MemberId) -> Result<Vec<Standing>, Error> {
        self.read(|conn| {
            let sql = "SELECT members.name, rating, deviation, volatility, games, game, side FROM ratings
                JOIN members ON members.id = ratings.member WHERE member = ?1";
            let mut statement = conn.prepare_cached(sql)?;
            let rows = statement.query_map([member], |row| {
                let (game, side): (String, u8) = (row.get(5)?, row.get(6)?);
                Ok((game, side, row.get::<_, String>(0)?, rating(row, 1)?, row.get(4)?))
            })?;
            let mut found = Vec::new();
            for row in rows {
                let (game, side, name, rating, games) = row?;
                if let Some(pool) = pool_of(&game, side) {
                    found.push(Standing { name, pool, rating, games });
                }
            }
            found.sort_by_key(|standing| Pool::all().iter().position(|pool| *pool == standing.pool));
            Ok(found)
        })
    }

    /// Member `member`'s ratings after each of their last `limit` rated games, newest
    /// first, in one pool or all.
    pub fn history(&self, member: MemberId, pool: Option<Pool>, limit: usize) -> Result<Vec<Rated>, Error> {
        self.read(|conn| {
            let sql = "SELECT game_id, game, side, rating, deviation, volatility, at FROM rating_history
                WHERE member = ?1 AND (?2 IS NULL OR (game = ?2 AND side = ?3))
                ORDER BY at DESC, game_id DESC LIMIT ?4";
            let mut statement = conn.prepare_cached(sql)?;
            let (game, side) = (pool.map(|pool| pool.game.name()), pool.map(|pool| pool.side));
            let limit = i64::try_from(limit).unwrap_or(i64::MAX);
            let rows = statement.query_map(params![member, game, side, limit], |row| {
                let (game, side): (String, u8) = (row.get(1)?, row.get(2)?);
                Ok((game, side, row.get(0)?, rating(row, 3)?, row.get(6)?))
            })?;
            let mut found = Vec::new();
            for row in rows {
                let (game, side, game_id, rating, at) = row?;
                if let Some(pool) = pool_of(&game, side) {
                    found.push(Rated { game_id, pool, rating, at });
                }
            }
            Ok(found)
        })
    }

    /// `history NAME`: member `name`'s rating after each of their last [`LISTED`] rated
    /// games, newest first, a line each, tab-separated: the game's number, the game, the
    /// board's side, the rating and its deviation (whole numbers), when (UTC).
    pub fn history_lines(&self, name: &str) -> Result<String, Error> {
        let member = self.member(name)?.ok_or_else(|| Error::Refused(text!(CLUB_NO_MEMBER, name)))?;
        let mut lines = String::new();
        for rated in self.history(member.id, None, LISTED)? {
            let Rated { game_id, pool, rating, at } = rated;
            let when = crate::store::utc(u64::try_from(at / 1000).unwrap_or(0));
            let (rating, deviation) = (rating.rating.round(), rating.deviation.round());
            let _ = writeln!(lines, "{game_id}\t{}\t{}\t{rating}\t{deviation}\t{when}", pool.game, pool.side);
        }
        Ok(lines)
    }

    /// `ratings [GAME]`: a line a member and pool, tab-separated: the game, the board's
    /// side, the name, the rating (`?` while unsettled), the rated games. Each pool of
    /// `game` (every pool when `None`), its settled members best first, then the others;
    /// at most [`LISTED`] a pool.
    pub fn ratings_lines(&self, game: Option<GameKind>) -> Result<String, Error> {
        self.read(|conn| {
            let mut lines = String::new();
            for pool in Pool::all().into_iter().filter(|pool| game.is_none_or(|game| pool.game == game)) {
                for standing in standings(conn, pool, false, LISTED)? {
                    let Standing { name, games, .. } = &standing;
                    let _ = writeln!(
                        lines,
                        "{}\t{}\t{name}\t{}\t{games}",
                        pool.game,
                        pool.side,
                        standing.shown()
                    );
                }
            }
            Ok(lines)
        })
    }
}
