//! What an Ombagui puzzle's turns teach: the rules' words for them.

use super::themes::{PuzzleTheme, Themes};
use crate::i18n::ombagui::keys::*;
use crate::rules::ombagui;

// `THEMES`, from the language file's `theme.NAME` keys, and `SHIPPED`, the sets of
// `assets/puzzles` named after the game: listed by `build.rs` (`puzzles_of`).
include!(concat!(env!("OUT_DIR"), "/puzzles_ombagui.rs"));

impl Themes for ombagui::Position {
    const THEMES: &'static [PuzzleTheme] = THEMES;
    const SHIPPED: &'static [&'static [u8]] = SHIPPED;

    fn id_head(_: crate::rules::hex::Board) -> String {
        "o".to_string()
    }

    /// Before the win, a tower finished on a goal cell, a piece put on one of the
    /// solver's own (every winning turn does both: a dark finishes the last tower); at any
    /// turn, a piece landing on the opponent's (a cover), a piece leaving an opponent's it
    /// held (a release), a light's jump.
    fn turn_themes(position: &Self, turn: &ombagui::Move, next: &Self, last: bool) -> Vec<&'static str> {
        let mover = position.to_move();
        let mut themes = Vec::new();
        if ombagui::BOARD.holds(position.jump_landings(turn.from), turn.to) {
            themes.push("jump");
        }
        if !last && next.towers_home(mover) > position.towers_home(mover) {
            themes.push("tower");
        }
        match position.stack(turn.to).top() {
            Some(under) if under.colour != mover => themes.push("cover"),
            Some(_) if !last => themes.push("stack"),
            _ => {}
        }
        // The piece under the one that leaves: the opponent's was held until now.
        let pieces: Vec<ombagui::Piece> = position.stack(turn.from).pieces().collect();
        if pieces.len() >= 2 && pieces[pieces.len() - 2].colour != mover {
            themes.push("release");
        }
        themes
    }
}
