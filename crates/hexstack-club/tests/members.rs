//! The club's members: names registered by key and defended, names refused, bans, the
//! admin on a database a server holds, and ratings.

mod support;

use hexstack_club::{
    Club, Durability, Error, Failure, GameResult, Pace, Pool, Reason, Refusal, SETTLED_AFTER, StoreError,
};
use hexstack_rules::{Colour, GameKind};
use support::{club, game, greedy, member, play, refusal};

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
    assert_eq!(refusal(club.login("SHA256:mallory", "ANN")), Refusal::NameTaken("ANN".into()));
    assert_eq!(refusal(club.login("SHA256:ann", "Bo")), Refusal::KeyOther("Ann".into()));
    assert_eq!(club.members().unwrap().len(), 1, "nothing was registered by the refusals");
    // A second key of Ann's, and a key nobody else may take.
    club.add_key(ann.member.id, "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB ann@laptop").unwrap();
    assert_eq!(
        club.member_by_key("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB ann@laptop").unwrap(),
        Some(ann.member.clone())
    );
    let bo = member(&mut club, "Bo");
    assert_eq!(refusal(club.add_key(bo.id, "SHA256:ann")), Refusal::KeyOther("Ann".into()));
}

#[test]
fn names_are_2_to_20_plain_characters_and_a_refusal_quotes_no_control_or_bidi() {
    let (_dir, _path, mut club) = club();
    let bad = [
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
    ];
    for (n, name) in bad.into_iter().enumerate() {
        let Refusal::NameForm(quoted) = refusal(club.login(&format!("SHA256:{n}"), name)) else {
            panic!("{name:?}")
        };
        assert!(quoted.chars().all(|c| c.is_ascii_graphic() || c == ' ' || c == '…'), "{name:?}: {quoted}");
    }
    for name in ["Jo", "x_y-z", "ABCDEFGHIJKLMNOPQRST", "007"] {
        assert!(club.login(&format!("SHA256:{name}"), name).is_ok(), "{name}");
    }
    assert_eq!(refusal(club.login("SHA256:bad\u{7}key", "Cy")), Refusal::KeyForm);
}

#[test]
fn a_banned_member_cannot_come_in_or_play_until_let_back() {
    let (_dir, _path, mut club) = club();
    let (ann, bo) = (member(&mut club, "Ann"), member(&mut club, "Bo"));
    assert!(club.set_banned("bo", true).unwrap().banned);
    assert_eq!(refusal(club.login("SHA256:key-of-bo", "Bo")), Refusal::Banned("Bo".into()));
    assert_eq!(
        refusal(club.create_game(&game("clamber", 3, &ann, &bo, false))),
        Refusal::Banned("Bo".into())
    );
    assert!(!club.set_banned("BO", false).unwrap().banned);
    assert!(club.login("SHA256:key-of-bo", "Bo").is_ok());
    assert_eq!(refusal(club.set_banned("nobody", true)), Refusal::NoMember("nobody".into()));
}

#[test]
fn the_admin_works_on_a_database_a_server_holds() {
    let (_dir, path, mut server) = club();
    let (ann, bo) = (member(&mut server, "Ann"), member(&mut server, "Bo"));
    let id = server.create_game(&game("clamber", 3, &ann, &bo, false)).unwrap();
    let mut admin = Club::open_admin(&path).unwrap();
    assert_eq!(
        admin.members().unwrap().iter().map(|listed| (listed.keys, listed.games)).collect::<Vec<_>>(),
        [(1, 1), (1, 1)]
    );
    admin.set_banned("bo", true).unwrap();
    // The server's own connection sees it at once, and goes on writing.
    assert_eq!(refusal(server.login("SHA256:key-of-bo", "Bo")), Refusal::Banned("Bo".into()));
    play(&mut server, id, [&ann, &bo], &greedy(GameKind::Clamber, 3, 2));
    let missing = path.with_file_name("none.sqlite3");
    assert!(matches!(
        Club::open_admin(&missing),
        Err(Error::Store(StoreError { failure: Failure::Missing, .. }))
    ));
    assert!(!missing.exists(), "the admin makes no file");
    let nowhere = path.with_file_name("nowhere").join("club.sqlite3");
    assert!(Club::open_admin(&nowhere).is_err());
    assert!(!nowhere.parent().unwrap().exists(), "the admin makes no folder");
}

#[test]
fn the_admin_brings_an_older_database_up_to_date_only_when_no_server_holds_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.sqlite3");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/club-v1.sqlite3"), &path).unwrap();
    // A server holding it, as a server holds it (the system's lock on the file itself).
    let held = std::fs::File::open(&path).unwrap();
    held.try_lock().unwrap();
    match Club::open_admin(&path) {
        Err(Error::Store(StoreError { failure: Failure::OlderHeld(1, 3, _), .. })) => {}
        other => panic!("{other:?}"),
    }
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
    let pool = Pool::of(GameKind::Clamber, 3, Pace::Live).unwrap();
    for n in 0..SETTLED_AFTER {
        let id = club.create_game(&game("clamber", 3, &ann, &bo, true)).unwrap();
        let ended = play(&mut club, id, [&ann, &bo], &turns).ended.unwrap();
        let [blue, red] = [&ended.ratings[0], &ended.ratings[1]];
        assert!(blue.after.rating > blue.before.rating && red.after.rating < red.before.rating);
        assert_eq!((blue.member, red.member, blue.games), (ann.id, bo.id, n + 1));
        let standings = club.standings(pool, 100).unwrap();
        let shown = if n + 1 < SETTLED_AFTER { "?".to_string() } else { blue.after.shown().to_string() };
        assert_eq!(
            (standings[0].name.as_str(), standings[0].shown(), standings[0].games),
            ("Ann", shown, n + 1)
        );
    }
    // A casual game and a draw on the clock: only the rated one counts, in its own pool.
    let casual = club.create_game(&game("clamber", 3, &ann, &bo, false)).unwrap();
    let resigned = GameResult { winner: Some(Colour::Red), reason: Reason::Resign };
    assert!(club.end_game(casual, resigned).unwrap().ratings.is_empty());
    let drawn = club.create_game(&game("ombagui", 4, &ann, &bo, true)).unwrap();
    let ended = club.end_game(drawn, GameResult { winner: None, reason: Reason::Agreed }).unwrap();
    assert_eq!(ended.ratings.len(), 2);

    let best = club.best(pool, 10).unwrap();
    assert_eq!(
        best.iter().map(|s| (s.name.as_str(), s.games)).collect::<Vec<_>>(),
        [("Ann", 10), ("Bo", 10)]
    );
    assert!(best[0].rating.rating > 1500.0 && best[1].rating.rating < 1500.0);
    let mine = club.ratings_of(ann.id).unwrap();
    assert_eq!(
        mine.iter().map(|s| s.pool).collect::<Vec<_>>(),
        [pool, Pool::of(GameKind::Ombagui, 4, Pace::Live).unwrap()]
    );
    assert_eq!(mine[1].shown(), "?", "one Ombagui game");
    let history = club.history(ann.id, None, 100).unwrap();
    assert_eq!(history.len(), 11);
    assert_eq!(history[0].game_id, drawn, "newest first");
}
