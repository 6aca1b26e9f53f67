//! Seeks and challenges: posted (from a bot's line or a lobby's form), taken or accepted
//! into a game that both players' terminals go to at once.

use super::hub::{Hub, OFFERS_EACH, Posted};
use super::log;
use super::tables::Table;
use crate::club::bot::{Event, Offer};
use crate::club::{Error, Member, NewGame, Pool};
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::rules::Colour;

impl Hub {
    pub(super) fn post(
        &mut self,
        conn: u64,
        member: &Member,
        to: Option<Member>,
        (offer, colour): (Offer, Option<Colour>),
    ) -> Result<(), Error> {
        if offer.rated && Pool::of(offer.game, offer.side).is_none() {
            return Err(Error::Refused(text!(CLUB_NOT_RATED_BOARD, offer.game.name(), offer.side)));
        }
        if self.offers.values().filter(|posted| posted.by.id == member.id).count() >= OFFERS_EACH {
            return Err(Error::Refused(text!(CLUB_OFFERS_FULL, OFFERS_EACH)));
        }
        let id = self.next_offer;
        self.next_offer += 1;
        let what = match &to {
            Some(to) => format!("{} challenges {} ({id}): {offer}", member.name, to.name),
            None => format!("{} seeks ({id}): {offer}", member.name),
        };
        log(&what);
        self.tell(conn, &Event::Seek(id));
        if let Some(to) = &to {
            let event = Event::Challenge { id, from: member.name.clone(), offer: offer.clone() };
            self.tell_members(&[to.id], &[], &event);
        }
        self.offers.insert(id, Posted { by: member.clone(), to, offer, colour });
        Ok(())
    }

    pub(super) fn accept(&mut self, member: &Member, id: u64) -> Result<(), Error> {
        let posted = self.offers.get(&id).ok_or_else(|| Error::Refused(text!(CLUB_NO_OFFER, id)))?;
        match &posted.to {
            Some(to) if to.id != member.id => return Err(Error::Refused(text!(CLUB_NOT_TO_YOU, id))),
            None if posted.by.id == member.id => return Err(Error::Refused(text!(CLUB_OWN_SEEK, id))),
            _ => {}
        }
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
        self.offers.remove(&id);
        let record = self.club.live_game(game)?.record.clone();
        let table = Table::new(game, &new, [blue.name.clone(), red.name.clone()], record, &self.time);
        log(&format!(
            "game {game}: {} {} {} v {} {}{}",
            new.game,
            new.side,
            blue.name,
            red.name,
            new.clock,
            if new.rated { " rated" } else { "" }
        ));
        let event = table.event();
        self.tables.insert(game, table);
        self.tell_members(&[blue.id, red.id], &[], &event);
        self.hold_seats(game);
        self.seat_players(game);
        Ok(())
    }
}
