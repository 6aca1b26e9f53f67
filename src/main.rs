//! The `hexstack` command line: parse, dispatch, and turn errors into exit status 2.

use anyhow::Result;
use clap::{Parser, Subcommand};
use hexstack::app::{App, Computer};
use hexstack::cli::{self, From, game};
use hexstack::i18n;
use hexstack::rules::{Colour, GameKind};
use hexstack::session::Players;
use hexstack::{commands, store, terminal};
use ratatui::layout::Rect;
use std::path::PathBuf;
use std::process::ExitCode;

/// Clamber and Ombagui, two hex stacking games for two players at one terminal
#[derive(Parser)]
#[command(name = "hexstack", version)]
struct Cli {
    /// Language of the screens: en, fr or sr (default: from LANG / LC_ALL, else English)
    #[arg(long, global = true, value_parser = ["en", "fr", "sr"])]
    lang: Option<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game, two players at one keyboard
    Play {
        #[command(flatten)]
        from: From,
        /// Blue's name, for the screen and the saved game
        #[arg(long)]
        blue: Option<String>,
        /// Red's name, for the screen and the saved game
        #[arg(long)]
        red: Option<String>,
        /// Let the computer play this colour, or both to watch it play
        #[arg(long, value_parser = ["blue", "red", "both"])]
        computer: Option<String>,
        /// The computer's level, 1 (beginner) to 5 (expert); 3 unless given (with --computer only)
        #[arg(long, requires = "computer", value_parser = clap::value_parser!(u8).range(1..=5))]
        level: Option<u8>,
    },
    /// Continue the most recently kept game
    Resume,
    /// Open a saved game: replay it, or play on from any turn
    Load { file: PathBuf },
    /// The interactive rules
    Rules {
        #[arg(value_parser = game())]
        game: Option<GameKind>,
    },
    /// Count the ways to play DEPTH turns from a position
    Perft {
        #[command(flatten)]
        from: From,
        /// How many turns deep; the deepest allowed depends on the board (5 on the largest)
        #[arg(long)]
        depth: u32,
        /// First print each legal turn with its own count
        #[arg(long)]
        divide: bool,
    },
    /// Answer the engine line protocol on stdin and stdout (see README)
    Engine,
    /// Computer against computer: --blue's level against --red's, colours alternating
    Match {
        #[command(flatten)]
        from: From,
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
        blue: u8,
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
        red: u8,
        /// How many games, 1 to 100000
        #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        games: u32,
        /// The number of the first game (each game's opening follows from its number, and
        /// --blue's level is Blue in the even ones): to replay some games of another match
        #[arg(long, default_value_t = 0)]
        first_game: u32,
        /// Turns after which a game counts as a draw, 1 to 100000
        #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        cap: u32,
        /// Factor on the levels' time budgets, 0.001 to 100
        #[arg(long, default_value_t = 1.0, value_parser = cli::scale)]
        scale: f64,
        /// Also print on stderr the plies from each first proven win to the end, the
        /// positions reached a third time, and the last position of each drawn game
        #[arg(long)]
        stats: bool,
    },
    /// Host a game for a friend on another machine, who joins with ssh (you play Blue)
    #[cfg(feature = "ssh")]
    Serve {
        #[arg(value_parser = game())]
        game: Option<GameKind>,
        /// Board side, 2 to 6 (Clamber only; default 3)
        #[arg(long)]
        size: Option<u32>,
        #[command(flatten)]
        listen: hexstack::cli::Listen,
        /// Host the most recently kept game again instead of a new one
        #[arg(long, conflicts_with_all = ["game", "size", "load"])]
        resume: bool,
        /// Host the game kept in this file (it goes on being kept there)
        #[arg(long, conflicts_with_all = ["game", "size"])]
        load: Option<PathBuf>,
    },
    /// The computer's review of a saved game: its graph, its mistakes, better turns
    Review {
        /// The saved game to review (its review is kept in it, but with --text)
        file: PathBuf,
        /// The level the computer reviews at, 1 to 5 (default 4)
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
        level: Option<u8>,
        /// Print one line a turn and one a player, tab-separated, instead of opening it
        #[arg(long)]
        text: bool,
    },
    /// List every legal turn, one a line
    Moves {
        #[command(flatten)]
        from: From,
    },
}

fn run(command: Option<Command>) -> Result<()> {
    let area = Rect::default();
    match command {
        None => terminal::run(App::new(area)),
        Some(Command::Play { from, blue, red, computer, level }) => {
            // Level 3, the club player, unless another is asked for.
            let level = level.unwrap_or(3);
            let computer = computer.map(|plays| match plays.as_str() {
                "both" => Computer::both(level),
                "red" => Computer::playing(Colour::Red, level),
                _ => Computer::playing(Colour::Blue, level),
            });
            let players =
                Players { blue: cli::player_name(blue)?, red: cli::player_name(red)?, computer: None };
            let app = App::game(from.position()?, area).with_players(players);
            terminal::run(app.with_computer(computer))
        }
        Some(Command::Resume) => {
            store::resume(None).and_then(|(game, path)| terminal::run(App::opened(game, path, area)))
        }
        Some(Command::Load { file }) => terminal::run(App::opened(store::load(&file)?, file, area)),
        Some(Command::Rules { game }) => terminal::run(App::rules(game.unwrap_or(GameKind::Clamber), area)),
        Some(Command::Perft { from, depth, divide }) => {
            let position = from.position()?;
            cli::check_depth(&position, depth)?;
            Ok(commands::print(commands::perft_report(&position, depth, divide))?)
        }
        #[cfg(feature = "ssh")]
        Some(Command::Serve { game, size, listen, resume, load }) => {
            // The host key lives in the data folder: a folder that cannot be is named first.
            let data = store::data_dir().ok_or_else(|| anyhow::anyhow!(hexstack::t!("err.no_data_dir")))?;
            store::ensure_dir(&data)?;
            let hosted = match (resume, load) {
                (true, _) => hexstack::net::Hosted::Kept(store::resume(None)?),
                (false, Some(file)) => hexstack::net::Hosted::Kept((store::load(&file)?, file)),
                (false, None) => hexstack::net::Hosted::New(
                    game.unwrap_or(GameKind::Clamber)
                        .start(size)
                        .map_err(|e| anyhow::anyhow!(i18n::Explain::explain(&e)))?,
                ),
            };
            hexstack::net::serve(hosted, &listen)
        }
        Some(Command::Review { file, level, text: true }) => {
            let level = level.unwrap_or(hexstack::app::REVIEW_LEVEL);
            Ok(commands::print(commands::review_text(&store::load(&file)?, level))?)
        }
        Some(Command::Review { file, level, text: false }) => {
            let app = App::opened(store::load(&file)?, file, area);
            terminal::run(app.reviewing(level, hexstack::app::Leave::Quit))
        }
        Some(Command::Moves { from }) => Ok(commands::print(commands::moves(&from.position()?))?),
        Some(Command::Engine) => {
            Ok(hexstack::engine::run(std::io::BufReader::new(std::io::stdin()), &mut std::io::stdout())?)
        }
        Some(Command::Match { from, blue, red, games, first_game, cap, scale, stats }) => {
            // Each game's score goes to stderr as it ends; the last line alone to stdout.
            let mut drawn = 0;
            let progress = |report: &commands::Report, last: &str| {
                eprintln!("after {} of {games}: {report}", report.games());
                if stats {
                    eprintln!("stats: {}", report.purpose);
                    if report.draws > drawn {
                        eprintln!("drawn, game {}: {last}", first_game + report.games() - 1);
                    }
                }
                drawn = report.draws;
            };
            let games_from = (first_game, games);
            let report =
                commands::play_match(&from.position()?, [blue, red], games_from, cap, scale, progress);
            Ok(commands::print(report)?)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::try_parse().unwrap_or_else(|error| match error.use_stderr() {
        true => {
            // A value quoted back may hold control characters: shown escaped, never sent.
            let text =
                error.to_string().split('\n').map(hexstack::saved::plain::printable).collect::<Vec<_>>();
            eprintln!("hexstack: {}", hexstack::usage::one_line(&text.join("\n")));
            std::process::exit(2)
        }
        false => error.exit(),
    });
    i18n::set(cli.lang.as_deref().and_then(i18n::Lang::from_locale).unwrap_or_else(i18n::Lang::from_env));
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("hexstack: {}", hexstack::saved::plain::printable(&format!("{error:#}")));
            ExitCode::from(2)
        }
    }
}
