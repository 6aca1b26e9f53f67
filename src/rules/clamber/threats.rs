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
            let group = self.board.flood(CellSet::single(first), enemy);
            touching -= group;
            threatened |= self.equal_in_group(group, mine);
        }
        threatened
    }

    /// The stacks of the enemy group `group` that a stack of `mine` next to the group
    /// could take at equal height.
    fn equal_in_group(&self, group: CellSet, mine: CellSet) -> CellSet {
        let near = self.board.around(group) & mine;
        group
            .iter()
            .filter(|&target| near.iter().any(|from| self.heights[from] == self.heights[target]))
            .collect()
    }
}
