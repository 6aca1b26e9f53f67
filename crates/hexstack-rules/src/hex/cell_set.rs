//! Sets of cells as bits: a side-6 board has 91 cells, so one `u128` holds any set of
//! them, and a set is copied, joined or flooded without allocating.

/// A set of cells of one board, by dense index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct CellSet(pub(super) u128);

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet(0);

    /// The set holding only the cell of index `index`.
    pub const fn single(index: usize) -> CellSet {
        CellSet(1 << index)
    }

    /// Whether the cell of index `index` is in the set.
    pub const fn contains(self, index: usize) -> bool {
        self.0 >> index & 1 == 1
    }

    /// Puts the cell of index `index` in the set.
    pub fn insert(&mut self, index: usize) {
        self.0 |= 1 << index;
    }

    pub(crate) fn remove(&mut self, index: usize) {
        self.0 &= !(1 << index);
    }

    /// How many cells the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The set as bits, bit `i` for the cell of index `i`.
    pub(crate) const fn bits(self) -> u128 {
        self.0
    }

    /// The set of the cells whose bits are set in `bits`, bit `i` for the cell of index `i`.
    pub(crate) const fn from_bits(bits: u128) -> CellSet {
        CellSet(bits)
    }

    /// Whether the set holds no cell.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest index in the set.
    pub(crate) const fn first(self) -> Option<usize> {
        if self.0 == 0 { None } else { Some(self.0.trailing_zeros() as usize) }
    }

    /// Takes the lowest index out of the set and gives it.
    pub(crate) fn pop_first(&mut self) -> Option<usize> {
        let first = self.first()?;
        self.0 &= self.0 - 1;
        Some(first)
    }

    /// The indices in the set, lowest first.
    pub fn iter(self) -> CellSetIter {
        CellSetIter(self.0)
    }
}

impl std::ops::BitOr for CellSet {
    type Output = CellSet;
    fn bitor(self, other: CellSet) -> CellSet {
        CellSet(self.0 | other.0)
    }
}

impl std::ops::BitOrAssign for CellSet {
    fn bitor_assign(&mut self, other: CellSet) {
        self.0 |= other.0;
    }
}

impl std::ops::BitAnd for CellSet {
    type Output = CellSet;
    fn bitand(self, other: CellSet) -> CellSet {
        CellSet(self.0 & other.0)
    }
}

impl std::ops::BitAndAssign for CellSet {
    fn bitand_assign(&mut self, other: CellSet) {
        self.0 &= other.0;
    }
}

/// Set difference: the cells of `self` that are not in `other`.
impl std::ops::Sub for CellSet {
    type Output = CellSet;
    fn sub(self, other: CellSet) -> CellSet {
        CellSet(self.0 & !other.0)
    }
}

impl std::ops::SubAssign for CellSet {
    fn sub_assign(&mut self, other: CellSet) {
        self.0 &= !other.0;
    }
}

impl IntoIterator for CellSet {
    type Item = usize;
    type IntoIter = CellSetIter;
    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

impl FromIterator<usize> for CellSet {
    fn from_iter<I: IntoIterator<Item = usize>>(indices: I) -> CellSet {
        let mut set = CellSet::EMPTY;
        for index in indices {
            set.insert(index);
        }
        set
    }
}

/// Iterates the indices of a [`CellSet`], lowest first.
#[derive(Clone, Debug)]
pub struct CellSetIter(u128);

impl Iterator for CellSetIter {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellSetIter {}
