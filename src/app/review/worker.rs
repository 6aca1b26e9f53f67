//! The review's search on a thread of its own, so that the screen stays live while it looks.

use crate::ai::review::{self, Looked};
use crate::ai::{Budget, Search};
use crate::app::event::Waker;
use crate::app::table::Input;
use crate::rules::Game;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;

/// What the worker found: the review's verdicts so far, or the verdict on the position
/// after a turn tried.
pub(super) enum Findings<T> {
    Looked(Vec<Option<Looked<T>>>),
    Tried(Looked<T>),
}

/// The search on its own thread: it goes through what the review still needs
/// ([`review::needs`]), as many positions at once as there are cores, each with a search
/// of its own (so the review is the same as on one thread), a position a player tried
/// first, and sleeps when there is nothing to look at. Dropped, it stops at once: the
/// search is told, and the thread waited for.
pub(crate) struct Worker<G: Game> {
    pub(super) found: Receiver<Findings<G::Turn>>,
    pub(super) tries: Option<Sender<G>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

/// What the worker does next: look at some of what the review needs, or at a position
/// a player tried.
enum Task<G: Game> {
    Needs(Vec<review::Needed<G>>),
    Tried(G),
}

impl<G: Input> Worker<G> {
    pub(super) fn start(
        (positions, turns): (Vec<G>, Vec<G::Turn>),
        mut looked: Vec<Option<Looked<G::Turn>>>,
        budget: Budget,
        waker: Waker,
    ) -> Worker<G> {
        let (sender, found) = mpsc::channel();
        let (tries, tried) = mpsc::channel::<G>();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let threads = review::all_cores();
        let thread = std::thread::spawn(move || {
            loop {
                let next = match tried.try_recv() {
                    Ok(position) => Task::Tried(position),
                    Err(mpsc::TryRecvError::Disconnected) => return,
                    Err(mpsc::TryRecvError::Empty) => match review::needs(&positions, &turns, &looked) {
                        // A few at a time, so that a position tried waits for one look only.
                        needs if !needs.is_empty() => Task::Needs(needs.into_iter().take(threads).collect()),
                        // Nothing left but what a player may try: asleep until then.
                        _ => match tried.recv() {
                            Ok(position) => Task::Tried(position),
                            Err(_) => return,
                        },
                    },
                };
                let tell = |found| {
                    let told = !flag.load(Ordering::Relaxed) && sender.send(found).is_ok();
                    if told {
                        waker.searched();
                    }
                    told
                };
                let told = match next {
                    Task::Needs(needs) => {
                        let mut told = true;
                        review::look_many(&needs, &positions, budget, threads, &flag, |needed, found| {
                            review::put(&mut looked, needed, found);
                            told &= tell(Findings::Looked(looked.clone()));
                        });
                        told
                    }
                    Task::Tried(position) => {
                        tell(Findings::Tried(review::look(&mut Search::new(), &position, budget, &flag)))
                    }
                };
                if !told {
                    return;
                }
            }
        });
        Worker { found, tries: Some(tries), stop, thread: Some(thread) }
    }
}

impl<G: Game> Drop for Worker<G> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.tries = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl<G: Game> std::fmt::Debug for Worker<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("Worker")
    }
}
