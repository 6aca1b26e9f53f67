//! The menu: start a game (two players, or against the computer, set up here: which game,
//! which side you play, the computer's level), resume the last one, review it, read the
//! rules, quit. Its games and boards come from the list of games.

use super::component::{Component, Go, Request};
use super::keys::{Action, Context, KeyTable};
use super::opponent::Computer;
use crate::ai::Level;
use crate::clock::TimeControl;
use crate::i18n::keys::*;
use crate::i18n::{Lang, Text, Words, colour, text};
use crate::rules::hex::Board;
use crate::rules::{Colour, Game, GameKind, Listed};
use crate::settings::Prefs;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};
use std::cell::RefCell;
use std::sync::Arc;
use std::time::Duration;

mod room;

pub(crate) use room::{columns, key_lines};

/// A menu's entry.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Entry {
    /// Two players at one keyboard, this game on this board.
    Play(GameKind, Board),
    /// Against the computer: set up the game, the side and the level first.
    Computer,
    /// Continue the most recently kept game.
    Resume,
    /// The computer's review of the most recently kept game.
    Review,
    /// Puzzles to solve on the board.
    Puzzles,
    /// The rules of this game.
    Rules(GameKind),
    /// End the program.
    Quit,
}

/// Every game and board a player may choose, in the list's order.
pub(crate) fn boards() -> Vec<(GameKind, Board)> {
    let offered = |game: GameKind| crate::each_game!(kind game, G => G::BOARDS);
    GameKind::ALL.iter().flat_map(|&game| offered(game).iter().map(move |&board| (game, board))).collect()
}

impl Entry {
    /// The number the `n`th entry (from 0) is shown with and chosen by, as on a keyboard's
    /// row of digits: 1 to 9, then 0 for the tenth (the menu has ten; the test-only third
    /// game makes an eleventh, which the arrows reach).
    pub(crate) fn number(n: usize) -> usize {
        (n + 1) % 10
    }

    /// The entry a number chooses, if any ([`Entry::number`]'s inverse).
    pub(crate) fn numbered(number: usize) -> Option<usize> {
        let n = if number == 0 { 9 } else { number - 1 };
        (number < 10 && n < Entry::all().len()).then_some(n)
    }

    /// The menu's entries, in order.
    pub(crate) fn all() -> Vec<Entry> {
        let play = boards().into_iter().map(|(game, board)| Entry::Play(game, board));
        let rules = GameKind::ALL.iter().filter(|game| !super::rules::pages(**game).is_empty());
        play.chain([Entry::Computer, Entry::Resume, Entry::Review, Entry::Puzzles])
            .chain(rules.map(|&game| Entry::Rules(game)))
            .chain([Entry::Quit])
            .collect()
    }

    /// The entry's words.
    pub(crate) fn label(self) -> Text {
        match self {
            Entry::Play(game, board) => crate::each_game!(kind game, G => G::menu_entry(board)),
            Entry::Computer => text!(MENU_COMPUTER),
            Entry::Resume => text!(MENU_RESUME),
            Entry::Review => text!(MENU_REVIEW),
            Entry::Puzzles => text!(MENU_PUZZLES),
            Entry::Rules(game) => crate::each_game!(kind game, G => text!(G::COMMON.rules)),
            Entry::Quit => text!(MENU_QUIT),
        }
    }
}

/// The menu: which entry is chosen, a note about the last choice, and the set-up of a
/// game against the computer while it is open.
#[derive(Clone, Debug, Default)]
pub(crate) struct Menu {
    pub(crate) selected: usize,
    /// A note about the last choice (a game that could not be resumed...).
    pub note: Option<Text>,
    /// The set-up of a game against the computer, while it is open.
    pub setup: Option<ComputerGameSetup>,
    /// What the screen said of its entries and keys, kept for the next frame.
    pub said: Said,
}

/// The menu's entries and key line as a terminal says them, kept between frames for the
/// language and key table they were said in: every key redraws the menu, and saying them
/// again was a tenth of a key's work.
#[derive(Clone, Debug, Default)]
pub(crate) struct Said(RefCell<Option<(Lang, KeyTable, Arc<SaidWords>)>>);

/// The menu's entries and its key line, said.
pub(crate) type SaidWords = (Vec<String>, String);

impl Said {
    /// The words kept for `lang` and `keys`, else those `say` makes, kept.
    pub(crate) fn get(&self, lang: Lang, keys: &KeyTable, say: impl FnOnce() -> SaidWords) -> Arc<SaidWords> {
        let mut kept = self.0.borrow_mut();
        match &*kept {
            Some((was, table, words)) if *was == lang && table.same(keys) => Arc::clone(words),
            _ => {
                let words = Arc::new(say());
                *kept = Some((lang, keys.clone(), Arc::clone(&words)));
                words
            }
        }
    }
}

/// A game against the computer being set up: a row for the board, the side you play, the
/// computer's level and the clock, one chosen to change with ← and →.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct ComputerGameSetup {
    /// The row chosen: 0 the board, 1 your side, 2 the level, 3 the clock.
    pub row: usize,
    /// Which of [`boards`].
    pub board: usize,
    pub(crate) you: Colour,
    /// Whether the player chose their side; until then it follows who moves first.
    pub side_chosen: bool,
    /// The computer's level.
    pub level: Level,
    /// The clock chosen; none: untimed.
    pub clock: Option<TimeControl>,
    /// The clock the player set, offered among the usual ones.
    pub own_clock: Option<TimeControl>,
}

/// How many rows the set-up has.
const ROWS: usize = 4;

/// The clocks the set-up offers, after none: lichess's usual ones, from bullet to classical.
const CLOCKS: [(u64, u64); 7] = [(1, 0), (3, 0), (3, 2), (5, 3), (10, 5), (15, 10), (30, 0)];

/// The set-up's clocks: none, the usual ones, and the player's `own` if it is not among them.
pub(crate) fn clocks(own: Option<TimeControl>) -> Vec<Option<TimeControl>> {
    let usual = CLOCKS.iter().map(|&(minutes, seconds)| {
        Some(TimeControl { base: Duration::from_secs(60 * minutes), increment: Duration::from_secs(seconds) })
    });
    let mut clocks: Vec<_> = std::iter::once(None).chain(usual).collect();
    if let Some(own) = own.filter(|own| !clocks.contains(&Some(*own))) {
        clocks.insert(1, Some(own));
    }
    clocks
}

impl Default for ComputerGameSetup {
    /// The set-up with the program's defaults.
    fn default() -> ComputerGameSetup {
        ComputerGameSetup::new(&Prefs::default())
    }
}

impl ComputerGameSetup {
    /// The first game on its usual board, you moving first, the computer at the level
    /// `prefs` set (its usual one unless set), playing the colour they set, on their clock
    /// (none unless set).
    pub(crate) fn new(prefs: &Prefs) -> ComputerGameSetup {
        let (you, clock) = (Colour::Blue, prefs.clock);
        let mut setup = ComputerGameSetup {
            row: 0,
            board: 0,
            you,
            side_chosen: false,
            level: prefs.level,
            clock,
            own_clock: clock,
        };
        // The colour the player set the computer to play, else whoever moves second.
        setup.you = prefs.computer.map_or_else(|| setup.first_to_move(), Colour::other);
        setup.side_chosen = prefs.computer.is_some();
        setup
    }

    /// The rows, in words: the board, your side, the computer's level with its name, the
    /// clock.
    pub(crate) fn rows(&self) -> [(Text, Text); ROWS] {
        let (game, board) = boards()[self.board];
        let level = text!(SETUP_LEVEL_OF, self.level.number(), crate::i18n::level(self.level));
        let clock = match self.clock {
            Some(control) => text!(SETUP_CLOCK_OF, control.to_string()),
            None => text!(SETUP_NO_CLOCK),
        };
        [
            (text!(SETUP_BOARD), crate::each_game!(kind game, G => G::setup_entry(board))),
            (text!(SETUP_YOU), colour(self.you)),
            (text!(SETUP_LEVEL), level),
            (text!(SETUP_CLOCK), clock),
        ]
    }

    /// Who moves first in the game chosen.
    fn first_to_move(&self) -> Colour {
        let (game, board) = boards()[self.board];
        crate::each_game!(kind game, G => <G as Game>::start(board).to_move())
    }

    /// The chosen row's value one step on (`more`) or back, going round.
    fn change(&mut self, more: bool) {
        let step =
            |value: usize, count: usize| if more { (value + 1) % count } else { (value + count - 1) % count };
        match self.row {
            0 => {
                self.board = step(self.board, boards().len());
                // The side the player chose stays; else whoever moves first in that game.
                if !self.side_chosen {
                    self.you = self.first_to_move();
                }
            }
            1 => {
                self.you = self.you.other();
                self.side_chosen = true;
            }
            2 => {
                let at = Level::ALL.iter().position(|&level| level == self.level).unwrap_or(0);
                self.level = Level::ALL[step(at, Level::ALL.len())];
            }
            _ => {
                let clocks = clocks(self.own_clock);
                let at = clocks.iter().position(|&clock| clock == self.clock).unwrap_or(0);
                self.clock = clocks[step(at, clocks.len())];
            }
        }
    }

    /// The game set up: the computer plays the other side.
    fn start(&self) -> Go {
        let (game, board) = boards()[self.board];
        let start = crate::each_game!(kind game, G => G::any(<G as Game>::start(board)));
        Go::Against(start, Computer::playing(self.you.other(), self.level).reseeded(), self.clock)
    }
}

/// The lines under the entries for the keys and a note: the key line may wrap to two.
pub(crate) const FOOTER: u16 = 3;

/// How roomy the menu is: with its title, its subtitle, blank lines around the entries,
/// and the entries two lines apart or one.
#[derive(Clone, Copy)]
struct Room {
    title: bool,
    subtitle: bool,
    blanks: bool,
    apart: bool,
}

impl Room {
    /// The roomiest first: the subtitle goes first, then the space between entries, then
    /// the blank lines, then the title; the entries and the keys always stay.
    const ALL: [Room; 5] = [
        Room { title: true, subtitle: true, blanks: true, apart: true },
        Room { title: true, subtitle: false, blanks: true, apart: true },
        Room { title: true, subtitle: false, blanks: true, apart: false },
        Room { title: true, subtitle: false, blanks: false, apart: false },
        Room { title: false, subtitle: false, blanks: false, apart: false },
    ];

    /// The lines a menu of `count` entries takes.
    fn height(self, count: u16) -> u16 {
        let entries = if self.apart { 2 * count - 1 } else { count };
        u16::from(self.title) + u16::from(self.subtitle) + 2 * u16::from(self.blanks) + entries + FOOTER
    }
}

/// The menu laid out: its title and subtitle if there is room for them, one line per
/// entry (a whole line, for clicks), the footer. No entries if even the tightest does
/// not fit.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct MenuLayout {
    /// The title, if there is room for it.
    pub title: Option<Rect>,
    pub(crate) subtitle: Option<Rect>,
    /// One line per entry.
    pub entries: Vec<Rect>,
    pub(crate) footer: Rect,
}

impl MenuLayout {
    /// The roomiest menu of `count` entries that fits `area`'s height, centred.
    pub(crate) fn fit(area: Rect, count: usize) -> MenuLayout {
        let count = count.max(1) as u16;
        let Some(room) = Room::ALL.into_iter().find(|room| room.height(count) <= area.height) else {
            return MenuLayout { title: None, subtitle: None, entries: Vec::new(), footer: area };
        };
        let top = area.y + (area.height - room.height(count)) / 2;
        let at = |y: u16, lines: u16| Rect::new(area.x, y, area.width, lines);
        let title = room.title.then(|| at(top, 1));
        let subtitle = room.subtitle.then(|| at(top + 1, 1));
        let first = top + u16::from(room.title) + u16::from(room.subtitle) + u16::from(room.blanks);
        let step = if room.apart { 2 } else { 1 };
        let entries = (0..count).map(|n| at(first + n * step, 1)).collect();
        let footer = at(first + (count - 1) * step + 1 + u16::from(room.blanks), FOOTER);
        MenuLayout { title, subtitle, entries, footer }
    }

    /// The smallest height a menu of `count` entries needs.
    pub(crate) fn needed_height(count: usize) -> u16 {
        Room::ALL[Room::ALL.len() - 1].height(count.max(1) as u16)
    }

    /// The entry drawn at a screen position, if any.
    pub(crate) fn entry_at(&self, column: u16, line: u16) -> Option<usize> {
        self.entries.iter().position(|entry| entry.contains(Position::new(column, line)))
    }
}

impl Menu {
    /// Where the menu's entries are, in `area`, for clicks: a whole line each.
    pub(crate) fn layout(area: Rect) -> MenuLayout {
        MenuLayout::fit(area, Entry::all().len())
    }

    fn choose(&self, entry: Entry) -> Go {
        match entry {
            Entry::Play(game, board) => {
                Go::Play(crate::each_game!(kind game, G => G::any(<G as Game>::start(board))))
            }
            Entry::Computer => Go::SetUp,
            Entry::Resume => Go::Request(Request::Resume),
            Entry::Review => Go::Request(Request::Review),
            Entry::Puzzles => Go::Puzzles,
            Entry::Rules(game) => Go::Rules(game),
            Entry::Quit => Go::Ask(super::component::Question::QuitEntry),
        }
    }
}

impl Component for Menu {
    fn context(&self) -> Context {
        if self.setup.is_some() { Context::Setup } else { Context::Menu }
    }

    fn act(&mut self, action: Action) -> Go {
        let entries = Entry::all();
        let count = entries.len();
        self.note = None;
        if let Some(setup) = &mut self.setup {
            match action {
                Action::Previous => setup.row = (setup.row + ROWS - 1) % ROWS,
                Action::Next => setup.row = (setup.row + 1) % ROWS,
                Action::Less | Action::More => setup.change(action == Action::More),
                Action::Choose => return setup.start(),
                Action::Back => self.setup = None,
                Action::Help => return Go::Help,
                _ => {}
            }
            return Go::Stay;
        }
        match action {
            Action::Previous => self.selected = (self.selected + count - 1) % count,
            Action::Next => self.selected = (self.selected + 1) % count,
            Action::Choose => return self.choose(entries[self.selected]),
            // A digit moves to its entry, as the arrows do; Enter starts it.
            Action::Jump(n) if n < count => self.selected = n,
            Action::Help => return Go::Help,
            Action::Quit => return Go::Quit,
            _ => {}
        }
        Go::Stay
    }

    fn mouse(&mut self, mouse: MouseEvent, area: Rect) -> Go {
        if self.setup.is_some() {
            return Go::Stay;
        }
        let entry = Menu::layout(area).entry_at(mouse.column, mouse.row);
        match (mouse.kind, entry) {
            (MouseEventKind::Down(MouseButton::Left), Some(n)) => self.choose(Entry::all()[n]),
            (MouseEventKind::Moved, Some(n)) => {
                self.selected = n;
                Go::Stay
            }
            _ => Go::Stay,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::keys::{self, Context};
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    #[test]
    fn each_entry_has_its_number_key() {
        for n in 0..Entry::all().len().min(10) {
            // The tenth entry is 0, after 9 on a keyboard's row.
            let digit = char::from_digit(Entry::number(n) as u32, 10).unwrap();
            assert_eq!(Entry::numbered(Entry::number(n)), Some(n), "the number chooses it back");
            let key = KeyEvent::new(KeyCode::Char(digit), KeyModifiers::NONE);
            assert_eq!(keys::KeyTable::default().action(Context::Menu, key), Some(Action::Jump(n)));
        }
        assert!(Entry::all().len() >= 10, "the puzzles make a tenth entry");
        assert_eq!((Entry::number(9), Entry::numbered(0)), (0, Some(9)), "the tenth is 0");
        assert_eq!(Entry::numbered(10), None, "no entry is 10");
        let none = KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE);
        assert_eq!(keys::KeyTable::default().action(Context::Menu, none), None);
    }

    #[test]
    fn menu_entries_are_found_where_they_are_drawn() {
        for height in [12, 14, 16, 20, 24, 60] {
            let menu = MenuLayout::fit(Rect::new(0, 0, 80, height), 9);
            assert_eq!(menu.entries.len(), 9, "at {height} lines");
            for (n, entry) in menu.entries.iter().enumerate() {
                assert_eq!(menu.entry_at(entry.x, entry.y), Some(n));
                assert_eq!(menu.entry_at(entry.right() - 1, entry.y), Some(n));
            }
            assert!(menu.footer.bottom() <= height, "at {height} lines");
            assert!(menu.entries[8].bottom() <= menu.footer.y);
        }
        let spaced = MenuLayout::fit(Rect::new(0, 0, 80, 24), 9);
        assert_eq!(spaced.entry_at(0, spaced.entries[0].y + 1), None, "the line between entries");
        assert!(spaced.subtitle.is_some());
        assert!(MenuLayout::fit(Rect::new(0, 0, 80, 11), 9).entries.is_empty());
        assert_eq!(MenuLayout::needed_height(9), 12);
    }

    #[test]
    fn a_digit_moves_to_its_entry_and_enter_starts_it() {
        let mut menu = Menu::default();
        assert!(matches!(menu.act(Action::Jump(3)), Go::Stay), "a digit starts nothing");
        assert_eq!(menu.selected, 3);
        assert!(matches!(menu.act(Action::Choose), Go::SetUp), "Enter starts the entry chosen");
        assert!(matches!(menu.act(Action::Jump(40)), Go::Stay));
        assert_eq!(menu.selected, 3, "a digit past the list moves nothing");
    }

    #[test]
    fn changing_the_game_keeps_the_side_you_chose() {
        let mut setup = ComputerGameSetup::default();
        let first = setup.you;
        setup.row = 1;
        setup.change(true);
        assert_eq!(setup.you, first.other());
        setup.row = 0;
        for _ in 0..boards().len() {
            setup.change(true);
            assert_eq!(setup.you, first.other(), "the side chosen stays with every game");
        }
    }

    #[test]
    fn until_you_choose_a_side_you_move_first() {
        let mut setup = ComputerGameSetup::default();
        for _ in 0..boards().len() {
            setup.change(true);
            assert_eq!(setup.you, setup.first_to_move());
        }
    }
}
