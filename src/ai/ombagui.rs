//! How good an Ombagui position is for the player to move: towers rebuilt on the goal, the
//! start of towers there, pieces on their way, and how free each side is to move.

use super::Evaluate;
use crate::rules::hex::Cell;
use crate::rules::ombagui::{Kind, Position};
use crate::rules::{Colour, Game};

/// Weights, in score points.
const TOWER: i32 = 1000;
const BASE: [i32; 3] = [120, 300, 0];
const ADVANCE: i32 = 6;
const MOBILITY: i32 = 2;

impl Evaluate for Position {
    fn evaluate(&self) -> i32 {
        let me = self.to_move();
        let mobility = self.turn_count() as i32 - self.skipped().turn_count() as i32;
        progress(self, me) - progress(self, me.other()) + MOBILITY * mobility
    }
}

/// How far `colour` is towards its four towers on the goal row.
fn progress(position: &Position, colour: Colour) -> i32 {
    let goal = Position::goal(colour);
    let mut score = TOWER * position.towers_home(colour) as i32;
    for cell in goal {
        let stack = position.stack(cell);
        if stack.is_tower_of(colour) {
            continue;
        }
        // A tower is built from the bottom: a light of ours, then a medium on it.
        let mine: Vec<Kind> =
            stack.pieces().take_while(|piece| piece.colour == colour).map(|p| p.kind).collect();
        let built = mine.iter().zip(Kind::ALL).take_while(|(have, want)| have == &want).count();
        if built == stack.height() && built > 0 {
            score += BASE[built - 1];
        }
    }
    // Every top piece of ours, the nearer the goal row the better.
    let target_row = i32::from(goal[0].row());
    for (cell, stack) in position.stacks() {
        if stack.top().is_some_and(|top| top.colour == colour) {
            score += ADVANCE * (6 - (target_row - i32::from(Cell::row(cell))).abs());
        }
    }
    score
}
