//! The club's lobby as a member sees and uses it: drawn in the three languages (full,
//! empty, on a tiny window), each key and click asking the club for the right thing, and a
//! new view from the club keeping the member's place.

mod common;

use common::*;
use hexstack::app::Request;

use hexstack::app::lobby::{ChallengeRow, GameRow, Lobby, LobbyAsk, LobbyView, OnlineRow, SeekRow, Terms};
use hexstack::app::{App, Profile, Screen};
use hexstack::clock::TimeControl;
use hexstack::i18n::Lang;
use hexstack::i18n::keys::*;
use hexstack::rules::{Colour, GameKind};
use ratatui::layout::Rect;
use std::time::Duration;

fn clock(minutes: u64, seconds: u64) -> Option<TimeControl> {
    Some(TimeControl { base: Duration::from_secs(60 * minutes), increment: Duration::from_secs(seconds) })
}

fn terms(game: GameKind, side: u8, clock: Option<TimeControl>, rated: bool, colour: Option<Colour>) -> Terms {
    Terms { game, side, clock, rated, colour }
}

fn ratings(pools: &[(&str, &str)]) -> Vec<(String, String)> {
    pools.iter().map(|(pool, rating)| (pool.to_string(), rating.to_string())).collect()
}

fn game(id: u64, blue: &str, red: &str, turns: usize, state: &str) -> GameRow {
    let (blue, red, state) = (blue.to_string(), red.to_string(), state.to_string());
    GameRow { id, game: GameKind::ALL[0], side: 3, blue, red, clock: clock(5, 3), rated: true, turns, state }
}

/// A lobby with something in every part, seen by `ana`.
fn full() -> LobbyView {
    let (clamber, ombagui) = (GameKind::ALL[0], GameKind::ALL[1]);
    let online = |name: &str, pools: &[(&str, &str)], playing| OnlineRow {
        name: name.to_string(),
        ratings: ratings(pools),
        playing,
    };
    let place = |name: &str, rating: &str, games| (name.to_string(), rating.to_string(), games);
    LobbyView {
        club: "Hexhall".to_string(),
        greeting: Some("Rated evening on Thursdays.".to_string()),
        me: Some("ana".to_string()),
        online: vec![
            online("ana", &[("Clamber 3", "1512"), ("Ombagui", "1500?")], false),
            online("bojan", &[("Clamber 3", "1490")], true),
            online("chloé", &[("Clamber 4", "1620")], false),
        ],
        seeks: vec![
            SeekRow {
                id: 7,
                by: "bojan".to_string(),
                terms: terms(clamber, 3, clock(5, 3), true, None),
                mine: false,
            },
            SeekRow {
                id: 9,
                by: "ana".to_string(),
                terms: terms(ombagui, 4, None, false, Some(Colour::Blue)),
                mine: true,
            },
        ],
        challenges: vec![
            ChallengeRow {
                id: 11,
                from: "chloé".to_string(),
                to: "ana".to_string(),
                terms: terms(clamber, 4, clock(3, 2), true, Some(Colour::Red)),
            },
            ChallengeRow {
                id: 12,
                from: "ana".to_string(),
                to: "bojan".to_string(),
                terms: terms(clamber, 3, clock(10, 5), false, None),
            },
        ],
        live: vec![game(21, "bojan", "dan", 14, "Red to move"), game(22, "eva", "filip", 3, "Blue to move")],
        recent: vec![game(3, "ana", "chloé", 31, "Blue won: resigned")],
        best: vec![
            ("Clamber 3".to_string(), vec![place("ana", "1512", 12), place("bojan", "1490", 30)]),
            ("Ombagui".to_string(), vec![place("chloé", "1580?", 4)]),
        ],
    }
}

fn lobby_app(view: LobbyView, width: u16, height: u16) -> App {
    let mut app = App::new(Profile::default(), Rect::new(0, 0, width, height));
    app.screen = Screen::Lobby(Box::new(Lobby::new(view)));
    app
}

fn lobby(app: &App) -> &Lobby {
    match &app.screen {
        Screen::Lobby(lobby) => lobby,
        _ => panic!("not the lobby"),
    }
}

fn lobby_mut(app: &mut App) -> &mut Lobby {
    match &mut app.screen {
        Screen::Lobby(lobby) => lobby,
        _ => panic!("not the lobby"),
    }
}

/// What the member's keys asked the club for, taken from the app.
fn asked(app: &mut App) -> Option<LobbyAsk> {
    match app.request.take() {
        Some(Request::Lobby(ask)) => Some(ask),
        other => panic!("not a lobby request: {other:?}"),
    }
}

fn text(app: &App, lang: Lang) -> String {
    render_in(app, lang).backend().to_string()
}

#[test]
fn every_part_of_a_full_lobby_is_drawn_in_each_language() {
    for lang in Lang::ALL {
        let mut app = lobby_app(full(), 100, 16);
        let mut screens = Vec::new();
        for n in 1..=6 {
            press(&mut app, &[&n.to_string()]);
            screens.push(text(&app, lang));
        }
        press(&mut app, &["1", "Down", "c"]);
        screens.push(text(&app, lang));
        let name = format!("lobby_full_{lang:?}").to_lowercase();
        insta::assert_snapshot!(name, screens.join("\n"));
    }
}

#[test]
fn an_empty_lobby_and_a_watchers_say_so_in_each_language() {
    for lang in Lang::ALL {
        let view = LobbyView { club: "Hexhall".to_string(), ..LobbyView::default() };
        let mut app = lobby_app(view, 80, 12);
        let mut screens = Vec::new();
        for n in 1..=6 {
            press(&mut app, &[&n.to_string()]);
            screens.push(text(&app, lang));
        }
        let empty = [
            LOBBY_EMPTY_PLAYERS,
            LOBBY_EMPTY_SEEKS,
            LOBBY_EMPTY_CHALLENGES,
            LOBBY_EMPTY_LIVE,
            LOBBY_EMPTY_RECENT,
            LOBBY_EMPTY_BEST,
        ];
        for (screen, key) in screens.iter().zip(empty) {
            let start: String = lang.word(key).chars().take(12).collect();
            assert!(screen.contains(&start), "{lang:?}: {start} is shown\n{screen}");
        }
        let name = format!("lobby_empty_{lang:?}").to_lowercase();
        insta::assert_snapshot!(name, [screens[0].as_str(), screens[1].as_str()].join("\n"));
    }
}

#[test]
fn a_tiny_window_says_how_big_it_must_be_and_takes_keys_without_panic() {
    for lang in Lang::ALL {
        let mut screens = Vec::new();
        for (width, height) in [(30, 6), (47, 20), (100, 10), (1, 1), (0, 0)] {
            let mut app = lobby_app(full(), width, height);
            if width >= 30 {
                screens.push(text(&app, lang));
            }
            // Every key of the lobby and of its form, and clicks, on a screen too small.
            press(
                &mut app,
                &["Down", "Right", "Enter", "n", "Down", "Right", "Enter", "c", "a", "x", "Esc", "?"],
            );
            click_at(&mut app, (0, 0));
            click_at(&mut app, (width / 2, height / 2));
            render_in(&app, lang);
        }
        let name = format!("lobby_tiny_{lang:?}").to_lowercase();
        insta::assert_snapshot!(name, screens[0]);
        for screen in &screens {
            assert!(screen.contains("48") && screen.contains("11"), "{lang:?}: the size needed\n{screen}");
        }
    }
}
