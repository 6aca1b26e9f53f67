//! A saved game loaded from the command line: a bad file is refused in one line naming its
//! fault, in the player's language, and left untouched. Saved games themselves are tested
//! in process (src/saved/tests).

use std::fs;
use std::process::Command;

/// A saved game of two turns.
const GOOD: &str = "hexstack saved game\ngame: clamber\nsize: 3\nstart: 3/b/-\nresult: ongoing\nat: 2 of 2\nturns:\nBlue C3\nRed D3\nend\n";

#[test]
fn load_refuses_bad_files_from_the_command_line_and_leaves_them_untouched() {
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path().to_path_buf();
    let path = dir.join("bad.hexstack");
    let bad = GOOD.replace("Red D3", "Red D3xC3");
    fs::write(&path, &bad).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_hexstack"))
        .arg("load")
        .arg(&path)
        .env("LC_ALL", "C")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(message.contains("line 9: illegal turn D3xC3"), "{message}");
    assert_eq!(fs::read_to_string(&path).unwrap(), bad);
    // In French when asked, by --lang or by the locale.
    let french = Command::new(env!("CARGO_BIN_EXE_hexstack"))
        .args(["--lang", "fr", "load"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&french.stderr).contains("ligne 9\u{a0}: coup interdit D3xC3"));
    let locale = Command::new(env!("CARGO_BIN_EXE_hexstack"))
        .arg("load")
        .arg(&path)
        .env("LC_ALL", "sr_RS.UTF-8")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&locale.stderr).contains("недозвољен потез D3xC3"));
    let missing =
        Command::new(env!("CARGO_BIN_EXE_hexstack")).args(["load", "/no/such/file"]).output().unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read /no/such/file"));
    let empty = dir.join("empty");
    let resume = Command::new(env!("CARGO_BIN_EXE_hexstack"))
        .arg("resume")
        .env("HEXSTACK_DATA_DIR", &empty)
        .output()
        .unwrap();
    assert_eq!(resume.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&resume.stderr).contains("no kept game yet"));
}
