//! The club's loop: one thread holds the club's database and answers every connection's
//! [`Call`] in turn. It routes between the hub's parts, each with its own state: who is
//! connected ([`Terminals`]), the games held in memory ([`ClubGames`]), the correspondence
//! games timed ([`Daily`]), the open seeks and challenges ([`Offers`]), and what the
//! lobbies show ([`LobbyBoard`]). It sleeps on its channel until a call comes, a flag falls, a
//! deadline passes, a screen's clock turns or the lobbies are due their news. A turn is
//! committed to the database before anyone is told of it; a commit that fails takes the
//! turn back.

use super::board::LobbyBoard;
pub(super) use super::calls::{Ask, Call, Who};
use super::daily::Daily;
use super::games::{ClubGame, ClubGames};
use super::missed::Missed;
use super::notify::Notifier;
use super::offers::Offers;
use super::screens::Shown;
use super::terminals::{Out, Terminals};
use super::{log, words};
use crate::clock::Timepiece;
use crate::club::{Club, Error, GameId, Member, MemberId, Refusal};
use crate::i18n::keys::*;
use crate::i18n::{Lang, Text, text};
use crate::net::Output;
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How often a running server says so in the database: after a crash, the outage counted
/// against no deadline is taken from the last time it did.
pub(super) const ALIVE: Duration = Duration::from_secs(5 * 60);

/// How long a change of the club waits before the other lobbies hear of it, so that many
/// changes close together redraw each lobby once. The member who made it sees it at once.
pub(super) const SPREAD: Duration = Duration::from_millis(100);

/// How long after many have left the memory is given back once more.
const GIVE_BACK_AGAIN: Duration = Duration::from_secs(5);

/// The club's settings the hub keeps to.
#[derive(Clone, Debug)]
pub(crate) struct Rules {
    pub name: String,
    pub greeting: Option<String>,
    /// Whether people without a key may come in to watch.
    pub watchers: bool,
    /// How long a keyless watcher may stay without sending anything.
    pub watcher_idle: Duration,
    /// How many new names one address may register in an hour.
    pub new_names: u32,
    /// How many correspondence games a member may have in progress at once.
    pub daily_games: usize,
    /// The command run when a member is needed while away (its words; no shell).
    pub notify: Option<String>,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            name: "hexstack".to_string(),
            greeting: None,
            watchers: true,
            watcher_idle: Duration::from_secs(600),
            new_names: 5,
            daily_games: 30,
            notify: None,
        }
    }
}

/// Why the hub did not do what it was asked: the club's word, or its own.
#[derive(Debug)]
pub(crate) enum Refused {
    Club(Error),
    Hub(Text),
}

impl From<Error> for Refused {
    fn from(error: Error) -> Refused {
        Refused::Club(error)
    }
}

impl From<Refusal> for Refused {
    fn from(refusal: Refusal) -> Refused {
        Refused::Club(Error::Refused(refusal))
    }
}

impl From<Text> for Refused {
    fn from(text: Text) -> Refused {
        Refused::Hub(text)
    }
}

impl From<&Refused> for Text {
    fn from(refused: &Refused) -> Text {
        match refused {
            Refused::Club(error) => Text::from(error),
            Refused::Hub(text) => text.clone(),
        }
    }
}

impl Refused {
    /// In English, for the log and the bot protocol.
    pub(crate) fn english(&self) -> String {
        Lang::En.say(&Text::from(self))
    }
}

/// The club as the loop holds it.
pub(super) struct Hub {
    pub(super) club: Club,
    pub(super) rules: Rules,
    pub(super) terminals: Terminals,
    pub(super) games: ClubGames,
    pub(super) offers: Offers,
    pub(super) board: LobbyBoard,
    /// The correspondence games in progress, timed.
    pub(super) daily: Daily,
    /// When the deadlines are read again after an end that could not be kept.
    pub(super) daily_retry: Option<Instant>,
    /// Runs the host's notify command.
    pub(super) notifier: Notifier,
    /// What members away missed, said when they come.
    pub(super) missed: Missed,
    /// When the server next says in the database that it is alive.
    pub(super) alive_at: Instant,
    /// When the lobbies not at the change hear of the club's last change.
    pub(super) spread_at: Option<Instant>,
    /// The terminal whose key is being settled: it saw its own change already.
    pub(super) acting: Option<u64>,
    /// What the games' clocks read (a test's fake one).
    pub(super) time: Timepiece,
    /// New names each address registered lately.
    names: super::names::NewNames,
    /// The most connections since the memory was last given back.
    most: usize,
    /// When the memory is given back once more, after the connections that left have
    /// finished letting go of theirs (their sessions end on other threads, after the hub
    /// heard they went).
    give_back_at: Option<Instant>,
}

impl Hub {
    /// The hub of `club`, every game it kept in progress going on: the live ones in
    /// memory, the correspondence ones timed, their deadlines moved on by the time no
    /// server ran.
    pub(super) fn new(mut club: Club, rules: Rules) -> Result<Hub, Error> {
        let time = Timepiece::real();
        let down = club.resumed()?;
        let daily = Daily::new(club.deadlines()?, club.now());
        if daily.len() > 0 {
            let hours = down as f64 / 3_600_000.0;
            log(&format!("{} correspondence games go on, their deadlines {hours:.1} h later", daily.len()));
        }
        let mut games = ClubGames::default();
        for info in club.live_games()? {
            let archived = club.archived(info.id)?.ok_or(Refusal::NoGame(info.id))?;
            games.insert(ClubGame::resumed(&archived, &time));
            log(&format!(
                "game {} goes on: {} {} {} v {} {}",
                info.id, info.game, info.side, info.blue, info.red, info.clock
            ));
        }
        // One line for the whole, so a restart's log says at a glance that play went on.
        match games.len() {
            0 => {}
            1 => log("1 game goes on after the restart"),
            n => log(&format!("{n} games go on after the restart")),
        }
        let notifier = Notifier::new(rules.notify.as_deref(), super::notify::TIME_LIMIT, None);
        Ok(Hub {
            board: LobbyBoard::new(rules.name.clone(), rules.greeting.clone()),
            names: super::names::NewNames::new(rules.new_names),
            club,
            rules,
            terminals: Terminals::default(),
            games,
            offers: Offers::default(),
            spread_at: None,
            acting: None,
            daily,
            daily_retry: None,
            notifier,
            missed: Missed::default(),
            alive_at: time.now(),
            time,
            most: 0,
            give_back_at: None,
        })
    }

    /// The hub's clock reads `time` (a test's, moved by hand; the club's clock is the
    /// test's too).
    #[cfg(test)]
    pub(super) fn set_time(&mut self, time: Timepiece) {
        self.alive_at = time.now() + ALIVE;
        self.time = time;
    }

    /// Answers calls until told to stop (or every sender is gone).
    pub(super) fn run(mut self, calls: &Receiver<Call>) {
        loop {
            let next = [
                self.games.next_flag(),
                self.terminals.next_timer(),
                self.spread_at,
                self.give_back_at,
                self.next_daily(),
                self.daily_retry,
                Some(self.alive_at),
            ];
            let call = match next.into_iter().flatten().min() {
                Some(at) => calls.recv_timeout(at.saturating_duration_since(self.time.now())),
                None => calls.recv().map_err(|_| RecvTimeoutError::Disconnected),
            };
            match call {
                Ok(Call::Stop) | Err(RecvTimeoutError::Disconnected) => break,
                Ok(call) => self.answer(call),
                Err(RecvTimeoutError::Timeout) => {}
            }
            self.flags();
            self.deadlines();
            self.retry_deadlines();
            self.say_alive();
            self.wake();
            self.refresh();
            if self.give_back_at.is_some_and(|at| at <= self.time.now()) {
                self.give_back_at = None;
                super::memory::give_back();
            }
        }
        self.stop();
    }

    /// The club stops: the time is kept (a restart counts the outage against no deadline)
    /// and each terminal is left as it was found, with a goodbye in its language.
    pub(super) fn stop(mut self) {
        log("the club stops");
        // Each terminal left as it was found, with a goodbye in its language; dropped, each
        // output closes its channel.
        for conn in self.terminals.ids() {
            let goodbye =
                self.terminals.screen(conn).map(|screen| screen.app().profile.lang.say(&text!(CLUB_CLOSED)));
            self.drop_conn(conn, goodbye);
        }
        if let Err(error) = self.club.stopped() {
            log(&format!("the stop could not be kept: {}", words::english(&error)));
        }
    }

    pub(super) fn answer(&mut self, call: Call) {
        match call {
            Call::Open { conn, who, ask, output } => self.open(conn, *who, *ask, output),
            Call::Line { conn, line } => self.line(conn, line),
            Call::Key { conn, input } => self.key(conn, input),
            Call::Said { conn, heard } => self.said(conn, heard),
            Call::Gone { conn } => self.gone(conn),
            Call::Member { name } => self.reread(&name),
            Call::Stop => {}
        }
    }

    /// Whoever comes: a member by their key (registered if new), or a watcher.
    fn admit(&mut self, who: &Who) -> Result<Option<Member>, Refused> {
        let Some(key) = &who.key else {
            return match self.rules.watchers {
                true => Ok(None),
                false => Err(text!(CLUB_MEMBERS_ONLY).into()),
            };
        };
        let new = self.club.member_by_key(key)?.is_none();
        let now = self.time.now();
        if new {
            self.names.may(who.peer.ip(), now)?;
        }
        let login = self.club.login(key, &who.name)?;
        if login.registered {
            self.names.registered(who.peer.ip(), now);
            log(&format!("{} registered from {}", login.member.name, who.peer.ip()));
        }
        Ok(Some(login.member))
    }

    fn open(&mut self, conn: u64, who: Who, ask: Ask, mut output: Box<Output>) {
        // A command that is none is answered before anyone is let in: it registers nobody.
        let wrong = match &ask {
            Ask::Bad(command) => Some(text!(CLUB_UNKNOWN_COMMAND, command.as_str())),
            Ask::NotAGame(word) => Some(text!(CLUB_NOT_A_GAME, word.as_str())),
            _ => None,
        };
        if let Some(wrong) = wrong {
            output.outbox().exit_status(1);
            return put(&mut output, &who.lang.say(&wrong));
        }
        let member = match self.admit(&who) {
            Ok(member) => member,
            Err(why) => {
                let name = crate::club::names::quoted(&who.name);
                log(&format!("refused {name} from {}: {}", who.peer.ip(), why.english()));
                output.outbox().exit_status(1);
                return put(&mut output, &who.lang.say(&Text::from(&why)));
            }
        };
        let said: Result<String, Refused> = match ask {
            Ask::Bot => return self.bot(conn, member, output),
            Ask::Lobby(area) => return self.lobby(conn, member, &who, Shown::Drawn(area), output),
            Ask::Speech { echo } => return self.lobby(conn, member, &who, Shown::Spoken { echo }, output),
            Ask::Bad(_) | Ask::NotAGame(_) => Ok(String::new()),
            Ask::Who => Ok(self.who_lines(member.as_ref())),
            Ask::Games(which, name) => {
                super::scripts::games(&self.club, which, name.as_deref()).map_err(Refused::from)
            }
            Ask::Export(id) => super::export::export(&self.club, id).map_err(Refused::from),
            Ask::Ratings(game) => super::scripts::ratings(&self.club, game).map_err(Refused::from),
            Ask::Mine | Ask::Contact(_) if member.is_none() => Err(text!(CLUB_OWN_ONLY).into()),
            Ask::Mine => {
                let member = member.as_ref().map_or(0, |member| member.id);
                let games = &self.games;
                let clocks = |id| games.get(id).and_then(|game| game.clock_left(member));
                super::scripts::mine(&self.club, member, clocks).map_err(Refused::from)
            }
            Ask::Contact(asked) => {
                let member = member.as_ref().map_or(0, |member| member.id);
                super::scripts::contact(&mut self.club, member, &asked).map_err(Refused::from)
            }
            Ask::History(name) => {
                match name.as_deref().or(member.as_ref().map(|member| member.name.as_str())) {
                    Some(name) => super::scripts::history(&self.club, name).map_err(Refused::from),
                    None => Err(text!(CLUB_HISTORY_WHOSE).into()),
                }
            }
        };
        match said {
            Ok(said) => put(&mut output, &said),
            Err(why) => {
                output.outbox().exit_status(1);
                let name = member.as_ref().map_or("a watcher", |member| member.name.as_str());
                log(&format!("{name}: {}", why.english()));
                put(&mut output, &who.lang.say(&Text::from(&why)));
            }
        }
    }

    /// The names online (the one asking too), one a line, with each one's games in
    /// progress.
    fn who_lines(&self, asking: Option<&Member>) -> String {
        let mut online: BTreeMap<String, MemberId> = BTreeMap::new();
        for member in self.terminals.online().chain(asking) {
            online.insert(member.name.clone(), member.id);
        }
        let count = |id: MemberId| usize::from(self.games.plays_live(id)) + self.daily.of(id).count();
        online.iter().map(|(name, id)| format!("{name}\t{}\n", count(*id))).collect()
    }

    /// Connection `conn` went: its seats at games are free, and a member who has no
    /// connection left is offline.
    pub(super) fn gone(&mut self, conn: u64) {
        self.drop_conn(conn, None);
    }

    /// Lets connection `conn` go, its screen left as it was found, with `goodbye` under it.
    pub(super) fn drop_conn(&mut self, conn: u64, goodbye: Option<String>) {
        let at = self.terminals.game_of(conn);
        let Some(mut gone) = self.terminals.remove(conn) else { return };
        if let Out::Screen(screen) = &mut gone.out {
            // The terminal left as it was found; dropped, its output closes the channel.
            screen.leave(goodbye);
        }
        let held: Vec<GameId> = self
            .games
            .iter()
            .filter(|game| gone.held.iter().any(|seat| seat.is_at(&game.link)))
            .map(|game| game.id)
            .collect();
        drop(gone.out);
        drop(gone.held);
        self.give_back_memory();
        for id in at.into_iter().chain(held) {
            self.spread(id);
            self.rest(id);
        }
        let Some(member) = gone.member else { return };
        if !self.terminals.is_online(member.id) {
            // Offline: their live seeks and challenges go (a correspondence one waits for
            // its taker); their games wait for them, on the clock.
            let live = |posted: &super::offers::Posted| !super::games::is_daily(&posted.offer.clock);
            for (id, posted) in self.offers.withdraw(|posted| posted.by.id == member.id && live(posted)) {
                self.offer_gone(id, &posted);
            }
            self.board.left(member.id);
            log(&format!("{} left", member.name));
        }
    }

    /// After many have left (half of the most since the last time, or everyone), the
    /// memory they held goes back to the system: freed, it would otherwise stay the
    /// process's, a server that once held a thousand keeping their pages for good.
    fn give_back_memory(&mut self) {
        let now = self.terminals.count();
        self.most = self.most.max(now + 1);
        if now == 0 || now <= self.most / 2 {
            self.most = now;
            self.club.release_memory();
            self.terminals.shrink();
            self.games.shrink();
            self.daily.shrink();
            self.board.shrink();
            super::memory::give_back();
            self.give_back_at = Some(self.time.now() + GIVE_BACK_AGAIN);
        }
    }
}

/// A script command's whole answer; then the output is dropped, which closes the channel.
fn put(output: &mut Output, said: &str) {
    let _ = output.write_all(said.as_bytes());
    if !said.is_empty() && !said.ends_with('\n') {
        let _ = output.write_all(b"\n");
    }
    let _ = output.flush();
}
