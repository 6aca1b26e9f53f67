//! A club's server for the end-to-end tests (the binary, on a free port of 127.0.0.1, its
//! database and host key in a folder of the test's), and members' ssh clients (russh's),
//! each with a key of its own. Every wait is on an event, bounded by [`PROMPT`].
#![allow(dead_code)]

use russh::ChannelMsg;
use russh::client;
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg, PublicKeyOrCertificate};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::mpsc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};

/// The longest wait for anything the server should do at once.
pub(crate) const PROMPT: Duration = Duration::from_secs(20);

/// `hexstack club` running on the database in `dir`.
pub(crate) struct Server {
    child: Child,
    pub port: u16,
    /// Its stderr, a line at a time.
    log: mpsc::Receiver<String>,
    pub said: Vec<String>,
}

impl Server {
    pub(crate) fn start(dir: &Path) -> Server {
        Server::start_with(dir, &[])
    }

    /// The server, with more arguments (`--db`), its config file in `dir` too: one the test
    /// wrote, else one that lets the tests' many members register from one address.
    pub(crate) fn start_with(dir: &Path, args: &[&str]) -> Server {
        let config = dir.join("config.toml");
        if !config.exists() {
            std::fs::write(&config, "[club]\nnew_names = 1000\n").unwrap();
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_hexstack"))
            .args(["club", "--port", "0", "--db"])
            .arg(dir.join("club.sqlite3"))
            .args(args)
            .env("HEXSTACK_DATA_DIR", dir)
            .env("HEXSTACK_CONFIG", dir.join("config.toml"))
            .env("LC_ALL", "C")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let stderr = child.stderr.take().unwrap();
        let (tx, log) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let mut server = Server { child, port: 0, log, said: Vec::new() };
        let listening = server.heard("listening on");
        let port = listening.split("127.0.0.1:").nth(1).and_then(|rest| rest.split(' ').next()).unwrap();
        server.port = port.parse().unwrap();
        server
    }

    /// The server's process.
    pub(crate) fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Waits for a line of the log holding `text`, and gives it.
    pub(crate) fn heard(&mut self, text: &str) -> String {
        if let Some(line) = self.said.iter().find(|line| line.contains(text)) {
            return line.clone();
        }
        loop {
            let line = self
                .log
                .recv_timeout(PROMPT)
                .unwrap_or_else(|_| panic!("never logged {text:?}: {:?}", self.said));
            self.said.push(line.clone());
            if line.contains(text) {
                return line;
            }
        }
    }

    /// SIGKILL: nothing of the server's is left to tidy up.
    pub(crate) fn kill_9(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// SIGTERM, then its exit (bounded): whether it ended well.
    pub(crate) fn terminate(mut self) -> bool {
        unsafe { libc::kill(self.child.id() as i32, libc::SIGTERM) };
        for _ in 0..200 {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.success();
            }
            match self.log.recv_timeout(Duration::from_millis(100)) {
                Ok(line) => self.said.push(line),
                // Its stderr closed as it exits: the wait for its status is short.
                Err(_) => std::thread::sleep(Duration::from_millis(50)),
            }
        }
        panic!("the club did not stop on SIGTERM: {:?}", self.said);
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

pub(crate) fn key() -> Arc<PrivateKey> {
    Arc::new(PrivateKey::random(&mut rand::rng(), russh::keys::Algorithm::Ed25519).unwrap())
}

/// An SSH session as `name`, with `key` (a member) or without (a watcher).
pub(crate) async fn session(
    port: u16,
    name: &str,
    key: Option<&Arc<PrivateKey>>,
) -> client::Handle<Trusting> {
    session_from("127.0.0.1", port, name, key).await
}

/// The same, from the loopback address `from`.
pub(crate) async fn session_from(
    from: &str,
    port: u16,
    name: &str,
    key: Option<&Arc<PrivateKey>>,
) -> client::Handle<Trusting> {
    let config = Arc::new(client::Config::default());
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind((from.parse::<std::net::IpAddr>().unwrap(), 0).into()).unwrap();
    let stream = socket.connect(([127, 0, 0, 1], port).into()).await.unwrap();
    let mut session = client::connect_stream(config, stream, Trusting).await.unwrap();
    let done = match key {
        Some(key) => {
            let key = PrivateKeyWithHashAlg::new(Arc::clone(key), None);
            session.authenticate_publickey(name, key).await.unwrap().success()
        }
        None => matches!(
            session.authenticate_keyboard_interactive_start(name, None).await.unwrap(),
            client::KeyboardInteractiveAuthResponse::Success
        ),
    };
    assert!(done, "{name} was not let in");
    session
}

/// `ssh NAME@HOST COMMAND`: what it printed and its exit status.
pub(crate) async fn run(
    port: u16,
    name: &str,
    key: Option<&Arc<PrivateKey>>,
    command: &str,
) -> (String, u32) {
    run_from("127.0.0.1", port, name, key, command).await
}

/// The same, from the loopback address `from`.
pub(crate) async fn run_from(
    from: &str,
    port: u16,
    name: &str,
    key: Option<&Arc<PrivateKey>>,
    command: &str,
) -> (String, u32) {
    let session = session_from(from, port, name, key).await;
    let mut channel = session.channel_open_session().await.unwrap();
    channel.exec(true, command).await.unwrap();
    let (mut out, mut status) = (Vec::new(), u32::MAX);
    let reading = async {
        while let Some(message) = channel.wait().await {
            match message {
                ChannelMsg::Data { data } => out.extend_from_slice(&data),
                ChannelMsg::ExitStatus { exit_status } => status = exit_status,
                _ => {}
            }
        }
    };
    tokio::time::timeout(PROMPT, reading).await.expect("the command ended");
    (String::from_utf8(out).unwrap(), status)
}

/// A program speaking the bot protocol.
pub(crate) struct Bot {
    pub name: String,
    writer: russh::ChannelWriteHalf<client::Msg>,
    lines: UnboundedReceiver<String>,
    _session: client::Handle<Trusting>,
}

impl Bot {
    pub(crate) async fn join(port: u16, name: &str, key: Option<&Arc<PrivateKey>>) -> Bot {
        let session = session(port, name, key).await;
        let channel = session.channel_open_session().await.unwrap();
        channel.exec(true, "bot").await.unwrap();
        let (mut reader, writer) = channel.split();
        let (tx, lines) = unbounded_channel();
        tokio::spawn(async move {
            let mut held = Vec::new();
            while let Some(message) = reader.wait().await {
                if let ChannelMsg::Data { data } = message {
                    held.extend_from_slice(&data);
                    while let Some(at) = held.iter().position(|&b| b == b'\n') {
                        let line: Vec<u8> = held.drain(..=at).collect();
                        let _ = tx.send(String::from_utf8_lossy(&line).trim_end().to_string());
                    }
                }
            }
        });
        Bot { name: name.to_string(), writer, lines, _session: session }
    }

    pub(crate) async fn send(&self, line: &str) {
        self.writer.data_bytes(format!("{line}\n").into_bytes()).await.unwrap();
    }

    /// The next line the club sends.
    pub(crate) async fn next(&mut self) -> String {
        match tokio::time::timeout(PROMPT, self.lines.recv()).await {
            Ok(Some(line)) => line,
            other => panic!("{} heard nothing: {other:?}", self.name),
        }
    }

    /// The next line, which starts with `start`.
    pub(crate) async fn expect(&mut self, start: &str) -> String {
        let line = self.next().await;
        assert!(line.starts_with(start), "{} expected {start:?}, heard {line:?}", self.name);
        line
    }
}

/// A member in lines, as a screen reader meets the club: `ssh NAME@HOST screen-reader`
/// (no terminal: lines typed end with `\n`), or a terminal whose `TERM` is `dumb` (raw:
/// Enter is `\r`, and the club echoes what is typed). Every byte it was sent is kept.
pub(crate) struct Listener {
    pub(crate) name: String,
    writer: russh::ChannelWriteHalf<client::Msg>,
    lines: UnboundedReceiver<String>,
    /// Everything sent.
    pub(crate) sent: Arc<std::sync::Mutex<Vec<u8>>>,
    /// Turns true as the channel closes.
    closed: tokio::sync::watch::Receiver<bool>,
    enter: &'static str,
    _session: client::Handle<Trusting>,
}

impl Listener {
    /// `ssh NAME@HOST screen-reader`, its input a pipe's.
    pub(crate) async fn command(port: u16, name: &str, key: &Arc<PrivateKey>) -> Listener {
        let session = session(port, name, Some(key)).await;
        let channel = session.channel_open_session().await.unwrap();
        channel.exec(true, "screen-reader").await.unwrap();
        Listener::reading(name, channel, "\n", session)
    }

    /// `TERM=dumb ssh -t NAME@HOST`.
    pub(crate) async fn dumb(port: u16, name: &str, key: &Arc<PrivateKey>) -> Listener {
        let session = session(port, name, Some(key)).await;
        let channel = session.channel_open_session().await.unwrap();
        channel.request_pty(true, "dumb", 80, 24, 0, 0, &[]).await.unwrap();
        channel.request_shell(true).await.unwrap();
        Listener::reading(name, channel, "\r", session)
    }

    fn reading(
        name: &str,
        channel: russh::Channel<client::Msg>,
        enter: &'static str,
        session: client::Handle<Trusting>,
    ) -> Listener {
        let (mut reader, writer) = channel.split();
        let (tx, lines) = unbounded_channel();
        let sent = Arc::new(std::sync::Mutex::new(Vec::new()));
        let all = Arc::clone(&sent);
        let (close, closed) = tokio::sync::watch::channel(false);
        tokio::spawn(async move {
            let mut held = Vec::new();
            while let Some(message) = reader.wait().await {
                if let ChannelMsg::Data { data } = message {
                    all.lock().unwrap().extend_from_slice(&data);
                    held.extend_from_slice(&data);
                    while let Some(at) = held.iter().position(|&b| b == b'\n') {
                        let line: Vec<u8> = held.drain(..=at).collect();
                        let _ = tx.send(String::from_utf8_lossy(&line).trim_end().to_string());
                    }
                }
            }
            let _ = close.send(true);
        });
        Listener { name: name.to_string(), writer, lines, sent, closed, enter, _session: session }
    }

    /// Types `line` and Enter.
    pub(crate) async fn types(&self, line: &str) {
        self.writer.data_bytes(format!("{line}{}", self.enter).into_bytes()).await.unwrap();
    }

    /// Types `bytes` as they are.
    pub(crate) async fn keys(&self, bytes: &[u8]) {
        self.writer.data_bytes(bytes.to_vec()).await.unwrap();
    }

    /// The input ends (a pipe's end of file).
    pub(crate) async fn end(&self) {
        self.writer.eof().await.unwrap();
    }

    /// The lines heard up to the first that holds `text`, that one included.
    pub(crate) async fn hears(&mut self, text: &str) -> Vec<String> {
        let mut heard = Vec::new();
        loop {
            match tokio::time::timeout(PROMPT, self.lines.recv()).await {
                Ok(Some(line)) if line.contains(text) => {
                    heard.push(line);
                    return heard;
                }
                Ok(Some(line)) => heard.push(line),
                other => panic!("{} never heard {text:?} ({other:?}): {heard:?}", self.name),
            }
        }
    }

    /// Waits until the club closes the channel (bounded).
    pub(crate) async fn closed(&self) {
        let mut closed = self.closed.clone();
        let waited = tokio::time::timeout(PROMPT, closed.wait_for(|closed| *closed)).await;
        assert!(waited.is_ok(), "{}'s channel stayed open", self.name);
    }
}

pub(crate) fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap()
}

/// A member's terminal: `ssh NAME@HOST` with a pseudo-terminal, which shows the lobby.
/// What it was sent is kept from the last [`Terminal::forget`].
pub(crate) struct Terminal {
    pub name: String,
    writer: russh::ChannelWriteHalf<client::Msg>,
    drawn: tokio::sync::watch::Receiver<String>,
    clear: tokio::sync::watch::Sender<String>,
    _session: client::Handle<Trusting>,
}

impl Terminal {
    pub(crate) async fn open(port: u16, name: &str, key: Option<&Arc<PrivateKey>>) -> Terminal {
        let session = session(port, name, key).await;
        let channel = session.channel_open_session().await.unwrap();
        channel.request_pty(true, "xterm", 100, 30, 0, 0, &[]).await.unwrap();
        channel.request_shell(true).await.unwrap();
        let (mut reader, writer) = channel.split();
        let (clear, drawn) = tokio::sync::watch::channel(String::new());
        let sender = clear.clone();
        tokio::spawn(async move {
            while let Some(message) = reader.wait().await {
                if let ChannelMsg::Data { data } = message {
                    sender.send_modify(|screen| screen.push_str(&String::from_utf8_lossy(&data)));
                }
            }
        });
        Terminal { name: name.to_string(), writer, drawn, clear, _session: session }
    }

    /// Types `keys` (Enter is `\r`).
    pub(crate) async fn keys(&self, keys: &str) {
        self.writer.data_bytes(keys.as_bytes().to_vec()).await.unwrap();
    }

    /// Waits until every one of `texts` was sent since the last `forget`: compared without
    /// white space or escape sequences, since a screen's changes come with moves between.
    pub(crate) async fn sees(&self, texts: &[&str]) {
        let mut drawn = self.drawn.clone();
        let texts: Vec<String> = texts.iter().map(|text| plain(text)).collect();
        let seen = drawn.wait_for(|drawn| {
            let drawn = plain(drawn);
            texts.iter().all(|text| drawn.contains(text.as_str()))
        });
        let seen = tokio::time::timeout(PROMPT, seen).await;
        let shown = self.drawn.borrow().clone();
        assert!(seen.is_ok_and(|seen| seen.is_ok()), "{} never saw {texts:?}: {shown:?}", self.name);
    }

    /// Forgets what was sent so far: `sees` then waits for what comes next.
    pub(crate) fn forget(&self) {
        self.clear.send_modify(String::clear);
    }
}

/// `text` without escape sequences (`ESC [` ... a final letter) or white space.
fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => {
                if chars.next() == Some('[') {
                    for c in chars.by_ref() {
                        if ('@'..='~').contains(&c) {
                            break;
                        }
                    }
                }
            }
            c if c.is_whitespace() => {}
            c => out.push(c),
        }
    }
    out
}

/// A member at a lobby screen (`ssh` with an 80x24 pseudo-terminal, as a person comes):
/// what it sends, and when it last got a frame. For measuring a key, not reading screens.
pub(crate) struct LobbyScreen {
    writer: russh::ChannelWriteHalf<client::Msg>,
    frames: tokio::sync::watch::Receiver<Instant>,
    _session: client::Handle<Trusting>,
}

impl LobbyScreen {
    /// The lobby's screen on `session`.
    pub(crate) async fn over(session: client::Handle<Trusting>) -> LobbyScreen {
        let channel = session.channel_open_session().await.unwrap();
        channel.request_pty(true, "xterm", 80, 24, 0, 0, &[]).await.unwrap();
        channel.request_shell(true).await.unwrap();
        let (mut reader, writer) = channel.split();
        let (told, frames) = tokio::sync::watch::channel(Instant::now());
        tokio::spawn(async move {
            while let Some(message) = reader.wait().await {
                if let ChannelMsg::Data { .. } = message {
                    told.send_replace(Instant::now());
                }
            }
        });
        LobbyScreen { writer, frames, _session: session }
    }

    /// Presses `key` and waits for the frame it brings: the time it took (none if lost).
    pub(crate) async fn press(&mut self, key: &[u8]) -> Option<Duration> {
        self.frames.mark_unchanged();
        let sent = Instant::now();
        self.writer.data_bytes(key.to_vec()).await.ok()?;
        tokio::time::timeout(PROMPT, self.frames.changed()).await.ok()?.ok()?;
        Some(self.frames.borrow().saturating_duration_since(sent))
    }

    /// Lets the lobby settle: waits until no frame came for `quiet`.
    pub(crate) async fn settle(&mut self, quiet: Duration) {
        while tokio::time::timeout(quiet, self.frames.changed()).await.is_ok() {}
    }
}

/// The figure at `share` of the way through `times` (sorted), in milliseconds.
pub(crate) fn at(times: &[Duration], share: f64) -> f64 {
    times[((times.len() as f64 * share) as usize).min(times.len() - 1)].as_secs_f64() * 1000.0
}

/// The turns of a game from the start of `kind` on `side`: a winning turn whenever there
/// is one, else the `n`th legal turn (cycling), at most `most` turns. Clamber 3 ends in 13,
/// Blue winning.
pub(crate) fn greedy(kind: hexstack::rules::GameKind, side: u8, most: usize) -> Vec<String> {
    use hexstack::rules::{Game, Outcome};
    let start = kind.start(Some(u32::from(side))).unwrap();
    let mut turns = Vec::new();
    hexstack::each_game!(start, position, G => {
        let mut position: G = position;
        while turns.len() < most && position.outcome() == Outcome::Ongoing {
            if position.must_skip() {
                position = position.skipped();
                continue;
            }
            let mut legal = position.legal_turns_with_results();
            let won = legal.iter().position(|(_, next)| next.winner().is_some());
            let (turn, next) = legal.swap_remove(won.unwrap_or(turns.len() % legal.len()));
            position = next;
            turns.push(turn.to_string());
        }
    });
    turns
}
