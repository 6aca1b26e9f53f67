//! The puzzles' files: the player's own puzzles (made from their reviews, [`super::own`])
//! and their history, read and written. The app never names this module
//! (tests/module_graph.rs): the loops around it read what a puzzle screen is handed, and
//! write the history when the screen asks ([`crate::app::Request::KeepHistory`]).

use super::history::{History, KeptHistory};
use super::own::{self, Skipped};
use super::{Puzzle, read_set, shipped};
use crate::folders::Folders;
use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The most bytes read of the history: a line is well under 200 of them.
const MOST_BYTES: u64 = 4 * 1024 * 1024;

/// The largest file of the player's own puzzles read: [`own::MOST`] lines of the longest
/// length, and room for a head.
const MINE_MOST_BYTES: u64 = (own::MOST as u64 + 16) * super::LONGEST_LINE as u64;

/// The puzzles `hexstack puzzles` opens: the player's own (read from their file if there
/// is one, a bad file left out: what a stopped write of it left beside it goes) and the
/// shipped ones; and the ids of the player's own.
pub(crate) fn own_and_shipped(folders: &Folders) -> (Vec<Puzzle>, std::collections::HashSet<String>) {
    let mine_path = mine_path(folders);
    if let Some(path) = &mine_path {
        crate::store::remove_stale_writes(path);
    }
    let mine = mine_path
        .and_then(|path| std::fs::read_to_string(path).ok())
        .and_then(|text| read_set(&text).ok())
        .unwrap_or_default();
    let ids = mine.iter().map(|puzzle| puzzle.id.clone()).collect();
    (mine.into_iter().chain(shipped().iter().cloned()).collect(), ids)
}

/// The file of the player's own puzzles, made from the mistakes their reviews marked.
pub(crate) fn mine_path(folders: &Folders) -> Option<PathBuf> {
    Some(folders.puzzles()?.join("mine.tsv"))
}

/// The player's attempts and rating, kept in their data folder (none: not kept).
pub(crate) fn player_history(folders: &Folders) -> KeptHistory {
    kept_history(folders.puzzles().map(|puzzles| puzzles.join("history.txt")))
}

/// The history kept in `file` (none: an empty one, not kept), what a stopped write of it
/// left beside it gone first.
pub(crate) fn kept_history(file: Option<PathBuf>) -> KeptHistory {
    let history = file.as_deref().map_or_else(History::default, |path| {
        crate::store::remove_stale_writes(path);
        load_history(path)
    });
    KeptHistory { history, file }
}

/// The history in the file at `path`; a missing or unreadable file is an empty one.
pub(crate) fn load_history(path: &Path) -> History {
    let mut text = String::new();
    let read = std::fs::File::open(path).and_then(|file| file.take(MOST_BYTES).read_to_string(&mut text));
    match read {
        Ok(_) => History::read(&text),
        // Not text at all (a bad byte): what can be read of it, line by line.
        Err(_) => match std::fs::read(path) {
            Ok(bytes) => {
                History::read(&String::from_utf8_lossy(&bytes[..bytes.len().min(MOST_BYTES as usize)]))
            }
            Err(_) => History::default(),
        },
    }
}

/// Writes `history` to `path`, whole, as saves are.
pub(crate) fn write_history(history: &History, path: &Path) -> Result<(), Text> {
    if let Some(dir) = path.parent() {
        crate::store::ensure_dir(dir)?;
    }
    crate::store::write_atomic(path, &history.to_string())
}

/// The text of the file at `path`: empty if there is none; an error if it cannot be read
/// or is larger than any file hexstack writes.
fn read_text(path: &Path) -> Result<String, Text> {
    let shown = crate::i18n::shown_path(path);
    let mut bytes = Vec::new();
    match std::fs::File::open(path) {
        Ok(file) => file.take(MINE_MOST_BYTES + 1).read_to_end(&mut bytes),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(String::new()),
        Err(error) => Err(error),
    }
    .map_err(|error| text!(ERR_READ, &shown).because(error.to_string()))?;
    if bytes.len() as u64 > MINE_MOST_BYTES {
        return Err(text!(MINE_TOO_BIG, shown, MINE_MOST_BYTES >> 20));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The player's puzzles in the file at `path` (none if there is no file), and the lines
/// skipped.
pub(crate) fn read_own(path: &Path) -> Result<(Vec<Puzzle>, Skipped), Text> {
    Ok(own::read_mine(&read_text(path)?))
}

/// Adds `found` to the player's file at `path` (its folder made if missing), as saves are
/// written: under the file's lock, all at once or not at all. How many were new.
pub(crate) fn keep_own(path: &Path, found: &[Puzzle]) -> Result<usize, Text> {
    if let Some(folder) = path.parent().filter(|folder| !folder.as_os_str().is_empty()) {
        crate::store::ensure_dir(folder)?;
    }
    let _lock = lock(path)?;
    let (text, added) = own::merged(&read_text(path)?, found);
    if added > 0 {
        crate::store::write_atomic(path, &text)?;
    }
    Ok(added)
}

/// The lock on the player's file: another hexstack adding its puzzles holds it for a few
/// milliseconds, so it is asked again a few times before giving up.
fn lock(path: &Path) -> Result<crate::store::lock::Lock, Text> {
    let shown = crate::i18n::shown_path(path);
    for _ in 0..20 {
        match crate::store::lock::take(path) {
            Ok(Ok(lock)) => return Ok(lock),
            Ok(Err(_)) => std::thread::sleep(std::time::Duration::from_millis(25)),
            Err(error) => return Err(text!(LOCK_FAILED, shown, error.to_string())),
        }
    }
    Err(text!(MINE_BUSY, shown))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::history::Attempt;
    use crate::puzzles::rating::Rating;

    #[test]
    fn a_missing_file_is_an_empty_history() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(load_history(&dir.path().join("history.txt")), History::default());
        let path = dir.path().join("puzzles").join("history.txt");
        let mut history = History::default();
        let rating = Rating { rating: 1400.0, deviation: 200.0, volatility: 0.06 };
        history.add(Attempt {
            date: "2026-12-03 15:31 UTC".to_string(),
            id: "x".to_string(),
            solved: false,
            rating,
        });
        write_history(&history, &path).unwrap();
        assert_eq!(load_history(&path), history);
        assert_eq!(kept_history(Some(path.clone())), KeptHistory { history, file: Some(path) });
        assert_eq!(kept_history(None), KeptHistory::default());
    }
}
