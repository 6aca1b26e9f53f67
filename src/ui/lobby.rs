//! Draws the club's lobby where [`LobbyLayout`] puts it: the club's name, the parts as tabs,
//! the chosen part as a table, the form over it while one is written, the club's note and
//! the keys; or, on a terminal too small, how big it must be.

use super::say::Say;
use crate::app::lobby::form::ROWS;
use crate::app::lobby::{Form, GameRow, Lobby, LobbyLayout, Tab, Terms};
use crate::clock::TimeControl;
use crate::i18n::keys::*;
use crate::i18n::{Key, Words, colour, text};
use crate::rules::hex::Board;
use crate::theme;
use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Cell, Clear, Paragraph, Row, Table, Wrap};
use std::ops::Range;

pub fn draw(lobby: &Lobby, say: Say, area: Rect, frame: &mut Frame) {
    let Some(layout) = LobbyLayout::fit(area) else {
        let (width, height) = LobbyLayout::NEEDED;
        let words = say.text(&text!(LOBBY_TOO_SMALL, width, height, area.width, area.height));
        let words = Paragraph::new(words).style(say.theme.warning).wrap(Wrap { trim: true });
        return frame.render_widget(words, area);
    };
    let club = &lobby.view.club;
    let heading = match lobby.view.me() {
        Some(me) => text!(LOBBY_HEADING, club.club.as_str(), me),
        None => text!(LOBBY_HEADING_WATCHER, club.club.as_str()),
    };
    frame.render_widget(Line::styled(say.text(&heading), theme::TITLE), layout.heading);
    for ((tab, rect), name) in Tab::ALL.into_iter().zip(layout.tab_rects()).zip(TAB_NAMES) {
        let style = if tab == lobby.tab { theme::CHOSEN } else { theme::LABEL };
        frame.render_widget(
            Line::styled(tab_label(tab, say.word(name), lobby.count(tab), rect.width), style),
            rect,
        );
    }
    if let Some(greeting) = &club.greeting {
        let under = Rect { y: layout.tabs.y + 1, ..layout.tabs };
        frame.render_widget(Line::styled(greeting.as_str(), theme::HINTS), under);
    }
    match &lobby.form {
        Some(form) => draw_form(form, say, layout.list, frame),
        None => draw_list(lobby, say, &layout, frame),
    }
    // The club's last word, else what the keys do on the chosen row.
    match (lobby.said(), lobby.offer()) {
        (Some(note), _) => frame.render_widget(Line::styled(say.text(note), say.theme.warning), layout.note),
        (None, Some(offer)) if lobby.form.is_none() => {
            frame.render_widget(Line::styled(say.text(&offer), theme::HINTS), layout.note)
        }
        _ => {}
    }
    frame.render_widget(
        Line::styled(super::room::fit_hints(&say.hints(say.context), layout.keys.width), theme::HINTS),
        layout.keys,
    );
}

/// A tab's number, name and count in `width` columns: the name cut short (`…`) where
/// they do not fit, the number and the count never.
fn tab_label(tab: Tab, name: String, count: usize, width: u16) -> String {
    let label = |name: &str| format!("{} {name} ({count})", tab as usize + 1);
    let room = usize::from(width.saturating_sub(1));
    let mut name: Vec<char> = name.chars().collect();
    while Line::raw(label(&name.iter().collect::<String>())).width() > room && !name.is_empty() {
        name.pop();
        if let Some(last) = name.last_mut() {
            *last = '…';
        }
    }
    label(&name.into_iter().collect::<String>())
}

/// The tabs' names, in [`Tab::ALL`]'s order.
const TAB_NAMES: [Key<0>; 6] = [
    LOBBY_TAB_PLAYERS,
    LOBBY_TAB_SEEKS,
    LOBBY_TAB_CHALLENGES,
    LOBBY_TAB_LIVE,
    LOBBY_TAB_RECENT,
    LOBBY_TAB_BEST,
];

/// What an empty part says, in [`Tab::ALL`]'s order.
const EMPTY: [Key<0>; 6] = [
    LOBBY_EMPTY_PLAYERS,
    LOBBY_EMPTY_SEEKS,
    LOBBY_EMPTY_CHALLENGES,
    LOBBY_EMPTY_LIVE,
    LOBBY_EMPTY_RECENT,
    LOBBY_EMPTY_BEST,
];

/// The part on screen as a table: its column heads, then the rows that fit, the chosen
/// one in sight, lit and marked (for a terminal without colours or reverse). Each column is
/// as wide as its widest word on screen in the language drawn, the last takes the rest.
/// Only the rows on screen are put in words: a part of a thousand rows costs what a part
/// of twenty does.
fn draw_list(lobby: &Lobby, say: Say, layout: &LobbyLayout, frame: &mut Frame) {
    let tab = lobby.tab;
    if lobby.count(tab) == 0 {
        let words = Paragraph::new(say.word(EMPTY[tab as usize])).alignment(Alignment::Center);
        let middle = Rect { y: layout.list.y + layout.list.height / 2, height: 1, ..layout.list };
        return frame.render_widget(words.style(theme::HINTS).wrap(Wrap { trim: true }), middle);
    }
    let (first, chosen) = (lobby.first_shown(layout.rows()), lobby.row(tab));
    let (heads, rows) = table(lobby, say, first..first + layout.rows());
    let heads: Vec<Span> = heads.into_iter().map(|head| Span::raw(say.word(head))).collect();
    let columns = heads.len();
    let widest = |n: usize| rows.iter().chain([&heads]).filter_map(|row| row.get(n)).map(Span::width).max();
    let widths: Vec<Constraint> = (0..columns)
        .map(|n| match n + 1 == columns {
            true => Constraint::Fill(1),
            false => Constraint::Length(widest(n).unwrap_or(0) as u16),
        })
        .collect();
    let rows = rows.into_iter().zip(first..).map(|(cells, n)| {
        let mark = if n == chosen { "▸" } else { " " };
        let row = Row::new(std::iter::once(Span::raw(mark)).chain(cells).map(Cell::from));
        if n == chosen { row.style(theme::CHOSEN) } else { row }
    });
    let heads = Row::new(std::iter::once(Span::raw("")).chain(heads).map(Cell::from)).style(theme::HEADING);
    let widths = std::iter::once(Constraint::Length(1)).chain(widths);
    frame.render_widget(Table::new(rows, widths).header(heads).column_spacing(2), layout.list);
}

/// A part's column heads and its rows `shown`, a word for each column.
fn table(lobby: &Lobby, say: Say, shown: Range<usize>) -> (Vec<Key<0>>, Vec<Vec<Span<'static>>>) {
    let (view, club, own) = (&lobby.view, &lobby.view.club, &lobby.view.own);
    let raw = |words: String| Span::raw(words);
    let terms = [LOBBY_COL_GAME, LOBBY_COL_CLOCK, LOBBY_COL_RATED, LOBBY_COL_SIDE];
    let within = |rows: usize| shown.start.min(rows)..shown.end.min(rows);
    match lobby.tab {
        Tab::Players => {
            let rows = club.online[within(club.online.len())].iter().map(|member| {
                let ratings = member.ratings.iter().map(|(pool, rating)| format!("{pool} {rating}"));
                let (now, style) = if member.playing {
                    (LOBBY_PLAYING, theme::LABEL)
                } else {
                    (LOBBY_FREE, say.theme.success)
                };
                let ratings = ratings.collect::<Vec<_>>().join(" · ");
                vec![raw(member.name.clone()), Span::styled(say.word(now), style), raw(ratings)]
            });
            (vec![LOBBY_COL_NAME, LOBBY_COL_NOW, LOBBY_COL_RATINGS], rows.collect())
        }
        Tab::Seeks => {
            let rows = club.seeks[within(club.seeks.len())].iter().map(|seek| {
                let by = match view.is_me(&seek.by) {
                    true => format!("{} ({})", seek.by, say.word(LOBBY_YOURS)),
                    false => seek.by.clone(),
                };
                std::iter::once(by).chain(terms_cells(&seek.terms, say)).map(raw).collect()
            });
            ([&[LOBBY_COL_BY][..], &terms].concat(), rows.collect())
        }
        Tab::Challenges => {
            let rows = own.challenges[within(own.challenges.len())].iter().map(|challenge| {
                let (from, to) = (challenge.from.clone(), challenge.to.clone());
                [from, to].into_iter().chain(terms_cells(&challenge.terms, say)).map(raw).collect()
            });
            ([&[LOBBY_COL_FROM, LOBBY_COL_TO][..], &terms].concat(), rows.collect())
        }
        Tab::Live => {
            let rows = club.live[within(club.live.len())].iter().map(|game| game_row(game, say));
            (GAME_HEADS.to_vec(), rows.collect())
        }
        Tab::Recent => {
            let rows = own.recent[within(own.recent.len())].iter().map(|recent| {
                let done = [Span::raw(recent.turns.to_string()), Span::raw(say.text(&recent.result))];
                game_row(&recent.game, say).into_iter().chain(done).collect()
            });
            ([&GAME_HEADS[..], &[LOBBY_COL_TURNS, LOBBY_COL_STATE]].concat(), rows.collect())
        }
        Tab::Best => {
            let rows =
                lobby.best_rows().skip(shown.start).take(shown.len()).map(|(pool, place)| match place {
                    None => vec![Span::styled(pool.to_string(), theme::TITLE)],
                    Some((n, (name, rating, games))) => {
                        vec![
                            raw(format!("{:>3}. {name}", n + 1)),
                            raw(rating.clone()),
                            raw(games.to_string()),
                        ]
                    }
                });
            (vec![LOBBY_COL_NAME, LOBBY_COL_RATING, LOBBY_COL_GAMES], rows.collect())
        }
    }
}

/// A game's terms in words: the game and board, the clock, rated or casual, the poster's side.
fn terms_cells(terms: &Terms, say: Say) -> [String; 4] {
    let side = terms.colour.map_or(text!(LOBBY_RANDOM), colour);
    let rated = if terms.rated { LOBBY_RATED } else { LOBBY_CASUAL };
    [game_name(terms.game, terms.side, say), clock(terms.clock, say), say.word(rated), say.text(&side)]
}

/// A game on its board, in words (`Clamber, side 3`); an unknown side as it came.
fn game_name(game: crate::rules::GameKind, side: u8, say: Say) -> String {
    match Board::new(u32::from(side)) {
        Ok(board) => say.text(&crate::each_game!(kind game, G => G::setup_entry(board))),
        Err(_) => format!("{} {side}", game.name()),
    }
}

fn clock(clock: Option<TimeControl>, say: Say) -> String {
    clock.map_or_else(|| say.word(SETUP_NO_CLOCK), |clock| clock.to_string())
}

/// The heads of a game's columns.
const GAME_HEADS: [Key<0>; 5] = [COLOUR_BLUE, COLOUR_RED, LOBBY_COL_GAME, LOBBY_COL_CLOCK, LOBBY_COL_RATED];

/// A game: its players in their colours, its terms.
fn game_row(game: &GameRow, say: Say) -> Vec<Span<'static>> {
    let rated = if game.rated { LOBBY_RATED } else { LOBBY_CASUAL };
    vec![
        Span::styled(game.blue.clone(), say.theme.blue),
        Span::styled(game.red.clone(), say.theme.red),
        Span::raw(game_name(game.game, game.side, say)),
        Span::raw(clock(game.clock, say)),
        Span::raw(say.word(rated)),
    ]
}

/// The form over the list: its title, then a row for each term with its value between
/// arrows when chosen, and the row that sends it.
fn draw_form(form: &Form, say: Say, list: Rect, frame: &mut Frame) {
    frame.render_widget(Clear, list);
    let (title_rect, rects) = Form::rects(list);
    let title = match &form.to {
        Some(name) => text!(LOBBY_FORM_CHALLENGE, name.as_str()),
        None => text!(LOBBY_FORM_SEEK),
    };
    frame
        .render_widget(Line::styled(say.text(&title), theme::TITLE).alignment(Alignment::Center), title_rect);
    let terms = form.terms();
    let [game, clock_words, rated, side] = terms_cells(&terms, say);
    let rows: [(Key<0>, String); ROWS] = [
        (LOBBY_FORM_GAME, game),
        (LOBBY_FORM_CLOCK, clock_words),
        (LOBBY_FORM_RATED, rated),
        (LOBBY_FORM_COLOUR, side),
        (LOBBY_FORM_SEND, String::new()),
    ];
    for (n, ((what, value), rect)) in rows.into_iter().zip(rects).enumerate() {
        let chosen = n == form.row;
        let words = match (n, chosen) {
            (n, _) if n == ROWS - 1 => format!("{:^36}", format!("[ {} ]", say.word(what))),
            (_, true) => format!("{:>14}  ◀ {value} ▶", say.word(what)),
            (_, false) => format!("{:>14}    {value}  ", say.word(what)),
        };
        let style = if chosen { theme::CHOSEN } else { Style::new() };
        frame.render_widget(Line::styled(format!("{words:<36}"), style).alignment(Alignment::Center), rect);
    }
}
