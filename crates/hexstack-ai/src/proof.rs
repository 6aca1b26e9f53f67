//! Proofs of short forced wins: an exact AND/OR search over the rules, counting plies (a
//! forced skip is a ply, as the computer's search counts it), bounded by a budget of
//! positions so that the same question always gets the same answer. The puzzles' claims
//! (the solution wins in N, each of its turns but the last the only one that wins as fast,
//! the replies the longest defence) are each one of its questions.

use crate::{Evaluate, position_key};
use std::collections::HashMap;

/// The budget of positions ran out before the question was settled.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Spent;

/// The table is cleared beyond this many answers, to bound memory.
const TABLE_LIMIT: usize = 1_000_000;

/// A prover for one game, its table of settled answers kept from question to question
/// (they are exact, so the table changes how fast, never what, it answers).
pub struct Prover<G> {
    /// Settled answers by position and plies. The solver's questions always have an odd
    /// count of plies and the defender's an even one, so the two never share a key.
    table: HashMap<(u64, u32), bool>,
    nodes: u64,
    limit: u64,
    _game: std::marker::PhantomData<G>,
}

/// The positions after each legal turn, the likeliest wins and refutations first: far
/// from the horizon by the game's evaluation (the ones worst for the player then to move
/// first); near it, where most positions are and an evaluation costs more than it saves,
/// captures first.
fn children<G: Evaluate>(position: &G, plies: u32) -> Vec<G> {
    let mut children: Vec<(i32, G)> = Vec::new();
    position.for_each_turn(&mut |_, next| {
        let order = if plies >= 4 { next.evaluate() } else { -i32::from(position.captures(next)) };
        children.push((order, *next));
    });
    children.sort_by_key(|&(order, _)| order);
    children.into_iter().map(|(_, child)| child).collect()
}

impl<G: Evaluate> Prover<G> {
    /// A prover that looks at most at `limit` positions for each question.
    pub fn new(limit: u64) -> Prover<G> {
        Prover { table: HashMap::new(), nodes: 0, limit, _game: std::marker::PhantomData }
    }

    /// Starts a question: a fresh budget.
    fn ask(&mut self) {
        self.nodes = 0;
        if self.table.len() > TABLE_LIMIT {
            self.table.clear();
        }
    }

    fn visit(&mut self) -> Result<(), Spent> {
        self.nodes += 1;
        if self.nodes > self.limit { Err(Spent) } else { Ok(()) }
    }

    /// Whether the player to move wins within `turns` of their own turns.
    pub(crate) fn wins_within(&mut self, position: &G, turns: u32) -> Result<bool, Spent> {
        self.ask();
        self.attacker_wins(position, 2 * turns - 1)
    }

    /// The fewest turns, up to `most`, in which the player to move wins; `None` if not
    /// within `most`.
    pub fn distance(&mut self, position: &G, most: u32) -> Result<Option<u32>, Spent> {
        for turns in 1..=most {
            if self.wins_within(position, turns)? {
                return Ok(Some(turns));
            }
        }
        Ok(None)
    }

    /// Whether the turn from `position` to `next` wins within `turns` of the mover's turns.
    pub(crate) fn turn_wins_within(&mut self, position: &G, next: &G, turns: u32) -> Result<bool, Spent> {
        if next.winner() == Some(position.to_move()) {
            return Ok(true);
        }
        self.ask();
        self.defender_loses(next, 2 * turns - 2)
    }

    /// Whether the player to move loses within `turns` of the other side's turns, whatever
    /// they do.
    pub fn loses_within(&mut self, position: &G, turns: u32) -> Result<bool, Spent> {
        self.ask();
        self.defender_loses(position, 2 * turns)
    }

    /// Whether the player to move (the attacker) wins within `plies` plies.
    fn attacker_wins(&mut self, position: &G, plies: u32) -> Result<bool, Spent> {
        if plies == 0 || position.winner().is_some() {
            return Ok(false);
        }
        self.visit()?;
        let key = (position_key(position), plies);
        if let Some(&known) = self.table.get(&key) {
            return Ok(known);
        }
        let me = position.to_move();
        if plies < 3 {
            // The last ply: only a win at once counts, and nothing needs ordering.
            let mut wins = false;
            position.for_each_turn(&mut |_, next| wins |= next.winner() == Some(me));
            if wins || position.can_move() || !position.skipped().can_move() {
                return Ok(wins);
            }
        }
        let children = children(position, plies);
        let wins = if children.iter().any(|child| child.winner() == Some(me)) {
            true
        } else if children.is_empty() {
            let passed = position.skipped();
            passed.can_move() && self.defender_loses(&passed, plies - 1)?
        } else {
            let mut wins = false;
            for child in &children {
                if plies >= 3 && self.defender_loses(child, plies - 1)? {
                    wins = true;
                    break;
                }
            }
            wins
        };
        self.table.insert(key, wins);
        Ok(wins)
    }

    /// Whether the player to move (the defender) loses within `plies` plies, their own
    /// turn the first of them.
    fn defender_loses(&mut self, position: &G, plies: u32) -> Result<bool, Spent> {
        if let Some(winner) = position.winner() {
            return Ok(winner != position.to_move());
        }
        if plies < 2 {
            return Ok(false);
        }
        self.visit()?;
        let key = (position_key(position), plies);
        if let Some(&known) = self.table.get(&key) {
            return Ok(known);
        }
        let me = position.to_move();
        let children = children(position, plies);
        let loses = if children.iter().any(|child| child.winner() == Some(me)) {
            false
        } else if children.is_empty() {
            let passed = position.skipped();
            passed.can_move() && self.attacker_wins(&passed, plies - 1)?
        } else {
            let mut loses = true;
            for child in &children {
                if !self.attacker_wins(child, plies - 1)? {
                    loses = false;
                    break;
                }
            }
            loses
        };
        self.table.insert(key, loses);
        Ok(loses)
    }

    /// The line from `position`, where the player to move wins in exactly `turns` turns:
    /// at each of the solver's turns but the last, the only turn that wins as fast; at the
    /// last, the first that wins at once; the replies the longest defence. `None` when a
    /// solver's turn has a rival as fast, or the line meets a forced skip.
    pub fn solution(&mut self, position: &G, turns: u32) -> Result<Option<Vec<G::Turn>>, Spent> {
        let me = position.to_move();
        let all = position.legal_turns_with_results();
        if turns == 1 {
            let first = all.into_iter().find(|(_, next)| next.winner() == Some(me));
            return Ok(first.map(|(turn, _)| vec![turn]));
        }
        let mut winning = Vec::new();
        for (turn, next) in &all {
            if self.turn_wins_within(position, next, turns)? {
                winning.push((turn, next));
            }
        }
        let [(turn, next)] = winning[..] else { return Ok(None) };
        if !next.can_move() {
            return Ok(None);
        }
        for (reply, after) in next.legal_turns_with_results() {
            if !after.can_move() || turns > 2 && self.wins_within(&after, turns - 2)? {
                continue;
            }
            if let Some(rest) = self.solution(&after, turns - 1)? {
                return Ok(Some([vec![turn.clone(), reply].as_slice(), &rest].concat()));
            }
        }
        Ok(None)
    }

    /// Whether `line` from `position` holds what a puzzle claims: it wins in exactly
    /// `line`'s solver turns, each solver turn but the last the only one that wins as
    /// fast, the last winning at once, each reply a longest defence.
    pub fn holds(&mut self, position: &G, line: &[G::Turn]) -> Result<bool, Spent> {
        let turns = line.len().div_ceil(2) as u32;
        if turns == 0 || self.distance(position, turns)? != Some(turns) {
            return Ok(false);
        }
        let Some((turn, rest)) = line.split_first() else { return Ok(false) };
        let Ok(next) = position.play(turn) else { return Ok(false) };
        if turns == 1 {
            return Ok(next.winner() == Some(position.to_move()) && rest.is_empty());
        }
        for (other, after) in position.legal_turns_with_results() {
            if other != *turn && self.turn_wins_within(position, &after, turns)? {
                return Ok(false);
            }
        }
        let Some((reply, rest)) = rest.split_first() else { return Ok(false) };
        let Ok(after) = next.play(reply) else { return Ok(false) };
        if !next.can_move() || !after.can_move() {
            return Ok(false);
        }
        // The longest defence: the solver needs all the turns left after it.
        if turns > 2 && self.wins_within(&after, turns - 2)? {
            return Ok(false);
        }
        self.holds(&after, rest)
    }
}
