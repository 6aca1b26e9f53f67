//! A correspondence turn's deadline: days a turn are the club's clock, not the players', so
//! the screens only read how long is left until it and when that figure next changes.
//!
//! The figures are rounded down, as a live clock's are, so that one never shows more time
//! than there is: `2d 5h` from a day up, `5h 12m` from an hour up, `12:05` in the last hour.

use super::Timepiece;
use std::time::{Duration, Instant};

const MINUTE: Duration = Duration::from_secs(60);
const HOUR: Duration = Duration::from_secs(3600);
const DAY: Duration = crate::rules::time_control::DAY;

/// When a correspondence turn's time runs out, on the club's clock.
#[derive(Clone, Debug)]
pub(crate) struct Deadline {
    /// The moment it runs out.
    pub at: Instant,
    /// The clock it is read on (a test's, in tests).
    pub time: Timepiece,
}

impl Deadline {
    /// The time left until it, nothing once it has passed.
    pub(crate) fn left(&self) -> Duration {
        self.at.saturating_duration_since(self.time.now())
    }

    /// The time left as a player reads it: `2d 5h`, `5h 12m`, `12:05`.
    pub(crate) fn shown(&self) -> String {
        shown_days(self.left())
    }

    /// When [`Deadline::shown`] next changes, the moment to draw it again; None once it has
    /// passed (the club, not the screen, ends the game).
    pub(crate) fn next_change(&self) -> Option<Instant> {
        let (now, left) = (self.time.now(), self.left());
        (!left.is_zero()).then(|| now + until_days_change(left))
    }

    /// Whether under a sixth of `allowance` is left: a sixth of every allowance the club
    /// offers is whole hours, so the warning begins as the figure turns.
    pub(crate) fn short(&self, allowance: Duration) -> bool {
        self.left() < allowance / 6
    }
}

impl PartialEq for Deadline {
    /// The same moment, whichever timepiece reads it.
    fn eq(&self, other: &Deadline) -> bool {
        self.at == other.at
    }
}

impl Eq for Deadline {}

/// `left` as a player reads a correspondence turn's time, rounded down: days and hours
/// (`2d 5h`), hours and minutes (`5h 12m`), then minutes and seconds (`12:05`, `0:09`).
pub(crate) fn shown_days(left: Duration) -> String {
    let seconds = left.as_secs();
    let (days, hours, minutes) = (seconds / 86_400, seconds / 3600 % 24, seconds / 60 % 60);
    match left {
        left if left >= DAY => format!("{days}d {hours}h"),
        left if left >= HOUR => format!("{hours}h {minutes}m"),
        _ => format!("{minutes}:{:02}", seconds % 60),
    }
}

/// How long until [`shown_days`] of a turn with `left` changes: the next whole hour from a
/// day up, minute from an hour up, second below; just past it, so that it has turned when
/// drawn, and never past the deadline.
pub(crate) fn until_days_change(left: Duration) -> Duration {
    let step = match left {
        left if left >= DAY => HOUR,
        left if left >= HOUR => MINUTE,
        _ => Duration::from_secs(1),
    };
    let into = Duration::from_nanos((left.as_nanos() % step.as_nanos()) as u64);
    (into + Duration::from_nanos(1)).min(left)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    #[test]
    fn a_turns_time_reads_in_days_then_hours_then_minutes_rounded_down() {
        let ms = Duration::from_millis;
        assert_eq!(shown_days(DAY * 14), "14d 0h");
        assert_eq!(shown_days(DAY * 2 + HOUR * 5 + secs(59 * 60 + 59)), "2d 5h");
        assert_eq!(shown_days(DAY), "1d 0h");
        assert_eq!(shown_days(DAY - ms(1)), "23h 59m");
        assert_eq!(shown_days(HOUR * 5 + MINUTE * 12 + secs(59)), "5h 12m");
        assert_eq!(shown_days(HOUR), "1h 0m");
        assert_eq!(shown_days(HOUR - ms(1)), "59:59");
        assert_eq!(shown_days(MINUTE * 12 + secs(5) + ms(999)), "12:05");
        assert_eq!(shown_days(ms(9_999)), "0:09");
        assert_eq!(shown_days(ms(999)), "0:00");
        assert_eq!(shown_days(Duration::ZERO), "0:00");
    }

    #[test]
    fn the_figure_changes_hourly_then_each_minute_then_each_second_and_never_past_the_deadline() {
        let nano = Duration::from_nanos(1);
        assert_eq!(until_days_change(DAY * 3), nano, "3d 0h turns at once to 2d 23h");
        assert_eq!(until_days_change(DAY * 2 + MINUTE * 30), MINUTE * 30 + nano);
        assert_eq!(until_days_change(HOUR * 5 + secs(90)), secs(30) + nano);
        assert_eq!(
            until_days_change(MINUTE * 12 + Duration::from_millis(5_250)),
            Duration::from_millis(250) + nano
        );
        assert_eq!(until_days_change(Duration::from_millis(300)), Duration::from_millis(300), "the deadline");
        // Woken at each change from a day and a half, the figure has changed every time.
        let mut left = DAY + HOUR * 12;
        let (mut wakes, mut last) = (0, shown_days(left));
        while !left.is_zero() {
            left -= until_days_change(left);
            wakes += 1;
            assert!(left.is_zero() || shown_days(left) != last, "woken for nothing at {left:?}");
            last = shown_days(left);
        }
        // 1d 11h to 23h 59m hourly (13), 23h 58m to 59:59 a minute (23 * 60), then 59:58 to
        // 0:00 a second (3599) and the deadline itself.
        assert_eq!(wakes, 13 + 23 * 60 + 3599 + 1);
    }

    #[test]
    fn a_deadline_counts_down_on_a_fake_timepiece_and_wants_no_wake_once_passed() {
        let time = Timepiece::fake();
        let due = Deadline { at: time.now() + DAY * 2 + HOUR * 5 + MINUTE * 20, time: time.clone() };
        assert_eq!(due.shown(), "2d 5h");
        assert_eq!(due.next_change(), Some(time.now() + MINUTE * 20 + Duration::from_nanos(1)));
        time.advance(MINUTE * 20 + Duration::from_nanos(1));
        assert_eq!(due.shown(), "2d 4h", "turned when woken");
        assert!(!due.short(DAY * 3), "over half a day of three left");
        time.advance(DAY * 2 - HOUR * 7);
        assert_eq!(due.shown(), "11h 59m");
        assert!(due.short(DAY * 3), "under a sixth of three days: twelve hours");
        time.advance(DAY);
        assert_eq!((due.left(), due.shown(), due.next_change()), (Duration::ZERO, "0:00".to_string(), None));
        let other = Deadline { at: due.at, time: Timepiece::real() };
        assert_eq!(due, other, "the same moment");
    }
}
