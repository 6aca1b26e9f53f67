//! Puzzles: a position just after the opponent's mistake, where the player to move has a
//! forced win to find, or (for a player's own mistakes) the clearly better turn a review
//! found. One puzzle a line, tab-separated, so that scripts can read and share them
//! (docs/puzzles.md):
//!
//! ```text
//! id  game  position  solution  rating  themes  source  [before  mistake]
//! ```
//!
//! `position` is in the game's notation with the solver to move; `solution` is the solver's
//! turns and the replies, alternating, space-separated; `themes` are comma-separated; the
//! two last fields, when given, are the position before the opponent's mistake and that
//! mistake, so that the board can show it as the last turn.

mod clamber;
pub(crate) mod files;
pub(crate) mod history;
pub(crate) mod make;
mod ombagui;
pub(crate) mod pick;

pub(crate) mod rating;
mod themes;
#[cfg(feature = "third-game")]
mod triad;
mod unpack;

pub(crate) use themes::game_of as theme_game;
pub(crate) use themes::{PuzzleTheme, Themes, counts as theme_counts, words as theme_words};

#[cfg(test)]
pub(crate) use crate::ai::proof::Prover;
use crate::ai::review::skip_if_stuck;
use crate::i18n::keys::*;
use crate::i18n::{Text, Words, excerpt, parse_error, text};
use crate::rules::{AnyPosition, Game, GameKind, Outcome};
use std::fmt;
use std::sync::OnceLock;

pub(crate) mod own;

/// The most fields a line has.
const FIELDS: usize = 9;
/// The longest line read, in bytes: a puzzle is a position and a few turns.
pub(crate) const LONGEST_LINE: usize = 4096;
/// The most turns a solution holds (both sides').
pub(crate) const LONGEST_SOLUTION: usize = 31;

/// One puzzle, as its line says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Puzzle {
    /// Its name, unique within a set: `c3-0042`, `mine-...`.
    pub id: String,
    /// The game it is of.
    pub game: GameKind,
    /// The position to solve, in notation, the solver to move.
    pub position: String,
    /// The solver's turns and the opponent's replies, alternating, the solver's first.
    pub solution: Vec<String>,
    /// How hard it is, on the players' rating scale (1500 is average).
    pub rating: u32,
    /// What it teaches: `win-in-2`, `chain-capture`, `mine`...
    pub themes: Vec<String>,
    /// Where it was found: `self-play`, or a saved game's name and turn.
    pub source: String,
    /// The position before the opponent's mistake and that mistake, when known.
    pub mistake: Option<(String, String)>,
}

/// What a puzzle asks, once its line is checked against the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Goal {
    /// The line ends with the solver's win, after this many of the solver's turns.
    Win {
        /// How many of the solver's turns.
        turns: usize,
    },
    /// The line is the better turn a review found (a player's own mistake): it does not
    /// end the game.
    Better,
}

impl Puzzle {
    /// A puzzle from its line, or why the line is not one (its rules are not checked
    /// here: [`Puzzle::check`] does that).
    pub(crate) fn read(line: &str) -> Result<Puzzle, Text> {
        if line.len() > LONGEST_LINE {
            return Err(text!(PUZZLE_LONG, LONGEST_LINE));
        }
        let fields: Vec<&str> = line.trim_end_matches(['\r', '\n']).split('\t').collect();
        if !(7..=FIELDS).contains(&fields.len()) || fields.len() == 8 {
            return Err(text!(PUZZLE_FIELDS, fields.len()));
        }
        let field = |n: usize| fields[n].trim();
        let game: GameKind = field(1).parse().map_err(|e| parse_error(&e))?;
        let solution: Vec<String> = field(3).split_whitespace().map(str::to_string).collect();
        if solution.is_empty() || solution.len() > LONGEST_SOLUTION {
            return Err(text!(PUZZLE_SOLUTION_LENGTH, LONGEST_SOLUTION));
        }
        let rating = field(4).parse::<u32>().ok().filter(|r| (100..=4000).contains(r));
        let rating = rating.ok_or_else(|| text!(PUZZLE_RATING, excerpt(field(4))))?;
        let themes = field(5).split(',').map(str::trim).filter(|t| !t.is_empty()).map(str::to_string);
        let mistake = (fields.len() == FIELDS).then(|| (field(7).to_string(), field(8).to_string()));
        let id = field(0);
        if id.is_empty() || id.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(text!(PUZZLE_ID, excerpt(id)));
        }
        Ok(Puzzle {
            id: id.to_string(),
            game,
            position: field(2).to_string(),
            solution,
            rating,
            themes: themes.collect(),
            source: field(6).to_string(),
            mistake,
        })
    }

    /// The position to solve, or why it is not one.
    pub(crate) fn start(&self) -> Result<AnyPosition, Text> {
        Ok(self.game.position(&self.position, None)?)
    }

    /// How many of the solver's turns the solution holds.
    pub(crate) fn solver_turns(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// Checks the puzzle against the rules: its position, its mistake (which must lead to
    /// it), every turn of its line legal in turn, and nothing played once the game is
    /// over. A line that ends with the solver's win is a [`Goal::Win`].
    pub(crate) fn check(&self) -> Result<Goal, Text> {
        crate::each_game!(self.start()?, start, G => Ok(self.replay::<G>(start)?.goal))
    }

    /// The puzzle as `G`'s own values, checked as [`Puzzle::check`] checks it: what the
    /// board that solves it plays from.
    pub(crate) fn replayed<G: Game + Words>(&self) -> Result<Replayed<G>, Text> {
        self.replay(self.position.parse().map_err(|e| parse_error(&e))?)
    }

    fn replay<G: Game + Words>(&self, start: G) -> Result<Replayed<G>, Text> {
        let before = match &self.mistake {
            Some((before, mistake)) => {
                let before: G = before.parse().map_err(|e| text!(PUZZLE_BEFORE, parse_error(&e)))?;
                let (turn, after) = play::<G>(&before, mistake)?;
                if skip_if_stuck(after) != start {
                    return Err(text!(PUZZLE_MISTAKE_ELSEWHERE, excerpt(mistake)));
                }
                Some((before, turn))
            }
            None => None,
        };
        let solver = start.to_move();
        let mut line = vec![start];
        let mut solution = Vec::with_capacity(self.solution.len());
        for turn in &self.solution {
            let position = line[line.len() - 1];
            if position.outcome() != Outcome::Ongoing {
                return Err(text!(PUZZLE_OVER, excerpt(turn)));
            }
            let (turn, after) = play::<G>(&position, turn)?;
            solution.push(turn);
            line.push(skip_if_stuck(after));
        }
        let goal = match line[line.len() - 1].winner() {
            Some(winner) if winner == solver && self.solution.len() % 2 == 1 => {
                Goal::Win { turns: self.solver_turns() }
            }
            Some(_) => return Err(text!(PUZZLE_LOST)),
            None => Goal::Better,
        };
        Ok(Replayed { solution, line, before, goal })
    }
}

/// A puzzle's line as one game's values, replayed against the rules.
pub(crate) struct Replayed<G: Game> {
    /// The solution's turns.
    pub solution: Vec<G::Turn>,
    /// The positions along the solution: the puzzle's, then after each turn (skips made).
    pub line: Vec<G>,
    /// The position before the opponent's mistake, and the mistake, when the puzzle has them.
    pub before: Option<(G, G::Turn)>,
    pub(crate) goal: Goal,
}

impl Puzzle {
    /// Whether search proves what the solution claims ([`Prover::holds`]): each solver's
    /// turn but the last the only one that wins as fast, the last winning at once, each
    /// reply a longest defence. `None` when `budget` positions a question were not enough
    /// to tell.
    #[cfg(test)]
    pub(crate) fn proved(&self, budget: u64) -> Result<Option<bool>, Text> {
        crate::each_game!(self.start()?, start, G => {
            let line = self.solution.iter().map(|turn| turn.parse()).collect::<Result<Vec<_>, _>>();
            let line: Vec<<G as Game>::Turn> = line.map_err(|e| text!(LOAD_BAD_TURN, parse_error(&e)))?;
            Ok(Prover::<G>::new(budget).holds(&start, &line).ok())
        })
    }

    /// The themes the rules give its solution ([`themes::themes_of`]), as `puzzles make`
    /// writes them: the shipped sets hold exactly these.
    #[cfg(test)]
    pub(crate) fn tagged(&self) -> Result<Vec<String>, Text> {
        crate::each_game!(self.start()?, start, G => {
            let line = self.solution.iter().map(|turn| turn.parse()).collect::<Result<Vec<_>, _>>();
            let line: Vec<<G as Game>::Turn> = line.map_err(|e| text!(LOAD_BAD_TURN, parse_error(&e)))?;
            Ok(themes::themes_of(&start, &line))
        })
    }
}

/// `turn` (in notation) from `position` and the position after it, or why it cannot be
/// played.
fn play<G: Game + Words>(position: &G, turn: &str) -> Result<(G::Turn, G), Text> {
    let parsed: G::Turn = turn.parse().map_err(|e| text!(LOAD_BAD_TURN, parse_error(&e)))?;
    match position.play(&parsed) {
        Ok(after) => Ok((parsed, after)),
        Err(reason) => Err(text!(LOAD_ILLEGAL, turn.to_string(), G::illegal(&reason))),
    }
}

impl fmt::Display for Puzzle {
    /// The puzzle's line, without its line end: what [`Puzzle::read`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (id, game, position, rating, source) =
            (&self.id, self.game, &self.position, self.rating, &self.source);
        let (solution, themes) = (self.solution.join(" "), self.themes.join(","));
        write!(f, "{id}\t{game}\t{position}\t{solution}\t{rating}\t{themes}\t{source}")?;
        match &self.mistake {
            Some((before, mistake)) => write!(f, "\t{before}\t{mistake}"),
            None => Ok(()),
        }
    }
}

/// The puzzles of a set's text: one a line, `#` lines and blank lines skipped. The error
/// names the first bad line's number.
pub(crate) fn read_set(text: &str) -> Result<Vec<Puzzle>, Text> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(n, line)| Puzzle::read(line).map_err(|error| text!(LOAD_LINE, n + 1, error)))
        .collect()
}

/// Every shipped puzzle, unpacked and read once. The sets are checked by the tests, so a
/// bad line cannot ship; were one to, it would be left out rather than stop the program.
pub(crate) fn shipped() -> &'static [Puzzle] {
    static SHIPPED_PUZZLES: OnceLock<Vec<Puzzle>> = OnceLock::new();
    SHIPPED_PUZZLES.get_or_init(|| {
        let sets = GameKind::ALL.iter().flat_map(|&kind| crate::each_game!(kind kind, G => G::SHIPPED));
        let texts: Vec<String> = sets.filter_map(|set| unpack::unpack(set)).collect();
        texts.iter().flat_map(|text| text.lines().filter_map(|line| Puzzle::read(line).ok())).collect()
    })
}

#[cfg(test)]
mod tests;
