//! What a Clamber puzzle's turns teach: the rules' words for them.

use super::Themes;
use crate::rules::clamber;

impl Themes for clamber::Position {
    const SHIPPED: &'static [&'static str] = &[
        include_str!("../../assets/puzzles/clamber-3.tsv"),
        include_str!("../../assets/puzzles/clamber-4.tsv"),
    ];

    /// `c3`, `c4`: the board's side tells the sets apart.
    fn id_head(board: crate::rules::hex::Board) -> String {
        format!("c{}", board.side())
    }

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
