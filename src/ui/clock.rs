//! Clocks on screen: each side's time in a game's panel, and the chart of each turn's time
//! under a review's graph.

use super::say::Say;
use crate::app::game::GameScreen;
use crate::app::layout::wrap_words;
use crate::app::review::Reviewing;
use crate::app::table::Input;
use crate::clock::{self, ClubClock, LOW, shown_days};
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::rules::Colour;
use crate::theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use std::time::Duration;

/// Marks the running clock (`‖` while the game is paused).
const RUNNING: &str = "▶";
const PAUSED: &str = "‖";
/// Marks a clock under [`LOW`] (a correspondence turn's under a sixth of its allowance), in
/// any colours or none.
const SHORT: &str = "!";

/// In a game on time, a line a side for the top of its panel: the running clock marked,
/// the side's name, its time left (`m:ss`, tenths under 10 s), and under 20 s the warning
/// colour and a `!`. A correspondence game's lines instead where the club gave a deadline
/// ([`daily_lines`]); nothing in a game without clocks.
pub(super) fn panel_lines<G: Input>(game: &GameScreen<G>, say: Say) -> Vec<Line<'static>> {
    let Some((left, running)) = game.table.read(|record| {
        let clock = record.clock()?;
        let ([blue, red], _) = clock.kept();
        Some(([blue, red], clock.running()))
    }) else {
        return daily_lines(game, say);
    };
    let paused = game.paused;
    [Colour::Blue, Colour::Red]
        .into_iter()
        .map(|colour| {
            let left = left[colour.index()];
            let mover = running == Some(colour) || (paused && game.table.to_move() == colour);
            let mark = match (mover, paused) {
                (true, true) => PAUSED,
                (true, false) => RUNNING,
                (false, _) => " ",
            };
            clock_line((colour, mark, mover), clock::shown(left), left < LOW, say)
        })
        .collect()
}

/// In a correspondence game at the club, a line a side: the side to move marked, with its
/// time left to the deadline (`2d 5h`), in the warning colour and with a `!` under a sixth
/// of the allowance; the other side, the whole allowance its turn will bring (`3d 0h`).
/// Nothing once the game is over, or without a deadline.
fn daily_lines<G: Input>(game: &GameScreen<G>, say: Say) -> Vec<Line<'static>> {
    let Some(due) = game.daily_due() else { return Vec::new() };
    let allowance = game.club_clock.and_then(ClubClock::allowance);
    let to_move = game.table.to_move();
    [Colour::Blue, Colour::Red]
        .into_iter()
        .map(|colour| match colour == to_move {
            true => {
                let short = allowance.is_some_and(|allowance| due.short(allowance));
                clock_line((colour, RUNNING, true), due.shown(), short, say)
            }
            false => {
                clock_line((colour, " ", false), allowance.map(shown_days).unwrap_or_default(), false, say)
            }
        })
        .collect()
}

/// A side's clock line: its `mark`, its name, its time `shown`; the side to move's (`mover`)
/// in bold, a `short` time in the warning colour and with a `!`, in any colours or none.
fn clock_line(
    (colour, mark, mover): (Colour, &str, bool),
    shown: String,
    short: bool,
    say: Say,
) -> Line<'static> {
    let mut style = if mover { theme::TITLE } else { Style::new() };
    if short {
        style = style.patch(say.theme.warning);
    }
    let name = say.text(&crate::i18n::colour(colour));
    Line::from(vec![
        Span::raw(format!("{mark} ")),
        Span::styled(format!("{name:<7}"), say.theme.player(colour)),
        Span::styled(format!("{shown:>7}"), style),
        Span::styled(if short { format!(" {SHORT}") } else { String::new() }, style),
    ])
}

/// Where the board was: a paused game hides it, so that nobody thinks on it for free.
pub(super) fn draw_paused(say: Say, area: Rect, frame: &mut Frame) {
    let width = usize::from(area.width.saturating_sub(2)).max(1);
    let mut lines: Vec<Line> = wrap_words(&say.word(TIME_PAUSED), width)
        .into_iter()
        .map(|line| Line::styled(line, theme::TITLE))
        .collect();
    lines.push(Line::styled(say.word(TIME_PAUSED_KEYS), theme::HINTS));
    let height = (lines.len() as u16).min(area.height);
    let middle = Rect::new(area.x, area.y + area.height.saturating_sub(height) / 2, area.width, height);
    frame.render_widget(Paragraph::new(lines).alignment(ratatui::layout::Alignment::Center), middle);
}

/// The bars of the chart, lowest first: a turn that took no time still shows.
const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// What each turn took, as a bar in its player's colour, one column a turn (or a few, on a
/// long game), the turn on view shown reversed; over it, the longest turn's time.
pub(super) fn draw_times<G: Input>(review: &Reviewing<G>, say: Say, area: Rect, frame: &mut Frame) {
    let longest = review.spent.iter().flatten().max().copied().unwrap_or_default();
    if area.height < 2 || review.spent.is_empty() || !review.timed() {
        return;
    }
    // The longest turn with its unit, in the shorter words where the longer do not fit.
    let figure = crate::clock::spent(longest);
    let title = [REVIEW_TIMES, REVIEW_TIMES_SHORT]
        .map(|key| say.text(&text!(key, figure.clone())))
        .into_iter()
        .find(|title| title.chars().count() <= usize::from(area.width))
        .unwrap_or_else(|| say.text(&text!(REVIEW_TIMES_SHORT, figure.clone())));
    let count = review.spent.len();
    let columns = count.min(usize::from(area.width).max(1));
    let turn = |column: usize| column * (count - 1) / columns.saturating_sub(1).max(1);
    let marked =
        (0..columns).min_by_key(|&column| turn(column).abs_diff(review.at)).filter(|_| review.at < count);
    let bars = (0..columns).map(|column| {
        let spent = review.spent[turn(column)].unwrap_or_default();
        let bar = BARS[bar(spent, longest)].to_string();
        let mover = review.positions[turn(column)].to_move();
        let style = if Some(column) == marked { theme::CHOSEN } else { say.theme.player(mover) };
        Span::styled(bar, style)
    });
    let lines = vec![Line::styled(title, theme::HINTS), Line::from(bars.collect::<Vec<_>>())];
    frame.render_widget(Paragraph::new(lines), area);
}

/// Which bar `spent` takes when the longest turn took `longest`.
fn bar(spent: Duration, longest: Duration) -> usize {
    match longest.is_zero() {
        true => 0,
        false => (spent.as_secs_f64() / longest.as_secs_f64() * 7.0).round().clamp(0.0, 7.0) as usize,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_turn_fills_its_bar_and_none_is_lower_than_the_lowest() {
        let s = Duration::from_secs;
        assert_eq!(bar(s(10), s(10)), 7);
        assert_eq!(bar(s(5), s(10)), 4);
        assert_eq!(bar(Duration::ZERO, s(10)), 0);
        assert_eq!(bar(Duration::ZERO, Duration::ZERO), 0);
    }
}
