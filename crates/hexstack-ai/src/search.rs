//! The search itself: alpha-beta with iterative deepening, a transposition table kept from
//! turn to turn, captures answered past the horizon, and the game's own positions costing
//! whoever goes back to them. The root's iterations are in `root.rs`, where a line stops
//! in `horizon.rs`; this file searches the nodes between.

use super::eval_memo::EvalMemo;
use super::verdict::Verdicts;
use super::{Budget, Evaluate, GOING_BACK, GOING_ROUND, KeyMap, KeySet, PROVEN, WIN};
use hexstack_rules::{Colour, Game};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

mod horizon;
mod lists;
mod root;

use lists::Lists;

/// How many turns of a node an expert that looks ahead searches fully, best first.
const FULLY_SEARCHED: usize = 3;

/// Beyond this many turns a node drops those that lead to the same position.
const MANY_TURNS: usize = 48;

/// The score of a position the game went through `visits` times, `ply` plies into the
/// search, from its `evaluation`: less [`GOING_BACK`] (or [`GOING_ROUND`] from the second
/// visit on) for the searching player, who moves at even plies.
fn going_back(evaluation: i32, ply: i32, visits: u32) -> i32 {
    let cost = if visits >= 2 { GOING_ROUND } else { GOING_BACK };
    evaluation - if ply % 2 == 0 { cost } else { -cost }
}

/// A score as the table keeps it: a proven result counted from the position itself
/// rather than from the search's root, `ply` plies above it, so that it holds wherever
/// the position is met again (another line, or another turn's search).
fn to_table(score: i32, ply: i32) -> i32 {
    if score > WIN - PROVEN {
        score + ply
    } else if score < -(WIN - PROVEN) {
        score - ply
    } else {
        score
    }
}

/// A score from the table, counted again from the root, `ply` plies above.
fn from_table(score: i32, ply: i32) -> i32 {
    if score > WIN - PROVEN {
        score - ply
    } else if score < -(WIN - PROVEN) {
        score + ply
    } else {
        score
    }
}

/// Keeps one turn of each resulting position when there are many: chains of equal
/// captures may reach one position in several orders, and one search of it is enough.
fn keep_distinct<T, G: Evaluate>(turns: &mut Vec<T>, position: impl Fn(&T) -> &G) {
    if !G::TURNS_NEVER_MEET && turns.len() > MANY_TURNS {
        let mut seen = KeySet::default();
        turns.retain(|turn| seen.insert(position(turn).quick_key()));
    }
}

/// How many captures in a row the search follows past its horizon.
const CAPTURES_PAST_HORIZON: u32 = 4;

/// A position's remembered search: how deep, the score and whether it is exact or a bound,
/// and the best turn's index in the generator's order.
#[derive(Clone, Copy)]
struct Remembered {
    depth: u32,
    score: i32,
    bound: Bound,
    best: u16,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// A searcher for one game, keeping its table from one turn to the next.
pub struct Search<G: Game> {
    table: KeyMap<Remembered>,
    nodes: u64,
    budget: Budget,
    started: Instant,
    out_of_budget: bool,
    /// The depth of the iteration under way.
    iteration: u32,
    /// Positions the game went through before the root, with their visits: going back to
    /// one makes no progress.
    seen: KeyMap<u32>,
    /// The game's last three positions (the searching player's last turn, then the other
    /// side's), so that a turn at the root that takes the first back costs [`TAKING_BACK`](crate::TAKING_BACK).
    last_turns: Option<[G; 3]>,
    /// The second thread's searcher, with its own table, kept from turn to turn too.
    helper: Option<Box<Search<G>>>,
    /// What it said of each position: [`Search::verdict`].
    verdicts: Verdicts<G::Turn>,
    /// The side the search plays: the player to move at its root.
    side: Colour,
    /// The side whose expert judgement the table's scores hold for, in a game whose
    /// expert takes sides ([`Evaluate::EXPERT_TAKES_SIDES`]).
    table_judged_for: Option<Colour>,
    /// The evaluations made, so that a position met again is not judged again.
    memo: EvalMemo,
    /// Lists of positions lent to the nodes, so that a node does not allocate its own.
    lists: Lists<G>,
    _game: std::marker::PhantomData<G>,
}

/// The table is cleared beyond this many positions, to bound memory.
const TABLE_LIMIT: usize = 2_000_000;

impl<G: Game> std::fmt::Debug for Search<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Search").field("table", &self.table.len()).finish_non_exhaustive()
    }
}

impl<G: Evaluate> Default for Search<G> {
    fn default() -> Self {
        Search::new()
    }
}

impl<G: Evaluate> Search<G> {
    /// The verdicts this search keeps: [`Search::verdict`].
    pub(crate) fn verdicts(&self) -> &Verdicts<G::Turn> {
        &self.verdicts
    }

    pub(super) fn verdicts_mut(&mut self) -> &mut Verdicts<G::Turn> {
        &mut self.verdicts
    }

    /// A search with an empty table, for one game.
    pub fn new() -> Search<G> {
        Search {
            table: KeyMap::default(),
            nodes: 0,
            budget: Budget::default(),
            started: Instant::now(),
            out_of_budget: false,
            iteration: 0,
            seen: KeyMap::default(),
            last_turns: None,
            helper: None,
            verdicts: Verdicts::default(),
            side: Colour::Blue,
            table_judged_for: None,
            memo: EvalMemo::new(),
            lists: Lists::default(),
            _game: std::marker::PhantomData,
        }
    }

    /// Tells the search the positions the game went through: a line that comes back to one
    /// of them costs the searching player `GOING_BACK`, so that they look for progress
    /// instead of going to and fro.
    pub fn remember<'a>(&mut self, earlier: impl IntoIterator<Item = &'a G>)
    where
        G: 'a,
    {
        self.seen.clear();
        let mut last: Vec<G> = Vec::new();
        for position in earlier {
            *self.seen.entry(position.quick_key()).or_default() += 1;
            last.push(*position);
            if last.len() > 3 {
                last.remove(0);
            }
        }
        self.last_turns = last.try_into().ok();
    }

    fn spent(&mut self, stop: &AtomicBool) -> bool {
        if self.out_of_budget {
            return true;
        }
        let nodes = self.budget.nodes.is_some_and(|limit| self.nodes >= limit);
        // The clock and the stop flag are read every 256 positions: cheap, and prompt.
        let checked = self.nodes.is_multiple_of(256) && {
            let past = |limit: Option<Duration>| limit.is_some_and(|limit| self.started.elapsed() >= limit);
            stop.load(Ordering::Relaxed)
                || self.iteration > self.budget.min_depth && past(self.budget.time)
                || past(self.budget.most_time)
        };
        self.out_of_budget = nodes || checked;
        self.out_of_budget
    }

    /// Counts a visit to `position`; its score if the search ends there: a win for the
    /// player who just moved, or 0 once the budget is spent.
    fn visit(&mut self, position: &G, ply: i32, stop: &AtomicBool) -> Option<i32> {
        self.nodes += 1;
        if position.winner().is_some() {
            return Some(-(WIN - ply));
        }
        self.spent(stop).then_some(0)
    }

    /// The position's score for its player to move, `depth` plies ahead.
    fn negamax(
        &mut self,
        position: &G,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: i32,
        stop: &AtomicBool,
    ) -> i32 {
        if let Some(score) = self.visit(position, ply, stop) {
            return score;
        }
        let key = position.quick_key();
        if let Some(&visits) = self.seen.get(&key) {
            return going_back(self.judge(position), ply, visits);
        }
        if depth == 0 {
            return self.judge(position);
        }
        let remembered = match self.probe(key, depth, (alpha, beta), ply) {
            Ok(score) => return score,
            Err(remembered) => remembered,
        };
        let mut children = self.lists.lend();
        position.for_each_turn(&mut |_, next| children.push(*next));
        keep_distinct(&mut children, |child| child);
        let score = self.expand(position, &children, (key, remembered), (depth, alpha, beta, ply), stop);
        self.lists.give_back(children);
        score
    }

    /// The score of `position`, filed under `key`, from its `children`, searched best first
    /// (what the table `remembered` of it first of all), and what the table keeps of it.
    fn expand(
        &mut self,
        position: &G,
        children: &[G],
        (key, remembered): (u64, Option<Remembered>),
        (depth, mut alpha, beta, ply): (u32, i32, i32, i32),
        stop: &AtomicBool,
    ) -> i32 {
        if children.is_empty() {
            let passed = position.skipped();
            // A forced skip, or a draw when neither can move.
            return if passed.can_move() {
                -self.negamax(&passed, depth - 1, -beta, -alpha, ply + 1, stop)
            } else {
                0
            };
        }
        let first = remembered.map(|entry| usize::from(entry.best)).filter(|&best| best < children.len());
        let order = self.order(position, children, first, depth);
        let original = alpha;
        let mut best = (i32::MIN, 0);
        for (searched, (index, judged)) in
            first.map(|first| (first, None)).into_iter().chain(order).enumerate()
        {
            let child = (&children[index], judged);
            let score = self.child_score(position, child, (depth, alpha, beta, ply), searched, stop);
            if self.out_of_budget {
                return 0;
            }
            if score > best.0 {
                best = (score, index);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best.0 <= original {
            Bound::Upper
        } else if best.0 >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let score = to_table(best.0, ply);
        self.table.insert(key, Remembered { depth, score, bound, best: best.1 as u16 });
        best.0
    }

    /// What the table remembers of the position filed under `key`: its score, if it looked
    /// as deep and settles the window; else the entry, whose best turn goes first.
    fn probe(
        &self,
        key: u64,
        depth: u32,
        (alpha, beta): (i32, i32),
        ply: i32,
    ) -> Result<i32, Option<Remembered>> {
        let remembered = self.table.get(&key).copied();
        if let Some(entry) = remembered.filter(|entry| entry.depth >= depth) {
            let score = from_table(entry.score, ply);
            match entry.bound {
                Bound::Exact => return Ok(score),
                Bound::Lower if score >= beta => return Ok(score),
                Bound::Upper if score <= alpha => return Ok(score),
                _ => {}
            }
        }
        Err(remembered)
    }

    /// The order to search `position`'s `children` in, but `first` (searched before them):
    /// wins first, then the turns that leave the opponent worst off. On the last ply, where
    /// each child is judged by its evaluation alone, only captures are sorted so (they are
    /// followed further, and a good one first narrows that search); the other turns are
    /// taken as they come, so that the first to reach beta spares evaluating the rest.
    /// Each index comes with its child's evaluation where it was judged, so that a capture
    /// followed past the horizon is not judged twice.
    fn order(
        &mut self,
        position: &G,
        children: &[G],
        first: Option<usize>,
        depth: u32,
    ) -> Vec<(usize, Option<i32>)> {
        let last_ply = depth == 1;
        let mut order: Vec<(i32, usize, Option<i32>)> = (0..children.len())
            .filter(|&index| Some(index) != first)
            .map(|index| {
                let child = &children[index];
                if child.winner().is_some() {
                    (-WIN, index, None)
                } else if !last_ply || position.captures(child) {
                    let judged = self.judge(child);
                    (judged, index, Some(judged))
                } else {
                    (WIN, index, None)
                }
            })
            .collect();
        // Stable: turns that sort alike keep the generator's order.
        order.sort_by_key(|&(key, _, _)| key);
        order.into_iter().map(|(_, index, judged)| (index, judged)).collect()
    }

    /// The score for `position`'s player to move of its turn to `child`, the `searched`th
    /// tried, `depth` plies ahead of `position` within the window `alpha`..`beta`; `judged`
    /// is the child's evaluation when the ordering judged it.
    fn child_score(
        &mut self,
        position: &G,
        (child, judged): (&G, Option<i32>),
        (depth, alpha, beta, ply): (u32, i32, i32, i32),
        searched: usize,
        stop: &AtomicBool,
    ) -> i32 {
        if depth == 1 && position.captures(child) {
            let child = (child, judged);
            return -self.answer_captures(child, -beta, -alpha, ply + 1, CAPTURES_PAST_HORIZON, stop);
        }
        if depth == 1 {
            self.nodes += 1;
            return if self.spent(stop) { 0 } else { -self.leaf(child, ply + 1) };
        }
        if self.budget.expert && G::EXPERT_LOOKS_AHEAD && searched >= FULLY_SEARCHED && depth >= 3 {
            // A late turn: a ply shallower, and only asked whether it beats alpha; if it
            // does, it is searched again fully.
            let quick = -self.negamax(child, depth - 2, -alpha - 1, -alpha, ply + 1, stop);
            if quick <= alpha || self.out_of_budget {
                return quick;
            }
        }
        -self.negamax(child, depth - 1, -beta, -alpha, ply + 1, stop)
    }
}
