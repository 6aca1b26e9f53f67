//! The clocks as a player at one keyboard meets them, on a fake timepiece: a fallen flag
//! ends the game for good (looking back through it takes nothing back, Enter asks before a
//! new game), a pause hides the whole position, a box over the game stops the clocks, and
//! a finished game from the menu says where q goes.

mod common;

use common::*;
use hexstack::app::event::Event as Wake;
use hexstack::app::{App, Overlay, Question};
use hexstack::clock::{TimeControl, Timepiece};
use hexstack::record::End;
use hexstack::rules::Colour;
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
    let mut app = clamber("3/b/C3=b2,D3=r1").from_menu();
    press(&mut app, &["Enter", "l", "Enter"]);
    assert_eq!(game(&app).table.end(), Some(End::Won(Colour::Blue)));
    let screen = rows(&app);
    let banner = screen.iter().find(|row| row.contains("new game ·")).expect("the banner's keys");
    assert!(banner.contains("q menu") && !banner.contains("q quit"), "{banner}");
    assert!(screen.last().unwrap().contains("q menu"));
    press(&mut app, &["q"]);
    assert!(matches!(app.screen, hexstack::app::Screen::Menu(_)), "q goes to the menu");
}
