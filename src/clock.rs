//! Clocks: the time control a game is played at (a base and a Fischer increment), and each
//! side's time as it runs. Nothing here reads the system's clock but a real [`Timepiece`]:
//! a clock is given its timepiece, so that tests move a fake one by hand and never sleep.
//!
//! The figures a player sees are rounded down: `m:ss` from 10 s up, tenths below
//! (`0:09.4`), so that a figure never shows more time than there is, and `0:00.0` is the
//! last tenth before the flag falls.
//!
//! A correspondence game's turn has a [`Deadline`] on the club's clock instead, read in days,
//! hours and minutes.

use crate::rules::Colour;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Below this much time a clock is shown in the warning colour, with a mark.
pub(crate) const LOW: Duration = Duration::from_secs(20);
/// Below this much time a clock shows tenths of a second.
pub(crate) const TENTHS: Duration = Duration::from_secs(10);

mod dates;
mod deadline;

pub(crate) use crate::rules::time_control::{
    BadControl, ClubClock, LARGEST_INCREMENT, LONGEST_BASE, TimeControl,
};
pub(crate) use dates::{iso_utc, now_utc, utc};
pub(crate) use deadline::{Deadline, shown_days};

/// Where a clock reads the time: the system's monotonic clock, or one that only a test
/// moves. Clones share the same time.
#[derive(Clone, Debug, Default)]
pub(crate) struct Timepiece(Option<Arc<Mutex<Instant>>>);

impl Timepiece {
    /// The system's monotonic clock.
    pub(crate) fn real() -> Timepiece {
        Timepiece(None)
    }

    /// A clock standing still at the moment it is made, until [`Timepiece::advance`] moves it.
    #[cfg(test)]
    pub(crate) fn fake() -> Timepiece {
        Timepiece(Some(Arc::new(Mutex::new(Instant::now()))))
    }

    /// The time now, by this clock.
    pub(crate) fn now(&self) -> Instant {
        match &self.0 {
            None => Instant::now(),
            Some(fake) => *fake.lock().unwrap_or_else(PoisonError::into_inner),
        }
    }

    /// Moves a fake clock on by `by`; the real one moves by itself.
    #[cfg(test)]
    pub(crate) fn advance(&self, by: Duration) {
        if let Some(fake) = &self.0 {
            *fake.lock().unwrap_or_else(PoisonError::into_inner) += by;
        }
    }
}

/// Both sides' clocks in a game: the time each has left, and which one runs.
#[derive(Clone, Debug)]
pub(crate) struct Clock {
    control: TimeControl,
    /// Each side's time left when its clock last stopped (Blue's, Red's).
    left: [Duration; 2],
    /// The side whose clock runs, and since when.
    running: Option<(Colour, Instant)>,
    /// What the side to move spent on the turn under way before its clock last stopped.
    under_way: Duration,
    time: Timepiece,
    /// Counts the stops, each of which changes the time kept.
    stops: u64,
}

impl Clock {
    /// Both clocks at the control's base, stopped.
    pub(crate) fn new(control: TimeControl, time: Timepiece) -> Clock {
        Clock::resumed(control, [control.base; 2], Duration::ZERO, time)
    }

    /// Clocks as a saved game left them: `left` for Blue and Red, and what the side to
    /// move had spent on its turn (`under_way`); stopped.
    pub(crate) fn resumed(
        control: TimeControl,
        left: [Duration; 2],
        under_way: Duration,
        time: Timepiece,
    ) -> Clock {
        Clock { control, left, running: None, under_way, time, stops: 0 }
    }

    /// The time control the clocks were set to.
    pub(crate) fn control(&self) -> TimeControl {
        self.control
    }

    /// The time now, by this clock's timepiece.
    pub(crate) fn now(&self) -> Instant {
        self.time.now()
    }

    /// Reads the time from `time` from now on (a test's fake timepiece): a running clock
    /// goes on from that timepiece's now, counting nothing across the change.
    #[cfg(test)]
    pub(crate) fn set_time(&mut self, time: Timepiece) {
        if let Some((_, since)) = self.running.as_mut() {
            *since = time.now();
        }
        self.time = time;
    }

    /// The time `colour` has left now.
    pub(crate) fn left(&self, colour: Colour) -> Duration {
        self.left_at(colour, self.now())
    }

    /// The time `colour` has left at `now`.
    pub(crate) fn left_at(&self, colour: Colour, now: Instant) -> Duration {
        let left = self.left[colour.index()];
        match self.running {
            Some((running, since)) if running == colour => {
                left.saturating_sub(now.saturating_duration_since(since))
            }
            _ => left,
        }
    }

    /// The side whose clock runs, if one does.
    pub(crate) fn running(&self) -> Option<Colour> {
        self.running.map(|(colour, _)| colour)
    }

    /// What the side to move has spent on the turn under way, now.
    pub(crate) fn under_way(&self) -> Duration {
        self.kept().1
    }

    /// Both sides' time left (Blue's, Red's) and what the side to move has spent on the
    /// turn under way, at one moment, now: what a saved game keeps.
    pub(crate) fn kept(&self) -> ([Duration; 2], Duration) {
        let now = self.now();
        let running = self.running.map_or(Duration::ZERO, |(colour, since)| {
            now.saturating_duration_since(since).min(self.left[colour.index()])
        });
        ([Colour::Blue, Colour::Red].map(|colour| self.left_at(colour, now)), self.under_way + running)
    }

    /// Starts `colour`'s clock (the other one stops).
    pub(crate) fn start(&mut self, colour: Colour) {
        if self.running() != Some(colour) {
            self.stop();
            self.running = Some((colour, self.now()));
        }
    }

    /// Stops the running clock, its time counted.
    pub(crate) fn stop(&mut self) {
        let Some((colour, since)) = self.running.take() else { return };
        let left = &mut self.left[colour.index()];
        let spent = self.time.now().saturating_duration_since(since).min(*left);
        *left -= spent;
        self.under_way += spent;
        self.stops += 1;
    }

    /// `mover` played a turn: their clock stops, they gain the increment, and what they
    /// spent on the turn is returned.
    pub(crate) fn turn_played(&mut self, mover: Colour) -> Duration {
        self.stop();
        self.left[mover.index()] += self.control.increment;
        std::mem::take(&mut self.under_way)
    }

    /// The turn under way was taken back: what was spent on it stays spent, but counts
    /// for no turn.
    pub(crate) fn turn_dropped(&mut self) {
        self.stop();
        self.under_way = Duration::ZERO;
    }

    /// The side whose time has run out, if one's clock ran to nothing.
    pub(crate) fn fallen(&self) -> Option<Colour> {
        let now = self.now();
        self.running().filter(|&colour| self.left_at(colour, now).is_zero())
    }

    /// When what the running clock shows next changes, or its flag falls: the moment to
    /// draw it again. `None` while no clock runs.
    pub(crate) fn next_change(&self) -> Option<Instant> {
        let (colour, _) = self.running?;
        let now = self.now();
        Some(now + until_change(self.left_at(colour, now)))
    }

    /// How many times a clock stopped: what keeps the game writes it again when this grows.
    pub(crate) fn stops(&self) -> u64 {
        self.stops
    }
}

/// `left` as a player sees it, rounded down: `4:31`, `0:12`, `0:09.4`; hours as minutes
/// (`180:00`).
pub(crate) fn shown(left: Duration) -> String {
    let (seconds, tenths) = (left.as_secs(), left.subsec_millis() / 100);
    match left < TENTHS {
        true => format!("0:0{seconds}.{tenths}"),
        false => format!("{}:{:02}", seconds / 60, seconds % 60),
    }
}

/// How long until [`shown`] of a clock running from `left` changes: the next whole second
/// from 10 s up, the next tenth below, or the flag.
pub(crate) fn until_change(left: Duration) -> Duration {
    let step = if left < TENTHS { Duration::from_millis(100) } else { Duration::from_secs(1) };
    let into = Duration::from_nanos((left.as_nanos() % step.as_nanos()) as u64);
    // Just past the moment the figure turns, so that it has turned when drawn.
    match left.is_zero() {
        true => Duration::ZERO,
        false if into.is_zero() => Duration::from_nanos(1),
        false => into + Duration::from_nanos(1),
    }
    .min(left)
}

/// A time spent, for a saved game: seconds to the millisecond, trailing zeros dropped,
/// then `s` (`4.213s`, `12s`).
pub(crate) fn seconds(time: Duration) -> String {
    let millis = time.as_millis();
    let text = format!("{}.{:03}", millis / 1000, millis % 1000);
    format!("{}s", text.trim_end_matches('0').trim_end_matches('.'))
}

/// The time [`seconds`] wrote; `None` unless it is digits, at most three decimals and `s`,
/// and at most a year.
pub(crate) fn read_seconds(text: &str) -> Option<Duration> {
    const YEAR: u64 = 366 * 24 * 3600;
    let number = text.trim().strip_suffix('s')?;
    let (whole, part) = number.split_once('.').unwrap_or((number, "0"));
    let digits = |text: &str| !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(part) || part.len() > 3 || whole.len() > 8 {
        return None;
    }
    let millis = format!("{part:0<3}").parse::<u64>().ok()?;
    let whole: u64 = whole.parse().ok().filter(|&whole| whole <= YEAR)?;
    Some(Duration::from_millis(whole * 1000 + millis))
}

/// A time spent, for the review: seconds to the nearest tenth with their unit (`4.2s`; a
/// saved 1.999 s is `2.0s`), minutes and seconds from a minute on (`1:05`).
pub(crate) fn spent(time: Duration) -> String {
    let tenths = rounded_tenths(time);
    match tenths < 600 {
        true => format!("{}.{}s", tenths / 10, tenths % 10),
        false => {
            let seconds = (time.as_millis() + 500) / 1000;
            format!("{}:{:02}", seconds / 60, seconds % 60)
        }
    }
}

/// `time` in tenths of a second, to the nearest (half a tenth up).
pub(crate) fn rounded_tenths(time: Duration) -> u128 {
    (time.as_millis() + 50) / 100
}

#[cfg(test)]
mod tests;
