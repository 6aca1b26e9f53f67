//! The options several commands share on the command line: which game, on which board,
//! from which position.

use crate::i18n::Explain;
use crate::rules::{AnyPosition, GameKind};
use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};

/// A game's name on the command line, from the one list of games.
pub fn game() -> impl TypedValueParser<Value = GameKind> {
    PossibleValuesParser::new(GameKind::ALL.map(GameKind::name))
        .map(|name| name.parse::<GameKind>().unwrap_or(GameKind::Clamber))
}

/// The board and position a command starts from.
#[derive(Args)]
pub struct From {
    #[arg(value_parser = game())]
    pub game: GameKind,
    /// Board side, 2 to 6 (Clamber only; default 3)
    #[arg(long)]
    pub size: Option<u32>,
    /// Position in notation, or `start` (the default)
    #[arg(long)]
    pub position: Option<String>,
}

impl From {
    /// The position the options name, or why not, in the player's language.
    pub fn position(&self) -> anyhow::Result<AnyPosition> {
        let text = self.position.as_deref().unwrap_or("start");
        self.game.position(text, self.size).map_err(|e| anyhow::anyhow!(e.explain()))
    }
}

/// Where and for whom `hexstack serve` listens.
#[cfg(feature = "ssh")]
#[derive(Args)]
pub struct Listen {
    /// The port the friend connects to
    #[arg(long, default_value_t = 2222)]
    pub port: u16,
    /// The address to listen on: the default lets in this machine only; 0.0.0.0 (or this
    /// machine's address) opens the game to the network
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
    /// Also let in whoever holds this public key (an OpenSSH .pub file)
    #[arg(long)]
    pub allow_key: Option<std::path::PathBuf>,
}

/// The longest player name, in characters.
pub const LONGEST_NAME: usize = 40;

/// A player's name as given on the command line: one line of printable text, at most
/// [`LONGEST_NAME`] characters (it goes on the screen's status line and into the kept file).
pub fn player_name(name: Option<String>) -> anyhow::Result<Option<String>> {
    let Some(name) = name else { return Ok(None) };
    let shown = crate::saved::plain::excerpt(&name);
    if name.chars().any(char::is_control) {
        anyhow::bail!(crate::t!("err.name_control", shown));
    }
    if name.chars().count() > LONGEST_NAME || name.trim().is_empty() {
        anyhow::bail!(crate::t!("err.name_length", shown, LONGEST_NAME));
    }
    Ok(Some(name))
}

/// The range of `match --scale`, the factor on the levels' time budgets.
pub const SCALE: std::ops::RangeInclusive<f64> = 0.001..=100.0;

/// `match --scale`: a finite factor within [`SCALE`] (a time budget is a duration).
pub fn scale(text: &str) -> Result<f64, String> {
    let scale: f64 = text.trim().parse().map_err(|_| crate::t!("err.scale", SCALE.start(), SCALE.end()))?;
    match scale.is_finite() && SCALE.contains(&scale) {
        true => Ok(scale),
        false => Err(crate::t!("err.scale", SCALE.start(), SCALE.end())),
    }
}

/// The deepest perft that ends within about 20 s (optimised build, one core) on `position`'s
/// board: the count grows about twentyfold a turn, so one turn more would take minutes.
pub fn deepest_perft(position: &AnyPosition) -> u32 {
    match position {
        crate::rules::ByGame::Clamber(p) => match crate::rules::Game::board(p).side() {
            2 => 12,
            3 => 7,
            4 => 6,
            _ => 5,
        },
        crate::rules::ByGame::Ombagui(_) => 5,
    }
}

/// `perft --depth`: refused past [`deepest_perft`] on this board, the limit in the error.
pub fn check_depth(position: &AnyPosition, depth: u32) -> anyhow::Result<()> {
    let deepest = deepest_perft(position);
    match depth <= deepest {
        true => Ok(()),
        false => anyhow::bail!(crate::t!("err.depth", depth, deepest)),
    }
}
