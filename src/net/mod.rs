//! Play at a distance over SSH: the host runs `hexstack serve`, a friend types `ssh -p
//! 2222 play@HOST` and the join code. Each SSH session is one more terminal for the same
//! app: its own size, keys, language and screen, following the one game through the
//! app's [`Link`]. The SSH protocol and its cryptography are russh's (with `ring`).

pub mod input;

use crate::app::App;
use crate::app::event::{self, Wake};
use crate::app::link::Link;
use crate::cli::Listen;
use crate::i18n::Lang;
use crate::keeper::Keeper;
use crate::rules::{AnyPosition, Colour};
use crate::session::AnySession;
use crate::terminal::{self, Wakes};
use crate::{store, t};
use anyhow::{Context, Result, anyhow};
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;
use russh::keys::{PrivateKey, PublicKey};
use russh::server::{Auth, ChannelOpenHandle, Handle, Msg, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId};
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, SyncSender, TrySendError};
use std::time::Duration;

/// Who may come in: whoever gives the join code as password, or holds the key named.
#[derive(Clone, Debug)]
pub struct Access {
    pub code: String,
    pub key: Option<PublicKey>,
}

/// A fresh join code: six letters and digits, none that reads like another (no 0/o, 1/l).
pub fn join_code() -> String {
    use rand::RngExt;
    const SIGNS: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut rng = rand::rng();
    (0..6).map(|_| SIGNS[rng.random_range(0..SIGNS.len())] as char).collect()
}

/// The host's key, made once and kept in `dir`, so that a friend's ssh knows the host
/// again the next time.
pub fn host_key(dir: &Path) -> Result<PrivateKey> {
    let path = dir.join("host_key");
    if path.exists() {
        return PrivateKey::read_openssh_file(&path).with_context(|| format!("{}", path.display()));
    }
    let key = PrivateKey::random(&mut rand::rng(), russh::keys::Algorithm::Ed25519)?;
    std::fs::create_dir_all(dir).with_context(|| format!("{}", dir.display()))?;
    key.write_openssh_file(&path, russh::keys::ssh_key::LineEnding::LF)
        .with_context(|| format!("{}", path.display()))?;
    Ok(key)
}

/// `hexstack serve`: the game from `start` on this terminal, the host playing Blue, and
/// open to one friend (Red) and any number of watchers over SSH, until the host quits.
pub fn serve(start: AnyPosition, listen: &Listen) -> Result<()> {
    let dir = store::data_dir().context(t!("net.no_data_dir"))?;
    let key = host_key(&dir)?;
    let allowed = match &listen.allow_key {
        Some(path) => {
            let text = std::fs::read_to_string(path).with_context(|| t!("err.read", path.display()))?;
            // The parser's own words repeat themselves ("length invalid: length invalid").
            let key = PublicKey::from_openssh(text.trim())
                .map_err(|_| anyhow!(t!("net.bad_key", path.display())))?;
            Some(key)
        }
        None => None,
    };
    let code = join_code();
    let link = Link::new(AnySession::new(start));
    let access = Access { code: code.clone(), key: allowed };
    let bind = SocketAddr::new(listen.bind, listen.port);
    let wakes = Wakes::default();
    let hosting = Hosting::start(Arc::clone(&link), access, key, bind, wakes.sender.clone())
        .with_context(|| t!("net.no_listen", bind))?;
    let host = if listen.bind.is_unspecified() { t!("net.this_host") } else { listen.bind.to_string() };
    let invite = t!("net.invite", hosting.addr().port(), host, code);
    println!("{invite}");
    let mut seat = link.sit(Colour::Blue, false);
    seat.invite = Some(invite);
    let result = terminal::run_shared(App::shared(seat, Rect::default()), wakes, Some(Arc::clone(&link)));
    hosting.stop();
    result
}

/// The SSH server of a shared game, running on its own threads until stopped. Its guests'
/// terminals are served by the loop that `wakes` belongs to.
pub struct Hosting {
    link: Arc<Link>,
    addr: SocketAddr,
    shutdown: russh::server::RunningServerHandle,
    runtime: tokio::runtime::Runtime,
    wakes: SyncSender<Wake>,
    /// How many guests' outputs are still open.
    outputs: Outputs,
    /// The loop of a host without a terminal of its own (tests).
    headless: Option<std::thread::JoinHandle<()>>,
}

impl Hosting {
    /// Listens on `bind` (port 0 picks a free one) for guests of the game on `link`, whose
    /// terminals the loop of `wakes` serves.
    pub fn start(
        link: Arc<Link>,
        access: Access,
        key: PrivateKey,
        bind: SocketAddr,
        wakes: SyncSender<Wake>,
    ) -> Result<Hosting> {
        use russh::server::Server as _;
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
        let config = Arc::new(russh::server::Config {
            keys: vec![key],
            // A wrong code costs a second, and the connection ends after three.
            auth_rejection_time: Duration::from_secs(1),
            auth_rejection_time_initial: Some(Duration::ZERO),
            max_auth_attempts: 3,
            methods: ways_in(),
            inactivity_timeout: None,
            // A dropped guest is found within two minutes; a keepalive is the only wake-up of a
            // game where nobody moves.
            keepalive_interval: Some(Duration::from_secs(60)),
            nodelay: true,
            ..Default::default()
        });
        let listener = runtime.block_on(tokio::net::TcpListener::bind(bind))?;
        let addr = listener.local_addr()?;
        let outputs = Arc::new(tokio::sync::watch::Sender::new(0));
        let mut server = Server {
            access: Arc::new(access),
            wakes: wakes.clone(),
            outputs: Arc::clone(&outputs),
            guests: Arc::new(AtomicU64::new(1)),
        };
        let (handing, shutdown) = mpsc::channel();
        runtime.spawn(async move {
            let running = server.run_on_socket(config, &listener);
            let _ = handing.send(running.handle());
            let _ = running.await;
        });
        let shutdown = shutdown.recv().context("the SSH server did not start")?;
        Ok(Hosting { link, addr, shutdown, runtime, wakes, outputs, headless: None })
    }

    /// The same, with a loop of its own on a thread, for a host without a terminal.
    pub fn headless(link: Arc<Link>, access: Access, key: PrivateKey, bind: SocketAddr) -> Result<Hosting> {
        let wakes = Wakes::default();
        let mut hosting = Hosting::start(Arc::clone(&link), access, key, bind, wakes.sender.clone())?;
        hosting.headless = Some(std::thread::spawn(move || {
            let mut keeper = Keeper::nowhere();
            let mut local: Option<terminal::Screen<ratatui::backend::TestBackend>> = None;
            let _ = terminal::drive(&mut local, &mut keeper, wakes.receiver(), Some(&link));
        }));
        Ok(hosting)
    }

    /// Where guests connect.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops listening and lets every guest go, their terminals left clean: the loop
    /// restored each guest's screen as it ended, and the connections close once that went
    /// out (a second at most).
    pub fn stop(self) {
        self.link.close();
        let _ = self.wakes.send(Wake::Stop);
        if let Some(headless) = self.headless {
            let _ = headless.join();
        }
        let mut open = self.outputs.subscribe();
        let closed = open.wait_for(|&open| open == 0);
        let _ = self.runtime.block_on(async { tokio::time::timeout(Duration::from_secs(1), closed).await });
        self.shutdown.shutdown(t!("net.host_left"));
        self.runtime.shutdown_timeout(Duration::from_secs(2));
    }
}

#[derive(Clone)]
struct Server {
    access: Arc<Access>,
    wakes: SyncSender<Wake>,
    /// Counts the guests' outputs, so that stopping waits for the last screens.
    outputs: Outputs,
    /// The next guest's number.
    guests: Arc<AtomicU64>,
}

impl russh::server::Server for Server {
    type Handler = Guest;

    fn new_client(&mut self, _: Option<SocketAddr>) -> Guest {
        Guest {
            id: self.guests.fetch_add(1, Ordering::Relaxed),
            access: Arc::clone(&self.access),
            wakes: self.wakes.clone(),
            outputs: Arc::clone(&self.outputs),
            area: Rect::new(0, 0, 80, 24),
            lang: None,
            reader: input::Reader::default(),
            joined: false,
        }
    }
}

/// One SSH connection: its terminal's size and language, and the way to the loop that
/// serves its screen.
struct Guest {
    id: u64,
    access: Arc<Access>,
    wakes: SyncSender<Wake>,
    outputs: Outputs,
    area: Rect,
    lang: Option<Lang>,
    reader: input::Reader,
    /// Whether its terminal is at the game (a shell was asked for).
    joined: bool,
}

impl Guest {
    /// A key, a click or a resize for the loop; past the loop's queue it is dropped (a
    /// flood of keys must not cost the host memory).
    fn send(&self, event: Event) {
        if self.joined
            && let Err(TrySendError::Full(_)) =
                self.wakes.try_send(Wake::Guest(self.id, event::Guest::Input(event)))
        {
            // Dropped: the player's terminal sends faster than anyone types.
        }
    }

    /// The guest's terminal left the game.
    fn leave(&mut self) {
        if std::mem::take(&mut self.joined) {
            let _ = self.wakes.send(Wake::Guest(self.id, event::Guest::Left));
        }
    }
}

impl Drop for Guest {
    /// A connection that drops lets go of its seat.
    fn drop(&mut self) {
        self.leave();
    }
}

impl russh::server::Handler for Guest {
    type Error = anyhow::Error;

    async fn auth_password(&mut self, _user: &str, password: &str) -> Result<Auth> {
        Ok(if password.trim() == self.access.code { Auth::Accept } else { try_again() })
    }

    async fn auth_publickey(&mut self, _user: &str, key: VerifiedPublicKey<'_>) -> Result<Auth> {
        let allowed =
            self.access.key.as_ref().is_some_and(|allowed| allowed.key_data() == key.public_key.key_data());
        Ok(if allowed { Auth::Accept } else { try_again() })
    }

    async fn channel_open_session(
        &mut self,
        _channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<()> {
        reply.accept().await;
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    async fn pty_request(
        &mut self,
        channel: ChannelId,
        _term: &str,
        columns: u32,
        rows: u32,
        _: u32,
        _: u32,
        _: &[(russh::Pty, u32)],
        session: &mut Session,
    ) -> Result<()> {
        self.area = area(columns, rows);
        session.channel_success(channel)?;
        Ok(())
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        value: &str,
        session: &mut Session,
    ) -> Result<()> {
        if matches!(name, "LANG" | "LC_ALL" | "LC_MESSAGES") {
            self.lang = Lang::from_locale(value).or(self.lang);
        }
        session.channel_success(channel)?;
        Ok(())
    }

    async fn shell_request(&mut self, channel: ChannelId, session: &mut Session) -> Result<()> {
        if self.joined {
            session.channel_failure(channel)?;
            return Ok(());
        }
        let output = Box::new(Output::start(session.handle(), channel, Arc::clone(&self.outputs)));
        let (area, lang) = (self.area, self.lang.unwrap_or_default());
        let joined = Wake::Guest(self.id, event::Guest::Joined { output, area, lang });
        self.joined = self.wakes.send(joined).is_ok();
        session.channel_success(channel)?;
        Ok(())
    }

    async fn exec_request(&mut self, channel: ChannelId, _: &[u8], session: &mut Session) -> Result<()> {
        // Only the game is served: no commands.
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn data(&mut self, _channel: ChannelId, data: &[u8], _session: &mut Session) -> Result<()> {
        for event in self.reader.read(data) {
            self.send(event);
        }
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        columns: u32,
        rows: u32,
        _: u32,
        _: u32,
        _session: &mut Session,
    ) -> Result<()> {
        let area = area(columns, rows);
        self.send(Event::Resize(area.width, area.height));
        Ok(())
    }

    async fn channel_eof(&mut self, _channel: ChannelId, _session: &mut Session) -> Result<()> {
        self.leave();
        Ok(())
    }

    async fn channel_close(&mut self, _channel: ChannelId, _session: &mut Session) -> Result<()> {
        self.leave();
        Ok(())
    }
}

/// The two ways in: the join code as password, or a key the host named.
fn ways_in() -> russh::MethodSet {
    russh::MethodSet::from(&[russh::MethodKind::Password, russh::MethodKind::PublicKey][..])
}

/// A refusal that lets the friend type the code again (until the attempts run out).
fn try_again() -> Auth {
    Auth::Reject { proceed_with_methods: Some(ways_in()), partial_success: false }
}

fn area(columns: u32, rows: u32) -> Rect {
    let clamp = |n: u32| n.clamp(1, u32::from(u16::MAX)) as u16;
    Rect::new(0, 0, clamp(columns), clamp(rows))
}

/// How many guests' outputs are open.
type Outputs = Arc<tokio::sync::watch::Sender<usize>>;

/// What the guest's terminal is sent: written by ratatui, sent on each flush; the channel
/// is closed when the loop lets go of it.
struct Output {
    sender: tokio::sync::mpsc::UnboundedSender<Vec<u8>>,
    buffer: Vec<u8>,
}

impl Output {
    /// Sends what is written to `channel`, counted among the open `outputs` until the
    /// channel is closed.
    fn start(handle: Handle, channel: ChannelId, outputs: Outputs) -> Output {
        let (sender, mut receiver) = tokio::sync::mpsc::unbounded_channel::<Vec<u8>>();
        outputs.send_modify(|open| *open += 1);
        tokio::spawn(async move {
            while let Some(bytes) = receiver.recv().await {
                if handle.data(channel, bytes).await.is_err() {
                    break;
                }
            }
            let _ = handle.exit_status_request(channel, 0).await;
            let _ = handle.eof(channel).await;
            let _ = handle.close(channel).await;
            outputs.send_modify(|open| *open -= 1);
        });
        Output { sender, buffer: Vec::new() }
    }
}

impl std::io::Write for Output {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.buffer.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        self.sender
            .send(std::mem::take(&mut self.buffer))
            .map_err(|_| std::io::Error::new(std::io::ErrorKind::BrokenPipe, "the guest left"))
    }
}
