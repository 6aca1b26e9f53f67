//! The hub's side of members' terminals: a lobby opened, keys handled, what the lobby asks
//! done (as the bot protocol's commands are), and every lobby's view rebuilt after each
//! change.

use super::hub::{Conn, Hub, Out};
use super::screens::{self, Seen};
use crate::app::component::Request;
use crate::app::lobby::LobbyAsk;
use crate::club::Member;
use crate::i18n::keys::*;
use crate::i18n::{Lang, text};
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
        let view = self.seen().view(member.as_ref());
        let Ok(mut screen) = screens::open(output, area, lang, view) else { return };
        if screen.draw().is_ok() {
            super::log(&format!(
                "{} is in (terminal)",
                member.as_ref().map_or("a watcher", |member| member.name.as_str())
            ));
            self.conns.insert(conn, Conn { member, out: Out::Screen(Box::new(screen)) });
        }
    }

    /// A key (a click, a resize) from a member's terminal.
    pub(super) fn key(&mut self, conn: u64, input: ratatui::crossterm::event::Event) {
        let Some(Conn { member, out: Out::Screen(screen) }) = self.conns.get_mut(&conn) else { return };
        let member = member.clone();
        if screen.handle(crate::app::event::Event::Input(input)).is_err() {
            return self.gone(conn);
        }
        if screen.app.quit {
            return self.gone(conn);
        }
        let Some(Request::Lobby(ask)) = screen.app.request.take() else { return };
        let answer = match member {
            Some(member) => self.ask(conn, &member, ask),
            None => Err("a watcher may only watch: come with a key to play".to_string()),
        };
        if let Some(Conn { out: Out::Screen(screen), .. }) = self.conns.get_mut(&conn)
            && let crate::app::Screen::Lobby(lobby) = &mut screen.app.screen
        {
            let said = match answer {
                Ok(()) => text!(CLUB_DONE),
                Err(why) => text!(PLAIN, why),
            };
            lobby.note(said);
            screen.drawn = false;
        }
    }

    /// Does what a member's lobby asks, as the bot protocol's commands do.
    fn ask(&mut self, conn: u64, member: &Member, ask: LobbyAsk) -> Result<(), String> {
        match ask {
            LobbyAsk::Post(terms) => self.post(conn, member, None, screens::offer(&terms)),
            LobbyAsk::Challenge(name, terms) => {
                let to = self.club.member(&name).map_err(|error| error.to_string())?;
                let to = to.ok_or_else(|| format!("there is no member called '{name}'"))?;
                if to.id == member.id {
                    return Err("a member cannot challenge themself".to_string());
                }
                self.post(conn, member, Some(to), screens::offer(&terms))
            }
            LobbyAsk::Take(id) | LobbyAsk::Accept(id) => self.accept(member, id),
            LobbyAsk::Cancel(id) | LobbyAsk::Decline(id) => {
                let posted =
                    self.offers.get(&id).ok_or_else(|| format!("there is no seek or challenge {id}"))?;
                let theirs =
                    posted.by.id == member.id || posted.to.as_ref().is_some_and(|to| to.id == member.id);
                if !theirs {
                    return Err(format!("seek {id} is not yours"));
                }
                self.offers.remove(&id);
                Ok(())
            }
            LobbyAsk::Watch(id) | LobbyAsk::Replay(id) => {
                Err(format!("game {id}: watch it with 'bot' and 'watch {id}', or read it with 'export {id}'"))
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
                (*id, posted.by.name.as_str(), posted.to.as_ref().map(|to| to.name.as_str()), &posted.offer)
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

    /// Every lobby on screen shows the club as it is now, and is drawn if it changed.
    pub(super) fn refresh(&mut self) {
        if !self.conns.values().any(|conn| matches!(conn.out, Out::Screen(_))) {
            return;
        }
        let views: Vec<(u64, crate::app::lobby::LobbyView)> = {
            let seen = self.seen();
            self.conns
                .iter()
                .filter(|(_, conn)| matches!(conn.out, Out::Screen(_)))
                .map(|(id, conn)| (*id, seen.view(conn.member.as_ref())))
                .collect()
        };
        let mut lost = Vec::new();
        for (id, view) in views {
            let Some(Conn { out: Out::Screen(screen), .. }) = self.conns.get_mut(&id) else { continue };
            screens::show(screen, view);
            if screen.draw().is_err() {
                lost.push(id);
            }
        }
        for id in lost {
            self.gone(id);
        }
    }
}
