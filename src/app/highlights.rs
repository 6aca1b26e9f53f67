//! What a board lights up, by meaning: the same few meanings on every screen (a game, a
//! rules page), each drawn with one mark and one style by the UI.

use crate::rules::hex::CellSet;

/// The cells a board lights up, by what they mean. When a cell means several things, the
/// first of these fields that holds it wins, in this order.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct Highlights {
    /// The selected stack or piece, and a chain's captures so far.
    pub selected: CellSet,
    /// The turn the computer would have played (a review).
    pub better: CellSet,
    /// What the capture under the cursor would remove.
    pub removed: CellSet,
    /// Where a light lands only by jumping over towers (Ombagui).
    pub jumps: CellSet,
    /// Equal captures, after which a chain may go on (Clamber).
    pub equal: CellSet,
    /// Lower captures (Clamber), or where the picked piece may go (Ombagui).
    pub targets: CellSet,
    /// The cells of the last turn.
    pub last: CellSet,
    /// Cells a rules page asks the reader to look at.
    pub focus: CellSet,
    /// The sub-group of a stack (Clamber).
    pub sub_group: CellSet,
    /// The group of a stack (Clamber).
    pub group: CellSet,
}

impl Highlights {
    /// Whether nothing is lit.
    #[cfg(test)]
    pub(crate) fn is_empty(&self) -> bool {
        *self == Highlights::default()
    }
}

impl std::ops::BitOrAssign for Highlights {
    /// Everything either lights, each by its meaning.
    fn bitor_assign(&mut self, other: Highlights) {
        let Highlights { selected, better, removed, jumps, equal, targets, last, focus, sub_group, group } =
            other;
        self.selected |= selected;
        self.better |= better;
        self.removed |= removed;
        self.jumps |= jumps;
        self.equal |= equal;
        self.targets |= targets;
        self.last |= last;
        self.focus |= focus;
        self.sub_group |= sub_group;
        self.group |= group;
    }
}
