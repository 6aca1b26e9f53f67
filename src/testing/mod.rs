//! Helpers for driving the app with events, as a terminal would.

/// A guest over SSH on the loopback, for the tests of play at a distance.
#[cfg(feature = "ssh")]
pub(crate) mod guest;

use crate::app::Profile;
use crate::app::event::Event as Wake;
use crate::app::game::GameScreen;
use crate::app::highlights::Highlights;
use crate::app::menu::Entry;
use crate::app::table::Input;
use crate::app::{App, Screen};
use crate::i18n::{Lang, Text};
use crate::rules::hex::Cell;
use crate::rules::{Any, clamber, ombagui};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use ratatui::layout::Rect;

pub(crate) const AREA: Rect = Rect { x: 0, y: 0, width: 80, height: 24 };

pub(crate) fn clamber(position: &str) -> App {
    clamber_as(Profile::default(), position)
}

/// A Clamber game at a terminal of `profile`'s.
pub(crate) fn clamber_as(profile: Profile, position: &str) -> App {
    App::game(profile, Any::Clamber(position.parse::<clamber::Position>().unwrap()), AREA)
}

pub(crate) fn ombagui(position: &str) -> App {
    App::game(Profile::default(), Any::Ombagui(position.parse::<ombagui::Position>().unwrap()), AREA)
}

/// `text` in English, a key named as the screen on view names it.
pub(crate) fn said(app: &App, text: &Text) -> String {
    app.profile.keys.say(text, app.context(), Lang::En)
}

/// The kind of the game's message line (`Info`, `Warning`, `Success`, `None`) and its words.
pub(crate) fn line(app: &App) -> (&'static str, String) {
    use crate::app::table::Message;
    let game = app.screen.game().expect("a game screen");
    let kind = match crate::each_game!(game, game => game.table.status().message().clone()) {
        Message::None => "None",
        Message::Info(_) => "Info",
        Message::Warning(_) => "Warning",
        Message::Success(_) => "Success",
    };
    (kind, message(app))
}

/// The line that tells the players what happened in the game on screen, in English.
pub(crate) fn message(app: &App) -> String {
    let game = app.screen.game().expect("a game screen");
    let message = crate::each_game!(game, game => game.table.status().message().clone());
    message.text().map(|text| said(app, text)).unwrap_or_default()
}

pub(crate) fn key_event(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent { code, modifiers, kind: KeyEventKind::Press, state: KeyEventState::NONE })
}

/// Presses each key of `keys`: single characters, or Enter, Esc, Left, Right, Up, Down,
/// Backspace, Home, End, C-r.
pub(crate) fn press(app: &mut App, keys: &[&str]) {
    for key in keys {
        let event = match *key {
            "Enter" => key_event(KeyCode::Enter, KeyModifiers::NONE),
            "Esc" => key_event(KeyCode::Esc, KeyModifiers::NONE),
            "Left" => key_event(KeyCode::Left, KeyModifiers::NONE),
            "Right" => key_event(KeyCode::Right, KeyModifiers::NONE),
            "Up" => key_event(KeyCode::Up, KeyModifiers::NONE),
            "Down" => key_event(KeyCode::Down, KeyModifiers::NONE),
            "Backspace" => key_event(KeyCode::Backspace, KeyModifiers::NONE),
            "Home" => key_event(KeyCode::Home, KeyModifiers::NONE),
            "End" => key_event(KeyCode::End, KeyModifiers::NONE),
            "C-r" => key_event(KeyCode::Char('r'), KeyModifiers::CONTROL),
            "Tab" => key_event(KeyCode::Tab, KeyModifiers::NONE),
            other => key_event(KeyCode::Char(other.chars().next().unwrap()), KeyModifiers::NONE),
        };
        app.handle(Wake::Input(event));
    }
}

/// Where `cell` is drawn on the app's screen.
pub(crate) fn screen_point(app: &App, cell: &str) -> (u16, u16) {
    let game = app.screen.game().expect("a game screen");
    let layout = crate::each_game!(game, game => game.layout(app.area)).expect("the board fits");
    layout.board.centre(cell.parse::<Cell>().unwrap())
}

pub(crate) fn mouse(app: &mut App, kind: MouseEventKind, (column, row): (u16, u16)) {
    app.handle(Wake::Input(Event::Mouse(MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE })));
}

/// Clicks at a screen position, as the mouse would.
pub(crate) fn click_at(app: &mut App, point: (u16, u16)) {
    mouse(app, MouseEventKind::Down(MouseButton::Left), point);
    mouse(app, MouseEventKind::Up(MouseButton::Left), point);
}

/// Clicks on `cell`.
pub(crate) fn click(app: &mut App, cell: &str) {
    click_at(app, screen_point(app, cell));
}

/// Moves the mouse over `cell` without clicking: the cursor follows.
pub(crate) fn hover(app: &mut App, cell: &str) {
    let point = screen_point(app, cell);
    mouse(app, MouseEventKind::Moved, point);
}

pub(crate) fn game(app: &App) -> &GameScreen<clamber::Position> {
    match app.screen.game() {
        Some(Any::Clamber(game)) => game,
        _ => panic!("not a Clamber screen"),
    }
}

pub(crate) fn game_mut(app: &mut App) -> &mut GameScreen<clamber::Position> {
    match app.game_screen() {
        Some(Any::Clamber(game)) => game,
        _ => panic!("not a Clamber screen"),
    }
}

pub(crate) fn ombagui_game(app: &App) -> &GameScreen<ombagui::Position> {
    match app.screen.game() {
        Some(Any::Ombagui(game)) => game,
        _ => panic!("not an Ombagui screen"),
    }
}

/// What the board of the game on screen lights up.
pub(crate) fn lit(app: &App) -> Highlights {
    let game = app.screen.game().expect("a game screen");
    crate::each_game!(game, game => lit_of(game))
}

fn lit_of<G: Input>(game: &GameScreen<G>) -> Highlights {
    game.lit()
}

/// The cells of a set on the game's board, by name.
pub(crate) fn names(app: &App, set: crate::rules::hex::CellSet) -> Vec<String> {
    let game = app.screen.game().expect("a game screen");
    let board = crate::each_game!(game, game => crate::rules::Game::board(&game.table.position()));
    board.cells_of(set).map(|cell| cell.to_string()).collect()
}

/// The notation of the position on the board now, in either game.
pub(crate) fn position(app: &App) -> String {
    match &app.screen {
        Screen::Game(game) => crate::each_game!(game.as_ref(), game => game.table.position().to_string()),
        Screen::Menu(_) | Screen::Rules(_) | Screen::Review(_) | Screen::Puzzle(_) | Screen::Lobby(_) => {
            panic!("not a game screen")
        }
    }
}

/// Draws the app on a test terminal of the app's size.
pub(crate) fn render(app: &App) -> Terminal<TestBackend> {
    render_in(app, Lang::En)
}

/// Draws the app on a test terminal of the app's size, its words in `lang`.
pub(crate) fn render_in(app: &App, lang: Lang) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(app.area.width, app.area.height)).unwrap();
    terminal.draw(|frame| crate::ui::draw_in(app, lang, frame)).unwrap();
    terminal
}

/// A channel for a test's loop, as the loop's own: the searches of an app run on it wake it.
pub(crate) struct Wakes {
    sender: std::sync::mpsc::SyncSender<crate::app::event::Wake>,
    receiver: std::sync::mpsc::Receiver<crate::app::event::Wake>,
}

/// A channel for [`run_until`] to wake on.
pub(crate) fn awake() -> Wakes {
    let (sender, receiver) = std::sync::mpsc::sync_channel(crate::app::event::QUEUE);
    Wakes { sender, receiver }
}

/// Runs `app` as the loop does, woken by its searches (on `wakes`, from [`awake`]) and its
/// timers, until `done` holds of it; `false` if `patience` ran out first.
pub(crate) fn run_until(
    app: &mut App,
    wakes: &Wakes,
    patience: std::time::Duration,
    done: impl Fn(&App) -> bool,
) -> bool {
    use crate::app::event::Wake as Woken;
    use std::sync::mpsc::RecvTimeoutError;
    let deadline = std::time::Instant::now() + patience;
    // The loop takes the app on: a search that ended before then is taken in at once.
    app.waker.connect(wakes.sender.clone());
    app.handle(Wake::Searched);
    while !done(app) {
        let until = app.timer().map_or(deadline, |due| due.min(deadline));
        match wakes.receiver.recv_timeout(until.saturating_duration_since(std::time::Instant::now())) {
            Ok(Woken::Searched) => app.handle(Wake::Searched),
            Ok(_) => {}
            Err(RecvTimeoutError::Timeout) if std::time::Instant::now() >= deadline => return false,
            Err(RecvTimeoutError::Timeout) => app.handle(Wake::Timer),
            Err(RecvTimeoutError::Disconnected) => return false,
        }
    }
    true
}

/// The computer of the Clamber game on screen shows each step of its turn for no time.
pub(crate) fn at_once(app: &mut App) {
    if let crate::app::Mode::Against(opponent) = &mut game_mut(app).mode {
        opponent.at_once();
    }
}

/// Runs the loop over `events` on a test terminal of the app's size, keeping games with
/// `autosave`; the loop ends when the events do (as when a terminal is closed) or the app quits.
pub(crate) fn run_loop(
    app: &mut App,
    autosave: &mut crate::autosave::Autosave,
    events: Vec<Event>,
) -> Terminal<TestBackend> {
    let terminal = Terminal::new(TestBackend::new(app.area.width, app.area.height)).unwrap();
    let (sender, wakes) = std::sync::mpsc::sync_channel(events.len().max(1));
    for event in events {
        sender.send(crate::app::event::Wake::Local(event)).unwrap();
    }
    drop(sender);
    let taken = std::mem::replace(app, App::new(Profile::default(), AREA));
    let mut local = Some(crate::terminal::AppTerminal::new(taken, terminal));
    let inlet = crate::terminal::LoopInlet::new(wakes);
    crate::terminal::drive(&mut local, autosave, &inlet, None).unwrap();
    let screen = local.unwrap();
    *app = screen.app;
    screen.terminal
}

/// The key that moves to `entry` in the menu (Enter starts it): its place in the list
/// (which a test-only game lengthens).
pub(crate) fn number(entry: Entry) -> String {
    let at = Entry::all().iter().position(|&each| each == entry).expect("the menu has it");
    // The tenth entry is 0.
    ((at + 1) % 10).to_string()
}

/// The whole name of the test `name` in the module `module` (its `module_path!()`), as the
/// test binary runs one with `--exact`.
pub(crate) fn test_path(module: &str, name: &str) -> String {
    let (_crate, path) = module.split_once("::").expect("a module path");
    format!("{path}::{name}")
}

/// The variable that tells a test it runs in a process of its own (see [`alone`]).
const ALONE: &str = "HEXSTACK_TEST_ALONE";

/// Whether the test `name` of the module `module` (its `module_path!()`) should return at
/// once because it has just been run in a process of its own: a test that changes or
/// measures the whole process (its descriptor limit, its resident memory) starts the test
/// binary again with `--exact` on itself and checks that run passed; in that run, this
/// is false and the test does its work.
pub(crate) fn alone(module: &str, name: &str) -> bool {
    let test = test_path(module, name);
    if std::env::var(ALONE).is_ok_and(|running| running == test) {
        return false;
    }
    let run = std::process::Command::new(std::env::current_exe().expect("the test binary"))
        .args([test.as_str(), "--exact", "--include-ignored", "--nocapture", "--test-threads=1"])
        .env(ALONE, &test)
        .output()
        .expect("the test binary runs");
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{test}, in a process of its own:\n{said}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(said.contains("1 passed"), "{test} did not run in a process of its own:\n{said}");
    true
}
