//! Draws a rules page: its board with what it lights up, its text, the scene's caption,
//! and a legend of the marks on the board.

use super::board;
use super::game::Look;
use super::room::centred;
use super::say::Say;
use super::theme::{self, Mark};
use crate::app::keys::Context;
use crate::app::layout::PageLayout;
use crate::app::lit::Lit;
use crate::app::rules::Book;
use crate::app::table::Input;
use crate::i18n::keys::*;
use crate::i18n::{Words, text};
use crate::rules::{AnyPosition, Game, GameKind};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

/// Draws the open page of `book`, and its contents list when open.
pub fn draw(book: &Book, say: Say, area: Rect, frame: &mut Frame) {
    let scene = book.scene();
    let Ok(position) = scene.position(book.game) else { return };
    let (board, lines) = crate::each_game!(&position, p, G => (p.board(), <G as Input>::CELL_LINES));
    let Some(layout) = PageLayout::fit(board, lines, area) else {
        return super::room::draw_too_small(PageLayout::needed(board, lines), say, area, frame);
    };
    let page = book.current();
    let rules = crate::each_game!(kind book.game, G => say.word(G::COMMON.rules));
    let title = format!(" {rules} · {}/{} · {}", book.page + 1, book.pages().len(), say.word(page.title));
    frame.render_widget(Line::styled(title, theme::TITLE), layout.title);
    frame.render_widget(Line::styled(say.hints(Context::Rules), theme::HINTS), layout.hints);
    let lit = scene.lit(&position);
    draw_position(&position, &lit, &layout, say, frame);
    let text = page_text(book, &lit, say, layout.text.width, layout.text.height);
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), layout.text);
    if let Some(line) = book.contents {
        draw_contents(book, line, say, area, frame);
    }
}

/// The page's words for a text area `width` wide: the text, the step and its caption,
/// the move to try, the legend of the marks on the board. When they would run past
/// `height` lines, the blank lines between them go first.
fn page_text(book: &Book, lit: &Lit, say: Say, width: u16, height: u16) -> Vec<Line<'static>> {
    let page = book.current();
    let scene = book.scene();
    let mut text: Vec<Line> = say.word(page.text).lines().map(|line| Line::raw(line.to_string())).collect();
    text.push(Line::raw(""));
    let scenes = page.scenes.len();
    if scenes > 1 {
        text.push(Line::styled(say.text(&text!(RULES_STEP, book.scene + 1, scenes)), theme::HINTS));
    }
    let caption = say.word(scene.caption);
    text.extend(caption.lines().map(|line| Line::styled(line.to_string(), theme::SUCCESS)));
    if let Some(turn) = scene.turn {
        text.push(Line::raw(""));
        text.push(Line::styled(say.text(&text!(RULES_TRY, turn)), theme::HINTS));
    }
    if let Some(legend) = legend(lit, book.game, say) {
        text.push(Line::raw(""));
        text.push(Line::styled(legend, theme::HINTS));
    }
    if wrapped_height(&text, width) > height {
        text.retain(|line| line.width() > 0);
    }
    text
}

/// How many lines `text` takes once wrapped to `width` columns.
fn wrapped_height(text: &[Line<'static>], width: u16) -> u16 {
    let area = Rect::new(0, 0, width, 200);
    let mut buffer = ratatui::buffer::Buffer::empty(area);
    Paragraph::new(text.to_vec()).wrap(Wrap { trim: true }).render(area, &mut buffer);
    let used = |y: u16| (0..width).any(|x| buffer[(x, y)].symbol() != " ");
    (0..area.height).rev().find(|&y| used(y)).map_or(0, |y| y + 1)
}

/// Whether the whole text of `book`'s page fits beside its board in `area`, in `say`'s words.
pub fn fits(book: &Book, say: Say, area: Rect) -> bool {
    let Ok(position) = book.scene().position(book.game) else { return false };
    let (board, lines) = crate::each_game!(&position, p, G => (p.board(), <G as Input>::CELL_LINES));
    let Some(layout) = PageLayout::fit(board, lines, area) else { return false };
    let lit = book.scene().lit(&position);
    let text = page_text(book, &lit, say, layout.text.width, layout.text.height);
    wrapped_height(&text, layout.text.width) <= layout.text.height
}

/// The board of a scene: stacks as on the game screens, the lit cells marked.
fn draw_position(position: &AnyPosition, lit: &Lit, layout: &PageLayout, say: Say, frame: &mut Frame) {
    crate::each_game!(position, p => board::draw(
        &layout.board,
        frame.buffer_mut(),
        lit,
        None,
        |cell, style| p.write(cell, style, say),
    ));
}

/// The marks on the board and what they mean, if any are.
fn legend(lit: &Lit, game: GameKind, say: Say) -> Option<String> {
    let marks: Vec<String> = Mark::BY_PRIORITY
        .into_iter()
        .filter(|mark| !mark.cells(lit).is_empty())
        .map(|mark| format!("{} {}", mark.symbol(), say.word(mark.word(game))))
        .collect();
    (!marks.is_empty()).then(|| marks.join(" · "))
}

/// The list of pages, to jump to one.
fn draw_contents(book: &Book, chosen: usize, say: Say, area: Rect, frame: &mut Frame) {
    let lines: Vec<Line> = book
        .pages()
        .iter()
        .enumerate()
        .map(|(n, page)| {
            let style = if n == chosen { theme::CHOSEN } else { ratatui::style::Style::new() };
            Line::styled(format!(" {:>2}. {} ", n + 1, say.word(page.title)), style)
        })
        .collect();
    let width = lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 2;
    let box_area = centred(area, width.max(30), lines.len() as u16 + 2);
    frame.render_widget(Clear, box_area);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::bordered()
                .title(format!(" {} ", say.word(RULES_CONTENTS)))
                .title_bottom(format!(" {} ", say.hints(Context::Contents))),
        ),
        box_area,
    );
}
