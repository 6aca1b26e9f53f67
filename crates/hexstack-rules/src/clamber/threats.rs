//! What each side threatens: the enemy stacks it could take with a turn's first capture.

use super::Position;
use crate::Colour;
use crate::hex::{CellSet, MAX_CELLS};
use std::cmp::Ordering;
use std::ops::{BitAnd, BitOr, BitOrAssign, Not};

impl Position {
    /// The enemy stacks that the player to move could take with a turn's first capture,
    /// lower or equal: what they threaten, found without listing every chain.
    pub fn threatened(&self) -> CellSet {
        self.threatened_by(self.to_move)
    }

    /// The enemy stacks that `colour` could take with a turn's first capture were it to
    /// move: [`Position::threatened`] for either side, without copying the position.
    pub fn threatened_by(&self, colour: Colour) -> CellSet {
        self.threats()[colour.index()]
    }

    /// What each side threatens, by [`Colour::index`]: both at once, since the evaluation
    /// asks for both and each pair of touching stacks of the two sides is looked at once.
    /// Each enemy group next to a side's stacks is flooded once, not once a stack. Sets
    /// of cells are `u64` words on boards of 64 cells or fewer (side 5 and under): half
    /// the work of the `u128` a side-6 board needs.
    pub fn threats(&self) -> [CellSet; 2] {
        if self.won.is_some() {
            [CellSet::EMPTY; 2]
        } else if self.board.cell_count() <= 64 {
            Threats::<u64>::of(self).count()
        } else {
            Threats::<u128>::of(self).count()
        }
    }
}

/// A set of cells as one machine word, bit `i` for the cell of index `i`.
trait Word:
    Copy + Default + Eq + BitAnd<Output = Self> + BitOr<Output = Self> + BitOrAssign + Not<Output = Self>
{
    fn of(set: CellSet) -> Self;
    fn set(self) -> CellSet;
    /// Takes the lowest cell out of the set and gives its index.
    fn pop(&mut self) -> Option<usize>;
    fn single(index: usize) -> Self;
}

/// [`Word`] for an unsigned integer type at least as wide as the board's cells.
macro_rules! word {
    ($word:ty) => {
        impl Word for $word {
            fn of(set: CellSet) -> $word {
                set.bits() as $word
            }
            fn set(self) -> CellSet {
                CellSet::from_bits(u128::from(self))
            }
            fn pop(&mut self) -> Option<usize> {
                let index = (*self != 0).then(|| self.trailing_zeros() as usize)?;
                *self &= *self - 1;
                Some(index)
            }
            fn single(index: usize) -> $word {
                1 << index
            }
        }
    };
}

word!(u64);
word!(u128);

/// A position's stacks and the board's neighbour table as words of type `W`.
struct Threats<'a, W> {
    stacks: [W; 2],
    heights: &'a [u16; MAX_CELLS],
    neighbours: &'a [CellSet; MAX_CELLS],
}

impl<'a, W: Word> Threats<'a, W> {
    fn of(position: &'a Position) -> Threats<'a, W> {
        Threats {
            stacks: position.stacks.map(W::of),
            heights: &position.heights,
            neighbours: position.board.all_neighbours(),
        }
    }

    fn near(&self, cell: usize) -> W {
        W::of(self.neighbours[cell])
    }

    /// [`Position::threats`].
    fn count(&self) -> [CellSet; 2] {
        let [blue, red] = self.stacks;
        let mut threats = [W::default(); 2];
        // The stacks of each side that touch the other side.
        let (mut blue_touching, mut red_touching) = (W::default(), W::default());
        let mut rest = blue;
        while let Some(from) = rest.pop() {
            let near = self.near(from) & red;
            if near == W::default() {
                continue;
            }
            blue_touching |= W::single(from);
            red_touching |= near;
            // A lower capture, whichever stack is the higher.
            let height = self.heights[from];
            let mut targets = near;
            while let Some(target) = targets.pop() {
                match self.heights[target].cmp(&height) {
                    Ordering::Less => threats[0] |= W::single(target),
                    Ordering::Greater => threats[1] |= W::single(from),
                    Ordering::Equal => {}
                }
            }
        }
        threats[0] |= self.equal_threats(red_touching, red, blue);
        threats[1] |= self.equal_threats(blue_touching, blue, red);
        threats.map(W::set)
    }

    /// The stacks of `enemy` that `mine` could take at equal height, `touching` being the
    /// enemy stacks next to `mine`: one flood a group.
    fn equal_threats(&self, mut touching: W, enemy: W, mine: W) -> W {
        let mut threatened = W::default();
        while let Some(first) = touching.pop() {
            let (group, ring) = self.group_and_ring(first, enemy);
            touching = touching & !group;
            threatened |= self.equal_in_group(group, ring & mine);
        }
        threatened
    }

    /// The group of `enemy` of the stack on `first`, and every cell next to it: a flood
    /// cell by cell, each cell's neighbours looked up once.
    fn group_and_ring(&self, first: usize, enemy: W) -> (W, W) {
        let (mut group, mut todo, mut ring) = (W::single(first), W::single(first), W::default());
        while let Some(cell) = todo.pop() {
            let around = self.near(cell);
            ring |= around;
            let found = around & enemy & !group;
            group |= found;
            todo |= found;
        }
        (group, ring)
    }

    /// The stacks of the enemy group `group` that one of the stacks `near`, next to the
    /// group, could take at equal height: the heights near are gathered once as bits,
    /// unless one is too high for them; then stack by stack.
    fn equal_in_group(&self, group: W, near: W) -> W {
        let mut heights = 0u64;
        let mut rest = near;
        while let Some(from) = rest.pop() {
            match 1u64.checked_shl(u32::from(self.heights[from])) {
                Some(bit) => heights |= bit,
                None => return self.equal_in_group_by_pairs(group, near),
            }
        }
        self.kept(group, |target| {
            1u64.checked_shl(u32::from(self.heights[target])).is_some_and(|bit| heights & bit != 0)
        })
    }

    /// [`Threats::equal_in_group`] stack by stack, for stacks of 64 pieces or more.
    fn equal_in_group_by_pairs(&self, group: W, near: W) -> W {
        self.kept(group, |target| {
            let mut rest = near;
            std::iter::from_fn(|| rest.pop()).any(|from| self.heights[from] == self.heights[target])
        })
    }

    /// The cells of `set` for which `keep` holds.
    fn kept(&self, set: W, keep: impl Fn(usize) -> bool) -> W {
        let (mut rest, mut kept) = (set, W::default());
        while let Some(cell) = rest.pop() {
            if keep(cell) {
                kept |= W::single(cell);
            }
        }
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clamber::{Setup, Stack};
    use crate::hex::Board;

    /// Sides 2 to 5 fit a `u64`: there both words must find the same threats, so the
    /// `u128` count a side-6 board uses is the one the rules' tests check on smaller ones.
    #[test]
    fn both_words_find_the_same_threats_with_low_and_very_high_stacks() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut draw = move |below: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % below
        };
        for trial in 0..2000 {
            let board = Board::new(2 + (trial % 4) as u32).unwrap();
            let stacks = board
                .cells()
                .filter_map(|cell| {
                    let owner = [Colour::Blue, Colour::Red].get(draw(3) as usize)?;
                    // Mostly 1 to 4, so that equal heights meet; now and then 64 or more.
                    let height = if draw(20) == 0 { 63 + draw(3) as u16 } else { 1 + draw(4) as u16 };
                    Some((cell, Stack::new(*owner, height)?))
                })
                .collect();
            let position = Position::try_from(Setup { board, to_move: Colour::Blue, stacks }).unwrap();
            assert_eq!(
                Threats::<u64>::of(&position).count(),
                Threats::<u128>::of(&position).count(),
                "{position}"
            );
        }
    }
}
