//! The `hexstack` command line: parse, dispatch, and turn errors into exit status 2.

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand, ValueEnum};
use hexstack::app::rules::RulesOf;
use hexstack::app::{App, Message, Request, Screen};
use hexstack::rules::hex::Board;
use hexstack::rules::{self, clamber, ombagui};
use hexstack::saved::{self, Players};
use hexstack::store;
use hexstack::{i18n, t};
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::layout::Rect;
use std::path::{Path, PathBuf};
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

/// The board and position a command starts from.
#[derive(Args)]
struct From {
    /// Board side, 2 to 6 (Clamber only; default 3)
    #[arg(long)]
    size: Option<u32>,
    /// Position in notation, or `start` (the default)
    #[arg(long)]
    position: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game, two players at one keyboard
    Play {
        game: Game,
        #[command(flatten)]
        from: From,
        /// Blue's name, for the screen and the saved game
        #[arg(long)]
        blue: Option<String>,
        /// Red's name, for the screen and the saved game
        #[arg(long)]
        red: Option<String>,
    },
    /// Continue the most recently kept game
    Resume,
    /// Open a saved game: replay it, or play on from any turn
    Load { file: PathBuf },
    /// The interactive rules
    Rules { game: Option<Game> },
    /// Count the ways to play DEPTH turns from a position
    Perft {
        game: Game,
        #[command(flatten)]
        from: From,
        #[arg(long)]
        depth: u32,
        /// First print each legal turn with its own count
        #[arg(long)]
        divide: bool,
    },
    /// List every legal turn, one a line
    Moves {
        game: Game,
        #[command(flatten)]
        from: From,
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
    let mut terminal = ratatui::try_init().with_context(|| t!("err.terminal"))?;
    let restore_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(std::io::stdout(), DisableMouseCapture);
        restore_hook(info);
    }));
    let result = (|| -> Result<()> {
        execute!(std::io::stdout(), EnableMouseCapture)?;
        let size = terminal.size()?;
        let mut app = make_app(Rect::new(0, 0, size.width, size.height));
        // What is on screen at the start (a loaded or resumed game) is already on disk.
        let mut keeper = Keeper { written: app.record("") };
        while !app.quit {
            terminal.draw(|frame| hexstack::ui::draw(&app, frame))?;
            // Blocks until something happens: nothing redraws while the players think.
            app.handle(&event::read()?);
            if let Some(request) = app.request.take() {
                serve(request, &mut app);
            }
            keeper.keep(&mut app);
        }
        Ok(())
    })();
    let _ = execute!(std::io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

/// Keeps the game on screen in the saves folder after every change, so that quitting,
/// a crash or a closed terminal never loses it. A position tried from the rules is not kept.
struct Keeper {
    /// The record last written, without its date.
    written: Option<String>,
}

impl Keeper {
    fn keep(&mut self, app: &mut App) {
        let Some(record) = app.record("") else { return };
        let started = app.game().is_some_and(|game| game.table().replay_position().1 > 0);
        if !started || app.back_to.is_some() || self.written.as_ref() == Some(&record) {
            return;
        }
        let Some(dir) = store::saves_dir() else { return };
        let name = app.game_name().unwrap_or("game");
        let path = app.kept_at.clone().unwrap_or_else(|| store::new_save_path(&dir, name));
        app.kept_at = Some(path.clone());
        let text = app.record(&store::now_utc()).unwrap_or_default();
        match store::write_atomic(&path, &text) {
            Ok(()) => self.written = Some(record),
            Err(error) => {
                if let Some(game) = app.game_mut_for_message() {
                    game.set_message(Message::Warning(format!("{error:#}")));
                }
            }
        }
    }
}

/// Does what the app asked for: saving to a named file, or resuming the last game.
fn serve(request: Request, app: &mut App) {
    match request {
        Request::SaveAs(name) => {
            let text = app.record(&store::now_utc()).unwrap_or_default();
            let message = match store::write_atomic(Path::new(&name), &text) {
                Ok(()) => Message::Success(t!("save.done", name)),
                Err(error) => Message::Warning(t!("save.failed", format!("{error:#}"))),
            };
            if let Some(game) = app.game_mut_for_message() {
                game.set_message(message);
            }
        }
        Request::Resume => match resume() {
            Ok((loaded, path)) => {
                *app = App::loaded(loaded, app.area).kept_in(path);
            }
            Err(error) => {
                if let Screen::Menu(menu) = &mut app.screen {
                    menu.note = Some(format!("{error:#}"));
                }
            }
        },
    }
}

/// The most recently kept game, read and checked, with its file.
fn resume() -> Result<(saved::SavedGame, PathBuf)> {
    let dir = store::saves_dir().with_context(|| t!("err.no_data_dir"))?;
    let path = store::latest_save(&dir).with_context(|| t!("err.nothing_to_resume"))?;
    Ok((load(&path)?, path))
}

/// Reads and checks a saved game; the error names the file and the line.
fn load(path: &Path) -> Result<saved::SavedGame> {
    let text = std::fs::read_to_string(path).with_context(|| t!("err.read", path.display()))?;
    saved::read(&text).with_context(|| t!("load.unreadable", path.display()))
}

/// Prints the perft count of `position`, after each turn's own count if `divide`.
fn perft<G: rules::Game>(position: G, depth: u32, divide: bool) {
    if divide {
        for (turn, count) in position.divide(depth) {
            println!("{turn} {count}");
        }
    }
    println!("{}", position.perft(depth));
}

/// Prints every legal turn of `position`, one a line.
fn moves<G: rules::Game>(position: G) {
    for turn in position.legal_turns() {
        println!("{turn}");
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        None => play(App::new)?,
        Some(Command::Play { game, from: From { size, position }, blue, red }) => {
            let players = Players { blue, red };
            let app: Box<dyn FnOnce(Rect) -> App> = match game {
                Game::Clamber => {
                    let start = clamber_position(size, position.as_deref())?;
                    Box::new(move |area| App::clamber(start, area))
                }
                Game::Ombagui => {
                    let start = ombagui_position(size, position.as_deref())?;
                    Box::new(move |area| App::ombagui(start, area))
                }
            };
            play(|area| app(area).with_players(players))?;
        }
        Some(Command::Resume) => {
            let (loaded, path) = resume()?;
            play(|area| App::loaded(loaded, area).kept_in(path))?;
        }
        Some(Command::Load { file }) => {
            let loaded = load(&file)?;
            play(|area| App::loaded(loaded, area))?;
        }
        Some(Command::Perft { game: Game::Clamber, from: From { size, position }, depth, divide }) => {
            perft(clamber_position(size, position.as_deref())?, depth, divide);
        }
        Some(Command::Perft { game: Game::Ombagui, from: From { size, position }, depth, divide }) => {
            perft(ombagui_position(size, position.as_deref())?, depth, divide);
        }
        Some(Command::Moves { game: Game::Clamber, from: From { size, position } }) => {
            moves(clamber_position(size, position.as_deref())?);
        }
        Some(Command::Moves { game: Game::Ombagui, from: From { size, position } }) => {
            moves(ombagui_position(size, position.as_deref())?);
        }
        Some(Command::Rules { game }) => {
            let of = match game {
                Some(Game::Ombagui) => RulesOf::Ombagui,
                Some(Game::Clamber) | None => RulesOf::Clamber,
            };
            play(|area| App::rules(of, area))?;
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    i18n::set(match cli.lang {
        Some(Lang::En) => i18n::Lang::En,
        Some(Lang::Fr) => i18n::Lang::Fr,
        Some(Lang::Sr) => i18n::Lang::Sr,
        None => i18n::Lang::from_env(),
    });
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("hexstack: {error:#}");
            ExitCode::from(2)
        }
    }
}
