//! Properties of Clamber over random games: the turn list and `play` agree, invariants
//! hold after every turn, and everything survives a trip through the notation.

use hexstack::rules::clamber::{Position, Turn};
use hexstack::rules::hex::{Board, Cell};
use proptest::prelude::*;

/// Checks what must hold of every position a game can reach.
fn check_invariants(position: &Position) {
    let board = position.board();
    let blue = position.cells_of(hexstack::rules::Colour::Blue);
    let red = position.cells_of(hexstack::rules::Colour::Red);
    assert!((blue & red).is_empty(), "a cell owned twice in {position}");
    assert_eq!((blue | red) - board.all(), Default::default(), "a stack off the board in {position}");
    for (cell, stack) in position.stacks() {
        assert!(stack.height() >= 1, "height 0 at {cell} in {position}");
    }
    let text = position.to_string();
    let cells: Vec<&str> =
        text.rsplit('/').next().unwrap().split(',').map(|e| &e[..e.find('=').unwrap_or(0)]).collect();
    let mut unique = cells.clone();
    unique.dedup();
    assert_eq!(cells, unique, "a cell listed twice in {text}");
    assert_eq!(text.parse::<Position>().as_ref(), Ok(position), "round trip of {text}");
}

/// A turn text built from arbitrary cells, on or off the board.
fn probe_turn(cells: &[(u8, u8)]) -> Turn {
    let cells: Vec<Cell> = cells.iter().map(|&(c, r)| Cell::new(c, r)).collect();
    match cells[..] {
        [cell] => Turn::Place(cell),
        _ => Turn::Capture { from: cells[0], captured: cells[1..].to_vec() },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_keep_the_rules(
        side in 2u32..=4,
        choices in prop::collection::vec(any::<u32>(), 1..120),
        probes in prop::collection::vec(prop::collection::vec((0u8..8, 0u8..8), 1..4), 120),
    ) {
        let mut position = Position::start(Board::new(side).unwrap());
        for (choice, probe) in choices.iter().zip(&probes) {
            check_invariants(&position);
            let turns = position.legal_turns_with_results();
            prop_assert_eq!(turns.len(), position.turn_count());
            prop_assert_eq!(!turns.is_empty(), position.can_move());
            for (turn, next) in &turns {
                // Every listed turn plays, to the very position the generator made.
                prop_assert_eq!(position.play(turn), Ok(*next), "{} in {}", turn, position);
                prop_assert_eq!(turn.to_string().parse::<Turn>(), Ok(turn.clone()));
            }
            // A turn that is not listed is refused, with a reason to show.
            let probe = probe_turn(probe);
            if !turns.iter().any(|(turn, _)| *turn == probe) {
                let refused = position.play(&probe);
                prop_assert!(refused.is_err(), "{} was played in {}", probe, position);
                prop_assert!(!refused.unwrap_err().to_string().is_empty());
            }
            if position.winner().is_some() {
                break;
            }
            position = match turns.len() {
                0 => position.skipped(),
                n => turns[*choice as usize % n].1,
            };
        }
    }
}
