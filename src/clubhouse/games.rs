//! The games in progress as the hub holds them: each one's players, its line watchers, and
//! the game itself as last committed, on the server's clocks ([`ClubGame`]); all of them
//! found by number, by player and by the link their screens play on, and the next flag to
//! fall ([`ClubGames`]). Every terminal at a game (its players', its watchers') plays or
//! looks on through the game's [`Link`], exactly as over `serve`; the club's database keeps
//! what the hub committed.

use super::export::record_of;
use crate::app::link::Link;
use crate::clock::{Clock, TimeControl, Timepiece};
use crate::club::bot::BotNews;
use crate::club::{Archived, GameId, MemberId, NewGame};
use crate::i18n::keys::*;
use crate::i18n::{Text, Words, parse_error, text};
use crate::record::{AnyRecord, End, Record, TurnOutcome};
use crate::rules::time_control::ClubClock;
use crate::rules::{Colour, Game, GameKind};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One game in progress at the club.
pub(super) struct ClubGame {
    pub id: GameId,
    pub game: GameKind,
    pub side: u8,
    /// Blue's and Red's member numbers and names.
    pub players: [(MemberId, String); 2],
    /// The clock's text as the club keeps it (`5+3`, `3d`, `none`).
    pub clock_text: String,
    /// Whether it is played by correspondence (days a turn): it waits in the database
    /// while nobody is at it, its deadline timed by the hub.
    pub daily: bool,
    pub rated: bool,
    /// Turns committed.
    pub turns: u32,
    /// The game as committed (and, while the hub settles a change, that change), its
    /// record holding the server's one clock.
    pub link: Arc<Link>,
    /// The link's revision and stamp when the terminals at the game last heard of it.
    pub heard: (u64, u64),
    /// A fallen flag that could not be kept: when it is tried again, and how long the
    /// wait after that one (doubling, to a minute).
    pub retry: Option<(Instant, Duration)>,
}

impl ClubGame {
    /// A game just made from `record`, Blue's clock running.
    pub(super) fn new(
        id: GameId,
        new: &NewGame,
        names: [String; 2],
        record: AnyRecord,
        time: &Timepiece,
    ) -> ClubGame {
        let [blue, red] = names;
        let link = link(record, clock(&new.clock, None, time));
        ClubGame {
            id,
            game: new.game,
            side: new.side,
            players: [(new.blue, blue), (new.red, red)],
            clock_text: new.clock.clone(),
            daily: is_daily(&new.clock),
            rated: new.rated,
            turns: 0,
            heard: (link.revision(), link.stamp()),
            link,
            retry: None,
        }
    }

    /// A game the club kept, as the last committed turn left it: the clocks as that turn
    /// left them, the outage not counted, the side to move's clock running from now.
    pub(super) fn resumed(archived: &Archived, time: &Timepiece) -> ClubGame {
        let info = &archived.info;
        let left = archived.turns.last().and_then(|turn| turn.clocks);
        let link = link(record_of(archived), clock(&info.clock, left, time));
        ClubGame {
            id: info.id,
            game: info.game,
            side: info.side,
            players: [(info.blue_id, info.blue.clone()), (info.red_id, info.red.clone())],
            clock_text: info.clock.clone(),
            daily: is_daily(&info.clock),
            rated: info.rated,
            turns: info.turns,
            heard: (link.revision(), link.stamp()),
            link,
            retry: None,
        }
    }

    /// The colour member `member` plays here, if they play.
    pub(super) fn colour_of(&self, member: MemberId) -> Option<Colour> {
        [Colour::Blue, Colour::Red].into_iter().find(|colour| self.players[colour.index()].0 == member)
    }

    pub(super) fn plays(&self, member: MemberId) -> bool {
        self.colour_of(member).is_some()
    }

    /// Both players' member numbers, Blue's first.
    pub(super) fn members(&self) -> [MemberId; 2] {
        [self.players[0].0, self.players[1].0]
    }

    /// The side to move.
    pub(super) fn to_move(&self) -> Colour {
        crate::each_game!(self.link.record(), shared => shared.with(|record| record.position().to_move()))
    }

    /// The game's clocks as they stand, if it is played on time.
    pub(super) fn clock(&self) -> Option<Clock> {
        crate::each_game!(self.link.record(), shared => shared.with(|record| record.clock().cloned()))
    }

    /// What member `member`'s clock has left here, in milliseconds, if it is timed.
    pub(super) fn clock_left(&self, member: MemberId) -> Option<u64> {
        let colour = self.colour_of(member)?;
        Some(self.clocks_ms()?[colour.index()])
    }

    /// Both clocks in milliseconds (Blue's, Red's), now.
    pub(super) fn clocks_ms(&self) -> Option<[u64; 2]> {
        let clock = self.clock()?;
        Some([Colour::Blue, Colour::Red].map(|colour| millis(clock.left(colour))))
    }

    /// Both clocks (Blue's, Red's, in milliseconds) as the last turn left them: what the
    /// side to move has spent since is not counted.
    pub(super) fn clocks_at_turn(&self) -> Option<[u64; 2]> {
        let clock = self.clock()?;
        let (left, under_way) = clock.kept();
        Some([Colour::Blue, Colour::Red].map(|colour| {
            let spent = if clock.running() == Some(colour) { under_way } else { Duration::ZERO };
            millis(left[colour.index()] + spent)
        }))
    }

    /// When the running clock's flag falls (or a fallen flag is tried again), if one runs.
    pub(super) fn flag_at(&self) -> Option<Instant> {
        let clock = self.clock()?;
        let colour = clock.running()?;
        let flag = clock.now() + clock.left(colour);
        Some(self.retry.map_or(flag, |(retry, _)| retry.max(flag)))
    }

    /// The record as it stands, to put back if what changed it is not kept.
    pub(super) fn snapshot(&self) -> AnyRecord {
        crate::each_game!(map self.link.record(), shared => shared.with(Clone::clone))
    }

    /// Puts back the record `snapshot` took.
    pub(super) fn restore(&self, snapshot: AnyRecord) {
        crate::each_game!(pair self.link.record(), snapshot, shared, record => {
            shared.change(|now| *now = record)
        }, else ());
    }

    /// Plays `turn` (in notation) on the game's record for the side to move: checked by
    /// the rules and on the clock. Not yet committed: the caller commits or restores.
    pub(super) fn play_text(&self, turn: &str) -> Result<(), Text> {
        crate::each_game!(self.link.record(), shared, G => shared.change(|record| {
            let turn: <G as Game>::Turn = turn.trim().parse().map_err(|error| parse_error(&error))?;
            match record.play(&turn) {
                Ok(TurnOutcome::OutOfTime(loser)) => Err(text!(TIME_UP, loser, loser.other())),
                Ok(_) => Ok(()),
                Err(why) => Err(text!(CLUB_ILLEGAL, turn.to_string(), <G as Words>::illegal(&why))),
            }
        }))
    }

    /// What the record holds beyond what was committed: turns played since (or taken
    /// back: fewer), and how it ended if it did.
    pub(super) fn change(&self) -> (u32, Option<End>) {
        crate::each_game!(self.link.record(), shared => shared.with(|record| {
            (u32::try_from(record.turns_played()).unwrap_or(u32::MAX), record.end())
        }))
    }

    /// The last turn on the record, in notation, and the time its player spent on it.
    pub(super) fn last_turn(&self) -> Option<(String, u64)> {
        crate::each_game!(self.link.record(), shared => shared.with(last_turn))
    }

    /// The game ended so (committed): the record on every screen shows it.
    pub(super) fn show_end(&self, end: End) {
        crate::each_game!(self.link.record(), shared => shared.change(|record| match end {
            End::Resigned(loser) => record.resign_as(loser),
            End::Drawn | End::Still => record.agree_draw(),
            End::Time(_) => record.out_of_time(),
            End::Won(_) | End::Blocked => {}
        }));
    }

    /// The `game` line that tells a bot of it.
    pub(super) fn event(&self) -> BotNews {
        BotNews::Game {
            id: self.id,
            game: self.game,
            side: self.side,
            blue: self.players[0].1.clone(),
            red: self.players[1].1.clone(),
            clock: self.clock_text.clone(),
        }
    }
}

/// Every game in progress, found by number, by player and by link, and the flags in the
/// order they fall: nothing here looks through every game to answer one.
#[derive(Default)]
pub(super) struct ClubGames {
    games: BTreeMap<GameId, ClubGame>,
    by_member: HashMap<MemberId, BTreeSet<GameId>>,
    /// By the address of each game's link, which the screens at it hold.
    by_link: HashMap<usize, GameId>,
    /// When each game's flag falls (or is tried again), soonest first.
    flags: BTreeSet<(Instant, GameId)>,
    flag_of: HashMap<GameId, Instant>,
}

impl ClubGames {
    pub(super) fn insert(&mut self, game: ClubGame) {
        let id = game.id;
        for member in game.members() {
            self.by_member.entry(member).or_default().insert(id);
        }
        self.by_link.insert(Arc::as_ptr(&game.link) as usize, id);
        self.games.insert(id, game);
        self.timed(id);
    }

    /// Game `id` is over: it goes.
    pub(super) fn remove(&mut self, id: GameId) -> Option<ClubGame> {
        let game = self.games.remove(&id)?;
        for member in game.members() {
            if let Some(games) = self.by_member.get_mut(&member) {
                games.remove(&id);
                if games.is_empty() {
                    self.by_member.remove(&member);
                }
            }
        }
        self.by_link.remove(&(Arc::as_ptr(&game.link) as usize));
        if let Some(at) = self.flag_of.remove(&id) {
            self.flags.remove(&(at, id));
        }
        Some(game)
    }

    pub(super) fn get(&self, id: GameId) -> Option<&ClubGame> {
        self.games.get(&id)
    }

    pub(super) fn get_mut(&mut self, id: GameId) -> Option<&mut ClubGame> {
        self.games.get_mut(&id)
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = &ClubGame> {
        self.games.values()
    }

    #[cfg(test)]
    pub(super) fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    pub(super) fn len(&self) -> usize {
        self.games.len()
    }

    /// The games member `member` plays, oldest first.
    pub(super) fn of(&self, member: MemberId) -> impl Iterator<Item = &ClubGame> {
        let ids = self.by_member.get(&member).into_iter().flatten();
        ids.filter_map(|id| self.games.get(id))
    }

    /// The live game member `member` plays, if any (at most one).
    pub(super) fn live_of(&self, member: MemberId) -> Option<&ClubGame> {
        self.of(member).find(|game| !game.daily)
    }

    /// Whether member `member` plays a live game now.
    pub(super) fn plays_live(&self, member: MemberId) -> bool {
        self.live_of(member).is_some()
    }

    /// The game played on `link`, if any.
    pub(super) fn on(&self, link: &Arc<Link>) -> Option<GameId> {
        self.by_link.get(&(Arc::as_ptr(link) as usize)).copied()
    }

    /// Gives back the room of the games over.
    pub(super) fn shrink(&mut self) {
        self.by_member.shrink_to_fit();
        self.by_link.shrink_to_fit();
        self.flag_of.shrink_to_fit();
    }

    /// Game `id`'s flag put where it now falls: after every change to its clocks.
    pub(super) fn timed(&mut self, id: GameId) {
        if let Some(at) = self.flag_of.remove(&id) {
            self.flags.remove(&(at, id));
        }
        if let Some(at) = self.games.get(&id).and_then(ClubGame::flag_at) {
            self.flags.insert((at, id));
            self.flag_of.insert(id, at);
        }
    }

    /// When the next flag falls (or is tried again).
    pub(super) fn next_flag(&self) -> Option<Instant> {
        self.flags.first().map(|(at, _)| *at)
    }

    /// The games whose flag is due by `now`, and who lost on time in each.
    pub(super) fn fallen(&self, now: Instant) -> Vec<(GameId, Colour)> {
        let due = self.flags.iter().take_while(|(at, _)| *at <= now);
        let fallen = due.filter_map(|(_, id)| Some((*id, self.games.get(id)?.clock()?.fallen()?)));
        fallen.collect()
    }
}

fn last_turn<G: Game>(record: &Record<G>) -> Option<(String, u64)> {
    let ply = record.history().iter().rev().find(|ply| ply.turn.is_some())?;
    let turn = ply.turn.as_ref()?.to_string();
    Some((turn, ply.spent.map_or(0, millis)))
}

/// The link of a game on `record` and `clock`: the clock of the side to move runs from
/// now, whoever is at a terminal.
fn link(record: AnyRecord, clock: Option<Clock>) -> Arc<Link> {
    let link = Link::new(record);
    link.both_came();
    crate::each_game!(link.record(), shared => shared.change(|record| {
        record.set_clock(clock);
        record.keep_time(false);
    }));
    link
}

/// The clocks of a game on `text`, at `left` (Blue's, Red's milliseconds) or full, reading
/// `time`.
fn clock(text: &str, left: Option<[u64; 2]>, time: &Timepiece) -> Option<Clock> {
    let control: TimeControl = TimeControl::parse(text).ok().flatten()?;
    let left = left.map_or([control.base; 2], |left| left.map(Duration::from_millis));
    Some(Clock::resumed(control, left, Duration::ZERO, time.clone()))
}

/// Whether a game on the clock of `text` is played by correspondence.
pub(super) fn is_daily(text: &str) -> bool {
    matches!(ClubClock::parse(text), Ok(ClubClock::Daily(_)))
}

pub(super) fn millis(time: Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}
