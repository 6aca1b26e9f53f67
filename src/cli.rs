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
