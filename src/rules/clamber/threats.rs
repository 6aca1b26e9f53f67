//! What each side threatens: the enemy stacks it could take with a turn's first capture.

use super::Position;
use crate::rules::Colour;
use crate::rules::hex::CellSet;

impl Position {
    /// The enemy stacks that the player to move could take with a turn's first capture,
    /// lower or equal: what they threaten, found without listing every chain.
    pub fn threatened(&self) -> CellSet {
        self.threatened_by(self.to_move)
    }

    /// The enemy stacks that `colour` could take with a turn's first capture were it to
    /// move: [`Position::threatened`] for either side, without copying the position.
    /// Each enemy group next to `colour`'s stacks is flooded once, not once a stack.
    pub fn threatened_by(&self, colour: Colour) -> CellSet {
        if self.won.is_some() {
            return CellSet::EMPTY;
        }
        let mine = self.stacks[colour.index()];
        let enemy = self.stacks[colour.other().index()];
        let (mut threatened, mut touching) = (CellSet::EMPTY, CellSet::EMPTY);
        for from in mine {
            threatened |= self.lower_targets(from, enemy);
            touching |= self.board.neighbours(from) & enemy;
        }
        while let Some(first) = touching.first() {
            let (group, ring) = self.group_and_ring(first, enemy);
            touching -= group;
            threatened |= self.equal_in_group(group, ring & mine);
        }
        threatened
    }

    /// The group of `enemy` of the stack on `first`, and every cell next to it: a flood
    /// that keeps the cells it looked at.
    fn group_and_ring(&self, first: usize, enemy: CellSet) -> (CellSet, CellSet) {
        let (mut group, mut frontier, mut ring) =
            (CellSet::single(first), CellSet::single(first), CellSet::EMPTY);
        while !frontier.is_empty() {
            let around = self.board.around(frontier);
            ring |= around;
            frontier = around & (enemy - group);
            group |= frontier;
        }
        (group, ring)
    }

    /// The stacks of the enemy group `group` that one of the stacks `near`, next to the
    /// group, could take at equal height.
    fn equal_in_group(&self, group: CellSet, near: CellSet) -> CellSet {
        group
            .iter()
            .filter(|&target| near.iter().any(|from| self.heights[from] == self.heights[target]))
            .collect()
    }
}
