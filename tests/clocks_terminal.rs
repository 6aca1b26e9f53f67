//! The clocks end to end, in a real terminal: the program runs on a pseudo-terminal of
//! 80x24 as a player's would, with a data folder of its own, and is read as a player reads
//! it. The clocks here are real ones, on bases of a few seconds; every wait has a deadline.

use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The longest any one thing may take to show, on a slow machine.
const DEADLINE: Duration = Duration::from_secs(30);

/// hexstack on a pseudo-terminal: what it has written so far, and the terminal's side.
struct Terminal {
    child: Child,
    master: std::fs::File,
    written: Arc<Mutex<Vec<u8>>>,
}

impl Terminal {
    /// Starts `hexstack ARGS` on a new 80x24 pseudo-terminal, keeping its files in `home`.
    fn start(home: &Path, args: &[&str]) -> Terminal {
        let (mut master, mut slave) = (-1, -1);
        let size = libc::winsize { ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0 };
        // SAFETY: openpty writes two new descriptors into the integers it is given.
        let opened =
            unsafe { libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), std::ptr::null(), &size) };
        assert_eq!(opened, 0, "a pseudo-terminal opens");
        // SAFETY: both descriptors were just opened and are owned here alone.
        let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        let mut command = Command::new(env!("CARGO_BIN_EXE_hexstack"));
        command
            .args(args)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("TERM", "xterm-256color")
            .env("LC_ALL", "C")
            .env("HOME", home)
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_CONFIG_HOME", home.join("config"))
            .stdin(slave.try_clone().unwrap())
            .stdout(slave.try_clone().unwrap())
            .stderr(slave);
        // SAFETY: between fork and exec only async-signal-safe calls: a session of its own,
        // with the pseudo-terminal as its controlling terminal (stdin is the terminal).
        unsafe {
            command.pre_exec(|| {
                libc::setsid();
                libc::ioctl(0, libc::TIOCSCTTY, 0);
                Ok(())
            });
        }
        let child = command.spawn().expect("the binary runs");
        let master = std::fs::File::from(master);
        let written = Arc::new(Mutex::new(Vec::new()));
        let (mut reader, sink) = (master.try_clone().unwrap(), written.clone());
        std::thread::spawn(move || {
            let mut buffer = [0; 4096];
            // Ends when the program has ended and its side of the terminal closed.
            while let Ok(count @ 1..) = reader.read(&mut buffer) {
                sink.lock().unwrap().extend_from_slice(&buffer[..count]);
            }
        });
        Terminal { child, master, written }
    }

    /// Waits until the program has written `words` (since it started), else fails.
    fn wait_for(&self, words: &str) {
        self.wait_for_one(&[words]);
    }

    /// Waits until the program has written one of `words`, else fails.
    fn wait_for_one(&self, words: &[&str]) {
        let started = Instant::now();
        while started.elapsed() < DEADLINE {
            let screen = screen(&String::from_utf8_lossy(&self.written.lock().unwrap()));
            if words.iter().any(|words| screen.contains(words)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!(
            "none of {words:?} showed:\n{}",
            screen(&String::from_utf8_lossy(&self.written.lock().unwrap()))
        );
    }

    fn press(&mut self, keys: &str) {
        self.master.write_all(keys.as_bytes()).unwrap();
    }

    /// Waits for the program to end, and says whether it ended well.
    fn ended_well(mut self) -> bool {
        let started = Instant::now();
        while started.elapsed() < DEADLINE {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.success();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.child.kill().unwrap();
        panic!("the program did not end");
    }
}

/// The 80x24 screen that `written` leaves, one line a row: its text only. The program
/// places its text with `ESC [ row ; column H` (and only changes what changed): every other
/// control sequence is left aside.
fn screen(written: &str) -> String {
    let mut rows = vec![vec![' '; 80]; 24];
    let (mut row, mut column) = (0, 0);
    let mut chars = written.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' if chars.peek() == Some(&'[') => {
                chars.next();
                let mut sequence = String::new();
                for c in chars.by_ref() {
                    if c.is_ascii_alphabetic() || c == '~' {
                        if c == 'H' {
                            let mut numbers = sequence.split(';').map(|n| n.parse::<usize>().unwrap_or(1));
                            row = numbers.next().unwrap_or(1).saturating_sub(1);
                            column = numbers.next().unwrap_or(1).saturating_sub(1);
                        }
                        break;
                    }
                    sequence.push(c);
                }
            }
            '\r' => column = 0,
            '\n' => row += 1,
            c if c.is_control() => {}
            c => {
                if let Some(cell) = rows.get_mut(row).and_then(|line| line.get_mut(column)) {
                    *cell = c;
                }
                column += 1;
            }
        }
    }
    rows.iter().map(|line| line.iter().collect::<String>() + "\n").collect()
}

/// The one game kept in `home`'s data folder.
fn kept(home: &Path) -> String {
    let saves = home.join("data/hexstack/saves");
    let files: Vec<_> = std::fs::read_dir(&saves).unwrap().map(|entry| entry.unwrap().path()).collect();
    assert_eq!(files.len(), 1, "{files:?}");
    std::fs::read_to_string(&files[0]).unwrap()
}

/// The seconds `colour` has left by the kept game's `left:` line (`left: blue 60s, red 55.2s`).
fn left(file: &str, colour: &str) -> f64 {
    let line = file.lines().find_map(|line| line.strip_prefix("left: ")).expect("a left: line");
    let part = line.split(", ").find_map(|part| part.strip_prefix(&format!("{colour} "))).unwrap();
    part.trim_end_matches('s').parse().unwrap()
}

#[test]
fn the_flag_falls_on_a_real_clock_and_the_kept_file_says_so() {
    let home = tempfile::tempdir().unwrap();
    let mut terminal = Terminal::start(home.path(), &["play", "clamber", "--clock", "3s+0"]);
    terminal.wait_for("0:0");
    terminal.wait_for("Blue's time is up: Red wins");
    terminal.press("q");
    assert!(terminal.ended_well());
    let file = kept(home.path());
    assert!(file.contains("\nclock: 3s+0\n") && file.contains("\nresult: Red won: time\n"), "{file}");
    assert_eq!(left(&file, "blue"), 0.0, "{file}");
}

#[test]
fn a_game_quit_on_a_running_clock_resumes_with_the_time_it_had_left() {
    let home = tempfile::tempdir().unwrap();
    let mut terminal = Terminal::start(home.path(), &["play", "ombagui", "--clock", "1+0"]);
    // Red moves first in Ombagui: its clock runs, Blue's waits at a minute.
    terminal.wait_for("0:58");
    terminal.press("q");
    assert!(terminal.ended_well());
    let file = kept(home.path());
    let red = left(&file, "red");
    assert!((1.0..59.0).contains(&red) && left(&file, "blue") == 60.0, "{file}");
    let mut terminal = Terminal::start(home.path(), &["resume"]);
    terminal.wait_for("1:00");
    // Red's clock goes on from where it stopped (a second or two may pass as it starts).
    let shown: Vec<String> =
        (0..3).map(|less| format!("0:{:02}", (red as u64).saturating_sub(less))).collect();
    terminal.wait_for_one(&shown.iter().map(String::as_str).collect::<Vec<_>>());
    terminal.press("q");
    assert!(terminal.ended_well());
}
