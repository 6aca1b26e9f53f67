//! What each side threatens: the enemy stacks it could take with a turn's first capture.

use super::Position;
use crate::rules::Colour;
use crate::rules::hex::CellSet;
use std::cmp::Ordering;

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
    /// Each enemy group next to a side's stacks is flooded once, not once a stack.
    pub fn threats(&self) -> [CellSet; 2] {
        if self.won.is_some() {
            return [CellSet::EMPTY; 2];
        }
        let [blue, red] = self.stacks;
        let neighbours = self.board.all_neighbours();
        let mut threats = [CellSet::EMPTY; 2];
        // The stacks of each side that touch the other side.
        let (mut blue_touching, mut red_touching) = (CellSet::EMPTY, CellSet::EMPTY);
        for from in blue {
            let near = neighbours[from] & red;
            if near.is_empty() {
                continue;
            }
            blue_touching.insert(from);
            red_touching |= near;
            // A lower capture, whichever stack is the higher.
            let height = self.heights[from];
            for target in near {
                match self.heights[target].cmp(&height) {
                    Ordering::Less => threats[0].insert(target),
                    Ordering::Greater => threats[1].insert(from),
                    Ordering::Equal => {}
                }
            }
        }
        threats[0] |= self.equal_threats(red_touching, red, blue);
        threats[1] |= self.equal_threats(blue_touching, blue, red);
        threats
    }

    /// The stacks of `enemy` that `mine` could take at equal height, `touching` being the
    /// enemy stacks next to `mine`: one flood a group.
    fn equal_threats(&self, mut touching: CellSet, enemy: CellSet, mine: CellSet) -> CellSet {
        let mut threatened = CellSet::EMPTY;
        while let Some(first) = touching.first() {
            let (group, ring) = self.group_and_ring(first, enemy);
            touching -= group;
            threatened |= self.equal_in_group(group, ring & mine);
        }
        threatened
    }

    /// The group of `enemy` of the stack on `first`, and every cell next to it: a flood
    /// cell by cell, each cell's neighbours looked up once.
    fn group_and_ring(&self, first: usize, enemy: CellSet) -> (CellSet, CellSet) {
        let neighbours = self.board.all_neighbours();
        let (mut group, mut todo, mut ring) =
            (CellSet::single(first), CellSet::single(first), CellSet::EMPTY);
        while let Some(cell) = todo.pop_first() {
            let around = neighbours[cell];
            ring |= around;
            let found = around & (enemy - group);
            group |= found;
            todo |= found;
        }
        (group, ring)
    }

    /// The stacks of the enemy group `group` that one of the stacks `near`, next to the
    /// group, could take at equal height: the heights near are gathered once as bits,
    /// unless one is too high for them.
    fn equal_in_group(&self, group: CellSet, near: CellSet) -> CellSet {
        let mut heights = 0u64;
        for from in near {
            match 1u64.checked_shl(u32::from(self.heights[from])) {
                Some(bit) => heights |= bit,
                None => return self.equal_in_group_by_pairs(group, near),
            }
        }
        group
            .iter()
            .filter(|&target| {
                1u64.checked_shl(u32::from(self.heights[target])).is_some_and(|bit| heights & bit != 0)
            })
            .collect()
    }

    /// [`Position::equal_in_group`] stack by stack, for stacks of 64 pieces or more.
    fn equal_in_group_by_pairs(&self, group: CellSet, near: CellSet) -> CellSet {
        group
            .iter()
            .filter(|&target| near.iter().any(|from| self.heights[from] == self.heights[target]))
            .collect()
    }
}
