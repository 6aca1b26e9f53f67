//! The Clamber screen against the computer and with its advice: hints, the figure of who
//! is ahead, the computer's turn shown step by step, undo and redo around it; driven by
//! keys and clicks, with no terminal.

use crate::app::Profile;
use crate::app::menu::Entry;
use crate::app::{Computer, Screen};
use crate::record::End;
use crate::rules::Colour;
use crate::testing::*;

/// Waits for the advisor's search under way (a budget of positions: its answer is due).
fn wait_for_advice(app: &mut crate::app::App) {
    let game = game_mut(app);
    if let Some(message) = game.advisor.wait() {
        game.table.status_mut().show(message);
    }
}

const PATIENCE: std::time::Duration = std::time::Duration::from_secs(10);

/// The advisor of the game on screen thinks within `nodes` positions: reproducible.
fn advise_within(app: &mut crate::app::App, nodes: u64) {
    game_mut(app).advisor.budget = crate::ai::Budget { nodes: Some(nodes), ..Default::default() };
}

#[test]
fn the_hint_key_lights_a_turn_and_says_who_is_ahead() {
    let mut app = clamber("3/b/B2=b2,C3=r2,D4=r3,E4=r3");
    advise_within(&mut app, 50_000);
    press(&mut app, &["t"]);
    wait_for_advice(&mut app);
    assert_eq!(
        names(&app, lit(&app).better),
        ["B2", "C3", "D4"],
        "the winning chain is lit as the computer's turn"
    );
    assert_eq!(line(&app), ("Info", "hint: B2xC3xD4 (Blue is ahead: 100 %)".to_string()));
    assert!(render(&app).backend().to_string().contains("Blue is ahead: 100 %"));
    // The hint is for this position only: a turn played elsewhere drops it.
    press(&mut app, &["h", "Enter"]);
    assert_eq!(position(&app), "3/r/B2=b2,B3=b1,C3=r2,D4=r3,E4=r3");
    assert!(game(&app).advisor.advice(game(&app).table.revision()).is_none() && lit(&app).better.is_empty());
}

#[test]
fn the_evaluation_line_follows_the_game_when_shown() {
    let mut app = clamber("start");
    advise_within(&mut app, 2_000);
    press(&mut app, &["e"]);
    wait_for_advice(&mut app);
    assert!(game(&app).advisor.show_eval && game(&app).advisor.advice(game(&app).table.revision()).is_some());
    let shown = render(&app).backend().to_string();
    assert!(shown.contains("an even game") || shown.contains(" is ahead: "), "{shown}");
    press(&mut app, &["Enter"]);
    wait_for_advice(&mut app);
    assert!(game(&app).advisor.advice(game(&app).table.revision()).is_some(), "thought again after the turn");
    press(&mut app, &["e"]);
    assert!(!game(&app).advisor.show_eval);
}

#[test]
fn the_screen_stays_live_while_the_computer_thinks() {
    let mut app = clamber("4/b/-");
    game_mut(&mut app).advisor.budget =
        crate::ai::Budget { time: Some(std::time::Duration::from_secs(30)), ..Default::default() };
    let started = std::time::Instant::now();
    press(&mut app, &["t", "l", "l", "?"]);
    assert!(game(&app).advisor.thinking().is_some() && app.timer().is_some(), "still thinking");
    assert_eq!(game(&app).table.cursor().cell.to_string(), "F4", "keys are taken at once");
    assert!(render(&app).backend().to_string().contains("Keys"));
    press(&mut app, &["Esc", "q"]);
    assert!(app.quit);
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "nothing waited for the search");
}

/// Runs the app, as the loop does, until the computer has played.
fn until_computer_played(app: &mut crate::app::App, wakes: &crate::testing::Wakes) {
    assert!(run_until(app, wakes, PATIENCE, |app| !game(app).computer_to_move()), "the computer played");
}

#[test]
fn the_computer_answers_and_undo_takes_back_both_turns() {
    let wakes = awake();
    let mut app = clamber("start")
        .with_computer(Some(Computer::playing(Colour::Red, crate::ai::Level::new(1).unwrap())));
    at_once(&mut app);
    press(&mut app, &["Enter"]);
    assert!(game(&app).computer_to_move());
    until_computer_played(&mut app, &wakes);
    assert_eq!(game(&app).table.read(|record| record.history().len()), 2, "Red answered");
    assert_eq!(game(&app).table.to_move(), Colour::Blue);
    assert!(message(&app).starts_with("Red played "), "{:?}", game(&app).table.status());
    press(&mut app, &["u"]);
    assert_eq!(position(&app), "3/b/-", "your turn and its answer go back together");
    press(&mut app, &["C-r"]);
    assert_eq!(game(&app).table.read(|record| record.history().len()), 2, "and come back together");
}

#[test]
fn keys_wait_while_the_computer_thinks_and_draws_are_answered_by_its_evaluation() {
    let mut app = clamber("start")
        .with_computer(Some(Computer::playing(Colour::Red, crate::ai::Level::new(4).unwrap())));
    press(&mut app, &["Enter"]);
    press(&mut app, &["l", "Enter"]);
    assert_eq!(position(&app), "3/r/C3=b1", "Enter on Red's turn plays nothing for Red");
    assert!(message(&app).starts_with("The computer is thinking"));
    // Behind, the computer takes a draw; ahead, it plays on. Both ask first, and say why.
    let mut app = clamber("3/b/B2=b2,C3=r2,D4=r3,E4=r3")
        .with_computer(Some(Computer::playing(Colour::Red, crate::ai::Level::new(2).unwrap())));
    press(&mut app, &["d"]);
    assert!(render(&app).backend().to_string().contains("Offer the computer a draw?"));
    assert_eq!(game(&app).table.end(), None, "nothing before the yes");
    press(&mut app, &["y"]);
    assert_eq!(game(&app).table.end(), Some(End::Drawn));
    assert!(message(&app).starts_with("The computer accepts the draw: Blue is ahead"));
    let mut app = clamber("3/b/A1=b1,C3=r5,D3=r5,C4=r5")
        .with_computer(Some(Computer::playing(Colour::Red, crate::ai::Level::new(2).unwrap())));
    press(&mut app, &["d", "y"]);
    assert_eq!(game(&app).table.end(), None);
    let said = message(&app);
    assert!(said.starts_with("The computer declines the draw: Red is ahead"), "{said}");
}

#[test]
fn the_menu_sets_up_a_game_against_the_computer() {
    // Straight through: Clamber side 3, you first (Blue), level 3 (club player).
    let mut app = crate::app::App::new(Profile::default(), AREA);
    press(&mut app, &[&number(Entry::Computer), "Enter"]);
    let shown = render(&app).backend().to_string();
    for words in ["A game against the computer", "Clamber, side 3", "You play", "Blue", "3 (club player)"] {
        assert!(shown.contains(words), "{words}:\n{shown}");
    }
    press(&mut app, &["Enter"]);
    // Each new game has a seed of its own (a beginner picks its turns by it).
    let unseeded = |computer: Option<Computer>| computer.map(|computer| Computer { seed: 0, ..computer });
    let seed = game(&app).computer().map(|computer| computer.seed);
    assert_eq!(
        unseeded(game(&app).computer()),
        Some(Computer::playing(Colour::Red, crate::ai::Level::new(3).unwrap()))
    );
    // Ombagui (Red moves first, so you are Red), then Blue instead, at level 5.
    let mut app = crate::app::App::new(Profile::default(), AREA);
    press(&mut app, &[&number(Entry::Computer), "Enter", "l", "l", "Down", "l", "Down", "l", "l"]);
    assert!(render(&app).backend().to_string().contains("5 (expert)"));
    press(&mut app, &["Enter"]);
    assert_eq!(
        unseeded(ombagui_game(&app).computer()),
        Some(Computer::playing(Colour::Red, crate::ai::Level::new(5).unwrap()))
    );
    assert_ne!(ombagui_game(&app).computer().map(|computer| computer.seed), seed);
    // Side 4, level 1, going round backwards (past the clock's row); Esc goes back to the menu.
    let mut app = crate::app::App::new(Profile::default(), AREA);
    press(&mut app, &[&number(Entry::Computer), "Enter", "l", "Up", "Up", "h", "h"]);
    assert!(render(&app).backend().to_string().contains("1 (beginner)"));
    press(&mut app, &["Esc"]);
    assert!(matches!(&app.screen, Screen::Menu(menu) if menu.setup.is_none()));
    press(&mut app, &[&number(Entry::Computer), "Enter", "l", "Up", "Up", "h", "h", "Enter"]);
    assert_eq!(position(&app), "4/b/-");
    assert_eq!(
        unseeded(game(&app).computer()),
        Some(Computer::playing(Colour::Red, crate::ai::Level::new(1).unwrap()))
    );
}

#[test]
fn the_computer_shows_its_chain_capture_by_capture_then_plays_it() {
    let wakes = awake();
    let mut app = clamber("3/b/B2=b2,C3=r2,D4=r3,E4=r3")
        .with_computer(Some(Computer::playing(Colour::Blue, crate::ai::Level::new(2).unwrap())));
    at_once(&mut app);
    let seen = std::cell::RefCell::new(Vec::new());
    // Each step shows until the next timer: the loop wakes once a step.
    let over = run_until(&mut app, &wakes, PATIENCE, |app| {
        if let Some(chain) = game(app).table.picked() {
            seen.borrow_mut().push(chain.cells().map(|cell| cell.to_string()).collect::<Vec<_>>());
        }
        game(app).table.end().is_some()
    });
    assert!(over);
    let seen = seen.into_inner();
    assert_eq!(seen, [vec!["B2"], vec!["B2", "C3"], vec!["B2", "C3", "D4"]], "one capture at a time");
    assert_eq!(
        game(&app).table.read(|record| record.last_turn().map(|turn| turn.to_string())),
        Some("B2xC3xD4".into())
    );
    assert_eq!(game(&app).table.end(), Some(End::Won(Colour::Blue)));
    assert!(game(&app).table.picked().is_none());
}

#[test]
fn the_computer_can_play_both_sides_to_watch_and_undo_takes_back_one_turn() {
    let wakes = awake();
    let mut app = clamber("start").with_computer(Some(Computer {
        side: crate::record::Side::Both,
        level: crate::ai::Level::new(1).unwrap(),
        seed: 0,
    }));
    at_once(&mut app);
    let going = |app: &crate::app::App| {
        game(app).table.end().is_none() && game(app).table.read(|record| record.history().len()) < 4
    };
    run_until(&mut app, &wakes, PATIENCE, |app| !going(app));
    let played = game(&app).table.read(|record| record.history().len());
    assert!(played >= 3, "both sides played on their own: {played} turns");
    let shown = render(&app).backend().to_string();
    assert!(shown.contains("│both sides: the computer,") && shown.contains("│level 1 (beginner)"), "{shown}");
    press(&mut app, &["u"]);
    assert_eq!(
        game(&app).table.read(|record| record.history().len()),
        played - 1,
        "watching, undo takes back one turn"
    );
}

#[test]
fn the_panel_names_the_computer_and_its_level() {
    let app = clamber("start")
        .with_computer(Some(Computer::playing(Colour::Red, crate::ai::Level::new(5).unwrap())));
    let shown = render(&app).backend().to_string();
    assert!(shown.contains("│Red: the computer, level 5") && shown.contains("│(expert)"), "{shown}");
}

#[test]
fn a_hint_asked_just_after_the_computer_played_is_shown() {
    let wakes = awake();
    let mut app = clamber("start")
        .with_computer(Some(Computer::playing(Colour::Red, crate::ai::Level::new(1).unwrap())));
    at_once(&mut app);
    advise_within(&mut app, 2_000);
    press(&mut app, &["Enter"]);
    until_computer_played(&mut app, &wakes);
    press(&mut app, &["t"]);
    wait_for_advice(&mut app);
    assert!(message(&app).starts_with("hint: "), "{:?}", game(&app).table.status());
    assert!(!lit(&app).better.is_empty(), "the suggested turn is lit");
}

#[test]
fn the_computer_plays_a_whole_game_against_itself_unattended() {
    let wakes = awake();
    let mut app = clamber("start").with_computer(Some(Computer {
        side: crate::record::Side::Both,
        level: crate::ai::Level::new(1).unwrap(),
        seed: 0,
    }));
    at_once(&mut app);
    let over = run_until(&mut app, &wakes, std::time::Duration::from_secs(60), |app| {
        game(app).table.end().is_some()
    });
    assert!(over, "nothing but its own searches and timers woke it: {}", position(&app));
    assert!(game(&app).table.read(|record| record.history().len()) >= 2);
}

#[test]
fn stepping_through_a_game_against_the_computer_never_makes_it_play() {
    let wakes = awake();
    // The computer plays Blue, who moves first.
    let mut app = clamber("start")
        .with_computer(Some(Computer::playing(Colour::Blue, crate::ai::Level::new(1).unwrap())));
    at_once(&mut app);
    until_computer_played(&mut app, &wakes);
    press(&mut app, &["l", "Enter"]);
    until_computer_played(&mut app, &wakes);
    let line = |app: &crate::app::App| {
        game(app).table.read(|record| record.all_turns().map(ToString::to_string).collect::<Vec<_>>())
    };
    let played = line(&app);
    assert_eq!(played.len(), 3);
    for keys in
        [&["Home"][..], &["u"], &["u", "u"], &["[", "[", "["], &["Home", "]"], &["Home", "]", "]", "["]]
    {
        press(&mut app, &["End"]);
        press(&mut app, keys);
        assert!(
            !game(&app).opponent().is_some_and(|opponent| opponent.busy()) && app.timer().is_none(),
            "{keys:?}: it does not start its turn"
        );
        assert_eq!(line(&app), played, "{keys:?}: no turn dropped");
        if game(&app).table.to_move() == Colour::Blue {
            assert!(message(&app).starts_with("the computer waits:"), "{:?}", game(&app).table.status());
        }
    }
    // End goes back to the last turn; Enter on its turn lets it play from there, once
    // the player says yes to replacing the later turns.
    press(&mut app, &["End"]);
    assert_eq!(position(&app), line_end(&played));
    press(&mut app, &["Home", "Enter", "y"]);
    until_computer_played(&mut app, &wakes);
    assert_eq!(line(&app).len(), 1, "it played from the start, a new line");
}

/// The position after Blue's first turn and Red's answer, then Blue's.
fn line_end(turns: &[String]) -> String {
    let mut position: crate::rules::clamber::Position = "start".parse().unwrap();
    for turn in turns {
        position = crate::rules::Game::play(&position, &turn.parse().unwrap()).unwrap();
    }
    position.to_string()
}

#[test]
fn one_position_has_one_verdict_through_undo_redo_and_asking_again() {
    let mut app = clamber("3/b/B2=b1,C3=r2,D4=r1,E4=r3,A1=b2");
    advise_within(&mut app, 30_000);
    let said_after = |app: &mut crate::app::App, keys: &[&str]| {
        press(app, keys);
        wait_for_advice(app);
        message(app)
    };
    let first = said_after(&mut app, &["t"]);
    assert!(first.starts_with("hint: "), "{first}");
    for keys in [&["t"][..], &["l", "Enter", "u", "t"], &["l", "Enter", "u", "C-r", "u", "t"]] {
        assert_eq!(said_after(&mut app, keys), first, "{keys:?}: the same turn and figure");
    }
    // The figure shown after every turn is the hint's.
    press(&mut app, &["e"]);
    wait_for_advice(&mut app);
    let figure = first.split(" (").nth(1).unwrap().trim_end_matches(')');
    assert!(render(&app).backend().to_string().contains(figure), "{figure}");
}

#[test]
fn the_computer_shows_its_turn_with_its_own_marks_not_the_players_cursor() {
    let wakes = awake();
    let mut app = clamber("3/b/B2=b2,C3=r2,D4=r3,E4=r3")
        .with_computer(Some(Computer::playing(Colour::Blue, crate::ai::Level::new(2).unwrap())));
    // The player's cursor rests on Red's E4, far from the capture.
    hover(&mut app, "E4");
    assert_eq!(game(&app).table.cursor().cell.to_string(), "E4");
    assert!(run_until(&mut app, &wakes, PATIENCE, |app| game(app).computer_showing().is_some()));
    let shown = render(&app).backend().to_string();
    assert!(shown.contains("Blue, the computer, plays") && shown.contains("│B2xC3xD4"), "{shown}");
    assert!(!shown.contains("[r3]"), "the player's cursor does not mark E4 while it shows:\n{shown}");
    assert_eq!(
        game(&app).pointer().map(|cell| cell.to_string()),
        Some("C3".into()),
        "it points at its capture"
    );
    assert!(shown.contains("C3: "), "the panel speaks of the stack it captures: {shown}");
    assert!(run_until(&mut app, &wakes, PATIENCE, |app| game(app).table.end().is_some()));
    assert!(names(&app, lit(&app).last).len() >= 3, "then the usual last-turn marks");
}

#[test]
fn a_hint_over_a_figure_shown_is_said_at_once_and_looking_is_not_thinking() {
    let mut app = clamber("3/b/B2=b2,C3=r2,D4=r3,E4=r3");
    advise_within(&mut app, 50_000);
    press(&mut app, &["e"]);
    wait_for_advice(&mut app);
    press(&mut app, &["t"]);
    assert_eq!(message(&app), "hint: B2xC3xD4 (Blue is ahead: 100 %)", "no wait, no silent light");
    // A hint being looked for is not a player thinking.
    let mut app = clamber("4/b/-");
    game_mut(&mut app).advisor.budget =
        crate::ai::Budget { time: Some(std::time::Duration::from_secs(30)), ..Default::default() };
    press(&mut app, &["t"]);
    let shown = render(&app).backend().to_string();
    assert!(shown.contains("looking for a hint") && !shown.contains("thinking"), "{shown}");
}

#[test]
fn against_the_computer_the_help_says_undo_takes_back_its_answer_too() {
    let mut app = clamber("start")
        .with_computer(Some(Computer::playing(Colour::Red, crate::ai::Level::new(1).unwrap())));
    press(&mut app, &["?"]);
    let help = render(&app).backend().to_string();
    assert!(help.contains("take back your last turn and the"), "{help}");
    assert!(help.contains("offer the computer a draw"), "{help}");
}
