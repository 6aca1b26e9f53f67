//! The event loop on a test terminal: what is drawn, what a click hits after a resize, and
//! how games are kept: after a turn, not after a mouse move, and safe through a crash.

use crate::app::AnyGameScreenExt;
use crate::app::Profile;

use crate::app::menu::{Entry, Menu};
use crate::app::{App, Screen};
use crate::autosave::Autosave;
use crate::rules::GameKind;
use crate::store;
use crate::testing::*;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use std::path::PathBuf;

/// A fresh, empty folder for this test's saves, and its path: the folder goes when the
/// test ends, so keep the first half bound.
fn saves() -> (tempfile::TempDir, PathBuf) {
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path().to_path_buf();
    (folder, dir)
}

/// The saved games in `dir` (the lock file of the game open beside them aside).
fn files(dir: &PathBuf) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == crate::saved::EXTENSION))
        .collect()
}

fn key(c: char) -> Event {
    key_event(KeyCode::Char(c), KeyModifiers::NONE)
}

fn enter() -> Event {
    key_event(KeyCode::Enter, KeyModifiers::NONE)
}

fn mouse_event(kind: MouseEventKind, (column, row): (u16, u16)) -> Event {
    Event::Mouse(MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE })
}

/// Runs the loop over `events` on a test terminal of the app's size; the loop ends when the
/// events do (as when a terminal is closed) or the app quits.
fn run(app: &mut App, autosave: &mut Autosave, events: Vec<Event>) -> Terminal<TestBackend> {
    run_loop(app, autosave, events)
}

#[test]
fn a_game_is_kept_after_a_turn_and_not_rewritten_after_a_mouse_move() {
    let (_folder, dir) = saves();
    let mut app = clamber("start");
    let mut autosave = Autosave::new(Some(dir.clone()), &mut app);
    run(&mut app, &mut autosave, vec![key('l'), key('h')]);
    assert!(files(&dir).is_empty(), "nothing played, nothing kept");
    run(&mut app, &mut autosave, vec![enter()]);
    let kept = files(&dir);
    assert_eq!(kept.len(), 1);
    assert_eq!(autosave.writes, 1);
    let text = std::fs::read_to_string(&kept[0]).unwrap();
    assert!(text.contains("\nBlue C3\nend\n"), "{text}");
    let point = screen_point(&app, "E3");
    let moves = vec![
        mouse_event(MouseEventKind::Moved, point),
        mouse_event(MouseEventKind::Moved, (0, 0)),
        key('l'),
        key('?'),
        key('?'),
    ];
    run(&mut app, &mut autosave, moves);
    assert_eq!(autosave.writes, 1, "moving the mouse or the cursor is not a change to keep");
    assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), text);
    run(&mut app, &mut autosave, vec![key('u')]);
    assert_eq!(autosave.writes, 2, "an undo is a change to keep");
    assert_eq!(files(&dir), kept, "in the same file");
}

#[test]
fn a_game_survives_a_crash_and_resumes_where_it_was() {
    let (_folder, dir) = saves();
    let mut app = clamber("start");
    let mut autosave = Autosave::new(Some(dir.clone()), &mut app);
    // The terminal goes away under the loop after four events: the program stops there,
    // nobody asked to quit.
    run(&mut app, &mut autosave, vec![enter(), key('l'), enter(), key('l')]);
    assert!(!app.quit);
    let (saved, path) = store::resume(Some(&dir)).unwrap();
    assert_eq!(files(&dir), [path]);
    let resumed = App::loaded(Profile::default(), saved, AREA);
    assert_eq!(position(&resumed), "3/b/C3=b1,D3=r1");
}

#[test]
fn resume_from_the_menu_opens_the_last_game_without_copying_it() {
    let (_folder, dir) = saves();
    let mut app = clamber("start");
    let mut autosave = Autosave::new(Some(dir.clone()), &mut app);
    run(&mut app, &mut autosave, vec![enter(), key('m'), key('y')]);
    assert!(matches!(app.screen, Screen::Menu(_)));
    run(&mut app, &mut autosave, vec![key(number(Entry::Resume).parse().unwrap()), enter()]);
    assert_eq!(position(&app), "3/r/C3=b1");
    assert_eq!(autosave.writes, 1, "resuming reads the game; it does not write it again");
    assert_eq!(files(&dir).len(), 1);
}

#[test]
fn a_tried_rules_example_is_never_kept() {
    let (_folder, dir) = saves();
    let mut app = App::rules(Profile::default(), GameKind::Clamber, AREA);
    let mut autosave = Autosave::new(Some(dir.clone()), &mut app);
    run(&mut app, &mut autosave, vec![key('p'), enter()]);
    assert_eq!(position(&app), "3/r/C3=b1", "a placement on the board page's example");
    assert!(files(&dir).is_empty());
}

#[test]
fn menu_clicks_choose_the_entry_drawn_there() {
    let mut app = App::new(Profile::default(), AREA);
    let mut autosave = Autosave::new(None, &mut app);
    let menu = Menu::layout(AREA);
    let terminal = run(&mut app, &mut autosave, vec![]);
    // The third entry is drawn on its line: clicking there starts Ombagui.
    let entry = menu.entries[2];
    let drawn: String = (entry.x..entry.right())
        .map(|x| terminal.backend().buffer()[(x, entry.y)].symbol().to_string())
        .collect();
    assert!(drawn.contains("Ombagui"), "{drawn}");
    let click = mouse_event(MouseEventKind::Down(MouseButton::Left), (entry.x + 3, entry.y));
    run(&mut app, &mut autosave, vec![click]);
    assert_eq!(app.screen.game().map(|game| game.kind()), Some(GameKind::Ombagui));
    // Between two entries there is nothing to click.
    let mut app = App::new(Profile::default(), AREA);
    run(
        &mut app,
        &mut autosave,
        vec![mouse_event(MouseEventKind::Down(MouseButton::Left), (entry.x + 3, entry.y + 1))],
    );
    assert!(matches!(app.screen, Screen::Menu(_)));
}

#[test]
fn a_click_after_a_resize_lands_on_the_cell_drawn_there() {
    let mut app = clamber("start");
    let mut autosave = Autosave::new(None, &mut app);
    let before = screen_point(&app, "E3");
    run(&mut app, &mut autosave, vec![Event::Resize(120, 40)]);
    let after = screen_point(&app, "E3");
    assert_ne!(before, after, "the board is drawn elsewhere in a larger window");
    let terminal = run(&mut app, &mut autosave, vec![]);
    assert_eq!(terminal.backend().buffer()[after].symbol(), "·", "E3 is drawn at the new point");
    run(&mut app, &mut autosave, vec![mouse_event(MouseEventKind::Down(MouseButton::Left), after)]);
    assert_eq!(position(&app), "3/r/E3=b1");
}

fn type_name(name: &str) -> Vec<Event> {
    let mut events = vec![key('s')];
    events.extend((0..40).map(|_| key_event(KeyCode::Backspace, KeyModifiers::NONE)));
    events.extend(name.chars().map(key));
    events.push(enter());
    events
}

#[test]
fn save_as_refuses_a_missing_folder_and_asks_before_replacing_a_file() {
    let (_folder, dir) = saves();
    let mut app = clamber("start");
    let mut autosave = Autosave::new(None, &mut app);
    run(&mut app, &mut autosave, vec![enter()]);
    // A folder that does not exist is not made.
    let missing = dir.join("no-such-folder").join("game.hexstack");
    run(&mut app, &mut autosave, type_name(&missing.display().to_string()));
    assert!(message(&app).starts_with("no folder"), "{:?}", game(&app).table.status());
    assert!(!dir.join("no-such-folder").exists());
    // A file that exists is replaced only after a yes.
    let file = dir.join("game.hexstack");
    std::fs::write(&file, "keep me").unwrap();
    run(&mut app, &mut autosave, type_name(&file.display().to_string()));
    assert!(matches!(&app.overlay, Some(crate::app::Overlay::Ask(_))));
    run(&mut app, &mut autosave, vec![key('n')]);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep me");
    assert!(message(&app).starts_with("nothing saved"));
    run(&mut app, &mut autosave, type_name(&file.display().to_string()));
    run(&mut app, &mut autosave, vec![key('y')]);
    assert!(std::fs::read_to_string(&file).unwrap().contains("\nBlue C3\nend\n"));
    assert!(message(&app).starts_with("saved to"));
}

#[test]
fn a_loaded_game_is_kept_in_its_own_file() {
    let (_folder, dir) = saves();
    let file = dir.join("mine.hexstack");
    let mut app = clamber("start");
    let mut autosave = Autosave::new(None, &mut app);
    run(&mut app, &mut autosave, vec![enter()]);
    std::fs::write(&file, app.screen.game().unwrap().seen().record("")).unwrap();
    let (_saves_folder, saves) = saves();
    let mut app = App::opened(Profile::default(), store::load(&file).unwrap(), file.clone(), AREA);
    let mut autosave = Autosave::new(Some(saves.clone()), &mut app);
    run(&mut app, &mut autosave, vec![key('l'), enter()]);
    assert!(files(&saves).is_empty(), "no copy in the saves folder");
    assert!(std::fs::read_to_string(&file).unwrap().contains("\nRed D3\nend\n"), "the file itself goes on");
}
