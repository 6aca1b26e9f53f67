//! Ombagui's movement, stacking and ending rules on small hand-made positions.

use hexstack_rules::hex::Cell;
use hexstack_rules::ombagui::{BOARD, Move, Position};
use hexstack_rules::{Colour, Game, Outcome, perft};

fn position(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn cell(name: &str) -> Cell {
    name.parse().unwrap()
}

/// Where the top piece on `from` may go, by name.
fn reach(position: &Position, from: &str) -> Vec<String> {
    position.destinations(cell(from)).iter().map(|i| BOARD.cell(i).to_string()).collect()
}

fn refusal(position: &Position, mv: &str) -> String {
    position.play(mv.parse::<Move>().unwrap()).unwrap_err().to_string()
}

fn play(position: &Position, mv: &str) -> Position {
    position.play(mv.parse::<Move>().unwrap()).unwrap_or_else(|e| panic!("{mv}: {e}"))
}

#[test]
fn a_dark_moves_exactly_three_cells_along_paths_that_bend() {
    let p = position("r/D4=rD");
    // From the centre a bending path of three reaches every other cell, even the neighbours
    // (D4-E4-E5-D5), but never the cell it left.
    assert_eq!(reach(&p, "D4").len(), 36);
    assert!(reach(&p, "D4").contains(&"D5".to_string()));
    assert_eq!(refusal(&p, "D4-D4"), "a piece must leave D4 to move");
    // From a corner, a straight line and a bent path.
    let corner = position("r/A1=rD");
    assert!(reach(&corner, "A1").contains(&"A4".to_string()));
    assert!(reach(&corner, "A1").contains(&"C3".to_string()));
    assert!(!reach(&corner, "A1").contains(&"E4".to_string()), "E4 is four cells away");
}

#[test]
fn a_dark_cannot_pass_over_pieces() {
    // D7 is reached only through D5; a light there blocks the way (but may be landed on).
    let p = position("r/D4=rD,D5=bL");
    assert!(!reach(&p, "D4").contains(&"D7".to_string()));
    assert!(reach(&p, "D4").contains(&"D5".to_string()));
    assert_eq!(refusal(&p, "D4-D7"), "blocked: the path needs empty cells");
    assert_eq!(refusal(&p, "D4-D4"), "a piece must leave D4 to move");
    // Surrounded, it cannot move at all.
    let walled = position("r/D4=rD,C3=bL,C4=bL,D3=bL,D5=bM,E4=bM,E5=bM");
    assert!(reach(&walled, "D4").is_empty());
}

#[test]
fn a_dark_lands_on_a_light_a_medium_or_both_and_on_nothing_darker() {
    let p = position("r/D4=rD,D7=bL,G7=bM,A1=bL.rM");
    let reach = reach(&p, "D4");
    for target in ["D7", "G7", "A1"] {
        assert!(reach.contains(&target.to_string()), "{target}");
    }
    assert_eq!(play(&p, "D4-A1").stack(cell("A1")).to_string(), "bL.rM.rD");
    let p = position("r/D4=rD,D7=bD,G7=bL.bD,A1=bM.bD,A4=rL.rM.rD");
    for target in ["D7", "G7", "A1", "A4"] {
        assert!(!self::reach(&p, "D4").contains(&target.to_string()), "{target}");
        assert_eq!(refusal(&p, &format!("D4-{target}")), "a dark cannot stand on a dark");
    }
}

#[test]
fn a_medium_moves_two_cells_and_lands_only_on_a_lone_light() {
    let p = position("r/D4=rM,D6=bL,F5=bM,B2=bL.bM,F6=bD");
    let reach = reach(&p, "D4");
    assert!(reach.contains(&"D6".to_string()));
    assert_eq!(reach.len(), 18 - 3, "every cell within two steps but the three it cannot stand on");
    assert_eq!(refusal(&p, "D4-F5"), "a medium cannot stand on a medium");
    assert_eq!(refusal(&p, "D4-B2"), "a medium cannot stand on a medium");
    assert_eq!(refusal(&p, "D4-F6"), "a medium cannot stand on a dark");
    // Two steps may bend back beside the start (D4-E5-D5), but never reach three away.
    assert!(reach.contains(&"D5".to_string()));
    assert_eq!(refusal(&p, "D4-D7"), "a medium moves exactly 2 cells: D7 is out of reach from D4");
    assert_eq!(play(&p, "D4-D6").stack(cell("D6")).to_string(), "bL.rM");
    // D6 is reached only through D5.
    let blocked = position("r/D4=rM,D5=bD");
    assert_eq!(refusal(&blocked, "D4-D6"), "blocked: the path needs empty cells");
}

#[test]
fn a_path_never_visits_a_cell_twice() {
    // The medium's only open neighbour is D5, and every cell beyond D5 is a dark: the
    // only two-step walk, D4-D5-D4, comes back to where it started.
    let p = position("r/D4=rM,C3=bD,C4=bD,D3=bD,E4=bD,E5=rD,C5=rD,D6=rD,E6=rD");
    assert!(reach(&p, "D4").is_empty());
    // A light that jumps over D5 and back does not land where it started.
    let p = position("r/D4=rL,D5=bL.bM.bD");
    assert!(!reach(&p, "D4").contains(&"D4".to_string()));
}

#[test]
fn a_light_steps_once_or_jumps_over_towers_of_three() {
    let p = position("r/D4=rL");
    assert_eq!(reach(&p, "D4"), ["C3", "C4", "D3", "D5", "E4", "E5"]);
    assert_eq!(
        refusal(&p, "D4-D6"),
        "a light steps to a neighbouring cell or jumps: D6 is out of reach from D4"
    );
    // Over the tower on D5 to D6, then over the tower on E6 to F6: a chain of jumps.
    let p = position("r/D4=rL,D5=bL.bM.bD,E6=rL.rM.rD");
    assert_eq!(reach(&p, "D4"), ["C3", "C4", "D3", "D6", "E4", "E5", "F6"]);
    let landings: Vec<String> =
        p.jump_landings(cell("D4")).iter().map(|i| BOARD.cell(i).to_string()).collect();
    assert_eq!(landings, ["D6", "F6"]);
    assert_eq!(play(&p, "D4-F6").stack(cell("F6")).to_string(), "rL");
    assert_eq!(refusal(&p, "D4-D5"), "a light cannot stand on a dark");
}

#[test]
fn a_light_jumps_over_nothing_lower_and_lands_only_on_empty_cells() {
    let p = position("r/D4=rL,D5=bL.bM,C4=bD,E5=rM.rD");
    assert!(p.jump_landings(cell("D4")).is_empty());
    let p = position("r/D4=rL,D5=bL.bM.bD,D6=bM");
    assert!(p.jump_landings(cell("D4")).is_empty());
    assert!(!reach(&p, "D4").contains(&"D6".to_string()));
}

#[test]
fn covered_pieces_cannot_move() {
    let p = position("r/D4=rL.bM");
    assert!(reach(&p, "D4").is_empty());
    assert_eq!(refusal(&p, "D4-D5"), "the top piece on D4 is Blue's");
    // Only the top piece leaves; the whole stack never moves.
    let p = position("r/D4=rL.rM");
    assert_eq!(play(&p, "D4-D6").to_string(), "b/D4=rL,D6=rM");
    assert_eq!(refusal(&p, "C1-C2"), "there is no piece on C1");
}

#[test]
fn rebuilding_four_towers_on_the_far_row_wins() {
    let p = position("r/D7=rL.rM.rD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM,D4=rD,A1=bL");
    assert_eq!(p.towers_home(Colour::Red), 3);
    let won = play(&p, "D4-G7");
    assert_eq!(won.towers_home(Colour::Red), 4);
    assert_eq!(won.winner(), Some(Colour::Red));
    assert_eq!(won.outcome(), Outcome::Won(Colour::Red));
    assert!(won.legal_turns().is_empty());
    assert_eq!(refusal(&won, "A1-A2"), "the game is over");
    assert_eq!(perft(&won, 3), 1);
    // Towers of the wrong colour, or on one's own row, do not count.
    assert_eq!(Position::start().towers_home(Colour::Red), 0);
    assert_eq!(position("b/D7=bL.rM.rD").towers_home(Colour::Red), 0);
}

#[test]
fn a_player_who_cannot_move_is_skipped() {
    // Blue's only piece is covered by a red medium.
    let p = position("b/D4=bL.rM");
    assert!(p.legal_turns().is_empty());
    assert_eq!(p.outcome(), Outcome::Ongoing);
    let red = p.skipped().legal_turns().len() as u64;
    assert_eq!(red, 18);
    assert_eq!(perft(&p, 1), 1);
    assert_eq!(perft(&p, 2), red);
}

#[test]
fn nobody_able_to_move_is_a_draw() {
    let p = position("r/-");
    assert_eq!(p.outcome(), Outcome::Drawn);
    assert_eq!(perft(&p, 4), 1);
    assert_eq!(refusal(&p, "A1-A2"), "the game is over");
}
