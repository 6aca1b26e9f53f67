//! Properties of Ombagui over random games: the move list and `play` agree on every pair
//! of cells, no piece is ever created or lost, and the notation round-trips.

use hexstack_rules::hex::Cell;
use hexstack_rules::ombagui::{BOARD, Move, Position};
use hexstack_rules::{Colour, Game};
use proptest::prelude::*;

/// How many pieces of each colour and kind are on the board.
fn census(position: &Position) -> [[usize; 3]; 2] {
    let mut counts = [[0; 3]; 2];
    for (_, stack) in position.stacks() {
        for piece in stack.pieces() {
            counts[piece.colour.index()][piece.kind as usize] += 1;
        }
    }
    counts
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_games_keep_the_rules(choices in prop::collection::vec(any::<u32>(), 1..150)) {
        let mut position = Position::start();
        let start_census = census(&position);
        let cells: Vec<Cell> = BOARD.cells().chain([Cell::new(7, 7), Cell::new(0, 6)]).collect();
        for choice in &choices {
            prop_assert_eq!(census(&position), start_census, "pieces changed in {}", position);
            let text = position.to_string();
            prop_assert_eq!(text.parse::<Position>(), Ok(position), "round trip of {}", text);
            let listed = position.legal_turns_with_results();
            // Every pair of cells: a move exactly when it is listed, to the listed position.
            for &from in &cells {
                for &to in &cells {
                    let mv = Move { from, to };
                    match (listed.iter().find(|(m, _)| *m == mv), position.play(mv)) {
                        (Some((_, next)), Ok(played)) => prop_assert_eq!(played, *next),
                        (None, Err(reason)) => prop_assert!(!reason.to_string().is_empty()),
                        (listed, played) => {
                            prop_assert!(false, "{} in {}: listed {}, played {:?}", mv, position, listed.is_some(), played)
                        }
                    }
                }
            }
            for (mv, _) in &listed {
                prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(*mv));
            }
            if position.winner().is_some() {
                break;
            }
            position = match listed.len() {
                0 => position.skipped(),
                n => listed[*choice as usize % n].1,
            };
        }
    }
}

#[test]
fn each_player_has_four_of_each_kind_at_the_start() {
    let counts = census(&Position::start());
    assert_eq!(counts[Colour::Red.index()], [4, 4, 4]);
    assert_eq!(counts[Colour::Blue.index()], [4, 4, 4]);
}
