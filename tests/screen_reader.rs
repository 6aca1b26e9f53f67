//! The screen-reader mode through the binary's pipes, as a screen reader's user runs it:
//! the same lines typed say what the in-process transcripts (src/speech/tests, kept as
//! snapshots) say; a line too long or not text is refused; the end of the input keeps the
//! game; a dumb terminal speaks in lines.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Where the seed example's chain starts (RULES.md), as the transcripts begin it.
const CHAIN: &str = "3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3";

/// An Ombagui game one move from its end, as the transcripts begin it.
const LAST_TOWER: &str = "b/D7=rL.rM.rD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM,G4=rD,C5=bL.bM.bD,D5=bL.bM.bD,C3=bM";

/// A transcript kept by the in-process tests: the lines typed (`> ` before each) and the
/// lines said.
fn kept(name: &str) -> (Vec<String>, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("src/speech/tests/snapshots/hexstack__speech__tests__transcripts__{name}.snap"));
    let text = std::fs::read_to_string(path).unwrap();
    let body = text.splitn(3, "---\n").nth(2).unwrap();
    // The transcript marks where its input ends; the pipe's end is that mark here.
    let typed = body
        .lines()
        .filter_map(|line| line.strip_prefix("> "))
        .filter(|line| *line != "(the end of the input)")
        .map(String::from)
        .collect();
    let said: Vec<&str> = body.lines().filter(|line| !line.starts_with("> ")).collect();
    (typed, said.join("\n") + "\n")
}

/// The binary run with `--screen-reader` and `args`, `lines` piped in: what it says.
fn piped(args: &[&str], lines: &[&str]) -> String {
    let folder = tempfile::tempdir().unwrap();
    let config = folder.path().join("config.toml");
    std::fs::write(&config, "").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexstack"))
        .arg("--screen-reader")
        .args(args)
        .env("HEXSTACK_CONFIG", &config)
        .env("HEXSTACK_DATA_DIR", folder.path())
        .env("LC_ALL", "C")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let input: String = lines.iter().map(|line| format!("{line}\n")).collect();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).expect("UTF-8 text")
}

#[test]
fn a_line_too_long_or_not_text_is_refused_and_the_end_of_the_input_keeps_the_game() {
    let folder = tempfile::tempdir().unwrap();
    let config = folder.path().join("config.toml");
    std::fs::write(&config, "").unwrap();
    let mut input = b"C3\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 5000));
    input.extend(b"\nD4\n\xff\xfe\nturn\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexstack"))
        .args(["--screen-reader", "play", "clamber"])
        .env("HEXSTACK_CONFIG", &config)
        .env("HEXSTACK_DATA_DIR", folder.path())
        .env("LC_ALL", "C")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let output = child.wait_with_output().unwrap();
    let said = String::from_utf8(output.stdout).unwrap();
    let tail: Vec<&str> = said.lines().skip(5).collect();
    assert_eq!(
        tail,
        [
            "Blue: places a piece on C3. Red to move.",
            "That line is longer than 4096 bytes: it is left out.",
            "Red: places a piece on D4. Blue to move.",
            "That line is not UTF-8 text: it is left out.",
            "Two players at one keyboard.",
            "Turn 3: Blue to move.",
            "The input ended: the game is kept, and hexstack resume continues it.",
        ]
    );
    let kept = std::fs::read_dir(folder.path().join("saves")).unwrap().count();
    assert_eq!(kept, 1, "the game is in the saves folder");
}

#[test]
fn through_the_pipes_the_binary_says_what_the_session_says() {
    for name in ["en", "fr", "sr"] {
        let (typed, said) = kept(&format!("clamber_{name}"));
        let typed: Vec<&str> = typed.iter().map(String::as_str).collect();
        assert_eq!(piped(&["--lang", name, "play", "clamber", "--position", CHAIN], &typed), said, "{name}");
    }
    let (typed, said) = kept("ombagui_fr");
    let typed: Vec<&str> = typed.iter().map(String::as_str).collect();
    assert_eq!(piped(&["--lang", "fr", "play", "ombagui", "--position", LAST_TOWER], &typed), said);
}

#[test]
fn the_menu_and_the_rules_through_the_pipes() {
    let said = piped(&[], &["9", "next", "quit", "3", "C1-C3", "board", "quit", "yes", "quit"]);
    assert!(said.contains("\n9: Rules of Ombagui\n"), "{said}");
    assert!(said.contains("Rules of Ombagui, page 2 of 8: How each piece moves."), "{said}");
    assert!(said.contains("Red: dark from C1 to C3. Blue to move.\n"), "{said}");
    assert!(
        said.contains("Row 3: A3 empty, B3 empty, C3 red dark, D3 empty, E3 empty and F3 empty\n"),
        "{said}"
    );
    let said = piped(&["--lang", "fr", "rules", "clamber"], &["suivant", "quitter", "quitter"]);
    assert!(said.contains("Règles de Clamber, page 2 sur 11 : Le but."), "{said}");
}

#[test]
fn a_dumb_terminal_speaks_in_lines_unless_told_not_to() {
    let run = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_hexstack"))
            .args(args)
            .env("TERM", "dumb")
            .env("HEXSTACK_CONFIG", "/nonexistent/hexstack.toml")
            .env("HEXSTACK_DATA_DIR", std::env::temp_dir().join("hexstack-dumb-terminal-test"))
            .stdin(Stdio::null())
            .output()
            .unwrap();
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let said = run(&["rules", "ombagui"]);
    assert!(said.starts_with("Rules of Ombagui, page 1 of 8"), "{said}");
    assert!(run(&["config"]).contains("screen-reader            true                     environment"));
    assert!(
        run(&["--screen-reader=off", "config"])
            .contains("screen-reader            false                    flag")
    );
}
