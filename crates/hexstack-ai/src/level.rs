//! The computer's levels, 1 (beginner) to 5 (expert): each a budget and a way of judging.
//! Their range, the usual one and what each does are here and nowhere else; their names
//! are the application's words (its `i18n::level`).

use super::Budget;
use std::time::Duration;

/// A level of the computer's play.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Level(u8);

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [Level(1), Level(2), Level(3), Level(4), Level(5)];
    /// The club player: the computer's level unless another is asked for, and the level
    /// hints and figures are given at in a game without the computer.
    pub const USUAL: Level = Level(3);
    /// The level a review looks at the positions with unless another is asked for: it
    /// reviews a 60-turn Clamber game in about a minute on a 2-core machine.
    pub const REVIEW: Level = Level(4);

    /// Level `number`, if there is one.
    pub const fn new(number: u8) -> Option<Level> {
        match number {
            1..=5 => Some(Level(number)),
            _ => None,
        }
    }

    /// Its number, 1 to 5: what a player types and the saved game keeps.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// What the level may spend on a turn, and how it judges: level 1 looks one ply ahead,
    /// at once, judging as a beginner; level 5 thinks 3 s a turn on two threads, judging as
    /// an expert. Levels 3 to 5 look at least 3, 4 and 4 plies ahead however busy the
    /// machine; the least depth may run over the time up to four times, no further. Levels
    /// 1 and 2 look a fixed depth ahead: their time only bounds the rare position with
    /// thousands of chains.
    pub fn budget(self) -> Budget {
        let time = |ms| Budget {
            time: Some(Duration::from_millis(ms)),
            most_time: Some(Duration::from_millis(4 * ms)),
            ..Budget::default()
        };
        match self.0 {
            1 => Budget { depth: Some(1), beginner: true, ..time(250) },
            2 => Budget { depth: Some(2), ..time(500) },
            3 => Budget { min_depth: 3, ..time(100) },
            4 => Budget { min_depth: 4, two_threads: true, ..time(600) },
            _ => Budget { min_depth: 4, two_threads: true, expert: true, ..time(3000) },
        }
    }

    /// The budget of the computer's own turns in a game whose seed is `seed`: a beginner
    /// (level 1) picks among its nearly best turns by it, so that its games differ; the
    /// other levels play their best. Hints and reviews keep to [`Level::budget`].
    pub fn playing(self, seed: u64) -> Budget {
        let vary = (self == Level(1)).then_some(seed);
        Budget { vary, ..self.budget() }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::str::FromStr for Level {
    type Err = String;

    /// `1` to `5`.
    fn from_str(text: &str) -> Result<Level, String> {
        let first = Level::ALL[0];
        let last = Level::ALL[Level::ALL.len() - 1];
        text.trim()
            .parse()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| format!("a level is a number from {first} to {last}"))
    }
}
