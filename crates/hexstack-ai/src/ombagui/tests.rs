use super::race::{ON_BOARD, Pieces, Race, THEIRS_BOXED_IN, around, grid, moves_to_win, steps_to};
use super::*;
use crate::review::{Class, budget};
use crate::testing::{best, classes, plies, review};
use crate::{Budget, DrawAnswer, DrawReason, EVEN_FOR, Level, Search, draw_answer};
use hexstack_rules::{Colour, Game};
use std::sync::atomic::AtomicBool;

fn position(text: &str) -> Position {
    text.parse().expect("a position")
}

#[test]
fn the_grid_knows_the_boards_cells_and_their_neighbours() {
    use hexstack_rules::ombagui::BOARD;
    let cells: Vec<Cell> = BOARD.cells().collect();
    assert_eq!(cells.iter().fold(0, |all, &cell| all | grid(cell)), ON_BOARD);
    for (index, &cell) in cells.iter().enumerate() {
        let neighbours = BOARD.cells_of(BOARD.neighbours(index)).fold(0, |all, cell| all | grid(cell));
        assert_eq!(around(grid(cell)), neighbours, "{cell}");
    }
}

#[test]
fn steps_are_counted_round_crowded_cells() {
    // From D4 to A1 is three steps; with B2 and C3 crowded, the straight way through
    // them costs two more a cell, and going round costs one more step in all.
    let cell = |name: &str| grid(name.parse().expect("a cell"));
    let steps = |crowded, pieces: &[&str]| {
        let mut steps = Vec::new();
        let pieces = pieces.iter().fold(0, |all, &piece| all | cell(piece));
        steps_to(crowded, cell("A1"), pieces, |piece, count| steps.push((piece, count)));
        steps.sort_unstable();
        steps.into_iter().map(|(_, count)| count).collect::<Vec<_>>()
    };
    // A1 is the grid's lowest bit, D4 a higher one: sorted by bit, A1 comes first.
    assert_eq!(steps(0, &["D4", "A1"]), [0, 3]);
    assert_eq!(steps(cell("B2") | cell("C3"), &["D4", "A1"]), [0, 4]);
    // A piece walled in by crowded cells still gets there, through them.
    let wall = around(cell("D4"));
    assert_eq!(steps(wall, &["D4", "A1"]), [0, 5]);
}

#[test]
fn a_mutual_blockade_is_each_side_holding_the_others_last_tower() {
    // Red's goal is D7..G7, Blue's A1..D1. Each has three towers home and its fourth
    // a light and a medium under the other side's dark.
    let blockade = "b/A1=bL.bM.rD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bL.bM.bD,\
                    D7=rL.rM.bD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM.rD";
    assert!(mutual_blockade(&position(blockade)));
    assert!(mutual_blockade(&position(&blockade.replacen('b', "r", 1))), "whoever is to move");
    // Blue's dark free on the board instead of holding D7: Red can finish, no blockade.
    let free = "b/A1=bL.bM.rD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bL.bM.bD,\
                D7=rL.rM,D4=bD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM.rD";
    assert!(!mutual_blockade(&position(free)));
    // A dark gone wandering from its finished tower: still neither can finish.
    let wandering = "b/A1=bL.bM.rD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bL.bM,D4=bD,\
                     D7=rL.rM.bD,E7=rL.rM,F7=rL.rM.rD,G7=rL.rM.rD,E4=rD";
    assert!(mutual_blockade(&position(wandering)));
    // A Red piece in the way on Blue's goal: a game going on.
    let going_on = "b/A1=bL.bM.rD,B1=bL.bM.bD,C1=rM,C3=bL.bM.bD,D1=bL.bM.bD,\
                    D7=rL.rM.bD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rD";
    assert!(!mutual_blockade(&position(going_on)));
    assert!(!mutual_blockade(&Position::start()));
}

#[test]
fn an_expert_sees_no_lead_in_a_side_held_up_by_the_others_cover() {
    // Red is a move from its fourth tower, but Blue's dark stands on D7's light and
    // medium: the race says Red is three moves ahead, an expert leaves it an eighth of that.
    let held = "A1=bL.bM,A4=bD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bL,D6=rD,D7=rL.rM.bD,E3=bM,\
                E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM.rD";
    let red = position(&format!("r/{held}"));
    assert!(red.evaluate() > 100, "{}", red.evaluate());
    for expert in [Colour::Blue, Colour::Red] {
        assert_eq!(red.evaluate_as_expert(expert), red.evaluate() / HELD_LEAD);
        assert_eq!(
            position(&format!("b/{held}")).evaluate_as_expert(expert),
            -red.evaluate_as_expert(expert)
        );
    }
    // Blue's dark off D7: Red's lead is its own.
    let free = position(&format!("r/{}", held.replace("D7=rL.rM.bD", "D7=rL.rM,D4=bD")));
    assert_eq!(free.evaluate_as_expert(Colour::Blue), free.evaluate());
    assert_eq!(free.evaluate_as_expert(Colour::Red), free.evaluate());
}

#[test]
fn a_wary_race_sees_the_other_sides_pieces_in_its_way_and_boxed_in_on_its_goal() {
    let race = |text: &str, colour, race| moves_to_win(&Pieces::of(&position(text)), colour, race);
    // At the start nothing stands in either side's way but its own pieces.
    for colour in [Colour::Blue, Colour::Red] {
        assert_eq!(race("start", colour, Race::Wary), race("start", colour, Race::Own));
    }
    // Red's dark on D4 has its last tower to top on D7; a Blue wall stands across.
    let open = "r/A1=bL.bM.bD,B1=bL.bD,C1=bL.bD,D1=bL.bD,D4=rD,\
                D7=rL.rM,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM.rD";
    let wall = open.replace("D4=rD", "D4=rD,C5=bM,D5=bM,E5=bM");
    assert_eq!(race(&wall, Colour::Red, Race::Own), race(open, Colour::Red, Race::Own));
    assert!(race(&wall, Colour::Red, Race::Wary) > race(open, Colour::Red, Race::Wary));
    // Blue's light on Red's goal cell E7 is its start, which it leaves when it can...
    let light = "r/A1=bL.bM.bD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bM.bD,E7=bL,\
                 D7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM.rD,C5=rL,D5=rM,D4=rD";
    assert_eq!(race(light, Colour::Red, Race::Wary), race(light, Colour::Red, Race::Own));
    // ...but not when Red's own pieces box it in on D6 and E6: then it is in the way.
    let boxed = light.replace("D5=rM,D4=rD", "D6=rM,E6=rD");
    let boxed_in = race(&boxed, Colour::Red, Race::Wary) - race(&boxed, Colour::Red, Race::Own);
    assert_eq!(boxed_in, THEIRS_BOXED_IN);
}

#[test]
fn a_held_goal_is_a_tower_begun_with_the_other_sides_piece_on_it() {
    let p = position("b/A1=bL.bM.rD,B1=bL.rD,C1=rL.bM,D7=rL.rM.bD,E7=rL.rM.rD,D4=bD");
    let cells = |colour| p.held_goals(colour).iter().map(ToString::to_string).collect::<Vec<_>>();
    assert_eq!(cells(Colour::Blue), ["A1", "B1"], "C1's light is Red's: nothing begun");
    assert_eq!(cells(Colour::Red), ["D7"], "E7 is Red's own tower");
}

#[test]
fn a_win_in_one_is_found() {
    let towers = "r/D7=rL.rM.rD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM,D4=rD,A1=bL";
    let position: Position = towers.parse().unwrap();
    assert_eq!(best(&position, 2).turn.to_string(), "D4-G7");
}

#[test]
fn a_beginner_steps_off_the_other_sides_piece_rather_than_hold_it() {
    // From a game of level 5 against level 1 that nobody could finish: Red's medium
    // on F5 held Blue's last light, and Red, with nothing better to do, kept it there.
    let text = "r/A1=bL.bM.bD,B1=bL.bM.bD,B4=rD,C2=bD,C6=rL,D1=bL.bM,D5=rL,D7=rL.rM.rD,\
                E3=bM,E6=rM,F4=rD,F5=bL.rM,F6=rM,G4=rD,G5=rL.bD";
    let position: Position = text.parse().unwrap();
    let blue_held = |position: &Position| Pieces::of(position).covered_by(Colour::Red);
    let turn = |budget| Search::new().best(&position, budget, &AtomicBool::new(false)).unwrap().turn;
    let beginner = position.play(turn(Level::ALL[0].budget())).unwrap();
    assert_eq!(blue_held(&beginner), 0, "level 1 lets Blue's light go: {beginner}");
    let one_ply = Budget { depth: Some(1), ..Budget::default() };
    assert_eq!(blue_held(&position.play(turn(one_ply)).unwrap()), 1, "one ply of the race alone holds it");
}

#[test]
fn an_expert_does_not_build_where_the_other_sides_dark_lands_next() {
    // Red has three towers home and D7's light; its medium on D6 stands in the way of
    // Blue's dark on D4, whose only way to D7 is D5-D6. Playing D6-D7 lets that dark
    // onto D7's light and medium, where it holds them for good: Red cannot finish, and
    // Blue, behind, never has to leave (most drawn games of level 5 against level 4
    // ended so). An expert, seeing a covered lead as no lead, keeps the way shut.
    let text = "r/A1=bL.bM.bD,B1=bL.bM.bD,B3=bD,B5=rD,C2=bM,C3=bL,D4=bD,D6=rM,D7=rL,E4=bM,\
                E7=rL.rM.rD,F4=bL,F7=rL.rM.rD,G7=rL.rM.rD";
    let position: Position = text.parse().unwrap();
    let four = Budget { depth: Some(4), ..Budget::default() };
    let turn = |budget| Search::new().best(&position, budget, &AtomicBool::new(false)).unwrap().turn;
    let racer = position.play(turn(four)).unwrap();
    assert_eq!(racer.held_goals(Colour::Red), [], "{racer}");
    let answer = Search::new().best(&racer, four, &AtomicBool::new(false)).unwrap().turn;
    let held = racer.play(answer).unwrap();
    assert_eq!(
        held.held_goals(Colour::Red).len(),
        1,
        "judged by the race alone, Red builds and Blue holds: {held}"
    );
    assert!(held.evaluate() > 200, "the race alone, Red to move, still sees Red ahead: {}", held.evaluate());
    for expert in [Colour::Blue, Colour::Red] {
        let judged = held.evaluate_as_expert(expert);
        assert!(judged.abs() < 100, "an expert playing {expert:?} sees a held lead: {judged}");
    }
    let expert = position.play(turn(Budget { expert: true, ..four })).unwrap();
    let lands = expert
        .legal_turns_with_results()
        .into_iter()
        .any(|(_, next)| !next.held_goals(Colour::Red).is_empty());
    assert!(!lands, "an expert leaves Blue's dark no way onto D7: {expert}");
}

#[test]
fn an_ombagui_experts_kept_table_holds_for_its_own_side_only() {
    // An Ombagui expert judges its own race otherwise than the other side's, so what
    // its table kept while playing Red would mislead it at Blue's turn (a hint for the
    // other player, or a review): its search for Blue is the same as a fresh one.
    let start = Position::start();
    let budget = Budget { nodes: Some(30_000), expert: true, ..Budget::default() };
    let stop = AtomicBool::new(false);
    let mut search = Search::new();
    let red = search.best(&start, budget, &stop).unwrap();
    let after = start.play(red.turn).unwrap();
    let blue = search.best(&after, budget, &stop).unwrap();
    assert_eq!(blue, Search::new().best(&after, budget, &stop).unwrap());
}

#[test]
fn an_ombagui_expert_looks_a_ply_further_within_the_same_positions() {
    // Late turns a ply shallower first: within 100,000 positions the expert finishes
    // five plies where the plain search finishes four, from the start and in an ending
    // where Blue's dark holds D7.
    let ending = "r/A1=bL,A2=bM.rD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bL.bM.bD,D7=rL.rM.bD,\
                  E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM.rD";
    for text in ["start", ending] {
        let position: Position = text.parse().unwrap();
        let depth = |expert| {
            let budget = Budget { nodes: Some(100_000), expert, ..Budget::default() };
            Search::new().best(&position, budget, &AtomicBool::new(false)).unwrap().depth
        };
        assert_eq!((depth(false), depth(true)), (4, 5), "{text}");
    }
}

#[test]
fn going_back_to_a_position_of_the_game_costs_the_searching_player() {
    // Red's one turn is A1-A2; then Blue is to move at ply 1, Red again at ply 2.
    let position: Position = "r/A1=rL,B1=bL.bM,B2=bL.bM".parse().unwrap();
    let (_, next) = position.legal_turns_with_results().remove(0);
    let score = |earlier: &[Position], depth| {
        let mut search = Search::new();
        search.remember(earlier);
        let budget = Budget { depth: Some(depth), ..Budget::default() };
        search.best(&position, budget, &AtomicBool::new(false)).expect("a turn").score
    };
    assert_eq!(score(&[next], 1), score(&[], 1) - crate::GOING_BACK, "going back at Blue's turn");
    assert_eq!(score(&[next, next], 1), score(&[], 1) - crate::GOING_ROUND, "a third visit costs more");
    let after: Vec<Position> = next.legal_turns_with_results().into_iter().map(|(_, p)| p).collect();
    let fresh = score(&[], 2);
    assert!(score(&after, 2) < fresh, "every line back to Red's turn costs Red: {fresh}");
}

#[test]
fn a_spent_budget_still_answers() {
    let stopped = AtomicBool::new(true);
    let start = Position::start();
    for two_threads in [false, true] {
        let budget = Budget { two_threads, ..Budget::default() };
        let found = Search::new().best(&start, budget, &stopped).expect("an answer at once");
        assert!(start.play(found.turn).is_ok());
    }
}

#[test]
fn a_missed_finishing_move_in_ombagui_is_a_blunder() {
    // Red's dark finishes its fourth tower from D4; wandering off, it lets Blue's dark
    // finish Blue's from D3.
    let start = "r/D7=rL.rM.rD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM,D4=rD,\
                 A1=bL.bM.bD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bL.bM,D3=bD";
    let judged = review::<Position>(start, &["D4-D5", "D3-D1"]);
    assert_eq!(classes(&judged), [Class::Blunder, Class::Ok]);
    assert_eq!(judged[0].better.as_ref().map(ToString::to_string).as_deref(), Some("D4-G7"));
    assert_eq!((judged[0].before, judged[0].after), (1.0, 0.0));
    assert_eq!(judged[1].blue_after(), 1.0, "Blue won");
}

#[test]
fn a_review_counts_positions_at_the_games_own_pace() {
    assert_eq!(budget::<Position>(Level::REVIEW).nodes, Some(138_000));
}

#[test]
fn the_same_position_gets_the_same_verdict_until_a_deeper_search_looks() {
    let stop = AtomicBool::new(false);
    let start = Position::start();
    let mut search = Search::new();
    let first = search.verdict(&start, plies(2), &stop).expect("a verdict");
    // The game moves on and comes back (undo, redo, a later visit): other positions
    // remembered, the table full of other searches. The kept verdict answers.
    let (_, next) = start.legal_turns_with_results().swap_remove(3);
    search.remember(&[start, next]);
    search.verdict(&next, plies(3), &stop).expect("a verdict");
    assert_eq!(search.verdict(&start, plies(2), &stop), Some(first.clone()), "asked again");
    assert_eq!(search.verdict(&start, plies(1), &stop), Some(first.clone()), "a shallower ask");
    let deeper = search.verdict(&start, plies(3), &stop).expect("a deeper verdict");
    assert_eq!(deeper.depth, 3);
    assert_eq!(search.verdict(&start, plies(2), &stop), Some(deeper), "the deeper one stands");
}

#[test]
fn it_takes_a_draw_in_a_game_that_stood_even_when_not_ahead() {
    let start = Position::start();
    let even = vec![start; EVEN_FOR];
    assert_eq!(draw_answer(&start, &even, Colour::Red, 0.52), DrawAnswer::Accepts(DrawReason::StoodEven));
    assert!(!draw_answer(&start, &even[1..], Colour::Red, 0.52).accepts(), "one turn short");
    assert!(!draw_answer(&start, &even, Colour::Red, 0.4).accepts(), "Red is ahead: 60 %");
}

#[test]
fn it_takes_a_draw_when_neither_side_can_finish_whoever_is_ahead() {
    let blockade: Position = "b/A1=bL.bM.rD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bL.bM.bD,\
                                       D7=rL.rM.bD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM.rD"
        .parse()
        .unwrap();
    for (computer, blue) in [(Colour::Blue, 0.9), (Colour::Red, 0.1)] {
        let answer = draw_answer(&blockade, &[], computer, blue);
        assert_eq!(answer, DrawAnswer::Accepts(DrawReason::NeitherCanFinish));
        assert_eq!(answer.reason(), DrawReason::NeitherCanFinish);
    }
    // Blue's dark off Red's tower: Red can finish, an ordinary answer.
    let turns = blockade.legal_turns_with_results();
    let (_, before) = turns.into_iter().find(|(turn, _)| turn.to_string().starts_with("D7-")).unwrap();
    assert!(!draw_answer(&before, &[], Colour::Blue, 0.9).accepts());
}

#[test]
fn the_quick_key_is_the_hash_of_the_bytes_and_no_two_moves_meet() {
    // Every position two plies from the start: the words' key is the byte-wise default's,
    // and no two moves of one position lead to the same position.
    let mut positions = vec![Position::start()];
    let mut ply = positions.clone();
    for _ in 0..2 {
        ply = ply.iter().flat_map(|p| p.legal_turns_with_results()).map(|(_, next)| next).collect();
        positions.extend(&ply);
    }
    for position in &positions {
        assert_eq!(position.quick_key(), crate::eval_memo::quick_key(position), "{position}");
        let children = position.legal_turns_with_results();
        let distinct: std::collections::HashSet<Position> = children.iter().map(|(_, next)| *next).collect();
        assert_eq!(distinct.len(), children.len(), "{position}");
    }
}
