//! The hub's games in progress: a turn checked, committed, then told; a take-back both
//! players agreed to; a resignation, an agreed draw, a fallen flag. Every change is
//! committed (an end rated too) before anyone hears of it; one that cannot be kept is taken
//! back on the table's record by whoever made it.

use super::hub::Hub;
use super::log;
use crate::club::bot::Event;
use crate::club::{Error, GameId, Member, Reason, Verdict};
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::record::End;
use crate::rules::Colour;
use std::time::{Duration, Instant};

/// How long the hub waits before it tries again to keep a fallen flag it could not keep.
const RETRY: Duration = Duration::from_secs(1);

impl Hub {
    /// `member` plays `turn` (a bot's `move`) in game `id`: played on the table's record,
    /// checked by the rules and on the clock, committed, then told to everyone at the game.
    pub(super) fn play(&mut self, member: &Member, id: GameId, turn: &str) -> Result<(), Error> {
        let table = self.tables.get(&id).ok_or_else(|| Error::Refused(text!(CLUB_NO_LIVE, id)))?;
        let colour = table.colour_of(member.id).ok_or_else(|| Error::Refused(text!(CLUB_NOT_PLAYER, id)))?;
        if table.to_move() != colour {
            return Err(Error::Refused(text!(CLUB_NOT_YOUR_TURN, id, colour.other())));
        }
        let before = table.snapshot();
        let played = table.play_text(turn).map_err(Error::Refused);
        if let Err(why) = played.and_then(|()| self.commit_turn(id, member)) {
            if let Some(table) = self.tables.get(&id) {
                table.restore(before);
            }
            return Err(why);
        }
        Ok(())
    }

    /// Commits the turn `member` played on game `id`'s record, beyond those committed,
    /// and tells everyone at the game. On an error the caller takes it back.
    pub(super) fn commit_turn(&mut self, id: GameId, member: &Member) -> Result<(), Error> {
        let table = self.tables.get(&id).ok_or_else(|| Error::Refused(text!(CLUB_NO_GAME, id)))?;
        let (turn, spent) = table.last_turn().ok_or_else(|| Error::Refused(text!(CLUB_NO_GAME, id)))?;
        let clocks = table.clocks_at_turn();
        let played = self.club.play_turn(id, member.id, &turn, spent, clocks).inspect_err(|error| {
            if let Error::Store(_) = error {
                log(&format!("game {id}: a turn of {} not kept: {error}", member.name));
            }
        })?;
        if let Some(table) = self.tables.get_mut(&id) {
            table.turns = played.number;
        }
        self.tell_table(id, &Event::Turn { id, number: played.number, turn: played.turn, clocks });
        match played.ended {
            Some(ended) => self.ended(id, ended.verdict),
            None => self.spread(id),
        }
        Ok(())
    }

    /// Game `id`'s players agreed on their terminals to go back to its first `to` turns:
    /// kept, then told. On an error the caller takes it back.
    pub(super) fn commit_take_back(&mut self, id: GameId, to: u32) -> Result<(), Error> {
        let table = self.tables.get(&id).ok_or_else(|| Error::Refused(text!(CLUB_NO_GAME, id)))?;
        let clocks = table.clocks_ms();
        self.club.take_back(id, to, clocks)?;
        log(&format!("game {id} goes back to turn {to}"));
        if let Some(table) = self.tables.get_mut(&id) {
            table.turns = to;
        }
        self.tell_table(id, &Event::Back { id, number: to, clocks });
        self.spread(id);
        Ok(())
    }

    pub(super) fn resign(&mut self, member: &Member, id: GameId) -> Result<(), Error> {
        let table = self.tables.get(&id).ok_or_else(|| Error::Refused(text!(CLUB_NO_LIVE, id)))?;
        let colour = table.colour_of(member.id).ok_or_else(|| Error::Refused(text!(CLUB_NOT_PLAYER, id)))?;
        let verdict = Verdict { winner: Some(colour.other()), reason: Reason::Resign };
        self.end(id, verdict)
    }

    /// A bot watches game `id`: told of it now, and of its turns and end from now on.
    pub(super) fn watch(&mut self, conn: u64, id: GameId) -> Result<(), Error> {
        let table = self.tables.get_mut(&id).ok_or_else(|| Error::Refused(text!(CLUB_NO_LIVE, id)))?;
        table.watchers.insert(conn);
        let Some(mut watcher) = self.conns.remove(&conn) else { return Ok(()) };
        let told = match &mut watcher.out {
            super::hub::Out::Lines(output) => self.tell_game(id, output),
            super::hub::Out::Screen(_) => true,
        };
        if told {
            self.conns.insert(conn, watcher);
        }
        Ok(())
    }

    /// Ends game `id` so (a resignation, an agreed draw, a fallen flag), rated if it is.
    pub(super) fn end(&mut self, id: GameId, verdict: Verdict) -> Result<(), Error> {
        let ended = self.club.end_game(id, verdict)?;
        self.ended(id, ended.verdict);
        Ok(())
    }

    /// Game `id` ended (committed): its record shows how, everyone at it hears, and its
    /// table goes (the terminals at it keep the game on screen until they leave it).
    pub(super) fn ended(&mut self, id: GameId, verdict: Verdict) {
        log(&format!("game {id} over: {verdict}"));
        if let Some(table) = self.tables.get(&id) {
            let loser = verdict.winner.map_or(table.to_move(), Colour::other);
            match verdict.reason {
                Reason::Resign => table.show_end(End::Resigned(loser)),
                Reason::Time => table.show_end(End::Time(loser)),
                Reason::Agreed => table.show_end(End::Drawn),
                Reason::Rules => {}
            }
        }
        self.tell_table(id, &Event::End { id, verdict });
        self.spread(id);
        self.let_go(id);
        self.tables.remove(&id);
    }

    /// Ends every game whose flag fell: the other side wins on time. Whether any did.
    pub(super) fn flags(&mut self) -> bool {
        let now = Instant::now();
        let fallen: Vec<(GameId, Colour)> = self
            .tables
            .values()
            .filter(|table| table.retry.is_none_or(|at| at <= now))
            .filter_map(|table| Some((table.id, table.clock()?.fallen()?)))
            .collect();
        let any = !fallen.is_empty();
        for (id, colour) in fallen {
            let verdict = Verdict { winner: Some(colour.other()), reason: Reason::Time };
            if let Err(error) = self.end(id, verdict) {
                log(&format!("game {id}: the flag fell but the end was not kept: {error}"));
                // Tried again a little later rather than at once, over and over.
                if let Some(table) = self.tables.get_mut(&id) {
                    table.retry = Some(now + RETRY);
                }
            }
        }
        any
    }
}
