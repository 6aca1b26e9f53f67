//! The Ombagui screen driven by keys and clicks, with no terminal: events in, state out.

use crate::app::{App, Computer};
use crate::record::End;
use crate::rules::Colour;
use crate::rules::ombagui::Position;
use crate::testing::*;

/// Where the picked-up piece may go, by name, in cell order.
fn reach(app: &App) -> Vec<String> {
    names(app, lit(app).targets | lit(app).jumps)
}

fn jumps(app: &App) -> Vec<String> {
    names(app, lit(app).jumps)
}

#[test]
fn a_dark_is_picked_up_and_moved_three_cells() {
    let mut app = ombagui("start");
    // The cursor starts on D4; down-right three times reaches D1.
    press(&mut app, &["n", "n", "n", "Enter"]);
    assert_eq!(reach(&app), ["B2", "C2", "C3", "D2", "D3", "D4", "E2", "E3", "E4", "F3", "F4", "G4"]);
    press(&mut app, &["y", "y", "y", "Enter"]);
    assert_eq!(
        position(&app),
        "b/A1=rL.rM.rD,B1=rL.rM.rD,C1=rL.rM.rD,D1=rL.rM,D4=rD,D7=bL.bM.bD,E7=bL.bM.bD,F7=bL.bM.bD,G7=bL.bM.bD"
    );
    assert_eq!(ombagui_game(&app).table.last_move_cells(), ["D1".parse().unwrap(), "D4".parse().unwrap()]);
}

#[test]
fn a_medium_moves_two_cells_and_stacks_on_a_lone_light() {
    let mut app = ombagui("r/D1=rL.rM,D3=bL,A1=bL");
    click(&mut app, "D1");
    assert!(reach(&app).contains(&"D3".to_string()));
    click(&mut app, "D3");
    assert_eq!(position(&app), "b/A1=bL,D1=rL,D3=bL.rM");
}

#[test]
fn a_light_steps_or_jumps_and_its_jumps_are_told_apart() {
    let mut app = ombagui("r/D2=rL,D3=bL.bM.bD,E5=rL.rM.rD,A1=bM");
    click(&mut app, "D2");
    assert_eq!(reach(&app), ["C1", "C2", "D1", "D4", "E2", "E3", "F6"]);
    assert_eq!(jumps(&app), ["D4", "F6"], "over D3, then over E5: a chain of jumps");
    click(&mut app, "F6");
    assert_eq!(position(&app), "b/A1=bM,D3=bL.bM.bD,E5=rL.rM.rD,F6=rL");
}

#[test]
fn esc_puts_the_piece_back_and_another_of_yours_picks_that_one() {
    let mut app = ombagui("start");
    click(&mut app, "D1");
    press(&mut app, &["Esc"]);
    assert!(ombagui_game(&app).table.picked().is_none());
    click(&mut app, "D1");
    click(&mut app, "A1");
    assert_eq!(ombagui_game(&app).table.picked(), Some(&"A1".parse().unwrap()));
}

#[test]
fn refused_choices_say_why() {
    let mut app = ombagui("start");
    click(&mut app, "D7");
    assert_eq!(line(&app), ("Warning", "the top piece on D7 is Blue's".to_string()));
    click(&mut app, "D4");
    assert!(message(&app).starts_with("pick one of your pieces first"));
    click(&mut app, "D1");
    click(&mut app, "D5");
    assert_eq!(
        line(&app),
        ("Warning", "a dark moves exactly 3 cells: D5 is out of reach from D1".to_string())
    );
    // D7 is three cells from D4, but only through D5.
    let mut app = ombagui("r/D4=rD,D5=bL,A1=bL");
    click(&mut app, "D4");
    click(&mut app, "D7");
    assert_eq!(line(&app), ("Warning", "blocked: the path needs empty cells".to_string()));
    let mut app = ombagui("r/D4=rD,D7=bL.bD,A1=bL");
    click(&mut app, "D4");
    click(&mut app, "D7");
    assert_eq!(line(&app), ("Warning", "a dark cannot stand on a dark".to_string()));
    assert!(ombagui_game(&app).table.read(|record| record.history().is_empty()), "nothing was played");
    // A covered piece cannot be picked up.
    let mut app = ombagui("r/D4=rL.bM,A1=rD");
    click(&mut app, "D4");
    assert_eq!(line(&app), ("Warning", "the top piece on D4 is Blue's".to_string()));
}

#[test]
fn undo_and_redo_take_whole_moves() {
    let mut app = ombagui("start");
    click(&mut app, "D1");
    click(&mut app, "D4");
    click(&mut app, "D7");
    click(&mut app, "D5");
    let after = position(&app);
    press(&mut app, &["u", "u"]);
    assert_eq!(position(&app), Position::start().to_string());
    press(&mut app, &["C-r", "C-r"]);
    assert_eq!(position(&app), after);
}

#[test]
fn rebuilding_the_fourth_tower_wins() {
    let mut app = ombagui("r/D7=rL.rM.rD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM,D4=rD,A1=bL");
    click(&mut app, "D4");
    click(&mut app, "G7");
    assert_eq!(ombagui_game(&app).table.end(), Some(End::Won(Colour::Red)));
    assert_eq!(line(&app), ("Success", "Red played D4-G7 and wins!".to_string()));
}

#[test]
fn a_player_who_cannot_move_is_skipped() {
    // Blue's only piece is under the red medium once it lands there.
    let mut app = ombagui("r/D1=rM,D3=bL,A4=rD");
    click(&mut app, "D1");
    click(&mut app, "D3");
    assert_eq!(ombagui_game(&app).table.to_move(), Colour::Red);
    assert!(message(&app).contains("Blue cannot move and passes"));
}

/// A blockade from a game against level 2: each side's lights are covered by the other's
/// pieces, and neither can free the other's without losing the race.
const BLOCKADE: &str = "b/A2=bD,B1=bL.bM.bD,B4=rD,C4=rM.bD,C5=rL.bM,D2=bM,D5=bL.rM,E3=rL.bM,E7=rL.rM.rD,\
                        F3=rL.rM,F4=bD,F6=bL.rD,G4=bL.rD";

#[test]
fn the_computer_takes_a_draw_in_a_game_that_stays_even() {
    let red_level_2 = Some(Computer::playing(Colour::Red, crate::ai::Level::new(2).unwrap()));
    let mut app = ombagui(BLOCKADE).with_computer(red_level_2);
    press(&mut app, &["d", "y"]);
    assert_eq!(ombagui_game(&app).table.end(), None, "even, and new: it plays on");
    // Both go to and fro for 20 turns, then the computer takes Red's seat.
    let mut app = ombagui(BLOCKADE);
    for _ in 0..5 {
        for (from, to) in [("A2", "A3"), ("B4", "C5"), ("A3", "A2"), ("C5", "B4")] {
            click(&mut app, from);
            click(&mut app, to);
        }
        assert_eq!(position(&app), BLOCKADE);
    }
    let mut app = app.with_computer(red_level_2);
    press(&mut app, &["d", "y"]);
    assert_eq!(ombagui_game(&app).table.end(), Some(End::Drawn), "after 20 even turns, it agrees");
}

#[test]
fn a_mutual_blockade_is_named_and_the_computer_takes_a_draw_there_saying_why() {
    // Each side has three towers home, and its fourth under the other side's dark.
    let blockade =
        "b/A1=bL.bM.rD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bL.bM.bD,D7=rL.rM.bD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM.rD";
    let mut app = ombagui(blockade)
        .with_computer(Some(Computer::playing(Colour::Red, crate::ai::Level::new(2).unwrap())));
    let shown = render(&app).backend().to_string();
    assert!(shown.contains("A blockade: neither side"), "{shown}");
    press(&mut app, &["d", "y"]);
    assert_eq!(ombagui_game(&app).table.end(), Some(End::Drawn));
    assert_eq!(message(&app), "The computer accepts the draw: neither side can finish");
}
