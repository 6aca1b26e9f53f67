//! Helpers for driving the app with events, as a terminal would.
#![allow(dead_code)]

use hexstack::app::lit::Lit;
use hexstack::app::table::{Selecting, Table};
use hexstack::app::{App, Screen};
use hexstack::by_game;
use hexstack::rules::hex::Cell;
use hexstack::rules::{ByGame, clamber, ombagui};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use ratatui::layout::Rect;

pub const AREA: Rect = Rect { x: 0, y: 0, width: 80, height: 24 };

pub fn clamber(position: &str) -> App {
    App::game(ByGame::Clamber(position.parse::<clamber::Position>().unwrap()), AREA)
}

pub fn ombagui(position: &str) -> App {
    App::game(ByGame::Ombagui(position.parse::<ombagui::Position>().unwrap()), AREA)
}

pub fn key_event(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent { code, modifiers, kind: KeyEventKind::Press, state: KeyEventState::NONE })
}

/// Presses each key of `keys`: single characters, or Enter, Esc, Left, Right, Up, Down, C-r.
pub fn press(app: &mut App, keys: &[&str]) {
    for key in keys {
        let event = match *key {
            "Enter" => key_event(KeyCode::Enter, KeyModifiers::NONE),
            "Esc" => key_event(KeyCode::Esc, KeyModifiers::NONE),
            "Left" => key_event(KeyCode::Left, KeyModifiers::NONE),
            "Right" => key_event(KeyCode::Right, KeyModifiers::NONE),
            "Up" => key_event(KeyCode::Up, KeyModifiers::NONE),
            "Down" => key_event(KeyCode::Down, KeyModifiers::NONE),
            "Backspace" => key_event(KeyCode::Backspace, KeyModifiers::NONE),
            "C-r" => key_event(KeyCode::Char('r'), KeyModifiers::CONTROL),
            other => key_event(KeyCode::Char(other.chars().next().unwrap()), KeyModifiers::NONE),
        };
        app.handle(&event);
    }
}

/// Where `cell` is drawn on the app's screen.
pub fn screen_point(app: &App, cell: &str) -> (u16, u16) {
    let game = app.screen.game().expect("a game screen");
    let layout = game.layout(app.area).expect("the board fits");
    layout.board.centre(cell.parse::<Cell>().unwrap())
}

pub fn mouse(app: &mut App, kind: MouseEventKind, (column, row): (u16, u16)) {
    app.handle(&Event::Mouse(MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE }));
}

/// Clicks at a screen position, as the mouse would.
pub fn click_at(app: &mut App, point: (u16, u16)) {
    mouse(app, MouseEventKind::Down(MouseButton::Left), point);
    mouse(app, MouseEventKind::Up(MouseButton::Left), point);
}

/// Clicks on `cell`.
pub fn click(app: &mut App, cell: &str) {
    click_at(app, screen_point(app, cell));
}

/// Moves the mouse over `cell` without clicking: the cursor follows.
pub fn hover(app: &mut App, cell: &str) {
    let point = screen_point(app, cell);
    mouse(app, MouseEventKind::Moved, point);
}

pub fn game(app: &App) -> &Table<clamber::Position> {
    match app.screen.game().map(|game| &game.table) {
        Some(ByGame::Clamber(table)) => table,
        _ => panic!("not a Clamber screen"),
    }
}

pub fn ombagui_game(app: &App) -> &Table<ombagui::Position> {
    match app.screen.game().map(|game| &game.table) {
        Some(ByGame::Ombagui(table)) => table,
        _ => panic!("not an Ombagui screen"),
    }
}

/// What the board of the game on screen lights up.
pub fn lit(app: &App) -> Lit {
    let game = app.screen.game().expect("a game screen");
    by_game!(&game.table, table => lit_of(table))
}

fn lit_of<G: Selecting>(table: &Table<G>) -> Lit {
    G::lit(table)
}

/// The cells of a set on the game's board, by name.
pub fn names(app: &App, set: hexstack::rules::hex::CellSet) -> Vec<String> {
    let game = app.screen.game().expect("a game screen");
    let board = by_game!(&game.table, table => hexstack::rules::Game::board(&table.position()));
    board.cells_of(set).map(|cell| cell.to_string()).collect()
}

/// The notation of the position on the board now, in either game.
pub fn position(app: &App) -> String {
    match &app.screen {
        Screen::Game(game) => by_game!(&game.table, table => table.session.position().to_string()),
        Screen::Menu(_) | Screen::Rules(_) => panic!("not a game screen"),
    }
}

/// Draws the app on a test terminal of the app's size.
pub fn render(app: &App) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(app.area.width, app.area.height)).unwrap();
    terminal.draw(|frame| hexstack::ui::draw(app, frame)).unwrap();
    terminal
}
