//! Properties of Ombagui over random games: the move list and `play` agree, no piece is
//! ever created or lost, every stack stays a legal stacking, and the notation round-trips.

use hexstack::rules::Colour;
use hexstack::rules::hex::Cell;
use hexstack::rules::ombagui::{Kind, Move, Position};
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

fn check_invariants(position: &Position, start_census: [[usize; 3]; 2]) {
    assert_eq!(census(position), start_census, "pieces changed in {position}");
    for (cell, stack) in position.stacks() {
        assert!(stack.height() <= 3, "{cell} in {position}");
        let kinds: Vec<Kind> = stack.pieces().map(|p| p.kind).collect();
        assert!(kinds.windows(2).all(|pair| pair[0] < pair[1]), "bad stacking at {cell} in {position}");
    }
    let text = position.to_string();
    assert_eq!(text.parse::<Position>().as_ref(), Ok(position), "round trip of {text}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn random_games_keep_the_rules(
        choices in prop::collection::vec(any::<u32>(), 1..150),
        probes in prop::collection::vec(((0u8..8, 0u8..8), (0u8..8, 0u8..8)), 150),
    ) {
        let mut position = Position::start();
        let start_census = census(&position);
        prop_assert_eq!(start_census, [[4; 3]; 2]);
        for (choice, &((fc, fr), (tc, tr))) in choices.iter().zip(&probes) {
            check_invariants(&position, start_census);
            let moves = position.legal_moves();
            prop_assert_eq!(moves.len(), position.move_count());
            for mv in &moves {
                prop_assert!(position.play(*mv).is_ok(), "{} in {}", mv, position);
                prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(*mv));
            }
            let probe = Move { from: Cell::new(fc, fr), to: Cell::new(tc, tr) };
            if !moves.contains(&probe) {
                let refused = position.play(probe);
                prop_assert!(refused.is_err(), "{} was played in {}", probe, position);
                prop_assert!(!refused.unwrap_err().to_string().is_empty());
            }
            if position.winner().is_some() {
                break;
            }
            position = match moves.len() {
                0 => position.skipped(),
                n => position.play(moves[*choice as usize % n]).unwrap(),
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
