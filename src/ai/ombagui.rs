//! How good an Ombagui position is for the player to move: a race. Each side's distance
//! from its four towers is counted in moves (every missing piece brought by the nearest
//! free piece of its kind, covered pieces and cluttered goal cells costing extra), and the
//! side nearer its goal is ahead.
//!
//! No rule ends a game that stands still, so the evaluation must not reward standing in
//! the other side's way: covering their pieces costs the coverer, and only the side
//! searching counts the other side's pieces as crowding its own paths (see `race`).

use super::Evaluate;
use crate::rules::Colour;
use crate::rules::hex::CellSet;
use crate::rules::ombagui::{BOARD, Kind, Position, Stack};

const CELLS: usize = 37;

/// Score points for half a move of the race: the costs below count half moves.
const HALF_MOVE: i32 = 20;
/// A piece of ours in the way on one of our goal cells must leave. The other side's
/// pieces there are their start, which they want to leave anyway, unless we cover them.
const IN_THE_WAY: i32 = 1;
const COVERED_IN_THE_WAY: i32 = 3;
/// A piece of ours under our own piece waits for that one to move. A piece under theirs
/// waits on their will, which no count can say; the cost is the coverer's (`COVERING`).
const UNDER_OWN: i32 = 1;

/// What a stack where a piece of ours covers one of theirs costs us, in half moves. Each
/// side needs all twelve of its pieces, so a cover lasts only while the coverer waits
/// too; when each side covered the other's light, both waited for ever. The cost makes a
/// covering piece move on (crediting the cover instead made both sides seek it).
const COVERING: i32 = 4;

impl Evaluate for Position {
    fn evaluate(&self) -> i32 {
        race(self, None)
    }

    fn evaluate_for(&self, searcher: Colour) -> i32 {
        race(self, Some(searcher))
    }
}

/// The race seen by the player to move, with `wary` (the side searching, if any) counting
/// the other side's pieces as crowding its own paths. Counted for both sides, that made
/// each leave pieces standing in the other's way (it scored as a gain) and the games
/// stood still; counted for the searcher alone, it routes its pieces round the other
/// side's instead of getting shut in, and expects no gain from shutting them in.
fn race(position: &Position, wary: Option<Colour>) -> i32 {
    let me = position.to_move();
    let cost =
        |colour| moves_to_win(position, colour, wary == Some(colour)) + COVERING * covering(position, colour);
    HALF_MOVE * (cost(me.other()) - cost(me))
}

/// How many stacks have a piece of `colour` on top of a piece of the other side.
fn covering(position: &Position, colour: Colour) -> i32 {
    let covers = |stack: &Stack| {
        stack.top().is_some_and(|top| top.colour == colour)
            && stack.pieces().any(|piece| piece.colour != colour)
    };
    position.stacks().filter(|(_, stack)| covers(stack)).count() as i32
}

/// Extra steps for passing a cell that holds our pieces: a light must wait for it to
/// clear (or jump it), a medium or a dark must go round it.
const CROWD: u32 = 2;

/// Steps from every cell to the nearest of `targets`, a step from a crowded cell (not a
/// target) costing `1 + CROWD`. Cells are settled by distance, a whole ring at a time as
/// cell sets: the evaluation runs this six times a position, so it must be cheap.
fn steps_to(crowded: CellSet, targets: CellSet) -> [u32; CELLS] {
    const FARTHEST: usize = CELLS * (1 + CROWD as usize);
    let mut steps = [u32::MAX; CELLS];
    let mut reached = [CellSet::EMPTY; FARTHEST + 1];
    reached[0] = targets;
    let (mut settled, mut last) = (CellSet::EMPTY, 0);
    let mut distance = 0;
    while distance <= last {
        let ring = reached[distance] - settled;
        if !ring.is_empty() {
            settled |= ring;
            for at in ring {
                steps[at] = distance as u32;
            }
            let slow = if distance == 0 { CellSet::EMPTY } else { ring & crowded };
            for (from, cost) in [(ring - slow, 1), (slow, 1 + CROWD as usize)] {
                let next = BOARD.around(from) - settled;
                if !next.is_empty() {
                    reached[distance + cost] |= next;
                    last = last.max(distance + cost);
                }
            }
        }
        distance += 1;
    }
    steps
}

/// Moves a piece of `kind` needs for `steps` steps: a light makes one a move, a medium
/// two, a dark three. Mediums and darks are drawn toward the goal too: left anywhere
/// within a move of it, they stood idle in the other side's way.
fn travel(kind: Kind, steps: u32) -> i32 {
    steps.div_ceil(kind.steps() as u32) as i32
}

/// An estimate of the half moves `colour` needs to stand four towers on its goal cells;
/// `wary`, the other side's pieces crowd our paths too.
fn moves_to_win(position: &Position, colour: Colour, wary: bool) -> i32 {
    let goal = Position::goal(colour);
    let mut occupied = CellSet::EMPTY;
    // Our pieces not yet in place, by kind: where each stands, and the half moves it
    // waits for what covers it. A colour has four pieces of each kind.
    let mut waiting = [[(0usize, 0i32); 4]; 3];
    let mut count = [0usize; 3];
    // The goal cells that still want a piece of each kind.
    let mut wanted = [CellSet::EMPTY; 3];
    let mut cost = 0;
    for (cell, stack) in position.stacks() {
        let index = BOARD.index(cell).expect("on the board");
        // Our own pieces crowd our paths (we move them on); theirs only when wary.
        if wary || stack.top().is_some_and(|top| top.colour == colour) {
            occupied |= CellSet::single(index);
        }
        let mut pieces = [None; 3];
        let height = stack.height();
        for (slot, piece) in pieces.iter_mut().zip(stack.pieces()) {
            *slot = Some(piece);
        }
        let on_goal = goal.contains(&cell);
        let in_place = if on_goal { built(stack, colour) } else { 0 };
        if on_goal {
            for kind in &Kind::ALL[in_place..] {
                wanted[*kind as usize] |= CellSet::single(index);
            }
        }
        for at in in_place..height {
            let Some(piece) = pieces[at] else { continue };
            let above = pieces[at + 1..height].iter().flatten();
            if piece.colour == colour {
                let under = UNDER_OWN * above.filter(|above| above.colour == colour).count() as i32;
                let kind = piece.kind as usize;
                waiting[kind][count[kind]] = (index, under);
                count[kind] += 1;
                // A piece of ours in the way on a goal cell.
                if on_goal {
                    cost += IN_THE_WAY;
                }
            } else if on_goal && above.clone().any(|above| above.colour == colour) {
                cost += COVERED_IN_THE_WAY;
            }
        }
    }
    // Empty goal cells want all three.
    for cell in goal {
        if position.stack(cell).is_empty() {
            for kind in Kind::ALL {
                wanted[kind as usize] |= CellSet::single(BOARD.index(cell).expect("on the board"));
            }
        }
    }
    for kind in Kind::ALL {
        let k = kind as usize;
        if wanted[k].is_empty() {
            continue;
        }
        let steps = steps_to(occupied, wanted[k]);
        let mut moves = [i32::MAX; 4];
        for (slot, &(index, under)) in moves.iter_mut().zip(&waiting[k][..count[k]]) {
            // A piece out of place on a goal cell must leave it before it can come back.
            let here = if steps[index] == 0 { 2 } else { steps[index] };
            *slot = 2 * travel(kind, here) + under;
        }
        // The nearest pieces fill the wanted places.
        moves.sort_unstable();
        cost += moves.iter().take(wanted[k].len()).filter(|&&m| m < i32::MAX).sum::<i32>();
    }
    cost
}

/// How many pieces of `colour`'s tower stand rightly built from the bottom of `stack`:
/// a light of ours, then a medium of ours on it, then a dark.
fn built(stack: Stack, colour: Colour) -> usize {
    stack
        .pieces()
        .zip(Kind::ALL)
        .take_while(|(piece, kind)| piece.colour == colour && piece.kind == *kind)
        .count()
}
