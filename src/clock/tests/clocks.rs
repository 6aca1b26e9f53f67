//! Clocks kept with a game: the time control, the time left and each turn's time read back
//! as written, a fallen flag kept as the result; files without clocks load as before. Time
//! comes from a fake timepiece moved by hand: nothing here sleeps.

use crate::clock::{Clock, TimeControl, Timepiece};
use crate::record::{End, Players, Record};
use crate::rules::{Any, Colour, clamber};
use crate::saved::{read, write};
use std::time::Duration;

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// A Clamber game at `control` on a fake timepiece, its clocks running.
fn timed(control: &str) -> (Record<clamber::Position>, Timepiece) {
    let time = Timepiece::fake();
    let control = TimeControl::parse(control).unwrap().unwrap();
    let start = clamber::Position::start(crate::rules::hex::Board::SIDE_3);
    let mut record = Record::new(start).with_clock(Some(Clock::new(control, time.clone())));
    record.keep_time(false);
    (record, time)
}

fn play(record: &mut Record<clamber::Position>, turn: &str) {
    record.play(&turn.parse().unwrap()).unwrap();
}

fn loaded(text: &str) -> Record<clamber::Position> {
    match read(text).unwrap_or_else(|error| panic!("{error}: {text}")).game {
        Any::Clamber(record) => record,
        _ => panic!("a Clamber game"),
    }
}

#[test]
fn a_timed_game_keeps_its_control_its_time_left_and_each_turns_time() {
    let (mut record, time) = timed("1+2");
    time.advance(ms(4_213));
    play(&mut record, "C3");
    time.advance(secs(7));
    play(&mut record, "D3");
    time.advance(ms(1_500));
    let text = write(&record, &Players::default(), "");
    assert_eq!(
        text,
        "hexstack saved game\ngame: clamber\nsize: 3\nclock: 1+2\nleft: blue 56.287s, red 55s, under way 1.5s\n\
         start: 3/b/-\nresult: ongoing\nat: 2 of 2\nturns:\nBlue C3 4.213s\nRed D3 7s\nend\n"
    );
    let mut back = loaded(&text);
    let clock = back.clock().expect("the clocks come back");
    assert_eq!(clock.control(), TimeControl { base: secs(60), increment: secs(2) });
    assert_eq!(clock.kept(), ([ms(56_287), secs(55)], ms(1_500)), "Blue's turn under way kept too");
    assert_eq!(clock.running(), None, "stopped while the program was closed");
    let spent: Vec<_> = back.history().iter().map(|ply| ply.spent).collect();
    assert_eq!(spent, [Some(ms(4_213)), Some(secs(7))]);
    // Played on, the turn under way counts what was spent on it before the file was closed.
    let later = Timepiece::fake();
    back.set_time(later.clone());
    back.keep_time(false);
    later.advance(secs(1));
    play(&mut back, "C2");
    assert_eq!(back.history()[2].spent, Some(ms(2_500)));
}

#[test]
fn a_fallen_flag_is_the_result_and_loads_as_the_end() {
    let (mut record, time) = timed("12s+0");
    time.advance(secs(2));
    play(&mut record, "C3");
    time.advance(secs(12));
    assert!(record.keep_time(false), "Red's flag fell");
    let text = write(&record, &Players::default(), "");
    assert!(text.contains("\nclock: 12s+0\nleft: blue 10s, red 0s\n"), "{text}");
    assert!(text.contains("\nresult: Blue won: time\n"), "{text}");
    let back = loaded(&text);
    assert_eq!(back.end(), Some(End::Time(Colour::Red)));
    // The flag falls on the player to move, and only in a game still going on.
    let wrong = text.replace("Blue won: time", "Red won: time");
    assert_eq!(read(&wrong).unwrap_err().to_string(), "line 7: only Red's flag could fall here");
    let over = text
        .replace("Blue C3 2s\n", "Blue C3 2s\nRed D3\nBlue C3xD3\n")
        .replace("result: Blue", "result: Red");
    assert!(read(&over).unwrap_err().to_string().contains("cannot also be lost on time"), "{over}");
}

#[test]
fn files_without_clocks_load_as_games_without_clocks() {
    let old =
        "hexstack saved game\ngame: clamber\nstart: start\nresult: ongoing\nturns:\nBlue C3\nRed D3\nend\n";
    let record = loaded(old);
    assert!(record.clock().is_none());
    assert_eq!(record.history()[0].spent, None);
    assert_eq!(
        write(&record, &Players::default(), "").lines().filter(|line| line.starts_with("clock")).count(),
        0
    );
    // `clock: none` is a game without clocks too.
    let none = old.replace("start: start", "clock: none\nstart: start");
    assert!(loaded(&none).clock().is_none());
}

#[test]
fn without_a_left_line_the_time_left_follows_from_the_turns() {
    let text = "hexstack saved game\ngame: clamber\nclock: 1+5\nstart: start\nturns:\nBlue C3 10s\nRed D3 3.5s\nBlue C2\nend\n";
    let record = loaded(text);
    // Blue: 60 + 2 x 5 - 10; Red: 60 + 5 - 3.5.
    assert_eq!(record.clock().unwrap().kept().0, [secs(60), ms(61_500)]);
}

#[test]
fn a_bad_clock_line_is_named_with_its_line() {
    let good = "hexstack saved game\ngame: clamber\nclock: 1+0\nleft: blue 5s, red 6s\nstart: start\nturns:\nBlue C3 1s\nend\n";
    assert!(loaded(good).clock().is_some());
    for (bad, error) in [
        (good.replace("1+0", "1+"), "line 3: the clock is M+S, Ns+S or none (as 5+3, 30s+2), not '1+'"),
        (good.replace("1+0", "999+0"), "line 3: the clock is M+S, Ns+S or none (as 5+3, 30s+2), not '999+0'"),
        (
            good.replace("red 6s", "red 6"),
            "line 4: the time left is 'blue TIME, red TIME' (each like 55.2s), not 'blue 5s, red 6'",
        ),
        (
            good.replace("C3 1s", "C3 1m"),
            "line 7: a turn's time is seconds to the millisecond, like 4.2s, not '1m'",
        ),
        (
            good.replace("C3 1s", "C3 1s 2s"),
            "line 7: a turn's time is seconds to the millisecond, like 4.2s, not '1s 2s'",
        ),
    ] {
        assert_eq!(read(&bad).unwrap_err().to_string(), error);
    }
}
