//! The hub's correspondence games (days a turn): timed without being held, woken into
//! memory when someone opens one or plays in it, put back to wait in the database when
//! nobody is at it; a deadline that passes ends its game on time whoever is connected; and
//! word to the members a game needs, by the host's notify command.

use super::games::ClubGame;
use super::hub::{ALIVE, Hub, Refused};
use super::log;
use super::notify::{Need, Notice};
use crate::clock::Deadline;
use crate::club::{Due, GameId, GameResult, MemberId, Reason, Refusal};
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::rules::Colour;
use std::sync::Arc;
use std::time::Instant;

impl Hub {
    /// When the club's clock (milliseconds since 1970) reads `ms`, on the hub's clock.
    pub(super) fn instant_of(&self, ms: i64) -> Instant {
        super::board::instant_of(&self.club, &self.time, ms)
    }

    /// When the next deadline passes or the next warning of low time is due.
    pub(super) fn next_daily(&self) -> Option<Instant> {
        self.daily.next().map(|ms| self.instant_of(ms))
    }

    /// Game `id` as the club holds it after a change (begun, a turn, a take-back): a
    /// correspondence game's deadline timed again. None for a game not by correspondence.
    pub(super) fn timed_daily(&mut self, id: GameId) -> Option<Due> {
        let game = self.club.live_game(id).ok()?;
        let allowance = crate::club::allowance_ms(game.clock)?;
        let to_move = crate::each_game!(&game.position, position => crate::rules::Game::to_move(position));
        let mover = match to_move {
            Colour::Blue => game.blue,
            Colour::Red => game.red,
        };
        let next = crate::club::Next { mover, deadline: game.deadline };
        let due = Due { game: id, players: [game.blue, game.red], next, allowance };
        let now = self.club.now();
        self.daily.put(due, now);
        Some(due)
    }

    /// A turn was kept in game `id` (or taken back): a correspondence game's mover has
    /// their allowance again and is told it is their turn. Both players' lobbies list it
    /// anew.
    pub(super) fn moved_on(&mut self, id: GameId) {
        if let Some(due) = self.timed_daily(id) {
            self.notify(Need::YourTurn, due.next.mover, id);
            let opponent = self.games.get(id).and_then(|game| {
                let other = game.players.iter().find(|(member, _)| *member != due.next.mover)?;
                Some(other.1.clone())
            });
            if let Some(opponent) = opponent {
                self.notice(due.next.mover, text!(CLUB_YOUR_TURN_GAME, id, opponent), Some(id));
            }
        }
        if let Some(game) = self.games.get(id) {
            for member in game.members() {
                self.board.changed_for(member);
            }
        }
        let due = self.deadline_of(id);
        if due.is_some() {
            for conn in self.terminals.at(id) {
                self.terminals
                    .on_screen(conn, &self.games, |screen| screen.app_mut().club_deadline(due.clone()));
            }
        }
    }

    /// When the turn under way in correspondence game `id` runs out, as its screens count
    /// down to it; none for a game not by correspondence.
    pub(super) fn deadline_of(&self, id: GameId) -> Option<Deadline> {
        let ms = self.daily.get(id)?.next.deadline?;
        Some(Deadline { at: self.instant_of(ms), time: self.time.clone() })
    }

    /// Ends every correspondence game whose mover's time ran out (the other wins on time,
    /// whoever is connected), and warns each mover whose time runs low.
    pub(super) fn deadlines(&mut self) {
        let now = self.club.now();
        for due in self.daily.overdue(now) {
            let (id, mover) = (due.game, due.next.mover);
            let winner = match mover == due.players[0] {
                true => Colour::Red,
                false => Colour::Blue,
            };
            if let Err(why) = self.end(id, GameResult { winner: Some(winner), reason: Reason::Time }) {
                // Tried again at the next wake: logged each time, as the database is.
                log(&format!("game {id}: the time ran out but the end was not kept: {}", why.english()));
                self.daily.remove(id);
                self.daily_retry = Some(self.time.now() + super::hub::SPREAD * 10);
            }
        }
        for due in self.daily.take_warnings(now) {
            self.notify(Need::LowTime, due.next.mover, due.game);
        }
    }

    /// Every correspondence game whose end could not be kept, timed again from the
    /// database (its deadline passed: it ends at the next wake).
    pub(super) fn retry_deadlines(&mut self) {
        if self.daily_retry.is_none_or(|at| at > self.time.now()) {
            return;
        }
        self.daily_retry = None;
        match self.club.deadlines() {
            Ok(dues) => {
                let now = self.club.now();
                for due in dues {
                    if self.daily.get(due.game).is_none() {
                        self.daily.put(due, now);
                    }
                }
            }
            Err(error) => {
                log(&format!("the deadlines could not be read: {}", super::words::english(&error)));
                self.daily_retry = Some(self.time.now() + super::hub::SPREAD * 10);
            }
        }
    }

    /// Game `id` held in memory, if it is a correspondence game waiting in the database:
    /// the bots of its players hold seats at it while they are connected.
    pub(super) fn wake_game(&mut self, id: GameId) -> Result<(), Refused> {
        if self.games.get(id).is_some() || self.daily.get(id).is_none() {
            return Ok(());
        }
        let archived = self.club.archived(id)?.ok_or(Refusal::NoGame(id))?;
        self.games.insert(ClubGame::resumed(&archived, &self.time));
        self.hold_seats(id);
        Ok(())
    }

    /// A correspondence game nobody is at any longer (no screen, no bot of its players)
    /// goes back to wait in the database.
    pub(super) fn rest(&mut self, id: GameId) {
        let Some(game) = self.games.get(id) else { return };
        if game.daily && Arc::strong_count(&game.link) == 1 {
            self.games.remove(id);
        }
    }

    /// Game `id` on terminal `conn`, a correspondence game woken for it: to watch, or
    /// (`player` given) one of that member's own, at their colour, where the turn is made.
    pub(super) fn open_game(
        &mut self,
        conn: u64,
        player: Option<MemberId>,
        id: GameId,
    ) -> Result<(), Refused> {
        if let Some(member) = player {
            let theirs = self.daily.get(id).is_some_and(|due| due.players.contains(&member))
                || self.games.get(id).is_some_and(|game| game.plays(member));
            if !theirs {
                return Err(Refusal::NotPlayer(id).into());
            }
        }
        self.wake_game(id)?;
        let seated = self.seat(conn, id);
        self.rest(id);
        seated
    }

    /// Whether `member` may begin a game on `daily` terms: at most one live game at a time,
    /// and at most the club's number of correspondence games.
    pub(super) fn may_begin(&self, member: &crate::club::Member, daily: bool) -> Result<(), Refused> {
        let most = self.rules.daily_games;
        match daily {
            false if self.games.plays_live(member.id) => {
                Err(text!(CLUB_LIVE_BUSY, member.name.as_str()).into())
            }
            true if self.daily.of(member.id).count() >= most => {
                Err(text!(CLUB_DAILY_FULL, member.name.as_str(), most).into())
            }
            _ => Ok(()),
        }
    }

    /// Runs the host's notify command for member `member` (by number), needed for `need`
    /// in game `id` (a challenge's number for a challenge). Nothing is read when there is
    /// no command.
    pub(super) fn notify(&self, need: Need, member: MemberId, id: GameId) {
        if !self.notifier.is_on() {
            return;
        }
        let name = match need {
            Need::Challenge => {
                self.offers.iter().find(|(offer, _)| *offer as GameId == id).and_then(|(_, posted)| {
                    posted.to.as_ref().filter(|to| to.id == member).map(|to| to.name.clone())
                })
            }
            _ => match self.club.game(id) {
                Ok(Some(info)) => Some(if info.blue_id == member { info.blue } else { info.red }),
                _ => None,
            },
        };
        let Some(name) = name else { return };
        let contact = self.club.contact(member).unwrap_or_else(|error| {
            log(&format!("{name}'s contact could not be read: {}", super::words::english(&error)));
            None
        });
        self.notifier.tell(Notice { need, name, id, contact });
    }

    /// Says the server is alive in the database, every [`ALIVE`].
    pub(super) fn say_alive(&mut self) {
        if self.alive_at > self.time.now() {
            return;
        }
        self.alive_at = self.time.now() + ALIVE;
        if let Err(error) = self.club.alive() {
            log(&format!("could not say the server is alive: {}", super::words::english(&error)));
        }
    }
}
