//! Properties of Clamber over random games on every board side: the turn list and `play`
//! agree exactly (every listed turn plays to the generator's position, every other capture
//! or placement between two cells is refused with a reason), and positions survive a trip
//! through the notation. The stacks a player threatens are the first targets of their captures.

use hexstack_rules::clamber::{Position, Setup, Stack, Turn};
use hexstack_rules::hex::{Board, Cell};
use hexstack_rules::{Colour, Game};
use proptest::prelude::*;

/// Every cell of the board, and a few just off it.
fn probe_cells(board: Board) -> Vec<Cell> {
    let side = board.side();
    board.cells().chain([Cell::new(0, 2 * side - 1), Cell::new(2 * side, 0), Cell::new(25, 25)]).collect()
}

/// Every turn of one more step than `prefix` (a placement when `prefix` is empty is left
/// to the caller): `prefix` then any probe cell.
fn extensions(prefix: &Turn, cells: &[Cell]) -> Vec<Turn> {
    let Turn::Capture { from, captured } = prefix else { return Vec::new() };
    cells
        .iter()
        .map(|&cell| Turn::Capture {
            from: *from,
            captured: captured.iter().copied().chain([cell]).collect(),
        })
        .collect()
}

/// `play` accepts exactly the listed turns among `candidates`, each to its listed position.
fn check_against_list(position: &Position, listed: &[(Turn, Position)], candidates: &[Turn]) {
    for turn in candidates {
        match (listed.iter().find(|(t, _)| t == turn), position.play(turn)) {
            (Some((_, next)), Ok(played)) => assert_eq!(&played, next, "{turn} in {position}"),
            (None, Err(reason)) => assert!(!reason.to_string().is_empty()),
            (Some(_), Err(reason)) => panic!("{turn} is listed in {position} but refused: {reason}"),
            (None, Ok(_)) => panic!("{turn} is not listed in {position} but was played"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn random_games_keep_the_rules(side in 2u32..=6, choices in prop::collection::vec(any::<u32>(), 1..80)) {
        let board = Board::new(side).unwrap();
        let cells = probe_cells(board);
        let mut position = Position::start(board);
        for choice in &choices {
            let listed = position.legal_turns_with_results();
            prop_assert_eq!(!listed.is_empty(), position.can_move(), "the quick check agrees in {}", position);
            prop_assert_eq!(listed.len(), position.turn_count(), "the count without positions agrees in {}", position);
            // The threatened stacks are the first targets of the listed captures.
            let first_targets: std::collections::BTreeSet<Cell> = listed
                .iter()
                .filter_map(|(turn, _)| match turn {
                    Turn::Capture { captured, .. } => Some(captured[0]),
                    Turn::Place(_) => None,
                })
                .collect();
            let threatened = board.cells_of(position.threatened()).collect();
            prop_assert_eq!(first_targets, threatened, "threatened stacks in {}", position);
            // Every placement, every single capture between two cells, and every chain
            // listed made one capture longer by any cell.
            let mut candidates: Vec<Turn> = cells.iter().map(|&cell| Turn::Place(cell)).collect();
            for &from in &cells {
                candidates.extend(cells.iter().map(|&to| Turn::Capture { from, captured: vec![to] }));
            }
            for (turn, _) in &listed {
                candidates.extend(extensions(turn, &cells));
            }
            check_against_list(&position, &listed, &candidates);
            for (turn, _) in &listed {
                prop_assert_eq!(turn.to_string().parse::<Turn>(), Ok(turn.clone()));
            }
            let text = position.to_string();
            prop_assert_eq!(text.parse::<Position>().map(|p| p.to_string()), Ok(text.clone()));
            if position.winner().is_none() {
                prop_assert_eq!(text.parse::<Position>(), Ok(position), "round trip of {}", text);
            } else {
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
fn a_won_game_was_won_by_a_capture_that_emptied_the_other_side() {
    let position: Position = "3/b/B2=b2,C3=r2,D4=r3,E4=r3".parse().unwrap();
    for (turn, next) in position.legal_turns_with_results() {
        let emptied = next.cells_of(Colour::Red).is_empty();
        assert_eq!(next.winner().is_some(), emptied, "{turn}");
    }
}

/// The first targets of the captures `colour` could make with the stacks of `position`,
/// found by listing every turn of the position with `colour` to move.
fn first_targets(position: &Position, colour: Colour) -> std::collections::BTreeSet<Cell> {
    let mover = if position.to_move() == colour { *position } else { position.skipped() };
    mover
        .legal_turns()
        .into_iter()
        .filter_map(|turn| match turn {
            Turn::Capture { captured, .. } => Some(captured[0]),
            Turn::Place(_) => None,
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any arrangement of stacks, heights 1 to 4 so that equal heights meet often: what each
    /// side threatens is what its listed captures take first, whoever is to move.
    #[test]
    fn either_side_threatens_what_its_captures_take_first(
        side in 2u32..=4,
        cells in prop::collection::vec((0u8..3, 1u16..=4), 37),
        blue_to_move in any::<bool>(),
    ) {
        let board = Board::new(side).unwrap();
        let stacks = board
            .cells()
            .zip(&cells)
            .filter_map(|(cell, &(owner, height))| {
                let owner = [Colour::Blue, Colour::Red].get(usize::from(owner))?;
                Some((cell, Stack::new(*owner, height)?))
            })
            .collect();
        let to_move = if blue_to_move { Colour::Blue } else { Colour::Red };
        let position = Position::try_from(Setup { board, to_move, stacks }).unwrap();
        for colour in [Colour::Blue, Colour::Red] {
            let threatened: std::collections::BTreeSet<Cell> =
                board.cells_of(position.threatened_by(colour)).collect();
            prop_assert_eq!(threatened, first_targets(&position, colour), "{} in {}", colour, position);
        }
        prop_assert_eq!(position.threatened(), position.threatened_by(to_move));
    }
}
