//! The game screen, whatever the game: title, board, banner, side panel with the move list
//! and the legend, message and hint lines. What differs is the [`Look`] of each game.

use super::board::{self, CellText};
use super::panel::Panel;
use super::say::Say;
use crate::app::component::Component;
use crate::app::game::{GameScreen, Mode};
use crate::app::keys::Leaving;
use crate::app::layout::GameLayout;
pub(crate) use crate::app::layout::wrap_words;
use crate::app::table::Input;
use crate::app::table::Message;
use crate::i18n::keys::*;
use crate::i18n::{Key, Text, text};
use crate::record::{Computer, End, Players, Record};
use crate::rules::hex::Cell;
use crate::rules::{Colour, Game};
use crate::saved::KeptReview;
use crate::theme::{self, Mark, Theme};
use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// How a game looks on screen.
pub(super) trait Look: Input {
    /// The player who moves first: the move list's lines start with their turns.
    const FIRST: Colour;
    /// The marks its board uses, for the legend and the help.
    const MARKS: &'static [Mark];
    /// What the board shows beyond the marks, for the help.
    const NOTES: &'static [Key<0>];

    /// A cell's text, in the style of its mark.
    fn write(&self, cell: Cell, style: Style, say: Say) -> CellText;
    /// Lines about the game for the side panel, `width` wide, above the move list: the
    /// players, then a blank line and what stands at `pointer` (which gives way on a short
    /// panel).
    fn facts(game: &GameScreen<Self>, pointer: Option<Cell>, say: Say, width: usize) -> Vec<Line<'static>>;
}

/// Draws the game screen, or says how large the terminal must be.
pub(super) fn draw<G: Look>(game: &GameScreen<G>, say: Say, area: Rect, frame: &mut Frame) {
    let table = &game.table;
    let board = table.position().board();
    let Some(layout) = GameLayout::fit(board, G::CELL_LINES, area) else {
        let said = if game.leaving == Leaving::Lobby { TOO_SMALL_LOBBY } else { TOO_SMALL };
        return super::room::draw_too_small_as(
            said,
            GameLayout::needed(board, G::CELL_LINES),
            say,
            area,
            frame,
        );
    };
    let areas = layout.areas;
    let shown = G::shown(table);
    // A tried example says so: it is not a game, and it is not kept.
    let name = match game.mode {
        Mode::Tried(_) => text!(GAME_TRY, G::title(board)),
        _ => G::title(board),
    };
    // A game that cannot go on says how it ended wherever its players look back to.
    let end = table.end().or_else(|| game.ended_for_good());
    let skipped = table.skipped().filter(|_| end.is_none());
    let name = Span::styled(format!(" {} · ", say.text(&name)), theme::TITLE);
    let room = usize::from(areas.title.width).saturating_sub(name.width());
    let title =
        Line::from(vec![name, status_within(room, (end, table.to_move(), skipped), &game.players, say)]);
    frame.render_widget(title, areas.title);
    // While the computer shows its turn, the player's cursor does not mark the board.
    let cursor = game.computer_showing().is_none().then_some(table.cursor().cell);
    let lit = game.lit();
    match game.paused {
        true => super::clock::draw_paused(say, areas.board, frame),
        false => board::draw(&layout.board, frame.buffer_mut(), (&lit, cursor), say.theme, |cell, style| {
            shown.write(cell, style, say)
        }),
    }
    if let Some(end) = end {
        let lines = vec![
            Line::from(
                status_within(
                    usize::from(areas.banner.width),
                    (Some(end), table.to_move(), None),
                    &game.players,
                    say,
                )
                .patch_style(theme::BANNER),
            ),
            Line::styled(say.word(banner_keys(game, table.read(Record::timed_and_over))), theme::HINTS),
        ];
        frame.render_widget(Paragraph::new(lines).alignment(Alignment::Center), areas.banner);
    }
    draw_panel(game, say, areas.panel, frame);
    draw_message(table.status().message(), say, areas.message, frame);
    let hints = say.keys.hints_of_game(game.context(), say.lang, game.leaving, end.is_some());
    let hints = super::room::fit_hints(&hints, areas.hints.width);
    frame.render_widget(Line::styled(hints, theme::HINTS), areas.hints);
}

/// The keys that go on from a finished game: a tried example goes back to its page, a
/// shared game can only be left, a club's game for the lobby.
fn banner_keys<G: Game>(game: &GameScreen<G>, on_time: bool) -> Key<0> {
    match &game.mode {
        _ if game.leaving == Leaving::Lobby => BANNER_KEYS_LOBBY,
        Mode::Tried(_) => BANNER_KEYS_TRY,
        // A shared game on time that is over has nothing to take back.
        Mode::Shared(_) if on_time => BANNER_KEYS_LEAVE,
        Mode::Shared(_) => BANNER_KEYS_SHARED,
        // A game started from the menu goes back there with q, as its key line says.
        Mode::HotSeat | Mode::Against(_) if game.leaving == Leaving::Menu => BANNER_KEYS_MENU,
        Mode::HotSeat | Mode::Against(_) => BANNER_KEYS,
    }
}

/// [`status`] within `room` columns: the players' names in it where it fits, else without
/// them (the panel names the players), so that how a game ended is never cut.
fn status_within(
    room: usize,
    (end, to_move, skipped): (Option<End>, Colour, Option<Colour>),
    players: &Players,
    say: Say,
) -> Span<'static> {
    let named = status(end, to_move, skipped, players, say);
    match named.width() <= room {
        true => named,
        false => status(end, to_move, skipped, &Players::default(), say),
    }
}

/// "Blue to move" (and who had to pass, if someone just did), or how the game ended, in
/// the player's colour.
fn status(
    end: Option<End>,
    to_move: Colour,
    skipped: Option<Colour>,
    players: &Players,
    say: Say,
) -> Span<'static> {
    let name = |colour: Colour| match players.name(colour) {
        Some(name) => text!(PLAYER_NAMED, colour, name),
        None => crate::i18n::colour(colour),
    };
    let (said, style) = match (end, skipped) {
        (None, Some(passed)) => {
            (text!(STATUS_SKIPPED, name(to_move), name(passed)), say.theme.player(to_move))
        }
        (None, None) => (text!(STATUS_TO_MOVE, name(to_move)), say.theme.player(to_move)),
        (Some(End::Won(winner)), _) => (text!(STATUS_WINS, name(winner)), say.theme.player(winner)),
        (Some(End::Resigned(loser)), _) => {
            (text!(STATUS_RESIGNED, name(loser), name(loser.other())), say.theme.player(loser.other()))
        }
        (Some(End::Drawn), _) => (text!(STATUS_DRAW), say.theme.success),
        (Some(End::Blocked), _) => (text!(STATUS_BLOCKED), say.theme.success),
        (Some(End::Still), _) => (text!(STATUS_STILL), say.theme.success),
        (Some(End::Time(loser)), _) => {
            (text!(TIME_UP, name(loser), name(loser.other())), say.theme.player(loser.other()))
        }
    };
    Span::styled(say.sentence(&said), style)
}

/// The panel: the game's facts, who plays (the computer, or the players of a shared game),
/// who is ahead, Blue's chance along a reviewed game; then the move list and the legend.
fn draw_panel<G: Look>(game: &GameScreen<G>, say: Say, area: Rect, frame: &mut Frame) {
    let table = &game.table;
    let mut panel = Panel::new(say, area);
    if let Some(daily) = game.club_clock.filter(|clock| clock.allowance().is_some()) {
        panel.name_clock(daily.to_string());
    }
    panel.lines(super::clock::panel_lines(game, say));
    panel.lines(players_lines(game, say, panel.width()));
    // A paused game hides the position: nothing of it in the panel either.
    if game.paused {
        panel.without_moves();
        return panel.draw((PANEL_TITLE, table), (G::MARKS, G::FIRST), area, frame);
    }
    // The side this terminal plays, unless the seat's line says it ("You play Red: your turn").
    let seat_line = game.seat_line();
    let said = seat_line.as_ref().is_some_and(|line| line.is(NET_YOUR_TURN));
    if let Some(mine) = game.seat().and_then(|seat| seat.colour()).filter(|_| !said) {
        panel.words(text!(PANEL_YOU_PLAY, mine), say.theme.player(mine).patch(theme::TITLE));
    }
    // What stands at the cursor (after the facts' first blank line) gives way on a short panel.
    let mut facts = G::facts(game, game.pointer(), say, panel.width());
    let blank = facts.iter().position(|line| line.width() == 0).map_or(facts.len(), |at| at + 1);
    let pointed = facts.split_off(blank);
    panel.lines(facts);
    panel.optional(pointed);
    if let Some(turn) = game.computer_showing() {
        panel.words(text!(PANEL_COMPUTER_TURN, table.to_move(), turn.to_string()), theme::HEADING);
    }
    for line in game.computer().map(computer_line).into_iter().chain(seat_line) {
        panel.words(line, theme::HINTS);
    }
    // A mutual blockade is named, so that the players know why nobody can finish.
    if table.end().is_none() && crate::ai::Evaluate::neither_can_finish(&table.position()) {
        panel.words(text!(PANEL_BLOCKADE), say.theme.warning);
    }
    panel.lines(advice_line(game, say, panel.width()));
    // A reviewed game shows Blue's chance along it, the turn on view marked.
    let line: Vec<String> = table.read(|record| record.all_turns().map(ToString::to_string).collect());
    let review = game.keeping.review.as_ref().map(|review: &KeptReview| review.for_line(&line));
    if let Some(review) = review.filter(|review| review.looked.len() > 1) {
        panel.lines([Line::styled(say.word(REVIEW_GRAPH), theme::HINTS)]);
        panel.lines([sparkline(&review, table.replay_position().0, panel.width(), say.theme)]);
    }
    panel.draw((PANEL_TITLE, table), (G::MARKS, G::FIRST), area, frame);
}

/// Blue's chance over the positions `review` looked at, one column for each (or for each
/// few, on a long game), the position `at` shown reversed.
fn sparkline(review: &KeptReview, at: usize, width: usize, theme: &Theme) -> Line<'static> {
    // The lowest bar for a lost game, so that the line shows on every column.
    const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    let count = review.looked.len();
    let columns = count.min(width.max(1));
    let position = |column: usize| column * (count - 1) / columns.saturating_sub(1).max(1);
    let marked = (0..columns).min_by_key(|&column| position(column).abs_diff(at)).unwrap_or(0);
    let spans = (0..columns).map(|column| {
        let blue = review.looked[position(column)].blue;
        let bar = BARS[(blue * 7.0).round().clamp(0.0, 7.0) as usize].to_string();
        let style = if column == marked { theme::CHOSEN } else { theme.player(Colour::Blue) };
        Span::styled(bar, style)
    });
    Line::from(spans.collect::<Vec<_>>())
}

/// A game between named players at the club, or shared: each one's colour, name and
/// rating in the game's pool (`?` while provisional), in their colour; a long name's rating
/// goes under it. Nothing where the players have no names.
fn players_lines<G: Look>(game: &GameScreen<G>, say: Say, width: usize) -> Vec<Line<'static>> {
    let shown = game.leaving == Leaving::Lobby || game.seat().is_some();
    let [Some(blue), Some(red)] = [Colour::Blue, Colour::Red].map(|colour| game.players.name(colour)) else {
        return Vec::new();
    };
    if !shown {
        return Vec::new();
    }
    let mut lines = Vec::new();
    for (colour, name) in [(Colour::Blue, blue), (Colour::Red, red)] {
        let head = format!("{:<7}", say.text(&crate::i18n::colour(colour)));
        let rating = game.ratings[colour.index()].as_deref();
        let (style, wide) = (say.theme.player(colour), head.chars().count());
        let line =
            |lead: String, words: String| Line::from(vec![Span::styled(lead, style), Span::raw(words)]);
        let named = wide + name.chars().count();
        match rating {
            // All on one line where it fits: "Blue   ana 1512".
            Some(rating) if named + 1 + rating.chars().count() <= width => {
                lines.push(line(head, format!("{name} {rating}")));
            }
            None if named <= width => lines.push(line(head, name.to_string())),
            // A long name on a line of its own, whole: the colour and the rating above it.
            _ => {
                lines.push(line(head, rating.unwrap_or_default().to_string()));
                lines.push(Line::raw(name.to_string()));
            }
        }
    }
    lines
}

/// Which side the computer plays, at which level.
fn computer_line(computer: Computer) -> Text {
    let (level, name) = (computer.level.number(), crate::i18n::level(computer.level));
    match computer.colour() {
        None => text!(COMPUTER_PLAYS_BOTH, level, name),
        Some(colour) => text!(COMPUTER_PLAYS, colour, level, name),
    }
}

/// Who is ahead, or how far the computer is in its thinking, when asked for.
fn advice_line<G: Look>(game: &GameScreen<G>, say: Say, width: usize) -> Option<Line<'static>> {
    let thinking =
        game.opponent().and_then(|opponent| opponent.thinking()).map(|done| (done, ADVICE_THINKING));
    let looking = game.advisor.thinking().map(|done| (done, ADVICE_LOOKING));
    if let Some((progress, label)) = thinking.or(looking) {
        let label = say.word(label);
        let room = width.saturating_sub(label.chars().count() + 1);
        let done = (progress * room as f64).round() as usize;
        return Some(Line::styled(
            format!("{label} {}{}", "▓".repeat(done), "░".repeat(room - done)),
            theme::HINTS,
        ));
    }
    Some(Line::styled(say.text(&game.standing()?), theme::HEADING))
}

/// Each player's line for the side panel: a marker for the player to move, the name, and `what`.
pub(super) fn player_line(colour: Colour, to_move: bool, what: String, say: Say) -> Line<'static> {
    Line::from(vec![
        Span::raw(if to_move { "▶ " } else { "  " }),
        Span::styled(format!("{:<7}", say.text(&crate::i18n::colour(colour))), say.theme.player(colour)),
        Span::raw(what),
    ])
}

pub(super) fn draw_message(message: &Message, say: Say, area: Rect, frame: &mut Frame) {
    let style = match message {
        Message::Warning(_) => say.theme.warning,
        Message::Success(_) => say.theme.success,
        Message::Info(_) | Message::None => theme::INFO,
    };
    let said = message.text().map(|text| say.sentence(text)).unwrap_or_default();
    // Within its own lines: a message too long for them is cut at a word and says so (…).
    let width = usize::from(area.width).max(2);
    let mut lines = wrap_words(&format!(" {said}"), width);
    let room = usize::from(area.height).max(1);
    if lines.len() > room {
        lines.truncate(room);
        let last = lines.last_mut().expect("room for a line");
        while last.chars().count() + 2 > width {
            match last.rfind(' ') {
                Some(at) => last.truncate(at),
                None => drop(last.pop()),
            }
        }
        last.push_str(" …");
    }
    let lines: Vec<Line> = lines.into_iter().map(Line::raw).collect();
    frame.render_widget(Paragraph::new(lines).style(style), area);
}

/// What the board's marks mean and what else it shows, for the help.
pub(crate) fn marks_help<G: Look>(game: &GameScreen<G>, say: Say) -> Vec<Line<'static>> {
    // A hint is lit as the computer's turn, in every game but the club's, which gives none.
    let hinted = (game.leaving != Leaving::Lobby).then_some(&Mark::Better);
    let marks = G::MARKS
        .iter()
        .chain(hinted)
        .map(|mark| Line::raw(format!("{} {}", mark.symbol(), say.word(mark.sentence(G::KIND)))));
    marks.chain(G::NOTES.iter().map(|note| Line::raw(say.word(*note)))).collect()
}
