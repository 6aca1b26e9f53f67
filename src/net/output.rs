//! What a guest's terminal is sent, bounded whatever the guest does. ratatui writes each
//! frame (a diff against the last) and flushes it here; one task hands frames to the SSH
//! channel as fast as the guest's window lets it. Frames the guest has not taken yet are
//! joined; past the limit's `backlog` bytes they are dropped, and since the next diff would then
//! build on a screen the guest never got, the loop is asked to draw a whole frame (the
//! [`Redraw`] hook). A frame left untaken for the limit's `stall` lets the guest go.

use super::accept::Cut;
use super::limits::{Bucket, LARGEST, Limits, Rate};
use crate::app::event::Redraw;
use russh::server::{Handle, Msg};
use russh::{ChannelWriteHalf, Disconnect};
use std::io;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::Notify;

/// The most a whole frame can take, clearing included: every cell of the largest terminal
/// with its colours, style and a move (48 bytes a cell).
const WHOLE: usize = LARGEST.0 as usize * LARGEST.1 as usize * 48;

/// How long the last bytes and the closing of the channel may take.
const CLOSING: Duration = Duration::from_secs(2);

/// The ratatui backend's writer for one guest.
pub(crate) struct Output {
    outbox: Arc<Outbox>,
    buffer: Vec<u8>,
}

/// How many guests' outputs are open.
pub(crate) type Open = Arc<tokio::sync::watch::Sender<usize>>;

/// Between the loop (which puts frames) and the task that sends them.
pub(crate) struct Outbox {
    /// The most bytes kept for a guest who is behind: beyond, they give way to a whole frame.
    backlog: usize,
    waiting: Mutex<Unsent>,
    ready: Notify,
    redraw: Redraw,
    /// Rung when the guest's ssh closes the channel: it read everything sent before.
    peer_closed: Notify,
    /// Whether it carries lines a program reads (the bot protocol), not a screen's frames.
    lines: std::sync::atomic::AtomicBool,
    /// Cuts the connection (none for a detached output).
    cut: Option<Arc<Cut>>,
}

#[derive(Default)]
struct Unsent {
    bytes: Vec<u8>,
    /// Room beyond the backlog for the whole frame asked for, until the guest takes it:
    /// without it a whole frame bigger than the backlog would be dropped in turn.
    grace: usize,
    /// The loop let go: send what is left and close.
    done: bool,
    /// The guest is gone (or dropped): nothing more is taken.
    gone: bool,
    /// A last line for the guest, after the restored screen.
    farewell: Option<String>,
    /// The exit status the channel ends with (a refused command's is 1).
    status: u32,
}

impl Outbox {
    fn waiting(&self) -> MutexGuard<'_, Unsent> {
        self.waiting.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A line the guest reads once the screen is restored, before the connection closes.
    pub(crate) fn farewell(&self, line: String) {
        self.waiting().farewell = Some(line);
    }

    /// The exit status the channel ends with.
    pub(crate) fn exit_status(&self, status: u32) {
        self.waiting().status = status;
    }

    /// The exit status set so far.
    #[cfg(test)]
    pub(crate) fn status(&self) -> u32 {
        self.waiting().status
    }

    /// The bytes waiting to be sent, taken (a detached output's, in the hub's tests).
    #[cfg(test)]
    pub(crate) fn drain(&self) -> Vec<u8> {
        std::mem::take(&mut self.waiting().bytes)
    }

    /// Echoes what a terminal served in lines typed (its client's terminal is raw and shows
    /// nothing itself), beside what the place writes; bounded as any output is.
    pub(crate) fn echo(&self, typed: &[u8]) -> io::Result<()> {
        self.put(typed.to_vec())
    }

    fn put(&self, frame: Vec<u8>) -> io::Result<()> {
        let mut waiting = self.waiting();
        if waiting.gone && !waiting.done {
            return Err(io::Error::new(io::ErrorKind::BrokenPipe, "the guest left"));
        }
        if waiting.bytes.is_empty() {
            // A frame is bounded by the largest terminal: always taken.
            waiting.bytes = frame;
        } else if waiting.bytes.len() + frame.len() <= self.backlog + waiting.grace {
            waiting.bytes.extend_from_slice(&frame);
        } else if self.lines.load(std::sync::atomic::Ordering::Relaxed) {
            // A program that asks more than it reads: let go, since a line dropped would
            // leave it believing a game it no longer sees.
            waiting.gone = true;
            waiting.bytes = Vec::new();
            drop(waiting);
            if let Some(cut) = &self.cut {
                cut.cut();
            }
            return Err(io::Error::new(io::ErrorKind::BrokenPipe, "it asked more than it read"));
        } else {
            waiting.bytes = Vec::new();
            waiting.grace = WHOLE;
            self.redraw.want();
        }
        drop(waiting);
        self.ready.notify_one();
        Ok(())
    }

    /// The next bytes to send, or what to do once there are none left.
    async fn take(&self) -> Result<Vec<u8>, (Option<String>, u32)> {
        loop {
            {
                let mut waiting = self.waiting();
                if !waiting.bytes.is_empty() {
                    waiting.grace = 0;
                    return Ok(std::mem::take(&mut waiting.bytes));
                }
                if waiting.done {
                    return Err((waiting.farewell.take(), waiting.status));
                }
            }
            self.ready.notified().await;
        }
    }

    /// The loop is over: what it still writes (ratatui's own goodbye, showing the cursor)
    /// fails quietly if the guest is gone, instead of telling the host's terminal.
    pub(crate) fn finish(&self) {
        self.waiting().done = true;
        self.ready.notify_one();
    }

    /// It carries lines a program reads: past the backlog the connection is let go rather
    /// than sent a whole frame.
    pub(crate) fn carries_lines(&self) {
        self.lines.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// The guest's ssh closed the channel: whatever was sent before reached it.
    pub(crate) fn peer_closed(&self) {
        self.peer_closed.notify_one();
    }

    fn gone(&self) {
        let mut waiting = self.waiting();
        waiting.gone = true;
        waiting.bytes = Vec::new();
    }
}

impl Output {
    /// Starts the task that sends `writer`'s channel what the loop draws; `cut` drops the
    /// guest who leaves a frame untaken for `stall`. Must run inside the server's runtime.
    /// `open` counts the outputs not closed yet, for the host to wait on when it stops.
    pub(crate) fn start(
        writer: ChannelWriteHalf<Msg>,
        handle: Handle,
        cut: Arc<Cut>,
        limits: &Limits,
        open: Open,
    ) -> Output {
        let output = Output::new(limits.backlog, Some(Arc::clone(&cut)));
        open.send_modify(|open| *open += 1);
        let sending = send(output.outbox(), writer, handle, cut, (limits.stall, limits.bytes_out));
        tokio::spawn(async move {
            sending.await;
            open.send_modify(|open| *open -= 1);
        });
        output
    }

    /// An output that sends nowhere, for the club's tests: what is drawn waits in it.
    #[cfg(test)]
    pub(crate) fn detached() -> Output {
        Output::new(Limits::default().backlog, None)
    }

    fn new(backlog: usize, cut: Option<Arc<Cut>>) -> Output {
        let outbox = Outbox {
            backlog,
            waiting: Mutex::default(),
            ready: Notify::new(),
            redraw: Redraw::default(),
            peer_closed: Notify::new(),
            lines: std::sync::atomic::AtomicBool::new(false),
            cut,
        };
        Output { outbox: Arc::new(outbox), buffer: Vec::new() }
    }

    pub(crate) fn outbox(&self) -> Arc<Outbox> {
        Arc::clone(&self.outbox)
    }

    pub(crate) fn redraw(&self) -> Redraw {
        self.outbox.redraw.clone()
    }
}

/// Sends what the loop puts in `outbox` to the channel of `writer`, each chunk when the
/// connection's bytes allow it.
async fn send(
    outbox: Arc<Outbox>,
    writer: ChannelWriteHalf<Msg>,
    handle: Handle,
    cut: Arc<Cut>,
    (stall, bytes_out): (Duration, Rate),
) {
    let mut paced = Bucket::new(bytes_out, std::time::Instant::now());
    let farewell = loop {
        match outbox.take().await {
            Ok(bytes) => {
                let allowed = paced
                    .reserve_n(std::time::Instant::now(), u32::try_from(bytes.len()).unwrap_or(u32::MAX));
                tokio::time::sleep_until(allowed.into()).await;
                match tokio::time::timeout(stall, writer.data_bytes(bytes)).await {
                    Ok(Ok(())) => {}
                    Ok(Err(_)) => return outbox.gone(),
                    Err(_) => {
                        // The guest stopped reading: let go of them.
                        outbox.gone();
                        cut.cut();
                        return;
                    }
                }
            }
            Err(last) => break last,
        }
    };
    let (farewell, status) = farewell;
    let closing = async {
        if let Some(line) = &farewell {
            let _ = writer.data_bytes(format!("\r\n{line}\r\n").into_bytes()).await;
        }
        let _ = writer.exit_status(status).await;
        let _ = writer.eof().await;
        let _ = writer.close().await;
        // The guest's own close answers ours once it has read everything before it: only
        // then may the host disconnect (a disconnect can overtake data still queued).
        outbox.peer_closed.notified().await;
        if let Some(line) = farewell {
            let _ = handle.disconnect(Disconnect::ByApplication, line, String::new()).await;
        }
    };
    if tokio::time::timeout(CLOSING, closing).await.is_err() {
        cut.cut();
    }
    outbox.gone();
}

impl io::Write for Output {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.buffer.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        self.outbox.put(std::mem::take(&mut self.buffer))
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        let _ = io::Write::flush(self);
        self.outbox.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn waiting(output: &Output) -> Vec<u8> {
        output.outbox.waiting().bytes.clone()
    }

    #[test]
    fn frames_a_guest_has_not_taken_are_joined_then_give_way_to_a_whole_one() {
        let mut output = Output::new(100, None);
        let redraw = output.redraw();
        for frame in [&b"first "[..], b"second"] {
            output.write_all(frame).unwrap();
            output.flush().unwrap();
        }
        assert_eq!(waiting(&output), b"first second", "joined while within the backlog");
        assert!(!redraw.take());
        output.write_all(&[b'x'; 95]).unwrap();
        output.flush().unwrap();
        assert!(waiting(&output).is_empty(), "past the backlog, nothing is kept");
        assert!(redraw.take(), "and the loop is asked for a whole frame");
        assert!(!redraw.take(), "once");
        let whole = vec![b'w'; 300];
        output.write_all(&whole).unwrap();
        output.flush().unwrap();
        assert_eq!(waiting(&output), whole, "a whole frame is kept even past the backlog");
        output.write_all(b"diff").unwrap();
        output.flush().unwrap();
        assert_eq!(waiting(&output).len(), 304, "and what follows it, until the guest takes it");
    }

    #[test]
    fn a_guest_gone_makes_the_loop_stop_drawing() {
        let mut output = Output::new(100, None);
        output.outbox.gone();
        output.write_all(b"frame").unwrap();
        assert_eq!(output.flush().unwrap_err().kind(), io::ErrorKind::BrokenPipe);
    }
}
