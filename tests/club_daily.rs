//! Correspondence games end to end: two bots play a `3d` game with the host's notify command
//! set to a script that says its arguments; the turn passed to the other member runs
//! `your-turn NAME ID`, `mine` lists the game for the player to move, and after a restart
//! `mine` and `games --live` still show it with its clock. A member sets and reads their
//! contact, which the command is given.
#![cfg(all(feature = "club", unix))]

mod member;

use hexstack::rules::GameKind;
use member::{Bot, PROMPT, Server, key, run, runtime};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::sync::mpsc;

/// A notify script in `dir` that writes `EVENT NAME ID CONTACT` to a pipe the test reads,
/// and the lines the test hears from it. The script waits for the test to read (a pipe),
/// so each line is heard when the club ran the command, without the test looking again
/// and again at a file.
fn notify_script(dir: &Path) -> (String, mpsc::Receiver<String>) {
    let pipe = dir.join("heard");
    let path = std::ffi::CString::new(pipe.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0);
    let script = dir.join("notify.sh");
    let body = format!("#!/bin/sh\necho \"$* ${{HEXSTACK_CONTACT:--}}\" > '{}'\n", pipe.display());
    std::fs::write(&script, body).unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let (said, heard) = mpsc::channel();
    std::thread::spawn(move || {
        // Each run opens the pipe, writes its line and closes it: read to its end, again.
        while let Ok(file) = std::fs::File::open(&pipe) {
            for line in BufReader::new(file).lines().map_while(Result::ok) {
                if said.send(line).is_err() {
                    return;
                }
            }
        }
    });
    (script.display().to_string(), heard)
}

/// Ann sets her contact, reads it back, and is refused one with a control character.
async fn set_contact(port: u16, ann_key: &std::sync::Arc<russh::keys::PrivateKey>) {
    let (said, status) = run(port, "Ann", Some(ann_key), "contact ann@example.org").await;
    assert_eq!((said.as_str(), status), ("ok\n", 0));
    let (said, _) = run(port, "Ann", Some(ann_key), "contact").await;
    assert_eq!(said, "ann@example.org\n");
    let (said, status) = run(port, "Ann", Some(ann_key), "contact a\u{7}b").await;
    assert_eq!(status, 1, "{said}");
}

#[test]
fn a_3d_game_between_bots_notifies_the_mover_lists_in_mine_and_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let (script, heard) = notify_script(dir.path());
    std::fs::write(
        dir.path().join("config.toml"),
        format!("[club]\nnew_names = 1000\nnotify = \"{script}\"\n"),
    )
    .unwrap();
    let server = Server::start(dir.path());
    let (ann_key, bo_key) = (key(), key());
    let turns = member::greedy(GameKind::Clamber, 3, 4);
    let rt = runtime();
    let port = server.port;
    let hear = || heard.recv_timeout(PROMPT).expect("the notify command ran");
    let (blue, red) = rt.block_on(async {
        set_contact(port, &ann_key).await;
        let mut ann = Bot::join(port, "Ann", Some(&ann_key)).await;
        let mut bo = Bot::join(port, "Bo", Some(&bo_key)).await;
        bo.send("challenge Ann clamber 3 3d rated").await;
        let seek = bo.expect("seek ").await[5..].to_string();
        ann.expect(&format!("challenge {seek} Bo clamber 3 3d rated random")).await;
        assert_eq!(hear(), format!("challenge Ann {seek} ann@example.org"));
        ann.send(&format!("accept {seek}")).await;
        let game = ann.expect("game 1 clamber 3 ").await;
        assert!(game.ends_with(" 3d"), "{game}");
        bo.expect("game 1").await;
        let blue = game.split(' ').nth(4).unwrap().to_string();
        let red = game.split(' ').nth(5).unwrap().to_string();
        let contact = |name: &str| if name == "Ann" { "ann@example.org" } else { "-" };
        assert_eq!(hear(), format!("your-turn {blue} 1 {}", contact(&blue)), "the first mover is told");
        let (mover, other) = if blue == "Ann" { (&mut ann, &mut bo) } else { (&mut bo, &mut ann) };
        mover.send(&format!("move 1 {}", turns[0])).await;
        mover.expect("turn 1 1").await;
        other.expect("turn 1 1").await;
        assert_eq!(hear(), format!("your-turn {red} 1 {}", contact(&red)), "the turn passed is told");
        (blue, red)
    });
    let key_of = |name: &str| if name == "Ann" { ann_key.clone() } else { bo_key.clone() };
    let mine = |port: u16, name: &str| {
        let key = key_of(name);
        let name = name.to_string();
        rt.block_on(async move { run(port, &name, Some(&key), "mine").await.0 })
    };
    let listed = mine(port, &red);
    let fields: Vec<&str> = listed.trim_end().split('\t').collect();
    assert_eq!(fields[..4], ["1", "clamber", "3", blue.as_str()], "{listed}");
    assert!(fields[4].ends_with('Z') && fields[4].contains('T'), "an ISO 8601 deadline: {listed}");
    let seconds: u64 = fields[5].parse().unwrap();
    assert!((3 * 86_400 - 60..=3 * 86_400).contains(&seconds), "three days less the test's time: {seconds}");
    assert_eq!(mine(port, &blue), "", "not Blue's turn");
    // A clean stop, and a start again: the game is there, its clock and deadline kept.
    assert!(server.terminate());
    let mut server = Server::start(dir.path());
    server.heard("1 correspondence games go on");
    let port = server.port;
    // The time the server was down is not counted: the deadline moved on by it, the time
    // left is what it was (less the moments the server ran between the two asks).
    let again = mine(port, &red);
    let again: Vec<&str> = again.trim_end().split('\t').collect();
    assert_eq!(again[..4], fields[..4]);
    assert!(again[4] >= fields[4], "{again:?}");
    let left: u64 = again[5].parse().unwrap();
    assert!(seconds.saturating_sub(left) <= 2 && left <= seconds, "{seconds} s left before, {left} s after");
    let red_key = key_of(&red);
    rt.block_on(async {
        let (games, _) = run(port, &red, Some(&red_key), "games --live").await;
        assert_eq!(games, format!("1\tclamber\t3\t{blue}\t{red}\t3d\tlive\t1\n"));
        // Red's bot comes back to the game and plays on.
        let mut bot = Bot::join(port, &red, Some(&red_key)).await;
        bot.expect("game 1 clamber 3").await;
        bot.expect(&format!("turn 1 1 {} - -", turns[0])).await;
        bot.send(&format!("move 1 {}", turns[1])).await;
        bot.expect("turn 1 2").await;
    });
    assert_eq!(hear(), format!("your-turn {blue} 1 {}", if blue == "Ann" { "ann@example.org" } else { "-" }));
}
