//! The club (`hexstack club`): members known by their SSH keys, games between them kept
//! turn by turn, ratings, and the bot protocol's lines. This part has no screen and no
//! network: the database ([`Club`]), what its rows mean, and the protocol's parsing. The
//! server builds on it. docs/club.md describes the database, its schema and migrations,
//! what survives a crash, the admin commands and the bot protocol.
//!
//! ```no_run
//! use hexstack::club::{Club, Durability, NewGame};
//! let mut club = Club::open("club.sqlite3".as_ref(), Durability::Crash)?;
//! let ann = club.login("SHA256:ann's key", "Ann")?.member;
//! let bo = club.login("SHA256:bo's key", "Bo")?.member;
//! let game = NewGame { game: "clamber".parse()?, side: 3, blue: ann.id, red: bo.id, clock: "5+3".into(), rated: true };
//! let id = club.create_game(&game)?;
//! club.play_turn(id, ann.id, "C3", 1200, Some([300_000, 303_000]))?; // kept when it returns
//! print!("{}", club.export(id)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod admin;
mod archive;
pub mod bot;
mod db;
mod error;
mod games;
mod members;
pub mod names;
mod ratings;
pub mod schema;
mod terms;

pub use archive::{Archived, GameInfo, LISTED as GAMES_LISTED, Turn, Which, player};
pub use db::{BUSY_TIMEOUT, Club, DB_FILE, Durability, LiveGame, Now, default_path};
pub use error::Error;
pub use games::{Ended, MOST_TURNS, NewGame, Played};
pub use members::{Listed, Login, Member};
pub use ratings::{LISTED as RATINGS_LISTED, Rated, RatingChange, SETTLED_AFTER, Standing, shown};
pub use terms::{GameId, MemberId, Pool, Reason, Verdict, clock_text};
