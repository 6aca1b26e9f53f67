//! The hub's side of members' terminals: a lobby opened, a key handled (only that
//! terminal touched, unless what it asked changes the club), what the lobby asks done (as
//! the bot protocol's commands are), the lobbies given the club's news, and the screens
//! that changed drawn.

use super::board::Sources;
use super::hub::{Hub, Refused, Who};
use super::screens::{self, Shown};
use super::terminals::{Conn, Out};
use crate::app::component::Request;
use crate::app::lobby::{LobbyAsk, LobbyView};
use crate::club::{Member, Refusal};
use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use crate::net::Output;

/// The board's sources, borrowed from the hub's parts beside it.
macro_rules! sources {
    ($hub:expr) => {
        Sources {
            club: &$hub.club,
            terminals: &$hub.terminals,
            games: &$hub.games,
            offers: &$hub.offers,
            time: &$hub.time,
        }
    };
}

impl Hub {
    /// A member's terminal comes: the lobby, as it stands now.
    pub(super) fn lobby(
        &mut self,
        conn: u64,
        member: Option<Member>,
        who: &Who,
        shown: Shown,
        output: Box<Output>,
    ) {
        let view = self.view_for(member.as_ref());
        let Ok(mut screen) = screens::open(output, shown, who.lang, who.no_color, view) else { return };
        // A terminal in lines is first told of the club once it is in it (the news below),
        // so that it counts itself among those online.
        if matches!(shown, Shown::Drawn(_)) && screen.draw().is_err() {
            return;
        }
        let how = match shown {
            Shown::Drawn(_) => "terminal",
            Shown::Spoken { .. } => "lines",
        };
        let name = member.as_ref().map_or("a watcher", |member| member.name.as_str());
        super::log(&format!("{name} is in ({how})"));
        let arrived = member.as_ref().is_some_and(|member| !self.terminals.is_online(member.id));
        let playing = member.as_ref().and_then(|member| self.games.live_of(member.id)).map(|game| game.id);
        let waiting = member.as_ref().map_or(0, |member| self.daily.to_move(member.id));
        let missed = member.as_ref().and_then(|member| self.missed.take(member.id));
        let conn_of = Conn::new(member, Out::Screen(Box::new(screen)));
        self.terminals.insert(conn, conn_of, &self.games);
        if arrived {
            // Shown at once to the member who came, to the others with the next news.
            self.board.changed();
        }
        self.acting = Some(conn);
        // A player who comes back while their live game goes on finds it on screen; one
        // whose correspondence games wait for them is told how many.
        if let Some(id) = playing {
            let _ = self.seat(conn, id);
        }
        if let Some(missed) = missed {
            self.terminals.on_screen(conn, &self.games, |screen| screen.app_mut().notice(missed));
        } else if playing.is_none() && waiting > 0 {
            let note = text!(CLUB_YOUR_TURN_IN, crate::i18n::Arg::Count(waiting, super::words::GAMES));
            self.terminals.on_screen(conn, &self.games, |screen| screen.app_mut().note_in_lobby(note));
        }
    }

    /// The view of `member`'s lobby (none: a watcher's) as the club stands now.
    fn view_for(&mut self, member: Option<&Member>) -> LobbyView {
        let sources = sources!(self);
        LobbyView { club: self.board.club_view(&sources), own: self.board.own_view(member, &sources) }
    }

    /// A key (a click, a resize) from a member's terminal.
    pub(super) fn key(&mut self, conn: u64, input: ratatui::crossterm::event::Event) {
        self.acted(conn, |screen| screen.handle(crate::app::event::Event::Input(input)).is_ok());
    }

    /// A line from a member in lines (or the end of their input).
    pub(super) fn said(&mut self, conn: u64, heard: crate::app::event::Heard) {
        // A list asked for is the club as it is now, not as the last news left it: a
        // member in lines sees no list change under their eyes.
        self.show_lobby(conn);
        self.acted(conn, |screen| match screen {
            screens::MemberScreen::Spoken(spoken) => spoken.hear(heard).is_ok(),
            screens::MemberScreen::Drawn(_) => true,
        });
    }

    /// What a member did on their terminal (`act`: whether its output still takes what it
    /// is sent). At a game, what it changed there is settled (committed, or taken back)
    /// before anyone else hears of it; what the lobby asked is done.
    fn acted(&mut self, conn: u64, act: impl FnOnce(&mut screens::MemberScreen) -> bool) {
        let at = self.terminals.game_of(conn);
        let before = at.and_then(|id| self.games.get(id)).map(super::games::ClubGame::snapshot);
        let Some(member) = self.terminals.get(conn).map(|conn| conn.member.clone()) else { return };
        let handled = self.terminals.on_screen(conn, &self.games, |screen| {
            let handled = act(screen);
            (handled && !screen.app().quit, screen.app_mut().take_request())
        });
        let Some((true, request)) = handled else { return self.gone(conn) };
        self.acting = Some(conn);
        if let (Some(id), Some(before)) = (at, before) {
            self.settle(conn, id, member.as_ref(), before);
            if self.terminals.game_of(conn) != Some(id) {
                // Left: a correspondence game nobody is at goes back to wait.
                self.rest(id);
            }
        }
        // Only the lobby asks the club for something; a game's requests touch files.
        let Some(Request::Lobby(ask)) = request else { return };
        let answer = match (ask, &member) {
            (LobbyAsk::Watch(id), _) => self.open_game(conn, None, game_id(id)).map(|()| None),
            // A member opens their own game: a correspondence game is woken, and seats them.
            (LobbyAsk::Open(id), Some(member)) => {
                self.open_game(conn, Some(member.id), game_id(id)).map(|()| None)
            }
            (LobbyAsk::Replay(id), _) => self.replay(conn, game_id(id)).map(|()| None),
            (ask, Some(member)) => self.ask(conn, member, ask),
            (_, None) => Err(text!(CLUB_WATCHER_ONLY).into()),
        };
        let said = match answer {
            Ok(said) => said.unwrap_or_else(|| text!(CLUB_DONE)),
            Err(why) => Text::from(&why),
        };
        self.terminals.on_screen(conn, &self.games, |screen| screen.app_mut().note_in_lobby(said));
    }

    /// Does what a member's lobby asks, as the bot protocol's commands do: what the note
    /// line says of it, beyond "Done".
    pub(super) fn ask(&mut self, conn: u64, member: &Member, ask: LobbyAsk) -> Result<Option<Text>, Refused> {
        match ask {
            LobbyAsk::Post(terms) => {
                let id = self.post(conn, member, None, screens::offer(&terms))?;
                Ok(Some(text!(CLUB_POSTED, id)))
            }
            LobbyAsk::Challenge(name, terms) => {
                let to = self.challenged(member, &name)?;
                let id = self.post(conn, member, Some(to.clone()), screens::offer(&terms))?;
                Ok(Some(text!(CLUB_CHALLENGE_SENT, id, to.name.as_str())))
            }
            LobbyAsk::Take(id) | LobbyAsk::Accept(id) => self.accept(member, id).map(|()| None),
            LobbyAsk::Cancel(id) | LobbyAsk::Decline(id) => self.withdraw(member, id).map(|()| None),
            // Both are answered before a member is needed.
            LobbyAsk::Watch(_) | LobbyAsk::Replay(_) | LobbyAsk::Open(_) => Ok(None),
        }
    }

    /// The lobbies given the club's news and every screen that changed drawn: the
    /// terminal that acted and the members whose own part changed at once, the other
    /// lobbies once [`super::hub::SPREAD`] has passed since the club changed.
    pub(super) fn refresh(&mut self) {
        let now = self.time.now();
        if self.board.is_stale() && self.spread_at.is_none() {
            self.spread_at = Some(now + super::hub::SPREAD);
        }
        let mut to_show: Vec<u64> = self.acting.take().into_iter().collect();
        for member in self.board.take_changed() {
            to_show.extend(self.terminals.of(member));
        }
        if self.spread_at.is_some_and(|at| at <= now) {
            self.spread_at = None;
            to_show = self.terminals.lobbies();
        }
        for conn in to_show {
            self.show_lobby(conn);
        }
        for lost in self.terminals.draw() {
            self.gone(lost);
        }
    }

    /// Terminal `conn`'s lobby, if it shows one, given the club as it stands.
    fn show_lobby(&mut self, conn: u64) {
        let Some(member) = self.terminals.get(conn).map(|conn| conn.member.clone()) else { return };
        if self.terminals.screen(conn).and_then(|screen| screen.app().lobby()).is_none() {
            return;
        }
        let view = self.view_for(member.as_ref());
        self.terminals.on_screen(conn, &self.games, |screen| screen.app_mut().show_lobby_view(&view));
    }

    /// The admin changed member `name`: a ban acts at once. The member's connections are
    /// told in one line and let go, their seeks and challenges withdrawn, a game in
    /// progress resigned for them.
    pub(super) fn reread(&mut self, name: &str) {
        let member = match self.club.member(name) {
            Ok(Some(member)) if member.banned => member,
            Ok(_) => return,
            Err(error) => {
                return super::log(&format!(
                    "{name} could not be read again: {}",
                    super::words::english(&error)
                ));
            }
        };
        super::log(&format!("{} is banned: their sessions end", member.name));
        for (id, posted) in self.offers.withdraw(|posted| posted.involves(member.id)) {
            self.offer_gone(id, &posted);
        }
        let live = self.games.of(member.id).map(|game| (game.id, game.colour_of(member.id)));
        let by_post = self.daily.of(member.id).map(|due| {
            let colour = match due.players[0] == member.id {
                true => crate::rules::Colour::Blue,
                false => crate::rules::Colour::Red,
            };
            (due.game, Some(colour))
        });
        let games: std::collections::BTreeMap<_, _> = live.chain(by_post).collect();
        for (id, colour) in games {
            let verdict = crate::club::GameResult {
                winner: colour.map(crate::rules::Colour::other),
                reason: crate::club::Reason::Resign,
            };
            if let Err(error) = self.end(id, verdict) {
                super::log(&format!(
                    "game {id}: {}'s resignation not kept: {}",
                    member.name,
                    error.english()
                ));
            }
        }
        for conn in self.terminals.of(member.id) {
            let said = Refused::from(Refusal::Banned(member.name.clone()));
            let goodbye = match self.terminals.screen(conn) {
                Some(screen) => screen.app().profile.lang.say(&Text::from(&said)),
                None => crate::club::bot::BotNews::Err(said.english()).to_string(),
            };
            if let Some(Conn { out: Out::Lines(_), .. }) = self.terminals.get(conn) {
                self.tell(conn, &crate::club::bot::BotNews::Err(said.english()));
                self.gone(conn);
            } else {
                self.drop_conn(conn, Some(goodbye));
            }
        }
    }

    /// The screens whose clock figure turned are woken for it.
    pub(super) fn wake(&mut self) {
        for conn in self.terminals.due(self.time.now()) {
            self.terminals
                .on_screen(conn, &self.games, |screen| screen.handle(crate::app::event::Event::Timer));
        }
    }
}

/// A game's number as the lobby gives it.
fn game_id(id: u64) -> crate::club::GameId {
    crate::club::GameId::try_from(id).unwrap_or(crate::club::GameId::MAX)
}
