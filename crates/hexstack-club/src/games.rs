//! Games: made between two members, a turn at a time (each checked by the game's rules
//! before it is kept), ended with a verdict. A game ended by its turns is ended in the
//! same transaction as its last turn, and a rated game's ratings change in the same
//! transaction as its end: the database never holds a won game still in progress.

use crate::archive::KeptTurn;
use crate::club::Club;
use crate::error::{Error, Refusal};
use crate::ratings::RatingChange;
use crate::store::{Finish, Next};
use crate::terms::{GameId, GameResult, MemberId, Pace, Pool, Reason, allowance_ms, club_clock};
use hexstack_rules::time_control::ClubClock;
use hexstack_rules::{AnyPosition, Colour, Game, GameKind, Illegals, Listed, Outcome, Positions};

/// A game to make: which, on which board, who plays, on which clock, rated or not.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NewGame {
    /// The game.
    pub game: GameKind,
    /// Its board's side.
    pub side: u8,
    /// Blue's member number.
    pub blue: MemberId,
    /// Red's member number.
    pub red: MemberId,
    /// The clock's text: `5+3`, `30s+2`, `3d` (days a turn) or `none`.
    pub clock: String,
    /// Whether it is rated.
    pub rated: bool,
}

/// What a turn did: its number and notation, and the game's end if it ended it.
#[derive(Clone, PartialEq, Debug)]
pub struct Played {
    /// 1 for the game's first turn.
    pub number: u32,
    /// The turn, as the rules write it.
    pub turn: String,
    /// The game's end, if this turn ended it.
    pub ended: Option<Ended>,
}

/// A game ended: its verdict, and how the ratings moved if it was rated (Blue's, Red's).
#[derive(Clone, PartialEq, Debug)]
pub struct Ended {
    /// How it ended.
    pub verdict: GameResult,
    /// Blue's and Red's rating changes, if it was rated.
    pub ratings: Vec<RatingChange>,
}

/// A game in progress as the club holds it between turns: its position as last committed
/// (a forced skip applied), its players, its pool if it is rated.
#[derive(Clone, Debug)]
pub struct LiveGame {
    /// Where it stands.
    pub position: AnyPosition,
    /// Blue's member number.
    pub blue: MemberId,
    /// Red's member number.
    pub red: MemberId,
    /// Its pool, if it is rated.
    pub rated: Option<Pool>,
    /// Its turns so far (forced skips are not turns).
    pub turns: u32,
    /// Its clock.
    pub clock: ClubClock,
    /// When the mover's time runs out, days a turn (milliseconds since 1970).
    pub deadline: Option<i64>,
}

impl LiveGame {
    fn finish(&self, verdict: GameResult) -> Finish {
        Finish { verdict, rated: self.rated.map(|pool| (pool, [self.blue, self.red])) }
    }

    /// Who moves next at `position` and, days a turn, by when, the turn beginning `now`.
    fn next(&self, position: &AnyPosition, now: i64) -> Next {
        let mover = match hexstack_rules::each_game!(position, position => position.to_move()) {
            Colour::Blue => self.blue,
            Colour::Red => self.red,
        };
        Next { mover, deadline: allowance_ms(self.clock).map(|allowance| now + allowance) }
    }
}

/// The most turns a game may have: far past any real game (the longest self-play games
/// are drawn after a few hundred), it bounds what one game may take of the database.
pub const MOST_TURNS: u32 = 10_000;

impl Club {
    /// Makes a game between two members, neither banned, on a board of the game's, with a
    /// clock of the right form; a rated game only in a pool. Its number.
    pub fn create_game(&mut self, new: &NewGame) -> Result<GameId, Error> {
        let start = new.game.start(Some(u32::from(new.side))).map_err(Refusal::BadGame)?;
        let clock = club_clock(&new.clock)?;
        let pool = match (new.rated, Pool::of(new.game, new.side, Pace::of(clock))) {
            (true, None) => return Err(Refusal::NotRatedBoard(new.game, new.side).into()),
            (rated, pool) => pool.filter(|_| rated),
        };
        if new.blue == new.red {
            return Err(Refusal::SamePlayer.into());
        }
        let now = self.now();
        let mut live = LiveGame {
            position: start,
            blue: new.blue,
            red: new.red,
            rated: pool,
            turns: 0,
            clock,
            deadline: None,
        };
        let new = NewGame { clock: clock.to_string(), ..new.clone() };
        let next = live.next(&start, now);
        let id = self.store.create_game(&new, &start.to_string(), now, next)?;
        live.deadline = next.deadline;
        self.live.insert(id, live);
        Ok(id)
    }

    /// Game `id` in progress, as last committed: read back from the database the first
    /// time it is asked for (after a restart, say).
    pub fn live_game(&mut self, id: GameId) -> Result<&LiveGame, Error> {
        if !self.live.contains_key(&id) {
            let archived = self.archived(id)?.ok_or(Refusal::NoGame(id))?;
            let info = &archived.info;
            if let Some(verdict) = info.verdict {
                return Err(Refusal::GameOver(id, verdict).into());
            }
            let clock = club_clock(&info.clock).unwrap_or(ClubClock::Untimed);
            let rated = info.rated.then(|| Pool::of(info.game, info.side, Pace::of(clock))).flatten();
            let turns = archived.turns.len() as u32;
            let (blue, red, position) = (info.blue_id, info.red_id, archived.position);
            let live = LiveGame { position, blue, red, rated, turns, clock, deadline: info.deadline };
            self.live.insert(id, live);
        }
        Ok(&self.live[&id])
    }

    /// Member `by` plays `turn` in game `id`, having spent `spent_ms` on it, the clocks
    /// then at `clocks` (Blue's, Red's). Checked first: the game is in progress, it is
    /// `by`'s turn, the turn is legal. Kept (and the game ended, and rated, if the turn
    /// ends it) before this returns.
    pub fn play_turn(
        &mut self,
        id: GameId,
        by: MemberId,
        turn: &str,
        spent_ms: u64,
        clocks: Option<[u64; 2]>,
    ) -> Result<Played, Error> {
        let live = self.live_game(id)?.clone();
        let to_move = hexstack_rules::each_game!(&live.position, position => position.to_move());
        let mover = match to_move {
            Colour::Blue => live.blue,
            Colour::Red => live.red,
        };
        if by != mover {
            let refused = match by == live.blue || by == live.red {
                true => Refusal::NotYourTurn(id, to_move),
                false => Refusal::NotPlayer(id),
            };
            return Err(refused.into());
        }
        if live.turns >= MOST_TURNS {
            return Err(Refusal::TooManyTurns(id, MOST_TURNS).into());
        }
        let (turn, next) = checked(&live.position, turn)?;
        let number = live.turns + 1;
        let verdict = by_rules(&next);
        let now = self.now();
        let kept = KeptTurn { number, turn: turn.clone(), spent_ms, clocks, played: now };
        let after = match verdict {
            Some(verdict) => Err(live.finish(verdict)),
            None => Ok(live.next(&next, now)),
        };
        let ratings = self.store.add_turn(id, &kept, after)?;
        let ended = verdict.map(|verdict| Ended { verdict, ratings });
        match after {
            Err(_) => self.live.remove(&id),
            Ok(Next { deadline, .. }) => {
                self.live.insert(id, LiveGame { position: next, turns: number, deadline, ..live })
            }
        };
        Ok(Played { number, turn, ended })
    }

    /// Game `id` goes back to its first `to` turns, both players having agreed on their
    /// terminals, the clocks then at `clocks` (no time is given back: kept on turn `to`;
    /// back to the start there is no turn to keep them on, and a restart finds them full).
    /// Kept before this returns.
    pub fn take_back(&mut self, id: GameId, to: u32, clocks: Option<[u64; 2]>) -> Result<(), Error> {
        let live = self.live_game(id)?.clone();
        if to >= live.turns {
            return Err(Refusal::NothingBack(id).into());
        }
        let archived = self.archived(id)?.ok_or(Refusal::NoGame(id))?;
        let kept = crate::archive::Archived { turns: archived.turns[..to as usize].to_vec(), ..archived };
        let position = crate::archive::replayed(&kept).map_err(|failure| Error::store(self.db(), failure))?;
        let now = self.now();
        self.store.take_back(id, to, clocks, now, live.next(&position, now))?;
        // Read back from the database when next asked for: the turns kept, replayed.
        self.live.remove(&id);
        Ok(())
    }

    /// Ends game `id` so: a resignation, a fallen flag, an agreed draw (the rules' own
    /// ends come with the turn that makes them). A rated game's ratings change with it.
    pub fn end_game(&mut self, id: GameId, verdict: GameResult) -> Result<Ended, Error> {
        let verdict = verdict.check()?;
        let live = self.live_game(id)?.clone();
        let now = self.now();
        let ratings = self.store.finish(id, live.finish(verdict), now)?;
        self.live.remove(&id);
        Ok(Ended { verdict, ratings })
    }
}

/// Plays `text` on `position` if it is a legal turn there: the turn as the rules write it,
/// and the position after it (the next player skipped if they must be).
pub(crate) fn checked(position: &AnyPosition, text: &str) -> Result<(String, AnyPosition), Refusal> {
    hexstack_rules::each_game!(position, position, G => {
        let turn: <G as Game>::Turn = text.trim().parse().map_err(Refusal::BadTurn)?;
        let illegal = |why| Refusal::Illegal(turn.to_string(), G::any::<Illegals>(why));
        let mut next = Game::play(position, &turn).map_err(illegal)?;
        if next.must_skip() {
            next = next.skipped();
        }
        Ok((turn.to_string(), G::any::<Positions>(next)))
    })
}

/// How the rules ended the game at `position`, if they did.
pub(crate) fn by_rules(position: &AnyPosition) -> Option<GameResult> {
    let winner = match hexstack_rules::each_game!(position, position => position.outcome()) {
        Outcome::Ongoing => return None,
        Outcome::Won(colour) => Some(colour),
        Outcome::Drawn => None,
    };
    Some(GameResult { winner, reason: Reason::Rules })
}
