//! Looking at the positions of a game for a review: each with a search of its own, on as
//! many threads as asked, at a budget of positions so that a review is the same on every
//! machine; what is still to look at, and in what order.

use super::suspect;
use crate::{Budget, Evaluate, Level, Search};
use hexstack_rules::{Colour, Game, Outcome};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The most time a review spends on one position, whatever its budget of positions: only
/// a position with thousands of chains comes near it.
pub(crate) const MOST_TIME: Duration = Duration::from_secs(20);

/// The budget of a review at `level`: the level's own depth and judgement, its time
/// turned into positions at the game's usual pace, on one thread. So a game reviewed twice,
/// here or on another machine, gets the same review, and a review at level 4 looks about as
/// far as level 4 plays.
pub fn budget<G: Evaluate>(level: Level) -> Budget {
    let playing = level.budget();
    let time = playing.time.unwrap_or_default();
    let positions = (time.as_millis() as u64).saturating_mul(G::POSITIONS_PER_SECOND) / 1000;
    Budget {
        nodes: Some(positions.max(1)),
        time: None,
        most_time: Some(MOST_TIME),
        two_threads: false,
        ..playing
    }
}

/// What the computer says of one position of the game.
#[derive(Clone, PartialEq, Debug)]
pub struct Looked<T> {
    /// Blue's chance of winning from here, 0 to 1, with the best play it sees.
    pub blue: f64,
    /// The turn it would play here; `None` once the game is over.
    pub best: Option<T>,
    /// Blue's chance after that turn, looked at like the position after the turn played
    /// (so that the two compare at the same depth) when the turn played seems to lose.
    pub after_best: Option<f64>,
}

/// The position a player meets after `turn`: a player left with no legal turn in a game
/// that goes on is skipped, as the record does. `None` if the turn is not legal.
pub fn after<G: Game>(position: &G, turn: &G::Turn) -> Option<G> {
    position.play(turn).ok().map(|next| skip_if_stuck(next))
}

/// The position itself, or the one after its player's forced skip.
pub fn skip_if_stuck<G: Game>(position: G) -> G {
    if position.outcome() == Outcome::Ongoing && !position.can_move() { position.skipped() } else { position }
}

/// Every position of a game from `start` through `turns`: the start and the one after
/// each turn (skips made), as many as there are legal turns in a row.
pub fn positions<G: Game>(start: G, turns: &[G::Turn]) -> Vec<G> {
    let mut positions = vec![skip_if_stuck(start)];
    for turn in turns {
        let Some(next) = positions.last().and_then(|position| after(position, turn)) else { break };
        positions.push(next);
    }
    positions
}

/// The computer's verdict on `position` within `budget` ([`Search::verdict`], so that the
/// review, the hints and the figures agree), or the result of a game that is over. The
/// position is judged by itself: the way the game came there does not count.
pub fn look<G: Evaluate>(
    search: &mut Search<G>,
    position: &G,
    budget: Budget,
    stop: &AtomicBool,
) -> Looked<G::Turn> {
    let over = |blue| Looked { blue, best: None, after_best: None };
    match position.outcome() {
        Outcome::Won(Colour::Blue) => return over(1.0),
        Outcome::Won(Colour::Red) => return over(0.0),
        Outcome::Drawn => return over(0.5),
        Outcome::Ongoing => {}
    }
    search.remember(&[]);
    match search.verdict(position, budget, stop) {
        Some(verdict) => {
            Looked { blue: verdict.blue(position.to_move()), best: Some(verdict.turn), after_best: None }
        }
        None => over(0.5),
    }
}

/// What is still to be looked at for a review, in the order it is best done: the first
/// position not looked at, or the position after the computer's turn where a suspect turn
/// was played.
#[derive(Clone, Debug, PartialEq)]
pub enum Needed<G> {
    /// The position at this index of the game.
    Position(usize),
    /// The position after the computer's turn at position `.0`.
    AfterBest(usize, G),
}

/// The next thing to look at, if any, going through the game in order.
pub fn needed<G: Game>(
    positions: &[G],
    turns: &[G::Turn],
    looked: &[Option<Looked<G::Turn>>],
) -> Option<Needed<G>> {
    for (at, position) in positions.iter().enumerate() {
        let Some(this) = &looked[at] else { return Some(Needed::Position(at)) };
        let (Some(turn), Some(Some(next))) = (turns.get(at), looked.get(at + 1)) else { continue };
        if this.after_best.is_none() && suspect(position.to_move(), turn, this, next) {
            let best = this.best.as_ref().and_then(|best| after(position, best));
            return Some(Needed::AfterBest(at, best.unwrap_or(*position)));
        }
    }
    None
}

/// Everything that can be looked at now, in the game's order: every position not looked
/// at, and the position after the computer's turn wherever a suspect turn's positions
/// before and after are looked at. Each is looked at by itself, so in any order.
pub fn needs<G: Game>(
    positions: &[G],
    turns: &[G::Turn],
    looked: &[Option<Looked<G::Turn>>],
) -> Vec<Needed<G>> {
    let mut needs = Vec::new();
    for (at, position) in positions.iter().enumerate() {
        let Some(this) = &looked[at] else {
            needs.push(Needed::Position(at));
            continue;
        };
        let (Some(turn), Some(Some(next))) = (turns.get(at), looked.get(at + 1)) else { continue };
        if this.after_best.is_none() && suspect(position.to_move(), turn, this, next) {
            let best = this.best.as_ref().and_then(|best| after(position, best));
            needs.push(Needed::AfterBest(at, best.unwrap_or(*position)));
        }
    }
    needs
}

/// Puts what was `found` for `needed` in `looked`.
pub fn put<G: Game>(looked: &mut [Option<Looked<G::Turn>>], needed: &Needed<G>, found: Looked<G::Turn>) {
    match needed {
        Needed::Position(at) => looked[*at] = Some(found),
        Needed::AfterBest(at, _) => {
            if let Some(looked) = &mut looked[*at] {
                looked.after_best = Some(found.blue);
            }
        }
    }
}

/// Looks at each of `needs` on up to `threads` threads, each look with a search of its own,
/// so that a verdict depends on its position and the budget alone: the same on one thread
/// or many, in any order. `found` hears each as it comes; a look that `stop` cut short is
/// not heard.
pub fn look_many<G>(
    needs: &[Needed<G>],
    positions: &[G],
    budget: Budget,
    threads: usize,
    stop: &AtomicBool,
    mut found: impl FnMut(&Needed<G>, Looked<G::Turn>),
) where
    G: Evaluate + Send + Sync,
    G::Turn: Send,
{
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let (sender, heard) = std::sync::mpsc::channel();
        for _ in 0..threads.clamp(1, needs.len().max(1)) {
            let (sender, next) = (sender.clone(), &next);
            scope.spawn(move || {
                while let Some(needed) = needs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let position = match needed {
                        Needed::Position(at) => &positions[*at],
                        Needed::AfterBest(_, position) => position,
                    };
                    let looked = look(&mut Search::new(), position, budget, stop);
                    if stop.load(Ordering::Relaxed) || sender.send((needed, looked)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        for (needed, looked) in heard {
            found(needed, looked);
        }
    });
}

/// Looks at everything a review of the game needs on `threads` threads, from what `looked`
/// already holds; `progress` hears the verdicts after each look.
pub fn look_all<G>(
    positions: &[G],
    turns: &[G::Turn],
    looked: &mut [Option<Looked<G::Turn>>],
    (budget, threads): (Budget, usize),
    stop: &AtomicBool,
    mut progress: impl FnMut(&[Option<Looked<G::Turn>>]),
) where
    G: Evaluate + Send + Sync,
    G::Turn: Send,
{
    loop {
        let needs = needs(positions, turns, looked);
        if needs.is_empty() || stop.load(Ordering::Relaxed) {
            return;
        }
        look_many(&needs, positions, budget, threads, stop, |needed, found| {
            put(looked, needed, found);
            progress(looked);
        });
    }
}

/// How many threads a review uses unless told: one a core.
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each position is looked at with a search of its own: the verdicts are the same on
    /// one thread or two, in whatever order they come.
    #[test]
    fn a_review_looks_the_same_on_one_thread_or_two() {
        use hexstack_rules::clamber::Position;
        let start = Position::start(hexstack_rules::hex::Board::SIDE_3);
        let turns: Vec<_> = ["C3", "D4", "B2", "D3", "A1"].iter().map(|t| t.parse().unwrap()).collect();
        let positions = positions(start, &turns);
        let budget = Budget { nodes: Some(20_000), ..Budget::default() };
        let review = |threads| {
            let mut looked = vec![None; positions.len()];
            look_all(&positions, &turns, &mut looked, (budget, threads), &AtomicBool::new(false), |_| {});
            looked
        };
        let one = review(1);
        assert!(one.iter().all(Option::is_some));
        assert_eq!(one, review(2));
        assert!(needs(&positions, &turns, &one).is_empty(), "nothing left to look at");
    }
}
