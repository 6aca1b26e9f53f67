//! The player's own mistakes made puzzles: the review screen makes them, each a better turn
//! to find, offers them, and they are kept once however often the game is reviewed
//! (`hexstack puzzles list --mine` through the binary: tests/puzzles.rs).

use crate::ai::Level;
use crate::app::{App, Leave, Request, Screen};
use crate::autosave::Autosave;
use crate::i18n::Lang;
use crate::puzzles::Goal;
use crate::testing::*;
use std::time::Duration;

/// The review screen, once its puzzles are made, offers them on its title line; the key
/// asks the program to open them.
#[test]
fn the_review_offers_the_puzzles_of_ones_mistakes() {
    let wakes = awake();
    let mut app = clamber("3/b/C4=r1,E4=b1");
    for turn in ["D4", "C4xD4"] {
        assert!(game_mut(&mut app).table.commit(turn.parse().unwrap()));
    }
    let mut app = app.reviewing(Some(Level::ALL[1]), Leave::Game);
    let found = |app: &App| match &app.screen {
        Screen::Review(review) => {
            crate::each_game!(review.as_ref(), screen => screen.own_puzzles.found.clone())
        }
        _ => None,
    };
    press(&mut app, &["P"]);
    assert!(app.request.is_none(), "nothing to open while they are being made");
    assert!(run_until(&mut app, &wakes, Duration::from_secs(120), |app| found(app).is_some()));
    let puzzles = found(&app).unwrap();
    assert_eq!(puzzles.len(), 1, "Blue's blunder, in a game of two players");
    assert_eq!(puzzles[0].check(), Ok(Goal::Better), "{}", puzzles[0]);
    for lang in [Lang::En, Lang::Fr, Lang::Sr] {
        insta::assert_snapshot!(
            format!("the_review_offers_puzzles_{lang:?}"),
            render_in(&app, lang).backend().to_string()
        );
    }
    press(&mut app, &["P"]);
    assert_eq!(app.request, Some(Request::Puzzles(puzzles.clone())));

    // The loop's autosave adds them to the player's file, once.
    let data = tempfile::tempdir().unwrap();
    let mine = data.path().join("puzzles").join("mine.tsv");
    let mut autosave = Autosave::new(None, &mut app).with_puzzles(Some(mine.clone()));
    autosave.keep(&mut app);
    autosave.keep(&mut app);
    assert_eq!(crate::puzzles::files::read_own(&mine).unwrap(), (puzzles.clone(), vec![]));
    // Reopened, the review makes them again, and adds nothing.
    press(&mut app, &["q", "v"]);
    assert!(run_until(&mut app, &wakes, Duration::from_secs(120), |app| found(app).is_some()));
    autosave.keep(&mut app);
    assert_eq!(crate::puzzles::files::read_own(&mine).unwrap().0, puzzles);

    // What the loop does with the request: the puzzle screen, on the first of them.
    app.solve_mine(puzzles.clone(), Default::default());
    let Screen::Puzzle(screen) = &app.screen else { panic!("the puzzles are not on screen") };
    assert_eq!(screen.current.map(|n| screen.puzzles[n].id.clone()), Some(puzzles[0].id.clone()));
}
