//! Correspondence games at the hub: a deadline that passes with nobody connected ends the
//! game at its time; a restart keeps the deadlines and does not count the outage; a game
//! waits in the database while nobody is at it; the notify command hears who is needed;
//! a member has at most one live game and the club's number of correspondence games.

use super::{Clubhouse, DAY};
use crate::club::bot::Offer;
use crate::club::{GameResult, Reason};
use crate::clubhouse::hub::Rules;
use crate::clubhouse::notify::{Notifier, Ran};
use crate::i18n::Lang;
use crate::rules::Colour;
use std::sync::mpsc::channel;
use std::time::Duration;

/// The most real time a test waits for the notify command it set going.
const BOUND: Duration = Duration::from_secs(20);

fn verdict(house: &Clubhouse, id: crate::club::GameId) -> Option<GameResult> {
    house.hub.club.game(id).unwrap().unwrap().verdict
}

#[test]
fn a_deadline_that_passes_with_nobody_connected_ends_the_game_at_its_time() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let id = house.game(1, 2, "1d");
    let blue = house.playing(id, Colour::Blue, [1, 2]);
    house.click(blue, "C3");
    assert_eq!(house.kept(id), ["C3"]);
    // Both leave: the game waits in the database, timed.
    house.call(super::Call::Gone { conn: 1 });
    house.call(super::Call::Gone { conn: 2 });
    assert!(house.hub.games.is_empty(), "nobody is at it: it is not held");
    assert_eq!(house.hub.daily.len(), 1);
    house.time.advance(DAY - Duration::from_secs(1));
    house.settle();
    assert_eq!(verdict(&house, id), None, "a second before its time, Red may still play");
    assert!(house.hub.next_daily().unwrap() > house.time.now(), "and the hub sleeps until then");
    house.time.advance(Duration::from_secs(1));
    house.settle();
    assert_eq!(verdict(&house, id), Some(GameResult { winner: Some(Colour::Blue), reason: Reason::Time }));
    assert_eq!((house.hub.daily.len(), house.hub.next_daily()), (0, None));
}

#[test]
fn a_restart_keeps_the_deadlines_and_does_not_count_the_outage() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let id = house.game(1, 2, "2d");
    // Half a day in, the server stops for three days, then starts again.
    house.time.advance(DAY / 2);
    let mut house = house.restarted(3 * DAY, Rules::default());
    assert_eq!(house.hub.daily.len(), 1, "the game is timed again");
    // Blue had a day and a half left when the server stopped: still there after a day.
    house.time.advance(DAY);
    house.settle();
    assert_eq!(verdict(&house, id), None);
    house.time.advance(DAY / 2);
    house.settle();
    assert_eq!(verdict(&house, id).map(|verdict| verdict.reason), Some(Reason::Time));
}

#[test]
fn a_correspondence_game_is_opened_from_the_lobby_played_there_and_put_back_to_wait() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let id = house.game(1, 2, "3d");
    let (blue, red) = (house.playing(id, Colour::Blue, [1, 2]), house.playing(id, Colour::Red, [1, 2]));
    house.press(blue, 'q');
    house.press(red, 'q');
    assert!(house.on_lobby(blue) && house.on_lobby(red));
    assert!(house.hub.games.get(id).is_none(), "back in the database");
    // Red cannot move for Blue; Blue opens the game and plays.
    let red_id = house.member(red).id;
    house.hub.open_game(red, Some(red_id), id).unwrap();
    house.click(red, "C3");
    assert!(house.kept(id).is_empty(), "not Red's turn");
    let blue_id = house.member(blue).id;
    house.hub.open_game(blue, Some(blue_id), id).unwrap();
    house.settle();
    house.click(blue, "C3");
    assert_eq!(house.kept(id), ["C3"]);
    assert_eq!(house.position(red), "3/r/C3=b1", "Red, at the game, sees it");
    // Red, who had three days, has them again from Blue's turn.
    let due = *house.hub.daily.get(id).unwrap();
    assert_eq!(due.next.mover, red_id);
    // A member who plays neither side is refused.
    house.terminal(3, "Cy", true);
    let cy = house.member(3).id;
    assert!(house.hub.open_game(3, Some(cy), id).is_err());
}

#[test]
fn coming_in_a_member_is_told_in_how_many_games_it_is_their_turn() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    for _ in 0..3 {
        let id = house.game(1, 2, "1d");
        for conn in [1, 2] {
            if !house.on_lobby(conn) {
                house.press(conn, 'q');
            }
        }
        assert!(house.hub.games.get(id).is_none());
    }
    let waiting = |house: &Clubhouse, conn| {
        let member = house.member(conn).id;
        house.hub.daily.to_move(member)
    };
    let blue = if waiting(&house, 1) >= waiting(&house, 2) { 1 } else { 2 };
    let count = waiting(&house, blue);
    assert!(count >= 2, "one of them moves first in two games at least");
    let name = house.member(blue).name;
    house.call(super::Call::Gone { conn: blue });
    house.terminal_in(blue, &name, true, Lang::Fr);
    assert_eq!(house.note(blue, Lang::En).as_deref(), Some(format!("Your turn in {count} games.").as_str()));
    assert_eq!(
        house.note(blue, Lang::Fr).as_deref(),
        Some(format!("À vous de jouer dans {count} parties.").as_str())
    );
    assert_eq!(
        house.note(blue, Lang::Sr).as_deref(),
        Some(format!("На потезу си у {count} партије.").as_str())
    );
}

#[test]
fn a_member_plays_one_live_game_at_a_time_and_the_clubs_number_of_correspondence_games() {
    let mut house = Clubhouse::with_rules(Rules { daily_games: 2, ..Rules::default() });
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    house.terminal(3, "Cy", true);
    house.terminal(4, "Di", true);
    house.game(1, 2, "5+3");
    let (ann, cy, di) = (house.member(1), house.member(3), house.member(4));
    // Ann, at her live game, begins two correspondence games beside it, not a third.
    for _ in 0..2 {
        house.hub.post(3, &cy, None, house.offer("3d")).unwrap();
        let seek = house.first_offer();
        house.hub.accept(&ann, seek).unwrap();
    }
    assert_eq!(house.hub.daily.of(ann.id).count(), 2);
    assert!(house.hub.games.plays_live(ann.id), "her live game goes on");
    let refused = house.hub.post(3, &cy, None, house.offer("3d")).unwrap_err();
    assert_eq!(
        refused.english(),
        "Cy has 2 correspondence games in progress already, the most the club allows"
    );
    house.hub.post(4, &di, None, house.offer("3d")).unwrap();
    let seek = house.first_offer();
    let refused = house.hub.accept(&ann, seek).unwrap_err();
    assert_eq!(
        refused.english(),
        "Ann has 2 correspondence games in progress already, the most the club allows"
    );
    house.hub.withdraw(&di, seek).unwrap();
    house.hub.post(4, &di, None, house.offer("10+0")).unwrap();
    let seek = house.first_offer();
    assert_eq!(
        house.hub.accept(&ann, seek).unwrap_err().english(),
        "Ann is playing a live game already: one at a time"
    );
}

#[test]
fn the_notify_command_hears_of_a_turn_a_challenge_low_time_and_an_end_and_never_holds_up_a_turn() {
    let mut house = Clubhouse::new();
    let dir = tempfile::tempdir().unwrap();
    let said = dir.path().join("said");
    let script = dir.path().join("notify.sh");
    let body = format!("#!/bin/sh\necho \"$*|${{HEXSTACK_CONTACT-none}}\" >> '{}'\n", said.display());
    std::fs::write(&script, body).unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let (ran, runs) = channel();
    house.hub.notifier = Notifier::new(Some(&script.display().to_string()), BOUND, Some(ran));
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let bo = house.member(2);
    house.hub.club.set_contact(bo.id, Some("bo@example.org")).unwrap();
    let id = house.game(1, 2, "1d");
    let (blue, red) = (house.playing(id, Colour::Blue, [1, 2]), house.playing(id, Colour::Red, [1, 2]));
    let (blue_name, red_name) = (house.member(blue).name, house.member(red).name);
    house.click(blue, "C3");
    // Five sixths of Red's day pass: Red's time runs low; then it runs out.
    house.time.advance(DAY * 5 / 6 + Duration::from_secs(1));
    house.settle();
    house.time.advance(DAY / 6);
    house.settle();
    let ann = house.member(1);
    house.hub.post(2, &bo, Some(ann), house.offer("3d")).unwrap();
    let mut heard = Vec::new();
    for _ in 0..6 {
        let (notice, outcome) = runs.recv_timeout(BOUND).unwrap();
        assert_eq!(outcome, Ran::Ended(Some(0)));
        heard.push(notice.need.word().to_string() + " " + &notice.name);
    }
    heard.sort();
    let mut expected = vec![
        format!("your-turn {blue_name}"),
        format!("your-turn {red_name}"),
        format!("low-time {red_name}"),
        format!("ended {blue_name}"),
        format!("ended {red_name}"),
        "challenge Ann".to_string(),
    ];
    expected.sort();
    assert_eq!(heard, expected);
    let lines = std::fs::read_to_string(&said).unwrap();
    let contact = if red_name == "Bo" { "bo@example.org" } else { "none" };
    assert!(lines.contains(&format!("your-turn {red_name} {id}|{contact}")), "{lines}");
    assert!(lines.contains(&format!("low-time {red_name} {id}|{contact}")), "{lines}");
}

#[test]
fn a_hanging_notify_command_holds_up_no_turn_and_is_killed_at_its_limit() {
    let mut house = Clubhouse::new();
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("hang.sh");
    std::fs::write(&script, "#!/bin/sh\nexec sleep 600\n").unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let (ran, runs) = channel();
    let limit = Duration::from_millis(100);
    house.hub.notifier = Notifier::new(Some(&script.display().to_string()), limit, Some(ran));
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let id = house.game(1, 2, "1d");
    let (blue, red) = (house.playing(id, Colour::Blue, [1, 2]), house.playing(id, Colour::Red, [1, 2]));
    house.click(blue, "C3");
    house.click(red, "D3");
    house.click(blue, "E3");
    assert_eq!(house.kept(id), ["C3", "D3", "E3"], "each turn kept at once, the commands hanging");
    // The game's first your-turn and one a turn: each killed at its limit, none left.
    for _ in 0..4 {
        assert_eq!(runs.recv_timeout(BOUND).unwrap().1, Ran::Killed);
    }
}

#[test]
fn the_lobbys_playing_part_lists_a_members_games_whose_turn_and_time_left_and_opens_one() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let (ann, bo) = (house.member(1), house.member(2));
    // Ann is Blue (to move) on one day a turn, Red on three.
    let mut games = Vec::new();
    for (clock, colour) in [("3d", Colour::Red), ("1d", Colour::Blue)] {
        let offer = Offer { colour: Some(colour), ..house.offer(clock) };
        let seek = house.hub.post(1, &ann, None, offer).unwrap();
        house.hub.accept(&bo, seek).unwrap();
        house.settle();
        games.push(house.hub.games.iter().last().unwrap().id as u64);
        for conn in [1, 2] {
            while !house.on_lobby(conn) {
                house.press(conn, 'q');
            }
        }
    }
    let playing = |house: &Clubhouse, conn| house.app(conn).lobby().unwrap().view.own.playing.clone();
    let rows = playing(&house, 1);
    let listed: Vec<(u64, bool)> = rows.iter().map(|row| (row.game.id, row.your_turn)).collect();
    assert_eq!(listed, [(games[1], true), (games[0], false)], "Ann's turn first");
    assert!(rows.iter().all(|row| row.opponent == "Bo"));
    // What is left of a row's turn, to the minute (the test's clock moves as it settles).
    let left = |row: &crate::app::lobby::PlayingRow| {
        let left = row.due.as_ref().expect("a deadline").left();
        Duration::from_secs(left.as_secs().div_ceil(60) * 60)
    };
    assert_eq!(left(&rows[0]), DAY, "a whole day for Ann's turn");
    assert_eq!(left(&rows[1]), 3 * DAY, "three for Bo's");
    house.time.advance(DAY / 4);
    assert_eq!(left(&rows[0]), DAY * 3 / 4, "counted down on the club's clock");
    // Enter on Playing's first row opens it, at Ann's colour, its deadline in the panel.
    house.press(1, '1');
    house.enter(1);
    assert_eq!(house.hub.terminals.game_of(1).map(|id| id as u64), Some(games[1]));
    assert_eq!(house.seat(1).and_then(|seat| seat.colour()), Some(Colour::Blue));
    let screen = house.screen_text(1);
    let shown = rows[0].due.as_ref().unwrap().shown();
    assert!(shown.starts_with("17h 59m") && screen.contains(&shown), "{shown} in {screen}");
    // Ann's turn there: Bo's lobby now lists that game first, his turn, a whole day again.
    house.click(1, "C3");
    let rows = playing(&house, 2);
    let listed: Vec<(u64, bool)> = rows.iter().map(|row| (row.game.id, row.your_turn)).collect();
    assert_eq!(listed, [(games[1], true), (games[0], true)]);
    assert_eq!(left(&rows[0]), DAY);
    // q brings Ann back to her lobby, the game back to wait in the database.
    house.press(1, 'q');
    assert!(house.on_lobby(1));
    assert!(house.hub.games.get(games[1] as crate::club::GameId).is_none());
    assert_eq!(playing(&house, 1)[0].game.id, games[1], "listed still, Bo's turn now");
}
