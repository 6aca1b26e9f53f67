//! The club's kill -9 storm: a child process plays rated games in the club's database,
//! telling each turn on its standard output once `play_turn` has returned (as the server
//! will show a turn only then), and is killed with SIGKILL at random moments. After every
//! kill the next server takes the database over, and every turn told is in it, the game in
//! progress replays to its last kept turn, and every rated game that ended has its two
//! ratings; at the end every game replays.
//!
//! The test runs itself as the child (told so by an environment variable), so that the
//! child is a real process. `HEXSTACK_STORM_KILLS` and `HEXSTACK_STORM_SEED` change how
//! many kills and which moments.

use hexstack_club::{Club, Durability, GameId, GameResult, NewGame, Reason, Which};
use hexstack_rules::{Game, GameKind};
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

/// Set in the child: the database it plays in.
const CHILD: &str = "HEXSTACK_CLUB_STORM_CHILD";
/// The most turns a child plays (it is killed long before).
const TURNS: usize = 5_000;
/// The turns after which the child's players agree to a draw.
const LONGEST: u32 = 150;

fn number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|value| value.parse().ok()).unwrap_or(default)
}

/// A small random number generator (a linear congruential one): the storm repeats itself.
struct Dice(u64);

impl Dice {
    fn roll(&mut self, below: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % below.max(1)
    }
}

/// The child: takes the club over, goes on with its game in progress (or starts one,
/// Clamber 3 and Ombagui by turns), plays random legal turns (a win when there is one, a
/// draw agreed after 150) and says `turn ID N` after
/// each, `end ID` after each game's end.
fn child(path: &Path, seed: u64) {
    let mut dice = Dice(seed);
    let mut club = Club::open(path, Durability::Crash).expect("a killed server's lock is taken over");
    let ann = club.login("SHA256:ann", "Ann").unwrap().member;
    let bo = club.login("SHA256:bo", "Bo").unwrap().member;
    let mut id = club.live_games().unwrap().first().map(|game| game.id);
    for n in 0..TURNS {
        let game_id = match id {
            Some(id) => id,
            None => {
                let (game, side) = if n % 2 == 0 { (GameKind::Clamber, 3) } else { (GameKind::Ombagui, 4) };
                let new = NewGame { game, side, blue: ann.id, red: bo.id, clock: "1+0".into(), rated: true };
                *id.insert(club.create_game(&new).unwrap())
            }
        };
        let live = club.live_game(game_id).unwrap();
        // A random turn, but a win where there is one: games end, and are rated.
        let (to_move, turn) = hexstack_rules::each_game!(&live.position, position => {
            let legal = position.legal_turns_with_results();
            let won = legal.iter().find(|(_, next)| next.winner().is_some());
            let (turn, _) = won.unwrap_or(&legal[dice.roll(legal.len() as u64) as usize]);
            (position.to_move(), turn.to_string())
        });
        let by = [ann.id, bo.id][to_move as usize];
        let played = club.play_turn(game_id, by, &turn, dice.roll(5000), Some([60_000, 60_000])).unwrap();
        println!("turn {game_id} {}", played.number);
        // A game going nowhere is drawn by agreement, so that the games stay short.
        let agreed = GameResult { winner: None, reason: Reason::Agreed };
        if played.ended.is_some() || (played.number >= LONGEST && club.end_game(game_id, agreed).is_ok()) {
            println!("end {game_id}");
            id = None;
        }
    }
}

/// Turns kept of each game, read by a connection of the test's own while the child writes.
fn kept(path: &Path) -> HashMap<GameId, u32> {
    let conn =
        rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    conn.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
    let mut statement = conn.prepare("SELECT game_id, count(*) FROM turns GROUP BY game_id").unwrap();
    statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?))).unwrap().map(Result::unwrap).collect()
}

/// What the next server finds after a kill: every turn told, the game in progress
/// replaying to its last kept turn, every ended game ended and rated, in the same
/// transaction, one game in progress at most.
fn after_a_kill(path: &Path, round: u64, told: &HashMap<GameId, u32>, ended: &[GameId]) {
    let mut club = Club::open(path, Durability::Crash).unwrap_or_else(|e| panic!("round {round}: {e}"));
    let kept = kept(path);
    for (&id, &n) in told {
        let turns = kept.get(&id).copied().unwrap_or(0);
        assert!(turns >= n, "round {round}: game {id} keeps {turns} turns, {n} were told");
    }
    // The game in progress replays to its last kept turn, as the next server plays it.
    for game in club.live_games().unwrap() {
        // A game killed before its first turn has no row in `turns`.
        let turns = kept.get(&game.id).copied().unwrap_or(0);
        assert_eq!(club.live_game(game.id).unwrap().turns, turns, "round {round}: game {}", game.id);
    }
    for &id in ended {
        let game = club.games(Which::All, None, 10_000).unwrap();
        let game = game.iter().find(|game| game.id == id).unwrap();
        assert!(game.verdict.is_some(), "round {round}: game {id} ended");
        assert_eq!(
            club.history(1, None, 10_000).unwrap().iter().filter(|rated| rated.game_id == id).count(),
            1
        );
    }
    let conn = rusqlite::Connection::open(path).unwrap();
    let unrated: i64 = conn
        .query_row(
            "SELECT count(*) FROM games WHERE state = 'done' AND rated
                AND (SELECT count(*) FROM rating_history WHERE game_id = games.id) != 2",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(unrated, 0, "round {round}: a rated game ended is rated in the same transaction");
    let live = club.live_games().unwrap();
    assert!(live.len() <= 1, "round {round}: one game in progress at most: {live:?}");
}

#[test]
fn every_turn_told_survives_kill_9() {
    if let Some(path) = std::env::var_os(CHILD) {
        return child(Path::new(&path), number("HEXSTACK_STORM_SEED", 1));
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.sqlite3");
    let mut dice = Dice(number("HEXSTACK_STORM_SEED", 42));
    let (mut told, mut ended): (HashMap<GameId, u32>, Vec<GameId>) = (HashMap::new(), Vec::new());
    let kills = number("HEXSTACK_STORM_KILLS", 25);
    for round in 0..kills {
        let mut process = Command::new(std::env::current_exe().unwrap())
            .args(["every_turn_told_survives_kill_9", "--exact", "--nocapture", "--test-threads=1"])
            .env(CHILD, &path)
            .env("HEXSTACK_STORM_SEED", dice.roll(u64::MAX).to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let wait_for = 1 + dice.roll(80);
        let mut heard = 0;
        for line in BufReader::new(process.stdout.take().unwrap()).lines() {
            let line = line.unwrap();
            let words: Vec<&str> = line.split(' ').collect();
            match words[..] {
                ["turn", id, n] => {
                    told.insert(id.parse().unwrap(), n.parse().unwrap());
                }
                ["end", id] => ended.push(id.parse().unwrap()),
                _ => continue,
            }
            heard += 1;
            if heard == wait_for {
                // A random moment made of useful work: the database read while it is written.
                for _ in 0..dice.roll(3) {
                    let kept = kept(&path);
                    assert!(told.iter().all(|(id, n)| kept.get(id).copied().unwrap_or(0) >= *n));
                }
                process.kill().unwrap();
                break;
            }
        }
        process.wait().unwrap();
        after_a_kill(&path, round, &told, &ended);
    }
    // Every game kept replays from its start, the rules checking each turn.
    let club = Club::open(&path, Durability::Crash).unwrap();
    for &id in told.keys() {
        assert!(club.archived(id).unwrap().unwrap().info.turns >= told[&id]);
    }
    let turns: u32 = told.values().sum();
    assert!(turns > kills as u32, "the children were killed while they played ({turns} turns)");
    eprintln!(
        "club storm: {kills} kills, {turns} turns told and kept, {} games, {} ended",
        told.len(),
        ended.len()
    );
}
