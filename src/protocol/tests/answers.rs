//! The engine line protocol in process: every line answers `ok` or `err` with a reason,
//! and no input breaks it.

use crate::protocol::{self, Engine};
use proptest::prelude::*;

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
        protocol::run(std::io::Cursor::new(input.into_bytes()), &mut output).unwrap();
        let answers = String::from_utf8(output).unwrap();
        let quit_at = lines.iter().position(|line| line.trim() == "quit").map_or(lines.len(), |n| n + 1);
        prop_assert_eq!(answers.lines().count(), quit_at);
        prop_assert!(answers.lines().all(|line| line == "ok" || line.starts_with("ok ") || line.starts_with("err ")));
    }
}

#[test]
#[cfg_attr(feature = "third-game", ignore = "pins the words of the two real games' list")]
fn errors_speak_the_protocol_and_quote_little() {
    let mut engine = Engine::new();
    let reason = |engine: &mut Engine, line: &str| engine.answer(line).unwrap_err();
    assert_eq!(
        reason(&mut engine, "new"),
        "new needs a game: new clamber [SIZE] [POSITION] or new ombagui [POSITION]"
    );
    engine.answer("new clamber").unwrap();
    assert_eq!(reason(&mut engine, "play"), "play needs a turn, like play C3 or play D1-D4");
    assert!(reason(&mut engine, "go").starts_with("go needs a budget"));
    assert!(reason(&mut engine, "go level 9").contains("from 1 to 5"));
    assert_eq!(reason(&mut engine, "undo now"), "undo takes no argument");
    assert_eq!(reason(&mut engine, "play C3 C4"), "play takes one turn, like play C3");
    let mismatch = reason(&mut engine, "new clamber 3 4/b/-");
    assert!(!mismatch.contains("--"), "no command-line flag: {mismatch}");
    assert!(mismatch.contains("side-4") && mismatch.contains("new"), "{mismatch}");
    assert!(!reason(&mut engine, "new ombagui 3 r/-").contains("--"));
}

#[test]
fn eval_and_go_give_one_verdict_per_position() {
    let mut engine = Engine::new();
    engine.answer("new clamber 3").unwrap();
    engine.answer("play C3").unwrap();
    let turn = engine.answer("go level 3").unwrap();
    let chance = engine.answer("eval").unwrap();
    assert_eq!(engine.answer("eval level 3").unwrap(), chance, "eval judges at the last go's level");
    // Away and back: the same verdict, whatever the clock and the table say meanwhile.
    engine.answer(&format!("play {turn}")).unwrap();
    engine.answer("go level 3").unwrap();
    engine.answer("undo").unwrap();
    for _ in 0..3 {
        assert_eq!(engine.answer("eval").unwrap(), chance);
        assert_eq!(engine.answer("go level 3").unwrap(), turn);
    }
}
