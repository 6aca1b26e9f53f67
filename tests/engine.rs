//! The engine line protocol: every command answers exactly one line, `ok` or `err`, and no
//! input breaks it.

use hexstack::engine::{self, Engine};
use proptest::prelude::*;
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the engine binary on `script`, one answer a command.
fn session(script: &[&str]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexstack"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all((script.join("\n") + "\n").as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap().lines().map(str::to_string).collect()
}

#[test]
fn every_command_answers_one_line() {
    let script = [
        "position",
        "new clamber 3 3/b/B2=b2,C3=r2,D4=r3,E4=r3",
        "position",
        "moves",
        "eval",
        "go iterations 20000",
        "go level 2",
        "result",
        "play B2xC3xD4",
        "result",
        "go level 1",
        "undo",
        "position",
        "new ombagui",
        "play D1-D4",
        "position",
        "go ms 50",
        "new clamber 4",
        "position",
        "quit",
        "position",
    ];
    let answers = session(&script);
    assert_eq!(answers.len(), script.len() - 1, "one answer a command, none after quit: {answers:#?}");
    let expected = [
        "err no game: send 'new clamber [SIZE] [POSITION]' or 'new ombagui [POSITION]'",
        "ok",
        "ok 3/b/B2=b2,C3=r2,D4=r3,E4=r3",
    ];
    assert_eq!(&answers[..3], expected);
    assert!(answers[3].starts_with("ok ") && answers[3].contains("B2xC3xD4"), "{}", answers[3]);
    assert_eq!(answers[4], "ok 1.00", "a win in one is a sure win");
    assert_eq!(answers[5], "ok B2xC3xD4", "go finds the win");
    assert_eq!(answers[6], "ok B2xC3xD4");
    assert_eq!(answers[7], "ok ongoing", "go does not play");
    assert_eq!((answers[8].as_str(), answers[9].as_str()), ("ok", "ok blue"));
    assert_eq!(answers[10], "err the game is over");
    assert_eq!((answers[11].as_str(), answers[12].as_str()), ("ok", "ok 3/b/B2=b2,C3=r2,D4=r3,E4=r3"));
    assert_eq!((answers[13].as_str(), answers[14].as_str()), ("ok", "ok"));
    assert!(answers[15].starts_with("ok b/"), "{}", answers[15]);
    let turn = answers[16].strip_prefix("ok ").expect("a turn");
    assert!(turn.contains('-'), "an Ombagui move: {turn}");
    assert_eq!((answers[17].as_str(), answers[18].as_str()), ("ok", "ok 4/b/-"));
    assert_eq!(answers[19], "ok");
}

#[test]
fn malformed_lines_get_a_reason() {
    let mut engine = Engine::new();
    for line in [
        "",
        "   ",
        "fly",
        "new",
        "new chess",
        "new clamber 9",
        "new clamber 3 4/b/-",
        "play C3",
        "go",
        "go level 9",
    ] {
        assert!(engine.answer(line).is_err(), "{line:?}");
    }
    engine.answer("new clamber").unwrap();
    for line in ["play Z9", "play C3xC3", "play", "go ms x", "go iterations 0", "undo", "moves now"] {
        let reason = engine.answer(line).unwrap_err();
        assert!(!reason.is_empty() && !reason.contains('\n'), "{line:?}: {reason}");
    }
    // A forced skip is applied by play itself.
    engine.answer("new clamber 2/r/A1=b1,A2=b1,B1=b1,B2=r3,B3=b1,C2=b1,C3=b2").unwrap();
    engine.answer("play B2xC3").unwrap();
    assert!(engine.answer("position").unwrap().starts_with("2/r/"), "Blue could not move: Red again");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn no_input_breaks_it(lines in prop::collection::vec("(new|play|go|moves|undo|eval|result|position)? ?\\PC{0,20}", 1..20)) {
        let input = lines.join("\n") + "\n";
        let mut output = Vec::new();
        engine::run(input.as_bytes(), &mut output).unwrap();
        let answers = String::from_utf8(output).unwrap();
        let quit_at = lines.iter().position(|line| line.trim() == "quit").map_or(lines.len(), |n| n + 1);
        prop_assert_eq!(answers.lines().count(), quit_at);
        prop_assert!(answers.lines().all(|line| line == "ok" || line.starts_with("ok ") || line.starts_with("err ")));
    }
}
