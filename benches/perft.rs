//! Move-generation speed, measured as perft from the start positions.

use criterion::{Criterion, criterion_group, criterion_main};
use hexstack::rules::hex::Board;
use hexstack::rules::{clamber, ombagui, perft};
use std::hint::black_box;

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

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = clamber_perft, ombagui_perft
}
criterion_main!(benches);
