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

pub fn draw(lobby: &Lobby, say: Say, area: Rect, frame: &mut Frame) {
    let Some(layout) = LobbyLayout::fit(area) else {
        let (width, height) = LobbyLayout::NEEDED;
        let words = say.text(&text!(LOBBY_TOO_SMALL, width, height, area.width, area.height));
        let words = Paragraph::new(words).style(say.theme.warning).wrap(Wrap { trim: true });
        return frame.render_widget(words, area);
    };
    let view = &lobby.view;
    let heading = match &view.me {
        Some(me) => text!(LOBBY_HEADING, view.club.as_str(), me.as_str()),
        None => text!(LOBBY_HEADING_WATCHER, view.club.as_str()),
    };
    frame.render_widget(Line::styled(say.text(&heading), theme::TITLE), layout.heading);
    for ((tab, rect), name) in Tab::ALL.into_iter().zip(layout.tab_rects()).zip(TAB_NAMES) {
        let style = if tab == lobby.tab { theme::CHOSEN } else { theme::LABEL };
        let words = format!(" {} {} ({})", tab as usize + 1, say.word(name), lobby.count(tab));
        frame.render_widget(Line::styled(words, style), rect);
    }
    if let Some(greeting) = &view.greeting {
        let under = Rect { y: layout.tabs.y + 1, ..layout.tabs };
        frame.render_widget(Line::styled(greeting.as_str(), theme::HINTS), under);
    }
    match &lobby.form {
        Some(form) => draw_form(form, say, layout.list, frame),
        None => draw_list(lobby, say, &layout, frame),
    }
    if let Some(note) = &lobby.note {
        frame.render_widget(Line::styled(say.text(note), say.theme.warning), layout.note);
    }
    frame.render_widget(Line::styled(say.hints(say.context), theme::HINTS), layout.keys);
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
/// one in sight and marked.
fn draw_list(lobby: &Lobby, say: Say, layout: &LobbyLayout, frame: &mut Frame) {
    let tab = lobby.tab;
    if lobby.count(tab) == 0 {
        let words = Paragraph::new(say.word(EMPTY[tab as usize])).alignment(Alignment::Center);
        let middle = Rect { y: layout.list.y + layout.list.height / 2, height: 1, ..layout.list };
        return frame.render_widget(words.style(theme::HINTS).wrap(Wrap { trim: true }), middle);
    }
    let (heads, widths, rows) = table(lobby, say);
    let first = lobby.first_shown(layout.rows());
    let chosen = lobby.row(tab);
    let rows =
        rows.into_iter().enumerate().skip(first).take(layout.rows()).map(|(n, row)| match n == chosen {
            true => row.style(theme::CHOSEN),
            false => row,
        });
    let heads = Row::new(heads.into_iter().map(|head| say.word(head))).style(theme::HEADING);
    frame.render_widget(Table::new(rows, widths).header(heads).column_spacing(1), layout.list);
}

/// A part's column heads, their widths, and its rows.
fn table(lobby: &Lobby, say: Say) -> (Vec<Key<0>>, Vec<Constraint>, Vec<Row<'static>>) {
    let view = &lobby.view;
    let (len, fill) = (Constraint::Length, Constraint::Fill(1));
    let terms = [LOBBY_COL_GAME, LOBBY_COL_CLOCK, LOBBY_COL_RATED, LOBBY_COL_SIDE];
    let terms_widths = [len(16), len(7), len(10), fill];
    match lobby.tab {
        Tab::Players => {
            let rows = view.online.iter().map(|member| {
                let ratings = member.ratings.iter().map(|(pool, rating)| format!("{pool} {rating}"));
                let free = if member.playing {
                    (LOBBY_PLAYING, theme::LABEL)
                } else {
                    (LOBBY_FREE, say.theme.success)
                };
                Row::new([
                    Cell::from(member.name.clone()),
                    Cell::from(Span::styled(say.word(free.0), free.1)),
                    Cell::from(ratings.collect::<Vec<_>>().join(" · ")),
                ])
            });
            (
                vec![LOBBY_COL_NAME, LOBBY_COL_STATE, LOBBY_COL_RATINGS],
                vec![len(20), len(10), fill],
                rows.collect(),
            )
        }
        Tab::Seeks => {
            let rows = view.seeks.iter().map(|seek| {
                let by = if seek.mine {
                    format!("{} ({})", seek.by, say.word(LOBBY_YOURS))
                } else {
                    seek.by.clone()
                };
                Row::new(std::iter::once(by).chain(terms_cells(&seek.terms, say)))
            });
            (heads(LOBBY_COL_BY, terms), widths(terms_widths), rows.collect())
        }
        Tab::Challenges => {
            let rows = view.challenges.iter().map(|challenge| {
                let (from, to) = (challenge.from.clone(), challenge.to.clone());
                Row::new([from, to].into_iter().chain(terms_cells(&challenge.terms, say)))
            });
            let mut heads = heads(LOBBY_COL_FROM, terms);
            heads.insert(1, LOBBY_COL_TO);
            let mut widths = widths(terms_widths);
            widths.insert(1, len(16));
            (heads, widths, rows.collect())
        }
        Tab::Live | Tab::Recent => {
            let games = if lobby.tab == Tab::Live { &view.live } else { &view.recent };
            let heads = vec![COLOUR_BLUE, COLOUR_RED, LOBBY_COL_GAME, LOBBY_COL_CLOCK, LOBBY_COL_RATED];
            let heads = [heads, vec![LOBBY_COL_TURNS, LOBBY_COL_STATE]].concat();
            let widths = vec![len(14), len(14), len(16), len(7), len(10), len(6), fill];
            (heads, widths, games.iter().map(|game| game_row(game, say)).collect())
        }
        Tab::Best => {
            let rows = lobby.best_rows().into_iter().map(|(pool, place)| match place {
                None => Row::new([Cell::from(Span::styled(pool.to_string(), theme::TITLE))]),
                Some((n, (name, rating, games))) => {
                    Row::new([format!("{:>3}. {name}", n + 1), rating.clone(), games.to_string()])
                }
            });
            (
                vec![LOBBY_COL_NAME, LOBBY_COL_RATING, LOBBY_COL_GAMES],
                vec![len(24), len(8), fill],
                rows.collect(),
            )
        }
    }
}

/// The heads of a part listing terms: who, then the terms'.
fn heads(who: Key<0>, terms: [Key<0>; 4]) -> Vec<Key<0>> {
    std::iter::once(who).chain(terms).collect()
}

/// The widths of a part listing terms: who, then the terms'.
fn widths(terms: [Constraint; 4]) -> Vec<Constraint> {
    std::iter::once(Constraint::Length(16)).chain(terms).collect()
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

/// A game in progress or finished: its players in their colours, its terms, how far it is.
fn game_row(game: &GameRow, say: Say) -> Row<'static> {
    let rated = if game.rated { LOBBY_RATED } else { LOBBY_CASUAL };
    Row::new([
        Cell::from(Span::styled(game.blue.clone(), say.theme.blue)),
        Cell::from(Span::styled(game.red.clone(), say.theme.red)),
        Cell::from(game_name(game.game, game.side, say)),
        Cell::from(clock(game.clock, say)),
        Cell::from(say.word(rated)),
        Cell::from(game.turns.to_string()),
        Cell::from(game.state.clone()),
    ])
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
            (n, _) if n == ROWS - 1 => format!("[ {} ]", say.word(what)),
            (_, true) => format!("{:>14}  ◀ {value} ▶", say.word(what)),
            (_, false) => format!("{:>14}    {value}  ", say.word(what)),
        };
        let style = if chosen { theme::CHOSEN } else { Style::new() };
        frame.render_widget(Line::styled(format!("{words:<36}"), style).alignment(Alignment::Center), rect);
    }
}
