//! The screen-reader mode's transcripts, whole games and screens in lines.

mod transcripts;
