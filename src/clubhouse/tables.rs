//! The games in progress as the hub holds them: players, watchers, the server's clock.
//! The record itself is the club's (`Club::live_game`), as last committed.

use crate::clock::{Clock, TimeControl, Timepiece};
use crate::club::bot::Event;
use crate::club::{Club, Error, GameId, GameInfo, MemberId, NewGame};
use crate::rules::{Colour, GameKind};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// One game in progress.
pub struct Table {
    pub id: GameId,
    pub game: GameKind,
    pub side: u8,
    /// Blue's and Red's member numbers and names.
    pub players: [(MemberId, String); 2],
    /// The clock's text as the club keeps it (`5+3`, `none`).
    pub clock_text: String,
    pub clock: Option<Clock>,
    pub rated: bool,
    /// Turns committed.
    pub turns: u32,
    /// The side to move.
    pub to_move: Colour,
    /// The connections watching it.
    pub watchers: BTreeSet<u64>,
}

impl Table {
    /// A game just made, Blue's clock running.
    pub fn new(id: GameId, new: &NewGame, names: [String; 2]) -> Table {
        let [blue, red] = names;
        let mut table = Table {
            id,
            game: new.game,
            side: new.side,
            players: [(new.blue, blue), (new.red, red)],
            clock_text: new.clock.clone(),
            clock: clock(&new.clock, None),
            rated: new.rated,
            turns: 0,
            to_move: Colour::Blue,
            watchers: BTreeSet::new(),
        };
        table.start(Colour::Blue);
        table
    }

    /// A game the club kept, as the last committed turn left it: the clocks as that turn
    /// left them, the outage not counted, the side to move's clock running from now.
    pub fn resumed(club: &mut Club, info: &GameInfo) -> Result<Table, Error> {
        let archived = club.archived(info.id)?;
        let left = archived.as_ref().and_then(|archived| archived.turns.last()).and_then(|turn| turn.clocks);
        let to_move = to_move(club, info.id)?;
        let mut table = Table {
            id: info.id,
            game: info.game,
            side: info.side,
            players: [(info.blue_id, info.blue.clone()), (info.red_id, info.red.clone())],
            clock_text: info.clock.clone(),
            clock: clock(&info.clock, left),
            rated: info.rated,
            turns: info.turns,
            to_move,
            watchers: BTreeSet::new(),
        };
        table.start(to_move);
        Ok(table)
    }

    /// `colour` is to move: their clock starts.
    pub fn start(&mut self, colour: Colour) {
        self.to_move = colour;
        if let Some(clock) = &mut self.clock {
            clock.start(colour);
        }
    }

    /// The colour member `member` plays here, if they play.
    pub fn colour_of(&self, member: MemberId) -> Option<Colour> {
        [Colour::Blue, Colour::Red].into_iter().find(|colour| self.players[colour.index()].0 == member)
    }

    pub fn plays(&self, member: MemberId) -> bool {
        self.colour_of(member).is_some()
    }

    /// Both clocks in milliseconds (Blue's, Red's), now.
    pub fn clocks_ms(&self) -> Option<[u64; 2]> {
        let clock = self.clock.as_ref()?;
        Some([Colour::Blue, Colour::Red].map(|colour| millis(clock.left(colour))))
    }

    /// When the running clock's flag falls, if one runs.
    pub fn flag_at(&self) -> Option<Instant> {
        let clock = self.clock.as_ref()?;
        let colour = clock.running()?;
        Some(clock.now() + clock.left(colour))
    }

    /// The `game` line that tells a bot of it.
    pub fn event(&self) -> Event {
        Event::Game {
            id: self.id,
            game: self.game,
            side: self.side,
            blue: self.players[0].1.clone(),
            red: self.players[1].1.clone(),
            clock: self.clock_text.clone(),
        }
    }
}

/// Who is to move in game `id`, as the club last committed it.
pub fn to_move(club: &mut Club, id: GameId) -> Result<Colour, Error> {
    Ok(
        crate::each_game!(&club.live_game(id)?.record, record => crate::rules::Game::to_move(&record.position())),
    )
}

/// The clocks of a game on `text`, at `left` (Blue's, Red's milliseconds) or full.
fn clock(text: &str, left: Option<[u64; 2]>) -> Option<Clock> {
    let control: TimeControl = TimeControl::parse(text).ok().flatten()?;
    let left = left.map_or([control.base; 2], |left| left.map(Duration::from_millis));
    Some(Clock::resumed(control, left, Duration::ZERO, Timepiece::real()))
}

pub fn millis(time: Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}
