//! The Clamber screen driven by keys and clicks, with no terminal: events in, state out.

use crate::app::Profile;
use crate::app::menu::Entry;
use crate::app::prompt::Question;
use crate::app::{Overlay, Screen};
use crate::i18n::Lang;
use crate::record::End;
use crate::rules::Colour;
use crate::rules::GameKind;
use crate::rules::clamber::CaptureKind;
use crate::rules::hex::Cell;
use crate::testing::*;

fn cell(name: &str) -> Cell {
    name.parse().unwrap()
}

#[test]
fn enter_places_a_singleton_at_the_cursor() {
    let mut app = clamber("start");
    assert_eq!(game(&app).table.cursor().cell, cell("C3"));
    press(&mut app, &["Enter", "l", "Enter", "y", " "]);
    // C3 for Blue, D3 for Red, then up-left of D3 for Blue.
    assert_eq!(position(&app), "3/r/C3=b1,D3=r1,D4=b1");
    assert_eq!(game(&app).table.last_turn_cells(), [cell("D4")]);
}

#[test]
fn arrows_and_letters_move_the_cursor_on_the_board_only() {
    let mut app = clamber("start");
    press(&mut app, &["l", "l", "l"]);
    assert_eq!(game(&app).table.cursor().cell, cell("E3"), "the edge stops the cursor");
    // Up-right of E3 is off the board; then up-left, down-left, down-right, left.
    press(&mut app, &["i", "y", "b", "n", "h"]);
    assert_eq!(game(&app).table.cursor().cell, cell("C2"));
    // Up and down zigzag to stay in the same screen column.
    press(&mut app, &["Up", "Up", "Up"]);
    assert_eq!(game(&app).table.cursor().cell, cell("D5"));
    press(&mut app, &["Down", "Down", "Down", "Down", "Down"]);
    assert_eq!(game(&app).table.cursor().cell, cell("B1"));
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
    assert!(game(&app).table.picked().is_none());
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
    assert_eq!(game(&app).table.read(|record| record.history().len()), 0);
    press(&mut app, &["Enter"]);
    assert_eq!(position(&app), "3/r/B2=b2,B3=r1,C4=b3,D5=r1,E4=r3,E5=r3");
    assert_eq!(game(&app).table.read(|record| record.last_turn().unwrap().to_string()), "B2xC4");
}

#[test]
fn esc_ends_a_chain_and_cancels_a_bare_selection() {
    let mut app = clamber("3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3");
    click(&mut app, "B2");
    press(&mut app, &["Esc"]);
    assert!(game(&app).table.picked().is_none());
    assert_eq!(game(&app).table.read(|record| record.history().len()), 0);
    click(&mut app, "B2");
    click(&mut app, "C4");
    press(&mut app, &["Esc"]);
    assert_eq!(game(&app).table.read(|record| record.last_turn().unwrap().to_string()), "B2xC4");
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
    assert!(game(&app).table.picked().is_none());
}

#[test]
fn a_chain_that_wins_ends_the_game() {
    let mut app = clamber("3/b/B2=b2,C3=r2,D4=r3,E4=r3");
    click(&mut app, "B2");
    click(&mut app, "C3");
    click(&mut app, "D4");
    assert_eq!(game(&app).table.end(), Some(End::Won(Colour::Blue)));
    assert_eq!(line(&app), ("Success", "Blue played B2xC3xD4 and wins!".to_string()));
    // Enter now starts a new game on the same board, once the players say so.
    press(&mut app, &["Enter", "y"]);
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
    assert!(game(&app).table.picked().is_some());
    click(&mut app, "A1");
    assert_eq!(position(&app), "3/r/A1=b1,C3=b2,D3=r1");
}

#[test]
fn the_last_turn_stays_marked_with_what_it_removed() {
    let mut app = clamber("3/r/C3=r3,D3=b1,D4=b1,E4=b1,E3=b2");
    click(&mut app, "C3");
    click(&mut app, "D3");
    // C3 took D3, and D4 and E4 went with it: all four are the last turn, D4 and E4 marked removed.
    assert_eq!(names(&app, lit(&app).last), ["C3", "D3", "D4", "E4"]);
    // Blue selects a stack, the cursor on it: the last turn stays marked.
    click(&mut app, "E3");
    assert!(game(&app).table.picked().is_some());
    assert_eq!(names(&app, lit(&app).last), ["C3", "D3", "D4", "E4"]);
    let shown = render(&app).backend().to_string();
    assert!(
        shown.contains("*r3*") && shown.contains("x·x") && !shown.contains("*·*"),
        "what it removed shows as removed: {shown}"
    );
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
    assert_eq!(game(&app).table.read(|record| record.history().len()), 0, "nothing was played");
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
    let mut app = crate::app::App::new(Profile::default(), AREA);
    press(&mut app, &["Down", "Enter"]);
    assert_eq!(position(&app), "4/b/-");
    let mut app = crate::app::App::new(Profile::default(), AREA);
    press(
        &mut app,
        &[&number(Entry::Play(GameKind::Ombagui, GameKind::Ombagui.board(None).unwrap())), "Enter"],
    );
    assert_eq!(app.screen.game().map(|game| game.kind()), Some(GameKind::Ombagui));
    let mut app = crate::app::App::new(Profile::default(), AREA);
    press(&mut app, &[&number(Entry::Resume), "Enter"]);
    assert_eq!(app.request, Some(crate::app::Request::Resume), "resuming is the program's to do");
    let mut app = crate::app::App::new(Profile::default(), AREA);
    press(&mut app, &[&number(Entry::Review), "Enter"]);
    assert_eq!(app.request, Some(crate::app::Request::Review), "so is reviewing the last kept game");
    let mut app = crate::app::App::new(Profile::default(), AREA);
    press(&mut app, &[&number(Entry::Rules(GameKind::Ombagui)), "Enter"]);
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
