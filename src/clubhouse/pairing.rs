//! Seeks and challenges as the hub deals with them: posted (from a bot's line or a
//! lobby's form), told to whom they concern, and taken or accepted into a game that both
//! players' terminals go to at once.

use super::games::ClubGame;
use super::hub::{Hub, Refused};
use super::log;
use super::offers::Posted;
use crate::club::bot::{Event, Offer};
use crate::club::{Member, NewGame};
use crate::rules::Colour;

impl Hub {
    /// `member` posts a seek (`to` none) or a challenge to `to`, from connection `conn`.
    pub(super) fn post(
        &mut self,
        conn: u64,
        member: &Member,
        to: Option<Member>,
        (offer, colour): (Offer, Option<Colour>),
    ) -> Result<(), Refused> {
        let posted = Posted { by: member.clone(), to: to.clone(), offer: offer.clone(), colour };
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
        self.tell(conn, &Event::Seek(id));
        if let Some(to) = &to {
            let event = Event::Challenge { id, from: member.name.clone(), offer };
            self.tell_members(&[to.id], None, &event);
        }
        Ok(())
    }

    /// `member` takes seek `id` or accepts challenge `id`: the game begins, and both
    /// players' terminals go to it.
    pub(super) fn accept(&mut self, member: &Member, id: u64) -> Result<(), Refused> {
        let posted = self.offers.takeable(id, member.id)?;
        let (by, offer) = (posted.by.clone(), posted.offer.clone());
        let poster = posted.colour.unwrap_or(if rand::random::<bool>() { Colour::Blue } else { Colour::Red });
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
        self.tell_members(&[blue.id, red.id], None, &event);
        self.hold_seats(game);
        self.seat_players(game);
        Ok(())
    }
}
