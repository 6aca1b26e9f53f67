//! The terminal's bell: rung once with the frame after a notice that needs the person at
//! the terminal (a challenge to them, a question of the other player's).

use ratatui::backend::{CrosstermBackend, TestBackend};
use std::io::Write;

/// A terminal whose bell can ring: a real one is sent BEL, a test's stays quiet.
pub(crate) trait Bell {
    /// Rings the bell.
    fn ring(&mut self) -> std::io::Result<()>;
}

impl<W: Write> Bell for CrosstermBackend<W> {
    fn ring(&mut self) -> std::io::Result<()> {
        self.write_all(b"\x07")?;
        Write::flush(self)
    }
}

impl Bell for TestBackend {
    fn ring(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
