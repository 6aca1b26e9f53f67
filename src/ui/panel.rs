//! The side panel of the game and puzzle screens, drawn by one function: what the screen
//! has to say at the top, then the move list (the current turn kept in view, the latest
//! at the end of the game), and at the bottom what the board's marks mean.

use super::say::Say;
use crate::app::layout::wrap_words;
use crate::app::table::{Input, Table};
use crate::i18n::keys::*;
use crate::i18n::{Key, Text, text};
use crate::record::Record;
use crate::rules::{Colour, Game};
use crate::theme::{self, Mark};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

/// A side panel being filled: the lines above its move list.
pub(super) struct Panel<'a> {
    say: Say<'a>,
    width: usize,
    lines: Vec<Line<'static>>,
    /// Whether it lists the turns (a paused game's are hidden with its board).
    moves: bool,
    /// Lines shown only where the panel holds them all, and where among the others.
    optional: (usize, Vec<Line<'static>>),
    /// The clock named beside the title where the record keeps none: the club's `3d`.
    clock: Option<String>,
}

impl<'a> Panel<'a> {
    /// An empty panel for `area`, saying things as `say` does.
    pub(super) fn new(say: Say<'a>, area: Rect) -> Panel<'a> {
        let width = usize::from(area.width.saturating_sub(2));
        Panel { say, width, lines: Vec::new(), moves: true, optional: (0, Vec::new()), clock: None }
    }

    /// Names `clock` beside the title, where the game's record keeps no clock of its own: a
    /// correspondence game's at the club (`3d`).
    pub(super) fn name_clock(&mut self, clock: String) {
        self.clock = Some(clock);
    }

    /// Lines that go here where the panel holds them with everything else, and nowhere
    /// (all of them) where it does not: never a line of them cut short.
    pub(super) fn optional(&mut self, lines: Vec<Line<'static>>) {
        self.optional = (self.lines.len(), lines);
    }

    /// The panel without its list of turns and the legend of the board's marks: a paused
    /// game's board is hidden.
    pub(super) fn without_moves(&mut self) {
        self.moves = false;
    }

    /// The width of a line inside the panel's border.
    pub(super) fn width(&self) -> usize {
        self.width
    }

    /// Lines as they are.
    pub(super) fn lines(&mut self, lines: impl IntoIterator<Item = Line<'static>>) {
        self.lines.extend(lines);
    }

    /// `text`, wrapped to the panel's width, in `style`.
    pub(super) fn words(&mut self, text: Text, style: Style) {
        let said = self.say.text(&text);
        self.lines.extend(wrap_words(&said, self.width).into_iter().map(|line| Line::styled(line, style)));
    }

    /// Draws the panel, called `title`, on `area`: its lines, then the move list of
    /// `table`'s game in the room left (the `first` player's turns first on each line),
    /// and the legend of the `marks` its board uses at the bottom.
    pub(super) fn draw<G: Input>(
        self,
        (title, table): (Key<0>, &Table<G>),
        (marks, first): (&[Mark], Colour),
        area: Rect,
        frame: &mut Frame,
    ) {
        let Panel { say, width, mut lines, moves: listed, optional: (at, optional), clock } = self;
        // Room for them, the move list's heading and a turn: else they give way.
        if lines.len() + optional.len() + 3 <= usize::from(area.height.saturating_sub(2)) {
            lines.splice(at..at, optional);
        }
        let (played, total) = table.replay_position();
        if listed {
            lines.push(Line::raw(""));
            let heading =
                if played < total { text!(PANEL_MOVES_AT, played, total) } else { text!(PANEL_MOVES) };
            lines.push(Line::styled(say.text(&heading), theme::HEADING));
        }
        let mut legend = legend(marks, G::KIND, say, width);
        // On a short panel what the marks mean gives way (the help has it), so that nothing
        // above the move list is hidden under it.
        if !listed || lines.len() + 1 + legend.len() > usize::from(area.height.saturating_sub(2)) {
            legend.clear();
        }
        let (moves, starts) = match listed {
            true => table.read(|record| move_list(record, first, say, width)),
            false => (Vec::new(), Vec::new()),
        };
        let room = usize::from(area.height).saturating_sub(lines.len() + legend.len() + 2);
        // Scrolled so that the line of the current turn shows, the latest ones when at the end.
        let current = starts.get(played / 2).or(starts.last()).copied().unwrap_or(0);
        let latest = if played == total { moves.len().saturating_sub(room) } else { 0 };
        let skip = current.saturating_sub(room.saturating_sub(1)).max(latest);
        lines.extend(moves.into_iter().skip(skip).take(room));
        // A game on time names its time control beside the panel's title (the club's, by
        // correspondence: `3d`).
        let control = table.read(|record| record.clock().map(|clock| clock.control().to_string())).or(clock);
        let title = match control {
            Some(control) => format!(" {} · {control} ", say.word(title)),
            None => format!(" {} ", say.word(title)),
        };
        let block = Block::bordered().title(title);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        frame.render_widget(Paragraph::new(lines), inner);
        let height = (legend.len() as u16).min(inner.height);
        let legend_area = Rect::new(inner.x, inner.bottom() - height, inner.width, height);
        frame.render_widget(Clear, legend_area);
        frame.render_widget(Paragraph::new(legend).style(theme::HINTS), legend_area);
    }
}

/// The marks for the side panel, two to a line where their words fit, else one.
fn legend(marks: &[Mark], game: crate::rules::GameKind, say: Say, width: usize) -> Vec<Line<'static>> {
    let entries: Vec<String> =
        marks.iter().map(|mark| format!("{} {}", mark.symbol(), say.word(mark.word(game)))).collect();
    let column = width / 2;
    let fits = |entry: &String| entry.chars().count() < column;
    let mut lines = Vec::new();
    let mut at = 0;
    while at < entries.len() {
        match entries.get(at + 1).filter(|second| fits(&entries[at]) && fits(second)) {
            Some(second) => {
                lines.push(Line::raw(format!("{:<column$}{second}", entries[at])));
                at += 2;
            }
            None => {
                lines.push(Line::raw(entries[at].clone()));
                at += 1;
            }
        }
    }
    lines
}

/// The turns of `record`, two to a numbered line: the first player's, then the other's,
/// with the line where each number starts. Turns taken back (which redo or End bring back)
/// are dimmed. A turn too long for its column takes a line of its own, and one too long
/// for the panel goes on after an `x` on the next line: notation is never cut.
fn move_list<G: Game>(
    record: &Record<G>,
    first: Colour,
    say: Say,
    width: usize,
) -> (Vec<Line<'static>>, Vec<usize>) {
    let played = record.history().len();
    let mut entries: Vec<(String, bool)> = record
        .line()
        .iter()
        .enumerate()
        .map(|(n, ply)| {
            (ply.turn.as_ref().map_or_else(|| say.word(MOVES_SKIP), ToString::to_string), n >= played)
        })
        .collect();
    if record.start().to_move() != first {
        entries.insert(0, ("...".to_string(), false));
    }
    let style = |future: bool| if future { theme::TAKEN_BACK } else { Style::new() };
    let room = width.saturating_sub(NUMBER).max(6);
    let (mut lines, mut starts) = (Vec::new(), Vec::new());
    for (n, pair) in entries.chunks(2).enumerate() {
        starts.push(lines.len());
        let number = format!("{:>3}. ", n + 1);
        let fits = |text: &str, room: usize| text.chars().count() <= room;
        let together =
            fits(&pair[0].0, COLUMN - 1) && pair.get(1).is_none_or(|second| fits(&second.0, room - COLUMN));
        if together {
            let mut spans =
                vec![Span::raw(number), Span::styled(format!("{:<COLUMN$}", pair[0].0), style(pair[0].1))];
            if let Some((text, future)) = pair.get(1) {
                spans.push(Span::styled(text.clone(), style(*future)));
            }
            lines.push(Line::from(spans));
            continue;
        }
        for (k, (text, future)) in pair.iter().enumerate() {
            for (part, piece) in wrap(text, room).into_iter().enumerate() {
                let lead = if k == 0 && part == 0 { number.clone() } else { " ".repeat(NUMBER) };
                lines.push(Line::from(vec![Span::raw(lead), Span::styled(piece, style(*future))]));
            }
        }
    }
    (lines, starts)
}

/// The width of a move number (`  1. `) and of the first player's column.
const NUMBER: usize = 5;
const COLUMN: usize = 12;

/// A turn's notation in pieces of at most `room` characters, cut only before an `x`.
fn wrap(text: &str, room: usize) -> Vec<String> {
    let mut pieces = vec![String::new()];
    for (n, step) in text.split('x').enumerate() {
        let step = if n == 0 { step.to_string() } else { format!("x{step}") };
        let last = pieces.last_mut().expect("one piece at least");
        if !last.is_empty() && last.chars().count() + step.chars().count() > room {
            pieces.push(step);
        } else {
            last.push_str(&step);
        }
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn long_turns_wrap_before_an_x_and_lose_nothing() {
        assert_eq!(wrap("A1xB1xC1xD1xE1xF1xG2xH3xI4", 23), ["A1xB1xC1xD1xE1xF1xG2xH3", "xI4"]);
        assert_eq!(wrap("A1xB1xC1xD1xE1xF1xG2xH3xI4", 20), ["A1xB1xC1xD1xE1xF1xG2", "xH3xI4"]);
        assert_eq!(wrap("C3", 23), ["C3"]);
        assert_eq!(wrap("A1xB2", 3), ["A1", "xB2"]);
    }
}
