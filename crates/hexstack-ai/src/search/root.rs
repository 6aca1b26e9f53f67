//! The root of the search: iterative deepening from the position to play, its turns
//! searched in order (the last iteration's best first) on one thread or two, and a
//! beginner's pick among the turns nearly as good as the best.

use super::{Bound, CAPTURES_PAST_HORIZON, Remembered, Search, TABLE_LIMIT};
use crate::eval_memo::Judge;
use crate::{Budget, Evaluate, Found, NEARLY_AS_GOOD, PROVEN, TAKING_BACK, WIN, key};
use hexstack_rules::Colour;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What one iteration at the root found: the best turn's index and its score, and whether
/// every turn was searched or the budget cut the iteration short.
#[derive(Clone, Copy)]
struct Answer {
    best: usize,
    score: i32,
    finished: bool,
}

impl<G: Evaluate> Search<G> {
    /// What `child`, one of the root `position`'s turns, costs beyond its score: taking
    /// back the searching player's own last turn ([`Evaluate::takes_back`]).
    fn root_cost(&self, position: &G, child: &G) -> i32 {
        match &self.last_turns {
            Some([before, mine, now]) if now == position && G::takes_back(before, mine, now, child) => {
                TAKING_BACK
            }
            _ => 0,
        }
    }

    /// A turn [`NEARLY_AS_GOOD`] as `found`'s, picked by `seed` and the position: each of
    /// the root's turns searched again `found.depth` plies ahead, with nothing cut off.
    fn varied(
        &mut self,
        position: &G,
        turns: &[(G::Turn, G)],
        found: &Found<G::Turn>,
        seed: u64,
        stop: &AtomicBool,
    ) -> G::Turn {
        let depth = found.depth.max(1);
        let mut near = Vec::new();
        for (turn, child) in turns {
            let score = self.root_child(position, child, depth, (-WIN - 1, WIN + 1), stop);
            if self.out_of_budget {
                return found.turn.clone();
            }
            if score >= found.score - NEARLY_AS_GOOD {
                near.push(turn);
            }
        }
        let pick = key(&(seed, key(position))) as usize % near.len().max(1);
        near.get(pick).map_or_else(|| found.turn.clone(), |turn| (*turn).clone())
    }

    /// The best turn found within `budget`, deepening one ply at a time; `stop` ends the
    /// search at once. The deepest iteration answers, even cut short: it searched the last
    /// one's best turn first, so any turn it found better is better. `None` only when the
    /// player to move has no legal turn.
    pub fn best(&mut self, position: &G, budget: Budget, stop: &AtomicBool) -> Option<Found<G::Turn>> {
        let turns = position.legal_turns_with_results();
        let first = turns.first()?.0.clone();
        let started = Instant::now();
        self.prepare(budget, started, position.to_move());
        let mut found = Found { turn: first, score: 0, depth: 0, nodes: 0 };
        let deepest = budget.depth.unwrap_or(64).max(1);
        for depth in 1..=deepest {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            self.iteration = depth;
            let order = self.root_order(position, turns.len());
            let answer = if budget.two_threads && turns.len() > 1 {
                self.root_on_two_threads(position, &turns, &order, depth, started, stop)
            } else {
                self.root(position, &turns, &order, depth, stop)
            };
            let Some(Answer { best, score, finished }) = answer else { break };
            let depth = if finished { depth } else { depth - 1 };
            self.table.insert(
                position.quick_key(),
                Remembered { depth, score, bound: Bound::Exact, best: best as u16 },
            );
            found = Found { turn: turns[best].0.clone(), score, depth, nodes: self.nodes };
            // A proven result will not change with depth.
            if !finished || score.abs() > WIN - PROVEN {
                break;
            }
        }
        if let Some(seed) = budget.vary.filter(|_| found.score.abs() <= WIN - PROVEN) {
            found.turn = self.varied(position, &turns, &found, seed, stop);
        }
        found.nodes = self.nodes;
        Some(found)
    }

    fn prepare(&mut self, budget: Budget, started: Instant, side: Colour) {
        self.nodes = 0;
        self.budget = budget;
        self.started = started;
        self.out_of_budget = false;
        self.side = side;
        let judged_for = (budget.expert && G::EXPERT_TAKES_SIDES).then_some(side);
        if self.table.len() > TABLE_LIMIT || judged_for != self.table_judged_for {
            self.table.clear();
        }
        self.table_judged_for = judged_for;
        self.memo.prepare(Judge::of(&budget, side));
    }

    /// The root's turns in the order to search them: the last iteration's best first.
    fn root_order(&self, position: &G, count: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..count).collect();
        if let Some(entry) = self.table.get(&position.quick_key()) {
            let best = usize::from(entry.best);
            if best < count {
                order.swap(0, best);
            }
        }
        order
    }

    /// One iteration at the root with the helper: each thread takes every other turn of
    /// `order`, so that both start with good ones; the better answer wins.
    fn root_on_two_threads(
        &mut self,
        position: &G,
        turns: &[(G::Turn, G)],
        order: &[usize],
        depth: u32,
        started: Instant,
        stop: &AtomicBool,
    ) -> Option<Answer> {
        let mut helper = self.helper.take().unwrap_or_default();
        helper.seen.clone_from(&self.seen);
        helper.last_turns = self.last_turns;
        helper.prepare(self.budget, started, self.side);
        helper.iteration = depth;
        let mine: Vec<usize> = order.iter().copied().step_by(2).collect();
        let theirs: Vec<usize> = order.iter().copied().skip(1).step_by(2).collect();
        let (a, b) = std::thread::scope(|scope| {
            let other = scope.spawn(|| helper.root(position, turns, &theirs, depth, stop));
            let a = self.root(position, turns, &mine, depth, stop);
            (a, other.join().unwrap_or(None))
        });
        self.nodes += helper.nodes;
        self.helper = Some(helper);
        // This thread searched the last iteration's best turn first: without it, nothing.
        let a = a?;
        let finished = a.finished && b.is_some_and(|b| b.finished);
        let best = b.filter(|b| b.score > a.score).unwrap_or(a);
        Some(Answer { finished, ..best })
    }

    /// The score of the root `position`'s `child`, `depth` plies ahead within `(alpha, beta)`,
    /// less its [`Search::root_cost`]; a cost keeps a proven result proven: it is a distance,
    /// not an evaluation.
    fn root_child(
        &mut self,
        position: &G,
        child: &G,
        depth: u32,
        (alpha, beta): (i32, i32),
        stop: &AtomicBool,
    ) -> i32 {
        let score = if depth == 1 && position.captures(child) {
            -self.answer_captures((child, None), -beta, -alpha, 1, CAPTURES_PAST_HORIZON, stop)
        } else {
            -self.negamax(child, depth - 1, -beta, -alpha, 1, stop)
        };
        if score.abs() > WIN - PROVEN { score } else { score - self.root_cost(position, child) }
    }

    /// One iteration at the root over the turns at `order`: the best of those it finished,
    /// or `None` if the budget ran out before the first.
    fn root(
        &mut self,
        position: &G,
        turns: &[(G::Turn, G)],
        order: &[usize],
        depth: u32,
        stop: &AtomicBool,
    ) -> Option<Answer> {
        let (mut alpha, beta) = (-WIN - 1, WIN + 1);
        let mut best = order[0];
        for &index in order {
            let child = &turns[index].1;
            let score = self.root_child(position, child, depth, (alpha, beta), stop);
            if self.out_of_budget {
                return (alpha > -WIN - 1).then_some(Answer { best, score: alpha, finished: false });
            }
            if score > alpha {
                (alpha, best) = (score, index);
            }
        }
        Some(Answer { best, score: alpha, finished: true })
    }
}
