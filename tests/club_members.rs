//! The club's members: names registered by key and defended, names refused, bans, the
//! admin's commands on a database a server holds, and ratings.
#![cfg(feature = "club")]

mod club_support;
mod common;

use club_support::{club, game, greedy, member, play};
use common::hexstack;
use hexstack::club::{Club, Durability, Error, Reason, SETTLED_AFTER, Verdict};
use hexstack::i18n::Lang;
use hexstack::rules::{Colour, GameKind};

fn refused(result: Result<impl std::fmt::Debug, Error>) -> String {
    match result {
        Err(Error::Refused(text)) => Lang::En.say(&text),
        other => panic!("not refused: {other:?}"),
    }
}

#[test]
fn a_new_key_registers_a_free_name_and_the_name_stays_its_keys() {
    let (_dir, _path, mut club) = club();
    let ann = club.login("SHA256:ann", "Ann").unwrap();
    assert!(ann.registered);
    assert_eq!((ann.member.name.as_str(), ann.member.banned), ("Ann", false));
    let again = club.login("SHA256:ann", "ann").unwrap();
    assert_eq!(
        (again.member, again.registered),
        (ann.member.clone(), false),
        "a name is found ignoring case"
    );
    assert_eq!(
        refused(club.login("SHA256:mallory", "ANN")),
        "the name ANN belongs to another key: choose another name"
    );
    assert_eq!(refused(club.login("SHA256:ann", "Bo")), "this key belongs to Ann: come in as Ann");
    assert_eq!(club.members().unwrap().len(), 1, "nothing was registered by the refusals");
    // A second key of Ann's, and a key nobody else may take.
    club.add_key(ann.member.id, "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB ann@laptop").unwrap();
    assert_eq!(
        club.member_by_key("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB ann@laptop").unwrap(),
        Some(ann.member.clone())
    );
    let bo = member(&mut club, "Bo");
    assert!(refused(club.add_key(bo.id, "SHA256:ann")).contains("belongs to Ann"));
}

#[test]
fn names_are_2_to_20_plain_characters_and_a_refusal_shows_no_control_or_bidi() {
    let (_dir, _path, mut club) = club();
    for (n, name) in [
        "A",
        "",
        "abcdefghijklmnopqrstu",
        "ann bo",
        "ann\n",
        "Ann\u{1b}[2J",
        "\u{202e}nnA",
        "Аnn",
        "zoë",
        "a/b",
    ]
    .into_iter()
    .enumerate()
    {
        let said = refused(club.login(&format!("SHA256:{n}"), name));
        assert!(said.contains("cannot be a member's name: 2 to 20 letters"), "{name:?}: {said}");
        assert!(said.chars().all(|c| c.is_ascii_graphic() || c == ' ' || c == '…'), "{name:?}: {said}");
    }
    for name in ["Jo", "x_y-z", "ABCDEFGHIJKLMNOPQRST", "007"] {
        assert!(club.login(&format!("SHA256:{name}"), name).is_ok(), "{name}");
    }
    assert!(refused(club.login("SHA256:bad\u{7}key", "Cy")).contains("a key is one line of printable ASCII"));
}

#[test]
fn a_banned_member_cannot_come_in_or_play_until_let_back() {
    let (_dir, _path, mut club) = club();
    let (ann, bo) = (member(&mut club, "Ann"), member(&mut club, "Bo"));
    assert!(club.set_banned("bo", true).unwrap().banned);
    assert_eq!(refused(club.login("SHA256:key-of-bo", "Bo")), "Bo is banned from this club");
    assert!(refused(club.create_game(&game("clamber", 3, &ann, &bo, false))).contains("Bo is banned"));
    assert!(!club.set_banned("BO", false).unwrap().banned);
    assert!(club.login("SHA256:key-of-bo", "Bo").is_ok());
    assert_eq!(refused(club.set_banned("nobody", true)), "there is no member called 'nobody'");
}

#[test]
fn the_admin_works_on_a_database_a_server_holds() {
    let (_dir, path, mut server) = club();
    let (ann, bo) = (member(&mut server, "Ann"), member(&mut server, "Bo"));
    let id = server.create_game(&game("clamber", 3, &ann, &bo, false)).unwrap();
    let db = path.to_str().unwrap();
    let output = hexstack(&["club", "admin", "list", "--db", db]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let listed = String::from_utf8_lossy(&output.stdout);
    assert_eq!(listed, "Ann\t2025-11-30 15:31 UTC\tmember\t1\t1\nBo\t2025-11-30 15:31 UTC\tmember\t1\t1\n");

    let output = hexstack(&["club", "admin", "ban", "bo", "--db", db]);
    assert_eq!(String::from_utf8_lossy(&output.stdout), "Bo is banned\n");
    // The server's own connection sees it at once, and goes on writing.
    assert!(refused(server.login("SHA256:key-of-bo", "Bo")).contains("banned"));
    play(&mut server, id, [&ann, &bo], &greedy(GameKind::Clamber, 3, 2));
    let output = hexstack(&["--lang", "fr", "club", "admin", "unban", "Bo", "--db", db]);
    assert_eq!(String::from_utf8_lossy(&output.stdout), "Bo n'est plus banni\n");

    let output = hexstack(&["club", "admin", "ban", "nobody", "--db", db]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "hexstack: there is no member called 'nobody'\n");
    let missing = path.with_file_name("none.sqlite3");
    let output = hexstack(&["club", "admin", "list", "--db", missing.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("there is no club database at") && !missing.exists(), "{said}");
    let nowhere = path.with_file_name("nowhere").join("club.sqlite3");
    let output = hexstack(&["club", "admin", "list", "--db", nowhere.to_str().unwrap()]);
    assert!(!nowhere.parent().unwrap().exists(), "the admin makes no folder");
    assert!(String::from_utf8_lossy(&output.stderr).contains("there is no club database at"));
}

#[test]
fn the_admin_brings_an_older_database_up_to_date_only_when_no_server_holds_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.sqlite3");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/club-v1.sqlite3"), &path).unwrap();
    // An older club server holding it (its lock, as it takes it): refused, left as it is.
    let held = hexstack::store::lock::take(&path).unwrap().unwrap();
    let said = match Club::open_admin(&path) {
        Err(Error::Store(text)) => Lang::En.say(&text),
        other => panic!("{other:?}"),
    };
    assert!(said.contains("has schema version 1, older than this hexstack's (2)"), "{said}");
    drop(held);
    let admin = Club::open_admin(&path).unwrap();
    drop(admin);
    assert!(Club::open(&path, Durability::Crash).is_ok(), "migrated, and the admin let go of the lock");
}

#[test]
fn rated_games_move_ratings_shown_as_a_question_mark_until_ten() {
    let (_dir, _path, mut club) = club();
    let (ann, bo) = (member(&mut club, "Ann"), member(&mut club, "Bo"));
    let turns = greedy(GameKind::Clamber, 3, 100);
    for n in 0..SETTLED_AFTER {
        let id = club.create_game(&game("clamber", 3, &ann, &bo, true)).unwrap();
        let ended = play(&mut club, id, [&ann, &bo], &turns).ended.unwrap();
        let [blue, red] = [&ended.ratings[0], &ended.ratings[1]];
        assert!(blue.after.rating > blue.before.rating && red.after.rating < red.before.rating);
        assert_eq!((blue.member, red.member, blue.games), (ann.id, bo.id, n + 1));
        let lines = club.ratings_lines(Some(GameKind::Clamber)).unwrap();
        let shown = if n + 1 < SETTLED_AFTER { "?".to_string() } else { blue.after.shown().to_string() };
        assert!(lines.starts_with(&format!("clamber\t3\tAnn\t{shown}\t{}\n", n + 1)), "{lines}");
    }
    // A casual game and a draw on the clock: only the rated one counts, in its own pool.
    let casual = club.create_game(&game("clamber", 3, &ann, &bo, false)).unwrap();
    assert!(
        club.end_game(casual, Verdict { winner: Some(Colour::Red), reason: Reason::Resign })
            .unwrap()
            .ratings
            .is_empty()
    );
    let drawn = club.create_game(&game("ombagui", 4, &ann, &bo, true)).unwrap();
    let ended = club.end_game(drawn, Verdict { winner: None, reason: Reason::Agreed }).unwrap();
    assert_eq!(ended.ratings.len(), 2);

    let best = club
        .best("clamber".parse().ok().and_then(|game| hexstack::club::Pool::of(game, 3)).unwrap(), 10)
        .unwrap();
    assert_eq!(
        best.iter().map(|s| (s.name.as_str(), s.games)).collect::<Vec<_>>(),
        [("Ann", 10), ("Bo", 10)]
    );
    assert!(best[0].rating.rating > 1500.0 && best[1].rating.rating < 1500.0);
    let mine = club.ratings_of(ann.id).unwrap();
    assert_eq!(mine.iter().map(|s| (s.pool.to_string(), s.shown())).collect::<Vec<_>>().len(), 2);
    assert_eq!(mine[1].shown(), "?", "one Ombagui game");
    let history = club.history(ann.id, None, 100).unwrap();
    assert_eq!(history.len(), 11);
    assert_eq!(history[0].game_id, drawn, "newest first");
    let lines = club.ratings_lines(None).unwrap();
    assert_eq!(lines.lines().count(), 4, "{lines}");
    assert!(lines.ends_with("ombagui\t4\tAnn\t?\t1\nombagui\t4\tBo\t?\t1\n"), "{lines}");
}
