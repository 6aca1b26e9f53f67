//! What wakes the program. Every source (the local terminal, a search on a worker thread,
//! a signal) sends a [`Wake`] into the one loop's channel; a guest over SSH puts what its
//! terminal sent in a queue of its own ([`Mailbox`]), which the loop drains fairly, and
//! wakes it. The loop turns all of it into [`Event`]s for the app of each terminal
//! concerned. With nothing sent and no timer due, the loop sleeps.

use super::profile::Profile;
use ratatui::crossterm::event::Event as Input;
use ratatui::layout::Rect;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};

/// What an app is woken for.
#[derive(Clone, Debug)]
pub(crate) enum Event {
    /// A key, a click or a resize from this app's terminal.
    Input(Input),
    /// A search finished: the app takes in its answer.
    Searched,
    /// A timer the app asked for ([`crate::app::App::timer`]) is due.
    Timer,
    /// Another terminal changed the shared game (`played`: a turn, an undo ...) or who is
    /// at it.
    Shared {
        /// Whether the game changed (a turn, an undo ...), not only who is at it.
        played: bool,
    },
}

/// What the loop's channel carries.
pub(crate) enum Wake {
    /// The local terminal's input.
    Local(Input),
    /// A guest's terminal sent something: its queue holds it.
    Guests,
    /// A search finished.
    Searched,
    /// The shared game's company changed outside the loop (the server stopped or started
    /// taking guests): every terminal hears of it.
    Link,
    /// Stop: a signal, or the local terminal is gone.
    Stop,
    /// The screen-reader mode's reader of lines read one ([`Heard`]).
    Line(Heard),
}

/// What a reader of lines heard: a line (without its end), one it refused and why (too
/// long, not UTF-8), or the end of its input.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Heard {
    /// A line, without its end.
    Line(String),
    /// A line refused, and why.
    Refused(crate::i18n::Text),
    /// The end of the input.
    End,
}

/// A guest's terminal: it comes, then it types; when its [`Mailbox`] is dropped, it went.
pub(crate) enum Guest {
    /// A terminal of this size and this person's, drawn into `output`; `redraw` says when
    /// what was sent could not all go out, so that the next frame must be whole. Its
    /// searches wake the loop through `wakes`.
    Joined {
        /// Where its frames are written.
        output: Box<dyn std::io::Write + Send>,
        /// The size of its terminal.
        area: Rect,
        /// The person's language, keys, colours and defaults.
        profile: Box<Profile>,
        /// Set when frames were dropped: the next one is drawn whole.
        redraw: Redraw,
        /// The loop's channel, which its searches wake.
        wakes: SyncSender<Wake>,
    },
    /// A key, a click or a resize from its terminal.
    Input(Input),
}

/// How many of a guest's keys (and clicks, and resizes) wait for the loop at most: a guest
/// past them is sending faster than anyone types, and is let go.
#[cfg(feature = "ssh")]
pub(crate) const GUEST_QUEUE: usize = 256;

/// How many of one guest's events the loop takes in a round before it turns to the next
/// guest: no guest's burst keeps another's keys waiting.
pub(crate) const SHARE: usize = 16;

/// A guest's end of its queue: what its connection puts in, never waiting. Dropped, the
/// guest has gone, and the loop hears of it.
pub(crate) struct Mailbox {
    sender: Option<SyncSender<Guest>>,
    wakes: SyncSender<Wake>,
}

/// Why a guest's news was not taken.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Unposted {
    /// The queue is full: the guest is over its share.
    Full,
    /// The loop let the guest go (or ended).
    Gone,
}

impl Mailbox {
    /// Puts `news` in the guest's queue and wakes the loop; never waits.
    pub(crate) fn put(&self, news: Guest) -> Result<(), Unposted> {
        let Some(sender) = &self.sender else { return Err(Unposted::Gone) };
        sender.try_send(news).map_err(|error| match error {
            TrySendError::Full(_) => Unposted::Full,
            TrySendError::Disconnected(_) => Unposted::Gone,
        })?;
        // A full channel wakes the loop all the same: it drains every guest's queue.
        match self.wakes.try_send(Wake::Guests) {
            Ok(()) | Err(TrySendError::Full(_)) => Ok(()),
            Err(TrySendError::Disconnected(_)) => Err(Unposted::Gone),
        }
    }
}

impl Drop for Mailbox {
    fn drop(&mut self) {
        // The queue closed first: the loop, woken, finds the guest gone.
        drop(self.sender.take());
        let _ = self.wakes.try_send(Wake::Guests);
    }
}

/// The loop's end of a guest's queue.
pub(crate) struct Inbox {
    pub id: u64,
    receiver: Receiver<Guest>,
}

/// What a round takes of a guest's queue.
pub(crate) enum Taken {
    /// These, and whether more wait.
    News(Vec<Guest>, bool),
    /// The guest went.
    Gone(Vec<Guest>),
}

impl Inbox {
    /// Up to [`SHARE`] of what waits.
    pub(crate) fn take(&self) -> Taken {
        let mut news = Vec::new();
        while news.len() < SHARE {
            match self.receiver.try_recv() {
                Ok(item) => news.push(item),
                Err(TryRecvError::Empty) => return Taken::News(news, false),
                Err(TryRecvError::Disconnected) => return Taken::Gone(news),
            }
        }
        Taken::News(news, true)
    }
}

/// The guests' queues that came since the loop last looked.
#[derive(Clone, Default)]
pub(crate) struct Arrivals(Arc<Mutex<Vec<Inbox>>>);

impl Arrivals {
    /// A queue for guest `id`, its loop woken through `wakes`.
    #[cfg(feature = "ssh")]
    pub(crate) fn open(&self, id: u64, wakes: SyncSender<Wake>) -> Mailbox {
        let (sender, receiver) = std::sync::mpsc::sync_channel(GUEST_QUEUE);
        self.0.lock().unwrap_or_else(PoisonError::into_inner).push(Inbox { id, receiver });
        Mailbox { sender: Some(sender), wakes }
    }

    /// The queues that came, taken once.
    pub(crate) fn take(&self) -> Vec<Inbox> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

/// Set when frames a guest had not taken were dropped: the guest's screen is not what
/// ratatui last drew, so the loop draws the next frame whole (ratatui's `resize` to the
/// same area forgets the last frame). Frames are dropped while the loop draws, so the loop
/// looks right after each draw.
#[derive(Clone, Debug, Default)]
pub(crate) struct Redraw(Arc<AtomicBool>);

impl Redraw {
    /// A whole frame is wanted.
    #[cfg(feature = "ssh")]
    pub(crate) fn want(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether a whole frame is wanted; asking clears it.
    pub(crate) fn take(&self) -> bool {
        self.0.swap(false, Ordering::SeqCst)
    }
}

/// How many wakes wait in the channel at most: the local terminal's keys, searches done,
/// and one word a guest that sent something.
pub(crate) const QUEUE: usize = 1024;

/// The way a search on a worker thread wakes the loop that drives its terminal's app. The
/// app holds one and hands it to each screen that searches; the loop connects it when it
/// takes the app on (a test that waits for a search itself connects its own channel, or
/// none). Every clone wakes the same loop.
#[derive(Clone, Debug, Default)]
pub(crate) struct Waker(Arc<Mutex<Option<SyncSender<Wake>>>>);

impl Waker {
    /// From now on, wakes the loop whose channel `sender` sends into.
    pub(crate) fn connect(&self, sender: SyncSender<Wake>) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = Some(sender);
    }

    /// Says a search finished; a loop that ended is nobody to tell. It never waits: with
    /// the queue full the loop has wakes enough to come, and each takes in every search's
    /// answer (so a thread the loop waits for can never wait for the loop).
    pub(crate) fn searched(&self) {
        if let Some(sender) = &*self.0.lock().unwrap_or_else(PoisonError::into_inner) {
            let _ = sender.try_send(Wake::Searched);
        }
    }
}
