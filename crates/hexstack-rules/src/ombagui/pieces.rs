//! The pieces of Ombagui: three kinds, and the stacks they make, a byte a cell.

use crate::Colour;
use std::fmt;

/// The three kinds of piece, in the only order they can stack, bottom to top.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Kind {
    /// Moves 1 cell, or jumps over stacks of three.
    Light,
    /// Moves exactly 2 cells.
    Medium,
    /// Moves exactly 3 cells.
    Dark,
}

impl Kind {
    /// The three kinds, bottom to top.
    pub const ALL: [Kind; 3] = [Kind::Light, Kind::Medium, Kind::Dark];

    /// How many cells a move of this kind covers (a light's jumps aside).
    pub const fn steps(self) -> usize {
        self as usize + 1
    }

    /// The notation letter: `L`, `M` or `D`.
    pub const fn letter(self) -> char {
        match self {
            Kind::Light => 'L',
            Kind::Medium => 'M',
            Kind::Dark => 'D',
        }
    }

    pub(crate) fn from_letter(letter: char) -> Option<Kind> {
        match letter.to_ascii_uppercase() {
            'L' => Some(Kind::Light),
            'M' => Some(Kind::Medium),
            'D' => Some(Kind::Dark),
            _ => None,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Light => "light",
            Kind::Medium => "medium",
            Kind::Dark => "dark",
        })
    }
}

/// One piece: its owner's colour and its kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece it is.
    pub colour: Colour,
    /// Its kind.
    pub kind: Kind,
}

/// The pieces on one cell. Kinds only ever stack light, medium, dark from the bottom up,
/// so a stack holds each kind at most once: bit `k` says kind `k` is there, bit `3 + k`
/// that it is Red.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Stack(pub(super) u8);

impl Stack {
    pub(crate) const EMPTY: Stack = Stack(0);

    fn has(self, kind: Kind) -> bool {
        self.0 >> kind as u8 & 1 == 1
    }

    /// Whether the cell holds no piece.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whose piece of `kind` is in the stack, if one is: two bit tests, for the
    /// evaluation, which reads every piece of every position it judges.
    pub const fn owner(self, kind: Kind) -> Option<Colour> {
        if self.0 >> kind as u8 & 1 == 0 {
            None
        } else if self.0 >> (3 + kind as u8) & 1 == 1 {
            Some(Colour::Red)
        } else {
            Some(Colour::Blue)
        }
    }

    /// How many pieces are on the cell (at most 3).
    pub fn height(self) -> usize {
        (self.0 & 0b111).count_ones() as usize
    }

    /// The pieces, bottom to top.
    pub fn pieces(self) -> impl Iterator<Item = Piece> {
        Kind::ALL.into_iter().filter(move |&kind| self.has(kind)).map(move |kind| Piece {
            colour: if self.0 >> (3 + kind as u8) & 1 == 1 { Colour::Red } else { Colour::Blue },
            kind,
        })
    }

    /// The top piece: the only one that may move. The heaviest kind there is on top; its
    /// bit is found at once, as the move generator asks of every stack it looks at.
    pub fn top(self) -> Option<Piece> {
        let kinds = self.0 & 0b111;
        if kinds == 0 {
            return None;
        }
        let kind = Kind::ALL[(u8::BITS - 1 - kinds.leading_zeros()) as usize];
        let colour = if self.0 >> (3 + kind as u8) & 1 == 1 { Colour::Red } else { Colour::Blue };
        Some(Piece { colour, kind })
    }

    /// Whether a piece of `kind` may stand on this stack: every kind below it must be
    /// lighter (a medium on a lone light; a dark on a light, a medium, or both).
    pub(crate) fn can_hold(self, kind: Kind) -> bool {
        (self.0 & 0b111) >> kind as u8 == 0
    }

    /// This stack with `piece` put on top; `None` if it may not stand there.
    pub(crate) fn with(self, piece: Piece) -> Option<Stack> {
        let red = u8::from(piece.colour == Colour::Red) << (3 + piece.kind as u8);
        self.can_hold(piece.kind).then_some(Stack(self.0 | 1 << piece.kind as u8 | red))
    }

    /// This stack without its top piece.
    pub(super) fn without_top(self) -> Stack {
        match self.top() {
            Some(top) => Stack(self.0 & !(1 << top.kind as u8 | 1 << (3 + top.kind as u8))),
            None => self,
        }
    }

    /// How many of `colour`'s pieces stand rightly built from the bottom: its light, then
    /// its medium on it, then its dark (3 for a whole tower).
    pub fn built_for(self, colour: Colour) -> usize {
        self.pieces()
            .zip(Kind::ALL)
            .take_while(|(piece, kind)| piece.colour == colour && piece.kind == *kind)
            .count()
    }

    /// A whole tower of `colour`: light, medium and dark, all of that colour.
    pub fn is_tower_of(self, colour: Colour) -> bool {
        let red = if colour == Colour::Red { 0b111_000 } else { 0 };
        self.0 == 0b111 | red
    }
}
