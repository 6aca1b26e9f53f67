//! The club's cost of a committed turn: `play_turn` (the rules' check, the insert, the
//! commit) on a file on disk, in WAL with `synchronous=NORMAL` (the club's choice: a
//! commit survives the server's crash) and `FULL` (an fsync a commit: it survives a power
//! cut too). Turns a second = 1 / the time of one. docs/performance.md has the figures.

#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use hexstack_club::{Club, Durability, NewGame};
use hexstack_rules::{Game, GameKind, Outcome};

/// A long Ombagui game's turns (the `n`th legal turn each time, cycling, skips applied),
/// so that a new game is rarely needed.
fn turns(most: usize) -> Vec<String> {
    let mut turns = Vec::new();
    hexstack_rules::each_game!(GameKind::Ombagui.start(None).unwrap(), position, G => {
        let mut position: G = position;
        while turns.len() < most && position.outcome() == Outcome::Ongoing {
            if position.must_skip() {
                position = position.skipped();
                continue;
            }
            let mut legal = position.legal_turns_with_results();
            let (turn, next) = legal.swap_remove(turns.len() % legal.len());
            position = next;
            turns.push(turn.to_string());
        }
    });
    turns
}

fn committed_turn(c: &mut Criterion) {
    let line = turns(2000);
    for (name, durability) in [("NORMAL", Durability::Crash), ("FULL", Durability::Power)] {
        let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
        let mut club = Club::open(&dir.path().join("club.sqlite3"), durability).unwrap();
        let ann = club.login("SHA256:ann", "Ann").unwrap().member;
        let bo = club.login("SHA256:bo", "Bo").unwrap().member;
        let new = NewGame {
            game: GameKind::Ombagui,
            side: 4,
            blue: ann.id,
            red: bo.id,
            clock: "5+3".into(),
            rated: true,
        };
        let (mut id, mut at) = (club.create_game(&new).unwrap(), 0);
        c.bench_function(&format!("club committed turn, WAL synchronous={name}"), |b| {
            b.iter(|| {
                if at == line.len() {
                    (id, at) = (club.create_game(&new).unwrap(), 0);
                }
                let to_move =
                    hexstack_rules::each_game!(&club.live_game(id).unwrap().position, p => p.to_move());
                let by = [ann.id, bo.id][to_move as usize];
                club.play_turn(id, by, &line[at], 1500, Some([300_000, 300_000])).unwrap();
                at += 1;
            })
        });
    }
}

criterion_group!(benches, committed_turn);
criterion_main!(benches);
