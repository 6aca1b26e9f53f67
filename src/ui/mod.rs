//! Drawing only: the application's state in, ratatui widgets out.

mod board;
mod clamber;
mod theme;

use crate::app::clamber::ClamberGame;
use crate::app::keys::{self, GAME_KEYS};
use crate::app::layout::{BoardLayout, Screen as Areas};
use crate::app::session::End;
use crate::app::{App, CLAMBER_SLOT, Menu, MenuItem, Message, Overlay, Question, Screen, menu_top};
use crate::rules::Colour;
use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

/// Draws the whole screen.
pub fn draw(app: &App, frame: &mut Frame) {
    let area = frame.area();
    match &app.screen {
        Screen::Menu(menu) => draw_menu(menu, area, frame),
        Screen::Clamber(game) => draw_clamber(game, area, frame),
    }
    match app.overlay {
        Some(Overlay::Help) => draw_help(area, frame),
        Some(Overlay::Ask(question)) => draw_question(app, question, area, frame),
        None => {}
    }
}

fn draw_menu(menu: &Menu, area: Rect, frame: &mut Frame) {
    let top = menu_top(area);
    let mut lines = vec![
        Line::styled("hexstack", theme::TITLE),
        Line::raw("two hex stacking games for two players at one keyboard"),
        Line::raw(""),
    ];
    let padding = usize::from(top.saturating_sub(area.y)).saturating_sub(lines.len());
    lines.splice(0..0, std::iter::repeat_n(Line::raw(""), padding));
    for (n, item) in MenuItem::ALL.iter().enumerate() {
        let style = if n == menu.selected { theme::MENU_CHOSEN } else { Style::new() };
        lines.push(Line::styled(format!("  {}. {}  ", n + 1, item.label()), style));
        lines.push(Line::raw(""));
    }
    if let Some(note) = &menu.note {
        lines.push(Line::styled(note.clone(), theme::WARNING));
    }
    lines.push(Line::styled("↑↓ choose · Enter start · 1-5 jump · q quit", theme::HINTS));
    frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center), area);
}

/// A message saying how large the terminal must be, wrapped to whatever room there is.
fn draw_too_small(needed: (u16, u16), area: Rect, frame: &mut Frame) {
    let text = format!(
        "Terminal too small: this board needs {}x{}, the window is {}x{}. Enlarge it (q quits).",
        needed.0, needed.1, area.width, area.height
    );
    frame.render_widget(Paragraph::new(text).style(theme::WARNING).wrap(Wrap { trim: true }), area);
}

fn draw_clamber(game: &ClamberGame, area: Rect, frame: &mut Frame) {
    let board = game.session.position().board();
    let areas = Areas::split(area);
    let Some(layout) =
        BoardLayout::fit(board, CLAMBER_SLOT, areas.board).filter(|_| areas.panel.height >= 14)
    else {
        return draw_too_small(BoardLayout::needed(board, CLAMBER_SLOT), area, frame);
    };
    let to_move = game.to_move();
    let title = Line::from(vec![
        Span::styled(format!(" Clamber · side {} · ", board.side()), theme::TITLE),
        status(game.session.end(), to_move),
    ]);
    frame.render_widget(title, areas.title);
    clamber::draw_board(game, &layout, frame.buffer_mut());
    if let Some(end) = game.session.end() {
        draw_banner(end, areas.banner, frame);
    }
    draw_clamber_panel(game, areas.panel, frame);
    draw_message(&game.message, areas.message, frame);
    frame.render_widget(Line::styled(keys::hints(), theme::HINTS), areas.hints);
}

/// "Blue to move", or how the game ended, in the player's colour.
fn status(end: Option<End>, to_move: Colour) -> Span<'static> {
    match end {
        None => Span::styled(format!("{to_move} to move"), theme::player(to_move)),
        Some(End::Won(winner)) => Span::styled(format!("{winner} wins"), theme::player(winner)),
        Some(End::Resigned(loser)) => {
            Span::styled(format!("{loser} resigned: {} wins", loser.other()), theme::player(loser.other()))
        }
        Some(End::Drawn) => Span::styled("draw agreed", theme::SUCCESS),
        Some(End::Blocked) => Span::styled("nobody can move: draw", theme::SUCCESS),
    }
}

/// The end of the game, just above the board.
fn draw_banner(end: End, area: Rect, frame: &mut Frame) {
    let lines = vec![
        Line::from(status(Some(end), Colour::Blue).patch_style(theme::BANNER)),
        Line::styled("Enter new game · u undo · m menu · q quit", theme::HINTS),
    ];
    frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center), area);
}

fn draw_clamber_panel(game: &ClamberGame, area: Rect, frame: &mut Frame) {
    let position = game.shown();
    let mut lines = Vec::new();
    for colour in [Colour::Blue, Colour::Red] {
        let marker = if colour == game.to_move() && !game.session.is_over() { "▶ " } else { "  " };
        lines.push(Line::from(vec![
            Span::raw(marker),
            Span::styled(format!("{colour:<5}"), theme::player(colour)),
            Span::raw(format!(
                " {:>2} {:<6} {:>3} {}",
                position.cells_of(colour).len(),
                plural(position.cells_of(colour).len(), "stack"),
                position.pieces_of(colour),
                plural(position.pieces_of(colour) as usize, "piece")
            )),
        ]));
    }
    lines.push(Line::raw(""));
    let cell = game.cursor;
    match position.stack(cell) {
        Some(stack) => {
            let (group, sub_group) = game.cursor_groups();
            lines.push(Line::from(vec![
                Span::raw(format!("{cell}: ")),
                Span::styled(
                    format!("{} stack of {}", stack.owner(), stack.height()),
                    theme::player(stack.owner()),
                ),
            ]));
            lines.push(Line::raw(format!("group {} · sub-group {}", group.len(), sub_group.len())));
        }
        None => {
            lines.push(Line::raw(format!("{cell}: empty")));
            lines.push(Line::raw(""));
        }
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled("Moves", theme::HEADING));
    let moves = move_list(game);
    let room = usize::from(area.height).saturating_sub(lines.len() + 3);
    let skip = moves.len().saturating_sub(room);
    lines.extend(moves.into_iter().skip(skip).map(Line::raw));
    let used = lines.len() as u16;
    let block = Block::bordered().title(" Game ");
    let inner = block.inner(area);
    frame.render_widget(block, area);
    frame.render_widget(Paragraph::new(lines), inner);
    let legend_area = Rect::new(inner.x, inner.y + used, inner.width, inner.height.saturating_sub(used));
    let legend_height = 4.min(legend_area.height);
    let legend_area =
        Rect::new(legend_area.x, legend_area.bottom() - legend_height, legend_area.width, legend_height);
    frame.render_widget(
        Paragraph::new(clamber::legend()).style(theme::HINTS).wrap(Wrap { trim: true }),
        legend_area,
    );
}

/// `word`, with an s unless there is exactly one.
fn plural(count: usize, word: &str) -> String {
    if count == 1 { word.to_string() } else { format!("{word}s") }
}

/// The turns so far, two to a numbered line (the first player's, then the second's).
fn move_list(game: &ClamberGame) -> Vec<String> {
    let first = game.session.start().to_move();
    let mut entries: Vec<String> = game
        .session
        .history()
        .iter()
        .map(|ply| ply.turn.as_ref().map_or("(skip)".to_string(), ToString::to_string))
        .collect();
    if first != Colour::Blue {
        entries.insert(0, "...".to_string());
    }
    entries
        .chunks(2)
        .enumerate()
        .map(|(n, pair)| format!("{:>3}. {:<12}{}", n + 1, pair[0], pair.get(1).map_or("", String::as_str)))
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

/// A box in the middle of `area`, cleared, at most `width` by `height`.
fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let (width, height) = (width.min(area.width), height.min(area.height));
    Rect::new(area.x + (area.width - width) / 2, area.y + (area.height - height) / 2, width, height)
}

/// Every key, from the key table, beside what the marks on the board mean.
fn draw_help(area: Rect, frame: &mut Frame) {
    let keys: Vec<Line> = GAME_KEYS
        .iter()
        .map(|binding| Line::raw(format!("{:<12} {}", binding.shown, binding.what)))
        .collect();
    let mut board = vec![Line::styled("On the board", theme::HEADING)];
    for (marks, _, meaning) in clamber::MARKS {
        board.push(Line::raw(format!("{marks} {meaning}")));
    }
    board.push(Line::raw("underlined: group under the cursor"));
    board.push(Line::raw("shaded: its sub-group"));
    board.push(Line::raw(""));
    board.push(Line::styled("any key closes this help", theme::HINTS));
    let height = keys.len().max(board.len()) as u16 + 2;
    let box_area = centred(area, 78, height);
    let block = Block::bordered().title(" Keys ");
    let inner = block.inner(box_area);
    frame.render_widget(Clear, box_area);
    frame.render_widget(block, box_area);
    let keys_width = keys.iter().map(Line::width).max().unwrap_or(0) as u16;
    let [left, right] =
        Layout::horizontal([Constraint::Length(keys_width), Constraint::Min(0)]).spacing(2).areas(inner);
    frame.render_widget(Paragraph::new(keys), left);
    frame.render_widget(Paragraph::new(board).wrap(Wrap { trim: true }), right);
}

fn draw_question(app: &App, question: Question, area: Rect, frame: &mut Frame) {
    let to_move = match &app.screen {
        Screen::Clamber(game) => game.to_move(),
        Screen::Menu(_) => Colour::Blue,
    };
    let text = match question {
        Question::Quit => "Quit? This game will be lost.".to_string(),
        Question::Menu => "Leave this game for the menu? It will be lost.".to_string(),
        Question::Resign => format!("{to_move} resigns?"),
        Question::Draw => format!("{to_move} offers a draw. {}, agree?", to_move.other()),
    };
    let lines = Text::from(vec![Line::raw(text), Line::styled("y yes · any other key no", theme::HINTS)]);
    let box_area = centred(area, lines.width() as u16 + 4, 4);
    frame.render_widget(Clear, box_area);
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .block(Block::bordered().border_style(theme::WARNING)),
        box_area,
    );
}
