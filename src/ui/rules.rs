//! Draws a rules page: its board with what it lights up, its text, and the scene's caption.

use super::board::{self, CellLook, marked};
use super::{centred, clamber, ombagui, theme};
use crate::app::SLOT;
use crate::app::layout::BoardLayout;
use crate::app::rules::{Book, Diagram, Lit};
use crate::rules::hex::{Board, Cell};
use crate::t;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

/// Draws the open page of `book`, and its contents list when open.
pub fn draw(book: &Book, area: Rect, frame: &mut Frame) {
    let [title, body, hints] =
        Layout::vertical([Constraint::Length(1), Constraint::Min(0), Constraint::Length(1)]).areas(area);
    let pages = book.of.pages();
    let key = |what: &str| format!("rules.{}.{}.{what}", book.of.key(), book.current().name);
    frame.render_widget(
        Line::styled(
            format!(
                " {} · {}/{} · {}",
                t!(&format!("menu.rules_{}", book.of.key())),
                book.page + 1,
                pages.len(),
                t!(&key("title"))
            ),
            theme::TITLE,
        ),
        title,
    );
    frame.render_widget(Line::styled(t!("rules.hints"), theme::HINTS), hints);
    let scene = book.scene();
    let Ok(diagram) = scene.diagram(book.of) else { return };
    let lines = if matches!(diagram, Diagram::Ombagui(_)) { 2 } else { 1 };
    // The text takes what the board leaves, but never less than 28 columns.
    let split = (28..=body.width.saturating_sub(20).max(28)).rev().step_by(2).find_map(|text_width| {
        let board_area = Rect { width: body.width.saturating_sub(text_width), ..body };
        BoardLayout::fit(diagram.board(), SLOT, lines, board_area).map(|layout| (layout, text_width.min(60)))
    });
    let Some((layout, text_width)) = split else {
        let needed = BoardLayout::needed(diagram.board(), SLOT, lines);
        let text = t!("too_small", needed.0, needed.1, area.width, area.height);
        frame.render_widget(Paragraph::new(text).style(theme::WARNING).wrap(Wrap { trim: true }), area);
        return;
    };
    draw_diagram(&diagram, &diagram.lit(scene.shows), &layout, frame);
    let text_area = Rect::new(body.right().saturating_sub(text_width), body.y, text_width, body.height);
    let mut text = vec![Line::styled(t!(&key("title")), theme::HEADING), Line::raw("")];
    text.extend(t!(&key("text")).lines().map(|line| Line::raw(line.to_string())));
    text.push(Line::raw(""));
    let scenes = book.current().scenes.len();
    if scenes > 1 {
        text.push(Line::styled(t!("rules.step", book.scene + 1, scenes), theme::HINTS));
    }
    text.extend(
        t!(&key(&(book.scene + 1).to_string()))
            .lines()
            .map(|line| Line::styled(line.to_string(), theme::SUCCESS)),
    );
    if let Some(turn) = scene.turn {
        text.push(Line::raw(""));
        text.push(Line::styled(t!("rules.try", turn), theme::HINTS));
    }
    text.push(Line::raw(""));
    text.push(Line::styled(t!(&format!("rules.legend.{}", book.of.key())), theme::HINTS));
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), text_area);
    if let Some(line) = book.contents {
        draw_contents(book, line, area, frame);
    }
}

/// The board of a scene: stacks as on the game screens, and the lit cells marked.
fn draw_diagram(diagram: &Diagram, lit: &Lit, layout: &BoardLayout, frame: &mut Frame) {
    let board: Board = diagram.board();
    board::draw(layout, frame.buffer_mut(), |cell: Cell| -> Vec<CellLook> {
        let index = board.index(cell).unwrap_or(0);
        let (background, mark) = if lit.removed.contains(index) {
            (theme::REMOVED, Some("x x"))
        } else if lit.jumps.contains(index) {
            (theme::EQUAL_TARGET, Some("^ ^"))
        } else if lit.targets.contains(index) {
            (theme::LOWER_TARGET, Some("> <"))
        } else if lit.sub_group.contains(index) {
            (theme::SUB_GROUP, Some("( )"))
        } else if lit.group.contains(index) {
            (theme::GROUP, Some("{ }"))
        } else if lit.cells.contains(index) {
            (theme::LAST_TURN, Some("* *"))
        } else {
            (Style::new(), None)
        };
        let light = lit.targets.contains(index);
        match diagram {
            Diagram::Clamber(position) => {
                vec![marked(
                    clamber::cell_text(position.stack(cell), background, light),
                    mark,
                    background,
                    false,
                )]
            }
            Diagram::Ombagui(position) => {
                let stack = position.stack(cell);
                if stack.is_empty() {
                    let dot = vec![Span::styled("·", background.patch(theme::EMPTY_CELL))];
                    return vec![marked(dot, mark, background, false)];
                }
                let (kinds, owners) = ombagui::stack_text(stack, background, light);
                vec![marked(kinds, mark, background, false), marked(owners, None, Style::new(), false)]
            }
        }
    });
}

/// The list of pages, to jump to one.
fn draw_contents(book: &Book, chosen: usize, area: Rect, frame: &mut Frame) {
    let pages = book.of.pages();
    let lines: Vec<Line> = pages
        .iter()
        .enumerate()
        .map(|(n, page)| {
            let title = t!(&format!("rules.{}.{}.title", book.of.key(), page.name));
            let style = if n == chosen { theme::MENU_CHOSEN } else { Style::new() };
            Line::styled(format!(" {:>2}. {title} ", n + 1), style)
        })
        .collect();
    let width = lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 2;
    let box_area = centred(area, width.max(30), lines.len() as u16 + 2);
    frame.render_widget(Clear, box_area);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(format!(" {} ", t!("rules.contents")))),
        box_area,
    );
}
