//! `hexstack puzzles`: solve them on the board (all, a file's, one theme's), list them,
//! count their themes, make them.

use super::{Stop, game, print};
use crate::app::{App, Profile};
use crate::folders::Folders;
use crate::i18n::keys::*;
use crate::i18n::{Lang, Text, excerpt, text};
use crate::puzzles::Puzzle;
use crate::rules::GameKind;
use crate::store;
use clap::{Args, Subcommand};
use ratatui::layout::Rect;
use std::path::{Path, PathBuf};

/// `hexstack puzzles ...`: what to do with the puzzles.
#[derive(Subcommand)]
pub(crate) enum Puzzles {
    /// Print the puzzles, one a line, tab-separated (docs/puzzles.md): the shipped ones,
    /// or those of --file
    List {
        /// Only your own: the puzzles your reviews made of your mistakes
        #[arg(long)]
        mine: bool,
    },
    /// Print each theme of the puzzles `hexstack puzzles` opens (your own and the shipped
    /// ones, or those of --file) and how many have it, tab-separated
    Themes,
    /// Make puzzles from the computer's games against itself and from saved games
    Make(MakePuzzles),
}

/// `hexstack puzzles make`: what to make puzzles of, and how many.
#[derive(Args)]
pub(crate) struct MakePuzzles {
    /// The game
    #[arg(long, value_parser = game())]
    game: GameKind,
    /// Board side, for a game played on more than one (default: its usual board)
    #[arg(long)]
    size: Option<u32>,
    /// How many puzzles, 1 to 10000
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=10_000))]
    count: u16,
    /// The seed of the computer's games: the same seed makes the same puzzles
    #[arg(long)]
    seed: u64,
    /// Positions each proof may look at, 1000 to 100000000 (default 100000); a larger
    /// board needs more to prove wins of two and three turns
    #[arg(long, value_parser = clap::value_parser!(u64).range(1000..=100_000_000))]
    proof_budget: Option<u64>,
    /// Positions each of the computer's turns in its games may look at, 100 to 10000000
    /// (default 1500): stronger play ends fewer games with a blunder, more with a combination
    #[arg(long, value_parser = clap::value_parser!(u64).range(100..=10_000_000))]
    play_budget: Option<u64>,
    /// The most wins in one among them (default two thirds of --count): the commonest by
    /// far, and they teach least
    #[arg(long, value_name = "N")]
    most_in_one: Option<u16>,
    /// Saved games to look for puzzles in first
    files: Vec<PathBuf>,
}

/// Does what `hexstack puzzles` asks: `what` on the puzzles of `file` (else the player's
/// own and the shipped ones), kept to `theme` where one is given.
pub(super) fn run(
    what: Option<Puzzles>,
    file: Option<&Path>,
    theme: Option<String>,
    profile: Profile,
    (lang, lines): (Lang, bool),
) -> Result<(), Stop> {
    match (what, file) {
        (None, file) => {
            let (puzzles, mine) = match file {
                Some(file) => (puzzle_file(file)?, Default::default()),
                None => crate::puzzles::files::own_and_shipped(&profile.folders),
            };
            let theme = theme.map(|theme| known_theme(&puzzles, theme)).transpose()?;
            let history = crate::puzzles::files::player_history(&profile.folders);
            let mut app = App::puzzles(profile, puzzles, mine, history, Rect::default());
            if let Some(screen) = app.puzzle_screen() {
                screen.choose_theme(theme);
            }
            Ok(super::shown(app, lines)?)
        }
        (Some(Puzzles::Themes), file) => {
            let puzzles = match file {
                Some(file) => puzzle_file(file)?,
                None => crate::puzzles::files::own_and_shipped(&profile.folders).0,
            };
            let counts = crate::puzzles::theme_counts(&puzzles);
            print(
                counts
                    .iter()
                    .map(|(theme, count)| format!("{theme}\t{count}\n"))
                    .collect::<String>()
                    .trim_end(),
            )
        }
        (Some(Puzzles::List { mine }), file) => {
            let puzzles = match (mine, file) {
                (false, Some(file)) => puzzle_file(file)?,
                (false, None) => crate::puzzles::shipped().to_vec(),
                (true, None) => mine_listed(&profile.folders, lang)?,
                (true, Some(_)) => return Err(text!(PUZZLE_FILE_NOT_HERE, "list --mine").into()),
            };
            let puzzles = match theme {
                Some(theme) => {
                    let theme = known_theme(&puzzles, theme)?;
                    puzzles.into_iter().filter(|puzzle| puzzle.themes.contains(&theme)).collect()
                }
                None => puzzles,
            };
            print_puzzles(&puzzles)
        }
        (Some(Puzzles::Make(_)), Some(_)) => Err(text!(PUZZLE_FILE_NOT_HERE, "make").into()),
        (Some(Puzzles::Make(options)), None) => make(options),
    }
}

/// `theme`, if some of `puzzles` have it; else why not, with the nearest theme they have.
fn known_theme(puzzles: &[Puzzle], theme: String) -> Result<String, Text> {
    let counts = crate::puzzles::theme_counts(puzzles);
    if counts.iter().any(|(known, _)| *known == theme) {
        return Ok(theme);
    }
    let nearest = crate::config::suggest::nearest(&theme, counts.iter().map(|(known, _)| known.as_str()));
    Err(match nearest {
        Some(meant) => text!(PUZZLE_THEME_NEAR, excerpt(&theme), meant.to_string()),
        None => text!(PUZZLE_THEME_NONE, excerpt(&theme)),
    })
}

/// Prints puzzles one a line; nothing at all for none.
fn print_puzzles(puzzles: &[Puzzle]) -> Result<(), Stop> {
    match puzzles {
        [] => Ok(()),
        puzzles => print(puzzles.iter().map(|puzzle| format!("{puzzle}\n")).collect::<String>().trim_end()),
    }
}

/// `hexstack puzzles list --mine`: the player's own puzzles; a line that is not a puzzle is
/// skipped, and said on the error output.
fn mine_listed(folders: &Folders, lang: Lang) -> Result<Vec<Puzzle>, Text> {
    let path = crate::puzzles::files::mine_path(folders).ok_or_else(|| text!(ERR_NO_DATA_DIR))?;
    let (puzzles, skipped) = crate::puzzles::files::read_own(&path)?;
    if let Some((line, why)) = skipped.first() {
        let said = text!(MINE_SKIPPED, crate::i18n::shown_path(&path), skipped.len(), *line, why.clone());
        eprintln!("{}", lang.say(&said));
    }
    Ok(puzzles)
}

/// The puzzles of a shared file, or why it cannot be solved: unreadable, a bad line (its
/// number said), or no puzzle in it.
fn puzzle_file(file: &Path) -> Result<Vec<Puzzle>, Text> {
    /// The largest puzzle file read: some ten thousand puzzles.
    const LARGEST_MB: u64 = 16;
    let shown = crate::i18n::shown_path(file);
    let cannot = |error: std::io::Error| text!(ERR_READ, shown.clone()).because(store::why_not(&error));
    let mut text = String::new();
    let opened = std::fs::File::open(file).map_err(cannot)?;
    std::io::Read::read_to_string(&mut std::io::Read::take(opened, LARGEST_MB << 20), &mut text)
        .map_err(cannot)?;
    if text.len() as u64 >= LARGEST_MB << 20 {
        return Err(text!(PUZZLE_FILE_BIG, shown, LARGEST_MB));
    }
    let puzzles =
        crate::puzzles::read_set(&text).map_err(|error| text!(PUZZLE_FILE_BAD, shown.clone(), error))?;
    match puzzles.is_empty() {
        true => Err(text!(PUZZLE_FILE_EMPTY, shown)),
        false => Ok(puzzles),
    }
}

/// `hexstack puzzles make`: the command as a `#` head line, then each puzzle as it is
/// made, on stdout; each game played on stderr.
fn make(options: MakePuzzles) -> Result<(), Stop> {
    let MakePuzzles { game, size, count, seed, proof_budget, play_budget, most_in_one, files } = options;
    let start = game.start(size)?;
    let saved = files
        .iter()
        .map(|file| Ok((file.display().to_string(), store::load(file)?.game)))
        .collect::<Result<Vec<_>, Text>>()?;
    let size = size.map(|size| format!(" --size {size}")).unwrap_or_default();
    let named: String = files.iter().map(|file| format!(" {}", file.display())).collect();
    let most_in_one = most_in_one.map(u64::from);
    let budget = [("proof-budget", proof_budget), ("play-budget", play_budget), ("most-in-one", most_in_one)]
        .iter()
        .filter_map(|(name, value)| value.map(|value| format!(" --{name} {value}")))
        .collect::<String>();
    print(format!(
        "# hexstack puzzles make --game {}{size} --count {count} --seed {seed}{budget}{named}",
        game.name()
    ))?;
    let mut printed = Ok(());
    let emit = |puzzle: &Puzzle| {
        printed = print(puzzle);
        if printed.is_ok() { std::ops::ControlFlow::Continue(()) } else { std::ops::ControlFlow::Break(()) }
    };
    let progress = |games, made| eprintln!("game {games}: {made} of {count} puzzles");
    let mut options = crate::puzzles::make::Options::new(usize::from(count), seed);
    options.proof_budget = proof_budget.unwrap_or(options.proof_budget);
    options.play_budget = play_budget.unwrap_or(options.play_budget);
    options.most_in_one = most_in_one.map_or(options.most_in_one, |most| most as usize);
    crate::puzzles::make::make(&start, &saved, options, emit, progress)?;
    printed
}
