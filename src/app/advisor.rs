//! Advice on the game on screen: a search on a worker thread, so that the screen stays live
//! while it thinks. It answers with the suggested turn and the chance of each player, and
//! wakes the loop that started it when it is done.

use super::event::Waker;
use crate::ai::{Budget, Evaluate, Search, Standing};
use crate::rules::Colour;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// What the search advises.
#[derive(Clone, PartialEq, Debug)]
pub struct Advice<T> {
    pub turn: T,
    /// Blue's chance of winning, 0 to 1.
    pub blue: f64,
}

impl<T> Advice<T> {
    /// Who is ahead, in the one way every screen says it (a chance of 55 % or less is an
    /// even game, with no number).
    pub fn standing(&self) -> Standing {
        Standing::from_blue(self.blue)
    }

    /// The player ahead, if either is, and their chance.
    pub fn ahead(&self) -> Option<(Colour, f64)> {
        match self.standing() {
            Standing::Even => None,
            Standing::Ahead { side, percent } => Some((side, f64::from(percent) / 100.0)),
        }
    }
}

pub use crate::ai::review::seen_by;

/// A search kept from turn to turn, so that what it learnt about the game (its table)
/// serves the next turn too; one worker thread uses it at a time.
pub struct Searcher<G: Evaluate>(Arc<Mutex<Search<G>>>);

impl<G: Evaluate> Default for Searcher<G> {
    fn default() -> Self {
        Searcher(Arc::new(Mutex::new(Search::new())))
    }
}

impl<G: Evaluate> Clone for Searcher<G> {
    fn clone(&self) -> Self {
        Searcher(Arc::clone(&self.0))
    }
}

impl<G: Evaluate> std::fmt::Debug for Searcher<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("Searcher")
    }
}

/// What a search is for: advice (the kept verdict on the position, the same each time it
/// is asked), or the computer's own turn (searched afresh, told the game's history, so
/// that it does not go back to where it has been).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Purpose {
    Advice,
    Turn,
}

/// A search under way on a worker thread, for the position at a given game revision.
#[derive(Debug)]
pub struct Thinking<T> {
    receiver: Receiver<Option<Advice<T>>>,
    stop: Arc<AtomicBool>,
    started: Instant,
    budget: Duration,
    /// The game revision the advice is for: stale advice is dropped.
    pub revision: u64,
}

/// How often the progress bar of a search moves on.
const REDRAW: Duration = Duration::from_millis(100);

/// How long the advisor thinks.
pub const THINKING_TIME: Duration = Duration::from_millis(800);

impl<T: Send + 'static> Thinking<T> {
    /// Starts thinking about `position` within `budget`, for `purpose`, with `searcher`,
    /// which is told the positions the game went through `earlier`.
    pub fn start<G>(
        searcher: &Searcher<G>,
        position: G,
        earlier: Vec<G>,
        (budget, purpose): (Budget, Purpose),
        revision: u64,
    ) -> Thinking<T>
    where
        G: Evaluate<Turn = T>,
    {
        let (sender, receiver) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let searcher = searcher.clone();
        let waker = Waker::current();
        std::thread::spawn(move || {
            // A search stopped a moment ago lets go of the searcher at its next check.
            let mut search = searcher.0.lock().unwrap_or_else(PoisonError::into_inner);
            search.remember(&earlier);
            let advice = match purpose {
                // One verdict a position and level: asked again, or back at the position
                // after an undo, the same turn and figure unless a deeper search has looked.
                Purpose::Advice => search
                    .verdict(&position, budget, &flag)
                    .map(|verdict| Advice { blue: verdict.blue(position.to_move()), turn: verdict.turn }),
                Purpose::Turn => search.best(&position, budget, &flag).map(|found| Advice {
                    blue: seen_by(position.to_move(), crate::ai::winning_chance(found.score)),
                    turn: found.turn,
                }),
            };
            // The screen may have gone: nobody to tell is no error.
            let _ = sender.send(advice);
            waker.searched();
        });
        Thinking {
            receiver,
            stop,
            started: Instant::now(),
            budget: budget.time.unwrap_or(THINKING_TIME),
            revision,
        }
    }

    /// The advice if the search has finished (`Some(None)` when there was no turn to give),
    /// taken once: the loop was woken for it.
    pub fn answer(&self) -> Option<Option<Advice<T>>> {
        match self.receiver.try_recv() {
            Ok(advice) => Some(advice),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(None),
        }
    }

    /// How far through its time the search is, 0 to 1.
    pub fn progress(&self) -> f64 {
        (self.started.elapsed().as_secs_f64() / self.budget.as_secs_f64().max(0.001)).min(1.0)
    }

    /// When the progress bar next moves on, for the loop to wake and redraw it.
    pub fn next_redraw(&self) -> Instant {
        let since = self.started.elapsed().as_millis() / REDRAW.as_millis() + 1;
        self.started + REDRAW * u32::try_from(since).unwrap_or(u32::MAX)
    }

    /// Waits for the advice (tests, with a budget of positions, use this).
    pub fn wait(self) -> Option<Advice<T>> {
        self.receiver.recv().ok().flatten()
    }
}

impl<T> Drop for Thinking<T> {
    /// A search nobody waits for any more stops at once.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::clamber;

    #[test]
    fn the_advisor_finds_the_win_on_its_thread_and_stops_when_dropped() {
        let position: clamber::Position = "3/b/B2=b2,C3=r2,D4=r3,E4=r3".parse().unwrap();
        let budget = Budget { nodes: Some(50_000), ..Budget::default() };
        let advice =
            Thinking::start(&Searcher::default(), position, Vec::new(), (budget, Purpose::Advice), 0)
                .wait()
                .expect("advice");
        assert_eq!(advice.turn.to_string(), "B2xC3xD4");
        assert_eq!(advice.ahead().map(|(colour, _)| colour), Some(Colour::Blue));
        // Dropped at once, a long search ends without anyone waiting.
        let long = Budget { time: Some(Duration::from_secs(60)), ..Budget::default() };
        let started = Instant::now();
        let searcher = Searcher::default();
        let start = clamber::Position::start(crate::rules::hex::Board::SIDE_4);
        let thinking: Thinking<clamber::Turn> =
            Thinking::start(&searcher, start, Vec::new(), (long, Purpose::Turn), 0);
        let stop = Arc::clone(&thinking.stop);
        drop(thinking);
        assert!(stop.load(Ordering::Relaxed));
        assert!(started.elapsed() < Duration::from_secs(1), "dropping does not wait");
        // The next search takes the searcher over as soon as the stopped one lets it go.
        let next = Thinking::start(&searcher, start, Vec::new(), (budget, Purpose::Turn), 1).wait();
        assert!(next.is_some_and(|advice| start.play(&advice.turn).is_ok()));
        assert!(started.elapsed() < Duration::from_secs(2));
    }
}
