//! The game screen against the computer as a player meets it: the figure of who
//! is ahead after its turn, undo while it shows its turn, its game with itself waiting
//! behind a box, going back and playing on, a hint's look; driven by keys, no terminal.

use crate::app::Profile;
use crate::app::{App, Computer, Overlay, Question};
use crate::record::Side;
use crate::rules::Colour;
use crate::testing::*;
use std::time::Duration;

const PATIENCE: Duration = Duration::from_secs(20);

fn level(n: u8) -> crate::ai::Level {
    crate::ai::Level::new(n).unwrap()
}

/// How many turns the game on screen has played, and how many its line holds.
fn turns(app: &App) -> (usize, usize) {
    game(app).table.replay_position()
}

/// Moves the cursor to the last empty cell of the board, so that Enter places there (far
/// from the computer's first pieces, whose captures would end the game at once).
fn to_an_empty_cell(app: &mut App) {
    let position = game(app).table.position();
    let board = crate::rules::Game::board(&position);
    let empty = board.cells().filter(|&cell| position.stack(cell).is_none()).last().expect("an empty cell");
    hover(app, &empty.to_string());
}

/// The evaluation line of the game on screen, in English, if a figure shows.
fn figure(app: &App) -> Option<String> {
    game(app).standing().map(|text| said(app, &text))
}

/// Runs the app until the advisor has found its figure for the position on screen.
fn until_advised(app: &mut App, wakes: &crate::testing::Wakes) {
    let advised = |app: &App| game(app).advisor.advice(game(app).table.revision()).is_some();
    assert!(run_until(app, wakes, PATIENCE, advised), "the advisor answered");
}

#[test]
fn after_the_computers_turn_the_figure_is_the_one_its_position_has_after_undo_and_redo() {
    let wakes = awake();
    let mut app = clamber("4/b/-").with_computer(Some(Computer::playing(Colour::Red, level(2))));
    at_once(&mut app);
    press(&mut app, &["e"]);
    for _ in 0..3 {
        to_an_empty_cell(&mut app);
        press(&mut app, &["Enter"]);
        let before = game(&app).table.revision();
        let seen = std::cell::RefCell::new(Vec::new());
        // Every figure shown once the computer has played, until the position's own is known.
        let known = run_until(&mut app, &wakes, PATIENCE, |app| {
            let played = game(app).table.revision() != before && !game(app).computer_to_move();
            if played && let Some(shown) = figure(app) {
                seen.borrow_mut().push(shown);
            }
            played && game(app).advisor.advice(game(app).table.revision()).is_some()
        });
        assert!(known, "the computer played and the figure came");
        let after = figure(&app).expect("a figure");
        press(&mut app, &["u", "C-r"]);
        until_advised(&mut app, &wakes);
        let again = figure(&app).expect("a figure after undo and redo");
        assert_eq!(after, again, "one position, one figure");
        for shown in seen.into_inner() {
            assert_eq!(shown, again, "no other position's figure is ever shown");
        }
    }
}

#[test]
fn e_hides_the_figure_a_hint_showed_and_shows_it_again() {
    let mut app = clamber("3/b/B2=b2,C3=r2,D4=r3,E4=r3");
    game_mut(&mut app).advisor.budget = crate::ai::Budget { nodes: Some(50_000), ..Default::default() };
    press(&mut app, &["t"]);
    if let Some(message) = game_mut(&mut app).advisor.wait() {
        game_mut(&mut app).table.status_mut().show(message);
    }
    let panel = |app: &App| render(app).backend().to_string().matches("Blue is ahead: 100 %").count();
    let with_hint = panel(&app);
    assert!(with_hint >= 1, "the hint's figure shows");
    press(&mut app, &["e"]);
    assert!(panel(&app) < with_hint, "e hides the evaluation line");
    press(&mut app, &["e"]);
    assert_eq!(panel(&app), with_hint, "and shows it again");
}

#[test]
fn a_hint_has_a_look_of_its_own_and_esc_puts_it_away() {
    let mut app = clamber("3/b/B2=b2,C3=r2,D4=r3,E4=r3");
    game_mut(&mut app).advisor.budget = crate::ai::Budget { nodes: Some(50_000), ..Default::default() };
    press(&mut app, &["t"]);
    game_mut(&mut app).advisor.wait();
    let shown = render(&app).backend().to_string();
    assert!(shown.contains("<b2>") && shown.contains("<r3>") && !shown.contains("(b2)"), "{shown}");
    assert!(lit(&app).selected.is_empty(), "nothing is selected");
    press(&mut app, &["Esc"]);
    let shown = render(&app).backend().to_string();
    assert!(!shown.contains("<b2>") && lit(&app).better.is_empty(), "Esc puts the hint away:\n{shown}");
}

#[test]
fn undo_while_the_computer_shows_its_turn_stops_it_and_takes_back_the_players() {
    let wakes = awake();
    let start = "3/r/B2=b2,C3=r2,D4=r3,E4=r3";
    let mut app = clamber(start).with_computer(Some(Computer::playing(Colour::Blue, level(2))));
    to_an_empty_cell(&mut app);
    press(&mut app, &["Enter"]);
    assert!(run_until(&mut app, &wakes, PATIENCE, |app| game(app).computer_showing().is_some()));
    press(&mut app, &["u"]);
    assert_eq!(position(&app), start, "your turn is taken back: {}", message(&app));
    // It does not play on from there: the turn taken back waits for redo.
    run_until(&mut app, &wakes, Duration::from_millis(1500), |app| game(app).table.end().is_some());
    assert_eq!(position(&app), start);
    assert_eq!(game(&app).table.end(), None);
}

#[test]
fn watching_the_computer_play_itself_the_help_lists_what_works_and_undo_stops_it() {
    let wakes = awake();
    let mut app =
        clamber("4/b/-").with_computer(Some(Computer { side: Side::Both, level: level(1), seed: 0 }));
    at_once(&mut app);
    run_until(&mut app, &wakes, PATIENCE, |app| turns(app).0 >= 2);
    press(&mut app, &["?"]);
    let help = render(&app).backend().to_string();
    for missing in ["│r ", "│d ", "│t "] {
        assert!(
            !help.contains(missing),
            "{missing} does nothing here, so the help does not list it:\n{help}"
        );
    }
    assert!(help.contains("take back the last turn"), "{help}");
    press(&mut app, &["Esc", "u"]);
    let (played, total) = turns(&app);
    assert_eq!(played + 1, total, "undo took back a turn");
    run_until(&mut app, &wakes, Duration::from_millis(1000), |app| turns(app).1 > total);
    assert_eq!(turns(&app), (played, total), "and the computer waits");
}

#[test]
fn the_computers_game_with_itself_waits_behind_the_help_and_the_quit_question() {
    let wakes = awake();
    let mut app =
        clamber("4/b/-").with_computer(Some(Computer { side: Side::Both, level: level(1), seed: 0 }));
    at_once(&mut app);
    run_until(&mut app, &wakes, PATIENCE, |app| turns(app).0 >= 1);
    for keys in [&["?"][..], &["q"]] {
        press(&mut app, keys);
        assert!(app.overlay.is_some());
        let before = turns(&app);
        run_until(&mut app, &wakes, Duration::from_millis(1500), |app| turns(app) != before);
        assert_eq!(turns(&app), before, "{keys:?}: nothing played behind the box");
        press(&mut app, &["Esc"]);
    }
}

#[test]
fn a_placement_by_the_computer_is_never_announced_over_an_empty_cell() {
    let wakes = awake();
    let mut app = clamber("4/b/-").with_computer(Some(Computer::playing(Colour::Red, level(1))));
    press(&mut app, &["Enter"]);
    let announced = std::cell::RefCell::new(Vec::new());
    run_until(&mut app, &wakes, PATIENCE, |app| {
        if let Some(turn) = game(app).computer_showing() {
            announced.borrow_mut().push(turn.to_string());
        }
        !game(app).computer_to_move()
    });
    assert_eq!(turns(&app).0, 2, "Red placed");
    assert_eq!(announced.into_inner(), Vec::<String>::new(), "the panel and the board change together");
}

/// Blue's and the computer's turns, `rounds` times, then Home.
fn a_game_gone_back_to_its_start(rounds: usize) -> (App, crate::testing::Wakes) {
    let wakes = awake();
    let mut app = clamber("4/b/-").with_computer(Some(Computer::playing(Colour::Blue, level(1))));
    at_once(&mut app);
    for _ in 0..rounds {
        assert!(run_until(&mut app, &wakes, PATIENCE, |app| !game(app).computer_to_move()));
        to_an_empty_cell(&mut app);
        press(&mut app, &["Enter"]);
    }
    assert!(run_until(&mut app, &wakes, PATIENCE, |app| !game(app).computer_to_move()));
    press(&mut app, &["Home"]);
    (app, wakes)
}

#[test]
fn enter_after_going_back_asks_before_replacing_the_later_turns() {
    let (mut app, wakes) = a_game_gone_back_to_its_start(3);
    let total = turns(&app).1;
    assert_eq!((turns(&app).0, total), (0, 7));
    press(&mut app, &["Enter"]);
    assert!(matches!(app.overlay, Some(Overlay::Ask(_))), "asked first");
    let asked = render(&app).backend().to_string();
    assert!(asked.contains("Play from here? The later turns (7) will be replaced."), "{asked}");
    press(&mut app, &["n"]);
    run_until(&mut app, &wakes, Duration::from_millis(500), |app| turns(app).1 != total);
    assert_eq!(turns(&app), (0, 7), "no: every turn kept, {}", message(&app));
    assert!(message(&app).starts_with("The later turns are kept"), "{}", message(&app));
    // French's oui is yes: the computer plays from the start, a new line.
    press(&mut app, &["Enter", "o"]);
    assert!(run_until(&mut app, &wakes, PATIENCE, |app| !game(app).computer_to_move()));
    assert_eq!(turns(&app), (1, 1));
}

#[test]
fn a_turn_made_back_in_the_game_asks_too() {
    let (mut app, _wakes) = a_game_gone_back_to_its_start(2);
    press(&mut app, &["C-r"]);
    assert_eq!(turns(&app), (1, 5));
    to_an_empty_cell(&mut app);
    let before = position(&app);
    press(&mut app, &["Enter"]);
    assert!(matches!(app.overlay, Some(Overlay::Ask(_))), "asked first");
    assert!(render(&app).backend().to_string().contains("The later turns (4) will be replaced."));
    assert_eq!(position(&app), before, "nothing played before the answer");
    press(&mut app, &["y"]);
    assert_eq!(turns(&app).1, 2, "yes: the new turn replaced the later ones");
}

#[test]
fn after_going_back_quitting_asks_first() {
    let (mut app, _wakes) = a_game_gone_back_to_its_start(1);
    press(&mut app, &["q"]);
    assert!(!app.quit, "the game is not over: quitting asks");
    assert_eq!(app.overlay, Some(Overlay::Ask(Question::Quit)));
}

#[test]
fn q_in_a_game_started_from_the_menu_goes_back_to_the_menu() {
    use crate::app::Screen;
    use crate::app::menu::Entry;
    // Against the computer, set up on the menu.
    let mut app = App::new(Profile::default(), AREA);
    press(&mut app, &[&number(Entry::Computer), "Enter", "Enter"]);
    assert!(render(&app).backend().to_string().contains("q menu"), "the footer says where q goes");
    press(&mut app, &["q"]);
    assert!(!app.quit && matches!(app.screen, Screen::Menu(_)), "no turn yet: straight back to the menu");
    // Two players, a turn played: q asks, as m does, then goes back.
    let first = crate::app::menu::boards()[0];
    press(&mut app, &[&number(Entry::Play(first.0, first.1)), "Enter", "Enter", "q"]);
    assert_eq!(app.overlay, Some(Overlay::Ask(Question::Menu)));
    press(&mut app, &["y"]);
    assert!(!app.quit && matches!(app.screen, Screen::Menu(_)));
    // Started on the command line, q quits the program.
    let mut app = clamber("4/b/-");
    press(&mut app, &["q"]);
    assert!(app.quit);
}
