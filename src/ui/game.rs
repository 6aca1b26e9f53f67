//! The game screen, whatever the game: title, board, banner, side panel with the move list
//! and the legend, message and hint lines. What differs is the [`Look`] of each game.

use super::board::{self, CellText};
use super::theme::{self, Mark};
use crate::app::game::GameScreen;
use crate::app::keys::{self, Context};
use crate::app::layout::GameLayout;
use crate::app::table::{Message, Selecting, Table};
use crate::rules::hex::Cell;
use crate::rules::{Colour, Game};
use crate::session::{End, Players, Session};
use crate::{by_game, i18n, t};
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
    /// A cell's text, on `background`, bright or not.
    fn write(&self, cell: Cell, background: Style, bright: bool) -> CellText;
    /// The tint of a cell that carries no mark.
    fn background(&self, _cell: Cell) -> Style {
        Style::new()
    }
    /// Lines about the game for the side panel, above the move list.
    fn facts(table: &Table<Self>) -> Vec<Line<'static>>;
}

/// Draws the game screen, or says how large the terminal must be.
pub fn draw(game: &GameScreen, area: Rect, frame: &mut Frame) {
    by_game!(&game.table, table => draw_table(table, game, area, frame));
}

fn draw_table<G: Look>(table: &Table<G>, game: &GameScreen, area: Rect, frame: &mut Frame) {
    let board = table.position().board();
    let Some(layout) = GameLayout::fit(board, G::CELL_LINES, area) else {
        return super::draw_too_small(GameLayout::needed(board, G::CELL_LINES), area, frame);
    };
    let areas = layout.areas;
    let shown = G::shown(table);
    let title = Line::from(vec![
        Span::styled(format!(" {} · ", shown.title()), theme::TITLE),
        status(table.end(), table.to_move(), &game.players),
    ]);
    frame.render_widget(title, areas.title);
    board::draw(
        &layout.board,
        frame.buffer_mut(),
        &G::lit(table),
        Some(table.cursor),
        |cell| shown.background(cell),
        |cell, background, bright| shown.write(cell, background, bright),
    );
    if let Some(end) = table.end() {
        let lines = vec![
            Line::from(status(Some(end), table.to_move(), &game.players).patch_style(theme::BANNER)),
            Line::styled(
                t!(if game.tried_from.is_some() { "banner.keys_try" } else { "banner.keys" }),
                theme::HINTS,
            ),
        ];
        frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center), areas.banner);
    }
    draw_panel(table, areas.panel, frame);
    draw_message(&table.message, areas.message, frame);
    frame.render_widget(Line::styled(keys::hints(Context::Game), theme::HINTS), areas.hints);
}

/// "Blue to move", or how the game ended, in the player's colour.
fn status(end: Option<End>, to_move: Colour, players: &Players) -> Span<'static> {
    let name = |colour: Colour| match players.name(colour) {
        Some(name) => format!("{} ({name})", i18n::colour(colour)),
        None => i18n::colour(colour),
    };
    match end {
        None => Span::styled(t!("status.to_move", name(to_move)), theme::player(to_move)),
        Some(End::Won(winner)) => Span::styled(t!("status.wins", name(winner)), theme::player(winner)),
        Some(End::Resigned(loser)) => Span::styled(
            t!("status.resigned", name(loser), name(loser.other())),
            theme::player(loser.other()),
        ),
        Some(End::Drawn) => Span::styled(t!("status.draw"), theme::SUCCESS),
        Some(End::Blocked) => Span::styled(t!("status.blocked"), theme::SUCCESS),
    }
}

fn draw_panel<G: Look>(table: &Table<G>, area: Rect, frame: &mut Frame) {
    let mut lines = G::facts(table);
    lines.push(Line::raw(""));
    let (played, total) = table.replay_position();
    let heading = if played < total { t!("panel.moves_at", played, total) } else { t!("panel.moves") };
    lines.push(Line::styled(heading, theme::HEADING));
    let legend = legend(G::MARKS, G::KIND);
    let moves = move_list(&table.session, G::FIRST);
    let room = usize::from(area.height).saturating_sub(lines.len() + legend.len() + 2);
    // Scrolled so that the line of the current turn shows, the latest ones when at the end.
    let current = played / 2;
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

/// The marks, two to a line, for the side panel.
fn legend(marks: &[Mark], game: crate::rules::GameKind) -> Vec<Line<'static>> {
    marks
        .chunks(2)
        .map(|pair| {
            Line::raw(
                pair.iter()
                    .map(|mark| format!("{} {:<10}", mark.symbol(), mark.word(game)))
                    .collect::<String>(),
            )
        })
        .collect()
}

/// Each player's line for the side panel: a marker for the player to move, the name, and `what`.
pub(super) fn player_line(colour: Colour, to_move: bool, what: String) -> Line<'static> {
    Line::from(vec![
        Span::raw(if to_move { "▶ " } else { "  " }),
        Span::styled(format!("{:<7}", i18n::colour(colour)), theme::player(colour)),
        Span::raw(what),
    ])
}

/// The turns of `session`, two to a numbered line: the first player's, then the other's.
/// Turns taken back (which redo or End bring back) are dimmed.
fn move_list<G: Game>(session: &Session<G>, first: Colour) -> Vec<Line<'static>> {
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
    entries
        .chunks(2)
        .enumerate()
        .map(|(n, pair)| {
            let mut spans = vec![
                Span::raw(format!("{:>3}. ", n + 1)),
                Span::styled(format!("{:<12}", pair[0].0), style(pair[0].1)),
            ];
            if let Some((text, future)) = pair.get(1) {
                spans.push(Span::styled(text.clone(), style(*future)));
            }
            Line::from(spans)
        })
        .collect()
}

fn draw_message(message: &Message, area: Rect, frame: &mut Frame) {
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
    by_game!(&game.table, table => marks_help_of(table))
}

fn marks_help_of<G: Look>(_: &Table<G>) -> Vec<Line<'static>> {
    let marks =
        G::MARKS.iter().map(|mark| Line::raw(format!("{} {}", mark.symbol(), mark.sentence(G::KIND))));
    marks.chain(G::NOTES.iter().map(|note| Line::raw(t!(note)))).collect()
}
