//! A game on time in a saved file: its time control (`clock: 5+3`), each side's time left
//! when it was written (`left: blue 55.2s, red 60s`, and `, under way 4.1s`: what the side
//! to move had spent on its turn so far), and each turn's time after it (`Blue C3 4.213s`).
//! A file without them is a game without clocks, as every file was before.

use super::{Header, LoadError};
use crate::clock::{self, Clock, TimeControl, Timepiece};
use crate::i18n::keys::*;
use crate::i18n::{excerpt, text};
use crate::record::Record;
use crate::rules::{Colour, Game};
use std::fmt::Write;
use std::time::Duration;

/// The header's `clock:` and `left:` lines, for a game on time.
pub(super) fn write_header<G: Game>(record: &Record<G>, text: &mut String) {
    let Some(clock) = record.clock() else { return };
    let ([blue, red], under_way) = clock.kept();
    let _ = write!(
        text,
        "clock: {}\nleft: blue {}, red {}",
        clock.control(),
        clock::seconds(blue),
        clock::seconds(red)
    );
    // A finished game's last turn under way was never played: nothing to keep of it.
    if !under_way.is_zero() && record.line_end().is_none() {
        let _ = write!(text, ", under way {}", clock::seconds(under_way));
    }
    text.push('\n');
}

/// What follows a turn on its line: its time, if it has one.
pub(super) fn after_turn(spent: Option<Duration>) -> String {
    spent.map(|spent| format!(" {}", clock::seconds(spent))).unwrap_or_default()
}

/// A turn line's turn and time (`C3 4.2s`): the time, if given, read.
pub(super) fn read_turn(rest: &str, line: usize) -> Result<(&str, Option<Duration>), LoadError> {
    let Some((turn, time)) = rest.trim().split_once(char::is_whitespace) else {
        return Ok((rest.trim(), None));
    };
    let time = time.trim();
    match clock::read_seconds(time) {
        Some(spent) => Ok((turn, Some(spent))),
        None => Err(LoadError::at(line, text!(LOAD_TURN_TIME, excerpt(time)))),
    }
}

/// The clocks of the game `record` replayed from the file: as the `left:` line says, else
/// the base less what each side's turns took plus its increments; none without `clock:`.
pub(super) fn read_clock<G: Game>(header: &Header, record: &Record<G>) -> Result<Option<Clock>, LoadError> {
    let Some((given, line)) = header.get("clock") else { return Ok(None) };
    let control =
        TimeControl::parse(given).map_err(|_| LoadError::at(line, text!(LOAD_CLOCK, excerpt(given))))?;
    let Some(control) = control else { return Ok(None) };
    let (left, under_way) = match header.get("left") {
        Some((left, line)) => {
            read_left(left).ok_or_else(|| LoadError::at(line, text!(LOAD_LEFT, excerpt(left))))?
        }
        None => (
            [Colour::Blue, Colour::Red].map(|colour| {
                let (turns, spent) = record.turns_by(colour);
                (control.base + control.increment * turns).saturating_sub(spent)
            }),
            Duration::ZERO,
        ),
    };
    Ok(Some(Clock::resumed(control, left, under_way, Timepiece::real())))
}

/// `blue 55.2s, red 60s` and, if given, `, under way 4.1s`.
fn read_left(text: &str) -> Option<([Duration; 2], Duration)> {
    let (mut blue, mut red, mut under_way) = (None, None, None);
    for item in text.split(',') {
        let item = item.trim();
        let (slot, time) = if let Some(time) = item.strip_prefix("blue ") {
            (&mut blue, time)
        } else if let Some(time) = item.strip_prefix("red ") {
            (&mut red, time)
        } else {
            (&mut under_way, item.strip_prefix("under way ")?)
        };
        if slot.replace(clock::read_seconds(time)?).is_some() {
            return None;
        }
    }
    Some(([blue?, red?], under_way.unwrap_or_default()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_left_reads_in_any_order_and_each_once() {
        let s = Duration::from_secs;
        assert_eq!(read_left("blue 55s, red 60s"), Some(([s(55), s(60)], Duration::ZERO)));
        assert_eq!(
            read_left(" red 1.5s ,blue 2s, under way 3s "),
            Some(([s(2), Duration::from_millis(1500)], s(3)))
        );
        for bad in
            ["", "blue 55s", "blue 55s, red 60s, blue 1s", "blue 55, red 60s", "green 1s, blue 1s, red 1s"]
        {
            assert_eq!(read_left(bad), None, "{bad:?}");
        }
    }
}
