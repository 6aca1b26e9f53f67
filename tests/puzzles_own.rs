//! The player's own mistakes made puzzles: a reviewed game with a blunder gives
//! a puzzle in `hexstack puzzles list --mine`, once however often it is reviewed, and the
//! review screen offers them.

mod common;

use common::*;
use hexstack::ai::Level;
use hexstack::app::{App, Leave, Request, Screen};
use hexstack::autosave::Autosave;
use hexstack::i18n::Lang;
use hexstack::puzzles::{Goal, Puzzle};
use std::path::Path;
use std::process::Output;
use std::time::Duration;

/// Red, the computer, places far away; Blue places beside its only stack, and Red's capture
/// takes both: Blue walked into a lost game.
const LOST: &str = "hexstack saved game\ngame: clamber\ncomputer: red 2\nstart: 3/r/C4=r1,E4=b1\n\
                    turns:\nRed A1\nBlue D4\nRed C4xD4\nend\n";

/// The program run with its data folder at `data`.
fn in_data(data: &Path, args: &[&str]) -> Output {
    hexstack_with(args, |command| command.env("HEXSTACK_DATA_DIR", data))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `review FILE --text` at level 2 (a fixed depth, so the same on every machine); the
/// review's lines after the header, split at the tabs.
fn review(data: &Path, file: &Path) -> Vec<Vec<String>> {
    let output =
        in_data(data, &["review", file.to_str().unwrap(), "--text", "--level", "2", "--threads", "1"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    text(&output.stdout).lines().skip(1).map(|line| line.split('\t').map(str::to_string).collect()).collect()
}

fn list_mine(data: &Path) -> (Vec<Puzzle>, Output) {
    let output = in_data(data, &["puzzles", "list", "--mine"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let puzzles = text(&output.stdout).lines().map(|line| Puzzle::read(line).expect("a puzzle")).collect();
    (puzzles, output)
}

#[test]
fn a_reviewed_blunder_is_a_puzzle_of_ones_own_once() {
    let data = tempfile::tempdir().unwrap();
    let (puzzles, output) = list_mine(data.path());
    assert_eq!((puzzles.len(), output.stdout.len()), (0, 0), "nothing yet, and no error");
    let file = data.path().join("lost.hexstack");
    std::fs::write(&file, LOST).unwrap();
    let lines = review(data.path(), &file);
    assert_eq!(lines[1][..5], ["2", "blue", "D4", "0.00", "blunder"]);
    let better = lines[1][5].clone();

    let (puzzles, _) = list_mine(data.path());
    assert_eq!(puzzles.len(), 1, "Blue's blunder only: Red is the computer");
    let puzzle = &puzzles[0];
    assert_eq!(puzzle.check(), Ok(Goal::Better), "{puzzle}");
    assert_eq!(puzzle.solution, [better], "the review's better turn");
    assert_eq!(puzzle.position, "3/b/A1=r1,C4=r1,E4=b1", "the position before the blunder");
    assert_eq!(
        puzzle.mistake,
        Some(("3/r/C4=r1,E4=b1".to_string(), "A1".to_string())),
        "Red's turn before it"
    );
    assert_eq!(
        (puzzle.source.as_str(), puzzle.themes.clone()),
        ("lost.hexstack#2", vec!["mine".into(), "blunder".into()])
    );

    // Reviewed again, here or on screen later: nothing is added twice.
    let before = std::fs::read_to_string(data.path().join("puzzles/mine.tsv")).unwrap();
    assert_eq!(review(data.path(), &file), lines);
    assert_eq!(std::fs::read_to_string(data.path().join("puzzles/mine.tsv")).unwrap(), before);
    assert_eq!(list_mine(data.path()).0, puzzles);
}

#[test]
fn a_bad_line_in_ones_puzzles_is_skipped_not_fatal() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("lost.hexstack");
    std::fs::write(&file, LOST).unwrap();
    review(data.path(), &file);
    let mine = data.path().join("puzzles/mine.tsv");
    let good = std::fs::read_to_string(&mine).unwrap();
    std::fs::write(&mine, format!("{good}not\ta puzzle\nmine-x\tclamber\t3/b/A1=b1\tZ9\t1500\tmine\tx#1\n"))
        .unwrap();
    let (puzzles, output) = list_mine(data.path());
    assert_eq!(puzzles.len(), 1);
    let said = text(&output.stderr);
    assert_eq!(said.lines().count(), 1, "one line says what was skipped: {said}");
    assert!(said.contains("2 lines that are not puzzles skipped (the first, line 3"), "{said}");
    // The next review writes the file again without them.
    let other = data.path().join("other.hexstack");
    std::fs::write(&other, LOST.replace("Red A1", "Red B1")).unwrap();
    review(data.path(), &other);
    assert_eq!(list_mine(data.path()).0.len(), 2);
    assert!(!std::fs::read_to_string(&mine).unwrap().contains("not\ta puzzle"));
}

/// The review screen, once its puzzles are made, offers them on its title line; the key
/// asks the program to open them.
#[test]
fn the_review_offers_the_puzzles_of_ones_mistakes() {
    let wakes = awake();
    let mut app = clamber("3/b/C4=r1,E4=b1");
    for turn in ["D4", "C4xD4"] {
        assert!(game_mut(&mut app).table.commit(turn.parse().unwrap()));
    }
    let mut app = app.reviewing(Some(Level::ALL[1]), Leave::Game);
    let found = |app: &App| match &app.screen {
        Screen::Review(review) => {
            hexstack::each_game!(review.as_ref(), screen => screen.own_puzzles.found.clone())
        }
        _ => None,
    };
    press(&mut app, &["P"]);
    assert!(app.request.is_none(), "nothing to open while they are being made");
    assert!(run_until(&mut app, &wakes, Duration::from_secs(120), |app| found(app).is_some()));
    let puzzles = found(&app).unwrap();
    assert_eq!(puzzles.len(), 1, "Blue's blunder, in a game of two players");
    for lang in [Lang::En, Lang::Fr, Lang::Sr] {
        insta::assert_snapshot!(
            format!("the_review_offers_puzzles_{lang:?}"),
            render_in(&app, lang).backend().to_string()
        );
    }
    press(&mut app, &["P"]);
    assert_eq!(app.request, Some(Request::Puzzles(puzzles.clone())));

    // The loop's autosave adds them to the player's file, once.
    let data = tempfile::tempdir().unwrap();
    let mine = data.path().join("puzzles").join("mine.tsv");
    let mut autosave = Autosave::new(None, &mut app).with_puzzles(Some(mine.clone()));
    autosave.keep(&mut app);
    autosave.keep(&mut app);
    assert_eq!(hexstack::puzzles::files::read_own(&mine).unwrap(), (puzzles.clone(), vec![]));
    // Reopened, the review makes them again, and adds nothing.
    press(&mut app, &["q", "v"]);
    assert!(run_until(&mut app, &wakes, Duration::from_secs(120), |app| found(app).is_some()));
    autosave.keep(&mut app);
    assert_eq!(hexstack::puzzles::files::read_own(&mine).unwrap().0, puzzles);

    // What the loop does with the request: the puzzle screen, on the first of them.
    app.solve_mine(puzzles.clone(), Default::default());
    let Screen::Puzzle(screen) = &app.screen else { panic!("the puzzles are not on screen") };
    assert_eq!(screen.current.map(|n| screen.puzzles[n].id.clone()), Some(puzzles[0].id.clone()));
}
