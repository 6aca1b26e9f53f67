//! The club's loop: one thread holds the database, who is connected, the open seeks and
//! challenges and the games in progress, and answers every connection's [`Call`] in turn.
//! It sleeps on its channel until a call comes or the next flag falls. A turn is committed
//! to the database before anyone is told of it; a commit that fails takes the turn back.

use super::log;
use super::screens::MemberScreen;
use super::tables::Table;
use crate::club::bot::{BotError, Command, Event, Offer};
use crate::club::{Club, Error, GameId, Member, MemberId, NewGame, Pool, Which};
use crate::i18n::keys::*;
use crate::i18n::{Lang, Text, text};
use crate::net::Output;
use crate::rules::GameKind;
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
}

/// The club as the loop holds it.
pub struct Hub {
    pub(super) club: Club,
    pub(super) rules: Rules,
    pub(super) conns: HashMap<u64, Conn>,
    pub(super) offers: BTreeMap<u64, Posted>,
    next_offer: u64,
    pub(super) tables: BTreeMap<GameId, Table>,
}

impl Hub {
    /// The hub of `club`, every game it kept in progress going on.
    pub fn new(mut club: Club, rules: Rules) -> Result<Hub, Error> {
        let mut tables = BTreeMap::new();
        for info in club.live_games()? {
            let table = Table::resumed(&mut club, &info)?;
            log(&format!(
                "game {} goes on: {} {} {} v {} {}",
                info.id, info.game, info.side, info.blue, info.red, info.clock
            ));
            tables.insert(info.id, table);
        }
        Ok(Hub { club, rules, conns: HashMap::new(), offers: BTreeMap::new(), next_offer: 1, tables })
    }

    /// Answers calls until told to stop (or every sender is gone).
    pub fn run(mut self, calls: &Receiver<Call>) {
        loop {
            let flag = self.tables.values().filter_map(Table::flag_at).min();
            let call = match flag {
                Some(at) => calls.recv_timeout(at.saturating_duration_since(Instant::now())),
                None => calls.recv().map_err(|_| RecvTimeoutError::Disconnected),
            };
            match call {
                Ok(Call::Stop) | Err(RecvTimeoutError::Disconnected) => break,
                Ok(call) => self.answer(call),
                Err(RecvTimeoutError::Timeout) => {}
            }
            self.flags();
            self.refresh();
        }
        log("the club stops");
        // Each terminal left as it was found; dropped, each output closes its channel.
        let conns: Vec<u64> = self.conns.keys().copied().collect();
        for conn in conns {
            self.gone(conn);
        }
    }

    fn answer(&mut self, call: Call) {
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
        if let Some(member) = &member {
            let ids: Vec<GameId> =
                self.tables.values().filter(|table| table.plays(member.id)).map(|table| table.id).collect();
            for id in ids {
                if !self.tell_game(id, &mut output) {
                    return;
                }
            }
        }
        self.conns.insert(conn, Conn { member, out: Out::Lines(output) });
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
        let Some(mut gone) = self.conns.remove(&conn) else { return };
        if let Out::Screen(screen) = &mut gone.out {
            // The terminal left as it was found; dropped, its output closes the channel.
            let _ = crate::terminal::leave(&mut screen.terminal);
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
        let answer = match (command, member) {
            (Err(error), _) => Err(error.0),
            (Ok(Command::Watch(id)), _) => self.watch(conn, id),
            (Ok(_), None) => Err("a watcher may only watch: come with a key to play".to_string()),
            (Ok(command), Some(member)) => self.command(conn, &member, command),
        };
        if let Err(message) = answer {
            self.tell(conn, &Event::Err(message));
        }
    }

    fn command(&mut self, conn: u64, member: &Member, command: Command) -> Result<(), String> {
        match command {
            Command::Seek(offer) => self.post(conn, member, None, offer),
            Command::Challenge { name, offer } => {
                let to = self.club.member(&name).map_err(|error| error.to_string())?;
                let to = to.ok_or_else(|| format!("there is no member called '{name}'"))?;
                if to.id == member.id {
                    return Err("a member cannot challenge themself".to_string());
                }
                self.post(conn, member, Some(to), offer)
            }
            Command::Accept(id) => self.accept(member, id),
            Command::Move { game, turn } => self.play(member, game, &turn),
            Command::Resign(game) => self.resign(member, game),
            Command::Watch(_) => Ok(()),
        }
    }

    pub(super) fn post(
        &mut self,
        conn: u64,
        member: &Member,
        to: Option<Member>,
        offer: Offer,
    ) -> Result<(), String> {
        if offer.rated && Pool::of(offer.game, offer.side).is_none() {
            return Err(
                Error::Refused(text!(CLUB_NOT_RATED_BOARD, offer.game.name(), offer.side)).to_string()
            );
        }
        if self.offers.values().filter(|posted| posted.by.id == member.id).count() >= OFFERS_EACH {
            return Err(format!("at most {OFFERS_EACH} seeks and challenges at once: accept one or wait"));
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
        self.offers.insert(id, Posted { by: member.clone(), to, offer });
        Ok(())
    }

    pub(super) fn accept(&mut self, member: &Member, id: u64) -> Result<(), String> {
        let posted = self.offers.get(&id).ok_or_else(|| format!("there is no seek or challenge {id}"))?;
        match &posted.to {
            Some(to) if to.id != member.id => return Err(format!("challenge {id} is not to you")),
            None if posted.by.id == member.id => return Err(format!("seek {id} is your own")),
            _ => {}
        }
        let (by, offer) = (posted.by.clone(), posted.offer.clone());
        let [blue, red] = match rand::random::<bool>() {
            true => [by, member.clone()],
            false => [member.clone(), by],
        };
        let new = NewGame {
            game: offer.game,
            side: offer.side,
            blue: blue.id,
            red: red.id,
            clock: offer.clock,
            rated: offer.rated,
        };
        let game = self.club.create_game(&new).map_err(|error| error.to_string())?;
        self.offers.remove(&id);
        let table = Table::new(game, &new, [blue.name.clone(), red.name.clone()]);
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
        Ok(())
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
