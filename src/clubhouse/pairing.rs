//! Seeks and challenges as the hub deals with them: posted (from a bot's line or a
//! lobby's form), told to whom they concern, and taken or accepted into a game that both
//! players' terminals go to at once.

use super::games::{ClubGame, is_daily};
use super::hub::{Hub, Refused};
use super::log;
use super::notify::Need;
use super::offers::Posted;
use crate::club::bot::{BotNews, Offer};
use crate::club::{GameId, Member, NewGame};
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::rules::Colour;

impl Hub {
    /// `member` posts a seek (`to` none) or a challenge to `to`, from connection `conn`.
    pub(super) fn post(
        &mut self,
        conn: u64,
        member: &Member,
        to: Option<Member>,
        offer: Offer,
    ) -> Result<u64, Refused> {
        self.may_begin(member, is_daily(&offer.clock))?;
        let posted = Posted { by: member.clone(), to: to.clone(), offer: offer.clone() };
        let id = self.offers.post(posted)?;
        match &to {
            Some(to) => {
                log(&format!("{} challenges {} ({id}): {offer}", member.name, to.name));
                self.board.changed_for(to.id);
                self.board.changed_for(member.id);
            }
            None => {
                log(&format!("{} seeks ({id}): {offer}", member.name));
                self.board.changed();
            }
        }
        self.tell(conn, &BotNews::Seek(id));
        if let Some(to) = &to {
            self.notice_challenge(to.id, &member.name, &offer, id);
            let event = BotNews::Challenge { id, from: member.name.clone(), offer };
            self.tell_members(&[to.id], None, &event);
            self.notify(Need::Challenge, to.id, id as GameId);
        }
        Ok(id)
    }

    /// `member` takes seek `id` or accepts challenge `id`: the game begins, and both
    /// players' terminals go to it.
    pub(super) fn accept(&mut self, member: &Member, id: u64) -> Result<(), Refused> {
        let posted = self.offers.takeable(id, member.id)?;
        let (by, offer) = (posted.by.clone(), posted.offer.clone());
        let daily = is_daily(&offer.clock);
        self.may_begin(member, daily)?;
        self.may_begin(&by, daily)?;
        let poster =
            posted.offer.colour.unwrap_or(if rand::random::<bool>() { Colour::Blue } else { Colour::Red });
        let [blue, red] = match poster {
            Colour::Blue => [by, member.clone()],
            Colour::Red => [member.clone(), by],
        };
        let new = NewGame {
            game: offer.game,
            side: offer.side,
            blue: blue.id,
            red: red.id,
            clock: offer.clock,
            rated: offer.rated,
        };
        let game = self.club.create_game(&new)?;
        if let Some(Posted { to: Some(to), by, .. }) = self.offers.taken(id) {
            self.board.changed_for(to.id);
            self.board.changed_for(by.id);
        }
        let position = self.club.live_game(game)?.position;
        let record = <crate::record::AnyRecord as crate::record::AnyRecordExt>::new(position);
        let started = ClubGame::new(game, &new, [blue.name.clone(), red.name.clone()], record, &self.time);
        log(&format!(
            "game {game}: {} {} {} v {} {}{}",
            new.game,
            new.side,
            blue.name,
            red.name,
            new.clock,
            if new.rated { " rated" } else { "" }
        ));
        let event = started.event();
        self.games.insert(started);
        self.board.changed();
        self.board.changed_for(blue.id);
        self.board.changed_for(red.id);
        if let Some(due) = self.timed_daily(game) {
            self.notify(Need::YourTurn, due.next.mover, game);
        }
        self.tell_members(&[blue.id, red.id], None, &event);
        self.hold_seats(game);
        self.seat_players(game);
        // A correspondence game none of whose players is here waits in the database.
        self.rest(game);
        Ok(())
    }

    /// `member` withdraws their seek or challenge `id`, or declines a challenge to them:
    /// both parties hear it, a challenger who was declined in words.
    pub(super) fn withdraw(&mut self, member: &Member, id: u64) -> Result<(), Refused> {
        let posted = self.offers.remove(id, member.id)?;
        self.offer_gone(id, &posted);
        if posted.by.id != member.id {
            self.declined(&posted.by, member, id);
        }
        Ok(())
    }

    /// Offer `id` (`posted`) is gone: the lobbies that showed it change, and the bots of
    /// both parties hear `cancelled ID`.
    pub(super) fn offer_gone(&mut self, id: u64, posted: &Posted) {
        let mut told = vec![posted.by.id];
        match &posted.to {
            Some(to) => {
                self.board.changed_for(to.id);
                self.board.changed_for(posted.by.id);
                told.push(to.id);
            }
            None => self.board.changed(),
        }
        self.tell_members(&told, None, &BotNews::Cancelled(id));
    }

    /// `by`'s challenge `id` was declined by `member`: logged, and told on every lobby of
    /// `by`'s, in its language (a bot hears of it as the challenge leaving its lobby).
    pub(super) fn declined(&mut self, by: &Member, member: &Member, id: u64) {
        super::log(&format!("{} declines challenge {id} from {}", member.name, by.name));
        for conn in self.terminals.of(by.id) {
            let note = text!(CLUB_DECLINED, member.name.as_str());
            self.terminals.on_screen(conn, &self.games, |screen| screen.app_mut().note_in_lobby(note));
        }
    }
}
