//! The kill -9 storm: a hexstack keeping a game on time is killed at random moments while
//! it plays and saves, then the game is resumed, again and again. After every kill each
//! kept file loads and holds every turn that was acknowledged as kept before the kill, with
//! the time each took, and once the game is resumed no half-written file and no lock is
//! left behind.
//!
//! The test runs itself as the child (the same test binary, told so by an environment
//! variable), so that the child is a real process killed with SIGKILL. Run it alone with
//! `cargo test --release --test kill_storm -- --ignored --nocapture` to see its figures;
//! `HEXSTACK_STORM_KILLS` and `HEXSTACK_STORM_SEED` change how many kills and which moments.

use crate::app::Profile;
use crate::app::{App, Screen};
use crate::autosave::Autosave;
use crate::rules::{Any, Game, ombagui};
use crate::store;
use ratatui::layout::Rect;
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// Set in the child: the saves folder it plays in.
const CHILD: &str = "HEXSTACK_STORM_CHILD";
/// The most turns a child plays (it is killed long before).
const TURNS: usize = 2_000;
const AREA: Rect = Rect { x: 0, y: 0, width: 80, height: 24 };

fn number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|value| value.parse().ok()).unwrap_or(default)
}

/// A small random number generator (a linear congruential one): the storm repeats itself.
struct Dice(u64);

impl Dice {
    fn roll(&mut self, below: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % below.max(1)
    }
}

/// How many turns the game kept at `path` holds, and what its first `first` turns took,
/// added up, in milliseconds (`None` if one has no time).
fn turns_in(path: &Path, first: usize) -> (usize, Option<u128>) {
    let saved = store::load(path).unwrap_or_else(|error| panic!("{error:#}"));
    crate::each_game!(&saved.game, record => (record.all_turns().count(), spent(record.line(), first)))
}

/// What the first `first` turns of `line` took, added up, in milliseconds.
fn spent<G: Game>(line: &[crate::record::Ply<G>], first: usize) -> Option<u128> {
    let turns = line.iter().filter(|ply| ply.turn.is_some()).take(first);
    turns.map(|ply| ply.spent.map(|spent| spent.as_millis())).sum()
}

fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".tmp") || name.ends_with(".lock"))
        .collect()
}

/// The child: resumes the last game (or starts one, on a clock), then plays random turns,
/// each kept, telling `kept FILE TURNS MS` (what the turns took, added up) after each
/// write, until it is killed or `turns` are played.
fn child(dir: &Path, seed: u64, turns: usize) {
    let mut dice = Dice(seed);
    let clock = crate::clock::TimeControl::parse("1+0").unwrap();
    let fresh =
        || App::game(Profile::default(), Any::Ombagui(ombagui::Position::start()), AREA).with_clock(clock);
    let mut app = match store::resume(Some(dir)) {
        Ok((saved, path)) => App::opened(Profile::default(), saved, path, AREA),
        Err(_) => fresh(),
    };
    let mut autosave = Autosave::new(Some(dir.to_path_buf()), &mut app);
    autosave.keep(&mut app);
    assert_eq!(app.overlay, None, "a killed hexstack's lock is stale: the game is taken over");
    for _ in 0..turns {
        let Screen::Game(game) = &mut app.screen else { unreachable!() };
        let Any::Ombagui(game) = game.as_mut() else { unreachable!("an Ombagui game") };
        let table = &mut game.table;
        let legal = table.position().legal_turns();
        let over = match table.end().is_some() || legal.is_empty() {
            true => true,
            false => !table.commit(legal[dice.roll(legal.len() as u64) as usize]),
        };
        if over {
            app = fresh();
        }
        autosave.keep(&mut app);
        assert_eq!(autosave.failing, None);
        let Screen::Game(game) = &mut app.screen else { unreachable!() };
        let Any::Ombagui(game) = game.as_mut() else { unreachable!("an Ombagui game") };
        if let Some(path) = game.keeping.at.clone() {
            let (turns, ms) = game.table.read(|record| {
                let turns = record.all_turns().count();
                (turns, spent(record.line(), turns).expect("every turn on time has its time"))
            });
            println!("kept {} {turns} {ms}", path.display());
        }
    }
}

/// What a `kept FILE TURNS MS` line of the child's says.
fn kept(line: &str) -> Option<(&str, usize, u128)> {
    let (rest, ms) = line.strip_prefix("kept ")?.rsplit_once(' ')?;
    let (path, turns) = rest.rsplit_once(' ')?;
    Some((path, turns.parse().ok()?, ms.parse().ok()?))
}

#[test]
#[ignore = "about 40 s unoptimised: CI runs it with the optimised tests (--release --ignored)"]
fn kill_storm() {
    if let Some(dir) = std::env::var_os(CHILD) {
        let turns = number("HEXSTACK_STORM_TURNS", TURNS as u64) as usize;
        return child(Path::new(&dir), number("HEXSTACK_STORM_SEED", 1), turns);
    }
    let dir = tempfile::tempdir().unwrap();
    let kills = number("HEXSTACK_STORM_KILLS", 25);
    let mut dice = Dice(number("HEXSTACK_STORM_SEED", 24));
    let spawn = |seed: u64, turns: usize| {
        Command::new(std::env::current_exe().unwrap())
            .arg(crate::testing::test_path(module_path!(), "kill_storm"))
            .args(["--exact", "--include-ignored", "--nocapture", "--test-threads=1"])
            .env(CHILD, dir.path())
            .env("HEXSTACK_STORM_SEED", seed.to_string())
            .env("HEXSTACK_STORM_TURNS", turns.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap()
    };
    let started = Instant::now();
    let mut acknowledged: HashMap<PathBuf, (usize, u128)> = HashMap::new();
    let (mut saves, mut checked, mut mid_write) = (0, 0, 0);
    for round in 0..kills {
        let mut process = spawn(dice.roll(u64::MAX), TURNS);
        let wait_for = 1 + dice.roll(60);
        let mut heard = 0;
        for line in BufReader::new(process.stdout.take().unwrap()).lines() {
            let line = line.unwrap();
            let Some((path, turns, ms)) = kept(&line) else { continue };
            acknowledged.insert(PathBuf::from(path), (turns, ms));
            heard += 1;
            if heard == wait_for {
                // While the child plays on, check the file just kept a random number of
                // times: a random moment, made of useful work rather than a sleep.
                for _ in 0..dice.roll(4) {
                    assert!(turns_in(Path::new(path), turns).0 >= turns);
                }
                // SIGKILL, wherever the child is: most often in the middle of a save.
                process.kill().unwrap();
                break;
            }
        }
        process.wait().unwrap();
        saves += heard;
        mid_write += leftovers(dir.path()).iter().filter(|name| name.ends_with(".tmp")).count();
        for entry in std::fs::read_dir(dir.path()).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|ext| ext == crate::saved::EXTENSION) {
                let (before, ms) = acknowledged.get(&path).copied().unwrap_or((0, 0));
                let (turns, kept_ms) = turns_in(&path, before);
                assert!(
                    turns >= before,
                    "round {round}: {} holds {turns} turns, {before} were kept",
                    path.display()
                );
                assert_eq!(kept_ms, Some(ms), "round {round}: {}: the kept turns' times", path.display());
                checked += 1;
            }
        }
    }
    // One more resume, let run to its end: it takes over the last lock and cleans up.
    let mut last = spawn(7, 0);
    let mut output = String::new();
    std::io::Read::read_to_string(last.stdout.as_mut().unwrap(), &mut output).unwrap();
    assert!(last.wait().unwrap().success(), "{output}");
    assert_eq!(leftovers(dir.path()), Vec::<String>::new(), "nothing half-written and no lock is left");
    assert!(saves > kills, "the children were killed while they played ({saves} saves)");
    eprintln!(
        "kill storm: {kills} kills, {saves} saves acknowledged, {mid_write} left mid-write and cleaned, \
         {checked} file loads checked, {} games (the longest {} turns), {:.1} s",
        acknowledged.len(),
        acknowledged.values().map(|(turns, _)| turns).max().unwrap_or(&0),
        started.elapsed().as_secs_f64()
    );
}

use crate::app::event::Event as Wake;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

/// Set in the child of the puzzle storm: the folder its history is kept in.
const PUZZLE_CHILD: &str = "HEXSTACK_PUZZLE_STORM_CHILD";

/// The puzzle child: opens the puzzle screen on the kept history, then fails puzzle after
/// puzzle (a hint costs each one), every attempt kept, telling `attempts N RATING` after
/// each write, until it is killed.
fn puzzle_child(dir: &Path) {
    let set = crate::puzzles::read_set(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/puzzles.tsv"
    )))
    .unwrap();
    let mut app = App::puzzles(
        Profile::default(),
        set,
        Default::default(),
        crate::puzzles::files::kept_history(Some(dir.join("history.txt"))),
        AREA,
    );
    for _ in 0..TURNS {
        for code in [KeyCode::Char('t'), KeyCode::Tab] {
            app.handle(Wake::Input(Event::Key(KeyEvent::new(code, KeyModifiers::NONE))));
        }
        // As the terminal's loop does: the history the screen asks kept is written.
        if let Some(request) = app.request.take() {
            let mut autosave = crate::autosave::Autosave::new(None, &mut app);
            crate::terminal::serve(request, &mut app, &mut autosave);
        }
        let Screen::Puzzle(screen) = &app.screen else { unreachable!("the puzzle screen") };
        assert_eq!(screen.note, None, "the history is written");
        println!("attempts {} {}", screen.history.attempts().count(), screen.rating().rating);
    }
}

/// The history and the rating survive kill -9 during their writes: after each kill the
/// file reads back whole (every line an attempt), holding every attempt acknowledged,
/// its rating the last one told.
#[test]
fn puzzle_history_kill_storm() {
    if let Some(dir) = std::env::var_os(PUZZLE_CHILD) {
        return puzzle_child(Path::new(&dir));
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("history.txt");
    // A long history, so that each write takes a while: a kill lands in the middle of one.
    let line = "2026-12-03 15:00 UTC\tt-c1\tfailed\t1500.5\t200.25\t0.06\n";
    std::fs::write(&path, line.repeat(5_000)).unwrap();
    let mut dice = Dice(number("HEXSTACK_STORM_SEED", 34));
    let (mut acknowledged, mut rating) = (0usize, None::<f64>);
    let mut heard_all = 0;
    for round in 0..number("HEXSTACK_STORM_KILLS", 8) {
        let mut process = Command::new(std::env::current_exe().unwrap())
            .arg(crate::testing::test_path(module_path!(), "puzzle_history_kill_storm"))
            .args(["--exact", "--nocapture", "--test-threads=1"])
            .env(PUZZLE_CHILD, dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let wait_for = 1 + dice.roll(30);
        let mut heard = 0;
        for line in BufReader::new(process.stdout.take().unwrap()).lines() {
            let line = line.unwrap();
            let Some((count, told)) = line.strip_prefix("attempts ").and_then(|rest| rest.split_once(' '))
            else {
                continue;
            };
            (acknowledged, rating) = (count.parse().unwrap(), Some(told.parse().unwrap()));
            heard += 1;
            if heard == wait_for {
                // A random moment made of useful work, as above: the file read meanwhile.
                for _ in 0..dice.roll(4) {
                    let read = crate::puzzles::files::load_history(&path).attempts().count();
                    assert!(read >= acknowledged, "every attempt told is in the file, read whole");
                }
                process.kill().unwrap();
                break;
            }
        }
        process.wait().unwrap();
        heard_all += heard;
        let text = std::fs::read_to_string(&path).unwrap();
        let history = crate::puzzles::history::History::read(&text);
        let count = history.attempts().count();
        assert_eq!(count, text.lines().count(), "round {round}: every line of the file is an attempt");
        assert!(count >= acknowledged, "round {round}: {count} attempts kept, {acknowledged} were told");
        if count == acknowledged {
            assert_eq!(Some(history.rating().rating), rating, "round {round}: the rating told is kept");
        }
    }
    assert!(heard_all > 8, "the children were killed while they kept their attempts");
    let mid_write = leftovers(dir.path()).len();
    eprintln!("puzzle storm: {heard_all} attempts acknowledged, {mid_write} temporary files left mid-write");
}
