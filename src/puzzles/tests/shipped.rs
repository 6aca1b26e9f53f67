//! The shipped puzzle sets and the generator that made them (`hexstack puzzles make`):
//! every puzzle a legal win after its mistake, enough of them, no position twice, of one to
//! three turns and more; the same seed making the same puzzles, each proved by search.

use crate::puzzles::make::{Options, make};
use crate::puzzles::{Goal, Puzzle, read_set};
use crate::rules::GameKind;
use std::collections::HashSet;

/// Each shipped set: its name, its text, the fewest puzzles it must hold, and the longest
/// win (in the solver's turns) it must hold puzzles of every length up to. Clamber side 4
/// has none of three turns: its self-play games hardly ever end in one (docs/puzzles.md).
const SETS: [(&str, &str, usize, usize); 3] = [
    ("clamber-3", include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/puzzles/clamber-3.tsv")), 300, 3),
    ("clamber-4", include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/puzzles/clamber-4.tsv")), 200, 2),
    ("ombagui", include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/puzzles/ombagui.tsv")), 300, 3),
];

fn set(text: &str) -> Vec<Puzzle> {
    read_set(text).expect("a shipped set reads")
}

#[test]
fn every_shipped_puzzle_is_a_legal_win_after_its_mistake() {
    for (name, text, ..) in SETS {
        for puzzle in set(text) {
            let turns = puzzle.solver_turns();
            assert_eq!(puzzle.check(), Ok(Goal::Win { turns }), "{name} {}", puzzle.id);
            assert!(puzzle.mistake.is_some(), "{name} {} carries the mistake before it", puzzle.id);
            assert!(puzzle.themes.contains(&format!("win-in-{turns}")), "{name} {}", puzzle.id);
        }
    }
}

/// The shipped files' themes are what the tagging gives their lines (recomputed, never
/// written by hand), and each theme picks out a set: none but a length is on nine puzzles in
/// ten of a set, and each names words in every language.
#[test]
fn the_shipped_themes_are_the_taggings_and_each_picks_out_a_set() {
    for (name, text, ..) in SETS {
        let puzzles = set(text);
        let mut counts = std::collections::BTreeMap::<String, usize>::new();
        for puzzle in &puzzles {
            assert_eq!(puzzle.tagged().as_ref(), Ok(&puzzle.themes), "{name} {}", puzzle.id);
            for theme in &puzzle.themes {
                *counts.entry(theme.clone()).or_default() += 1;
                assert!(crate::puzzles::theme_words(theme).is_some(), "{theme} has words");
            }
        }
        for (theme, count) in counts.iter().filter(|(theme, _)| !theme.starts_with("win-in-")) {
            assert!(count * 10 < puzzles.len() * 9, "{name}: {theme} is on {count} of {}", puzzles.len());
        }
    }
}

#[test]
fn the_shipped_sets_hold_enough_puzzles_of_one_to_three_turns_each_position_once() {
    let mut positions = HashSet::new();
    let mut ids = HashSet::new();
    for (name, text, fewest, longest) in SETS {
        let puzzles = set(text);
        assert!(puzzles.len() >= fewest, "{name} holds {} puzzles, fewer than {fewest}", puzzles.len());
        for turns in 1..=longest {
            assert!(
                puzzles.iter().any(|puzzle| puzzle.solver_turns() == turns),
                "{name} has no puzzle of {turns} solver turns"
            );
        }
        for puzzle in &puzzles {
            assert!(positions.insert(puzzle.position.clone()), "{name}: {} twice", puzzle.position);
            assert!(ids.insert(puzzle.id.clone()), "{name}: id {} twice", puzzle.id);
        }
    }
}

#[test]
fn each_set_says_the_command_that_made_it() {
    for (name, text, ..) in SETS {
        let head = text.lines().next().unwrap_or_default();
        assert!(head.starts_with("# hexstack puzzles make --game "), "{name}: {head}");
    }
}

/// The search proof of every shipped puzzle: minutes in an optimised build
/// (`cargo test --release --test puzzles -- --ignored`).
#[test]
#[ignore]
fn every_shipped_puzzle_is_proved_by_search() {
    for (name, text, ..) in SETS {
        for puzzle in set(text) {
            assert_eq!(puzzle.proved(2_000_000), Ok(Some(true)), "{name} {}", puzzle.id);
        }
    }
}

/// A tiny run: a few puzzles, small budgets.
fn tiny(game: GameKind, seed: u64) -> Vec<Puzzle> {
    let start = game.start(None).unwrap();
    let options =
        Options { proof_budget: 60_000, most_turns: 2, play_budget: 2_000, ..Options::new(3, seed) };
    let mut made = Vec::new();
    make(
        &start,
        &[],
        options,
        |puzzle| {
            made.push(puzzle.clone());
            std::ops::ControlFlow::Continue(())
        },
        |_, _| {},
    )
    .unwrap();
    made
}

#[test]
fn the_same_seed_makes_the_same_puzzles_each_proved() {
    let made = tiny(GameKind::Clamber, 5);
    assert_eq!(made.len(), 3, "three puzzles made");
    assert_eq!(made, tiny(GameKind::Clamber, 5), "the same seed, the same puzzles");
    assert_ne!(made, tiny(GameKind::Clamber, 6), "another seed, other puzzles");
    for puzzle in &made {
        assert_eq!(puzzle.check(), Ok(Goal::Win { turns: puzzle.solver_turns() }), "{puzzle}");
        assert_eq!(puzzle.proved(200_000), Ok(Some(true)), "{puzzle}");
        assert_eq!(Puzzle::read(&puzzle.to_string()).as_ref(), Ok(puzzle), "the line reads back");
    }
}

#[test]
fn a_line_that_is_not_the_fastest_win_is_not_proved() {
    let line = "t-1\tclamber\t3/r/C3=r1,D2=b1,D3=b1\tC3xD2\t800\twin-in-1\tself-play";
    assert_eq!(Puzzle::read(line).unwrap().proved(10_000), Ok(Some(true)));
    // Red wins at once: a line of two turns to the same win is not the puzzle's.
    let slower = Puzzle::read(&line.replace("C3xD2", "A1 B1 C3xD2")).unwrap();
    assert_eq!(slower.proved(10_000), Ok(Some(false)));
}
