//! `hexstack puzzles make`: puzzles found in the computer's games against itself and in
//! saved games. A puzzle is a position where the side to move has a forced win that the
//! other side just walked into (before its turn it could hold out at least two turns of
//! the winner's longer), with a solution proved by search ([`Prover::solution`]). Every
//! search has a fixed budget of positions, never of time, so the same seed makes the same
//! puzzles on any machine.

use super::Puzzle;
use super::themes::{Themes, starting_rating, tempting, themes_of};
use crate::ai::proof::{Prover, Spent};
use crate::ai::review::positions;
use crate::ai::{Budget, Level, Search, Stillness, position_key};
use crate::i18n::keys::*;
use crate::i18n::{Text, excerpt, text};
use crate::record::AnyRecord;
use crate::rules::{AnyPosition, Game};
use std::collections::HashSet;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

/// What to make, and how much each search may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Options {
    /// How many puzzles.
    pub count: usize,
    /// The seed of the self-play games: their levels and openings.
    pub seed: u64,
    /// Positions each question to the prover may look at.
    pub proof_budget: u64,
    /// The most turns of the solver's a puzzle may take.
    pub most_turns: u32,
    /// Positions each of the computer's turns in self-play may look at.
    pub play_budget: u64,
    /// The most wins in one among them: they are the most common by far, and teach least.
    pub most_in_one: usize,
}

impl Options {
    /// The budgets the shipped sets were made with.
    pub(crate) fn new(count: usize, seed: u64) -> Options {
        Options {
            count,
            seed,
            proof_budget: 100_000,
            most_turns: 3,
            play_budget: 1_500,
            most_in_one: count * 2 / 3,
        }
    }
}

/// A game to look for puzzles in: its turns from its start, and where it comes from.
pub(crate) struct SourceGame<G: Game> {
    pub(crate) start: G,
    /// The turns played, from its start.
    pub turns: Vec<G::Turn>,
    /// `self-play`, or the saved game's name (its turn is added).
    pub name: Option<String>,
}

/// The self-play games a run plays at most for each puzzle asked: a run that finds none
/// (a board too small for a forced win, say) ends.
const GAMES_PER_PUZZLE: usize = 200;

/// Turns after which a self-play game is given up.
const LONGEST_GAME: usize = 300;

/// Turns played at random at the start of each self-play game, so that no two are alike.
const OPENING: usize = 2;

/// The puzzle maker: the prover and the positions already made (no two puzzles alike).
pub(crate) struct Maker<G: Themes> {
    options: Options,
    prover: Prover<G>,
    made: HashSet<String>,
    wins_in_one: usize,
    /// `c3`, `c4`, `o`: the ids' head.
    prefix: String,
    /// Whoever took the puzzles wants no more (its output was closed).
    stopped: bool,
}

impl<G: Themes> Maker<G> {
    pub(crate) fn new(options: Options, prefix: &str) -> Maker<G> {
        Maker {
            options,
            prover: Prover::new(options.proof_budget),
            made: HashSet::new(),
            wins_in_one: 0,
            prefix: prefix.to_string(),
            stopped: false,
        }
    }

    /// How many puzzles are made so far.
    pub(crate) fn made(&self) -> usize {
        self.made.len()
    }

    fn done(&self) -> bool {
        self.stopped || self.made() >= self.options.count
    }

    /// Makes the puzzles: first from `saved` (each position of each game), then from
    /// self-play games from `start` until the count is reached; each is handed to `emit`
    /// as it is made (which may say stop), and `progress` hears of each game played.
    pub(crate) fn run(
        &mut self,
        start: G,
        saved: &[SourceGame<G>],
        mut emit: impl FnMut(&Puzzle) -> ControlFlow<()>,
        mut progress: impl FnMut(usize, usize),
    ) {
        for game in saved {
            self.look_at(game, true, &mut emit);
        }
        let most_games = self.options.count.saturating_mul(GAMES_PER_PUZZLE);
        for number in 0..most_games {
            if self.done() {
                break;
            }
            let game = self_play(start, self.options, number as u64);
            self.look_at(&game, false, &mut emit);
            progress(number + 1, self.made());
        }
    }

    /// Looks for puzzles in `game`: at every position if `whole`, else from its end back,
    /// until neither side had a win within reach.
    fn look_at(
        &mut self,
        game: &SourceGame<G>,
        whole: bool,
        emit: &mut impl FnMut(&Puzzle) -> ControlFlow<()>,
    ) {
        let positions = positions(game.start, &game.turns);
        let mut misses = 0;
        for at in (1..positions.len()).rev() {
            if self.done() || !whole && misses >= 2 {
                break;
            }
            let Ok(Some(turns)) = self.prover.distance(&positions[at], self.options.most_turns) else {
                misses += 1;
                continue;
            };
            misses = 0;
            let source = game
                .name
                .as_ref()
                .map_or_else(|| "self-play".to_string(), |name| format!("{name} turn {at}"));
            let found = self.puzzle(&positions[at - 1], &game.turns[at - 1], &positions[at], turns, source);
            if let Ok(Some(puzzle)) = found {
                self.stopped = emit(&puzzle).is_break();
            }
        }
    }

    /// Whether the turn from `before` that let the other side win in `turns` was a
    /// mistake: with its best turn instead, the side to move at `before` would have held
    /// out at least two more of the winner's turns. Where the budget cannot tell that, one
    /// more turn, proved, is enough.
    fn mistake(&mut self, before: &G, turns: u32) -> Result<bool, Spent> {
        match self.prover.loses_within(before, turns + 1) {
            Ok(lost) => Ok(!lost),
            Err(Spent) => Ok(!self.prover.loses_within(before, turns)?),
        }
    }

    /// The puzzle at `start`, where the player to move wins in `turns`, reached by the
    /// other side's `mistake` from `before`; `None` if it was no mistake (the other side
    /// was lost nearly as fast), the position is made already, or a solver's turn has a
    /// rival.
    fn puzzle(
        &mut self,
        before: &G,
        mistake: &G::Turn,
        start: &G,
        turns: u32,
        source: String,
    ) -> Result<Option<Puzzle>, Spent> {
        let position = start.to_string();
        if start.winner().is_some() || before.to_move() == start.to_move() || self.made.contains(&position) {
            return Ok(None);
        }
        if turns == 1 && self.wins_in_one >= self.options.most_in_one || !self.mistake(before, turns)? {
            return Ok(None);
        }
        let Some(line) = self.prover.solution(start, turns)? else { return Ok(None) };
        self.made.insert(position.clone());
        self.wins_in_one += usize::from(turns == 1);
        let solver_turns = line.len().div_ceil(2);
        Ok(Some(Puzzle {
            id: format!("{}-{:04}", self.prefix, self.made()),
            game: G::KIND,
            position,
            solution: line.iter().map(ToString::to_string).collect(),
            rating: starting_rating(solver_turns, tempting(start, &line)),
            themes: themes_of(start, &line),
            source,
            mistake: Some((before.to_string(), mistake.to_string())),
        }))
    }
}

/// The `number`th self-play game of a run with `options.seed`: each side at a level from 1
/// to 3 picked by the seed, searching a fixed depth within a budget of positions; the
/// first turns picked at random among those that do not lose at once.
pub(crate) fn self_play<G: Themes>(start: G, options: Options, number: u64) -> SourceGame<G> {
    let seed = position_key(&(options.seed, number));
    let levels = [seed % 3, seed / 3 % 3].map(|level| level as u8 + 1);
    let mut searches = [Search::new(), Search::new()];
    let (mut position, mut seen, mut turns) = (start, vec![start], Vec::new());
    let mut stillness = Stillness::new(&start);
    let stop = AtomicBool::new(false);
    while position.winner().is_none() && turns.len() < LONGEST_GAME && !stillness.gone_nowhere() {
        let mover = position.to_move().index();
        let chosen = if turns.len() < OPENING {
            opening_turn(&position, position_key(&(seed, turns.len())))
        } else {
            searches[mover].remember(seen.iter());
            let budget = playing(levels[mover], seed, options.play_budget);
            searches[mover].best(&position, budget, &stop).map(|found| found.turn)
        };
        let Some(turn) = chosen else { break };
        let Ok(next) = position.play(&turn) else { break };
        position = crate::ai::review::skip_if_stuck(next);
        stillness.see(&position);
        seen.push(position);
        turns.push(turn);
    }
    SourceGame { start, turns, name: None }
}

/// A level's budget made reproducible: its depth fixed (its least depth for the levels
/// that think in time), one thread, and at most `nodes` positions.
fn playing(level: u8, seed: u64, nodes: u64) -> Budget {
    let budget = Level::new(level).unwrap_or(Level::USUAL).playing(seed);
    let depth = budget.depth.unwrap_or(budget.min_depth).max(1);
    Budget {
        depth: Some(depth),
        nodes: Some(nodes),
        time: None,
        most_time: None,
        min_depth: 0,
        two_threads: false,
        ..budget
    }
}

/// A turn picked by `pick` among those that do not hand the other side a win at once (any
/// turn if each does).
fn opening_turn<G: Game>(position: &G, pick: u64) -> Option<G::Turn> {
    let all = position.legal_turns_with_results();
    let safe: Vec<&G::Turn> = all
        .iter()
        .filter(|(_, next)| {
            next.winner().is_none()
                && !next.legal_turns_with_results().iter().any(|(_, after)| after.winner().is_some())
        })
        .map(|(turn, _)| turn)
        .collect();
    let from: Vec<&G::Turn> = if safe.is_empty() { all.iter().map(|(turn, _)| turn).collect() } else { safe };
    from.get(pick as usize % from.len().max(1)).map(|turn| (*turn).clone())
}

/// A saved game as one of `G`'s games on `board`, or why it is not one.
fn played<G: Game>(
    name: &str,
    record: &AnyRecord,
    board: crate::rules::hex::Board,
) -> Result<SourceGame<G>, Text> {
    let (start, turns) = crate::each_game!(record, s => (s.start().to_string(), s.all_turns().map(ToString::to_string).collect::<Vec<_>>()));
    let other = || text!(PUZZLE_MAKE_OTHER_GAME, excerpt(name), G::KIND.name(), board.side());
    let start: G = start.parse().map_err(|_| other())?;
    if record.kind() != G::KIND || start.board() != board {
        return Err(other());
    }
    let turns =
        turns.iter().map(|turn| turn.parse()).collect::<Result<Vec<G::Turn>, _>>().map_err(|_| other())?;
    Ok(SourceGame { start, turns, name: Some(name.to_string()) })
}

/// Makes puzzles from `start`'s game and board, in `saved` games first (named), then in
/// self-play: each one handed to `emit` as it is made; `progress` hears of each self-play
/// game (how many played, how many puzzles made).
pub(crate) fn make(
    start: &AnyPosition,
    saved: &[(String, AnyRecord)],
    options: Options,
    emit: impl FnMut(&Puzzle) -> ControlFlow<()>,
    progress: impl FnMut(usize, usize),
) -> Result<(), Text> {
    crate::each_game!(start, p, G => {
        let games = saved.iter().map(|(name, record)| played::<G>(name, record, p.board())).collect::<Result<Vec<_>, Text>>()?;
        Maker::<G>::new(options, &G::id_head(p.board())).run(*p, &games, emit, progress);
        Ok(())
    })
}
