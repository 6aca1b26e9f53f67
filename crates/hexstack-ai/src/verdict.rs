//! One verdict per position: what the computer says of a position (the turn it would
//! play, who is ahead) stays the same when asked again, after undo and redo, or on a
//! later visit, unless a deeper search has looked; then the deeper verdict stands. A
//! search's answer depends on its time, its table and the way the game came there, so
//! verdicts are kept by position key and the kept one answers.

use super::{Budget, Evaluate, Level, PROVEN, Search, WIN, position_key, winning_chance};
use hexstack_rules::Colour;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

/// What the computer says of one position.
#[derive(Clone, PartialEq, Debug)]
pub struct Verdict<T> {
    /// The turn it would play (the hint).
    pub turn: T,
    /// The score for the player to move (see [`WIN`]).
    pub(crate) score: i32,
    /// How many plies the search that gave it looked ahead.
    pub(crate) depth: u32,
}

/// Who is ahead, as the figure says it: a side and its chance, or an even game (no
/// number, since "even: 47 %" would be nobody's 47 %).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Balance {
    /// Neither side's chance, rounded, is over 55 %.
    Even,
    /// One side is ahead.
    Ahead {
        /// The side ahead.
        side: Colour,
        /// The side's own chance, 56 to 100.
        percent: u8,
    },
}

/// Chances within this of one half are an even game.
const EVEN_WITHIN: f64 = 0.05;

impl Balance {
    /// The balance from Blue's chance of winning, 0 to 1.
    pub fn from_blue(blue: f64) -> Balance {
        let (side, chance) = if blue >= 0.5 { (Colour::Blue, blue) } else { (Colour::Red, 1.0 - blue) };
        let percent = (chance * 100.0).round();
        if percent <= 100.0 * (0.5 + EVEN_WITHIN) {
            Balance::Even
        } else {
            Balance::Ahead { side, percent: percent as u8 }
        }
    }
}

impl<T> Verdict<T> {
    /// The chance that the player to move wins, 0 to 1.
    pub fn chance(&self) -> f64 {
        winning_chance(self.score)
    }

    /// Blue's chance of winning, 0 to 1, in a position where `to_move` is to move.
    pub fn blue(&self, to_move: Colour) -> f64 {
        if to_move == Colour::Blue { self.chance() } else { 1.0 - self.chance() }
    }

    /// Whether the verdict is a proven win or loss: no deeper search changes it.
    pub(crate) fn proven(&self) -> bool {
        self.score.abs() > WIN - PROVEN
    }

    /// Plies to the end when proven: the player to move wins in that many if the score is
    /// positive, loses in that many if negative.
    #[cfg(test)]
    fn plies_to_end(&self) -> Option<u32> {
        self.proven().then(|| (WIN - self.score.abs()).unsigned_abs())
    }
}

/// How many verdicts are kept at most: a game visits a few thousand positions. When full,
/// the kept ones stand and new ones are given but not kept.
pub(crate) const MOST_VERDICTS: usize = 100_000;

/// Verdicts kept by position key (and by judgement: a beginner's and an expert's apart,
/// since each judges positions its own way).
#[derive(Clone, Debug)]
pub struct Verdicts<T> {
    kept: HashMap<(u64, bool, bool), Verdict<T>>,
}

impl<T> Default for Verdicts<T> {
    fn default() -> Self {
        Verdicts { kept: HashMap::new() }
    }
}

/// How deep a search within `budget` surely looks: a kept verdict at least this deep
/// answers for it without searching.
pub(crate) fn least_depth(budget: &Budget) -> u32 {
    budget.depth.map_or(budget.min_depth, |depth| depth.max(budget.min_depth)).max(1)
}

impl<T: Clone> Verdicts<T> {
    /// The kept verdict on `position` that answers for `budget` (judging as it judges):
    /// one that looked at least [`least_depth`] plies ahead, or a proven one.
    pub(crate) fn get<G: Evaluate<Turn = T>>(&self, position: &G, budget: &Budget) -> Option<&Verdict<T>> {
        self.kept
            .get(&(position_key(position), budget.beginner, budget.expert))
            .filter(|kept| kept.proven() || kept.depth >= least_depth(budget))
    }

    /// Keeps `verdict` on `position` (searched within `budget`) unless the kept one is
    /// proven or looked as deep, or the search was stopped before its first ply; the
    /// verdict that stands. A verdict short of the budget's least depth (its time ran
    /// out on a busy machine) is kept too, so that asking again gives it again, until a
    /// deeper one replaces it.
    pub(crate) fn keep<G: Evaluate<Turn = T>>(
        &mut self,
        position: &G,
        budget: &Budget,
        verdict: Verdict<T>,
    ) -> Verdict<T> {
        let key = (position_key(position), budget.beginner, budget.expert);
        match self.kept.get(&key) {
            Some(kept) if kept.proven() || kept.depth >= verdict.depth => kept.clone(),
            _ if verdict.depth == 0 && !verdict.proven() => verdict,
            Some(_) => {
                self.kept.insert(key, verdict.clone());
                verdict
            }
            None if self.kept.len() >= MOST_VERDICTS => verdict,
            None => {
                self.kept.insert(key, verdict.clone());
                verdict
            }
        }
    }

    /// How many verdicts are kept.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.kept.len()
    }

    #[cfg(test)]
    pub(crate) fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }
}

impl<G: Evaluate> Search<G> {
    /// The verdict on `position` within `budget` (a level's, [`Level::budget`]): the kept
    /// one if it answers for the budget, else this search's, kept unless a deeper one is.
    /// The search is told the positions of the game with [`Search::remember`] first, as
    /// for [`Search::best`]. A search that `stop` ended before its first ply is given but
    /// not kept. `None` only when the player to move has no legal turn.
    pub fn verdict(&mut self, position: &G, budget: Budget, stop: &AtomicBool) -> Option<Verdict<G::Turn>> {
        if let Some(kept) = self.verdicts().get(position, &budget) {
            return Some(kept.clone());
        }
        let found = self.best(position, budget, stop)?;
        let verdict = Verdict { turn: found.turn, score: found.score, depth: found.depth };
        Some(self.verdicts_mut().keep(position, &budget, verdict))
    }

    /// The verdict on `position` at `level`: [`Search::verdict`] within its budget.
    pub fn verdict_at_level(
        &mut self,
        position: &G,
        level: Level,
        stop: &AtomicBool,
    ) -> Option<Verdict<G::Turn>> {
        self.verdict(position, level.budget(), stop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_balance_names_its_side_or_says_even() {
        assert_eq!(Balance::from_blue(0.47), Balance::Even);
        assert_eq!(Balance::from_blue(0.55), Balance::Even);
        assert_eq!(Balance::from_blue(0.64), Balance::Ahead { side: Colour::Blue, percent: 64 });
        assert_eq!(Balance::from_blue(0.29), Balance::Ahead { side: Colour::Red, percent: 71 });
        let won = Verdict { turn: (), score: WIN - 3, depth: 3 };
        assert_eq!(won.plies_to_end(), Some(3));
        assert_eq!(
            Balance::from_blue(won.blue(Colour::Red)),
            Balance::Ahead { side: Colour::Red, percent: 100 }
        );
    }
}
