//! Play at a distance, over real SSH on the loopback (127.0.0.1 only): a server on a free
//! port, russh clients that type and click as a friend's ssh would. Every wait is bounded
//! in count and time, and every test stops its server.
#![cfg(feature = "ssh")]

use crate::app::layout::GameLayout;
use crate::app::link::Link;
use crate::app::table::Input;
use crate::net::{Access, Headless, Hosting};
use crate::record::AnyRecord;
use crate::record::AnyRecordExt;
use crate::rules::hex::Cell;
use crate::rules::{AnyPosition, Colour, Game, clamber};
use ratatui::layout::Rect;
use russh::client;
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg, PublicKey, PublicKeyOrCertificate};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Notify;

const CODE: &str = "k3m9pq";
const AREA: Rect = Rect { x: 0, y: 0, width: 100, height: 30 };

/// A server for the game from `position`, listening on a free port of 127.0.0.1.
fn host(position: &str) -> (Arc<Link>, Headless) {
    host_letting_in(position, None)
}

/// The same, letting in the holder of `key` too.
fn host_letting_in(position: &str, key: Option<PublicKey>) -> (Arc<Link>, Headless) {
    let start: clamber::Position = position.parse().unwrap();
    let link = Link::new(AnyRecord::new(AnyPosition::Clamber(start)));
    let access = Access { code: CODE.to_string(), key };
    let hosting =
        Hosting::start(Arc::clone(&link), access, new_key(), "127.0.0.1:0".parse().unwrap()).unwrap();
    (link, hosting)
}

fn new_key() -> PrivateKey {
    PrivateKey::random(&mut rand::rng(), russh::keys::Algorithm::Ed25519).unwrap()
}

struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// A friend's ssh: a terminal of `AREA`'s size, and everything the server drew on it.
struct Friend {
    session: client::Handle<Trusting>,
    writer: russh::ChannelWriteHalf<client::Msg>,
    screen: Arc<Mutex<Vec<u8>>>,
    closed: Arc<Mutex<bool>>,
    /// Rings whenever something comes from the server.
    news: Arc<Notify>,
}

async fn connect(hosting: &Hosting, code: &str) -> Result<Friend, String> {
    let config = Arc::new(client::Config::default());
    let mut session = client::connect(config, hosting.addr(), Trusting).await.map_err(|e| e.to_string())?;
    let auth = session.authenticate_password("play", code).await.map_err(|e| e.to_string())?;
    if !auth.success() {
        return Err("refused".into());
    }
    let channel = session.channel_open_session().await.map_err(|e| e.to_string())?;
    let (width, height) = (u32::from(AREA.width), u32::from(AREA.height));
    channel.request_pty(true, "xterm", width, height, 0, 0, &[]).await.map_err(|e| e.to_string())?;
    channel.request_shell(true).await.map_err(|e| e.to_string())?;
    let (mut reader, writer) = channel.split();
    let (screen, closed) = (Arc::new(Mutex::new(Vec::new())), Arc::new(Mutex::new(false)));
    let news = Arc::new(Notify::new());
    let (drawn, ended, ring) = (Arc::clone(&screen), Arc::clone(&closed), Arc::clone(&news));
    tokio::spawn(async move {
        while let Some(message) = reader.wait().await {
            if let russh::ChannelMsg::Data { data } = message {
                drawn.lock().unwrap().extend_from_slice(&data);
                ring.notify_waiters();
            }
        }
        *ended.lock().unwrap() = true;
        ring.notify_waiters();
    });
    Ok(Friend { session, writer, screen, closed, news })
}

impl Friend {
    async fn send(&self, bytes: &[u8]) {
        self.writer.data_bytes(bytes.to_vec()).await.unwrap();
    }

    /// A left click on `cell`, as an SGR mouse report (counted from 1).
    async fn click(&self, cell: &str) {
        let cell: Cell = cell.parse().unwrap();
        let board = "3/b/-".parse::<clamber::Position>().unwrap().board();
        let layout = GameLayout::fit(board, <clamber::Position as Input>::CELL_LINES, AREA).unwrap();
        let (column, row) = layout.board.centre(cell);
        self.send(format!("\x1b[<0;{};{}M", column + 1, row + 1).as_bytes()).await;
    }

    fn saw(&self, text: &str) -> bool {
        String::from_utf8_lossy(&self.screen.lock().unwrap()).contains(text)
    }

    fn closed(&self) -> bool {
        *self.closed.lock().unwrap()
    }

    async fn leave(self) {
        let _ = self.session.disconnect(russh::Disconnect::ByApplication, "", "en").await;
    }
}

/// How long a test waits for what it expects, at most: each wait ends as soon as it holds,
/// so this bounds only a busy machine's slowest turn.
const PATIENCE: Duration = Duration::from_secs(15);

impl Friend {
    /// Waits (at most [`PATIENCE`]) until the server drew `text` on this friend's screen.
    async fn sees(&self, text: &str) {
        self.waits(text, || self.saw(text)).await;
    }

    /// Waits (at most [`PATIENCE`]) until the server closed this friend's channel.
    async fn is_let_go(&self) {
        self.waits("the channel closed", || self.closed()).await;
    }

    async fn waits(&self, what: &str, done: impl Fn() -> bool) {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let news = self.news.notified();
            if done() {
                return;
            }
            let timed_out = tokio::time::timeout_at(deadline, news).await.is_err();
            assert!(!timed_out || done(), "timed out waiting for {what}");
        }
    }
}

/// Waits (at most [`PATIENCE`]) until `done` holds of the link: the loop announces changes.
fn until(link: &Link, what: &str, done: impl Fn(&Link) -> bool) {
    assert!(link.wait_until(PATIENCE, done), "timed out waiting for {what}");
}

/// The game's turns so far, in notation.
fn turns(link: &Link) -> Vec<String> {
    crate::each_game!(link.game(), session => session.all_turns().map(|turn| turn.to_string()).collect())
}

fn winner(link: &Link) -> Option<Colour> {
    crate::each_game!(link.game(), session => session.position().winner())
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap()
}

#[test]
fn two_friends_play_a_game_to_a_win_and_a_watcher_cannot_move() {
    // Red to move; Red places beside Blue's stack of two, which takes it and wins.
    let (link, hosting) = host("3/r/C3=b2");
    runtime().block_on(async {
        let red = connect(&hosting, CODE).await.unwrap();
        until(&link, "Red's seat", |link| link.present(Colour::Red));
        let blue = connect(&hosting, CODE).await.unwrap();
        until(&link, "Blue's seat", |link| link.present(Colour::Blue));
        let watcher = connect(&hosting, CODE).await.unwrap();
        watcher.sees("You are watching").await;

        // Blue's keys do nothing on Red's turn, and neither do the watcher's. Blue's click only
        // moves Blue's cursor: the panel says "D3: empty" (drawn over "C3: Blue ...", so
        // "empty" is what comes whole). Red plays once it did, or the click could reach the
        // server after Red's turn and be played as Blue's.
        blue.click("D3").await;
        watcher.click("D3").await;
        blue.sees("Red is thinking").await;
        blue.sees("empty").await;
        red.click("C4").await;
        until(&link, "Red's turn", |link| turns(link) == ["C4"]);
        blue.sees("Last turn C4").await;
        watcher.click("C3").await;
        watcher.click("C4").await;
        blue.click("C3").await;
        blue.click("C4").await;
        until(&link, "Blue's capture", |link| turns(link).len() == 2);
        assert_eq!(turns(&link), ["C4", "C3xC4"], "the watcher's clicks played nothing");
        assert_eq!(winner(&link), Some(Colour::Blue));
        red.sees("Blue wins").await;
        for friend in [red, blue, watcher] {
            friend.leave().await;
        }
    });
    hosting.stop();
}

#[test]
fn a_wrong_code_is_refused() {
    let (link, hosting) = host("3/r/C3=b2");
    runtime().block_on(async {
        let started = Instant::now();
        assert_eq!(connect(&hosting, "guess1").await.err().as_deref(), Some("refused"));
        assert!(started.elapsed() >= Duration::from_millis(900), "a wrong code costs a second");
        assert!(!link.present(Colour::Red), "nobody sat down");
        let friend = connect(&hosting, CODE).await.unwrap();
        until(&link, "the right code lets in", |link| link.present(Colour::Red));
        friend.leave().await;
    });
    hosting.stop();
}

#[test]
fn a_friend_who_drops_comes_back_to_the_same_game_and_garbage_changes_nothing() {
    let (link, hosting) = host("3/r/C3=b2");
    runtime().block_on(async {
        let red = connect(&hosting, CODE).await.unwrap();
        until(&link, "Red's seat", |link| link.present(Colour::Red));
        red.click("A1").await;
        until(&link, "Red's turn", |link| turns(link) == ["A1"]);
        // Bytes no terminal sends (no UTF-8, sequences broken or unknown; not keys, which
        // would play or quit), and a window too small for the board, then back.
        let garbage: Vec<u8> = (0x80..=0xffu8).rev().chain(*b"\x1b[999~\x1b[<99;;M\x1b[").collect();
        red.send(&garbage).await;
        red.writer.window_change(12, 5, 0, 0).await.unwrap();
        red.sees("small").await;
        red.writer.window_change(100, 30, 0, 0).await.unwrap();
        red.leave().await;
        until(&link, "Red gone", |link| !link.present(Colour::Red));
        assert_eq!(turns(&link), ["A1"], "the game waits as it was");

        let back = connect(&hosting, CODE).await.unwrap();
        until(&link, "the first to come back plays Red", |link| link.present(Colour::Red));
        back.sees("Waiting for Blue to join").await;
        assert_eq!(turns(&link), ["A1"]);
        back.leave().await;
    });
    hosting.stop();
}

#[test]
fn stopping_the_server_lets_every_friend_go() {
    let (link, hosting) = host("3/r/C3=b2");
    let rt = runtime();
    let red = rt.block_on(async {
        let red = connect(&hosting, CODE).await.unwrap();
        until(&link, "Red's seat", |link| link.present(Colour::Red));
        red
    });
    let started = Instant::now();
    // What a signal to the host does too: the loop is told to stop.
    hosting.stop();
    // Within the host's wait for the last bytes (3 s) and the runtime's end (2 s).
    assert!(started.elapsed() < Duration::from_secs(8), "the server stops at once");
    rt.block_on(red.is_let_go());
    until(&link, "the seat freed", |link| !link.present(Colour::Red));
    let screen = red.screen.lock().unwrap().clone();
    let restored = screen.windows(8).rposition(|bytes| bytes == b"\x1b[?1049l").unwrap_or_else(|| {
        panic!(
            "the main screen back: {:?}",
            String::from_utf8_lossy(&screen[screen.len().saturating_sub(300)..])
        )
    });
    let goodbye = String::from_utf8_lossy(&screen[restored..]).to_string();
    assert!(goodbye.contains("the host ended the game"), "told why, after the restored screen: {goodbye:?}");
}

#[test]
fn a_key_the_host_named_lets_in_without_the_code() {
    let friend = new_key();
    let (_link, hosting) = host_letting_in("3/r/C3=b2", Some(friend.public_key().clone()));
    runtime().block_on(async {
        let mut tries = Vec::new();
        for key in [new_key(), friend] {
            let config = Arc::new(client::Config::default());
            let mut session = client::connect(config, hosting.addr(), Trusting).await.unwrap();
            let key = PrivateKeyWithHashAlg::new(Arc::new(key), None);
            tries.push(session.authenticate_publickey("play", key).await.unwrap().success());
        }
        assert_eq!(tries, [false, true], "a stranger's key is refused, the named one is let in");
    });
    hosting.stop();
}

#[test]
fn the_host_key_is_made_once_and_kept() {
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path().to_path_buf();
    let first = crate::net::host_key(&dir).unwrap();
    let again = crate::net::host_key(&dir).unwrap();
    assert_eq!(first.public_key(), again.public_key(), "the friend's ssh knows the host next time");
}
