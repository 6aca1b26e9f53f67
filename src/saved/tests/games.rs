//! Saved games: random games of both games survive a save and a load turn by turn; every
//! kind of bad file is refused with its line; a failed write leaves the old file whole.

use crate::app::AnyGameScreenExt;
use crate::app::Profile;

use crate::app::{App, Request};
use crate::record::{Players, Record};
use crate::rules::hex::Board;
use crate::rules::{Any, Colour, Game, clamber, ombagui};
use crate::saved;
use crate::store;
use crate::testing::*;
use proptest::prelude::*;
use std::fs;

/// A random game of `start`'s kind, `choices` picking each turn; some turns taken back.
fn random_record<G: Game>(start: G, choices: &[u32], undo: usize) -> Record<G> {
    let mut record = Record::new(start);
    for choice in choices {
        let turns = record.position().legal_turns();
        if turns.is_empty() || record.is_over() {
            break;
        }
        assert!(record.play(&turns[*choice as usize % turns.len()]).is_ok());
    }
    for _ in 0..undo {
        record.undo();
    }
    record
}

/// Both records show the same position at every turn of their line.
fn same_line<G: Game>(mut a: Record<G>, mut b: Record<G>) {
    assert_eq!(a.turns_played(), b.turns_played());
    assert_eq!(a.position(), b.position());
    a.undo_all();
    b.undo_all();
    loop {
        assert_eq!(a.position(), b.position());
        assert_eq!(a.end(), b.end());
        match (a.redo(), b.redo()) {
            (true, true) => {}
            (false, false) => break,
            other => panic!("the lines differ in length: {other:?}"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn clamber_games_round_trip(side in 2u32..=4, choices in prop::collection::vec(any::<u32>(), 0..60), undo in 0usize..4) {
        let record = random_record(clamber::Position::start(Board::new(side).unwrap()), &choices, undo);
        let players = Players { blue: Some("Ann".into()), red: None, computer: None };
        let text = saved::write(&record, &players, "2026-11-30 12:00 UTC");
        let loaded = saved::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(&loaded.players, &players);
        let Any::Clamber(loaded) = loaded.game else { panic!("not Clamber") };
        same_line(record, loaded);
    }

    #[test]
    fn ombagui_games_round_trip(choices in prop::collection::vec(any::<u32>(), 0..80), undo in 0usize..4) {
        let record = random_record(ombagui::Position::start(), &choices, undo);
        let text = saved::write(&record, &Players::default(), "");
        let Any::Ombagui(loaded) = saved::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}")).game else {
            panic!("not Ombagui")
        };
        same_line(record, loaded);
    }

    #[test]
    fn a_file_cut_anywhere_is_refused_without_a_panic(choices in prop::collection::vec(any::<u32>(), 1..30), cut in any::<prop::sample::Index>()) {
        let record = random_record(clamber::Position::start(Board::SIDE_3), &choices, 0);
        let text = saved::write(&record, &Players::default(), "");
        let cut = cut.index(text.len() - 1);
        prop_assert!(saved::read(&text[..cut]).is_err(), "a truncated file was read: {:?}", &text[..cut]);
    }
}

const GOOD: &str = "hexstack saved game\ngame: clamber\nsize: 3\nstart: 3/b/-\nresult: ongoing\nat: 2 of 2\nturns:\nBlue C3\nRed D3\nend\n";

fn error(text: &str) -> String {
    saved::read(text).unwrap_err().to_string()
}

#[test]
#[cfg_attr(feature = "third-game", ignore = "pins the words of the two real games' list")]
fn bad_files_name_the_problem_and_its_line() {
    assert!(saved::read(GOOD).is_ok());
    assert_eq!(error(""), "the file is empty");
    assert_eq!(
        error("hello\n"),
        "line 1: not a hexstack saved game: the first line should be 'hexstack saved game'"
    );
    assert_eq!(
        error(&GOOD.replace("clamber", "chess")),
        "line 2: unknown game 'chess': expected clamber or ombagui"
    );
    assert_eq!(
        error(&GOOD.replace("Red D3", "Red D3xC3")),
        "line 9: illegal turn D3xC3: there is no stack on D3"
    );
    assert_eq!(
        error(&GOOD.replace("Red D3", "Red C3")),
        "line 9: illegal turn C3: C3 is not empty: a piece is placed on an empty cell"
    );
    assert_eq!(
        error(&GOOD.replace("Red D3", "Blue D3")),
        "line 9: expected 'Red TURN' (it is Red's turn), found 'Blue D3'"
    );
    assert_eq!(
        error(&GOOD.replace("Red D3", "Red Z9")),
        "line 9: illegal turn Z9: no cell Z9 on a side-3 board"
    );
    assert_eq!(
        error(&GOOD.replace("Red D3", "Red D3-")),
        "line 9: bad turn: bad turn 'D3-': 'D3-' is not a cell name (a letter then a number, like C3); a turn is C3, C3xD3 or B2xC4xE5"
    );
    assert_eq!(
        error(&GOOD.replace("end\n", "")),
        "line 9: the file ends without its 'end' line: it may be truncated"
    );
    assert_eq!(
        error(&GOOD.replace("3/b/-", "3/b/C4=r0")),
        "line 4: bad start position: height 0 at C4: a stack has at least one piece"
    );
    assert_eq!(
        error(&GOOD.replace("size: 3", "size: 4")),
        "line 3: size 4 does not match the start position's side-3 board"
    );
    assert_eq!(error(&GOOD.replace("start: 3/b/-\n", "")), "line 6: the header has no 'start' line");
    assert_eq!(error(&GOOD.replace("result:", "colour:")), "line 5: unknown field 'colour'");
    assert_eq!(
        error(&GOOD.replace("at: 2 of 2", "at: 9 of 2")),
        "line 6: bad 'at' line '9 of 2': expected N of 2"
    );
    assert_eq!(error(&format!("{GOOD}Blue A1\n")), "line 11: nothing may follow the 'end' line");
    assert_eq!(error(&GOOD[..40]), "line 3: the file ends before its 'turns:' line: it may be truncated");
}

#[test]
fn a_failed_write_leaves_the_old_file_whole() {
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path().to_path_buf();
    let path = dir.join("game.hexstack");
    store::write_atomic(&path, GOOD).unwrap();
    let failed = store::write_atomic_with(&path, |file| {
        use std::io::Write;
        file.write_all(b"hexstack saved game\ngame: cl")?;
        Err(std::io::Error::other("disk full"))
    });
    assert!(failed.unwrap_err().to_string().starts_with("cannot save"));
    assert_eq!(fs::read_to_string(&path).unwrap(), GOOD, "the old save survives");
    let left: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, [std::ffi::OsString::from("game.hexstack")], "no half-written file is left beside it");
}

#[test]
fn the_latest_save_is_the_one_resumed() {
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path().to_path_buf();
    assert_eq!(store::latest_save(&dir), None);
    let first = store::new_save_path(&dir, "clamber");
    store::write_atomic(&first, GOOD).unwrap();
    let second = store::new_save_path(&dir, "clamber");
    assert_ne!(first, second, "a second game gets a file of its own");
    store::write_atomic(&second, GOOD).unwrap();
    // Whatever the file system's clock resolution, the first file is the older one.
    let an_hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    fs::File::options().write(true).open(&first).unwrap().set_modified(an_hour_ago).unwrap();
    assert_eq!(store::latest_save(&dir), Some(second));
}

#[test]
fn s_asks_for_a_file_name_and_requests_the_save() {
    let mut app = clamber("start");
    press(&mut app, &["Enter", "s"]);
    let Some(crate::app::Overlay::SaveAs(prompt)) = &app.overlay else { panic!("the prompt is open") };
    assert_eq!(prompt.name, "clamber.hexstack", "a name is offered");
    for _ in 0..prompt.name.len() {
        press(&mut app, &["Backspace"]);
    }
    for c in "ann-vs-bo.hexstackx".chars() {
        press(&mut app, &[&c.to_string()]);
    }
    app.handle(crate::app::event::Event::Input(key_event(
        ratatui::crossterm::event::KeyCode::Backspace,
        ratatui::crossterm::event::KeyModifiers::NONE,
    )));
    press(&mut app, &["Enter"]);
    assert_eq!(app.request, Some(Request::SaveAs { path: "ann-vs-bo.hexstack".into(), replace: false }));
    assert_eq!(position(&app), "3/r/C3=b1", "typing the name played nothing");
}

#[test]
fn a_loaded_game_opens_at_its_saved_turn() {
    let text = GOOD.replace("at: 2 of 2", "at: 1 of 2");
    let app = App::loaded(Profile::default(), saved::read(&text).unwrap(), AREA);
    assert_eq!(position(&app), "3/r/C3=b1");
    assert_eq!(app.screen.game().unwrap().seen().replay_position(), (1, 2));
}

#[test]
fn a_kept_game_remembers_the_computer_and_goes_on_against_it() {
    use crate::app::Computer;
    let mut app = crate::testing::clamber("start")
        .with_computer(Some(Computer::playing(Colour::Red, crate::ai::Level::new(4).unwrap())));
    crate::testing::press(&mut app, &["Enter"]);
    let text = app.screen.game().unwrap().seen().record("");
    assert!(text.contains("\ncomputer: red 4\n"), "{text}");
    let resumed = App::loaded(Profile::default(), saved::read(&text).unwrap(), crate::testing::AREA);
    assert_eq!(
        crate::testing::game(&resumed).computer(),
        Some(Computer::playing(Colour::Red, crate::ai::Level::new(4).unwrap()))
    );
    assert!(
        crate::testing::game(&resumed).opponent().is_some_and(|opponent| opponent.busy()),
        "on its turn, it thinks at once"
    );
    // Without the line, a two-player game, as before; a bad one is named with its line.
    let two = saved::read(&text.replace("computer: red 4\n", "")).unwrap();
    assert_eq!(two.players.computer, None);
    for bad in ["red 6", "green 3", "red", "both three"] {
        let error = saved::read(&text.replace("red 4", bad)).unwrap_err().to_string();
        assert!(error.starts_with("line 4:") && error.contains("blue, red or both"), "{bad}: {error}");
    }
}
