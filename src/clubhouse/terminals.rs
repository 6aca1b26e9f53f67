//! The hub's side of members' terminals: a lobby opened, keys handled, what the lobby asks
//! done (as the bot protocol's commands are), and every lobby's view rebuilt after each
//! change.

use super::hub::{Conn, Hub, Out};
use super::screens::{self, Offered, Seen};
use crate::app::component::Request;
use crate::app::lobby::LobbyAsk;
use crate::club::{Error, Member};
use crate::i18n::keys::*;
use crate::i18n::{Lang, Text, text};
use crate::net::Output;
use ratatui::layout::Rect;

impl Hub {
    /// A member's terminal comes: the lobby, as it stands now.
    pub(super) fn lobby(
        &mut self,
        conn: u64,
        member: Option<Member>,
        lang: Lang,
        area: Rect,
        output: Box<Output>,
    ) {
        let view = self.seen().view(member.as_ref(), lang);
        let Ok(mut screen) = screens::open(output, area, lang, view) else { return };
        if screen.draw().is_ok() {
            super::log(&format!(
                "{} is in (terminal)",
                member.as_ref().map_or("a watcher", |member| member.name.as_str())
            ));
            let playing = member.as_ref().and_then(|member| self.playing(member));
            self.conns.insert(conn, Conn { member, out: Out::Screen(Box::new(screen)), held: Vec::new() });
            // A player who comes back while their game goes on finds it on screen.
            if let Some(id) = playing {
                let _ = self.seat(conn, id);
            }
        }
    }

    /// A key (a click, a resize) from a member's terminal. At a game, what it changed there
    /// is settled (committed, or taken back) before anyone else hears of it.
    pub(super) fn key(&mut self, conn: u64, input: ratatui::crossterm::event::Event) {
        let at = self.at(conn);
        let before = at.and_then(|id| self.tables.get(&id)).map(super::tables::Table::snapshot);
        let Some(Conn { member, out: Out::Screen(screen), .. }) = self.conns.get_mut(&conn) else { return };
        let member = member.clone();
        if screen.handle(crate::app::event::Event::Input(input)).is_err() || screen.app.quit {
            return self.gone(conn);
        }
        let request = screen.app.request.take();
        if let (Some(id), Some(before)) = (at, before) {
            self.settle(conn, id, member.as_ref(), before);
        }
        // Only the lobby asks the club for something; a game's requests touch files.
        let Some(Request::Lobby(ask)) = request else { return };
        let answer = match (ask, &member) {
            (LobbyAsk::Watch(id), _) => self.seat(conn, game_id(id)),
            (LobbyAsk::Replay(id), _) => self.replay(conn, game_id(id)),
            (ask, Some(member)) => self.ask(conn, member, ask),
            (_, None) => Err(Error::Refused(text!(CLUB_WATCHER_ONLY))),
        };
        if let Some(Conn { out: Out::Screen(screen), .. }) = self.conns.get_mut(&conn)
            && let crate::app::Screen::Lobby(lobby) = &mut screen.app.screen
        {
            let said = match answer {
                Ok(()) => text!(CLUB_DONE),
                Err(why) => Text::from(why),
            };
            lobby.note(said);
            screen.drawn = false;
        }
    }

    /// Does what a member's lobby asks, as the bot protocol's commands do.
    pub(super) fn ask(&mut self, conn: u64, member: &Member, ask: LobbyAsk) -> Result<(), Error> {
        match ask {
            LobbyAsk::Post(terms) => self.post(conn, member, None, (screens::offer(&terms), terms.colour)),
            LobbyAsk::Challenge(name, terms) => {
                let to = self.challenged(member, &name)?;
                self.post(conn, member, Some(to), (screens::offer(&terms), terms.colour))
            }
            LobbyAsk::Take(id) | LobbyAsk::Accept(id) => self.accept(member, id),
            LobbyAsk::Cancel(id) | LobbyAsk::Decline(id) => {
                let posted = self.offers.get(&id).ok_or_else(|| Error::Refused(text!(CLUB_NO_OFFER, id)))?;
                let theirs =
                    posted.by.id == member.id || posted.to.as_ref().is_some_and(|to| to.id == member.id);
                if !theirs {
                    return Err(Error::Refused(text!(CLUB_NOT_YOUR_OFFER, id)));
                }
                let posted = self.offers.remove(&id).expect("found above");
                if posted.by.id != member.id {
                    self.declined(&posted.by, member, id);
                }
                Ok(())
            }
            // Both are answered before a member is needed.
            LobbyAsk::Watch(_) | LobbyAsk::Replay(_) => Ok(()),
        }
    }

    /// `by`'s challenge `id` was declined by `member`: logged, and told on every lobby of
    /// `by`'s, in its language (a bot hears of it as the challenge leaving its lobby).
    fn declined(&mut self, by: &Member, member: &Member, id: u64) {
        super::log(&format!("{} declines challenge {id} from {}", member.name, by.name));
        for conn in self.conns.values_mut().filter(|conn| conn.member.as_ref().is_some_and(|m| m.id == by.id))
        {
            if let Out::Screen(screen) = &mut conn.out
                && let crate::app::Screen::Lobby(lobby) = &mut screen.app.screen
            {
                lobby.note(text!(CLUB_DECLINED, member.name.as_str()));
                screen.drawn = false;
            }
        }
    }

    /// What the hub holds that lobbies show.
    fn seen(&self) -> Seen<'_> {
        let mut online: Vec<Member> = Vec::new();
        for member in self.conns.values().filter_map(|conn| conn.member.as_ref()) {
            if !online.iter().any(|other| other.id == member.id) {
                online.push(member.clone());
            }
        }
        online.sort_by_key(|member| member.name.to_lowercase());
        let offers = self
            .offers
            .iter()
            .map(|(id, posted)| {
                let to = posted.to.as_ref().map(|to| to.name.as_str());
                Offered {
                    id: *id,
                    by: posted.by.name.as_str(),
                    to,
                    offer: &posted.offer,
                    colour: posted.colour,
                }
            })
            .collect();
        Seen {
            club: &self.club,
            name: &self.rules.name,
            greeting: self.rules.greeting.as_ref(),
            online,
            offers,
            tables: self.tables.values().collect(),
        }
    }

    /// Every screen is drawn if it changed; each lobby shows the club as it is now, its view
    /// built again when the club `changed` (a member came, a seek, a game began or ended)
    /// or the lobby has none yet (back from a game).
    pub(super) fn refresh(&mut self, changed: bool) {
        let lobbies: Vec<(u64, Option<&Member>, Lang)> = self
            .conns
            .iter()
            .filter_map(|(id, conn)| match &conn.out {
                Out::Screen(screen) if screens::wants_view(screen, changed) => {
                    Some((*id, conn.member.as_ref(), screen.app.profile.lang))
                }
                _ => None,
            })
            .collect();
        let views: Vec<(u64, crate::app::lobby::LobbyView)> = match lobbies.is_empty() {
            true => Vec::new(),
            false => {
                let seen = self.seen();
                lobbies.into_iter().map(|(id, member, lang)| (id, seen.view(member, lang))).collect()
            }
        };
        for (id, view) in views {
            if let Some(Conn { out: Out::Screen(screen), .. }) = self.conns.get_mut(&id) {
                screens::show(screen, view);
            }
        }
        let mut lost = Vec::new();
        for (id, conn) in &mut self.conns {
            if let Out::Screen(screen) = &mut conn.out
                && screen.draw().is_err()
            {
                lost.push(*id);
            }
        }
        for id in lost {
            self.gone(id);
        }
    }
}

/// A game's number as the lobby gives it.
fn game_id(id: u64) -> crate::club::GameId {
    crate::club::GameId::try_from(id).unwrap_or(crate::club::GameId::MAX)
}
