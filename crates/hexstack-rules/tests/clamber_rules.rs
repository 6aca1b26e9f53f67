//! Clamber's rules on the seed examples of RULES.md and on small hand-made positions.

use hexstack_rules::clamber::{IllegalTurn, Position, Turn};
use hexstack_rules::hex::{Cell, CellSet};
use hexstack_rules::{Colour, Game, Outcome, perft};

fn position(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn turn(text: &str) -> Turn {
    text.parse().unwrap()
}

fn play(position: &Position, text: &str) -> Position {
    position.play(&turn(text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The cells of `set` by name, in cell order.
fn names(position: &Position, set: CellSet) -> Vec<String> {
    set.iter().map(|i| position.board().cell(i).to_string()).collect()
}

fn cell(name: &str) -> Cell {
    name.parse().unwrap()
}

fn listed(position: &Position) -> Vec<String> {
    position.legal_turns().iter().map(Turn::to_string).collect()
}

#[test]
fn seed_lower_capture_removes_the_rest_of_the_sub_group() {
    let before = position("3/r/C3=r3,D3=b1,D4=b1,E4=b1,E3=b2");
    assert_eq!(names(&before, before.sub_group(cell("D3"))), ["D3", "D4", "E4"]);
    let after = play(&before, "C3xD3");
    assert_eq!(after.to_string(), "3/b/C3=r3,D3=r2,E3=b2");
    assert_eq!(names(&before, before.emptied(&after)), ["D4", "E4"], "the captured stack stays, capped");
    assert_eq!(after.winner(), None);
    // A lower capture ends the turn: nothing may follow it.
    assert_eq!(before.play(&turn("C3xD3xE3")), Err(IllegalTurn::AfterLowerCapture("D3".parse().unwrap())));
}

#[test]
fn seed_equal_chain_captures_twice() {
    let before = position("3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3");
    // C4 is not next to B2, but its group touches B2 through B3.
    let board = before.board();
    assert!(!board.holds(board.neighbours(board.index(cell("B2")).unwrap()), cell("C4")));
    let first = play(&before, "B2xC4");
    assert_eq!(first.to_string(), "3/r/B2=b2,B3=r1,C4=b3,D5=r1,E4=r3,E5=r3");
    let after = play(&before, "B2xC4xE5");
    assert_eq!(after.to_string(), "3/r/B2=b2,B3=r1,C4=b3,D5=r1,E5=b4");
    assert_eq!(names(&before, before.emptied(&after)), ["D4", "E4"]);
    // Both stopping points are turns; nothing goes on from E5.
    let turns = listed(&before);
    assert!(turns.contains(&"B2xC4".to_string()));
    assert!(turns.contains(&"B2xC4xE5".to_string()));
    assert!(!turns.iter().any(|t| t.starts_with("B2xC4xE5x")));
}

#[test]
fn group_joins_any_heights_and_sub_group_one_height() {
    // B2, C3, D3 and D4 touch in a row; A3 stands apart; B2 and D3 share height 2.
    let p = position("3/b/A3=b1,B2=b2,C3=b1,D3=b2,D4=b2,E5=r2");
    assert_eq!(names(&p, p.group(cell("D3"))), ["B2", "C3", "D3", "D4"]);
    assert_eq!(names(&p, p.sub_group(cell("D3"))), ["D3", "D4"]);
    // B2 is in D3's group but not in its sub-group: C3 between them has height 1.
    assert_eq!(names(&p, p.sub_group(cell("B2"))), ["B2"]);
    assert_eq!(names(&p, p.group(cell("A3"))), ["A3"]);
    // Groups are of one colour: the red E5 touches D4 but is not in its group.
    assert_eq!(names(&p, p.group(cell("E5"))), ["E5"]);
    assert!(p.group(cell("C1")).is_empty());
}

#[test]
fn equal_capture_needs_a_touching_group() {
    // C5's red group (C5 alone) does not touch the blue A1.
    let p = position("3/b/A1=b1,C5=r1");
    assert_eq!(p.play(&turn("A1xC5")).unwrap_err().to_string(), "C5 is not in an enemy group next to A1");
    let p = position("3/b/A1=b2,C5=r1");
    assert_eq!(p.play(&turn("A1xC5")).unwrap_err().to_string(), "C5 is lower than A1 but not next to it");
    let p = position("3/b/A1=b1,A2=r2");
    assert_eq!(p.play(&turn("A1xA2")).unwrap_err().to_string(), "A2 (height 2) is higher than A1 (height 1)");
}

#[test]
fn placements_go_on_empty_cells_only() {
    let p = position("3/b/C3=r1");
    assert_eq!(play(&p, "a1").to_string(), "3/r/A1=b1,C3=r1");
    assert_eq!(p.play(&turn("C3")), Err(IllegalTurn::Occupied("C3".parse().unwrap())));
    assert_eq!(p.play(&turn("E1")).unwrap_err().to_string(), "no cell E1 on a side-3 board");
    assert_eq!(p.play(&turn("C3xA1")).unwrap_err().to_string(), "the stack on C3 is Red's");
    assert_eq!(p.play(&turn("A1xC3")).unwrap_err().to_string(), "there is no stack on A1");
}

#[test]
fn a_chain_stops_where_it_wins() {
    // B2 takes C3 (height 2); C3, now height 3, takes D4, whose sub-group E4 goes with it.
    let p = position("3/b/B2=b2,C3=r2,D4=r3,E4=r3");
    // E4 need not touch C3: it is in the red group that touches it, so it may be taken too.
    let turns = listed(&p);
    let chains: Vec<&String> = turns.iter().filter(|t| t.starts_with("B2x")).collect();
    assert_eq!(chains, ["B2xC3", "B2xC3xD4", "B2xC3xE4"]);
    let after = play(&p, "B2xC3xD4");
    assert_eq!(after.to_string(), "3/r/B2=b2,C3=b3,D4=b4");
    assert_eq!(after.winner(), Some(Colour::Blue));
    assert_eq!(after.outcome(), Outcome::Won(Colour::Blue));
    assert!(after.legal_turns().is_empty());
    assert_eq!(after.play(&turn("A1")), Err(IllegalTurn::GameOver(Colour::Blue)));
    // A won game is a leaf; a winning turn counts one at any depth.
    assert_eq!(perft(&after, 3), 1);
    // After stopping at C3, Red has 15 placements and D4xC3.
    assert_eq!(perft(&play(&p, "B2xC3"), 1), 16);
    // Nothing may follow the winning capture.
    let longer = position("3/b/B2=b2,C3=r2,D4=r3,E4=r3").play(&turn("B2xC3xD4xE4"));
    assert_eq!(longer.unwrap_err().to_string(), "the capture of D4 already won the game");
}

#[test]
fn a_player_with_no_legal_turn_is_skipped() {
    // A full side-2 board: the blue singletons cannot touch the red 3; Red can.
    let p = position("2/b/A1=b1,A2=b1,B1=b1,B2=r3,B3=b1,C2=b1,C3=b1");
    assert!(p.legal_turns().is_empty());
    assert!(!p.can_move());
    assert_eq!(p.outcome(), Outcome::Ongoing);
    let red = p.skipped();
    assert_eq!(red.to_move(), Colour::Red);
    assert_eq!(listed(&red), ["B2xA1", "B2xA2", "B2xB1", "B2xB3", "B2xC2", "B2xC3"]);
    // The skip counts as one move: depth 1 is the skip, depth 2 the six winning captures.
    assert_eq!(perft(&p, 1), 1);
    assert_eq!(perft(&p, 2), 6);
    assert_eq!(play(&red, "B2xA1").winner(), Some(Colour::Red));
}

#[test]
fn nobody_can_move_on_a_full_board_of_one_colour() {
    let p = position("2/r/A1=b1,A2=b1,B1=b1,B2=b1,B3=b1,C2=b1,C3=b1");
    assert_eq!(p.winner(), None);
    assert_eq!(p.outcome(), Outcome::Drawn);
}

#[test]
fn the_first_placement_is_not_a_win() {
    let p = play(&position("start"), "C3");
    assert_eq!(p.winner(), None);
    assert_eq!(p.legal_turns().len(), 18);
}

#[test]
fn only_a_capture_wins_not_a_hand_made_board() {
    // Red has no stack here, but no capture took them: Red places, and the game goes on.
    let p = position("3/r/C3=b2");
    assert_eq!(p.winner(), None);
    assert_eq!(p.outcome(), Outcome::Ongoing);
    assert_eq!(p.legal_turns().len(), 18);
    assert_eq!(play(&p, "A1").to_string(), "3/b/A1=r1,C3=b2");
}
