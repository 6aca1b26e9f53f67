//! Play at a distance over SSH: the host runs `hexstack serve`, a friend types `ssh -p
//! 2222 play@HOST` and the join code. Each SSH session is one more terminal for the same
//! app: its own size, keys, language and screen, following the one game through the
//! app's [`Link`]. The SSH protocol and its cryptography are russh's (with `ring`).

pub mod input;

use crate::app::App;
use crate::app::keeper::Keeper;
use crate::app::link::{Link, Seat};
use crate::cli::Listen;
use crate::i18n::Lang;
use crate::rules::{AnyPosition, Colour};
use crate::session::AnySession;
use crate::terminal::{self, Input};
use crate::{store, t};
use anyhow::{Context, Result, anyhow};
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use russh::keys::{PrivateKey, PublicKey};
use russh::server::{Auth, ChannelOpenHandle, Handle, Msg, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId};
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::sync::mpsc;
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
    let hosting =
        Hosting::start(Arc::clone(&link), access, key, bind).with_context(|| t!("net.no_listen", bind))?;
    let host = if listen.bind.is_unspecified() { t!("net.this_host") } else { listen.bind.to_string() };
    let invite = t!("net.invite", hosting.addr().port(), host, code);
    println!("{invite}");
    let mut seat = link.sit(Colour::Blue, false);
    seat.invite = Some(invite);
    let result = terminal::run(App::shared(seat, Rect::default()));
    hosting.stop();
    result
}

/// The SSH server of a shared game, running on its own threads until stopped.
pub struct Hosting {
    link: Arc<Link>,
    addr: SocketAddr,
    shutdown: russh::server::RunningServerHandle,
    runtime: tokio::runtime::Runtime,
}

impl Hosting {
    /// Listens on `bind` (port 0 picks a free one) for guests of the game on `link`.
    pub fn start(link: Arc<Link>, access: Access, key: PrivateKey, bind: SocketAddr) -> Result<Hosting> {
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
            keepalive_interval: Some(Duration::from_secs(15)),
            nodelay: true,
            ..Default::default()
        });
        let listener = runtime.block_on(tokio::net::TcpListener::bind(bind))?;
        let addr = listener.local_addr()?;
        let mut server = Server { link: Arc::clone(&link), access: Arc::new(access) };
        let (handing, shutdown) = mpsc::channel();
        runtime.spawn(async move {
            let running = server.run_on_socket(config, &listener);
            let _ = handing.send(running.handle());
            let _ = running.await;
        });
        let shutdown = shutdown.recv().context("the SSH server did not start")?;
        Ok(Hosting { link, addr, shutdown, runtime })
    }

    /// Where guests connect.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops listening and lets every guest go, their terminals left clean: each guest's
    /// loop restores its screen before the connection closes (a second at most).
    pub fn stop(self) {
        self.link.close();
        let started = std::time::Instant::now();
        while self.link.players() > 0 && started.elapsed() < Duration::from_secs(1) {
            std::thread::sleep(Duration::from_millis(10));
        }
        // The last screens on their way out.
        std::thread::sleep(Duration::from_millis(100));
        self.shutdown.shutdown(t!("net.host_left"));
        self.runtime.shutdown_timeout(Duration::from_secs(2));
    }
}

#[derive(Clone)]
struct Server {
    link: Arc<Link>,
    access: Arc<Access>,
}

impl russh::server::Server for Server {
    type Handler = Guest;

    fn new_client(&mut self, _: Option<SocketAddr>) -> Guest {
        Guest {
            link: Arc::clone(&self.link),
            access: Arc::clone(&self.access),
            area: Rect::new(0, 0, 80, 24),
            lang: None,
            reader: input::Reader::default(),
            events: None,
        }
    }
}

/// One SSH connection: its terminal's size and language, and the way to its app's loop.
struct Guest {
    link: Arc<Link>,
    access: Arc<Access>,
    area: Rect,
    lang: Option<Lang>,
    reader: input::Reader,
    /// The guest's loop, running on a thread of its own; dropped when the guest goes.
    events: Option<mpsc::Sender<Input>>,
}

impl Guest {
    fn send(&self, event: Event) {
        if let Some(events) = &self.events {
            let _ = events.send(Input::Event(event));
        }
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
        let (events, inbox) = mpsc::channel();
        self.events = Some(events);
        let seat = self.link.sit_guest();
        let output = Output::start(session.handle(), channel);
        let (area, lang) = (self.area, self.lang.unwrap_or_default());
        std::thread::spawn(move || play_guest(seat, area, lang, &inbox, output));
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
        self.events = None;
        Ok(())
    }

    async fn channel_close(&mut self, _channel: ChannelId, _session: &mut Session) -> Result<()> {
        self.events = None;
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

/// A guest's loop on its own thread: the app drawn into the SSH channel, fed by the keys
/// that come from it, until the guest quits or goes. The host keeps the game, not this.
fn play_guest(seat: Seat, area: Rect, lang: Lang, inbox: &mpsc::Receiver<Input>, output: Output) {
    crate::i18n::set(lang);
    let mut app = App::shared(seat, area);
    let options = TerminalOptions { viewport: Viewport::Fixed(area) };
    let Ok(mut terminal) = Terminal::with_options(CrosstermBackend::new(output), options) else { return };
    let _ = execute!(terminal.backend_mut(), EnterAlternateScreen, EnableMouseCapture, Hide);
    let mut keeper = Keeper::new(None, &app);
    let link = app.screen.game().and_then(|game| game.seat.as_ref()).map(Seat::link);
    let next = |_busy: bool| {
        if link.as_ref().is_some_and(|link| link.is_closed()) {
            return Ok(Input::End);
        }
        Ok(match inbox.recv_timeout(Duration::from_millis(100)) {
            Ok(input) => input,
            Err(mpsc::RecvTimeoutError::Timeout) => Input::Idle,
            Err(mpsc::RecvTimeoutError::Disconnected) => Input::End,
        })
    };
    let _ = terminal::drive(&mut terminal, &mut app, &mut keeper, next);
    let _ = execute!(terminal.backend_mut(), DisableMouseCapture, Show, LeaveAlternateScreen);
    // The seat is free once the screen is restored.
    drop(app);
}

/// What the guest's terminal is sent: written by ratatui, sent on each flush; the channel
/// is closed when the loop lets go of it.
struct Output {
    sender: tokio::sync::mpsc::UnboundedSender<Vec<u8>>,
    buffer: Vec<u8>,
}

impl Output {
    fn start(handle: Handle, channel: ChannelId) -> Output {
        let (sender, mut receiver) = tokio::sync::mpsc::unbounded_channel::<Vec<u8>>();
        tokio::spawn(async move {
            while let Some(bytes) = receiver.recv().await {
                if handle.data(channel, bytes).await.is_err() {
                    break;
                }
            }
            let _ = handle.exit_status_request(channel, 0).await;
            let _ = handle.eof(channel).await;
            let _ = handle.close(channel).await;
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
