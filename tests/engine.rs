//! The engine line protocol through the binary (`hexstack engine`): every command answers
//! exactly one line, and a running search stops at once at `quit` or the end of the input.
//! What the engine answers, line by line, is tested in process (src/protocol/tests).

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

/// A line of two million bytes, a long word and control characters through the binary:
/// each answered with a short `err`, quoting little and escaping what it quotes.
#[test]
fn long_lines_and_control_characters_are_answered_short() {
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
