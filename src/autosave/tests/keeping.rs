//! Keeping games safe from each other and from a failing disk: one game open in two
//! hexstacks is written by one only, the other watching it or continuing a copy; a save
//! that fails says so until one succeeds; names of any text read back the same.

use crate::app::AnyGameScreenExt;
use crate::app::Profile;

use crate::app::prompt::Question;
use crate::app::{App, Overlay};
use crate::autosave::Autosave;
use crate::record::Players;
use crate::testing::*;
use crate::{saved, store};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyModifiers};
use std::path::{Path, PathBuf};

fn key(c: char) -> Event {
    key_event(KeyCode::Char(c), KeyModifiers::NONE)
}

fn enter() -> Event {
    key_event(KeyCode::Enter, KeyModifiers::NONE)
}

/// Runs the loop over `events` on a test terminal; it ends when they do.
fn run(app: &mut App, autosave: &mut Autosave, events: Vec<Event>) -> Terminal<TestBackend> {
    run_loop(app, autosave, events)
}

fn games(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == crate::saved::EXTENSION))
        .collect();
    files.sort();
    files
}

fn message(app: &App) -> String {
    crate::testing::message(app)
}

/// What `hexstack resume` opens in a second window, with its own autosave.
fn second_window(dir: &Path) -> (App, Autosave) {
    let (saved, path) = store::resume(Some(dir)).unwrap();
    let mut app = App::opened(Profile::default(), saved, path, AREA);
    let autosave = Autosave::new(Some(dir.to_path_buf()), &mut app);
    (app, autosave)
}

#[test]
fn a_game_open_in_two_windows_has_one_writer() {
    let dir = tempfile::tempdir().unwrap();
    let mut a = clamber("start");
    let mut keeper_a = Autosave::new(Some(dir.path().to_path_buf()), &mut a);
    run(&mut a, &mut keeper_a, vec![enter()]);
    let file = games(dir.path()).pop().unwrap();
    assert_eq!(keeper_a.locked(), Some(file.as_path()));

    // B resumes A's game: it is asked, and meanwhile writes nothing and plays nothing.
    let (mut b, mut keeper_b) = second_window(dir.path());
    run(&mut b, &mut keeper_b, vec![]);
    assert!(
        matches!(&b.overlay, Some(Overlay::Ask(Question::Locked(holder))) if holder.starts_with(&std::process::id().to_string()))
    );
    run(&mut b, &mut keeper_b, vec![key('w'), key('l'), enter()]);
    assert!(message(&b).contains("read-only"), "{}", message(&b));
    assert_eq!(position(&b), "3/r/C3=b1");
    assert_eq!(keeper_b.writes, 0);

    // A plays on; B, watching, follows at its next event.
    run(&mut a, &mut keeper_a, vec![key('l'), enter()]);
    assert_eq!(position(&a), "3/b/C3=b1,D3=r1");
    run(&mut b, &mut keeper_b, vec![key('l')]);
    assert_eq!(position(&b), position(&a), "the watcher shows the other window's turn");

    // C resumes it too, and continues a copy: a file of its own, A's untouched.
    let (mut c, mut keeper_c) = second_window(dir.path());
    run(&mut c, &mut keeper_c, vec![key('y')]);
    assert!(message(&c).contains("copy"), "{}", message(&c));
    run(&mut c, &mut keeper_c, vec![key('h'), enter()]);
    let files = games(dir.path());
    assert_eq!(files.len(), 2, "{files:?}");
    let copy = files.iter().find(|path| **path != file).unwrap();
    let kept = |path: &Path| {
        let saved = store::load(path).unwrap();
        position(&App::loaded(Profile::default(), saved, AREA))
    };
    assert_eq!(kept(&file), "3/b/C3=b1,D3=r1", "A's file holds A's turns only");
    assert_eq!(kept(copy), position(&c));
    assert_ne!(kept(copy), kept(&file));

    // Once A leaves the game, its lock goes with it: the next resume of A's file plays.
    run(&mut a, &mut keeper_a, vec![key('m'), key('y')]);
    assert_eq!(keeper_a.locked(), None);
    let mut d = App::opened(Profile::default(), store::load(&file).unwrap(), file.clone(), AREA);
    let mut keeper_d = Autosave::new(Some(dir.path().to_path_buf()), &mut d);
    run(&mut d, &mut keeper_d, vec![]);
    assert_eq!(d.overlay, None);
    assert_eq!(keeper_d.locked(), Some(file.as_path()));
}

#[test]
fn a_failed_save_is_loud_until_one_succeeds() {
    let dir = tempfile::tempdir().unwrap();
    // The saves folder cannot be made: a file has the name of its parent (a read-only or
    // full disk fails the same way, at the write; tests run as root, whom chmod does not stop).
    let blocker = dir.path().join("data");
    std::fs::write(&blocker, "not a folder").unwrap();
    let saves = blocker.join("saves");
    let mut app = clamber("start");
    let mut autosave = Autosave::new(Some(saves.clone()), &mut app);
    run(&mut app, &mut autosave, vec![enter()]);
    assert_eq!(autosave.writes, 0);
    let why = autosave.failing.clone().expect("the autosave knows it failed").to_string();
    assert!(why.contains("is a file, not a folder") && why.contains(&blocker.display().to_string()), "{why}");
    assert!(message(&app).starts_with("NOT kept"), "{}", message(&app));
    // Moving the cursor does not hide it, nor try again; the next turn tries again.
    run(&mut app, &mut autosave, vec![key('l')]);
    assert!(message(&app).starts_with("NOT kept"), "{}", message(&app));
    run(&mut app, &mut autosave, vec![enter()]);
    assert!(message(&app).starts_with("NOT kept"));

    // Leaving says plainly that the game is not kept, and s offers to save it elsewhere.
    run(&mut app, &mut autosave, vec![key('q')]);
    assert!(
        matches!(&app.overlay, Some(Overlay::Ask(Question::Unkept { quit: true, .. }))),
        "{:?}",
        app.overlay
    );
    let screen = run(&mut app, &mut autosave, vec![]);
    let drawn: String = screen.backend().buffer().content().iter().map(|cell| cell.symbol()).collect();
    assert!(drawn.contains("NOT kept") && drawn.contains("s save it elsewhere"), "{drawn}");
    let elsewhere = dir.path().join("elsewhere.hexstack");
    let mut typing = vec![key('s')];
    typing.extend(std::iter::repeat_n(key_event(KeyCode::Backspace, KeyModifiers::NONE), 40));
    typing.extend(elsewhere.display().to_string().chars().map(key));
    typing.push(enter());
    run(&mut app, &mut autosave, typing);
    assert!(!app.quit);
    assert_eq!(autosave.failing, None, "{}", message(&app));
    assert_eq!(autosave.locked(), Some(elsewhere.as_path()), "the game is kept where it was saved");
    run(&mut app, &mut autosave, vec![key('l'), key('l'), enter()]);
    let kept = App::loaded(Profile::default(), store::load(&elsewhere).unwrap(), AREA);
    assert_eq!(position(&kept), position(&app), "later turns are kept there");
    run(&mut app, &mut autosave, vec![key('q')]);
    assert_eq!(app.overlay, Some(Overlay::Ask(Question::Quit)), "a kept game asks the plain question");
}

#[test]
fn a_save_that_fails_then_works_again_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("data");
    std::fs::write(&blocker, "").unwrap();
    let mut app = clamber("start");
    let mut autosave = Autosave::new(Some(blocker.join("saves")), &mut app);
    run(&mut app, &mut autosave, vec![enter()]);
    assert!(autosave.failing.is_some());
    std::fs::remove_file(&blocker).unwrap();
    run(&mut app, &mut autosave, vec![key('l'), enter()]);
    assert_eq!(autosave.failing, None);
    assert_eq!(message(&app), "kept again");
    assert_eq!(games(&blocker.join("saves")).len(), 1);
}

#[test]
fn names_with_control_characters_read_back_the_same_and_never_reach_the_screen() {
    let names =
        ["Ann\nturns:\nend", "Bo\r\n", "\tTab\t", "\u{1b}[31mRed\u{1b}[0m", " spaced ", "back\\slash"];
    for name in names {
        let mut app = clamber("start").with_players(Players {
            blue: Some(name.into()),
            red: Some("Bo".into()),
            computer: None,
        });
        app.handle(crate::app::event::Event::Input(enter()));
        let text = app.game_screen().unwrap().seen().record("2026-12-01 10:00 UTC");
        assert!(
            text.lines().all(|line| !line.chars().any(char::is_control)),
            "no control character in the file: {text:?}"
        );
        let back = saved::read(&text).unwrap_or_else(|e| panic!("{name:?}: {e}\n{text}"));
        assert_eq!(back.players.blue.as_deref(), Some(name));
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        let loaded = App::loaded(Profile::default(), back, AREA);
        terminal.draw(|frame| crate::ui::draw(&loaded, frame)).unwrap();
        assert!(
            terminal
                .backend()
                .buffer()
                .content()
                .iter()
                .all(|cell| !cell.symbol().contains(char::is_control)),
            "{name:?} drew a control character"
        );
    }
}
