//! The club's games on members' terminals: a player's game screen when their game begins
//! or when they come back, a watcher's, a replay of a finished game, and back to the lobby.
//! A terminal at a game plays on its game's link, as a guest of `serve` does; what it
//! changed there is settled here before any other terminal hears of it: a turn or a
//! take-back committed, a resignation or an agreed draw ending the game, and what cannot be
//! kept taken back and said on that terminal.

use super::hub::{Hub, Refused};
use super::screens;
use super::terminals::{Conn, Out};
use crate::app::event::Event;
use crate::clock::ClubClock;
use crate::club::{GameId, GameResult, Member, Pace, Pool, Reason, Refusal, Standing};
use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use crate::record::{AnyRecord, End, Players};

impl Hub {
    /// Game `id` on terminal `conn`: at its member's colour if they play it, else to watch.
    /// The others at the game hear who came.
    pub(super) fn seat(&mut self, conn: u64, id: GameId) -> Result<(), Refused> {
        self.sit(conn, id)?;
        let acting = self.acting.replace(conn);
        self.spread(id);
        self.acting = acting;
        Ok(())
    }

    fn sit(&mut self, conn: u64, id: GameId) -> Result<(), Refused> {
        let game = self.games.get(id).ok_or(Refusal::NoGame(id))?;
        let Some(member) = self.terminals.get(conn).map(|conn| conn.member.clone()) else { return Ok(()) };
        let colour = member.as_ref().and_then(|member| game.colour_of(member.id));
        let [blue, red] = game.players.clone().map(|(_, name)| Some(name));
        let seat = game.link.join(colour);
        let players = Players { blue, red, computer: None };
        let ratings = self.ratings_at(id);
        let clock = ClubClock::parse(&game.clock_text).unwrap_or(ClubClock::Untimed);
        let due = self.deadline_of(id);
        self.terminals.on_screen(conn, &self.games, |screen| {
            screen.app_mut().seat_at_club_rated(seat, &players, ratings);
            screen.app_mut().club_clock(clock);
            screen.app_mut().club_deadline(due);
        });
        Ok(())
    }

    /// Blue's and Red's ratings in game `id`'s pool, as the screen shows them beside their
    /// names (`1512`, `?` while provisional); none in a casual game, or where they could not
    /// be read (logged).
    fn ratings_at(&self, id: GameId) -> [Option<String>; 2] {
        let Some(game) = self.games.get(id).filter(|game| game.rated) else { return [None, None] };
        let pace = if game.daily { Pace::Daily } else { Pace::Live };
        let Some(pool) = Pool::of(game.game, game.side, pace) else { return [None, None] };
        game.members().map(|member| match self.club.ratings_of(member) {
            Ok(standings) => Some(
                standings
                    .iter()
                    .find(|standing| standing.pool == pool)
                    .map_or("?".to_string(), Standing::shown),
            ),
            Err(error) => {
                super::log(&format!("ratings of game {id} not read: {}", super::words::english(&error)));
                None
            }
        })
    }

    /// A game that begins: each terminal of its players comes to it (but one already
    /// playing another game: its lobby lists this one), each told whose turn it is rather
    /// than that the other came.
    pub(super) fn seat_players(&mut self, id: GameId) {
        let Some(game) = self.games.get(id) else { return };
        let players = game.players.clone();
        let theirs: Vec<u64> = game.members().iter().flat_map(|member| self.terminals.of(*member)).collect();
        for conn in theirs {
            let Some(member) = self.terminals.get(conn).and_then(|conn| conn.member.clone()) else {
                continue;
            };
            // Busy at a game of theirs; but a live game's clock runs, so it takes a player
            // from a correspondence game, which waits.
            let at = self.terminals.game_of(conn).and_then(|at| self.games.get(at));
            let starting_live = !self.games.get(id).is_some_and(|game| game.daily);
            let busy = at.is_some_and(|at| at.plays(member.id) && !(starting_live && at.daily));
            if self.terminals.screen(conn).is_some() && !busy {
                let _ = self.sit(conn, id);
            }
        }
        // A player busy at another game, or away, hears of it.
        for (index, (member, _)) in players.iter().enumerate() {
            let seated =
                self.terminals.of(*member).iter().any(|conn| self.terminals.game_of(*conn) == Some(id));
            if !seated {
                self.notice(*member, text!(CLUB_BEGAN, id, players[1 - index].1.as_str()), None);
            }
        }
        let Some(game) = self.games.get_mut(id) else { return };
        game.heard = (game.link.revision(), game.link.stamp());
        // Each says whose turn it is, now that both are there.
        for conn in self.terminals.at(id) {
            self.terminals
                .on_screen(conn, &self.games, |screen| screen.handle(Event::Shared { played: true }));
        }
    }

    /// Each bot connection of game `id`'s players holds a seat at it: the screens there see
    /// its member present (thinking, not gone).
    pub(super) fn hold_seats(&mut self, id: GameId) {
        let Some(game) = self.games.get(id) else { return };
        for member in game.members() {
            let colour = game.colour_of(member);
            for conn in self.terminals.of(member) {
                if !matches!(self.terminals.get(conn), Some(Conn { out: Out::Lines(_), .. })) {
                    continue;
                }
                let Some(held) = self.terminals.held(conn) else { continue };
                if !held.iter().any(|seat| seat.is_at(&game.link)) {
                    held.push(game.link.join(colour));
                }
            }
        }
    }

    /// Game `id` is over: the bots let go of their seats at it.
    pub(super) fn let_go(&mut self, id: GameId) {
        let Some(game) = self.games.get(id) else { return };
        for member in game.members() {
            for conn in self.terminals.of(member) {
                if let Some(held) = self.terminals.held(conn) {
                    held.retain(|seat| !seat.is_at(&game.link));
                }
            }
        }
    }

    /// A finished game (`export`'s) on terminal `conn`, its turns to step through.
    pub(super) fn replay(&mut self, conn: u64, id: GameId) -> Result<(), Refused> {
        let kept = super::export::export(&self.club, id)?;
        let saved = crate::saved::read(&kept).map_err(|_| Refusal::NoGame(id))?;
        self.terminals.on_screen(conn, &self.games, |screen| {
            screen.app_mut().replay_at_club(saved);
            screens::tell(screen, text!(CLUB_REPLAY_ONLY), false);
        });
        Ok(())
    }

    /// What terminal `conn` (its member's) changed at game `id`, `before` being the record
    /// as it was, settled; then the other terminals at the game hear of it.
    pub(super) fn settle(&mut self, conn: u64, id: GameId, member: Option<&Member>, before: AnyRecord) {
        let Some(game) = self.games.get(id) else { return };
        let ((turns, end), committed) = (game.change(), game.turns);
        let settled: Result<(), Refused> = match end {
            _ if turns == committed + 1 => match member {
                Some(member) => self.commit_turn(id, member),
                None => Err(text!(NET_WATCHING).into()),
            },
            _ if turns < committed => self.commit_take_back(id, turns),
            _ if turns > committed => Err(Refusal::NoGame(id).into()),
            Some(End::Resigned(loser)) => {
                self.end(id, GameResult { winner: Some(loser.other()), reason: Reason::Resign })
            }
            Some(End::Drawn) => self.end(id, GameResult { winner: None, reason: Reason::Agreed }),
            Some(End::Time(loser)) => {
                self.end(id, GameResult { winner: Some(loser.other()), reason: Reason::Time })
            }
            _ => Ok(()),
        };
        if let Err(why) = settled {
            if let Some(game) = self.games.get(id) {
                game.restore(before);
            }
            let said = text!(CLUB_NOT_KEPT, Text::from(&why));
            self.terminals.on_screen(conn, &self.games, |screen| screens::tell(screen, said, true));
        }
        self.games.timed(id);
        self.spread(id);
    }

    /// The terminals at game `id` hear of what changed there since they last did (a turn,
    /// a take-back, a question asked, who came or went), all but the one that changed it.
    pub(super) fn spread(&mut self, id: GameId) {
        let Some(game) = self.games.get_mut(id) else { return };
        if game.link.stamp() == game.heard.1 {
            return;
        }
        let played = game.link.revision() != game.heard.0;
        if played {
            // A question about the game before this change no longer stands.
            game.link.drop_question();
        }
        game.heard = (game.link.revision(), game.link.stamp());
        for conn in self.terminals.at(id) {
            if Some(conn) != self.acting {
                self.terminals.on_screen(conn, &self.games, |screen| screen.handle(Event::Shared { played }));
            }
        }
    }
}
