//! The player's attempts at puzzles, kept in `history.txt` in the puzzles folder: plain
//! text, one attempt a line, tab-separated (the date, the puzzle's id, `solved` or
//! `failed`, and the rating after it: rating, deviation, volatility), and one line for
//! each streak ended (`-`, `streak`, its length). The whole file is written again at each
//! attempt, as saves are ([`crate::store::write_atomic`]): never half a file. Read back,
//! a bad line is skipped, never a reason to refuse to start. The file itself is read and
//! written by [`super::files`], never here: the puzzle screen holds a history as data.

use super::rating::Rating;
use std::collections::HashSet;
use std::path::PathBuf;

/// The most lines read back (and kept): the latest ones.
pub(crate) const MOST_LINES: usize = 10_000;

/// The player's history as read from its file, and that file (none: not kept, there is no
/// data folder): what the puzzle screen is handed by the program around it
/// ([`super::files::kept_history`] reads it).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct KeptHistory {
    /// The attempts and streaks read.
    pub history: History,
    /// Where they are kept.
    pub file: Option<PathBuf>,
}

/// One attempt at a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Attempt {
    /// When, as `2026-12-03 15:31 UTC`.
    pub date: String,
    /// The puzzle's id.
    pub id: String,
    /// Whether it was solved.
    pub solved: bool,
    /// The player's rating after it.
    pub rating: Rating,
}

/// One line of the history.
#[derive(Clone, Debug, PartialEq)]
enum HistoryLine {
    Attempt(Attempt),
    /// A streak ended after this many puzzles solved.
    Streak {
        date: String,
        length: u32,
    },
}

/// Every attempt kept, and the streaks ended, in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct History {
    entries: Vec<HistoryLine>,
}

impl History {
    /// The history in `text`: bad lines skipped, the last [`MOST_LINES`] kept.
    pub(crate) fn read(text: &str) -> History {
        let lines: Vec<&str> = text.lines().collect();
        let latest = &lines[lines.len().saturating_sub(MOST_LINES)..];
        History { entries: latest.iter().filter_map(|line| entry(line)).collect() }
    }

    /// Adds an attempt (the oldest line goes past [`MOST_LINES`]).
    pub(crate) fn add(&mut self, attempt: Attempt) {
        self.push(HistoryLine::Attempt(attempt));
    }

    /// Adds a streak ended after `length` puzzles solved.
    pub(crate) fn add_streak(&mut self, date: String, length: u32) {
        self.push(HistoryLine::Streak { date, length });
    }

    fn push(&mut self, entry: HistoryLine) {
        self.entries.push(entry);
        let over = self.entries.len().saturating_sub(MOST_LINES);
        self.entries.drain(..over);
    }

    /// The attempts, oldest first.
    pub(crate) fn attempts(&self) -> impl Iterator<Item = &Attempt> {
        self.entries.iter().filter_map(|entry| match entry {
            HistoryLine::Attempt(attempt) => Some(attempt),
            HistoryLine::Streak { .. } => None,
        })
    }

    /// The player's rating now: after the last attempt, else a new player's.
    pub(crate) fn rating(&self) -> Rating {
        self.attempts().last().map_or_else(Rating::default, |attempt| attempt.rating)
    }

    /// The puzzles solved (at some attempt).
    pub(crate) fn solved(&self) -> HashSet<&str> {
        self.attempts().filter(|attempt| attempt.solved).map(|attempt| attempt.id.as_str()).collect()
    }

    /// How many attempts were solved, and failed.
    pub(crate) fn counts(&self) -> (usize, usize) {
        let solved = self.attempts().filter(|attempt| attempt.solved).count();
        (solved, self.attempts().count() - solved)
    }

    /// The longest streak ended.
    pub(crate) fn best_streak(&self) -> u32 {
        let lengths = self.entries.iter().filter_map(|entry| match entry {
            HistoryLine::Streak { length, .. } => Some(*length),
            HistoryLine::Attempt(_) => None,
        });
        lengths.max().unwrap_or(0)
    }
}

/// An entry from its line, or `None` for a line that is not one.
fn entry(line: &str) -> Option<HistoryLine> {
    let fields: Vec<&str> = line.trim_end_matches('\r').split('\t').collect();
    let date = fields.first().filter(|date| !date.trim().is_empty())?.to_string();
    match fields.as_slice() {
        [_, "-", "streak", length] => Some(HistoryLine::Streak { date, length: length.parse().ok()? }),
        [_, id, result, rating, deviation, volatility] if !id.is_empty() && *id != "-" => {
            let solved = match *result {
                "solved" => true,
                "failed" => false,
                _ => return None,
            };
            let number = |text: &str| text.parse::<f64>().ok().filter(|n| n.is_finite() && *n > 0.0);
            let rating = Rating {
                rating: number(rating)?,
                deviation: number(deviation)?,
                volatility: number(volatility)?,
            };
            Some(HistoryLine::Attempt(Attempt { date, id: id.to_string(), solved, rating }))
        }
        _ => None,
    }
}

impl std::fmt::Display for History {
    /// The file's text: one entry a line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for entry in &self.entries {
            match entry {
                HistoryLine::Attempt(Attempt { date, id, solved, rating }) => {
                    let result = if *solved { "solved" } else { "failed" };
                    let Rating { rating, deviation, volatility } = rating;
                    writeln!(f, "{date}\t{id}\t{result}\t{rating}\t{deviation}\t{volatility}")?
                }
                HistoryLine::Streak { date, length } => writeln!(f, "{date}\t-\tstreak\t{length}")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attempt(id: &str, solved: bool, rating: f64) -> Attempt {
        let rating = Rating { rating, deviation: 200.0, volatility: 0.06 };
        Attempt { date: "2026-12-03 15:31 UTC".to_string(), id: id.to_string(), solved, rating }
    }

    #[test]
    fn a_history_reads_back_as_it_was_written() {
        let mut history = History::default();
        history.add(attempt("c3-0001", true, 1600.0));
        history.add_streak("2026-12-03 15:32 UTC".to_string(), 4);
        history.add(attempt("c3-0002", false, 1550.5));
        let again = History::read(&history.to_string());
        assert_eq!(again, history);
        assert_eq!(again.rating().rating, 1550.5);
        assert_eq!(again.counts(), (1, 1));
        assert_eq!(again.best_streak(), 4);
        assert!(again.solved().contains("c3-0001"));
    }

    #[test]
    fn a_bad_line_is_skipped_and_the_rest_read() {
        let good = attempt("c3-0001", true, 1600.0);
        let mut history = History::default();
        history.add(good.clone());
        let text = format!(
            "garbage\n\n{history}2026\tc3-9\tmaybe\t1\t1\t1\n2026\tc3-9\tsolved\tNaN\t1\t1\n2026\tc3-9\tsolved\t16"
        );
        let read = History::read(&text);
        assert_eq!(read.attempts().collect::<Vec<_>>(), [&good]);
    }

    #[test]
    fn only_the_latest_lines_are_kept() {
        let mut history = History::default();
        for n in 0..MOST_LINES + 5 {
            history.add(attempt(&format!("p-{n}"), true, 1500.0));
        }
        assert_eq!(history.attempts().count(), MOST_LINES);
        assert_eq!(history.attempts().next().unwrap().id, "p-5");
        assert_eq!(History::read(&history.to_string()).attempts().count(), MOST_LINES);
    }
}
