//! The club's words for what it keeps: a game's clock (live, or days a turn), a rating pool
//! (a game on one of its usual boards, at one pace), and how a game ended (a winner or
//! none, and why).

use crate::error::Refusal;
use crate::names::quoted;
use hexstack_rules::time_control::{BadClock, ClubClock};
use hexstack_rules::{Colour, Game, GameKind};
use std::fmt;

/// A member's number in the database.
pub type MemberId = i64;
/// A game's number in the database: the `ID` of `games`, `export` and the bot protocol.
pub type GameId = i64;

/// How fast a game goes: on a live clock (or none), both players there, or by
/// correspondence, days a turn, each player coming when they can.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Pace {
    /// A game played at one sitting.
    Live,
    /// A turn a day, or a few days.
    Daily,
}

impl Pace {
    /// Both paces, live first.
    pub const ALL: [Pace; 2] = [Pace::Live, Pace::Daily];

    /// The pace's word in the database and in the `ratings` lines.
    pub const fn word(self) -> &'static str {
        match self {
            Pace::Live => "live",
            Pace::Daily => "daily",
        }
    }

    /// The pace of `word`, if it is one.
    pub fn from_word(word: &str) -> Option<Pace> {
        Pace::ALL.into_iter().find(|pace| pace.word() == word)
    }
}

/// A day, in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

impl Pace {
    /// The pace of a game on `clock`.
    pub fn of(clock: ClubClock) -> Pace {
        match clock {
            ClubClock::Daily(_) => Pace::Daily,
            _ => Pace::Live,
        }
    }
}

/// The club's clock of `text` (checked), or why not.
pub fn club_clock(text: &str) -> Result<ClubClock, Refusal> {
    ClubClock::parse(text).map_err(|bad| match bad {
        BadClock::Days => Refusal::Days(quoted(text)),
        BadClock::Control(bad) => Refusal::Clock(quoted(text), bad),
    })
}

/// A correspondence game's allowance for each turn, in milliseconds.
pub fn allowance_ms(clock: ClubClock) -> Option<i64> {
    clock.allowance().map(|allowance| i64::try_from(allowance.as_millis()).unwrap_or(i64::MAX))
}

/// Where ratings are kept apart: one game on one board at one pace. The pools are each
/// game's usual boards (the boards its menu offers: Clamber 3 and 4, Ombagui 4), live and
/// by correspondence, as lichess keeps them apart; a game on another board is casual only.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Pool {
    /// The game.
    pub game: GameKind,
    /// The board's side.
    pub side: u8,
    /// Live or by correspondence.
    pub pace: Pace,
}

impl Pool {
    /// The pool of `game` on a board of `side` at `pace`, if games there are rated.
    pub fn of(game: GameKind, side: u8, pace: Pace) -> Option<Pool> {
        let boards = hexstack_rules::each_game!(kind game, G => G::BOARDS);
        boards.iter().any(|board| board.side() == side).then_some(Pool { game, side, pace })
    }

    /// Every pool: the live ones, then the correspondence ones, each the games in the
    /// list's order, then by board.
    pub fn all() -> Vec<Pool> {
        Pace::ALL
            .into_iter()
            .flat_map(|pace| {
                GameKind::ALL.iter().flat_map(move |&game| {
                    let boards = hexstack_rules::each_game!(kind game, G => G::BOARDS);
                    boards.iter().map(move |board| Pool { game, side: board.side(), pace })
                })
            })
            .collect()
    }
}

impl fmt::Display for Pool {
    /// `clamber 3`, `clamber 3 daily`: the game, the board's side, a correspondence pool said.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.pace {
            Pace::Live => write!(f, "{} {}", self.game, self.side),
            Pace::Daily => write!(f, "{} {} daily", self.game, self.side),
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Reason {
    /// The turns ended it: a win by the rules, or nobody can move.
    Rules,
    /// A flag fell (or a player who left never came back).
    Time,
    /// A player gave up.
    Resign,
    /// The players agreed to a draw.
    Agreed,
}

impl Reason {
    /// Every reason, in the order the database's checks list them.
    pub const ALL: [Reason; 4] = [Reason::Rules, Reason::Time, Reason::Resign, Reason::Agreed];

    /// The reason's word in the database and in the bot protocol.
    pub const fn word(self) -> &'static str {
        match self {
            Reason::Rules => "rules",
            Reason::Time => "time",
            Reason::Resign => "resign",
            Reason::Agreed => "agreed",
        }
    }

    /// The reason of `word`, if it is one.
    pub fn from_word(word: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|reason| reason.word() == word)
    }
}

/// How a game ended: who won (nobody for a draw), and why.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GameResult {
    /// Who won: none for a draw.
    pub winner: Option<Colour>,
    /// Why the game ended.
    pub reason: Reason,
}

impl GameResult {
    /// The result's word in the database and in the bot protocol: `blue`, `red` or `draw`.
    pub fn result_word(self) -> &'static str {
        match self.winner {
            Some(Colour::Blue) => "blue",
            Some(Colour::Red) => "red",
            None => "draw",
        }
    }

    /// The verdict of a result's word and a reason's, if both are words of theirs.
    pub fn from_words(result: &str, reason: &str) -> Option<GameResult> {
        let winner = match result {
            "blue" => Some(Colour::Blue),
            "red" => Some(Colour::Red),
            "draw" => None,
            _ => return None,
        };
        Some(GameResult { winner, reason: Reason::from_word(reason)? })
    }

    /// What a member's score is in a rated game: 1 a win, 0 a loss, ½ a draw.
    pub fn score(self, colour: Colour) -> f64 {
        match self.winner {
            Some(winner) if winner == colour => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// Whether a game may be ended so by a player or the clock: a resignation and a fallen
    /// flag have a winner (a flag may also fall on a draw, where the other could not have
    /// won), an agreed draw has none, and only the turns end a game by the rules.
    pub fn check(self) -> Result<GameResult, Refusal> {
        match (self.reason, self.winner) {
            (Reason::Rules, _) => Err(Refusal::EndRules),
            (Reason::Resign, None) | (Reason::Agreed, Some(_)) => Err(Refusal::EndWinner),
            _ => Ok(self),
        }
    }
}

impl fmt::Display for GameResult {
    /// As `games` lists it and a saved game's `result` reads: `Red won: time`,
    /// `draw: agreed`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(winner) => write!(f, "{winner} won: {}", self.reason.word()),
            None => write!(f, "draw: {}", self.reason.word()),
        }
    }
}

/// A clock as the club keeps it: `none`, `M+S` (M minutes, S seconds added after each of
/// one's turns), `Ns+S` (a base in seconds), read by the clocks' own `TimeControl`, or
/// `Nd` (days a turn); written back in that form.
pub fn clock_text(text: &str) -> Result<String, Refusal> {
    club_clock(text).map(|clock| clock.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexstack_rules::time_control::BadControl;

    #[test]
    fn the_pools_are_each_games_usual_boards() {
        let names: Vec<String> = Pool::all().iter().map(ToString::to_string).collect();
        assert!(names.starts_with(&["clamber 3".to_string(), "clamber 4".into(), "ombagui 4".into()]));
        assert!(names.contains(&"ombagui 4 daily".to_string()), "{names:?}");
        assert_eq!(Pool::of(GameKind::ALL[0], 5, Pace::Live), None, "a side-5 Clamber game is casual only");
    }

    #[test]
    fn verdicts_read_back_from_their_words_and_say_who_won_and_why() {
        for winner in [Some(Colour::Blue), Some(Colour::Red), None] {
            for reason in Reason::ALL {
                let verdict = GameResult { winner, reason };
                assert_eq!(GameResult::from_words(verdict.result_word(), reason.word()), Some(verdict));
            }
        }
        let time = GameResult { winner: Some(Colour::Red), reason: Reason::Time };
        assert_eq!(time.to_string(), "Red won: time");
        assert_eq!(GameResult { winner: None, reason: Reason::Agreed }.to_string(), "draw: agreed");
        assert!(GameResult { winner: None, reason: Reason::Resign }.check().is_err());
        assert!(GameResult { winner: Some(Colour::Blue), reason: Reason::Rules }.check().is_err());
        assert!(time.check().is_ok());
    }

    #[test]
    fn clocks_are_kept_in_one_form_and_a_bad_one_is_refused() {
        assert_eq!(clock_text(" 5+3 ").unwrap(), "5+3");
        assert_eq!(clock_text("30s+2").unwrap(), "30s+2");
        assert_eq!(clock_text("none").unwrap(), "none");
        assert_eq!(clock_text(" 3d ").unwrap(), "3d");
        assert_eq!(allowance_ms(club_clock("14d").unwrap()), Some(14 * DAY_MS));
        for bad in ["4d", "0d", "d", "-3d", "+3d", "3.5d", "15d", "999999999999d"] {
            assert_eq!(clock_text(bad), Err(Refusal::Days(bad.into())), "{bad}");
        }
        assert_eq!(clock_text("90s+0").unwrap(), "90s+0");
        assert_eq!(clock_text("120s+0").unwrap(), "2+0", "as the clocks write it");
        for bad in ["5+", "-1+0", "99999+0", "181+0", "0+0", "5+181", "5+3+1", "s+1", "", "1e3+0", "５+3"] {
            assert!(clock_text(bad).is_err(), "{bad}");
        }
        assert_eq!(clock_text("181+0"), Err(Refusal::Clock("181+0".into(), BadControl::Base)));
    }
}
