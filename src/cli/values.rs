//! The values of the command line's options that clap cannot check itself: a game's name
//! from the one list, a level, a time control, a board and position, a player's name, a
//! factor on the levels' time and a depth of perft, a wrong one said in the player's
//! language.

use crate::ai::Level;
use crate::clock::TimeControl;
use crate::i18n::keys::*;
use crate::i18n::{Text, excerpt, text};
use crate::rules::{AnyPosition, Game, GameKind};
use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};

/// A game's name on the command line, from the one list of games.
pub(crate) fn game() -> impl TypedValueParser<Value = GameKind> {
    PossibleValuesParser::new(GameKind::ALL.iter().map(|game| game.name()))
        .map(|name| name.parse::<GameKind>().unwrap_or(GameKind::ALL[0]))
}

/// A computer's level on the command line, if given: `1` to `5`. Checked here rather than
/// by clap, so that a wrong one is said in the player's language.
pub(crate) fn level(text: Option<&str>) -> Result<Option<Level>, Text> {
    text.map(required_level).transpose()
}

/// A computer's level that must be given: `1` to `5`, else the levels there are.
pub(super) fn required_level(text: &str) -> Result<Level, Text> {
    let (first, last) = (Level::ALL[0], Level::ALL[Level::ALL.len() - 1]);
    let level = text.trim().parse::<u8>().ok().and_then(Level::new);
    level.ok_or_else(|| text!(ERR_LEVEL, first.number(), last.number(), excerpt(text)))
}

/// A time control on the command line, if given: `M+S`, `Ns+S`, or `none` (`Some(None)`).
/// Checked here rather than by clap, so that a wrong one is said in the player's language.
pub(crate) fn clock(text: Option<&str>) -> Result<Option<Option<TimeControl>>, Text> {
    text.map(|text| TimeControl::parse(text).map_err(|bad| crate::i18n::clock_error(bad, text))).transpose()
}

/// The board and position a command starts from.
#[derive(Args)]
pub(crate) struct From {
    // A doc comment would be the argument's help text in `--help`, where its name says it.
    #[allow(missing_docs)]
    #[arg(value_parser = game())]
    pub game: GameKind,
    /// Board side, for a game played on more than one (default: its usual board)
    #[arg(long)]
    pub size: Option<u32>,
    /// Position in notation, or `start` (the default)
    #[arg(long)]
    pub position: Option<String>,
}

impl From {
    /// The position the options name, or why not.
    pub(crate) fn position(&self) -> Result<AnyPosition, Text> {
        let text = self.position.as_deref().unwrap_or("start");
        Ok(self.game.position(text, self.size)?)
    }
}

/// The longest player name, in characters.
pub(crate) const LONGEST_NAME: usize = crate::settings::LONGEST_NAME;

/// A player's name as given on the command line: one line of printable text, at most
/// [`LONGEST_NAME`] characters (it goes on the screen's status line and into the kept file).
pub(crate) fn player_name(name: Option<String>) -> Result<Option<String>, Text> {
    let Some(name) = name else { return Ok(None) };
    let shown = excerpt(&name);
    if name.chars().any(char::is_control) {
        return Err(text!(ERR_NAME_CONTROL, shown));
    }
    if name.chars().count() > LONGEST_NAME || name.trim().is_empty() {
        return Err(text!(ERR_NAME_LENGTH, shown, LONGEST_NAME));
    }
    Ok(Some(name))
}

/// The range of `match --scale`, the factor on the levels' time budgets.
pub(crate) const SCALE: std::ops::RangeInclusive<f64> = 0.001..=100.0;

/// `match --scale`: a finite factor within [`SCALE`] (a time budget is a duration).
pub(crate) fn scale(text: &str) -> Result<f64, Text> {
    let refused = || text!(ERR_SCALE, *SCALE.start(), *SCALE.end());
    let scale: f64 = text.trim().parse().map_err(|_| refused())?;
    match scale.is_finite() && SCALE.contains(&scale) {
        true => Ok(scale),
        false => Err(refused()),
    }
}

/// `perft --depth`: refused past the game's deepest perft on this board, the limit in the error.
pub(crate) fn check_depth(position: &AnyPosition, depth: u32) -> Result<(), Text> {
    let deepest = crate::each_game!(position, p, G => <G as Game>::deepest_perft(p.board()));
    match depth <= deepest {
        true => Ok(()),
        false => Err(text!(ERR_DEPTH, depth, deepest)),
    }
}
