//! Every colour and style of the screens, and the one vocabulary of marks drawn either side
//! of a cell: each mark means one thing on every screen, games and rules pages alike.

use crate::app::lit::Lit;
use crate::i18n::keys::*;
use crate::i18n::{Key, own_for};
use crate::rules::{Colour, GameKind};
use ratatui::style::{Color, Modifier, Style};

/// A player's pieces. Mid-tone blue and red, bold: they read on dark and light
/// terminal backgrounds alike, and the owner's letter says it without colour.
pub fn player(colour: Colour) -> Style {
    match colour {
        Colour::Blue => Style::new().fg(Color::Indexed(33)).add_modifier(Modifier::BOLD),
        Colour::Red => Style::new().fg(Color::Indexed(160)).add_modifier(Modifier::BOLD),
    }
}

pub const EMPTY_CELL: Style = Style::new().fg(Color::DarkGray);
pub const LABEL: Style = Style::new().add_modifier(Modifier::DIM);
/// Turns taken back, which redo brings back.
pub const TAKEN_BACK: Style = Style::new().add_modifier(Modifier::DIM);
pub const TITLE: Style = Style::new().add_modifier(Modifier::BOLD);
pub const HINTS: Style = Style::new().add_modifier(Modifier::DIM);
pub const INFO: Style = Style::new();
pub const WARNING: Style = Style::new().fg(Color::Indexed(166)).add_modifier(Modifier::BOLD);
pub const SUCCESS: Style = Style::new().fg(Color::Indexed(28)).add_modifier(Modifier::BOLD);
pub const BANNER: Style = Style::new().add_modifier(Modifier::REVERSED.union(Modifier::BOLD));
pub const CHOSEN: Style = Style::new().add_modifier(Modifier::REVERSED.union(Modifier::BOLD));
pub const HEADING: Style = Style::new().add_modifier(Modifier::BOLD.union(Modifier::UNDERLINED));

/// What a cell's marks say about it. Where a cell means several things, the mark that
/// comes first in [`Mark::BY_PRIORITY`] is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mark {
    Cursor,
    /// The selected stack or piece; a chain's captures so far; the piece a page moves.
    Selected,
    /// The computer's better turn, in a review.
    Better,
    /// What the capture under the cursor would remove.
    Removed,
    /// Where a light lands by jumping.
    Jump,
    /// An equal capture.
    Equal,
    /// A lower capture (Clamber); where the picked piece may go (Ombagui).
    Target,
    /// The last turn's cells.
    Last,
    /// A cell a rules page asks the reader to look at.
    Focus,
    SubGroup,
    Group,
}

impl Mark {
    /// The marks a cell may carry besides the cursor, most telling first.
    pub const BY_PRIORITY: [Mark; 10] = [
        Mark::Selected,
        Mark::Better,
        Mark::Removed,
        Mark::Jump,
        Mark::Equal,
        Mark::Target,
        Mark::Last,
        Mark::Focus,
        Mark::SubGroup,
        Mark::Group,
    ];

    /// The left and right mark, a space between: `"[ ]"`.
    pub const fn symbol(self) -> &'static str {
        match self {
            Mark::Cursor => "[ ]",
            Mark::Selected => "( )",
            Mark::Better => "< >",
            Mark::Removed => "x x",
            Mark::Jump => "^ ^",
            Mark::Equal => "= =",
            Mark::Target => "> <",
            Mark::Last => "* *",
            Mark::Focus => "+ +",
            Mark::SubGroup => ": :",
            Mark::Group => "{ }",
        }
    }

    /// How the marks and the cell's text look under this mark (the cursor styles only
    /// its marks). Reverse, bold, underline and the like on the terminal's own colours read
    /// on dark and light themes alike, where coloured backgrounds rarely do.
    pub const fn style(self) -> Style {
        let style = Style::new();
        match self {
            Mark::Cursor => style.add_modifier(Modifier::REVERSED.union(Modifier::BOLD)),
            Mark::Selected => style.add_modifier(Modifier::REVERSED),
            Mark::Better => style.add_modifier(Modifier::ITALIC.union(Modifier::BOLD)),
            Mark::Removed => style.add_modifier(Modifier::CROSSED_OUT.union(Modifier::DIM)),
            Mark::Jump => style.add_modifier(Modifier::UNDERLINED.union(Modifier::ITALIC)),
            Mark::Equal => style.add_modifier(Modifier::UNDERLINED.union(Modifier::BOLD)),
            Mark::Target => style.add_modifier(Modifier::UNDERLINED),
            Mark::Last | Mark::Focus => style.add_modifier(Modifier::BOLD),
            Mark::SubGroup => style.add_modifier(Modifier::ITALIC),
            Mark::Group => style,
        }
    }

    /// The cells of `lit` this mark stands for.
    pub fn cells(self, lit: &Lit) -> crate::rules::hex::CellSet {
        match self {
            Mark::Cursor => Default::default(),
            Mark::Selected => lit.selected,
            Mark::Better => lit.better,
            Mark::Removed => lit.removed,
            Mark::Jump => lit.jumps,
            Mark::Equal => lit.equal,
            Mark::Target => lit.targets,
            Mark::Last => lit.last,
            Mark::Focus => lit.focus,
            Mark::SubGroup => lit.sub_group,
            Mark::Group => lit.group,
        }
    }

    /// The mark a board cell of index `index` carries, if any.
    pub fn of(lit: &Lit, index: usize) -> Option<Mark> {
        Mark::BY_PRIORITY.into_iter().find(|mark| mark.cells(lit).contains(index))
    }

    /// Its word for the legend, and its sentence for the help.
    fn keys(self) -> (Key<0>, Key<0>) {
        match self {
            Mark::Cursor => (MARK_CURSOR, MARK_CURSOR_LONG),
            Mark::Selected => (MARK_SELECTED, MARK_SELECTED_LONG),
            Mark::Better => (MARK_BETTER, MARK_BETTER_LONG),
            Mark::Removed => (MARK_REMOVED, MARK_REMOVED_LONG),
            Mark::Jump => (MARK_JUMP, MARK_JUMP_LONG),
            Mark::Equal => (MARK_EQUAL, MARK_EQUAL_LONG),
            Mark::Target => (MARK_TARGET, MARK_TARGET_LONG),
            Mark::Last => (MARK_LAST, MARK_LAST_LONG),
            Mark::Focus => (MARK_FOCUS, MARK_FOCUS_LONG),
            Mark::SubGroup => (MARK_SUB_GROUP, MARK_SUB_GROUP_LONG),
            Mark::Group => (MARK_GROUP, MARK_GROUP_LONG),
        }
    }

    /// A word for the legend, in `game`'s own terms.
    pub fn word(self, game: GameKind) -> Key<0> {
        own_for(self.keys().0, Some(game))
    }

    /// A sentence for the help, in `game`'s own terms.
    pub fn sentence(self, game: GameKind) -> Key<0> {
        own_for(self.keys().1, Some(game))
    }
}
