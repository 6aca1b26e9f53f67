//! A game's history: undo and redo, forced skips, resignations and agreed draws.

use hexstack::rules::Colour;
use hexstack::rules::clamber::{Position, Turn};
use hexstack::session::{End, Played, Session};

fn turn(text: &str) -> Turn {
    text.parse().unwrap()
}

#[test]
fn undo_and_redo_walk_the_history() {
    let mut session = Session::new("start".parse::<Position>().unwrap());
    assert!(!session.can_undo());
    session.play(&turn("C3")).unwrap();
    session.play(&turn("D4")).unwrap();
    assert_eq!(session.position().to_string(), "3/b/C3=b1,D4=r1");
    assert!(session.undo());
    assert_eq!(session.position().to_string(), "3/r/C3=b1");
    let revision = session.revision();
    assert!(session.redo());
    assert_eq!(session.position().to_string(), "3/b/C3=b1,D4=r1");
    assert!(session.revision() > revision, "a redo is a change to keep");
    let revision = session.revision();
    assert!(!session.redo());
    assert_eq!(session.revision(), revision, "nothing redone, nothing to keep");
    session.undo();
    session.play(&turn("A1")).unwrap();
    assert!(!session.can_redo(), "a new turn drops the old future");
    assert_eq!(session.last_turn(), Some(&turn("A1")));
}

#[test]
fn a_stuck_player_is_skipped_and_undo_takes_the_skip_back_too() {
    // Once Red's 3 takes the blue 2, Blue's singletons cannot touch Red's two 3s.
    let start: Position = "2/r/A1=b1,A2=b1,B1=b1,B2=r3,B3=b1,C2=b1,C3=b2".parse().unwrap();
    let mut session = Session::new(start);
    assert_eq!(session.play(&turn("B2xC3")), Ok(Played::Skipped(Colour::Blue)));
    assert_eq!(session.position().to_move(), Colour::Red);
    assert_eq!(session.history().len(), 2);
    session.undo();
    assert_eq!(session.position(), start);
    session.redo();
    assert_eq!(session.position().to_move(), Colour::Red);
}

#[test]
fn resignation_and_draw_end_the_game_until_undone() {
    let mut session = Session::new("start".parse::<Position>().unwrap());
    session.resign();
    assert_eq!(session.end(), Some(End::Resigned(Colour::Blue)));
    assert!(session.undo());
    assert_eq!(session.end(), None);
    session.agree_draw();
    assert_eq!(session.end(), Some(End::Drawn));
}
