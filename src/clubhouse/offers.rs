//! Seeks and challenges: the open ones, each member's at most [`OFFERS_EACH`], posted,
//! withdrawn, declined or taken.

use crate::club::bot::Offer;
use crate::club::{Member, MemberId, Pace, Pool};
use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use std::collections::BTreeMap;

/// Open seeks and challenges one member may have at once.
pub(super) const OFFERS_EACH: usize = 10;

/// A seek (`to` none) or a challenge.
#[derive(Clone, Debug)]
pub(super) struct Posted {
    pub by: Member,
    pub to: Option<Member>,
    /// The game offered, the side the poster plays among its terms.
    pub offer: Offer,
}

impl Posted {
    /// Whether member `member` posted it or is challenged by it.
    pub(super) fn involves(&self, member: MemberId) -> bool {
        self.by.id == member || self.to.as_ref().is_some_and(|to| to.id == member)
    }
}

/// Every open seek and challenge, by number.
#[derive(Default)]
pub(super) struct Offers {
    posted: BTreeMap<u64, Posted>,
    next: u64,
}

impl Offers {
    /// Posts `posted` if its poster may: its number.
    pub(super) fn post(&mut self, posted: Posted) -> Result<u64, Text> {
        let offer = &posted.offer;
        if offer.rated && Pool::of(offer.game, offer.side, Pace::of(offer.club_clock())).is_none() {
            return Err(text!(CLUB_NOT_RATED_BOARD, offer.game.name(), offer.side));
        }
        if self.posted.values().filter(|other| other.by.id == posted.by.id).count() >= OFFERS_EACH {
            return Err(text!(CLUB_OFFERS_FULL, OFFERS_EACH));
        }
        self.next += 1;
        self.posted.insert(self.next, posted);
        Ok(self.next)
    }

    /// Offer `id`, for member `member` to take: a seek of another's, or a challenge to them.
    pub(super) fn takeable(&self, id: u64, member: MemberId) -> Result<&Posted, Text> {
        let posted = self.posted.get(&id).ok_or_else(|| text!(CLUB_NO_OFFER, id))?;
        match &posted.to {
            Some(to) if to.id != member => Err(text!(CLUB_NOT_TO_YOU, id)),
            None if posted.by.id == member => Err(text!(CLUB_OWN_SEEK, id)),
            _ => Ok(posted),
        }
    }

    /// Offer `id` made a game: it goes.
    pub(super) fn taken(&mut self, id: u64) -> Option<Posted> {
        self.posted.remove(&id)
    }

    /// Takes offer `id` away: withdrawn by its poster, or declined by whom it challenges.
    pub(super) fn remove(&mut self, id: u64, member: MemberId) -> Result<Posted, Text> {
        let posted = self.posted.get(&id).ok_or_else(|| text!(CLUB_NO_OFFER, id))?;
        if !posted.involves(member) {
            return Err(text!(CLUB_NOT_YOUR_OFFER, id));
        }
        Ok(self.posted.remove(&id).expect("found above"))
    }

    /// Every offer that `gone` says should go (a member left, or was banned), withdrawn:
    /// each with its number.
    pub(super) fn withdraw(&mut self, gone: impl Fn(&Posted) -> bool) -> Vec<(u64, Posted)> {
        let ids: Vec<u64> =
            self.posted.iter().filter(|(_, posted)| gone(posted)).map(|(id, _)| *id).collect();
        ids.into_iter().filter_map(|id| Some((id, self.posted.remove(&id)?))).collect()
    }

    /// Every open offer, by number.
    pub(super) fn iter(&self) -> impl Iterator<Item = (u64, &Posted)> {
        self.posted.iter().map(|(id, posted)| (*id, posted))
    }

    #[cfg(test)]
    pub(super) fn is_empty(&self) -> bool {
        self.posted.is_empty()
    }
}
