//! Where a line of the search stops: each position there judged, through the memo of
//! evaluations (`eval_memo.rs`), and a capture made at the horizon answered by the captures
//! back, a few deep, so that a line seldom ends in the middle of an exchange.

use super::{Search, WIN, going_back, keep_distinct};
use crate::Evaluate;
use std::sync::atomic::AtomicBool;

impl<G: Evaluate> Search<G> {
    /// A position at the horizon, for its player to move: won, gone back to, or evaluated.
    pub(super) fn leaf(&mut self, position: &G, ply: i32) -> i32 {
        if position.winner().is_some() {
            -(WIN - ply)
        } else if let Some(visits) = self.visits(position) {
            going_back(self.judge(position), ply, visits)
        } else {
            self.judge(position)
        }
    }

    /// How often the game went through `position` before the root (not hashed when never).
    fn visits(&self, position: &G) -> Option<u32> {
        if self.seen.is_empty() { None } else { self.seen.get(&position.quick_key()).copied() }
    }

    /// A position's evaluation, as this search's player judges it: from the memo when
    /// the position was judged before.
    pub(super) fn judge(&mut self, position: &G) -> i32 {
        self.memo.judge(position)
    }

    /// The score of a position reached by a capture at the horizon: the player to move may
    /// stand on its evaluation (`judged`, when known) or capture back, `left` captures
    /// deep at most.
    pub(super) fn answer_captures(
        &mut self,
        (position, judged): (&G, Option<i32>),
        mut alpha: i32,
        beta: i32,
        ply: i32,
        left: u32,
        stop: &AtomicBool,
    ) -> i32 {
        if let Some(score) = self.visit(position, ply, stop) {
            return score;
        }
        let standing = judged.unwrap_or_else(|| self.judge(position));
        if standing >= beta || left == 0 {
            return standing;
        }
        alpha = alpha.max(standing);
        let mut captures = self.lists.lend();
        position.for_each_turn(&mut |_, next| {
            if position.captures(next) {
                captures.push(*next);
            }
        });
        keep_distinct(&mut captures, |child| child);
        let best = self.answer_each(&captures, standing, (alpha, beta), (ply, left), stop);
        self.lists.give_back(captures);
        best
    }

    /// The best of `standing` and the scores of the `captures` answered, the likeliest
    /// first, until one settles the window.
    fn answer_each(
        &mut self,
        captures: &[G],
        standing: i32,
        (mut alpha, beta): (i32, i32),
        (ply, left): (i32, u32),
        stop: &AtomicBool,
    ) -> i32 {
        let mut order: Vec<(i32, usize)> = Vec::with_capacity(captures.len());
        for (index, next) in captures.iter().enumerate() {
            order.push((if next.winner().is_some() { -WIN } else { self.judge(next) }, index));
        }
        // Stable: captures that sort alike keep the generator's order.
        order.sort_by_key(|&(order, _)| order);
        let mut best = standing;
        for (order, index) in order {
            let child = &captures[index];
            // A capture that does not win was ordered by its evaluation.
            let score = -self.answer_captures((child, Some(order)), -beta, -alpha, ply + 1, left - 1, stop);
            if self.out_of_budget {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}
