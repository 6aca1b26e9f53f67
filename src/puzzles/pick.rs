//! Which puzzle comes next: near the player's rating, never one solved before, the
//! player's own mistakes first; in a streak, each a little harder than the last; of the
//! theme the player chose, if any.

use super::Puzzle;
use std::collections::HashSet;

/// The next puzzle of `puzzles` for a player rated `rating`: of the player's own
/// (`mine`, ids) not yet solved, the nearest to the rating; else of the rest. Solved
/// ones only when every one is (then the nearest of all, `current` left out when others
/// are there). Only puzzles of `theme`, when one is given.
pub(crate) fn next(
    puzzles: &[Puzzle],
    mine: &HashSet<String>,
    solved: &HashSet<&str>,
    (rating, theme): (f64, Option<&str>),
    current: Option<usize>,
) -> Option<usize> {
    let distance = |n: &usize| (f64::from(puzzles[*n].rating) - rating).abs() as u64;
    let open = |n: &usize| !solved.contains(puzzles[*n].id.as_str()) && Some(*n) != current;
    let of = |want: &dyn Fn(&usize) -> bool| {
        (0..puzzles.len()).filter(|&n| of_theme(&puzzles[n], theme) && want(&n)).min_by_key(distance)
    };
    of(&|n| open(n) && mine.contains(&puzzles[*n].id))
        .or_else(|| of(&open))
        .or_else(|| of(&|n| Some(*n) != current))
        .or_else(|| of(&|_| true))
}

/// The puzzles of a streak, in the order they come: from a little under the player's
/// rating up, the easiest first, those solved before left out while others remain; only
/// puzzles of `theme`, when one is given.
pub(crate) fn streak(
    puzzles: &[Puzzle],
    solved: &HashSet<&str>,
    (rating, theme): (f64, Option<&str>),
) -> Vec<usize> {
    let floor = rating - STREAK_BELOW;
    let mut order: Vec<usize> = (0..puzzles.len()).filter(|&n| of_theme(&puzzles[n], theme)).collect();
    order.sort_by_key(|&n| (puzzles[n].rating, puzzles[n].id.clone()));
    let fresh: Vec<usize> =
        order.iter().copied().filter(|&n| !solved.contains(puzzles[n].id.as_str())).collect();
    let order = if fresh.is_empty() { order } else { fresh };
    let above: Vec<usize> =
        order.iter().copied().filter(|&n| f64::from(puzzles[n].rating) >= floor).collect();
    if above.is_empty() { order } else { above }
}

/// Whether `puzzle` has `theme` (any puzzle, when none is given).
pub(crate) fn of_theme(puzzle: &Puzzle, theme: Option<&str>) -> bool {
    theme.is_none_or(|theme| puzzle.themes.iter().any(|own| own == theme))
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
    fn a_theme_chosen_keeps_to_its_puzzles() {
        let mut set = [puzzle("a", 1000), puzzle("b", 1500), puzzle("c", 1600), puzzle("d", 2000)];
        set[0].themes.push("parry".into());
        set[3].themes.push("parry".into());
        let none = HashSet::new();
        assert_eq!(next(&set, &none, &HashSet::new(), (1540.0, Some("parry")), None), Some(3));
        assert_eq!(next(&set, &none, &HashSet::from(["d"]), (1540.0, Some("parry")), None), Some(0));
        assert_eq!(next(&set, &none, &HashSet::new(), (1540.0, Some("sweep")), None), None);
        assert_eq!(streak(&set, &HashSet::new(), (1000.0, Some("parry"))), [0, 3]);
    }

    #[test]
    fn the_next_puzzle_is_near_the_rating_and_not_solved_before() {
        let set = [puzzle("a", 1000), puzzle("b", 1500), puzzle("c", 1600), puzzle("d", 2000)];
        let none = HashSet::new();
        assert_eq!(next(&set, &none, &HashSet::new(), (1540.0, None), None), Some(1));
        assert_eq!(next(&set, &none, &HashSet::from(["b"]), (1540.0, None), None), Some(2));
        assert_eq!(next(&set, &none, &HashSet::new(), (1540.0, None), Some(1)), Some(2));
        let mine = HashSet::from(["d".to_string()]);
        assert_eq!(
            next(&set, &mine, &HashSet::new(), (1000.0, None), None),
            Some(3),
            "the player's own first"
        );
        assert_eq!(next(&[], &none, &HashSet::new(), (1500.0, None), None), None);
    }

    #[test]
    fn a_streak_rises_from_under_the_rating() {
        let set = [puzzle("d", 2000), puzzle("a", 900), puzzle("b", 1200), puzzle("c", 1500)];
        assert_eq!(streak(&set, &HashSet::new(), (1500.0, None)), [2, 3, 0]);
        assert_eq!(streak(&set, &HashSet::new(), (1000.0, None)), [1, 2, 3, 0]);
        assert_eq!(streak(&set, &HashSet::from(["c"]), (1500.0, None)), [2, 0]);
    }
}
