//! The game screen, whatever the game: title, board, banner, side panel with the move list
//! and the legend, message and hint lines. What differs is the [`Look`] of each game.

use super::board::{self, CellText};
use super::theme::{self, Mark};
use crate::app::game::GameScreen;
use crate::app::go::Component;
use crate::app::keys;
use crate::app::layout::GameLayout;
pub(crate) use crate::app::layout::wrap_words;
use crate::app::table::{Message, Selecting, Table};
use crate::by_game;
use crate::rules::hex::Cell;
use crate::rules::{Colour, Game};
use crate::saved::KeptReview;
use crate::session::{End, Players, Session};
use crate::{i18n, t};
use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

/// How a game looks on screen.
pub trait Look: Selecting {
    /// The player who moves first: the move list's lines start with their turns.
    const FIRST: Colour;
    /// The marks its board uses, for the legend and the help.
    const MARKS: &'static [Mark];
    /// What the board shows beyond the marks, for the help (text keys).
    const NOTES: &'static [&'static str];

    /// The game's name and board, for the title.
    fn title(&self) -> String;
    /// A cell's text, in the style of its mark.
    fn write(&self, cell: Cell, style: Style) -> CellText;
    /// Lines about the game for the side panel, above the move list.
    fn facts(table: &Table<Self>) -> Vec<Line<'static>>;
}

/// Draws the game screen, or says how large the terminal must be.
pub fn draw(game: &GameScreen, area: Rect, frame: &mut Frame) {
    // The one place the screen picks a game's look.
    by_game!(game.table.look(), table => draw_table(table, game, area, frame));
}

fn draw_table<G: Look>(table: &Table<G>, game: &GameScreen, area: Rect, frame: &mut Frame) {
    let board = table.position().board();
    let Some(layout) = GameLayout::fit(board, G::CELL_LINES, area) else {
        return super::room::draw_too_small(GameLayout::needed(board, G::CELL_LINES), area, frame);
    };
    let areas = layout.areas;
    let shown = G::shown(table);
    // A tried example says so: it is not a game, and it is not kept.
    let name = if game.tried_from.is_some() { t!("game.try", shown.title()) } else { shown.title() };
    let title = Line::from(vec![
        Span::styled(format!(" {name} · "), theme::TITLE),
        status(table.end(), table.to_move(), table.skipped(), &game.players),
    ]);
    frame.render_widget(title, areas.title);
    // While the computer shows its turn, the player's cursor does not mark the board.
    let cursor = table.computer_showing().is_none().then_some(table.cursor);
    board::draw(&layout.board, frame.buffer_mut(), &G::lit(table), cursor, |cell, style| {
        shown.write(cell, style)
    });
    if let Some(end) = table.end() {
        let lines = vec![
            Line::from(status(Some(end), table.to_move(), None, &game.players).patch_style(theme::BANNER)),
            Line::styled(t!(banner_keys(game)), theme::HINTS),
        ];
        frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center), areas.banner);
    }
    draw_panel(table, game.seat_line(), game.review.as_ref(), areas.panel, frame);
    draw_message(&table.message, areas.message, frame);
    frame.render_widget(Line::styled(keys::hints(game.context()), theme::HINTS), areas.hints);
}

/// The keys that go on from a finished game: a tried example goes back to its page, a
/// shared game can only be left.
fn banner_keys(game: &GameScreen) -> &'static str {
    match (game.tried_from.is_some(), game.seat.is_some()) {
        (true, _) => "banner.keys_try",
        (false, true) => "banner.keys_shared",
        (false, false) => "banner.keys",
    }
}

/// "Blue to move" (and who had to pass, if someone just did), or how the game ended, in
/// the player's colour.
fn status(end: Option<End>, to_move: Colour, skipped: Option<Colour>, players: &Players) -> Span<'static> {
    let name = |colour: Colour| match players.name(colour) {
        Some(name) => format!("{} ({name})", i18n::colour(colour)),
        None => i18n::colour(colour),
    };
    match (end, skipped) {
        (None, Some(passed)) => {
            Span::styled(t!("status.skipped", name(to_move), name(passed)), theme::player(to_move))
        }
        (None, None) => Span::styled(t!("status.to_move", name(to_move)), theme::player(to_move)),
        (Some(End::Won(winner)), _) => Span::styled(t!("status.wins", name(winner)), theme::player(winner)),
        (Some(End::Resigned(loser)), _) => Span::styled(
            t!("status.resigned", name(loser), name(loser.other())),
            theme::player(loser.other()),
        ),
        (Some(End::Drawn), _) => Span::styled(t!("status.draw"), theme::SUCCESS),
        (Some(End::Blocked), _) => Span::styled(t!("status.blocked"), theme::SUCCESS),
    }
}

/// The panel: the game's facts, who plays (the computer, or the players of a shared game,
/// `seat`), who is ahead, the move list and the legend.
fn draw_panel<G: Look>(
    table: &Table<G>,
    seat: Option<String>,
    review: Option<&KeptReview>,
    area: Rect,
    frame: &mut Frame,
) {
    let mut lines = G::facts(table);
    let width = usize::from(area.width.saturating_sub(2));
    if let Some(turn) = table.computer_showing() {
        let line = t!("panel.computer_turn", i18n::colour(table.to_move()), turn);
        lines.extend(wrap_words(&line, width).into_iter().map(|line| Line::styled(line, theme::HEADING)));
    }
    for line in table.computer().map(computer_line).into_iter().chain(seat) {
        lines.extend(wrap_words(&line, width).into_iter().map(|line| Line::styled(line, theme::HINTS)));
    }
    // A mutual blockade is named, so that the players know why nobody can finish.
    if table.end().is_none() && crate::ai::Evaluate::neither_can_finish(&table.position()) {
        lines.extend(
            wrap_words(&t!("panel.blockade"), width)
                .into_iter()
                .map(|line| Line::styled(line, theme::WARNING)),
        );
    }
    if let Some(line) = advice_line(table, usize::from(area.width.saturating_sub(2))) {
        lines.push(line);
    }
    // A reviewed game shows Blue's chance along it, the turn on view marked.
    let line: Vec<String> = table.read(|session| session.all_turns().map(ToString::to_string).collect());
    if let Some(review) = review.map(|review| review.for_line(&line)).filter(|review| review.looked.len() > 1)
    {
        lines.push(Line::styled(t!("review.graph"), theme::HINTS));
        lines.push(sparkline(&review, table.replay_position().0, usize::from(area.width.saturating_sub(2))));
    }
    lines.push(Line::raw(""));
    let (played, total) = table.replay_position();
    let heading = if played < total { t!("panel.moves_at", played, total) } else { t!("panel.moves") };
    lines.push(Line::styled(heading, theme::HEADING));
    let legend = legend(G::MARKS, G::KIND, usize::from(area.width.saturating_sub(2)));
    let (moves, starts) =
        table.read(|session| move_list(session, G::FIRST, usize::from(area.width.saturating_sub(2))));
    let room = usize::from(area.height).saturating_sub(lines.len() + legend.len() + 2);
    // Scrolled so that the line of the current turn shows, the latest ones when at the end.
    let current = starts.get(played / 2).or(starts.last()).copied().unwrap_or(0);
    let skip = current.saturating_sub(room.saturating_sub(1)).max(if played == total {
        moves.len().saturating_sub(room)
    } else {
        0
    });
    lines.extend(moves.into_iter().skip(skip).take(room));
    let block = Block::bordered().title(format!(" {} ", t!("panel.title")));
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
fn computer_line(computer: crate::app::Computer) -> String {
    let level = computer.level.clamp(1, 5);
    let name = t!(&format!("computer.level{level}"));
    if computer.watched() {
        return t!("computer.plays_both", level, name);
    }
    let colour = if computer.blue { Colour::Blue } else { Colour::Red };
    t!("computer.plays", i18n::colour(colour), level, name)
}

/// Who is ahead, or how far the computer is in its thinking, when asked for.
fn advice_line<G: Look>(table: &Table<G>, width: usize) -> Option<Line<'static>> {
    let thinking = table.computer_thinking().map(|progress| (progress, "advice.thinking"));
    let looking = table.advisor_thinking().map(|progress| (progress, "advice.looking"));
    if let Some((progress, label)) = thinking.or(looking) {
        let label = t!(label);
        let room = width.saturating_sub(label.chars().count() + 1);
        let done = (progress * room as f64).round() as usize;
        return Some(Line::styled(
            format!("{label} {}{}", "▓".repeat(done), "░".repeat(room - done)),
            theme::HINTS,
        ));
    }
    let advice = table.advice.as_ref().filter(|_| table.show_eval || table.hint)?;
    Some(Line::styled(crate::app::table::ahead(advice), theme::HEADING))
}

/// The marks for the side panel, two to a line where their words fit, else one.
fn legend(marks: &[Mark], game: crate::rules::GameKind, width: usize) -> Vec<Line<'static>> {
    let entries: Vec<String> =
        marks.iter().map(|mark| format!("{} {}", mark.symbol(), mark.word(game))).collect();
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
pub(super) fn player_line(colour: Colour, to_move: bool, what: String) -> Line<'static> {
    Line::from(vec![
        Span::raw(if to_move { "▶ " } else { "  " }),
        Span::styled(format!("{:<7}", i18n::colour(colour)), theme::player(colour)),
        Span::raw(what),
    ])
}

/// The turns of `session`, two to a numbered line: the first player's, then the other's,
/// with the line where each number starts. Turns taken back (which redo or End bring back)
/// are dimmed. A turn too long for its column takes a line of its own, and one too long
/// for the panel goes on after an `x` on the next line: notation is never cut.
fn move_list<G: Game>(session: &Session<G>, first: Colour, width: usize) -> (Vec<Line<'static>>, Vec<usize>) {
    let played = session.history().len();
    let mut entries: Vec<(String, bool)> = session
        .line()
        .iter()
        .enumerate()
        .map(|(n, ply)| {
            (ply.turn.as_ref().map_or_else(|| t!("moves.skip"), ToString::to_string), n >= played)
        })
        .collect();
    if session.start().to_move() != first {
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

pub(super) fn draw_message(message: &Message, area: Rect, frame: &mut Frame) {
    let style = match message {
        Message::Warning(_) => theme::WARNING,
        Message::Success(_) => theme::SUCCESS,
        Message::Info(_) | Message::None => theme::INFO,
    };
    frame.render_widget(
        Paragraph::new(format!(" {}", message.text())).style(style).wrap(Wrap { trim: false }),
        area,
    );
}

/// What the board's marks mean and what else it shows, for the help.
pub fn marks_help(game: &GameScreen) -> Vec<Line<'static>> {
    by_game!(game.table.look(), table => marks_help_of(table))
}

fn marks_help_of<G: Look>(_: &Table<G>) -> Vec<Line<'static>> {
    let marks =
        G::MARKS.iter().map(|mark| Line::raw(format!("{} {}", mark.symbol(), mark.sentence(G::KIND))));
    marks.chain(G::NOTES.iter().map(|note| Line::raw(t!(note)))).collect()
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
