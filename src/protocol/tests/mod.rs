//! The engine protocol spoken in process.

mod answers;
