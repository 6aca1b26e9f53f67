//! The player's own defaults for new games, from the config file and the command line: set
//! once before the screen opens, read by every screen, changed by none. SharedRecord for the whole
//! process because they are the person's at this terminal, like the language of its texts.

use crate::ai::Level;
use crate::rules::Colour;
use std::sync::OnceLock;
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
    /// The time control of a new game, if it is played on time.
    pub clock: Option<crate::clock::TimeControl>,
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
            clock: None,
        }
    }
}

static PREFS: OnceLock<Prefs> = OnceLock::new();

/// Sets the defaults for the rest of the process; false if they were set (or read) already.
pub fn set(prefs: Prefs) -> bool {
    PREFS.set(prefs).is_ok()
}

/// The defaults in force: those set, else the program's own.
pub fn get() -> &'static Prefs {
    PREFS.get_or_init(Prefs::default)
}

/// The players of a new game: named as set, the computer in none.
pub fn players() -> crate::record::Players {
    crate::record::Players { blue: get().blue.clone(), red: get().red.clone(), computer: None }
}
