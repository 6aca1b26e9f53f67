//! Ratings: each member's Glicko-2 rating in each pool (one game a rating period, as
//! lichess rates), changed in the same transaction that ends a rated game, with a row of
//! history a game. A rating is shown as `?` until its member has played [`SETTLED_AFTER`]
//! rated games in that pool.

use crate::club::Club;
use crate::error::Error;
use crate::terms::{GameId, GameResult, MemberId, Pool};
use hexstack_glicko::Rating;
use hexstack_rules::Colour;

/// How many rated games in a pool before a member's rating there is shown.
pub const SETTLED_AFTER: u32 = 10;

/// A member's rating in one pool.
#[derive(Clone, PartialEq, Debug)]
pub struct Standing {
    /// The member's name.
    pub name: String,
    /// The pool.
    pub pool: Pool,
    /// Their rating there.
    pub rating: Rating,
    /// Rated games played in the pool.
    pub games: u32,
}

impl Standing {
    /// The rating as a member sees it: a whole number, or `?` while it is not settled.
    pub fn shown(&self) -> String {
        shown(self.rating, self.games)
    }
}

/// A rating as shown after `games` rated games: `?` before [`SETTLED_AFTER`].
pub fn shown(rating: Rating, games: u32) -> String {
    match games >= SETTLED_AFTER {
        true => rating.shown().to_string(),
        false => "?".to_string(),
    }
}

/// How a rated game moved one member's rating.
#[derive(Clone, PartialEq, Debug)]
pub struct RatingChange {
    /// The member.
    pub member: MemberId,
    /// Their rating before the game.
    pub before: Rating,
    /// And after it.
    pub after: Rating,
    /// Rated games in the pool, this one counted.
    pub games: u32,
}

/// A member's rating after one rated game.
#[derive(Clone, PartialEq, Debug)]
pub struct Rated {
    /// The game.
    pub game_id: GameId,
    /// Its pool.
    pub pool: Pool,
    /// The rating after it.
    pub rating: Rating,
    /// When the game ended, in milliseconds since 1970.
    pub at: i64,
}

/// Both players' ratings after a game that ended so, from their ratings before it
/// (Blue's, Red's): each against the other's rating before the game.
pub fn after_game(before: [Rating; 2], verdict: GameResult) -> [Rating; 2] {
    [Colour::Blue, Colour::Red].map(|colour| {
        let (mine, theirs) = (before[colour.index()], before[colour.other().index()]);
        mine.after_one(theirs, verdict.score(colour))
    })
}

impl Club {
    /// The best of `pool`: members with a settled rating there, best first.
    pub fn best(&self, pool: Pool, limit: usize) -> Result<Vec<Standing>, Error> {
        self.store.standings(pool, true, limit)
    }

    /// The standings of `pool`: its settled members best first, then the others by games;
    /// at most `limit`.
    pub fn standings(&self, pool: Pool, limit: usize) -> Result<Vec<Standing>, Error> {
        self.store.standings(pool, false, limit)
    }

    /// Member `member`'s rating in each pool they have played rated games in, in the
    /// pools' order.
    pub fn ratings_of(&self, member: MemberId) -> Result<Vec<Standing>, Error> {
        let mut found = self.store.ratings_of(member)?;
        found.sort_by_key(|standing| Pool::all().iter().position(|pool| *pool == standing.pool));
        Ok(found)
    }

    /// Member `member`'s ratings after each of their last `limit` rated games, newest
    /// first, in one pool or all.
    pub fn history(&self, member: MemberId, pool: Option<Pool>, limit: usize) -> Result<Vec<Rated>, Error> {
        self.store.history(member, pool, limit)
    }
}
