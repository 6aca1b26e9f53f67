//! Where saved games live on disk, and writing them so that a crash or a full disk never
//! leaves a half-written file in place of a good one.

use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use crate::saved::{self, SavedGame};
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

pub mod lock;

/// The extension of saved games.
pub const EXTENSION: &str = "hexstack";

/// The data folder: `$HEXSTACK_DATA_DIR`, else the platform's (`$XDG_DATA_HOME/hexstack`
/// on Linux, Application Support on macOS, AppData on Windows). Kept games live in its
/// `saves` folder, the key that serves games over SSH beside them.
pub(crate) fn data_dir() -> Option<PathBuf> {
    match std::env::var_os("HEXSTACK_DATA_DIR") {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => Some(dirs::data_dir()?.join("hexstack")),
    }
}

/// The folder of kept games.
pub(crate) fn saves_dir() -> Option<PathBuf> {
    Some(data_dir()?.join("saves"))
}

/// The folder of the player's puzzles: their own mistakes made puzzles (`mine.tsv`) and
/// their attempts and rating (`history.txt`).
pub(crate) fn puzzles_dir() -> Option<PathBuf> {
    Some(data_dir()?.join("puzzles"))
}

/// Makes the folder `dir` if it is missing; the error names the folder and what is
/// wrong (a file in its place or in its path, no right to write there...).
pub(crate) fn ensure_dir(dir: &Path) -> Result<(), Text> {
    let shown = shown(dir);
    if let Some(file) = dir.ancestors().find(|folder| folder.is_file()) {
        return Err(text!(ERR_DIR_IS_FILE, shown, self::shown(file)));
    }
    fs::create_dir_all(dir).map_err(|error| text!(ERR_CREATE_DIR, shown).because(error.to_string()))
}

/// A new file name in the saves folder for a game of `game` started now.
pub fn new_save_path(dir: &Path, game: &str) -> PathBuf {
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
pub fn latest_save(dir: &Path) -> Option<PathBuf> {
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
pub fn load(path: &Path) -> Result<SavedGame, Text> {
    let shown = shown(path);
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

/// A path as it may be shown on a terminal: short, its control characters escaped.
pub fn shown(path: &Path) -> String {
    crate::i18n::one_line(&path.display().to_string())
}

/// The most recently kept game in `dir` (the saves folder when `None`), read and
/// checked, with its file.
pub fn resume(dir: Option<&Path>) -> Result<(SavedGame, PathBuf), Text> {
    let dir = dir.map(Path::to_path_buf).or_else(saves_dir).ok_or_else(|| text!(ERR_NO_DATA_DIR))?;
    if let Some(file) = dir.ancestors().find(|folder| folder.is_file()) {
        return Err(text!(ERR_DIR_IS_FILE, shown(&dir), shown(file)));
    }
    let path = latest_save(&dir).ok_or_else(|| text!(ERR_NOTHING_TO_RESUME))?;
    Ok((load(&path)?, path))
}

/// Writes `text` to `path` atomically: a new file beside it, flushed to disk, then renamed
/// over the old one. If anything fails the old file is untouched and the new one removed.
/// The folder must exist.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), Text> {
    write_with(path, |file| file.write_all(text.as_bytes()))
}

/// [`write_atomic`], with the writing itself given, so that a test can make it fail midway.
#[cfg(any(test, feature = "test-hooks"))]
pub fn write_atomic_with(
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
    result.map_err(|error| text!(ERR_SAVE, shown(path)).because(error.to_string()))
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
#[cfg(feature = "club")]
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

    #[cfg(feature = "club")]
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
