//! The engine line protocol: every command answers exactly one line, `ok` or `err`, and no
//! input breaks it.

use hexstack::protocol::{self, Engine};
use proptest::prelude::*;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// The engine binary, spoken to a line at a time, its answers read on a thread so that
/// every wait is bounded.
struct Driver {
    child: Child,
    input: Option<ChildStdin>,
    answers: Receiver<String>,
}

/// How long any answer may take at most (the searches in these tests take well under a
/// second; this bounds a broken engine).
const PATIENCE: Duration = Duration::from_secs(60);

impl Driver {
    fn start() -> Driver {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hexstack"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        let (sender, answers) = mpsc::channel();
        std::thread::spawn(move || {
            for line in output.lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Driver { input: child.stdin.take(), child, answers }
    }

    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().expect("input still open");
        input.write_all(format!("{line}\n").as_bytes()).unwrap();
        input.flush().unwrap();
    }

    fn answer(&self) -> String {
        self.answers.recv_timeout(PATIENCE).expect("an answer in time")
    }

    /// Sends `line` and waits for its answer.
    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.answer()
    }

    /// Closes the input and waits for the engine to end; whatever it still answered.
    fn close(mut self) -> Vec<String> {
        drop(self.input.take());
        let rest: Vec<String> = std::iter::from_fn(|| self.answers.recv_timeout(PATIENCE).ok()).collect();
        assert!(self.child.wait().unwrap().success());
        rest
    }
}

/// Runs the engine binary on `script`, a line at a time, one answer a command (none after
/// `quit`).
fn record(script: &[&str]) -> Vec<String> {
    let mut driver = Driver::start();
    let mut answers = Vec::new();
    for line in script {
        answers.push(driver.ask(line));
        if *line == "quit" {
            break;
        }
    }
    answers.extend(driver.close());
    answers
}

#[test]
#[cfg_attr(feature = "third-game", ignore = "pins the words of the two real games' list")]
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
    let answers = record(&script);
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
        protocol::run(std::io::Cursor::new(input.into_bytes()), &mut output).unwrap();
        let answers = String::from_utf8(output).unwrap();
        let quit_at = lines.iter().position(|line| line.trim() == "quit").map_or(lines.len(), |n| n + 1);
        prop_assert_eq!(answers.lines().count(), quit_at);
        prop_assert!(answers.lines().all(|line| line == "ok" || line.starts_with("ok ") || line.starts_with("err ")));
    }
}

/// A search that would run for an hour, and the engine told to stop by `end`: its answer
/// (the best turn so far) and the engine's end come at once.
fn a_long_search_ended_by(end: impl FnOnce(&mut Driver)) -> Duration {
    let mut driver = Driver::start();
    assert_eq!(driver.ask("new clamber 4"), "ok");
    driver.send("go ms 3600000");
    // The search is under way once the engine has read the line: `position` would wait
    // behind it, so there is nothing to wait for but the search itself.
    let asked = Instant::now();
    end(&mut driver);
    let answer = driver.answer();
    let took = asked.elapsed();
    assert!(answer.starts_with("ok "), "the stopped search still answers a turn: {answer}");
    driver.close();
    took
}

#[test]
fn quit_stops_a_running_search_at_once() {
    let took = a_long_search_ended_by(|driver| driver.send("quit"));
    assert!(took < Duration::from_millis(100), "{took:?}");
}

#[test]
fn the_end_of_the_input_stops_a_running_search_at_once() {
    let took = a_long_search_ended_by(|driver| drop(driver.input.take()));
    assert!(took < Duration::from_millis(100), "{took:?}");
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
    // Through the binary: a long line and control characters.
    let mut driver = Driver::start();
    let long = driver.ask(&"x".repeat(2_000_000));
    assert!(long.starts_with("err ") && long.len() < 200, "{} bytes", long.len());
    let long_word = driver.ask(&format!("fly{}", "y".repeat(1000)));
    assert!(
        long_word.starts_with("err unknown command 'fly") && long_word.contains("…") && long_word.len() < 200,
        "{long_word}"
    );
    let control = driver.ask("fl\u{1b}[2Jy");
    assert!(!control.contains('\u{1b}') && control.contains("\\u{1b}"), "{control}");
    let position = driver.ask(&format!("new ombagui {}", "r".repeat(500)));
    assert!(position.starts_with("err ") && position.contains("…") && position.len() < 300, "{position}");
    assert_eq!(driver.ask("quit"), "ok");
    driver.close();
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
