//! The config file: what it changes, what it refuses, and where each value came from.

mod file;
