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

/// Draws the open page of `book`, and its contents list when open: the board beside the
/// text where the whole text fits there, else under it, else (in a small window) the text
/// alone, saying what size of window shows the board too.
pub(super) fn draw(book: &Book, say: Say, area: Rect, frame: &mut Frame) {
    let scene = book.scene();
    let Ok(position) = scene.position(book.game) else { return };
    let (board, lines) = crate::each_game!(&position, p, G => (p.board(), <G as Input>::CELL_LINES));
    let lit = scene.lit(&position);
    let width = book_width(book, say, area);
    let beside =
        PageLayout::fit_in_book(board, width, lines, area).filter(|_| fits_with(book, width, say, area));
    let [title, body, hints] = PageLayout::rows(area);
    let page = book.current();
    let rules = crate::each_game!(kind book.game, G => say.word(G::COMMON.rules));
    let title_text =
        format!(" {rules} · {}/{} · {}", book.page + 1, book.pages().len(), say.word(page.title));
    frame.render_widget(Line::styled(title_text, theme::TITLE), title);
    let keys = super::room::fit_hints(&say.hints(Context::Rules), hints.width);
    frame.render_widget(Line::styled(keys, theme::HINTS), hints);
    match beside.or_else(|| stacked(book, &lit, say, area)) {
        Some(layout) => {
            draw_position(&position, &lit, &layout, say, frame);
            let text = page_text(book, &lit, say, layout.text.width, layout.text.height);
            frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), layout.text);
        }
        None => {
            // No legend: there is no board for its marks.
            let mut text =
                page_text(book, &Highlights::default(), say, body.width, body.height.saturating_sub(2));
            let (width, height) = board_window(book, say, area);
            text.push(Line::raw(""));
            text.push(Line::styled(say.text(&text!(RULES_NO_BOARD, width, height)), theme::HINTS));
            frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), body);
        }
    }
    if let Some(line) = book.contents {
        draw_contents(book, line, say, area, frame);
    }
}

/// The smallest window, wider than `area` or else taller, that shows the page's board
/// with the whole of its text.
fn board_window(book: &Book, say: Say, area: Rect) -> (u16, u16) {
    let wider = (area.width + 1..=area.width.max(80) + 80).map(|width| (width, area.height));
    let taller = (area.height + 1..=area.height.max(24) + 40).map(|height| (area.width.max(80), height));
    let shows = |&(width, height): &(u16, u16)| {
        let window = Rect::new(0, 0, width, height);
        let lit = book.scene().position(book.game).map(|position| book.scene().lit(&position));
        fits_with(book, None, say, window) || lit.is_ok_and(|lit| stacked(book, &lit, say, window).is_some())
    };
    wider.chain(taller).find(shows).unwrap_or((80, 24))
}

/// The page with its text across the window and its board under it, where both fit.
fn stacked(book: &Book, lit: &Highlights, say: Say, area: Rect) -> Option<PageLayout> {
    let position = book.scene().position(book.game).ok()?;
    let (board, lines) = crate::each_game!(&position, p, G => (p.board(), <G as Input>::CELL_LINES));
    let body = PageLayout::rows(area)[1];
    let text = page_text(book, lit, say, body.width, body.height);
    PageLayout::stacked(board, lines, super::room::wrapped_height(text, body.width), area)
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
    // What p tries, named on every step: the step after a move tries the example from its start.
    if let Some(turn) = book.scene_to_try().turn {
        let said = if scene.turn.is_some() { text!(RULES_TRY, turn) } else { text!(RULES_TRY_START, turn) };
        text.push(Line::raw(""));
        text.push(Line::styled(say.text(&said), theme::HINTS));
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
#[cfg(test)]
pub(crate) fn fits(book: &Book, say: Say, area: Rect) -> bool {
    fits_with(book, book_width(book, say, area), say, area)
}

/// Whether the page's text fits beside its board with the book's text `width`.
fn fits_with(book: &Book, width: Option<u16>, say: Say, area: Rect) -> bool {
    let Ok(position) = book.scene().position(book.game) else { return false };
    let (board, lines) = crate::each_game!(&position, p, G => (p.board(), <G as Input>::CELL_LINES));
    let Some(layout) = PageLayout::fit_in_book(board, width, lines, area) else { return false };
    let lit = book.scene().lit(&position);
    let text = page_text(book, &lit, say, layout.text.width, layout.text.height);
    super::room::wrapped_height(text.clone(), layout.text.width) <= layout.text.height
}

/// The text's width on every page of `book`: the width beside its largest board, so that
/// the text does not move from page to page. `None` where some page's text would not fit
/// in that width: then each page's text takes what its own board leaves.
fn book_width(book: &Book, say: Say, area: Rect) -> Option<u16> {
    let lines = crate::each_game!(kind book.game, G => <G as Input>::CELL_LINES);
    let width = PageLayout::text_width(largest_board(book), lines, area)?;
    let mut scenes = book.pages().iter().enumerate().flat_map(|(page, content)| {
        (0..content.scenes.len()).map(move |scene| Book { page, scene, contents: None, ..*book })
    });
    scenes.all(|scene| fits_with(&scene, Some(width), say, area)).then_some(width)
}

/// The largest board of any scene of `book`.
fn largest_board(book: &Book) -> crate::rules::hex::Board {
    let boards =
        book.pages().iter().flat_map(|page| page.scenes).filter_map(|scene| scene.position(book.game).ok());
    let boards = boards.map(|position| crate::each_game!(&position, p => p.board()));
    boards.max_by_key(|board| board.side()).unwrap_or(crate::each_game!(kind book.game, G => G::BOARDS[0]))
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
