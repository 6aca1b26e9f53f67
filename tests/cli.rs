//! The command line as a user meets it: output, errors and exit statuses.

mod common;

use common::hexstack;
use std::process::Output;

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn perft_prints_the_count_last() {
    let output = hexstack(&["perft", "clamber", "--depth", "3"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output), "5898\n");
    let output = hexstack(&["perft", "clamber", "--size", "4", "--depth", "2"]);
    assert_eq!(stdout(&output), "1332\n");
}

#[test]
fn perft_divide_lists_each_turn_then_the_total() {
    let position = "3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3";
    let output = hexstack(&["perft", "clamber", "--position", position, "--depth", "1", "--divide"]);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.contains(&"B2xC4 1"));
    assert!(lines.contains(&"B2xC4xE5 1"));
    let total: u64 =
        lines[..lines.len() - 1].iter().map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(lines.last().unwrap().parse::<u64>().unwrap(), total);
}

#[test]
fn ombagui_perft_and_moves() {
    assert_eq!(stdout(&hexstack(&["perft", "ombagui", "--depth", "2"])), "2660\n");
    let text = stdout(&hexstack(&["moves", "ombagui"]));
    assert_eq!(text.lines().count(), 52);
    assert!(text.lines().all(|l| l.len() == 5 && &l[2..3] == "-"), "{text}");
    let divided = stdout(&hexstack(&["perft", "ombagui", "--depth", "2", "--divide"]));
    assert_eq!(divided.lines().count(), 53);
    assert_eq!(divided.lines().last(), Some("2660"));
}

#[test]
fn moves_lists_turns_in_notation() {
    let output = hexstack(&["moves", "clamber", "--position", "3/r/C3=r3,D3=b1,D4=b1,E4=b1,E3=b2"]);
    let text = stdout(&output);
    assert!(text.lines().any(|l| l == "C3xD3"));
    assert!(text.lines().any(|l| l == "A1"));
    // 14 empty cells, and C3 may take either of its lower neighbours.
    assert!(text.lines().any(|l| l == "C3xD4"));
    assert_eq!(text.lines().count(), 14 + 2);
    let output = hexstack(&["moves", "clamber", "--size", "2"]);
    assert_eq!(stdout(&output), "A1\nA2\nB1\nB2\nB3\nC2\nC3\n");
}

#[test]
fn bad_input_is_one_line_on_stderr_and_status_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["moves", "clamber", "--position", "3/b/Z9=b1"], "no cell Z9 on a side-3 board"),
        (&["moves", "clamber", "--position", "3/b/C4=r0"], "height 0 at C4"),
        (&["moves", "clamber", "--position", "3/b/C4=r1,C4=b1"], "C4 is given twice"),
        (&["moves", "clamber", "--position", "3/g/-"], "bad side 'g'"),
        (&["moves", "clamber", "--size", "7"], "board side 7 is outside 2..6"),
        (&["perft", "clamber", "--position", "9/b/-", "--depth", "1"], "board side 9 is outside 2..6"),
        (&["moves", "clamber", "--position", "#!%garbage"], "is not a Clamber position"),
        (&["moves", "clamber", "--size", "4", "--position", "3/b/-"], "does not match"),
        (&["play", "clamber", "--size", "9"], "board side 9 is outside 2..6"),
        (&["play", "clamber", "--position", "3/b/C4=r1,C4=b1"], "C4 is given twice"),
        (&["moves", "ombagui", "--position", "r/C3=rD.bM"], "a medium cannot stand on a dark at C3"),
        (&["moves", "ombagui", "--position", "r/C3=rL.rM.rD.bD"], "a stack has at most three"),
        (&["moves", "ombagui", "--position", "r/A1=rL,A2=rL,A3=rL,A4=rL,B1=rL"], "more than four lights"),
        (&["moves", "ombagui", "--position", "r/Z9=rL"], "no cell Z9 on a side-4 board"),
        (&["perft", "ombagui", "--position", "garbage", "--depth", "1"], "is not an Ombagui position"),
        (&["perft", "ombagui", "--size", "3", "--depth", "1"], "side-4 board"),
        // Usage errors too are one line that says what to do, not a page.
        (&["perft", "clamber", "--depth", "x"], "invalid value 'x' for '--depth <DEPTH>'"),
        (&["play"], "usage: hexstack play"),
        (&["perft", "clamber"], "--depth <DEPTH>"),
        (&["moves", "chess"], "possible values: clamber, ombagui"),
        (&["play", "clamber", "--colour", "red"], "unexpected argument '--colour'"),
    ];
    for (args, expected) in cases {
        let output = hexstack(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let message = stderr(&output);
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
        assert!(message.contains(expected), "{args:?}: {message}");
        assert!(stdout(&output).is_empty());
    }
}

#[test]
fn bad_arguments_exit_with_status_2() {
    for args in
        [&["perft", "clamber"][..], &["perft", "chess", "--depth", "1"], &["moves", "clamber", "--size", "x"]]
    {
        let output = hexstack(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!stderr(&output).contains("panicked"));
    }
}

#[test]
fn every_message_a_player_sees_speaks_their_language() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--lang", "fr", "moves", "clamber", "--position", "9/b/-"],
            "un plateau de côté 9 est hors de 2..6",
        ),
        (&["--lang", "fr", "moves", "clamber", "--position", "3/b/C4=r1,C4=b1"], "C4 est donnée deux fois"),
        (
            &["--lang", "fr", "moves", "ombagui", "--position", "r/C3=rD.bM"],
            "un moyen ne peut pas se poser sur un foncé en C3",
        ),
        (&["--lang", "sr", "moves", "clamber", "--position", "3/b/Z9=b1"], "нема поља Z9"),
        (&["--lang", "sr", "perft", "ombagui", "--size", "3", "--depth", "1"], "Ombagui се игра на табли"),
    ];
    for (args, expected) in cases {
        let message = stderr(&hexstack(args));
        assert!(message.contains(expected), "{args:?}: {message}");
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
    }
}

#[test]
fn match_plays_levels_against_each_other_and_reports() {
    let output = hexstack(&["match", "clamber", "--blue", "2", "--red", "1", "--games", "4"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let report = stdout(&output);
    assert!(
        report.contains(" wins ") && report.contains(" draws ") && report.contains(" turns a game"),
        "{report}"
    );
    // Levels 1 and 2 search to a fixed depth: the same match gives the same report.
    assert_eq!(stdout(&hexstack(&["match", "clamber", "--blue", "2", "--red", "1", "--games", "4"])), report);
    let output = hexstack(&["match", "clamber", "--blue", "6", "--red", "1"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stderr(&output).lines().count(), 1);
}

#[test]
fn match_stats_go_to_stderr_and_leave_the_report_as_it_was() {
    let args = ["match", "clamber", "--blue", "2", "--red", "1", "--games", "4"];
    let plain = hexstack(&args);
    let with_stats = hexstack(&[&args[..], &["--stats"]].concat());
    assert_eq!(stdout(&with_stats), stdout(&plain), "the report line is unchanged");
    let progress = stderr(&with_stats);
    let stats: Vec<&str> = progress.lines().filter(|line| line.starts_with("stats: ")).collect();
    assert_eq!(stats.len(), 4, "one a game: {progress}");
    assert!(stats[3].contains("proven wins ") && stats[3].contains(" per 100 plies"), "{}", stats[3]);
    assert_eq!(progress.lines().count(), 8, "each game's score, then its figures");
}

#[test]
fn the_computer_options_are_checked() {
    for (args, expected) in [
        (&["play", "clamber", "--computer", "green"][..], "invalid value 'green' for '--computer"),
        (&["play", "clamber", "--computer", "red", "--level", "9"], "the level is 1 to 5"),
    ] {
        let output = hexstack(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let message = stderr(&output);
        assert!(message.contains(expected), "{args:?}: {message}");
        assert_eq!(message.lines().count(), 1);
    }
}

#[test]
fn a_level_without_the_computer_is_a_one_line_error() {
    let output = hexstack(&["play", "clamber", "--level", "4"]);
    assert_eq!(output.status.code(), Some(2));
    let said = stderr(&output);
    assert_eq!(said.trim_end().lines().count(), 1, "{said}");
    assert!(said.contains("--computer"), "{said}");
}

#[test]
fn review_text_prints_a_line_a_turn_then_a_line_a_player() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("lost.hexstack");
    let game =
        "hexstack saved game\ngame: clamber\nstart: 3/b/C4=r1,E4=b1\nturns:\nBlue D4\nRed C4xD4\nend\n";
    std::fs::write(&file, game).unwrap();
    let output = hexstack(&["review", file.to_str().unwrap(), "--text", "--level", "2"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<Vec<&str>> = text.lines().map(|line| line.split('\t').collect()).collect();
    assert_eq!(lines.len(), 6, "{text}");
    // A header line names the columns of the turns, another those of the players.
    assert_eq!(lines[0], ["number", "side", "turn", "blue_chance", "class", "better", "seconds"]);
    let lines = &lines[1..];
    assert_eq!(lines[0][..5], ["1", "blue", "D4", "0.00", "blunder"]);
    assert!(lines[0][5].parse::<hexstack::rules::clamber::Turn>().is_ok(), "the better turn: {text}");
    assert_eq!(lines[0][6], "-", "no time kept: the last column says so");
    assert_eq!(lines[1], ["2", "red", "C4xD4", "0.00", "ok", "-", "-"]);
    assert_eq!(lines[2], ["side", "accuracy", "inaccuracies", "mistakes", "blunders"]);
    assert_eq!((lines[3][0], lines[3][2..].to_vec()), ("blue", vec!["0", "0", "1"]));
    assert_eq!(lines[4], ["red", "100.0", "0", "0", "0"]);
    // The file is read, not written: a script's review leaves it as it was.
    assert_eq!(std::fs::read_to_string(&file).unwrap(), game);
    // A game on time: each turn's time is the last column, in seconds to the nearest tenth
    // (a saved 1.999 s is 2.0, not 1.9), the others as they were.
    let timed = game
        .replace("Blue D4\nRed C4xD4", "Blue D4 1.999s\nRed C4xD4 71s")
        .replace("start:", "clock: 1+0\nstart:");
    std::fs::write(&file, &timed).unwrap();
    let output = hexstack(&["review", file.to_str().unwrap(), "--text", "--level", "2"]);
    let text = stdout(&output);
    let lines: Vec<Vec<&str>> = text.lines().skip(1).map(|line| line.split('\t').collect()).collect();
    assert_eq!((lines[0][..5].to_vec(), lines[0][6]), (vec!["1", "blue", "D4", "0.00", "blunder"], "2.0"));
    assert_eq!(lines[1], ["2", "red", "C4xD4", "0.00", "ok", "-", "71.0"]);
    std::fs::write(&file, game).unwrap();
    let output = hexstack(&["review", "nowhere.hexstack", "--text"]);
    assert_eq!((output.status.code(), stderr(&output).lines().count()), (Some(2), 1));
    let output = hexstack(&["review", file.to_str().unwrap(), "--level", "9"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_level_out_of_range_says_the_levels_in_the_players_words() {
    let said = stderr(&hexstack(&["play", "clamber", "--computer", "red", "--level", "9"]));
    assert!(said.contains("the level is 1 to 5") && !said.contains("1..=5"), "{said}");
    let said = stderr(&hexstack(&["--lang", "fr", "review", "x.hexstack", "--level", "nine"]));
    assert!(said.contains("le niveau va de 1 à 5"), "{said}");
    let said = stderr(&hexstack(&["match", "clamber", "--blue", "0", "--red", "3", "--games", "1"]));
    assert!(said.contains("the level is 1 to 5"), "{said}");
}

#[test]
fn a_bad_position_says_what_each_part_of_one_is() {
    let said = stderr(&hexstack(&["play", "clamber", "--position", "garbage"]));
    assert!(said.contains("player to move") && !said.contains("SIZE/SIDE"), "{said}");
    let said = stderr(&hexstack(&["--lang", "fr", "moves", "ombagui", "--position", "garbage"]));
    assert!(said.contains("joueur au trait") && !said.contains("CAMP/CASES"), "{said}");
}

#[test]
fn a_missing_file_is_said_in_words_not_an_os_error_number() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("gone.hexstack");
    let missing = missing.to_str().unwrap();
    let said = stderr(&hexstack(&["load", missing]));
    assert!(said.contains("no such file") && !said.contains("os error"), "{said}");
    let said = stderr(&hexstack(&["--lang", "fr", "review", missing, "--text"]));
    assert!(said.contains("ce fichier n'existe pas") && !said.contains("os error"), "{said}");
}

#[test]
fn a_bad_puzzle_file_is_a_one_line_error_naming_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("gone.tsv");
    let bad = dir.path().join("bad.tsv");
    std::fs::write(&bad, "# a head\nt-1\tclamber\t3/b/A1=b1,A2=r1\tA1xA2\tlots\t\tx\n").unwrap();
    let empty = dir.path().join("empty.tsv");
    std::fs::write(&empty, "# nothing\n").unwrap();
    let cases =
        [(&missing, "no such file"), (&bad, "line 2: bad rating 'lots'"), (&empty, "holds no puzzle")];
    for (file, expected) in cases {
        let output = hexstack(&["puzzles", "--file", file.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(2), "{file:?}");
        let message = stderr(&output);
        assert_eq!(message.lines().count(), 1, "{message}");
        assert!(message.contains(expected) && !message.contains("os error"), "{message}");
    }
}

/// A usage error is said in the player's language, read before the command line is parsed:
/// `--lang`, else the config file's, else the locale's.
#[test]
fn usage_errors_are_in_the_players_language() {
    let dir = tempfile::tempdir().unwrap();
    let french = dir.path().join("fr.toml");
    std::fs::write(&french, "lang = \"fr\"\n").unwrap();
    let none = dir.path().join("none.toml");
    let cases: [(&[&str], &str, Option<&std::path::Path>, &str); 6] = [
        (&["--lang", "fr", "plya"], "C", None, "commande inconnue « plya » (vouliez-vous dire « play » ?)"),
        (&["play", "--lang=sr"], "C", None, "недостају обавезни аргументи: <GAME>; употреба: hexstack play"),
        (&["perft", "clamber", "--depth", "x"], "fr_FR.UTF-8", None, "ce n'est pas un nombre entier"),
        (&["review", "x", "--threads", "0"], "sr_RS.UTF-8", None, "ван опсега од 1 до 256"),
        (&["moves", "chess"], "C", Some(&french), "valeur invalide « chess » pour « <GAME> »"),
        (&["--lang", "en", "moves", "chess"], "fr_FR.UTF-8", Some(&french), "invalid value 'chess'"),
    ];
    for (args, locale, file, expected) in cases {
        let output = common::hexstack_with(args, |command| {
            command.env("LC_ALL", locale).env("HEXSTACK_CONFIG", file.unwrap_or(&none))
        });
        let said = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(said.lines().count(), 1, "{args:?}: {said}");
        assert!(said.contains(expected), "{args:?}: {said}");
    }
}
