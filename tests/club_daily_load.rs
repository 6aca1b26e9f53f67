//! Correspondence games at scale, measured (not timed): ten thousand games in progress
//! between two thousand members in the database. It prints the time the server takes to
//! start on them (cleanly stopped, then after `kill -9`), its memory, what a key costs a
//! member with thirty games of their own at a lobby screen (a pseudo-terminal of 80x24, as
//! `ssh` gives), and `mine`; it asserts only generous bounds. In the release run: `cargo
//! test --release --test club_daily_load -- --ignored --nocapture`; docs/club.md and
//! docs/performance.md give its figures.
#![cfg(all(target_os = "linux", feature = "club"))]

mod member;

use hexstack::club::{Club, Durability, NewGame};
use hexstack::rules::GameKind;
use member::{LobbyScreen, Server, at, greedy, key, run, session};
use russh::keys::HashAlg;
use std::time::{Duration, Instant};

const MEMBERS: usize = 2_000;
const GAMES: usize = 10_000;
/// The member measured, and how many games of theirs go on.
const MIA: &str = "Mia";
const MIAS_GAMES: usize = 30;
/// The keys Mia presses, and the longest wait for one's frame.
const KEYS: usize = 200;

/// The server's resident memory (kB).
fn rss(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|line| line.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// The club in `dir`: the members, Mia (whose key is `mia`) among them, and the games, each
/// a few turns in; Mia is Blue in thirty of them, each at her turn.
fn fill(dir: &std::path::Path, mia: &str) {
    let mut club = Club::open(&dir.join("club.sqlite3"), Durability::Crash).unwrap();
    let mut ids = vec![club.login(mia, MIA).unwrap().member.id];
    for n in 1..MEMBERS {
        ids.push(club.login(&format!("SHA256:member-{n}"), &format!("m{n}")).unwrap().member.id);
    }
    let turns = greedy(GameKind::Clamber, 3, 8);
    for n in 0..GAMES {
        let (blue, red) = match n < MIAS_GAMES {
            true => (ids[0], ids[n + 1]),
            false => (ids[1 + n % (MEMBERS - 1)], ids[1 + (n * 7 + 3) % (MEMBERS - 1)]),
        };
        let red = if red == blue { ids[1 + (n + 1) % (MEMBERS - 1)] } else { red };
        let new =
            NewGame { game: GameKind::Clamber, side: 3, blue, red, clock: "3d".into(), rated: n % 2 == 0 };
        let id = club.create_game(&new).unwrap();
        // An even count of turns: Blue to move, Mia in each of hers.
        for (number, turn) in turns.iter().take(2 * (n % 4)).enumerate() {
            let by = if number % 2 == 0 { blue } else { red };
            club.play_turn(id, by, turn, 1000, None).unwrap();
        }
    }
}

fn ms(time: Duration) -> f64 {
    time.as_secs_f64() * 1000.0
}

/// Starts the server on `dir`'s club: it, and the time until it listened with every game
/// taken back.
fn start(dir: &std::path::Path) -> (Server, Duration) {
    let began = Instant::now();
    let mut server = Server::start(dir);
    server.heard("correspondence games go on");
    (server, began.elapsed())
}

#[test]
#[ignore = "a load measurement: run in release with --ignored"]
fn ten_thousand_correspondence_games_start_small_and_quick_and_a_members_thirty_cost_a_key_little() {
    let dir = tempfile::tempdir().unwrap();
    let mia = key();
    let fingerprint = mia.public_key().fingerprint(HashAlg::Sha256).to_string();
    let filling = Instant::now();
    fill(dir.path(), &fingerprint);
    println!(
        "filled: {MEMBERS} members, {GAMES} correspondence games in {:.1} s",
        filling.elapsed().as_secs_f64()
    );
    let (server, clean) = start(dir.path());
    let idle = rss(server.pid());
    server.kill_9();
    let (server, killed) = start(dir.path());
    let port = server.port;
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let (keys, lobby_rss, mine_time, mine_lines) = runtime.block_on(async {
        let mut lobby = LobbyScreen::over(session(port, MIA, Some(&mia)).await).await;
        lobby.settle(Duration::from_millis(500)).await;
        let mut times = Vec::new();
        // Down her games in progress (Playing), to her finished ones and the members online
        // and back, a key at a time.
        let keys: [&[u8]; 6] = [b"1", b"j", b"j", b"k", b"6", b"2"];
        for n in 0..KEYS {
            times.extend(lobby.press(keys[n % keys.len()]).await);
        }
        let lobby_rss = rss(server.pid());
        let asked = Instant::now();
        let (mine, _) = run(port, MIA, Some(&mia), "mine").await;
        (times, lobby_rss, asked.elapsed(), mine.lines().count())
    });
    let mut keys = keys;
    keys.sort();
    let (p50, p90, p99) = (at(&keys, 0.5), at(&keys, 0.9), at(&keys, 0.99));
    println!("start on them: {:.0} ms after a clean stop, {:.0} ms after kill -9", ms(clean), ms(killed));
    println!("server RSS: {} MB idle on them, {} MB with Mia's lobby open", idle / 1024, lobby_rss / 1024);
    println!(
        "Mia's keys ({} of {KEYS} answered), {MIAS_GAMES} games of hers: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms",
        keys.len(),
        p50,
        p90,
        p99
    );
    println!("mine: {mine_lines} lines in {:.0} ms (an ssh connection and its command)", ms(mine_time));
    assert_eq!(mine_lines, MIAS_GAMES, "every game of hers waits for her turn");
    assert_eq!(keys.len(), KEYS, "every key answered");
    // Generous bounds: the figures are what matters.
    assert!(clean < Duration::from_secs(10) && killed < Duration::from_secs(10));
    assert!(lobby_rss < 512 * 1024);
    assert!(p90 < 200.0);
    server.kill_9();
}
