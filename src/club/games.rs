//! Games: made between two members, a turn at a time (each checked by the game's rules
//! before it is kept), ended with a verdict. A game ended by its turns is ended in the
//! same transaction as its last turn, and a rated game's ratings change in the same
//! transaction as its end: the database never holds a won game still in progress.

use super::db::{Club, LiveGame};
use super::error::{Error, Fail};
use super::ratings::{self, RatingChange};
use super::terms::{GameId, MemberId, Pool, Reason, Verdict, clock_text};
use crate::i18n::keys::*;
use crate::i18n::{Text, Words, parse_error, text};
use crate::record::{AnyRecord, AnyRecordExt, End};
use crate::rules::{Colour, Game, GameKind};
use rusqlite::{Connection, OptionalExtension, params};

/// A game to make: which, on which board, who plays, on which clock, rated or not.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NewGame {
    pub game: GameKind,
    pub side: u8,
    pub blue: MemberId,
    pub red: MemberId,
    /// The time control's text: `5+3`, `30s+2` or `none`.
    pub clock: String,
    pub rated: bool,
}

/// What a turn did: its number and notation, and the game's end if it ended it.
#[derive(Clone, PartialEq, Debug)]
pub struct Played {
    pub number: u32,
    pub turn: String,
    pub ended: Option<Ended>,
}

/// A game ended: its verdict, and how the ratings moved if it was rated (Blue's, Red's).
#[derive(Clone, PartialEq, Debug)]
pub struct Ended {
    pub verdict: Verdict,
    pub ratings: Vec<RatingChange>,
}

/// The most turns a game may have: far past any real game (the longest self-play games
/// are drawn after a few hundred), it bounds what one game may take of the database.
pub const MOST_TURNS: u32 = 10_000;

impl Club {
    /// Makes a game between two members, neither banned, on a board of the game's, with a
    /// clock of the right form; a rated game only in a pool. Its number.
    pub fn create_game(&mut self, new: &NewGame) -> Result<GameId, Error> {
        let start =
            new.game.start(Some(u32::from(new.side))).map_err(|error| Error::Refused(error.into()))?;
        let clock = clock_text(&new.clock).map_err(Error::Refused)?;
        let pool = match (new.rated, Pool::of(new.game, new.side)) {
            (true, None) => {
                return Err(Error::Refused(text!(CLUB_NOT_RATED_BOARD, new.game.name(), new.side)));
            }
            (rated, pool) => pool.filter(|_| rated),
        };
        if new.blue == new.red {
            return Err(Error::Refused(text!(CLUB_SAME_PLAYER)));
        }
        let id = self.write(|tx, now| {
            for member in [new.blue, new.red] {
                playable(tx, member)?;
            }
            tx.prepare_cached(
                "INSERT INTO games (game, side, blue, red, clock, start, rated, created, updated)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
            )?
            .execute(params![
                new.game.name(),
                new.side,
                new.blue,
                new.red,
                clock,
                start.to_string(),
                new.rated,
                now
            ])?;
            Ok(tx.last_insert_rowid())
        })?;
        let record = AnyRecord::new(start);
        self.live.insert(id, LiveGame { record, blue: new.blue, red: new.red, rated: pool, turns: 0 });
        Ok(id)
    }

    /// Game `id` in progress, as last committed: read back from the database the first
    /// time it is asked for (after a restart, say).
    pub fn live_game(&mut self, id: GameId) -> Result<&LiveGame, Error> {
        if !self.live.contains_key(&id) {
            let archived = self.archived(id)?.ok_or_else(|| Error::Refused(text!(CLUB_NO_GAME, id)))?;
            if let Some(verdict) = archived.info.verdict {
                return Err(Error::Refused(text!(CLUB_GAME_OVER, id, verdict.to_string())));
            }
            let rated =
                archived.info.rated.then(|| Pool::of(archived.info.game, archived.info.side)).flatten();
            let (blue, red) = (archived.info.blue_id, archived.info.red_id);
            let turns = archived.turns.len() as u32;
            self.live.insert(id, LiveGame { record: archived.record, blue, red, rated, turns });
        }
        Ok(&self.live[&id])
    }

    /// Member `by` plays `turn` in game `id`, having spent `spent_ms` on it, the clocks
    /// then at `clocks` (Blue's, Red's). Checked first: the game is in progress, it is
    /// `by`'s turn, the turn is legal. Kept (and the game ended, and rated, if the turn
    /// ends it) before this returns.
    pub fn play_turn(
        &mut self,
        id: GameId,
        by: MemberId,
        turn: &str,
        spent_ms: u64,
        clocks: Option<[u64; 2]>,
    ) -> Result<Played, Error> {
        let live = self.live_game(id)?.clone();
        let to_move = crate::each_game!(&live.record, record => record.position().to_move());
        let mover = match to_move {
            Colour::Blue => live.blue,
            Colour::Red => live.red,
        };
        if by != mover {
            let said = match by == live.blue || by == live.red {
                true => text!(CLUB_NOT_YOUR_TURN, id, to_move),
                false => text!(CLUB_NOT_PLAYER, id),
            };
            return Err(Error::Refused(said));
        }
        if live.turns >= MOST_TURNS {
            return Err(Error::Refused(text!(CLUB_TOO_MANY_TURNS, id, MOST_TURNS)));
        }
        let mut next = live.record.clone();
        let turn = checked(&mut next, turn).map_err(Error::Refused)?;
        let number = live.turns + 1;
        let verdict = by_rules(&next);
        let ended = self.write(|tx, now| {
            let [blue_ms, red_ms] =
                clocks.map(|clocks| clocks.map(millis)).map_or([None, None], |c| c.map(Some));
            tx.prepare_cached(
                "INSERT INTO turns (game_id, number, turn, spent_ms, blue_ms, red_ms, played)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )?
            .execute(params![id, number, turn, millis(spent_ms), blue_ms, red_ms, now])?;
            match verdict {
                Some(verdict) => Ok(Some(finish(tx, id, &live, verdict, now)?)),
                None => {
                    tx.prepare_cached("UPDATE games SET updated = ?2 WHERE id = ?1")?
                        .execute(params![id, now])?;
                    Ok(None)
                }
            }
        })?;
        match ended {
            Some(_) => self.live.remove(&id),
            None => self.live.insert(id, LiveGame { record: next, turns: number, ..live }),
        };
        Ok(Played { number, turn, ended })
    }

    /// Game `id` goes back to its first `to` turns, both players having agreed on their
    /// terminals, the clocks then at `clocks` (no time is given back: kept on turn `to`;
    /// back to the start there is no turn to keep them on, and a restart finds them full).
    /// Kept before this returns.
    pub fn take_back(&mut self, id: GameId, to: u32, clocks: Option<[u64; 2]>) -> Result<(), Error> {
        let live = self.live_game(id)?;
        if to >= live.turns {
            return Err(Error::Refused(text!(CLUB_NOTHING_BACK, id)));
        }
        self.write(|tx, now| {
            tx.prepare_cached("DELETE FROM turns WHERE game_id = ?1 AND number > ?2")?
                .execute(params![id, to])?;
            if let Some([blue, red]) = clocks {
                tx.prepare_cached(
                    "UPDATE turns SET blue_ms = ?3, red_ms = ?4 WHERE game_id = ?1 AND number = ?2",
                )?
                .execute(params![id, to, millis(blue), millis(red)])?;
            }
            tx.prepare_cached("UPDATE games SET updated = ?2 WHERE id = ?1")?.execute(params![id, now])?;
            Ok(())
        })?;
        // Read back from the database when next asked for: the turns kept, replayed.
        self.live.remove(&id);
        Ok(())
    }

    /// Ends game `id` so: a resignation, a fallen flag, an agreed draw (the rules' own
    /// ends come with the turn that makes them). A rated game's ratings change with it.
    pub fn end_game(&mut self, id: GameId, verdict: Verdict) -> Result<Ended, Error> {
        let verdict = verdict.check().map_err(Error::Refused)?;
        let live = self.live_game(id)?.clone();
        let ended = self.write(|tx, now| finish(tx, id, &live, verdict, now))?;
        self.live.remove(&id);
        Ok(ended)
    }
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
        None => Err(Fail::Refused(text!(CLUB_NO_MEMBER_ID, member))),
        Some((name, true)) => Err(Fail::Refused(text!(CLUB_BANNED, name))),
        Some(_) => Ok(()),
    }
}

/// Plays `text` on `record` if it is a legal turn there; the turn as the rules write it.
fn checked(record: &mut AnyRecord, text: &str) -> Result<String, Text> {
    crate::each_game!(record, record, G => {
        let turn: <G as Game>::Turn = text.trim().parse().map_err(|error| parse_error(&error))?;
        record.play(&turn).map_err(|why| text!(CLUB_ILLEGAL, turn.to_string(), <G as Words>::illegal(&why)))?;
        Ok(turn.to_string())
    })
}

/// How the rules ended the game `record` holds, if they did.
pub(super) fn by_rules(record: &AnyRecord) -> Option<Verdict> {
    let end = crate::each_game!(record, record => record.end())?;
    let winner = match end {
        End::Won(colour) => Some(colour),
        _ => None,
    };
    Some(Verdict { winner, reason: Reason::Rules })
}

/// Marks game `id` done with `verdict` and rates it if it is rated: inside the write that
/// ends it. Refused if it is no longer in progress.
fn finish(conn: &Connection, id: GameId, live: &LiveGame, verdict: Verdict, now: i64) -> Result<Ended, Fail> {
    let changed = conn
        .prepare_cached(
            "UPDATE games SET state = 'done', result = ?2, reason = ?3, updated = ?4
                WHERE id = ?1 AND state = 'live'",
        )?
        .execute(params![id, verdict.result_word(), verdict.reason.word(), now])?;
    if changed != 1 {
        return Err(Fail::Refused(text!(CLUB_GAME_OVER, id, verdict.to_string())));
    }
    let ratings = match live.rated {
        Some(pool) => ratings::rate(conn, pool, [live.blue, live.red], verdict, id, now)?,
        None => Vec::new(),
    };
    Ok(Ended { verdict, ratings })
}
