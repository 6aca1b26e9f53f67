//! What the club's tests share: a club in a folder of its own, members, and games played
//! by the rules.
#![allow(dead_code)]

use hexstack_club::{Club, Durability, Error, Member, NewGame, Played, Refusal};
use hexstack_rules::{Colour, Game, GameKind, Outcome};
use std::path::PathBuf;

/// 2025-11-30 15:31 UTC, in milliseconds: the tests' clock.
pub(crate) const NOW: i64 = 1_764_516_660_000;

/// A club in a new folder: the folder (kept while it lives), the database's path, the club.
pub(crate) fn club() -> (tempfile::TempDir, PathBuf, Club) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.sqlite3");
    let mut club = Club::open(&path, Durability::Crash).unwrap();
    club.set_clock(|| NOW);
    (dir, path, club)
}

/// Member `name`, registered with a key of their own (`key-of-NAME`) if new.
pub(crate) fn member(club: &mut Club, name: &str) -> Member {
    club.login(&format!("SHA256:key-of-{}", name.to_lowercase()), name).unwrap().member
}

pub(crate) fn game(kind: &str, side: u8, blue: &Member, red: &Member, rated: bool) -> NewGame {
    NewGame { game: kind.parse().unwrap(), side, blue: blue.id, red: red.id, clock: "5+3".into(), rated }
}

/// What the club refused, or a panic.
pub(crate) fn refusal<T: std::fmt::Debug>(result: Result<T, Error>) -> Refusal {
    match result {
        Err(Error::Refused(refusal)) => refusal,
        other => panic!("not refused: {other:?}"),
    }
}

/// The turns of a game from the start of `kind` on `side`: a winning turn whenever there
/// is one, else the `n`th legal turn (cycling), at most `most` turns. Clamber 3 ends in 13,
/// Blue winning.
pub(crate) fn greedy(kind: GameKind, side: u8, most: usize) -> Vec<String> {
    let start = kind.start(Some(u32::from(side))).unwrap();
    let mut turns = Vec::new();
    hexstack_rules::each_game!(start, position, G => {
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

/// Who is to move in game `id`.
pub(crate) fn to_move(club: &mut Club, id: i64) -> Colour {
    hexstack_rules::each_game!(&club.live_game(id).unwrap().position, p => p.to_move())
}

/// Plays `turns` in game `id`, each by whichever of `blue` and `red` is to move; what
/// the last one did.
pub(crate) fn play(club: &mut Club, id: i64, players: [&Member; 2], turns: &[String]) -> Played {
    let mut last = None;
    for (n, turn) in turns.iter().enumerate() {
        let by = players[to_move(club, id).index()].id;
        let clocks = Some([300_000 - n as u64 * 1000, 303_000 - n as u64 * 1000]);
        last = Some(club.play_turn(id, by, turn, 1000 + n as u64, clocks).unwrap());
    }
    last.expect("a turn at least")
}
