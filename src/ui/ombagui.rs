//! How an Ombagui game looks: every stack written bottom to top, a kind letter per piece
//! with its owner's letter under it, the movable top piece underlined, the goals tinted.

use super::board::{self, CellText};
use super::game::{Look, player_line};
use super::say::Say;
use crate::app::game::GameScreen;
use crate::i18n::ombagui::keys::*;
use crate::i18n::ombagui::kind;
use crate::i18n::{Key, text};
use crate::rules::Colour;
use crate::rules::hex::Cell;
use crate::rules::ombagui::Position;
use crate::theme::Mark;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

/// Whose goal `cell` is, if it is one.
fn goal_of(cell: Cell) -> Option<Colour> {
    [Colour::Red, Colour::Blue].into_iter().find(|&colour| Position::goal(colour).contains(&cell))
}

impl Look for Position {
    const FIRST: Colour = Colour::Red;
    const MARKS: &'static [Mark] = &[Mark::Cursor, Mark::Selected, Mark::Target, Mark::Jump, Mark::Last];
    const NOTES: &'static [Key<0>] = &[NOTE_KINDS, NOTE_TOP, NOTE_GOAL];

    /// The kinds, bottom to top, each in its owner's colour, the top one underlined; the
    /// owners' letters on the line below (or `goal` under an empty goal).
    fn write(&self, cell: Cell, style: Style, say: Say) -> CellText {
        let stack = self.stack(cell);
        if stack.is_empty() {
            let below = goal_of(cell).map(|colour| {
                Span::styled(say.word(BOARD_GOAL), say.theme.player(colour).remove_modifier(Modifier::BOLD))
            });
            return vec![board::empty(style, say.theme), below.into_iter().collect()];
        }
        let height = stack.height();
        let mut kinds = Vec::new();
        let mut owners = Vec::new();
        for (n, piece) in stack.pieces().enumerate() {
            let top = if n + 1 == height { Modifier::UNDERLINED } else { Modifier::DIM };
            let look = say.theme.player(piece.colour).patch(style).add_modifier(top);
            kinds.push(Span::styled(piece.kind.letter().to_string(), look));
            owners.push(Span::styled(
                piece.colour.letter().to_string(),
                say.theme.player(piece.colour).remove_modifier(Modifier::BOLD),
            ));
        }
        vec![kinds, owners]
    }

    fn facts(game: &GameScreen<Position>, pointer: Option<Cell>, say: Say, _: usize) -> Vec<Line<'static>> {
        let position = game.table.position();
        let to_move = position.to_move();
        let over = game.table.end().is_some();
        let mut lines: Vec<Line> = [Colour::Red, Colour::Blue]
            .into_iter()
            .map(|colour| {
                let home = say.text(&text!(PANEL_TOWERS, position.towers_home(colour)));
                player_line(colour, colour == to_move && !over, home, say)
            })
            .collect();
        for colour in [Colour::Red, Colour::Blue] {
            let goal = Position::goal(colour);
            lines.push(Line::from(vec![Span::styled(
                say.text(&text!(PANEL_GOAL, colour, goal[0], goal[3])),
                say.theme.player(colour),
            )]));
        }
        lines.push(Line::raw(""));
        let Some(cell) = pointer else { return lines };
        let stack = position.stack(cell);
        // The stack in notation (which names the owners even without colour), then in words.
        lines.push(Line::raw(match stack.is_empty() {
            true => say.text(&text!(crate::i18n::keys::PANEL_EMPTY, cell)),
            false => say.text(&text!(crate::i18n::keys::PANEL_CELL, cell, stack.to_string())),
        }));
        let mut words = Vec::new();
        for (n, piece) in stack.pieces().enumerate() {
            words.push(Span::raw(if n == 0 { "" } else { ", " }));
            let top = if n + 1 == stack.height() { Modifier::UNDERLINED } else { Modifier::empty() };
            words.push(Span::styled(
                say.text(&kind(piece.kind)),
                say.theme.player(piece.colour).add_modifier(top),
            ));
        }
        if stack.height() > 1 {
            words.push(Span::raw(" ↑"));
        }
        lines.push(Line::from(words));
        lines
    }
}
