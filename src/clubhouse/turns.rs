//! The hub's games in progress: a turn checked, committed, then told; a resignation; a
//! watcher; a fallen flag. Every end is committed (and rated) before anyone hears of it.

use super::hub::{Hub, Out};
use super::log;
use super::tables::{millis, to_move};
use crate::club::bot::Event;
use crate::club::{Error, GameId, Member, Reason, Verdict};
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::rules::Colour;

impl Hub {
    /// `member` plays `turn` in game `id`: committed, then told to both players and the
    /// watchers. A commit that fails gives the clock back as it was, and says why.
    pub(super) fn play(&mut self, member: &Member, id: GameId, turn: &str) -> Result<(), String> {
        let table = self.tables.get_mut(&id).ok_or_else(|| format!("there is no game {id} in progress"))?;
        let colour = table.colour_of(member.id).ok_or_else(|| format!("game {id} is not yours"))?;
        let before = table.clock.clone();
        let spent = match &mut table.clock {
            Some(clock) if clock.running() == Some(colour) => millis(clock.turn_played(colour)),
            Some(_) => return Err(Error::Refused(text!(CLUB_NOT_YOUR_TURN, id, colour.other())).to_string()),
            None => 0,
        };
        let clocks = table.clocks_ms();
        let played = match self.club.play_turn(id, member.id, turn, spent, clocks) {
            Ok(played) => played,
            Err(error) => {
                if let Some(table) = self.tables.get_mut(&id) {
                    table.clock = before;
                }
                if let Error::Store(_) = error {
                    log(&format!("game {id}: a turn of {} not kept: {error}", member.name));
                }
                return Err(error.to_string());
            }
        };
        let event = Event::Turn { id, number: played.number, turn: played.turn, clocks };
        self.tell_table(id, &event);
        match played.ended {
            Some(ended) => self.ended(id, ended.verdict),
            None => {
                let next = to_move(&mut self.club, id).unwrap_or(colour.other());
                if let Some(table) = self.tables.get_mut(&id) {
                    table.turns = played.number;
                    table.start(next);
                }
            }
        }
        Ok(())
    }

    pub(super) fn resign(&mut self, member: &Member, id: GameId) -> Result<(), String> {
        let table = self.tables.get(&id).ok_or_else(|| format!("there is no game {id} in progress"))?;
        let colour = table.colour_of(member.id).ok_or_else(|| format!("game {id} is not yours"))?;
        let verdict = Verdict { winner: Some(colour.other()), reason: Reason::Resign };
        self.end(id, verdict)
    }

    pub(super) fn watch(&mut self, conn: u64, id: GameId) -> Result<(), String> {
        let table = self.tables.get_mut(&id).ok_or_else(|| format!("there is no game {id} in progress"))?;
        table.watchers.insert(conn);
        let Some(mut watcher) = self.conns.remove(&conn) else { return Ok(()) };
        let told = match &mut watcher.out {
            Out::Lines(output) => self.tell_game(id, output),
            Out::Screen(_) => true,
        };
        if told {
            self.conns.insert(conn, watcher);
        }
        Ok(())
    }

    /// Ends game `id` so (a resignation, a fallen flag), rated if it is.
    pub(super) fn end(&mut self, id: GameId, verdict: Verdict) -> Result<(), String> {
        let ended = self.club.end_game(id, verdict).map_err(|error| error.to_string())?;
        self.ended(id, ended.verdict);
        Ok(())
    }

    /// Game `id` ended (committed): everyone concerned is told, and its table goes.
    pub(super) fn ended(&mut self, id: GameId, verdict: Verdict) {
        log(&format!("game {id} over: {verdict}"));
        self.tell_table(id, &Event::End { id, verdict });
        self.tables.remove(&id);
    }

    /// Ends every game whose flag fell: the other side wins on time.
    pub(super) fn flags(&mut self) {
        let fallen: Vec<(GameId, Colour)> = self
            .tables
            .values()
            .filter_map(|table| Some((table.id, table.clock.as_ref()?.fallen()?)))
            .collect();
        for (id, colour) in fallen {
            let verdict = Verdict { winner: Some(colour.other()), reason: Reason::Time };
            if let Err(error) = self.end(id, verdict) {
                log(&format!("game {id}: the flag fell but the end was not kept: {error}"));
                // Tried again at the next wake rather than at once, over and over.
                if let Some(clock) = self.tables.get_mut(&id).and_then(|table| table.clock.as_mut()) {
                    clock.stop();
                }
            }
        }
    }
}
