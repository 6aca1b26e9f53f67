//! A correspondence game of the club's on a member's screen: the panel names its clock
//! (`3d`) and counts the side to move's time down to the deadline the club gives, in the
//! warning style under a sixth of its allowance; the screen is woken exactly when that
//! figure turns; no flag falls on the screen, the club ends the game.

use crate::app::event::Event;
use crate::app::link::{Link, Seat};
use crate::app::lobby::LobbyView;
use crate::app::{App, Profile};
use crate::clock::{ClubClock, Deadline, Timepiece};
use crate::i18n::Lang;
use crate::record::{AnyRecord, AnyRecordExt, Players};
use crate::rules::{AnyPosition, Colour, clamber};
use crate::testing::*;
use crate::theme::Theme;
use ratatui::layout::Rect;
use std::sync::Arc;
use std::time::Duration;

const MINUTE: Duration = Duration::from_secs(60);
const HOUR: Duration = Duration::from_secs(3600);
const DAY: Duration = Duration::from_secs(86_400);

/// A correspondence game between ana (Blue) and bo (Red), Blue's turn after C3 and D3.
fn link() -> Arc<Link> {
    let start: clamber::Position = "3/b/C3=b1,D3=r1".parse().unwrap();
    let link = Link::new(AnyRecord::new(AnyPosition::Clamber(start)));
    link.both_came();
    link
}

/// A member's terminal of 80x24 at the game on `seat`, seated as the club seats them: on
/// three days a turn, Blue's deadline `left` from now on `time`.
fn member(seat: Seat, time: &Timepiece, left: Duration) -> App {
    let mut app = App::club_lobby(Profile::default(), Rect::new(0, 0, 80, 24), LobbyView::default());
    let players = Players { blue: Some("ana".to_string()), red: Some("bo".to_string()), computer: None };
    app.seat_at_club_rated(seat, &players, [Some("1512".to_string()), Some("?".to_string())]);
    app.club_clock(ClubClock::Daily(3));
    app.club_deadline(Some(Deadline { at: time.now() + left, time: time.clone() }));
    app
}

fn text(app: &App, lang: Lang) -> String {
    render_in(app, lang).backend().to_string()
}

/// The panel's line of `colour`'s clock, in English: the first of its lines naming the side.
fn clock_line(app: &App, colour: &str) -> String {
    let screen = text(app, Lang::En);
    let panel = screen.lines().filter_map(|line| line.split('│').nth(1));
    let named = |part: &&str| part.trim_start_matches(['▶', ' ']).starts_with(colour);
    panel.map(str::trim).find(named).expect("a clock line").to_string()
}

#[test]
fn a_correspondence_game_at_each_language_counts_the_turn_down_to_its_deadline() {
    for lang in Lang::ALL {
        let time = Timepiece::fake();
        let app = member(link().join(Some(Colour::Blue)), &time, DAY * 2 + HOUR * 5 + MINUTE * 20);
        let mut screens = vec![text(&app, lang)];
        // Under a sixth of three days, twelve hours: short, and marked so.
        time.advance(DAY * 2 - HOUR * 7 + MINUTE * 20 + Duration::from_secs(1));
        screens.push(text(&app, lang));
        let name = format!("club_daily_{lang:?}_80x24").to_lowercase();
        insta::assert_snapshot!(name, screens.join("\n"));
    }
}

#[test]
fn the_time_left_turns_as_the_clubs_clock_moves_and_the_screen_is_woken_exactly_then() {
    let time = Timepiece::fake();
    let mut app = member(link().join(Some(Colour::Red)), &time, DAY * 2 + HOUR * 5 + MINUTE * 20);
    let screen = text(&app, Lang::En);
    assert!(screen.contains(" Game · 3d "), "the panel names the clock\n{screen}");
    assert!(clock_line(&app, "Blue").starts_with("▶ Blue") && clock_line(&app, "Blue").ends_with("2d 5h"));
    assert!(clock_line(&app, "Red").ends_with("3d 0h"), "the whole allowance waits for Red");
    let nano = Duration::from_nanos(1);
    assert_eq!(app.timer(), Some(time.now() + MINUTE * 20 + nano), "the next hour's turn");
    time.advance(MINUTE * 20);
    assert!(clock_line(&app, "Blue").ends_with("2d 5h"), "not a moment early");
    time.advance(nano);
    assert!(clock_line(&app, "Blue").ends_with("2d 4h"));
    assert_eq!(app.timer(), Some(time.now() + HOUR));
    // Into the last sixth: the warning colour and a mark, for a terminal without colours.
    time.advance(DAY * 2 - HOUR * 7);
    assert_eq!(clock_line(&app, "Blue"), "▶ Blue   11h 59m !");
    let terminal = render(&app);
    let screen = terminal.backend().to_string();
    let y = screen.lines().position(|line| line.contains("11h 59m")).unwrap();
    let x = screen.lines().nth(y).unwrap().split("11h 59m").next().unwrap().chars().count();
    assert_eq!(terminal.backend().buffer()[(x as u16, y as u16)].fg, Theme::DEFAULT.warning.fg.unwrap());
    // The last hour, a second at a time.
    time.advance(HOUR * 11 + MINUTE * 58 + Duration::from_millis(500));
    assert!(clock_line(&app, "Blue").ends_with("1:59 !"), "{}", clock_line(&app, "Blue"));
    assert_eq!(app.timer(), Some(time.now() + Duration::from_millis(500)), "just past the second");
    // Past the deadline no flag falls here: the club ends the game, and nothing wakes.
    time.advance(HOUR);
    app.handle(Event::Timer);
    assert!(clock_line(&app, "Blue").ends_with("0:00 !"));
    assert_eq!(app.timer(), None);
    let game = app.screen.game().unwrap();
    assert_eq!(crate::each_game!(game, game => game.table.end()), None, "the club's to end");
}

#[test]
fn a_new_deadline_after_the_turn_counts_for_the_other_side_and_none_clears_it() {
    let time = Timepiece::fake();
    let link = link();
    let mut blue = member(link.join(Some(Colour::Blue)), &time, HOUR * 3);
    assert!(clock_line(&blue, "Blue").ends_with("3h 0m !"), "{}", clock_line(&blue, "Blue"));
    click(&mut blue, "E3");
    // The club keeps the turn and gives Red the whole three days.
    blue.club_deadline(Some(Deadline { at: time.now() + DAY * 3, time: time.clone() }));
    assert!(clock_line(&blue, "Red").starts_with("▶ Red") && clock_line(&blue, "Red").ends_with("3d 0h"));
    assert!(clock_line(&blue, "Blue").ends_with("3d 0h") && !clock_line(&blue, "Blue").starts_with('▶'));
    blue.club_deadline(None);
    let screen = text(&blue, Lang::En);
    assert!(!screen.contains("3d 0h") && screen.contains(" Game · 3d "), "{screen}");
    assert_eq!(blue.timer(), None);
}
