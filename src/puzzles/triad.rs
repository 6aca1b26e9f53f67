//! Triad's puzzles have no themes but their length.

impl super::Themes for crate::rules::triad::Position {}
