//! The club under load, as people and programs use it, measured (not timed): a thousand
//! members connected over SSH from this process, on the same two cores as the server. Six
//! hundred sit at lobby screens (a pseudo-terminal of 80x24 each, as `ssh` gives), a tenth
//! of them pressing a key a second; four hundred bots play two hundred games, a turn every
//! 2 s in each. First one member presses keys alone among the others, to measure what a
//! key costs the server; then everyone at once for 40 s. It prints the time from a key to
//! its screen and from a turn to the other player, the server's CPU and memory (while all
//! are in, and a minute after all have left), and asserts only generous bounds. In the
//! release run: `cargo test --release --test club_load -- --ignored --nocapture`;
//! docs/club.md and docs/performance.md give its figures.
#![cfg(all(target_os = "linux", feature = "club"))]

mod member;

use member::{Server, Trusting, greedy, key};
use russh::ChannelMsg;
use russh::client;
use russh::keys::PrivateKeyWithHashAlg;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::watch;

const LOBBIES: usize = 600;
const PRESSING: usize = 60;
const GAMES: usize = 200;
const BETWEEN_TURNS: Duration = Duration::from_secs(2);
const PLAY: Duration = Duration::from_secs(40);
/// The keys the lone member presses to measure what a key costs.
const ALONE_KEYS: usize = 200;
/// The longest wait for one answer: past it the answer counts as lost.
const ANSWER: Duration = Duration::from_secs(10);

/// The server's resident memory now and at its peak (kB), and its CPU time so far.
fn usage(pid: u32) -> (u64, u64, Duration) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let field = |name: &str| -> u64 {
        let line = status.lines().find(|line| line.starts_with(name)).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    };
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap().split_whitespace().collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    let hertz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as u64;
    (field("VmRSS:"), field("VmHWM:"), Duration::from_millis(ticks * 1000 / hertz))
}

/// A session as `name` from the loopback address `from`, with a key of its own.
async fn session(port: u16, from: String, name: String) -> client::Handle<Trusting> {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    let stream = socket.connect(([127, 0, 0, 1], port).into()).await.unwrap();
    let mut session =
        client::connect_stream(Arc::new(client::Config::default()), stream, Trusting).await.unwrap();
    let key = PrivateKeyWithHashAlg::new(key(), None);
    assert!(session.authenticate_publickey(name, key).await.unwrap().success());
    session
}

/// A member at a lobby screen: what it sends, and when it last got a frame.
struct Lobby {
    writer: russh::ChannelWriteHalf<client::Msg>,
    frames: watch::Receiver<Instant>,
    _session: client::Handle<Trusting>,
}

impl Lobby {
    async fn open(port: u16, n: usize) -> Lobby {
        let session = session(port, format!("127.0.4.{}", n % 200 + 1), format!("people{n}")).await;
        let channel = session.channel_open_session().await.unwrap();
        channel.request_pty(true, "xterm", 80, 24, 0, 0, &[]).await.unwrap();
        channel.request_shell(true).await.unwrap();
        let (mut reader, writer) = channel.split();
        let (told, frames) = watch::channel(Instant::now());
        tokio::spawn(async move {
            while let Some(message) = reader.wait().await {
                if let ChannelMsg::Data { .. } = message {
                    told.send_replace(Instant::now());
                }
            }
        });
        Lobby { writer, frames, _session: session }
    }

    /// Presses `key` and waits for the frame it brings: the time it took (none if lost).
    async fn press(&mut self, key: &[u8]) -> Option<Duration> {
        self.frames.mark_unchanged();
        let sent = Instant::now();
        self.writer.data_bytes(key.to_vec()).await.ok()?;
        tokio::time::timeout(ANSWER, self.frames.changed()).await.ok()?.ok()?;
        Some(self.frames.borrow().saturating_duration_since(sent))
    }

    /// Lets the lobby settle: waits until no frame came for `quiet`.
    async fn settle(&mut self, quiet: Duration) {
        while tokio::time::timeout(quiet, self.frames.changed()).await.is_ok() {}
    }
}

/// A bot at its game: its lines.
struct Bot {
    writer: russh::ChannelWriteHalf<client::Msg>,
    lines: tokio::sync::mpsc::UnboundedReceiver<String>,
    _session: client::Handle<Trusting>,
}

impl Bot {
    async fn join(port: u16, n: usize, name: String) -> Bot {
        let session = session(port, format!("127.0.5.{}", n % 200 + 1), name).await;
        let channel = session.channel_open_session().await.unwrap();
        channel.exec(true, "bot").await.unwrap();
        let (mut reader, writer) = channel.split();
        let (tx, lines) = tokio::sync::mpsc::unbounded_channel();
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
        Bot { writer, lines, _session: session }
    }

    async fn send(&self, line: &str) {
        self.writer.data_bytes(format!("{line}\n").into_bytes()).await.unwrap();
    }

    async fn expect(&mut self, start: &str) -> Option<String> {
        loop {
            let line = tokio::time::timeout(ANSWER, self.lines.recv()).await.ok()??;
            if line.starts_with(start) {
                return Some(line);
            }
        }
    }
}

/// One game between `blue` and `red`, a turn every 2 s until `until`: each turn's time
/// from sent to heard by the other.
async fn play(
    mut blue: Bot,
    mut red: Bot,
    id: String,
    turns: Vec<String>,
    offset: Duration,
    until: Instant,
) -> (Vec<Duration>, (Bot, Bot)) {
    tokio::time::sleep(offset).await;
    let mut heard = Vec::new();
    let mut tick = tokio::time::interval(BETWEEN_TURNS);
    for (n, turn) in turns.iter().enumerate() {
        tick.tick().await;
        if Instant::now() > until {
            break;
        }
        let (mover, other) = if n % 2 == 0 { (&mut blue, &mut red) } else { (&mut red, &mut blue) };
        let sent = Instant::now();
        mover.send(&format!("move {id} {turn}")).await;
        let told = format!("turn {id} {} ", n + 1);
        if other.expect(&told).await.is_none() || mover.expect(&told).await.is_none() {
            break;
        }
        heard.push(sent.elapsed());
    }
    // The game ends before its players leave: a club whose members have all gone holds no
    // game but those left on the clock.
    blue.send(&format!("resign {id}")).await;
    let _ = (blue.expect(&format!("end {id} ")).await, red.expect(&format!("end {id} ")).await);
    (heard, (blue, red))
}

/// The figure at `share` of the way through `times` (sorted).
fn at(times: &[Duration], share: f64) -> f64 {
    times[((times.len() as f64 * share) as usize).min(times.len() - 1)].as_secs_f64() * 1000.0
}

#[test]
#[ignore = "the load test with people: 1,000 members, 40 s of play and a minute after, in the release run"]
fn a_thousand_members_six_hundred_at_lobby_screens_and_two_hundred_games() {
    let dir = tempfile::tempdir().unwrap();
    let config = "[club]\nconnections = 1200\nnew_names = 1000\n";
    std::fs::write(dir.path().join("config.toml"), config).unwrap();
    let server = Server::start(dir.path());
    let (port, pid) = (server.port, server.pid());
    std::thread::sleep(Duration::from_millis(500));
    let idle = usage(pid);
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let turns = greedy(hexstack::rules::GameKind::Clamber, 4, 40);
    let report = rt.block_on(async {
        // The bots, paired into games by seeks taken.
        let mut pairs = Vec::new();
        for game in 0..GAMES {
            let mut seeker = Bot::join(port, game, format!("seeker{game}")).await;
            let mut taker = Bot::join(port, game, format!("taker{game}")).await;
            seeker.send("seek clamber 4 10+0 casual").await;
            let seek = seeker.expect("seek ").await.unwrap();
            taker.send(&format!("accept {}", &seek[5..])).await;
            let line = seeker.expect("game ").await.unwrap();
            taker.expect("game ").await.unwrap();
            let words: Vec<&str> = line.split(' ').collect();
            let (id, seeker_blue) = (words[1].to_string(), words[4] == format!("seeker{game}"));
            pairs.push(if seeker_blue { (seeker, taker, id) } else { (taker, seeker, id) });
        }
        // The people, ten coming at once.
        let mut lobbies = Vec::new();
        for wave in 0..LOBBIES / 10 {
            let coming: Vec<_> = (0..10).map(|n| tokio::spawn(Lobby::open(port, wave * 10 + n))).collect();
            for lobby in coming {
                lobbies.push(lobby.await.unwrap());
            }
        }
        for lobby in &mut lobbies {
            lobby.settle(Duration::from_millis(300)).await;
        }
        let all_in = usage(pid);
        // One member presses keys alone: what a key costs the server.
        let before = usage(pid).2;
        let mut alone = Vec::new();
        for n in 0..ALONE_KEYS {
            let key: &[u8] = if n % 2 == 0 { b"2" } else { b"1" };
            alone.extend(lobbies[0].press(key).await);
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let cpu_per_key = (usage(pid).2 - before).as_secs_f64() * 1000.0 / ALONE_KEYS as f64;
        // Everyone at once.
        let started = Instant::now();
        let until = started + PLAY;
        let mut games = Vec::new();
        for (n, (blue, red, id)) in pairs.into_iter().enumerate() {
            let offset = BETWEEN_TURNS * n as u32 / GAMES as u32;
            games.push(tokio::spawn(play(blue, red, id, turns.clone(), offset, until)));
        }
        let mut pressing = Vec::new();
        for (n, mut lobby) in lobbies.drain(1..=PRESSING).enumerate() {
            let offset = Duration::from_secs(1) * n as u32 / PRESSING as u32;
            pressing.push(tokio::spawn(async move {
                tokio::time::sleep(offset).await;
                let mut times = Vec::new();
                let mut tick = tokio::time::interval(Duration::from_secs(1));
                for k in 0.. {
                    tick.tick().await;
                    if Instant::now() > until {
                        break;
                    }
                    times.extend(lobby.press(if k % 2 == 0 { b"2" } else { b"1" }).await);
                }
                (times, lobby)
            }));
        }
        let cpu_before = usage(pid).2;
        let (mut keys, mut heard, mut kept) = (Vec::new(), Vec::new(), Vec::new());
        for task in pressing {
            let (times, lobby) = task.await.unwrap();
            keys.extend(times);
            kept.push(lobby);
        }
        let mut bots = Vec::new();
        for game in games {
            let (times, pair) = game.await.unwrap();
            heard.extend(times);
            bots.push(pair);
        }
        let busy = (usage(pid).2 - cpu_before).as_secs_f64() / started.elapsed().as_secs_f64();
        let playing = usage(pid);
        drop((lobbies, kept, bots));
        (alone, cpu_per_key, keys, heard, busy, all_in, playing)
    });
    drop(rt);
    // A minute after all have left.
    std::thread::sleep(Duration::from_secs(60));
    let after = usage(pid);
    let (mut alone, cpu_per_key, mut keys, mut heard, busy, all_in, playing) = report;
    alone.sort();
    keys.sort();
    heard.sort();
    println!(
        "club load with people: {LOBBIES} at lobby screens, {GAMES} games of bots ({} members)\n\
a key alone among them: {} keys, p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms; server CPU a key {cpu_per_key:.2} ms\n\
all at once for {} s: {} keys from {PRESSING} members, p50 {:.1} ms, p99 {:.1} ms; {} turns, to the other player p50 {:.1} ms, p99 {:.1} ms\n\
server CPU {:.0}% of one core while all played; RSS idle {} MB, all in {} MB, playing {} MB (peak {} MB), a minute after all left {} MB",
        LOBBIES + 2 * GAMES,
        alone.len(),
        at(&alone, 0.5),
        at(&alone, 0.9),
        at(&alone, 0.99),
        PLAY.as_secs(),
        keys.len(),
        at(&keys, 0.5),
        at(&keys, 0.99),
        heard.len(),
        at(&heard, 0.5),
        at(&heard, 0.99),
        busy * 100.0,
        idle.0 / 1024,
        all_in.0 / 1024,
        playing.0 / 1024,
        playing.1 / 1024,
        after.0 / 1024,
    );
    // Generous bounds: the figures, not these, are what the docs report.
    assert!(alone.len() >= ALONE_KEYS * 9 / 10, "keys answered alone: {}", alone.len());
    assert!(keys.len() >= PRESSING * 30, "keys answered: {}", keys.len());
    assert!(heard.len() >= GAMES * 15, "every game played on: {} turns", heard.len());
    assert!(at(&keys, 0.99) < 1000.0 && at(&heard, 0.99) < 1000.0);
    assert!(playing.1 < 1024 * 1024, "peak RSS {} kB", playing.1);
}
