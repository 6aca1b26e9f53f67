//! What the lobby shows and what a member asks there: plain data, passed between the club
//! and the screen, that names neither (the club's program reads it, the screen draws it).
//!
//! A lobby's view is two parts shared, not copied: what every member sees alike
//! ([`ClubView`], built once per change of the club) and what one member sees of their own
//! ([`OwnView`], built when it changes for them). A new view is a new part; an unchanged
//! part is the same one, so telling them apart costs nothing.

use crate::clock::{ClubClock, Deadline};
use crate::i18n::Text;
use crate::rules::{Colour, GameKind};
use std::sync::Arc;

/// The terms of a game offered or asked for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Terms {
    /// The game.
    pub game: GameKind,
    /// The board's side; 4 for Ombagui.
    pub side: u8,
    /// None, live (`5+3`) or days a turn (`3d`).
    pub clock: ClubClock,
    /// Whether it is rated.
    pub rated: bool,
    /// The side the poster plays; None: decided at random.
    pub colour: Option<Colour>,
}

/// A member online, with a rating in each pool they have played.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct OnlineRow {
    /// The member's name.
    pub name: String,
    /// Each pool (`Clamber 3`) and the rating in it (`1512`, or `?` while provisional).
    pub ratings: Vec<(String, String)>,
    /// Whether they are at a game.
    pub playing: bool,
}

/// An open seek: a game offered to whoever takes it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct SeekRow {
    /// Its number, which taking or withdrawing it names.
    pub id: u64,
    /// Who posted it.
    pub by: String,
    /// The game offered.
    pub terms: Terms,
}

/// A challenge from one member to another: to the member looking, or from them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct ChallengeRow {
    /// Its number, which accepting or declining it names.
    pub id: u64,
    /// Who challenges.
    pub from: String,
    /// Who is challenged.
    pub to: String,
    /// The game asked for.
    pub terms: Terms,
}

/// A game: its number, its players and its terms.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct GameRow {
    /// The game's number, which watching or replaying it names.
    pub id: u64,
    /// The game played.
    pub game: GameKind,
    /// The board's side.
    pub side: u8,
    /// Blue's name.
    pub blue: String,
    /// Red's name.
    pub red: String,
    /// Its clock: none, live or days a turn.
    pub clock: ClubClock,
    /// Whether it is rated.
    pub rated: bool,
}

/// A game of the member's in progress (live or by correspondence).
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct PlayingRow {
    /// The game.
    pub game: GameRow,
    /// The other player's name.
    pub opponent: String,
    /// Whether the member is to move.
    pub your_turn: bool,
    /// When the side to move's time runs out in a correspondence game; None in a live game
    /// (its clocks are at the game) or one without a clock.
    pub due: Option<Deadline>,
}

/// A game of the member's that is over: how long it went and how it ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct RecentRow {
    /// The game.
    pub game: GameRow,
    /// How many turns were played.
    pub turns: usize,
    /// How it ended: `Red won on time`.
    pub result: Text,
}

/// A place in a pool's table of the best: the member's name, rating (`1512`, `?`), and
/// rated games played.
pub(crate) type BestPlace = (String, String, u32);

/// What every member's lobby shows alike: built once each time the club changes (someone
/// comes or goes, a seek, a game that begins or ends, a rating that moves), not per lobby.
/// A game's turns are not in it: they change nothing here.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct ClubView {
    /// The club's name.
    pub club: String,
    /// What the club says to whoever comes in, if anything.
    pub greeting: Option<String>,
    /// The members online.
    pub online: Vec<OnlineRow>,
    /// The open seeks.
    pub seeks: Vec<SeekRow>,
    /// The games in progress.
    pub live: Vec<GameRow>,
    /// Each pool (`Clamber 3`), and its best in order.
    pub best: Vec<(String, Vec<BestPlace>)>,
    /// What the club could not read to build this view: said on the note line, so that a
    /// list left empty is never taken for the truth.
    pub failed: Option<Text>,
}

/// What one member's lobby shows of their own: built when it changes for them.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct OwnView {
    /// The member's name; None for a watcher who came without a key.
    pub me: Option<String>,
    /// The member's games in progress, their turn first, then the soonest deadline first.
    pub playing: Vec<PlayingRow>,
    /// Challenges to the member or from them.
    pub challenges: Vec<ChallengeRow>,
    /// The member's own finished games, newest first.
    pub recent: Vec<RecentRow>,
    /// What the club could not read to build this view.
    pub failed: Option<Text>,
}

/// Everything one member's lobby shows: the club's part and their own, each shared with
/// whoever else shows it.
#[derive(Clone, Debug, Default)]
pub(crate) struct LobbyView {
    /// What every member's lobby shows alike.
    pub club: Arc<ClubView>,
    pub(crate) own: Arc<OwnView>,
}

impl LobbyView {
    /// A view of its two parts.
    #[cfg(test)]
    pub(crate) fn new(club: ClubView, own: OwnView) -> LobbyView {
        LobbyView { club: Arc::new(club), own: Arc::new(own) }
    }

    /// The member looking, if they came with a key.
    pub(crate) fn me(&self) -> Option<&str> {
        self.own.me.as_deref()
    }

    /// Whether `name` is the member looking (names are one ignoring case).
    pub(crate) fn is_me(&self, name: &str) -> bool {
        self.me().is_some_and(|me| me.eq_ignore_ascii_case(name))
    }

    /// What the club could not read for this view, if anything.
    pub(crate) fn failed(&self) -> Option<&Text> {
        self.club.failed.as_ref().or(self.own.failed.as_ref())
    }
}

impl PartialEq for LobbyView {
    /// The same parts: a view is only ever made anew when something in it changed.
    fn eq(&self, other: &LobbyView) -> bool {
        Arc::ptr_eq(&self.club, &other.club) && Arc::ptr_eq(&self.own, &other.own)
    }
}

impl Eq for LobbyView {}

/// What the member asked for: the club decides whether it is allowed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum LobbyAsk {
    /// Offer a game on these terms to whoever takes it.
    Post(Terms),
    /// Withdraw one's own seek.
    Cancel(u64),
    /// Take another's seek: the game starts.
    Take(u64),
    /// Challenge this member on these terms.
    Challenge(String, Terms),
    /// Accept a challenge to oneself: the game starts.
    Accept(u64),
    /// Refuse a challenge to oneself, or withdraw one's own.
    Decline(u64),
    /// Watch a game in progress.
    Watch(u64),
    /// Replay a game that is over.
    Replay(u64),
    /// Open one's own game in progress at its position, where the turn is made.
    Open(u64),
}
