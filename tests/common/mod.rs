//! Helpers for driving the app with events, as a terminal would.
#![allow(dead_code)]

use hexstack::app::layout::{BoardLayout, Screen as Areas};
use hexstack::app::{App, CLAMBER_SLOT, Screen};
use hexstack::rules::clamber::Position;
use hexstack::rules::hex::Cell;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use ratatui::layout::Rect;

pub const AREA: Rect = Rect { x: 0, y: 0, width: 80, height: 24 };

pub fn clamber(position: &str) -> App {
    App::clamber(position.parse::<Position>().unwrap(), AREA)
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
            "C-r" => key_event(KeyCode::Char('r'), KeyModifiers::CONTROL),
            other => key_event(KeyCode::Char(other.chars().next().unwrap()), KeyModifiers::NONE),
        };
        app.handle(&event);
    }
}

/// Where `cell` is drawn on the app's screen.
pub fn screen_point(app: &App, cell: &str) -> (u16, u16) {
    let Screen::Clamber(game) = &app.screen else { panic!("not a Clamber screen") };
    let board = game.session.position().board();
    let layout = BoardLayout::fit(board, CLAMBER_SLOT, Areas::split(app.area).board).expect("the board fits");
    layout.centre(cell.parse::<Cell>().unwrap())
}

pub fn mouse(app: &mut App, kind: MouseEventKind, (column, row): (u16, u16)) {
    app.handle(&Event::Mouse(MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE }));
}

/// Clicks on `cell`, as the mouse would.
pub fn click(app: &mut App, cell: &str) {
    let point = screen_point(app, cell);
    mouse(app, MouseEventKind::Down(MouseButton::Left), point);
    mouse(app, MouseEventKind::Up(MouseButton::Left), point);
}

/// Moves the mouse over `cell` without clicking: the cursor follows.
pub fn hover(app: &mut App, cell: &str) {
    let point = screen_point(app, cell);
    mouse(app, MouseEventKind::Moved, point);
}

pub fn game(app: &App) -> &hexstack::app::clamber::ClamberGame {
    match &app.screen {
        Screen::Clamber(game) => game,
        Screen::Menu(_) => panic!("not a game screen"),
    }
}

/// The notation of the position on the board now.
pub fn position(app: &App) -> String {
    game(app).session.position().to_string()
}

/// Draws the app on a test terminal of the app's size.
pub fn render(app: &App) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(app.area.width, app.area.height)).unwrap();
    terminal.draw(|frame| hexstack::ui::draw(app, frame)).unwrap();
    terminal
}
