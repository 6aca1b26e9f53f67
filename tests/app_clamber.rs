//! The Clamber screen driven by keys and clicks, with no terminal: events in, state out.

mod common;

use common::*;
use hexstack::app::prompt::Question;
use hexstack::app::{Computer, Overlay, Screen};
use hexstack::i18n::Lang;
use hexstack::rules::Colour;
use hexstack::rules::GameKind;
use hexstack::rules::clamber::CaptureKind;
use hexstack::rules::hex::Cell;
use hexstack::session::End;

fn cell(name: &str) -> Cell {
    name.parse().unwrap()
}

#[test]
fn enter_places_a_singleton_at_the_cursor() {
    let mut app = clamber("start");
    assert_eq!(game(&app).table.cursor.cell, cell("C3"));
    press(&mut app, &["Enter", "l", "Enter", "y", " "]);
    // C3 for Blue, D3 for Red, then up-left of D3 for Blue.
    assert_eq!(position(&app), "3/r/C3=b1,D3=r1,D4=b1");
    assert_eq!(game(&app).table.last_turn_cells(), [cell("D4")]);
}

#[test]
fn arrows_and_letters_move_the_cursor_on_the_board_only() {
    let mut app = clamber("start");
    press(&mut app, &["l", "l", "l"]);
    assert_eq!(game(&app).table.cursor.cell, cell("E3"), "the edge stops the cursor");
    // Up-right of E3 is off the board; then up-left, down-left, down-right, left.
    press(&mut app, &["i", "y", "b", "n", "h"]);
    assert_eq!(game(&app).table.cursor.cell, cell("C2"));
    // Up and down zigzag to stay in the same screen column.
    press(&mut app, &["Up", "Up", "Up"]);
    assert_eq!(game(&app).table.cursor.cell, cell("D5"));
    press(&mut app, &["Down", "Down", "Down", "Down", "Down"]);
    assert_eq!(game(&app).table.cursor.cell, cell("B1"));
}

#[test]
fn a_lower_capture_selects_then_takes_and_ends_the_turn() {
    let mut app = clamber("3/r/C3=r3,D3=b1,D4=b1,E4=b1,E3=b2");
    press(&mut app, &["Enter"]);
    assert_eq!(
        game(&app).table.targets(),
        [(cell("D3"), CaptureKind::Lower), (cell("D4"), CaptureKind::Lower)]
    );
    press(&mut app, &["l"]);
    // On a target, the rest of its sub-group is shown as what the capture removes.
    assert_eq!(names(&app, lit(&app).removed), ["D4", "E4"]);
    press(&mut app, &["Enter"]);
    assert_eq!(position(&app), "3/b/C3=r3,D3=r2,E3=b2");
    assert!(game(&app).table.picked.is_none());
    assert_eq!(line(&app), ("Info", "Red played C3xD3. Blue to move".to_string()));
}

#[test]
fn a_two_step_chain_can_stop_with_enter() {
    let mut app = clamber("3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3");
    click(&mut app, "B2");
    click(&mut app, "C4");
    // The chain goes on from C4: its targets light up, nothing is played yet.
    assert_eq!(
        game(&app).table.targets(),
        [(cell("E4"), CaptureKind::Equal), (cell("E5"), CaptureKind::Equal)]
    );
    assert_eq!(game(&app).table.read(|session| session.history().len()), 0);
    press(&mut app, &["Enter"]);
    assert_eq!(position(&app), "3/r/B2=b2,B3=r1,C4=b3,D5=r1,E4=r3,E5=r3");
    assert_eq!(game(&app).table.read(|session| session.last_turn().unwrap().to_string()), "B2xC4");
}

#[test]
fn esc_ends_a_chain_and_cancels_a_bare_selection() {
    let mut app = clamber("3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3");
    click(&mut app, "B2");
    press(&mut app, &["Esc"]);
    assert!(game(&app).table.picked.is_none());
    assert_eq!(game(&app).table.read(|session| session.history().len()), 0);
    click(&mut app, "B2");
    click(&mut app, "C4");
    press(&mut app, &["Esc"]);
    assert_eq!(game(&app).table.read(|session| session.last_turn().unwrap().to_string()), "B2xC4");
}

#[test]
fn a_chain_with_nothing_further_ends_by_itself_and_undo_redo_take_it_whole() {
    let start = "3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3";
    let mut app = clamber(start);
    click(&mut app, "B2");
    click(&mut app, "C4");
    click(&mut app, "E5");
    assert_eq!(position(&app), "3/r/B2=b2,B3=r1,C4=b3,D5=r1,E5=b4");
    press(&mut app, &["u"]);
    assert_eq!(position(&app), start);
    press(&mut app, &["C-r"]);
    assert_eq!(position(&app), "3/r/B2=b2,B3=r1,C4=b3,D5=r1,E5=b4");
    // Undo during a chain drops the chain, not the turn before it.
    press(&mut app, &["u"]);
    click(&mut app, "B2");
    click(&mut app, "C4");
    press(&mut app, &["u"]);
    assert_eq!(position(&app), start);
    assert!(game(&app).table.picked.is_none());
}

#[test]
fn a_chain_that_wins_ends_the_game() {
    let mut app = clamber("3/b/B2=b2,C3=r2,D4=r3,E4=r3");
    click(&mut app, "B2");
    click(&mut app, "C3");
    click(&mut app, "D4");
    assert_eq!(game(&app).table.end(), Some(End::Won(Colour::Blue)));
    assert_eq!(line(&app), ("Success", "Blue played B2xC3xD4 and wins!".to_string()));
    // Enter now starts a new game on the same board.
    press(&mut app, &["Enter"]);
    assert_eq!(position(&app), "3/b/-");
}

#[test]
fn a_player_with_no_turn_is_skipped_with_a_message() {
    let mut app = clamber("2/r/A1=b1,A2=b1,B1=b1,B2=r3,B3=b1,C2=b1,C3=b2");
    click(&mut app, "B2");
    click(&mut app, "C3");
    assert_eq!(game(&app).table.to_move(), Colour::Red);
    assert!(message(&app).contains("Blue cannot move and passes"));
    // The status line says it too, in every language, until the next turn.
    for (lang, words) in [
        (Lang::En, "Blue cannot move and passes"),
        (Lang::Fr, "Bleu ne peut pas jouer et passe"),
        (Lang::Sr, "Плави нема потез и прескаче"),
    ] {
        let title = render_in(&app, lang).backend().to_string().lines().next().unwrap().to_string();
        assert!(title.contains(words), "{title}");
    }
    press(&mut app, &["u", "C-r"]);
    let title = render(&app).backend().to_string().lines().next().unwrap().to_string();
    assert!(title.contains("Blue cannot move and passes"), "after a redo too: {title}");
}

#[test]
fn undo_and_redo_say_what_they_did() {
    // Redoing a winning turn says who wins, not who is to move.
    let mut app = clamber("3/b/B2=b2,C3=r2,D4=r3,E4=r3");
    for cell in ["B2", "C3", "D4"] {
        click(&mut app, cell);
    }
    press(&mut app, &["u", "C-r"]);
    assert_eq!(line(&app), ("Success", "turn played again: Blue wins".to_string()));
    // Undoing an agreed draw takes back the draw, not a turn.
    let mut app = clamber("start");
    press(&mut app, &["Enter", "d", "y", "u"]);
    assert_eq!(line(&app), ("Info", "the draw agreement is taken back: Red to move".to_string()));
    assert_eq!(position(&app), "3/r/C3=b1", "the turn is still there");
    press(&mut app, &["r", "y", "u"]);
    assert_eq!(line(&app), ("Info", "Red's resignation is taken back: Red to move".to_string()));
}

#[test]
fn a_declined_draw_says_so_and_the_question_asks_it_plainly() {
    let mut app = clamber("start");
    press(&mut app, &["r"]);
    assert!(render(&app).backend().to_string().contains("Does Blue resign?"));
    press(&mut app, &["n", "d", "n"]);
    assert_eq!(line(&app), ("Info", "Red declines the draw offered by Blue: play on".to_string()));
    assert_eq!(game(&app).table.end(), None);
}

#[test]
fn enter_on_an_empty_cell_with_a_stack_selected_places_there() {
    let mut app = clamber("3/b/C3=b2,D3=r1");
    click(&mut app, "C3");
    assert!(game(&app).table.picked.is_some());
    click(&mut app, "A1");
    assert_eq!(position(&app), "3/r/A1=b1,C3=b2,D3=r1");
}

#[test]
fn the_last_turn_stays_marked_with_what_it_removed() {
    let mut app = clamber("3/r/C3=r3,D3=b1,D4=b1,E4=b1,E3=b2");
    click(&mut app, "C3");
    click(&mut app, "D3");
    // C3 took D3, and D4 and E4 went with it: all four are the last turn.
    assert_eq!(names(&app, lit(&app).last), ["C3", "D3", "D4", "E4"]);
    // Blue selects a stack, the cursor on it: the last turn stays marked.
    click(&mut app, "E3");
    assert!(game(&app).table.picked.is_some());
    assert_eq!(names(&app, lit(&app).last), ["C3", "D3", "D4", "E4"]);
    let shown = render(&app).backend().to_string();
    assert!(shown.contains("*r3*") && shown.contains("*·*"), "{shown}");
}

#[test]
fn the_panel_says_what_the_capture_under_the_cursor_is() {
    let mut app = clamber("3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3");
    click(&mut app, "B2");
    hover(&mut app, "C4");
    let shown = render(&app).backend().to_string();
    assert!(shown.contains("equal capture: removes D4"), "{shown}");
    let mut app = clamber("3/r/C3=r3,D3=b1,D4=b1,E4=b1,E3=b2");
    click(&mut app, "C3");
    hover(&mut app, "D4");
    let shown = render(&app).backend().to_string();
    // Wrapped to the panel, the list whole.
    assert!(shown.contains("│lower capture: removes D3,  │"), "{shown}");
    assert!(shown.contains("│E4                          │"), "{shown}");
    let mut app = clamber("3/r/C3=r3,D3=b1,E3=b2");
    click(&mut app, "C3");
    hover(&mut app, "D3");
    let shown = render(&app).backend().to_string();
    assert!(shown.contains("│lower capture: removes      │"), "{shown}");
    assert!(shown.contains("│nothing else                │"), "{shown}");
}

#[test]
fn illegal_actions_are_refused_with_the_reason() {
    let mut app = clamber("3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3");
    click(&mut app, "C4");
    assert_eq!(line(&app), ("Warning", "the stack on C4 is Red's".to_string()));
    click(&mut app, "B2");
    click(&mut app, "D5");
    assert_eq!(line(&app), ("Warning", "D5 is lower than B2 but not next to it".to_string()));
    click(&mut app, "E4");
    assert_eq!(line(&app), ("Warning", "E4 (height 3) is higher than B2 (height 2)".to_string()));
    assert_eq!(game(&app).table.read(|session| session.history().len()), 0, "nothing was played");
    let mut app = clamber("3/b/A1=b1,C3=r2");
    click(&mut app, "A1");
    assert_eq!(line(&app), ("Warning", "the stack on A1 has no capture".to_string()));
}

#[test]
fn hovering_shows_the_group_and_sub_group() {
    let mut app = clamber("3/b/A3=b1,B2=b2,C3=b1,D3=b2,D4=b2,E5=r2");
    hover(&mut app, "D3");
    let (group, sub_group) = (lit(&app).group, lit(&app).sub_group);
    assert_eq!((group.len(), sub_group.len()), (4, 2));
}

#[test]
fn quitting_a_game_in_progress_asks_first() {
    let mut app = clamber("start");
    press(&mut app, &["q"]);
    assert!(app.quit, "nothing played yet: quits at once");
    let mut app = clamber("start");
    press(&mut app, &["Enter", "q"]);
    assert_eq!(app.overlay, Some(Overlay::Ask(Question::Quit)));
    press(&mut app, &["n"]);
    assert!(!app.quit);
    assert_eq!(position(&app), "3/r/C3=b1", "the answer key did nothing else");
    press(&mut app, &["q", "y"]);
    assert!(app.quit);
}

#[test]
fn resign_and_draw_ask_then_end_the_game() {
    let mut app = clamber("start");
    press(&mut app, &["r", "y"]);
    assert_eq!(game(&app).table.end(), Some(End::Resigned(Colour::Blue)));
    press(&mut app, &["u", "d", "y"]);
    assert_eq!(game(&app).table.end(), Some(End::Drawn));
    press(&mut app, &["m"]);
    assert!(matches!(app.screen, Screen::Menu(_)), "a finished game leaves without asking");
}

#[test]
fn help_opens_and_any_key_closes_it() {
    let mut app = clamber("start");
    press(&mut app, &["?"]);
    assert_eq!(app.overlay, Some(Overlay::Help));
    press(&mut app, &["Enter"]);
    assert_eq!(app.overlay, None);
    assert_eq!(position(&app), "3/b/-", "the closing key does nothing else");
}

#[test]
fn the_menu_starts_games() {
    let mut app = hexstack::app::App::new(AREA);
    press(&mut app, &["Down", "Enter"]);
    assert_eq!(position(&app), "4/b/-");
    let mut app = hexstack::app::App::new(AREA);
    press(&mut app, &["3"]);
    assert_eq!(app.screen.game().map(|game| game.kind()), Some(GameKind::Ombagui));
    let mut app = hexstack::app::App::new(AREA);
    press(&mut app, &["5"]);
    assert_eq!(app.request, Some(hexstack::app::Request::Resume), "resuming is the program's to do");
    let mut app = hexstack::app::App::new(AREA);
    press(&mut app, &["6"]);
    assert_eq!(app.request, Some(hexstack::app::Request::Review), "so is reviewing the last kept game");
    let mut app = hexstack::app::App::new(AREA);
    press(&mut app, &["8"]);
    assert!(matches!(&app.screen, Screen::Rules(book) if book.game == GameKind::Ombagui));
    press(&mut app, &["q"]);
    assert!(matches!(&app.screen, Screen::Menu(_)), "q on the rules goes back to the menu");
    press(&mut app, &["q"]);
    assert!(app.quit);
}

#[test]
fn home_and_end_step_through_the_whole_game() {
    let mut app = clamber("start");
    press(&mut app, &["Enter", "l", "Enter", "l", "Enter"]);
    press(&mut app, &["Home"]);
    assert_eq!(position(&app), "3/b/-");
    press(&mut app, &["]"]);
    assert_eq!(position(&app), "3/r/C3=b1");
    press(&mut app, &["End"]);
    assert_eq!(position(&app), "3/r/C3=b1,D3=r1,E3=b1");
}

#[test]
fn a_hand_made_board_without_red_stacks_is_not_a_win() {
    let mut app = clamber("3/r/C3=b2");
    assert_eq!(game(&app).table.end(), None);
    assert!(render(&app).backend().to_string().contains("Red to move"));
    press(&mut app, &["l", "Enter"]);
    assert_eq!(position(&app), "3/b/C3=b2,D3=r1");
}

/// Waits for the advisor's search under way (a budget of positions: its answer is due).
fn wait_for_advice(app: &mut hexstack::app::App) {
    let game = game_mut(app);
    if let Some(message) = game.advisor.wait() {
        game.table.message = message;
    }
}

const PATIENCE: std::time::Duration = std::time::Duration::from_secs(10);

/// The advisor of the game on screen thinks within `nodes` positions: reproducible.
fn advise_within(app: &mut hexstack::app::App, nodes: u64) {
    game_mut(app).advisor.budget = hexstack::ai::Budget { nodes: Some(nodes), ..Default::default() };
}

#[test]
fn the_hint_key_lights_a_turn_and_says_who_is_ahead() {
    let mut app = clamber("3/b/B2=b2,C3=r2,D4=r3,E4=r3");
    advise_within(&mut app, 50_000);
    press(&mut app, &["t"]);
    wait_for_advice(&mut app);
    assert_eq!(
        names(&app, lit(&app).selected),
        ["B2", "C3", "D4"],
        "the winning chain is lit like a selection"
    );
    assert_eq!(line(&app), ("Info", "hint: B2xC3xD4 (Blue is ahead: 100 %)".to_string()));
    assert!(render(&app).backend().to_string().contains("Blue is ahead: 100 %"));
    // The hint is for this position only: a turn played elsewhere drops it.
    press(&mut app, &["h", "Enter"]);
    assert_eq!(position(&app), "3/r/B2=b2,B3=b1,C3=r2,D4=r3,E4=r3");
    assert!(
        game(&app).advisor.advice(game(&app).table.revision()).is_none() && lit(&app).selected.is_empty()
    );
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
        hexstack::ai::Budget { time: Some(std::time::Duration::from_secs(30)), ..Default::default() };
    let started = std::time::Instant::now();
    press(&mut app, &["t", "l", "l", "?"]);
    assert!(game(&app).advisor.thinking().is_some() && app.timer().is_some(), "still thinking");
    assert_eq!(game(&app).table.cursor.cell.to_string(), "F4", "keys are taken at once");
    assert!(render(&app).backend().to_string().contains("Keys"));
    press(&mut app, &["Esc", "q"]);
    assert!(app.quit);
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "nothing waited for the search");
}

/// Runs the app, as the loop does, until the computer has played.
fn until_computer_played(
    app: &mut hexstack::app::App,
    wakes: &std::sync::mpsc::Receiver<hexstack::app::event::Wake>,
) {
    assert!(run_until(app, wakes, PATIENCE, |app| !game(app).computer_to_move()), "the computer played");
}

#[test]
fn the_computer_answers_and_undo_takes_back_both_turns() {
    let wakes = awake();
    let mut app = clamber("start")
        .with_computer(Some(Computer::playing(Colour::Red, hexstack::ai::Level::new(1).unwrap())));
    at_once(&mut app);
    press(&mut app, &["Enter"]);
    assert!(game(&app).computer_to_move());
    until_computer_played(&mut app, &wakes);
    assert_eq!(game(&app).table.read(|session| session.history().len()), 2, "Red answered");
    assert_eq!(game(&app).table.to_move(), Colour::Blue);
    assert!(message(&app).starts_with("Red played "), "{:?}", game(&app).table.message);
    press(&mut app, &["u"]);
    assert_eq!(position(&app), "3/b/-", "your turn and its answer go back together");
    press(&mut app, &["C-r"]);
    assert_eq!(game(&app).table.read(|session| session.history().len()), 2, "and come back together");
}

#[test]
fn keys_wait_while_the_computer_thinks_and_draws_are_answered_by_its_evaluation() {
    let mut app = clamber("start")
        .with_computer(Some(Computer::playing(Colour::Red, hexstack::ai::Level::new(4).unwrap())));
    press(&mut app, &["Enter"]);
    press(&mut app, &["l", "Enter"]);
    assert_eq!(position(&app), "3/r/C3=b1", "Enter on Red's turn plays nothing for Red");
    assert!(message(&app).starts_with("the computer is thinking"));
    // Behind, the computer takes a draw; ahead, it plays on. Both ask first, and say why.
    let mut app = clamber("3/b/B2=b2,C3=r2,D4=r3,E4=r3")
        .with_computer(Some(Computer::playing(Colour::Red, hexstack::ai::Level::new(2).unwrap())));
    press(&mut app, &["d"]);
    assert!(render(&app).backend().to_string().contains("Offer the computer a draw?"));
    assert_eq!(game(&app).table.end(), None, "nothing before the yes");
    press(&mut app, &["y"]);
    assert_eq!(game(&app).table.end(), Some(End::Drawn));
    assert!(message(&app).starts_with("The computer accepts the draw: Blue is ahead"));
    let mut app = clamber("3/b/A1=b1,C3=r5,D3=r5,C4=r5")
        .with_computer(Some(Computer::playing(Colour::Red, hexstack::ai::Level::new(2).unwrap())));
    press(&mut app, &["d", "y"]);
    assert_eq!(game(&app).table.end(), None);
    let said = message(&app);
    assert!(said.starts_with("The computer declines the draw: Red is ahead"), "{said}");
}

#[test]
fn the_menu_sets_up_a_game_against_the_computer() {
    // Straight through: Clamber side 3, you first (Blue), level 3 (club player).
    let mut app = hexstack::app::App::new(AREA);
    press(&mut app, &["4"]);
    let shown = render(&app).backend().to_string();
    for words in ["A game against the computer", "Clamber, side 3", "You play", "Blue", "3 (club player)"] {
        assert!(shown.contains(words), "{words}:\n{shown}");
    }
    press(&mut app, &["Enter"]);
    assert_eq!(
        game(&app).computer(),
        Some(Computer::playing(Colour::Red, hexstack::ai::Level::new(3).unwrap()))
    );
    // Ombagui (Red moves first, so you are Red), then Blue instead, at level 5.
    let mut app = hexstack::app::App::new(AREA);
    press(&mut app, &["4", "l", "l", "Down", "l", "Down", "l", "l"]);
    assert!(render(&app).backend().to_string().contains("5 (expert)"));
    press(&mut app, &["Enter"]);
    assert_eq!(
        ombagui_game(&app).computer(),
        Some(Computer::playing(Colour::Red, hexstack::ai::Level::new(5).unwrap()))
    );
    // Side 4, level 1, going round backwards; Esc goes back to the menu.
    let mut app = hexstack::app::App::new(AREA);
    press(&mut app, &["4", "l", "Up", "h", "h"]);
    assert!(render(&app).backend().to_string().contains("1 (beginner)"));
    press(&mut app, &["Esc"]);
    assert!(matches!(&app.screen, Screen::Menu(menu) if menu.setup.is_none()));
    press(&mut app, &["4", "l", "Up", "h", "h", "Enter"]);
    assert_eq!(position(&app), "4/b/-");
    assert_eq!(
        game(&app).computer(),
        Some(Computer::playing(Colour::Red, hexstack::ai::Level::new(1).unwrap()))
    );
}

#[test]
fn the_computer_shows_its_chain_capture_by_capture_then_plays_it() {
    let wakes = awake();
    let mut app = clamber("3/b/B2=b2,C3=r2,D4=r3,E4=r3")
        .with_computer(Some(Computer::playing(Colour::Blue, hexstack::ai::Level::new(2).unwrap())));
    at_once(&mut app);
    let seen = std::cell::RefCell::new(Vec::new());
    // Each step shows until the next timer: the loop wakes once a step.
    let over = run_until(&mut app, &wakes, PATIENCE, |app| {
        if let Some(chain) = &game(app).table.picked {
            seen.borrow_mut().push(chain.cells().map(|cell| cell.to_string()).collect::<Vec<_>>());
        }
        game(app).table.end().is_some()
    });
    assert!(over);
    let seen = seen.into_inner();
    assert_eq!(seen, [vec!["B2"], vec!["B2", "C3"], vec!["B2", "C3", "D4"]], "one capture at a time");
    assert_eq!(
        game(&app).table.read(|session| session.last_turn().map(|turn| turn.to_string())),
        Some("B2xC3xD4".into())
    );
    assert_eq!(game(&app).table.end(), Some(End::Won(Colour::Blue)));
    assert!(game(&app).table.picked.is_none());
}

#[test]
fn the_computer_can_play_both_sides_to_watch_and_undo_takes_back_one_turn() {
    let wakes = awake();
    let mut app = clamber("start").with_computer(Some(Computer {
        side: hexstack::session::Side::Both,
        level: hexstack::ai::Level::new(1).unwrap(),
    }));
    at_once(&mut app);
    let going = |app: &hexstack::app::App| {
        game(app).table.end().is_none() && game(app).table.read(|session| session.history().len()) < 4
    };
    run_until(&mut app, &wakes, PATIENCE, |app| !going(app));
    let played = game(&app).table.read(|session| session.history().len());
    assert!(played >= 3, "both sides played on their own: {played} turns");
    let shown = render(&app).backend().to_string();
    assert!(shown.contains("│both sides: the computer,") && shown.contains("│level 1 (beginner)"), "{shown}");
    press(&mut app, &["u"]);
    assert_eq!(
        game(&app).table.read(|session| session.history().len()),
        played - 1,
        "watching, undo takes back one turn"
    );
}

#[test]
fn the_panel_names_the_computer_and_its_level() {
    let app = clamber("start")
        .with_computer(Some(Computer::playing(Colour::Red, hexstack::ai::Level::new(5).unwrap())));
    let shown = render(&app).backend().to_string();
    assert!(shown.contains("│Red: the computer, level 5") && shown.contains("│(expert)"), "{shown}");
}

#[test]
fn a_hint_asked_just_after_the_computer_played_is_shown() {
    let wakes = awake();
    let mut app = clamber("start")
        .with_computer(Some(Computer::playing(Colour::Red, hexstack::ai::Level::new(1).unwrap())));
    at_once(&mut app);
    advise_within(&mut app, 2_000);
    press(&mut app, &["Enter"]);
    until_computer_played(&mut app, &wakes);
    press(&mut app, &["t"]);
    wait_for_advice(&mut app);
    assert!(message(&app).starts_with("hint: "), "{:?}", game(&app).table.message);
    assert!(!lit(&app).selected.is_empty(), "the suggested turn is lit");
}

#[test]
fn the_computer_plays_a_whole_game_against_itself_unattended() {
    let wakes = awake();
    let mut app = clamber("start").with_computer(Some(Computer {
        side: hexstack::session::Side::Both,
        level: hexstack::ai::Level::new(1).unwrap(),
    }));
    at_once(&mut app);
    let over = run_until(&mut app, &wakes, std::time::Duration::from_secs(60), |app| {
        game(app).table.end().is_some()
    });
    assert!(over, "nothing but its own searches and timers woke it: {}", position(&app));
    assert!(game(&app).table.read(|session| session.history().len()) >= 2);
}

#[test]
fn stepping_through_a_game_against_the_computer_never_makes_it_play() {
    let wakes = awake();
    // The computer plays Blue, who moves first.
    let mut app = clamber("start")
        .with_computer(Some(Computer::playing(Colour::Blue, hexstack::ai::Level::new(1).unwrap())));
    at_once(&mut app);
    until_computer_played(&mut app, &wakes);
    press(&mut app, &["l", "Enter"]);
    until_computer_played(&mut app, &wakes);
    let line = |app: &hexstack::app::App| {
        game(app).table.read(|session| session.all_turns().map(ToString::to_string).collect::<Vec<_>>())
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
            assert!(message(&app).starts_with("the computer waits:"), "{:?}", game(&app).table.message);
        }
    }
    // End goes back to the last turn; Enter on its turn lets it play from there.
    press(&mut app, &["End"]);
    assert_eq!(position(&app), line_end(&played));
    press(&mut app, &["Home", "Enter"]);
    until_computer_played(&mut app, &wakes);
    assert_eq!(line(&app).len(), 1, "it played from the start, a new line");
}

/// The position after Blue's first turn and Red's answer, then Blue's.
fn line_end(turns: &[String]) -> String {
    let mut position: hexstack::rules::clamber::Position = "start".parse().unwrap();
    for turn in turns {
        position = hexstack::rules::Game::play(&position, &turn.parse().unwrap()).unwrap();
    }
    position.to_string()
}

#[test]
fn one_position_has_one_verdict_through_undo_redo_and_asking_again() {
    let mut app = clamber("3/b/B2=b1,C3=r2,D4=r1,E4=r3,A1=b2");
    advise_within(&mut app, 30_000);
    let said_after = |app: &mut hexstack::app::App, keys: &[&str]| {
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
        .with_computer(Some(Computer::playing(Colour::Blue, hexstack::ai::Level::new(2).unwrap())));
    // The player's cursor rests on Red's E4, far from the capture.
    hover(&mut app, "E4");
    assert_eq!(game(&app).table.cursor.cell.to_string(), "E4");
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
        hexstack::ai::Budget { time: Some(std::time::Duration::from_secs(30)), ..Default::default() };
    press(&mut app, &["t"]);
    let shown = render(&app).backend().to_string();
    assert!(shown.contains("looking for a hint") && !shown.contains("thinking"), "{shown}");
}

#[test]
fn against_the_computer_the_help_says_undo_takes_back_its_answer_too() {
    let mut app = clamber("start")
        .with_computer(Some(Computer::playing(Colour::Red, hexstack::ai::Level::new(1).unwrap())));
    press(&mut app, &["?"]);
    let help = render(&app).backend().to_string();
    assert!(help.contains("take back your last turn and the"), "{help}");
    assert!(help.contains("offer the computer a draw"), "{help}");
}
