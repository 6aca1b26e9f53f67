//! The clocks as a player at one keyboard meets them, on a fake timepiece: a fallen flag
//! ends the game for good (looking back through it takes nothing back, Enter asks before a
//! new game), a pause hides the whole position, a box over the game stops the clocks, and
//! a finished game from the menu says where q goes.

use crate::app::event::Event as Wake;
use crate::app::{App, Overlay, Question};
use crate::clock::{TimeControl, Timepiece};
use crate::record::End;
use crate::rules::Colour;
use crate::testing::*;
use std::time::Duration;

/// A Clamber game from `position` at `control`, its clocks on a fake timepiece.
fn timed(position: &str, control: &str) -> (App, Timepiece) {
    let control = TimeControl::parse(control).unwrap();
    let mut app = clamber(position).with_clock(control);
    let time = Timepiece::fake();
    app.set_time(time.clone());
    app.handle(Wake::Timer);
    (app, time)
}

fn rows(app: &App) -> Vec<String> {
    let screen = render(app).backend().to_string();
    screen.lines().map(|row| row.trim_matches('"').trim_end().to_string()).collect()
}

/// Blue plays C3, Red D3, then Blue's flag falls.
fn flag_fallen() -> (App, Timepiece) {
    let (mut app, time) = timed("start", "12s+0");
    press(&mut app, &["Enter", "l", "Enter"]);
    time.advance(Duration::from_secs(13));
    app.handle(Wake::Timer);
    assert_eq!(game(&app).table.end(), Some(End::Time(Colour::Blue)));
    (app, time)
}

#[test]
fn after_a_flag_falls_u_looks_back_and_the_header_keeps_the_result() {
    let (mut app, _time) = flag_fallen();
    press(&mut app, &["u"]);
    assert_eq!(position(&app), "3/r/C3=b1", "a turn back, to look");
    assert_eq!(message(&app), "turn 1 of 2: Red to move", "nothing is said to be taken back");
    let screen = rows(&app);
    assert!(screen[0].contains("Blue's time is up: Red wins"), "the header: {}", screen[0]);
    press(&mut app, &["C-r"]);
    assert_eq!(message(&app), "turn 2 of 2: Blue's time is up: Red wins", "the end says how it ended");
    press(&mut app, &["Home"]);
    assert_eq!(message(&app), "turn 0 of 2: Blue to move");
    press(&mut app, &["End"]);
    assert_eq!(game(&app).table.end(), Some(End::Time(Colour::Blue)), "nothing was taken back");
}

#[test]
fn a_game_over_offers_enter_as_its_banner_does_and_enter_asks_before_a_new_game() {
    let (mut app, _time) = flag_fallen();
    let screen = rows(&app);
    let keys = screen.last().unwrap();
    assert!(keys.contains("Enter new game") && !keys.contains("Esc"), "{keys}");
    assert!(screen.iter().any(|row| row.contains("Enter new game · v review")), "the banner agrees");
    press(&mut app, &["Enter"]);
    assert_eq!(app.overlay, Some(Overlay::Ask(Question::Again)), "an Enter meant for the board asks");
    press(&mut app, &["n"]);
    assert_eq!(position(&app), "3/b/C3=b1,D3=r1", "no: the game stays");
    // Looked back into, the game is still over: Enter asks the same.
    press(&mut app, &["u", "Enter"]);
    assert_eq!(app.overlay, Some(Overlay::Ask(Question::Again)));
    press(&mut app, &["y"]);
    assert_eq!(position(&app), "3/b/-", "yes: a new game");
}

#[test]
fn a_game_won_from_the_menu_says_q_goes_to_the_menu_on_its_banner_too() {
    let mut app = clamber("3/b/C3=b2,D3=r1").opened_from_menu();
    press(&mut app, &["Enter", "l", "Enter"]);
    assert_eq!(game(&app).table.end(), Some(End::Won(Colour::Blue)));
    let screen = rows(&app);
    let banner = screen.iter().find(|row| row.contains("new game ·")).expect("the banner's keys");
    assert!(banner.contains("q menu") && !banner.contains("q quit"), "{banner}");
    assert!(screen.last().unwrap().contains("q menu"));
    press(&mut app, &["q"]);
    assert!(matches!(app.screen, crate::app::Screen::Menu(_)), "q goes to the menu");
}

#[test]
fn a_pause_hides_the_whole_position_and_its_key_line_offers_only_what_works() {
    let (mut app, _time) = timed("3/b/C4=r2", "5+3");
    press(&mut app, &["Enter", "p"]);
    assert!(game(&app).paused);
    let screen = rows(&app);
    let all = screen.join("\n");
    for hidden in ["C3:", "group", "Moves", "1. C3", "r2", "cursor"] {
        assert!(!all.contains(hidden), "{hidden} shows while paused\n{all}");
    }
    assert!(all.contains("Game · 5+3"), "the time control is named\n{all}");
    assert_eq!(screen.last().unwrap(), "p go on · ? keys · q quit");
    // The board's keys do nothing while paused; p goes on.
    press(&mut app, &["Enter", "u"]);
    assert_eq!(position(&app), "3/r/C3=b1,C4=r2");
    press(&mut app, &["?"]);
    assert_eq!(app.overlay, Some(Overlay::Help));
    press(&mut app, &["Esc", "p"]);
    assert!(!game(&app).paused);
    assert!(rows(&app).join("\n").contains("1. C3"));
}

#[test]
fn the_clocks_stop_under_a_box_at_one_keyboard() {
    let (mut app, time) = timed("start", "12s+0");
    press(&mut app, &["Enter"]);
    press(&mut app, &["q"]);
    assert_eq!(app.overlay, Some(Overlay::Ask(Question::Quit)));
    time.advance(Duration::from_secs(30));
    app.handle(Wake::Timer);
    assert_eq!(game(&app).table.end(), None, "no flag falls behind the question");
    press(&mut app, &["n"]);
    time.advance(Duration::from_secs(5));
    app.handle(Wake::Timer);
    let left = game(&app).table.read(|record| record.clock().unwrap().left(Colour::Red));
    assert_eq!(left, Duration::from_secs(7), "Red's clock ran again once the box closed");
}

#[test]
fn the_review_says_its_times_unit_rounds_them_and_names_the_time_control() {
    let (mut app, time) = timed("start", "12s+0");
    time.advance(Duration::from_millis(1_999));
    press(&mut app, &["Enter"]);
    time.advance(Duration::from_millis(940));
    press(&mut app, &["l", "Enter", "v"]);
    let screen = rows(&app).join("\n");
    assert!(screen.contains("Time per turn · longest 2.0s"), "{screen}");
    assert!(screen.contains("Review · level 4 · 12s+0"), "the time control is named\n{screen}");
    assert!(screen.contains("2.0s") && screen.contains("0.9s"), "each turn's time rounded\n{screen}");
    // Where the longer words do not fit, the shorter say it whole.
    let french = render_in(&app, crate::i18n::Lang::Fr).backend().to_string();
    assert!(french.contains("Tour le plus long : 2.0s"), "{french}");
}
