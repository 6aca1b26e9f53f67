//! The accept: the accept loop and who may stay. Connections not yet in are few and short
//! (a login time, a cap per address, and past a start a newcomer takes the place of the
//! oldest that has sat silent or slow, else is refused at random, more often as they
//! grow), guests in are counted (keyless watchers within their own share), and the loop
//! outlives running out of descriptors: it waits for one to free and takes the connection
//! then, saying meanwhile that it cannot. Silent sockets held open by the hundred thus
//! cost a member who comes a few milliseconds, not a refusal.
//!
//! russh's own `run_on_socket` ends at the first failed accept and has no login time, so
//! the loop is ours, handing each connection to `russh::server::run_stream` inside a
//! stream that can be cut: russh's session closes only when its peer reads and writes,
//! and a connection past its time must close whatever its peer does.

use super::limits::{Limits, source};
use rand::RngExt;
use russh::server::{Config, Handler, run_stream};
use std::collections::{BTreeMap, HashMap};
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, oneshot, watch};

/// The longest wait before trying to accept again when the process is out of descriptors
/// (each connection that ends wakes the loop sooner).
const RETRY: Duration = Duration::from_secs(1);

/// How long the guests' connections get to close with the host's goodbye.
const GOODBYE: Duration = Duration::from_secs(1);

/// Told whether the accept takes connections.
type Tell = Box<dyn Fn(bool) + Send + Sync>;

/// Who is at the accept and who is in.
pub(crate) struct Door {
    limits: Limits,
    rooms: Mutex<Rooms>,
    listening: AtomicBool,
    told: Mutex<Option<Tell>>,
    /// A connection ended: a descriptor is free again.
    freed: Notify,
}

#[derive(Default)]
struct Rooms {
    /// The connections not yet in, oldest first.
    waiting: BTreeMap<u64, Knocking>,
    next: u64,
    /// Those of them let go for a newcomer, not yet gone.
    evicted: usize,
    by_source: HashMap<IpAddr, usize>,
    guests: usize,
    /// Guests in without a key (the club's watchers).
    keyless: usize,
}

/// A connection not yet in.
struct Knocking {
    since: Instant,
    cut: Arc<Cut>,
    evicted: bool,
}

impl Rooms {
    /// Connections not yet in that still press on the limits.
    fn pressing(&self) -> usize {
        self.waiting.len() - self.evicted
    }

    /// The oldest connection not yet in that sat silent past `stale` (an SSH client speaks
    /// first, at once) or took longer than `slow`: the one a newcomer may replace.
    fn evictable(&self, now: Instant, limits: &Limits) -> Option<u64> {
        let idle = |waiting: &Knocking| {
            let age = now.saturating_duration_since(waiting.since);
            (age >= limits.stale && !waiting.cut.heard()) || age >= limits.slow
        };
        self.waiting.iter().find(|(_, waiting)| !waiting.evicted && idle(waiting)).map(|(seq, _)| *seq)
    }
}

impl Door {
    pub(super) fn new(limits: &Limits) -> Arc<Door> {
        Arc::new(Door {
            limits: limits.clone(),
            rooms: Mutex::default(),
            listening: AtomicBool::new(true),
            told: Mutex::new(None),
            freed: Notify::new(),
        })
    }

    fn rooms(&self) -> MutexGuard<'_, Rooms> {
        self.rooms.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Whether new connections are being taken (not while out of descriptors).
    #[cfg(test)]
    pub(super) fn listening(&self) -> bool {
        self.listening.load(Ordering::SeqCst)
    }

    /// `tell` hears every change of [`Door::listening`].
    pub(super) fn tell_listening(&self, tell: Tell) {
        *self.told.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(tell);
    }

    fn set_listening(&self, now: bool) {
        if self.listening.swap(now, Ordering::SeqCst) != now
            && let Some(tell) = &*self.told.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
        {
            tell(now);
        }
    }

    pub(super) fn guests(&self) -> usize {
        self.rooms().guests
    }

    /// A new connection from `address`, cut by `cut`: a place among those not yet in, or
    /// none. Past the limits' start it takes the place of the oldest one that sat silent
    /// or slow; with none such, it is refused at random, 3 in 10 at the start, all at
    /// the full count.
    fn knock(self: &Arc<Door>, address: IpAddr, cut: &Arc<Cut>) -> Option<Startup> {
        let limits = self.limits.startups;
        let source = source(address);
        let now = Instant::now();
        let mut rooms = self.rooms();
        if rooms.by_source.get(&source).copied().unwrap_or(0) >= limits.per_source {
            return None;
        }
        if rooms.pressing() >= limits.begin {
            match rooms.evictable(now, &self.limits) {
                Some(seq) => {
                    if let Some(waiting) = rooms.waiting.get_mut(&seq) {
                        waiting.evicted = true;
                        waiting.cut.cut();
                    }
                    rooms.evicted += 1;
                }
                None if rooms.pressing() >= limits.full => return None,
                None => {
                    let past =
                        (rooms.pressing() - limits.begin) as f64 / (limits.full - limits.begin).max(1) as f64;
                    if rand::rng().random_bool((0.3 + 0.7 * past).min(1.0)) {
                        return None;
                    }
                }
            }
        }
        rooms.next += 1;
        let seq = rooms.next;
        rooms.waiting.insert(seq, Knocking { since: now, cut: Arc::clone(cut), evicted: false });
        *rooms.by_source.entry(source).or_default() += 1;
        Some(Startup { accept: Arc::clone(self), source, seq })
    }
}

/// A place among the connections not yet in, given back when dropped.
pub(super) struct Startup {
    accept: Arc<Door>,
    source: IpAddr,
    seq: u64,
}

impl Drop for Startup {
    fn drop(&mut self) {
        let mut rooms = self.accept.rooms();
        if rooms.waiting.remove(&self.seq).is_some_and(|waiting| waiting.evicted) {
            rooms.evicted -= 1;
        }
        if let Some(count) = rooms.by_source.get_mut(&self.source) {
            *count -= 1;
            if *count == 0 {
                rooms.by_source.remove(&self.source);
            }
        }
    }
}

/// A guest's place, given back when dropped.
pub(super) struct Inside {
    accept: Arc<Door>,
    keyless: bool,
}

impl Drop for Inside {
    fn drop(&mut self) {
        let mut rooms = self.accept.rooms();
        rooms.guests -= 1;
        rooms.keyless -= usize::from(self.keyless);
    }
}

/// One connection as the accept sees it, handed to its handler: where it comes from, its
/// place, until when it may take to come in, and the way to cut it.
pub(crate) struct Visit {
    pub peer: SocketAddr,
    pub deadline: Instant,
    pub cut: Arc<Cut>,
    startup: Option<Startup>,
    inside: Option<Inside>,
    admitted: Option<oneshot::Sender<()>>,
}

impl Visit {
    /// The code or key was right (or a keyless watcher came): a guest's place if there is
    /// one left (the place among those not yet in is given back then); a keyless one only
    /// within the watchers' share. False when the place is full.
    pub(crate) fn come_in(&mut self, keyless: bool) -> bool {
        if self.inside.is_some() {
            return true;
        }
        let Some(startup) = &self.startup else { return false };
        let accept = Arc::clone(&startup.accept);
        {
            let mut rooms = accept.rooms();
            let full = rooms.guests >= accept.limits.guests;
            if full || (keyless && rooms.keyless >= accept.limits.watchers) {
                return false;
            }
            rooms.guests += 1;
            rooms.keyless += usize::from(keyless);
        }
        self.inside = Some(Inside { accept, keyless });
        self.startup = None;
        if let Some(admitted) = self.admitted.take() {
            let _ = admitted.send(());
        }
        true
    }

    pub(crate) fn is_in(&self) -> bool {
        self.inside.is_some()
    }

    /// How many guests are in now.
    pub(crate) fn guests(&self) -> usize {
        let door = self
            .startup
            .as_ref()
            .map(|startup| &startup.accept)
            .or(self.inside.as_ref().map(|inside| &inside.accept));
        door.map_or(0, |door| door.guests())
    }
}

/// Accepts connections until `stop` holds a goodbye, each handed to a handler made by
/// `guest`. Out of descriptors, it says so and tries again when one frees (a second at most).
pub(super) async fn welcome<H, F>(
    listener: TcpListener,
    accept: Arc<Door>,
    config: Arc<Config>,
    stop: watch::Receiver<Option<String>>,
    guest: F,
) where
    H: Handler + Send + 'static,
    F: Fn(Visit) -> H,
{
    let mut waiting = stop.clone();
    loop {
        let accepted = tokio::select! {
            _ = waiting.wait_for(Option::is_some) => return,
            accepted = listener.accept() => accepted,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            // The connection died before it was taken: nothing wrong here.
            Err(error) if error.kind() == io::ErrorKind::ConnectionAborted => continue,
            Err(_) => {
                accept.set_listening(false);
                tokio::select! {
                    _ = waiting.wait_for(Option::is_some) => return,
                    () = accept.freed.notified() => {}
                    () = tokio::time::sleep(RETRY) => {}
                }
                continue;
            }
        };
        accept.set_listening(true);
        let cut = Arc::new(Cut::default());
        // Refused: closed at once, before a byte is read.
        let Some(startup) = accept.knock(peer.ip(), &cut) else { continue };
        let (admitted, coming) = oneshot::channel();
        let deadline = Instant::now() + accept.limits.login_time;
        let visit = Visit {
            peer,
            deadline,
            cut: Arc::clone(&cut),
            startup: Some(startup),
            inside: None,
            admitted: Some(admitted),
        };
        let handler = guest(visit);
        let (config, stop, accept) = (Arc::clone(&config), stop.clone(), Arc::clone(&accept));
        tokio::spawn(async move {
            visit_through(config, stream, handler, cut, deadline, coming, stop).await;
            accept.freed.notify_one();
        });
    }
}

/// One connection from its first byte to its end: cut at `deadline` unless in by then, and
/// told goodbye when the host stops.
async fn visit_through<H: Handler + Send + 'static>(
    config: Arc<Config>,
    stream: TcpStream,
    handler: H,
    cut: Arc<Cut>,
    deadline: Instant,
    coming: oneshot::Receiver<()>,
    mut stop: watch::Receiver<Option<String>>,
) {
    let _ = stream.set_nodelay(true);
    let stream = Guarded { stream, cut: Arc::clone(&cut) };
    let deadline = tokio::time::Instant::from_std(deadline);
    let Ok(Ok(mut session)) = tokio::time::timeout_at(deadline, run_stream(config, stream, handler)).await
    else {
        return;
    };
    let handle = session.handle();
    let came_in = tokio::select! {
        _ = &mut session => return,
        came = tokio::time::timeout_at(deadline, coming) => matches!(came, Ok(Ok(()))),
        _ = stop.wait_for(Option::is_some) => false,
    };
    if came_in {
        let goodbye = tokio::select! {
            _ = &mut session => return,
            goodbye = stop.wait_for(Option::is_some) => goodbye.ok().and_then(|goodbye| goodbye.clone()),
        };
        let goodbye = goodbye.unwrap_or_default();
        let _ = handle.disconnect(russh::Disconnect::ByApplication, goodbye, String::new()).await;
        if tokio::time::timeout(GOODBYE, &mut session).await.is_ok() {
            return;
        }
    }
    cut.cut();
    // Cut, the session ends at its next read or write.
    let _ = tokio::time::timeout(GOODBYE, session).await;
}

/// Cuts a connection whatever its peer does: its reads and writes fail from then on. It
/// also knows whether the peer said anything yet.
#[derive(Default)]
pub(crate) struct Cut {
    done: AtomicBool,
    /// The peer sent its first bytes.
    heard: AtomicBool,
    /// Who waits to read, who waits to write: woken by the cut.
    waiting: Mutex<[Option<Waker>; 2]>,
}

impl Cut {
    pub(crate) fn cut(&self) {
        self.done.store(true, Ordering::SeqCst);
        let mut waiting = self.waiting.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        for waker in waiting.iter_mut().filter_map(Option::take) {
            waker.wake();
        }
    }

    /// Whether the peer said anything yet.
    pub(crate) fn heard(&self) -> bool {
        self.heard.load(Ordering::Relaxed)
    }

    /// Whether cut, remembering who to wake when it is.
    fn is_cut(&self, side: usize, context: &Context<'_>) -> bool {
        let mut waiting = self.waiting.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if !waiting[side].as_ref().is_some_and(|waker| waker.will_wake(context.waker())) {
            waiting[side] = Some(context.waker().clone());
        }
        self.done.load(Ordering::SeqCst)
    }
}

/// A connection's stream, with its [`Cut`].
struct Guarded {
    stream: TcpStream,
    cut: Arc<Cut>,
}

fn cut_off() -> io::Error {
    io::Error::new(io::ErrorKind::ConnectionAborted, "cut by the host")
}

impl AsyncRead for Guarded {
    fn poll_read(
        mut self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if self.cut.is_cut(0, context) {
            return Poll::Ready(Err(cut_off()));
        }
        let before = buf.filled().len();
        let read = Pin::new(&mut self.stream).poll_read(context, buf);
        if buf.filled().len() > before {
            self.cut.heard.store(true, Ordering::Relaxed);
        }
        read
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(
        mut self: Pin<&mut Self>,
        context: &mut Context<'_>,
        bytes: &[u8],
    ) -> Poll<io::Result<usize>> {
        if self.cut.is_cut(1, context) {
            return Poll::Ready(Err(cut_off()));
        }
        Pin::new(&mut self.stream).poll_write(context, bytes)
    }

    fn poll_flush(mut self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        if self.cut.is_cut(1, context) {
            return Poll::Ready(Err(cut_off()));
        }
        Pin::new(&mut self.stream).poll_flush(context)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(context)
    }
}
