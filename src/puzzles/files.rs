//! The puzzles' files: the player's own puzzles and their history, read and written. The app
//! never names this module (tests/module_graph.rs): the loops around it read what a puzzle
//! screen is handed, and write the history when the screen asks
//! ([`crate::app::Request::KeepHistory`]).

use super::history::{History, KeptHistory};
use super::{Puzzle, read_set, shipped};
use crate::folders::Folders;
use crate::i18n::Text;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The most bytes read of the history: a line is well under 200 of them.
const MOST_BYTES: u64 = 4 * 1024 * 1024;

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

/// The file of the player's attempts and rating.
pub(crate) fn history_path(folders: &Folders) -> Option<PathBuf> {
    Some(folders.puzzles()?.join("history.txt"))
}

/// The history kept in `file` (none: an empty one, not kept), what a stopped write of it
/// left beside it gone first.
pub fn kept_history(file: Option<PathBuf>) -> KeptHistory {
    let history = file.as_deref().map_or_else(History::default, |path| {
        crate::store::remove_stale_writes(path);
        load_history(path)
    });
    KeptHistory { history, file }
}

/// The history in the file at `path`; a missing or unreadable file is an empty one.
pub fn load_history(path: &Path) -> History {
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
