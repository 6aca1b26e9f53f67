//! Every colour and style of the screens, and the one vocabulary of marks drawn either side
//! of a cell: each mark means one thing on every screen, games and rules pages alike. A
//! [`Theme`] is a person's choice, held by each terminal's app (its profile); the styles
//! that never change are constants here.

use crate::i18n::keys::*;
use crate::i18n::{Key, own_for};
use crate::rules::{Colour, GameKind};
use ratatui::style::{Color, Modifier, Style};

/// The colours and styles the player chose (the config file's `[theme]`): a built-in
/// theme, perhaps with its players' colours and marks' styles changed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Theme {
    /// Blue's pieces.
    pub blue: Style,
    /// Red's pieces.
    pub red: Style,
    /// What went wrong: a puzzle failed, a refusal, the club's note.
    pub warning: Style,
    pub(crate) success: Style,
    pub(crate) empty_cell: Style,
    /// Each mark's style, in the order of [`Mark::ALL`].
    pub marks: [Style; 11],
}

impl Theme {
    /// Mid-tone blue and red, bold: they read on dark and light terminal backgrounds
    /// alike, and the owner's letter says it without colour.
    pub(crate) const DEFAULT: Theme = Theme {
        blue: Style::new().fg(Color::Indexed(33)).add_modifier(Modifier::BOLD),
        red: Style::new().fg(Color::Indexed(160)).add_modifier(Modifier::BOLD),
        warning: Style::new().fg(Color::Indexed(166)).add_modifier(Modifier::BOLD),
        success: Style::new().fg(Color::Indexed(28)).add_modifier(Modifier::BOLD),
        empty_cell: Style::new().fg(Color::DarkGray),
        marks: Mark::STYLES,
    };

    /// For red-green colour blindness: blue against a dark orange (#af5f00), which every
    /// common kind tells apart; both keep a contrast of 3.5 or more on black and on white.
    /// Success is blue-green rather than green.
    pub(crate) const COLOUR_BLIND: Theme = Theme {
        red: Style::new().fg(Color::Indexed(130)).add_modifier(Modifier::BOLD),
        success: Style::new().fg(Color::Indexed(30)).add_modifier(Modifier::BOLD),
        warning: Style::new()
            .fg(Color::Indexed(166))
            .add_modifier(Modifier::BOLD.union(Modifier::UNDERLINED)),
        ..Theme::DEFAULT
    };

    /// No colour at all (`NO_COLOR`): pieces by their letters, marks by their symbols and
    /// bold, reverse and underline on the terminal's own colours.
    pub(crate) const MONO: Theme = Theme {
        blue: Style::new().add_modifier(Modifier::BOLD),
        red: Style::new().add_modifier(Modifier::BOLD),
        warning: Style::new().add_modifier(Modifier::BOLD),
        success: Style::new().add_modifier(Modifier::BOLD),
        empty_cell: Style::new().add_modifier(Modifier::DIM),
        marks: Mark::STYLES,
    };

    /// The built-in themes, by the name the config file and `--theme` give them.
    pub(crate) const NAMED: [(&'static str, Theme); 3] =
        [("default", Theme::DEFAULT), ("colour-blind", Theme::COLOUR_BLIND), ("mono", Theme::MONO)];

    /// The built-in theme called `name`, if there is one.
    pub(crate) fn named(name: &str) -> Option<Theme> {
        Theme::NAMED.iter().find(|(known, _)| *known == name).map(|(_, theme)| *theme)
    }

    /// How the marks and the cell's text look under `mark` (the cursor styles only its
    /// marks).
    pub(crate) fn mark(&self, mark: Mark) -> Style {
        self.marks[mark as usize]
    }

    /// A player's pieces.
    pub(crate) fn player(&self, colour: Colour) -> Style {
        match colour {
            Colour::Blue => self.blue,
            Colour::Red => self.red,
        }
    }

    /// This theme without a colour (`NO_COLOR`): the monochrome theme, its marks' styles
    /// kept but for their colours.
    pub(crate) fn colourless(self) -> Theme {
        let plain = |style: Style| Style { fg: None, bg: None, ..style };
        Theme { marks: self.marks.map(plain), ..Theme::MONO }
    }
}

impl Default for Theme {
    fn default() -> Theme {
        Theme::DEFAULT
    }
}

pub(crate) const LABEL: Style = Style::new().add_modifier(Modifier::DIM);
/// Turns taken back, which redo brings back.
pub(crate) const TAKEN_BACK: Style = Style::new().add_modifier(Modifier::DIM);
pub(crate) const TITLE: Style = Style::new().add_modifier(Modifier::BOLD);
pub(crate) const HINTS: Style = Style::new().add_modifier(Modifier::DIM);
pub(crate) const INFO: Style = Style::new();
pub(crate) const BANNER: Style = Style::new().add_modifier(Modifier::REVERSED.union(Modifier::BOLD));
pub(crate) const CHOSEN: Style = Style::new().add_modifier(Modifier::REVERSED.union(Modifier::BOLD));
pub(crate) const HEADING: Style = Style::new().add_modifier(Modifier::BOLD.union(Modifier::UNDERLINED));

/// What a cell's marks say about it. Where a cell means several things, the mark that
/// comes first in [`Mark::BY_PRIORITY`] is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mark {
    /// The cell under the cursor.
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
    /// The SubGroup of the stack under the cursor (Clamber).
    SubGroup,
    /// The Group of the stack under the cursor (Clamber).
    Group,
}

impl Mark {
    /// The marks a cell may carry besides the cursor, most telling first: [`Mark::ALL`]
    /// is in that order.
    pub(crate) const BY_PRIORITY: &'static [Mark] = Mark::ALL.split_at(1).1;

    /// The left and right mark, a space between: `"[ ]"`.
    pub(crate) const fn symbol(self) -> &'static str {
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

    /// Every mark, the cursor first, then the others most telling first; the order of
    /// [`Theme::marks`].
    pub(crate) const ALL: [Mark; 11] = [
        Mark::Cursor,
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

    /// The marks' own styles, in the order of [`Mark::ALL`]. Reverse, bold, underline and
    /// the like on the terminal's own colours read on dark and light themes alike, where
    /// coloured backgrounds rarely do.
    pub(crate) const STYLES: [Style; 11] = [
        Mark::Cursor.own_style(),
        Mark::Selected.own_style(),
        Mark::Better.own_style(),
        Mark::Removed.own_style(),
        Mark::Jump.own_style(),
        Mark::Equal.own_style(),
        Mark::Target.own_style(),
        Mark::Last.own_style(),
        Mark::Focus.own_style(),
        Mark::SubGroup.own_style(),
        Mark::Group.own_style(),
    ];

    /// The name the config file gives this mark (`[theme.marks]`).
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Mark::Cursor => "cursor",
            Mark::Selected => "selected",
            Mark::Better => "better",
            Mark::Removed => "removed",
            Mark::Jump => "jump",
            Mark::Equal => "equal",
            Mark::Target => "target",
            Mark::Last => "last",
            Mark::Focus => "focus",
            Mark::SubGroup => "sub_group",
            Mark::Group => "group",
        }
    }

    const fn own_style(self) -> Style {
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
    pub(crate) fn word(self, game: GameKind) -> Key<0> {
        own_for(self.keys().0, Some(game))
    }

    /// A sentence for the help, in `game`'s own terms.
    pub(crate) fn sentence(self, game: GameKind) -> Key<0> {
        own_for(self.keys().1, Some(game))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An xterm 256-colour index's red, green and blue.
    fn rgb(colour: Color) -> [f64; 3] {
        let Color::Indexed(n @ 16..=231) = colour else { panic!("{colour:?} is not in the colour cube") };
        let level = |v: u8| if v == 0 { 0.0 } else { f64::from(55 + 40 * v) };
        let n = n - 16;
        [level(n / 36), level(n / 6 % 6), level(n % 6)]
    }

    /// WCAG's relative luminance.
    fn luminance(colour: Color) -> f64 {
        let linear = |c: f64| {
            let c = c / 255.0;
            if c <= 0.03928 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
        };
        let [r, g, b] = rgb(colour);
        0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    #[test]
    fn the_colour_blind_players_read_on_black_and_on_white() {
        for style in [Theme::COLOUR_BLIND.blue, Theme::COLOUR_BLIND.red] {
            let l = luminance(style.fg.unwrap());
            let (on_black, on_white) = ((l + 0.05) / 0.05, 1.05 / (l + 0.05));
            assert!(
                on_black >= 3.5 && on_white >= 3.5,
                "{style:?}: {on_black:.1} on black, {on_white:.1} on white"
            );
        }
    }

    #[test]
    fn mono_has_no_colour() {
        let theme = Theme::MONO;
        for style in
            [theme.blue, theme.red, theme.warning, theme.success, theme.empty_cell].iter().chain(&theme.marks)
        {
            assert_eq!((style.fg, style.bg), (None, None));
        }
    }
}
