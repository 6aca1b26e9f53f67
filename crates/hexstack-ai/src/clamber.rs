//! How good a Clamber position is for the player to move: pieces and stacks on the board,
//! and which stacks each side threatens to capture.

use super::Evaluate;
use super::eval_memo::Quick;
use hexstack_rules::clamber::Position;
use std::hash::Hasher;

/// Weights, in score points: a piece on the board, a stack, an enemy stack one could capture now.
const PIECE: i32 = 100;
const STACK: i32 = 40;
const CAPTURE: i32 = 15;

impl Evaluate for Position {
    const POSITIONS_PER_SECOND: u64 = 1_000_000;

    fn evaluate(&self) -> i32 {
        let (me, them) = (self.to_move(), self.to_move().other());
        let pieces = self.pieces_of(me) as i32 - self.pieces_of(them) as i32;
        let stacks = self.cells_of(me).len() as i32 - self.cells_of(them).len() as i32;
        // Stacks each side could capture now: the side to move will take one first.
        // Counting every capturing turn instead cost most of the search's time, since the
        // chains of equal captures from one stack can run into the thousands.
        let threats = self.threats();
        let mine = threats[me.index()].len() as i32;
        let theirs = threats[them.index()].len() as i32;
        PIECE * pieces + STACK * stacks + CAPTURE * (mine - theirs)
    }

    fn quick_key(&self) -> u64 {
        let mut quick = Quick::default();
        self.words(|word| quick.add(word));
        quick.finish()
    }

    /// A capture takes a stack from the opponent (and may remove others).
    fn captures(&self, next: &Self) -> bool {
        let them = self.to_move().other();
        next.cells_of(them).len() < self.cells_of(them).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::{Class, Summary, after, budget, look, needed, positions};
    use crate::testing::{best, classes, look_at, plies, proven_distances, review};
    use crate::{Balance, Budget, DrawAnswer, DrawReason, Level, Search, WIN, draw_answer};
    use hexstack_rules::clamber::Turn;
    use hexstack_rules::{Colour, Game};
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    #[test]
    fn a_win_in_one_is_found() {
        let position: Position = "3/b/B2=b2,C3=r2,D4=r3,E4=r3".parse().unwrap();
        let found = best(&position, 3);
        assert!(position.play(&found.turn).unwrap().winner().is_some(), "{}", found.turn);
        assert!(found.score > WIN - 10);
    }

    #[test]
    fn a_loss_in_one_is_parried() {
        // Red's 2 threatens to take Blue's only stack. Blue parries by placing a second
        // stack out of A1's sub-group: not beside A1, or both go in one capture.
        for text in ["2/b/A1=b1,B1=r2", "3/b/A1=b1,B1=r2"] {
            let position: Position = text.parse().unwrap();
            let found = best(&position, 3);
            let after = position.play(&found.turn).unwrap();
            let red_wins = after.legal_turns_with_results().iter().any(|(_, next)| next.winner().is_some());
            assert!(!red_wins, "{text}: {} leaves Red a win", found.turn);
        }
    }

    #[test]
    fn a_capture_at_the_horizon_is_followed_by_the_answering_captures() {
        // Found in random games: one ply and an evaluation alone took, in each, a capture
        // that Blue answers with a winning one.
        for text in [
            "3/r/C1=r2,C2=b3,C3=r3,C5=b1,D2=r1,D3=b1,E5=b1",
            "3/r/B1=b1,C1=r2,C2=r4,C3=r3,C5=b1,D2=r1,D3=b1,E5=b1",
            "3/r/C1=b3,C2=r4,C3=b4,C4=r1,C5=b1,D2=b2,D3=b1,D4=r1,E4=b1,E5=b1",
            "3/r/A3=b1,B1=b1,B3=b2,C2=b1,C4=r2,D4=r1",
        ] {
            let position: Position = text.parse().unwrap();
            let found = best(&position, 1);
            let after = position.play(&found.turn).unwrap();
            let blue_wins = after.legal_turns_with_results().iter().any(|(_, next)| next.winner().is_some());
            assert!(!blue_wins, "{text}: {} leaves Blue a win", found.turn);
        }
    }

    #[test]
    fn a_level_looks_its_least_depth_ahead_even_out_of_time_but_stops_when_told() {
        let start = Position::start(hexstack_rules::hex::Board::SIDE_3);
        let budget = Budget { time: Some(Duration::ZERO), min_depth: 3, ..Budget::default() };
        let found = Search::new().best(&start, budget, &AtomicBool::new(false)).expect("a turn");
        assert_eq!(found.depth, 3, "no time at all, and still three plies");
        let stopped = Search::new().best(&start, budget, &AtomicBool::new(true)).expect("a turn");
        assert_eq!(stopped.depth, 0, "the stop flag ends it at once");
        let bounded = Budget { min_depth: 40, most_time: Some(Duration::from_millis(20)), ..budget };
        let found = Search::new().best(&start, bounded, &AtomicBool::new(false)).expect("a turn");
        assert!(found.depth < 40, "the most time ends even the least depth");
        assert!(start.play(&found.turn).is_ok());
    }

    #[test]
    fn a_proven_win_is_the_shortest_and_the_table_keeps_its_distance_from_turn_to_turn() {
        // Found in games of level 2 with random turns: Red wins in five plies; Red, down
        // to one stack, loses in six.
        for text in [
            "3/r/A1=r4,A2=b1,A3=r5,B2=b1,B3=r2,B4=r6,C1=r3,C2=b1,C4=r3,C5=r3,D2=b1,D4=r2,D5=b1,E3=r4,E4=r3",
            "3/r/A1=b2,A2=b2,A3=b3,B1=b2,B2=b2,B3=b2,B4=b6,C1=b2,C2=b3,C3=b5,C4=b2,C5=b3,D2=r1,D3=b2,D5=b4",
        ] {
            let position: Position = text.parse().unwrap();
            let distances = proven_distances(position, 6);
            assert!(distances.len() >= 2, "{text}: {distances:?}");
            for (kept, fresh) in &distances {
                assert_eq!(kept, fresh, "{text}: the kept table says what a fresh one does");
            }
            let plies: Vec<i32> = distances.iter().map(|(score, _)| WIN - score.abs()).collect();
            for pair in plies.windows(2) {
                assert_eq!(pair[1], pair[0] - 1, "{text}: each ply brings the end one ply nearer: {plies:?}");
            }
        }
    }

    #[test]
    fn every_turn_found_is_legal() {
        let mut position = Position::start(hexstack_rules::hex::Board::SIDE_3);
        let mut search = Search::new();
        for _ in 0..20 {
            let budget = Budget { nodes: Some(500), ..Budget::default() };
            let Some(found) = search.best(&position, budget, &AtomicBool::new(false)) else { break };
            position = position.play(&found.turn).expect("a legal turn");
            if position.winner().is_some() {
                break;
            }
        }
    }

    #[test]
    fn leaving_a_win_in_one_is_a_blunder_and_the_better_turn_parries_it() {
        // Blue's stack on E4 and a new one on D4 would make one group, which Red's C4
        // takes whole: Blue would have no stack left.
        let start = "3/b/C4=r1,E4=b1";
        let judged = review::<Position>(start, &["D4", "C4xD4"]);
        assert_eq!(classes(&judged), [Class::Blunder, Class::Ok]);
        let better = judged[0].better.clone().expect("a better turn");
        let position: Position = start.parse().unwrap();
        let parried = position.play(&better).unwrap();
        assert!(
            parried.legal_turns_with_results().iter().all(|(_, next)| next.winner().is_none()),
            "{better} leaves Red no win"
        );
        assert!(judged[0].after < 0.01 && judged[0].kept > 0.4, "{:?}", judged[0]);
    }

    #[test]
    fn a_missed_win_in_one_is_a_blunder_and_the_better_turn_is_the_win() {
        let start = "3/b/B2=b2,C3=r2,D4=r3,E4=r3";
        let judged = review::<Position>(start, &["B2xC3", "D4xC3"]);
        assert_eq!(judged[0].class, Class::Blunder);
        let better = judged[0].better.clone().expect("a better turn");
        let position: Position = start.parse().unwrap();
        assert_eq!(position.play(&better).unwrap().winner(), Some(Colour::Blue), "{better} wins");
        assert_eq!(judged[0].before, 1.0);
    }

    #[test]
    fn a_game_of_the_computer_s_own_turns_has_no_mistake() {
        let (mut search, stop) = (Search::new(), AtomicBool::new(false));
        let budget = Budget { depth: Some(3), ..Budget::default() };
        let mut position = Position::start(hexstack_rules::hex::Board::SIDE_3);
        let mut turns = Vec::new();
        for _ in 0..12 {
            let Some(turn) = look(&mut search, &position, budget, &stop).best else { break };
            position = after(&position, &turn).unwrap();
            turns.push(turn.to_string());
        }
        let turns: Vec<&str> = turns.iter().map(String::as_str).collect();
        let judged = review::<Position>("3/b/-", &turns);
        assert!(judged.iter().all(|turn| turn.class == Class::Ok && turn.better.is_none()), "{judged:?}");
        assert_eq!(
            Summary::of(Colour::Blue, &judged.into_iter().map(Some).collect::<Vec<_>>()).accuracy,
            100.0
        );
    }

    #[test]
    fn a_review_is_the_same_each_time_whatever_the_clock() {
        let level_4 = budget::<Position>(Level::REVIEW);
        assert_eq!((level_4.nodes, level_4.time, level_4.two_threads), (Some(600_000), None, false));
        assert_eq!(
            budget::<Position>(Level::new(2).unwrap()).depth,
            Some(2),
            "level 2 looks two plies, as it plays"
        );
        let start = Position::start(hexstack_rules::hex::Board::SIDE_3);
        let turns: Vec<Turn> = ["C3", "D4", "B2", "D3"].iter().map(|t| t.parse().unwrap()).collect();
        let positions = positions(start, &turns);
        let review = || {
            let (mut search, stop) = (Search::new(), AtomicBool::new(false));
            let mut looked = vec![None; positions.len()];
            while let Some(needed) = needed(&positions, &turns, &looked) {
                look_at(
                    &mut search,
                    needed,
                    &positions,
                    &mut looked,
                    budget::<Position>(Level::USUAL),
                    &stop,
                );
            }
            looked
        };
        assert_eq!(review(), review());
    }

    #[test]
    fn a_search_cut_short_is_not_kept_and_a_beginner_and_an_expert_judge_apart() {
        let start = Position::start(hexstack_rules::hex::Board::SIDE_3);
        let mut search = Search::new();
        let stopped = search.verdict(&start, plies(3), &AtomicBool::new(true)).expect("a turn");
        assert_eq!(stopped.depth, 0);
        assert!(search.verdicts().is_empty(), "cut short: not kept");
        // Short of its least depth (its positions ran out, as time does on a busy
        // machine): kept all the same, and given again.
        let short = Budget { nodes: Some(300), min_depth: 3, ..Budget::default() };
        let stop = AtomicBool::new(false);
        let first = search.verdict(&start, short, &stop).unwrap();
        assert!((1..3).contains(&first.depth), "{first:?}");
        assert_eq!(search.verdicts().len(), 1);
        search.remember(&[start]);
        assert_eq!(search.verdict(&start, short, &stop), Some(first));
        search.remember(&[]);
        search.verdict(&start, plies(2), &stop).unwrap();
        let beginner = Budget { beginner: true, ..plies(1) };
        search.verdict(&start, beginner, &stop).unwrap();
        assert_eq!(search.verdicts().len(), 2, "a beginner's verdict is its own");
        search.verdict(&start, Budget { expert: true, ..plies(2) }, &stop).unwrap();
        assert_eq!(search.verdicts().len(), 3, "and an expert's");
    }

    #[test]
    fn a_level_answers_from_a_kept_verdict_at_its_least_depth_whatever_the_clock() {
        // Level 3 looks at least 3 plies ahead: a kept 3-ply verdict answers it at once,
        // though its time would have taken it deeper.
        let position = Position::start(hexstack_rules::hex::Board::SIDE_3);
        let mut search = Search::new();
        let stop = AtomicBool::new(false);
        let kept = search.verdict(&position, plies(3), &stop).unwrap();
        // Were it to search, this budget would take it deeper than 3 plies.
        let level = Budget { time: None, most_time: None, nodes: Some(200_000), ..Level::USUAL.budget() };
        assert_eq!(search.verdict(&position, level, &stop), Some(kept));
    }

    #[test]
    fn it_takes_a_draw_when_behind_and_declines_when_ahead_saying_who_is() {
        let start = Position::start(hexstack_rules::hex::Board::SIDE_3);
        let blue_ahead = Balance::Ahead { side: Colour::Blue, percent: 64 };
        assert_eq!(
            draw_answer(&start, &[], Colour::Red, 0.64),
            DrawAnswer::Accepts(DrawReason::Balance(blue_ahead)),
            "Red is behind"
        );
        assert_eq!(
            draw_answer(&start, &[], Colour::Blue, 0.64),
            DrawAnswer::Declines(DrawReason::Balance(blue_ahead)),
            "declines: Blue is ahead, 64 %"
        );
        assert_eq!(
            draw_answer(&start, &[], Colour::Blue, 0.5),
            DrawAnswer::Declines(DrawReason::Balance(Balance::Even))
        );
    }
}
