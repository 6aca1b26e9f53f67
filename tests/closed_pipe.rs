//! A reader that stops early (`hexstack puzzles list | head -1`) is no error: every command
//! that writes to standard output ends quietly, with status 0, as ripgrep and coreutils do.

use std::io::Write;
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Command, Stdio};

/// A pipe whose reading end is closed already: any write to the other end fails (EPIPE).
fn closed_pipe() -> OwnedFd {
    let mut ends = [0; 2];
    // SAFETY: `ends` has room for the two descriptors pipe(2) writes.
    assert_eq!(unsafe { libc::pipe(ends.as_mut_ptr()) }, 0);
    // SAFETY: both descriptors were just made by pipe(2) and are owned here alone.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1])) };
    drop(read);
    write
}

/// The program run with `args` and `input`, its standard output a closed pipe: its status
/// and what it said on its error output.
fn into_closed_pipe(args: &[&str], input: &str, data: &std::path::Path) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexstack"))
        .args(args)
        .env("LC_ALL", "C")
        .env("HEXSTACK_DATA_DIR", data)
        .env("XDG_CONFIG_HOME", data)
        .stdin(Stdio::piped())
        .stdout(Stdio::from(closed_pipe()))
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // The engine may be gone before it reads: a failed write here is no matter.
    let _ = child.stdin.take().expect("its input").write_all(input.as_bytes());
    let output = child.wait_with_output().expect("it ends");
    (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn every_printing_command_ends_quietly_on_a_closed_pipe() {
    let data = tempfile::tempdir().unwrap();
    let game = data.path().join("lost.hexstack");
    std::fs::write(
        &game,
        "hexstack saved game\ngame: clamber\nstart: 3/b/C4=r1,E4=b1\nturns:\nBlue D4\nRed C4xD4\nend\n",
    )
    .unwrap();
    let puzzles = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/puzzles.tsv");
    let commands: [(&[&str], &str); 12] = [
        (&["puzzles", "list"], ""),
        (&["puzzles", "--file", puzzles, "list"], ""),
        (&["perft", "clamber", "--depth", "2", "--divide"], ""),
        (&["moves", "ombagui"], ""),
        (&["review", game.to_str().unwrap(), "--text", "--level", "1", "--threads", "1"], ""),
        (&["match", "clamber", "--size", "2", "--blue", "1", "--red", "1", "--games", "1", "--cap", "4"], ""),
        (&["config"], ""),
        (&["config", "--default"], ""),
        (&["completions", "bash"], ""),
        (&["man"], ""),
        (&["engine"], "new clamber\nmoves\nnew ombagui\nmoves\n"),
        (&["puzzles", "make", "--game", "clamber", "--size", "2", "--count", "1", "--seed", "1"], ""),
    ];
    for (args, input) in commands {
        let (status, said) = into_closed_pipe(args, input, data.path());
        assert_eq!(status, Some(0), "{args:?}: {said}");
        // What a command says of its work on the error output (a match's scores) may stay;
        // no error, and no word of the pipe.
        assert!(!said.contains("hexstack:") && !said.contains("ipe"), "{args:?}: {said}");
    }
}
