//! hexstack's club, without a screen or a network: members known by their SSH keys, games
//! between them checked by the rules and kept turn by turn, Glicko-2 ratings in pools,
//! the archive, and the bot protocol's lines. The server (`hexstack club`) builds on it.
//!
//! [`Club`] holds the club's rules (who may play, whether a turn is legal, how a game ends
//! and how ratings move); what it keeps goes through one seam, the [`Store`] traits, which
//! [`SqliteStore`] implements over one SQLite file in WAL mode, held by one server at a
//! time. Every write is one transaction, committed before the call returns. Errors are
//! values ([`Refusal`], [`Failure`]), which the program around the club words in the
//! member's language.
//!
//! ```
//! use hexstack_club::{Club, Durability, NewGame, Refusal, Error};
//! let dir = tempfile::tempdir()?;
//! let mut club = Club::open(&dir.path().join("club.sqlite3"), Durability::Crash)?;
//! let ann = club.login("SHA256:ann's key", "Ann")?.member;
//! let bo = club.login("SHA256:bo's key", "Bo")?.member;
//! let game = NewGame { game: "clamber".parse()?, side: 3, blue: ann.id, red: bo.id, clock: "5+3".into(), rated: true };
//! let id = club.create_game(&game)?;
//! let played = club.play_turn(id, ann.id, "C3", 1200, Some([300_000, 303_000]))?; // kept when it returns
//! assert_eq!((played.number, played.turn.as_str()), (1, "C3"));
//! assert!(matches!(club.play_turn(id, ann.id, "C4", 0, None), Err(Error::Refused(Refusal::NotYourTurn(..)))));
//! assert_eq!(club.archived(id)?.unwrap().turns.len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod archive;
pub mod bot;
mod club;
mod error;
mod games;
mod members;
pub mod names;
mod ratings;
mod sqlite;
mod store;
mod terms;

pub use archive::{Archived, GameInfo, KeptTurn, Which, player};
pub use club::{Club, Now};
pub use error::{Error, Failure, Holder, Refusal, StoreError};
pub use games::{Ended, LiveGame, MOST_TURNS, NewGame, Played};
pub use hexstack_rules::time_control::{ClubClock, DAYS};
pub use members::{LONGEST_CONTACT, ListedMember, Login, Member};
pub use ratings::{Rated, RatingChange, SETTLED_AFTER, Standing, after_game, shown};
pub use sqlite::{BUSY_TIMEOUT, Durability, SqliteStore, schema};
pub use store::{Due, Finish, GameStore, MemberStore, Next, RatingStore, Store};
pub use terms::{
    DAY_MS, GameId, GameResult, MemberId, Pace, Pool, Reason, allowance_ms, clock_text, club_clock,
};

/// The database's file name in a data folder: `club.sqlite3`.
pub const DB_FILE: &str = "club.sqlite3";
