//! Drawing only: the application's state in, ratatui widgets out.

mod board;
mod clamber;
mod game;
mod menu;
mod ombagui;
mod room;
mod rules;
mod theme;

use crate::app::keys::{self, Context};
use crate::app::prompt::{Question, SavePrompt};
use crate::app::{App, Overlay, Screen};
use crate::{i18n, t};
use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use room::centred;

pub use rules::fits as rules_page_fits;

/// Draws the whole screen.
pub fn draw(app: &App, frame: &mut Frame) {
    let area = frame.area();
    match &app.screen {
        Screen::Menu(menu) => menu::draw(menu, area, frame),
        Screen::Game(game) => game::draw(game, area, frame),
        Screen::Rules(book) => rules::draw(book, area, frame),
    }
    match &app.overlay {
        Some(Overlay::Help) => draw_help(app, area, frame),
        Some(Overlay::SaveAs(prompt)) => draw_save_as(prompt, area, frame),
        Some(Overlay::Ask(question)) => draw_question(question, area, frame),
        None => {}
    }
}

/// Every key of the screen below, from the key table, beside what the board's marks mean.
fn draw_help(app: &App, area: Rect, frame: &mut Frame) {
    let game = app.screen.game();
    let keys: Vec<Line> = keys::help(app.context(), game.map(|game| game.kind()))
        .into_iter()
        .map(|(shown, what)| Line::raw(format!("{shown:<12} {what}")))
        .collect();
    let mut board = Vec::new();
    if let Some(game) = game {
        board.push(Line::styled(t!("help.board"), theme::HEADING));
        board.extend(game::marks_help(game));
        board.push(Line::raw(""));
    }
    board.push(Line::styled(keys::hints(Context::Help), theme::HINTS));
    let height = keys.len().max(board.len()) as u16 + 2;
    // As wide as an 80-column terminal, so that nothing under it shows at its edge.
    let box_area = centred(area, 80, height);
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
fn draw_save_as(prompt: &SavePrompt, area: Rect, frame: &mut Frame) {
    let lines = vec![
        Line::raw(t!("save.prompt")),
        Line::from(vec![Span::styled(format!("{}█", prompt.name), theme::TITLE)]),
        Line::styled(format!("{} ({})", keys::hints(Context::SaveAs), t!("save.relative")), theme::HINTS),
    ];
    let box_area = centred(area, 72, 5);
    frame.render_widget(Clear, box_area);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(format!(" {} ", t!("save.title")))),
        box_area,
    );
}

fn draw_question(question: &Question, area: Rect, frame: &mut Frame) {
    let text = match question {
        Question::Quit => t!("ask.quit"),
        Question::Menu => t!("ask.menu"),
        Question::Resign(player) => t!("ask.resign", i18n::colour(*player)),
        Question::Draw(player) => t!("ask.draw", i18n::colour(*player), i18n::colour(player.other())),
        Question::TakeBack(player) => {
            t!("ask.take_back", i18n::colour(*player), i18n::colour(player.other()))
        }
        Question::Replace(path) => t!("ask.replace", path.display()),
        Question::Locked(holder) => t!("ask.locked", holder),
        Question::Unkept { why, .. } => t!("ask.unkept", why),
    };
    let hints = match question {
        Question::Locked(_) => t!("ask.locked_keys"),
        Question::Unkept { quit, .. } => t!(if *quit { "ask.unkept_quit" } else { "ask.unkept_menu" }),
        _ => format!("{} · {}", keys::hints(Context::Question), t!("ask.other_keys")),
    };
    let lines = Text::from(vec![Line::raw(text), Line::styled(hints, theme::HINTS)]);
    let box_area = centred(area, lines.width() as u16 + 4, 4);
    frame.render_widget(Clear, box_area);
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .block(Block::bordered().border_style(theme::WARNING)),
        box_area,
    );
}
