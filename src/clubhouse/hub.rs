//! The club's loop: one thread holds the database, who is connected, the open seeks and
//! challenges and the games in progress, and answers every connection's [`Call`] in turn.
//! It sleeps on its channel until a call comes or the next flag falls. A turn is committed
//! to the database before anyone is told of it; a commit that fails takes the turn back.

use super::log;
use super::screens::MemberScreen;
use super::tables::Table;
use crate::clock::Timepiece;
use crate::club::bot::{BotError, Command, Event, Offer};
use crate::club::{Club, Error, GameId, Member, MemberId, Which};
use crate::i18n::keys::*;
use crate::i18n::{Lang, Text, text};
use crate::net::Output;
use crate::rules::{Colour, GameKind};
use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::net::SocketAddr;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Instant;

/// Open seeks and challenges one member may have at once.
pub const OFFERS_EACH: usize = 10;

/// What a connection asks of the hub.
pub enum Call {
    /// A channel opened for `ask`, its output `output`.
    Open { conn: u64, who: Who, ask: Ask, output: Box<Output> },
    /// A key, a click or a resize from a member's terminal.
    Key { conn: u64, input: ratatui::crossterm::event::Event },
    /// A line of the bot protocol, or why it could not be read.
    Line { conn: u64, line: Result<String, BotError> },
    /// The connection went.
    Gone { conn: u64 },
    /// The server stops.
    Stop,
}

/// Who a connection is: the name typed, the key's fingerprint (none: a watcher), the
/// language their ssh sent, where from.
pub struct Who {
    pub name: String,
    pub key: Option<String>,
    pub lang: Lang,
    pub peer: SocketAddr,
}

/// What a channel asks for: a script command, the bot protocol, the lobby.
#[derive(Debug, PartialEq, Eq)]
pub enum Ask {
    Who,
    Games(Which, Option<String>),
    Export(GameId),
    Ratings(Option<GameKind>),
    /// A member's rating history: theirs, or the asker's.
    History(Option<String>),
    Bot,
    /// A terminal of this size: the lobby.
    Lobby(ratatui::layout::Rect),
    Bad(String),
}

impl Ask {
    /// The command an ssh client sent (`ssh NAME@HOST games --live Ann`).
    pub fn read(bytes: &[u8]) -> Ask {
        let line = String::from_utf8_lossy(bytes);
        let words: Vec<&str> = line.split_whitespace().collect();
        let bad = || Ask::Bad(crate::club::bot::plain(&words.join(" ")));
        match words[..] {
            ["who"] => Ask::Who,
            ["bot"] => Ask::Bot,
            ["export", id] => id.parse().ok().filter(|id| *id > 0).map_or_else(bad, Ask::Export),
            ["history"] => Ask::History(None),
            ["history", name] => Ask::History(Some(name.to_string())),
            ["ratings"] => Ask::Ratings(None),
            ["ratings", game] => game.parse().map_or_else(|_| bad(), |game| Ask::Ratings(Some(game))),
            ["games", ref rest @ ..] => {
                let (which, names) = match rest {
                    ["--live", names @ ..] => (Which::Live, names),
                    ["--done", names @ ..] => (Which::Done, names),
                    names => (Which::All, names),
                };
                match names {
                    [] => Ask::Games(which, None),
                    [name] if !name.starts_with('-') => Ask::Games(which, Some(name.to_string())),
                    _ => bad(),
                }
            }
            _ => bad(),
        }
    }
}

/// The club's settings the hub keeps to.
#[derive(Clone, Debug)]
pub struct Rules {
    pub name: String,
    pub greeting: Option<String>,
    /// Whether people without a key may come in to watch.
    pub watchers: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules { name: "hexstack".to_string(), greeting: None, watchers: true }
    }
}

/// One connection that stays: a bot's (or a watcher's), or a terminal's.
pub(super) struct Conn {
    pub(super) member: Option<Member>,
    pub(super) out: Out,
    /// A bot's seats at the games its member plays: the screens there see them present.
    pub(super) held: Vec<crate::app::link::Seat>,
}

/// Where a connection's news goes: lines of the bot protocol, or a screen.
pub(super) enum Out {
    Lines(Box<Output>),
    Screen(Box<MemberScreen>),
}

/// A seek (`to` none) or a challenge.
pub(super) struct Posted {
    pub(super) by: Member,
    pub(super) to: Option<Member>,
    pub(super) offer: Offer,
    /// The side the poster chose in the lobby's form (a bot's offer leaves it to chance).
    pub(super) colour: Option<Colour>,
}

/// The club as the loop holds it.
pub struct Hub {
    pub(super) club: Club,
    pub(super) rules: Rules,
    pub(super) conns: HashMap<u64, Conn>,
    pub(super) offers: BTreeMap<u64, Posted>,
    pub(super) next_offer: u64,
    pub(super) tables: BTreeMap<GameId, Table>,
    /// The terminal whose key is being settled: it saw its own change already.
    pub(super) acting: Option<u64>,
    /// What the games' clocks read (a test's fake one).
    pub(super) time: Timepiece,
}

impl Hub {
    /// The hub of `club`, every game it kept in progress going on.
    pub fn new(mut club: Club, rules: Rules) -> Result<Hub, Error> {
        let mut tables = BTreeMap::new();
        for info in club.live_games()? {
            let table = Table::resumed(&mut club, &info, &Timepiece::real())?;
            log(&format!(
                "game {} goes on: {} {} {} v {} {}",
                info.id, info.game, info.side, info.blue, info.red, info.clock
            ));
            tables.insert(info.id, table);
        }
        // One line for the whole, so a restart's log says at a glance that play went on.
        match tables.len() {
            0 => {}
            1 => log("1 game goes on after the restart"),
            n => log(&format!("{n} games go on after the restart")),
        }
        Ok(Hub {
            club,
            rules,
            conns: HashMap::new(),
            offers: BTreeMap::new(),
            next_offer: 1,
            tables,
            acting: None,
            time: Timepiece::real(),
        })
    }

    /// Answers calls until told to stop (or every sender is gone).
    pub fn run(mut self, calls: &Receiver<Call>) {
        loop {
            let timers = self.timers();
            let due = timers.iter().map(|(_, due)| *due);
            let next = self.tables.values().filter_map(Table::flag_at).chain(due).min();
            let call = match next {
                Some(at) => calls.recv_timeout(at.saturating_duration_since(Instant::now())),
                None => calls.recv().map_err(|_| RecvTimeoutError::Disconnected),
            };
            // What the lobbies show changes with what members do and with games ending,
            // not with a clock's figure.
            let mut changed = match call {
                Ok(Call::Stop) | Err(RecvTimeoutError::Disconnected) => break,
                Ok(call) => {
                    self.answer(call);
                    true
                }
                Err(RecvTimeoutError::Timeout) => false,
            };
            changed |= self.flags();
            self.wake(&timers);
            self.refresh(changed);
        }
        log("the club stops");
        // Each terminal left as it was found, with a goodbye in its language; dropped, each
        // output closes its channel.
        let conns: Vec<u64> = self.conns.keys().copied().collect();
        for conn in conns {
            if let Some(Conn { out: Out::Screen(screen), .. }) = self.conns.get_mut(&conn) {
                let _ = crate::terminal::leave(&mut screen.terminal);
                let goodbye = screen.app.profile.lang.say(&text!(CLUB_CLOSED));
                let _ = write!(screen.terminal.backend_mut(), "{goodbye}\r\n");
                let _ = screen.terminal.backend_mut().flush();
            }
            self.gone(conn);
        }
    }

    pub(super) fn answer(&mut self, call: Call) {
        match call {
            Call::Open { conn, who, ask, output } => self.open(conn, who, ask, output),
            Call::Line { conn, line } => self.line(conn, line),
            Call::Key { conn, input } => self.key(conn, input),
            Call::Gone { conn } => self.gone(conn),
            Call::Stop => {}
        }
    }

    /// Whoever comes: a member by their key (registered if new), or a watcher.
    fn admit(&mut self, who: &Who) -> Result<Option<Member>, Text> {
        let Some(key) = &who.key else {
            return match self.rules.watchers {
                true => Ok(None),
                false => Err(text!(CLUB_MEMBERS_ONLY)),
            };
        };
        match self.club.login(key, &who.name) {
            Ok(login) => {
                if login.registered {
                    log(&format!("{} registered from {}", login.member.name, who.peer.ip()));
                }
                Ok(Some(login.member))
            }
            Err(error) => Err(error.into()),
        }
    }

    fn open(&mut self, conn: u64, who: Who, ask: Ask, mut output: Box<Output>) {
        let member = match self.admit(&who) {
            Ok(member) => member,
            Err(why) => {
                let said = who.lang.say(&why);
                log(&format!(
                    "refused {} from {}: {}",
                    crate::club::names::quoted(&who.name),
                    who.peer.ip(),
                    Lang::En.say(&why)
                ));
                output.outbox().exit_status(1);
                return put(&mut output, &said);
            }
        };
        let name = member.as_ref().map_or("a watcher", |member| member.name.as_str()).to_string();
        let said = match ask {
            Ask::Bot => return self.bot(conn, member, output),
            Ask::Lobby(area) => return self.lobby(conn, member, who.lang, area, output),
            Ask::Bad(command) => {
                output.outbox().exit_status(1);
                Ok(who.lang.say(&text!(CLUB_UNKNOWN_COMMAND, command)))
            }
            Ask::Who => Ok(self.who_lines(member.as_ref())),
            Ask::Games(which, name) => self.club.games_lines(which, name.as_deref()),
            Ask::Export(id) => self.club.export(id),
            Ask::Ratings(game) => self.club.ratings_lines(game),
            Ask::History(name) => {
                match name.as_deref().or(member.as_ref().map(|member| member.name.as_str())) {
                    Some(name) => self.club.history_lines(name),
                    None => Err(Error::Refused(text!(CLUB_HISTORY_WHOSE))),
                }
            }
        };
        match said {
            Ok(said) => put(&mut output, &said),
            Err(error) => {
                output.outbox().exit_status(1);
                log(&format!("{name}: {error}"));
                put(&mut output, &who.lang.say(error.text()));
            }
        }
    }

    /// The names online (the one asking too), one a line, with each one's games in
    /// progress.
    fn who_lines(&self, asking: Option<&Member>) -> String {
        let mut online: BTreeMap<String, MemberId> = BTreeMap::new();
        if let Some(member) = asking {
            online.insert(member.name.clone(), member.id);
        }
        for member in self.conns.values().filter_map(|conn| conn.member.as_ref()) {
            online.insert(member.name.clone(), member.id);
        }
        online
            .iter()
            .map(|(name, id)| {
                let playing = self.tables.values().filter(|table| table.plays(*id)).count();
                format!("{name}\t{playing}\n")
            })
            .collect()
    }

    /// A bot's session begins: it is told of its games in progress and their turns.
    fn bot(&mut self, conn: u64, member: Option<Member>, mut output: Box<Output>) {
        let name = member.as_ref().map_or("a watcher", |member| member.name.as_str());
        log(&format!("{name} is in (bot protocol)"));
        let ids: Vec<GameId> = match &member {
            Some(member) => {
                self.tables.values().filter(|table| table.plays(member.id)).map(|table| table.id).collect()
            }
            None => Vec::new(),
        };
        for &id in &ids {
            if !self.tell_game(id, &mut output) {
                return;
            }
        }
        self.conns.insert(conn, Conn { member, out: Out::Lines(output), held: Vec::new() });
        // Its member is at each of their games from now on: the screens there hear so.
        for id in ids {
            self.hold_seats(id);
            self.spread(id);
        }
    }

    /// Tells `output` of game `id`: its `game` line and its turns so far.
    pub(super) fn tell_game(&self, id: GameId, output: &mut Output) -> bool {
        let Some(table) = self.tables.get(&id) else { return true };
        let mut lines = vec![table.event().to_string()];
        if let Ok(Some(archived)) = self.club.archived(id) {
            for turn in archived.turns {
                lines.push(
                    Event::Turn { id, number: turn.number, turn: turn.turn, clocks: turn.clocks }.to_string(),
                );
            }
        }
        lines.iter().all(|line| say(output, line))
    }

    pub(super) fn gone(&mut self, conn: u64) {
        let at = self.at(conn);
        let Some(mut gone) = self.conns.remove(&conn) else { return };
        if let Out::Screen(screen) = &mut gone.out {
            // The terminal left as it was found; dropped, its output closes the channel.
            let _ = crate::terminal::leave(&mut screen.terminal);
        }
        // Its seats at games are free: the others there hear who went.
        let held: Vec<GameId> = self
            .tables
            .values()
            .filter(|table| gone.held.iter().any(|seat| seat.is_at(&table.link)))
            .map(|table| table.id)
            .collect();
        drop(gone.out);
        drop(gone.held);
        for id in at.into_iter().chain(held) {
            self.spread(id);
        }
        for table in self.tables.values_mut() {
            table.watchers.remove(&conn);
        }
        let Some(member) = gone.member else { return };
        if self.conns.values().all(|conn| conn.member.as_ref().is_none_or(|other| other.id != member.id)) {
            // Offline: their seeks and challenges go; their games wait for them, on the clock.
            self.offers.retain(|_, posted| posted.by.id != member.id);
            log(&format!("{} left", member.name));
        }
    }

    fn line(&mut self, conn: u64, line: Result<String, BotError>) {
        let Some(member) = self.conns.get(&conn).map(|conn| conn.member.clone()) else { return };
        let command = line.and_then(|line| line.parse::<Command>());
        // The bot protocol's words are English, whatever the member's language.
        let answer = match (command, member) {
            (Err(error), _) => Err(error.0),
            (Ok(Command::Watch(id)), _) => self.watch(conn, id).map_err(|error| error.to_string()),
            (Ok(_), None) => Err(Error::Refused(text!(CLUB_WATCHER_ONLY)).to_string()),
            (Ok(command), Some(member)) => {
                self.command(conn, &member, command).map_err(|error| error.to_string())
            }
        };
        if let Err(message) = answer {
            self.tell(conn, &Event::Err(message));
        }
    }

    fn command(&mut self, conn: u64, member: &Member, command: Command) -> Result<(), Error> {
        match command {
            Command::Seek(offer) => self.post(conn, member, None, (offer, None)),
            Command::Challenge { name, offer } => {
                let to = self.challenged(member, &name)?;
                self.post(conn, member, Some(to), (offer, None))
            }
            Command::Accept(id) => self.accept(member, id),
            Command::Move { game, turn } => self.play(member, game, &turn),
            Command::Resign(game) => self.resign(member, game),
            Command::Watch(_) => Ok(()),
        }
    }

    /// The member `name` whom `member` challenges: one who exists, not themself.
    pub(super) fn challenged(&self, member: &Member, name: &str) -> Result<Member, Error> {
        let to = self.club.member(name)?.ok_or_else(|| Error::Refused(text!(CLUB_NO_MEMBER, name)))?;
        match to.id == member.id {
            true => Err(Error::Refused(text!(CLUB_SELF_CHALLENGE))),
            false => Ok(to),
        }
    }

    /// Tells game `id`'s players (each of their connections) and watchers.
    pub(super) fn tell_table(&mut self, id: GameId, event: &Event) {
        let Some(table) = self.tables.get(&id) else { return };
        let players = [table.players[0].0, table.players[1].0];
        let watchers: Vec<u64> = table.watchers.iter().copied().collect();
        self.tell_members(&players, &watchers, event);
    }

    /// Tells every connection of `members`, and the connections `also`.
    pub(super) fn tell_members(&mut self, members: &[MemberId], also: &[u64], event: &Event) {
        let line = event.to_string();
        let mut lost = Vec::new();
        for (id, conn) in &mut self.conns {
            let Out::Lines(output) = &mut conn.out else { continue };
            let theirs = conn.member.as_ref().is_some_and(|member| members.contains(&member.id));
            if (theirs || also.contains(id)) && !say(output, &line) {
                lost.push(*id);
            }
        }
        for conn in lost {
            self.gone(conn);
        }
    }

    pub(super) fn tell(&mut self, conn: u64, event: &Event) {
        let sent = self.conns.get_mut(&conn).is_none_or(|to| match &mut to.out {
            Out::Lines(output) => say(output, &event.to_string()),
            Out::Screen(_) => true,
        });
        if !sent {
            self.gone(conn);
        }
    }
}

/// One line to `output`; false if its connection is gone.
fn say(output: &mut Output, line: &str) -> bool {
    writeln!(output, "{line}").and_then(|()| output.flush()).is_ok()
}

/// A script command's whole answer; then the output is dropped, which closes the channel.
fn put(output: &mut Output, said: &str) {
    let _ = output.write_all(said.as_bytes());
    if !said.is_empty() && !said.ends_with('\n') {
        let _ = output.write_all(b"\n");
    }
    let _ = output.flush();
}
