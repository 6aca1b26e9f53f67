//! The bot protocol's sessions at the hub: a program's games told as it comes, its lines
//! read as commands and answered, and the events of its games and offers told to it (and
//! to the bots watching), one line each.

use super::games::ClubGame;
use super::hub::{Hub, Refused};
use super::terminals::{Conn, Out};
use super::{log, words};
use crate::club::bot::{BotCommand, BotError, BotNews};
use crate::club::{GameId, Member, MemberId, Refusal};
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::net::Output;

impl Hub {
    /// A bot's session begins: it is told of its games in progress (by correspondence
    /// too, held in memory while it is connected) and their turns.
    pub(super) fn bot(&mut self, conn: u64, member: Option<Member>, mut output: Box<Output>) {
        output.outbox().carries_lines();
        let name = member.as_ref().map_or("a watcher", |member| member.name.as_str());
        log(&format!("{name} is in (bot protocol)"));
        let by_post: Vec<GameId> =
            member.iter().flat_map(|member| self.daily.of(member.id)).map(|due| due.game).collect();
        for id in by_post {
            if let Err(why) = self.wake_game(id) {
                log(&format!("game {id} could not be read: {}", why.english()));
            }
        }
        let ids: Vec<GameId> = match &member {
            Some(member) => self.games.of(member.id).map(|game| game.id).collect(),
            None => Vec::new(),
        };
        for &id in &ids {
            if !super::terminals::say(&mut output, &self.game_lines(id)) {
                return;
            }
        }
        let arrived = member.as_ref().is_some_and(|member| !self.terminals.is_online(member.id));
        self.terminals.insert(conn, Conn::new(member, Out::Lines(output)), &self.games);
        if arrived {
            self.board.changed();
        }
        // Its member is at each of their games from now on: the screens there hear so.
        for id in ids {
            self.hold_seats(id);
            self.spread(id);
        }
    }

    /// What tells a bot of game `id`: its `game` line and its turns so far, a line each.
    pub(super) fn game_lines(&self, id: GameId) -> String {
        let Some(game) = self.games.get(id) else { return String::new() };
        let mut lines = vec![game.event().to_string()];
        match self.club.archived(id) {
            Ok(Some(archived)) => lines.extend(archived.turns.into_iter().map(|turn| {
                BotNews::Turn { id, number: turn.number, turn: turn.turn, clocks: turn.clocks }.to_string()
            })),
            Ok(None) => {}
            Err(error) => log(&format!("game {id} could not be read: {}", words::english(&error))),
        }
        lines.join("\n")
    }

    pub(super) fn line(&mut self, conn: u64, line: Result<String, BotError>) {
        let Some(member) = self.terminals.get(conn).map(|conn| conn.member.clone()) else { return };
        let command = line.and_then(|line| line.parse::<BotCommand>());
        // The bot protocol's words are English, whatever the member's language.
        let answer = match (command, member) {
            (Err(BotError::Line(why)), _) => Err(why),
            (Err(BotError::Refused(refusal)), _) => Err(Refused::from(refusal).english()),
            (Ok(BotCommand::Watch(id)), _) => self.watch(conn, id).map_err(|why| why.english()),
            (Ok(_), None) => Err(Refused::Hub(text!(CLUB_WATCHER_ONLY)).english()),
            (Ok(command), Some(member)) => self.command(conn, &member, command).map_err(|why| why.english()),
        };
        if let Err(message) = answer {
            self.tell(conn, &BotNews::Err(message));
        }
    }

    fn command(&mut self, conn: u64, member: &Member, command: BotCommand) -> Result<(), Refused> {
        match command {
            BotCommand::Seek(offer) => self.post(conn, member, None, offer).map(drop),
            BotCommand::Challenge { name, offer } => {
                let to = self.challenged(member, &name)?;
                self.post(conn, member, Some(to), offer).map(drop)
            }
            BotCommand::Cancel(id) => self.withdraw(member, id),
            BotCommand::Accept(id) => self.accept(member, id),
            BotCommand::Move { game, turn } => self.play(member, game, &turn),
            BotCommand::Resign(game) => self.resign(member, game),
            BotCommand::Watch(_) => Ok(()),
        }
    }

    /// The member `name` whom `member` challenges: one who exists, not themself.
    pub(super) fn challenged(&self, member: &Member, name: &str) -> Result<Member, Refused> {
        let to =
            self.club.member(name)?.ok_or_else(|| Refusal::NoMember(crate::club::names::quoted(name)))?;
        match to.id == member.id {
            true => Err(text!(CLUB_SELF_CHALLENGE).into()),
            false => Ok(to),
        }
    }

    /// Tells game `id`'s players (each of their bot connections) and watchers.
    pub(super) fn tell_game_event(&mut self, id: GameId, event: &BotNews) {
        let players = self.games.get(id).map(ClubGame::members).unwrap_or_default();
        self.tell_members(&players, Some(id), event);
    }

    /// Tells every bot connection of `members` (and the bots watching `game`).
    pub(super) fn tell_members(&mut self, members: &[MemberId], game: Option<GameId>, event: &BotNews) {
        let lost = self.terminals.say(&event.to_string(), members, game, &[]);
        for conn in lost {
            self.gone(conn);
        }
    }

    pub(super) fn tell(&mut self, conn: u64, event: &BotNews) {
        for lost in self.terminals.say(&event.to_string(), &[], None, &[conn]) {
            self.gone(lost);
        }
    }
}
