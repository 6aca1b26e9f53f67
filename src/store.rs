//! Where saved games live on disk, and writing them so that a crash or a full disk never
//! leaves a half-written file in place of a good one.

use crate::clock::now_utc;
use crate::i18n::keys::*;
use crate::i18n::{Text, shown_path, text};
use crate::saved::{self, EXTENSION, SavedGame};
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

pub(crate) mod lock;

/// Makes the folder `dir` if it is missing; the error names the folder and what is
/// wrong (a file in its place or in its path, no right to write there...).
pub(crate) fn ensure_dir(dir: &Path) -> Result<(), Text> {
    let shown = shown_path(dir);
    if let Some(file) = dir.ancestors().find(|folder| folder.is_file()) {
        return Err(text!(ERR_DIR_IS_FILE, shown, shown_path(file)));
    }
    fs::create_dir_all(dir).map_err(|error| text!(ERR_CREATE_DIR, shown).because(error.to_string()))
}

/// A new file name in the saves folder for a game of `game` started now.
pub(crate) fn new_save_path(dir: &Path, game: &str) -> PathBuf {
    let stamp = now_utc().replace([' ', ':'], "-").replace("-UTC", "");
    let mut path = dir.join(format!("{stamp}-{game}.{EXTENSION}"));
    let mut n = 2;
    while path.exists() || lock::lock_path(&path).exists() {
        path = dir.join(format!("{stamp}-{game}-{n}.{EXTENSION}"));
        n += 1;
    }
    path
}

/// The most recently written saved game in `dir`, if any.
pub(crate) fn latest_save(dir: &Path) -> Option<PathBuf> {
    fs::read_dir(dir)
        .ok()?
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == EXTENSION))
        .filter_map(|path| Some((fs::metadata(&path).ok()?.modified().ok()?, path)))
        .max()
        .map(|(_, path)| path)
}

/// Reads and checks a saved game; the error names the file and the line. At most
/// [`saved::plain::MAX_BYTES`] are read, whatever the file is (`/dev/zero` included).
pub(crate) fn load(path: &Path) -> Result<SavedGame, Text> {
    let shown = shown_path(path);
    let mut bytes = Vec::new();
    fs::File::open(path)
        .and_then(|file| file.take(saved::plain::MAX_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|error| text!(ERR_READ, &shown).because(why_not(&error)))?;
    if bytes.len() as u64 > saved::plain::MAX_BYTES {
        return Err(text!(LOAD_TOO_BIG, shown, saved::plain::MAX_BYTES >> 20));
    }
    saved::read_bytes(&bytes).map_err(|error| text!(LOAD_UNREADABLE, shown).because(error.text()))
}

/// Why a file could not be opened or read, in the player's words where the program has
/// them, else as the system says it without its "(os error N)".
pub(crate) fn why_not(error: &std::io::Error) -> Text {
    use std::io::ErrorKind;
    match error.kind() {
        ErrorKind::NotFound => text!(ERR_NO_SUCH_FILE),
        ErrorKind::PermissionDenied => text!(ERR_NOT_ALLOWED),
        ErrorKind::IsADirectory => text!(ERR_IS_FOLDER),
        _ => {
            let said = error.to_string();
            let said = said.split(" (os error").next().unwrap_or_default();
            text!(PLAIN, said.to_string())
        }
    }
}

/// The most recently kept game in `dir`, the saves folder (none without a data folder),
/// read and checked, with its file.
pub(crate) fn resume(dir: Option<&Path>) -> Result<(SavedGame, PathBuf), Text> {
    let dir = dir.map(Path::to_path_buf).ok_or_else(|| text!(ERR_NO_DATA_DIR))?;
    if let Some(file) = dir.ancestors().find(|folder| folder.is_file()) {
        return Err(text!(ERR_DIR_IS_FILE, shown_path(&dir), shown_path(file)));
    }
    let path = latest_save(&dir).ok_or_else(|| text!(ERR_NOTHING_TO_RESUME))?;
    Ok((load(&path)?, path))
}

/// Writes `text` to `path` atomically: a new file beside it, flushed to disk, then renamed
/// over the old one. If anything fails the old file is untouched and the new one removed.
/// The folder must exist.
pub(crate) fn write_atomic(path: &Path, text: &str) -> Result<(), Text> {
    write_with(path, |file| file.write_all(text.as_bytes()))
}

/// [`write_atomic`], with the writing itself given, so that a test can make it fail midway.
#[cfg(test)]
pub(crate) fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut fs::File) -> std::io::Result<()>,
) -> Result<(), Text> {
    write_with(path, write)
}

fn write_with(path: &Path, write: impl FnOnce(&mut fs::File) -> std::io::Result<()>) -> Result<(), Text> {
    let name = path.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
    let temporary = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| -> std::io::Result<()> {
        let mut file = fs::File::create(&temporary)?;
        write(&mut file)?;
        file.sync_all()?;
        fs::rename(&temporary, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    result.map_err(|error| text!(ERR_SAVE, shown_path(path)).because(error.to_string()))
}

/// The temporary files beside `path` that writes of it ([`write_atomic`]) left when their
/// writer was stopped midway: `.NAME.PID.tmp`.
pub(crate) fn unfinished_writes(path: &Path) -> Vec<PathBuf> {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else { return Vec::new() };
    let dir = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
    let prefix = format!(".{}.", name.to_string_lossy());
    let Ok(entries) = fs::read_dir(dir) else { return Vec::new() };
    let unfinished = |file: &str| {
        let middle = file.strip_prefix(&prefix).and_then(|rest| rest.strip_suffix(".tmp"));
        middle.is_some_and(|middle| !middle.is_empty() && middle.bytes().all(|b| b.is_ascii_digit()))
    };
    entries
        .flatten()
        .filter(|entry| unfinished(&entry.file_name().to_string_lossy()))
        .map(|entry| entry.path())
        .collect()
}

/// How old a temporary file of a write must be to be left over: a write takes milliseconds.
const STALE_WRITE: std::time::Duration = std::time::Duration::from_secs(60);

/// Removes what stopped writes of `path` left (a file written by any hexstack, such as the
/// puzzles' history, with no lock to say its writer is gone): the temporary files older
/// than a minute.
pub(crate) fn remove_stale_writes(path: &Path) {
    let now = SystemTime::now();
    for file in unfinished_writes(path) {
        let modified = fs::metadata(&file).and_then(|metadata| metadata.modified());
        if modified.is_ok_and(|when| now.duration_since(when).is_ok_and(|age| age > STALE_WRITE)) {
            let _ = fs::remove_file(file);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopped_writes_leftover_goes_once_it_is_old() {
        let dir = tempfile::tempdir().unwrap();
        let history = dir.path().join("history.txt");
        let (old, new) = (dir.path().join(".history.txt.4242.tmp"), dir.path().join(".history.txt.4343.tmp"));
        let other = dir.path().join(".history.txt.x.tmp");
        for file in [&old, &new, &other] {
            fs::write(file, "half").unwrap();
        }
        let hour_ago = SystemTime::now() - std::time::Duration::from_secs(3600);
        for file in [&old, &other] {
            fs::File::options().write(true).open(file).unwrap().set_modified(hour_ago).unwrap();
        }
        remove_stale_writes(&history);
        assert!(!old.exists(), "a write stopped an hour ago is gone");
        assert!(new.exists(), "a write of a moment ago may be going on");
        assert!(other.exists(), "not a name hexstack writes");
    }
}
