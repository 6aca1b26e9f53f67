//! One game, one writer. A kept game is locked by the hexstack that has it open: a lock
//! file beside it (`.NAME.lock`) names that process and its machine, and the process holds
//! the operating system's lock on that file (`File::try_lock`: `flock` on Unix,
//! `LockFileEx` on Windows) for as long as it has the game open.
//!
//! Why the system's lock and not only a process id: the system drops it when the process
//! ends in any way (`kill -9`, a crash, a closed terminal), so a stale lock file is one
//! nobody holds, on every platform, with no check of process ids (which are reused) and
//! no race between two processes taking over the same stale file. The process id and the
//! machine in the file are there to tell the player who has the game.

use std::fs::{self, File, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

/// A game locked by this process; dropping it unlocks the game and removes the lock file.
#[derive(Debug)]
pub(crate) struct Lock {
    file: File,
    path: PathBuf,
}

/// Who has a game open: what its lock file says.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct LockHolder {
    pub pid: Option<u32>,
    pub host: Option<String>,
}

impl std::fmt::Display for LockHolder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.pid, &self.host) {
            (Some(pid), Some(host)) => write!(f, "{pid}@{host}"),
            (Some(pid), None) => write!(f, "{pid}"),
            _ => f.write_str("?"),
        }
    }
}

/// The lock file of the game kept in `game`.
pub(crate) fn lock_path(game: &Path) -> PathBuf {
    let name = game.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
    game.with_file_name(format!(".{name}.lock"))
}

/// This machine's name, when the system tells it without a crate.
fn host() -> Option<String> {
    let name = fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .or_else(|| std::env::var("COMPUTERNAME").ok())?;
    let name: String = name.trim().chars().filter(|c| c.is_ascii_graphic()).take(64).collect();
    (!name.is_empty()).then_some(name)
}

/// Locks the game kept in `game` for this process, or says who holds it. A lock file left
/// by a process that ended is taken over. Temporary files of a write that process never
/// finished are removed: only the holder writes a game.
pub(crate) fn take(game: &Path) -> std::io::Result<Result<Lock, LockHolder>> {
    let path = lock_path(game);
    // A holder that is just letting go removes the file under us: then try again.
    for _ in 0..8 {
        let mut file = File::options().read(true).write(true).create(true).truncate(false).open(&path)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => return Ok(Err(read_holder(&mut file))),
            Err(TryLockError::Error(error)) => return Err(error),
        }
        if !same_file(&file, &path) {
            continue;
        }
        file.set_len(0)?;
        file.rewind()?;
        writeln!(file, "{} {}", std::process::id(), host().unwrap_or_default())?;
        remove_unfinished(game);
        return Ok(Ok(Lock { file, path }));
    }
    Err(std::io::Error::other("the lock file keeps changing"))
}

fn read_holder(file: &mut File) -> LockHolder {
    let mut text = String::new();
    let _ = file.take(200).read_to_string(&mut text);
    let mut words = text.split_whitespace();
    let pid = words.next().and_then(|pid| pid.parse().ok());
    let host = words.next().map(|host| host.chars().filter(char::is_ascii_graphic).take(64).collect());
    LockHolder { pid, host }
}

/// Whether `path` still names the file `file` is (a lock file removed and made again is
/// another file, and locking the old one locks nothing).
fn same_file(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), fs::metadata(path)) {
            (Ok(held), Ok(named)) => held.dev() == named.dev() && held.ino() == named.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        // Windows does not remove a file another process has open.
        let _ = file;
        path.exists()
    }
}

/// Removes the temporary files `store::write_atomic` left beside `game` when its writer
/// was stopped midway (`.NAME.PID.tmp`).
fn remove_unfinished(game: &Path) {
    for file in super::unfinished_writes(game) {
        let _ = fs::remove_file(file);
    }
}

impl Lock {
    /// Whether this process still holds the game: its lock file was not removed (by hand)
    /// and taken by another since.
    pub(crate) fn held(&self) -> bool {
        same_file(&self.file, &self.path)
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        if self.held() {
            let _ = fs::remove_file(&self.path);
        }
        let _ = self.file.unlock();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_has_one_holder_until_it_lets_go() {
        let dir = tempfile::tempdir().unwrap();
        let game = dir.path().join("a.hexstack");
        let first = take(&game).unwrap().expect("a free game is locked");
        let held = take(&game).unwrap().expect_err("a second lock is refused");
        assert_eq!(held.pid, Some(std::process::id()));
        assert!(first.held());
        drop(first);
        assert!(!lock_path(&game).exists(), "letting go removes the lock file");
        let again = take(&game).unwrap().expect("the game is free again");
        // A lock file nobody holds (its process was killed) is taken over.
        drop(again);
        fs::write(lock_path(&game), "4242 elsewhere\n").unwrap();
        fs::write(dir.path().join(".a.hexstack.4242.tmp"), "half").unwrap();
        fs::write(dir.path().join(".a.hexstack.x.tmp"), "someone else's").unwrap();
        let taken = take(&game).unwrap().expect("a stale lock is taken over");
        let mine = fs::read_to_string(lock_path(&game)).unwrap();
        assert!(mine.starts_with(&format!("{} ", std::process::id())), "{mine}");
        assert!(!dir.path().join(".a.hexstack.4242.tmp").exists(), "an unfinished write is removed");
        assert!(dir.path().join(".a.hexstack.x.tmp").exists());
        // A lock file removed by hand and taken by another: this one no longer holds it.
        fs::remove_file(lock_path(&game)).unwrap();
        let other = take(&game).unwrap().expect("the file was free");
        assert!(!taken.held() && other.held());
        drop(taken);
        assert!(lock_path(&game).exists(), "the old holder leaves the new one's file alone");
    }
}
