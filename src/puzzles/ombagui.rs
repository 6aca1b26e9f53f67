//! What an Ombagui puzzle's turns teach: the rules' words for them.

use super::Themes;
use crate::rules::ombagui;

impl Themes for ombagui::Position {
    const SHIPPED: &'static [&'static str] = &[include_str!("../../assets/puzzles/ombagui.tsv")];

    fn id_head(_: crate::rules::hex::Board) -> String {
        "o".to_string()
    }

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
