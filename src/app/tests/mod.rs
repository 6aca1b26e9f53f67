//! The app driven as a terminal drives it, keys, clicks and wakes, and read back: games at one
//! table and against the computer, questions, notices, profiles, words, reviews.

mod against;
mod clamber;
mod computer;
mod computer_play;
mod notices;
mod ombagui;
mod profiles;
mod questions;
mod random_events;
mod review;
mod shared;
mod third_game;
mod words;
