//! The application's state and what each key, click and resize does to it. Nothing here
//! draws or touches the terminal, so every flow is testable with events alone.

pub mod clamber;
pub mod keys;
pub mod layout;
pub mod ombagui;
pub mod rules;
pub mod session;
pub mod table;

use crate::rules::hex::{Board, Cell, DIRECTIONS};
use crate::rules::{Colour, Game, clamber as clamber_rules, ombagui as ombagui_rules};
use crate::saved::{self, Loaded, Players, SavedGame};
use crate::t;
use clamber::ClamberGame;
use keys::{Action, Step};
use layout::{BoardLayout, Screen as Areas};
use ombagui::OmbaguiGame;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use rules::{Book, Diagram, RulesOf};
use session::End;
use std::path::PathBuf;
use table::Table;

/// The width of a cell on screen: a mark, up to three characters, a mark.
pub const SLOT: u16 = 5;

/// What every game screen offers the shell, through its [`Table`].
pub trait Shared {
    fn board(&self) -> Board;
    fn cursor(&self) -> Cell;
    fn set_cursor(&mut self, cell: Cell);
    fn to_move(&self) -> Colour;
    fn end(&self) -> Option<End>;
    /// Whether any turn has been played: quitting then asks first.
    fn played_any(&self) -> bool;
    fn message(&self) -> &Message;
    fn set_message(&mut self, message: Message);
    fn undo(&mut self);
    fn redo(&mut self);
    /// To the first turn, or back to the last.
    fn jump(&mut self, to_last: bool);
    /// How many turns are played, of how many in the game's line.
    fn replay_position(&self) -> (usize, usize);
    fn resign(&mut self);
    fn agree_draw(&mut self);
}

impl<G: Game> Shared for Table<G>
where
    G::Illegal: crate::i18n::Explain,
{
    fn board(&self) -> Board {
        self.position().board()
    }

    fn cursor(&self) -> Cell {
        self.cursor
    }

    fn set_cursor(&mut self, cell: Cell) {
        self.cursor = cell;
    }

    fn to_move(&self) -> Colour {
        Table::to_move(self)
    }

    fn end(&self) -> Option<End> {
        self.session.end()
    }

    fn played_any(&self) -> bool {
        !self.session.history().is_empty()
    }

    fn message(&self) -> &Message {
        &self.message
    }

    fn set_message(&mut self, message: Message) {
        self.message = message;
    }

    fn undo(&mut self) {
        Table::undo(self)
    }

    fn redo(&mut self) {
        Table::redo(self)
    }

    fn jump(&mut self, to_last: bool) {
        Table::jump(self, to_last)
    }

    fn replay_position(&self) -> (usize, usize) {
        (self.session.turns_played(), self.session.all_turns().count())
    }

    fn resign(&mut self) {
        Table::resign(self)
    }

    fn agree_draw(&mut self) {
        Table::agree_draw(self)
    }
}

/// A game screen: the shared table, and what Enter and Esc do in this game.
pub trait Playing {
    fn table(&self) -> &dyn Shared;
    fn table_mut(&mut self) -> &mut dyn Shared;
    /// Enter (or a click) on the cursor's cell.
    fn act(&mut self);
    /// Esc.
    fn cancel(&mut self);
    /// Forgets a selection or a turn being built; `true` if there was one.
    fn drop_selection(&mut self) -> bool;
    /// How many screen lines a cell's drawing takes.
    fn cell_lines(&self) -> u16 {
        1
    }
}

/// A line for the player, and how to show it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Message {
    None,
    Info(String),
    Warning(String),
    Success(String),
}

impl Message {
    pub fn text(&self) -> &str {
        match self {
            Message::None => "",
            Message::Info(text) | Message::Warning(text) | Message::Success(text) => text,
        }
    }
}

/// The menu's entries.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MenuItem {
    Clamber3,
    Clamber4,
    Ombagui,
    Resume,
    RulesClamber,
    RulesOmbagui,
    Quit,
}

impl MenuItem {
    pub const ALL: [MenuItem; 7] = [
        MenuItem::Clamber3,
        MenuItem::Clamber4,
        MenuItem::Ombagui,
        MenuItem::Resume,
        MenuItem::RulesClamber,
        MenuItem::RulesOmbagui,
        MenuItem::Quit,
    ];

    /// The entry's words.
    pub fn label(self) -> String {
        t!(match self {
            MenuItem::Clamber3 => "menu.clamber3",
            MenuItem::Clamber4 => "menu.clamber4",
            MenuItem::Ombagui => "menu.ombagui",
            MenuItem::Resume => "menu.resume",
            MenuItem::RulesClamber => "menu.rules_clamber",
            MenuItem::RulesOmbagui => "menu.rules_ombagui",
            MenuItem::Quit => "menu.quit",
        })
    }
}

/// The menu: which entry is chosen, and a note about the last choice.
#[derive(Clone, Debug, Default)]
pub struct Menu {
    pub selected: usize,
    pub note: Option<String>,
}

/// What fills the screen.
#[derive(Clone, Debug)]
pub enum Screen {
    Menu(Menu),
    Clamber(Box<ClamberGame>),
    Ombagui(Box<OmbaguiGame>),
    Rules(Book),
}

/// A question that waits for `y` (anything else says no).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Question {
    Quit,
    Menu,
    Resign,
    Draw,
}

/// What is drawn over the screen.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Overlay {
    Help,
    Ask(Question),
    /// The file name being typed to save the game to.
    SaveAs(String),
}

/// Something only the program around the app can do (it touches files), asked by the app.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Request {
    /// Save the game to this file.
    SaveAs(String),
    /// Open the most recently kept game.
    Resume,
}

/// The whole application.
#[derive(Clone, Debug)]
pub struct App {
    pub screen: Screen,
    pub overlay: Option<Overlay>,
    pub quit: bool,
    /// The players' names, for the screen and the saved game.
    pub players: Players,
    /// Where this game is kept as it goes (set by the program when it first keeps it).
    pub kept_at: Option<PathBuf>,
    /// What the program is asked to do after this event.
    pub request: Option<Request>,
    /// The rules page a game was opened from to try a position; `m` goes back to it, and
    /// such a game is not kept.
    pub back_to: Option<Book>,
    /// The terminal's size, for mouse hit-testing.
    pub area: Rect,
    /// The screen column the Up and Down keys try to keep to.
    column: Option<u16>,
}

impl App {
    /// The menu.
    pub fn new(area: Rect) -> App {
        App {
            screen: Screen::Menu(Menu::default()),
            overlay: None,
            quit: false,
            players: Players::default(),
            kept_at: None,
            request: None,
            back_to: None,
            area,
            column: None,
        }
    }

    /// A Clamber game straight away.
    pub fn clamber(start: clamber_rules::Position, area: Rect) -> App {
        App { screen: Screen::Clamber(Box::new(ClamberGame::new(start))), ..App::new(area) }
    }

    /// An Ombagui game straight away.
    pub fn ombagui(start: ombagui_rules::Position, area: Rect) -> App {
        App { screen: Screen::Ombagui(Box::new(OmbaguiGame::new(start))), ..App::new(area) }
    }

    /// The game on screen, if any.
    pub fn game(&self) -> Option<&dyn Playing> {
        match &self.screen {
            Screen::Menu(_) | Screen::Rules(_) => None,
            Screen::Clamber(game) => Some(game.as_ref()),
            Screen::Ombagui(game) => Some(game.as_ref()),
        }
    }

    /// The table of the game on screen, to tell the players something.
    pub fn game_mut_for_message(&mut self) -> Option<&mut dyn Shared> {
        self.game_mut().map(Playing::table_mut)
    }

    fn game_mut(&mut self) -> Option<&mut dyn Playing> {
        match &mut self.screen {
            Screen::Menu(_) | Screen::Rules(_) => None,
            Screen::Clamber(game) => Some(game.as_mut()),
            Screen::Ombagui(game) => Some(game.as_mut()),
        }
    }

    /// The same app, with the players' names.
    pub fn with_players(mut self, players: Players) -> App {
        self.players = players;
        self
    }

    /// The same app, keeping its game in `path`.
    pub fn kept_in(mut self, path: PathBuf) -> App {
        self.kept_at = Some(path);
        self
    }

    /// A game read from a saved file, its turns ready to be stepped through.
    pub fn loaded(saved: SavedGame, area: Rect) -> App {
        let mut app = match saved.game {
            Loaded::Clamber(session) => {
                let mut game = ClamberGame::new(session.start());
                game.table.session = session;
                App { screen: Screen::Clamber(Box::new(game)), ..App::new(area) }
            }
            Loaded::Ombagui(session) => {
                let mut game = OmbaguiGame::new(session.start());
                game.table.session = session;
                App { screen: Screen::Ombagui(Box::new(game)), ..App::new(area) }
            }
        };
        app.players = saved.players;
        if let Some(game) = app.game_mut() {
            let (played, total) = game.table().replay_position();
            game.table_mut().set_message(Message::Info(t!("loaded", played, total)));
        }
        app
    }

    /// The game as a saved-game text (the date left out when `date` is empty).
    pub fn record(&self, date: &str) -> Option<String> {
        match &self.screen {
            Screen::Menu(_) | Screen::Rules(_) => None,
            Screen::Clamber(game) => Some(saved::write(&game.table.session, "clamber", &self.players, date)),
            Screen::Ombagui(game) => Some(saved::write(&game.table.session, "ombagui", &self.players, date)),
        }
    }

    /// The game's name, for file names.
    pub fn game_name(&self) -> Option<&'static str> {
        match &self.screen {
            Screen::Menu(_) | Screen::Rules(_) => None,
            Screen::Clamber(_) => Some("clamber"),
            Screen::Ombagui(_) => Some("ombagui"),
        }
    }

    /// A new game of the same kind, on the same board, between the same players.
    fn new_game(&mut self) {
        let (area, players, back_to) = (self.area, self.players.clone(), self.back_to);
        match &self.screen {
            Screen::Menu(_) | Screen::Rules(_) => return,
            Screen::Clamber(game) => {
                *self = App::clamber(clamber_rules::Position::start(game.table.position().board()), area)
            }
            Screen::Ombagui(_) => *self = App::ombagui(ombagui_rules::Position::start(), area),
        }
        self.players = players;
        self.back_to = back_to;
    }

    /// Reacts to one terminal event.
    pub fn handle(&mut self, event: &Event) {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.key(*key),
            Event::Mouse(mouse) => self.mouse(*mouse),
            Event::Resize(width, height) => self.area = Rect::new(0, 0, *width, *height),
            _ => {}
        }
    }

    fn key(&mut self, key: KeyEvent) {
        match self.overlay.take() {
            Some(Overlay::Help) => return,
            Some(Overlay::SaveAs(name)) => return self.type_file_name(key, name),
            Some(Overlay::Ask(question)) => {
                if matches!(key.code, KeyCode::Char('y' | 'Y')) {
                    self.answer_yes(question);
                }
                return;
            }
            None => {}
        }
        match &self.screen {
            Screen::Menu(menu) => self.menu_key(key, menu.selected),
            Screen::Rules(book) => self.rules_key(key, *book),
            Screen::Clamber(_) | Screen::Ombagui(_) => {
                if let Some(action) = keys::action(key) {
                    self.game_action(action);
                }
            }
        }
    }

    /// The rules book open on `of`.
    pub fn rules(of: RulesOf, area: Rect) -> App {
        App { screen: Screen::Rules(Book::new(of)), ..App::new(area) }
    }

    fn rules_key(&mut self, key: KeyEvent, mut book: Book) {
        let pages = book.of.pages().len();
        if let Some(line) = book.contents {
            book.contents = match key.code {
                KeyCode::Up | KeyCode::Char('k') => Some((line + pages - 1) % pages),
                KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => Some((line + 1) % pages),
                KeyCode::Enter | KeyCode::Char(' ') => {
                    book.turn_to(line);
                    None
                }
                _ => None,
            };
            self.screen = Screen::Rules(book);
            return;
        }
        match key.code {
            KeyCode::Right | KeyCode::PageDown | KeyCode::Char('l') => {
                book.turn_to((book.page + 1).min(pages - 1))
            }
            KeyCode::Left | KeyCode::PageUp | KeyCode::Char('h') => book.turn_to(book.page.saturating_sub(1)),
            KeyCode::Char(' ') | KeyCode::Enter | KeyCode::Down | KeyCode::Char('j') => book.next_scene(),
            KeyCode::Up | KeyCode::Backspace | KeyCode::Char('k') => book.previous_scene(),
            KeyCode::Char('t') | KeyCode::Tab => book.contents = Some(book.page),
            KeyCode::Home => book.turn_to(0),
            KeyCode::End => book.turn_to(pages - 1),
            KeyCode::Char('p') => return self.try_scene(book),
            KeyCode::Char('q') | KeyCode::Char('m') | KeyCode::Esc => return *self = App::new(self.area),
            _ => {}
        }
        self.screen = Screen::Rules(book);
    }

    /// Opens the scene on screen as a game, to be played and then left for the same page.
    fn try_scene(&mut self, book: Book) {
        let area = self.area;
        *self = match book.scene().diagram(book.of) {
            Ok(Diagram::Clamber(position)) => App::clamber(position, area),
            Ok(Diagram::Ombagui(position)) => App::ombagui(position, area),
            Err(_) => return,
        };
        self.back_to = Some(book);
    }

    fn menu_key(&mut self, key: KeyEvent, selected: usize) {
        let count = MenuItem::ALL.len();
        let selected = match key.code {
            KeyCode::Up | KeyCode::Char('k') => (selected + count - 1) % count,
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => (selected + 1) % count,
            KeyCode::Enter | KeyCode::Char(' ') => return self.choose(MenuItem::ALL[selected]),
            KeyCode::Char('q') | KeyCode::Esc => return self.quit = true,
            KeyCode::Char(c @ '1'..='7') => return self.choose(MenuItem::ALL[c as usize - '1' as usize]),
            _ => selected,
        };
        self.screen = Screen::Menu(Menu { selected, note: None });
    }

    fn choose(&mut self, item: MenuItem) {
        let area = self.area;
        match item {
            MenuItem::Clamber3 => *self = App::clamber(clamber_rules::Position::start(Board::SIDE_3), area),
            MenuItem::Clamber4 => *self = App::clamber(clamber_rules::Position::start(Board::SIDE_4), area),
            MenuItem::Ombagui => *self = App::ombagui(ombagui_rules::Position::start(), area),
            MenuItem::Resume => self.request = Some(Request::Resume),
            MenuItem::RulesClamber => self.screen = Screen::Rules(Book::new(RulesOf::Clamber)),
            MenuItem::RulesOmbagui => self.screen = Screen::Rules(Book::new(RulesOf::Ombagui)),
            MenuItem::Quit => self.quit = true,
        }
    }

    /// A key while the file name to save to is being typed.
    fn type_file_name(&mut self, key: KeyEvent, mut name: String) {
        match key.code {
            KeyCode::Enter if !name.trim().is_empty() => {
                self.request = Some(Request::SaveAs(name.trim().to_string()))
            }
            KeyCode::Esc => {}
            KeyCode::Backspace => {
                name.pop();
                self.overlay = Some(Overlay::SaveAs(name));
            }
            KeyCode::Char(c) if !c.is_control() && name.chars().count() < 200 => {
                name.push(c);
                self.overlay = Some(Overlay::SaveAs(name));
            }
            _ => self.overlay = Some(Overlay::SaveAs(name)),
        }
    }

    fn answer_yes(&mut self, question: Question) {
        match question {
            Question::Quit => self.quit = true,
            Question::Menu => *self = App::new(self.area),
            Question::Resign | Question::Draw => {
                if let Some(game) = self.game_mut() {
                    game.drop_selection();
                    match question {
                        Question::Resign => game.table_mut().resign(),
                        _ => game.table_mut().agree_draw(),
                    }
                }
            }
        }
    }

    fn game_action(&mut self, action: Action) {
        let area = self.area;
        let Some(game) = self.game_mut() else { return };
        let over = game.table().end().is_some();
        let in_progress = !over && game.table().played_any();
        let ask = |question| Some(Overlay::Ask(question));
        match action {
            Action::Step(step) => {
                self.column = None;
                self.step(step);
            }
            Action::Up | Action::Down => self.vertical(action == Action::Up),
            Action::Act if over => self.new_game(),
            Action::Act => game.act(),
            Action::Cancel => game.cancel(),
            Action::Undo => {
                if game.drop_selection() {
                    game.table_mut().set_message(Message::Info(t!("selection.dropped")));
                } else {
                    game.table_mut().undo();
                }
            }
            Action::Redo => {
                game.drop_selection();
                game.table_mut().redo();
            }
            Action::First | Action::Last => {
                game.drop_selection();
                game.table_mut().jump(action == Action::Last);
            }
            Action::Save => self.overlay = Some(Overlay::SaveAs(String::new())),
            Action::Help => self.overlay = Some(Overlay::Help),
            Action::Resign | Action::Draw if over => {
                game.table_mut().set_message(Message::Warning(t!("over.already")));
            }
            Action::Resign => self.overlay = ask(Question::Resign),
            Action::Draw => self.overlay = ask(Question::Draw),
            Action::Menu if self.back_to.is_some() => {
                let book = self.back_to.take();
                *self = App::new(area);
                self.screen = Screen::Rules(book.unwrap_or(Book::new(RulesOf::Clamber)));
            }
            Action::Menu if in_progress => self.overlay = ask(Question::Menu),
            Action::Menu => *self = App::new(area),
            Action::Quit if in_progress => self.overlay = ask(Question::Quit),
            Action::Quit => self.quit = true,
        }
    }

    /// Moves the cursor one cell in the direction of `step`, if that cell is on the board.
    fn step(&mut self, step: Step) {
        let Some(table) = self.game_mut().map(Playing::table_mut) else { return };
        let board = table.board();
        if let Some(next) =
            table.cursor().offset(DIRECTIONS[step.direction()]).filter(|&cell| board.contains(cell))
        {
            table.set_cursor(next);
        }
    }

    /// Up or down a row: to whichever neighbour above or below stays nearest the column the
    /// cursor started from, so repeated presses go straight up the screen.
    fn vertical(&mut self, up: bool) {
        let column = self.column;
        let Some(table) = self.game_mut().map(Playing::table_mut) else { return };
        let (board, cursor) = (table.board(), table.cursor());
        let x = |cell: Cell| 2 * i32::from(cell.col()) - i32::from(cell.row());
        let column = column.map_or(x(cursor), i32::from);
        let steps = if up { [Step::UpLeft, Step::UpRight] } else { [Step::DownLeft, Step::DownRight] };
        let best = steps
            .iter()
            .filter_map(|&step| cursor.offset(DIRECTIONS[step.direction()]).filter(|&c| board.contains(c)))
            .min_by_key(|&cell| ((x(cell) - column).abs(), (x(cell) - i32::from(board.side()) + 1).abs()));
        if let Some(cell) = best {
            table.set_cursor(cell);
        }
        self.column = Some(column.max(0) as u16);
    }

    fn mouse(&mut self, mouse: MouseEvent) {
        if self.overlay == Some(Overlay::Help) && matches!(mouse.kind, MouseEventKind::Down(_)) {
            self.overlay = None;
            return;
        }
        if self.overlay.is_some() {
            return;
        }
        let clicked = matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left));
        let area = self.area;
        if let Screen::Menu(_) = self.screen {
            if clicked && let Some(item) = menu_item_at(area, mouse.row) {
                self.choose(item);
            }
            return;
        }
        let Some(game) = self.game_mut() else { return };
        let Some(layout) = board_layout(game.table().board(), game.cell_lines(), area) else { return };
        let Some(cell) = layout.cell_at(mouse.column, mouse.row) else { return };
        if clicked || matches!(mouse.kind, MouseEventKind::Moved) {
            game.table_mut().set_cursor(cell);
            self.column = None;
        }
        if clicked {
            self.game_action(Action::Act);
        }
    }
}

/// Where the board of a game screen is drawn in a terminal of size `area`, if it fits,
/// with cells `lines` lines high.
pub fn board_layout(board: Board, lines: u16, area: Rect) -> Option<BoardLayout> {
    BoardLayout::fit(board, SLOT, lines, Areas::split(area).board)
}

/// The first line of the menu's entries, for drawing and for clicks.
pub fn menu_top(area: Rect) -> u16 {
    area.y + area.height.saturating_sub(MenuItem::ALL.len() as u16 * 2 + 6) / 2 + 4
}

/// The menu entry drawn on screen line `line`: entries are two lines apart.
fn menu_item_at(area: Rect, line: u16) -> Option<MenuItem> {
    let offset = line.checked_sub(menu_top(area))?;
    if offset % 2 == 1 {
        return None;
    }
    MenuItem::ALL.get(usize::from(offset / 2)).copied()
}
