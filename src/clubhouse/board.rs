//! What the lobbies show, built once per real change of the club, not per call and not
//! per lobby: the club's part (who is on, seeks, games in progress, the best of each pool)
//! when someone comes or goes, a seek is posted or taken, a game begins or ends; a
//! member's own part (their challenges, their finished games) when it changes for them.
//! What the database holds is read when it changes: a member's ratings when they come and
//! after each of their games, the best after a rated game, a member's games when one ends.
//! A read that fails is logged and said on the lobbies' note line.

use super::games::ClubGames;
use super::offers::Offers;
use super::screens::terms;
use super::terminals::Terminals;
use crate::app::lobby::{
    BestPlace, ChallengeRow, ClubView, GameRow, OnlineRow, OwnView, PlayingRow, RecentRow, SeekRow,
};
use crate::clock::{ClubClock, Deadline, Timepiece};
use crate::club::{Club, Error, GameInfo, GameResult, Member, MemberId, Pool, Reason, Which};
use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

/// How many of a member's finished games their lobby lists.
const RECENT: usize = 20;
/// How many members each pool's table of the best lists.
const BEST: usize = 10;
/// The most games a member can have in progress: one live, and the most correspondence
/// games a club may allow.
const PLAYING: usize = 1 + crate::settings::CLUB_DAILY_GAMES_MOST;

/// The lobbies' views, and what they are built from that the database holds.
pub(super) struct LobbyBoard {
    name: String,
    greeting: Option<String>,
    /// The club's part as it is now, unless `stale`.
    club: Arc<ClubView>,
    stale: bool,
    /// Each member's own part, as long as it is true.
    own: HashMap<MemberId, Arc<OwnView>>,
    /// Members whose own part changed since their lobbies were last given it.
    changed_for: BTreeSet<MemberId>,
    /// A keyless watcher's own part: nothing of their own.
    watcher: Arc<OwnView>,
    ratings: HashMap<MemberId, Vec<(String, String)>>,
    best: Option<Vec<(String, Vec<BestPlace>)>>,
    recent: HashMap<MemberId, Vec<RecentRow>>,
    /// How many times the club's part was built: once per change, however many lobbies.
    builds: u64,
}

/// What the board reads of the club as it builds the views.
pub(super) struct Sources<'a> {
    pub club: &'a Club,
    pub terminals: &'a Terminals,
    pub games: &'a ClubGames,
    pub offers: &'a Offers,
    /// The hub's clock, on which a correspondence turn's deadline is counted down.
    pub time: &'a Timepiece,
}

impl LobbyBoard {
    pub(super) fn new(name: String, greeting: Option<String>) -> LobbyBoard {
        LobbyBoard {
            name,
            greeting,
            club: Arc::default(),
            stale: true,
            own: HashMap::new(),
            changed_for: BTreeSet::new(),
            watcher: Arc::default(),
            ratings: HashMap::new(),
            best: None,
            recent: HashMap::new(),
            builds: 0,
        }
    }

    /// How many times the club's part was built.
    #[cfg(test)]
    pub(super) fn builds(&self) -> u64 {
        self.builds
    }

    /// The club's part changed: built again when next asked for.
    pub(super) fn changed(&mut self) {
        self.stale = true;
    }

    /// Member `member`'s own part changed.
    pub(super) fn changed_for(&mut self, member: MemberId) {
        self.own.remove(&member);
        self.changed_for.insert(member);
    }

    /// A game between `players` ended: their ratings and games are read again, and the
    /// best if it was rated.
    pub(super) fn ended(&mut self, players: [MemberId; 2], rated: bool) {
        for member in players {
            self.ratings.remove(&member);
            self.recent.remove(&member);
            self.changed_for(member);
        }
        if rated {
            self.best = None;
        }
        self.changed();
    }

    /// Member `member` left: nothing of theirs is kept.
    pub(super) fn left(&mut self, member: MemberId) {
        self.ratings.remove(&member);
        self.recent.remove(&member);
        self.own.remove(&member);
        self.changed_for.remove(&member);
        self.changed();
    }

    /// Gives back the room of the members gone, and the club's part as it was when they
    /// were in (built again when someone comes).
    pub(super) fn shrink(&mut self) {
        self.club = Arc::default();
        self.stale = true;
        self.own.shrink_to_fit();
        self.ratings.shrink_to_fit();
        self.recent.shrink_to_fit();
    }

    /// Whether the club's part is to be built again.
    pub(super) fn is_stale(&self) -> bool {
        self.stale
    }

    /// The members whose own part changed since this was last asked.
    pub(super) fn take_changed(&mut self) -> BTreeSet<MemberId> {
        std::mem::take(&mut self.changed_for)
    }

    /// The club's part, built again if it changed.
    pub(super) fn club_view(&mut self, from: &Sources) -> Arc<ClubView> {
        if self.stale {
            self.club = Arc::new(self.build_club(from));
            self.stale = false;
            self.builds += 1;
        }
        Arc::clone(&self.club)
    }

    /// `member`'s own part (none: a keyless watcher's), built again if it changed.
    pub(super) fn own_view(&mut self, member: Option<&Member>, from: &Sources) -> Arc<OwnView> {
        let Some(member) = member else { return Arc::clone(&self.watcher) };
        if let Some(own) = self.own.get(&member.id) {
            return Arc::clone(own);
        }
        let own = Arc::new(self.build_own(member, from));
        self.own.insert(member.id, Arc::clone(&own));
        own
    }

    fn build_club(&mut self, from: &Sources) -> ClubView {
        let mut failed = None;
        let mut online: Vec<&Member> = from.terminals.online().collect();
        online.sort_by_cached_key(|member| member.name.to_lowercase());
        let online = online
            .into_iter()
            .map(|member| {
                let ratings = match self.ratings.get(&member.id) {
                    Some(ratings) => ratings.clone(),
                    None => read(from.club.ratings_of(member.id), &mut failed)
                        .map(|standings| {
                            let shown =
                                standings.iter().map(|standing| (pool_name(standing.pool), standing.shown()));
                            let shown: Vec<_> = shown.collect();
                            self.ratings.insert(member.id, shown.clone());
                            shown
                        })
                        .unwrap_or_default(),
                };
                OnlineRow { name: member.name.clone(), ratings, playing: from.games.plays_live(member.id) }
            })
            .collect();
        let seeks = from
            .offers
            .iter()
            .filter(|(_, posted)| posted.to.is_none())
            .map(|(id, posted)| SeekRow { id, by: posted.by.name.clone(), terms: terms(&posted.offer) })
            .collect();
        let live = from.games.iter().filter(|game| !game.daily).map(|game| GameRow {
            id: game.id as u64,
            game: game.game,
            side: game.side,
            blue: game.players[0].1.clone(),
            red: game.players[1].1.clone(),
            clock: ClubClock::parse(&game.clock_text).unwrap_or(ClubClock::Untimed),
            rated: game.rated,
        });
        if self.best.is_none() {
            let best: Result<Vec<_>, Error> = Pool::all()
                .into_iter()
                .map(|pool| {
                    let best = from.club.best(pool, BEST)?;
                    let places =
                        best.iter().map(|standing| (standing.name.clone(), standing.shown(), standing.games));
                    Ok((pool_name(pool), places.collect()))
                })
                .collect();
            self.best = read(best, &mut failed);
        }
        ClubView {
            club: self.name.clone(),
            greeting: self.greeting.clone(),
            online,
            seeks,
            live: live.collect(),
            best: self.best.clone().unwrap_or_default(),
            failed,
        }
    }

    fn build_own(&mut self, member: &Member, from: &Sources) -> OwnView {
        let mut failed = None;
        let challenges = from
            .offers
            .iter()
            .filter(|(_, posted)| posted.to.is_some() && posted.involves(member.id))
            .map(|(id, posted)| ChallengeRow {
                id,
                from: posted.by.name.clone(),
                to: posted.to.as_ref().map(|to| to.name.clone()).unwrap_or_default(),
                terms: terms(&posted.offer),
            })
            .collect();
        if let std::collections::hash_map::Entry::Vacant(entry) = self.recent.entry(member.id)
            && let Some(games) = read(from.club.games(Which::Done, Some(member.id), RECENT), &mut failed)
        {
            entry.insert(games.iter().map(recent_row).collect());
        }
        let recent = self.recent.get(&member.id).cloned().unwrap_or_default();
        let playing = read(from.club.games(Which::Live, Some(member.id), PLAYING), &mut failed)
            .map(|games| playing_rows(member.id, &games, from))
            .unwrap_or_default();
        OwnView { me: Some(member.name.clone()), playing, challenges, recent, failed }
    }
}

/// What a read gave, or none: its failure logged and kept (the first) for the note line.
fn read<T>(result: Result<T, Error>, failed: &mut Option<Text>) -> Option<T> {
    match result {
        Ok(value) => Some(value),
        Err(error) => {
            super::log(&format!("a lobby's view could not be read whole: {}", super::words::english(&error)));
            failed.get_or_insert_with(|| text!(CLUB_VIEW_FAILED, Text::from(&error)));
            None
        }
    }
}

/// How a game ended, as a game's screen says it: "Blue resigned: Red wins".
pub(super) fn verdict_text(verdict: GameResult) -> Text {
    match (verdict.reason, verdict.winner) {
        (Reason::Resign, Some(winner)) => text!(STATUS_RESIGNED, winner.other(), winner),
        (Reason::Time, Some(winner)) => text!(TIME_UP, winner.other(), winner),
        (_, Some(winner)) => text!(STATUS_WINS, winner),
        (Reason::Rules, None) => text!(STATUS_BLOCKED),
        (_, None) => text!(STATUS_DRAW),
    }
}

/// A pool as the lobby names it: `Clamber 3`.
fn pool_name(pool: Pool) -> String {
    format!("{} {}", pool.game.title(), pool.side)
}

/// The member's games in progress as their lobby lists them: the live game first, then
/// those where it is their turn, then the others, each by the soonest deadline.
fn playing_rows(member: MemberId, games: &[GameInfo], from: &Sources) -> Vec<PlayingRow> {
    let mut rows: Vec<(bool, Option<i64>, PlayingRow)> = games
        .iter()
        .map(|info| {
            let opponent = match info.blue_id == member {
                true => info.red.clone(),
                false => info.blue.clone(),
            };
            let due = info
                .deadline
                .map(|ms| Deadline { at: instant_of(from.club, from.time, ms), time: from.time.clone() });
            let row =
                PlayingRow { game: game_row(info), opponent, your_turn: info.mover == Some(member), due };
            (info.deadline.is_some(), info.deadline, row)
        })
        .collect();
    rows.sort_by_key(|(daily, deadline, row)| (*daily, !row.your_turn, *deadline, row.game.id));
    rows.into_iter().map(|(_, _, row)| row).collect()
}

/// When the club's clock (milliseconds since 1970) reads `ms`, on the hub's clock: a
/// millisecond late rather than early, so that a timer set for it finds it passed.
pub(super) fn instant_of(club: &Club, time: &Timepiece, ms: i64) -> std::time::Instant {
    let ahead = u64::try_from(ms.saturating_sub(club.now())).unwrap_or(0);
    time.now() + std::time::Duration::from_millis(ahead.saturating_add(1))
}

fn game_row(info: &GameInfo) -> GameRow {
    GameRow {
        id: info.id as u64,
        game: info.game,
        side: info.side,
        blue: info.blue.clone(),
        red: info.red.clone(),
        clock: ClubClock::parse(&info.clock).unwrap_or(ClubClock::Untimed),
        rated: info.rated,
    }
}

fn recent_row(info: &GameInfo) -> RecentRow {
    let game = game_row(info);
    let result = info.verdict.map_or_else(|| text!(PLAIN, String::new()), verdict_text);
    RecentRow { game, turns: info.turns as usize, result }
}
