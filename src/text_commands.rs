//! What the non-interactive commands compute, for `main` to print: perft, the legal turns,
//! and matches between computer levels.

use crate::ai::{self, Budget, Evaluate, Level, Search};
use crate::clock::{Clock, TimeControl};
use crate::each_game;
use crate::record::{End, Record};
use crate::rules::{AnyPosition, Game, divide, perft};
use std::sync::atomic::AtomicBool;

mod review_text;
#[cfg(test)]
pub(crate) use review_text::review_text;
pub(crate) use review_text::{review_level, review_text_and_puzzles};

/// Writes `text` and a new line on standard output; a closed pipe is an error, not a panic.
pub(crate) fn print(text: impl std::fmt::Display) -> std::io::Result<()> {
    use std::io::Write;
    writeln!(std::io::stdout().lock(), "{text}")
}

/// The perft count of `position` as the last line, after each turn's own count if `divided`.
pub(crate) fn perft_report(position: &AnyPosition, depth: u32, divided: bool) -> String {
    each_game!(position, p => {
        let mut lines: Vec<String> =
            if divided { divide(p, depth).iter().map(|(turn, count)| format!("{turn} {count}")).collect() } else { Vec::new() };
        lines.push(perft(p, depth).to_string());
        lines.join("\n")
    })
}

/// Every legal turn of `position`, one a line.
pub(crate) fn moves(position: &AnyPosition) -> String {
    each_game!(position, p => p.legal_turns().iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))
}

/// How a match went, from the first level's side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Report {
    pub(crate) wins: u32,
    /// The games drawn.
    pub draws: u32,
    pub(crate) losses: u32,
    /// Turns played in all the games.
    pub turns: u64,
    /// Games lost on time, when played on a clock (`None` without one).
    pub flags: Option<u32>,
    /// How purposeful the play was: `hexstack match --stats`.
    pub purpose: MatchStats,
}

/// What the games did once a search had proven a forced win, and how often they went
/// round: the figures `hexstack match --stats` prints. Plies count forced skips too, as
/// the search's distances do.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct MatchStats {
    /// Games where a search said a forced win and that side then won.
    pub proven: u32,
    /// Their proven distances (plies from the first proof to the win), added up.
    pub proven_plies: u64,
    /// The plies those games took from the first proof to the end, added up.
    pub played_plies: u64,
    /// Of those games, the ones that took longer than proven, and the most plies over.
    pub over: u32,
    pub(crate) most_over: u64,
    /// Games with a proof that did not end with that side's win (the cap came first).
    pub unfinished: u32,
    /// Plies that reached a position a third time or more, outside a mutual blockade and
    /// in one ([`Evaluate::neither_can_finish`]).
    pub third_visits: u64,
    pub(crate) third_visits_in_blockade: u64,
    /// Plies played in all the games.
    pub plies: u64,
    /// Games drawn for standing still ([`ai::STILL_FOR`] turns without moving on).
    pub stood_still: u32,
    /// The most turns a game that was then won went without moving on.
    pub longest_still_won: u64,
}

impl MatchStats {
    fn add(&mut self, other: &MatchStats) {
        self.proven += other.proven;
        self.proven_plies += other.proven_plies;
        self.played_plies += other.played_plies;
        self.over += other.over;
        self.most_over = self.most_over.max(other.most_over);
        self.unfinished += other.unfinished;
        self.third_visits += other.third_visits;
        self.third_visits_in_blockade += other.third_visits_in_blockade;
        self.plies += other.plies;
        self.stood_still += other.stood_still;
        self.longest_still_won = self.longest_still_won.max(other.longest_still_won);
    }
}

impl std::fmt::Display for MatchStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let per_100 = |n: u64| 100.0 * n as f64 / self.plies.max(1) as f64;
        write!(
            f,
            "proven wins {}: {} plies proven, {} played, {} over (at most {}), {} unfinished; \
             third visits {:.2} per 100 plies ({} of {}), {} more in a blockade; \
             {} drawn standing still, a won game at most {} turns still",
            self.proven,
            self.proven_plies,
            self.played_plies,
            self.over,
            self.most_over,
            self.unfinished,
            per_100(self.third_visits),
            self.third_visits,
            self.plies,
            self.third_visits_in_blockade,
            self.stood_still,
            self.longest_still_won
        )
    }
}

impl Report {
    /// How many games were played.
    pub(crate) fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let turns = self.turns as f64 / f64::from(self.games().max(1));
        let share =
            100.0 * (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games().max(1));
        write!(
            f,
            "{} wins {} draws {} losses ({share:.1} %), {turns:.1} turns a game",
            self.wins, self.draws, self.losses
        )?;
        match self.flags {
            Some(flags) => write!(f, ", {flags} lost on time"),
            None => Ok(()),
        }
    }
}

/// A match: `games` games of level `first` against level `second` from `start`, colours
/// alternating (`first` is Blue in the even games), each game opened by two turns chosen at
/// random from its number so that no two games are one game, and drawn once it has stood
/// still for [`ai::STILL_FOR`] turns, as a game the computer plays on both sides on screen
/// is, or after `cap` turns.
/// The games are numbered from `from_game` on, so that a match can replay some of another's.
/// `scale` multiplies the levels' time budgets; on a `clock`, each side takes its time from
/// its own, as against a person, and the report counts the games lost on time. `on_game`
/// hears the score after each game, and the game's last position, so that a long match
/// shows its progress and its draws can be looked at.
pub(crate) fn play_match(
    start: &AnyPosition,
    [first, second]: [Level; 2],
    (from_game, games): (u32, u32),
    cap: u32,
    (scale, clock): (f64, Option<TimeControl>),
    mut on_game: impl FnMut(&Report, &str),
) -> Report {
    let mut report = Report { flags: clock.map(|_| 0), ..Report::default() };
    for game in from_game..from_game.saturating_add(games) {
        let (blue, red) = if game % 2 == 0 { (first, second) } else { (second, first) };
        let (end, turns, purpose, last) =
            each_game!(start, p => play_game(*p, [blue, red], u64::from(game), cap, (scale, clock)));
        report.turns += u64::from(turns);
        report.purpose.add(&purpose);
        let first_colour = if game % 2 == 0 { crate::rules::Colour::Blue } else { crate::rules::Colour::Red };
        if let (Some(End::Time(_)), Some(flags)) = (end, report.flags.as_mut()) {
            *flags += 1;
        }
        match end.and_then(End::winner) {
            Some(winner) if winner == first_colour => report.wins += 1,
            Some(_) => report.losses += 1,
            None => report.draws += 1,
        }
        on_game(&report, &last);
    }
    report
}

/// One game between two levels (by colour index); how it ended, how many turns it took,
/// how purposeful it was, and its last position in notation.
fn play_game<G: Evaluate + std::fmt::Display>(
    start: G,
    levels: [Level; 2],
    seed: u64,
    cap: u32,
    (scale, clock): (f64, Option<TimeControl>),
) -> (Option<End>, u32, MatchStats, String) {
    let clock = clock.map(|control| Clock::new(control, crate::clock::Timepiece::real()));
    let mut record = Record::new(start).with_clock(clock);
    let mut watch = Watch::new(&start);
    let mut searches = [Search::new(), Search::new()];
    let mut random = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
    let stop = AtomicBool::new(false);
    for turn in 0..cap {
        watch.see(&record);
        record.keep_time(false);
        if record.is_over() {
            return (record.end(), turn, watch.purpose(record.end()), record.position().to_string());
        }
        if watch.still.gone_nowhere() {
            let end = Some(End::Still);
            return (end, turn, watch.purpose(end), record.position().to_string());
        }
        let position = record.position();
        let mover = position.to_move().index();
        let chosen = if turn < 2 {
            let turns = opening_turns(&position);
            random = random.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            turns.get((random >> 33) as usize % turns.len().max(1)).cloned()
        } else {
            let mut budget = scaled(levels[mover].playing(seed), scale);
            if let Some(clock) = record.clock() {
                let (left, control) = (clock.left(position.to_move()), clock.control());
                budget = budget.on_clock(left, control.base, control.increment);
            }
            searches[mover].remember(record.history().iter().map(|ply| &ply.position));
            let found = searches[mover].best(&position, budget, &stop);
            if let Some(found) = &found {
                watch.proof(&record, found.score);
            }
            found.map(|found| found.turn)
        };
        let Some(chosen) = chosen else { break };
        if record.play(&chosen).is_err() {
            break;
        }
    }
    watch.see(&record);
    (record.end(), cap, watch.purpose(record.end()), record.position().to_string())
}

/// What [`MatchStats`] counts, followed through one game.
struct Watch<G: Evaluate> {
    /// Visits of each position, by key.
    visits: std::collections::HashMap<u64, u32>,
    /// The plies of the history seen so far.
    seen: usize,
    third_visits: u64,
    third_visits_in_blockade: u64,
    /// The first proof: at which ply, who wins, in how many plies.
    proof: Option<(usize, crate::rules::Colour, u64)>,
    /// How long the game has stood still, and the longest it did.
    still: ai::Stillness<G>,
    longest_still: usize,
}

impl<G: Evaluate> Watch<G> {
    fn new(start: &G) -> Watch<G> {
        Watch {
            visits: std::collections::HashMap::new(),
            seen: 0,
            third_visits: 0,
            third_visits_in_blockade: 0,
            proof: None,
            still: ai::Stillness::new(start),
            longest_still: 0,
        }
    }

    /// Counts the visits of the plies played since the last call, and how long the game
    /// has stood still.
    fn see(&mut self, record: &Record<G>) {
        for ply in &record.history()[self.seen..] {
            self.still.see(&ply.position);
            self.longest_still = self.longest_still.max(self.still.turns());
            let visits = self.visits.entry(ai::position_key(&ply.position)).or_default();
            *visits += 1;
            if *visits >= 3 {
                match ply.position.neither_can_finish() {
                    true => self.third_visits_in_blockade += 1,
                    false => self.third_visits += 1,
                }
            }
        }
        self.seen = record.history().len();
    }

    /// Notes the first search whose `score` proves a forced win, for either side.
    fn proof(&mut self, record: &Record<G>, score: i32) {
        if self.proof.is_some() || score.abs() <= ai::WIN - ai::PROVEN {
            return;
        }
        let mover = record.position().to_move();
        let winner = if score > 0 { mover } else { mover.other() };
        let distance = u64::from((ai::WIN - score.abs()).unsigned_abs());
        self.proof = Some((record.history().len(), winner, distance));
    }

    fn purpose(&self, end: Option<End>) -> MatchStats {
        let mut purpose = MatchStats {
            third_visits: self.third_visits,
            third_visits_in_blockade: self.third_visits_in_blockade,
            plies: self.seen as u64,
            stood_still: u32::from(end == Some(End::Still)),
            ..MatchStats::default()
        };
        if matches!(end, Some(End::Won(_))) {
            purpose.longest_still_won = self.longest_still as u64;
        }
        if let Some((at, winner, distance)) = self.proof {
            if end == Some(End::Won(winner)) {
                let played = (self.seen - at) as u64;
                purpose.proven = 1;
                purpose.proven_plies = distance;
                purpose.played_plies = played;
                purpose.over = u32::from(played > distance);
                purpose.most_over = played.saturating_sub(distance);
            } else {
                purpose.unfinished = 1;
            }
        }
        purpose
    }
}

/// The turns an opening may pick at random: every turn that does not hand the other
/// player a win at once (all of them if each does), so that no game is lost by its dice.
fn opening_turns<G: Game>(position: &G) -> Vec<G::Turn> {
    let all = position.legal_turns_with_results();
    let safe: Vec<G::Turn> = all
        .iter()
        .filter(|(_, next)| {
            next.winner().is_none()
                && !next.legal_turns_with_results().iter().any(|(_, after)| after.winner().is_some())
        })
        .map(|(turn, _)| turn.clone())
        .collect();
    if safe.is_empty() { all.into_iter().map(|(turn, _)| turn).collect() } else { safe }
}

/// `budget` with its times multiplied by `scale`.
pub(crate) fn scaled(budget: Budget, scale: f64) -> Budget {
    let scale = |time: Option<std::time::Duration>| time.map(|time| time.mul_f64(scale));
    Budget { time: scale(budget.time), most_time: scale(budget.most_time), ..budget }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Any, GameKind};

    fn levels(first: u8, second: u8) -> [Level; 2] {
        [Level::new(first).unwrap(), Level::new(second).unwrap()]
    }

    #[test]
    fn a_match_alternates_colours_and_counts_every_game() {
        let start = GameKind::Clamber.position("2/b/-", None).unwrap();
        let mut heard = Vec::new();
        let report = play_match(&start, levels(2, 1), (0, 6), 100, (1.0, None), |so_far, _| {
            heard.push(so_far.games())
        });
        assert_eq!(report.games(), 6);
        assert_eq!(heard, [1, 2, 3, 4, 5, 6], "the score is told after each game");
        assert!(report.turns >= 6 * 2, "each game is opened by two turns at least");
        assert_eq!(
            report,
            play_match(&start, levels(2, 1), (0, 6), 100, (1.0, None), |_, _| {}),
            "fixed-depth levels repeat themselves"
        );
        // A cap of two turns leaves every game unfinished: all draws.
        let capped = play_match(&start, levels(2, 1), (0, 4), 2, (1.0, None), |_, _| {});
        assert_eq!((capped.draws, capped.turns), (4, 8));
    }

    #[test]
    fn a_match_counts_proven_wins_and_third_visits() {
        let start = GameKind::Clamber.position("3/b/-", None).unwrap();
        let report = play_match(&start, levels(2, 2), (0, 4), 300, (1.0, None), |_, _| {});
        let purpose = report.purpose;
        assert_eq!(purpose.proven + purpose.unfinished, 4, "every game of level 2 ends proven: {purpose:?}");
        assert_eq!(purpose.over, 0, "no win takes longer than proven: {purpose:?}");
        assert!(purpose.played_plies <= purpose.proven_plies);
        assert!(purpose.plies >= report.turns, "skips are plies too");
        // A game going round: each position from the third visit on is counted.
        let Any::Ombagui(start) = GameKind::Ombagui.start(None).unwrap() else { panic!("an Ombagui start") };
        let mut record = Record::new(start);
        let mut watch = Watch::new(&start);
        let round = ["A1-A4", "G7-G4", "A4-A1", "G4-G7"];
        for turn in round.iter().chain(&round).chain(&round[..1]) {
            record.play(&turn.parse().unwrap()).unwrap();
            watch.see(&record);
        }
        let purpose = watch.purpose(None);
        assert_eq!((purpose.third_visits, purpose.plies), (1, 9), "A1-A4 came a third time");
    }

    #[test]
    fn an_opening_picked_at_random_never_hands_a_win() {
        let Any::Clamber(position) = GameKind::Clamber.position("3/r/C3=b1", None).unwrap() else {
            panic!("a Clamber position")
        };
        let safe = opening_turns(&position);
        assert!(
            !safe.is_empty() && safe.len() < position.legal_turns().len(),
            "some placements lose at once"
        );
        for turn in safe {
            let next = position.play(&turn).unwrap();
            assert!(
                next.legal_turns_with_results().iter().all(|(_, after)| after.winner().is_none()),
                "{turn}"
            );
        }
    }
}
