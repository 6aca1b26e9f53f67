//! Every screen of the club's lobby at 60x20, 80x24 and 120x40, in English, French and
//! Serbian, full (a twenty-letter name among the members) and empty: each part, the form,
//! the help. The parts' names read whole, no column the part is read for is cut, and an
//! empty part says so.

use crate::app::lobby::{
    ChallengeRow, ClubView, GameRow, Lobby, LobbyView, OnlineRow, OwnView, PlayingRow, RecentRow, SeekRow,
    Terms,
};
use crate::app::{App, Profile, Screen};
use crate::clock::{ClubClock, Deadline, TimeControl, Timepiece};
use crate::i18n::keys::*;
use crate::i18n::{Lang, text};
use crate::rules::{Colour, GameKind};
use crate::testing::*;
use ratatui::layout::Rect;
use std::time::Duration;

const SIZES: [(u16, u16); 3] = [(60, 20), (80, 24), (120, 40)];

/// Twenty letters, the longest name a member may have.
const LONG: &str = "aleksandar_petrovic1";

fn clock(minutes: u64, seconds: u64) -> ClubClock {
    ClubClock::Live(TimeControl {
        base: Duration::from_secs(60 * minutes),
        increment: Duration::from_secs(seconds),
    })
}

fn game(id: u64, blue: &str, red: &str) -> GameRow {
    let (blue, red) = (blue.to_string(), red.to_string());
    GameRow { id, game: GameKind::ALL[0], side: 3, blue, red, clock: clock(5, 3), rated: true }
}

fn terms(side: u8, clock: ClubClock, rated: bool, colour: Option<Colour>) -> Terms {
    Terms { game: GameKind::ALL[0], side, clock, rated, colour }
}

/// A game of ana's in progress against `opponent` on `clock`, `left` (hours, minutes) to its
/// deadline on a clock standing still; none in a live game.
fn playing(
    id: u64,
    opponent: &str,
    your_turn: bool,
    clock: ClubClock,
    left: Option<(u64, u64)>,
) -> PlayingRow {
    let time = Timepiece::fake();
    let due = left.map(|(hours, minutes)| Deadline {
        at: time.now() + Duration::from_secs(3600 * hours + 60 * minutes),
        time: time.clone(),
    });
    let game = GameRow { clock, ..game(id, "ana", opponent) };
    PlayingRow { game, opponent: opponent.to_string(), your_turn, due }
}

/// A club with something in every part, a twenty-letter name among its members, a pool
/// nobody is rated in yet; seen by ana.
fn full() -> LobbyView {
    let online = |name: &str, ratings: &[(&str, &str)], playing| OnlineRow {
        name: name.to_string(),
        ratings: ratings.iter().map(|(pool, rating)| (pool.to_string(), rating.to_string())).collect(),
        playing,
    };
    let place = |name: &str, rating: &str, games| (name.to_string(), rating.to_string(), games);
    let club = ClubView {
        club: "Hexhall".to_string(),
        greeting: Some("Rated evening on Thursdays.".to_string()),
        online: vec![
            online("ana", &[("Clamber 3", "1512"), ("Ombagui", "?")], false),
            online(LONG, &[("Clamber 3", "1490"), ("Clamber 4", "1620"), ("Ombagui", "1555")], true),
            online("chloé", &[("Clamber 4", "?")], false),
        ],
        seeks: vec![
            SeekRow { id: 7, by: LONG.to_string(), terms: terms(3, clock(5, 3), true, Some(Colour::Blue)) },
            SeekRow { id: 9, by: "ana".to_string(), terms: terms(4, ClubClock::Untimed, false, None) },
        ],
        live: vec![
            game(21, "bojan", "dan"),
            GameRow { clock: ClubClock::Daily(14), ..game(22, LONG, "filip") },
        ],
        best: vec![
            ("Clamber 3".to_string(), vec![place("ana", "1512", 12), place(LONG, "1490", 30)]),
            ("Clamber 4".to_string(), Vec::new()),
            ("Ombagui".to_string(), vec![place("chloé", "1580", 14)]),
        ],
        failed: None,
    };
    let own = OwnView {
        me: Some("ana".to_string()),
        // Ana's turn first, the soonest deadline first: a day's turn with under a sixth of it
        // left (3h 12m of 24h), three days' with more, then the others' turns.
        playing: vec![
            playing(31, LONG, true, ClubClock::Daily(1), Some((3, 12))),
            playing(24, "chloé", true, ClubClock::Daily(3), Some((53, 0))),
            playing(25, "bojan", false, ClubClock::Daily(14), Some((335, 59))),
            playing(26, "dan", false, clock(5, 3), None),
        ],
        challenges: vec![
            ChallengeRow {
                id: 11,
                from: LONG.to_string(),
                to: "ana".to_string(),
                terms: terms(4, clock(3, 2), true, Some(Colour::Red)),
            },
            ChallengeRow {
                id: 12,
                from: "ana".to_string(),
                to: "chloé".to_string(),
                terms: terms(3, ClubClock::Daily(3), false, None),
            },
        ],
        recent: vec![
            RecentRow {
                game: game(3, LONG, "ana"),
                turns: 31,
                result: text!(STATUS_RESIGNED, Colour::Blue, Colour::Red),
            },
            RecentRow {
                game: game(2, "ana", "chloé"),
                turns: 18,
                result: text!(TIME_UP, Colour::Blue, Colour::Red),
            },
        ],
        failed: None,
    };
    LobbyView::new(club, own)
}

fn empty() -> LobbyView {
    let club = ClubView { club: "Hexhall".to_string(), ..ClubView::default() };
    LobbyView::new(club, OwnView { me: Some("ana".to_string()), ..OwnView::default() })
}

fn lobby_app(view: LobbyView, (width, height): (u16, u16), lang: Lang) -> App {
    let mut app = App::new(Profile::default(), Rect::new(0, 0, width, height));
    app.screen = Screen::Lobby(Box::new(Lobby::new(view).in_lang(lang)));
    app
}

/// Each part of `view`'s lobby as drawn, then (`more`) the form and the help.
fn screens(view: LobbyView, size: (u16, u16), lang: Lang, more: bool) -> Vec<String> {
    let mut app = lobby_app(view, size, lang);
    let mut screens = Vec::new();
    for n in 1..=7 {
        press(&mut app, &[&n.to_string()]);
        screens.push(render_in(&app, lang).backend().to_string());
    }
    if more {
        press(&mut app, &["2", "Down", "Enter"]);
        screens.push(render_in(&app, lang).backend().to_string());
        press(&mut app, &["Esc", "?"]);
        screens.push(render_in(&app, lang).backend().to_string());
    }
    screens
}

fn name(kind: &str, lang: Lang, (width, height): (u16, u16)) -> String {
    format!("{kind}_{lang:?}_{width}x{height}").to_lowercase()
}

#[test]
fn a_full_lobby_at_each_size_in_each_language() {
    for size in SIZES {
        for lang in Lang::ALL {
            let screens = screens(full(), size, lang, true);
            insta::assert_snapshot!(name("full", lang, size), screens.join("\n"));
        }
    }
}

#[test]
fn an_empty_lobby_at_each_size_in_each_language() {
    for size in SIZES {
        for lang in Lang::ALL {
            let screens = screens(empty(), size, lang, false);
            insta::assert_snapshot!(name("empty", lang, size), screens.join("\n"));
        }
    }
}

fn lobby(app: &App) -> &Lobby {
    app.lobby().expect("the lobby")
}

#[test]
fn the_parts_names_read_whole_and_apart_at_each_size_in_each_language() {
    use crate::app::lobby::Tab;
    let full_names = [
        LOBBY_TAB_PLAYING,
        LOBBY_TAB_PLAYERS,
        LOBBY_TAB_SEEKS,
        LOBBY_TAB_CHALLENGES,
        LOBBY_TAB_LIVE,
        LOBBY_TAB_RECENT,
        LOBBY_TAB_BEST,
    ];
    let short_names = [
        LOBBY_TAB_PLAYING_SHORT,
        LOBBY_TAB_PLAYERS_SHORT,
        LOBBY_TAB_SEEKS_SHORT,
        LOBBY_TAB_CHALLENGES_SHORT,
        LOBBY_TAB_LIVE_SHORT,
        LOBBY_TAB_RECENT_SHORT,
        LOBBY_TAB_BEST_SHORT,
    ];
    for size in SIZES {
        for lang in Lang::ALL {
            let app = lobby_app(full(), size, lang);
            let screen = render_in(&app, lang).backend().to_string();
            let tabs: String = screen.lines().skip(1).take(3).collect();
            let mut names = Vec::new();
            for (n, tab) in Tab::ALL.into_iter().enumerate() {
                let count = lobby(&app).listed(tab);
                let whole = [full_names[n], short_names[n]]
                    .map(|name| format!("{} {} ({count})", n + 1, lang.word(name)))
                    .into_iter()
                    .find(|label| tabs.contains(label.as_str()));
                let label =
                    whole.unwrap_or_else(|| panic!("{lang:?} at {size:?}: part {} is cut\n{screen}", n + 1));
                let name = &label[label.find(' ').unwrap() + 1..label.rfind(" (").unwrap()];
                names.push(name.to_string());
            }
            let mut apart = names.clone();
            apart.sort();
            apart.dedup();
            assert_eq!(apart.len(), 7, "{lang:?} at {size:?}: {names:?} are told apart");
            if size.0 >= 80 {
                assert!(!tabs.contains('…'), "{lang:?} at {size:?}: {tabs}");
            }
        }
    }
}

#[test]
fn my_games_keep_their_result_whole_and_the_help_its_last_key_at_each_size() {
    for size in SIZES {
        for lang in Lang::ALL {
            let mut app = lobby_app(full(), size, lang);
            press(&mut app, &["6"]);
            let screen = render_in(&app, lang).backend().to_string();
            for result in
                [text!(STATUS_RESIGNED, Colour::Blue, Colour::Red), text!(TIME_UP, Colour::Blue, Colour::Red)]
            {
                let said = lang.say(&result);
                assert!(screen.contains(&said), "{lang:?} at {size:?}: {said}\n{screen}");
            }
            press(&mut app, &["?"]);
            let help = render_in(&app, lang).backend().to_string();
            let leave = lang.word(KEY_LOBBY_QUIT);
            assert!(help.contains("q  ") && help.contains(&leave), "{lang:?} at {size:?}\n{help}");
        }
    }
}

#[test]
fn a_member_cannot_open_a_challenge_to_themself_and_is_told_at_once() {
    let mut app = lobby_app(full(), (80, 24), Lang::En);
    press(&mut app, &["2", "Enter"]);
    assert_eq!(lobby(&app).form, None, "no form to fill first");
    assert_eq!(app.request, None);
    let screen = render(&app).backend().to_string();
    assert!(screen.contains("you cannot challenge yourself"), "{screen}");
    press(&mut app, &["c"]);
    assert_eq!(lobby(&app).form, None);
    press(&mut app, &["Down", "Enter"]);
    assert!(lobby(&app).form.is_some(), "another member is challenged");
}

#[test]
fn a_pool_nobody_is_rated_in_is_left_out_and_a_club_with_none_says_so() {
    let mut app = lobby_app(full(), (80, 24), Lang::En);
    press(&mut app, &["7"]);
    let screen = render(&app).backend().to_string();
    assert!(!screen.contains("Clamber 4"), "a heading alone says nothing\n{screen}");
    assert!(screen.contains("7 Best (3)"), "three members are placed\n{screen}");
    let club = ClubView {
        club: "Hexhall".to_string(),
        best: ["Clamber 3", "Clamber 4", "Ombagui"].map(|pool| (pool.to_string(), Vec::new())).to_vec(),
        ..ClubView::default()
    };
    let view = LobbyView::new(club, OwnView { me: Some("ana".to_string()), ..OwnView::default() });
    let mut app = lobby_app(view, (80, 24), Lang::En);
    press(&mut app, &["7"]);
    let screen = render(&app).backend().to_string();
    assert!(screen.contains("7 Best (0)") && screen.contains("Nobody has a rating yet."), "{screen}");
    assert!(!screen.contains("Ombagui"), "{screen}");
}

#[test]
fn an_empty_part_says_so_under_its_column_heads_and_the_side_is_the_members_own() {
    let mut app = lobby_app(empty(), (80, 24), Lang::Sr);
    press(&mut app, &["3"]);
    let screen = render_in(&app, Lang::Sr).backend().to_string();
    let rows: Vec<&str> = screen.lines().collect();
    let heads = rows.iter().position(|row| row.contains("Нуди")).expect("the column heads");
    assert!(rows[heads + 1].contains("Нема отворених понуда."), "{screen}");
    assert!(rows[heads].contains("Ти играш") && !screen.contains("Његова"), "{screen}");
}
