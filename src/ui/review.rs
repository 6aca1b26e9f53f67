//! The review screen: the board before the turn on view, with the turn played and the
//! computer's better one marked; beside it the graph of Blue's chance, each player's
//! counts and accuracy, and the turns with their signs; under it what the turn did.

use super::board;
use super::game::Look;
use super::say::Say;
use crate::ai::review::Class;
use crate::app::component::Component;
use crate::app::layout::{GameLayout, ReviewPanel, scrolled};
use crate::app::review::{ReviewScreen, Reviewing};
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::rules::Colour;
use crate::theme::{self, Mark};
use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType, Paragraph};

pub(super) fn draw<G: Look>(screen: &ReviewScreen<G>, say: Say, area: Rect, frame: &mut Frame) {
    let review = &screen.review;
    let board = review.positions[0].board();
    let Some(layout) = GameLayout::fit_review(board, G::CELL_LINES, area) else {
        return super::room::draw_too_small(GameLayout::needed(board, G::CELL_LINES), say, area, frame);
    };
    let areas = layout.areas;
    let shown = review.positions[review.at];
    let (looked, total) = review.progress();
    let heading = format!(" {} · {}", say.word(REVIEW_TITLE), say.text(&G::title(board)));
    let mut title = vec![Span::styled(heading, theme::TITLE)];
    if !review.done() {
        // A bar of the positions looked at, as long as the title leaves room for.
        let label = say.text(&text!(REVIEW_PROGRESS, looked, total));
        let used = title[0].width() + label.chars().count() + 4;
        let room = 20.min(usize::from(area.width).saturating_sub(used));
        let done = room * looked / total.max(1);
        let bar = format!(" · {label} {}{}", "▓".repeat(done), "░".repeat(room - done));
        title.push(Span::styled(bar, theme::HINTS));
    }
    title.extend(offer(screen, say, title.iter().map(Span::width).sum(), areas.title.width));
    frame.render_widget(Line::from(title), areas.title);
    match &review.trial {
        Some(trial) => {
            let table = &trial.table;
            let position = G::shown(table);
            let cursor = trial.tried.is_none().then_some(table.cursor().cell);
            let lit = G::lit(table, Some(table.cursor().cell), None);
            board::draw(&layout.board, frame.buffer_mut(), (&lit, cursor), say.theme, |cell, style| {
                position.write(cell, style, say)
            });
        }
        None => {
            board::draw(
                &layout.board,
                frame.buffer_mut(),
                (&review.lit(), None),
                say.theme,
                |cell, style| shown.write(cell, style, say),
            );
        }
    }
    frame.render_widget(Paragraph::new(banner(screen, say)).alignment(Alignment::Center), areas.banner);
    draw_panel(review, screen.game.time_control(), say, areas.panel, frame);
    super::game::draw_message(review.status.message(), say, areas.message, frame);
    let keys = super::room::fit_hints(&say.hints(screen.context()), areas.hints.width);
    frame.render_widget(Line::styled(keys, theme::HINTS), areas.hints);
}

/// At the end of the title line, where it fits: the puzzles the review made of the
/// player's mistakes, and the key that opens them.
fn offer<G: Look>(screen: &ReviewScreen<G>, say: Say, used: usize, width: u16) -> Vec<Span<'static>> {
    let Some(count) = screen.own_puzzles.found.as_ref().map(Vec::len).filter(|count| *count > 0) else {
        return Vec::new();
    };
    let offer = Span::styled(format!("{} ", say.text(&text!(MINE_OFFER, count))), say.theme.success);
    match usize::from(width).checked_sub(used + offer.width() + 1) {
        Some(room) => vec![Span::raw(" ".repeat(room + 1)), offer],
        None => Vec::new(),
    }
}

/// Above the board: which turn is on view and who played it, or the trial under way.
fn banner<G: Look>(screen: &ReviewScreen<G>, say: Say) -> Vec<Line<'static>> {
    let review = &screen.review;
    let total = review.turns.len();
    let name = |colour: Colour| match screen.game.players.name(colour) {
        Some(name) => text!(PLAYER_NAMED, colour, name),
        None => crate::i18n::colour(colour),
    };
    let first = match review.turns.get(review.at) {
        Some(turn) => {
            let mover = review.positions[review.at].to_move();
            let sign = review.judged_at().map_or("", |judged| judged.class.sign());
            Line::from(vec![
                Span::raw(say.text(&text!(REVIEW_TURN_OF, review.at + 1, total))),
                Span::raw(" · "),
                Span::styled(format!("{} {turn}{sign}", say.text(&name(mover))), say.theme.player(mover)),
            ])
        }
        None => Line::raw(say.text(&text!(REVIEW_AT_END, total))),
    };
    let second = match (&review.trial, review.judged_at()) {
        (Some(_), _) => Line::styled(say.word(REVIEW_TRYING), theme::HEADING),
        (None, Some(judged)) if judged.better.is_some() => Line::styled(
            say.text(&text!(REVIEW_MARKS, Mark::Last.symbol(), Mark::Better.symbol())),
            theme::HINTS,
        ),
        (None, _) => Line::styled(say.text(&text!(REVIEW_MARKS_PLAYED, Mark::Last.symbol())), theme::HINTS),
    };
    vec![first, second]
}

/// The panel: the graph, each player's summary, the turns with their signs.
fn draw_panel<G: Look>(
    review: &Reviewing<G>,
    control: Option<crate::clock::TimeControl>,
    say: Say,
    area: Rect,
    frame: &mut Frame,
) {
    let title = say.text(&text!(REVIEW_PANEL, review.level.number()));
    // A game on time names its time control beside the title, as its game's panel does.
    let title = match control {
        Some(control) => format!(" {title} · {control} "),
        None => format!(" {title} "),
    };
    frame.render_widget(Block::bordered().title(title), area);
    let ReviewPanel { graph, times, summary, list } = ReviewPanel::timed(area, review.timed());
    draw_graph(review, say, graph, frame);
    super::clock::draw_times(review, say, times, frame);
    let head = format!("{:<6}{:>9} {:>3} {:>3} {:>3}", "", say.word(REVIEW_ACCURACY), "?!", "?", "??");
    let mut lines = vec![Line::styled(head, theme::HINTS)];
    lines.extend(review.summaries().iter().map(|summary| {
        Line::from(vec![
            Span::styled(
                format!("{:<6}", say.text(&crate::i18n::colour(summary.side))),
                say.theme.player(summary.side),
            ),
            Span::raw(format!(
                "{:>7} % {:>3} {:>3} {:>3}",
                summary.accuracy.round() as u32,
                summary.inaccuracies,
                summary.mistakes,
                summary.blunders
            )),
        ])
    }));
    frame.render_widget(Paragraph::new(lines), summary);
    draw_turns(review, say, list, frame);
}

/// Blue's chance over the game: a braille line, the turn on view a column of dots.
fn draw_graph<G: Look>(review: &Reviewing<G>, say: Say, area: Rect, frame: &mut Frame) {
    let points: Vec<(f64, f64)> = review
        .looked
        .iter()
        .enumerate()
        .filter_map(|(at, looked)| looked.as_ref().map(|looked| (at as f64, looked.blue)))
        .collect();
    let at = review.at as f64;
    let marker: Vec<(f64, f64)> = (0..=8).map(|step| (at, f64::from(step) / 8.0)).collect();
    let last = review.turns.len().max(1) as f64;
    let datasets = vec![
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(say.theme.player(Colour::Blue))
            .data(&points),
        Dataset::default()
            .marker(Marker::Dot)
            .graph_type(GraphType::Scatter)
            .style(Style::new())
            .data(&marker),
    ];
    let chart = Chart::new(datasets)
        .block(Block::new().title(Line::styled(say.word(REVIEW_GRAPH), theme::HINTS)))
        .x_axis(Axis::default().bounds([0.0, last]))
        .y_axis(
            Axis::default()
                .bounds([0.0, 1.0])
                .labels([
                    Span::raw(say.word(REVIEW_RED_SHORT)),
                    Span::raw("½"),
                    Span::raw(say.word(REVIEW_BLUE_SHORT)),
                ])
                .style(theme::LABEL),
        );
    frame.render_widget(chart, area);
}

/// The turns, one a line with its sign, the one on view shown reversed and kept in sight.
fn draw_turns<G: Look>(review: &Reviewing<G>, say: Say, area: Rect, frame: &mut Frame) {
    let sides = [say.word(REVIEW_BLUE_SHORT), say.word(REVIEW_RED_SHORT)];
    let lines = review.list_lines(usize::from(area.width), [&sides[0], &sides[1]]);
    let at_line = review.list_line_at(&lines);
    let first = scrolled(at_line, lines.len(), usize::from(area.height));
    let shown = lines.into_iter().skip(first).take(usize::from(area.height)).map(|line| {
        let n = line.turn;
        let mover = review.positions[n].to_move();
        let class = review.judged.get(n).and_then(Option::as_ref).map(|judged| judged.class);
        let style = if n == review.at { theme::CHOSEN } else { Style::new() };
        // The number and side in the mover's colour, the turn in its class's style, its time
        // quieter.
        Line::from(vec![
            Span::styled(line.lead, say.theme.player(mover)),
            Span::styled(line.text, style.patch(class_style(class, say.theme))),
            Span::styled(line.time, theme::HINTS),
        ])
    });
    frame.render_widget(Paragraph::new(shown.collect::<Vec<_>>()), area);
}

/// A turn marked `?`, `??` reads as a warning; `?!` is only bold.
fn class_style(class: Option<Class>, theme: &crate::theme::Theme) -> Style {
    match class {
        Some(Class::Mistake | Class::Blunder) => theme.warning,
        Some(Class::Inaccuracy) => theme::TITLE,
        _ => Style::new(),
    }
}

/// What the review's marks and signs mean, for the help: short lines, one a mark or sign.
pub(super) fn help(say: Say) -> Vec<Line<'static>> {
    use crate::ai::review::{BLUNDER, INACCURACY, MISTAKE};
    let points = |loss: f64| (loss * 100.0).round() as u32;
    vec![
        Line::raw(format!("{} {}", Mark::Last.symbol(), say.word(REVIEW_HELP_PLAYED))),
        Line::raw(format!("{} {}", Mark::Better.symbol(), say.word(REVIEW_HELP_BETTER))),
        Line::raw(format!("?!  {}", say.text(&text!(REVIEW_HELP_INACCURACY, points(INACCURACY))))),
        Line::raw(format!("?   {}", say.text(&text!(REVIEW_HELP_MISTAKE, points(MISTAKE))))),
        Line::raw(format!("??  {}", say.text(&text!(REVIEW_HELP_BLUNDER, points(BLUNDER))))),
        Line::raw(say.word(REVIEW_HELP_POINTS)),
    ]
}
