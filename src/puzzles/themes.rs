//! What a puzzle teaches and how hard it starts: its themes, read from the rules (what
//! each of the solver's turns does on the board), and its starting rating.

use crate::ai::{Evaluate, WIN};
use crate::rules::hex::Board;
use crate::rules::{Colour, Game};

/// What a game's puzzles are: the rules' words for one of the solver's turns, how their
/// ids begin, and the sets shipped with the program. Each game says it in its own file.
pub trait Themes: Evaluate {
    /// The sets of the game's puzzles shipped with the program, as their files' text
    /// (made by `hexstack puzzles make`: each file's head says how).
    const SHIPPED: &'static [&'static str] = &[];

    /// How the ids of the game's puzzles on `board` begin: the game's name unless it says
    /// something shorter.
    fn id_head(_board: Board) -> String {
        Self::KIND.name().to_string()
    }

    /// The themes of `turn`, played from `position` to `next` by the player to move.
    fn turn_themes(_position: &Self, _turn: &Self::Turn, _next: &Self) -> Vec<&'static str> {
        Vec::new()
    }
}

/// The themes of a solution from `start`: `win-in-N`, what the solver's turns do, and
/// `parry` where a reply had to stop a win at once.
pub fn themes_of<G: Themes>(start: &G, line: &[G::Turn]) -> Vec<String> {
    let solver = start.to_move();
    let mut themes = vec![format!("win-in-{}", line.len().div_ceil(2))];
    let mut add = |theme: &str| {
        if !themes.iter().any(|known| known == theme) {
            themes.push(theme.to_string());
        }
    };
    let mut position = *start;
    for (ply, turn) in line.iter().enumerate() {
        let Ok(next) = position.play(turn) else { break };
        if ply % 2 == 0 {
            G::turn_themes(&position, turn, &next).into_iter().for_each(&mut add);
        } else if wins_at_once(&position.skipped(), solver) {
            add("parry");
        }
        position = next;
    }
    themes
}

/// Whether the player to move in `position`, `solver`, has a turn that wins at once.
fn wins_at_once<G: Game>(position: &G, solver: Colour) -> bool {
    let mut wins = false;
    position.for_each_turn(&mut |_, next| wins |= next.winner() == Some(solver));
    wins
}

/// How a turn from `position` to `next` looks to a glance one ply ahead: the evaluation
/// for the mover, a win at once above all.
fn glance<G: Evaluate>(position: &G, next: &G) -> i32 {
    if next.winner() == Some(position.to_move()) { WIN } else { -next.evaluate() }
}

/// The tempting wrong turns along a solution: at each solver's turn but the last, the
/// other turns that look at least as good as the solution's at a glance (none of them wins
/// as fast: the proof said the solution's is the only one).
pub fn tempting<G: Evaluate>(start: &G, line: &[G::Turn]) -> usize {
    let mut count = 0;
    let mut position = *start;
    for (ply, turn) in line.iter().enumerate() {
        let Ok(next) = position.play(turn) else { break };
        if ply % 2 == 0 && ply + 1 < line.len() {
            let right = glance(&position, &next);
            let mut rivals = 0;
            position.for_each_turn(&mut |_, other| rivals += usize::from(glance(&position, other) >= right));
            count += rivals.saturating_sub(1);
        }
        position = next;
    }
    count
}

/// The rating a puzzle starts at: 800 for a win in one, 350 more for each further turn of
/// the solver's, 40 more for each tempting wrong turn (ten at most a solver's turn), on
/// the players' scale.
pub fn starting_rating(solver_turns: usize, tempting: usize) -> u32 {
    let lengths = 350 * solver_turns.saturating_sub(1);
    let temptations = 40 * tempting.min(10 * solver_turns);
    (800 + lengths + temptations).clamp(400, 3000) as u32
}
