//! The club under load, measured (not timed): 200 members connected over SSH from this
//! process, 100 games in progress, a turn every 2 s in each, for 40 s of play. It prints
//! the time from a turn sent to the other player's hearing it (p50, p99, the longest), the
//! server's peak RSS and its CPU, and asserts only generous bounds. In the release run:
//! `cargo test --release --test club_load -- --ignored --nocapture`; docs/club.md and
//! docs/performance.md give its figures.
#![cfg(all(target_os = "linux", feature = "club"))]

mod member;

use hexstack::each_game;
use hexstack::record::{AnyRecord, AnyRecordExt};
use hexstack::rules::{Game, GameKind, Outcome};
use member::{Bot, Server, key, runtime};
use std::time::{Duration, Instant};

const GAMES: usize = 100;
const BETWEEN_TURNS: Duration = Duration::from_secs(2);
const PLAY: Duration = Duration::from_secs(40);

/// A line of turns from Clamber's side-4 start that ends no game while it can: a turn
/// every 2 s for the whole play.
fn long_line(most: usize) -> Vec<String> {
    let mut record = AnyRecord::new(GameKind::Clamber.start(Some(4)).unwrap());
    let mut turns = Vec::new();
    each_game!(&mut record, record => {
        while turns.len() < most && record.position().outcome() == Outcome::Ongoing {
            let legal = record.position().legal_turns_with_results();
            let going: Vec<_> = legal.iter().filter(|(_, next)| next.outcome() == Outcome::Ongoing).collect();
            let (turn, _) = match going.is_empty() {
                true => &legal[0],
                false => going[(turns.len() * 7) % going.len()],
            };
            record.play(turn).unwrap();
            turns.push(turn.to_string());
        }
    });
    turns
}

/// The server's peak resident memory (kB) and its CPU time so far (user and system).
fn usage(pid: u32) -> (u64, Duration) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let peak = status.lines().find(|line| line.starts_with("VmHWM:")).unwrap();
    let peak: u64 = peak.split_whitespace().nth(1).unwrap().parse().unwrap();
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap().split_whitespace().collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    let hertz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as u64;
    (peak, Duration::from_millis(ticks * 1000 / hertz))
}

/// One game between `blue` and `red`, a turn every 2 s: each turn's time from sent to
/// heard by the other.
async fn play(
    mut blue: Bot,
    mut red: Bot,
    id: String,
    turns: Vec<String>,
    offset: Duration,
) -> Vec<Duration> {
    tokio::time::sleep(offset).await;
    let (mut heard, started) = (Vec::new(), Instant::now());
    let mut tick = tokio::time::interval(BETWEEN_TURNS);
    for (n, turn) in turns.iter().enumerate() {
        tick.tick().await;
        if started.elapsed() > PLAY {
            break;
        }
        let (mover, other) = if n % 2 == 0 { (&mut blue, &mut red) } else { (&mut red, &mut blue) };
        let sent = Instant::now();
        mover.send(&format!("move {id} {turn}")).await;
        other.expect(&format!("turn {id} {} ", n + 1)).await;
        heard.push(sent.elapsed());
        mover.expect(&format!("turn {id} {} ", n + 1)).await;
    }
    heard
}

#[test]
#[ignore = "the load test: 40 s of play, in the release run"]
fn two_hundred_members_and_a_hundred_games_on_one_club() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path());
    let port = server.port;
    let turns = long_line(PLAY.as_secs() as usize);
    let rt = runtime();
    let (figures, connected) = rt.block_on(async {
        let mut pairs = Vec::new();
        for game in 0..GAMES {
            let mut seeker = Bot::join(port, &format!("seeker{game}"), Some(&key())).await;
            let mut taker = Bot::join(port, &format!("taker{game}"), Some(&key())).await;
            seeker.send("seek clamber 4 10+0 casual").await;
            let seek = seeker.expect("seek ").await;
            taker.send(&format!("accept {}", &seek[5..])).await;
            let line = seeker.expect("game ").await;
            taker.expect("game ").await;
            let words: Vec<&str> = line.split(' ').collect();
            let (id, seeker_blue) = (words[1].to_string(), words[4] == seeker.name);
            pairs.push(if seeker_blue { (seeker, taker, id) } else { (taker, seeker, id) });
        }
        let connected = usage(server.pid());
        let mut games = Vec::new();
        for (n, (blue, red, id)) in pairs.into_iter().enumerate() {
            let offset = BETWEEN_TURNS * n as u32 / GAMES as u32;
            games.push(tokio::spawn(play(blue, red, id, turns.clone(), offset)));
        }
        let mut heard = Vec::new();
        for game in games {
            heard.extend(game.await.unwrap());
        }
        (heard, connected)
    });
    let (peak_kb, cpu) = usage(server.pid());
    let mut heard = figures;
    heard.sort();
    let at = |share: f64| heard[((heard.len() as f64 * share) as usize).min(heard.len() - 1)];
    let busy = cpu.saturating_sub(connected.1).as_secs_f64() / PLAY.as_secs_f64();
    println!(
        "club load: {GAMES} games, {} members, {} turns in {} s: turn to the other player p50 {:.1} ms, \
p99 {:.1} ms, longest {:.1} ms; server peak RSS {} MB ({} MB once all connected), CPU {:.0}% of one core while playing",
        GAMES * 2,
        heard.len(),
        PLAY.as_secs(),
        at(0.5).as_secs_f64() * 1000.0,
        at(0.99).as_secs_f64() * 1000.0,
        heard.last().unwrap().as_secs_f64() * 1000.0,
        peak_kb / 1024,
        connected.0 / 1024,
        busy * 100.0
    );
    assert!(heard.len() >= GAMES * 15, "every game played on: {} turns", heard.len());
    assert!(at(0.99) < Duration::from_secs(1), "p99 {:?}", at(0.99));
    assert!(peak_kb < 512 * 1024, "peak RSS {peak_kb} kB");
}
