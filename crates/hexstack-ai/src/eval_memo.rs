//! The evaluations a search has made, kept so that a position met again is not judged
//! again: in a Clamber search about seven evaluations in ten are of a position already
//! judged (the same children ordered at every depth, placements made in another order).
//!
//! A slot keeps a 64-bit check of its position, not the position (224 bytes for Clamber):
//! small slots stay in the processor's cache, where whole positions made the memo slower
//! than judging again. As with the table's keys, two positions whose 64 bits agree are
//! taken for one; two that differ in a single word of their bytes never agree (each step
//! of the hash is a bijection).

use super::{Budget, Evaluate};
use hexstack_rules::Colour;
use std::hash::{Hash, Hasher};

/// Slots: 16 bytes each, 128 KiB, small enough to stay in the processor's cache. Reviews
/// ran fastest at this size: 64 KiB was as fast, 1 MiB slower, and a memo of whole
/// positions (15 MiB) slower than none.
const SLOTS: usize = 1 << 13;

/// A memo of evaluations, one slot a hash: a newer position takes an older one's slot.
pub(super) struct EvalMemo {
    /// Each slot's position check and its evaluation; a check of 0 is an empty slot.
    slots: Vec<(u64, i32)>,
    /// The judgement its evaluations are made by: another one empties the memo.
    by: Judge,
}

/// Which judgement of a position a search makes: [`Evaluate`]'s three.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Judge {
    Plain,
    Beginner,
    Expert(Colour),
}

impl Judge {
    /// The judgement of a search with `budget` playing `side`.
    pub(super) fn of(budget: &Budget, side: Colour) -> Judge {
        if budget.beginner {
            Judge::Beginner
        } else if budget.expert {
            Judge::Expert(side)
        } else {
            Judge::Plain
        }
    }

    fn evaluate<G: Evaluate>(self, position: &G) -> i32 {
        match self {
            Judge::Plain => position.evaluate(),
            Judge::Beginner => position.evaluate_as_beginner(),
            Judge::Expert(side) => position.evaluate_as_expert(side),
        }
    }
}

impl EvalMemo {
    pub(super) fn new() -> EvalMemo {
        EvalMemo { slots: Vec::new(), by: Judge::Plain }
    }

    /// Readies the memo for a search judging `by`: what another judgement made is forgotten.
    pub(super) fn prepare(&mut self, by: Judge) {
        if self.slots.is_empty() {
            self.slots = vec![(0, 0); SLOTS];
        } else if self.by != by {
            self.slots.fill((0, 0));
        }
        self.by = by;
    }

    /// `position`'s evaluation by the memo's judgement: kept, or made and kept.
    pub(super) fn judge<G: Evaluate>(&mut self, position: &G) -> i32 {
        let by = self.by;
        self.get_or(position.quick_key(), || by.evaluate(position))
    }

    /// The evaluation of the position whose [`Evaluate::quick_key`] is `key`, from the memo
    /// or made by `evaluate` and kept.
    fn get_or(&mut self, key: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        if self.slots.is_empty() {
            return evaluate();
        }
        let check = key.max(1);
        let index = (check as usize) & (self.slots.len() - 1);
        let slot = &mut self.slots[index];
        if slot.0 == check {
            return slot.1;
        }
        let score = evaluate();
        *slot = (check, score);
        score
    }
}

/// [`Evaluate::quick_key`]'s default: the position's bytes, hashed by [`Quick`].
pub(super) fn quick_key<G: Hash>(position: &G) -> u64 {
    let mut quick = Quick::default();
    position.hash(&mut quick);
    quick.finish()
}

/// A quick hash, word by word: multiply and shift, each step a bijection, then murmur3's
/// finish to spread the low bits that pick the slot.
#[derive(Default)]
pub(super) struct Quick(u64);

impl Quick {
    pub(super) fn add(&mut self, word: u64) {
        let mixed = (self.0 ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = mixed ^ (mixed >> 29);
    }
}

impl Hasher for Quick {
    fn finish(&self) -> u64 {
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.add(u64::from_le_bytes(word.try_into().unwrap_or_default()));
        }
        let mut rest = [0u8; 8];
        let tail = words.remainder();
        if !tail.is_empty() {
            rest[..tail.len()].copy_from_slice(tail);
            self.add(u64::from_le_bytes(rest));
        }
    }

    fn write_u8(&mut self, byte: u8) {
        self.add(u64::from(byte));
    }

    fn write_u64(&mut self, word: u64) {
        self.add(word);
    }

    fn write_u128(&mut self, word: u128) {
        self.add(word as u64);
        self.add((word >> 64) as u64);
    }

    fn write_usize(&mut self, word: usize) {
        self.add(word as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexstack_rules::Colour;

    #[test]
    fn a_position_met_again_is_answered_from_the_memo_and_each_has_its_own_figure() {
        let mut memo = EvalMemo::new();
        memo.prepare(Judge::Plain);
        let made = std::cell::Cell::new(0);
        let mut judge = |position: (u32, u32)| {
            let (a, b): (u32, u32) = position;
            memo.get_or(quick_key(&position), || {
                made.set(made.get() + 1);
                (a * 100 + b) as i32
            })
        };
        // More positions than slots: some share a slot, and each still gets its own figure.
        for round in 0..2 {
            for a in 0..20_000 {
                assert_eq!(judge((a, 7)), (a * 100 + 7) as i32, "round {round}");
            }
        }
        assert!(made.get() < 40_000, "{}: some of the second round came from the memo", made.get());
        judge((3, 8));
        let once = made.get();
        assert_eq!(judge((3, 8)), 308);
        assert_eq!(made.get(), once, "judged once, then kept");
    }

    #[test]
    fn another_judgement_forgets_what_the_memo_kept() {
        let mut memo = EvalMemo::new();
        memo.prepare(Judge::Plain);
        assert_eq!(memo.get_or(quick_key(&1u8), || 10), 10);
        assert_eq!(memo.get_or(quick_key(&1u8), || 20), 10, "kept");
        memo.prepare(Judge::Expert(Colour::Blue));
        assert_eq!(memo.get_or(quick_key(&1u8), || 30), 30, "an expert's own figure");
        memo.prepare(Judge::Expert(Colour::Red));
        assert_eq!(memo.get_or(quick_key(&1u8), || 40), 40, "and the other side's expert's");
    }
}
