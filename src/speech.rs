//! The screen-reader mode: hexstack in lines of words, for a player who listens (a screen
//! reader, a speech synthesiser) or reads a braille display. Nothing is drawn: what the
//! program says is a line of words, what it asks is a line typed.
//!
//! A [`Session`] is the app of one person's terminal, the same [`App`] the screens draw
//! (its menu, games, computer, clocks, rules, puzzles and reviews), said in lines: a line
//! typed goes in as the actions its keys would make, and what changed comes out in words,
//! from what the rules say of it (the legal turns, groups, what a capture removes). What
//! happens meanwhile (the computer's turn, a search's answer, a clock's flag) is said as it
//! comes. A session reads and writes nothing itself, holds no global state and speaks its
//! person's language, so any reader and writer of lines may drive it: standard input and
//! output ([`run`]), a test's buffers ([`converse`]), an SSH channel.

mod board;
mod clamber;
mod commands;
mod drive;
mod game;
mod lobby;
mod menu;
mod offer;
mod ombagui;
mod pages;
mod puzzles;
mod review;
mod terms;
#[cfg(feature = "third-game")]
mod triad;

pub(crate) use commands::CommandScope;
pub(crate) use drive::run;

use crate::app::event::Event;
use crate::app::table::{Input, Table};
use crate::app::{App, Mode, Overlay, Screen};
use crate::i18n::keys::*;
use crate::i18n::{Key, Lang, Text, text};
use crate::record::End;
use crate::rules::hex::Cell;
use crate::rules::{Colour, GameKind};
#[cfg(test)]
pub(crate) use drive::Conversation;
use std::time::Instant;

/// What a game says of itself in words, for the mode of lines: each game's own, in
/// `speech/GAME.rs`, asking its rules for what it says (the legal turns, groups, what a
/// capture removes, where a piece may go), never deciding a rule itself.
pub(crate) trait Spoken: Input {
    /// The forms its turns are typed in, for `help`.
    const TURN_FORMS: Key<0>;
    /// What stands on `cell` (`red 2`), or nothing.
    fn on_cell(&self, cell: Cell) -> Option<Text>;
    /// What `colour` has on the board, for `board blue`.
    fn owned(&self, colour: Colour) -> Text;
    /// Everything about `cell`, for `cell C3`: what stands there and what it may do.
    fn about_cell(&self, cell: Cell) -> Vec<Text>;
    /// The legal turns, grouped, for `moves`.
    fn turns_grouped(&self) -> Vec<Text>;
    /// Every capture possible now and what it removes, for `captures`.
    fn captures_now(&self) -> Vec<Text>;
    /// Each player's material, for `score`.
    fn score(&self) -> Vec<Text>;
    /// What `turn` did, from `before` to `after`, its player left out.
    fn played(turn: &Self::Turn, before: &Self, after: &Self) -> Text;
    /// Why `winner` has won here.
    fn won(&self, winner: Colour) -> Text;
    /// What is picked on `table` on the way to a turn, and what may follow, if anything is.
    fn picked(table: &Table<Self>) -> Option<Text>;
    /// A screen's message as this mode says it: `None` when it only says which key to press
    /// next (this mode says what is picked itself); `cell` is the cell just typed.
    fn reworded(text: &Text, _cell: Option<Cell>) -> Option<Text> {
        Some(text.clone())
    }
}

/// A person's profile as the mode of lines wants it (when `lines`): the computer's turn
/// and a puzzle's reply are said once played, not shown step by step.
pub(crate) fn profile(mut profile: crate::app::Profile, lines: bool) -> crate::app::Profile {
    if lines {
        profile.prefs.step_time = std::time::Duration::ZERO;
    }
    profile
}

/// Lines being said, in the session's language.
#[derive(Debug)]
pub(crate) struct Saying {
    pub lang: Lang,
    lines: Vec<String>,
}

impl Saying {
    /// Says `text`, a line for each of its lines.
    pub(crate) fn say(&mut self, text: &Text) {
        let lang = self.lang;
        let said = lang.say_with(text, &|action| commands::key_word(action, lang));
        self.lines.extend(said.split('\n').map(plain).filter(|line| !line.trim().is_empty()));
    }

    /// Says `text` as a sentence: a full stop after its last line if it has none (the
    /// screens' status line says `the stack on C3 is Blue's` and leaves it there).
    pub(crate) fn say_sentence(&mut self, text: &Text) {
        let from = self.lines.len();
        self.say(text);
        if let Some(last) = self.lines[from..].last_mut()
            && last.ends_with(|c: char| c.is_alphanumeric() || c == '\'' || c == ')')
        {
            last.push('.');
        }
    }

    /// Says each of `texts`.
    pub(crate) fn say_all(&mut self, texts: impl IntoIterator<Item = Text>) {
        for text in texts {
            self.say(&text);
        }
    }
}

/// `line` as a voice reads it well: the separators and marks of the screens a synthesiser
/// would spell out (a middle dot, an ellipsis, arrows, lines and blocks) made words' plain
/// punctuation or left out, no control character, a capital first.
fn plain(line: &str) -> String {
    let line = line.replace(" · ", ", ").replace('…', "");
    let out: String = line
        .chars()
        .filter_map(|c| match c {
            '·' => Some(','),
            '←' | '→' | '↑' | '↓' | '█' => None,
            '\u{2500}'..='\u{259f}' | '\u{e000}'..='\u{f8ff}' => None,
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect();
    // A line starts as a sentence does, whatever text it opens with.
    let mut chars = out.trim().chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}

/// Joins texts into one, the last two with `and`: `D4, E4 and E5`.
pub(crate) fn joined(mut texts: Vec<Text>) -> Text {
    match texts.len() {
        0 => text!(PLAIN, ""),
        1 => texts.remove(0),
        2 => {
            let last = texts.remove(1);
            text!(LIST_AND, texts.remove(0), last)
        }
        _ => {
            let first = texts.remove(0);
            text!(SPEECH_JOIN, first, joined(texts))
        }
    }
}

/// Joins texts that have commas of their own into one, a semicolon between each:
/// `C4, an equal capture, removing D4; B3, a lower capture`.
pub(crate) fn listed(texts: Vec<Text>) -> Text {
    texts.into_iter().reduce(|all, next| text!(SPEECH_LIST, all, next)).unwrap_or_else(|| text!(PLAIN, ""))
}

/// Cells in a text: `D4, E4 and E5`.
pub(crate) fn cells(cells: impl IntoIterator<Item = Cell>) -> Text {
    joined(cells.into_iter().map(|cell| text!(PLAIN, cell)).collect())
}

/// A player's colour as a word in a sentence (`B3 red 1`), not as a name (`Red to move`).
pub(crate) fn colour_word(colour: Colour) -> Text {
    match colour {
        Colour::Blue => text!(SPEECH_COLOUR_BLUE),
        Colour::Red => text!(SPEECH_COLOUR_RED),
    }
}

/// What is on view, to notice when it changes.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
enum SeenView {
    #[default]
    Nothing,
    Menu,
    Setup,
    /// A game on view: its id.
    Game(u64),
    Review(u64),
    /// A rules book, on its page.
    Rules(GameKind, usize),
    /// The puzzles, on one.
    Puzzle(Option<usize>),
    Lobby,
}

/// What the session last said of what is on view.
#[derive(Debug, Default)]
struct Seen {
    view: SeenView,
    /// The game's plies said, in notation (a skip empty).
    line: Vec<String>,
    end: Option<End>,
    /// What was picked on the way to a turn, as last said.
    picked: Option<String>,
    /// The game revision the computer's thinking, or a hint's search, was last said at.
    thinking: Option<u64>,
    overlay: Option<Overlay>,
    /// The example's step said, on a rules page; the turn said, in a review.
    step: usize,
    /// Whether the review was said done, with its marks.
    done: bool,
    /// The one cell just typed, for a message about it.
    typed: Option<Cell>,
}

/// A person's terminal in lines: the app, what is said, and what was last said of it.
#[derive(Debug)]
pub(crate) struct Session {
    app: App,
    out: Saying,
    seen: Seen,
    /// A game against the computer being set up: the questions asked, one a line.
    setup: Option<menu::ComputerSetup>,
    /// A seek or a challenge at the club being written: the questions asked, one a line.
    offer: Option<offer::Asking>,
    /// Whether the club's lobby was said whole once: back from a game, it says only where
    /// the member is.
    welcomed: bool,
}

impl Session {
    /// The session of `app`, speaking its person's language.
    pub(crate) fn new(app: App) -> Session {
        let out = Saying { lang: app.profile.lang, lines: Vec::new() };
        Session { app, out, seen: Seen::default(), setup: None, offer: None, welcomed: false }
    }

    /// The app the session says: the program around it keeps its game and serves its
    /// requests.
    pub(crate) fn app(&mut self) -> &mut App {
        &mut self.app
    }

    /// The app the session says, to read.
    pub(crate) fn viewed(&self) -> &App {
        &self.app
    }

    /// What it says first: where the player is.
    pub(crate) fn opening(&mut self) -> Vec<String> {
        self.news()
    }

    /// A line typed, without its end: what the session says back.
    pub(crate) fn line(&mut self, line: &str) -> Vec<String> {
        // What time did meanwhile (a flag fell) is said first.
        self.app.handle(Event::Timer);
        let mut said = self.news();
        let line = line.trim();
        match self.app.overlay.clone() {
            Some(overlay) => menu::answer(self, overlay, line),
            None if self.setup.is_some() => menu::set_up(self, line),
            None if self.offer.is_some() => offer::answer(self, line),
            None => match &self.app.screen {
                Screen::Menu(_) => menu::line(self, line),
                Screen::Game(_) => game::line(self, line),
                Screen::Rules(_) => pages::line(self, line),
                Screen::Puzzle(_) => puzzles::line(self, line),
                Screen::Review(_) => review::line(self, line),
                Screen::Lobby(_) => lobby::line(self, line),
            },
        }
        said.extend(self.news());
        said
    }

    /// Something woke the app (a search answered, a timer is due, a shared game changed):
    /// what the session says of it.
    pub(crate) fn event(&mut self, event: Event) -> Vec<String> {
        self.clear_messages();
        self.app.handle(event);
        self.news()
    }

    /// The input ended: the session ends as quitting would, a game in progress kept, and
    /// says so.
    pub(crate) fn end_of_input(&mut self) -> Vec<String> {
        let kept = self.app.screen.game().is_some_and(|game| {
            crate::each_game!(game, game => game.table.in_progress() && !game.table.read(crate::record::Record::timed_and_over))
        });
        if kept {
            self.out.say(&text!(SPEECH_INPUT_ENDED_KEPT));
        }
        self.app.stop_clocks();
        self.app.quit();
        std::mem::take(&mut self.out.lines)
    }

    /// A line the reader could not take (too long, not text): says why.
    pub(crate) fn refused(&mut self, why: &Text) -> Vec<String> {
        self.out.say(why);
        self.news()
    }

    /// Whether the session is over: the player quit, or the input ended.
    pub(crate) fn done(&self) -> bool {
        self.app.quit
    }

    /// Whether lines typed now wait for the program: the computer's turn, a hint or a
    /// review under way. They are answered in order once it is done, so that a script reads
    /// the same answers whatever the machine's speed.
    pub(crate) fn busy(&self) -> bool {
        if self.app.overlay.is_some() {
            return false;
        }
        match &self.app.screen {
            Screen::Game(game) => crate::each_game!(game.as_ref(), game => game::busy(game)),
            Screen::Review(review) => crate::each_game!(review.as_ref(), review => !review.review.done()),
            Screen::Puzzle(puzzles) => puzzles.timer().is_some(),
            _ => false,
        }
    }

    /// When the session wants an [`Event::Timer`]: the next step of the computer's turn, a
    /// puzzle's reply, a review's start, a running clock's flag. Never to tick.
    pub(crate) fn timer(&self) -> Option<Instant> {
        match &self.app.screen {
            Screen::Game(game) => {
                let paused = self.app.overlay.is_some();
                crate::each_game!(game.as_ref(), game => game::timer(game, paused))
            }
            Screen::Review(review) => crate::each_game!(review.as_ref(), review => review.timer()),
            Screen::Puzzle(puzzles) => puzzles.timer(),
            _ => None,
        }
    }

    /// What changed since the session last said anything (a line, an event, a request the
    /// program around it served, the game kept), said now.
    pub(crate) fn news(&mut self) -> Vec<String> {
        let view = self.view();
        if view != self.seen.view {
            // An offer half written is dropped when the member is taken elsewhere.
            self.offer = None;
            self.seen = Seen { view: view.clone(), overlay: self.seen.overlay.take(), ..Seen::default() };
            self.opened(&view);
        } else {
            self.changes();
        }
        if self.app.overlay != self.seen.overlay {
            self.seen.overlay = self.app.overlay.clone();
            if let Some(overlay) = &self.seen.overlay {
                menu::ask(overlay, &mut self.out);
            }
        }
        // A message is said once.
        self.clear_messages();
        std::mem::take(&mut self.out.lines)
    }

    /// The place a line is typed at, for the commands it takes.
    fn scope(&self) -> CommandScope {
        match &self.app.screen {
            _ if self.app.overlay.is_some() => CommandScope::Question,
            Screen::Menu(_) if self.setup.is_some() => CommandScope::Setup,
            Screen::Menu(_) => CommandScope::Menu,
            Screen::Lobby(_) if self.offer.is_some() => CommandScope::Setup,
            Screen::Lobby(_) => CommandScope::Lobby,
            Screen::Game(game) if crate::each_game!(game.as_ref(), game => game::at_club(game)) => {
                CommandScope::Club
            }
            Screen::Game(game) if crate::each_game!(game.as_ref(), game => matches!(game.mode, Mode::Tried(_))) => {
                CommandScope::Tried
            }
            Screen::Game(_) => CommandScope::Game,
            Screen::Rules(_) => CommandScope::Rules,
            Screen::Puzzle(_) => CommandScope::Puzzle,
            Screen::Review(_) => CommandScope::Review,
        }
    }

    fn view(&self) -> SeenView {
        match &self.app.screen {
            Screen::Menu(_) if self.setup.is_some() => SeenView::Setup,
            Screen::Menu(_) => SeenView::Menu,
            Screen::Game(game) => SeenView::Game(crate::each_game!(game.as_ref(), game => game.keeping.id)),
            Screen::Review(review) => {
                SeenView::Review(crate::each_game!(review.as_ref(), review => review.game.keeping.id))
            }
            Screen::Rules(book) => SeenView::Rules(book.game, book.page),
            Screen::Puzzle(puzzles) => SeenView::Puzzle(puzzles.current),
            Screen::Lobby(_) => SeenView::Lobby,
        }
    }

    /// Says what just came on view.
    fn opened(&mut self, view: &SeenView) {
        match view {
            SeenView::Nothing | SeenView::Setup => {}
            SeenView::Menu => menu::opening(self),
            SeenView::Game(_) => game::opening(self),
            SeenView::Review(_) => review::opening(self),
            SeenView::Rules(..) => pages::opening(self),
            SeenView::Puzzle(_) => puzzles::opening(self),
            SeenView::Lobby => lobby::opening(self),
        }
    }

    /// Says what changed on what was on view already.
    fn changes(&mut self) {
        match &self.seen.view {
            SeenView::Menu => menu::news(self),
            SeenView::Game(_) => game::news(self),
            SeenView::Review(_) => review::news(self),
            SeenView::Rules(..) => pages::news(self),
            SeenView::Puzzle(_) => puzzles::news(self),
            SeenView::Lobby => lobby::news(self),
            SeenView::Nothing | SeenView::Setup => {}
        }
    }

    /// Clears the messages of what is on view, so that any message after a line or an
    /// event is news.
    fn clear_messages(&mut self) {
        self.app.clear_messages();
    }
}

#[cfg(test)]
mod tests;
