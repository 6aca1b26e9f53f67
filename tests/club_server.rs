//! The club's server end to end: the binary on 127.0.0.1, members' ssh clients with keys of
//! their own, a watcher without one. Registration and a refused name, seek and accept, a
//! turn both players and a watcher see, bad bot lines, the script commands, an exported
//! game that loads, kill -9 and a restart that keep the turn, SIGTERM.
#![cfg(feature = "club")]

mod member;

use hexstack::rules::GameKind;
use member::{Bot, Server, Terminal, key, run, runtime};

/// An exported game, written to `file`: the program reviews it (it loads), a line for each
/// of its `turns`, and it keeps the clock and each turn's time.
fn exported_whole(export: &str, file: &std::path::Path, data: &std::path::Path, turns: usize) {
    // The exported game loads: the program reviews it, a line a turn after its header.
    let review = std::process::Command::new(env!("CARGO_BIN_EXE_hexstack"))
        .args(["review", file.to_str().unwrap(), "--text", "--level", "1"])
        .env("HEXSTACK_DATA_DIR", data)
        .output()
        .unwrap();
    assert!(review.status.success(), "{}", String::from_utf8_lossy(&review.stderr));
    let reviewed = String::from_utf8(review.stdout).unwrap();
    assert_eq!(
        reviewed.lines().filter(|line| line.starts_with(char::is_numeric)).count(),
        turns,
        "{reviewed}"
    );
    // The clock and each turn's time go with it (`Blue C3 4.2s`).
    assert!(export.contains("\nclock: 5+3\n") && export.contains("\nleft: blue "), "{export}");
    let played: Vec<&str> = export
        .lines()
        .skip_while(|line| *line != "turns:")
        .skip(1)
        .take_while(|line| *line != "end")
        .collect();
    assert_eq!(played.len(), turns, "{export}");
    assert!(
        played.iter().all(|line| line.split(' ').nth(2).is_some_and(|time| time.ends_with('s'))),
        "{export}"
    );
}

#[test]
fn a_new_key_registers_its_name_and_a_name_held_by_another_key_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(dir.path());
    let (ann, other) = (key(), key());
    runtime().block_on(async {
        let port = server.port;
        assert_eq!(run(port, "Ann", Some(&ann), "who").await, ("Ann\t0\n".to_string(), 0));
        let (said, status) = run(port, "ann", Some(&other), "who").await;
        assert_eq!(said, "the name ann belongs to another key: choose another name\n");
        assert_eq!(status, 1);
        let (said, status) = run(port, "Cy", Some(&ann), "who").await;
        assert_eq!((said.as_str(), status), ("this key belongs to Ann: come in as Ann\n", 1));
        let (said, status) = run(port, "\u{202e}nnA", Some(&other), "who").await;
        assert!(said.starts_with("'\\u{202e}nnA' cannot be a member's name"), "{said}");
        assert_eq!((said.lines().count(), status), (1, 1));
        let (said, status) = run(port, "Ann", Some(&ann), "dance").await;
        assert!(said.starts_with("unknown command 'dance': the commands are who"), "{said}");
        assert_eq!(status, 1);
    });
    server.heard("Ann registered from 127.0.0.1");
    server.heard("refused ann from 127.0.0.1: the name ann belongs to another key");
    assert!(server.terminate(), "SIGTERM stops the club cleanly");
}

#[test]
fn a_seek_taken_is_a_game_whose_turns_both_players_and_a_watcher_see_and_the_archive_keeps() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path());
    let port = server.port;
    let (ann_key, bo_key, cy_key) = (key(), key(), key());
    let turns = member::greedy(GameKind::Clamber, 3, 40);
    runtime().block_on(async {
        let mut ann = Bot::join(port, "Ann", Some(&ann_key)).await;
        let mut bo = Bot::join(port, "Bo", Some(&bo_key)).await;
        ann.send("seek clamber 3 5+3 rated").await;
        let seek = ann.expect("seek ").await;
        bo.send(&format!("accept {}", &seek[5..])).await;
        let game = ann.expect("game 1 clamber 3 ").await;
        assert_eq!(bo.expect("game 1").await, game);
        let blue = game.split(' ').nth(4).unwrap().to_string();
        let (mut first, mut second) = if blue == "Ann" { (ann, bo) } else { (bo, ann) };
        let mut watcher = Bot::join(port, "guest", None).await;
        watcher.send("watch 1").await;
        assert_eq!(watcher.expect("game 1").await, game);
        watcher.send("seek clamber 3 5+3 rated").await;
        watcher.expect("err a watcher may only watch").await;
        // Out of turn, a bad line, an illegal turn: one `err` each, the session goes on.
        second.send(&format!("move 1 {}", turns[0])).await;
        second.expect("err game 1: it is Blue's turn").await;
        first.send("dance").await;
        first.expect("err unknown command 'dance'").await;
        first.send("move 1").await;
        assert_eq!(first.next().await, "err expected 'move GAME_ID TURN'");
        first.send("move 1 Z9").await;
        first.expect("err ").await;
        first.send(&format!("move 1 {}", turns[0])).await;
        let turn = first.expect(&format!("turn 1 1 {} ", turns[0])).await;
        assert_eq!(second.next().await, turn, "the other player sees the turn");
        assert_eq!(watcher.next().await, turn, "and so does the watcher");
        let clocks: Vec<u64> = turn.split(' ').skip(4).map(|ms| ms.parse().unwrap()).collect();
        assert!(clocks[0] <= 303_000 && clocks[0] > 290_000 && clocks[1] == 300_000, "{turn}");
        let (listed, _) = run(port, "Cy", Some(&cy_key), "games --live").await;
        assert!(listed.starts_with("1\tclamber\t3\t"), "a third member sees the game: {listed}");
        assert!(listed.trim_end().ends_with("\t5+3\tlive\t1"), "{listed}");
        for (n, played) in turns.iter().enumerate().skip(1) {
            let (mover, other) =
                if n % 2 == 0 { (&mut first, &mut second) } else { (&mut second, &mut first) };
            mover.send(&format!("move 1 {played}")).await;
            let turn = mover.expect(&format!("turn 1 {} {played} ", n + 1)).await;
            assert_eq!(other.next().await, turn);
        }
        assert_eq!(first.next().await, "end 1 blue rules");
        assert_eq!(second.next().await, "end 1 blue rules");
        let (export, status) = run(port, "Cy", Some(&cy_key), "export 1").await;
        assert_eq!(status, 0);
        let file = dir.path().join("exported.hexstack");
        std::fs::write(&file, &export).unwrap();
        exported_whole(&export, &file, dir.path(), turns.len());
        for bad in ["0", "-1", "99999999999999999999", "x"] {
            let (said, status) = run(port, "Cy", Some(&cy_key), &format!("export {bad}")).await;
            assert_eq!((said.as_str(), status), (format!("'{bad}' is not a game's number: a game's number is a whole number from 1 on, as games lists it\n").as_str(), 1));
        }
        let (ratings, _) = run(port, "Cy", Some(&cy_key), "ratings clamber").await;
        assert!(ratings.contains(&format!("clamber\t3\t{blue}\t?\t1")), "{ratings}");
        // Blue won: their rating after the game is above the 1500 they began at.
        let (history, _) = run(port, "Cy", Some(&cy_key), &format!("history {blue}")).await;
        let fields: Vec<&str> = history.trim_end().split('\t').collect();
        assert_eq!(fields[..3], ["1", "clamber", "3"], "{history}");
        assert!(fields[3].parse::<f64>().is_ok_and(|rating| rating > 1500.0), "{history}");
        let (mine, _) =
            run(port, &blue, Some(if blue == "Ann" { &ann_key } else { &bo_key }), "history").await;
        assert_eq!(mine, history, "without a name, the asker's own");
        let (who, _) = run(port, "Cy", Some(&cy_key), "who").await;
        assert_eq!(who, "Ann\t0\nBo\t0\nCy\t0\n");
    });
}

#[test]
fn a_turn_shown_survives_kill_9_and_the_game_goes_on_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path());
    let (ann_key, bo_key) = (key(), key());
    let turns = member::greedy(GameKind::Clamber, 3, 40);
    let rt = runtime();
    let game = rt.block_on(async {
        let mut ann = Bot::join(server.port, "Ann", Some(&ann_key)).await;
        let mut bo = Bot::join(server.port, "Bo", Some(&bo_key)).await;
        bo.send("challenge Ann clamber 3 10+0 casual").await;
        let seek = bo.expect("seek ").await;
        let challenge = ann.expect(&format!("challenge {} Bo clamber 3 10+0 casual", &seek[5..])).await;
        ann.send(&format!("accept {}", challenge.split(' ').nth(1).unwrap())).await;
        let game = ann.expect("game 1 clamber 3").await;
        bo.expect("game 1").await;
        let blue = if game.split(' ').nth(4) == Some("Ann") { &mut ann } else { &mut bo };
        blue.send(&format!("move 1 {}", turns[0])).await;
        blue.expect("turn 1 1").await;
        game
    });
    server.kill_9();
    let mut server = Server::start(dir.path());
    server.heard("game 1 goes on");
    let port = server.port;
    rt.block_on(async {
        let mut ann = Bot::join(port, "Ann", Some(&ann_key)).await;
        assert_eq!(ann.next().await, game, "the game goes on after the restart");
        ann.expect(&format!("turn 1 1 {} ", turns[0])).await;
        let (export, _) = run(port, "Bo", Some(&bo_key), "export 1").await;
        assert!(export.contains(&turns[0]), "{export}");
        let mut bo = Bot::join(port, "Bo", Some(&bo_key)).await;
        bo.expect("game 1").await;
        bo.expect("turn 1 1").await;
        let red = if game.split(' ').nth(5) == Some("Ann") { &mut ann } else { &mut bo };
        red.send(&format!("move 1 {}", turns[1])).await;
        red.expect(&format!("turn 1 2 {} ", turns[1])).await;
    });
}

#[test]
fn a_member_online_twice_hears_the_game_on_both_and_one_who_does_not_return_loses_on_time() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path());
    let (ann_key, bo_key) = (key(), key());
    let turns = member::greedy(GameKind::Clamber, 3, 2);
    runtime().block_on(async {
        let mut ann = Bot::join(server.port, "Ann", Some(&ann_key)).await;
        let mut again = Bot::join(server.port, "Ann", Some(&ann_key)).await;
        let mut bo = Bot::join(server.port, "Bo", Some(&bo_key)).await;
        bo.send("seek clamber 3 3s+0 casual").await;
        let seek = bo.expect("seek ").await;
        ann.send(&format!("accept {}", &seek[5..])).await;
        let game = bo.expect("game 1").await;
        assert_eq!(ann.next().await, game);
        assert_eq!(again.next().await, game, "Ann's second connection hears the game too");
        if game.split(' ').nth(4) == Some("Ann") {
            again.send(&format!("move 1 {}", turns[0])).await;
            let turn = again.expect("turn 1 1").await;
            assert_eq!(ann.next().await, turn);
            assert_eq!(bo.next().await, turn);
            drop(bo);
            assert_eq!(ann.next().await, "end 1 blue time", "Bo did not come back");
            assert_eq!(again.next().await, "end 1 blue time");
        } else {
            bo.send(&format!("move 1 {}", turns[0])).await;
            let turn = bo.expect("turn 1 1").await;
            assert_eq!(ann.next().await, turn);
            assert_eq!(again.next().await, turn);
            drop((ann, again));
            assert_eq!(bo.next().await, "end 1 blue time", "Ann did not come back");
        }
    });
}

#[test]
fn the_lobby_on_a_terminal_shows_the_club_and_takes_a_seek_and_the_config_may_keep_watchers_out() {
    let dir = tempfile::tempdir().unwrap();
    let config = "[club]\nname = \"Thursday\"\ngreeting = \"Games at eight\"\nwatchers = false\n";
    std::fs::write(dir.path().join("config.toml"), config).unwrap();
    let server = Server::start(dir.path());
    let ann_key = key();
    runtime().block_on(async {
        let (said, status) = run(server.port, "guest", None, "games").await;
        assert!(said.starts_with("this club lets in members only: come with an SSH key"), "{said}");
        assert_eq!(status, 1);
        let mut bo = Bot::join(server.port, "Bo", Some(&key())).await;
        let session = member::session(server.port, "Ann", Some(&ann_key)).await;
        let channel = session.channel_open_session().await.unwrap();
        channel.request_pty(true, "xterm", 100, 30, 0, 0, &[]).await.unwrap();
        channel.request_shell(true).await.unwrap();
        let (mut reader, writer) = channel.split();
        let (drawn, mut screen) = tokio::sync::watch::channel(String::new());
        tokio::spawn(async move {
            while let Some(message) = reader.wait().await {
                if let russh::ChannelMsg::Data { data } = message {
                    drawn.send_modify(|screen| screen.push_str(&String::from_utf8_lossy(&data)));
                }
            }
        });
        let sees = |screen: &mut tokio::sync::watch::Receiver<String>, texts: &'static [&'static str]| {
            let mut screen = screen.clone();
            async move {
                let seen = screen.wait_for(|drawn| texts.iter().all(|text| drawn.contains(text)));
                let seen = tokio::time::timeout(member::PROMPT, seen).await;
                assert!(seen.is_ok_and(|seen| seen.is_ok()), "never saw {texts:?}: {:?}", *screen.borrow());
            }
        };
        // Who is online, the second part: Bo among them.
        writer.data_bytes(b"2".to_vec()).await.unwrap();
        sees(&mut screen, &["Thursday", "Games at eight", "Bo"]).await;
        bo.send("seek clamber 3 5+3 casual").await;
        bo.expect("seek 1").await;
        // The seek's part: Bo's seek, posted since, is in the view the club rebuilt.
        writer.data_bytes(b"3".to_vec()).await.unwrap();
        sees(&mut screen, &["5+3"]).await;
        // Enter takes it: the game begins, and the bot hears of it.
        writer.data_bytes(b"\r".to_vec()).await.unwrap();
        bo.expect("game 1 clamber 3 ").await;
        sees(&mut screen, &["5:00", "q lobby"]).await;
        writer.data_bytes(b"q".to_vec()).await.unwrap();
        drop(writer);
    });
}

#[test]
fn from_the_lobby_a_member_plays_on_the_game_screen_another_watches_and_the_game_is_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path());
    let port = server.port;
    let (ann_key, bo_key, cy_key) = (key(), key(), key());
    let turns = member::greedy(GameKind::Clamber, 3, 1);
    runtime().block_on(async {
        let mut bo = Bot::join(port, "Bo", Some(&bo_key)).await;
        let ann = Terminal::open(port, "Ann", Some(&ann_key)).await;
        let cy = Terminal::open(port, "Cy", Some(&cy_key)).await;
        ann.keys("2").await;
        ann.sees(&["Bo"]).await;
        bo.send("seek clamber 3 5+3 casual").await;
        bo.expect("seek 1").await;
        // Seeks, Enter: Ann takes it, and her terminal goes to the game.
        ann.keys("3").await;
        ann.sees(&["5+3"]).await;
        ann.forget();
        ann.keys("\r").await;
        let game = bo.expect("game 1 clamber 3 ").await;
        let ann_blue = game.split(' ').nth(4) == Some("Ann");
        if !ann_blue {
            ann.sees(&["Blue is thinking"]).await;
            bo.send(&format!("move 1 {}", turns[0])).await;
            bo.expect("turn 1 1").await;
            ann.sees(&[&format!("Last turn {}", turns[0])]).await;
        }
        ann.sees(&["your turn"]).await;
        // Cy watches from the Live tab.
        cy.keys("5").await;
        cy.sees(&["Ann"]).await;
        cy.forget();
        cy.keys("\r").await;
        cy.sees(&["You are watching this game"]).await;
        // Ann resigns on her screen: kept, then told to the bot and the watcher.
        ann.keys("r").await;
        ann.keys("y").await;
        let bo_colour = if ann_blue { "red" } else { "blue" };
        assert_eq!(bo.next().await, format!("end 1 {bo_colour} resign"));
        cy.sees(&["Ann) resigned"]).await;
        // Back to the lobby, and the game replayed from the finished ones.
        ann.forget();
        ann.keys("q").await;
        ann.sees(&["Finished"]).await;
        ann.keys("6").await;
        ann.forget();
        ann.keys("\r").await;
        ann.sees(&["replay only looks back"]).await;
        let (export, _) = run(port, "Cy", Some(&cy_key), "export 1").await;
        assert!(export.contains("resign"), "{export}");
    });
}

#[test]
fn a_bot_cancels_its_seek_and_challenge_and_an_unknown_command_registers_nobody() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path());
    let port = server.port;
    runtime().block_on(async {
        let (said, status) = run(port, "Stranger", Some(&key()), "dance").await;
        assert!(said.starts_with("unknown command 'dance'") && status == 1, "{said}");
        let (who, _) = run(port, "Ann", Some(&key()), "who").await;
        assert_eq!(who, "Ann\t0\n", "the stranger was not registered");
        let mut ann = Bot::join(port, "Ann2", Some(&key())).await;
        let mut bo = Bot::join(port, "Bo", Some(&key())).await;
        ann.send("seek clamber 3 5+3 rated blue").await;
        let seek = ann.expect("seek ").await[5..].to_string();
        ann.send(&format!("cancel {seek}")).await;
        ann.expect(&format!("cancelled {seek}")).await;
        bo.send(&format!("accept {seek}")).await;
        bo.expect(&format!("err there is no seek or challenge {seek}")).await;
        ann.send("challenge Bo ombagui 4 none casual red").await;
        let challenge = ann.expect("seek ").await[5..].to_string();
        assert_eq!(
            bo.expect("challenge ").await,
            format!("challenge {challenge} Ann2 ombagui 4 none casual red")
        );
        bo.send(&format!("cancel {challenge}")).await;
        bo.expect(&format!("cancelled {challenge}")).await;
        ann.expect(&format!("cancelled {challenge}")).await;
    });
}
