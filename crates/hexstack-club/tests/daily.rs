//! Correspondence games: days a turn, the whole allowance back after each; who is to move
//! and by when kept with the game; deadlines moved on by the time no server ran; ratings
//! kept apart by pace; a member's contact.

mod support;

use hexstack_club::{Club, DAY_MS, Due, GameResult, Next, Pace, Pool, Reason, Refusal};
use hexstack_rules::{Colour, GameKind};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use support::{NOW, club, game, greedy, member, play, refusal};

/// A club whose clock the test moves.
fn timed() -> (tempfile::TempDir, std::path::PathBuf, Club, Arc<AtomicI64>) {
    let (dir, path, mut club) = club();
    let time = Arc::new(AtomicI64::new(NOW));
    let now = Arc::clone(&time);
    club.set_clock(move || now.load(Ordering::SeqCst));
    (dir, path, club, time)
}

#[test]
fn a_daily_game_gives_its_mover_the_whole_allowance_after_every_turn() {
    let (_dir, _path, mut club, time) = timed();
    let (ann, bo) = (member(&mut club, "Ann"), member(&mut club, "Bo"));
    let id = club
        .create_game(&hexstack_club::NewGame { clock: " 3d ".into(), ..game("clamber", 3, &ann, &bo, true) })
        .unwrap();
    let info = club.archived(id).unwrap().unwrap().info;
    assert_eq!(
        (info.clock.as_str(), info.mover, info.deadline),
        ("3d", Some(ann.id), Some(NOW + 3 * DAY_MS))
    );
    assert_eq!(club.to_move(ann.id).unwrap().iter().map(|g| g.id).collect::<Vec<_>>(), [id]);
    assert!(club.to_move(bo.id).unwrap().is_empty());
    let due = Due {
        game: id,
        players: [ann.id, bo.id],
        next: Next { mover: ann.id, deadline: Some(NOW + 3 * DAY_MS) },
        allowance: 3 * DAY_MS,
    };
    assert_eq!(club.deadlines().unwrap(), [due]);
    // Ann plays two days in: Bo has three days from then.
    time.fetch_add(2 * DAY_MS, Ordering::SeqCst);
    let turns = greedy(GameKind::Clamber, 3, 100);
    club.play_turn(id, ann.id, &turns[0], 2 * DAY_MS as u64, None).unwrap();
    let info = club.archived(id).unwrap().unwrap().info;
    assert_eq!((info.mover, info.deadline), (Some(bo.id), Some(NOW + 5 * DAY_MS)));
    assert!(club.live_games().unwrap().is_empty(), "a daily game waits in the database, not among the live");
    // Taken back to the start: Ann to move again, her three days from now.
    club.take_back(id, 0, None).unwrap();
    let info = club.archived(id).unwrap().unwrap().info;
    assert_eq!((info.mover, info.deadline), (Some(ann.id), Some(NOW + 5 * DAY_MS)));
    // Its end clears both; it was rated in the correspondence pool alone.
    let ended = play(&mut club, id, [&ann, &bo], &turns).ended.unwrap();
    assert_eq!(ended.verdict, GameResult { winner: Some(Colour::Blue), reason: Reason::Rules });
    let info = club.archived(id).unwrap().unwrap().info;
    assert_eq!((info.mover, info.deadline), (None, None));
    let pools: Vec<Pool> = club.ratings_of(ann.id).unwrap().iter().map(|standing| standing.pool).collect();
    assert_eq!(pools, [Pool::of(GameKind::Clamber, 3, Pace::Daily).unwrap()]);
    assert!(club.deadlines().unwrap().is_empty());
}

#[test]
fn an_ombagui_daily_game_begins_with_red_to_move_and_only_offered_days_are_taken() {
    let (_dir, _path, mut club, _time) = timed();
    let (ann, bo) = (member(&mut club, "Ann"), member(&mut club, "Bo"));
    let id = club
        .create_game(&hexstack_club::NewGame { clock: "14d".into(), ..game("ombagui", 4, &ann, &bo, false) })
        .unwrap();
    assert_eq!(club.archived(id).unwrap().unwrap().info.mover, Some(bo.id), "Red starts Ombagui");
    for days in ["4d", "0d", "3.5d", "d"] {
        let new = hexstack_club::NewGame { clock: days.into(), ..game("ombagui", 4, &ann, &bo, false) };
        assert_eq!(refusal(club.create_game(&new)), Refusal::Days(days.into()));
    }
}

#[test]
fn a_restart_moves_the_deadlines_on_by_the_time_no_server_ran() {
    let (_dir, path, mut club, time) = timed();
    let (ann, bo) = (member(&mut club, "Ann"), member(&mut club, "Bo"));
    let new = hexstack_club::NewGame { clock: "1d".into(), ..game("clamber", 3, &ann, &bo, false) };
    let id = club.create_game(&new).unwrap();
    // A clean stop an hour in, a start five hours in: four hours down.
    time.fetch_add(3_600_000, Ordering::SeqCst);
    club.stopped().unwrap();
    drop(club);
    time.fetch_add(4 * 3_600_000, Ordering::SeqCst);
    let mut club = Club::open(&path, hexstack_club::Durability::Crash).unwrap();
    let now = Arc::clone(&time);
    club.set_clock(move || now.load(Ordering::SeqCst));
    assert_eq!(club.resumed().unwrap(), 4 * 3_600_000);
    let deadlines: Vec<_> =
        club.deadlines().unwrap().iter().map(|due| (due.game, due.next.deadline)).collect();
    assert_eq!(deadlines, [(id, Some(NOW + DAY_MS + 4 * 3_600_000))]);
    // Killed (no stop said): down since the last thing it kept, the game's making.
    drop(club);
    time.fetch_add(2 * 3_600_000, Ordering::SeqCst);
    let mut club = Club::open(&path, hexstack_club::Durability::Crash).unwrap();
    let now = Arc::clone(&time);
    club.set_clock(move || now.load(Ordering::SeqCst));
    assert_eq!(club.resumed().unwrap(), 7 * 3_600_000, "from the game's making, at the start");
    // Killed again, having said it was alive three hours in: down from then.
    time.fetch_add(3 * 3_600_000, Ordering::SeqCst);
    club.alive().unwrap();
    drop(club);
    time.fetch_add(3_600_000, Ordering::SeqCst);
    let mut club = Club::open(&path, hexstack_club::Durability::Crash).unwrap();
    let now = Arc::clone(&time);
    club.set_clock(move || now.load(Ordering::SeqCst));
    assert_eq!(club.resumed().unwrap(), 3_600_000, "from the last time it said it was alive");
}

#[test]
fn a_contact_is_one_short_line_and_may_be_cleared() {
    let (_dir, _path, mut club) = club();
    let ann = member(&mut club, "Ann");
    assert_eq!(club.contact(ann.id).unwrap(), None);
    club.set_contact(ann.id, Some(" ann@example.org ")).unwrap();
    assert_eq!(club.contact(ann.id).unwrap().as_deref(), Some("ann@example.org"));
    for bad in ["", "line\nbreak", "\u{1b}[2J", &"x".repeat(201)] {
        assert_eq!(refusal(club.set_contact(ann.id, Some(bad))), Refusal::ContactForm, "{bad:?}");
    }
    assert!(club.set_contact(ann.id, Some(&"é".repeat(200))).is_ok(), "200 characters, not bytes");
    club.set_contact(ann.id, None).unwrap();
    assert_eq!(club.contact(ann.id).unwrap(), None);
}
