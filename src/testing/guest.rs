//! A friend's ssh for the network tests, on the loopback only: a server on a free port of
//! 127.0.0.1, and russh clients connecting from any address of 127.0.0.0/8 (so that limits
//! per address can tell an attacker from a friend). Every wait is on an event, bounded.

use crate::app::link::Link;
use crate::net::{Access, Headless, Hosting, Limits};
use crate::record::AnyRecord;
use crate::record::AnyRecordExt;
use crate::rules::{AnyPosition, clamber};
use russh::client;
use russh::keys::{PrivateKey, PublicKeyOrCertificate};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::watch;

pub(crate) const CODE: &str = "k3m9-pq7x";

/// Where strangers come from, and where the friend does.
pub(crate) const STRANGER: &str = "127.0.0.1";
pub(crate) const FRIEND: &str = "127.0.0.2";

/// The longest wait for anything the host should do at once: each wait ends as soon as it
/// is done, so this bounds only a busy machine's slowest turn, not a test's time.
pub(crate) const PROMPT: Duration = Duration::from_secs(15);

/// A server for a Clamber game with Red to move, within `limits`.
pub(crate) fn host(limits: Limits) -> (Arc<Link>, Headless) {
    let start: clamber::Position = "3/r/C3=b2".parse().unwrap();
    let link = Link::new(AnyRecord::new(AnyPosition::Clamber(start)));
    let access = Access { code: CODE.to_string(), key: None };
    let key = PrivateKey::random(&mut rand::rng(), russh::keys::Algorithm::Ed25519).unwrap();
    let hosting =
        Hosting::headless(Arc::clone(&link), access, key, "127.0.0.1:0".parse().unwrap(), limits).unwrap();
    (link, hosting)
}

/// Waits (a bounded time) until `done` holds of the link: the loop announces changes.
pub(crate) fn until(link: &Link, what: &str, done: impl Fn(&Link) -> bool) {
    assert!(link.wait_until(PROMPT, done), "timed out waiting for {what}");
}

pub(crate) fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap()
}

pub(crate) struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// A TCP connection to the host from `source`.
pub(crate) async fn tcp_from(hosting: &Hosting, source: &str) -> TcpStream {
    let source: IpAddr = source.parse().unwrap();
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind((source, 0).into()).unwrap();
    socket.connect(hosting.addr()).await.unwrap()
}

/// An SSH session from `source`, not logged in yet.
pub(crate) async fn connect_from(
    hosting: &Hosting,
    source: &str,
    config: client::Config,
) -> Result<client::Handle<Trusting>, String> {
    let stream = tcp_from(hosting, source).await;
    client::connect_stream(Arc::new(config), stream, Trusting).await.map_err(|e| e.to_string())
}

/// An SSH session from `source`, logged in with `code` or refused.
pub(crate) async fn log_in(
    hosting: &Hosting,
    source: &str,
    code: &str,
) -> Result<client::Handle<Trusting>, String> {
    log_in_with(hosting, source, code, client::Config::default()).await
}

pub(crate) async fn log_in_with(
    hosting: &Hosting,
    source: &str,
    code: &str,
    config: client::Config,
) -> Result<client::Handle<Trusting>, String> {
    let mut session = connect_from(hosting, source, config).await?;
    let auth = session.authenticate_password("play", code).await.map_err(|e| e.to_string())?;
    if !auth.success() {
        return Err("refused".into());
    }
    Ok(session)
}

/// A friend's terminal: everything the server drew on it, and whether it was closed.
pub(crate) struct Friend {
    pub session: client::Handle<Trusting>,
    pub writer: russh::ChannelWriteHalf<client::Msg>,
    /// Not read yet: a friend who does not read.
    pub reader: Option<russh::ChannelReadHalf>,
    pub screen: watch::Receiver<Vec<u8>>,
    pub closed: watch::Receiver<bool>,
}

/// A friend with a terminal of `size`, from `source`, reading what comes.
pub(crate) async fn join(
    hosting: &Hosting,
    source: &str,
    code: &str,
    size: (u32, u32),
) -> Result<Friend, String> {
    let mut friend = join_unread(hosting, source, code, size, client::Config::default()).await?;
    friend.read();
    Ok(friend)
}

/// The same, reading nothing until told to.
pub(crate) async fn join_unread(
    hosting: &Hosting,
    source: &str,
    code: &str,
    size: (u32, u32),
    config: client::Config,
) -> Result<Friend, String> {
    let session = log_in_with(hosting, source, code, config).await?;
    let channel = session.channel_open_session().await.map_err(|e| e.to_string())?;
    channel.request_pty(true, "xterm", size.0, size.1, 0, 0, &[]).await.map_err(|e| e.to_string())?;
    channel.request_shell(true).await.map_err(|e| e.to_string())?;
    let (mut reader, writer) = channel.split();
    // The terminal and the game granted (read before anything is drawn).
    for _ in 0..2 {
        match tokio::time::timeout(PROMPT, reader.wait()).await {
            Ok(Some(russh::ChannelMsg::Success)) => {}
            other => return Err(format!("the game did not start: {other:?}")),
        }
    }
    let (_, screen) = watch::channel(Vec::new());
    let (_, closed) = watch::channel(false);
    Ok(Friend { session, writer, reader: Some(reader), screen, closed })
}

impl Friend {
    /// Starts reading: the screen fills, and `closed` holds once the channel ends.
    pub(crate) fn read(&mut self) {
        let Some(mut reader) = self.reader.take() else { return };
        let (drawn, screen) = watch::channel(Vec::new());
        let (ended, closed) = watch::channel(false);
        (self.screen, self.closed) = (screen, closed);
        tokio::spawn(async move {
            while let Some(message) = reader.wait().await {
                if let russh::ChannelMsg::Data { data } = message {
                    drawn.send_modify(|screen| screen.extend_from_slice(&data));
                }
            }
            let _ = ended.send(true);
        });
    }

    /// Waits (a bounded time) until `text` is on the screen.
    pub(crate) async fn sees(&mut self, text: &str) {
        let seen = self.screen.wait_for(|screen| shown(screen).contains(text));
        assert!(
            tokio::time::timeout(PROMPT, seen).await.is_ok_and(|seen| seen.is_ok()),
            "never saw {text:?}"
        );
    }

    /// Waits (at most `within`) for the channel to end.
    pub(crate) async fn ends_within(&mut self, within: Duration) {
        let ended = self.closed.wait_for(|closed| *closed);
        assert!(tokio::time::timeout(within, ended).await.is_ok(), "the channel did not end");
    }

    pub(crate) async fn leave(self) {
        let _ = self.session.disconnect(russh::Disconnect::ByApplication, "", "en").await;
    }

    /// A left click on `cell` of a side-3 Clamber board, on a terminal of `size`, as an SGR
    /// mouse report (counted from 1).
    pub(crate) async fn click(&self, cell: &str, (width, height): (u16, u16)) {
        use crate::app::layout::GameLayout;
        use crate::app::table::Input;
        let cell: crate::rules::hex::Cell = cell.parse().unwrap();
        let board = crate::rules::hex::Board::SIDE_3;
        let area = ratatui::layout::Rect::new(0, 0, width, height);
        let layout = GameLayout::fit(board, <clamber::Position as Input>::CELL_LINES, area).unwrap();
        let (column, row) = layout.board.centre(cell);
        let click = format!("\x1b[<0;{};{}M", column + 1, row + 1);
        self.writer.data_bytes(click.into_bytes()).await.unwrap();
    }
}

/// The lines a terminal shows after `bytes`: characters placed where the cursor is, moved
/// by `ESC [ row ; column H`, Enter and new lines; other sequences (colours, modes) change
/// no character. Enough to read what ratatui drew, diff after diff.
pub(crate) fn shown(bytes: &[u8]) -> String {
    const ROWS: usize = 130;
    const COLUMNS: usize = 310;
    let mut grid = vec![vec![' '; COLUMNS]; ROWS];
    let (mut row, mut column) = (0usize, 0usize);
    let text = String::from_utf8_lossy(bytes);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\x1b' if chars.peek() == Some(&'[') => {
                chars.next();
                let mut body = String::new();
                for c in chars.by_ref() {
                    if ('\x40'..='\x7e').contains(&c) {
                        if c == 'H' {
                            let mut numbers = body.split(';').map(|n| n.parse::<usize>().unwrap_or(1).max(1));
                            row = numbers.next().unwrap_or(1) - 1;
                            column = numbers.next().unwrap_or(1) - 1;
                        } else if c == 'J' && body == "2" {
                            grid.iter_mut().for_each(|line| line.fill(' '));
                        }
                        break;
                    }
                    body.push(c);
                }
            }
            '\x1b' => {
                chars.next();
            }
            '\r' => column = 0,
            '\n' => row += 1,
            c if c.is_control() => {}
            c => {
                if row < ROWS && column < COLUMNS {
                    grid[row][column] = c;
                }
                column += 1;
            }
        }
    }
    grid.iter().map(|line| line.iter().collect::<String>()).collect::<Vec<_>>().join("\n")
}
