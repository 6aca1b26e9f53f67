//! A host without a terminal of its own, for the tests: its guests' screens are served by
//! a loop on a thread, and nothing is kept on disk.

use super::{Access, Hosting, Limits};
use crate::app::event::Wake;
use crate::app::link::Link;
use crate::autosave::Autosave;
use crate::terminal::{self, Wakes};
use anyhow::Result;
use russh::keys::PrivateKey;
use std::net::SocketAddr;
use std::sync::Arc;
use std::thread::JoinHandle;

/// A [`Hosting`] and the thread of the loop that serves its guests.
pub struct Headless {
    hosting: Hosting,
    serving: JoinHandle<()>,
}

impl Hosting {
    /// Listens on `bind` (port 0 picks a free one) for guests of the game on `link`.
    pub fn start(link: Arc<Link>, access: Access, key: PrivateKey, bind: SocketAddr) -> Result<Headless> {
        Hosting::headless(link, access, key, bind, Limits::default())
    }

    /// The same, within other limits than the usual ones.
    pub fn headless(
        link: Arc<Link>,
        access: Access,
        key: PrivateKey,
        bind: SocketAddr,
        limits: Limits,
    ) -> Result<Headless> {
        let wakes = Wakes::default();
        let hosting = Hosting::start_with(Arc::clone(&link), access, key, bind, limits, &wakes)?;
        let serving = std::thread::spawn(move || {
            let mut local: Option<terminal::Screen<ratatui::backend::TestBackend>> = None;
            let _ = terminal::drive(&mut local, &mut Autosave::nowhere(), &wakes.inlet, Some(&link));
        });
        Ok(Headless { hosting, serving })
    }
}

impl Headless {
    /// [`Hosting::stop`], once the loop has restored every guest's screen and ended.
    pub fn stop(self) {
        self.hosting.link.close();
        let _ = self.hosting.wakes.send(Wake::Stop);
        let _ = self.serving.join();
        self.hosting.stop();
    }
}

impl std::ops::Deref for Headless {
    type Target = Hosting;

    fn deref(&self) -> &Hosting {
        &self.hosting
    }
}
