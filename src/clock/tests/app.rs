//! Clocks on the game screen, driven by a fake timepiece: the mover's clock runs and the
//! other waits, the flag falls on time and says so, undo asks and gives no time back, the
//! loop is woken only when a figure changes, and a game quit mid-turn resumes with the time
//! it had. Nothing here sleeps.

use crate::app::Profile;
use crate::app::event::Event as Wake;
use crate::app::{App, Overlay, Question};
use crate::autosave::Autosave;
use crate::clock::{TimeControl, Timepiece};
use crate::record::End;
use crate::rules::Colour;
use crate::testing::*;
use ratatui::crossterm::event::{Event, KeyCode, KeyModifiers};
use std::time::Duration;

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// A Clamber game at `control`, its clocks on a fake timepiece, Blue's running.
fn timed(control: &str) -> (App, Timepiece) {
    let control = TimeControl::parse(control).unwrap();
    let mut app = clamber("start").with_clock(control);
    let time = Timepiece::fake();
    app.set_time(time.clone());
    app.handle(Wake::Timer);
    (app, time)
}

/// Both clocks' time left now: Blue's, Red's.
fn left(app: &App) -> (Duration, Duration) {
    game(app).table.read(|record| {
        let clock = record.clock().expect("a game on time");
        (clock.left(Colour::Blue), clock.left(Colour::Red))
    })
}

fn running(app: &App) -> Option<Colour> {
    game(app).table.read(|record| record.clock().and_then(|clock| clock.running()))
}

#[test]
fn the_movers_clock_runs_the_other_waits_and_the_flag_falls_after_twelve_seconds() {
    let (mut app, time) = timed("12s+0");
    assert_eq!(running(&app), Some(Colour::Blue), "Blue's clock runs from the start");
    time.advance(secs(3));
    press(&mut app, &["Enter"]);
    assert_eq!(position(&app), "3/r/C3=b1");
    assert_eq!(running(&app), Some(Colour::Red));
    time.advance(ms(11_900));
    app.handle(Wake::Timer);
    assert_eq!(left(&app), (secs(9), ms(100)), "Blue's waits at what it had");
    assert_eq!(game(&app).table.end(), None);
    time.advance(ms(100));
    app.handle(Wake::Timer);
    assert_eq!(game(&app).table.end(), Some(End::Time(Colour::Red)));
    assert_eq!(message(&app), "Red's time is up: Blue wins");
    assert_eq!(running(&app), None, "the clocks stop with the game");
    assert_eq!(app.timer(), None, "nothing left to wake the loop for");
    // Looking back through it is allowed; playing on from there is not.
    press(&mut app, &["u"]);
    assert_eq!(position(&app), "3/b/-");
    press(&mut app, &["Enter"]);
    assert_eq!(app.overlay, Some(Overlay::Ask(Question::Again)), "Enter offers a new game instead");
    press(&mut app, &["Esc"]);
    assert_eq!(position(&app), "3/b/-");
}

#[test]
fn a_turn_played_after_the_flag_fell_is_refused() {
    let (mut app, time) = timed("12s+0");
    // The key comes before the loop heard of the flag: the turn is too late all the same.
    time.advance(secs(13));
    press(&mut app, &["Enter"]);
    assert_eq!(position(&app), "3/b/-");
    assert_eq!(game(&app).table.end(), Some(End::Time(Colour::Blue)));
    assert_eq!(message(&app), "Blue's time is up: Red wins");
}

#[test]
fn undo_on_time_asks_first_and_gives_no_time_back() {
    let (mut app, time) = timed("1+0");
    time.advance(secs(4));
    press(&mut app, &["Enter"]);
    time.advance(secs(6));
    press(&mut app, &["u"]);
    assert_eq!(app.overlay, Some(Overlay::Ask(Question::UndoOnTime)));
    assert_eq!(left(&app), (secs(56), secs(54)), "the clock runs while asked");
    press(&mut app, &["y"]);
    assert_eq!(position(&app), "3/b/-");
    assert_eq!(left(&app), (secs(56), secs(54)), "no time back");
    assert_eq!(running(&app), Some(Colour::Blue));
    assert!(!game(&app).table.can_redo(), "a take-back on time is final");
    press(&mut app, &["Home"]);
    assert!(message(&app).contains("clocks run"), "no stepping through a game on time");
}

#[test]
fn the_loop_is_woken_only_when_a_figure_changes() {
    // No clock, no wake-up: an idle game sleeps until something happens.
    let mut untimed = clamber("start");
    untimed.handle(Wake::Timer);
    assert_eq!(untimed.timer(), None);
    // A running clock: woken for each figure, one a second down to 10 s, then each tenth.
    let (mut app, time) = timed("1+0");
    let (mut wakes, mut per_second) = (0, std::collections::BTreeMap::new());
    let start = time.now();
    while let Some(due) = app.timer() {
        time.advance(due.saturating_duration_since(time.now()));
        app.handle(Wake::Timer);
        wakes += 1;
        *per_second.entry(time.now().duration_since(start).as_secs()).or_insert(0) += 1;
        assert!(wakes < 1000, "a clock that never falls");
    }
    assert_eq!(game(&app).table.end(), Some(End::Time(Colour::Blue)));
    // 0:59 to 0:10, then 0:09.9 to 0:00.0, then the flag.
    assert_eq!(wakes, 50 + 100 + 1);
    assert!(per_second.range(..50).all(|(_, &count)| count == 1), "{per_second:?}");
    assert!(per_second.range(50..).all(|(_, &count)| count <= 11), "{per_second:?}");
}

#[test]
fn a_game_quit_after_five_seconds_resumes_at_fifty_five_and_sixty() {
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path().to_path_buf();
    let (mut app, time) = timed("1+0");
    let mut autosave = Autosave::new(Some(dir.clone()), &mut app);
    time.advance(secs(5));
    // The turn and the wait happen as the loop runs: it is started for the quitting only
    // (its end is a closed terminal, which stops the clocks too).
    press(&mut app, &["Enter"]);
    time.advance(ms(2_500));
    let key = |c| key_event(KeyCode::Char(c), KeyModifiers::NONE);
    let events: Vec<Event> = vec![key('q'), key('y')];
    run_loop(&mut app, &mut autosave, events);
    assert!(app.quit);
    let (saved, path) = crate::store::resume(Some(&dir)).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\nclock: 1+0\nleft: blue 55s, red 57.5s, under way 2.5s\n"), "{text}");
    assert!(text.contains("\nBlue C3 5s\n"), "{text}");
    // Resumed: the clocks were stopped while the program was closed.
    let mut resumed = App::opened(Profile::default(), saved, path, AREA);
    let later = Timepiece::fake();
    resumed.set_time(later.clone());
    resumed.handle(Wake::Timer);
    later.advance(secs(30));
    assert_eq!(left(&resumed), (secs(55), ms(27_500)), "Red's clock goes on from where it was");
    assert_eq!(running(&resumed), Some(Colour::Red));
}

#[test]
fn a_game_left_for_the_menu_is_kept_with_the_time_its_clock_ran() {
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path().to_path_buf();
    let (mut app, time) = timed("1+0");
    let mut autosave = Autosave::new(Some(dir.clone()), &mut app);
    let key = |c| key_event(KeyCode::Char(c), KeyModifiers::NONE);
    press(&mut app, &["Enter"]);
    time.advance(secs(8));
    run_loop(&mut app, &mut autosave, vec![key('m'), key('y')]);
    assert!(app.screen.game().is_none(), "on the menu");
    let (saved, _) = crate::store::resume(Some(&dir)).unwrap();
    let clock = crate::each_game!(&saved.game, record => record.clock().unwrap().kept());
    assert_eq!(clock, ([secs(60), secs(52)], secs(8)));
}

#[test]
fn a_review_shows_each_turns_time_beside_it_and_a_chart_of_them() {
    let (mut app, time) = timed("5+0");
    time.advance(ms(4_250));
    press(&mut app, &["Enter"]);
    time.advance(secs(71));
    press(&mut app, &["l", "Enter"]);
    let mut app = app.reviewing(Some(crate::ai::Level::ALL[0]), crate::app::Leave::Game);
    let screen = render(&app).backend().to_string();
    assert!(screen.contains("Time per turn · longest 1:11"), "{screen}");
    let line = |turn: &str| screen.lines().find(|line| line.contains(turn)).unwrap_or_default().to_string();
    assert!(line("1 B C3").contains("  4.3s│"), "to the nearest tenth, with its unit: {screen}");
    assert!(line("2 R D3").contains(" 1:11│"), "{screen}");
    assert!(screen.contains('█'), "the longest turn's bar is full: {screen}");
    press(&mut app, &["q"]);
    assert!(app.screen.game().is_some());
}

#[test]
fn the_panel_shows_both_clocks_the_running_one_marked_and_a_short_one_warned() {
    let (mut app, time) = timed("1+0");
    time.advance(ms(5_300));
    let screen = render(&app).backend().to_string();
    assert!(screen.contains("▶ Blue      0:54"), "{screen}");
    assert!(screen.contains("  Red       1:00"), "{screen}");
    press(&mut app, &["Enter"]);
    time.advance(ms(50_600));
    let screen = render(&app).backend().to_string();
    assert!(screen.contains("  Blue      0:54"), "{screen}");
    assert!(screen.contains("▶ Red     0:09.4 !"), "under 20 s a mark, whatever the colours: {screen}");
    // Paused, the board is hidden and neither clock runs.
    press(&mut app, &["p"]);
    time.advance(secs(30));
    let screen = render(&app).backend().to_string();
    assert!(screen.contains("‖ Red     0:09.4 !"), "{screen}");
    assert!(screen.contains("Paused"), "{screen}");
    let board = render(&app);
    let board = board.backend().buffer();
    let mut cells = (2..20).flat_map(|y| (0..48).map(move |x| (x, y)));
    assert!(cells.all(|(x, y)| board[(x, y)].symbol() != "·"), "no cell of the board shows: {screen}");
    press(&mut app, &["Enter"]);
    assert_eq!(position(&app), "3/r/C3=b1", "no turn while paused");
    press(&mut app, &["p"]);
    time.advance(ms(400));
    assert_eq!(left(&app).1, ms(9_000));
}

#[test]
fn the_setup_offers_clocks_and_the_game_starts_on_the_one_chosen() {
    use crate::app::menu::Entry;
    let mut app = App::new(Profile::default(), AREA);
    let computer = number(Entry::Computer);
    press(&mut app, &[&computer, "Enter", "Down", "Down", "Down", "Right", "Right"]);
    let screen = render(&app).backend().to_string();
    assert!(screen.contains("Clock   ◀ 3+0 (minutes + seconds a turn) ▶"), "{screen}");
    press(&mut app, &["Left", "Left", "Left"]);
    assert!(render(&app).backend().to_string().contains("◀ 30+0"), "round from none to the last");
    press(&mut app, &["Right", "Right", "Enter"]);
    let control = game(&app).time_control();
    assert_eq!(control, TimeControl::parse("1+0").unwrap(), "the game is on the clock chosen");
    assert!(game(&app).computer().is_some());
}

#[test]
fn a_game_on_time_quit_before_its_first_turn_is_kept_with_the_time_spent() {
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path().to_path_buf();
    let (mut app, time) = timed("1+0");
    let mut autosave = Autosave::new(Some(dir.clone()), &mut app);
    time.advance(secs(5));
    let key = |c| key_event(KeyCode::Char(c), KeyModifiers::NONE);
    run_loop(&mut app, &mut autosave, vec![key('l')]);
    assert!(crate::store::resume(Some(&dir)).is_ok(), "the time spent is worth a file");
    let (saved, path) = crate::store::resume(Some(&dir)).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\nleft: blue 55s, red 60s, under way 5s\n"), "{text}");
    let mut resumed = App::opened(Profile::default(), saved, path, AREA);
    resumed.set_time(Timepiece::fake());
    resumed.handle(Wake::Timer);
    assert_eq!(left(&resumed), (secs(55), secs(60)));
    assert_eq!(running(&resumed), Some(Colour::Blue));
    // Without a clock nothing is kept before the first turn, as ever.
    let mut untimed = clamber("start");
    let mut autosave = Autosave::new(Some(dir.join("untimed")), &mut untimed);
    run_loop(&mut untimed, &mut autosave, vec![key('l')]);
    assert!(!dir.join("untimed").exists());
}
