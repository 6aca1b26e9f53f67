//! Where things go on the screen: the game screen's areas and board, a rules page's board
//! and text, and where each cell of a hex board is drawn. Pure arithmetic, used by the
//! drawing code and by mouse clicks alike, so a click lands on what is drawn there. (The
//! menu's own is in [`menu`](super::menu).)

use crate::rules::hex::{Board, Cell};
use ratatui::layout::{Constraint, Layout, Position, Rect};

/// The width of a cell on screen: a mark, up to three characters, a mark.
pub(crate) const SLOT: u16 = 5;
/// The width of the side panel.
pub(crate) const PANEL_WIDTH: u16 = 30;
/// The side panel's width where the board does not fit beside a full one: a 60-column
/// terminal still plays the usual boards.
const NARROW_PANEL: u16 = 22;
/// From this width on, a review's panel grows with the terminal, up to this many columns.
const REVIEW_WIDE: u16 = 100;
const REVIEW_PANEL_MOST: u16 = 64;
/// The fewest lines the side panel needs to be useful.
const PANEL_HEIGHT: u16 = 14;

/// The areas of a game screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Areas {
    /// The title line at the top.
    pub title: Rect,
    /// Two lines above the board where the end of the game is announced.
    pub banner: Rect,
    /// The board, left of the panel.
    pub board: Rect,
    /// The side panel, on the right.
    pub panel: Rect,
    /// Two lines under the board and panel for what just happened.
    pub message: Rect,
    pub(crate) hints: Rect,
}

impl Areas {
    /// The areas of `area`, with a side panel of the usual width.
    #[cfg(test)]
    pub(crate) fn split(area: Rect) -> Areas {
        Areas::split_with(area, PANEL_WIDTH)
    }

    /// The areas with a side panel `panel` columns wide.
    pub(crate) fn split_with(area: Rect, panel: u16) -> Areas {
        let [title, body, message, hints] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(0),
            Constraint::Length(2),
            Constraint::Length(1),
        ])
        .areas(area);
        let [left, panel] = Layout::horizontal([Constraint::Min(0), Constraint::Length(panel)]).areas(body);
        let [banner, board] = Layout::vertical([Constraint::Length(2), Constraint::Min(0)]).areas(left);
        Areas { title, banner, board, panel, message, hints }
    }

    /// The board's area cut to `width` and the panel moved next to it, the two centred
    /// together: a wide terminal leaves its room around them, not between them. A board
    /// area with little to spare is left as it is.
    fn close_up(self, width: u16) -> Areas {
        let spare = self.board.width.saturating_sub(width);
        if spare < CLOSE_UP {
            return self;
        }
        let board = Rect { x: self.board.x + spare / 2, width, ..self.board };
        let banner = Rect { x: board.x, width, ..self.banner };
        let panel = Rect { x: board.right(), ..self.panel };
        Areas { board, banner, panel, ..self }
    }
}

/// How many columns the board's area may have to spare before the panel moves closer.
const CLOSE_UP: u16 = 16;

/// The columns between the board's labels and the panel.
const GAP: u16 = 4;

/// A game screen laid out: its areas, and its board in the board area.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct GameLayout {
    /// The screen's areas.
    pub areas: Areas,
    /// The board, laid out in its area.
    pub board: BoardLayout,
}

impl GameLayout {
    /// The layout of a game on `board`, cells `lines` high, in `area`; `None` if the
    /// board or the panel does not fit.
    /// The panel narrows where the board would not fit beside it.
    pub(crate) fn fit(board: Board, lines: u16, area: Rect) -> Option<GameLayout> {
        let (areas, layout) = [PANEL_WIDTH, NARROW_PANEL].into_iter().find_map(|panel| {
            let areas = Areas::split_with(area, panel);
            let layout = BoardLayout::fit(board, SLOT, lines, areas.board)
                .filter(|_| areas.panel.height >= PANEL_HEIGHT)?;
            Some((areas, layout))
        })?;
        let areas = areas.close_up(layout.width() + GAP);
        let layout = BoardLayout::fit(board, SLOT, lines, areas.board)?;
        Some(GameLayout { areas, board: layout })
    }

    /// The layout of a review: a game's, its panel (the graph) taking half of every column
    /// past [`REVIEW_WIDE`], up to [`REVIEW_PANEL_MOST`] wide, where the board still fits.
    pub(crate) fn fit_review(board: Board, lines: u16, area: Rect) -> Option<GameLayout> {
        let panel = PANEL_WIDTH + area.width.saturating_sub(REVIEW_WIDE) / 2;
        let areas = Areas::split_with(area, panel.min(REVIEW_PANEL_MOST));
        match BoardLayout::fit(board, SLOT, lines, areas.board).filter(|_| areas.panel.height >= PANEL_HEIGHT)
        {
            Some(layout) => Some(GameLayout { areas, board: layout }),
            None => GameLayout::fit(board, lines, area),
        }
    }

    /// The smallest terminal a game on `board` needs, cells `lines` high.
    pub(crate) fn needed(board: Board, lines: u16) -> (u16, u16) {
        let (width, height) = BoardLayout::smallest(board, SLOT, lines);
        (width + NARROW_PANEL, (height + 2).max(PANEL_HEIGHT) + 4)
    }
}

/// A review's side panel laid out, inside its frame: the graph of Blue's chance (half the
/// panel, at least [`REVIEW_GRAPH`] lines), the players' summary, the list of turns.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct ReviewPanel {
    /// The graph of Blue's chance.
    pub graph: Rect,
    /// The chart of each turn's time, in a game on time (else no room).
    pub times: Rect,
    pub(crate) summary: Rect,
    /// The list of turns.
    pub list: Rect,
}

/// The fewest lines a review's graph takes, its title included.
pub(crate) const REVIEW_GRAPH: u16 = 8;

impl ReviewPanel {
    /// The panel laid out in `panel`, for a game not on time.
    #[cfg(test)]
    pub(crate) fn new(panel: Rect) -> ReviewPanel {
        ReviewPanel::timed(panel, false)
    }

    /// The panel of a review, with room under the graph for the chart of each turn's time
    /// when the game was `timed`.
    pub(crate) fn timed(panel: Rect, timed: bool) -> ReviewPanel {
        let inner = panel.inner(ratatui::layout::Margin::new(1, 1));
        let [graph, times, summary, list] = Layout::vertical([
            Constraint::Length(REVIEW_GRAPH.max(inner.height / 2).saturating_sub(if timed { 2 } else { 0 })),
            Constraint::Length(if timed { 2 } else { 0 }),
            Constraint::Length(3),
            Constraint::Min(0),
        ])
        .areas(inner);
        ReviewPanel { graph, times, summary, list }
    }

    /// Where the graph plots, under its title and right of its one-letter axis labels and
    /// axis line.
    pub(crate) fn plot(&self) -> Rect {
        Rect::new(
            self.graph.x + 2,
            self.graph.y + 1,
            self.graph.width.saturating_sub(2),
            self.graph.height.saturating_sub(1),
        )
    }

    /// The position of a game of `last` turns plotted at `column`, if the column is on the plot.
    pub(crate) fn position_at(&self, column: u16, row: u16, last: usize) -> Option<usize> {
        let plot = self.plot();
        if !plot.contains(Position::new(column, row)) || plot.width < 2 {
            return None;
        }
        let share = f64::from(column - plot.x) / f64::from(plot.width - 1);
        Some((share * last as f64).round() as usize)
    }
}

/// The first of `count` lines a list `rows` high shows, so that line `at` is in sight, in
/// the middle when it can be.
pub(crate) fn scrolled(at: usize, count: usize, rows: usize) -> usize {
    at.saturating_sub(rows / 2).min(count.saturating_sub(rows))
}

/// A rules page laid out: title, body (the board on the left, the text on the right), hints.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct PageLayout {
    /// The page's title.
    pub title: Rect,
    pub(crate) hints: Rect,
    /// The scene's board, on the left.
    pub board: BoardLayout,
    /// The page's text, right of the board.
    pub text: Rect,
}

impl PageLayout {
    /// A page laid out: the text takes what the board leaves, between 28 and 60 columns;
    /// `None` if even then the board does not fit. A book whose pages agree on a text
    /// `width` (see [`PageLayout::text_width`]) gives it, so that the text starts at the same
    /// column on every page; the page's own board takes the rest. Without it, or where the
    /// board does not fit beside it, the text is as wide as the page's own board leaves.
    pub(crate) fn fit_in_book(
        board: Board,
        width: Option<u16>,
        lines: u16,
        area: Rect,
    ) -> Option<PageLayout> {
        let [title, body, hints] = PageLayout::rows(area);
        let own = PageLayout::fit_text(board, lines, body)?;
        let (layout, text_width) = match width {
            Some(width) if width < own.1 => {
                let board_area = Rect { width: body.width.saturating_sub(width), ..body };
                BoardLayout::fit(board, SLOT, lines, board_area).map_or(own, |layout| (layout, width))
            }
            _ => own,
        };
        let text = Rect::new(body.right().saturating_sub(text_width), body.y, text_width, body.height);
        Some(PageLayout { title, hints, board: layout, text })
    }

    /// A page too narrow for the board beside the text: the text across the top, `text_rows`
    /// high, and the board under it, as large as the rest leaves; `None` if it does not fit.
    pub(crate) fn stacked(board: Board, lines: u16, text_rows: u16, area: Rect) -> Option<PageLayout> {
        let [title, body, hints] = PageLayout::rows(area);
        let [text, _, below] =
            Layout::vertical([Constraint::Length(text_rows), Constraint::Length(1), Constraint::Min(0)])
                .areas(body);
        let board = BoardLayout::fit(board, SLOT, lines, below)?;
        Some(PageLayout { title, hints, board, text })
    }

    /// A page's title line, its body and its hint line.
    pub(crate) fn rows(area: Rect) -> [Rect; 3] {
        Layout::vertical([Constraint::Length(1), Constraint::Min(0), Constraint::Length(1)]).areas(area)
    }

    /// The width of the text beside `board` in `area`, as [`PageLayout::fit_in_book`] makes it.
    pub(crate) fn text_width(board: Board, lines: u16, area: Rect) -> Option<u16> {
        let [_, body, _] = PageLayout::rows(area);
        PageLayout::fit_text(board, lines, body).map(|(_, width)| width)
    }

    /// The board's layout and the text's width beside it in the page's `body`: the widest
    /// text (28 to 60 columns) that leaves the board room.
    fn fit_text(board: Board, lines: u16, body: Rect) -> Option<(BoardLayout, u16)> {
        (28..=body.width.saturating_sub(20).max(28)).rev().step_by(2).find_map(|text_width| {
            let board_area = Rect { width: body.width.saturating_sub(text_width), ..body };
            BoardLayout::fit(board, SLOT, lines, board_area).map(|layout| (layout, text_width.min(60)))
        })
    }
}

/// Spacings to try, roomiest first: columns per half-cell step, lines per row. The
/// roomiest is as far as a board usefully grows: beyond it, cells drift apart.
const SPACINGS: [(u16, u16); 8] = [(8, 4), (7, 4), (6, 3), (5, 3), (4, 3), (4, 2), (3, 2), (3, 1)];

/// Where the cells of one board are drawn in one area. A cell at letter `c`, number `r`
/// is centred on column `2c - r` (in half-cell steps) of row `r`, counted from the bottom:
/// that is what makes the six neighbours surround it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct BoardLayout {
    board: Board,
    /// The screen column of half-step 0 and the screen line of row 0.
    left: i32,
    bottom: i32,
    unit: u16,
    line: u16,
    slot: u16,
}

impl BoardLayout {
    /// Half-steps from the left edge (the row labels) to the right edge (the last letter).
    fn span(board: Board) -> u16 {
        4 * u16::from(board.side()) - 1
    }

    fn size(board: Board, slot: u16, (unit, line): (u16, u16)) -> (u16, u16) {
        (BoardLayout::span(board) * unit + slot, (2 * u16::from(board.side()) - 1) * line + 1)
    }

    /// The roomiest layout of `board`, with cells `slot` columns wide and `lines` high,
    /// that fits in `area`.
    pub(crate) fn fit(board: Board, slot: u16, lines: u16, area: Rect) -> Option<BoardLayout> {
        let spacing = BoardLayout::spacings(lines).find(|&spacing| {
            let (width, height) = BoardLayout::size(board, slot, spacing);
            width <= area.width && height <= area.height
        })?;
        let (width, height) = BoardLayout::size(board, slot, spacing);
        let n = i32::from(board.side());
        let (unit, line) = (i32::from(spacing.0), i32::from(spacing.1));
        let x0 = i32::from(area.x) + i32::from((area.width - width) / 2) + i32::from(slot / 2);
        let y0 = i32::from(area.y) + i32::from((area.height - height) / 2);
        Some(BoardLayout {
            board,
            // Half-step -(n+1) (the leftmost row label) sits at the left edge.
            left: x0 + (n + 1) * unit,
            // Row 2n-2 is the top line; the letters sit one row below row 0.
            bottom: y0 + (2 * n - 2) * line,
            unit: spacing.0,
            line: spacing.1,
            slot,
        })
    }

    /// The spacings that leave cells `lines` lines high, roomiest first.
    fn spacings(lines: u16) -> impl Iterator<Item = (u16, u16)> {
        SPACINGS.into_iter().filter(move |&(_, line)| line >= lines)
    }

    /// The smallest area a board fits in, with cells `lines` high.
    fn smallest(board: Board, slot: u16, lines: u16) -> (u16, u16) {
        let tightest = BoardLayout::spacings(lines).last().unwrap_or(SPACINGS[0]);
        BoardLayout::size(board, slot, tightest)
    }

    /// The board laid out.
    pub(crate) fn board(&self) -> Board {
        self.board
    }

    /// How many columns the board takes, its labels included.
    pub(crate) fn width(&self) -> u16 {
        BoardLayout::size(self.board, self.slot, (self.unit, self.line)).0
    }

    /// The screen position of half-step `x`, row `r` (which may be off the board).
    fn point(&self, x: i32, r: i32) -> (u16, u16) {
        let column = self.left + x * i32::from(self.unit);
        let line = self.bottom - r * i32::from(self.line);
        (column.max(0) as u16, line.max(0) as u16)
    }

    /// The centre of `cell`.
    pub(crate) fn centre(&self, cell: Cell) -> (u16, u16) {
        let (c, r) = (i32::from(cell.col()), i32::from(cell.row()));
        self.point(2 * c - r, r)
    }

    /// The slot where `cell` is drawn.
    pub(crate) fn slot_of(&self, cell: Cell) -> Rect {
        let (x, y) = self.centre(cell);
        Rect::new(x - self.slot / 2, y, self.slot, 1)
    }

    /// The cell drawn at a screen position, if any: the nearest centre on that line.
    pub(crate) fn cell_at(&self, column: u16, line: u16) -> Option<Cell> {
        self.board.cells().find(|&cell| {
            let (x, y) = self.centre(cell);
            y == line && column + self.unit > x && column < x + self.unit
        })
    }

    /// Where each row number is written: left of the row's first cell.
    pub(crate) fn row_labels(&self) -> Vec<(String, (u16, u16))> {
        let n = i32::from(self.board.side());
        (0..2 * n - 1)
            .map(|r| {
                let first = (r - (n - 1)).max(0);
                (format!("{}", r + 1), self.point(2 * (first - 1) - r, r))
            })
            .collect()
    }

    /// Where each letter is written: one step down-right of its column's lowest cell.
    pub(crate) fn column_labels(&self) -> Vec<(String, (u16, u16))> {
        let n = i32::from(self.board.side());
        (0..2 * n - 1)
            .map(|c| {
                let lowest = (c - (n - 1)).max(0);
                let cell = Cell::new(c as u8, 0);
                let letter = cell.to_string()[..1].to_string();
                (letter, self.point(2 * c - (lowest - 1), lowest - 1))
            })
            .collect()
    }
}

/// `text` in lines of at most `width` columns, cut between words.
pub(crate) fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_is_found_where_it_is_drawn() {
        for side in 2..=6 {
            let board = Board::new(side).unwrap();
            let layout = BoardLayout::fit(board, 5, 1, Rect::new(3, 2, 200, 80)).unwrap();
            for cell in board.cells() {
                let (x, y) = layout.centre(cell);
                assert_eq!(layout.cell_at(x, y), Some(cell));
                assert_eq!(layout.cell_at(x - 2, y), Some(cell));
                assert_eq!(layout.cell_at(x + 2, y), Some(cell));
            }
        }
    }

    #[test]
    fn a_small_area_gets_no_layout() {
        let board = Board::SIDE_4;
        assert!(BoardLayout::fit(board, 5, 1, Rect::new(0, 0, 20, 6)).is_none());
        for lines in [1, 2] {
            let (width, height) = GameLayout::needed(board, lines);
            assert!(width <= 80 && height <= 24, "side 4 fits in 80x24: {width}x{height}");
        }
    }
}
