//! The player's puzzle rating: Glicko-2 (`hexstack_glicko`), as lichess rates its players
//! and puzzles. A puzzle is an opponent whose rating is the puzzle's, with a fixed
//! deviation: solved is a win, failed a loss.

pub(crate) use hexstack_glicko::Rating;

/// A puzzle's deviation: its rating is taken as known this well.
pub(crate) const PUZZLE_DEVIATION: f64 = 80.0;

/// The player's rating `player` after an attempt at a puzzle rated `puzzle`: solved or not.
pub(crate) fn after_puzzle(player: Rating, puzzle: u32, solved: bool) -> Rating {
    let opponent = Rating { rating: f64::from(puzzle), deviation: PUZZLE_DEVIATION, volatility: 0.06 };
    player.after_one(opponent, if solved { 1.0 } else { 0.0 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solved_puzzle_raises_the_rating_and_a_failed_one_lowers_it() {
        let player = Rating::default();
        assert!(after_puzzle(player, 1500, true).rating > 1500.0);
        assert!(after_puzzle(player, 1500, false).rating < 1500.0);
        // A hard puzzle solved gains more than an easy one.
        assert!(after_puzzle(player, 1900, true).rating > after_puzzle(player, 1100, true).rating);
        assert!(after_puzzle(player, 1500, true).deviation < player.deviation);
    }
}
