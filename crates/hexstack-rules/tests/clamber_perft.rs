//! Clamber's reference move counts (RULES.md, "Counting moves").

use hexstack_rules::clamber::Position;
use hexstack_rules::hex::Board;
use hexstack_rules::{divide, perft};

fn start(side: u32) -> Position {
    Position::start(Board::new(side).unwrap())
}

#[test]
fn side_3_from_the_empty_board() {
    let counts: Vec<u64> = (1..=5).map(|depth| perft(&start(3), depth)).collect();
    assert_eq!(counts, [19, 342, 5898, 96312, 1535172]);
}

#[test]
fn side_4_from_the_empty_board() {
    let counts: Vec<u64> = (1..=3).map(|depth| perft(&start(4), depth)).collect();
    assert_eq!(counts, [37, 1332, 46800]);
}

#[test]
#[ignore = "deep: run in release by .ci/run"]
fn side_3_depth_6() {
    assert_eq!(perft(&start(3), 6), 23857308);
}

#[test]
fn divide_sums_to_perft() {
    let position: Position = "3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3".parse().unwrap();
    for depth in 1..=3 {
        let total: u64 = divide(&position, depth).iter().map(|(_, count)| count).sum();
        assert_eq!(total, perft(&position, depth), "depth {depth}");
    }
}
