//! A turn's budget on a clock: the computer takes its time from its own clock, a share of
//! what it has left, and thinks less as the time runs short, so that it does not lose on
//! time in any game of sensible length (the `hexstack match --clock` figures are in
//! docs/computer.md).

use super::Budget;
use std::time::Duration;

/// How many turns' worth the usable time is shared into: each turn takes about a thirtieth
/// of it, which shrinks as the game goes on and never runs out.
const SHARES: u32 = 30;

/// The most kept back, whatever the base: half a minute.
const LONGEST_RESERVE: Duration = Duration::from_secs(30);

impl Budget {
    /// This budget on a clock with `left` on it, the game's `base` and `increment` (added
    /// after the turn): a tenth of the base is kept back for what a turn costs besides its
    /// search (starting it, drawing, keeping the game), and the search stops by a share of
    /// the rest and most of the increment; not even the least depth may run past twice that.
    /// With only the reserve left, the search stops as soon as it can.
    pub fn on_clock(self, left: Duration, base: Duration, increment: Duration) -> Budget {
        let reserve = (base / 10).min(LONGEST_RESERVE);
        let usable = left.saturating_sub(reserve);
        let share = (usable / SHARES + increment * 3 / 4).min(usable / 4);
        let capped = |limit: Option<Duration>, cap: Duration| Some(limit.map_or(cap, |limit| limit.min(cap)));
        Budget { time: capped(self.time, share), most_time: capped(self.most_time, 2 * share), ..self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Level;

    fn secs(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    #[test]
    fn a_level_keeps_its_own_budget_with_time_enough_and_thinks_less_when_short() {
        let ms = Duration::from_millis;
        let level = Level::ALL[2].budget();
        assert_eq!(level.on_clock(secs(600), secs(600), Duration::ZERO), level, "ten minutes: as usual");
        let expert = Level::ALL[4].budget();
        let short = expert.on_clock(secs(60), secs(60), Duration::ZERO);
        assert_eq!((short.time, short.most_time), (Some(ms(1_800)), Some(ms(3_600))));
        assert_eq!(
            (short.min_depth, short.two_threads),
            (expert.min_depth, true),
            "the same search, shorter"
        );
        let reserve = expert.on_clock(secs(5), secs(60), Duration::ZERO);
        assert_eq!((reserve.time, reserve.most_time), (Some(Duration::ZERO), Some(Duration::ZERO)));
        let increment = Budget::default().on_clock(secs(10), secs(60), secs(2));
        assert_eq!(
            increment.time,
            Some(ms(1_000)),
            "most of the increment, within a quarter of what is usable"
        );
    }

    #[test]
    fn a_long_game_runs_no_clock_out_on_its_turns() {
        // Every turn spends all it may (twice its share) and loses more besides (10 ms a
        // turn at 1+0, 2 ms at 12s+0): no clock reaches nothing in 600 turns.
        for (base, lost) in [(60, 10), (12, 2)] {
            let mut left = secs(base);
            for turn in 0..600 {
                let budget = Level::ALL[4].budget().on_clock(left, secs(base), Duration::ZERO);
                let spent = budget.most_time.unwrap() + Duration::from_millis(lost);
                assert!(spent < left, "{base} s: turn {turn} flags with {left:?} left");
                left -= spent;
            }
        }
    }
}
