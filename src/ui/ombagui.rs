//! How an Ombagui game looks: every stack written bottom to top, a kind letter per piece
//! with its owner's letter under it, the movable top piece in bold, the goals marked.

use super::board::{self, CellLook, marked};
use super::{View, move_list, player_line, theme};
use crate::app::Playing;
use crate::app::layout::BoardLayout;
use crate::app::ombagui::OmbaguiGame;
use crate::i18n::kind;
use crate::rules::Colour;
use crate::rules::ombagui::{BOARD, Position, Stack};
use crate::t;
use ratatui::buffer::Buffer;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

const MARKS: [(&str, &str, &str); 5] = [
    ("[ ]", "mark.cursor", "mark.cursor.long"),
    ("( )", "mark.picked", "mark.picked.long"),
    ("> <", "mark.reach", "mark.reach.long"),
    ("^ ^", "mark.jumps", "mark.jumps.long"),
    ("* *", "mark.last", "mark.last.long"),
];

/// Whose goal `cell` is, if it is one.
fn goal_of(cell: crate::rules::hex::Cell) -> Option<Colour> {
    [Colour::Red, Colour::Blue].into_iter().find(|&colour| Position::goal(colour).contains(&cell))
}

/// The stack's kinds, bottom to top, each in its owner's colour, the top one emphasised;
/// and the owners' letters for the line below.
pub(super) fn stack_text(
    stack: Stack,
    background: Style,
    light: bool,
) -> (Vec<Span<'static>>, Vec<Span<'static>>) {
    let height = stack.height();
    let mut kinds = Vec::new();
    let mut owners = Vec::new();
    for (n, piece) in stack.pieces().enumerate() {
        let colour = if light { theme::player_on_light(piece.colour) } else { theme::player(piece.colour) };
        let top = if n + 1 == height { Modifier::UNDERLINED } else { Modifier::DIM };
        kinds.push(Span::styled(piece.kind.letter().to_string(), background.patch(colour).add_modifier(top)));
        owners.push(Span::styled(
            piece.colour.letter().to_string(),
            theme::player(piece.colour).remove_modifier(Modifier::BOLD),
        ));
    }
    (kinds, owners)
}

impl View for OmbaguiGame {
    fn title(&self) -> String {
        t!("game.ombagui")
    }

    fn playing(&self) -> &dyn Playing {
        self
    }

    fn draw_board(&self, layout: &BoardLayout, buf: &mut Buffer) {
        let position = self.table.position();
        let reach = self.destinations();
        let jumps = self.jump_landings();
        let last = if self.selected.is_some() { Vec::new() } else { self.last_move_cells() };
        let cursor = self.table.cursor;
        board::draw(layout, buf, |cell| -> Vec<CellLook> {
            let goal = goal_of(cell);
            let (background, mark) = if self.selected == Some(cell) {
                (theme::SELECTED, Some(MARKS[1].0))
            } else if BOARD.holds(jumps, cell) {
                (theme::EQUAL_TARGET, Some(MARKS[3].0))
            } else if BOARD.holds(reach, cell) {
                (theme::LOWER_TARGET, Some(MARKS[2].0))
            } else if last.contains(&cell) {
                (theme::LAST_TURN, Some(MARKS[4].0))
            } else if let Some(colour) = goal {
                (theme::goal(colour), None)
            } else {
                (Style::new(), None)
            };
            let mark = if cell == cursor { Some(MARKS[0].0) } else { mark };
            let stack = position.stack(cell);
            let (kinds, owners) = if stack.is_empty() {
                let below = match goal {
                    Some(colour) => {
                        vec![Span::styled(
                            t!("board.goal"),
                            theme::player(colour).remove_modifier(Modifier::BOLD),
                        )]
                    }
                    None => Vec::new(),
                };
                (vec![Span::styled("·", background.patch(theme::EMPTY_CELL))], below)
            } else {
                stack_text(stack, background, BOARD.holds(reach, cell))
            };
            vec![marked(kinds, mark, background, cell == cursor), marked(owners, None, Style::new(), false)]
        });
    }

    fn facts(&self) -> Vec<Line<'static>> {
        let position = self.table.position();
        let to_move = self.table.to_move();
        let over = self.table.session.is_over();
        let mut lines: Vec<Line> = [Colour::Red, Colour::Blue]
            .into_iter()
            .map(|colour| {
                let home = position.towers_home(colour);
                player_line(colour, colour == to_move && !over, t!("panel.towers", home))
            })
            .collect();
        for colour in [Colour::Red, Colour::Blue] {
            let goal = Position::goal(colour);
            lines.push(Line::from(vec![Span::styled(
                t!("panel.goal", crate::i18n::colour(colour), goal[0], goal[3]),
                theme::player(colour),
            )]));
        }
        lines.push(Line::raw(""));
        let cell = self.table.cursor;
        let stack = position.stack(cell);
        // The stack in notation (which names the owners even without colour), then in words.
        lines.push(Line::raw(if stack.is_empty() {
            t!("panel.empty", cell)
        } else {
            format!("{cell}: {stack}")
        }));
        let mut words = Vec::new();
        for (n, piece) in stack.pieces().enumerate() {
            words.push(Span::raw(if n == 0 { "" } else { ", " }));
            let top = if n + 1 == stack.height() { Modifier::UNDERLINED } else { Modifier::empty() };
            words.push(Span::styled(kind(piece.kind), theme::player(piece.colour).add_modifier(top)));
        }
        if stack.height() > 1 {
            words.push(Span::raw(" ↑"));
        }
        lines.push(Line::from(words));
        lines
    }

    fn marks(&self) -> &'static [(&'static str, &'static str, &'static str)] {
        &MARKS
    }

    fn notes(&self) -> &'static [&'static str] {
        &["note.ombagui_kinds", "note.ombagui_top", "note.ombagui_goal"]
    }

    fn moves(&self) -> Vec<Line<'static>> {
        move_list(&self.table.session, Colour::Red)
    }
}
