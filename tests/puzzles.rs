//! The puzzles through the command line, read as text: `puzzles list` prints the shipped
//! sets' lines (or a file's), `puzzles themes` counts the themes in the sets' sixth column,
//! `--theme` keeps to one, and a reviewed game's blunder becomes a line of `list --mine`,
//! once. The puzzles themselves (proved, solved, made) are tested in process
//! (src/puzzles/tests).

mod common;

use common::hexstack_with;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Output;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The puzzle lines of a set as text: its comment lines left out.
fn lines(text: &str) -> Vec<&str> {
    text.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()).collect()
}

/// A puzzle line's columns: id, game, position, solution, rating, themes, source, and for
/// a player's own, the position and turn before the mistake.
fn columns(line: &str) -> Vec<&str> {
    line.split('\t').collect()
}

/// The program run with its data folder at `data`.
fn in_data(data: &Path, args: &[&str]) -> Output {
    hexstack_with(args, |command| command.env("HEXSTACK_DATA_DIR", data))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn puzzles_list_prints_the_shipped_sets_line_for_line() {
    let data = tempfile::tempdir().unwrap();
    let output = in_data(data.path(), &["puzzles", "list"]);
    assert!(output.status.success());
    let shipped: String = ["clamber-3", "clamber-4", "ombagui"]
        .iter()
        .map(|set| std::fs::read_to_string(format!("{ROOT}/assets/puzzles/{set}.tsv")).unwrap())
        .collect();
    let listed = text(&output.stdout);
    assert!(lines(&shipped).len() > 700, "the shipped sets are there");
    assert_eq!(lines(&listed), lines(&shipped));
}

#[test]
fn puzzles_list_prints_the_file_it_is_given() {
    let data = tempfile::tempdir().unwrap();
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/puzzles.tsv");
    let output = in_data(data.path(), &["puzzles", "--file", file, "list"]);
    assert!(output.status.success());
    assert_eq!(lines(&text(&output.stdout)), lines(&std::fs::read_to_string(file).unwrap()));
    // With a command that has puzzles of its own, --file is refused in one line.
    for args in [
        &["puzzles", "--file", file, "list", "--mine"][..],
        &["puzzles", "--file", file, "make", "--game", "clamber", "--count", "1", "--seed", "1"],
    ] {
        let output = in_data(data.path(), args);
        let said = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(said.starts_with("hexstack: --file goes with") && said.lines().count() == 1, "{said}");
    }
}

#[test]
fn puzzles_themes_counts_and_puzzles_theme_keeps_to_one() {
    let data = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| in_data(data.path(), args);
    let output = run(&["puzzles", "themes"]);
    assert!(output.status.success());
    let listed = text(&run(&["puzzles", "list"]).stdout);
    let mut counted: BTreeMap<&str, usize> = BTreeMap::new();
    for line in lines(&listed) {
        for theme in columns(line)[5].split(',') {
            *counted.entry(theme).or_default() += 1;
        }
    }
    let counts = text(&output.stdout);
    assert_eq!(counts.lines().count(), counted.len(), "{counts}");
    for line in counts.lines() {
        let (theme, count) = line.split_once('\t').unwrap();
        assert_eq!(counted.get(theme), Some(&count.parse().unwrap()), "{line}");
    }
    let parry = counted["parry"];
    let kept = text(&run(&["puzzles", "--theme", "parry", "list"]).stdout);
    assert_eq!(lines(&kept).len(), parry);
    assert!(lines(&kept).iter().all(|line| columns(line)[5].split(',').any(|theme| theme == "parry")));
    let output = run(&["--lang", "fr", "puzzles", "--theme", "parri"]);
    assert_eq!(output.status.code(), Some(2));
    let said = text(&output.stderr);
    assert!(said.contains("le thème parri (vouliez-vous dire parry ?)"), "{said}");
    // Elsewhere --theme is still the colours'.
    let output = run(&["--theme", "mono", "config"]);
    assert!(text(&output.stdout).contains("mono"));
}

/// Red, the computer, places far away; Blue places beside its only stack, and Red's capture
/// takes both: Blue walked into a lost game.
const LOST: &str = "hexstack saved game\ngame: clamber\ncomputer: red 2\nstart: 3/r/C4=r1,E4=b1\n\
                    turns:\nRed A1\nBlue D4\nRed C4xD4\nend\n";

/// `review FILE --text` at level 2 (a fixed depth, so the same on every machine); the
/// review's lines after the header, split at the tabs.
fn review(data: &Path, file: &Path) -> Vec<Vec<String>> {
    let output =
        in_data(data, &["review", file.to_str().unwrap(), "--text", "--level", "2", "--threads", "1"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    text(&output.stdout).lines().skip(1).map(|line| line.split('\t').map(str::to_string).collect()).collect()
}

/// `puzzles list --mine`: its lines, and the whole output.
fn list_mine(data: &Path) -> (Vec<String>, Output) {
    let output = in_data(data, &["puzzles", "list", "--mine"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    (text(&output.stdout).lines().map(str::to_string).collect(), output)
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
    let puzzle = columns(&puzzles[0]);
    assert_eq!(
        puzzle[1..4],
        ["clamber", "3/b/A1=r1,C4=r1,E4=b1", &better],
        "the position before the blunder"
    );
    assert_eq!(
        puzzle[5..],
        ["mine,blunder", "lost.hexstack#2", "3/r/C4=r1,E4=b1", "A1"],
        "Red's turn before it"
    );

    // Reviewed again: nothing is added twice.
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
