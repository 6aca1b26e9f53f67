//! Triad, a third game defined for the tests (src/*/triad.rs, built with the `third-game`
//! feature) and registered with one line of the list of games: it is played through the
//! same paths as Clamber and Ombagui (a table with undo and redo, the computer's turn, save
//! and load, the engine protocol, a review, the menu, the command line and the
//! screen-reader mode), none of which names it.
#![cfg(feature = "third-game")]

use crate::app::AnyGameScreenExt;
use crate::app::Profile;

use crate::ai::Level;
use crate::app::game::GameScreen;
use crate::app::menu::Entry;
use crate::app::{App, Computer, Leave, Mode, Screen};
use crate::protocol::Engine;
use crate::rules::triad::Position;
use crate::rules::{Any, Colour, GameKind};
use crate::testing::*;
use std::time::Duration;

fn triad(position: &str) -> App {
    App::game(Profile::default(), GameKind::Triad.position(position, None).unwrap(), AREA)
}

fn triad_game(app: &App) -> &GameScreen<Position> {
    match app.screen.game() {
        Some(Any::Triad(game)) => game,
        _ => panic!("not a Triad screen"),
    }
}

const PATIENCE: Duration = Duration::from_secs(30);

#[test]
fn a_table_plays_it_with_keys_and_clicks_and_undo_and_redo_walk_it() {
    let mut app = triad("start");
    assert_eq!(position(&app), "b/-");
    press(&mut app, &["Enter"]);
    assert_eq!(position(&app), "r/C3=b");
    assert_eq!(line(&app), ("Info", "Blue played C3. Red to move".to_string()));
    click(&mut app, "C3");
    assert_eq!(line(&app), ("Warning", "C3 is not empty".to_string()), "the rules say why");
    click(&mut app, "A1");
    press(&mut app, &["u"]);
    assert_eq!(position(&app), "r/C3=b");
    press(&mut app, &["C-r"]);
    assert_eq!(position(&app), "b/A1=r,C3=b");
    for cell in ["B2", "A2", "D4"] {
        click(&mut app, cell);
    }
    assert_eq!(triad_game(&app).table.end(), Some(crate::record::End::Won(Colour::Blue)));
    assert_eq!(message(&app), "Blue played D4 and wins!");
    let screen = render(&app).backend().to_string();
    assert!(screen.contains("Triad · Blue wins"), "{screen}");
    assert!(screen.contains("Enter new game"), "{screen}");
}

#[test]
fn the_computer_plays_it_and_takes_back_with_the_player() {
    let wakes = awake();
    let red = Computer::playing(Colour::Red, Level::new(2).unwrap());
    let mut app = triad("start").with_computer(Some(red));
    if let Some(Any::Triad(game)) = app.game_screen()
        && let Mode::Against(opponent) = &mut game.mode
    {
        opponent.at_once();
    }
    click(&mut app, "B2");
    let answered = |app: &App| triad_game(app).table.to_move() == Colour::Blue;
    assert!(run_until(&mut app, &wakes, PATIENCE, answered), "the computer answered");
    assert!(position(&app).contains("=r"), "{}", position(&app));
    press(&mut app, &["u"]);
    assert_eq!(position(&app), "b/-", "your turn goes back with its answer");
}

#[test]
fn it_is_kept_and_read_back() {
    let mut app = triad("start");
    for cell in ["A1", "B1", "C3"] {
        click(&mut app, cell);
    }
    press(&mut app, &["u"]);
    let text = app.game_screen().unwrap().seen().record("");
    assert!(text.contains("game: triad\n") && text.contains("at: 2 of 3\n"), "{text}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("triad.hexstack");
    crate::store::write_atomic(&file, &text).unwrap();
    let loaded = App::opened(Profile::default(), crate::store::load(&file).unwrap(), file, AREA);
    assert_eq!(position(&loaded), position(&app));
    assert_eq!(triad_game(&loaded).table.replay_position(), (2, 3));
}

#[test]
fn the_engine_protocol_plays_it() {
    let mut engine = Engine::new();
    assert_eq!(engine.answer("new triad"), Ok(String::new()));
    assert_eq!(engine.answer("moves").unwrap().split(' ').count(), 19);
    assert_eq!(engine.answer("play B2"), Ok(String::new()));
    assert_eq!(engine.answer("play B2"), Err("B2 is not empty".to_string()));
    let turn = engine.answer("go iterations 2000").unwrap();
    assert!(engine.answer(&format!("play {turn}")).is_ok(), "{turn} is legal");
    let position = engine.answer("position").unwrap();
    assert!(position.starts_with("b/") && position.contains(&format!("{turn}=r")), "{position}");
    assert_eq!(engine.answer("result"), Ok("ongoing".to_string()));
    let refused = engine.answer("new triad 3 b/-");
    assert_eq!(
        refused,
        Err("too many words: new clamber [SIZE] [POSITION], new ombagui [POSITION] or new triad [POSITION]"
            .into())
    );
}

#[test]
fn a_review_marks_the_turn_that_let_three_in_a_line_through() {
    let wakes = awake();
    // Blue has A1 and B2; Red's A2 leaves C3 open, and Blue takes it.
    let mut app = triad("start");
    for cell in ["A1", "B1", "B2", "A2", "C3"] {
        click(&mut app, cell);
    }
    let mut app = app.reviewing(Some(Level::new(2).unwrap()), Leave::Game);
    let Screen::Review(review) = &app.screen else { panic!("a review") };
    assert_eq!(review.kind(), GameKind::Triad);
    let done = |app: &App| match &app.screen {
        Screen::Review(review) => crate::each_game!(review.as_ref(), screen => screen.review.done()),
        _ => false,
    };
    assert!(run_until(&mut app, &wakes, PATIENCE, done));
    let Screen::Review(review) = &app.screen else { panic!("a review") };
    let Any::Triad(screen) = review.as_ref() else { panic!("a Triad review") };
    let judged = screen.review.judged[3].as_ref().expect("A2 judged");
    assert_eq!(
        (judged.class, judged.better.as_ref().map(ToString::to_string)),
        (crate::ai::review::Class::Blunder, Some("C3".to_string()))
    );
}

#[test]
fn the_menu_and_the_command_line_offer_it() {
    assert!(Entry::all().contains(&Entry::Play(GameKind::Triad, crate::rules::triad::BOARD)));
    let menu = render(&App::new(Profile::default(), AREA)).backend().to_string();
    assert!(menu.contains("Play Triad"), "{menu}");
    assert_eq!(perft_of("b/A1=b,B2=b,A2=r,B1=r", 1), 15, "every empty cell, the winning one too");
}

#[test]
fn the_screen_reader_mode_says_it_in_lines() {
    let mut app = triad("start");
    let folder = tempfile::tempdir().unwrap();
    let autosave = crate::autosave::Autosave::new(Some(folder.path().to_path_buf()), &mut app);
    let mut talk = crate::speech::Conversation::new(app, autosave);
    assert!(talk.opening().contains(&"Turn 1: Blue to move.".to_string()));
    let mut said = Vec::new();
    for line in ["C3", "A1", "B2", "C3", "A2", "board", "D4"] {
        said.extend(talk.line(line));
    }
    assert!(said.contains(&"Blue: places a piece on C3. Red to move.".to_string()), "{said:?}");
    assert!(said.contains(&"C3 is not empty.".to_string()), "the rules say why: {said:?}");
    assert!(said.contains(&"Row 2: A2 red, B2 blue, C2 empty and D2 empty".to_string()), "{said:?}");
    assert_eq!(
        said.last().map(String::as_str),
        Some("The game is over: again starts a new one, review has the computer review it.")
    );
    assert!(
        said.contains(&"Blue: places a piece on D4. Blue wins: three in a line.".to_string()),
        "{said:?}"
    );
}

fn perft_of(position: &str, depth: u32) -> u64 {
    crate::rules::perft(&position.parse::<Position>().unwrap(), depth)
}
