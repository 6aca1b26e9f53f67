//! The wall clock's date and time, in UTC, for what is written down: a saved game's record,
//! a puzzle's attempt, the club's log and exports. A game's clocks read the timepiece
//! instead, which tests move by hand; a date changes nothing that is played.

use std::time::{SystemTime, UNIX_EPOCH};

/// The date and time now, in UTC, as `2026-11-30 15:31 UTC`.
pub(crate) fn now_utc() -> String {
    utc(SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()))
}

/// A time in seconds since 1970, in UTC, as `2026-11-30 15:31 UTC`.
pub(crate) fn utc(seconds: u64) -> String {
    let (days, rest) = ((seconds / 86_400) as i64, seconds % 86_400);
    let (year, month, day) = civil_from_days(days);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02} UTC", rest / 3600, rest % 3600 / 60)
}

/// A time in seconds since 1970 in ISO 8601, UTC, to the second: `2026-12-09T14:03:07Z`,
/// as scripts read it.
pub(crate) fn iso_utc(seconds: u64) -> String {
    let (days, rest) = ((seconds / 86_400) as i64, seconds % 86_400);
    let (year, month, day) = civil_from_days(days);
    let (hour, minute, second) = (rest / 3600, rest % 3600 / 60, rest % 60);
    format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}Z")
}

/// The calendar date of a day counted from 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_reads_in_iso_8601() {
        assert_eq!(iso_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso_utc(1_796_825_587), "2026-12-09T14:13:07Z");
    }

    #[test]
    fn days_become_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_422), (2025, 11, 30));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(utc(1_764_516_660), "2025-11-30 15:31 UTC");
    }
}
