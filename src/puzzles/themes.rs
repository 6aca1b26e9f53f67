//! What a puzzle teaches and how hard it starts: its themes, read from the rules (what
//! each of the solver's turns does on the board), and its starting rating.

use crate::ai::{Evaluate, WIN};
use crate::rules::{Colour, Game, clamber, ombagui};

/// What a game says of one of the solver's turns: the rules' words for what it does.
pub trait Themes: Evaluate {
    /// The themes of `turn`, played from `position` to `next` by the player to move.
    fn turn_themes(_position: &Self, _turn: &Self::Turn, _next: &Self) -> Vec<&'static str> {
        Vec::new()
    }
}

impl Themes for clamber::Position {
    /// A placement; a lower or an equal capture; a chain of two or more; a capture that
    /// takes the rest of a sub-group off the board.
    fn turn_themes(position: &Self, turn: &clamber::Turn, next: &Self) -> Vec<&'static str> {
        let clamber::Turn::Capture { from, captured } = turn else { return vec!["placement"] };
        let mut themes = Vec::new();
        match captured.first().and_then(|&target| position.capture_kind(*from, target)) {
            Some(clamber::CaptureKind::Lower) => themes.push("lower-capture"),
            Some(clamber::CaptureKind::Equal) => themes.push("equal-capture"),
            None => {}
        }
        if captured.len() >= 2 {
            themes.push("chain-capture");
        }
        // Each capture turns one enemy stack; any more gone left with its sub-group.
        let enemy = position.to_move().other();
        let gone = position.cells_of(enemy).len().saturating_sub(next.cells_of(enemy).len());
        if gone > captured.len() {
            themes.push("sub-group-removal");
        }
        themes
    }
}

impl Themes for ombagui::Position {
    /// A light's jump; a tower finished on a goal cell; a piece landing on another (a
    /// stack), on the opponent's (a cover).
    fn turn_themes(position: &Self, turn: &ombagui::Move, next: &Self) -> Vec<&'static str> {
        let mover = position.to_move();
        let mut themes = Vec::new();
        if ombagui::BOARD.holds(position.jump_landings(turn.from), turn.to) {
            themes.push("jump");
        }
        let goal = ombagui::Position::goal(mover);
        if goal.contains(&turn.to) && next.stack(turn.to).is_tower_of(mover) {
            themes.push("tower");
        }
        if let Some(under) = position.stack(turn.to).top() {
            themes.push(if under.colour == mover { "stack" } else { "cover" });
        }
        themes
    }
}

#[cfg(feature = "third-game")]
impl Themes for crate::rules::triad::Position {}

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
