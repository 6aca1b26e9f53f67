//! The application's state and what each key, click and resize does to it. Nothing here
//! draws or touches the terminal, so every flow is testable with events alone.

pub mod clamber;
pub mod keys;
pub mod layout;
pub mod session;

use crate::rules::clamber::Position;
use crate::rules::hex::{Board, Cell, DIRECTIONS};
use clamber::ClamberGame;
use keys::{Action, Step};
use layout::{BoardLayout, Screen as Areas};
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;

/// The width of a Clamber cell on screen: a mark, up to three characters, a mark.
pub const CLAMBER_SLOT: u16 = 5;

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
    Rules,
    Quit,
}

impl MenuItem {
    pub const ALL: [MenuItem; 5] =
        [MenuItem::Clamber3, MenuItem::Clamber4, MenuItem::Ombagui, MenuItem::Rules, MenuItem::Quit];

    pub fn label(self) -> &'static str {
        match self {
            MenuItem::Clamber3 => "Play Clamber (side 3, standard)",
            MenuItem::Clamber4 => "Play Clamber (side 4)",
            MenuItem::Ombagui => "Play Ombagui (coming soon)",
            MenuItem::Rules => "Rules (coming soon)",
            MenuItem::Quit => "Quit",
        }
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
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Overlay {
    Help,
    Ask(Question),
}

/// The whole application.
#[derive(Clone, Debug)]
pub struct App {
    pub screen: Screen,
    pub overlay: Option<Overlay>,
    pub quit: bool,
    /// The terminal's size, for mouse hit-testing.
    pub area: Rect,
    /// The screen column the Up and Down keys try to keep to.
    column: Option<u16>,
}

impl App {
    /// The menu.
    pub fn new(area: Rect) -> App {
        App { screen: Screen::Menu(Menu::default()), overlay: None, quit: false, area, column: None }
    }

    /// A Clamber game straight away.
    pub fn clamber(start: Position, area: Rect) -> App {
        App { screen: Screen::Clamber(Box::new(ClamberGame::new(start))), ..App::new(area) }
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
            Screen::Clamber(_) => {
                if let Some(action) = keys::action(key) {
                    self.game_action(action);
                }
            }
        }
    }

    fn menu_key(&mut self, key: KeyEvent, selected: usize) {
        let count = MenuItem::ALL.len();
        let selected = match key.code {
            KeyCode::Up | KeyCode::Char('k') => (selected + count - 1) % count,
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => (selected + 1) % count,
            KeyCode::Enter | KeyCode::Char(' ') => return self.choose(MenuItem::ALL[selected]),
            KeyCode::Char('q') | KeyCode::Esc => return self.quit = true,
            KeyCode::Char(c @ '1'..='5') => return self.choose(MenuItem::ALL[c as usize - '1' as usize]),
            _ => selected,
        };
        self.screen = Screen::Menu(Menu { selected, note: None });
    }

    fn choose(&mut self, item: MenuItem) {
        let area = self.area;
        match item {
            MenuItem::Clamber3 => *self = App::clamber(Position::start(Board::SIDE_3), area),
            MenuItem::Clamber4 => *self = App::clamber(Position::start(Board::SIDE_4), area),
            MenuItem::Ombagui | MenuItem::Rules => {
                let selected = MenuItem::ALL.iter().position(|&i| i == item).unwrap_or(0);
                let note = Some("not built yet: it is on its way".to_string());
                self.screen = Screen::Menu(Menu { selected, note });
            }
            MenuItem::Quit => self.quit = true,
        }
    }

    fn answer_yes(&mut self, question: Question) {
        match (question, &mut self.screen) {
            (Question::Quit, _) => self.quit = true,
            (Question::Menu, _) => *self = App::new(self.area),
            (Question::Resign, Screen::Clamber(game)) => {
                let colour = game.to_move();
                game.chain = None;
                game.session.resign();
                game.message = Message::Success(format!("{colour} resigns: {} wins", colour.other()));
            }
            (Question::Draw, Screen::Clamber(game)) => {
                game.chain = None;
                game.session.agree_draw();
                game.message = Message::Success("draw agreed".into());
            }
            (_, Screen::Menu(_)) => {}
        }
    }

    fn game_action(&mut self, action: Action) {
        let Screen::Clamber(game) = &mut self.screen else { return };
        let in_progress = !game.session.is_over() && !game.session.history().is_empty();
        match action {
            Action::Step(step) => {
                self.column = None;
                Self::step(&mut game.cursor, game.session.position().board(), step);
            }
            Action::Up | Action::Down => self.vertical(action == Action::Up),
            Action::Act if game.session.is_over() => {
                *self = App::clamber(Position::start(game.session.position().board()), self.area);
            }
            Action::Act => game.act(),
            Action::Cancel => game.cancel(),
            Action::Undo => game.undo(),
            Action::Redo => game.redo(),
            Action::Help => self.overlay = Some(Overlay::Help),
            Action::Resign | Action::Draw if game.session.is_over() => {
                game.message = Message::Warning("the game is over already".into());
            }
            Action::Resign => self.overlay = Some(Overlay::Ask(Question::Resign)),
            Action::Draw => self.overlay = Some(Overlay::Ask(Question::Draw)),
            Action::Menu if in_progress => self.overlay = Some(Overlay::Ask(Question::Menu)),
            Action::Menu => *self = App::new(self.area),
            Action::Quit if in_progress => self.overlay = Some(Overlay::Ask(Question::Quit)),
            Action::Quit => self.quit = true,
        }
    }

    /// Moves `cursor` one cell in the direction of `step`, if that cell is on the board.
    fn step(cursor: &mut Cell, board: Board, step: Step) {
        if let Some(next) = cursor.offset(DIRECTIONS[step.direction()]).filter(|&cell| board.contains(cell)) {
            *cursor = next;
        }
    }

    /// Up or down a row: to whichever neighbour above or below stays nearest the column the
    /// cursor started from, so repeated presses go straight up the screen.
    fn vertical(&mut self, up: bool) {
        let Screen::Clamber(game) = &mut self.screen else { return };
        let board = game.session.position().board();
        let x = |cell: Cell| 2 * i32::from(cell.col()) - i32::from(cell.row());
        let here = x(game.cursor);
        let column = *self.column.get_or_insert(here.max(0) as u16) as i32;
        let steps = if up { [Step::UpLeft, Step::UpRight] } else { [Step::DownLeft, Step::DownRight] };
        let best = steps
            .iter()
            .filter_map(|&step| {
                game.cursor.offset(DIRECTIONS[step.direction()]).filter(|&c| board.contains(c))
            })
            .min_by_key(|&cell| ((x(cell) - column).abs(), (x(cell) - i32::from(board.side()) + 1).abs()));
        if let Some(cell) = best {
            game.cursor = cell;
        }
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
        match &mut self.screen {
            Screen::Menu(_) => {
                if clicked && let Some(item) = menu_item_at(self.area, mouse.row) {
                    self.choose(item);
                }
            }
            Screen::Clamber(game) => {
                let board = game.session.position().board();
                let Some(layout) = BoardLayout::fit(board, CLAMBER_SLOT, Areas::split(self.area).board)
                else {
                    return;
                };
                let Some(cell) = layout.cell_at(mouse.column, mouse.row) else { return };
                if clicked || matches!(mouse.kind, MouseEventKind::Moved) {
                    self.column = None;
                    game.cursor = cell;
                }
                if clicked {
                    game.act();
                }
            }
        }
    }
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
