//! The club's games on members' terminals: a player's game screen when their game begins
//! or when they come back, a watcher's, a replay of a finished game, and back to the lobby.
//! A terminal at a game plays on its table's link, as a guest of `serve` does; what it
//! changed there is settled here before any other terminal hears of it: a turn or a
//! take-back committed, a resignation or an agreed draw ending the game, and what cannot be
//! kept taken back and said on that terminal.

use super::hub::{Conn, Hub, Out};
use super::screens;
use crate::app::event::Event;
use crate::club::{Error, GameId, Member, Reason, Verdict};
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::record::{AnyRecord, End, Players};
use std::sync::Arc;
use std::time::Instant;

impl Hub {
    /// The game in progress the terminal `conn` shows, if it shows one.
    pub(super) fn at(&self, conn: u64) -> Option<GameId> {
        let Some(Conn { out: Out::Screen(screen), .. }) = self.conns.get(&conn) else { return None };
        let link = screens::link_of(screen)?;
        self.tables.values().find(|table| Arc::ptr_eq(&table.link, &link)).map(|table| table.id)
    }

    /// The game in progress member `member` plays, if any (the first, if several).
    pub(super) fn playing(&self, member: &Member) -> Option<GameId> {
        self.tables.values().find(|table| table.plays(member.id)).map(|table| table.id)
    }

    /// Game `id` on terminal `conn`: at its member's colour if they play it, else to watch.
    /// The others at the game hear who came.
    pub(super) fn seat(&mut self, conn: u64, id: GameId) -> Result<(), Error> {
        self.sit(conn, id)?;
        self.acting = Some(conn);
        self.spread(id);
        self.acting = None;
        Ok(())
    }

    fn sit(&mut self, conn: u64, id: GameId) -> Result<(), Error> {
        let table = self.tables.get(&id).ok_or_else(|| Error::Refused(text!(CLUB_NO_GAME, id)))?;
        let Some(Conn { member, out: Out::Screen(screen), .. }) = self.conns.get_mut(&conn) else {
            return Ok(());
        };
        let colour = member.as_ref().and_then(|member| table.colour_of(member.id));
        let [blue, red] = table.players.clone().map(|(_, name)| Some(name));
        screen.app.seat_at_club(table.link.join(colour), &Players { blue, red, computer: None });
        screen.drawn = false;
        Ok(())
    }

    /// A game that begins: each terminal of its players comes to it (but one already
    /// playing another game: its lobby lists this one), each told whose turn it is rather
    /// than that the other came.
    pub(super) fn seat_players(&mut self, id: GameId) {
        let Some(table) = self.tables.get(&id) else { return };
        let players = [table.players[0].0, table.players[1].0];
        let theirs: Vec<u64> = self
            .conns
            .iter()
            .filter(|(_, conn)| matches!(conn.out, Out::Screen(_)))
            .filter(|(_, conn)| conn.member.as_ref().is_some_and(|member| players.contains(&member.id)))
            .map(|(id, _)| *id)
            .collect();
        for conn in theirs {
            let busy = self.at(conn).and_then(|at| self.tables.get(&at)).is_some_and(|table| {
                let member = self.conns.get(&conn).and_then(|conn| conn.member.as_ref());
                member.is_some_and(|member| table.plays(member.id))
            });
            if !busy {
                let _ = self.sit(conn, id);
            }
        }
        if let Some(table) = self.tables.get_mut(&id) {
            table.heard = (table.link.revision(), table.link.stamp());
        }
        // Each says whose turn it is, now that both are there.
        let link = self.tables.get(&id).map(|table| Arc::clone(&table.link));
        for conn in self.conns.values_mut() {
            let Out::Screen(screen) = &mut conn.out else { continue };
            if link.as_ref().is_some_and(|link| screens::shows(screen, link)) {
                let _ = screen.handle(Event::Shared { played: true });
            }
        }
    }

    /// Each bot connection of game `id`'s players holds a seat at it: the screens there see
    /// its member present (thinking, not gone).
    pub(super) fn hold_seats(&mut self, id: GameId) {
        let Some(table) = self.tables.get(&id) else { return };
        for conn in self.conns.values_mut().filter(|conn| matches!(conn.out, Out::Lines(_))) {
            let Some(colour) = conn.member.as_ref().and_then(|member| table.colour_of(member.id)) else {
                continue;
            };
            if !conn.held.iter().any(|seat| seat.is_at(&table.link)) {
                conn.held.push(table.link.join(Some(colour)));
            }
        }
    }

    /// Game `id` is over: the bots let go of their seats at it.
    pub(super) fn let_go(&mut self, id: GameId) {
        let Some(table) = self.tables.get(&id) else { return };
        for conn in self.conns.values_mut() {
            conn.held.retain(|seat| !seat.is_at(&table.link));
        }
    }

    /// A finished game (`export`'s) on terminal `conn`, its turns to step through.
    pub(super) fn replay(&mut self, conn: u64, id: GameId) -> Result<(), Error> {
        let kept = self.club.export(id)?;
        let saved = crate::saved::read(&kept).map_err(|_| Error::Refused(text!(CLUB_NO_GAME, id)))?;
        let Some(Conn { out: Out::Screen(screen), .. }) = self.conns.get_mut(&conn) else { return Ok(()) };
        screen.app.replay_at_club(saved);
        screens::tell(screen, text!(CLUB_REPLAY_ONLY), false);
        Ok(())
    }

    /// What terminal `conn` (its member's) changed at game `id`, `before` being the record
    /// as it was, settled; then the other terminals at the game hear of it.
    pub(super) fn settle(&mut self, conn: u64, id: GameId, member: Option<&Member>, before: AnyRecord) {
        let Some(table) = self.tables.get(&id) else { return };
        let ((turns, end), committed) = (table.change(), table.turns);
        self.acting = Some(conn);
        let settled = match end {
            _ if turns == committed + 1 => match member {
                Some(member) => self.commit_turn(id, member),
                None => Err(Error::Refused(text!(NET_WATCHING))),
            },
            _ if turns < committed => self.commit_take_back(id, turns),
            _ if turns > committed => Err(Error::Refused(text!(CLUB_NO_GAME, id))),
            Some(End::Resigned(loser)) => {
                self.end(id, Verdict { winner: Some(loser.other()), reason: Reason::Resign })
            }
            Some(End::Drawn) => self.end(id, Verdict { winner: None, reason: Reason::Agreed }),
            Some(End::Time(loser)) => {
                self.end(id, Verdict { winner: Some(loser.other()), reason: Reason::Time })
            }
            _ => Ok(()),
        };
        if let Err(error) = settled {
            if let Some(table) = self.tables.get(&id) {
                table.restore(before);
            }
            if let Some(Conn { out: Out::Screen(screen), .. }) = self.conns.get_mut(&conn) {
                screens::tell(screen, text!(CLUB_NOT_KEPT, error.text().clone()), true);
            }
        }
        self.spread(id);
        self.acting = None;
    }

    /// The terminals at game `id` hear of what changed there since they last did (a turn,
    /// a take-back, a question asked, who came or went), all but the one that changed it.
    pub(super) fn spread(&mut self, id: GameId) {
        let Some(table) = self.tables.get_mut(&id) else { return };
        if table.link.stamp() == table.heard.1 {
            return;
        }
        let played = table.link.revision() != table.heard.0;
        if played {
            // A question about the game before this change no longer stands.
            table.link.drop_question();
        }
        table.heard = (table.link.revision(), table.link.stamp());
        let link = Arc::clone(&table.link);
        for (id, conn) in &mut self.conns {
            let Out::Screen(screen) = &mut conn.out else { continue };
            if Some(*id) != self.acting && screens::shows(screen, &link) {
                let _ = screen.handle(Event::Shared { played });
            }
        }
    }

    /// Every terminal's timer (when a clock's figure on it next changes), if it has one.
    pub(super) fn timers(&self) -> Vec<(u64, Instant)> {
        let screens = self.conns.iter().filter_map(|(id, conn)| match &conn.out {
            Out::Screen(screen) => Some((*id, screen)),
            Out::Lines(_) => None,
        });
        screens.filter_map(|(id, screen)| Some((id, screen.app.timer()?))).collect()
    }

    /// The terminals whose timer of `timers` is due are woken for it.
    pub(super) fn wake(&mut self, timers: &[(u64, Instant)]) {
        let now = self.time.now();
        for (id, _) in timers.iter().filter(|(_, due)| *due <= now) {
            if let Some(Conn { out: Out::Screen(screen), .. }) = self.conns.get_mut(id) {
                let _ = screen.handle(Event::Timer);
            }
        }
    }
}
