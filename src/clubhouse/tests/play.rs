//! A game at the club on members' terminals: a seek taken, turns kept then shown, what
//! cannot be kept taken back, take-backs and resignations, watchers, replays, flags.

use super::Clubhouse;
use crate::app::Overlay;
use crate::app::keys::Leaving;
use crate::app::lobby::LobbyAsk;
use crate::club::bot::Offer;
use crate::club::{GameResult, Reason};
use crate::i18n::Lang;
use crate::rules::{Colour, GameKind};
use ratatui::crossterm::event::{Event as Input, KeyCode, KeyEvent, KeyModifiers};
use std::time::Duration;

#[test]
fn a_seek_taken_seats_both_players_and_a_turn_made_on_one_screen_is_kept_then_shown_on_the_other() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let id = house.game(1, 2, "none");
    let (blue, red) = (house.playing(id, Colour::Blue, [1, 2]), house.playing(id, Colour::Red, [1, 2]));
    assert_eq!(house.seat(blue).and_then(|seat| seat.colour()), Some(Colour::Blue));
    assert_eq!(house.seat(red).and_then(|seat| seat.colour()), Some(Colour::Red));
    assert_eq!(house.message(red), "Blue is thinking");
    house.click(red, "C3");
    assert_eq!(house.position(red), "3/b/-", "not Red's turn: nothing is played");
    house.click(blue, "C3");
    assert_eq!(house.kept(id), ["C3"], "the turn is in the database");
    assert_eq!(house.position(red), "3/r/C3=b1", "and on the other screen");
    assert_eq!(house.message(red), "Last turn C3: Red to move");
    house.click(red, "D3");
    assert_eq!(house.kept(id), ["C3", "D3"]);
    assert_eq!(house.position(blue), "3/b/C3=b1,D3=r1");
}

#[test]
fn what_the_club_cannot_keep_is_taken_back_and_said() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let id = house.game(1, 2, "none");
    let blue = house.playing(id, Colour::Blue, [1, 2]);
    // Ended behind the hub's back: the next turn cannot be kept.
    let verdict = GameResult { winner: None, reason: Reason::Agreed };
    house.hub.club.end_game(id, verdict).unwrap();
    house.click(blue, "C3");
    assert_eq!(house.position(blue), "3/b/-", "the turn is taken back");
    let said = house.message(blue);
    assert!(said.starts_with("that was not kept, so it is taken back: game 1 is over"), "{said}");
}

#[test]
fn a_take_back_agreed_on_the_screens_is_kept_and_a_resignation_ends_the_game() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let id = house.game(1, 2, "1+0");
    let (blue, red) = (house.playing(id, Colour::Blue, [1, 2]), house.playing(id, Colour::Red, [1, 2]));
    house.click(blue, "C3");
    house.click(red, "D3");
    house.press(red, 'u');
    assert!(matches!(house.app(blue).overlay, Some(Overlay::Ask(_))), "Blue is asked");
    house.press(blue, 'y');
    assert_eq!(house.kept(id), ["C3"], "Red's turn is taken back in the database");
    assert_eq!(house.position(red), "3/r/C3=b1");
    // Blue resigns on Red's turn.
    house.press(blue, 'r');
    house.press(blue, 'y');
    let archived = house.hub.club.archived(id).unwrap().unwrap();
    let verdict = archived.info.verdict.map(|verdict| (verdict.winner, verdict.reason));
    assert_eq!(verdict, Some((Some(Colour::Red), Reason::Resign)));
    assert!(house.hub.games.is_empty(), "the game is over");
    let screen_end = |house: &Clubhouse, conn| {
        let game = house.app(conn).screen.game().unwrap();
        crate::each_game!(game, game => game.table.end())
    };
    let resigned = Some(crate::record::End::Resigned(Colour::Blue));
    assert_eq!(screen_end(&house, red), resigned, "Red's screen shows it");
    house.press(red, 'u');
    assert!(house.message(red).starts_with("the game is over"), "{}", house.message(red));
    assert_eq!(screen_end(&house, red), resigned, "nothing is taken back");
    house.press(blue, 'q');
    assert!(house.on_lobby(blue), "q goes back to the lobby");
}

#[test]
fn a_watcher_follows_the_game_and_a_player_who_comes_back_finds_it() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    house.terminal(3, "guest", false);
    let id = house.game(1, 2, "none");
    let blue = house.playing(id, Colour::Blue, [1, 2]);
    assert!(house.on_lobby(3), "nobody else is taken to the game");
    house.press(3, '5');
    house.enter(3);
    assert_eq!(house.seat(3).map(|seat| seat.colour()), Some(None), "the keyless guest watches");
    house.click(3, "C3");
    house.click(blue, "C3");
    assert_eq!(house.position(3), "3/r/C3=b1", "the watcher sees the turn");
    assert_eq!(house.kept(id), ["C3"], "and only Blue's turn was played");
    // Blue's connection drops; Blue comes back on another.
    house.call(super::Call::Gone { conn: blue });
    let name = house.hub.games.get(id).unwrap().players[0].1.clone();
    house.terminal(4, &name, true);
    assert_eq!(house.seat(4).and_then(|seat| seat.colour()), Some(Colour::Blue), "back at the game");
    house.press(3, 'q');
    assert!(house.on_lobby(3));
    assert_eq!(house.hub.games.get(id).unwrap().link.watchers(), 0, "the watcher's seat is free");
}

#[test]
fn a_finished_game_is_replayed_turn_by_turn_and_the_computer_does_not_help_at_the_club() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let id = house.game(1, 2, "none");
    let (blue, red) = (house.playing(id, Colour::Blue, [1, 2]), house.playing(id, Colour::Red, [1, 2]));
    house.press(blue, 't');
    assert!(house.message(blue).contains("no hints"), "{}", house.message(blue));
    house.press(blue, 's');
    assert!(house.message(blue).starts_with("the club keeps every game"), "{}", house.message(blue));
    house.click(blue, "C3");
    house.press(red, 'r');
    house.press(red, 'y');
    house.press(red, 'q');
    assert!(house.on_lobby(red));
    // My games, the first: the one just finished.
    house.press(red, '6');
    house.enter(red);
    assert_eq!(house.position(red), "3/r/C3=b1", "the replay opens at the end");
    let game = house.app(red).screen.game().unwrap();
    assert_eq!(crate::each_game!(game, game => game.leaving), Leaving::Lobby);
    house.press(red, 'u');
    assert_eq!(house.position(red), "3/b/-", "u steps back a turn");
    assert_eq!(house.message(red), "turn 0 of 1: Blue to move");
    house.input(red, Input::Key(KeyEvent::new(KeyCode::End, KeyModifiers::NONE)));
    let game = house.app(red).screen.game().unwrap();
    let end = crate::each_game!(game, game => game.table.end());
    assert_eq!(end, Some(crate::record::End::Resigned(Colour::Red)), "End: the end, the resignation kept");
    house.press(red, 'u');
    house.click(red, "C3");
    assert_eq!(house.position(red), "3/b/-", "a replay only looks back");
    assert_eq!(house.kept(id), ["C3"]);
    house.press(red, 'q');
    assert!(house.on_lobby(red));
}

#[test]
fn a_flag_falls_on_the_servers_clock_and_every_screen_shows_it() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let id = house.game(1, 2, "10s+0");
    let red = house.playing(id, Colour::Red, [1, 2]);
    let flag = house.hub.games.next_flag().expect("Blue's clock runs");
    let woken = house.hub.terminals.next_timer().expect("the screens show the clocks");
    assert!(woken < flag, "the screens are woken as the figures change, before the flag");
    house.hub.refresh();
    assert!(house.drawn(red));
    house.time.advance(Duration::from_secs(5));
    house.hub.wake();
    assert!(!house.drawn(red), "a screen whose clock figure changed is drawn again");
    house.hub.refresh();
    assert!(house.drawn(red));
    assert!(house.hub.games.get(id).is_some(), "five seconds in, the game goes on");
    house.time.advance(Duration::from_secs(5));
    house.hub.flags();
    let archived = house.hub.club.archived(id).unwrap().unwrap();
    assert_eq!(
        archived.info.verdict.map(|verdict| (verdict.winner, verdict.reason)),
        Some((Some(Colour::Red), Reason::Time))
    );
    let game = house.app(red).screen.game().unwrap();
    let end = crate::each_game!(game, game => game.table.end());
    assert_eq!(end, Some(crate::record::End::Time(Colour::Blue)), "Red's screen shows it");
}

#[test]
fn a_seek_posted_for_one_side_gives_the_poster_that_side() {
    for colour in [Colour::Blue, Colour::Red] {
        let mut house = Clubhouse::new();
        house.terminal(1, "Ann", true);
        house.terminal(2, "Bo", true);
        let offer =
            Offer { game: GameKind::Clamber, side: 3, clock: "none".to_string(), rated: false, colour: None };
        let ann = house.member(1);
        house.hub.post(1, &ann, None, Offer { colour: Some(colour), ..offer }).unwrap();
        let ask = LobbyAsk::Take(house.first_offer());
        let bo = house.member(2);
        house.hub.ask(2, &bo, ask).unwrap();
        let id = house.hub.games.iter().next().unwrap().id;
        assert_eq!(house.playing(id, colour, [1, 2]), 1, "Ann plays the side she chose");
    }
}

#[test]
fn a_french_members_lobby_says_the_clubs_answers_and_the_games_in_french() {
    let mut house = Clubhouse::new();
    house.terminal_in(1, "Ann", true, Lang::Fr);
    house.terminal(2, "Bo", true);
    let offer =
        Offer { game: GameKind::Clamber, side: 3, clock: "none".to_string(), rated: false, colour: None };
    let ann = house.member(1);
    house.hub.post(1, &ann, None, offer).unwrap();
    let seek = house.first_offer();
    // What the lobby would ask for a seek of someone else's, asked of her own.
    let refused = house.hub.ask(1, &ann, LobbyAsk::Take(seek)).unwrap_err();
    assert_eq!(Lang::Fr.say(&crate::i18n::Text::from(&refused)), "l'offre 1 est la vôtre");
    let bo = house.member(2);
    house.hub.accept(&bo, seek).unwrap();
    house.settle();
    house.press(1, 'r');
    house.press(1, 'o');
    house.press(1, 'q');
    let lobby = house.app(1).lobby().expect("Ann's lobby");
    let result = lobby.view.own.recent.first().map(|recent| Lang::Fr.say(&recent.result));
    let result = result.expect("the game just over");
    assert!(result.contains("abandonne") && result.contains("gagne"), "{result}");
}

#[test]
fn a_new_game_takes_a_terminal_left_on_a_finished_game_to_it() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let first = house.game(1, 2, "1+0");
    let blue = house.playing(first, Colour::Blue, [1, 2]);
    house.press(blue, 'r');
    house.press(blue, 'y');
    assert!(house.hub.games.is_empty(), "the first game is over");
    assert!(!house.on_lobby(1) && !house.on_lobby(2), "both still look at the finished game");
    let second = house.game(2, 1, "1+0");
    for conn in [1, 2] {
        assert_eq!(
            house.hub.terminals.game_of(conn),
            Some(second),
            "terminal {conn} is taken to the new game"
        );
        assert!(house.app(conn).overlay.is_none(), "nothing hides it on terminal {conn}");
    }
}

#[test]
fn a_declined_challenge_is_told_to_the_challenger_in_their_language() {
    let mut house = Clubhouse::new();
    house.terminal_in(1, "Ann", true, Lang::Fr);
    house.terminal(2, "Bo", true);
    let offer =
        Offer { game: GameKind::Clamber, side: 3, clock: "none".to_string(), rated: false, colour: None };
    let (ann, bo) = (house.member(1), house.member(2));
    house.hub.post(1, &ann, Some(bo.clone()), offer).unwrap();
    let challenge = house.first_offer();
    house.hub.ask(2, &bo, LobbyAsk::Decline(challenge)).unwrap();
    assert!(house.hub.offers.is_empty());
    assert_eq!(house.note(1, Lang::Fr).as_deref(), Some("Bo a refusé votre défi"));
}
