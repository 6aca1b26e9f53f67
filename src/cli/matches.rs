//! `hexstack match`: levels against each other, colours alternating, each game's score on
//! the error output as it ends.

use super::{From, Stop, clock, print, required_level};
use crate::text_commands;
use clap::Args;

/// `hexstack match`: levels against each other.
#[derive(Args)]
pub(crate) struct Match {
    #[command(flatten)]
    from: From,
    /// The level that plays Blue in the even games and Red in the odd ones, 1 to 5
    #[arg(long, value_name = "LEVEL")]
    blue: String,
    /// The level that plays Red in the even games and Blue in the odd ones, 1 to 5
    #[arg(long, value_name = "LEVEL")]
    red: String,
    /// How many games, 1 to 100000
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: u32,
    /// The number of the first game (each game's opening follows from its number, and
    /// --blue's level is Blue in the even ones): to replay some games of another match
    #[arg(long, default_value_t = 0)]
    first_game: u32,
    /// Turns after which a game counts as a draw, 1 to 100000 (one without progress for
    /// 100 turns is drawn sooner)
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    cap: u32,
    /// Factor on the levels' time budgets, 0.001 to 100
    #[arg(long, default_value = "1")]
    scale: String,
    /// Also print on stderr the plies from each first proven win to the end, the
    /// positions reached a third time, and the last position of each drawn game
    #[arg(long)]
    stats: bool,
    /// Play on time, as play's --clock says: each level takes its time from its own clock
    /// (--scale aside), and the last line counts the games lost on time
    #[arg(long, value_name = "M+S")]
    clock: Option<String>,
}

/// `hexstack match`: each game's score on stderr as it ends, the last line alone on stdout.
pub(super) fn play_match(options: Match) -> Result<(), Stop> {
    let Match { from, blue, red, games, first_game, cap, scale, stats, clock } = options;
    let (scale, clock) = (super::scale(&scale)?, self::clock(clock.as_deref())?.unwrap_or(None));
    let (blue, red) = (required_level(&blue)?, required_level(&red)?);
    let mut drawn = 0;
    let progress = |report: &text_commands::Report, last: &str| {
        eprintln!("after {} of {games}: {report}", report.games());
        if stats {
            eprintln!("stats: {}", report.purpose);
            if report.draws > drawn {
                eprintln!("drawn, game {}: {last}", first_game + report.games() - 1);
            }
        }
        drawn = report.draws;
    };
    print(text_commands::play_match(
        &from.position()?,
        [blue, red],
        (first_game, games),
        cap,
        (scale, clock),
        progress,
    ))
}
