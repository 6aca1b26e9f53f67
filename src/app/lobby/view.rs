//! What the lobby shows and what a member asks there: plain data, passed between the club
//! and the screen, that names neither (the club's program reads it, the screen draws it).

use crate::clock::TimeControl;
use crate::rules::{Colour, GameKind};

/// The terms of a game offered or asked for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Terms {
    pub game: GameKind,
    /// The board's side; 4 for Ombagui.
    pub side: u8,
    pub clock: Option<TimeControl>,
    pub rated: bool,
    /// The side the poster plays; None: decided at random.
    pub colour: Option<Colour>,
}

/// A member online, with a rating in each pool they have played.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct OnlineRow {
    pub name: String,
    /// Each pool (`Clamber 3`) and the rating in it (`1512`, or `1500?` while provisional).
    pub ratings: Vec<(String, String)>,
    pub playing: bool,
}

/// An open seek: a game offered to whoever takes it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeekRow {
    pub id: u64,
    pub by: String,
    pub terms: Terms,
    /// Posted by the member looking.
    pub mine: bool,
}

/// A challenge from one member to another: to the member looking, or from them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ChallengeRow {
    pub id: u64,
    pub from: String,
    pub to: String,
    pub terms: Terms,
}

/// A game in progress, or one finished.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRow {
    pub id: u64,
    pub game: GameKind,
    pub side: u8,
    pub blue: String,
    pub red: String,
    pub clock: Option<TimeControl>,
    pub rated: bool,
    pub turns: usize,
    /// Where it stands, in words: `Blue to move`, `Red won: time`.
    pub state: String,
}

/// Everything one member's lobby shows, rebuilt by the club whenever something changes.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct LobbyView {
    /// The club's name.
    pub club: String,
    pub greeting: Option<String>,
    /// The member's name; None for a watcher who came without a key.
    pub me: Option<String>,
    pub online: Vec<OnlineRow>,
    pub seeks: Vec<SeekRow>,
    /// Challenges to the member or from them.
    pub challenges: Vec<ChallengeRow>,
    pub live: Vec<GameRow>,
    /// The member's own finished games.
    pub recent: Vec<GameRow>,
    /// Each pool (`Clamber 3`), and its best in order.
    pub best: Vec<(String, Vec<Place>)>,
}

/// A place in a pool's table of the best: the member's name, rating (`1512`, `1500?`), and
/// rated games played.
pub type Place = (String, String, u32);

/// What the member asked for: the club decides whether it is allowed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LobbyAsk {
    /// Offer a game on these terms to whoever takes it.
    Post(Terms),
    /// Withdraw one's own seek.
    Cancel(u64),
    /// Take another's seek: the game starts.
    Take(u64),
    /// Challenge this member on these terms.
    Challenge(String, Terms),
    Accept(u64),
    /// Refuse a challenge to oneself, or withdraw one's own.
    Decline(u64),
    Watch(u64),
    Replay(u64),
}
