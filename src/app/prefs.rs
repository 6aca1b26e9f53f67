//! The player's own defaults for new games, from the config file and the command line:
//! part of each terminal's [`Profile`](super::profile::Profile), handed to the screens that
//! start games, changed by none.

use crate::ai::Level;
use crate::rules::Colour;
use std::time::Duration;

/// What a new game starts with unless the player says otherwise.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Prefs {
    /// The players' names in a new game.
    pub blue: Option<String>,
    pub red: Option<String>,
    /// The computer's level in a new game against it.
    pub level: Level,
    /// The colour the computer plays in a new game against it; else whoever moves second.
    pub computer: Option<Colour>,
    /// Whether the evaluation line ("who is ahead") shows from the start.
    pub eval: bool,
    /// The level a review looks at the positions with.
    pub review: Level,
    /// How long each step of the computer's turn shows.
    pub step_time: Duration,
}

/// How long the computer shows each step of its turn unless the player says otherwise.
pub const USUAL_STEP: Duration = Duration::from_millis(350);

/// The longest the computer may show a step of its turn for.
pub const LONGEST_STEP: Duration = Duration::from_secs(2);

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            blue: None,
            red: None,
            level: Level::USUAL,
            computer: None,
            eval: false,
            review: Level::REVIEW,
            step_time: USUAL_STEP,
        }
    }
}

impl Prefs {
    /// The players of a new game: named as set, the computer in none.
    pub fn players(&self) -> crate::record::Players {
        crate::record::Players { blue: self.blue.clone(), red: self.red.clone(), computer: None }
    }
}
