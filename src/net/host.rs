//! What every SSH server here owes its host, whoever its guests are: the listening socket,
//! the accept with its limits (login time, caps, per-address caps, guests in), the runtime
//! its connections run on, and a clean stop that lets each guest's last bytes go out.
//! `serve` and the club each bring their own handler for what a connection asks.

use super::accept::{self, Door, Visit};
use super::limits::Limits;
use super::output::Open;
use anyhow::Result;
use russh::keys::PrivateKey;
use russh::server::Handler;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// The longest the host waits, as it stops, for the guests' last bytes to go out.
const LAST_BYTES: Duration = Duration::from_secs(3);

/// An SSH server listening within its [`Limits`], each connection's handler made by the
/// caller, until stopped.
pub(crate) struct SshServer {
    addr: SocketAddr,
    door: Arc<Door>,
    /// Holds the goodbye once the host stops.
    stop: watch::Sender<Option<String>>,
    runtime: tokio::runtime::Runtime,
    /// How many guests' outputs are still open.
    open: Open,
}

impl SshServer {
    /// Listens on `bind` within `limits`, offering the ways in of `methods`; each
    /// connection is handled by what `guest` makes of its [`Visit`], given the count of
    /// open outputs its handler starts them with.
    pub(crate) fn start<H, F>(
        key: PrivateKey,
        bind: SocketAddr,
        limits: &Limits,
        methods: russh::MethodSet,
        guest: impl FnOnce(Open) -> F,
    ) -> Result<SshServer>
    where
        H: Handler + Send + 'static,
        F: Fn(Visit) -> H + Send + 'static,
    {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
        let config = Arc::new(russh::server::Config {
            keys: vec![key],
            auth_rejection_time: limits.wrong_code_cost,
            // OpenSSH asks with no password first: that costs nothing.
            auth_rejection_time_initial: Some(Duration::ZERO),
            // Guessing is bounded by the wrong codes' budgets, not by this (OpenSSH's
            // MaxAuthTries): OpenSSH's first `none` and each key it offers count here.
            max_auth_attempts: 6,
            methods,
            // Also the longest a write to a guest may hang: past it the connection ends. A
            // guest who answers keepalives is never idle that long.
            inactivity_timeout: Some(limits.stall),
            keepalive_interval: Some((limits.stall / 2).min(Duration::from_secs(15))),
            nodelay: true,
            ..Default::default()
        });
        let listener = runtime.block_on(tokio::net::TcpListener::bind(bind))?;
        let addr = listener.local_addr()?;
        let door = Door::new(limits);
        let open: Open = Arc::new(watch::Sender::new(0));
        let guest = guest(Arc::clone(&open));
        let (stop, stopping) = watch::channel(None);
        runtime.spawn(accept::welcome(listener, Arc::clone(&door), config, stopping, guest));
        Ok(SshServer { addr, door, stop, runtime, open })
    }

    /// Where guests connect.
    pub(crate) fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Whether new guests are being let in: false while the process is out of file
    /// descriptors (the server waits for one and takes them then).
    #[cfg(test)]
    pub(crate) fn listening(&self) -> bool {
        self.door.listening()
    }

    /// `tell` hears each change of [`SshServer::listening`] (from the server's threads).
    pub(crate) fn tell_listening(&self, tell: impl Fn(bool) + Send + Sync + 'static) {
        self.door.tell_listening(Box::new(tell));
    }

    /// Stops listening and lets every guest go: once their outputs closed (the loop ended
    /// them; [`LAST_BYTES`] at most), each connection is told `goodbye` and closed.
    pub(crate) fn stop(self, goodbye: String) {
        let mut open = self.open.subscribe();
        let closed = open.wait_for(|&open| open == 0);
        let _ = self.runtime.block_on(async { tokio::time::timeout(LAST_BYTES, closed).await });
        let _ = self.stop.send(Some(goodbye));
        self.runtime.shutdown_timeout(Duration::from_secs(2));
    }
}
