//! Every colour and style of the screens, and the one vocabulary of marks drawn either side
//! of a cell: each mark means one thing on every screen, games and rules pages alike.

use crate::app::lit::Lit;
use crate::i18n;
use crate::rules::{Colour, GameKind};
use ratatui::style::{Color, Modifier, Style};

/// A player's pieces on the plain background.
pub fn player(colour: Colour) -> Style {
    match colour {
        Colour::Blue => Style::new().fg(Color::LightBlue).add_modifier(Modifier::BOLD),
        Colour::Red => Style::new().fg(Color::LightRed).add_modifier(Modifier::BOLD),
    }
}

/// A player's pieces on a light highlight, where the light shades would not read.
pub fn player_on_light(colour: Colour) -> Style {
    match colour {
        Colour::Blue => Style::new().fg(Color::Blue).add_modifier(Modifier::BOLD),
        Colour::Red => Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
    }
}

/// A player's goal cells, tinted with their colour.
pub fn goal(colour: Colour) -> Style {
    match colour {
        Colour::Blue => Style::new().bg(Color::Indexed(17)),
        Colour::Red => Style::new().bg(Color::Indexed(52)),
    }
}

pub const EMPTY_CELL: Style = Style::new().fg(Color::DarkGray);
pub const LABEL: Style = Style::new().fg(Color::Gray);
/// Turns taken back, which redo brings back.
pub const TAKEN_BACK: Style = Style::new().fg(Color::DarkGray);
pub const TITLE: Style = Style::new().add_modifier(Modifier::BOLD);
pub const HINTS: Style = Style::new().fg(Color::Gray);
pub const INFO: Style = Style::new();
pub const WARNING: Style = Style::new().fg(Color::Yellow);
pub const SUCCESS: Style = Style::new().fg(Color::LightGreen).add_modifier(Modifier::BOLD);
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
    pub const BY_PRIORITY: [Mark; 9] = [
        Mark::Selected,
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

    /// The cell's background under this mark (the cursor only styles the marks).
    pub const fn style(self) -> Style {
        match self {
            Mark::Cursor => Style::new().fg(Color::White).add_modifier(Modifier::BOLD),
            Mark::Selected => Style::new().bg(Color::Magenta),
            Mark::Removed => Style::new().bg(Color::DarkGray).add_modifier(Modifier::CROSSED_OUT),
            Mark::Jump | Mark::Equal => Style::new().bg(Color::Green),
            Mark::Target => Style::new().bg(Color::Yellow),
            Mark::Last | Mark::Focus => Style::new().bg(Color::Indexed(238)),
            Mark::SubGroup => Style::new().bg(Color::Indexed(24)).add_modifier(Modifier::UNDERLINED),
            Mark::Group => Style::new().add_modifier(Modifier::UNDERLINED),
        }
    }

    /// Whether the mark lights the cell brightly, so that pieces need darker colours.
    pub const fn is_bright(self) -> bool {
        matches!(self, Mark::Jump | Mark::Equal | Mark::Target)
    }

    /// The cells of `lit` this mark stands for.
    pub fn cells(self, lit: &Lit) -> crate::rules::hex::CellSet {
        match self {
            Mark::Cursor => Default::default(),
            Mark::Selected => lit.selected,
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

    fn key(self) -> &'static str {
        match self {
            Mark::Cursor => "mark.cursor",
            Mark::Selected => "mark.selected",
            Mark::Removed => "mark.removed",
            Mark::Jump => "mark.jump",
            Mark::Equal => "mark.equal",
            Mark::Target => "mark.target",
            Mark::Last => "mark.last",
            Mark::Focus => "mark.focus",
            Mark::SubGroup => "mark.sub_group",
            Mark::Group => "mark.group",
        }
    }

    /// A word for the legend, in `game`'s own terms.
    pub fn word(self, game: GameKind) -> String {
        i18n::text_for(self.key(), Some(game))
    }

    /// A sentence for the help, in `game`'s own terms.
    pub fn sentence(self, game: GameKind) -> String {
        i18n::text_for(&format!("{}.long", self.key()), Some(game))
    }
}
