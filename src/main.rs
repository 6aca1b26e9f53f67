//! The `hexstack` command line: parse, dispatch, and turn errors into exit status 2.

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand, ValueEnum};
use hexstack::app::App;
use hexstack::rules::hex::Board;
use hexstack::rules::{clamber, ombagui};
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::layout::Rect;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "hexstack",
    version,
    about = "Clamber and Ombagui, two hex stacking games for two players at one terminal"
)]
struct Cli {
    /// Language of the screens: en, fr or sr (default: from LANG / LC_ALL, else English)
    #[arg(long, global = true, value_enum)]
    lang: Option<Lang>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Lang {
    En,
    Fr,
    Sr,
}

#[derive(Clone, Copy, ValueEnum)]
enum Game {
    Clamber,
    Ombagui,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game, two players at one keyboard
    Play {
        game: Game,
        /// Board side, 2 to 6 (Clamber only; default 3)
        #[arg(long)]
        size: Option<u32>,
        /// Starting position in notation, or `start`
        #[arg(long)]
        position: Option<String>,
    },
    /// The interactive rules
    Rules { game: Option<Game> },
    /// Count the ways to play DEPTH turns from a position
    Perft {
        game: Game,
        /// Board side, 2 to 6 (Clamber only; default 3)
        #[arg(long)]
        size: Option<u32>,
        /// Position in notation, or `start` (the default)
        #[arg(long)]
        position: Option<String>,
        #[arg(long)]
        depth: u32,
        /// First print each legal turn with its own count
        #[arg(long)]
        divide: bool,
    },
    /// List every legal turn, one a line
    Moves {
        game: Game,
        /// Board side, 2 to 6 (Clamber only; default 3)
        #[arg(long)]
        size: Option<u32>,
        /// Position in notation, or `start` (the default)
        #[arg(long)]
        position: Option<String>,
    },
}

/// The Clamber position named by `--size` and `--position` (the empty board by default).
fn clamber_position(size: Option<u32>, position: Option<&str>) -> Result<clamber::Position> {
    let text = position.unwrap_or("start");
    if text.trim().eq_ignore_ascii_case("start") {
        let board = Board::new(size.unwrap_or(3))?;
        return Ok(clamber::Position::start(board));
    }
    let position: clamber::Position = text.parse()?;
    if let Some(size) = size.filter(|&size| size != u32::from(position.board().side())) {
        bail!("--size {size} does not match the position's side-{} board", position.board().side());
    }
    Ok(position)
}

/// The Ombagui position named by `--position` (the start by default); `--size` must be 4.
fn ombagui_position(size: Option<u32>, position: Option<&str>) -> Result<ombagui::Position> {
    if let Some(size) = size.filter(|&size| size != 4) {
        bail!("Ombagui is played on the side-4 board: --size {size} does not apply");
    }
    Ok(position.unwrap_or("start").parse()?)
}

/// Runs the terminal app until the players quit. The terminal is restored however
/// this ends: normally, on an error, or on a panic.
fn play(make_app: impl FnOnce(Rect) -> App) -> Result<()> {
    let mut terminal = ratatui::try_init().context("cannot start the terminal screen")?;
    let restore_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(std::io::stdout(), DisableMouseCapture);
        restore_hook(info);
    }));
    let result = (|| -> Result<()> {
        execute!(std::io::stdout(), EnableMouseCapture)?;
        let size = terminal.size()?;
        let mut app = make_app(Rect::new(0, 0, size.width, size.height));
        while !app.quit {
            terminal.draw(|frame| hexstack::ui::draw(&app, frame))?;
            // Blocks until something happens: nothing redraws while the players think.
            app.handle(&event::read()?);
        }
        Ok(())
    })();
    let _ = execute!(std::io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        None => play(App::new)?,
        Some(Command::Play { game: Game::Clamber, size, position }) => {
            let start = clamber_position(size, position.as_deref())?;
            play(|area| App::clamber(start, area))?;
        }
        Some(Command::Play { game: Game::Ombagui, size, position }) => {
            let start = ombagui_position(size, position.as_deref())?;
            play(|area| App::ombagui(start, area))?;
        }
        Some(Command::Perft { game: Game::Clamber, size, position, depth, divide }) => {
            let position = clamber_position(size, position.as_deref())?;
            if divide {
                for (turn, count) in clamber::divide(&position, depth) {
                    println!("{turn} {count}");
                }
            }
            println!("{}", clamber::perft(&position, depth));
        }
        Some(Command::Moves { game: Game::Clamber, size, position }) => {
            let position = clamber_position(size, position.as_deref())?;
            for turn in position.legal_turns() {
                println!("{turn}");
            }
        }
        Some(Command::Perft { game: Game::Ombagui, size, position, depth, divide }) => {
            let position = ombagui_position(size, position.as_deref())?;
            if divide {
                for (mv, count) in ombagui::divide(&position, depth) {
                    println!("{mv} {count}");
                }
            }
            println!("{}", ombagui::perft(&position, depth));
        }
        Some(Command::Moves { game: Game::Ombagui, size, position }) => {
            let position = ombagui_position(size, position.as_deref())?;
            for mv in position.legal_moves() {
                println!("{mv}");
            }
        }
        Some(_) => bail!("not built yet: see the open issues"),
    }
    Ok(())
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("hexstack: {error:#}");
            ExitCode::from(2)
        }
    }
}
