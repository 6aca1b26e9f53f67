//! One server a database. On Unix the server holds the system's lock (`flock`) on the
//! database file itself: the lock is on what the file is (its device and inode), so a hard
//! link, a symbolic link or another path to the same file is refused, and there is no lock
//! file to delete from under a running server. The system drops the lock when the process
//! ends in any way (`kill -9`, a crash). SQLite's own locks are another kind (`fcntl`) and
//! do not see this one. Elsewhere, the lock is on a file beside the database.
//!
//! Who holds it is read from the system where it tells (`/proc/locks` on Linux).

use crate::error::Holder;
use std::fs::{File, TryLockError};
use std::path::{Path, PathBuf};

/// The server's hold on a database, for as long as it lives.
#[derive(Debug)]
pub(super) struct ServerLock {
    /// Kept open: closing it lets go.
    _file: File,
}

/// The file whose lock is the database's: the database itself on Unix.
fn target(db: &Path) -> PathBuf {
    match cfg!(unix) {
        true => db.to_path_buf(),
        false => {
            let name = db.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
            db.with_file_name(format!(".{name}.lock"))
        }
    }
}

/// Takes the server's lock on the database at `db` (making the file, empty, if missing: an
/// empty file is a new SQLite database), or says who holds it. The file is opened to be
/// written, so a file the server could not write is refused here, before SQLite would
/// open it read-only.
pub(super) fn take(db: &Path) -> std::io::Result<Result<ServerLock, Holder>> {
    let file = File::options().read(true).write(true).create(true).truncate(false).open(target(db))?;
    match file.try_lock() {
        Ok(()) => Ok(Ok(ServerLock { _file: file })),
        Err(TryLockError::WouldBlock) => Ok(Err(holder(&file))),
        Err(TryLockError::Error(error)) => Err(error),
    }
}

/// The process that holds `file`'s lock, if the system says.
fn holder(file: &File) -> Holder {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::MetadataExt;
        let Ok(meta) = file.metadata() else { return Holder::UNKNOWN };
        let (dev, ino) = (meta.dev(), meta.ino());
        let (major, minor) =
            ((dev >> 8) & 0xfff | (dev >> 32) & !0xfff, (dev & 0xff) | ((dev >> 12) & !0xff));
        let wanted = format!("{major:02x}:{minor:02x}:{ino}");
        let locks = std::fs::read_to_string("/proc/locks").unwrap_or_default();
        // `1: FLOCK  ADVISORY  WRITE 18330 fe:00:5383028 0 EOF`
        let pid = locks.lines().find_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words[..] {
                [_, "FLOCK", _, "WRITE", pid, at, ..] if at == wanted => pid.parse().ok(),
                _ => None,
            }
        });
        Holder { pid }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = file;
        Holder::UNKNOWN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_hold_on_a_file_by_any_name_and_the_holder_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("club.sqlite3");
        let held = take(&db).unwrap().expect("a free file is taken");
        let link = dir.path().join("hard.sqlite3");
        std::fs::hard_link(&db, &link).unwrap();
        #[cfg(unix)]
        {
            let holder = take(&link).unwrap().expect_err("a hard link to a held file is refused");
            #[cfg(target_os = "linux")]
            assert_eq!(holder.pid, Some(std::process::id()));
            let symbolic = dir.path().join("soft.sqlite3");
            std::os::unix::fs::symlink(&db, &symbolic).unwrap();
            assert!(take(&symbolic).unwrap().is_err(), "so is a symbolic link");
        }
        drop(held);
        assert!(take(&link).unwrap().is_ok(), "free again once let go");
    }
}
