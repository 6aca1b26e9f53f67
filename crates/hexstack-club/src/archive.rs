//! The archive: every game the club has kept, read back. A game is rebuilt from its start
//! and its turns, replayed through the rules, so that a game that no longer replays is
//! named, never half-shown.

use crate::club::Club;
use crate::error::{Error, Failure, Refusal};
use crate::games::checked;
use crate::store::Due;
use crate::terms::{GameId, GameResult, MemberId, Pace, club_clock};
use hexstack_rules::{AnyPosition, Colour, GameKind};

/// A game as the archive lists it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameInfo {
    /// Its number.
    pub id: GameId,
    /// The game.
    pub game: GameKind,
    /// Its board's side.
    pub side: u8,
    /// Blue's name.
    pub blue: String,
    /// Red's name.
    pub red: String,
    /// Blue's member number.
    pub blue_id: MemberId,
    /// Red's member number.
    pub red_id: MemberId,
    /// The time control's text: `5+3`, `30s+2` or `none`.
    pub clock: String,
    /// Whether it is rated.
    pub rated: bool,
    /// How it ended; none while it is in progress.
    pub verdict: Option<GameResult>,
    /// The position it started from, in notation.
    pub start: String,
    /// When it began, in milliseconds since 1970.
    pub created: i64,
    /// When it last changed, in milliseconds since 1970.
    pub updated: i64,
    /// Its turns so far.
    pub turns: u32,
    /// While it is in progress: the member to move (none in a game kept before the club
    /// said so, until its next turn).
    pub mover: Option<MemberId>,
    /// While a correspondence game is in progress: when the mover's time runs out, in
    /// milliseconds since 1970.
    pub deadline: Option<i64>,
}

/// One turn as the club keeps it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct KeptTurn {
    /// 1 for the first turn; forced skips are not turns.
    pub number: u32,
    /// In the game's notation, as the rules write it.
    pub turn: String,
    /// The mover's time on it, in milliseconds.
    pub spent_ms: u64,
    /// Blue's and Red's time left after it, in milliseconds (none without a clock).
    pub clocks: Option<[u64; 2]>,
    /// When it was played, in milliseconds since 1970.
    pub played: i64,
}

/// A game read back whole: what the archive lists, its turns, and where they led.
#[derive(Clone, Debug)]
pub struct Archived {
    /// What the archive lists.
    pub info: GameInfo,
    /// Its turns, in order.
    pub turns: Vec<KeptTurn>,
    /// The position its turns led to (a forced skip applied), replayed by the rules.
    pub position: AnyPosition,
}

/// Which games `games` lists.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Which {
    /// Every game.
    #[default]
    All,
    /// The games in progress.
    Live,
    /// The games over.
    Done,
}

/// Where the game `archived` stands after its turns, replayed by the rules.
pub(crate) fn replayed(archived: &Archived) -> Result<AnyPosition, Failure> {
    replay(&archived.info, &archived.turns)
}

/// The game `info` describes, replayed from its start through `turns` by the rules: where
/// it stands, or which turn no longer replays and why.
fn replay(info: &GameInfo, turns: &[KeptTurn]) -> Result<AnyPosition, Failure> {
    let broken = |number: u32, why: Refusal| Failure::GameBroken(info.id, number, Box::new(why));
    let side = Some(u32::from(info.side));
    let mut position = info.game.position(&info.start, side).map_err(|e| broken(0, Refusal::BadGame(e)))?;
    for turn in turns {
        position = checked(&position, &turn.turn).map_err(|why| broken(turn.number, why))?.1;
    }
    Ok(position)
}

impl Club {
    /// Game `id` read back whole, if there is one.
    pub fn archived(&self, id: GameId) -> Result<Option<Archived>, Error> {
        let Some(info) = self.store.game(id)? else { return Ok(None) };
        let turns = self.store.turns(id)?;
        let position = replay(&info, &turns).map_err(|failure| Error::store(self.db(), failure))?;
        Ok(Some(Archived { info, turns, position }))
    }

    /// Game `id`'s row (its players, clock, state), without its turns.
    pub fn game(&self, id: GameId) -> Result<Option<GameInfo>, Error> {
        self.store.game(id)
    }

    /// The games `which` asks for, of member `member` if given, newest first, at most
    /// `limit`.
    pub fn games(
        &self,
        which: Which,
        member: Option<MemberId>,
        limit: usize,
    ) -> Result<Vec<GameInfo>, Error> {
        self.store.games(which, member, limit)
    }

    /// The games in progress on a live clock (or none), oldest first: what a server goes on
    /// with after a restart. Correspondence games wait in the database, their deadlines
    /// known ([`Club::deadlines`]).
    pub fn live_games(&self) -> Result<Vec<GameInfo>, Error> {
        let mut games = self.store.games(Which::Live, None, usize::MAX)?;
        games.retain(|info| club_clock(&info.clock).is_ok_and(|clock| Pace::of(clock) == Pace::Live));
        games.reverse();
        Ok(games)
    }

    /// Every correspondence game in progress and when its mover's time runs out.
    pub fn deadlines(&self) -> Result<Vec<Due>, Error> {
        self.store.deadlines()
    }

    /// The games in progress where it is member `member`'s turn, soonest deadline first.
    pub fn to_move(&self, member: MemberId) -> Result<Vec<GameInfo>, Error> {
        self.store.to_move(member)
    }
}

/// Blue's or Red's name in a game's row.
pub fn player(info: &GameInfo, colour: Colour) -> &str {
    match colour {
        Colour::Blue => &info.blue,
        Colour::Red => &info.red,
    }
}
