//! Everyone connected to the club and where each one's news goes: a bot's lines, or a
//! member's screen. Found by connection, by member, by the game a screen shows or a bot
//! watches; the lobbies on screen; the screens to draw and when each next wants waking.
//! Nothing here looks through every connection to answer for one: a key costs the same
//! with one member online or a thousand.

use super::games::ClubGames;
use super::screens::{self, MemberScreen};
use crate::app::link::Seat;
use crate::club::{GameId, Member, MemberId};
use crate::net::Output;
use std::collections::{BTreeSet, HashMap};
use std::io::Write;
use std::time::Instant;

/// One connection that stays: a bot's (or a keyless watcher's), or a terminal's.
pub(super) struct Conn {
    pub member: Option<Member>,
    pub out: Out,
    /// A bot's seats at the games its member plays: the screens there see them present.
    pub held: Vec<Seat>,
    /// The game in progress its screen shows.
    at: Option<GameId>,
    /// When its screen next wants waking.
    timer: Option<Instant>,
}

impl Conn {
    pub(super) fn new(member: Option<Member>, out: Out) -> Conn {
        Conn { member, out, held: Vec::new(), at: None, timer: None }
    }

    pub(super) fn member_id(&self) -> Option<MemberId> {
        self.member.as_ref().map(|member| member.id)
    }
}

/// Where a connection's news goes: lines of the bot protocol, or a screen.
pub(super) enum Out {
    Lines(Box<Output>),
    Screen(Box<MemberScreen>),
}

/// Every connection, and the ways to find them.
#[derive(Default)]
pub(super) struct Terminals {
    conns: HashMap<u64, Conn>,
    members: HashMap<MemberId, BTreeSet<u64>>,
    /// The screens at each game in progress.
    at: HashMap<GameId, BTreeSet<u64>>,
    /// The bots (and keyless watchers) that watch each game.
    watching: HashMap<GameId, BTreeSet<u64>>,
    lobbies: BTreeSet<u64>,
    /// Screens that changed since they were last drawn.
    dirty: BTreeSet<u64>,
    timers: BTreeSet<(Instant, u64)>,
}

impl Terminals {
    /// Connection `conn` stays: a screen is found where it is and drawn.
    pub(super) fn insert(&mut self, id: u64, conn: Conn, games: &ClubGames) {
        if let Some(member) = conn.member_id() {
            self.members.entry(member).or_default().insert(id);
        }
        self.conns.insert(id, conn);
        self.looked(id, games);
    }

    /// Connection `conn` goes: found nowhere from now on.
    pub(super) fn remove(&mut self, id: u64) -> Option<Conn> {
        let conn = self.conns.remove(&id)?;
        if let Some(member) = conn.member_id()
            && let Some(conns) = self.members.get_mut(&member)
        {
            conns.remove(&id);
            if conns.is_empty() {
                self.members.remove(&member);
            }
        }
        if let Some(game) = conn.at {
            unlist(&mut self.at, game, id);
        }
        self.watching.retain(|_, watchers| {
            watchers.remove(&id);
            !watchers.is_empty()
        });
        if let Some(timer) = conn.timer {
            self.timers.remove(&(timer, id));
        }
        self.lobbies.remove(&id);
        self.dirty.remove(&id);
        Some(conn)
    }

    /// How many connections there are.
    pub(super) fn count(&self) -> usize {
        self.conns.len()
    }

    pub(super) fn get(&self, id: u64) -> Option<&Conn> {
        self.conns.get(&id)
    }

    /// The screen of connection `id`, if it is a terminal.
    pub(super) fn screen(&self, id: u64) -> Option<&MemberScreen> {
        match &self.conns.get(&id)?.out {
            Out::Screen(screen) => Some(screen),
            Out::Lines(_) => None,
        }
    }

    /// Runs `change` on the screen of connection `id` (if it is a terminal), then finds it
    /// again where it now is (a game, the lobby) and draws it at the next chance.
    pub(super) fn on_screen<T>(
        &mut self,
        id: u64,
        games: &ClubGames,
        change: impl FnOnce(&mut MemberScreen) -> T,
    ) -> Option<T> {
        let Some(Conn { out: Out::Screen(screen), .. }) = self.conns.get_mut(&id) else { return None };
        let done = change(screen);
        screen.changed();
        self.looked(id, games);
        Some(done)
    }

    /// Connection `id`'s screen, as it is now: at which game, in the lobby or not, when it
    /// wants waking; and to be drawn.
    fn looked(&mut self, id: u64, games: &ClubGames) {
        let Some(conn) = self.conns.get_mut(&id) else { return };
        let Out::Screen(screen) = &conn.out else { return };
        let at = screens::link_of(screen).and_then(|link| games.on(&link));
        let timer = screen.app().timer();
        let lobby = screen.app().lobby().is_some();
        let (was_at, was_timer) =
            (std::mem::replace(&mut conn.at, at), std::mem::replace(&mut conn.timer, timer));
        if was_at != at {
            if let Some(game) = was_at {
                unlist(&mut self.at, game, id);
            }
            if let Some(game) = at {
                self.at.entry(game).or_default().insert(id);
            }
        }
        if was_timer != timer {
            if let Some(due) = was_timer {
                self.timers.remove(&(due, id));
            }
            if let Some(due) = timer {
                self.timers.insert((due, id));
            }
        }
        match lobby {
            true => self.lobbies.insert(id),
            false => self.lobbies.remove(&id),
        };
        self.dirty.insert(id);
    }

    /// Every connection of member `member`'s.
    pub(super) fn of(&self, member: MemberId) -> Vec<u64> {
        self.members.get(&member).map(|conns| conns.iter().copied().collect()).unwrap_or_default()
    }

    pub(super) fn is_online(&self, member: MemberId) -> bool {
        self.members.contains_key(&member)
    }

    /// The members online, each once.
    pub(super) fn online(&self) -> impl Iterator<Item = &Member> {
        let first = |conns: &BTreeSet<u64>| conns.first().and_then(|id| self.conns.get(id)?.member.as_ref());
        self.members.values().filter_map(first)
    }

    /// The screens at game `id`.
    pub(super) fn at(&self, id: GameId) -> Vec<u64> {
        self.at.get(&id).map(|conns| conns.iter().copied().collect()).unwrap_or_default()
    }

    /// The game in progress connection `id`'s screen shows.
    pub(super) fn game_of(&self, id: u64) -> Option<GameId> {
        self.conns.get(&id)?.at
    }

    /// The screens showing the lobby.
    pub(super) fn lobbies(&self) -> Vec<u64> {
        self.lobbies.iter().copied().collect()
    }

    /// Bot connection `id` watches game `game` from now on: whether it did not already.
    pub(super) fn watch(&mut self, id: u64, game: GameId) -> bool {
        self.watching.entry(game).or_default().insert(id)
    }

    /// Game `game` is over: nobody watches it any more.
    pub(super) fn forget(&mut self, game: GameId) {
        self.watching.remove(&game);
    }

    /// Connection `id`'s seats at games (a bot's), to change.
    pub(super) fn held(&mut self, id: u64) -> Option<&mut Vec<Seat>> {
        Some(&mut self.conns.get_mut(&id)?.held)
    }

    /// Says `line` to every bot connection of `members`, to the bots watching `game`, and
    /// to the connections `also`: the connections that are gone.
    pub(super) fn say(
        &mut self,
        line: &str,
        members: &[MemberId],
        game: Option<GameId>,
        also: &[u64],
    ) -> Vec<u64> {
        let mut to: BTreeSet<u64> = members.iter().flat_map(|member| self.of(*member)).collect();
        to.extend(game.and_then(|game| self.watching.get(&game)).into_iter().flatten());
        to.extend(also);
        let mut lost = Vec::new();
        for id in to {
            if let Some(Conn { out: Out::Lines(output), .. }) = self.conns.get_mut(&id)
                && !say(output, line)
            {
                lost.push(id);
            }
        }
        lost
    }

    /// When the soonest screen wants waking.
    pub(super) fn next_timer(&self) -> Option<Instant> {
        self.timers.first().map(|(due, _)| *due)
    }

    /// The screens whose timer is due by `now`.
    pub(super) fn due(&self, now: Instant) -> Vec<u64> {
        self.timers.iter().take_while(|(due, _)| *due <= now).map(|(_, id)| *id).collect()
    }

    /// Draws every screen that changed: the connections that are gone.
    pub(super) fn draw(&mut self) -> Vec<u64> {
        let mut lost = Vec::new();
        for id in std::mem::take(&mut self.dirty) {
            if let Some(Conn { out: Out::Screen(screen), .. }) = self.conns.get_mut(&id)
                && screen.draw().is_err()
            {
                lost.push(id);
            }
        }
        lost
    }

    /// Gives back the room of the connections gone.
    pub(super) fn shrink(&mut self) {
        self.conns.shrink_to_fit();
        self.members.shrink_to_fit();
        self.at.shrink_to_fit();
        self.watching.shrink_to_fit();
    }

    /// Every connection's number.
    pub(super) fn ids(&self) -> Vec<u64> {
        self.conns.keys().copied().collect()
    }
}

fn unlist(index: &mut HashMap<GameId, BTreeSet<u64>>, game: GameId, id: u64) {
    if let Some(conns) = index.get_mut(&game) {
        conns.remove(&id);
        if conns.is_empty() {
            index.remove(&game);
        }
    }
}

/// One line to `output`; false if its connection is gone.
pub(super) fn say(output: &mut Output, line: &str) -> bool {
    writeln!(output, "{line}").and_then(|()| output.flush()).is_ok()
}
