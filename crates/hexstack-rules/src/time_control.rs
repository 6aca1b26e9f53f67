//! Time controls: the time a game may be played at, in the notation players type
//! (`5+3`, `30s+2`, `none`, and at the club `3d`, days a turn). Neither game's rules know a
//! clock; hexstack adds one as online board-game sites do (RULES.md, "Clocks"), and this is
//! its notation and its bounds. The clocks that run are the application's and the club's.

use std::time::Duration;

/// The longest base a time control may have: lichess's longest, three hours.
pub const LONGEST_BASE: Duration = Duration::from_secs(180 * 60);
/// The largest increment: three minutes a turn, lichess's largest too.
pub const LARGEST_INCREMENT: Duration = Duration::from_secs(180);

/// A game's time control: each side starts with `base`, and gains `increment` after each of
/// its turns (Fischer).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TimeControl {
    /// The time each side starts with.
    pub base: Duration,
    /// The time added after each of a side's turns (Fischer).
    pub increment: Duration,
}

/// Why a time control was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BadControl {
    /// Not `M+S`, `Ns+S` or `none`.
    Form,
    /// A base of no time, or longer than [`LONGEST_BASE`].
    Base,
    /// An increment larger than [`LARGEST_INCREMENT`].
    Increment,
}

impl TimeControl {
    /// `M+S` (minutes, then the seconds added after each turn), `Ns+S` (a base in seconds),
    /// or `none` for a game without clocks.
    pub fn parse(text: &str) -> Result<Option<TimeControl>, BadControl> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("none") {
            return Ok(None);
        }
        let (base, increment) = text.split_once('+').ok_or(BadControl::Form)?;
        let (base, increment) = (base.trim(), increment.trim());
        let number = |digits: &str| match digits.bytes().all(|b| b.is_ascii_digit()) {
            // Any count of digits reads, however long: a large one is out of range, not a typo.
            true => Ok(digits.parse::<u64>().unwrap_or(u64::MAX)),
            false => Err(BadControl::Form),
        };
        let (base, unit) = match base.strip_suffix('s') {
            Some(seconds) => (seconds, 1),
            None => (base, 60),
        };
        if base.is_empty() || increment.is_empty() {
            return Err(BadControl::Form);
        }
        let base = Duration::from_secs(number(base)?.saturating_mul(unit));
        let increment = Duration::from_secs(number(increment)?);
        if base.is_zero() || base > LONGEST_BASE {
            return Err(BadControl::Base);
        }
        if increment > LARGEST_INCREMENT {
            return Err(BadControl::Increment);
        }
        Ok(Some(TimeControl { base, increment }))
    }
}

impl std::fmt::Display for TimeControl {
    /// As it is given: `5+3`, or `30s+2` for a base that is not whole minutes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (base, increment) = (self.base.as_secs(), self.increment.as_secs());
        match base % 60 {
            0 => write!(f, "{}+{increment}", base / 60),
            _ => write!(f, "{base}s+{increment}"),
        }
    }
}

/// The days a correspondence game may give each turn, as lichess offers them.
pub const DAYS: [u8; 6] = [1, 2, 3, 5, 7, 14];

/// A day.
pub const DAY: Duration = Duration::from_secs(86_400);

/// A game's clock at the club: none, a live time control (`5+3`), or days a turn (`3d`, the
/// whole allowance back after every turn, as lichess's correspondence games give it).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ClubClock {
    /// No clock: the game waits for its players.
    Untimed,
    /// A live clock: a base and a Fischer increment.
    Live(TimeControl),
    /// Days for each turn, one of [`DAYS`].
    Daily(u8),
}

/// Why a club's clock was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BadClock {
    /// A live time control that is wrong.
    Control(BadControl),
    /// `Nd` for an N not among [`DAYS`].
    Days,
}

impl ClubClock {
    /// The clock of `text`: `none`, `M+S`, `Ns+S`, or `Nd` for N of [`DAYS`].
    pub fn parse(text: &str) -> Result<ClubClock, BadClock> {
        let text = text.trim();
        if let Some(days) = text.strip_suffix('d') {
            let digits = !days.is_empty() && days.bytes().all(|b| b.is_ascii_digit());
            return match days.parse::<u8>() {
                Ok(days) if digits && DAYS.contains(&days) => Ok(ClubClock::Daily(days)),
                _ => Err(BadClock::Days),
            };
        }
        match TimeControl::parse(text) {
            Ok(Some(control)) => Ok(ClubClock::Live(control)),
            Ok(None) => Ok(ClubClock::Untimed),
            Err(bad) => Err(BadClock::Control(bad)),
        }
    }

    /// A correspondence game's allowance for each turn.
    pub fn allowance(self) -> Option<Duration> {
        match self {
            ClubClock::Daily(days) => Some(DAY * u32::from(days)),
            _ => None,
        }
    }

    /// The live time control, if it is one.
    pub fn live(self) -> Option<TimeControl> {
        match self {
            ClubClock::Live(control) => Some(control),
            _ => None,
        }
    }
}

impl std::fmt::Display for ClubClock {
    /// As it is given: `none`, `5+3`, `30s+2`, `3d`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClubClock::Untimed => f.write_str("none"),
            ClubClock::Live(control) => control.fmt(f),
            ClubClock::Daily(days) => write!(f, "{days}d"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    #[test]
    fn a_time_control_reads_as_minutes_or_seconds_and_refuses_nonsense() {
        let read = |text| TimeControl::parse(text);
        assert_eq!(read("5+3"), Ok(Some(TimeControl { base: secs(300), increment: secs(3) })));
        assert_eq!(read("30s+2"), Ok(Some(TimeControl { base: secs(30), increment: secs(2) })));
        assert_eq!(read(" 1 + 0 "), Ok(Some(TimeControl { base: secs(60), increment: secs(0) })));
        assert_eq!(read("180+180").map(|c| c.map(|c| c.to_string())), Ok(Some("180+180".into())));
        assert_eq!(read("none"), Ok(None));
        assert_eq!(read("NONE"), Ok(None));
        for form in ["5+", "+3", "5", "", "5+3+1", "5m+3", "5.5+0", "1e3+0", "-1+0", "5+-1", "s+1"] {
            assert_eq!(read(form), Err(BadControl::Form), "{form:?}");
        }
        for base in ["0+5", "0s+1", "181+0", "99999+0", "10801s+0", "99999999999999999999999+0"] {
            assert_eq!(read(base), Err(BadControl::Base), "{base:?}");
        }
        assert_eq!(read("5+181"), Err(BadControl::Increment));
        for text in ["5+3", "30s+2", "90s+0", "1+0", "180+180"] {
            assert_eq!(read(text).unwrap().unwrap().to_string(), text, "it writes as it reads");
        }
    }

    #[test]
    fn a_clubs_clock_is_live_or_days_a_turn_among_the_days_offered() {
        assert_eq!(ClubClock::parse(" 3d "), Ok(ClubClock::Daily(3)));
        assert_eq!(ClubClock::parse("14d").unwrap().allowance(), Some(DAY * 14));
        assert_eq!(ClubClock::parse("5+3").unwrap().to_string(), "5+3");
        assert_eq!(ClubClock::parse("none"), Ok(ClubClock::Untimed));
        assert_eq!(ClubClock::parse("5+"), Err(BadClock::Control(BadControl::Form)));
        for bad in ["4d", "0d", "d", "-3d", "+3d", "3.5d", "15d", "999999999999d", "3 d"] {
            assert_eq!(ClubClock::parse(bad), Err(BadClock::Days), "{bad}");
        }
        for days in DAYS {
            let clock = ClubClock::Daily(days);
            assert_eq!(ClubClock::parse(&clock.to_string()), Ok(clock), "it writes as it reads");
        }
    }
}
