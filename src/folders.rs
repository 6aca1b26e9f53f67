//! Where the host's files live: the data folder, found once when the program starts (the
//! command line reads `$HEXSTACK_DATA_DIR` and the platform's folder) and handed down in
//! this value, so that no module asks the environment again and a test can point the
//! whole program at a folder of its own.

use std::path::{Path, PathBuf};

/// The data folder and the folders in it; none when the machine has no data folder (no
/// home), and none for a guest over SSH, whose files are not the host's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Folders {
    data: Option<PathBuf>,
}

impl Folders {
    /// The folders in `data`, the data folder if there is one.
    pub(crate) fn new(data: Option<PathBuf>) -> Folders {
        Folders { data }
    }

    /// The data folder: kept games live in its `saves` folder, the key that serves games
    /// over SSH and the club's database beside them.
    pub(crate) fn data(&self) -> Option<&Path> {
        self.data.as_deref()
    }

    /// The folder of kept games.
    pub(crate) fn saves(&self) -> Option<PathBuf> {
        Some(self.data()?.join("saves"))
    }

    /// The folder of the player's puzzles: their own mistakes made puzzles (`mine.tsv`) and
    /// their attempts and rating (`history.txt`).
    pub(crate) fn puzzles(&self) -> Option<PathBuf> {
        Some(self.data()?.join("puzzles"))
    }
}
