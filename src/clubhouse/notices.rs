//! What needs a member, said so that they cannot miss it: on each of their screens as a
//! notice (the lobby's note line or the game's status line, and the terminal's bell once),
//! or, to a member away, kept (the latest few) and said when they next come in.

use super::hub::Hub;
use crate::club::bot::Offer;
use crate::club::{GameId, GameResult, MemberId, Reason};
use crate::i18n::keys::*;
use crate::i18n::{Text, text};

impl Hub {
    /// Says `said` to member `member` on each of their screens (a notice, with the bell),
    /// but a screen at game `at`, which shows it already; to a member with no screen here,
    /// when they come.
    pub(super) fn notice(&mut self, member: MemberId, said: Text, at: Option<GameId>) {
        let screens: Vec<u64> = self
            .terminals
            .of(member)
            .into_iter()
            .filter(|conn| self.terminals.screen(*conn).is_some())
            .collect();
        if screens.is_empty() {
            if !self.terminals.is_online(member) {
                self.missed.keep(member, said);
            }
            return;
        }
        for conn in screens {
            if at.is_none() || self.terminals.game_of(conn) != at {
                let said = said.clone();
                self.terminals.on_screen(conn, &self.games, |screen| screen.app_mut().notice(said));
            }
        }
    }

    /// Game `id` between `players` (Blue's, Red's number and name) ended so: each player told,
    /// from their side, unless their screen is at the game.
    pub(super) fn notice_end(&mut self, id: GameId, players: [(MemberId, String); 2], verdict: GameResult) {
        let how = match verdict.reason {
            Reason::Rules => text!(CLUB_REASON_RULES),
            Reason::Time => text!(CLUB_REASON_TIME),
            Reason::Resign => text!(CLUB_REASON_RESIGN),
            Reason::Agreed => text!(CLUB_REASON_AGREED),
        };
        for (index, (member, _)) in players.iter().enumerate() {
            let opponent = players[1 - index].1.as_str();
            let said = match verdict.winner.map(|winner| winner.index() == index) {
                Some(true) => text!(CLUB_GAME_WON, id, opponent, how.clone()),
                Some(false) => text!(CLUB_GAME_LOST, id, opponent, how.clone()),
                None => text!(CLUB_GAME_DRAWN, id, opponent, how.clone()),
            };
            self.notice(*member, said, Some(id));
        }
    }

    /// Member `to` is challenged by `from` to `offer`, challenge `id`.
    pub(super) fn notice_challenge(&mut self, to: MemberId, from: &str, offer: &Offer, id: u64) {
        let terms = format!("{} {}, {}", offer.game.title(), offer.side, offer.clock);
        let said = match offer.rated {
            true => text!(CLUB_CHALLENGED_RATED, from, terms, id),
            false => text!(CLUB_CHALLENGED_CASUAL, from, terms, id),
        };
        self.notice(to, said, None);
    }
}
