//! The one seam between the club's rules and its database: what the club keeps and reads
//! back, as three traits (members, games, ratings) that one [`Store`] implements. The club
//! ([`crate::Club`]) decides (who may play, whether a turn is legal, how ratings move) and
//! the store keeps, each write one transaction committed before it returns.
//! [`crate::SqliteStore`] is the one there is; docs/club.md says what PostgreSQL would need
//! to stand here.

use crate::archive::{GameInfo, KeptTurn, Which};
use crate::error::Error;
use crate::games::NewGame;
use crate::members::{ListedMember, Member};
use crate::ratings::{Rated, RatingChange, Standing};
use crate::terms::{GameId, GameResult, MemberId, Pool};

/// A game's end as the store keeps it: the verdict, and the pool and players (Blue's,
/// Red's) if it is rated, whose ratings change in the same transaction.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Finish {
    /// How it ended.
    pub verdict: GameResult,
    /// Its pool and players, if it is rated.
    pub rated: Option<(Pool, [MemberId; 2])>,
}

/// Who moves next in a game in progress, and by when if it is a correspondence game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Next {
    /// The member to move.
    pub mover: MemberId,
    /// When their time runs out, in milliseconds since 1970 (correspondence games).
    pub deadline: Option<i64>,
}

/// A correspondence game in progress, as the server times it: its players (Blue's, Red's),
/// who is to move and by when, and the allowance of each turn (milliseconds).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Due {
    /// The game.
    pub game: GameId,
    /// Blue's and Red's member numbers.
    pub players: [MemberId; 2],
    /// Who is to move, and by when.
    pub next: Next,
    /// The time each turn is given, in milliseconds.
    pub allowance: i64,
}

/// The club's members and their keys.
pub trait MemberStore {
    /// The member whose key is `key`.
    fn member_by_key(&self, key: &str) -> Result<Option<Member>, Error>;
    /// The member called `name`, ignoring case.
    fn member_named(&self, name: &str) -> Result<Option<Member>, Error>;
    /// A new member `name` with `key`, joined at `now`: refused if the name is taken
    /// (ignoring case).
    fn register(&mut self, name: &str, key: &str, now: i64) -> Result<Member, Error>;
    /// One more key for member `member`: refused if it is another member's.
    fn add_key(&mut self, member: MemberId, key: &str, now: i64) -> Result<(), Error>;
    /// Bans or lets back the member called `name`: the member as they are now, if there
    /// is one.
    fn set_banned(&mut self, name: &str, banned: bool) -> Result<Option<Member>, Error>;
    /// Every member, by name, with their keys and games counted.
    fn members(&self) -> Result<Vec<ListedMember>, Error>;
    /// Member `member`'s contact for word of their games (none: cleared).
    fn set_contact(&mut self, member: MemberId, contact: Option<&str>) -> Result<(), Error>;
    /// Member `member`'s contact, if they gave one.
    fn contact(&self, member: MemberId) -> Result<Option<String>, Error>;
}

/// Games, their turns and their ends.
pub trait GameStore {
    /// Keeps a new game from the position `start` (in notation), made at `now`, `next` to
    /// move: refused if either player is no member or is banned. Its number.
    fn create_game(&mut self, new: &NewGame, start: &str, now: i64, next: Next) -> Result<GameId, Error>;
    /// Game `id`'s row, if there is one.
    fn game(&self, id: GameId) -> Result<Option<GameInfo>, Error>;
    /// The games `which` asks for, of member `member` if given, newest first, at most
    /// `limit`.
    fn games(&self, which: Which, member: Option<MemberId>, limit: usize) -> Result<Vec<GameInfo>, Error>;
    /// Game `id`'s turns, in order.
    fn turns(&self, id: GameId) -> Result<Vec<KeptTurn>, Error>;
    /// Keeps `turn` of game `id`, and after it who moves next, or the game's end if it ends
    /// it (rated if it is): one transaction. How the ratings moved.
    fn add_turn(
        &mut self,
        id: GameId,
        turn: &KeptTurn,
        after: Result<Next, Finish>,
    ) -> Result<Vec<RatingChange>, Error>;
    /// Game `id` back to its first `to` turns, the clocks then at `clocks` (kept on turn
    /// `to`), at `now`, `next` to move.
    fn take_back(
        &mut self,
        id: GameId,
        to: u32,
        clocks: Option<[u64; 2]>,
        now: i64,
        next: Next,
    ) -> Result<(), Error>;
    /// Ends game `id` so at `now` (rated if it is): refused if it is no longer in
    /// progress. How the ratings moved.
    fn finish(&mut self, id: GameId, end: Finish, now: i64) -> Result<Vec<RatingChange>, Error>;
    /// Every correspondence game in progress: its players, its mover and deadline.
    fn deadlines(&self) -> Result<Vec<Due>, Error>;
    /// The games in progress where `member` is to move, soonest deadline first.
    fn to_move(&self, member: MemberId) -> Result<Vec<GameInfo>, Error>;
    /// A server stops cleanly at `now`: its restart will know how long it was down.
    fn stopped(&mut self, now: i64) -> Result<(), Error>;
    /// A server runs at `now` (said every few minutes): a restart after a crash counts the
    /// outage from the last of these at most.
    fn alive(&mut self, now: i64) -> Result<(), Error>;
    /// A server starts at `now`: every correspondence deadline is moved on by the time no
    /// server ran (from its clean stop, else from the last thing it kept). That time.
    fn resumed(&mut self, now: i64) -> Result<i64, Error>;
}

/// Each member's rating in each pool, and its history.
pub trait RatingStore {
    /// The standings of `pool`: the settled by rating, best first, then (unless
    /// `settled_only`) the rest by games; at most `limit`.
    fn standings(&self, pool: Pool, settled_only: bool, limit: usize) -> Result<Vec<Standing>, Error>;
    /// Member `member`'s rating in each pool they have played rated games in.
    fn ratings_of(&self, member: MemberId) -> Result<Vec<Standing>, Error>;
    /// Member `member`'s ratings after each of their last `limit` rated games, newest
    /// first, in one pool or all.
    fn history(&self, member: MemberId, pool: Option<Pool>, limit: usize) -> Result<Vec<Rated>, Error>;
}

/// Everything the club keeps, in one database.
pub trait Store: MemberStore + GameStore + RatingStore + Send {
    /// The database as its errors name it (a file's path).
    fn name(&self) -> &str;

    /// Lets go of the memory it can do without (its cache of pages), once many have left.
    fn release_memory(&self) {}
}
