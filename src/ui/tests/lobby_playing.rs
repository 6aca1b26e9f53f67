//! A member's games in progress, the lobby's first part: whose turn it is in words, the time
//! left to a correspondence turn counting down on the club's clock (in the warning style
//! under a sixth of its allowance), Enter opening the game where its turn is made, and the
//! screen woken exactly when a figure it shows changes, never polled.

use crate::app::Request;
use crate::app::lobby::{ClubView, GameRow, Lobby, LobbyAsk, LobbyView, OwnView, PlayingRow, Tab};
use crate::app::{App, Profile, Screen};
use crate::clock::{ClubClock, Deadline, TimeControl, Timepiece};
use crate::i18n::Lang;
use crate::rules::GameKind;
use crate::testing::*;
use crate::theme::Theme;
use ratatui::layout::Rect;
use std::time::{Duration, Instant};

const MINUTE: Duration = Duration::from_secs(60);
const HOUR: Duration = Duration::from_secs(3600);
const DAY: Duration = Duration::from_secs(86_400);
const NANO: Duration = Duration::from_nanos(1);

/// A game of ana's against `opponent` on `clock`, its turn's deadline `left` from now on
/// `time` (none: a live game).
fn playing(
    id: u64,
    opponent: &str,
    your_turn: bool,
    clock: ClubClock,
    due: Option<(Duration, &Timepiece)>,
) -> PlayingRow {
    let (blue, red) = ("ana".to_string(), opponent.to_string());
    let game = GameRow { id, game: GameKind::ALL[0], side: 3, blue, red, clock, rated: true };
    let due = due.map(|(left, time)| Deadline { at: time.now() + left, time: time.clone() });
    PlayingRow { game, opponent: opponent.to_string(), your_turn, due }
}

fn live() -> ClubClock {
    ClubClock::Live(TimeControl { base: MINUTE * 5, increment: Duration::from_secs(3) })
}

fn view(playing: Vec<PlayingRow>) -> LobbyView {
    let club = ClubView { club: "Hexhall".to_string(), ..ClubView::default() };
    LobbyView::new(club, OwnView { me: Some("ana".to_string()), playing, ..OwnView::default() })
}

/// Ana's terminal of `width` by `height`, as the club opens it on her lobby.
fn member(view: LobbyView, (width, height): (u16, u16)) -> App {
    App::club_lobby(Profile::default(), Rect::new(0, 0, width, height), view)
}

fn lobby(app: &App) -> &Lobby {
    app.lobby().expect("the lobby")
}

fn asked(app: &mut App) -> Option<LobbyAsk> {
    match app.request.take() {
        Some(Request::Lobby(ask)) => Some(ask),
        other => panic!("not a lobby request: {other:?}"),
    }
}

fn text(app: &App) -> String {
    render(app).backend().to_string()
}

#[test]
fn the_lobby_opens_on_ones_games_and_enter_opens_the_chosen_one() {
    let time = Timepiece::fake();
    let rows = vec![
        playing(31, "bojan", true, ClubClock::Daily(1), Some((HOUR * 3, &time))),
        playing(25, "chloé", false, ClubClock::Daily(14), Some((DAY * 9, &time))),
        playing(26, "dan", false, live(), None),
    ];
    let mut app = member(view(rows.clone()), (80, 24));
    assert_eq!(lobby(&app).tab, Tab::Playing, "the first part");
    let screen = text(&app);
    assert!(screen.contains("1 Playing (3)"), "{screen}");
    assert!(screen.contains("Enter: play your turn against bojan"), "{screen}");
    press(&mut app, &["Enter"]);
    assert_eq!(asked(&mut app), Some(LobbyAsk::Open(31)));
    press(&mut app, &["Down"]);
    assert!(text(&app).contains("Enter: open your game against chloé"));
    press(&mut app, &["Enter"]);
    assert_eq!(asked(&mut app), Some(LobbyAsk::Open(25)), "the other's turn opens too, to look");
    press(&mut app, &["Down", " "]);
    assert_eq!(asked(&mut app), Some(LobbyAsk::Open(26)), "and a live game");
    // The club sorts again after a turn: the chosen game is found where it went.
    let mut moved = rows;
    moved.rotate_right(1);
    let Screen::Lobby(shown) = &mut app.screen else { unreachable!() };
    shown.set_view(view(moved));
    assert_eq!(lobby(&app).row(Tab::Playing), 0);
    press(&mut app, &["Enter"]);
    assert_eq!(asked(&mut app), Some(LobbyAsk::Open(26)));
    // A click on the chosen row does what Enter does.
    let layout = lobby(&app).layout(app.area, Lang::En).unwrap();
    click_at(&mut app, (5, layout.list.y + 1));
    assert_eq!(asked(&mut app), Some(LobbyAsk::Open(26)));
}

#[test]
fn whose_turn_reads_in_words_and_a_short_time_left_is_marked_as_well_as_coloured() {
    let time = Timepiece::fake();
    let rows = vec![
        playing(31, "bojan", true, ClubClock::Daily(3), Some((DAY * 2 + HOUR * 5, &time))),
        playing(24, "chloé", true, ClubClock::Daily(1), Some((HOUR * 3 + MINUTE * 12, &time))),
        playing(25, "dan", false, live(), None),
    ];
    let app = member(view(rows), (80, 24));
    let terminal = render(&app);
    let screen = terminal.backend().to_string();
    let lines: Vec<&str> = screen.lines().collect();
    let row = |name: &str| *lines.iter().find(|line| line.contains(name)).unwrap();
    assert!(row("bojan").contains("Your turn") && row("bojan").contains("2d 5h "), "{screen}");
    assert!(!row("bojan").contains('!'), "over a sixth of three days left\n{screen}");
    assert!(row("chloé").contains("Your turn") && row("chloé").contains("3h 12m !"), "{screen}");
    assert!(row("dan").contains("Their turn") && row("dan").contains("5+3") && row("dan").contains('—'));
    // The figure under a sixth of its day is in the warning style; the other is not.
    let style_of = |figure: &str, name: &str| {
        let y = lines.iter().position(|line| line.contains(name)).unwrap();
        let x = lines[y].find(figure).map(|at| lines[y][..at].chars().count()).unwrap();
        terminal.backend().buffer()[(x as u16, y as u16)].fg
    };
    assert_eq!(style_of("3h 12m", "chloé"), Theme::DEFAULT.warning.fg.unwrap());
    assert_ne!(style_of("2d 5h", "bojan"), Theme::DEFAULT.warning.fg.unwrap());
}

#[test]
fn the_time_left_counts_down_on_the_clubs_clock_and_the_screen_wakes_exactly_when_it_turns() {
    let time = Timepiece::fake();
    let rows = vec![
        playing(31, "bojan", true, ClubClock::Daily(1), Some((HOUR * 4 + Duration::from_secs(30), &time))),
        playing(24, "chloé", false, ClubClock::Daily(3), Some((DAY * 2 + HOUR * 5 + MINUTE * 20, &time))),
    ];
    let mut app = member(view(rows), (80, 24));
    let row = |app: &App, name: &str| text(app).lines().find(|line| line.contains(name)).unwrap().to_string();
    assert!(row(&app, "bojan").contains("4h 0m "), "{}", row(&app, "bojan"));
    // The soonest figure to turn is bojan's game's, in 30 s: then, and not before.
    let start = time.now();
    assert_eq!(app.timer(), Some(start + Duration::from_secs(30) + NANO));
    time.advance(Duration::from_secs(30));
    assert!(row(&app, "bojan").contains("4h 0m "), "not yet");
    time.advance(NANO);
    assert!(row(&app, "bojan").contains("3h 59m !"), "turned, and now under a sixth of the day");
    assert_eq!(app.timer(), Some(time.now() + MINUTE), "a minute on, in the last day's hours");
    // Chloé's game turns hourly: after 20 minutes, before bojan's next minute is past.
    time.advance(MINUTE * 19);
    assert!(row(&app, "chloé").contains("2d 5h"));
    time.advance(MINUTE);
    assert!(row(&app, "chloé").contains("2d 4h"));
    assert_eq!(app.timer(), Some(time.now() + MINUTE), "bojan's next minute, before chloé's next hour");
    // Nothing is woken for while no figure is shown: another part, the form over the list.
    press(&mut app, &["2"]);
    assert_eq!(app.timer(), None);
    press(&mut app, &["1", "n"]);
    assert_eq!(app.timer(), None);
    press(&mut app, &["Esc"]);
    assert!(app.timer().is_some());
    // Past every deadline nothing changes any more: the club, not the screen, ends the games.
    time.advance(DAY * 3);
    assert_eq!(app.timer(), None);
    assert!(row(&app, "bojan").contains("0:00"));
}

#[test]
fn only_the_figures_in_sight_wake_the_screen() {
    let time = Timepiece::fake();
    let mut rows: Vec<PlayingRow> = (0..6)
        .map(|n| playing(40 + n, "bojan", true, ClubClock::Daily(3), Some((DAY * 2 + MINUTE * 50, &time))))
        .collect();
    // The last game turns first, in half a minute, but is out of sight on a short window.
    rows.push(playing(
        50,
        "chloé",
        false,
        ClubClock::Daily(1),
        Some((HOUR * 2 + Duration::from_secs(90), &time)),
    ));
    let mut app = member(view(rows), (60, 11));
    let shown = lobby(&app).layout(app.area, Lang::En).unwrap().rows();
    assert!(shown < 7, "{shown} rows in sight");
    let start: Instant = time.now();
    assert_eq!(app.timer(), Some(start + MINUTE * 50 + NANO), "the rows in sight turn hourly");
    press(&mut app, &["End"]);
    assert_eq!(app.timer(), Some(start + Duration::from_secs(30) + NANO), "chloé's game, now in sight");
}
