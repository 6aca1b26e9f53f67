//! What wakes the program. Every source (the local terminal, a guest over SSH, a search on
//! a worker thread, a signal) sends a [`Wake`] into the one loop's channel; the loop turns
//! it into an [`Event`] for the app of each terminal concerned. With nothing sent and no
//! timer due, the loop sleeps.

use crate::i18n::Lang;
use ratatui::crossterm::event::Event as Input;
use ratatui::layout::Rect;
use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::SyncSender;

/// What an app is woken for.
#[derive(Clone, Debug)]
pub enum Event {
    /// A key, a click or a resize from this app's terminal.
    Input(Input),
    /// A search finished: the app takes in its answer.
    Searched,
    /// A timer the app asked for ([`crate::app::App::timer`]) is due.
    Timer,
    /// Another terminal changed the shared game (`played`: a turn, an undo ...) or who is
    /// at it.
    Shared { played: bool },
}

/// What the loop's channel carries.
pub enum Wake {
    /// The local terminal's input.
    Local(Input),
    /// News of a guest's terminal, by the guest's number.
    Guest(u64, Guest),
    /// A search finished.
    Searched,
    /// The shared game's company changed outside the loop (the server stopped or started
    /// taking guests): every terminal hears of it.
    Link,
    /// Stop: a signal, or the local terminal is gone.
    Stop,
}

/// A guest's terminal: it comes, it types, it goes.
pub enum Guest {
    /// A terminal of this size and language, drawn into `output`; `redraw` says when what
    /// was sent could not all go out, so that the next frame must be whole.
    Joined {
        output: Box<dyn std::io::Write + Send>,
        area: Rect,
        lang: Lang,
        redraw: Redraw,
    },
    Input(Input),
    Left,
}

/// Set when frames a guest had not taken were dropped: the guest's screen is not what
/// ratatui last drew, so the loop draws the next frame whole (ratatui's `resize` to the
/// same area forgets the last frame). Frames are dropped while the loop draws, so the loop
/// looks right after each draw.
#[derive(Clone, Debug, Default)]
pub struct Redraw(Arc<AtomicBool>);

impl Redraw {
    /// A whole frame is wanted.
    pub fn want(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether a whole frame is wanted; asking clears it.
    pub fn take(&self) -> bool {
        self.0.swap(false, Ordering::SeqCst)
    }
}

/// How many wakes wait in the channel at most: past it, a guest's keys are dropped.
pub const QUEUE: usize = 1024;

thread_local! {
    /// The channel of the loop running on this thread, for the searches it starts.
    static LOOP: RefCell<Option<SyncSender<Wake>>> = const { RefCell::new(None) };
}

/// Lets searches started on this thread wake its loop (`None`: nobody to wake, as in tests
/// that wait for a search themselves).
pub fn set_waker(sender: Option<SyncSender<Wake>>) {
    LOOP.with(|current| *current.borrow_mut() = sender);
}

/// A handle for a worker thread to wake the loop that started it.
#[derive(Clone, Debug, Default)]
pub struct Waker(Option<SyncSender<Wake>>);

impl Waker {
    /// The loop of this thread, if one runs here.
    pub fn current() -> Waker {
        Waker(LOOP.with(|current| current.borrow().clone()))
    }

    /// Says a search finished; a loop that ended is nobody to tell. It never waits: with
    /// the queue full the loop has wakes enough to come, and each takes in every search's
    /// answer (so a thread the loop waits for can never wait for the loop).
    pub fn searched(&self) {
        if let Some(sender) = &self.0 {
            let _ = sender.try_send(Wake::Searched);
        }
    }
}
