//! Triad, the test-only third game, through the command line: `moves` and `perft` know it
//! as they know the two real games. Its play, screens, protocol and speech are tested in
//! process (src/app/tests/third_game.rs).
#![cfg(feature = "third-game")]

/// What the program prints on stdout when run with `args`.
fn hexstack(args: &[&str]) -> String {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_hexstack")).args(args).output().unwrap();
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn third_game_moves_and_perft_on_the_command_line() {
    assert_eq!(hexstack(&["moves", "triad"]).lines().count(), 19);
    assert_eq!(hexstack(&["perft", "triad", "--depth", "2"]), "342\n");
}
