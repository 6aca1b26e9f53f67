//! The player's own puzzles: each turn a review marks a mistake or a blunder, played by a
//! person (not the computer), becomes a puzzle at the position before it: find the better
//! turn the review found. It is kept only where a deeper search than the review's sees the
//! better turn keep [`CLEARLY`] more of the player's chance than the turn played, so that a
//! verdict that changes a ply deeper makes no puzzle. Made here from a review, with no I/O;
//! [`keep`] and [`read`] add them to the player's file and read it back (docs/puzzles.md).

use super::{LONGEST_SOLUTION, Puzzle};
use crate::ai::review::{self, Class, Judged, Looked};
use crate::ai::{Budget, Evaluate, Search};
use crate::i18n::Text;
use crate::record::{Computer, Side};
use crate::rules::{Colour, Game, Outcome};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// How much more of the player's chance (0 to 1) the better turn must keep than the turn
/// played, as the deeper search sees both, for a puzzle: fifteen points, a little under a
/// mistake's twenty, since the two searches look at the same turns a ply apart.
pub(crate) const CLEARLY: f64 = 0.15;

/// The most puzzles the player's file keeps: the newest.
pub(crate) const MOST: usize = 2000;

/// The first line of the player's file.
const HEAD: &str = "# hexstack: puzzles from your own mistakes, newest last (docs/puzzles.md)";

/// A reviewed game, as its puzzles are made from it.
pub(crate) struct Reviewed<'a, G: Game> {
    /// The start and the position after each turn ([`review::positions`]).
    pub positions: &'a [G],
    /// The turns played.
    pub turns: &'a [G::Turn],
    pub(crate) judged: &'a [Option<Judged<G::Turn>>],
    /// The sides a person played.
    pub persons: &'a [Colour],
    /// The saved game's file name.
    pub source: &'a str,
}

/// The sides a person played in a game where the computer plays as `computer` says: in a
/// hot-seat game, both.
pub(crate) fn persons(computer: Option<Computer>) -> Vec<Colour> {
    let computer = |colour| match computer.map(|computer| computer.side) {
        Some(Side::Both) => true,
        Some(Side::Blue) => colour == Colour::Blue,
        Some(Side::Red) => colour == Colour::Red,
        None => false,
    };
    [Colour::Blue, Colour::Red].into_iter().filter(|colour| !computer(*colour)).collect()
}

/// The budget the better turn and the turn played are checked with: one ply deeper than
/// the review's and twice its positions, judged as usual (a level 1 review judges as a
/// beginner). Positions, never time, so that a game gives the same puzzles on any machine.
pub(crate) fn budget(review: Budget) -> Budget {
    Budget {
        nodes: review.nodes.map(|nodes| nodes.saturating_mul(2)),
        depth: review.depth.map(|depth| depth + 1),
        min_depth: if review.min_depth > 0 { review.min_depth + 1 } else { 0 },
        beginner: false,
        vary: None,
        ..review
    }
}

/// The puzzles of a reviewed game, in its order, on up to `threads` threads, each search a
/// fresh one: the same puzzles on any number. Each turn to check has two positions to look
/// at (after the better turn, after the turn played), and each is a job of its own, so
/// that three turns keep two threads busy alike. None if `stop` is set on the way.
pub(crate) fn puzzles<G: Evaluate>(
    game: &Reviewed<G>,
    (budget, threads): (Budget, usize),
    stop: &AtomicBool,
) -> Vec<Puzzle> {
    let candidates: Vec<Candidate<G::Turn>> =
        (0..game.turns.len())
            .filter_map(|at| {
                let judged = game.judged.get(at)?.as_ref()?;
                let better = judged.better.as_ref()?;
                (judged.class >= Class::Mistake && game.persons.contains(&judged.mover))
                    .then_some(Candidate { at, judged, better })
            })
            .collect();
    let looks: Vec<(&G, &G::Turn, Colour)> = candidates
        .iter()
        .flat_map(|candidate| {
            let (before, mover) = (&game.positions[candidate.at], candidate.judged.mover);
            [(before, candidate.better, mover), (before, &candidate.judged.played, mover)]
        })
        .collect();
    let chances = on_threads(&looks, threads, |&(before, turn, mover)| {
        let looked: Looked<G::Turn> =
            review::look(&mut Search::new(), &review::after(before, turn)?, budget, stop);
        Some(review::seen_by(mover, looked.blue))
    });
    let checked: Vec<_> = candidates.into_iter().zip(chances.chunks_exact(2)).collect();
    let found = on_threads(&checked, threads, |(candidate, chances)| match **chances {
        [Some(kept), Some(lost)] => puzzle_at(game, candidate, (kept, lost), (budget, stop)),
        _ => None,
    });
    if stop.load(Ordering::Relaxed) { Vec::new() } else { found.into_iter().flatten().collect() }
}

/// A turn that may make a puzzle: a person's mistake or blunder, with the better turn.
struct Candidate<'a, T> {
    at: usize,
    judged: &'a Judged<T>,
    better: &'a T,
}

/// `check` of each of `jobs` on up to `threads` threads, the answers in the jobs' order.
fn on_threads<J: Sync, A: Send>(jobs: &[J], threads: usize, check: impl Fn(&J) -> A + Sync) -> Vec<A> {
    let next = AtomicUsize::new(0);
    let mut answers: Vec<(usize, A)> = std::thread::scope(|scope| {
        let work = || {
            let mut answers = Vec::new();
            loop {
                let at = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(at) else { return answers };
                answers.push((at, check(job)));
            }
        };
        let workers: Vec<_> = (0..threads.clamp(1, jobs.len().max(1))).map(|_| scope.spawn(work)).collect();
        workers.into_iter().flat_map(|worker| worker.join().unwrap_or_default()).collect()
    });
    answers.sort_by_key(|(at, _)| *at);
    answers.into_iter().map(|(_, answer)| answer).collect()
}

/// The puzzle of `candidate`, if the deeper search's chances for the player after the
/// better turn and after the turn played (`kept`, `lost`) are clearly apart.
fn puzzle_at<G: Evaluate>(
    game: &Reviewed<G>,
    candidate: &Candidate<G::Turn>,
    (kept, lost): (f64, f64),
    (budget, stop): (Budget, &AtomicBool),
) -> Option<Puzzle> {
    let Candidate { at, judged, better } = *candidate;
    let before = game.positions.get(at)?;
    if kept - lost < CLEARLY || stop.load(Ordering::Relaxed) {
        return None;
    }
    let won = (kept == 1.0).then(|| win_line(before, better, budget, stop)).flatten();
    let solution = won.clone().unwrap_or_else(|| vec![better.clone()]);
    let mut themes = vec!["mine".to_string(), judged.class.name().to_string()];
    if won.is_some() {
        themes.push(format!("win-in-{}", solution.len().div_ceil(2)));
    }
    // The opponent's turn before it, when there was one (not a skip of theirs).
    let mistake = at.checked_sub(1).filter(|&last| game.positions[last].to_move() != judged.mover);
    let puzzle = Puzzle {
        id: id(before, &judged.played),
        game: G::KIND,
        position: before.to_string(),
        solution: solution.iter().map(ToString::to_string).collect(),
        rating: rating(kept - lost, solution.len().div_ceil(2)),
        themes,
        source: format!("{}#{}", one_word(game.source), at + 1),
        mistake: mistake.map(|last| (game.positions[last].to_string(), game.turns[last].to_string())),
    };
    puzzle.check().is_ok().then_some(puzzle)
}

/// The whole line to the win after `better`, when every position of it is proven won for
/// the solver within `budget`: the opponent's longest defence, the solver's fastest win,
/// alternating to the end (a skipped turn would break the alternation: none then).
fn win_line<G: Evaluate>(
    before: &G,
    better: &G::Turn,
    budget: Budget,
    stop: &AtomicBool,
) -> Option<Vec<G::Turn>> {
    let solver = before.to_move();
    let mut line = vec![better.clone()];
    let mut position = review::after(before, better)?;
    while position.outcome() == Outcome::Ongoing {
        let to_move = if line.len() % 2 == 0 { solver } else { solver.other() };
        if line.len() >= LONGEST_SOLUTION || position.to_move() != to_move {
            return None;
        }
        let looked = review::look(&mut Search::new(), &position, budget, stop);
        let turn = looked.best.filter(|_| review::seen_by(solver, looked.blue) == 1.0)?;
        position = review::after(&position, &turn)?;
        line.push(turn);
    }
    (position.winner() == Some(solver) && line.len() % 2 == 1).then_some(line)
}

/// A puzzle's rating from how much of the player's chance the turn played gave away (0 to
/// 1): 1200 for a loss of twenty points, 2000 for a whole game thrown away, and 150 more
/// for each of the solver's turns past the first of a line to a win.
fn rating(loss: f64, solver_turns: usize) -> u32 {
    let rating = 1000.0 + 1000.0 * loss.clamp(0.0, 1.0) + 150.0 * solver_turns.saturating_sub(1) as f64;
    (rating.round() as u32).clamp(100, 4000)
}

/// The same id for the same position and turn played, in any game and on any machine:
/// `mine-` and an FNV-1a hash of the two (a hash of the standard library may change).
fn id<G: Game>(position: &G, played: &G::Turn) -> String {
    let hash = format!("{position} {played}").bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("mine-{:012x}", hash >> 16)
}

/// A file name as one field of a line: no tab, no line end, no space.
fn one_word(name: &str) -> String {
    let word: String =
        name.chars().map(|c| if c.is_whitespace() || c.is_control() { '_' } else { c }).collect();
    if word.is_empty() { "-".to_string() } else { word }
}

/// The lines of the player's file that are not puzzles: each one's number, from 1, and why.
pub(crate) type Skipped = Vec<(usize, Text)>;

/// The puzzles in the text of the player's file, and the lines that are not puzzles:
/// skipped, so that one bad line loses no other.
pub(crate) fn read_mine(text: &str) -> (Vec<Puzzle>, Skipped) {
    let (mut puzzles, mut bad) = (Vec::new(), Vec::new());
    let lines =
        text.lines().enumerate().filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'));
    for (n, line) in lines {
        match Puzzle::read(line).and_then(|puzzle| puzzle.check().map(|_| puzzle)) {
            Ok(puzzle) => puzzles.push(puzzle),
            Err(why) => bad.push((n + 1, why)),
        }
    }
    (puzzles, bad)
}

/// The file's text with `found` added after what it holds: a puzzle whose id is there
/// already is not added again, a line that is not a puzzle is dropped, and past [`MOST`]
/// the oldest go. How many were added.
pub(crate) fn merged(text: &str, found: &[Puzzle]) -> (String, usize) {
    let (mut puzzles, _) = read_mine(text);
    let mut added = 0;
    for puzzle in found {
        if !puzzles.iter().any(|kept| kept.id == puzzle.id) {
            puzzles.push(puzzle.clone());
            added += 1;
        }
    }
    let newest = &puzzles[puzzles.len().saturating_sub(MOST)..];
    let lines: String = newest.iter().map(|puzzle| format!("{puzzle}\n")).collect();
    (format!("{HEAD}\n{lines}"), added)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::review::{judge_all, positions};
    use crate::rules::clamber::Position;

    fn reviewed(start: &str, turns: &[&str]) -> (Vec<Position>, Vec<<Position as Game>::Turn>) {
        let turns: Vec<_> = turns.iter().map(|turn| turn.parse().unwrap()).collect();
        (positions(start.parse().unwrap(), &turns), turns)
    }

    fn made(start: &str, turns: &[&str], persons: &[Colour]) -> Vec<Puzzle> {
        made_on(start, turns, persons, 2)
    }

    fn made_on(start: &str, turns: &[&str], persons: &[Colour], threads: usize) -> Vec<Puzzle> {
        let (positions, turns) = reviewed(start, turns);
        let budget = Budget { depth: Some(3), nodes: Some(200_000), ..Budget::default() };
        let stop = AtomicBool::new(false);
        let mut looked = vec![None; positions.len()];
        review::look_all(&positions, &turns, &mut looked, (budget, 1), &stop, |_| {});
        let judged = judge_all(&positions, &turns, &looked);
        let game =
            Reviewed { positions: &positions, turns: &turns, judged: &judged, persons, source: "a game" };
        puzzles(&game, (self::budget(budget), threads), &stop)
    }

    #[test]
    fn a_persons_blunder_is_a_puzzle_and_the_computers_is_not() {
        let found = made("3/b/C4=r1,E4=b1", &["D4", "C4xD4"], &[Colour::Blue, Colour::Red]);
        assert_eq!(found.len(), 1, "{found:?}");
        let puzzle = &found[0];
        assert_eq!(puzzle.check(), Ok(super::super::Goal::Better));
        assert_eq!((puzzle.position.as_str(), puzzle.source.as_str()), ("3/b/C4=r1,E4=b1", "a_game#1"));
        assert_eq!(puzzle.themes, ["mine", "blunder"]);
        assert_eq!(puzzle.mistake, None, "no turn of the opponent's before it");
        assert!(puzzle.id.starts_with("mine-") && puzzle.rating >= 1200, "{puzzle}");
        assert_ne!(puzzle.solution, ["D4"]);
        assert!(
            made("3/b/C4=r1,E4=b1", &["D4", "C4xD4"], &[Colour::Red]).is_empty(),
            "Blue was the computer"
        );
        assert_eq!(
            made_on("3/b/C4=r1,E4=b1", &["D4", "C4xD4"], &[Colour::Blue], 1),
            found,
            "on one thread too"
        );
    }

    #[test]
    fn a_missed_win_is_the_whole_line_to_it() {
        // Red's D4 joins its only group to Blue's stack; Blue's A1 lets the capture of
        // that whole group go.
        let found = made("3/r/C4=r1,E4=b1", &["D4", "A1"], &[Colour::Blue]);
        assert_eq!(found.len(), 1, "{found:?}");
        let puzzle = &found[0];
        assert_eq!(puzzle.check(), Ok(super::super::Goal::Win { turns: 1 }), "{puzzle}");
        assert!(puzzle.solution[0].starts_with("E4x"), "{puzzle}");
        assert_eq!(puzzle.themes, ["mine", "blunder", "win-in-1"]);
        assert_eq!(puzzle.mistake, Some(("3/r/C4=r1,E4=b1".to_string(), "D4".to_string())));
        assert_eq!(puzzle.source, "a_game#2");
    }

    #[test]
    fn the_file_adds_each_puzzle_once_keeps_the_newest_and_skips_bad_lines() {
        let puzzle = |n: usize| {
            Puzzle::read(&format!("mine-{n}\tclamber\t3/b/A1=b1,A2=r1\tB1\t1500\tmine\tx#1")).unwrap()
        };
        let (text, added) = merged("", &[puzzle(1), puzzle(2)]);
        assert_eq!(added, 2);
        let (again, added) = merged(&text, &[puzzle(2)]);
        assert_eq!((again.as_str(), added), (text.as_str(), 0), "the same puzzle is not added twice");
        let bad = format!("{text}not a puzzle\n{}\n", puzzle(3));
        let (read, skipped) = read_mine(&bad);
        assert_eq!((read.len(), skipped.len(), skipped[0].0), (3, 1, 4));
        let many: Vec<Puzzle> = (0..MOST + 5).map(puzzle).collect();
        let (full, _) = merged(&text, &many);
        let (kept, _) = read_mine(&full);
        assert_eq!(kept.len(), MOST);
        assert_eq!(
            (kept[0].id.as_str(), kept[MOST - 1].id.clone()),
            ("mine-5", format!("mine-{}", MOST + 4))
        );
    }

    #[test]
    fn the_file_is_written_whole_and_read_back() {
        use crate::puzzles::files::{keep_own as keep, read_own as read};
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("puzzles").join("mine.tsv");
        assert_eq!(read(&path).unwrap().0, [], "no file, no puzzles");
        let found = made("3/b/C4=r1,E4=b1", &["D4", "C4xD4"], &[Colour::Blue]);
        assert_eq!(keep(&path, &found), Ok(1));
        assert_eq!(keep(&path, &found), Ok(0));
        assert_eq!(read(&path).unwrap().0, found);
    }

    #[test]
    fn who_played_is_who_the_computer_is_not() {
        assert_eq!(persons(None), [Colour::Blue, Colour::Red]);
        let level = crate::ai::Level::REVIEW;
        assert_eq!(persons(Some(Computer::playing(Colour::Red, level))), [Colour::Blue]);
        let both = Computer { side: Side::Both, ..Computer::playing(Colour::Red, level) };
        assert_eq!(persons(Some(both)), []);
    }
}
