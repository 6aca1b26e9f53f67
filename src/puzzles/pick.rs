//! Which puzzle comes next: near the player's rating, never one solved before, the
//! player's own mistakes first; in a streak, each a little harder than the last.

use super::Puzzle;
use std::collections::HashSet;

/// The next puzzle of `puzzles` for a player rated `rating`: of the player's own
/// (`mine`, ids) not yet solved, the nearest to the rating; else of the rest. Solved
/// ones only when every one is (then the nearest of all, `current` left out when others
/// are there).
pub fn next(
    puzzles: &[Puzzle],
    mine: &HashSet<String>,
    solved: &HashSet<&str>,
    rating: f64,
    current: Option<usize>,
) -> Option<usize> {
    let distance = |n: &usize| (f64::from(puzzles[*n].rating) - rating).abs() as u64;
    let open = |n: &usize| !solved.contains(puzzles[*n].id.as_str()) && Some(*n) != current;
    let of = |want: &dyn Fn(&usize) -> bool| (0..puzzles.len()).filter(|n| want(n)).min_by_key(distance);
    of(&|n| open(n) && mine.contains(&puzzles[*n].id))
        .or_else(|| of(&open))
        .or_else(|| of(&|n| Some(*n) != current))
        .or_else(|| of(&|_| true))
}

/// The puzzles of a streak, in the order they come: from a little under the player's
/// rating up, the easiest first, those solved before left out while others remain.
pub fn streak(puzzles: &[Puzzle], solved: &HashSet<&str>, rating: f64) -> Vec<usize> {
    let floor = rating - STREAK_BELOW;
    let mut order: Vec<usize> = (0..puzzles.len()).collect();
    order.sort_by_key(|&n| (puzzles[n].rating, puzzles[n].id.clone()));
    let fresh: Vec<usize> =
        order.iter().copied().filter(|&n| !solved.contains(puzzles[n].id.as_str())).collect();
    let order = if fresh.is_empty() { order } else { fresh };
    let above: Vec<usize> =
        order.iter().copied().filter(|&n| f64::from(puzzles[n].rating) >= floor).collect();
    if above.is_empty() { order } else { above }
}

/// How far under the player's rating a streak starts.
const STREAK_BELOW: f64 = 400.0;

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(id: &str, rating: u32) -> Puzzle {
        let line = format!("{id}\tclamber\t3/b/A1=b1,A2=r1\tA1xA2\t{rating}\twin-in-1\tself-play");
        Puzzle::read(&line).unwrap()
    }

    #[test]
    fn the_next_puzzle_is_near_the_rating_and_not_solved_before() {
        let set = [puzzle("a", 1000), puzzle("b", 1500), puzzle("c", 1600), puzzle("d", 2000)];
        let none = HashSet::new();
        assert_eq!(next(&set, &none, &HashSet::new(), 1540.0, None), Some(1));
        assert_eq!(next(&set, &none, &HashSet::from(["b"]), 1540.0, None), Some(2));
        assert_eq!(next(&set, &none, &HashSet::new(), 1540.0, Some(1)), Some(2));
        let mine = HashSet::from(["d".to_string()]);
        assert_eq!(next(&set, &mine, &HashSet::new(), 1000.0, None), Some(3), "the player's own first");
        assert_eq!(next(&[], &none, &HashSet::new(), 1500.0, None), None);
    }

    #[test]
    fn a_streak_rises_from_under_the_rating() {
        let set = [puzzle("d", 2000), puzzle("a", 900), puzzle("b", 1200), puzzle("c", 1500)];
        assert_eq!(streak(&set, &HashSet::new(), 1500.0), [2, 3, 0]);
        assert_eq!(streak(&set, &HashSet::new(), 1000.0), [1, 2, 3, 0]);
        assert_eq!(streak(&set, &HashSet::from(["c"]), 1500.0), [2, 0]);
    }
}
