//! The clocks: time controls, flags, pauses, and the clocks at a game and on the screen.

mod app;
mod clocks;
mod player;
mod shared;

use super::*;

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

#[test]
fn the_running_clock_counts_down_on_a_fake_timepiece_and_the_other_waits() {
    let time = Timepiece::fake();
    let control = TimeControl { base: secs(60), increment: secs(2) };
    let mut clock = Clock::new(control, time.clone());
    assert_eq!(clock.next_change(), None, "a stopped clock wants no wake-up");
    clock.start(Colour::Blue);
    time.advance(Duration::from_millis(5_300));
    assert_eq!(clock.left(Colour::Blue), Duration::from_millis(54_700));
    assert_eq!(clock.left(Colour::Red), secs(60), "the other clock waits");
    assert_eq!(clock.under_way(), Duration::from_millis(5_300));
    assert_eq!(clock.turn_played(Colour::Blue), Duration::from_millis(5_300));
    assert_eq!(clock.left(Colour::Blue), Duration::from_millis(56_700), "plus the increment");
    assert_eq!(clock.running(), None);
    clock.start(Colour::Red);
    time.advance(secs(1));
    clock.stop();
    time.advance(secs(100));
    assert_eq!(clock.left(Colour::Red), secs(59), "a stopped clock stops");
    clock.start(Colour::Red);
    time.advance(secs(2));
    assert_eq!(clock.turn_played(Colour::Red), secs(3), "both runs of the turn count");
    assert_eq!(clock.stops(), 3);
}

#[test]
fn the_flag_falls_at_nothing_left_and_never_below() {
    let time = Timepiece::fake();
    let mut clock = Clock::new(TimeControl { base: secs(12), increment: secs(0) }, time.clone());
    clock.start(Colour::Blue);
    time.advance(Duration::from_millis(11_999));
    assert_eq!(clock.fallen(), None);
    time.advance(Duration::from_millis(1));
    assert_eq!(clock.fallen(), Some(Colour::Blue));
    time.advance(secs(5));
    assert_eq!(clock.left(Colour::Blue), Duration::ZERO);
    assert_eq!(clock.under_way(), secs(12), "no more is spent than there was");
    assert_eq!(clock.next_change(), Some(time.now()), "due at once");
}

#[test]
fn figures_round_down_and_the_next_change_is_a_second_or_a_tenth_away() {
    let ms = Duration::from_millis;
    assert_eq!(shown(secs(60)), "1:00");
    assert_eq!(shown(ms(59_999)), "0:59");
    assert_eq!(shown(ms(10_000)), "0:10");
    assert_eq!(shown(ms(9_999)), "0:09.9");
    assert_eq!(shown(ms(9_400)), "0:09.4");
    assert_eq!(shown(ms(50)), "0:00.0");
    assert_eq!(shown(secs(3 * 3600)), "180:00");
    assert_eq!(until_change(ms(59_400)), ms(400) + Duration::from_nanos(1));
    assert_eq!(until_change(ms(9_450)), ms(50) + Duration::from_nanos(1));
    assert_eq!(until_change(secs(60)), Duration::from_nanos(1));
    assert_eq!(until_change(ms(30)), ms(30), "the flag, not a tenth after it");
    // Woken at each change, the figure has changed every time: the count of wakes.
    let mut left = secs(15);
    let (mut wakes, mut last) = (0, shown(left));
    while !left.is_zero() {
        left -= until_change(left);
        wakes += 1;
        if !left.is_zero() {
            assert_ne!(shown(left), last, "woken for nothing at {left:?}");
        }
        last = shown(left);
    }
    // 0:14 to 0:10 one a second, 0:09.9 to 0:00.0 ten a second, then the flag.
    assert_eq!(wakes, 5 + 100 + 1);
}

#[test]
fn times_spent_write_to_the_millisecond_and_read_back() {
    let ms = Duration::from_millis;
    for (time, text) in [(ms(4_213), "4.213s"), (ms(4_200), "4.2s"), (secs(12), "12s"), (ms(7), "0.007s")] {
        assert_eq!(seconds(time), text);
        assert_eq!(read_seconds(text), Some(time));
    }
    assert_eq!(read_seconds("4.2"), None, "the unit is written");
    for bad in ["", "s", ".5s", "4.s", "4.2222s", "-1s", "1e3s", "999999999s", "4,2s"] {
        assert_eq!(read_seconds(bad), None, "{bad:?}");
    }
    assert_eq!(spent(ms(4_250)), "4.3s", "to the nearest tenth");
    assert_eq!(spent(ms(4_240)), "4.2s");
    assert_eq!(spent(ms(1_999)), "2.0s", "a saved 1.999 s is 2.0, not 1.9");
    assert_eq!(spent(ms(59_960)), "1:00", "rounded up to a minute");
    assert_eq!(spent(secs(65)), "1:05");
}
