//! The race each side runs to its four towers, counted on grids of bits. A position is
//! read once into six words (where each kind stands, and which of those are Red's), and
//! both sides' races are then counted with masks, shifts and bit counts: the search judges
//! hundreds of thousands of positions a second, and reading each piece's stack for each
//! side's race was four fifths of its time.

use hexstack_rules::Colour;
use hexstack_rules::hex::Cell;
use hexstack_rules::ombagui::{Kind, Position};

/// A piece of ours in the way on one of our goal cells must leave. The other side's
/// pieces there are their start, which they want to leave anyway, unless we cover them.
const IN_THE_WAY: i32 = 1;
const COVERED_IN_THE_WAY: i32 = 3;
/// A piece of ours under our own piece waits for that one to move. A piece under theirs
/// waits on their will, which no count can say: scoring it made both sides cover each
/// other's lights and freeze the game, so it costs nothing extra.
const UNDER_OWN: i32 = 1;

/// What each of the other side's pieces on one of our goal cells costs a wary race when
/// no cell around is free for it to leave by, in half moves: a move's worth. Their pieces
/// there are their start, which they leave anyway when they can; counted as nothing even
/// when they could not, an expert boxed their lights in on its goal cells and could not
/// build there for the rest of the game.
pub(super) const THEIRS_BOXED_IN: i32 = 2;

/// Extra steps for passing a cell that holds our pieces: a light must wait for it to
/// clear (or jump it), a medium or a dark must go round it.
const CROWD: u32 = 2;

/// Which pieces a side's race counts in its way.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Race {
    /// Only its own: it moves them on. Both sides counting the other's made each leave
    /// pieces standing in the other's way, and games never ended.
    Own,
    /// The other side's too, and theirs boxed in on its goal cells, which must leave before
    /// it builds there: an expert's own race, while the other side's is counted as `Own`,
    /// so that standing in the way gains nothing.
    Wary,
}

/// Cells as bits of a 64-bit grid, bit `8 * row + col`. Each of the six steps on the hex
/// board is then one shift ((±1, 0) by 1, (0, ±1) by 8, ±(1, 1) by 9), and what a shift
/// carries past the board's edge lands in column 7 or off the grid, which no board cell
/// uses: the cells around a whole set come from six shifts and a mask.
pub(super) type Grid = u64;

/// The Ombagui board's 37 cells on the grid: `|col - row| <= 3` within 7 by 7.
pub(super) const ON_BOARD: Grid = {
    let mut grid = 0;
    let mut at: u32 = 0;
    while at < 64 {
        let (col, row) = (at % 8, at / 8);
        if col < 7 && row < 7 && col.abs_diff(row) <= 3 {
            grid |= 1 << at;
        }
        at += 1;
    }
    grid
};

pub(super) fn grid(cell: Cell) -> Grid {
    1 << (8 * u32::from(cell.row()) + u32::from(cell.col()))
}

/// The cells next to some cell of `cells`.
pub(super) fn around(cells: Grid) -> Grid {
    (cells << 1 | cells >> 1 | cells << 8 | cells >> 8 | cells << 9 | cells >> 9) & ON_BOARD
}

/// The pieces of a position on the grid, read once for every count the evaluation makes.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pieces {
    /// The cells holding a piece of each kind, by [`Kind`].
    kinds: [Grid; 3],
    /// Of those, the cells where that piece is Red's.
    red: [Grid; 3],
}

impl Pieces {
    pub(super) fn of(position: &Position) -> Pieces {
        let mut pieces = Pieces { kinds: [0; 3], red: [0; 3] };
        for (cell, stack) in position.stacks() {
            let at = grid(cell);
            for kind in Kind::ALL {
                if let Some(colour) = stack.owner(kind) {
                    pieces.kinds[kind as usize] |= at;
                    if colour == Colour::Red {
                        pieces.red[kind as usize] |= at;
                    }
                }
            }
        }
        pieces
    }

    /// The cells holding a piece of `colour`'s, by kind.
    fn of_colour(&self, colour: Colour) -> [Grid; 3] {
        let red = colour == Colour::Red;
        std::array::from_fn(|k| self.kinds[k] & if red { self.red[k] } else { !self.red[k] })
    }

    /// Every cell with a piece on it.
    fn taken(&self) -> Grid {
        self.kinds[0] | self.kinds[1] | self.kinds[2]
    }

    /// The cells whose top piece is `colour`'s: the heaviest kind there is on top.
    fn tops(&self, colour: Colour) -> Grid {
        let [light, medium, dark] = self.of_colour(colour);
        let [_, medium_at, dark_at] = self.kinds;
        dark | medium & !dark_at | light & !medium_at & !dark_at
    }

    /// How many of the other side's pieces stand under `colour`'s.
    pub(super) fn covered_by(&self, colour: Colour) -> i32 {
        let tops = self.tops(colour);
        self.of_colour(colour.other()).iter().map(|&theirs| (theirs & tops).count_ones() as i32).sum()
    }
}

/// Walks out from `targets` and tells `settle` the steps from each of `pieces` to the
/// nearest target, a step from a crowded cell (not a target) costing `1 + CROWD`. Cells
/// are settled by distance, a whole ring at a time, and the walk stops once every piece
/// is settled: the evaluation walks two to six times a position, so it must be cheap. No
/// step costs more than `1 + CROWD`, so the rings reached ahead of the one settled are
/// the next `1 + CROWD`, kept in words of their own rather than in memory.
pub(super) fn steps_to(crowded: Grid, targets: Grid, pieces: Grid, mut settle: impl FnMut(Grid, u32)) {
    const _: () = assert!(CROWD == 2, "the rings ahead are three words");
    let mut settle_ring = |ring: Grid, distance: u32| {
        let mut here = ring & pieces;
        while here != 0 {
            settle(here & here.wrapping_neg(), distance);
            here &= here - 1;
        }
    };
    // The targets themselves, at no distance, are never slow to leave.
    settle_ring(targets, 0);
    let mut settled = targets;
    let (mut ring, mut two, mut three) = (around(targets) & !settled, 0, 0);
    let mut distance = 1;
    while settled & pieces != pieces && ring | two | three != 0 {
        ring &= !settled;
        if ring != 0 {
            settle_ring(ring, distance);
            settled |= ring;
            let slow = ring & crowded;
            let (fast, slow) = (around(ring & !slow) & !settled, around(slow) & !settled);
            (ring, two, three) = (two | fast, three, slow);
        } else {
            (ring, two, three) = (two, three, 0);
        }
        distance += 1;
    }
}

/// Moves a piece of `kind` needs for `steps` steps: a light makes one a move, a medium
/// two, a dark three. Mediums and darks are drawn toward the goal too: left anywhere
/// within a move of it, they stood idle in the other side's way.
fn travel(kind: Kind, steps: u32) -> i32 {
    steps.div_ceil(kind.steps() as u32) as i32
}

/// An estimate of the half moves `colour` needs to stand four towers on its goal cells.
pub(super) fn moves_to_win(pieces: &Pieces, colour: Colour, race: Race) -> i32 {
    let goal: Grid = Position::goal(colour).into_iter().fold(0, |goal, cell| goal | grid(cell));
    let own = pieces.of_colour(colour);
    let theirs = pieces.of_colour(colour.other());
    // A wary race sees every piece in its way.
    let taken = match race {
        Race::Wary => pieces.taken(),
        Race::Own => 0,
    };
    let occupied = taken | pieces.tops(colour);
    // The goal cells where our tower stands rightly built up to each kind: those pieces
    // are in place, and the kinds above them wanted.
    let mut built = [0; 3];
    let mut so_far = goal;
    for (built, own) in built.iter_mut().zip(own) {
        so_far &= own;
        *built = so_far;
    }
    // Our pieces above each kind: one waits for them, or covers theirs.
    let above = [own[1] | own[2], own[2], 0];
    let boxed_in = match race {
        Race::Wary => goal & !around(ON_BOARD & !taken),
        Race::Own => 0,
    };
    let mut cost = 0;
    let mut wanted = [0; 3];
    let mut waiting = [0; 3];
    for kind in Kind::ALL {
        let k = kind as usize;
        waiting[k] = own[k] & !built[k];
        wanted[k] = goal & !built[k];
        cost += IN_THE_WAY * (waiting[k] & goal).count_ones() as i32;
        let theirs_on_goal = theirs[k] & goal;
        cost += COVERED_IN_THE_WAY * (theirs_on_goal & above[k]).count_ones() as i32;
        cost += THEIRS_BOXED_IN * (theirs_on_goal & !above[k] & boxed_in).count_ones() as i32;
    }
    let under = |piece: Grid, k: usize| {
        UNDER_OWN * own[k + 1..].iter().filter(|&&own| own & piece != 0).count() as i32
    };
    cost + nearest(occupied, wanted, waiting, under)
}

/// The half moves the nearest of our `waiting` pieces of each kind need to fill the goal
/// cells that kind is `wanted` on, each waiting `under` its own pieces. Kinds wanted on the
/// same cells (all three, on an empty goal cell) share one walk out from them.
fn nearest(occupied: Grid, wanted: [Grid; 3], waiting: [Grid; 3], under: impl Fn(Grid, usize) -> i32) -> i32 {
    // A colour has four pieces of each kind.
    let mut moves = [[0; 4]; 3];
    let mut count = [0; 3];
    let mut walked = [false; 3];
    for k in 0..3 {
        if wanted[k] == 0 || walked[k] {
            continue;
        }
        let kinds: [bool; 3] = std::array::from_fn(|j| j >= k && wanted[j] == wanted[k]);
        let pieces = (0..3).filter(|&j| kinds[j]).fold(0, |all, j| all | waiting[j]);
        steps_to(occupied, wanted[k], pieces, |piece, steps| {
            for (j, kind) in Kind::ALL.into_iter().enumerate() {
                if kinds[j] && waiting[j] & piece != 0 {
                    // A piece out of place on a goal cell must leave it before it can come back.
                    let here = if steps == 0 { 2 } else { steps };
                    moves[j][count[j]] = 2 * travel(kind, here) + under(piece, j);
                    count[j] += 1;
                }
            }
        });
        for (walked, walks) in walked.iter_mut().zip(kinds) {
            *walked |= walks;
        }
    }
    let mut cost = 0;
    for k in 0..3 {
        let moves = &mut moves[k][..count[k]];
        moves.sort_unstable();
        cost += moves.iter().take(wanted[k].count_ones() as usize).sum::<i32>();
    }
    cost
}
