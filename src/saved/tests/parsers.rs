//! Every text parser under arbitrary and mutated text: positions, turns, cells, game names,
//! saved games and command-line values. Each gives a clear error or a value that prints
//! back to itself, and never panics.

use crate::rules::hex::Cell;
use crate::rules::{GameKind, clamber, ombagui};
use crate::saved;
use proptest::prelude::*;
use std::fmt::{Debug, Display};
use std::str::FromStr;

/// Either an error said in one line, or a value whose printed form reads back as it.
fn check<T>(text: &str)
where
    T: FromStr + Display + PartialEq + Debug,
    T::Err: Display + Debug,
{
    match text.parse::<T>() {
        Ok(value) => {
            let printed = value.to_string();
            match printed.parse::<T>() {
                Ok(again) => assert_eq!(again, value, "{text:?} printed as {printed:?}"),
                Err(e) => panic!("{text:?} printed as {printed:?}, which does not read back: {e}"),
            }
        }
        Err(error) => one_line(&error.to_string(), text),
    }
}

/// An error message as a player reads it on one line: words, no line break, no debug dump.
fn one_line(message: &str, text: &str) {
    assert!(message.chars().any(char::is_alphabetic), "{text:?}: no words in {message:?}");
    assert!(!message.contains('\n'), "{text:?}: {message:?} runs over lines");
    assert!(!message.contains("Err(") && !message.contains("Some("), "{text:?}: {message:?} is a debug dump");
}

/// Texts that read, to start mutations from.
const SEEDS: &[&str] = &[
    "start",
    "3/b/-",
    "4/r/-",
    "3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3",
    "3/r/C3=r3,D3=b1,D4=b1,E4=b1,E3=b2",
    "6/b/A1=b1,K11=r12",
    "r/A1=rL.rM.rD,B1=rL.rM.rD,C1=rL.rM.rD,D1=rL.rM.rD,D7=bL.bM.bD,E7=bL.bM.bD",
    "b/D4=bL.rM,A1=rD",
    "r/-",
    "C3",
    "B2xC4xE5",
    "c1-C3",
    "D4-G7",
    "clamber",
    "ombagui",
];

/// One edit of a text: insert, delete or replace a character at a place.
#[derive(Clone, Debug)]
enum Edit {
    Insert(usize, char),
    Delete(usize),
    Replace(usize, char),
}

fn edit() -> impl Strategy<Value = Edit> {
    let chars =
        prop::sample::select("abrxBRLMDCEGKZz0123456789=,./- \n:+é\u{0416}\u{0}".chars().collect::<Vec<_>>());
    prop_oneof![
        (any::<usize>(), chars.clone()).prop_map(|(at, c)| Edit::Insert(at, c)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), chars).prop_map(|(at, c)| Edit::Replace(at, c)),
    ]
}

fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for edit in edits {
        match *edit {
            Edit::Insert(at, c) => chars.insert(at % (chars.len() + 1), c),
            Edit::Delete(_) if chars.is_empty() => {}
            Edit::Delete(at) => {
                chars.remove(at % chars.len());
            }
            Edit::Replace(_, c) if chars.is_empty() => chars.push(c),
            Edit::Replace(at, c) => {
                let at = at % chars.len();
                chars[at] = c;
            }
        }
    }
    chars.into_iter().collect()
}

fn check_all(text: &str) {
    check::<clamber::Position>(text);
    check::<clamber::Turn>(text);
    check::<ombagui::Position>(text);
    check::<ombagui::Move>(text);
    check::<Cell>(text);
    check::<GameKind>(text);
}

/// A saved game reads as an error naming what is wrong, or as a game that writes back the
/// same text.
fn check_saved(text: &str) {
    match saved::read(text) {
        Ok(game) => {
            let written = crate::each_game!(&game.game, record => saved::write(record, &game.players, ""));
            let again = saved::read(&written).unwrap_or_else(|e| panic!("{written} does not read back: {e}"));
            let rewritten =
                crate::each_game!(&again.game, record => saved::write(record, &again.players, ""));
            assert_eq!(rewritten, written);
        }
        // The line named is one of the text's, or none for a fault of the whole file.
        Err(error) => {
            one_line(&error.to_string(), text);
            if let Some(line) = error.line {
                assert!((1..=text.lines().count().max(1)).contains(&line), "{text:?}: line {line} named");
            }
        }
    }
}

/// The error each bad text gets, word for word: what is wrong and where.
#[test]
fn each_fault_gets_the_message_that_names_it() {
    let clamber = |text: &str| text.parse::<clamber::Position>().unwrap_err().to_string();
    assert_eq!(clamber("3/b/Z9=b1"), "no cell Z9 on a side-3 board");
    assert_eq!(clamber("3/x/-"), "bad side 'x': the player to move is b or r");
    assert_eq!(clamber("3/b/B2=b2,B2=r1"), "B2 is given twice");
    assert_eq!(clamber("7/b/-"), "board side 7 is outside 2..6");
    assert_eq!(clamber("3/b/C3=q1"), "bad stack 'C3=q1': the colour is b or r");
    assert_eq!(clamber("3/b/C3"), "bad stack 'C3': expected CELL=COLOURHEIGHT, like C4=r2");
    let ombagui = |text: &str| text.parse::<ombagui::Position>().unwrap_err().to_string();
    assert_eq!(ombagui("x/-"), "bad side 'x': the player to move is r or b");
    assert_eq!(
        ombagui("r/A1=rL.rZ"),
        "bad piece 'rZ' at A1: a piece is a colour (r or b) then a kind (L, M or D), like rM"
    );
    assert_eq!(ombagui("r/Q1=rL"), "no cell Q1 on a side-4 board");
    let saved = |text: &str| saved::read(text).unwrap_err().to_string();
    assert_eq!(
        saved("hexstack saved game\ngame: clamber\nstart: 3/b/-\nturns:\nBlue C3\nRed C3\nend\n"),
        "line 6: illegal turn C3: C3 is not empty: a piece is placed on an empty cell"
    );
    assert_eq!(
        saved("hexstack saved game\ngame: clamber\nbogus: 1\nstart: 3/b/-\nturns:\nend\n"),
        "line 3: unknown field 'bogus'"
    );
}

const SAVED: &str = "hexstack saved game\ngame: clamber\nsize: 3\nblue: Ann\nstart: 3/b/-\nresult: ongoing\n\
                     at: 3 of 4\nturns:\nBlue C3\nRed D3\nBlue C2\nRed D3xC3\nend\n";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_text(text in "\\PC{0,40}") {
        check_all(&text);
        check_saved(&text);
    }

    #[test]
    fn mutated_notation(seed in prop::sample::select(SEEDS), edits in prop::collection::vec(edit(), 1..5)) {
        check_all(&mutate(seed, &edits));
    }

    #[test]
    fn mutated_saved_games(edits in prop::collection::vec(edit(), 1..6)) {
        check_saved(&mutate(SAVED, &edits));
    }
}

proptest! {
    // Each case runs a whole command: a few dozen are enough to try every option.
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// What main does with a command line, in process: read, configured with no file, run.
    /// A value out of place is an error, never a panic.
    #[test]
    fn mutated_command_line_values(
        game in prop::sample::select(vec!["clamber", "ombagui", "clamber"]),
        size in prop::collection::vec(edit(), 0..2),
        position in prop::collection::vec(edit(), 0..3),
        lang in prop::collection::vec(edit(), 0..2),
    ) {
        use clap::Parser;
        // No command line can hold a NUL: the system refuses it before the program starts.
        let arg = |text: String| text.replace('\0', "");
        let (size, position, lang) = (arg(mutate("3", &size)), arg(mutate("3/b/C3=r2", &position)), arg(mutate("fr", &lang)));
        let args = ["hexstack", "--lang", &lang, "perft", game, "--size", &size, "--position", &position, "--depth", "1"];
        if let Ok(cli) = crate::cli::Cli::try_parse_from(args) {
            let loaded = crate::config::load(&cli.flags(), cli.lang, &crate::config::Env::default());
            if let Ok(loaded) = loaded {
                let _ = crate::cli::run(cli.command, &loaded);
            }
        }
    }
}
