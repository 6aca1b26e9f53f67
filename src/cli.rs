//! The command line: every command and option (clap), the checks clap cannot make, and
//! what each command does, handed over to the part of the program that does it.

use crate::ai::Level;
use crate::app::{App, Computer, Leave};
use crate::folders::Folders;
use crate::i18n::keys::*;
use crate::i18n::{Lang, Text, text};
use crate::record::{Players, Side};
use crate::rules::GameKind;
use crate::{config, shell_files, store, terminal, text_commands};
use clap::{CommandFactory, Parser, Subcommand};
use ratatui::layout::Rect;
use std::path::PathBuf;

mod matches;
mod puzzles;
mod values;
pub(crate) use matches::Match;
pub(crate) use puzzles::Puzzles;
#[cfg(test)]
pub(crate) use values::LONGEST_NAME;
use values::required_level;
pub(crate) use values::{From, clock, game, level, scale};
pub(crate) use values::{check_depth, player_name};

/// `hexstack --version`: the version and the commit it was built from (build.rs).
pub(crate) const VERSION: &str =
    concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("HEXSTACK_COMMIT"), ")");

/// The command line: the options before any command, and the command.
// `long_about = None`: clap would make the doc comment above `--help`'s long text.
#[derive(Parser, Default)]
#[command(name = "hexstack", version = VERSION, about = about(), long_about = None)]
pub(crate) struct Cli {
    /// Language of the screens (default: the config file's, else the first of
    /// LC_ALL, LC_MESSAGES and LANG that is set, else English)
    #[arg(long, global = true)]
    pub lang: Option<Lang>,
    /// Lines of words instead of a screen, for a screen reader or a braille display: what
    /// is said is a line, what is asked a line typed (on by itself when TERM is dumb;
    /// --screen-reader=off turns it off)
    #[arg(
        long,
        global = true,
        value_name = "on|off",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "on",
        value_parser = clap::builder::BoolishValueParser::new(),
        hide_possible_values = true
    )]
    pub screen_reader: Option<bool>,
    /// The settings' flags given before any command (the menu's, and under a command's own)
    #[command(flatten)]
    pub settings: config::Flags,
    // clap would make a doc comment here, and on the commands' fields, help text: what
    // `--help` says of them is their documentation.
    #[allow(missing_docs)]
    #[command(subcommand)]
    pub command: Option<Command>,
}

impl Cli {
    /// The settings' flags given: a command's own over those given before it. Only the
    /// commands that open a screen, and `config`, which lists the settings, take them;
    /// `puzzles` only before its name, its own `--theme` being a puzzle theme.
    pub(crate) fn flags(&self) -> config::Flags {
        let own = match &self.command {
            Some(
                Command::Play { settings, .. }
                | Command::Resume { settings }
                | Command::Load { settings, .. }
                | Command::Rules { settings, .. }
                | Command::Review { settings, .. }
                | Command::Config { settings, .. },
            ) => Some(settings),
            #[cfg(feature = "ssh")]
            Some(Command::Serve { settings, .. }) => Some(settings),
            _ => None,
        };
        let flags = own.map_or_else(|| self.settings.clone(), |own| own.clone().over(&self.settings));
        config::Flags { screen_reader: self.screen_reader, ..flags }
    }
}

/// The command line as clap reads it; without arguments (the menu, the start most players
/// make), what clap would give, without building its whole command: that took a quarter
/// of the instructions before the first frame.
pub(crate) fn parse() -> Result<Cli, clap::Error> {
    match std::env::args_os().len() {
        0 | 1 => Ok(Cli::default()),
        _ => Cli::try_parse(),
    }
}

/// What `hexstack --help` opens with, the games named from their list.
fn about() -> String {
    let titles = GameKind::ALL.iter().map(|kind| kind.title().to_string());
    format!("Hex stacking games, {}, for two players at one terminal", crate::rules::listing(titles, "and"))
}

/// The commands (`hexstack play`, `hexstack serve`...), each with its own options; without
/// one the menu opens.
// The doc comments of the commands' fields would be their help text in `--help`: those
// without one are said by their names there (a game, a file, a shell).
#[allow(missing_docs)]
#[derive(Subcommand)]
pub(crate) enum Command {
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
        #[arg(long)]
        computer: Option<Side>,
        /// The computer's level, 1 (beginner) to 5 (expert); the config file's, else 3 (with --computer only)
        #[arg(long, requires = "computer", value_name = "LEVEL")]
        level: Option<String>,
        /// Play on time: M+S (M minutes each, S seconds added after each turn), Ns+S for a
        /// base in seconds, or none (default: the config file's, else none)
        #[arg(long, value_name = "M+S")]
        clock: Option<String>,
        #[command(flatten)]
        settings: config::Flags,
    },
    /// Continue the most recently kept game
    Resume {
        #[command(flatten)]
        settings: config::Flags,
    },
    /// Open a saved game: replay it, or play on from any turn
    Load {
        file: PathBuf,
        #[command(flatten)]
        settings: config::Flags,
    },
    /// The interactive rules
    Rules {
        #[arg(value_parser = game())]
        game: Option<GameKind>,
        #[command(flatten)]
        settings: config::Flags,
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
    /// Answer the engine line protocol on stdin and stdout (see docs/engine.md)
    Engine,
    /// Computer against computer: --blue's level against --red's, colours alternating
    Match(Match),
    /// Host a game for a friend on another machine, who joins with ssh (you play Blue)
    #[cfg(feature = "ssh")]
    Serve {
        #[arg(value_parser = game())]
        game: Option<GameKind>,
        /// Board side, for a game played on more than one (default: its usual board)
        #[arg(long)]
        size: Option<u32>,
        #[command(flatten)]
        listen: crate::net::Listen,
        /// Host the most recently kept game again instead of a new one
        #[arg(long, conflicts_with_all = ["game", "size", "load"])]
        resume: bool,
        /// Host the game kept in this file (it goes on being kept there)
        #[arg(long, conflicts_with_all = ["game", "size"])]
        load: Option<PathBuf>,
        /// Play on time, as play's --clock says (a hosted kept game keeps its own)
        #[arg(long, value_name = "M+S", conflicts_with_all = ["resume", "load"])]
        clock: Option<String>,
        #[command(flatten)]
        settings: config::Flags,
    },
    /// The club: its members, games and ratings, kept in a database (docs/club.md)
    #[cfg(feature = "club")]
    Club(crate::clubhouse::ClubArgs),
    /// The computer's review of a saved game: its graph, its mistakes, better turns
    Review {
        /// The saved game to review (its review is kept in it, but with --text)
        file: PathBuf,
        /// The level the computer reviews at, 1 to 5 (default: --review-level, else 4)
        #[arg(long, value_name = "LEVEL")]
        level: Option<String>,
        /// Print one line a turn and one a player, tab-separated, instead of opening it
        #[arg(long)]
        text: bool,
        /// Threads to look at the positions on, 1 to 256 (default: one a core); the review
        /// is the same on any number
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: Option<u16>,
        #[command(flatten)]
        settings: config::Flags,
    },
    /// Puzzles: positions after a mistake, with a win to find (without a subcommand:
    /// solve them on the board)
    Puzzles {
        #[command(subcommand)]
        what: Option<Puzzles>,
        /// Solve the puzzles of this file (one a line, as `puzzles list` prints them)
        #[arg(long, value_name = "FILE")]
        file: Option<PathBuf>,
        /// Keep to the puzzles of this theme (`hexstack puzzles themes` lists them); here
        /// --theme is the puzzles' theme, not the colours'
        #[arg(long, value_name = "NAME")]
        theme: Option<String>,
    },
    /// List every legal turn, one a line
    Moves {
        #[command(flatten)]
        from: From,
    },
    /// Print a completion script for a shell: `hexstack completions bash > FILE`
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff): `hexstack man | man -l -`
    Man,
    /// The config file in use, and every setting with its value and where it came from
    Config {
        /// Print a commented config file of the defaults instead, to start one from
        #[arg(long)]
        default: bool,
        #[command(flatten)]
        settings: config::Flags,
    },
}

/// Reads the settings (the config file, `--lang` and the settings' flags over it) and says
/// on stderr what was wrong in the file, once.
pub(crate) fn configure(cli: &Cli) -> Result<config::Loaded, Text> {
    let loaded = config::load(&cli.flags(), cli.lang, &config::Env::read())?;
    let lang = loaded.settings.lang.value;
    for warning in &loaded.warnings {
        eprintln!("hexstack: {}", crate::i18n::printable(&lang.say(warning)));
    }
    Ok(loaded)
}

/// How a command ends before its work is done.
#[derive(Debug)]
pub(crate) enum Stop {
    /// Said on the error output; the exit status is 2.
    Error(Text),
    /// Standard output was closed (`hexstack puzzles list | head -1`): no error, nothing
    /// said, as ripgrep and coreutils do.
    Closed,
}

impl<T: Into<Text>> std::convert::From<T> for Stop {
    fn from(error: T) -> Stop {
        Stop::Error(error.into())
    }
}

/// A failed write to standard output: a closed pipe ends the command quietly.
fn written(result: std::io::Result<()>) -> Result<(), Stop> {
    match result {
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => Err(Stop::Closed),
        other => Ok(other?),
    }
}

/// Does what `command` asks (the menu when none), with the settings `loaded`: the
/// terminal's profile is theirs.
pub(crate) fn run(command: Option<Command>, loaded: &config::Loaded) -> Result<(), Stop> {
    let (area, lang, lines) =
        (Rect::default(), loaded.settings.lang.value, loaded.settings.screen_reader.value);
    let mut profile = crate::speech::profile(loaded.settings.profile(), lines);
    profile.folders = Folders::new(data_folder());
    let (prefs, folders) = (profile.prefs.clone(), profile.folders.clone());
    let open = |app: App| Ok(shown(app, lines)?);
    match command {
        None => open(App::new(profile, area).with_note(config::note(&loaded.warnings))),
        Some(Command::Config { default: true, .. }) => print(config::default_file().trim_end()),
        Some(Command::Config { default: false, .. }) => print(config::listing(loaded, lang)),
        Some(Command::Play { from, blue, red, computer, level, clock, .. }) => {
            let level = self::level(level.as_deref())?.unwrap_or(prefs.level);
            let computer = computer.map(|side| Computer::new(side, level));
            let (blue, red) = (player_name(blue)?.or(prefs.blue), player_name(red)?.or(prefs.red));
            let players = Players { blue, red, computer: None };
            let clock = self::clock(clock.as_deref())?.unwrap_or(prefs.clock);
            let app = App::game(profile, from.position()?, area).with_players(players).with_clock(clock);
            open(app.with_computer(computer))
        }
        Some(Command::Resume { .. }) => {
            let (game, path) = store::resume(folders.saves().as_deref())?;
            open(App::opened(profile, game, path, area))
        }
        Some(Command::Load { file, .. }) => open(App::opened(profile, store::load(&file)?, file, area)),
        Some(Command::Rules { game, .. }) => {
            open(App::rules(profile, game.unwrap_or(GameKind::ALL[0]), area))
        }
        Some(Command::Perft { from, depth, divide }) => {
            let position = from.position()?;
            check_depth(&position, depth)?;
            print(text_commands::perft_report(&position, depth, divide))
        }
        #[cfg(feature = "ssh")]
        // Asked for, not only guessed from TERM=dumb: serve has no mode of lines yet.
        Some(Command::Serve { .. })
            if lines && loaded.settings.screen_reader.source != config::Source::Env =>
        {
            Err(text!(SPEECH_NO_SERVE).into())
        }
        #[cfg(feature = "ssh")]
        Some(Command::Serve { game, size, listen, resume, load, clock, .. }) => {
            let hosted = match (resume, load) {
                (true, _) => crate::net::Hosted::Kept(store::resume(folders.saves().as_deref())?),
                (false, Some(file)) => crate::net::Hosted::Kept((store::load(&file)?, file)),
                (false, None) => {
                    let clock = self::clock(clock.as_deref())?.unwrap_or(prefs.clock);
                    crate::net::Hosted::New(game.unwrap_or(GameKind::ALL[0]).start(size)?, clock)
                }
            };
            Ok(crate::net::serve(hosted, &listen, profile)?)
        }
        #[cfg(feature = "club")]
        Some(Command::Club(args)) => match crate::clubhouse::command(args, loaded, &folders)? {
            said if said.is_empty() => Ok(()),
            said => print(said),
        },
        Some(Command::Review { file, level, text: true, threads, .. }) => {
            review_text(&file, (level, prefs.review_level), threads, (lang, &folders))
        }
        Some(Command::Review { file, level, text: false, .. }) => {
            let level = self::level(level.as_deref())?;
            open(App::opened(profile, store::load(&file)?, file, area).reviewing(level, Leave::Quit))
        }
        Some(Command::Moves { from }) => print(text_commands::moves(&from.position()?)),
        Some(Command::Engine) => {
            written(crate::protocol::run(std::io::BufReader::new(std::io::stdin()), &mut std::io::stdout()))
        }
        Some(Command::Match(options)) => matches::play_match(options),
        Some(Command::Completions { shell }) => {
            print(shell_files::completions(shell, &mut Cli::command()).trim_end())
        }
        Some(Command::Man) => {
            print(shell_files::page(Cli::command()).map_err(anyhow::Error::from)?.trim_end())
        }
        Some(Command::Puzzles { what, file, theme }) => {
            puzzles::run(what, file.as_deref(), theme, profile, (lang, lines))
        }
    }
}

/// The data folder: `$HEXSTACK_DATA_DIR`, else the platform's (`$XDG_DATA_HOME/hexstack`
/// on Linux, Application Support on macOS, AppData on Windows). Read here once, at the
/// start, and handed down in the profile's [`Folders`].
pub(crate) fn data_folder() -> Option<PathBuf> {
    match std::env::var_os("HEXSTACK_DATA_DIR") {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => Some(dirs::data_dir()?.join("hexstack")),
    }
}

/// Runs `app` until its player leaves: on the terminal's screen, or in `lines` of words
/// (the screen-reader mode).
pub(crate) fn shown(app: App, lines: bool) -> Result<(), Text> {
    match lines {
        true => crate::speech::run(app),
        false => terminal::run(app),
    }
}

/// `review FILE --text`: the review printed as it is made (at `--level`, else the kept
/// review's, else the player's `usual` review level), then the player's mistakes kept as
/// puzzles.
fn review_text(
    file: &std::path::Path,
    (level, usual): (Option<String>, Level),
    threads: Option<u16>,
    (lang, folders): (Lang, &Folders),
) -> Result<(), Stop> {
    let asked = self::level(level.as_deref())?;
    let saved = store::load(file)?;
    let level = text_commands::review_level(&saved, asked, usual);
    if let Some(kept) = saved.review.as_ref().filter(|kept| kept.level != level) {
        eprintln!("{}", lang.say(&text!(REVIEW_TEXT_NEW_LEVEL, level.number(), kept.level.number())));
    }
    let threads = threads.map_or_else(crate::ai::review::all_cores, usize::from);
    let source = file.file_name().map(|name| name.to_string_lossy().into_owned());
    let mut shown = Ok(());
    let puzzles =
        text_commands::review_text_and_puzzles(&saved, (level, threads), source.as_deref(), &mut |text| {
            shown = print(text)
        });
    shown?;
    keep_puzzles(&puzzles, folders, lang);
    Ok(())
}

/// Adds the puzzles `review --text` made to the player's file, and says so on the error
/// output (the review's own lines stay as scripts read them); a failure is said, not fatal.
fn keep_puzzles(puzzles: &[crate::puzzles::Puzzle], folders: &Folders, lang: Lang) {
    let Some(path) = crate::puzzles::files::mine_path(folders).filter(|_| !puzzles.is_empty()) else {
        return;
    };
    let said = match crate::puzzles::files::keep_own(&path, puzzles) {
        Ok(new) => text!(MINE_TEXT_KEPT, puzzles.len(), new, crate::i18n::shown_path(&path)),
        Err(why) => text!(MINE_KEPT_FAILED, why),
    };
    eprintln!("{}", lang.say(&said));
}

/// Writes `text` and a new line on standard output; a closed pipe ends the command
/// quietly, not with a panic or an error.
fn print(text: impl std::fmt::Display) -> Result<(), Stop> {
    written(text_commands::print(text))
}

#[cfg(test)]
mod tests;
