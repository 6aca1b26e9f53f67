//! Play at a distance over SSH: the host runs `hexstack serve`, a friend types `ssh -p
//! 2222 play@HOST` and the join code. Each SSH session is one more terminal for the same
//! app: its own size, keys, language and screen, following the one game through the
//! app's [`Link`]. The SSH protocol and its cryptography are russh's (with `ring`). What a
//! stranger or a guest can have of the host is bounded: see [`Limits`].

mod door;
pub mod input;
mod limits;
mod output;
mod tries;

pub use limits::{LARGEST, Limits, Rate, Startups};
pub use output::Redraw;

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
use output::Output;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use russh::keys::{PrivateKey, PublicKey};
use russh::server::{Auth, ChannelOpenHandle, Msg, PublicKeyOffer, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelWriteHalf, Sig};
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::sync::mpsc;
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// Who may come in: whoever gives the join code as password, or holds the key named.
#[derive(Clone, Debug)]
pub struct Access {
    pub code: String,
    pub key: Option<PublicKey>,
}

/// A fresh join code: eight letters and digits in two groups (`k3m9-pq7x`), none that reads
/// like another (no 0/o, 1/l): 40 bits, read out in two breaths.
pub fn join_code() -> String {
    use rand::RngExt;
    const SIGNS: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut rng = rand::rng();
    let mut code: String = (0..8).map(|_| SIGNS[rng.random_range(0..SIGNS.len())] as char).collect();
    code.insert(4, '-');
    code
}

/// Whether `typed` is `code`, as a friend may type it: any case, with or without the dash
/// and spaces. Every sign is compared, right or wrong, so the time taken tells nothing.
fn same_code(typed: &str, code: &str) -> bool {
    let signs = |text: &str| -> Vec<char> {
        text.chars().filter(|c| !c.is_whitespace() && *c != '-').flat_map(char::to_lowercase).collect()
    };
    let (typed, code) = (signs(typed), signs(code));
    typed.len() == code.len() && typed.iter().zip(&code).fold(true, |same, (a, b)| same & (a == b))
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
    door: Arc<door::Door>,
    /// Holds the goodbye once the host stops.
    stop: watch::Sender<Option<String>>,
    runtime: tokio::runtime::Runtime,
}

impl Hosting {
    /// Listens on `bind` (port 0 picks a free one) for guests of the game on `link`.
    pub fn start(link: Arc<Link>, access: Access, key: PrivateKey, bind: SocketAddr) -> Result<Hosting> {
        Hosting::start_with(link, access, key, bind, Limits::default())
    }

    /// The same, within other limits than the usual ones.
    pub fn start_with(
        link: Arc<Link>,
        access: Access,
        key: PrivateKey,
        bind: SocketAddr,
        limits: Limits,
    ) -> Result<Hosting> {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
        let config = Arc::new(russh::server::Config {
            keys: vec![key],
            auth_rejection_time: limits.wrong_code_cost,
            // OpenSSH asks with no password first: that costs nothing.
            auth_rejection_time_initial: Some(Duration::ZERO),
            // Guessing is bounded by the wrong codes' budgets, not by this (OpenSSH's
            // MaxAuthTries): OpenSSH's first `none` and each key it offers count here.
            max_auth_attempts: 6,
            methods: ways_in(),
            // Also the longest a write to a guest may hang: past it the connection ends. A
            // guest who answers keepalives is never idle that long.
            inactivity_timeout: Some(limits.stall),
            keepalive_interval: Some((limits.stall / 2).min(Duration::from_secs(15))),
            nodelay: true,
            ..Default::default()
        });
        let listener = runtime.block_on(tokio::net::TcpListener::bind(bind))?;
        let addr = listener.local_addr()?;
        let door = door::Door::new(&limits);
        let server = Server {
            link: Arc::clone(&link),
            access: Arc::new(access),
            tries: Arc::new(tries::Tries::new(&limits)),
            limits: Arc::new(limits),
        };
        let (stop, stopping) = watch::channel(None);
        runtime.spawn(door::welcome(listener, Arc::clone(&door), config, stopping, move |visit| {
            server.guest(visit)
        }));
        Ok(Hosting { link, addr, door, stop, runtime })
    }

    /// Where guests connect.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Whether new guests are being let in: false while the process is out of file
    /// descriptors (the server waits for one and takes them then).
    pub fn listening(&self) -> bool {
        self.door.listening()
    }

    /// `tell` hears each change of [`Hosting::listening`] (from the server's threads), so
    /// that the host's screen can say it.
    pub fn tell_listening(&self, tell: impl Fn(bool) + Send + Sync + 'static) {
        self.door.tell_listening(Box::new(tell));
    }

    /// Guests in now, players and watchers.
    pub fn guests(&self) -> usize {
        self.door.guests()
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
        let _ = self.stop.send(Some(t!("net.host_left")));
        self.runtime.shutdown_timeout(Duration::from_secs(2));
    }
}

/// What every connection's handler shares.
struct Server {
    link: Arc<Link>,
    access: Arc<Access>,
    tries: Arc<tries::Tries>,
    limits: Arc<Limits>,
}

impl Server {
    fn guest(&self, visit: door::Visit) -> Guest {
        let keys = limits::Bucket::new(self.limits.keys, Instant::now());
        Guest {
            link: Arc::clone(&self.link),
            access: Arc::clone(&self.access),
            tries: Arc::clone(&self.tries),
            limits: Arc::clone(&self.limits),
            visit,
            area: Rect::new(0, 0, 80, 24),
            lang: None,
            reader: input::Reader::default(),
            game: None,
            writer: None,
            events: None,
            keys,
            outbox: None,
        }
    }
}

/// Keys waiting for a guest's loop: past these, more are dropped.
const INBOX: usize = 256;

/// One SSH connection: its terminal's size and language, and the way to its app's loop.
struct Guest {
    link: Arc<Link>,
    access: Arc<Access>,
    tries: Arc<tries::Tries>,
    limits: Arc<Limits>,
    visit: door::Visit,
    area: Rect,
    lang: Option<Lang>,
    reader: input::Reader,
    /// The connection's one channel for the game: others are refused.
    game: Option<ChannelId>,
    /// Its writing half, until the game starts on it.
    writer: Option<ChannelWriteHalf<Msg>>,
    /// The guest's loop, running on a thread of its own; dropped when the guest goes.
    events: Option<mpsc::SyncSender<Input>>,
    /// Keys allowed: a flood lets the guest go.
    keys: limits::Bucket,
    /// Where the guest's screen goes, for a last line.
    outbox: Option<Arc<output::Outbox>>,
}

impl Guest {
    /// Hands `event` to the guest's loop, dropped if the loop is that far behind.
    fn send(&self, event: Event) {
        if let Some(events) = &self.events {
            let _ = events.try_send(Input::Event(event));
        }
    }

    /// `count` more keys: false (and the guest let go, told why) past the limit.
    fn count_keys(&mut self, count: usize) -> bool {
        if self.keys.try_take(Instant::now(), u32::try_from(count).unwrap_or(u32::MAX)) {
            return true;
        }
        match &self.outbox {
            // The loop ends, restores the screen, and the line follows.
            Some(outbox) => outbox.farewell(said(self.lang(), "net.flood")),
            None => self.visit.cut.cut(),
        }
        self.events = None;
        false
    }

    fn lang(&self) -> Lang {
        self.lang.unwrap_or_default()
    }

    fn ours(&self, channel: ChannelId) -> bool {
        self.game == Some(channel)
    }

    fn accept(&mut self) -> Auth {
        // In but no room: told so when the game would start.
        self.visit.come_in();
        Auth::Accept
    }
}

/// A text in `lang`, for a guest whose loop has not started (or is over).
fn said(lang: Lang, key: &str) -> String {
    let text = lang.texts().get(key).or_else(|| Lang::En.texts().get(key));
    text.map_or_else(|| key.to_string(), |text| text.to_string())
}

impl russh::server::Handler for Guest {
    type Error = anyhow::Error;

    async fn auth_password(&mut self, _user: &str, password: &str) -> Result<Auth> {
        let from = self.visit.peer.ip();
        // An address out of tries is not even checked: not by this code either.
        if !self.tries.may_try(from) {
            return Ok(try_again());
        }
        if same_code(password, &self.access.code) {
            return Ok(self.accept());
        }
        self.tries.wrong(from, self.visit.deadline).await;
        if Instant::now() >= self.visit.deadline {
            return Err(anyhow!("login time over"));
        }
        Ok(try_again())
    }

    async fn auth_publickey_offered(&mut self, _user: &str, offer: PublicKeyOffer<'_>) -> Result<Auth> {
        Ok(if self.allowed(offer.public_key) { Auth::Accept } else { try_again() })
    }

    async fn auth_publickey(&mut self, _user: &str, key: VerifiedPublicKey<'_>) -> Result<Auth> {
        Ok(if self.allowed(key.public_key) { self.accept() } else { try_again() })
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<()> {
        // One game a connection; the dropped reply refuses any other.
        if self.game.is_none() {
            self.game = Some(channel.id());
            // Only its writing half is kept: what the guest types comes through `data`.
            self.writer = Some(channel.split().1);
            reply.accept().await;
        }
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
        if self.ours(channel) {
            self.area = area(columns, rows);
        }
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
        let Some(writer) = self.writer.take().filter(|_| self.ours(channel)) else {
            session.channel_failure(channel)?;
            return Ok(());
        };
        session.channel_success(channel)?;
        let output = Output::start(writer, session.handle(), Arc::clone(&self.visit.cut), &self.limits);
        if !self.visit.is_in() {
            let line = said(self.lang(), "net.full").replace("{0}", &self.limits.guests.to_string());
            output.outbox().farewell(line);
            return Ok(());
        }
        let (events, inbox) = mpsc::sync_channel(INBOX);
        self.events = Some(events);
        self.outbox = Some(output.outbox());
        let seat = self.link.sit_guest();
        let (area, lang) = (self.area, self.lang());
        std::thread::spawn(move || play_guest(seat, area, lang, &inbox, output));
        Ok(())
    }

    async fn exec_request(&mut self, channel: ChannelId, _: &[u8], session: &mut Session) -> Result<()> {
        // Only the game is served: no commands.
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn subsystem_request(&mut self, channel: ChannelId, _: &str, session: &mut Session) -> Result<()> {
        // No sftp, nor any other subsystem.
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _: bool,
        _: &str,
        _: &str,
        _: u32,
        session: &mut Session,
    ) -> Result<()> {
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn signal(&mut self, channel: ChannelId, _: Sig, session: &mut Session) -> Result<()> {
        // Nothing runs that a signal could reach (a reply only if one was asked for).
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn data(&mut self, channel: ChannelId, data: &[u8], _session: &mut Session) -> Result<()> {
        if !self.ours(channel) || self.events.is_none() {
            return Ok(());
        }
        let events = self.reader.read(data);
        if self.count_keys(events.len()) {
            for event in events {
                self.send(event);
            }
        }
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        columns: u32,
        rows: u32,
        _: u32,
        _: u32,
        _session: &mut Session,
    ) -> Result<()> {
        if self.ours(channel) && self.count_keys(1) {
            self.area = area(columns, rows);
            self.send(Event::Resize(self.area.width, self.area.height));
        }
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

impl Guest {
    fn allowed(&self, key: &PublicKey) -> bool {
        self.access.key.as_ref().is_some_and(|allowed| allowed.key_data() == key.key_data())
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

/// A guest's window as drawn for: what the guest asked, within [`LARGEST`]. Nothing is
/// allocated after the request's own numbers.
fn area(columns: u32, rows: u32) -> Rect {
    let clamp = |n: u32, most: u16| n.clamp(1, u32::from(most)) as u16;
    Rect::new(0, 0, clamp(columns, LARGEST.0), clamp(rows, LARGEST.1))
}

/// A guest's loop on its own thread: the app drawn into the SSH channel, fed by the keys
/// that come from it, until the guest quits or goes. The host keeps the game, not this.
fn play_guest(seat: Seat, area: Rect, lang: Lang, inbox: &mpsc::Receiver<Input>, output: Output) {
    crate::i18n::set(lang);
    let (redraw, outbox) = (output.redraw(), output.outbox());
    let mut app = App::shared(seat, area);
    let options = TerminalOptions { viewport: Viewport::Fixed(area) };
    let Ok(mut terminal) = Terminal::with_options(CrosstermBackend::new(output), options) else { return };
    let _ = execute!(terminal.backend_mut(), EnterAlternateScreen, EnableMouseCapture, Hide);
    let mut keeper = Keeper::new(None, &app);
    let link = app.screen.game().and_then(|game| game.seat.as_ref()).map(Seat::link);
    let mut size = (area.width, area.height);
    let next = |_busy: bool| {
        if link.as_ref().is_some_and(|link| link.is_closed()) {
            return Ok(Input::End);
        }
        // The guest fell behind and frames were dropped: a resize to the same size makes
        // the next draw a whole one.
        if redraw.take() {
            return Ok(Input::Event(Event::Resize(size.0, size.1)));
        }
        let input = match inbox.recv_timeout(Duration::from_millis(100)) {
            Ok(input) => input,
            Err(mpsc::RecvTimeoutError::Timeout) => Input::Idle,
            Err(mpsc::RecvTimeoutError::Disconnected) => Input::End,
        };
        if let Input::Event(Event::Resize(width, height)) = input {
            size = (width, height);
        }
        Ok(input)
    };
    let _ = terminal::drive(&mut terminal, &mut app, &mut keeper, next);
    let _ = execute!(terminal.backend_mut(), DisableMouseCapture, Show, LeaveAlternateScreen);
    outbox.finish();
    // The seat is free once the screen is restored.
    drop(app);
}
