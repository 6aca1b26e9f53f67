//! Solving puzzles on the board, driven by keys and clicks alone: the right line solved,
//! a wrong turn refuted, a hint costing the puzzle, the rating moving and kept; and the
//! screen drawn at 80x24 in the three languages.

use crate::app::Profile;
use crate::app::event::Event as Wake;
use crate::app::puzzle::{PuzzleScreen, View};
use crate::app::solving::Stage;
use crate::app::{App, Screen};
use crate::autosave::Autosave;
use crate::i18n::Lang;
use crate::puzzles::files::{kept_history, load_history};
use crate::puzzles::history::History;
use crate::puzzles::{Puzzle, read_set};
use crate::rules::hex::Cell;
use crate::testing::{AREA, key_event, press, render_in};
use ratatui::crossterm::event::{Event, KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use std::path::Path;

const SET: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/puzzles.tsv"));

fn puzzles() -> Vec<Puzzle> {
    read_set(SET).unwrap()
}

/// The puzzle screen on `set`, its history kept in `dir`, the opponent answering a moment
/// after the player's turn, as a player sees it.
fn waiting_on(set: Vec<Puzzle>, dir: &Path) -> App {
    App::puzzles(
        Profile::default(),
        set,
        Default::default(),
        kept_history(Some(dir.join("history.txt"))),
        AREA,
    )
}

/// The same, the opponent answering at once.
fn app_on(set: Vec<Puzzle>, dir: &Path) -> App {
    let mut app = waiting_on(set, dir);
    if let Screen::Puzzle(screen) = &mut app.screen {
        screen.answer_at_once();
    }
    app
}

/// The history in `dir`'s file once the app's ask to write it is done, as the terminal's
/// loop does after each event.
fn written(app: &mut App, dir: &Path) -> History {
    if let Some(request) = app.request.take() {
        let mut autosave = Autosave::new(None, app);
        crate::terminal::serve(request, app, &mut autosave);
    }
    load_history(&dir.join("history.txt"))
}

/// The puzzle screen on the test set, its history kept in `dir`.
fn app(dir: &Path) -> App {
    app_on(puzzles(), dir)
}

fn screen(app: &App) -> &PuzzleScreen {
    match &app.screen {
        Screen::Puzzle(screen) => screen,
        _ => panic!("not the puzzle screen"),
    }
}

fn current_id(app: &App) -> String {
    let screen = screen(app);
    screen.puzzles[screen.current.unwrap()].id.clone()
}

fn stage(app: &App) -> Stage {
    screen(app).stage().unwrap()
}

/// Clicks on `cell` of the board on screen.
fn click(app: &mut App, cell: &str) {
    let layout = screen(app).layout(app.area).expect("the board fits");
    let (column, row) = layout.board.centre(cell.parse::<Cell>().unwrap());
    for kind in [MouseEventKind::Down(MouseButton::Left), MouseEventKind::Up(MouseButton::Left)] {
        let mouse = MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE };
        app.handle(Wake::Input(Event::Mouse(mouse)));
    }
}

fn text(app: &App, lang: Lang) -> String {
    render_in(app, lang).backend().to_string()
}

#[test]
fn the_first_puzzle_is_the_nearest_to_a_new_players_rating() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path());
    assert_eq!(current_id(&app), "t-c2", "1600 is nearest 1500");
    assert_eq!(stage(&app), Stage::Solving);
}

#[test]
fn the_right_line_is_solved_and_the_rating_rises_and_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    click(&mut app, "A1");
    click(&mut app, "A2");
    assert_eq!(stage(&app), Stage::Solving, "the opponent answered: one more turn to find");
    assert!(text(&app, Lang::En).contains("Red answers C4"), "{}", text(&app, Lang::En));
    click(&mut app, "B2");
    click(&mut app, "C3");
    assert_eq!(stage(&app), Stage::Solved);
    let rating = screen(&app).rating().rating;
    assert!(rating > 1500.0, "solving raises the rating: {rating}");
    let kept = written(&mut app, dir.path());
    assert_eq!(kept.attempts().count(), 1);
    assert!(kept.attempts().next().unwrap().solved);
    assert_eq!(kept.rating().rating, rating, "the rating read back is the one shown");
    // Enter goes on to the next puzzle, never the one solved.
    press(&mut app, &["Enter"]);
    assert_ne!(current_id(&app), "t-c2");
    assert_eq!(stage(&app), Stage::Solving);
}

#[test]
fn the_reply_shows_a_moment_after_the_right_turn_as_the_computers_turn() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = waiting_on(puzzles(), dir.path());
    click(&mut app, "A1");
    click(&mut app, "A2");
    let said = text(&app, Lang::En);
    assert!(said.contains("Right: A1xA2. Red answers…"), "the player's turn shows first\n{said}");
    assert!(app.timer().is_some(), "the loop is woken for the reply");
    // A key before the reply is due plays the reply first.
    press(&mut app, &["l"]);
    assert!(text(&app, Lang::En).contains("Red answers C4"), "{}", text(&app, Lang::En));
    assert_eq!(app.timer(), None);
}

#[test]
fn a_wrong_turn_is_refuted_and_the_solution_can_be_stepped_through() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    // Placing on C4 wins nothing: the computer answers it.
    click(&mut app, "C4");
    assert_eq!(stage(&app), Stage::Refuted);
    let said = text(&app, Lang::En);
    assert!(said.contains("Not C4") && said.contains("Red answers"), "{said}");
    assert!(said.contains("Failed"), "{said}");
    assert!(screen(&app).rating().rating < 1500.0, "failing lowers the rating");
    // Then the solution, a turn at a time.
    press(&mut app, &["]"]);
    assert!(text(&app, Lang::En).contains("Solution, turn 1 of 3: A1xA2"), "{}", text(&app, Lang::En));
    press(&mut app, &["]", "]", "]"]);
    assert!(text(&app, Lang::En).contains("turn 3 of 3: B2xC3"));
    press(&mut app, &["["]);
    assert!(text(&app, Lang::En).contains("turn 2 of 3: C4"));
    // Again, from its start: solved now, but not rated a second time.
    let failed = screen(&app).rating().rating;
    press(&mut app, &["r"]);
    assert_eq!(stage(&app), Stage::Solving);
    for cell in ["A1", "A2", "B2", "C3"] {
        click(&mut app, cell);
    }
    assert!(text(&app, Lang::En).contains("already rated"), "{}", text(&app, Lang::En));
    assert_eq!(screen(&app).rating().rating, failed);
}

#[test]
fn a_hint_shows_where_the_turn_starts_and_costs_the_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    press(&mut app, &["t"]);
    assert!(text(&app, Lang::En).contains("the turn starts at A1"));
    let kept = written(&mut app, dir.path());
    assert!(!kept.attempts().next().expect("the hint is kept as an attempt").solved);
    let after_hint = screen(&app).rating().rating;
    assert!(after_hint < 1500.0);
    // Solving it after is shown, but neither rated nor kept again.
    click(&mut app, "A1");
    click(&mut app, "A2");
    click(&mut app, "B2");
    click(&mut app, "C3");
    assert_eq!(stage(&app), Stage::Solved);
    assert_eq!(screen(&app).rating().rating, after_hint);
    assert_eq!(written(&mut app, dir.path()).attempts().count(), 1);
}

#[test]
fn a_streak_ends_at_the_first_mistake_and_its_best_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    press(&mut app, &["s"]);
    // The easiest first: from 400 under the rating, in rising order.
    assert_eq!(current_id(&app), "t-c1");
    click(&mut app, "A1");
    click(&mut app, "B1");
    assert_eq!(stage(&app), Stage::Solved);
    press(&mut app, &["Enter"]);
    assert_eq!(current_id(&app), "t-o1", "the next harder one");
    press(&mut app, &["Tab"]);
    assert_eq!(current_id(&app), "t-o1", "a streak's puzzle is not skipped");
    assert!(text(&app, Lang::En).contains("Finish this puzzle first"));
    press(&mut app, &["t"]);
    assert!(screen(&app).streak.is_none(), "a hint ends the streak");
    assert_eq!(written(&mut app, dir.path()).best_streak(), 1);
}

#[test]
fn the_history_view_opens_from_the_puzzle_screen_and_closes() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    press(&mut app, &["t", "v"]);
    assert_eq!(screen(&app).view, View::History);
    let said = text(&app, Lang::En);
    assert!(said.contains("Solved 0 · failed 1"), "{said}");
    app.handle(Wake::Input(key_event(KeyCode::Esc, KeyModifiers::NONE)));
    assert_eq!(screen(&app).view, View::Board);
}

#[test]
fn a_bad_history_line_is_skipped_and_the_screen_opens() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("history.txt");
    std::fs::write(&path, "2026-12-03 15:00 UTC\tt-c1\tsolved\t1600.00\t200.00\t0.060000\n\u{0}garbage\tx\n")
        .unwrap();
    let app = app(dir.path());
    assert_eq!(screen(&app).rating().shown(), 1600);
    assert_eq!(current_id(&app), "t-c2", "t-c1 was solved: not offered again");
}

#[test]
fn the_puzzle_screen_at_80x24() {
    let dir = tempfile::tempdir().unwrap();
    for lang in Lang::ALL {
        let name = format!("{lang:?}").to_lowercase();
        let mut start = app(dir.path().join(&name).as_path());
        insta::assert_snapshot!(format!("puzzle_start_{name}"), text(&start, lang));
        click(&mut start, "C4");
        insta::assert_snapshot!(format!("puzzle_wrong_{name}"), text(&start, lang));
        let mut solved = app(dir.path().join(format!("{name}-solved")).as_path());
        for cell in ["A1", "A2", "B2", "C3"] {
            click(&mut solved, cell);
        }
        insta::assert_snapshot!(format!("puzzle_solved_{name}"), text(&solved, lang));
    }
}

#[test]
fn the_help_lists_the_puzzle_keys() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    press(&mut app, &["?"]);
    let said = text(&app, Lang::En);
    for words in ["the next puzzle", "this puzzle again", "a streak", "your history", "hint"] {
        assert!(said.contains(words), "{words} missing from\n{said}");
    }
}

#[test]
fn an_ombagui_puzzle_is_solved_with_clicks_and_its_last_turn_may_be_any_win() {
    let dir = tempfile::tempdir().unwrap();
    let set: Vec<Puzzle> = puzzles().into_iter().filter(|puzzle| puzzle.id.starts_with("t-o")).collect();
    let mut app = app_on(set, dir.path());
    assert_eq!(current_id(&app), "t-o1", "1350 and 1650 are as near 1500: the first");
    press(&mut app, &["Tab"]);
    for cell in ["D2", "D1"] {
        click(&mut app, cell);
    }
    assert!(text(&app, Lang::En).contains("Red answers C4-E6"), "{}", text(&app, Lang::En));
    for cell in ["C3", "A1"] {
        click(&mut app, cell);
    }
    assert_eq!(stage(&app), Stage::Solved, "{}", text(&app, Lang::En));
}

#[test]
fn the_history_view_charts_the_rating_at_80x24() {
    let dir = tempfile::tempdir().unwrap();
    let lines: String = [("t-c1", "solved", 1620.5), ("t-o1", "failed", 1580.25), ("t-c2", "solved", 1650.0)]
        .iter()
        .enumerate()
        .map(|(n, (id, result, rating))| {
            format!("2026-12-03 15:0{n} UTC\t{id}\t{result}\t{rating}\t180\t0.06\n")
        })
        .collect();
    std::fs::write(dir.path().join("history.txt"), format!("{lines}2026-12-03 15:09 UTC\t-\tstreak\t2\n"))
        .unwrap();
    let mut app = app(dir.path());
    press(&mut app, &["v"]);
    for lang in Lang::ALL {
        let name = format!("{lang:?}").to_lowercase();
        insta::assert_snapshot!(format!("puzzle_history_{name}"), text(&app, lang));
    }
}

#[test]
fn a_terminal_too_small_for_the_board_says_so_and_plays_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = waiting_on(puzzles(), dir.path());
    app.handle(Wake::Input(Event::Resize(40, 12)));
    assert!(text(&app, Lang::En).contains("too small"), "{}", text(&app, Lang::En));
    press(&mut app, &["t"]);
    assert!(!dir.path().join("history.txt").exists(), "no hint taken blind");
}
