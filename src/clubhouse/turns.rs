//! The hub's games in progress: a turn checked, committed, then told; a take-back both
//! players agreed to; a resignation, an agreed draw, a fallen flag. Every change is
//! committed (an end rated too) before anyone hears of it; one that cannot be kept is taken
//! back on the table's record by whoever made it.

use super::hub::{Hub, Refused};
use super::log;
use super::notify::Need;
use crate::club::bot::BotNews;
use crate::club::{Error, GameId, GameResult, Member, Reason, Refusal};
use crate::record::End;
use crate::rules::Colour;
use std::time::Duration;

/// How long the hub first waits before it tries again to keep a fallen flag it could not
/// keep; each failure doubles it, up to [`LONGEST_RETRY`].
const RETRY: Duration = Duration::from_secs(1);
const LONGEST_RETRY: Duration = Duration::from_secs(60);

impl Hub {
    /// `member` plays `turn` (a bot's `move`) in game `id`: played on the table's record,
    /// checked by the rules and on the clock, committed, then told to everyone at the game.
    pub(super) fn play(&mut self, member: &Member, id: GameId, turn: &str) -> Result<(), Refused> {
        self.wake_game(id)?;
        let played = self.play_awake(member, id, turn);
        self.rest(id);
        played
    }

    fn play_awake(&mut self, member: &Member, id: GameId, turn: &str) -> Result<(), Refused> {
        let game = self.games.get(id).ok_or_else(|| no_live(id))?;
        let colour = game.colour_of(member.id).ok_or(Refusal::NotPlayer(id))?;
        if game.to_move() != colour {
            return Err(Refusal::NotYourTurn(id, colour.other()).into());
        }
        let before = game.snapshot();
        let played = game.play_text(turn).map_err(Refused::Hub);
        if let Err(why) = played.and_then(|()| self.commit_turn(id, member)) {
            if let Some(game) = self.games.get(id) {
                game.restore(before);
            }
            return Err(why);
        }
        self.games.timed(id);
        self.spread(id);
        Ok(())
    }

    /// Commits the turn `member` played on game `id`'s record, beyond those committed,
    /// and tells everyone at the game. On an error the caller takes it back.
    pub(super) fn commit_turn(&mut self, id: GameId, member: &Member) -> Result<(), Refused> {
        let game = self.games.get(id).ok_or(Refusal::NoGame(id))?;
        let (turn, spent) = game.last_turn().ok_or(Refusal::NoGame(id))?;
        let clocks = game.clocks_at_turn();
        let played = self.club.play_turn(id, member.id, &turn, spent, clocks).inspect_err(|error| {
            if let Error::Store(_) = error {
                log(&format!(
                    "game {id}: a turn of {} not kept: {}",
                    member.name,
                    super::words::english(error)
                ));
            }
        })?;
        if let Some(game) = self.games.get_mut(id) {
            game.turns = played.number;
        }
        self.tell_game_event(id, &BotNews::Turn { id, number: played.number, turn: played.turn, clocks });
        match played.ended {
            Some(ended) => self.ended(id, ended.verdict),
            None => self.moved_on(id),
        }
        Ok(())
    }

    /// Game `id`'s players agreed on their terminals to go back to its first `to` turns:
    /// kept, then told. On an error the caller takes it back.
    pub(super) fn commit_take_back(&mut self, id: GameId, to: u32) -> Result<(), Refused> {
        let game = self.games.get(id).ok_or(Refusal::NoGame(id))?;
        let clocks = game.clocks_ms();
        self.club.take_back(id, to, clocks)?;
        log(&format!("game {id} goes back to turn {to}"));
        if let Some(game) = self.games.get_mut(id) {
            game.turns = to;
        }
        self.tell_game_event(id, &BotNews::Back { id, number: to, clocks });
        self.moved_on(id);
        Ok(())
    }

    pub(super) fn resign(&mut self, member: &Member, id: GameId) -> Result<(), Refused> {
        let players = match (self.games.get(id), self.daily.get(id)) {
            (Some(game), _) => game.members(),
            (None, Some(due)) => due.players,
            (None, None) => return Err(no_live(id)),
        };
        let colour = match players.iter().position(|player| *player == member.id) {
            Some(0) => Colour::Blue,
            Some(_) => Colour::Red,
            None => return Err(Refusal::NotPlayer(id).into()),
        };
        let verdict = GameResult { winner: Some(colour.other()), reason: Reason::Resign };
        self.end(id, verdict)
    }

    /// A bot watches game `id`: told of it now, and of its turns and end from now on. A
    /// game it watches already is not told again: what a request costs is bounded by what
    /// it sends back.
    pub(super) fn watch(&mut self, conn: u64, id: GameId) -> Result<(), Refused> {
        self.wake_game(id)?;
        let watched = self.watch_awake(conn, id);
        self.rest(id);
        watched
    }

    fn watch_awake(&mut self, conn: u64, id: GameId) -> Result<(), Refused> {
        if self.games.get(id).is_none() {
            return Err(no_live(id));
        }
        if !self.terminals.watch(conn, id) {
            return Err(crate::i18n::text!(crate::i18n::keys::CLUB_WATCHING_ALREADY, id).into());
        }
        let lines = self.game_lines(id);
        for lost in self.terminals.say(&lines, &[], None, &[conn]) {
            self.gone(lost);
        }
        Ok(())
    }

    /// Ends game `id` so (a resignation, an agreed draw, a fallen flag), rated if it is.
    pub(super) fn end(&mut self, id: GameId, verdict: GameResult) -> Result<(), Refused> {
        let ended = self.club.end_game(id, verdict)?;
        self.ended(id, ended.verdict);
        Ok(())
    }

    /// Game `id` ended (committed): its record shows how, everyone at it hears, and its
    /// table goes (the terminals at it keep the game on screen until they leave it). Its
    /// players are told if they are away (always, by correspondence).
    pub(super) fn ended(&mut self, id: GameId, verdict: GameResult) {
        log(&format!("game {id} over: {verdict}"));
        let by_post = self.daily.remove(id);
        let players = match self.games.get(id) {
            Some(game) => Some(game.players.clone()),
            None => self
                .club
                .game(id)
                .ok()
                .flatten()
                .map(|info| [(info.blue_id, info.blue), (info.red_id, info.red)]),
        };
        if let Some(players) = players {
            for (member, _) in &players {
                if by_post.is_some() || !self.terminals.is_online(*member) {
                    self.notify(Need::Ended, *member, id);
                }
            }
            self.notice_end(id, players, verdict);
        }
        let Some(game) = self.games.get(id) else {
            // A correspondence game nobody was at: its players' bots and lobbies hear.
            if let Some(due) = by_post {
                self.board.ended(due.players, true);
                self.tell_members(&due.players, Some(id), &BotNews::End { id, verdict });
                self.terminals.forget(id);
            }
            return;
        };
        let loser = verdict.winner.map_or(game.to_move(), Colour::other);
        match verdict.reason {
            Reason::Resign => game.show_end(End::Resigned(loser)),
            Reason::Time => game.show_end(End::Time(loser)),
            Reason::Agreed => game.show_end(End::Drawn),
            Reason::Rules => {}
        }
        self.board.ended(game.members(), game.rated);
        self.tell_game_event(id, &BotNews::End { id, verdict });
        self.spread(id);
        self.let_go(id);
        self.terminals.forget(id);
        self.games.remove(id);
    }

    /// Ends every game whose flag fell: the other side wins on time. One that cannot be
    /// kept is tried again later, each time twice as late (to a minute), and logged once.
    pub(super) fn flags(&mut self) {
        let now = self.time.now();
        for (id, colour) in self.games.fallen(now) {
            let verdict = GameResult { winner: Some(colour.other()), reason: Reason::Time };
            let Err(why) = self.end(id, verdict) else { continue };
            let Some(game) = self.games.get_mut(id) else { continue };
            let wait = match game.retry {
                None => {
                    log(&format!(
                        "game {id}: the flag fell but the end was not kept: {} (tried again until it is)",
                        why.english()
                    ));
                    RETRY
                }
                Some((_, wait)) => (wait * 2).min(LONGEST_RETRY),
            };
            game.retry = Some((now + wait, wait));
            self.games.timed(id);
        }
    }
}

/// No game `id` in progress.
fn no_live(id: GameId) -> Refused {
    crate::i18n::text!(crate::i18n::keys::CLUB_NO_LIVE, id).into()
}
