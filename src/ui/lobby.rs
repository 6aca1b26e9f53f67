//! Draws the club's lobby where [`LobbyLayout`] puts it: the club's name, the parts as tabs,
//! the chosen part as a table, the form over it while one is written, the club's note and
//! the keys; or, on a terminal too small, how big it must be.

mod columns;

use super::say::Say;
use crate::app::lobby::form::ROWS;
use crate::app::lobby::{Form, GameRow, Lobby, LobbyLayout, PARTS, PlayingRow, Tab, Terms};
use crate::clock::ClubClock;
use crate::i18n::keys::*;
use crate::i18n::{Key, Words, colour, text};
use crate::rules::hex::Board;
use crate::theme;
use columns::Keep::{self, Always, Leaves, Narrows};
use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Cell, Clear, Paragraph, Row, Table, Wrap};
use std::ops::Range;

pub(super) fn draw(lobby: &Lobby, say: Say, area: Rect, frame: &mut Frame) {
    let Some(layout) = lobby.layout(area, say.lang) else {
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
    for (tab, (label, rect)) in Tab::ALL.into_iter().zip(&layout.labels) {
        let style = if tab == lobby.tab { theme::CHOSEN } else { theme::LABEL };
        frame.render_widget(Line::styled(label.as_str(), style), *rect);
    }
    if let Some(greeting) = &club.greeting {
        frame.render_widget(Line::styled(greeting.as_str(), theme::HINTS), layout.greeting);
    }
    match &lobby.form {
        Some(form) => draw_form(form, say, layout.list, frame),
        None => draw_list(lobby, say, &layout, frame),
    }
    // The club's last word, else what the keys do on the chosen row.
    match (lobby.said(), lobby.offer()) {
        (Some(note), _) => draw_note(&say.text(note), say.theme.warning, layout.note, frame),
        (None, Some(offer)) if lobby.form.is_none() => {
            draw_note(&say.text(&offer), theme::HINTS, layout.note, frame)
        }
        _ => {}
    }
    frame.render_widget(
        Line::styled(super::room::fit_hints(&say.hints(say.context), layout.keys.width), theme::HINTS),
        layout.keys,
    );
}

/// The note line's words in `style`: on the line above it too where one line does not
/// hold them (a notice is never cut short), broken between its parts (` · `) where it can
/// be, and cut at a word only past two lines.
fn draw_note(words: &str, style: Style, note: Rect, frame: &mut Frame) {
    let width = usize::from(note.width).max(2);
    let mut lines: Vec<String> = Vec::new();
    for part in words.split(" · ") {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 3 + part.chars().count() <= width => {
                line.push_str(" · ");
                line.push_str(part);
            }
            _ => lines.extend(super::game::wrap_words(part, width)),
        }
    }
    if lines.len() > 2 {
        lines.truncate(2);
        let last = &mut lines[1];
        while last.chars().count() + 2 > width {
            match last.rfind(' ') {
                Some(at) => last.truncate(at),
                None => drop(last.pop()),
            }
        }
        last.push_str(" …");
    }
    let height = lines.len() as u16;
    let area = Rect { y: note.y + 1 - height, height, ..note };
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(lines.into_iter().map(Line::raw).collect::<Vec<_>>()).style(style),
        area,
    );
}

/// What an empty part says, in [`Tab::ALL`]'s order.
const EMPTY: [Key<0>; PARTS] = [
    LOBBY_EMPTY_PLAYING,
    LOBBY_EMPTY_PLAYERS,
    LOBBY_EMPTY_SEEKS,
    LOBBY_EMPTY_CHALLENGES,
    LOBBY_EMPTY_LIVE,
    LOBBY_EMPTY_RECENT,
    LOBBY_EMPTY_BEST,
];

/// The part on screen as a table: its column heads, then the rows that fit, the chosen
/// one in sight, lit and marked (for a terminal without colours or reverse). Each column is
/// as wide as its widest word on screen in the language drawn; where they do not all fit,
/// the least needed columns go first, then the names narrow (cut with `…`), so that what
/// matters most (a game's result, a member's ratings) reads whole. An empty part says so
/// under its heads. Only the rows on screen are put in words: a part of a thousand rows
/// costs what a part of twenty does.
fn draw_list(lobby: &Lobby, say: Say, layout: &LobbyLayout, frame: &mut Frame) {
    let tab = lobby.tab;
    let (first, chosen) = (lobby.first_shown(layout.rows()), lobby.row(tab));
    let columns = table(lobby, say, first..first + layout.rows());
    let heads: Vec<Span> = columns.heads.iter().map(|&head| Span::raw(say.word(head))).collect();
    // A pool's heading in the best is one word across the columns: it sets no width.
    let spread = |row: &&Vec<Span>| row.len() > 1;
    let widest = |n: usize| {
        let cells = columns.rows.iter().chain([&heads]).filter(spread).filter_map(|row| row.get(n));
        cells.map(Span::width).max().unwrap_or(0)
    };
    let widths: Vec<usize> = (0..heads.len()).map(widest).collect();
    let room = usize::from(layout.list.width).saturating_sub(1);
    let fitted = columns::fit(&widths, &columns.order, room);
    let last = fitted.iter().rposition(Option::is_some);
    let constraints = fitted.iter().enumerate().filter_map(|(n, width)| {
        let width = (*width)?;
        Some(if Some(n) == last { Constraint::Fill(1) } else { Constraint::Length(width as u16) })
    });
    let widths: Vec<Constraint> = std::iter::once(Constraint::Length(1)).chain(constraints).collect();
    let shown = |cells: Vec<Span<'static>>| -> Vec<Cell<'static>> {
        let whole = cells.len() == 1;
        let fitted = &fitted;
        let kept = cells.into_iter().enumerate().filter(move |(n, _)| whole || fitted[*n].is_some());
        kept.map(|(n, cell)| Cell::from(columns::cut(cell, fitted[n].filter(|_| !whole)))).collect()
    };
    let heads = Row::new(std::iter::once(Cell::from("")).chain(shown(heads))).style(theme::HEADING);
    if lobby.count(tab) == 0 {
        frame.render_widget(
            Table::new(Vec::<Row>::new(), widths).header(heads).column_spacing(2),
            layout.list,
        );
        let under =
            Rect { y: layout.list.y + 1, height: layout.list.height.saturating_sub(1), ..layout.list };
        let words = Paragraph::new(say.word(EMPTY[tab as usize])).wrap(Wrap { trim: true });
        let under = Rect { x: under.x + 3, width: under.width.saturating_sub(3), ..under };
        return frame.render_widget(words.style(theme::INFO), under);
    }
    let rows = columns.rows.into_iter().zip(first..).map(|(cells, n)| {
        let mark = if n == chosen { "▸" } else { " " };
        let row = Row::new(std::iter::once(Cell::from(mark)).chain(shown(cells)));
        if n == chosen { row.style(theme::CHOSEN) } else { row }
    });
    frame.render_widget(Table::new(rows, widths).header(heads).column_spacing(2), layout.list);
}

/// A part's columns: their heads, how each keeps its place where the screen is narrow
/// ([`columns::fit`]), and the rows shown, a word for each column (a pool's heading in the
/// best: one word across).
struct Columns {
    heads: Vec<Key<0>>,
    order: Vec<Keep>,
    rows: Vec<Vec<Span<'static>>>,
}

/// A part's columns and its rows `shown`.
fn table(lobby: &Lobby, say: Say, shown: Range<usize>) -> Columns {
    let (view, club, own) = (&lobby.view, &lobby.view.club, &lobby.view.own);
    let raw = |words: String| Span::raw(words);
    // The side of a seek or a challenge is the one the member looking plays, if they do.
    let side_head = if view.me().is_some() { LOBBY_FORM_COLOUR } else { LOBBY_COL_SIDE };
    let terms = [LOBBY_COL_GAME, LOBBY_COL_CLOCK, LOBBY_COL_RATED, side_head];
    let terms_order = [Always, Leaves(2), Leaves(1), Leaves(3)];
    let within = |rows: usize| shown.start.min(rows)..shown.end.min(rows);
    let (heads, order, rows): (Vec<Key<0>>, Vec<Keep>, Vec<Vec<Span<'static>>>) = match lobby.tab {
        Tab::Playing => {
            let rows = own.playing[within(own.playing.len())].iter().map(|playing| playing_row(playing, say));
            let order = vec![Always, Narrows, Leaves(3), Leaves(2), Always, Leaves(1)];
            (PLAYING_HEADS.to_vec(), order, rows.collect())
        }
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
            let heads = vec![LOBBY_COL_NAME, LOBBY_COL_NOW, LOBBY_COL_RATINGS];
            (heads, vec![Narrows, Leaves(1), Always], rows.collect())
        }
        Tab::Seeks => {
            let rows = club.seeks[within(club.seeks.len())].iter().map(|seek| {
                let mine = view.is_me(&seek.by);
                let by = match mine {
                    true => format!("{} ({})", seek.by, say.word(LOBBY_YOURS)),
                    false => seek.by.clone(),
                };
                let taker = !mine && view.me().is_some();
                let side = seek.terms.colour.map(|colour| if taker { colour.other() } else { colour });
                std::iter::once(by).chain(terms_cells(&seek.terms, side, say)).map(raw).collect()
            });
            ([&[LOBBY_COL_BY][..], &terms].concat(), [&[Narrows][..], &terms_order].concat(), rows.collect())
        }
        Tab::Challenges => {
            let rows = own.challenges[within(own.challenges.len())].iter().map(|challenge| {
                let (from, to) = (challenge.from.clone(), challenge.to.clone());
                let mine = view.is_me(&challenge.from);
                let side = challenge.terms.colour.map(|colour| if mine { colour } else { colour.other() });
                [from, to].into_iter().chain(terms_cells(&challenge.terms, side, say)).map(raw).collect()
            });
            let order = [&[Narrows, Narrows][..], &terms_order].concat();
            ([&[LOBBY_COL_FROM, LOBBY_COL_TO][..], &terms].concat(), order, rows.collect())
        }
        Tab::Live => {
            let rows = club.live[within(club.live.len())].iter().map(|game| game_row(game, say));
            (GAME_HEADS.to_vec(), vec![Narrows, Narrows, Leaves(3), Leaves(2), Leaves(1)], rows.collect())
        }
        Tab::Recent => {
            let rows = own.recent[within(own.recent.len())].iter().map(|recent| {
                let done = [Span::raw(recent.turns.to_string()), Span::raw(say.text(&recent.result))];
                game_row(&recent.game, say).into_iter().chain(done).collect()
            });
            let order = vec![Narrows, Narrows, Leaves(4), Leaves(2), Leaves(1), Leaves(3), Always];
            ([&GAME_HEADS[..], &[LOBBY_COL_TURNS, LOBBY_COL_STATE]].concat(), order, rows.collect())
        }
        Tab::Best => return best(lobby, shown),
    };
    Columns { heads, order, rows }
}

/// The best of each pool, its rows `shown`: a pool's heading across the columns, then its
/// places.
fn best(lobby: &Lobby, shown: Range<usize>) -> Columns {
    let raw = |words: String| Span::raw(words);
    let rows = lobby.best_rows().skip(shown.start).take(shown.len()).map(|(pool, place)| match place {
        None => vec![Span::styled(pool.to_string(), theme::TITLE)],
        Some((n, (name, rating, games))) => {
            vec![raw(format!("{:>3}. {name}", n + 1)), raw(rating.clone()), raw(games.to_string())]
        }
    });
    let heads = vec![LOBBY_COL_NAME, LOBBY_COL_RATING, LOBBY_COL_GAMES];
    Columns { heads, order: vec![Narrows, Always, Leaves(1)], rows: rows.collect() }
}

/// A game's terms in words: the game and board, the clock, rated or casual, and `side`
/// (either, where it is left to chance).
fn terms_cells(terms: &Terms, side: Option<crate::rules::Colour>, say: Say) -> [String; 4] {
    let side = side.map_or(text!(LOBBY_RANDOM), colour);
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

/// A clock as every column shows it: `none` in the member's words, `5+3`, `3d`.
fn clock(clock: ClubClock, say: Say) -> String {
    match clock {
        ClubClock::Untimed => say.word(SETUP_NO_CLOCK),
        clock => clock.to_string(),
    }
}

/// Days a turn in words, where a sentence names them: "3 days a turn".
pub(super) fn days_a_turn(days: u8) -> crate::i18n::Text {
    const DAYS: crate::i18n::Noun = crate::i18n::Noun([LOBBY_DAY_ONE, LOBBY_DAY_FEW, LOBBY_DAY_MANY]);
    text!(LOBBY_DAYS_A_TURN, crate::i18n::Arg::Count(usize::from(days), DAYS))
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

/// The heads of one's games in progress.
const PLAYING_HEADS: [Key<0>; 6] =
    [LOBBY_COL_TURN, LOBBY_COL_OPPONENT, LOBBY_COL_GAME, LOBBY_COL_CLOCK, LOBBY_COL_LEFT, LOBBY_COL_NUMBER];

/// A game of one's in progress: whose turn in words (not only in colour), the opponent, the
/// game and its clock, the time left to the side to move of a correspondence game (marked
/// `!` in the warning style under a sixth of its allowance, as a live clock's last seconds
/// are), the game's number.
fn playing_row(playing: &PlayingRow, say: Say) -> Vec<Span<'static>> {
    let game = &playing.game;
    let turn = match playing.your_turn {
        true => Span::styled(say.word(LOBBY_YOUR_TURN), say.theme.success.patch(theme::TITLE)),
        false => Span::styled(say.word(LOBBY_THEIR_TURN), theme::LABEL),
    };
    let left = match (&playing.due, game.clock.allowance()) {
        (Some(due), Some(allowance)) if due.short(allowance) => {
            Span::styled(format!("{} !", due.shown()), say.theme.warning)
        }
        (Some(due), _) => Span::raw(due.shown()),
        (None, _) => Span::raw("—"),
    };
    vec![
        turn,
        Span::raw(playing.opponent.clone()),
        Span::raw(game_name(game.game, game.side, say)),
        Span::raw(clock(game.clock, say)),
        left,
        Span::raw(game.id.to_string()),
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
    let [game, mut clock_words, rated, side] = terms_cells(&terms, terms.colour, say);
    // The form says what `3d` means where the member chooses it.
    if let ClubClock::Daily(days) = terms.clock {
        clock_words = format!("{clock_words} ({})", say.text(&days_a_turn(days)));
    }
    let rows: [(Key<0>, String); ROWS] = [
        (LOBBY_FORM_GAME, game),
        (LOBBY_FORM_CLOCK, clock_words),
        (LOBBY_FORM_RATED, rated),
        (LOBBY_FORM_COLOUR, side),
        (LOBBY_FORM_SEND, String::new()),
    ];
    // Every row as wide as the widest value any row can take (`14d (14 days a turn)`), so
    // that the form stands still, its rows' names in a column, as the values are cycled.
    let longest = crate::rules::time_control::DAYS.iter().max().copied().unwrap_or(1);
    let widest_clock = format!("{longest}d ({})", say.text(&days_a_turn(longest))).chars().count();
    let widest = rows.iter().map(|(_, value)| value.chars().count()).max().unwrap_or(0).max(widest_clock);
    let width = (widest + 20).max(36);
    for (n, ((what, value), rect)) in rows.into_iter().zip(rects).enumerate() {
        let chosen = n == form.row;
        let words = match (n, chosen) {
            (n, _) if n == ROWS - 1 => format!("{:^width$}", format!("[ {} ]", say.word(what))),
            (_, true) => format!("{:>14}  ◀ {value} ▶", say.word(what)),
            (_, false) => format!("{:>14}    {value}  ", say.word(what)),
        };
        let style = if chosen { theme::CHOSEN } else { Style::new() };
        let line = Line::styled(format!("{words:<width$}"), style).alignment(Alignment::Center);
        frame.render_widget(line, rect);
    }
}
