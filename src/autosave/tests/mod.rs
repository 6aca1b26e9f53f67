//! Games kept as they are played: the event loop on a test terminal, one game open twice,
//! a failing disk, and the kill -9 storm.

mod event_loop;
mod keeping;
mod kill_storm;
