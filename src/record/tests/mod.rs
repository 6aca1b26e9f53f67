//! A game's record: turns played, undone and redone.

mod record;
