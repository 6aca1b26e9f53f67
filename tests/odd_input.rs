//! Odd values and odd files on the command line: each refused in one short line that says
//! what is wrong (and the range), with status 2, never a panic, a hang or a flood.

use std::io::Write;
mod common;

use common::hexstack;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// One line on stderr holding `expected`, status 2, no control character but its end.
fn refused(output: &Output, expected: &str, what: &str) {
    let message = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{what}: {message}");
    assert_eq!(message.lines().count(), 1, "{what}: {message}");
    assert!(message.len() < 600, "{what}: a short line, not {} bytes", message.len());
    assert!(!message.trim_end().contains(char::is_control), "{what}: {message:?}");
    assert!(message.contains(expected), "{what}: {message}");
}

#[test]
fn odd_numbers_are_refused_with_their_range() {
    let scale = ["match", "clamber", "--blue", "1", "--red", "1", "--games", "1"];
    for value in ["NaN", "inf", "-inf", "1e20", "-0.5", "0", "x"] {
        let option = format!("--scale={value}");
        refused(&hexstack(&[&scale[..], &[&option]].concat()), "expected a number from 0.001 to 100", value);
    }
    let games = ["match", "clamber", "--blue", "1", "--red", "1", "--games"];
    refused(&hexstack(&[&games[..], &["0"]].concat()), "not within 1 to 100000", "--games 0");
    // A player's name is checked in the program, whose error escapes what it quotes.
    refused(&hexstack(&["play", "clamber", "--blue", "a\u{7}b"]), "'a\\u{7}b'", "an escaped name");
    refused(&hexstack(&[&games[..6], &["--games=-1"]].concat()), "--games", "--games -1");
    let cap = ["match", "clamber", "--blue", "1", "--red", "1", "--cap", "0"];
    refused(&hexstack(&cap), "not within 1 to 100000", "--cap 0");
    refused(
        &hexstack(&["perft", "clamber", "--size", "6", "--depth", "100"]),
        "depth 100 is past 5",
        "depth",
    );
    refused(&hexstack(&["perft", "ombagui", "--depth", "6"]), "depth 6 is past 5", "depth");
    refused(&hexstack(&["perft", "clamber", "--size", "3", "--depth", "8"]), "past 7", "depth");
    refused(&hexstack(&["perft", "clamber", "--depth", "99999999999"]), "--depth", "depth");
    refused(&hexstack(&["play", "clamber", "--size", "4294967296"]), "--size", "size");
    refused(
        &hexstack(&["play", "clamber", "--computer", "red", "--level", "0"]),
        "the level is 1 to 5",
        "level",
    );
    // A scale in range plays.
    let ok = hexstack(&[
        "match", "clamber", "--size", "2", "--blue", "1", "--red", "1", "--games", "1", "--scale", "0.001",
    ]);
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
}

#[test]
fn player_names_are_one_line_of_printable_text() {
    for name in ["Ann\nturns:\nend", "Bo\r", "Tab\there", "\u{1b}[2JRed"] {
        let output = hexstack(&["play", "clamber", "--blue", name]);
        refused(&output, "has a control character", name);
    }
    refused(&hexstack(&["play", "clamber", "--red", &"x".repeat(41)]), "1 to 40 characters", "long");
    // A control character in any other value is shown escaped, never sent to the terminal.
    refused(&hexstack(&["moves", "cl\u{7}amber"]), "invalid value", "a game's name");
    refused(&hexstack(&["moves", "\u{1b}[2Jclamber"]), "invalid value", "a game's name");
}

#[test]
fn odd_files_are_refused_quickly_in_a_short_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str, bytes: &[u8]| {
        let path = dir.path().join(name);
        std::fs::File::create(&path).unwrap().write_all(bytes).unwrap();
        path.display().to_string()
    };
    let good = "hexstack saved game\ngame: clamber\nstart: 3/b/-\nturns:\nBlue C3\nend\n";
    let started = Instant::now();
    refused(&hexstack(&["load", "/dev/zero"]), "larger than 16 MB", "/dev/zero");
    assert!(started.elapsed() < Duration::from_secs(10), "/dev/zero took {:?}", started.elapsed());
    let huge = format!("{good}{}", "x".repeat(50 << 20));
    refused(&hexstack(&["load", &file("huge", huge.as_bytes())]), "larger than 16 MB", "huge");
    // Each odd file is refused, its line named, its excerpt short.
    let cases = [
        (
            "long",
            good.replace("Blue C3", &format!("Blue {}", "C3".repeat(3000))),
            "line 5: the line is longer than 4096",
        ),
        ("turn", good.replace("Blue C3", &format!("Blue {}", "Z".repeat(1000))), "line 5: bad turn"),
        ("escape", good.replace("clamber", "\u{1b}[2Jclamber"), "line 2: a control character (U+001B)"),
        (
            "field",
            good.replace("game:", &format!("{}\u{7f}", "g".repeat(100))),
            "line 2: a control character (U+007F)",
        ),
        ("unknown", good.replace("game:", &format!("{}:", "g".repeat(100))), "unknown field 'gggg"),
    ];
    for (name, text, reason) in cases {
        refused(&hexstack(&["load", &file(name, text.as_bytes())]), reason, name);
    }
    let mut latin1 = good.replace("Blue C3", "Blue C3\nRed D3").into_bytes();
    let at = latin1.iter().position(|&b| b == b'D').unwrap();
    latin1[at] = 0xe9;
    refused(&hexstack(&["load", &file("latin1", &latin1)]), "line 6: the file is not UTF-8", "latin1");
    // A byte-order mark (as some editors write) is read past (src/saved/tests/format.rs).
}

#[test]
fn a_data_folder_that_cannot_be_is_named_with_what_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::write(&data, "a file where the data folder should be").unwrap();
    for args in [&["serve", "--port", "1"][..], &["resume"]] {
        let output = Command::new(env!("CARGO_BIN_EXE_hexstack"))
            .args(args)
            .env("HEXSTACK_DATA_DIR", &data)
            .env("LC_ALL", "C")
            .output()
            .unwrap();
        let message = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
        assert!(message.contains(&data.display().to_string()), "{args:?}: {message}");
    }
    let output = Command::new(env!("CARGO_BIN_EXE_hexstack"))
        .args(["serve", "--port", "1"])
        .env("HEXSTACK_DATA_DIR", &data)
        .env("LC_ALL", "C")
        .output()
        .unwrap();
    refused(&output, "is a file, not a folder", "serve");
}
