//! A person's own ways at one terminal: the language of its texts, its keys, its colours
//! and its new games' defaults, and where its files are kept. Each terminal's app holds its own profile, so that two
//! terminals in one process can differ: the host's comes from its config file and flags,
//! a guest's over SSH from its own ssh client (its language, `NO_COLOR`) and the program's
//! defaults. A plain value, cheap to clone: whoever knows a person fills one in.

use super::keys::KeyTable;
use crate::folders::Folders;
use crate::i18n::Lang;
use crate::settings::Prefs;
use crate::theme::Theme;

/// The language, keys, colours and new games' defaults of the person at one terminal.
#[derive(Clone, Debug, Default)]
pub(crate) struct Profile {
    /// The language of the screens.
    pub lang: Lang,
    /// The keys: the program's, with the person's own in it.
    pub keys: KeyTable,
    /// The colours and styles.
    pub theme: Theme,
    /// What a new game starts with.
    pub prefs: Prefs,
    /// Where the host's files are: none for a guest, whose files are not the host's.
    pub folders: Folders,
}

impl Profile {
    /// A guest's over SSH: the language its client asks for, and no colour if it sends
    /// `NO_COLOR`; the program's keys and defaults (the host's file is the host's own).
    pub(crate) fn guest(lang: Lang, no_color: bool) -> Profile {
        let theme = if no_color { Theme::DEFAULT.colourless() } else { Theme::DEFAULT };
        Profile { lang, theme, ..Profile::default() }
    }
}
