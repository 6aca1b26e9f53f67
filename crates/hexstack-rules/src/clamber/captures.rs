//! The captures of a turn: which enemy stacks a stack may take, lower or equal, what a
//! capture leaves, and the chains of equal captures, walked or counted.

use super::{Position, Stack, Step};
use crate::hex::{CellSet, MAX_CELLS};

impl Position {
    /// The stacks that the stack on `from` may capture at equal height: the enemy
    /// stacks of its height in the enemy groups that touch it.
    pub(super) fn equal_targets(&self, from: usize, enemy: CellSet) -> CellSet {
        let touching = self.board.neighbours(from) & enemy;
        if touching.is_empty() {
            return CellSet::EMPTY;
        }
        self.of_height(self.board.flood(touching, enemy), self.heights[from])
    }

    /// The stacks that the stack on `from` may capture as lower captures.
    pub(super) fn lower_targets(&self, from: usize, enemy: CellSet) -> CellSet {
        let height = self.heights[from];
        (self.board.neighbours(from) & enemy).iter().filter(|&i| self.heights[i] < height).collect()
    }

    /// The capture of `target` by one of the mover's stacks, unchecked; the capturing
    /// stack is unchanged, and the mover stays to move so that a chain can go on from here.
    /// A capture that leaves the other player no stack wins.
    pub(super) fn capture(&self, target: usize) -> Position {
        self.capture_in(target, self.sub_group_at(target))
    }

    /// [`Position::capture`] of `target`, whose sub-group is `sub_group`.
    pub(super) fn capture_in(&self, target: usize, sub_group: CellSet) -> Position {
        let mut next = *self;
        for removed in sub_group {
            next.set(removed, None);
        }
        let height = self.heights[target].saturating_add(1);
        next.set(target, Some(Stack { owner: self.to_move, height }));
        if next.stacks[self.to_move.other().index()].is_empty() {
            next.won = Some(self.to_move);
        }
        next
    }

    /// The equal captures from the stack on `from`, which is `path[len - 1]`, and every
    /// chain that goes on from them.
    pub(super) fn chain(
        &self,
        from: usize,
        path: &mut [u8; MAX_CELLS],
        len: usize,
        visit: &mut impl FnMut(Step<'_>, &Position),
    ) {
        let enemy = self.stacks[1 - self.to_move.index()];
        let touching = self.board.neighbours(from) & enemy;
        if touching.is_empty() {
            return;
        }
        // The enemy stacks of the capturer's height: the targets in the groups it touches,
        // and each target's sub-group among them.
        let alike = self.of_height(enemy, self.heights[from]);
        for target in self.board.flood(touching, enemy) & alike {
            path[len] = target as u8;
            // The turn may stop here, the other player to move, or go on: one copy for both.
            let mut next = self.capture_in(target, self.board.flood(CellSet::single(target), alike));
            next.to_move = self.to_move.other();
            visit(Step::Capture(&path[..=len]), &next);
            next.to_move = self.to_move;
            if next.won.is_none() {
                next.chain(target, path, len + 1, visit);
            }
        }
    }

    /// How many chains of equal captures start from the stack on `from`, of `height`,
    /// with the enemy's stacks `enemy`: each capture is a turn, and goes on unless it won.
    /// A capture only takes the target's sub-group out of `enemy` and lifts the capturer.
    pub(super) fn chains_from(&self, from: usize, height: u16, enemy: CellSet) -> usize {
        let touching = self.board.neighbours(from) & enemy;
        if touching.is_empty() {
            return 0;
        }
        let alike = self.of_height(enemy, height);
        let mut count = 0;
        for target in self.board.flood(touching, enemy) & alike {
            let left = enemy - self.board.flood(CellSet::single(target), alike);
            count += 1;
            if !left.is_empty() {
                count += self.chains_from(target, height.saturating_add(1), left);
            }
        }
        count
    }
}
