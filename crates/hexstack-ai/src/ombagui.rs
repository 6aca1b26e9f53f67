//! How good an Ombagui position is for the player to move: a race. Each side's distance
//! from its four towers is counted in moves (every missing piece brought by the nearest
//! free piece of its kind, covered pieces and cluttered goal cells costing extra), and the
//! side nearer its goal is ahead. An expert counts its own race warily: the other side's
//! pieces in its way too.

use super::Evaluate;
use hexstack_rules::Colour;
use hexstack_rules::hex::Cell;
use hexstack_rules::ombagui::{Kind, Position};

/// Score points for half a move of the race: the costs below count half moves.
const HALF_MOVE: i32 = 20;
/// A piece of ours in the way on one of our goal cells must leave. The other side's
/// pieces there are their start, which they want to leave anyway, unless we cover them.
const IN_THE_WAY: i32 = 1;
const COVERED_IN_THE_WAY: i32 = 3;
/// A piece of ours under our own piece waits for that one to move. A piece under theirs
/// waits on their will, which no count can say: scoring it made both sides cover each
/// other's lights and freeze the game, so it costs nothing extra.
const UNDER_OWN: i32 = 1;

impl Evaluate for Position {
    const POSITIONS_PER_SECOND: u64 = 230_000;

    fn evaluate(&self) -> i32 {
        let me = self.to_move();
        HALF_MOVE * (moves_to_win(self, me.other(), Race::Own) - moves_to_win(self, me, Race::Own))
    }

    /// A beginner races and moves its pieces on: each of the other side's pieces under
    /// its own costs it more than a move, so it steps off rather than wait there. Judging
    /// by the race alone, it kept what it had covered by chance on its way covered for
    /// good, and games against it could not be finished.
    fn evaluate_as_beginner(&self) -> i32 {
        let me = self.to_move();
        self.evaluate() + HALF_MOVE * HOLDING * (covered_by(self, me.other()) - covered_by(self, me))
    }

    /// An expert knows the fortress that ends most games between the top levels: a side
    /// with a piece under the other side's (its tower begun on a goal cell, or a piece on
    /// its way) cannot finish while covered, and the coverer, behind, never has to let go
    /// (no rule ends a game that goes round). A lead held up so is no lead: the side ahead,
    /// covered, keeps a `HELD_LEAD`th of it. Ahead, an expert keeps its pieces and towers
    /// where the other side cannot cover them; behind, it covers.
    ///
    /// It also sees the other side's pieces in its own way, and boxed in on its own goal
    /// cells (`Race::Wary`), and not its own in theirs: it goes round them and leaves them
    /// a way out instead of running into a jam, and standing in their way is no gain to it.
    fn evaluate_as_expert(&self, expert: Colour) -> i32 {
        let me = self.to_move();
        let moves = |colour: Colour| {
            let counted = if colour == expert { Race::Wary } else { Race::Own };
            moves_to_win(self, colour, counted)
        };
        let race = HALF_MOVE * (moves(me.other()) - moves(me));
        let ahead = if race > 0 { me } else { me.other() };
        if covered_by(self, ahead.other()) > 0 { race / HELD_LEAD } else { race }
    }

    fn neither_can_finish(&self) -> bool {
        mutual_blockade(self)
    }

    /// The cells the player's last move changed stand again as before it, untouched since.
    fn takes_back(before: &Self, mine: &Self, now: &Self, next: &Self) -> bool {
        let moved: Vec<Cell> = hexstack_rules::ombagui::BOARD
            .cells()
            .filter(|&cell| before.stack(cell) != mine.stack(cell))
            .collect();
        !moved.is_empty()
            && moved
                .iter()
                .all(|&cell| now.stack(cell) == mine.stack(cell) && next.stack(cell) == before.stack(cell))
    }

    /// Ombagui's races are long and its turns many (about fifty): at level 5's time two
    /// threads finish four plies and begin a fifth, where level 4 does four.
    const EXPERT_LOOKS_AHEAD: bool = true;

    const EXPERT_TAKES_SIDES: bool = true;
}

/// Which pieces a side's race counts in its way.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Race {
    /// Only its own: it moves them on. Both sides counting the other's made each leave
    /// pieces standing in the other's way, and games never ended.
    Own,
    /// The other side's too, and theirs boxed in on its goal cells, which must leave before
    /// it builds there: an expert's own race, while the other side's is counted as `Own`,
    /// so that standing in the way gains nothing.
    Wary,
}

/// What each of the other side's pieces on one of our goal cells costs a wary race when
/// no cell around is free for it to leave by, in half moves: a move's worth. Their pieces
/// there are their start, which they leave anyway when they can; counted as nothing even
/// when they could not, an expert boxed their lights in on its goal cells and could not
/// build there for the rest of the game.
const THEIRS_BOXED_IN: i32 = 2;

/// What part of its lead a covered side keeps in an expert's judgement: enough that it
/// still races with its other pieces, little enough that a free one beats it.
const HELD_LEAD: i32 = 8;

/// What each of the other side's pieces under a beginner's pieces costs it, in half moves.
const HOLDING: i32 = 3;

/// How many of the other side's pieces stand under `colour`'s pieces.
pub(super) fn covered_by(position: &Position, colour: Colour) -> i32 {
    let covered = position
        .stacks()
        .filter(|(_, stack)| stack.top().is_some_and(|top| top.colour == colour))
        .map(|(_, stack)| stack.pieces().filter(|piece| piece.colour != colour).count());
    covered.sum::<usize>() as i32
}

/// Extra steps for passing a cell that holds our pieces: a light must wait for it to
/// clear (or jump it), a medium or a dark must go round it.
const CROWD: u32 = 2;

/// Cells as bits of a 64-bit grid, bit `8 * row + col`. Each of the six steps on the hex
/// board is then one shift ((±1, 0) by 1, (0, ±1) by 8, ±(1, 1) by 9), and what a shift
/// carries past the board's edge lands in column 7 or off the grid, which no board cell
/// uses: the cells around a whole set come from six shifts and a mask.
type Grid = u64;

/// The Ombagui board's 37 cells on the grid: `|col - row| <= 3` within 7 by 7.
const ON_BOARD: Grid = {
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

fn grid(cell: Cell) -> Grid {
    1 << (8 * u32::from(cell.row()) + u32::from(cell.col()))
}

/// The cells next to some cell of `cells`.
fn around(cells: Grid) -> Grid {
    (cells << 1 | cells >> 1 | cells << 8 | cells >> 8 | cells << 9 | cells >> 9) & ON_BOARD
}

/// Steps from each of `pieces` (cells, at most four) to the nearest of `targets`, a step
/// from a crowded cell (not a target) costing `1 + CROWD`. Cells are settled by distance,
/// a whole ring at a time, and the search stops once every piece is settled: the
/// evaluation runs this six times a position, so it must be cheap. No step costs more
/// than `1 + CROWD`, so the cells reached ahead of `distance` fit in `2 + CROWD` rings.
fn steps_to(crowded: Grid, targets: Grid, pieces: &[Grid]) -> [u32; 4] {
    const AHEAD: usize = 2 + CROWD as usize;
    let mut steps = [u32::MAX; 4];
    let all: Grid = pieces.iter().fold(0, |all, piece| all | piece);
    let mut reached = [0; AHEAD];
    reached[0] = targets;
    let (mut settled, mut last, mut distance) = (0, 0, 0);
    while distance <= last && settled & all != all {
        let ring = std::mem::take(&mut reached[distance % AHEAD]) & !settled;
        if ring != 0 {
            settled |= ring;
            for (steps, piece) in steps.iter_mut().zip(pieces) {
                if ring & piece != 0 {
                    *steps = distance as u32;
                }
            }
            let slow = if distance == 0 { 0 } else { ring & crowded };
            for (from, cost) in [(ring & !slow, 1), (slow, 1 + CROWD as usize)] {
                let next = around(from) & !settled;
                if next != 0 {
                    reached[(distance + cost) % AHEAD] |= next;
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

/// An estimate of the half moves `colour` needs to stand four towers on its goal cells.
fn moves_to_win(position: &Position, colour: Colour, race: Race) -> i32 {
    let goal = Position::goal(colour);
    // A wary race sees every piece in its way.
    let taken: Grid = match race {
        Race::Wary => position.stacks().fold(0, |all, (cell, _)| all | grid(cell)),
        Race::Own => 0,
    };
    let mut occupied = taken;
    // Our pieces not yet in place, by kind: where each stands (`waiting`), and the half
    // moves it waits for its own pieces above it (`under_own`). A colour has four pieces
    // of each kind.
    let mut waiting: [[Grid; 4]; 3] = [[0; 4]; 3];
    let mut under_own = [[0i32; 4]; 3];
    let mut count = [0usize; 3];
    // The goal cells that still want a piece of each kind.
    let mut wanted: [Grid; 3] = [0; 3];
    let mut cost = 0;
    for (cell, stack) in position.stacks() {
        let at = grid(cell);
        if stack.top().is_some_and(|top| top.colour == colour) {
            occupied |= at;
        }
        let mut pieces = [None; 3];
        let height = stack.height();
        for (slot, piece) in pieces.iter_mut().zip(stack.pieces()) {
            *slot = Some(piece);
        }
        let on_goal = goal.contains(&cell);
        let in_place = if on_goal { stack.built_for(colour) } else { 0 };
        if on_goal {
            for kind in &Kind::ALL[in_place..] {
                wanted[*kind as usize] |= at;
            }
        }
        for index in in_place..height {
            let Some(piece) = pieces[index] else { continue };
            let above = pieces[index + 1..height].iter().flatten();
            if piece.colour == colour {
                let under = UNDER_OWN * above.filter(|above| above.colour == colour).count() as i32;
                let kind = piece.kind as usize;
                waiting[kind][count[kind]] = at;
                under_own[kind][count[kind]] = under;
                count[kind] += 1;
                // A piece of ours in the way on a goal cell.
                if on_goal {
                    cost += IN_THE_WAY;
                }
            } else if on_goal && above.clone().any(|above| above.colour == colour) {
                cost += COVERED_IN_THE_WAY;
            } else if on_goal && race == Race::Wary && around(at) & !taken == 0 {
                cost += THEIRS_BOXED_IN;
            }
        }
    }
    // Empty goal cells want all three.
    for cell in goal {
        if position.stack(cell).is_empty() {
            for wanted in &mut wanted {
                *wanted |= grid(cell);
            }
        }
    }
    for kind in Kind::ALL {
        let k = kind as usize;
        if wanted[k] == 0 {
            continue;
        }
        let steps = steps_to(occupied, wanted[k], &waiting[k][..count[k]]);
        let mut moves = [i32::MAX; 4];
        for ((slot, &under), steps) in moves.iter_mut().zip(&under_own[k][..count[k]]).zip(steps) {
            // A piece out of place on a goal cell must leave it before it can come back.
            let here = if steps == 0 { 2 } else { steps };
            *slot = 2 * travel(kind, here) + under;
        }
        // The nearest pieces fill the wanted places.
        moves.sort_unstable();
        cost += moves.iter().take(wanted[k].count_ones() as usize).filter(|&&m| m < i32::MAX).sum::<i32>();
    }
    cost
}

/// Whether neither side can finish: each holds one of the other's goal cells (its piece
/// on the other's tower begun there), and nothing else stands on either side's goal
/// cells but that side's own towers, rightly built as far as they go. A held tower cannot
/// be finished, and whoever takes a holder off frees the other's tower first, so a side
/// that does not want to lose never does; no rule ends the game. From computer games:
/// `D7=rL.rM.bD` beside `A1=bL.bM.rD`, the other pieces home or wandering.
pub(crate) fn mutual_blockade(position: &Position) -> bool {
    [Colour::Blue, Colour::Red].into_iter().all(|colour| {
        let held = position.held_goals(colour);
        let clear = |cell| {
            let stack = position.stack(cell);
            held.contains(&cell) || stack.built_for(colour) == stack.height()
        };
        !held.is_empty() && Position::goal(colour).into_iter().all(clear)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::{Class, budget};
    use crate::testing::{best, classes, plies, review};
    use crate::{Budget, DrawAnswer, DrawReason, EVEN_FOR, Level, Search, draw_answer};
    use hexstack_rules::{Colour, Game};
    use std::sync::atomic::AtomicBool;

    fn position(text: &str) -> Position {
        text.parse().expect("a position")
    }

    #[test]
    fn the_grid_knows_the_boards_cells_and_their_neighbours() {
        use hexstack_rules::ombagui::BOARD;
        let cells: Vec<Cell> = BOARD.cells().collect();
        assert_eq!(cells.iter().fold(0, |all, &cell| all | grid(cell)), ON_BOARD);
        for (index, &cell) in cells.iter().enumerate() {
            let neighbours = BOARD.cells_of(BOARD.neighbours(index)).fold(0, |all, cell| all | grid(cell));
            assert_eq!(around(grid(cell)), neighbours, "{cell}");
        }
    }

    #[test]
    fn steps_are_counted_round_crowded_cells() {
        // From D4 to A1 is three steps; with B2 and C3 crowded, the straight way through
        // them costs two more a cell, and going round costs one more step in all.
        let cell = |name: &str| grid(name.parse().expect("a cell"));
        let pieces = [cell("D4"), cell("A1")];
        assert_eq!(steps_to(0, cell("A1"), &pieces)[..2], [3, 0]);
        assert_eq!(steps_to(cell("B2") | cell("C3"), cell("A1"), &pieces)[..2], [4, 0]);
        // A piece walled in by crowded cells still gets there, through them.
        let wall = around(cell("D4"));
        assert_eq!(steps_to(wall, cell("A1"), &pieces)[..2], [5, 0]);
    }

    #[test]
    fn a_mutual_blockade_is_each_side_holding_the_others_last_tower() {
        // Red's goal is D7..G7, Blue's A1..D1. Each has three towers home and its fourth
        // a light and a medium under the other side's dark.
        let blockade = "b/A1=bL.bM.rD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bL.bM.bD,\
                        D7=rL.rM.bD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM.rD";
        assert!(mutual_blockade(&position(blockade)));
        assert!(mutual_blockade(&position(&blockade.replacen('b', "r", 1))), "whoever is to move");
        // Blue's dark free on the board instead of holding D7: Red can finish, no blockade.
        let free = "b/A1=bL.bM.rD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bL.bM.bD,\
                    D7=rL.rM,D4=bD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM.rD";
        assert!(!mutual_blockade(&position(free)));
        // A dark gone wandering from its finished tower: still neither can finish.
        let wandering = "b/A1=bL.bM.rD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bL.bM,D4=bD,\
                         D7=rL.rM.bD,E7=rL.rM,F7=rL.rM.rD,G7=rL.rM.rD,E4=rD";
        assert!(mutual_blockade(&position(wandering)));
        // A Red piece in the way on Blue's goal: a game going on.
        let going_on = "b/A1=bL.bM.rD,B1=bL.bM.bD,C1=rM,C3=bL.bM.bD,D1=bL.bM.bD,\
                        D7=rL.rM.bD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rD";
        assert!(!mutual_blockade(&position(going_on)));
        assert!(!mutual_blockade(&Position::start()));
    }

    #[test]
    fn an_expert_sees_no_lead_in_a_side_held_up_by_the_others_cover() {
        // Red is a move from its fourth tower, but Blue's dark stands on D7's light and
        // medium: the race says Red is three moves ahead, an expert leaves it an eighth of that.
        let held = "A1=bL.bM,A4=bD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bL,D6=rD,D7=rL.rM.bD,E3=bM,\
                    E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM.rD";
        let red = position(&format!("r/{held}"));
        assert!(red.evaluate() > 100, "{}", red.evaluate());
        for expert in [Colour::Blue, Colour::Red] {
            assert_eq!(red.evaluate_as_expert(expert), red.evaluate() / HELD_LEAD);
            assert_eq!(
                position(&format!("b/{held}")).evaluate_as_expert(expert),
                -red.evaluate_as_expert(expert)
            );
        }
        // Blue's dark off D7: Red's lead is its own.
        let free = position(&format!("r/{}", held.replace("D7=rL.rM.bD", "D7=rL.rM,D4=bD")));
        assert_eq!(free.evaluate_as_expert(Colour::Blue), free.evaluate());
        assert_eq!(free.evaluate_as_expert(Colour::Red), free.evaluate());
    }

    #[test]
    fn a_wary_race_sees_the_other_sides_pieces_in_its_way_and_boxed_in_on_its_goal() {
        let race = |text: &str, colour, race| moves_to_win(&position(text), colour, race);
        // At the start nothing stands in either side's way but its own pieces.
        for colour in [Colour::Blue, Colour::Red] {
            assert_eq!(race("start", colour, Race::Wary), race("start", colour, Race::Own));
        }
        // Red's dark on D4 has its last tower to top on D7; a Blue wall stands across.
        let open = "r/A1=bL.bM.bD,B1=bL.bD,C1=bL.bD,D1=bL.bD,D4=rD,\
                    D7=rL.rM,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM.rD";
        let wall = open.replace("D4=rD", "D4=rD,C5=bM,D5=bM,E5=bM");
        assert_eq!(race(&wall, Colour::Red, Race::Own), race(open, Colour::Red, Race::Own));
        assert!(race(&wall, Colour::Red, Race::Wary) > race(open, Colour::Red, Race::Wary));
        // Blue's light on Red's goal cell E7 is its start, which it leaves when it can...
        let light = "r/A1=bL.bM.bD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bM.bD,E7=bL,\
                     D7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM.rD,C5=rL,D5=rM,D4=rD";
        assert_eq!(race(light, Colour::Red, Race::Wary), race(light, Colour::Red, Race::Own));
        // ...but not when Red's own pieces box it in on D6 and E6: then it is in the way.
        let boxed = light.replace("D5=rM,D4=rD", "D6=rM,E6=rD");
        let boxed_in = race(&boxed, Colour::Red, Race::Wary) - race(&boxed, Colour::Red, Race::Own);
        assert_eq!(boxed_in, THEIRS_BOXED_IN);
    }

    #[test]
    fn a_held_goal_is_a_tower_begun_with_the_other_sides_piece_on_it() {
        let p = position("b/A1=bL.bM.rD,B1=bL.rD,C1=rL.bM,D7=rL.rM.bD,E7=rL.rM.rD,D4=bD");
        let cells = |colour| p.held_goals(colour).iter().map(ToString::to_string).collect::<Vec<_>>();
        assert_eq!(cells(Colour::Blue), ["A1", "B1"], "C1's light is Red's: nothing begun");
        assert_eq!(cells(Colour::Red), ["D7"], "E7 is Red's own tower");
    }

    #[test]
    fn a_win_in_one_is_found() {
        let towers = "r/D7=rL.rM.rD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM,D4=rD,A1=bL";
        let position: Position = towers.parse().unwrap();
        assert_eq!(best(&position, 2).turn.to_string(), "D4-G7");
    }

    #[test]
    fn a_beginner_steps_off_the_other_sides_piece_rather_than_hold_it() {
        // From a game of level 5 against level 1 that nobody could finish: Red's medium
        // on F5 held Blue's last light, and Red, with nothing better to do, kept it there.
        let text = "r/A1=bL.bM.bD,B1=bL.bM.bD,B4=rD,C2=bD,C6=rL,D1=bL.bM,D5=rL,D7=rL.rM.rD,\
                    E3=bM,E6=rM,F4=rD,F5=bL.rM,F6=rM,G4=rD,G5=rL.bD";
        let position: Position = text.parse().unwrap();
        let blue_held = |position: &Position| covered_by(position, Colour::Red);
        let turn = |budget| Search::new().best(&position, budget, &AtomicBool::new(false)).unwrap().turn;
        let beginner = position.play(turn(Level::ALL[0].budget())).unwrap();
        assert_eq!(blue_held(&beginner), 0, "level 1 lets Blue's light go: {beginner}");
        let one_ply = Budget { depth: Some(1), ..Budget::default() };
        assert_eq!(
            blue_held(&position.play(turn(one_ply)).unwrap()),
            1,
            "one ply of the race alone holds it"
        );
    }

    #[test]
    fn an_expert_does_not_build_where_the_other_sides_dark_lands_next() {
        // Red has three towers home and D7's light; its medium on D6 stands in the way of
        // Blue's dark on D4, whose only way to D7 is D5-D6. Playing D6-D7 lets that dark
        // onto D7's light and medium, where it holds them for good: Red cannot finish, and
        // Blue, behind, never has to leave (most drawn games of level 5 against level 4
        // ended so). An expert, seeing a covered lead as no lead, keeps the way shut.
        let text = "r/A1=bL.bM.bD,B1=bL.bM.bD,B3=bD,B5=rD,C2=bM,C3=bL,D4=bD,D6=rM,D7=rL,E4=bM,\
                    E7=rL.rM.rD,F4=bL,F7=rL.rM.rD,G7=rL.rM.rD";
        let position: Position = text.parse().unwrap();
        let four = Budget { depth: Some(4), ..Budget::default() };
        let turn = |budget| Search::new().best(&position, budget, &AtomicBool::new(false)).unwrap().turn;
        let racer = position.play(turn(four)).unwrap();
        assert_eq!(racer.held_goals(Colour::Red), [], "{racer}");
        let answer = Search::new().best(&racer, four, &AtomicBool::new(false)).unwrap().turn;
        let held = racer.play(answer).unwrap();
        assert_eq!(
            held.held_goals(Colour::Red).len(),
            1,
            "judged by the race alone, Red builds and Blue holds: {held}"
        );
        assert!(
            held.evaluate() > 200,
            "the race alone, Red to move, still sees Red ahead: {}",
            held.evaluate()
        );
        for expert in [Colour::Blue, Colour::Red] {
            let judged = held.evaluate_as_expert(expert);
            assert!(judged.abs() < 100, "an expert playing {expert:?} sees a held lead: {judged}");
        }
        let expert = position.play(turn(Budget { expert: true, ..four })).unwrap();
        let lands = expert
            .legal_turns_with_results()
            .into_iter()
            .any(|(_, next)| !next.held_goals(Colour::Red).is_empty());
        assert!(!lands, "an expert leaves Blue's dark no way onto D7: {expert}");
    }

    #[test]
    fn an_ombagui_experts_kept_table_holds_for_its_own_side_only() {
        // An Ombagui expert judges its own race otherwise than the other side's, so what
        // its table kept while playing Red would mislead it at Blue's turn (a hint for the
        // other player, or a review): its search for Blue is the same as a fresh one.
        let start = Position::start();
        let budget = Budget { nodes: Some(30_000), expert: true, ..Budget::default() };
        let stop = AtomicBool::new(false);
        let mut search = Search::new();
        let red = search.best(&start, budget, &stop).unwrap();
        let after = start.play(red.turn).unwrap();
        let blue = search.best(&after, budget, &stop).unwrap();
        assert_eq!(blue, Search::new().best(&after, budget, &stop).unwrap());
    }

    #[test]
    fn an_ombagui_expert_looks_a_ply_further_within_the_same_positions() {
        // Late turns a ply shallower first: within 100,000 positions the expert finishes
        // five plies where the plain search finishes four, from the start and in an ending
        // where Blue's dark holds D7.
        let ending = "r/A1=bL,A2=bM.rD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bL.bM.bD,D7=rL.rM.bD,\
                      E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM.rD";
        for text in ["start", ending] {
            let position: Position = text.parse().unwrap();
            let depth = |expert| {
                let budget = Budget { nodes: Some(100_000), expert, ..Budget::default() };
                Search::new().best(&position, budget, &AtomicBool::new(false)).unwrap().depth
            };
            assert_eq!((depth(false), depth(true)), (4, 5), "{text}");
        }
    }

    #[test]
    fn going_back_to_a_position_of_the_game_costs_the_searching_player() {
        // Red's one turn is A1-A2; then Blue is to move at ply 1, Red again at ply 2.
        let position: Position = "r/A1=rL,B1=bL.bM,B2=bL.bM".parse().unwrap();
        let (_, next) = position.legal_turns_with_results().remove(0);
        let score = |earlier: &[Position], depth| {
            let mut search = Search::new();
            search.remember(earlier);
            let budget = Budget { depth: Some(depth), ..Budget::default() };
            search.best(&position, budget, &AtomicBool::new(false)).expect("a turn").score
        };
        assert_eq!(score(&[next], 1), score(&[], 1) - crate::GOING_BACK, "going back at Blue's turn");
        assert_eq!(score(&[next, next], 1), score(&[], 1) - crate::GOING_ROUND, "a third visit costs more");
        let after: Vec<Position> = next.legal_turns_with_results().into_iter().map(|(_, p)| p).collect();
        let fresh = score(&[], 2);
        assert!(score(&after, 2) < fresh, "every line back to Red's turn costs Red: {fresh}");
    }

    #[test]
    fn a_spent_budget_still_answers() {
        let stopped = AtomicBool::new(true);
        let start = Position::start();
        for two_threads in [false, true] {
            let budget = Budget { two_threads, ..Budget::default() };
            let found = Search::new().best(&start, budget, &stopped).expect("an answer at once");
            assert!(start.play(found.turn).is_ok());
        }
    }

    #[test]
    fn a_missed_finishing_move_in_ombagui_is_a_blunder() {
        // Red's dark finishes its fourth tower from D4; wandering off, it lets Blue's dark
        // finish Blue's from D3.
        let start = "r/D7=rL.rM.rD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM,D4=rD,\
                     A1=bL.bM.bD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bL.bM,D3=bD";
        let judged = review::<Position>(start, &["D4-D5", "D3-D1"]);
        assert_eq!(classes(&judged), [Class::Blunder, Class::Ok]);
        assert_eq!(judged[0].better.as_ref().map(ToString::to_string).as_deref(), Some("D4-G7"));
        assert_eq!((judged[0].before, judged[0].after), (1.0, 0.0));
        assert_eq!(judged[1].blue_after(), 1.0, "Blue won");
    }

    #[test]
    fn a_review_counts_positions_at_the_games_own_pace() {
        assert_eq!(budget::<Position>(Level::REVIEW).nodes, Some(138_000));
    }

    #[test]
    fn the_same_position_gets_the_same_verdict_until_a_deeper_search_looks() {
        let stop = AtomicBool::new(false);
        let start = Position::start();
        let mut search = Search::new();
        let first = search.verdict(&start, plies(2), &stop).expect("a verdict");
        // The game moves on and comes back (undo, redo, a later visit): other positions
        // remembered, the table full of other searches. The kept verdict answers.
        let (_, next) = start.legal_turns_with_results().swap_remove(3);
        search.remember(&[start, next]);
        search.verdict(&next, plies(3), &stop).expect("a verdict");
        assert_eq!(search.verdict(&start, plies(2), &stop), Some(first.clone()), "asked again");
        assert_eq!(search.verdict(&start, plies(1), &stop), Some(first.clone()), "a shallower ask");
        let deeper = search.verdict(&start, plies(3), &stop).expect("a deeper verdict");
        assert_eq!(deeper.depth, 3);
        assert_eq!(search.verdict(&start, plies(2), &stop), Some(deeper), "the deeper one stands");
    }

    #[test]
    fn it_takes_a_draw_in_a_game_that_stood_even_when_not_ahead() {
        let start = Position::start();
        let even = vec![start; EVEN_FOR];
        assert_eq!(draw_answer(&start, &even, Colour::Red, 0.52), DrawAnswer::Accepts(DrawReason::StoodEven));
        assert!(!draw_answer(&start, &even[1..], Colour::Red, 0.52).accepts(), "one turn short");
        assert!(!draw_answer(&start, &even, Colour::Red, 0.4).accepts(), "Red is ahead: 60 %");
    }

    #[test]
    fn it_takes_a_draw_when_neither_side_can_finish_whoever_is_ahead() {
        let blockade: Position = "b/A1=bL.bM.rD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bL.bM.bD,\
                                           D7=rL.rM.bD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM.rD"
            .parse()
            .unwrap();
        for (computer, blue) in [(Colour::Blue, 0.9), (Colour::Red, 0.1)] {
            let answer = draw_answer(&blockade, &[], computer, blue);
            assert_eq!(answer, DrawAnswer::Accepts(DrawReason::NeitherCanFinish));
            assert_eq!(answer.reason(), DrawReason::NeitherCanFinish);
        }
        // Blue's dark off Red's tower: Red can finish, an ordinary answer.
        let turns = blockade.legal_turns_with_results();
        let (_, before) = turns.into_iter().find(|(turn, _)| turn.to_string().starts_with("D7-")).unwrap();
        assert!(!draw_answer(&before, &[], Colour::Blue, 0.9).accepts());
    }
}
