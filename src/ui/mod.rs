//! Drawing only: the application's state in, ratatui widgets out.

mod board;
mod clamber;
mod ombagui;
mod rules;
mod theme;

use crate::app::keys::{self, GAME_KEYS};
use crate::app::layout::{BoardLayout, Screen as Areas};
use crate::app::session::{End, Session};
use crate::app::{
    App, Menu, MenuItem, Message, Overlay, Playing, Question, SLOT, Screen, board_layout, menu_top,
};
use crate::rules::{Colour, Game};
use crate::saved::Players;
use crate::{i18n, t};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

/// Draws the whole screen.
pub fn draw(app: &App, frame: &mut Frame) {
    let area = frame.area();
    let view: Option<&dyn View> = match &app.screen {
        Screen::Menu(_) | Screen::Rules(_) => None,
        Screen::Clamber(game) => Some(game.as_ref()),
        Screen::Ombagui(game) => Some(game.as_ref()),
    };
    match (&app.screen, view) {
        (_, Some(view)) => draw_game(view, &app.players, app.back_to.is_some(), area, frame),
        (Screen::Rules(book), None) => rules::draw(book, area, frame),
        (Screen::Menu(menu), None) => draw_menu(menu, area, frame),
        _ => {}
    }
    match &app.overlay {
        Some(Overlay::Help) => draw_help(view, area, frame),
        Some(Overlay::SaveAs(name)) => draw_save_as(name, area, frame),
        Some(Overlay::Ask(question)) => draw_question(app, *question, area, frame),
        None => {}
    }
}

fn draw_menu(menu: &Menu, area: Rect, frame: &mut Frame) {
    let top = menu_top(area);
    let width = MenuItem::ALL.iter().map(|item| item.label().len() as u16 + 6).max().unwrap_or(0);
    let left = area.x + area.width.saturating_sub(width) / 2;
    let heading = vec![Line::styled(t!("menu.title"), theme::TITLE), Line::raw(t!("menu.subtitle"))];
    let heading_area = Rect::new(area.x, top.saturating_sub(3), area.width, 2).intersection(area);
    frame.render_widget(Paragraph::new(heading).alignment(Alignment::Center), heading_area);
    let mut lines = Vec::new();
    for (n, item) in MenuItem::ALL.iter().enumerate() {
        let style = if n == menu.selected { theme::MENU_CHOSEN } else { Style::new() };
        lines.push(Line::styled(
            format!(" {}. {:<w$} ", n + 1, item.label(), w = usize::from(width) - 5),
            style,
        ));
        lines.push(Line::raw(""));
    }
    let items = Rect::new(left, top, width, lines.len() as u16).intersection(area);
    frame.render_widget(Paragraph::new(lines), items);
    let mut footer = Vec::new();
    if let Some(note) = &menu.note {
        footer.push(Line::styled(note.clone(), theme::WARNING));
    }
    footer.push(Line::styled(t!("menu.hints"), theme::HINTS));
    let footer_area = Rect::new(area.x, items.bottom(), area.width, 4).intersection(area);
    frame.render_widget(
        Paragraph::new(footer).alignment(Alignment::Center).wrap(Wrap { trim: true }),
        footer_area,
    );
}

/// A message saying how large the terminal must be, wrapped to whatever room there is.
fn draw_too_small(needed: (u16, u16), area: Rect, frame: &mut Frame) {
    let text = t!("too_small", needed.0, needed.1, area.width, area.height);
    frame.render_widget(Paragraph::new(text).style(theme::WARNING).wrap(Wrap { trim: true }), area);
}

/// What the shared game screen needs of each game's drawing.
trait View {
    /// The game's name and board, for the title.
    fn title(&self) -> String;
    fn playing(&self) -> &dyn Playing;
    fn draw_board(&self, layout: &BoardLayout, buf: &mut Buffer);
    /// Lines about the game for the side panel, above the move list.
    fn facts(&self) -> Vec<Line<'static>>;
    /// The marks drawn either side of cells: the marks, a word, a sentence.
    fn marks(&self) -> &'static [(&'static str, &'static str, &'static str)];
    /// What the board shows beyond the marks, for the help.
    fn notes(&self) -> &'static [&'static str];
    /// The turns so far, two to a numbered line.
    fn moves(&self) -> Vec<Line<'static>>;
}

fn draw_game(view: &dyn View, players: &Players, tried: bool, area: Rect, frame: &mut Frame) {
    let playing = view.playing();
    let table = playing.table();
    let board = table.board();
    let areas = Areas::split(area);
    let Some(layout) = board_layout(board, playing.cell_lines(), area).filter(|_| areas.panel.height >= 14)
    else {
        return draw_too_small(BoardLayout::needed(board, SLOT, playing.cell_lines()), area, frame);
    };
    let title = Line::from(vec![
        Span::styled(format!(" {} · ", view.title()), theme::TITLE),
        status(table.end(), table.to_move(), players),
    ]);
    frame.render_widget(title, areas.title);
    view.draw_board(&layout, frame.buffer_mut());
    if let Some(end) = table.end() {
        draw_banner(status(Some(end), table.to_move(), players), tried, areas.banner, frame);
    }
    draw_panel(view, areas.panel, frame);
    draw_message(table.message(), areas.message, frame);
    frame.render_widget(Line::styled(keys::hints(), theme::HINTS), areas.hints);
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

/// The end of the game, just above the board.
fn draw_banner(end: Span<'static>, tried: bool, area: Rect, frame: &mut Frame) {
    let lines = vec![
        Line::from(end.patch_style(theme::BANNER)),
        Line::styled(t!(if tried { "banner.keys_try" } else { "banner.keys" }), theme::HINTS),
    ];
    frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center), area);
}

fn draw_panel(view: &dyn View, area: Rect, frame: &mut Frame) {
    let mut lines = view.facts();
    lines.push(Line::raw(""));
    let (played, total) = view.playing().table().replay_position();
    let heading = if played < total { t!("panel.moves_at", played, total) } else { t!("panel.moves") };
    lines.push(Line::styled(heading, theme::HEADING));
    let legend = legend(view.marks());
    let moves = view.moves();
    let moves_len = moves.len();
    let room = usize::from(area.height).saturating_sub(lines.len() + legend.len() + 2);
    // Scrolled so that the line of the current turn shows, the latest ones when at the end.
    let current = played / 2;
    let skip = current.saturating_sub(room.saturating_sub(1)).max(if played == total {
        moves_len.saturating_sub(room)
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
fn legend(marks: &[(&str, &str, &str)]) -> Vec<Line<'static>> {
    marks
        .chunks(2)
        .map(|pair| {
            Line::raw(
                pair.iter().map(|(marks, word, _)| format!("{marks} {:<10}", t!(word))).collect::<String>(),
            )
        })
        .collect()
}

/// Each player's line for the side panel: a marker for the player to move, the name, and `what`.
fn player_line(colour: Colour, to_move: bool, what: String) -> Line<'static> {
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
        .map(|(n, ply)| (ply.turn.as_ref().map_or("(skip)".to_string(), ToString::to_string), n >= played))
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

/// A box in the middle of `area`, cleared, at most `width` by `height`.
fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let (width, height) = (width.min(area.width), height.min(area.height));
    Rect::new(area.x + (area.width - width) / 2, area.y + (area.height - height) / 2, width, height)
}

/// Every key, from the key table, beside what the marks on the board mean.
fn draw_help(view: Option<&dyn View>, area: Rect, frame: &mut Frame) {
    let keys: Vec<Line> = GAME_KEYS
        .iter()
        .map(|binding| Line::raw(format!("{:<12} {}", binding.shown, t!(binding.what))))
        .collect();
    let mut board = vec![Line::styled(t!("help.board"), theme::HEADING)];
    if let Some(view) = view {
        board.extend(
            view.marks().iter().map(|(marks, _, meaning)| Line::raw(format!("{marks} {}", t!(meaning)))),
        );
        board.extend(view.notes().iter().map(|note| Line::raw(t!(note))));
    }
    board.push(Line::raw(""));
    board.push(Line::styled(t!("help.close"), theme::HINTS));
    let height = keys.len().max(board.len()) as u16 + 2;
    let box_area = centred(area, 78, height);
    let block = Block::bordered().title(format!(" {} ", t!("help.title")));
    let inner = block.inner(box_area);
    frame.render_widget(Clear, box_area);
    frame.render_widget(block, box_area);
    let keys_width = keys.iter().map(Line::width).max().unwrap_or(0) as u16;
    let [left, right] =
        Layout::horizontal([Constraint::Length(keys_width), Constraint::Min(0)]).spacing(2).areas(inner);
    frame.render_widget(Paragraph::new(keys), left);
    frame.render_widget(Paragraph::new(board).wrap(Wrap { trim: true }), right);
}

/// The box where the file name to save to is typed.
fn draw_save_as(name: &str, area: Rect, frame: &mut Frame) {
    let lines = vec![
        Line::raw(t!("save.prompt")),
        Line::from(vec![Span::styled(format!("{name}█"), theme::TITLE)]),
        Line::styled(t!("save.hints"), theme::HINTS),
    ];
    let box_area = centred(area, 72, 5);
    frame.render_widget(Clear, box_area);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(format!(" {} ", t!("save.title")))),
        box_area,
    );
}

fn draw_question(app: &App, question: Question, area: Rect, frame: &mut Frame) {
    let to_move = app.game().map_or(Colour::Blue, |game| game.table().to_move());
    let text = match question {
        Question::Quit => t!("ask.quit"),
        Question::Menu => t!("ask.menu"),
        Question::Resign => t!("ask.resign", i18n::colour(to_move)),
        Question::Draw => t!("ask.draw", i18n::colour(to_move), i18n::colour(to_move.other())),
    };
    let lines = Text::from(vec![Line::raw(text), Line::styled(t!("ask.yes_no"), theme::HINTS)]);
    let box_area = centred(area, lines.width() as u16 + 4, 4);
    frame.render_widget(Clear, box_area);
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .block(Block::bordered().border_style(theme::WARNING)),
        box_area,
    );
}
