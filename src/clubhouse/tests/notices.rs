//! What the club tells its members so that they cannot miss it: who they play (with the
//! ratings), a challenge to them, a seek's number, a game that began or ended while they
//! were elsewhere or away, each a notice with the terminal's bell once.

use super::Clubhouse;
use crate::app::lobby::{LobbyAsk, Terms};
use crate::club::bot::Offer;
use crate::club::{GameResult, Reason};
use crate::i18n::Lang;
use crate::rules::time_control::{ClubClock, TimeControl};
use crate::rules::{Colour, GameKind};
use std::time::Duration;

/// What terminal `conn`'s game screen shows of its players: names, ratings.
fn players_shown(house: &Clubhouse, conn: u64) -> ([Option<String>; 2], [Option<String>; 2]) {
    let game = house.app(conn).screen.game().expect("a game on screen");
    crate::each_game!(game, game => {
        ([game.players.blue.clone(), game.players.red.clone()], game.ratings.clone())
    })
}

#[test]
fn a_rated_games_screens_name_both_players_with_their_ratings_and_a_casual_ones_without() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let (ann, bo) = (house.member(1), house.member(2));
    let rated = Offer { rated: true, ..house.offer("5+3") };
    house.hub.post(1, &ann, None, rated).unwrap();
    let seek = house.first_offer();
    house.hub.accept(&bo, seek).unwrap();
    house.settle();
    let id = house.hub.games.iter().next().unwrap().id;
    let blue = house.playing(id, Colour::Blue, [1, 2]);
    let (names, ratings) = players_shown(&house, blue);
    let game = house.hub.games.get(id).unwrap();
    assert_eq!(names, game.players.clone().map(|(_, name)| Some(name)));
    assert_eq!(ratings, [Some("?".to_string()), Some("?".to_string())], "provisional, both");
    assert_eq!(players_shown(&house, 3 - blue), (names, ratings), "the other screen alike");
    house.hub.resign(&ann, id).unwrap();
    house.settle();
    for conn in [1, 2] {
        house.press(conn, 'q');
    }
    let id = house.game(1, 2, "none");
    let conn = house.playing(id, Colour::Red, [1, 2]);
    assert_eq!(players_shown(&house, conn).1, [None, None], "a casual game shows no rating");
}

#[test]
fn a_challenge_rings_the_challenged_members_bell_with_a_notice_and_a_seek_says_its_number() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal_in(2, "Bo", true, Lang::Fr);
    house.bells(2);
    let (ann, bo) = (house.member(1), house.member(2));
    house.hub.post(1, &ann, Some(bo), Offer { rated: true, ..house.offer("3d") }).unwrap();
    house.settle();
    let challenge = house.first_offer();
    assert_eq!(
        house.note(2, Lang::Fr).as_deref(),
        Some(format!("Ann vous défie dans une partie classée de Clamber 3, 3d (défi {challenge}).").as_str())
    );
    assert_eq!(house.bells(2), 1, "the bell rang once");
    assert_eq!(house.bells(1), 0, "not the challenger's");
    // A seek from the lobby's form says its number, as the bot protocol's `seek ID` does.
    let five = TimeControl { base: Duration::from_secs(300), increment: Duration::from_secs(3) };
    let terms =
        Terms { game: GameKind::Clamber, side: 3, clock: ClubClock::Live(five), rated: false, colour: None };
    let said = house.hub.ask(1, &ann, LobbyAsk::Post(terms)).unwrap().map(|said| Lang::En.say(&said));
    let seek = house.hub.offers.iter().last().unwrap().0;
    assert_eq!(said, Some(format!("Seek {seek} posted.")));
}

#[test]
fn a_game_that_ends_while_its_player_is_away_is_said_when_they_come_back() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let id = house.game(1, 2, "1d");
    let blue = house.playing(id, Colour::Blue, [1, 2]);
    let (blue_name, red_name) = (house.member(blue).name, house.member(3 - blue).name);
    house.call(super::Call::Gone { conn: blue });
    house.bells(3 - blue);
    // Blue's day runs out while Blue is away; Red, in the lobby, is told at once.
    house.press(3 - blue, 'q');
    house.time.advance(super::DAY);
    house.settle();
    let verdict = house.hub.club.game(id).unwrap().unwrap().verdict;
    assert_eq!(verdict, Some(GameResult { winner: Some(Colour::Red), reason: Reason::Time }));
    let said = format!("Game {id} against {blue_name}: you won on time.");
    assert_eq!(house.note(3 - blue, Lang::En).as_deref(), Some(said.as_str()));
    assert_eq!(house.bells(3 - blue), 1);
    // Blue comes back: told, in their language.
    house.terminal_in(blue, &blue_name, true, Lang::Sr);
    let said = format!("Док те није било: Партија {id} против {red_name}: твој пораз истеком времена.");
    assert_eq!(house.note(blue, Lang::Sr).as_deref(), Some(said.as_str()));
    assert_eq!(house.bells(blue), 1);
    house.call(super::Call::Gone { conn: blue });
    house.terminal(blue, &blue_name, true);
    assert_eq!(house.note(blue, Lang::En), None, "said once");
}

#[test]
fn a_game_that_begins_while_its_player_is_at_another_is_a_notice_there() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    house.terminal(3, "Cy", true);
    let live = house.game(1, 2, "5+3");
    assert!(house.seat(1).is_some(), "Ann at her live game");
    house.bells(1);
    let (ann, cy) = (house.member(1), house.member(3));
    house.hub.post(3, &cy, Some(ann.clone()), house.offer("3d")).unwrap();
    house.settle();
    assert_eq!(house.bells(1), 1, "the challenge");
    let challenge = house.first_offer();
    house.hub.accept(&ann, challenge).unwrap();
    house.settle();
    let by_post = house.hub.daily.of(ann.id).next().unwrap().game;
    assert_ne!(by_post, live);
    assert!(house.app(1).screen.game().is_some(), "still at her live game");
    let said = house.message(1);
    assert_eq!(said, format!("Game {by_post} against Cy has begun."));
    assert_eq!(house.bells(1), 1, "the game");
}
