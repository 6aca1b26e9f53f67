//! Move-generation speed, measured as perft from the start positions, and the search's
//! speed in positions a second.

use criterion::{Criterion, criterion_group, criterion_main};
use hexstack::ai::{Budget, Search};
use hexstack::rules::hex::Board;
use hexstack::rules::{clamber, ombagui, perft};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;

fn clamber_perft(c: &mut Criterion) {
    let side3 = clamber::Position::start(Board::new(3).unwrap());
    let side4 = clamber::Position::start(Board::new(4).unwrap());
    c.bench_function("clamber side 3 perft 5", |b| b.iter(|| perft(black_box(&side3), 5)));
    c.bench_function("clamber side 4 perft 3", |b| b.iter(|| perft(black_box(&side4), 3)));
}

fn ombagui_perft(c: &mut Criterion) {
    let start = ombagui::Position::start();
    c.bench_function("ombagui perft 3", |b| b.iter(|| perft(black_box(&start), 3)));
}

/// The search at a fixed budget of positions: its time gives the positions searched per
/// second (20,000 divided by the time).
fn search(c: &mut Criterion) {
    let budget = Budget { nodes: Some(20_000), ..Budget::default() };
    let stop = AtomicBool::new(false);
    let clamber: clamber::Position =
        "3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r1,A1=r1,C2=b1".parse().unwrap();
    c.bench_function("clamber side 3 search 20000 positions", |b| {
        b.iter(|| Search::new().best(black_box(&clamber), budget, &stop))
    });
    // A side-4 middle game from a level-2 game, with 265 turns, many of them chains.
    let side4: clamber::Position =
        "4/b/A1=b2,A2=r2,A3=r3,A4=r2,B1=b1,B5=r3,C2=r3,C3=r4,C4=r5,C6=r4,D1=b2,D3=r2,\
        D5=r3,D7=r5,E2=b1,E6=r6,E7=r5,F3=b2,F5=r4,F6=r5,G4=b1"
            .parse()
            .unwrap();
    c.bench_function("clamber side 4 search 20000 positions", |b| {
        b.iter(|| Search::new().best(black_box(&side4), budget, &stop))
    });
    let ombagui = ombagui::Position::start();
    c.bench_function("ombagui search 20000 positions", |b| {
        b.iter(|| Search::new().best(black_box(&ombagui), budget, &stop))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = clamber_perft, ombagui_perft, search
}
criterion_main!(benches);
