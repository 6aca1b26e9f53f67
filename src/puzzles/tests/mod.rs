//! The puzzles: the shipped sets proved, a player's own, solving them, their themes.

mod own;
mod shipped;
mod solve;
mod themes;

use super::*;

const LINE: &str = "t-1\tclamber\t3/b/A1=b1,A2=r1\tA1xA2\t900\twin-in-1\tself-play";

#[test]
fn a_line_reads_back_as_it_was_written() {
    let puzzle = Puzzle::read(LINE).unwrap();
    assert_eq!(puzzle.solution, ["A1xA2"]);
    assert_eq!(puzzle.to_string(), LINE);
    let with_mistake = format!("{LINE}\t3/r/A1=b1\tA2");
    assert_eq!(Puzzle::read(&with_mistake).unwrap().to_string(), with_mistake);
}

#[test]
fn a_line_is_checked_against_the_rules() {
    let puzzle = Puzzle::read(&format!("{LINE}\t3/r/A1=b1\tA2")).unwrap();
    assert_eq!(puzzle.check(), Ok(Goal::Win { turns: 1 }));
    let elsewhere = Puzzle::read(&format!("{LINE}\t3/r/A1=b1\tA3")).unwrap();
    assert!(elsewhere.check().is_err());
    let illegal = Puzzle::read(&LINE.replace("A1xA2", "A1xA3")).unwrap();
    assert!(illegal.check().is_err());
    let better = Puzzle::read(&LINE.replace("A1xA2", "B1")).unwrap();
    assert_eq!(better.check(), Ok(Goal::Better));
}

#[test]
fn a_bad_line_says_what_is_wrong_and_never_panics() {
    for bad in
        ["", "a\tb", "t\tchess\tp\ts\t900\t\tx", "t\tclamber\tp\t\t900\t\tx", "t\tclamber\tp\ts\tlots\t\tx"]
    {
        assert!(Puzzle::read(bad).is_err(), "{bad:?} read as a puzzle");
    }
    assert!(Puzzle::read(&"x".repeat(LONGEST_LINE + 1)).is_err());
}
