//! Advice on the game on screen: hints and who is ahead, from a search on a worker thread,
//! so that the screen stays live while it thinks. It answers with the suggested turn and
//! the chance of each player, for one position of the game, and wakes the loop that started
//! it when it is done.

use super::event::Waker;
use super::shared_record::SharedRecord;
use super::table::Message;
use crate::ai::{Balance, Budget, Evaluate, Level, Search};
use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use crate::record::Record;
#[cfg(test)]
use crate::rules::Colour;
use crate::rules::Game;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// What the search advises.
#[derive(Clone, PartialEq, Debug)]
pub(crate) struct Advice<T> {
    pub turn: T,
    /// Blue's chance of winning, 0 to 1.
    pub blue: f64,
}

impl<T> Advice<T> {
    /// Who is ahead, in the one way every screen says it (a chance of 55 % or less is an
    /// even game, with no number).
    pub(crate) fn balance(&self) -> Balance {
        Balance::from_blue(self.blue)
    }

    /// The player ahead, if either is, and their chance.
    #[cfg(test)]
    pub(crate) fn ahead(&self) -> Option<(Colour, f64)> {
        match self.balance() {
            Balance::Even => None,
            Balance::Ahead { side, percent } => Some((side, f64::from(percent) / 100.0)),
        }
    }
}

pub(crate) use crate::ai::review::seen_by;

/// A search kept from turn to turn, so that what it learnt about the game (its table)
/// serves the next turn too; one worker thread uses it at a time, and wakes the loop of the
/// terminal that asked when it is done.
pub(crate) struct Searcher<G: Game> {
    search: Arc<Mutex<Search<G>>>,
    waker: Waker,
}

impl<G: Evaluate> Searcher<G> {
    /// A search whose answers wake the loop through `waker`.
    pub(crate) fn new(waker: Waker) -> Searcher<G> {
        Searcher { search: Arc::new(Mutex::new(Search::new())), waker }
    }
}

impl<G: Game> Searcher<G> {
    /// The way its searches wake the loop.
    pub(crate) fn waker(&self) -> &Waker {
        &self.waker
    }
}

impl<G: Evaluate> Default for Searcher<G> {
    /// A search that wakes nobody: whoever asks waits for its answer.
    fn default() -> Self {
        Searcher::new(Waker::default())
    }
}

impl<G: Game> Clone for Searcher<G> {
    fn clone(&self) -> Self {
        Searcher { search: Arc::clone(&self.search), waker: self.waker.clone() }
    }
}

impl<G: Game> std::fmt::Debug for Searcher<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("Searcher")
    }
}

/// What a search is for: advice (the kept verdict on the position, the same each time it
/// is asked), or the computer's own turn (searched afresh, told the game's history, so
/// that it does not go back to where it has been).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Purpose {
    Advice,
    Turn,
}

/// A level's `budget` as the app spends it. Under test, a fixed depth is not cut short by
/// the level's time bound (there only for the rare position with thousands of chains), so
/// that a machine busy with many tests at once plays and hints as an idle one does.
pub(crate) fn steady(budget: Budget) -> Budget {
    #[cfg(test)]
    if budget.depth.is_some() {
        return Budget { time: None, most_time: None, ..budget };
    }
    budget
}

/// A search under way on a worker thread, for the position at a given game revision.
#[derive(Debug)]
pub(crate) struct Thinking<T> {
    receiver: Receiver<Option<Advice<T>>>,
    pub(super) stop: Arc<AtomicBool>,
    started: Instant,
    budget: Duration,
    /// The game revision the advice is for: stale advice is dropped.
    pub revision: u64,
}

/// How often the progress bar of a search moves on.
const REDRAW: Duration = Duration::from_millis(100);

/// How long the advisor thinks.
pub(crate) const THINKING_TIME: Duration = Duration::from_millis(800);

impl<T: Send + 'static> Thinking<T> {
    /// Starts thinking about `position` within `budget`, for `purpose`, with `searcher`,
    /// which is told the positions the game went through `earlier`.
    pub(crate) fn start<G>(
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
        let (searcher, waker) = (Arc::clone(&searcher.search), searcher.waker.clone());
        std::thread::spawn(move || {
            // A search stopped a moment ago lets go of the searcher at its next check.
            let mut search = searcher.lock().unwrap_or_else(PoisonError::into_inner);
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
    pub(crate) fn answer(&self) -> Option<Option<Advice<T>>> {
        match self.receiver.try_recv() {
            Ok(advice) => Some(advice),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(None),
        }
    }

    /// How far through its time the search is, 0 to 1.
    pub(crate) fn progress(&self) -> f64 {
        (self.started.elapsed().as_secs_f64() / self.budget.as_secs_f64().max(0.001)).min(1.0)
    }

    /// When the progress bar next moves on, for the loop to wake and redraw it.
    pub(crate) fn next_redraw(&self) -> Instant {
        let since = self.started.elapsed().as_millis() / REDRAW.as_millis() + 1;
        self.started + REDRAW * u32::try_from(since).unwrap_or(u32::MAX)
    }

    /// Waits for the advice: a search with a budget of positions, whose answer is due.
    #[cfg(test)]
    pub(crate) fn wait(self) -> Option<Advice<T>> {
        self.receiver.recv().ok().flatten()
    }
}

impl<T> Drop for Thinking<T> {
    /// A search nobody waits for any more stops at once.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Who is ahead and by how much, in words and figures: "Blue is ahead: 62 %", or "an even
/// game" (a figure near 50 % says nobody's chance).
pub(crate) fn ahead<T>(advice: &Advice<T>) -> Text {
    match advice.balance() {
        Balance::Ahead { side, percent } => text!(ADVICE_AHEAD, side, percent),
        Balance::Even => text!(ADVICE_EVEN),
    }
}

/// A search started on the game's position now, told the positions the game went through.
pub(super) fn start_thinking<G: Evaluate<Turn: Send>>(
    record: &Record<G>,
    searcher: &Searcher<G>,
    budget: (Budget, Purpose),
) -> Thinking<G::Turn> {
    let earlier = record.history().iter().map(|ply| ply.position).collect();
    Thinking::start(searcher, record.position(), earlier, budget, record.revision())
}

/// The advisor at a game: the hint asked for and the figure of who is ahead, each for
/// the position the game stood at when it was found, never shown for another.
#[derive(Debug)]
pub(crate) struct Advisor<G: Game> {
    /// The last advice, and the game revision it is for.
    advice: Option<(u64, Advice<G::Turn>)>,
    /// The revision a hint was asked at: its turn is lit there, and said when found.
    hint: Option<u64>,
    /// Whether the hint's figure shows on the evaluation line (`e` hides it).
    hint_figure: bool,
    /// Whether the panel shows who is ahead after every turn.
    pub show_eval: bool,
    /// The search under way.
    thinking: Option<Thinking<G::Turn>>,
    /// What it thinks within: the level of the computer at the game, else the usual one.
    pub budget: Budget,
    /// One search for the game, hints and the computer's turns alike: it keeps its table.
    searcher: Searcher<G>,
}

impl<G: Evaluate<Turn: Send>> Advisor<G> {
    /// An advisor thinking at `level`, waking the loop through `waker` when it has thought.
    pub(crate) fn new(level: Level, waker: Waker) -> Advisor<G> {
        let searcher = Searcher::new(waker);
        Advisor {
            advice: None,
            hint: None,
            hint_figure: false,
            show_eval: false,
            thinking: None,
            budget: steady(level.budget()),
            searcher,
        }
    }

    /// The same advisor, showing who is ahead from the start (the player's setting) or not.
    pub(crate) fn showing_eval(self, shown: bool) -> Advisor<G> {
        Advisor { show_eval: shown, ..self }
    }

    /// The search the game's advice and the computer's turns share.
    pub(crate) fn searcher(&self) -> &Searcher<G> {
        &self.searcher
    }

    /// The advice on the position at `revision`, if it is known.
    pub(crate) fn advice(&self, revision: u64) -> Option<&Advice<G::Turn>> {
        self.advice.as_ref().filter(|(at, _)| *at == revision).map(|(_, advice)| advice)
    }

    /// The turn to light as a hint at `revision`, if one was asked for there and found.
    pub(crate) fn hint(&self, revision: u64) -> Option<&G::Turn> {
        self.advice(revision).filter(|_| self.hint == Some(revision)).map(|advice| &advice.turn)
    }

    /// Whether a hint was asked for at `revision`.
    pub(crate) fn hinting(&self, revision: u64) -> bool {
        self.hint == Some(revision)
    }

    /// Whether the evaluation line shows at `revision`: asked for with `e`, or a hint's
    /// figure there (until `e` hides it).
    pub(crate) fn eval_shown(&self, revision: u64) -> bool {
        self.show_eval || (self.hint_figure && self.hinting(revision))
    }

    /// Esc: the hint is put away, its turn no longer lit.
    pub(crate) fn clear_hint(&mut self) -> bool {
        self.hint_figure = false;
        self.hint.take().is_some()
    }

    /// A hint asked for: said at once if the advice on this position is known, else when found.
    pub(crate) fn ask_hint(&mut self, shared: &SharedRecord<G>) -> Option<Message> {
        let revision = shared.with(Record::revision);
        self.hint = Some(revision);
        self.hint_figure = true;
        match self.advice(revision) {
            Some(advice) => Some(Message::Info(text!(ADVICE_HINT, advice.turn.to_string(), ahead(advice)))),
            None => {
                self.think(shared);
                None
            }
        }
    }

    /// Shows or hides who is ahead: hidden if the line shows, a hint's figure included.
    pub(crate) fn toggle_eval(&mut self, shared: &SharedRecord<G>) {
        self.show_eval = !self.eval_shown(shared.with(Record::revision));
        self.hint_figure = false;
        self.think(shared);
    }

    /// Starts thinking about the position now, unless its advice is known or on its way.
    fn think(&mut self, shared: &SharedRecord<G>) {
        let (revision, over) = shared.with(|record| (record.revision(), record.end().is_some()));
        let busy = self.thinking.as_ref().is_some_and(|thinking| thinking.revision == revision);
        if self.advice(revision).is_none() && !busy && !over {
            let purpose = (self.budget, Purpose::Advice);
            self.thinking = Some(shared.with(|record| start_thinking(record, &self.searcher, purpose)));
        }
    }

    /// Catches up with the game: takes in what the search found (a search on a position
    /// the game has left is dropped), and starts on the position now if the figure is
    /// shown. A hint found is said.
    pub(crate) fn update(&mut self, shared: &SharedRecord<G>) -> Option<Message> {
        let revision = shared.with(Record::revision);
        if self.thinking.as_ref().is_some_and(|thinking| thinking.revision != revision) {
            self.thinking = None;
        }
        let mut said = None;
        if let Some(answer) = self.thinking.as_ref().and_then(Thinking::answer) {
            self.thinking = None;
            said = self.take(revision, answer);
        }
        if self.show_eval || self.hint == Some(revision) {
            self.think(shared);
        }
        said
    }

    /// Takes in the advice found on the position at `revision`; what a hint says of it.
    fn take(&mut self, revision: u64, answer: Option<Advice<G::Turn>>) -> Option<Message> {
        let hinted = self.hint == Some(revision);
        let said = match &answer {
            Some(advice) => Message::Info(text!(ADVICE_HINT, advice.turn.to_string(), ahead(advice))),
            None => Message::Warning(text!(ADVICE_NONE)),
        };
        self.advice = answer.map(|advice| (revision, advice));
        hinted.then_some(said)
    }

    /// How far the search is, while it looks for a hint or a figure.
    pub(crate) fn thinking(&self) -> Option<f64> {
        self.thinking.as_ref().map(Thinking::progress)
    }

    /// When the progress bar next moves on, while it thinks.
    pub(crate) fn timer(&self) -> Option<std::time::Instant> {
        self.thinking.as_ref().map(Thinking::next_redraw)
    }

    /// Waits for the search under way (a budget of positions: its answer is due), and
    /// takes it in; what a hint says of it.
    #[cfg(test)]
    pub(crate) fn wait(&mut self) -> Option<Message> {
        let thinking = self.thinking.take()?;
        let revision = thinking.revision;
        let answer = thinking.wait();
        self.take(revision, answer)
    }
}
