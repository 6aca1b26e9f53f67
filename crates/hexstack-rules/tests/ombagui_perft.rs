//! Ombagui's reference move counts (RULES.md, "Counting moves").

use hexstack_rules::ombagui::Position;
use hexstack_rules::{divide, perft};

#[test]
fn from_the_start() {
    let counts: Vec<u64> = (1..=3).map(|depth| perft(&Position::start(), depth)).collect();
    assert_eq!(counts, [52, 2660, 163230]);
}

#[test]
#[ignore = "deep: run in release by .ci/run"]
fn from_the_start_depth_4() {
    assert_eq!(perft(&Position::start(), 4), 9756230);
}

#[test]
fn divide_sums_to_perft() {
    let total: u64 = divide(&Position::start(), 2).iter().map(|(_, count)| count).sum();
    assert_eq!(total, 2660);
}
