//! The game screen, whatever the game: title, board, banner, side panel with the move list
//! and the legend, message and hint lines. What differs is the [`Look`] of each game.

use super::board::{self, CellText};
use super::say::Say;
use super::theme::{self, Mark};
use crate::app::component::Component;
use crate::app::game::{GameScreen, Mode};
use crate::app::layout::GameLayout;
pub(crate) use crate::app::layout::wrap_words;
use crate::app::table::Input;
use crate::app::table::Message;
use crate::i18n::keys::*;
use crate::i18n::{Key, Text, text};
use crate::record::{Computer, End, Players, Record};
use crate::rules::hex::Cell;
use crate::rules::{Colour, Game};
use crate::saved::KeptReview;
use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

/// How a game looks on screen.
pub trait Look: Input {
    /// The player who moves first: the move list's lines start with their turns.
    const FIRST: Colour;
    /// The marks its board uses, for the legend and the help.
    const MARKS: &'static [Mark];
    /// What the board shows beyond the marks, for the help.
    const NOTES: &'static [Key<0>];

    /// A cell's text, in the style of its mark.
    fn write(&self, cell: Cell, style: Style, say: Say) -> CellText;
    /// Lines about the game for the side panel, above the move list: the players, and
    /// what stands at `pointer`.
    fn facts(game: &GameScreen<Self>, pointer: Option<Cell>, say: Say) -> Vec<Line<'static>>;
}

/// Draws the game screen, or says how large the terminal must be.
pub fn draw<G: Look>(game: &GameScreen<G>, say: Say, area: Rect, frame: &mut Frame) {
    let table = &game.table;
    let board = table.position().board();
    let Some(layout) = GameLayout::fit(board, G::CELL_LINES, area) else {
        return super::room::draw_too_small(GameLayout::needed(board, G::CELL_LINES), say, area, frame);
    };
    let areas = layout.areas;
    let shown = G::shown(table);
    // A tried example says so: it is not a game, and it is not kept.
    let name = match game.mode {
        Mode::Tried(_) => text!(GAME_TRY, G::title(board)),
        _ => G::title(board),
    };
    let title = Line::from(vec![
        Span::styled(format!(" {} · ", say.text(&name)), theme::TITLE),
        status(table.end(), table.to_move(), table.skipped(), &game.players, say),
    ]);
    frame.render_widget(title, areas.title);
    // While the computer shows its turn, the player's cursor does not mark the board.
    let cursor = game.computer_showing().is_none().then_some(table.cursor.cell);
    let lit = game.lit();
    board::draw(&layout.board, frame.buffer_mut(), &lit, cursor, |cell, style| shown.write(cell, style, say));
    if let Some(end) = table.end() {
        let lines = vec![
            Line::from(
                status(Some(end), table.to_move(), None, &game.players, say).patch_style(theme::BANNER),
            ),
            Line::styled(say.word(banner_keys(&game.mode)), theme::HINTS),
        ];
        frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center), areas.banner);
    }
    draw_panel(game, say, areas.panel, frame);
    draw_message(&table.message, say, areas.message, frame);
    let hints = crate::app::keys::hints_leaving(game.context(), say.lang, game.leaving);
    frame.render_widget(Line::styled(hints, theme::HINTS), areas.hints);
}

/// The keys that go on from a finished game: a tried example goes back to its page, a
/// shared game can only be left.
fn banner_keys<G: Game>(mode: &Mode<G>) -> Key<0> {
    match mode {
        Mode::Tried(_) => BANNER_KEYS_TRY,
        Mode::Shared(_) => BANNER_KEYS_SHARED,
        Mode::HotSeat | Mode::Against(_) => BANNER_KEYS,
    }
}

/// "Blue to move" (and who had to pass, if someone just did), or how the game ended, in
/// the player's colour.
fn status(
    end: Option<End>,
    to_move: Colour,
    skipped: Option<Colour>,
    players: &Players,
    say: Say,
) -> Span<'static> {
    let name = |colour: Colour| match players.name(colour) {
        Some(name) => text!(PLAYER_NAMED, colour, name),
        None => crate::i18n::colour(colour),
    };
    let (said, style) = match (end, skipped) {
        (None, Some(passed)) => (text!(STATUS_SKIPPED, name(to_move), name(passed)), theme::player(to_move)),
        (None, None) => (text!(STATUS_TO_MOVE, name(to_move)), theme::player(to_move)),
        (Some(End::Won(winner)), _) => (text!(STATUS_WINS, name(winner)), theme::player(winner)),
        (Some(End::Resigned(loser)), _) => {
            (text!(STATUS_RESIGNED, name(loser), name(loser.other())), theme::player(loser.other()))
        }
        (Some(End::Drawn), _) => (text!(STATUS_DRAW), theme::success()),
        (Some(End::Blocked), _) => (text!(STATUS_BLOCKED), theme::success()),
        (Some(End::Still), _) => (text!(STATUS_STILL), theme::success()),
    };
    Span::styled(say.sentence(&said), style)
}

/// The panel: the game's facts, who plays (the computer, or the players of a shared game),
/// who is ahead, the move list and the legend.
fn draw_panel<G: Look>(game: &GameScreen<G>, say: Say, area: Rect, frame: &mut Frame) {
    let table = &game.table;
    let width = usize::from(area.width.saturating_sub(2));
    let mut lines = G::facts(game, game.pointer(), say);
    let mut words = |text: Text, style: Style| {
        let said = say.text(&text);
        lines.extend(wrap_words(&said, width).into_iter().map(|line| Line::styled(line, style)));
    };
    if let Some(turn) = game.computer_showing() {
        words(text!(PANEL_COMPUTER_TURN, table.to_move(), turn.to_string()), theme::HEADING);
    }
    for line in game.computer().map(computer_line).into_iter().chain(game.seat_line()) {
        words(line, theme::HINTS);
    }
    // A mutual blockade is named, so that the players know why nobody can finish.
    if table.end().is_none() && crate::ai::Evaluate::neither_can_finish(&table.position()) {
        words(text!(PANEL_BLOCKADE), theme::warning());
    }
    if let Some(line) = advice_line(game, say, width) {
        lines.push(line);
    }
    // A reviewed game shows Blue's chance along it, the turn on view marked.
    let line: Vec<String> = table.read(|record| record.all_turns().map(ToString::to_string).collect());
    let review = game.keeping.review.as_ref().map(|review: &KeptReview| review.for_line(&line));
    if let Some(review) = review.filter(|review| review.looked.len() > 1) {
        lines.push(Line::styled(say.word(REVIEW_GRAPH), theme::HINTS));
        lines.push(sparkline(&review, table.replay_position().0, width));
    }
    lines.push(Line::raw(""));
    let (played, total) = table.replay_position();
    let heading = if played < total { text!(PANEL_MOVES_AT, played, total) } else { text!(PANEL_MOVES) };
    lines.push(Line::styled(say.text(&heading), theme::HEADING));
    let legend = legend(G::MARKS, G::KIND, say, width);
    let (moves, starts) = table.read(|record| move_list(record, G::FIRST, say, width));
    let room = usize::from(area.height).saturating_sub(lines.len() + legend.len() + 2);
    // Scrolled so that the line of the current turn shows, the latest ones when at the end.
    let current = starts.get(played / 2).or(starts.last()).copied().unwrap_or(0);
    let skip = current.saturating_sub(room.saturating_sub(1)).max(if played == total {
        moves.len().saturating_sub(room)
    } else {
        0
    });
    lines.extend(moves.into_iter().skip(skip).take(room));
    let block = Block::bordered().title(format!(" {} ", say.word(PANEL_TITLE)));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    frame.render_widget(Paragraph::new(lines), inner);
    let height = (legend.len() as u16).min(inner.height);
    let legend_area = Rect::new(inner.x, inner.bottom() - height, inner.width, height);
    frame.render_widget(Clear, legend_area);
    frame.render_widget(Paragraph::new(legend).style(theme::HINTS), legend_area);
}

/// Blue's chance over the positions `review` looked at, one column for each (or for each
/// few, on a long game), the position `at` shown reversed.
fn sparkline(review: &KeptReview, at: usize, width: usize) -> Line<'static> {
    // The lowest bar for a lost game, so that the line shows on every column.
    const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    let count = review.looked.len();
    let columns = count.min(width.max(1));
    let position = |column: usize| column * (count - 1) / columns.saturating_sub(1).max(1);
    let marked = (0..columns).min_by_key(|&column| position(column).abs_diff(at)).unwrap_or(0);
    let spans = (0..columns).map(|column| {
        let blue = review.looked[position(column)].blue;
        let bar = BARS[(blue * 7.0).round().clamp(0.0, 7.0) as usize].to_string();
        let style = if column == marked { theme::CHOSEN } else { theme::player(Colour::Blue) };
        Span::styled(bar, style)
    });
    Line::from(spans.collect::<Vec<_>>())
}

/// Which side the computer plays, at which level.
fn computer_line(computer: Computer) -> Text {
    let (level, name) = (computer.level.number(), crate::i18n::level(computer.level));
    match computer.colour() {
        None => text!(COMPUTER_PLAYS_BOTH, level, name),
        Some(colour) => text!(COMPUTER_PLAYS, colour, level, name),
    }
}

/// Who is ahead, or how far the computer is in its thinking, when asked for.
fn advice_line<G: Look>(game: &GameScreen<G>, say: Say, width: usize) -> Option<Line<'static>> {
    let thinking =
        game.opponent().and_then(|opponent| opponent.thinking()).map(|done| (done, ADVICE_THINKING));
    let looking = game.advisor.thinking().map(|done| (done, ADVICE_LOOKING));
    if let Some((progress, label)) = thinking.or(looking) {
        let label = say.word(label);
        let room = width.saturating_sub(label.chars().count() + 1);
        let done = (progress * room as f64).round() as usize;
        return Some(Line::styled(
            format!("{label} {}{}", "▓".repeat(done), "░".repeat(room - done)),
            theme::HINTS,
        ));
    }
    Some(Line::styled(say.text(&game.standing()?), theme::HEADING))
}

/// The marks for the side panel, two to a line where their words fit, else one.
pub(super) fn legend(
    marks: &[Mark],
    game: crate::rules::GameKind,
    say: Say,
    width: usize,
) -> Vec<Line<'static>> {
    let entries: Vec<String> =
        marks.iter().map(|mark| format!("{} {}", mark.symbol(), say.word(mark.word(game)))).collect();
    let column = width / 2;
    let fits = |entry: &String| entry.chars().count() < column;
    let mut lines = Vec::new();
    let mut at = 0;
    while at < entries.len() {
        match entries.get(at + 1).filter(|second| fits(&entries[at]) && fits(second)) {
            Some(second) => {
                lines.push(Line::raw(format!("{:<column$}{second}", entries[at])));
                at += 2;
            }
            None => {
                lines.push(Line::raw(entries[at].clone()));
                at += 1;
            }
        }
    }
    lines
}

/// Each player's line for the side panel: a marker for the player to move, the name, and `what`.
pub(super) fn player_line(colour: Colour, to_move: bool, what: String, say: Say) -> Line<'static> {
    Line::from(vec![
        Span::raw(if to_move { "▶ " } else { "  " }),
        Span::styled(format!("{:<7}", say.text(&crate::i18n::colour(colour))), theme::player(colour)),
        Span::raw(what),
    ])
}

/// The turns of `record`, two to a numbered line: the first player's, then the other's,
/// with the line where each number starts. Turns taken back (which redo or End bring back)
/// are dimmed. A turn too long for its column takes a line of its own, and one too long
/// for the panel goes on after an `x` on the next line: notation is never cut.
pub(super) fn move_list<G: Game>(
    record: &Record<G>,
    first: Colour,
    say: Say,
    width: usize,
) -> (Vec<Line<'static>>, Vec<usize>) {
    let played = record.history().len();
    let mut entries: Vec<(String, bool)> = record
        .line()
        .iter()
        .enumerate()
        .map(|(n, ply)| {
            (ply.turn.as_ref().map_or_else(|| say.word(MOVES_SKIP), ToString::to_string), n >= played)
        })
        .collect();
    if record.start().to_move() != first {
        entries.insert(0, ("...".to_string(), false));
    }
    let style = |future: bool| if future { theme::TAKEN_BACK } else { Style::new() };
    let room = width.saturating_sub(NUMBER).max(6);
    let (mut lines, mut starts) = (Vec::new(), Vec::new());
    for (n, pair) in entries.chunks(2).enumerate() {
        starts.push(lines.len());
        let number = format!("{:>3}. ", n + 1);
        let fits = |text: &str, room: usize| text.chars().count() <= room;
        let together =
            fits(&pair[0].0, COLUMN - 1) && pair.get(1).is_none_or(|second| fits(&second.0, room - COLUMN));
        if together {
            let mut spans =
                vec![Span::raw(number), Span::styled(format!("{:<COLUMN$}", pair[0].0), style(pair[0].1))];
            if let Some((text, future)) = pair.get(1) {
                spans.push(Span::styled(text.clone(), style(*future)));
            }
            lines.push(Line::from(spans));
            continue;
        }
        for (k, (text, future)) in pair.iter().enumerate() {
            for (part, piece) in wrap(text, room).into_iter().enumerate() {
                let lead = if k == 0 && part == 0 { number.clone() } else { " ".repeat(NUMBER) };
                lines.push(Line::from(vec![Span::raw(lead), Span::styled(piece, style(*future))]));
            }
        }
    }
    (lines, starts)
}

/// The width of a move number (`  1. `) and of the first player's column.
const NUMBER: usize = 5;
const COLUMN: usize = 12;

/// A turn's notation in pieces of at most `room` characters, cut only before an `x`.
fn wrap(text: &str, room: usize) -> Vec<String> {
    let mut pieces = vec![String::new()];
    for (n, step) in text.split('x').enumerate() {
        let step = if n == 0 { step.to_string() } else { format!("x{step}") };
        let last = pieces.last_mut().expect("one piece at least");
        if !last.is_empty() && last.chars().count() + step.chars().count() > room {
            pieces.push(step);
        } else {
            last.push_str(&step);
        }
    }
    pieces
}

pub(super) fn draw_message(message: &Message, say: Say, area: Rect, frame: &mut Frame) {
    let style = match message {
        Message::Warning(_) => theme::warning(),
        Message::Success(_) => theme::success(),
        Message::Info(_) | Message::None => theme::INFO,
    };
    let said = message.text().map(|text| say.sentence(text)).unwrap_or_default();
    // Within its own lines: a message too long for them is cut at a word and says so (…).
    let width = usize::from(area.width).max(2);
    let mut lines = wrap_words(&format!(" {said}"), width);
    let room = usize::from(area.height).max(1);
    if lines.len() > room {
        lines.truncate(room);
        let last = lines.last_mut().expect("room for a line");
        while last.chars().count() + 2 > width {
            match last.rfind(' ') {
                Some(at) => last.truncate(at),
                None => drop(last.pop()),
            }
        }
        last.push_str(" …");
    }
    let lines: Vec<Line> = lines.into_iter().map(Line::raw).collect();
    frame.render_widget(Paragraph::new(lines).style(style), area);
}

/// What the board's marks mean and what else it shows, for the help.
pub fn marks_help<G: Look>(_: &GameScreen<G>, say: Say) -> Vec<Line<'static>> {
    // A hint is lit as the computer's turn, in every game.
    let marks = G::MARKS
        .iter()
        .chain([&Mark::Better])
        .map(|mark| Line::raw(format!("{} {}", mark.symbol(), say.word(mark.sentence(G::KIND)))));
    marks.chain(G::NOTES.iter().map(|note| Line::raw(say.word(*note)))).collect()
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn long_turns_wrap_before_an_x_and_lose_nothing() {
        assert_eq!(wrap("A1xB1xC1xD1xE1xF1xG2xH3xI4", 23), ["A1xB1xC1xD1xE1xF1xG2xH3", "xI4"]);
        assert_eq!(wrap("A1xB1xC1xD1xE1xF1xG2xH3xI4", 20), ["A1xB1xC1xD1xE1xF1xG2", "xH3xI4"]);
        assert_eq!(wrap("C3", 23), ["C3"]);
        assert_eq!(wrap("A1xB2", 3), ["A1", "xB2"]);
    }
}
