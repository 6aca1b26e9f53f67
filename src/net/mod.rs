//! Play at a distance over SSH: the host runs `hexstack serve`, a friend types `ssh -p
//! 2222 play@HOST` and the join code. Each SSH session is one more terminal for the same
//! loop: its keys go into the loop's channel, its screen (its own size and language) is
//! drawn into its SSH channel, and it plays the one game through the app's [`Link`]. The
//! SSH protocol and its cryptography are russh's (with `ring`). What a stranger or a guest
//! can have of the host is bounded: see [`Limits`].

mod door;
pub mod input;
mod limits;
mod output;
mod tries;

pub use limits::{LARGEST, Limits, Rate, Startups};

use crate::app::App;
use crate::app::event::{self, Arrivals, Mailbox, Redraw, Refused, Wake};
use crate::app::link::Link;
use crate::i18n::keys::*;
use crate::i18n::{Key, Lang, Text, text};
use crate::keeper::Keeper;
use crate::rules::{AnyPosition, Colour};
use crate::saved::SavedGame;
use crate::session::AnySession;
use crate::store;
use crate::terminal::{self, Wakes};
use anyhow::Result;
use output::Output;
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;
use russh::keys::{PrivateKey, PublicKey};
use russh::server::{Auth, ChannelOpenHandle, Msg, PublicKeyOffer, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelWriteHalf, Sig};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::SyncSender;
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// Where and for whom `hexstack serve` listens.
#[derive(clap::Args)]
pub struct Listen {
    /// The port the friend connects to
    #[arg(long, default_value_t = 2222)]
    pub port: u16,
    /// The address to listen on: the default lets in this machine only; 0.0.0.0 (or this
    /// machine's address) opens the game to the network
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
    /// Also let in whoever holds this public key (an OpenSSH .pub file)
    #[arg(long)]
    pub allow_key: Option<std::path::PathBuf>,
}

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
pub fn host_key(dir: &Path) -> Result<PrivateKey, Text> {
    let path = dir.join("host_key");
    let failed =
        |error: &dyn std::fmt::Display| text!(ERR_READ, store::shown(&path)).because(error.to_string());
    if path.exists() {
        return PrivateKey::read_openssh_file(&path).map_err(|error| failed(&error));
    }
    let key = PrivateKey::random(&mut rand::rng(), russh::keys::Algorithm::Ed25519)
        .map_err(|error| failed(&error))?;
    store::ensure_dir(dir)?;
    key.write_openssh_file(&path, russh::keys::ssh_key::LineEnding::LF)
        .map_err(|error| text!(ERR_SAVE, store::shown(&path)).because(error.to_string()))?;
    Ok(key)
}

/// The game a host opens to guests.
pub enum Hosted {
    /// A new game from this position.
    New(AnyPosition),
    /// A kept game, read from this file, which goes on keeping it.
    Kept((SavedGame, PathBuf)),
}

/// `hexstack serve`: the game on this terminal, the host playing Blue, and open to one
/// friend (Red) and any number of watchers over SSH, until the host quits.
pub fn serve(hosted: Hosted, listen: &Listen, lang: Lang) -> Result<(), Text> {
    let dir = store::data_dir().ok_or_else(|| text!(NET_NO_DATA_DIR))?;
    let key = host_key(&dir)?;
    let allowed = match &listen.allow_key {
        Some(path) => {
            let shown = store::shown(path);
            let key =
                std::fs::read_to_string(path).map_err(|e| text!(ERR_READ, &shown).because(e.to_string()))?;
            // The parser's own words repeat themselves ("length invalid: length invalid").
            Some(PublicKey::from_openssh(key.trim()).map_err(|_| text!(NET_BAD_KEY, shown))?)
        }
        None => None,
    };
    let code = join_code();
    let (game, kept) = match hosted {
        Hosted::New(start) => (AnySession::new(start), None),
        Hosted::Kept((saved, path)) => (saved.game, Some((saved.players, path))),
    };
    let link = Link::new(game);
    let access = Access { code: code.clone(), key: allowed };
    let bind = SocketAddr::new(listen.bind, listen.port);
    let wakes = Wakes::default();
    let hosting = Hosting::start_with(Arc::clone(&link), access, key, bind, Limits::default(), &wakes)
        .map_err(|error| text!(NET_NO_LISTEN, bind.to_string()).because(format!("{error:#}")))?;
    let host = match listen.bind.is_unspecified() {
        true => text!(NET_THIS_HOST),
        false => text!(PLAIN, listen.bind.to_string()),
    };
    let invite = text!(NET_INVITE, hosting.addr().port(), host, code);
    println!("{}", lang.say(&invite));
    let mut seat = link.sit(Colour::Blue, false);
    seat.invite = Some(invite);
    // The host's screen hears when guests cannot come in (out of file descriptors) and
    // when they can again.
    let (told, waking) = (Arc::clone(&link), wakes.sender.clone());
    hosting.tell_listening(move |listening| {
        told.set_listening(listening);
        let _ = waking.try_send(Wake::Link);
    });
    let mut app = App::shared(seat, Rect::default());
    if let Some((players, path)) = kept {
        app = app.with_players(players);
        if let Some(game) = app.game_screen() {
            game.kept().keeping().at = Some(path);
        }
    }
    let result = terminal::run_shared(app, lang, wakes, Some(Arc::clone(&link)));
    hosting.stop();
    result
}

/// The SSH server of a shared game, running on its own threads until stopped. Its guests'
/// terminals are served by the loop whose channel it was given.
pub struct Hosting {
    link: Arc<Link>,
    addr: SocketAddr,
    door: Arc<door::Door>,
    /// Holds the goodbye once the host stops.
    stop: watch::Sender<Option<String>>,
    runtime: tokio::runtime::Runtime,
    wakes: SyncSender<Wake>,
    /// How many guests' outputs are still open.
    open: output::Open,
    /// The loop of a host without a terminal of its own (tests).
    headless: Option<std::thread::JoinHandle<()>>,
}

impl Hosting {
    /// A host without a terminal (tests): listens on `bind` (port 0 picks a free one) for
    /// guests of the game on `link`, served by a loop of its own on a thread.
    pub fn start(link: Arc<Link>, access: Access, key: PrivateKey, bind: SocketAddr) -> Result<Hosting> {
        Hosting::headless(link, access, key, bind, Limits::default())
    }

    /// The same, within other limits than the usual ones.
    pub fn headless(
        link: Arc<Link>,
        access: Access,
        key: PrivateKey,
        bind: SocketAddr,
        limits: Limits,
    ) -> Result<Hosting> {
        let wakes = Wakes::default();
        let mut hosting = Hosting::start_with(Arc::clone(&link), access, key, bind, limits, &wakes)?;
        hosting.headless = Some(std::thread::spawn(move || {
            let mut keeper = Keeper::nowhere();
            let mut local: Option<terminal::Screen<ratatui::backend::TestBackend>> = None;
            let _ = terminal::drive(&mut local, &mut keeper, &wakes.inlet, Some(&link));
        }));
        Ok(hosting)
    }

    /// Listens on `bind` within `limits`, for guests of the game on `link` whose terminals
    /// the loop of `wakes` serves.
    pub fn start_with(
        link: Arc<Link>,
        access: Access,
        key: PrivateKey,
        bind: SocketAddr,
        limits: Limits,
        wakes: &Wakes,
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
        let open = Arc::new(watch::Sender::new(0));
        let server = Server {
            access: Arc::new(access),
            tries: Arc::new(tries::Tries::new(&limits)),
            limits: Arc::new(limits),
            wakes: wakes.sender.clone(),
            arrivals: wakes.inlet.arrivals.clone(),
            open: Arc::clone(&open),
            next: AtomicU64::new(1),
        };
        let (stop, stopping) = watch::channel(None);
        runtime.spawn(door::welcome(listener, Arc::clone(&door), config, stopping, move |visit| {
            server.guest(visit)
        }));
        let wakes = wakes.sender.clone();
        Ok(Hosting { link, addr, door, stop, runtime, wakes, open, headless: None })
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

    /// Stops listening and lets every guest go, their terminals left clean: the loop
    /// restored each guest's screen as it ended, and the connections close once that went
    /// out (a second at most).
    pub fn stop(self) {
        self.link.close();
        let _ = self.wakes.send(Wake::Stop);
        if let Some(headless) = self.headless {
            let _ = headless.join();
        }
        let mut open = self.open.subscribe();
        let closed = open.wait_for(|&open| open == 0);
        let _ = self.runtime.block_on(async { tokio::time::timeout(Duration::from_secs(1), closed).await });
        // The SSH goodbye is the protocol's: each guest's screen was told in its language.
        let _ = self.stop.send(Some(Lang::En.say(&text!(NET_HOST_LEFT))));
        self.runtime.shutdown_timeout(Duration::from_secs(2));
    }
}

/// What every connection's handler shares.
struct Server {
    access: Arc<Access>,
    tries: Arc<tries::Tries>,
    limits: Arc<Limits>,
    /// The loop that serves the guests' terminals, and where a guest's queue is handed to it.
    wakes: SyncSender<Wake>,
    arrivals: Arrivals,
    open: output::Open,
    /// The next guest's number.
    next: AtomicU64,
}

impl Server {
    fn guest(&self, visit: door::Visit) -> Guest {
        let keys = limits::Bucket::new(self.limits.keys, Instant::now());
        Guest {
            id: self.next.fetch_add(1, Ordering::Relaxed),
            access: Arc::clone(&self.access),
            tries: Arc::clone(&self.tries),
            limits: Arc::clone(&self.limits),
            wakes: self.wakes.clone(),
            arrivals: self.arrivals.clone(),
            open: Arc::clone(&self.open),
            visit,
            area: Rect::new(0, 0, 80, 24),
            lang: None,
            reader: input::Reader::default(),
            game: None,
            writer: None,
            mailbox: None,
            keys,
            outbox: None,
        }
    }
}

/// One SSH connection: its terminal's size and language, and the way to the loop that
/// serves its screen.
struct Guest {
    id: u64,
    access: Arc<Access>,
    tries: Arc<tries::Tries>,
    limits: Arc<Limits>,
    wakes: SyncSender<Wake>,
    arrivals: Arrivals,
    open: output::Open,
    visit: door::Visit,
    area: Rect,
    lang: Option<Lang>,
    reader: input::Reader,
    /// The connection's one channel for the game: others are refused.
    game: Option<ChannelId>,
    /// Its writing half, until the game starts on it.
    writer: Option<ChannelWriteHalf<Msg>>,
    /// Its queue to the loop while its terminal is at the game; dropped, it has left.
    mailbox: Option<Mailbox>,
    /// Keys allowed: a flood lets the guest go.
    keys: limits::Bucket,
    /// Where the guest's screen goes, for a last line.
    outbox: Option<Arc<output::Outbox>>,
}

impl Guest {
    /// Hands `event` to the loop through the guest's own queue; a guest past its queue
    /// sends faster than anyone types, and is told why and let go.
    fn send(&mut self, event: Event) {
        let Some(mailbox) = &self.mailbox else { return };
        match mailbox.put(event::Guest::Input(event)) {
            Ok(()) => {}
            Err(Refused::Full) => self.let_go(NET_FLOOD),
            Err(Refused::Gone) => self.mailbox = None,
        }
    }

    /// The guest's terminal leaves the game: the loop restores it and frees its seat.
    fn leave(&mut self) {
        self.mailbox = None;
    }

    /// Lets the guest go, telling it `why` once its screen is restored.
    fn let_go(&mut self, why: Key<0>) {
        match &self.outbox {
            // The loop restores the screen, and the line follows.
            Some(outbox) => outbox.farewell(self.lang().say(&text!(why))),
            None => self.visit.cut.cut(),
        }
        self.leave();
    }

    /// `count` more keys: false (and the guest let go, told why) past the limit.
    fn count_keys(&mut self, count: usize) -> bool {
        if self.keys.try_take(Instant::now(), u32::try_from(count).unwrap_or(u32::MAX)) {
            return true;
        }
        self.let_go(NET_FLOOD);
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
            return Err(anyhow::anyhow!("login time over"));
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
        let cut = Arc::clone(&self.visit.cut);
        let output = Output::start(writer, session.handle(), cut, &self.limits, Arc::clone(&self.open));
        if !self.visit.is_in() {
            output.outbox().farewell(self.lang().say(&text!(NET_FULL, self.limits.guests)));
            return Ok(());
        }
        self.outbox = Some(output.outbox());
        let redraw: Redraw = output.redraw();
        let (area, lang) = (self.area, self.lang());
        let mailbox = self.arrivals.open(self.id, self.wakes.clone());
        let joined = event::Guest::Joined { output: Box::new(output), area, lang, redraw };
        if mailbox.put(joined).is_ok() {
            self.mailbox = Some(mailbox);
        }
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
        if !self.ours(channel) || self.mailbox.is_none() {
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
        self.leave();
        Ok(())
    }

    async fn channel_close(&mut self, _channel: ChannelId, _session: &mut Session) -> Result<()> {
        self.leave();
        Ok(())
    }
}

impl Drop for Guest {
    /// A connection that drops lets go of its seat.
    fn drop(&mut self) {
        self.leave();
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
