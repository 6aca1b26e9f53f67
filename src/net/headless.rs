//! A host without a real terminal, for the tests: its guests' screens are served by a loop
//! on a thread (the host's own app drawn on a test backend, if it has one), and nothing is
//! kept on disk.

use super::{Access, Hosting, Limits};
use crate::app::App;
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
pub(crate) struct Headless {
    hosting: Hosting,
    serving: JoinHandle<()>,
}

impl Hosting {
    /// Listens on `bind` (port 0 picks a free one) for guests of the game on `link`.
    pub(crate) fn start(
        link: Arc<Link>,
        access: Access,
        key: PrivateKey,
        bind: SocketAddr,
    ) -> Result<Headless> {
        Hosting::headless(link, access, key, bind, Limits::default())
    }

    /// The same, within other limits than the usual ones.
    pub(crate) fn headless(
        link: Arc<Link>,
        access: Access,
        key: PrivateKey,
        bind: SocketAddr,
        limits: Limits,
    ) -> Result<Headless> {
        Hosting::serving(link, (access, key), bind, limits, None)
    }

    /// Listens as [`Hosting::start`] does, the host at the game with `host`, an app at a
    /// terminal of its own (drawn on a test backend of the app's size).
    pub(crate) fn start_hosting(
        link: Arc<Link>,
        (access, key): (Access, PrivateKey),
        bind: SocketAddr,
        host: App,
    ) -> Result<Headless> {
        Hosting::serving(link, (access, key), bind, Limits::default(), Some(host))
    }

    fn serving(
        link: Arc<Link>,
        (access, key): (Access, PrivateKey),
        bind: SocketAddr,
        limits: Limits,
        host: Option<App>,
    ) -> Result<Headless> {
        let wakes = Wakes::default();
        let hosting = Hosting::start_with(Arc::clone(&link), access, key, bind, limits, &wakes)?;
        let mut local = match host {
            Some(app) => {
                app.waker.connect(wakes.sender.clone());
                let backend = ratatui::backend::TestBackend::new(app.area.width, app.area.height);
                Some(terminal::AppTerminal::new(app, ratatui::Terminal::new(backend)?))
            }
            None => None,
        };
        let serving = std::thread::spawn(move || {
            let _ = terminal::drive(&mut local, &mut Autosave::nowhere(), &wakes.inlet, Some(&link));
        });
        Ok(Headless { hosting, serving })
    }
}

impl Headless {
    /// [`Hosting::stop`], once the loop has restored every guest's screen and ended.
    pub(crate) fn stop(self) {
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
