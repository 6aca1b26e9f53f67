//! Drawing only: the application's state in, ratatui widgets out, every word said in the
//! language of the terminal drawn on, in its keys and colours (its app's profile).

use crate::app::game::AnyGameScreenExt;
mod board;
mod clamber;
mod clock;
mod game;
mod lobby;
mod menu;
mod ombagui;
mod panel;
mod puzzle;
mod review;
mod room;
mod rules;
mod say;
#[cfg(feature = "third-game")]
mod triad;

use crate::app::keys::{self, Context};
use crate::app::prompt::{Question, SavePrompt};
use crate::app::{App, Overlay, Screen};
use crate::i18n::keys::*;
use crate::i18n::{Lang, Text, text};
use crate::theme;
use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use room::{centred, wrapped_height};

pub(crate) use say::Say;

/// Draws the whole screen as the terminal's profile says: its language, keys and colours.
pub(crate) fn draw(app: &App, frame: &mut Frame) {
    draw_in(app, app.profile.lang, frame)
}

/// Draws the whole screen, its words in `lang` (each language's screen, in the tests).
pub(crate) fn draw_in(app: &App, lang: Lang, frame: &mut Frame) {
    let area = frame.area();
    let say = Say { lang, ..Say::new(&app.profile, app.context()) };
    match &app.screen {
        Screen::Menu(menu) => menu::draw(menu, say, area, frame),
        Screen::Game(game) => crate::each_game!(&**game, game => game::draw(game, say, area, frame)),
        Screen::Review(review) => {
            crate::each_game!(&**review, review => review::draw(review, say, area, frame))
        }
        Screen::Rules(book) => rules::draw(book, say, area, frame),
        Screen::Puzzle(puzzles) => puzzle::draw(puzzles, say, area, frame),
        Screen::Lobby(lobby) => lobby::draw(lobby, say, area, frame),
    }
    match &app.overlay {
        Some(Overlay::Help) => draw_help(app, say, area, frame),
        Some(Overlay::SaveAs(prompt)) => draw_save_as(prompt, say, area, frame),
        Some(Overlay::Ask(Question::Quit)) if let Some(who) = dropped(app) => {
            draw_question(&Question::Quit, Some(text!(ASK_QUIT_HOST, who)), say, area, frame)
        }
        Some(Overlay::Ask(question)) => draw_question(question, None, say, area, frame),
        None => {}
    }
}

/// Every key of the screen below, from the key table, beside what the board's marks mean.
fn draw_help(app: &App, say: Say, area: Rect, frame: &mut Frame) {
    let (keys, board) = help_parts(app, say);
    // The way out, on the box's bottom edge whatever else has to wrap.
    let close = Line::styled(format!(" {} ", say.hints(Context::Help)), theme::HINTS);
    // As wide as an 80-column terminal, so that nothing under it shows at its edge; the
    // keys wrap so that what the marks mean keeps a column of its own.
    let width = 80.min(area.width);
    let room = width.saturating_sub(4);
    let marks = if board.is_empty() { 0 } else { MARKS_COLUMN };
    // The keys' column is as wide as the widest key and a gap, so none runs into its words.
    let key_column = keys.iter().map(|(shown, _)| Line::raw(shown.as_str()).width() + 2).max().unwrap_or(0);
    let key_column = key_column.max(KEY_COLUMN);
    let longest = keys.iter().map(|(_, what)| key_column + what.chars().count()).max().unwrap_or(0);
    let keys_width = (longest as u16).min(room.saturating_sub(marks)).max(key_column as u16 + 8);
    let lines_of = |(shown, what): &(String, String)| help_rows(shown, what, key_column, keys_width);
    // Keys that do not fit under each other on a short terminal go on beside what the
    // marks mean, written closer, before them. The box leaves the screen's key line under
    // it, but where nothing goes beside the keys it may cover it. Whatever a column cannot
    // hold, its last line says how much is left out: nothing goes missing unsaid.
    let rows = usize::from(area.height.saturating_sub(if marks == 0 { 2 } else { 3 }));
    let board_width = usize::from(width.saturating_sub(2 + keys_width + 2)).max(1);
    let (mut keys, mut beside) = (keys, Vec::new());
    let keys_height = |keys: &[(String, String)]| keys.iter().map(|key| lines_of(key).len()).sum::<usize>();
    while marks > 0 && keys_height(&keys) > rows && keys.len() > 1 {
        beside.insert(0, keys.pop().expect("more than one key"));
    }
    let beside: Vec<Line> = beside.iter().map(|(shown, what)| Line::raw(format!("{shown} {what}"))).collect();
    let wrap = |lines: Vec<Line<'static>>| {
        lines.into_iter().map(|line| wrapped(line, board_width)).collect::<Vec<_>>()
    };
    let (board, beside) = (wrap(board), wrap(beside));
    // The keys beside come after the marks, a line between, where all fit; else first.
    let all = board.iter().chain(&beside).map(Vec::len).sum::<usize>() + usize::from(!beside.is_empty());
    let board = match all <= rows {
        true if beside.is_empty() => board.into_iter().flatten().collect(),
        true => board.into_iter().chain([vec![Line::raw("")]]).chain(beside).flatten().collect(),
        false => fitting(beside.into_iter().chain(board), (rows, board_width), say),
    };
    let keys = fitting(keys.iter().map(lines_of), (rows, usize::from(keys_width)), say);
    let height = keys.len().max(board.len()) as u16 + 2;
    let box_area = centred(area, width, height);
    let block = Block::bordered().title(format!(" {} ", say.word(HELP_TITLE))).title_bottom(close);
    let inner = block.inner(box_area);
    frame.render_widget(Clear, box_area);
    frame.render_widget(block, box_area);
    let [left, right] =
        Layout::horizontal([Constraint::Length(keys_width), Constraint::Min(0)]).spacing(2).areas(inner);
    frame.render_widget(Paragraph::new(keys), left);
    frame.render_widget(Paragraph::new(board), right);
}

/// What the help lists: the keys of the screen under it (a game's as it stands, over or
/// not, left for the menu or the lobby), and what the board's marks mean, if it has one.
fn help_parts(app: &App, say: Say) -> (Vec<(String, String)>, Vec<Line<'static>>) {
    let game = app.screen.game();
    let leaving = game.map_or(keys::Leaving::Program, |game| crate::each_game!(game, game => game.leaving));
    let over = game.is_some_and(
        |game| crate::each_game!(game, game => game.table.end().or_else(|| game.ended_for_good()).is_some()),
    );
    let kind = game.map(|game| game.seen().kind());
    let keys = say.keys.help_of_game(app.context(), kind, say.lang, (leaving, over));
    let mut board = Vec::new();
    if let Some(game) = game {
        board.push(Line::styled(say.word(HELP_BOARD), theme::HEADING));
        board.extend(crate::each_game!(game, game => game::marks_help(game, say)));
    }
    if matches!(app.screen, Screen::Review(_)) {
        board.push(Line::styled(say.word(HELP_BOARD), theme::HEADING));
        board.extend(review::help(say));
    }
    (keys, board)
}

/// `line` wrapped at its words to `width`, each piece in its style.
fn wrapped(line: Line<'static>, width: usize) -> Vec<Line<'static>> {
    let style = line.spans.first().map_or(line.style, |span| line.style.patch(span.style));
    let words: String = line.spans.iter().map(|span| span.content.as_ref()).collect();
    game::wrap_words(&words, width).into_iter().map(|piece| Line::styled(piece, style)).collect()
}

/// The help's entries (a key, a mark), each in its lines, within `rows` lines: where they
/// do not all fit, the last line says how many are left out.
fn fitting(
    entries: impl Iterator<Item = Vec<Line<'static>>>,
    (rows, width): (usize, usize),
    say: Say,
) -> Vec<Line<'static>> {
    let entries: Vec<Vec<Line>> = entries.collect();
    if entries.iter().map(Vec::len).sum::<usize>() <= rows {
        return entries.into_iter().flatten().collect();
    }
    let more = |left: usize| game::wrap_words(&say.text(&text!(HELP_MORE, left)), width.max(1));
    let mut lines = Vec::new();
    let mut shown = 0;
    for entry in &entries {
        if lines.len() + entry.len() + more(entries.len() - shown).len() > rows {
            break;
        }
        lines.extend(entry.iter().cloned());
        shown += 1;
    }
    lines.extend(more(entries.len() - shown).into_iter().map(|line| Line::styled(line, theme::HINTS)));
    lines
}

/// A key of the help and what it does, in rows `width` wide: the key in a column
/// `key_column` wide, its words wrapped beside it.
fn help_rows(shown: &str, what: &str, key_column: usize, width: u16) -> Vec<Line<'static>> {
    // French puts a space before `:` `;` `?` `!`: the sign stays with the word before it.
    let bound = [" :", " ;", " ?", " !"]
        .iter()
        .fold(what.to_string(), |what, sign| what.replace(sign, &sign.replace(' ', "\u{a0}")));
    let lines = game::wrap_words(&bound, usize::from(width).saturating_sub(key_column).max(1));
    let lines = lines.into_iter().map(|line| line.replace('\u{a0}', " "));
    let key = |n: usize| if n == 0 { shown } else { "" };
    lines
        .into_iter()
        .enumerate()
        .map(|(n, line)| Line::raw(format!("{:<key_column$}{line}", key(n))))
        .collect()
}

/// The width of the keys in the help, before what they do: at least this.
const KEY_COLUMN: usize = 13;

/// The least room the help leaves for what the board's marks mean.
const MARKS_COLUMN: u16 = 30;

/// The box where the file name to save to is typed.
fn draw_save_as(prompt: &SavePrompt, say: Say, area: Rect, frame: &mut Frame) {
    let lines = vec![
        Line::raw(say.word(SAVE_PROMPT)),
        Line::from(vec![Span::styled(format!("{}█", prompt.name), theme::TITLE)]),
        Line::styled(format!("{} ({})", say.hints(Context::SaveAs), say.word(SAVE_RELATIVE)), theme::HINTS),
    ];
    let box_area = centred(area, 72, 5);
    frame.render_widget(Clear, box_area);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(format!(" {} ", say.word(SAVE_TITLE)))),
        box_area,
    );
}

/// Who a host's quitting drops: the other player and the watchers, if any are there.
fn dropped(app: &App) -> Option<Text> {
    let game = app.screen.game()?;
    let seat = crate::each_game!(game, game => game.seat().cloned())?;
    if seat.guest {
        return None;
    }
    let link = seat.link();
    let player = seat.colour().map(|mine| mine.other()).filter(|&other| link.present(other));
    let watchers = (link.watchers() > 0).then(|| text!(NET_WATCHERS, link.watchers()));
    match (player, watchers) {
        (Some(player), Some(watchers)) => Some(text!(NET_AND, player, watchers)),
        (Some(player), None) => Some(crate::i18n::colour(player)),
        (None, watchers) => watchers,
    }
}

/// A question, in `text` when it is worded for the moment.
fn draw_question(question: &Question, text: Option<Text>, say: Say, area: Rect, frame: &mut Frame) {
    // Its keys are named as the box takes them (the lobby's `a` is no answer here).
    let say = Say { context: crate::app::Component::context(question), ..say };
    let text = text.unwrap_or_else(|| question.text());
    let hints = match question {
        Question::Locked(_) => say.word(ASK_LOCKED_KEYS),
        Question::QuitEntry => say.word(ASK_QUIT_ENTRY_KEYS),
        Question::Unkept { quit: true, .. } => say.word(ASK_UNKEPT_QUIT),
        Question::Unkept { quit: false, .. } => say.word(ASK_UNKEPT_MENU),
        _ => format!("{} · {}", say.hints(Context::Question), say.word(ASK_OTHER_KEYS)),
    };
    let lines = vec![Line::raw(say.text(&text)), Line::styled(hints, theme::HINTS)];
    // As wide as its words, within the screen: on a narrow one they wrap, none is cut.
    let width = (lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 4).min(area.width);
    let height = wrapped_height(lines.clone(), width.saturating_sub(4)) + 2;
    let box_area = centred(area, width, height);
    frame.render_widget(Clear, box_area);
    frame.render_widget(
        Paragraph::new(lines).alignment(Alignment::Center).wrap(Wrap { trim: true }).block(
            Block::bordered()
                .border_style(say.theme.warning)
                .padding(ratatui::widgets::Padding::horizontal(1)),
        ),
        box_area,
    );
}

#[cfg(test)]
mod tests;
