//! What the club's tests share: a club in a folder of its own, members, and games played
//! by the rules.
#![allow(dead_code)]

use hexstack::club::{Club, Durability, Member, NewGame};
use hexstack::record::{AnyRecord, AnyRecordExt};
use hexstack::rules::{Game, GameKind, Outcome};
use std::path::PathBuf;

/// The screen's size where a test opens one.
pub const AREA: ratatui::layout::Rect = ratatui::layout::Rect { x: 0, y: 0, width: 80, height: 24 };

/// 2025-11-30 15:31 UTC, in milliseconds: the tests' clock.
pub const NOW: i64 = 1_764_516_660_000;

/// A club in a new folder: the folder (kept while it lives), the database's path, the club.
pub fn club() -> (tempfile::TempDir, PathBuf, Club) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.sqlite3");
    let mut club = Club::open(&path, Durability::Crash).unwrap();
    club.set_clock(|| NOW);
    (dir, path, club)
}

/// Member `name`, registered with a key of their own (`key:NAME`) if new.
pub fn member(club: &mut Club, name: &str) -> Member {
    club.login(&format!("SHA256:key-of-{}", name.to_lowercase()), name).unwrap().member
}

pub fn game(kind: &str, side: u8, blue: &Member, red: &Member, rated: bool) -> NewGame {
    NewGame { game: kind.parse().unwrap(), side, blue: blue.id, red: red.id, clock: "5+3".into(), rated }
}

/// The turns of a game from the start of `kind` on `side`: a winning turn whenever there
/// is one, else the `n`th legal turn (cycling), at most `most` turns. Clamber 3 ends in 13,
/// Blue winning.
pub fn greedy(kind: GameKind, side: u8, most: usize) -> Vec<String> {
    let mut record = AnyRecord::new(kind.start(Some(u32::from(side))).unwrap());
    let mut turns = Vec::new();
    hexstack::each_game!(&mut record, record => {
        while turns.len() < most && record.position().outcome() == Outcome::Ongoing {
            let position = record.position();
            let mut legal = position.legal_turns_with_results();
            let won = legal.iter().position(|(_, next)| next.winner().is_some());
            let (turn, _) = legal.swap_remove(won.unwrap_or(turns.len() % legal.len()));
            record.play(&turn).unwrap();
            turns.push(turn.to_string());
        }
    });
    turns
}

/// Who is to move in game `id`.
pub fn to_move(club: &mut Club, id: i64) -> hexstack::rules::Colour {
    hexstack::each_game!(&club.live_game(id).unwrap().record, r => r.position().to_move())
}

/// Plays `turns` in game `id`, each by whichever of `blue` and `red` is to move; what
/// the last one did.
pub fn play(club: &mut Club, id: i64, players: [&Member; 2], turns: &[String]) -> hexstack::club::Played {
    let mut last = None;
    for (n, turn) in turns.iter().enumerate() {
        let by = players[to_move(club, id) as usize].id;
        let clocks = Some([300_000 - n as u64 * 1000, 303_000 - n as u64 * 1000]);
        last = Some(club.play_turn(id, by, turn, 1000 + n as u64, clocks).unwrap());
    }
    last.expect("a turn at least")
}
