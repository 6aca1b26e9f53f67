//! What keeps anyone from locking the club, end to end on the loopback: silent sockets by
//! the hundred, a full club, keyless watchers past their share, names registered by the
//! dozen from one address, a ban while the member plays, and the database's file: another
//! program's, linked twice, one the server cannot write.
#![cfg(feature = "club")]

mod member;

use member::{Bot, Server, Terminal, key, run, run_from, runtime};
use std::process::Command;
use std::time::{Duration, Instant};

/// `hexstack club` on `db` that should not start: its one line, its status.
fn refused_start(dir: &std::path::Path, db: &std::path::Path) -> (String, Option<i32>) {
    std::fs::write(dir.join("config.toml"), "").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_hexstack"))
        .args(["club", "--port", "0", "--db"])
        .arg(db)
        .env("HEXSTACK_DATA_DIR", dir)
        .env("HEXSTACK_CONFIG", dir.join("config.toml"))
        .env("LC_ALL", "C")
        .output()
        .unwrap();
    (String::from_utf8_lossy(&output.stderr).into_owned(), output.status.code())
}

#[test]
fn two_hundred_silent_sockets_from_two_hundred_addresses_keep_no_member_out() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path());
    runtime().block_on(async {
        let mut silent = Vec::new();
        for n in 1..=200u32 {
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            socket.bind(format!("127.0.2.{n}:0").parse().unwrap()).unwrap();
            silent.push(socket.connect(([127, 0, 0, 1], server.port).into()).await.unwrap());
        }
        let started = Instant::now();
        let (said, status) = run(server.port, "Ann", Some(&key()), "who").await;
        let waited = started.elapsed();
        assert_eq!((said.as_str(), status), ("Ann\t0\n", 0));
        assert!(waited < Duration::from_secs(3), "Ann waited {waited:?}");
        drop(silent);
    });
}

#[test]
fn a_full_club_says_so_in_one_line_and_keyless_watchers_keep_to_their_share() {
    let dir = tempfile::tempdir().unwrap();
    let config = "[club]\nconnections = 4\nwatcher_share = 50\nnew_names = 1000\n";
    std::fs::write(dir.path().join("config.toml"), config).unwrap();
    let server = Server::start(dir.path());
    runtime().block_on(async {
        let first = Bot::join(server.port, "guest1", None).await;
        let second = Bot::join(server.port, "guest2", None).await;
        let (said, status) = run(server.port, "guest3", None, "who").await;
        assert!(said.contains("the watchers' places are all taken (2)"), "{said}");
        assert_eq!((said.trim().lines().count(), status), (1, 1));
        let ann = Bot::join(server.port, "Ann", Some(&key())).await;
        let bo = Bot::join(server.port, "Bo", Some(&key())).await;
        let (said, status) = run(server.port, "Cy", Some(&key()), "who").await;
        assert!(said.contains("the club is full: 4 members connected"), "{said}");
        assert_eq!((said.trim().lines().count(), status), (1, 1));
        drop((first, second, ann, bo));
    });
}

#[test]
fn one_address_registers_a_few_names_an_hour_and_hears_when_to_try_again() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.toml"), "[club]\nnew_names = 2\n").unwrap();
    let server = Server::start(dir.path());
    let ann = key();
    runtime().block_on(async {
        let port = server.port;
        assert_eq!(run_from("127.0.0.9", port, "Ann", Some(&ann), "who").await.1, 0);
        assert_eq!(run_from("127.0.0.9", port, "Bo", Some(&key()), "who").await.1, 0);
        let (said, status) = run_from("127.0.0.9", port, "Cy", Some(&key()), "who").await;
        assert_eq!(said, "new names from your address: 2 an hour at most; try again in 30 minutes\n");
        assert_eq!(status, 1);
        assert_eq!(run_from("127.0.0.9", port, "Ann", Some(&ann), "who").await.1, 0, "a member comes in");
        assert_eq!(run_from("127.0.0.10", port, "Cy", Some(&key()), "who").await.1, 0, "another address");
    });
}

#[test]
fn a_ban_ends_the_members_sessions_withdraws_their_seek_and_resigns_their_game_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(dir.path());
    let (ann_key, bo_key, cy_key) = (key(), key(), key());
    let db = dir.path().join("club.sqlite3");
    runtime().block_on(async {
        let port = server.port;
        let mut ann = Bot::join(port, "Ann", Some(&ann_key)).await;
        let mut bo = Bot::join(port, "Bo", Some(&bo_key)).await;
        ann.send("seek clamber 3 5+3 casual").await;
        let seek = ann.expect("seek ").await;
        bo.send(&format!("accept {}", &seek[5..])).await;
        ann.expect("game 1 ").await;
        bo.expect("game 1 ").await;
        ann.send("seek ombagui 4 3d casual").await;
        let seek = ann.expect("seek ").await[5..].to_string();
        let cy = Terminal::open(port, "Cy", Some(&cy_key)).await;
        cy.keys("3").await;
        cy.sees(&["Ombagui"]).await;
        let output = Command::new(env!("CARGO_BIN_EXE_hexstack"))
            .args(["club", "admin", "ban", "ann", "--db"])
            .arg(&db)
            .env("LC_ALL", "C")
            .output()
            .unwrap();
        assert_eq!(String::from_utf8_lossy(&output.stdout), "Ann is banned\n");
        // Her seek withdrawn, her game resigned for her, then her session told why and ended.
        ann.expect(&format!("cancelled {seek}")).await;
        ann.expect("end 1 ").await;
        ann.expect("err Ann is banned from this club").await;
        let end = bo.expect("end 1 ").await;
        assert!(end.ends_with(" resign"), "{end}");
        cy.forget();
        cy.keys("3").await;
        cy.sees(&["No open seek"]).await;
        let (said, _) = run(port, "Cy", Some(&cy_key), "games --live").await;
        assert_eq!(said, "", "no game goes on");
    });
    server.heard("Ann is banned: their sessions end");
}

#[test]
fn the_database_is_never_touched_before_it_is_known_and_never_shared_by_two_servers() {
    let dir = tempfile::tempdir().unwrap();
    // Another program's file: one line, and left byte for byte.
    let foreign = dir.path().join("notes.sqlite3");
    let conn = rusqlite::Connection::open(&foreign).unwrap();
    conn.execute_batch("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')").unwrap();
    drop(conn);
    let before = std::fs::read(&foreign).unwrap();
    let (said, status) = refused_start(dir.path(), &foreign);
    assert!(said.contains("is another program's SQLite database, not a club's"), "{said}");
    assert_eq!((said.lines().count(), status), (1, Some(2)), "{said}");
    assert_eq!(std::fs::read(&foreign).unwrap(), before, "not a byte changed");
    // A folder in its place, a folder that cannot be made: the cause named.
    let (said, _) = refused_start(dir.path(), dir.path());
    assert!(said.contains("is a folder, not a file name"), "{said}");
    let file = dir.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    let (said, _) = refused_start(dir.path(), &file.join("club.sqlite3"));
    assert!(said.contains("a-file") && said.lines().count() == 1, "{said}");
    // A club held by a server: another path to the same file is refused.
    let server = Server::start(dir.path());
    let db = dir.path().join("club.sqlite3");
    let hard = dir.path().join("hard.sqlite3");
    std::fs::hard_link(&db, &hard).unwrap();
    let (said, _) = refused_start(dir.path(), &hard);
    assert!(said.contains("is in use by another club server"), "{said}");
    let soft = dir.path().join("soft.sqlite3");
    std::os::unix::fs::symlink(&db, &soft).unwrap();
    assert!(refused_start(dir.path(), &soft).0.contains("is in use by another club server"));
    drop(server);
}
