//! The club's database: made and opened, one server a file by any name, a damaged,
//! foreign, read-only, newer or older file, games kept turn by turn and rebuilt after a
//! restart.

mod support;

use hexstack_club::{
    Club, Durability, Error, Failure, GameResult, Reason, Refusal, StoreError, Which, schema,
};
use hexstack_rules::{Colour, GameKind};
use support::{NOW, club, game, greedy, member, play, refusal};

fn user_version(conn: &rusqlite::Connection) -> usize {
    conn.pragma_query_value(None, "user_version", |row| row.get::<_, i64>(0)).unwrap() as usize
}

/// How the database failed, or a panic.
fn failure(result: Result<Club, Error>) -> Failure {
    match result {
        Err(Error::Store(StoreError { failure, .. })) => failure,
        other => panic!("not refused as a store error: {other:?}"),
    }
}

#[test]
fn a_new_club_is_in_wal_mode_at_the_latest_schema() {
    let (dir, path, club) = club();
    let conn = rusqlite::Connection::open(&path).unwrap();
    let mode: String = conn.pragma_query_value(None, "journal_mode", |row| row.get(0)).unwrap();
    let version = user_version(&conn);
    assert_eq!((mode.as_str(), version), ("wal", schema::VERSION));
    let id: i32 = conn.pragma_query_value(None, "application_id", |row| row.get(0)).unwrap();
    assert_eq!(id, schema::APPLICATION_ID);
    drop((conn, club));
    // The folder is made when missing.
    let deeper = dir.path().join("a/b/club.sqlite3");
    assert!(Club::open(&deeper, Durability::Crash).is_ok());
}

#[test]
fn a_second_server_on_the_same_file_is_refused_by_any_name_for_it() {
    let (dir, path, _club) = club();
    let held = Failure::Held(hexstack_club::Holder { pid: Some(std::process::id()) });
    assert_eq!(failure(Club::open(&path, Durability::Crash)), held);
    let other_name = dir.path().join(".").join("club.sqlite3");
    assert_eq!(failure(Club::open(&other_name, Durability::Crash)), held);
    let hard = dir.path().join("hard.sqlite3");
    std::fs::hard_link(&path, &hard).unwrap();
    assert_eq!(failure(Club::open(&hard, Durability::Crash)), held, "the lock is on the file, not its name");
    #[cfg(unix)]
    {
        let soft = dir.path().join("soft.sqlite3");
        std::os::unix::fs::symlink(&path, &soft).unwrap();
        assert_eq!(failure(Club::open(&soft, Durability::Crash)), held);
    }
    // There is no lock file to delete from under a running server.
    let files: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into())
        .collect();
    assert!(files.iter().all(|file| !file.contains("lock")), "{files:?}");
}

#[test]
fn a_damaged_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let garbage = dir.path().join("garbage.sqlite3");
    std::fs::write(&garbage, b"this is no database at all, just some words\n".repeat(200)).unwrap();
    assert_eq!(failure(Club::open(&garbage, Durability::Crash)), Failure::Damaged);

    // A real club whose pages were overwritten in the middle.
    let damaged = dir.path().join("damaged.sqlite3");
    let (_kept, path, mut club) = support::club();
    let (ann, bo) = (member(&mut club, "Ann"), member(&mut club, "Bo"));
    for _ in 0..40 {
        club.create_game(&game("clamber", 3, &ann, &bo, false)).unwrap();
    }
    drop(club);
    let mut bytes = std::fs::read(&path).unwrap();
    assert!(bytes.len() > 8192, "{}", bytes.len());
    bytes[4096..8192].fill(0x5a);
    std::fs::write(&damaged, bytes).unwrap();
    assert_eq!(failure(Club::open(&damaged, Durability::Crash)), Failure::Damaged);
}

#[test]
fn another_programs_database_is_refused_and_left_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let foreign = dir.path().join("foreign.sqlite3");
    let conn = rusqlite::Connection::open(&foreign).unwrap();
    conn.execute_batch("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')").unwrap();
    drop(conn);
    let before = std::fs::read(&foreign).unwrap();
    assert_eq!(failure(Club::open(&foreign, Durability::Crash)), Failure::NotClub);
    assert_eq!(failure(Club::open_admin(&foreign)), Failure::NotClub);
    assert_eq!(std::fs::read(&foreign).unwrap(), before, "not even switched to WAL");
    let beside: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(beside.len(), 1, "no file made beside it");
}

#[test]
fn a_folder_in_the_files_place_or_a_folder_that_cannot_be_made_is_named() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(failure(Club::open(dir.path(), Durability::Crash)), Failure::Folder);
    let file = dir.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    match Club::open(&file.join("club.sqlite3"), Durability::Crash) {
        Err(Error::Store(StoreError { db, failure: Failure::Io(_, said) })) => {
            assert_eq!(db, file.display().to_string(), "the folder that could not be made is named");
            assert!(said.to_lowercase().contains("not a directory") || said.contains("exists"), "{said}");
        }
        other => panic!("{other:?}"),
    }
}

/// Makes `path` unwritable for this process while it lives: read-only permissions, or
/// for root (whom permissions do not stop) the immutable attribute.
struct Unwritable(std::path::PathBuf);

impl Unwritable {
    fn make(path: &std::path::Path) -> Option<Unwritable> {
        let chattr = |flag: &str| std::process::Command::new("chattr").arg(flag).arg(path).status();
        match std::fs::OpenOptions::new().append(true).open(path).is_ok() {
            _ if chattr("+i").is_ok_and(|status| status.success()) => {}
            _ => {
                let mut permissions = std::fs::metadata(path).ok()?.permissions();
                permissions.set_readonly(true);
                std::fs::set_permissions(path, permissions).ok()?;
            }
        }
        let unwritable = Unwritable(path.to_path_buf());
        std::fs::OpenOptions::new().append(true).open(path).is_err().then_some(unwritable)
    }
}

impl Drop for Unwritable {
    fn drop(&mut self) {
        let _ = std::process::Command::new("chattr").arg("-i").arg(&self.0).status();
        if let Ok(meta) = std::fs::metadata(&self.0) {
            let mut permissions = meta.permissions();
            #[allow(clippy::permissions_set_readonly_false)]
            permissions.set_readonly(false);
            let _ = std::fs::set_permissions(&self.0, permissions);
        }
    }
}

#[test]
fn a_file_the_server_cannot_write_is_refused_at_once() {
    let (_dir, path, club) = club();
    drop(club);
    let Some(_unwritable) = Unwritable::make(&path) else {
        eprintln!("skipped: this process cannot make a file unwritable to itself here");
        return;
    };
    match failure(Club::open(&path, Durability::Crash)) {
        Failure::ReadOnly | Failure::Io(std::io::ErrorKind::PermissionDenied, _) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_newer_schema_is_refused_and_left_as_it_was() {
    let (_dir, path, club) = club();
    drop(club);
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.pragma_update(None, "user_version", schema::VERSION as i64 + 1).unwrap();
    drop(conn);
    let newer = Failure::Newer(schema::VERSION + 1, schema::VERSION);
    assert_eq!(failure(Club::open(&path, Durability::Crash)), newer);
    assert_eq!(failure(Club::open_admin(&path)), newer);
    let conn = rusqlite::Connection::open(&path).unwrap();
    assert_eq!(user_version(&conn), schema::VERSION + 1);
}

/// The schema a list of migrations makes, as SQLite keeps it.
fn schema_of(conn: &rusqlite::Connection) -> Vec<String> {
    let mut statement = conn
        .prepare("SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_schema ORDER BY name")
        .unwrap();
    statement.query_map([], |row| row.get(0)).unwrap().map(Result::unwrap).collect()
}

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/club-v1.sqlite3");

#[test]
fn the_version_1_fixture_is_what_the_first_migration_makes() {
    let fixture =
        rusqlite::Connection::open_with_flags(FIXTURE, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let fresh = rusqlite::Connection::open_in_memory().unwrap();
    fresh.execute_batch(schema::MIGRATIONS[0]).unwrap();
    assert_eq!(schema_of(&fixture), schema_of(&fresh), "a released migration was changed");
    assert_eq!(user_version(&fixture), 1);
}

#[test]
fn a_version_1_club_is_migrated_keeping_its_members_and_games() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite3");
    std::fs::copy(FIXTURE, &path).unwrap();
    let mut club = Club::open(&path, Durability::Crash).unwrap();
    let games: Vec<_> = club.games(Which::All, None, 10).unwrap();
    let listed: Vec<_> =
        games.iter().map(|g| (g.id, g.game.name(), g.blue.as_str(), g.verdict, g.turns)).collect();
    let resigned = Some(GameResult { winner: Some(Colour::Red), reason: Reason::Resign });
    assert_eq!(listed, [(2, "clamber", "Ann", None, 2), (1, "ombagui", "Bo", resigned, 2)]);
    let ann = club.login("SHA256:key-of-ann", "ann").unwrap();
    assert!(!ann.registered, "Ann's key is still hers");
    // The games kept before were casual; a new one may be rated.
    assert!(!club.archived(2).unwrap().unwrap().info.rated);
    let bo = club.member("Bo").unwrap().unwrap();
    let id = club.create_game(&game("clamber", 3, &ann.member, &bo, true)).unwrap();
    play(&mut club, id, [&ann.member, &bo], &greedy(GameKind::Clamber, 3, 100));
    assert_eq!(club.ratings_of(bo.id).unwrap()[0].games, 1);
    // The old live game goes on where it was.
    let next = greedy(GameKind::Clamber, 3, 3)[2].clone();
    assert_eq!(club.play_turn(2, ann.member.id, &next, 10, None).unwrap().number, 3);
    let conn = rusqlite::Connection::open(&path).unwrap();
    assert_eq!(user_version(&conn), schema::VERSION);
}

/// Makes a club of version 1 as the first migration made it: two members, a finished
/// Ombagui game and a Clamber game in progress.
/// `crates/hexstack-club/tests/fixtures/club-v1.sqlite3` was made so, once, when version 2
/// was added, and is kept (a released migration never changes): `HEXSTACK_CLUB_FIXTURE=`
/// that file writes there; without it the club is made in a folder of its own and only
/// checked.
#[test]
#[ignore = "makes the version-1 fixture: HEXSTACK_CLUB_FIXTURE=FILE cargo test -p hexstack-club --test db -- --ignored"]
fn make_the_version_1_fixture() {
    let dir = tempfile::tempdir().unwrap();
    let path =
        std::env::var_os("HEXSTACK_CLUB_FIXTURE").map_or_else(|| dir.path().join("v1.sqlite3"), Into::into);
    let _ = std::fs::remove_file(&path);
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute_batch("PRAGMA page_size = 1024").unwrap();
    conn.execute_batch(schema::MIGRATIONS[0]).unwrap();
    conn.pragma_update(None, "user_version", 1).unwrap();
    let ombagui = greedy(GameKind::Ombagui, 4, 2);
    let clamber = greedy(GameKind::Clamber, 3, 2);
    let sql = format!(
        "INSERT INTO members (name, created) VALUES ('Ann', {NOW}), ('Bo', {NOW});
        INSERT INTO member_keys VALUES ('SHA256:key-of-ann', 1, {NOW}), ('SHA256:key-of-bo', 2, {NOW});
        INSERT INTO games (game, side, blue, red, clock, start, state, result, reason, created, updated)
            VALUES ('ombagui', 4, 2, 1, 'none', '{}', 'done', 'red', 'resign', {NOW}, {NOW}),
                   ('clamber', 3, 1, 2, '5+3', '{}', 'live', NULL, NULL, {NOW}, {NOW});
        INSERT INTO turns VALUES (1, 1, '{}', 900, NULL, NULL, {NOW}), (1, 2, '{}', 800, NULL, NULL, {NOW}),
            (2, 1, '{}', 700, 299300, 300000, {NOW}), (2, 2, '{}', 600, 302300, 299400, {NOW});",
        GameKind::Ombagui.start(None).unwrap(),
        GameKind::Clamber.start(Some(3)).unwrap(),
        ombagui[0],
        ombagui[1],
        clamber[0],
        clamber[1],
    );
    conn.execute_batch(&sql).unwrap();
    conn.execute_batch("VACUUM").unwrap();
    drop(conn);
    let copy = dir.path().join("check.sqlite3");
    std::fs::copy(&path, &copy).unwrap();
    let club = Club::open(&copy, Durability::Crash).unwrap();
    assert_eq!(club.games(Which::All, None, 10).unwrap().len(), 2, "it opens, migrated, as a club");
}

#[test]
fn every_turn_is_checked_kept_and_rebuilt_after_a_restart() {
    let (_dir, path, mut club) = club();
    let (ann, bo) = (member(&mut club, "Ann"), member(&mut club, "Bo"));
    let id = club.create_game(&game("ombagui", 4, &ann, &bo, false)).unwrap();
    let turns = greedy(GameKind::Ombagui, 4, 6);
    play(&mut club, id, [&ann, &bo], &turns[..5]);
    // Refused, and nothing kept: out of turn, an illegal turn, a stranger, a game unknown.
    let to_move = support::to_move(&mut club, id);
    let (mover, waiting) = if to_move == Colour::Blue { (&ann, &bo) } else { (&bo, &ann) };
    assert_eq!(
        refusal(club.play_turn(id, waiting.id, &turns[5], 1, None)),
        Refusal::NotYourTurn(id, to_move)
    );
    assert!(
        matches!(refusal(club.play_turn(id, mover.id, "A1-A1", 1, None)), Refusal::Illegal(turn, _) if turn == "A1-A1")
    );
    assert!(matches!(refusal(club.play_turn(id, mover.id, "\u{1b}[2J", 1, None)), Refusal::BadTurn(_)));
    let cy = member(&mut club, "Cy");
    assert_eq!(refusal(club.play_turn(id, cy.id, &turns[5], 1, None)), Refusal::NotPlayer(id));
    assert_eq!(refusal(club.play_turn(999, ann.id, "C3", 1, None)), Refusal::NoGame(999));
    let before = club.archived(id).unwrap().unwrap();
    assert_eq!(before.turns.len(), 5);
    assert_eq!(before.turns[4].clocks, Some([296_000, 299_000]));
    assert_eq!((before.turns[4].spent_ms, before.turns[4].played), (1004, NOW));
    drop(club);

    let mut club = Club::open(&path, Durability::Crash).unwrap();
    assert_eq!(club.live_games().unwrap().iter().map(|game| game.id).collect::<Vec<_>>(), [id]);
    let live = club.live_game(id).unwrap();
    assert_eq!(live.position, before.position);
    assert_eq!(live.turns, 5);
}

#[test]
fn a_game_won_by_its_turns_ends_with_its_last_turn_and_others_end_by_verdict() {
    let (_dir, _path, mut club) = club();
    let (ann, bo) = (member(&mut club, "Ann"), member(&mut club, "Bo"));
    let id = club.create_game(&game("clamber", 3, &ann, &bo, false)).unwrap();
    let last = play(&mut club, id, [&ann, &bo], &greedy(GameKind::Clamber, 3, 100));
    let won = GameResult { winner: Some(Colour::Blue), reason: Reason::Rules };
    assert_eq!(last.ended.map(|ended| ended.verdict), Some(won));
    assert_eq!(refusal(club.play_turn(id, bo.id, "A1", 1, None)), Refusal::GameOver(id, won));
    let done = club.games(Which::Done, Some(ann.id), 10).unwrap();
    assert_eq!(done.iter().map(|g| (g.id, g.verdict, g.turns)).collect::<Vec<_>>(), [(id, Some(won), 13)]);

    let resigned = club.create_game(&game("clamber", 4, &bo, &ann, false)).unwrap();
    let time = GameResult { winner: Some(Colour::Red), reason: Reason::Time };
    assert_eq!(
        refusal(club.end_game(resigned, GameResult { winner: None, reason: Reason::Resign })),
        Refusal::EndWinner
    );
    let by_rules = GameResult { winner: Some(Colour::Red), reason: Reason::Rules };
    assert_eq!(refusal(club.end_game(resigned, by_rules)), Refusal::EndRules);
    assert_eq!(club.end_game(resigned, time).unwrap().verdict, time);
    assert!(club.end_game(resigned, time).is_err(), "a game ends once");
    assert!(club.games(Which::Live, None, 10).unwrap().is_empty());
    // Refused at the start: one member on both sides, a rated game off the pools' boards.
    assert_eq!(refusal(club.create_game(&game("clamber", 3, &ann, &ann, false))), Refusal::SamePlayer);
    let off_board = refusal(club.create_game(&game("clamber", 5, &ann, &bo, true)));
    assert_eq!(off_board, Refusal::NotRatedBoard(GameKind::Clamber, 5));
    assert!(club.create_game(&game("clamber", 5, &ann, &bo, false)).is_ok());
    let mut bad_clock = game("clamber", 3, &ann, &bo, false);
    bad_clock.clock = "5+".into();
    assert!(matches!(refusal(club.create_game(&bad_clock)), Refusal::Clock(text, _) if text == "5+"));
}

#[test]
fn a_club_may_be_handed_to_another_thread() {
    fn sent<T: Send + 'static>(_: &T) {}
    let (_dir, _path, club) = club();
    sent(&club);
    let mut club = std::thread::spawn(move || club).join().unwrap();
    assert!(club.login("SHA256:ann", "Ann").unwrap().registered, "it works on the thread it was sent to");
}
