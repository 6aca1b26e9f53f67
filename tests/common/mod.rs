//! Helpers for driving the app with events, as a terminal would.
#![allow(dead_code)]

use hexstack::app::{App, Screen, board_layout};
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
    let game = app.game().expect("a game screen");
    let layout = board_layout(game.table().board(), game.cell_lines(), app.area).expect("the board fits");
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
        _ => panic!("not a Clamber screen"),
    }
}

pub fn ombagui_game(app: &App) -> &hexstack::app::ombagui::OmbaguiGame {
    match &app.screen {
        Screen::Ombagui(game) => game,
        _ => panic!("not an Ombagui screen"),
    }
}

/// The notation of the position on the board now, in either game.
pub fn position(app: &App) -> String {
    match &app.screen {
        Screen::Clamber(game) => game.table.session.position().to_string(),
        Screen::Ombagui(game) => game.table.session.position().to_string(),
        Screen::Menu(_) | Screen::Rules(_) => panic!("not a game screen"),
    }
}

/// Draws the app on a test terminal of the app's size.
pub fn render(app: &App) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(app.area.width, app.area.height)).unwrap();
    terminal.draw(|frame| hexstack::ui::draw(app, frame)).unwrap();
    terminal
}
