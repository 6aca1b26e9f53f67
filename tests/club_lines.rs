//! The club in lines over real SSH on the loopback, as a screen reader's user meets it:
//! `ssh NAME@HOST screen-reader` with its input a pipe's, and a terminal whose `TERM` is
//! `dumb`; a seek posted and taken, a game played by typed turns to its end, the end of
//! the input leaving the club. Nothing any of them is sent has an escape sequence or rings
//! a bell. Every wait is on what the server sends, bounded.
#![cfg(feature = "club")]

mod member;

use member::{Listener, Server, key, runtime};

/// What a line member may be sent: words, line ends, and (echoing a Backspace on a raw
/// terminal) the backspace that takes a character back; never an escape or a bell.
fn speakable(sent: &[u8], backspace: bool) {
    let text = String::from_utf8(sent.to_vec()).expect("UTF-8 text");
    for c in text.chars() {
        let allowed = c == '\n' || c == '\r' || (backspace && c == '\u{8}');
        assert!(allowed || !c.is_control(), "{c:?} sent in {text:?}");
        let drawn = ('\u{2500}'..='\u{259f}').contains(&c) || ('\u{e000}'..='\u{f8ff}').contains(&c);
        assert!(!drawn, "{c:?} sent in {text:?}");
    }
}

#[test]
fn the_screen_reader_command_through_a_pipe_plays_a_game_to_its_end_and_leaves_at_the_end_of_its_input() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(dir.path());
    let port = server.port;
    runtime().block_on(async {
        let (ana_key, bob_key) = (key(), key());
        let mut ana = Listener::command(port, "ana", &ana_key).await;
        ana.hears("Type help for the commands").await;
        let mut bob = Listener::command(port, "bob", &bob_key).await;
        bob.hears("Type help for the commands").await;
        ana.types("seek clamber 3 none casual blue").await;
        ana.hears("Seek 1 posted.").await;
        bob.types("seeks").await;
        bob.hears("Seek 1: ana offers Clamber, side 3, no clock, casual, ana plays blue.").await;
        bob.types("take 1").await;
        ana.hears("Red is bob.").await;
        bob.hears("You play Red").await;
        ana.types("A1").await;
        bob.hears("Blue: places a piece on A1. Red to move.").await;
        bob.types("A2").await;
        ana.hears("Red: places a piece on A2. Blue to move.").await;
        ana.types("A1xA2").await;
        for listener in [&mut ana, &mut bob] {
            listener.hears("Blue wins: Red has no stack left.").await;
        }
        ana.types("lobby").await;
        ana.hears("The lobby.").await;
        ana.types("finished").await;
        ana.hears("Game 1: ana, blue, against bob, red; Clamber, side 3; 3 turns; Blue wins.").await;
        // The pipe ends: ana leaves, and the club closes her channel.
        ana.end().await;
        ana.hears("You left the club").await;
        ana.closed().await;
        for listener in [&ana, &bob] {
            speakable(&listener.sent.lock().unwrap(), false);
        }
    });
    server.heard("ana left");
    assert!(server.terminate(), "the club stops cleanly");
}

#[test]
fn a_dumb_terminal_is_answered_in_lines_with_what_it_types_echoed_and_no_escape_sequence() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(dir.path());
    let port = server.port;
    runtime().block_on(async {
        let ana_key = key();
        let mut ana = Listener::dumb(port, "ana", &ana_key).await;
        ana.hears("Welcome to hexstack, the club in lines. You are ana.").await;
        ana.hears("Type help for the commands").await;
        // Typed on a raw terminal: echoed by the club, Backspace taking a character back,
        // an arrow key's escape sequence typing nothing.
        ana.keys(b"seekz\x7fs\x1b[A\r").await;
        let heard = ana.hears("No open seek.").await;
        assert!(heard.iter().any(|line| line.contains("seekz\u{8} \u{8}s")), "echoed: {heard:?}");
        ana.types("seek ombagui 3d rated").await;
        ana.hears("Seek 1 posted.").await;
        ana.types("seeks").await;
        ana.hears("Seek 1: ana offers Ombagui").await;
        ana.types("cancel 1").await;
        ana.hears("Done.").await;
        ana.types("quit").await;
        ana.hears("You left the club").await;
        ana.closed().await;
        let sent = ana.sent.lock().unwrap().clone();
        speakable(&sent, true);
        let text = String::from_utf8(sent).unwrap();
        assert!(!text.replace("\r\n", "").contains('\n'), "a raw terminal's lines end with \\r\\n: {text:?}");
    });
    server.heard("ana is in (lines)");
    assert!(server.terminate(), "the club stops cleanly");
}
