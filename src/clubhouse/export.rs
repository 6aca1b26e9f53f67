//! A kept game as the app plays it: its record rebuilt from the club's archive (its start,
//! its turns with the time each took, its clocks as the last turn left them, its end), for
//! the game screen after a restart, a replay, and `export ID`, a saved game that
//! `hexstack load` and `hexstack review` open.

use crate::clock::{Clock, TimeControl, Timepiece};
use crate::club::{Archived, Club, Error, GameId, GameResult, Reason, Refusal};
use crate::record::{AnyRecord, AnyRecordExt, End, Players};
use crate::rules::Game;
use std::time::Duration;

/// The game `archived` holds, replayed from its start through its turns (the club checked
/// each already) with the time each took, its clocks as the last turn left them (stopped),
/// its end applied (a resignation, a draw).
pub(super) fn record_of(archived: &Archived) -> AnyRecord {
    let info = &archived.info;
    let start = info.game.position(&info.start, Some(u32::from(info.side)));
    let mut record = AnyRecord::new(start.unwrap_or(archived.position));
    for turn in &archived.turns {
        let spent = Some(Duration::from_millis(turn.spent_ms)).filter(|_| turn.clocks.is_some());
        crate::each_game!(&mut record, record, G => {
            if let Ok(parsed) = turn.turn.parse::<<G as Game>::Turn>() {
                let _ = record.play(&parsed);
                record.set_last_spent(spent);
            }
        });
    }
    if let Ok(Some(control)) = TimeControl::parse(&info.clock) {
        let left = archived.turns.last().and_then(|turn| turn.clocks);
        let left = left.map_or([control.base; 2], |left| left.map(Duration::from_millis));
        let clock = Clock::resumed(control, left, Duration::ZERO, Timepiece::real());
        crate::each_game!(&mut record, record => record.set_clock(Some(clock)));
    }
    let to_move = crate::each_game!(&record, record => record.position().to_move());
    match info.verdict {
        Some(GameResult { winner: Some(winner), reason: Reason::Resign }) if winner == to_move.other() => {
            crate::each_game!(&mut record, record => record.resign());
        }
        Some(GameResult { reason: Reason::Agreed, .. }) => {
            crate::each_game!(&mut record, record => record.agree_draw())
        }
        _ => {}
    }
    record
}

/// Whether the record's own end says what `verdict` says (a saved game then writes it in
/// its own words); a fallen flag, or a resignation out of turn, it cannot.
fn says(record: &AnyRecord, verdict: GameResult) -> bool {
    let end = crate::each_game!(record, record => record.end());
    match (end, verdict.reason, verdict.winner) {
        (Some(End::Won(colour)), Reason::Rules, Some(winner)) => colour == winner,
        (Some(End::Blocked), Reason::Rules, None) | (Some(End::Drawn), Reason::Agreed, None) => true,
        (Some(End::Resigned(loser)), Reason::Resign, Some(winner)) => loser.other() == winner,
        _ => false,
    }
}

/// `export ID`: game `id` as a saved game (docs/save-format.md), its players' names, the
/// date it last changed, its result: in the format's own words where they say it (`Blue
/// won`, `Red resigned`, `draw agreed`), else as the club says it (`Red won: time`), which
/// a reader leaves aside.
pub(super) fn export(club: &Club, id: GameId) -> Result<String, Error> {
    let game = club.archived(id)?.ok_or(Refusal::NoGame(id))?;
    let info = &game.info;
    let record = record_of(&game);
    let players = Players { blue: Some(info.blue.clone()), red: Some(info.red.clone()), computer: None };
    let date = crate::clock::utc(u64::try_from(info.updated / 1000).unwrap_or(0));
    let text = crate::each_game!(&record, record => crate::saved::write(record, &players, &date));
    let own = info.verdict.filter(|verdict| !says(&record, *verdict));
    Ok(match own {
        Some(verdict) => text
            .lines()
            .map(|line| match line.starts_with("result: ") {
                true => format!("result: {verdict}\n"),
                false => format!("{line}\n"),
            })
            .collect(),
        None => text,
    })
}
