//! The database's schema, as a list of migrations applied in order: the database's
//! `user_version` counts those applied, and each is applied in a transaction of its own,
//! so that a crash midway leaves the database at the version before it. A migration is
//! never changed once it is released; a change of schema is a new one at the end
//! (docs/club.md).

use super::Fail;
use crate::error::Failure;
use rusqlite::{Connection, TransactionBehavior};

/// What marks a database as a club's (`PRAGMA application_id`): "hxcl".
pub const APPLICATION_ID: i32 = 0x6878_636c;

/// Version 1: the members, their keys, and the archive of games and turns.
const MEMBERS_AND_ARCHIVE: &str = "
PRAGMA application_id = 1752720236;
CREATE TABLE members (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL COLLATE NOCASE UNIQUE,
    created INTEGER NOT NULL,
    banned INTEGER NOT NULL DEFAULT 0 CHECK (banned IN (0, 1))
) STRICT;
CREATE TABLE member_keys (
    key TEXT PRIMARY KEY,
    member INTEGER NOT NULL REFERENCES members (id),
    added INTEGER NOT NULL
) STRICT;
CREATE INDEX member_keys_member ON member_keys (member);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    side INTEGER NOT NULL,
    blue INTEGER NOT NULL REFERENCES members (id),
    red INTEGER NOT NULL REFERENCES members (id),
    clock TEXT NOT NULL,
    start TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'live' CHECK (state IN ('live', 'done')),
    result TEXT CHECK (result IN ('blue', 'red', 'draw')),
    reason TEXT CHECK (reason IN ('rules', 'time', 'resign', 'agreed')),
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    CHECK ((state = 'live') = (result IS NULL AND reason IS NULL))
) STRICT;
CREATE INDEX games_state ON games (state);
CREATE INDEX games_blue ON games (blue);
CREATE INDEX games_red ON games (red);
CREATE TABLE turns (
    game_id INTEGER NOT NULL REFERENCES games (id),
    number INTEGER NOT NULL CHECK (number >= 1),
    turn TEXT NOT NULL,
    spent_ms INTEGER NOT NULL CHECK (spent_ms >= 0),
    blue_ms INTEGER,
    red_ms INTEGER,
    played INTEGER NOT NULL,
    PRIMARY KEY (game_id, number)
) STRICT, WITHOUT ROWID;
";

/// Version 2: rated play. A game is rated or casual (the games kept before were casual);
/// each member's Glicko-2 rating in each pool, and its history, a row a rated game.
const RATINGS: &str = "
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));
CREATE TABLE ratings (
    member INTEGER NOT NULL REFERENCES members (id),
    game TEXT NOT NULL,
    side INTEGER NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (member, game, side)
) STRICT, WITHOUT ROWID;
CREATE INDEX ratings_best ON ratings (game, side, rating DESC);
CREATE TABLE rating_history (
    member INTEGER NOT NULL REFERENCES members (id),
    game_id INTEGER NOT NULL REFERENCES games (id),
    game TEXT NOT NULL,
    side INTEGER NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (member, game_id)
) STRICT, WITHOUT ROWID;
";

/// Version 3: correspondence games. A game in progress says who is to move (`mover`) and,
/// at days a turn, when their time runs out (`deadline`); ratings are kept apart by pace
/// (`live` or `daily`, the games before being live); a member's contact for word of their
/// games while away; and when a server last stopped, so that a restart does not count the
/// time it was down against anyone.
const CORRESPONDENCE: &str = "
ALTER TABLE games ADD COLUMN mover INTEGER REFERENCES members (id);
ALTER TABLE games ADD COLUMN deadline INTEGER;
CREATE INDEX games_mover ON games (mover) WHERE state = 'live';
CREATE INDEX games_deadline ON games (deadline) WHERE state = 'live' AND deadline IS NOT NULL;
ALTER TABLE members ADD COLUMN contact TEXT;
CREATE TABLE paced_ratings (
    member INTEGER NOT NULL REFERENCES members (id),
    game TEXT NOT NULL,
    side INTEGER NOT NULL,
    pace TEXT NOT NULL CHECK (pace IN ('live', 'daily')),
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (member, game, side, pace)
) STRICT, WITHOUT ROWID;
INSERT INTO paced_ratings
    SELECT member, game, side, 'live', rating, deviation, volatility, games FROM ratings;
DROP TABLE ratings;
ALTER TABLE paced_ratings RENAME TO ratings;
CREATE INDEX ratings_best ON ratings (game, side, pace, rating DESC);
ALTER TABLE rating_history ADD COLUMN pace TEXT NOT NULL DEFAULT 'live' CHECK (pace IN ('live', 'daily'));
CREATE TABLE server_state (
    key TEXT PRIMARY KEY,
    value INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
";

/// Every migration, in order: the database's version is how many of them it has had.
pub const MIGRATIONS: &[&str] = &[MEMBERS_AND_ARCHIVE, RATINGS, CORRESPONDENCE];

/// The schema version this hexstack reads and writes.
pub const VERSION: usize = MIGRATIONS.len();

/// The database's schema version (its `user_version`).
pub(super) fn version(conn: &Connection) -> rusqlite::Result<usize> {
    let version: i64 = conn.pragma_query_value(None, "user_version", |row| row.get(0))?;
    Ok(usize::try_from(version).unwrap_or(usize::MAX))
}

/// Refuses a database of another program, or one newer than `list` knows; says whether it
/// needs migrating. It only reads: a file that is not a club's is left as it was.
pub(super) fn check(conn: &Connection, list: &[&str]) -> Result<bool, Fail> {
    let id: i32 = conn.pragma_query_value(None, "application_id", |row| row.get(0))?;
    let tables: i64 = conn.query_row("SELECT count(*) FROM sqlite_schema", [], |row| row.get(0))?;
    if id != APPLICATION_ID && (id != 0 || tables > 0) {
        return Err(Fail::Store(Failure::NotClub));
    }
    let at = version(conn)?;
    if at > list.len() {
        return Err(Fail::Store(Failure::Newer(at, list.len())));
    }
    Ok(at < list.len())
}

/// Brings the database to the end of `list`, one migration a transaction. The version is
/// read again inside each, so that a migration is never applied twice.
pub(super) fn migrate(conn: &mut Connection, list: &[&str]) -> Result<(), Fail> {
    check(conn, list)?;
    loop {
        let transaction = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let at = version(&transaction)?;
        let Some(migration) = list.get(at) else { return Ok(()) };
        transaction.execute_batch(migration)?;
        transaction.pragma_update(None, "user_version", at as i64 + 1)?;
        transaction.commit()?;
    }
}
