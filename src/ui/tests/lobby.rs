//! The club's lobby as a member sees and uses it: drawn in the three languages (full,
//! empty, on a tiny window), each key and click asking the club for the right thing, and a
//! new view from the club keeping the member's place.

use crate::app::Request;
use crate::app::event::Event;
use crate::app::keys::{Context, KeyTable, Leaving};
use crate::app::link::Link;
use crate::record::{AnyRecord, AnyRecordExt};
use crate::rules::{AnyPosition, clamber};
use crate::testing::*;

use crate::app::lobby::{
    ChallengeRow, ClubView, Form, GameRow, Lobby, LobbyAsk, LobbyLayout, LobbyView, OnlineRow, OwnView,
    PlayingRow, RecentRow, SeekRow, Tab, Terms,
};
use crate::app::{App, Overlay, Profile, Screen};
use crate::clock::{ClubClock, Deadline, TimeControl, Timepiece};
use crate::i18n::Lang;
use crate::i18n::keys::*;
use crate::rules::{Colour, GameKind};
use ratatui::layout::Rect;
use std::time::Duration;

fn clock(minutes: u64, seconds: u64) -> ClubClock {
    ClubClock::Live(TimeControl {
        base: Duration::from_secs(60 * minutes),
        increment: Duration::from_secs(seconds),
    })
}

fn terms(game: GameKind, side: u8, clock: ClubClock, rated: bool, colour: Option<Colour>) -> Terms {
    Terms { game, side, clock, rated, colour }
}

fn ratings(pools: &[(&str, &str)]) -> Vec<(String, String)> {
    pools.iter().map(|(pool, rating)| (pool.to_string(), rating.to_string())).collect()
}

fn game(id: u64, blue: &str, red: &str) -> GameRow {
    let (blue, red) = (blue.to_string(), red.to_string());
    GameRow { id, game: GameKind::ALL[0], side: 3, blue, red, clock: clock(5, 3), rated: true }
}

/// A game of ana's in progress against `opponent`, on three days a turn, `left` to its
/// deadline on a clock standing still.
fn playing(id: u64, opponent: &str, your_turn: bool, left: Option<Duration>) -> PlayingRow {
    let time = Timepiece::fake();
    let due = left.map(|left| Deadline { at: time.now() + left, time: time.clone() });
    let game = GameRow { clock: ClubClock::Daily(3), ..game(id, "ana", opponent) };
    PlayingRow { game, opponent: opponent.to_string(), your_turn, due }
}

/// A lobby with something in every part, seen by `ana`.
fn full() -> LobbyView {
    let (club, own) = full_parts();
    LobbyView::new(club, own)
}

/// The club's part and ana's own of a lobby with something in every part.
fn full_parts() -> (ClubView, OwnView) {
    let (clamber, ombagui) = (GameKind::ALL[0], GameKind::ALL[1]);
    let online = |name: &str, pools: &[(&str, &str)], playing| OnlineRow {
        name: name.to_string(),
        ratings: ratings(pools),
        playing,
    };
    let place = |name: &str, rating: &str, games| (name.to_string(), rating.to_string(), games);
    let club = ClubView {
        club: "Hexhall".to_string(),
        greeting: Some("Rated evening on Thursdays.".to_string()),
        online: vec![
            online("ana", &[("Clamber 3", "1512"), ("Ombagui", "1500?")], false),
            online("bojan", &[("Clamber 3", "1490")], true),
            online("chloé", &[("Clamber 4", "1620")], false),
        ],
        seeks: vec![
            SeekRow { id: 7, by: "bojan".to_string(), terms: terms(clamber, 3, clock(5, 3), true, None) },
            SeekRow {
                id: 9,
                by: "ana".to_string(),
                terms: terms(ombagui, 4, ClubClock::Untimed, false, Some(Colour::Blue)),
            },
        ],
        live: vec![game(21, "bojan", "dan"), game(22, "eva", "filip")],
        best: vec![
            ("Clamber 3".to_string(), vec![place("ana", "1512", 12), place("bojan", "1490", 30)]),
            ("Ombagui".to_string(), vec![place("chloé", "1580?", 4)]),
        ],
        failed: None,
    };
    let own = OwnView {
        me: Some("ana".to_string()),
        playing: vec![playing(23, "bojan", true, Some(Duration::from_secs(5 * 3600 + 720)))],
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
        recent: vec![RecentRow {
            game: game(3, "ana", "chloé"),
            turns: 31,
            result: crate::i18n::text!(STATUS_RESIGNED, Colour::Red, Colour::Blue),
        }],
        failed: None,
    };
    (club, own)
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
        for n in 1..=7 {
            press(&mut app, &[&n.to_string()]);
            screens.push(text(&app, lang));
        }
        press(&mut app, &["2", "Down", "c"]);
        screens.push(text(&app, lang));
        let name = format!("lobby_full_{lang:?}").to_lowercase();
        insta::assert_snapshot!(name, screens.join("\n"));
    }
}

#[test]
fn an_empty_lobby_and_a_watchers_say_so_in_each_language() {
    for lang in Lang::ALL {
        let view = LobbyView::new(
            ClubView { club: "Hexhall".to_string(), ..ClubView::default() },
            OwnView::default(),
        );
        let mut app = lobby_app(view, 80, 12);
        let mut screens = Vec::new();
        for n in 1..=7 {
            press(&mut app, &[&n.to_string()]);
            screens.push(text(&app, lang));
        }
        let empty = [
            LOBBY_EMPTY_PLAYING,
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
                &["Down", "Right", "Enter", "n", "Down", "Right", "Enter", "c", "a", "d", "Esc", "?"],
            );
            click_at(&mut app, (0, 0));
            click_at(&mut app, (width / 2, height / 2));
            render_in(&app, lang);
            // Nothing is asked blind.
            assert_eq!((app.request.take(), lobby(&app).form.clone()), (None, None), "{width}x{height}");
        }
        // The narrowest lobby keeps the keys of the help and of leaving.
        let narrow = text(&lobby_app(full(), LobbyLayout::NEEDED.0, LobbyLayout::NEEDED.1), lang);
        let keys = narrow.lines().nth(usize::from(LobbyLayout::NEEDED.1) - 1).unwrap();
        assert!(keys.contains("? ") && keys.contains("q "), "{lang:?}: {keys}");
        let name = format!("lobby_tiny_{lang:?}").to_lowercase();
        insta::assert_snapshot!(name, screens[0]);
        for screen in &screens {
            assert!(screen.contains("48") && screen.contains("11"), "{lang:?}: the size needed\n{screen}");
        }
    }
}

#[test]
fn a_seek_is_posted_on_the_forms_terms() {
    let mut app = lobby_app(full(), 100, 16);
    press(&mut app, &["n"]);
    assert_eq!(app.context(), Context::LobbyForm);
    // The next board, the clock before 5+3, casual, Blue.
    press(&mut app, &["Right", "Down", "Left", "Down", "Right", "Down", "Right", "Enter"]);
    let clamber_4 = terms(GameKind::ALL[0], 4, clock(3, 2), false, Some(Colour::Blue));
    assert_eq!(asked(&mut app), Some(LobbyAsk::Post(clamber_4)));
    assert_eq!(app.context(), Context::Lobby, "the form closes once sent");
    // Esc closes a form unsent; the first game's usual board, 5+3, rated, either side.
    press(&mut app, &["n", "Right", "Esc"]);
    assert_eq!((app.request.take(), app.context()), (None, Context::Lobby));
    press(&mut app, &["n", "Enter"]);
    let usual = terms(GameKind::ALL[0], 3, clock(5, 3), true, None);
    assert_eq!(asked(&mut app), Some(LobbyAsk::Post(usual)));
}

#[test]
fn the_forms_clock_goes_on_from_the_live_clocks_to_days_a_turn_and_round() {
    let mut app = lobby_app(full(), 100, 16);
    press(&mut app, &["n", "Down"]);
    let clock_of = |app: &App| lobby(app).form.as_ref().expect("the form").clock;
    let live = ["10+5", "15+10", "30+0"].map(|text| ClubClock::parse(text).unwrap());
    let daily = [1, 2, 3, 5, 7, 14].map(ClubClock::Daily);
    // Where the clock row's name stands: the form does not move as its values change.
    let name_at = |app: &App| {
        let screen = text(app, Lang::En);
        screen.lines().find_map(|line| line.find("Clock  ")).expect("the clock row")
    };
    let first = name_at(&app);
    for expected in live.into_iter().chain(daily).chain([ClubClock::Untimed]) {
        press(&mut app, &["Right"]);
        assert_eq!(clock_of(&app), expected);
        assert_eq!(name_at(&app), first, "the form stood still at {expected:?}");
    }
    press(&mut app, &["Left"]);
    assert_eq!(clock_of(&app), ClubClock::Daily(14), "back round to the longest");
    press(&mut app, &["Left", "Left"]);
    assert_eq!(clock_of(&app), ClubClock::Daily(5));
    // The form says what the figure means, in each language; the lists show it as `5d`.
    for (lang, said) in [
        (Lang::En, "5d (5 days a turn)"),
        (Lang::Fr, "5d (5 jours par coup)"),
        (Lang::Sr, "5d (5 дана по потезу)"),
    ] {
        let screen = text(&app, lang);
        assert!(screen.contains(said), "{lang:?}: {said}\n{screen}");
    }
    press(&mut app, &["Left", "Left", "Left"]);
    assert!(text(&app, Lang::Sr).contains("1d (1 дан по потезу)"), "one day, in the singular");
    press(&mut app, &["Right", "Right", "Enter"]);
    let daily = terms(GameKind::ALL[0], 3, ClubClock::Daily(3), true, None);
    assert_eq!(asked(&mut app), Some(LobbyAsk::Post(daily)));
}

#[test]
fn seeks_are_taken_or_cancelled_and_members_challenged() {
    let mut app = lobby_app(full(), 100, 16);
    press(&mut app, &["3", "Enter"]);
    assert_eq!(asked(&mut app), Some(LobbyAsk::Take(7)), "another's seek is taken");
    press(&mut app, &["d"]);
    assert_eq!(app.request, None, "another's seek is not one's own to cancel");
    press(&mut app, &["Down", "Enter"]);
    assert_eq!(asked(&mut app), Some(LobbyAsk::Cancel(9)), "one's own is cancelled");
    press(&mut app, &["d"]);
    assert_eq!(asked(&mut app), Some(LobbyAsk::Cancel(9)));
    press(&mut app, &["2", "Down", "c"]);
    assert_eq!(lobby(&app).form.as_ref().and_then(|form| form.to.as_deref()), Some("bojan"));
    press(&mut app, &["Down", "Right", "Enter"]);
    let terms = terms(GameKind::ALL[0], 3, clock(10, 5), true, None);
    assert_eq!(asked(&mut app), Some(LobbyAsk::Challenge("bojan".to_string(), terms)));
    // Enter on a member is a challenge too.
    press(&mut app, &["Down", "Enter", "Enter"]);
    assert!(matches!(asked(&mut app), Some(LobbyAsk::Challenge(name, _)) if name == "chloé"));
}

#[test]
fn challenges_are_accepted_or_declined_and_games_watched_or_replayed() {
    let mut app = lobby_app(full(), 100, 16);
    press(&mut app, &["4", "a"]);
    assert_eq!(asked(&mut app), Some(LobbyAsk::Accept(11)), "a challenge to me");
    press(&mut app, &["Enter"]);
    assert_eq!(asked(&mut app), Some(LobbyAsk::Accept(11)));
    press(&mut app, &["d"]);
    assert_eq!(asked(&mut app), Some(LobbyAsk::Decline(11)));
    press(&mut app, &["Down", "a"]);
    assert_eq!(app.request, None, "one's own challenge is not one's to accept");
    press(&mut app, &["Enter"]);
    assert_eq!(asked(&mut app), Some(LobbyAsk::Decline(12)), "Enter withdraws one's own");
    press(&mut app, &["5", "Down", "Enter"]);
    assert_eq!(asked(&mut app), Some(LobbyAsk::Watch(22)));
    press(&mut app, &["Right", "Enter"]);
    assert_eq!(asked(&mut app), Some(LobbyAsk::Replay(3)));
    press(&mut app, &["Right", "Enter", "a", "d", "c"]);
    assert_eq!((app.request.take(), lobby(&app).form.clone()), (None, None), "the best is only read");
}

#[test]
fn clicks_choose_a_part_and_a_row_and_a_second_click_acts() {
    let mut app = lobby_app(full(), 100, 16);
    let layout = lobby(&app).layout(app.area, Lang::En).unwrap();
    let tab = |n: usize| layout.labels[n].1;
    click_at(&mut app, (tab(4).x + 2, tab(4).y));
    assert_eq!(lobby(&app).tab, Tab::Live);
    // The list's first line is its column heads; its rows come under them.
    let row = |n: u16| (5, layout.list.y + 1 + n);
    click_at(&mut app, row(1));
    assert_eq!((app.request.take(), lobby(&app).row(Tab::Live)), (None, 1), "a first click chooses");
    click_at(&mut app, row(1));
    assert_eq!(asked(&mut app), Some(LobbyAsk::Watch(22)), "a second one watches");
    click_at(&mut app, row(5));
    assert_eq!((app.request.take(), lobby(&app).row(Tab::Live)), (None, 1), "below the rows: nothing");
    click_at(&mut app, (tab(2).x, tab(2).y));
    click_at(&mut app, row(0));
    assert_eq!(asked(&mut app), Some(LobbyAsk::Take(7)), "the chosen row, clicked, is taken");
    // The form: a click on a row chooses it, on the chosen one changes it, on the last sends.
    press(&mut app, &["n"]);
    let (_, rows) = Form::rects(layout.list);
    click_at(&mut app, (rows[2].x + rows[2].width / 2, rows[2].y));
    click_at(&mut app, (rows[2].x + rows[2].width / 2, rows[2].y));
    click_at(&mut app, (rows[4].x + rows[4].width / 2, rows[4].y));
    let casual = terms(GameKind::ALL[0], 3, clock(5, 3), false, None);
    assert_eq!(asked(&mut app), Some(LobbyAsk::Post(casual)));
}

#[test]
fn a_new_view_keeps_each_part_on_the_same_row() {
    let mut app = lobby_app(full(), 100, 16);
    press(&mut app, &["3", "Down", "2", "Down", "Down", "5", "Down"]);
    let (mut club, own) = full_parts();
    let first = club.seeks[0].clone();
    club.seeks.insert(0, SeekRow { id: 40, ..first });
    club.online.retain(|member| member.name != "bojan");
    club.live.remove(0);
    lobby_mut(&mut app).set_view(LobbyView::new(club, own));
    let kept = lobby(&app);
    assert_eq!(kept.view.club.seeks[kept.row(Tab::Seeks)].id, 9, "the same seek, moved down a row");
    assert_eq!(kept.view.club.online[kept.row(Tab::Players)].name, "chloé", "the same member, moved up");
    assert_eq!(kept.view.club.live[kept.row(Tab::Live)].id, 22);
    // In the best, a place is found again by its pool and name.
    press(&mut app, &["7", "Down", "Down"]);
    let (mut club, own) = full_parts();
    club.best[0].1.insert(0, ("dan".to_string(), "1700".to_string(), 40));
    lobby_mut(&mut app).set_view(LobbyView::new(club, own));
    let (pool, place) = lobby(&app).best_rows().nth(lobby(&app).row(Tab::Best)).unwrap();
    assert_eq!((pool, place.map(|(n, place)| (n, place.0.as_str()))), ("Clamber 3", Some((2, "bojan"))));
    // A row gone leaves the place where it was, within the rows there are.
    let mut app = lobby_app(full(), 100, 16);
    press(&mut app, &["3", "Down"]);
    let (mut club, own) = full_parts();
    club.seeks.truncate(1);
    lobby_mut(&mut app).set_view(LobbyView::new(club, own));
    assert_eq!(lobby(&app).row(Tab::Seeks), 0);
    lobby_mut(&mut app).set_view(LobbyView::default());
    press(&mut app, &["Down", "Enter", "Up", "End"]);
    assert_eq!((app.request.take(), lobby(&app).row(Tab::Seeks)), (None, 0), "an empty part asks nothing");
}

#[test]
fn the_clubs_note_is_shown_until_the_next_key_and_help_lists_the_keys() {
    let mut app = lobby_app(full(), 100, 16);
    lobby_mut(&mut app).note(crate::i18n::text!(PLAIN, "That seek was taken."));
    assert!(text(&app, Lang::En).contains("That seek was taken."));
    press(&mut app, &["Down"]);
    assert!(!text(&app, Lang::En).contains("That seek was taken."));
    app.handle(Event::Input(ratatui::crossterm::event::Event::Resize(120, 40)));
    for lang in Lang::ALL {
        press(&mut app, &["?"]);
        assert_eq!(app.overlay, Some(Overlay::Help));
        let screen = text(&app, lang);
        for key in [KEY_LOBBY_SEEK, KEY_LOBBY_CHALLENGE, KEY_LOBBY_ACCEPT, KEY_LOBBY_QUIT] {
            let start: String = lang.word(key).chars().take(14).collect();
            assert!(screen.contains(&start), "{lang:?}: {start}\n{screen}");
        }
        press(&mut app, &["Esc"]);
    }
    press(&mut app, &["q"]);
    assert_eq!(app.overlay, Some(Overlay::Ask(crate::app::Question::LeaveClub)), "asked first");
    let asked = text(&app, Lang::En);
    assert!(asked.contains("Leave the club?"), "{asked}");
    press(&mut app, &["n"]);
    assert!(!app.quit && app.overlay.is_none(), "any other key stays");
    press(&mut app, &["q", "y"]);
    assert!(app.quit, "q and y leave the club");
}

#[test]
fn leaving_a_game_of_the_club_comes_back_to_the_lobby() {
    let start: clamber::Position = "3/b/-".parse().unwrap();
    let link = Link::new(AnyRecord::new(AnyPosition::Clamber(start)));
    let mut player = App::shared(Profile::default(), link.sit(Colour::Blue, false), AREA);
    let mut other = App::shared(Profile::default(), link.sit_guest(), AREA);
    other.handle(Event::Shared { played: false });
    for app in [&mut player, &mut other] {
        if let Some(game) = app.game_screen() {
            crate::each_game!(game, game => game.leaving = Leaving::Lobby);
        }
        let hints = text(app, Lang::En);
        assert!(hints.contains("q lobby"), "{hints}");
        press(app, &["q"]);
        assert!(matches!(app.screen, Screen::Lobby(_)) && !app.quit, "back in the lobby, not asked");
    }
    assert!(!link.is_closed() && link.players() == 0, "both left; the game stays at the club");
    // The club's games offer no key the club refuses: no saving, hints, evaluation, review.
    let help = KeyTable::default().help_leaving(Context::Shared, None, Lang::En, Leaving::Lobby);
    let shown: Vec<&str> = help.iter().map(|(keys, _)| keys.as_str()).collect();
    assert!(shown.iter().all(|keys| !["s", "t", "e", "v", "p"].contains(keys)), "{shown:?}");
    assert!(shown.contains(&"u ["), "{shown:?}");
    // A game replayed goes back there too, and says so.
    let mut replay = crate::testing::clamber("3/b/-");
    game_mut(&mut replay).leaving = Leaving::Lobby;
    let hints = text(&replay, Lang::En);
    assert!(hints.contains("hjklyibn move · u undo · ^r redo · ? keys · q lobby"), "{hints}");
    press(&mut replay, &["q"]);
    assert!(matches!(replay.screen, Screen::Lobby(_)));
}

/// A watcher (no key) is told at once that they may only watch: no form opens, and the
/// row of a member offers no challenge.
#[test]
fn a_watcher_is_not_offered_a_seek_or_a_challenge() {
    let (club, own) = full_parts();
    let mut app = lobby_app(LobbyView::new(club, OwnView { me: None, playing: Vec::new(), ..own }), 100, 16);
    press(&mut app, &["2", "Down"]);
    assert_eq!(lobby(&app).offer(), None);
    for keys in [&["n"][..], &["c"], &["Enter"]] {
        press(&mut app, keys);
        assert!(lobby(&app).form.is_none(), "{keys:?}");
        assert!(text(&app, Lang::En).contains("a watcher may only watch"), "{keys:?}");
    }
    assert_eq!(app.request, None);
}
