//! Drawing only: the application's state in, ratatui widgets out.

mod board;
mod clamber;
mod game;
mod menu;
mod ombagui;
mod review;
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
        Screen::Review(review) => review::draw(review, area, frame),
        Screen::Rules(book) => rules::draw(book, area, frame),
    }
    match &app.overlay {
        Some(Overlay::Help) => draw_help(app, area, frame),
        Some(Overlay::SaveAs(prompt)) => draw_save_as(prompt, area, frame),
        Some(Overlay::Ask(Question::Quit)) if let Some(who) = dropped(app) => {
            draw_question(&Question::Quit, Some(t!("ask.quit_host", who)), area, frame)
        }
        Some(Overlay::Ask(question)) => draw_question(question, None, area, frame),
        None => {}
    }
}

/// Every key of the screen below, from the key table, beside what the board's marks mean.
fn draw_help(app: &App, area: Rect, frame: &mut Frame) {
    let game = app.screen.game();
    let keys = keys::help(app.context(), game.map(|game| game.kind()));
    let mut board = Vec::new();
    if let Some(game) = game {
        board.push(Line::styled(t!("help.board"), theme::HEADING));
        board.extend(game::marks_help(game));
        board.push(Line::raw(""));
    }
    let reviewing = matches!(app.screen, Screen::Review(_));
    if reviewing {
        board.push(Line::styled(t!("help.board"), theme::HEADING));
        board.extend(review::help());
        board.push(Line::raw(""));
    }
    board.push(Line::styled(keys::hints(Context::Help), theme::HINTS));
    // As wide as an 80-column terminal, so that nothing under it shows at its edge; the
    // keys wrap so that what the marks mean keeps a column of its own.
    let width = 80.min(area.width);
    let room = width.saturating_sub(4);
    let marks = if game.is_some() || reviewing { MARKS_COLUMN } else { 0 };
    let longest = keys.iter().map(|(_, what)| KEY_COLUMN + 1 + what.chars().count()).max().unwrap_or(0);
    let keys_width = (longest as u16).min(room.saturating_sub(marks)).max(KEY_COLUMN as u16 + 8);
    let lines_of = |(shown, what): &(&str, String)| {
        let lines = game::wrap_words(what, usize::from(keys_width) - KEY_COLUMN - 1);
        lines
            .into_iter()
            .enumerate()
            .map(|(n, line)| Line::raw(format!("{:<KEY_COLUMN$} {line}", if n == 0 { *shown } else { "" })))
            .collect::<Vec<_>>()
    };
    // Keys that do not fit under each other on a short terminal go on beside what the
    // marks mean, written closer: no key is ever cut off.
    let rows = usize::from(area.height.saturating_sub(2));
    let mut keys = keys;
    let mut beside = Vec::new();
    while keys.iter().map(|key| lines_of(key).len()).sum::<usize>() > rows && keys.len() > 1 {
        beside.insert(0, keys.pop().expect("more than one key"));
    }
    if !beside.is_empty() {
        let hints = board.pop();
        board.extend(beside.iter().map(|(shown, what)| Line::raw(format!("{shown} {what}"))));
        board.push(Line::raw(""));
        board.extend(hints);
    }
    let keys: Vec<Line> = keys.iter().flat_map(lines_of).collect();
    let height = keys.len().max(board.len()) as u16 + 2;
    let box_area = centred(area, width, height);
    let block = Block::bordered().title(format!(" {} ", t!("help.title")));
    let inner = block.inner(box_area);
    frame.render_widget(Clear, box_area);
    frame.render_widget(block, box_area);
    let [left, right] =
        Layout::horizontal([Constraint::Length(keys_width), Constraint::Min(0)]).spacing(2).areas(inner);
    frame.render_widget(Paragraph::new(keys), left);
    frame.render_widget(Paragraph::new(board).wrap(Wrap { trim: true }), right);
}

/// The width of the keys in the help, before what they do.
const KEY_COLUMN: usize = 12;

/// The least room the help leaves for what the board's marks mean.
const MARKS_COLUMN: u16 = 30;

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

/// Who a host's quitting drops: the other player and the watchers, if any are there.
fn dropped(app: &App) -> Option<String> {
    let seat = app.screen.game()?.seat.as_ref().filter(|seat| !seat.guest)?;
    let link = seat.link();
    let player = seat.colour().map(|mine| mine.other()).filter(|&other| link.present(other));
    let watchers = (link.watchers() > 0).then(|| t!("net.watchers", link.watchers()));
    match (player.map(i18n::colour), watchers) {
        (Some(player), Some(watchers)) => Some(t!("net.and", player, watchers)),
        (player, watchers) => player.or(watchers),
    }
}

/// A question, in `text` when it is worded for the moment.
fn draw_question(question: &Question, text: Option<String>, area: Rect, frame: &mut Frame) {
    let text = text.unwrap_or_else(|| match question {
        Question::Quit => t!("ask.quit"),
        Question::Menu => t!("ask.menu"),
        Question::Resign(player) => t!("ask.resign", i18n::colour(*player)),
        Question::Draw(player) => t!("ask.draw", i18n::colour(*player), i18n::colour(player.other())),
        Question::OfferDraw => t!("ask.offer_draw"),
        Question::TakeBack(player) => {
            t!("ask.take_back", i18n::colour(*player), i18n::colour(player.other()))
        }
        Question::Replace(path) => t!("ask.replace", path.display()),
        Question::Locked(holder) => t!("ask.locked", holder),
        Question::Unkept { why, .. } => t!("ask.unkept", why),
    });
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
