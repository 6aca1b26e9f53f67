//! Draws a rules page: its board with what it lights up, its text, the scene's caption,
//! and a legend of the marks on the board.

use super::board;
use super::game::Look;
use super::room::centred;
use super::say::Say;
use crate::app::highlights::Highlights;
use crate::app::keys::Context;
use crate::app::layout::PageLayout;
use crate::app::rules::Book;
use crate::app::table::Input;
use crate::i18n::keys::*;
use crate::i18n::{Words, text};
use crate::rules::{AnyPosition, Game, GameKind};
use crate::theme::{self, Mark};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

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
fn page_text(book: &Book, lit: &Highlights, say: Say, width: u16, height: u16) -> Vec<Line<'static>> {
    let page = book.current();
    let scene = book.scene();
    let mut text: Vec<Line> = say.word(page.text).lines().map(|line| Line::raw(line.to_string())).collect();
    text.push(Line::raw(""));
    let scenes = page.scenes.len();
    if scenes > 1 {
        // On the last step the same key goes round to the first: the page says so.
        let step = if book.scene + 1 == scenes { RULES_STEP_LAST } else { RULES_STEP };
        text.push(Line::styled(say.text(&text!(step, book.scene + 1, scenes)), theme::HINTS));
    }
    let caption = say.word(scene.caption);
    text.extend(caption.lines().map(|line| Line::styled(line.to_string(), say.theme.success)));
    if let Some(turn) = scene.turn {
        text.push(Line::raw(""));
        text.push(Line::styled(say.text(&text!(RULES_TRY, turn)), theme::HINTS));
    }
    let legend = legend(lit, book.game, say, usize::from(width));
    if !legend.is_empty() {
        text.push(Line::raw(""));
        text.extend(legend.into_iter().map(|line| Line::styled(line, theme::HINTS)));
    }
    if super::room::wrapped_height(text.clone(), width) > height {
        text.retain(|line| line.width() > 0);
    }
    text
}

/// Whether the whole text of `book`'s page fits beside its board in `area`, in `say`'s words.
pub fn fits(book: &Book, say: Say, area: Rect) -> bool {
    let Ok(position) = book.scene().position(book.game) else { return false };
    let (board, lines) = crate::each_game!(&position, p, G => (p.board(), <G as Input>::CELL_LINES));
    let Some(layout) = PageLayout::fit(board, lines, area) else { return false };
    let lit = book.scene().lit(&position);
    let text = page_text(book, &lit, say, layout.text.width, layout.text.height);
    super::room::wrapped_height(text.clone(), layout.text.width) <= layout.text.height
}

/// The board of a scene: stacks as on the game screens, the lit cells marked.
fn draw_position(position: &AnyPosition, lit: &Highlights, layout: &PageLayout, say: Say, frame: &mut Frame) {
    crate::each_game!(position, p => board::draw(
        &layout.board,
        frame.buffer_mut(),
        (lit, None),
        say.theme,
        |cell, style| p.write(cell, style, say),
    ));
}

/// The marks on the board and what they mean, in lines of at most `width` columns that
/// break between marks, never inside one (`{ }` on one line, `group` on the next).
fn legend(lit: &Highlights, game: GameKind, say: Say, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for item in legend_items(lit, game, say) {
        match lines.last_mut() {
            Some(line) if Line::raw(format!("{line} · {item}")).width() <= width => {
                line.push_str(" · ");
                line.push_str(&item);
            }
            _ => lines.push(item),
        }
    }
    lines
}

/// Each mark on the board with what it means: `( ) selected`.
fn legend_items(lit: &Highlights, game: GameKind, say: Say) -> Vec<String> {
    Mark::BY_PRIORITY
        .iter()
        .filter(|&&mark| !board::cells(mark, lit).is_empty())
        .map(|mark| format!("{} {}", mark.symbol(), say.word(mark.word(game))))
        .collect()
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
    let (title, footer) =
        (format!(" {} ", say.word(RULES_CONTENTS)), format!(" {} ", say.hints(Context::Contents)));
    // As wide as its widest line, its title or its footer, so that none is cut.
    let widths =
        lines.iter().map(Line::width).chain([&title, &footer].map(|s| Line::raw(s.as_str()).width()));
    let width = widths.max().unwrap_or(0) as u16 + 4;
    let box_area = centred(area, width, lines.len() as u16 + 2);
    frame.render_widget(Clear, box_area);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(title).title_bottom(footer)),
        box_area,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::rules::pages;
    use crate::i18n::Lang;
    use ratatui::widgets::Widget;

    /// The rows a paragraph of `text` takes once wrapped to `width` columns.
    fn rows(text: &[Line<'static>], width: u16) -> Vec<String> {
        let area = Rect::new(0, 0, width, 100);
        let mut buffer = ratatui::buffer::Buffer::empty(area);
        Paragraph::new(text.to_vec()).wrap(Wrap { trim: true }).render(area, &mut buffer);
        (0..area.height).map(|y| (0..width).map(|x| buffer[(x, y)].symbol()).collect()).collect()
    }

    #[test]
    fn the_legend_never_breaks_inside_a_mark() {
        for lang in Lang::ALL {
            let profile = crate::app::Profile { lang, ..Default::default() };
            let say = Say::new(&profile, Context::Rules);
            for &game in GameKind::ALL {
                for (page, content) in pages(game).iter().enumerate() {
                    for scene in 0..content.scenes.len() {
                        let book = Book { game, page, scene, contents: None };
                        let lit = book.scene().lit(&book.scene().position(game).unwrap());
                        for width in [28, 30, 33, 36, 40, 48] {
                            let shown = rows(&page_text(&book, &lit, say, width, 100), width);
                            for item in legend_items(&lit, game, say) {
                                assert!(
                                    shown.iter().any(|row| row.contains(&item)),
                                    "{lang:?} {} page {} at {width}: '{item}' split:\n{}",
                                    game.name(),
                                    page + 1,
                                    shown.join("\n")
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
