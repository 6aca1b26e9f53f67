//! The colours in force: the theme named, the file's changes to it, and `NO_COLOR` over all.

use super::{Source, Sourced, Values};
use crate::theme::Theme;

/// The look of the screens: the theme named, with the players' colours and the marks'
/// styles the file gives; no colour at all where `NO_COLOR` is set.
pub(super) fn theme(name: &Sourced<String>, values: &Values, no_color: bool) -> Sourced<Theme> {
    let mut theme = Theme::named(&name.value).unwrap_or(Theme::DEFAULT);
    let [blue, red] = values.colours;
    theme.blue = blue.map_or(theme.blue, |colour| theme.blue.fg(colour));
    theme.red = red.map_or(theme.red, |colour| theme.red.fg(colour));
    for &(mark, style) in &values.marks {
        theme.marks[mark as usize] = style;
    }
    let changed = values.colours.iter().any(Option::is_some) || !values.marks.is_empty();
    let source = if changed { Source::File } else { name.source };
    match no_color {
        true => Sourced { value: theme.colourless(), source: Source::Env },
        false => Sourced { value: theme, source },
    }
}
