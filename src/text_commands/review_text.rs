//! `hexstack review FILE --text`: a saved game's review as lines for scripts, a header
//! line naming each table's columns.

use crate::ai::{self, Evaluate, Level};
use crate::each_game;
use crate::record::Record;
use std::sync::atomic::AtomicBool;

/// `hexstack review FILE --text`: one line a turn, tab-separated (its number from 1, the
/// side, the turn, Blue's chance after it, its class, the computer's better turn or `-`),
/// then one line a player (side, accuracy, inaccuracies, mistakes, blunders). At `level`,
/// else at the level of the review kept in the file, else [`Level::REVIEW`]; what the kept
/// review holds at that level is not looked at again. The positions are looked at on
/// `threads` threads, with the same answer on any number.
#[cfg(test)]
pub(crate) fn review_text(saved: &crate::saved::SavedGame, level: Option<Level>, threads: usize) -> String {
    let mut text = String::new();
    let level = review_level(saved, level, Level::REVIEW);
    review_text_and_puzzles(saved, (level, threads), None, &mut |lines| text = lines);
    text
}

/// [`review_text`], given to `show` as soon as it is made; then, when `source` names the
/// saved game's file, the puzzles its review makes of the mistakes of the players who are
/// not the computer ([`crate::puzzles::own`]), which take a while longer: none from a
/// review read back whole from the file, whose puzzles the review screen made.
pub(crate) fn review_text_and_puzzles(
    saved: &crate::saved::SavedGame,
    (level, threads): (Level, usize),
    source: Option<&str>,
    show: &mut dyn FnMut(String),
) -> Vec<crate::puzzles::Puzzle> {
    let mine = source.map(|source| (crate::puzzles::own::persons(saved.players.computer), source));
    each_game!(&saved.game, record => review_lines(record, saved.review.as_ref(), (level, threads), mine, show))
}

/// The level a review of `saved` is at: the one asked for, else the kept review's, else
/// the player's `usual` one.
pub(crate) fn review_level(saved: &crate::saved::SavedGame, level: Option<Level>, usual: Level) -> Level {
    level.or(saved.review.as_ref().map(|kept| kept.level)).unwrap_or(usual)
}

fn review_lines<G>(
    record: &Record<G>,
    kept: Option<&crate::saved::KeptReview>,
    (level, threads): (Level, usize),
    mine: Option<(Vec<crate::rules::Colour>, &str)>,
    show: &mut dyn FnMut(String),
) -> Vec<crate::puzzles::Puzzle>
where
    G: Evaluate + Send + Sync,
    G::Turn: Send,
{
    use ai::review::{self, Summary};
    let turns: Vec<G::Turn> = record.all_turns().cloned().collect();
    let positions = review::positions(record.start(), &turns);
    let mut looked = match kept.filter(|kept| kept.level == level) {
        Some(kept) => kept.looked(&positions),
        None => vec![None; positions.len()],
    };
    let budget = (review::budget::<G>(level), threads);
    // A review kept in the file was made on the review screen, which made the player's
    // puzzles as it showed it: read back whole, it is printed at once and nothing more.
    let kept_whole = review::needs(&positions, &turns, &looked).is_empty();
    review::look_all(&positions, &turns, &mut looked, budget, &AtomicBool::new(false), |_| {});
    let judged = review::judge_all(&positions, &turns, &looked);
    let spent: Vec<_> = record.line().iter().filter(|ply| ply.turn.is_some()).map(|ply| ply.spent).collect();
    let mut lines: Vec<String> = vec![REVIEW_TURN_COLUMNS.to_string()];
    lines.extend(judged.iter().flatten().enumerate().map(|(n, turn)| {
        let better = turn.better.as_ref().map_or_else(|| "-".to_string(), ToString::to_string);
        let side = turn.mover.to_string().to_lowercase();
        let (blue, class) = (turn.blue_after(), turn.class.name());
        // The time last: scripts reading the columns before it read them as before.
        let time = spent.get(n).copied().flatten().map_or_else(|| "-".to_string(), seconds);
        format!("{}\t{side}\t{}\t{blue:.2}\t{class}\t{better}\t{time}", n + 1, turn.played)
    }));
    lines.push(REVIEW_PLAYER_COLUMNS.to_string());
    for side in [crate::rules::Colour::Blue, crate::rules::Colour::Red] {
        let summary = Summary::of(side, &judged);
        lines.push(format!(
            "{}\t{:.1}\t{}\t{}\t{}",
            side.to_string().to_lowercase(),
            summary.accuracy,
            summary.inaccuracies,
            summary.mistakes,
            summary.blunders
        ));
    }
    show(lines.join("\n"));
    mine.filter(|_| !kept_whole).map_or_else(Vec::new, |(persons, source)| {
        let game = crate::puzzles::own::Reviewed {
            positions: &positions,
            turns: &turns,
            judged: &judged,
            persons: &persons,
            source,
        };
        let budget = crate::puzzles::own::budget(review::budget::<G>(level));
        crate::puzzles::own::puzzles(&game, (budget, threads), &AtomicBool::new(false))
    })
}

/// The header line of `review --text`'s turns: their columns' names, the same in every
/// language (scripts and spreadsheets read them).
pub(crate) const REVIEW_TURN_COLUMNS: &str = "number\tside\tturn\tblue_chance\tclass\tbetter\tseconds";

/// The header line of `review --text`'s players, after the turns.
pub(crate) const REVIEW_PLAYER_COLUMNS: &str = "side\taccuracy\tinaccuracies\tmistakes\tblunders";

/// A turn's time for `review --text`: seconds to the nearest tenth, as the review screen
/// shows them (`4.2`; a saved 1.999 s is `2.0`).
fn seconds(spent: std::time::Duration) -> String {
    let tenths = crate::clock::rounded_tenths(spent);
    format!("{}.{}", tenths / 10, tenths % 10)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_turns_time_is_rounded_to_the_nearest_tenth() {
        let ms = std::time::Duration::from_millis;
        assert_eq!(super::seconds(ms(1_999)), "2.0", "not cut to 1.9");
        assert_eq!(super::seconds(ms(4_240)), "4.2");
        assert_eq!(super::seconds(ms(61_960)), "62.0");
    }
}
