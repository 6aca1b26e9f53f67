//! What a Clamber puzzle's turns teach: the rules' words for them.

use super::themes::{PuzzleTheme, Themes};
use crate::i18n::clamber::keys::*;
use crate::rules::clamber;
use crate::rules::hex::Cell;

// `THEMES`, from the language file's `theme.NAME` keys, and `SHIPPED`, the sets of
// `assets/puzzles` named after the game: listed by `build.rs` (`puzzles_of`).
include!(concat!(env!("OUT_DIR"), "/puzzles_clamber.rs"));

/// How many enemy stacks the winning turn must end at once to be a sweep.
const SWEEP: usize = 4;

impl Themes for clamber::Position {
    const THEMES: &'static [PuzzleTheme] = THEMES;
    const SHIPPED: &'static [&'static [u8]] = SHIPPED;

    /// `c3`, `c4`: the board's side tells the sets apart.
    fn id_head(board: crate::rules::hex::Board) -> String {
        format!("c{}", board.side())
    }

    /// A placement (a quiet turn: only a capture wins); a lower or an equal capture; a
    /// chain of two or more, of three or more; an equal capture of a stack that does not
    /// touch the capturer; before the win, a capture that takes the rest of a sub-group
    /// off the board (every winning capture does: the enemy must be left with nothing); a
    /// win that ends four enemy stacks or more at once.
    fn turn_themes(position: &Self, turn: &clamber::Turn, next: &Self, last: bool) -> Vec<&'static str> {
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
        if captured.len() >= 3 {
            themes.push("long-chain");
        }
        // Each capture of a chain is made by the stack the one before took.
        let board = position.board();
        let capturers = std::iter::once(from).chain(captured.iter());
        let touching = |a: Cell, b: Cell| match (board.index(a), board.index(b)) {
            (Some(a), Some(b)) => board.neighbours(a).contains(b),
            _ => true,
        };
        if capturers.zip(captured).any(|(&capturer, &target)| !touching(capturer, target)) {
            themes.push("distant-capture");
        }
        // Each capture turns one enemy stack; any more gone left with its sub-group.
        let enemy = position.to_move().other();
        let before = position.cells_of(enemy).len();
        let gone = before.saturating_sub(next.cells_of(enemy).len());
        if !last && gone > captured.len() {
            themes.push("sub-group-removal");
        }
        if last && gone >= SWEEP {
            themes.push("sweep");
        }
        themes
    }
}
