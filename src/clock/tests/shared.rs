//! Clocks at a shared game, as over SSH but without the network: the host's clock is the
//! game's only one, both screens show the same figures, the clocks wait until both players
//! came, and a guest who drops keeps losing time until their flag falls. A fake timepiece
//! moves the time: nothing here sleeps.

use crate::app::App;
use crate::app::Profile;
use crate::app::event::Event;
use crate::app::link::Link;
use crate::clock::{Clock, TimeControl, Timepiece};
use crate::record::{AnyRecord, AnyRecordExt, End};
use crate::rules::{AnyPosition, Colour, clamber};
use crate::testing::{AREA, game, render};
use std::sync::Arc;
use std::time::Duration;

/// A shared Clamber game on `control`, its clocks on a fake timepiece.
fn shared(control: &str) -> (Arc<Link>, Timepiece) {
    let time = Timepiece::fake();
    let clock = Clock::new(TimeControl::parse(control).unwrap().unwrap(), time.clone());
    let start: clamber::Position = "3/b/-".parse().unwrap();
    let record = crate::each_game!(map AnyRecord::new(AnyPosition::Clamber(start)), record => {
        record.with_clock(Some(clock.clone()))
    });
    (Link::new(record), time)
}

fn left(app: &App) -> (Duration, Duration) {
    game(app).table.read(|record| {
        let clock = record.clock().unwrap();
        (clock.left(Colour::Blue), clock.left(Colour::Red))
    })
}

/// The panel's two clock lines, as drawn.
fn clock_lines(app: &App) -> Vec<String> {
    let screen = render(app).backend().to_string();
    screen
        .lines()
        .filter(|line| line.contains("Blue  ") || line.contains("Red   "))
        .take(2)
        .map(|line| line.split('│').nth(1).unwrap_or_default().trim_end().to_string())
        .collect()
}

#[test]
fn the_clocks_wait_for_both_players_then_show_the_same_on_both_screens() {
    let (link, time) = shared("1+0");
    let mut host = App::shared(Profile::default(), link.sit(Colour::Blue, false), AREA);
    host.handle(Event::Timer);
    time.advance(Duration::from_secs(30));
    host.handle(Event::Timer);
    assert_eq!(left(&host).0, Duration::from_secs(60), "nobody to play: Blue's clock waits");
    assert_eq!(host.timer(), None, "and nothing wakes the host's loop for it");
    let mut guest = App::shared(Profile::default(), link.sit_guest(), AREA);
    guest.handle(Event::Shared { played: false });
    host.handle(Event::Shared { played: false });
    time.advance(Duration::from_millis(7_300));
    let lines = clock_lines(&host);
    assert_eq!(lines, ["▶ Blue      0:52", "  Red       1:00"]);
    assert_eq!(clock_lines(&guest), lines, "the guest sees the host's figures");
}

#[test]
fn a_guest_who_drops_keeps_losing_time_and_loses_on_it() {
    let (link, time) = shared("12s+0");
    let mut host = App::shared(Profile::default(), link.sit(Colour::Blue, false), AREA);
    let mut guest = App::shared(Profile::default(), link.sit_guest(), AREA);
    host.handle(Event::Shared { played: false });
    time.advance(Duration::from_secs(2));
    crate::testing::click(&mut host, "C3");
    guest.handle(Event::Shared { played: true });
    assert_eq!(game(&guest).table.read(|record| record.clock().unwrap().running()), Some(Colour::Red));
    // Red's terminal goes: the seat is free, the clock runs on.
    drop(guest);
    host.handle(Event::Shared { played: false });
    assert!(!link.present(Colour::Red));
    time.advance(Duration::from_secs(11));
    host.handle(Event::Timer);
    assert_eq!(left(&host), (Duration::from_secs(10), Duration::from_secs(1)));
    assert!(host.timer().is_some(), "the host's loop is woken for the guest's clock");
    time.advance(Duration::from_secs(1));
    host.handle(Event::Timer);
    assert_eq!(game(&host).table.end(), Some(End::Time(Colour::Red)));
    assert!(
        crate::testing::message(&host).contains("Red's time is up: Blue wins"),
        "{}",
        crate::testing::message(&host)
    );
    // Nothing to take back: the game stays lost on time.
    crate::testing::press(&mut host, &["u"]);
    assert_eq!(game(&host).table.end(), Some(End::Time(Colour::Red)));
    assert_eq!(host.overlay, None, "nobody is asked");
}
