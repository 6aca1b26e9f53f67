//! Saved games: the format, files written and read back, and the parsers' errors.

mod format;
mod games;
mod parsers;
