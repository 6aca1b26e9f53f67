//! Every colour and style of the screens, in one place.

use crate::rules::Colour;
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
pub const CURSOR: Style = Style::new().fg(Color::White).add_modifier(Modifier::BOLD);
pub const SELECTED: Style = Style::new().bg(Color::Magenta);
pub const LOWER_TARGET: Style = Style::new().bg(Color::Yellow);
pub const EQUAL_TARGET: Style = Style::new().bg(Color::Green);
pub const REMOVED: Style = Style::new().bg(Color::DarkGray).add_modifier(Modifier::CROSSED_OUT);
pub const LAST_TURN: Style = Style::new().bg(Color::Indexed(238));
pub const GROUP: Style = Style::new().add_modifier(Modifier::UNDERLINED);
pub const SUB_GROUP: Style = Style::new().bg(Color::Indexed(24)).add_modifier(Modifier::UNDERLINED);

/// Turns taken back, which redo brings back.
pub const TAKEN_BACK: Style = Style::new().fg(Color::DarkGray);
pub const TITLE: Style = Style::new().add_modifier(Modifier::BOLD);
pub const HINTS: Style = Style::new().fg(Color::Gray);
pub const INFO: Style = Style::new();
pub const WARNING: Style = Style::new().fg(Color::Yellow);
pub const SUCCESS: Style = Style::new().fg(Color::LightGreen).add_modifier(Modifier::BOLD);
pub const BANNER: Style = Style::new().add_modifier(Modifier::REVERSED.union(Modifier::BOLD));
pub const MENU_CHOSEN: Style = Style::new().add_modifier(Modifier::REVERSED.union(Modifier::BOLD));
pub const HEADING: Style = Style::new().add_modifier(Modifier::BOLD.union(Modifier::UNDERLINED));
