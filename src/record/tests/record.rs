//! A game's history: undo and redo, forced skips, resignations and agreed draws.

use crate::record::{End, Record, TurnOutcome};
use crate::rules::Colour;
use crate::rules::clamber::{Position, Turn};

fn turn(text: &str) -> Turn {
    text.parse().unwrap()
}

#[test]
fn undo_and_redo_walk_the_history() {
    let mut record = Record::new("start".parse::<Position>().unwrap());
    assert!(!record.can_undo());
    record.play(&turn("C3")).unwrap();
    record.play(&turn("D4")).unwrap();
    assert_eq!(record.position().to_string(), "3/b/C3=b1,D4=r1");
    assert!(record.undo());
    assert_eq!(record.position().to_string(), "3/r/C3=b1");
    let revision = record.revision();
    assert!(record.redo());
    assert_eq!(record.position().to_string(), "3/b/C3=b1,D4=r1");
    assert!(record.revision() > revision, "a redo is a change to keep");
    let revision = record.revision();
    assert!(!record.redo());
    assert_eq!(record.revision(), revision, "nothing redone, nothing to keep");
    record.undo();
    record.play(&turn("A1")).unwrap();
    assert!(!record.can_redo(), "a new turn drops the old future");
    assert_eq!(record.last_turn(), Some(&turn("A1")));
}

#[test]
fn a_stuck_player_is_skipped_and_undo_takes_the_skip_back_too() {
    // Once Red's 3 takes the blue 2, Blue's singletons cannot touch Red's two 3s.
    let start: Position = "2/r/A1=b1,A2=b1,B1=b1,B2=r3,B3=b1,C2=b1,C3=b2".parse().unwrap();
    let mut record = Record::new(start);
    assert_eq!(record.play(&turn("B2xC3")), Ok(TurnOutcome::Skipped(Colour::Blue)));
    assert_eq!(record.position().to_move(), Colour::Red);
    assert_eq!(record.history().len(), 2);
    record.undo();
    assert_eq!(record.position(), start);
    record.redo();
    assert_eq!(record.position().to_move(), Colour::Red);
}

#[test]
fn resignation_and_draw_end_the_game_until_undone() {
    let mut record = Record::new("start".parse::<Position>().unwrap());
    record.resign();
    assert_eq!(record.end(), Some(End::Resigned(Colour::Blue)));
    assert!(record.undo());
    assert_eq!(record.end(), None);
    record.agree_draw();
    assert_eq!(record.end(), Some(End::Drawn));
}
