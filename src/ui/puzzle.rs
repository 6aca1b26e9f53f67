//! The puzzle screen, drawn as the game screen is (the same board, marks and panel's
//! move list): what to find in the title, the player's rating and the puzzle's in the
//! panel, Solved or Failed over the board once it is over; the history view, the rating
//! over time as a chart; and the list of themes, each with its count.

use super::board;
use super::game::{Look, draw_message};
use super::panel::Panel;
use super::say::Say;
use crate::app::layout::GameLayout;
use crate::app::puzzle::{PuzzleScreen, View};
use crate::app::solving::{Solving, Stage};
use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use crate::puzzles::history::History;
use crate::theme;
use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Sparkline, Wrap};

/// Draws the puzzle screen, its history view, or why there is no puzzle.
pub(super) fn draw(screen: &PuzzleScreen, say: Say, area: Rect, frame: &mut Frame) {
    match (&screen.board, screen.view) {
        (_, View::History) => draw_history(screen, say, area, frame),
        (_, View::Themes) => draw_themes(screen, say, area, frame),
        (Some(board), View::Board) => {
            crate::each_game!(board, board => draw_board(screen, board, say, area, frame))
        }
        (None, View::Board) => {
            let why = screen.note.clone().unwrap_or_else(|| text!(PUZZLE_NONE));
            let lines = vec![
                Line::styled(say.text(&why), say.theme.warning),
                Line::raw(""),
                Line::styled(say.hints(screen_context(screen)), theme::HINTS),
            ];
            let text = Paragraph::new(lines).alignment(Alignment::Center).wrap(Wrap { trim: true });
            frame.render_widget(text, super::room::centred(area, area.width, 4));
        }
    }
}

fn screen_context(screen: &PuzzleScreen) -> crate::app::keys::Context {
    crate::app::component::Component::context(screen)
}

/// The board of the puzzle, as the game screen draws a game.
fn draw_board<G: Look>(screen: &PuzzleScreen, solving: &Solving<G>, say: Say, area: Rect, frame: &mut Frame) {
    let table = &solving.table;
    let board = table.position().board();
    let Some(layout) = GameLayout::fit(board, G::CELL_LINES, area) else {
        return super::room::draw_too_small(GameLayout::needed(board, G::CELL_LINES), say, area, frame);
    };
    let areas = layout.areas;
    let title = Line::from(vec![
        Span::styled(
            format!(" {} · ", say.text(&text!(PUZZLE_TITLE, solving.puzzle.id.clone()))),
            theme::TITLE,
        ),
        Span::styled(say.text(&solving.task()), say.theme.player(solving.solver)),
    ]);
    frame.render_widget(title, areas.title);
    let shown = G::shown(table);
    let cursor = (solving.stage == Stage::Solving).then_some(table.cursor().cell);
    board::draw(&layout.board, frame.buffer_mut(), (&solving.lit(), cursor), say.theme, |cell, style| {
        shown.write(cell, style, say)
    });
    if solving.stage != Stage::Solving {
        let (word, style) = match solving.stage == Stage::Solved {
            true => (PUZZLE_BANNER_SOLVED, say.theme.success),
            false => (PUZZLE_BANNER_FAILED, say.theme.warning),
        };
        let lines = vec![
            Line::styled(say.word(word), style.patch(theme::BANNER)),
            Line::styled(say.word(PUZZLE_BANNER_KEYS), theme::HINTS),
        ];
        frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center), areas.banner);
    }
    draw_panel(screen, solving, say, areas.panel, frame);
    let message = match &screen.note {
        Some(note) => crate::app::table::Message::Warning(note.clone()),
        None => table.status().message().clone(),
    };
    draw_message(&message, say, areas.message, frame);
    let decided = solving.stage != Stage::Solving;
    let hints = say.keys.hints_of_puzzle(say.lang, screen.leaving, decided);
    frame.render_widget(
        Line::styled(super::room::fit_hints(&hints, areas.hints.width), theme::HINTS),
        areas.hints,
    );
}

/// The panel: the player's rating (and how the last attempt moved it), the streak, the
/// puzzle's rating and themes once it is over; then the turns and the legend.
fn draw_panel<G: Look>(screen: &PuzzleScreen, solving: &Solving<G>, say: Say, area: Rect, frame: &mut Frame) {
    let mut panel = Panel::new(say, area);
    panel.words(screen.rating_line(), theme::HEADING);
    if let Some(streak) = &screen.streak {
        panel.words(text!(PUZZLE_STREAK_ON, streak.solved, screen.best_streak()), theme::HINTS);
    } else if let Some(ended) = screen.streak_ended {
        panel.words(text!(PUZZLE_STREAK_OVER, ended, screen.best_streak()), theme::HINTS);
    }
    if screen.mine.contains(&solving.puzzle.id) {
        panel.words(text!(PUZZLE_MINE), theme::HINTS);
    }
    match &screen.theme {
        Some(kept) => panel.words(text!(PUZZLE_THEME_ON, theme_title(kept)), theme::HINTS),
        None => panel.words(text!(PUZZLE_THEME_KEY), theme::HINTS),
    }
    if solving.stage != Stage::Solving {
        panel.words(text!(PUZZLE_RATED, solving.puzzle.rating), Style::new());
        let themes: Vec<String> =
            solving.puzzle.themes.iter().map(|name| say.text(&theme_title(name))).collect();
        if !themes.is_empty() {
            panel.words(text!(PUZZLE_THEMES, themes.join(", ")), Style::new());
        }
    }
    panel.draw((PUZZLE_PANEL, &solving.table), (G::MARKS, G::FIRST), area, frame);
}

/// A theme's title in words; a name no game gives, as it is.
fn theme_title(name: &str) -> Text {
    crate::puzzles::theme_words(name).map_or_else(|| text!(PLAIN, name.to_string()), |(title, _)| title)
}

/// The themes of the puzzles, each with how many have it, every puzzle first; what the
/// one chosen means below them.
fn draw_themes(screen: &PuzzleScreen, say: Say, area: Rect, frame: &mut Frame) {
    let rows = screen.theme_rows();
    let layout = screen.themes_layout(area, rows.len());
    let title = Line::styled(format!(" {}", say.word(PUZZLE_THEMES_TITLE)), theme::TITLE);
    frame.render_widget(title, Rect { height: 1.min(area.height), ..area });
    let name = |theme: &Option<String>| match theme {
        Some(name) => say.text(&theme_title(name)),
        None => say.word(PUZZLE_THEME_ALL),
    };
    let width = usize::from(layout.list.width.saturating_sub(2)).max(1);
    let count_width = rows.iter().map(|(_, count)| count.to_string().len()).max().unwrap_or(1);
    let lines: Vec<Line> = rows
        .iter()
        .enumerate()
        .skip(layout.first)
        .take(usize::from(layout.list.height))
        .map(|(n, (theme, count))| {
            let room = width.saturating_sub(count_width + 1);
            let shown: String = name(theme).chars().take(room).collect();
            let gap = room.saturating_sub(shown.chars().count()) + 1;
            let style = if n == screen.theme_row { theme::CHOSEN } else { Style::new() };
            let kept = if *theme == screen.theme { "•" } else { " " };
            Line::from(vec![
                Span::raw(format!("{kept} ")),
                Span::styled(format!("{shown}{:gap$}{count:>count_width$}", ""), style),
            ])
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), layout.list);
    let chosen = rows.get(screen.theme_row).and_then(|(theme, _)| theme.as_deref());
    let about = match chosen {
        Some(name) => {
            let about =
                crate::puzzles::theme_words(name).map(|(_, about)| say.text(&about)).unwrap_or_default();
            match crate::puzzles::theme_game(name) {
                Some(game) => format!("{} · {about}", game.title()),
                None => about,
            }
        }
        None => say.word(PUZZLE_THEME_ALL_ABOUT),
    };
    let below = area.bottom().saturating_sub(3).max(layout.list.bottom());
    let about_area =
        Rect::new(area.x + 1, below, area.width.saturating_sub(2), area.bottom().saturating_sub(below + 1));
    frame.render_widget(Paragraph::new(about).style(theme::HINTS).wrap(Wrap { trim: true }), about_area);
    if area.height > 0 {
        let hints = Rect::new(area.x, area.bottom() - 1, area.width, 1);
        let keys = super::room::fit_hints(&say.hints(screen_context(screen)), hints.width);
        frame.render_widget(Line::styled(keys, theme::HINTS), hints);
    }
}

/// The history: solved and failed, the rating now, the rating over time as a chart, the
/// latest attempts.
fn draw_history(screen: &PuzzleScreen, say: Say, area: Rect, frame: &mut Frame) {
    let history = &screen.history;
    let [title, body, hints] =
        Layout::vertical([Constraint::Length(1), Constraint::Min(0), Constraint::Length(1)]).areas(area);
    frame.render_widget(Line::styled(format!(" {}", say.word(PUZZLE_HISTORY_TITLE)), theme::TITLE), title);
    let keys = super::room::fit_hints(&say.hints(screen_context(screen)), hints.width);
    frame.render_widget(Line::styled(keys, theme::HINTS), hints);
    let block = Block::bordered();
    let inner = block.inner(body);
    frame.render_widget(block, body);
    let (solved, failed) = history.counts();
    let rating = history.rating();
    let head = vec![
        Line::styled(
            say.text(&text!(PUZZLE_HISTORY_COUNTS, solved, failed, screen.best_streak())),
            theme::HEADING,
        ),
        Line::raw(say.text(&text!(PUZZLE_HISTORY_RATING, rating.shown(), rating.deviation.round() as i64))),
        Line::raw(""),
    ];
    let [head_area, chart_head, chart, list] = Layout::vertical([
        Constraint::Length(3),
        Constraint::Length(1),
        Constraint::Length(6),
        Constraint::Min(0),
    ])
    .areas(inner);
    frame.render_widget(Paragraph::new(head), head_area);
    let shown = shown_ratings(history, chart.width);
    let (Some(lowest), Some(highest)) =
        (shown.iter().copied().reduce(f64::min), shown.iter().copied().reduce(f64::max))
    else {
        frame.render_widget(Line::styled(say.word(PUZZLE_HISTORY_CHART), theme::HINTS), chart_head);
        frame.render_widget(Line::styled(say.word(PUZZLE_HISTORY_NONE), theme::INFO), chart);
        return;
    };
    // The chart's scale: the lowest rating shown at its bottom, the highest at its top.
    let scale = text!(PUZZLE_HISTORY_SCALE, lowest.round() as i64, highest.round() as i64);
    frame.render_widget(Line::styled(say.text(&scale), theme::HINTS), chart_head);
    frame.render_widget(sparkline(&shown, lowest, say.theme), chart);
    frame.render_widget(Paragraph::new(latest(history, say, list.height)), list);
}

/// The rating after each attempt, the latest that fit in `width`.
fn shown_ratings(history: &History, width: u16) -> Vec<f64> {
    let ratings: Vec<f64> = history.attempts().map(|attempt| attempt.rating.rating).collect();
    ratings[ratings.len().saturating_sub(usize::from(width))..].to_vec()
}

/// The `shown` ratings as bars, the `lowest` of them at the bottom of the chart.
fn sparkline(shown: &[f64], lowest: f64, theme: &crate::theme::Theme) -> Sparkline<'static> {
    // A little above the lowest, so that the lowest still shows a bar.
    let data: Vec<u64> = shown.iter().map(|rating| (rating - lowest).round() as u64 + 10).collect();
    Sparkline::default().data(data).style(theme.player(crate::rules::Colour::Blue))
}

/// The latest attempts, newest first, one a line.
fn latest(history: &History, say: Say, room: u16) -> Vec<Line<'static>> {
    let attempts: Vec<_> = history.attempts().collect();
    attempts
        .iter()
        .rev()
        .take(usize::from(room))
        .map(|attempt| {
            let (word, style) = match attempt.solved {
                true => (PUZZLE_HISTORY_SOLVED, say.theme.success),
                false => (PUZZLE_HISTORY_FAILED, say.theme.warning),
            };
            Line::from(vec![
                Span::raw(format!("{}  {:<12} ", attempt.date, attempt.id)),
                Span::styled(format!("{:<10}", say.word(word)), style),
                Span::raw(format!("{:>5}", attempt.rating.shown())),
            ])
        })
        .collect()
}
