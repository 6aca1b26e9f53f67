//! Play at a distance over SSH: the host runs `hexstack serve`, a friend types `ssh -p
//! 2222 play@HOST` and the join code. Each SSH session is one more terminal for the same
//! loop: its keys go into the loop's channel, its screen (its own size and language) is
//! drawn into its SSH channel, and it plays the one game through the app's [`Link`]. The
//! SSH protocol and its cryptography are russh's (with `ring`). What a stranger or a guest
//! can have of the host is bounded: see [`Limits`].

use crate::app::game::AnyGameScreenExt;
use crate::record::AnyRecordExt;
mod accept;
mod alarm;
mod guests;
#[cfg(test)]
mod headless;
mod host;
pub(crate) mod input;
mod limits;
mod login_tries;
mod output;
mod place;
mod session;

pub(crate) use alarm::Alarm;
#[cfg(test)]
pub(crate) use headless::Headless;
pub(crate) use host::SshServer;
pub(crate) use limits::{Bucket, LARGEST, Limits, Rate, Startups, source};
pub(crate) use output::{Outbox, Output};
pub(crate) use place::{Asked, Inlet, Keys, Place, Sent, Visitor, Welcome};
pub(crate) use session::Doors;

use crate::app::App;
use crate::app::event::Wake;
use crate::app::link::Link;
use crate::app::profile::Profile;
use crate::clock::{Clock, Timepiece};
use crate::i18n::keys::*;
use crate::i18n::{Lang, Text, text};
use crate::record::AnyRecord;
use crate::rules::{AnyPosition, Colour};
use crate::saved::SavedGame;
use crate::store;
use crate::terminal::{self, Wakes};
use anyhow::Result;
use ratatui::layout::Rect;
use russh::keys::{PrivateKey, PublicKey};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::SyncSender;

/// Where and for whom `hexstack serve` listens.
#[derive(clap::Args)]
pub(crate) struct Listen {
    /// The port the friend connects to
    #[arg(long, default_value_t = 2222)]
    pub port: u16,
    /// The address to listen on: the default lets in this machine only; 0.0.0.0 (or this
    /// machine's address) opens the game to the network
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
    /// Also let in whoever holds this public key (an OpenSSH .pub file)
    #[arg(long)]
    pub allow_key: Option<std::path::PathBuf>,
}

/// Who may come in: whoever gives the join code as password, or holds the key named.
#[derive(Clone, Debug)]
pub(crate) struct Access {
    pub code: String,
    pub key: Option<PublicKey>,
}

/// A fresh join code: eight letters and digits in two groups (`k3m9-pq7x`), none that reads
/// like another (no 0/o, 1/l): 40 bits, read out in two breaths.
pub(crate) fn join_code() -> String {
    use rand::RngExt;
    const SIGNS: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut rng = rand::rng();
    let mut code: String = (0..8).map(|_| SIGNS[rng.random_range(0..SIGNS.len())] as char).collect();
    code.insert(4, '-');
    code
}

/// A guest's window as drawn for: what the guest asked, within [`LARGEST`]. Nothing is
/// allocated after the request's own numbers.
pub(crate) fn area(columns: u32, rows: u32) -> Rect {
    let clamp = |n: u32, most: u16| n.clamp(1, u32::from(most)) as u16;
    Rect::new(0, 0, clamp(columns, LARGEST.0), clamp(rows, LARGEST.1))
}

/// Whether `typed` is `code`, as a friend may type it: any case, with or without the dash
/// and spaces. Every sign is compared, right or wrong, so the time taken tells nothing.
fn same_code(typed: &str, code: &str) -> bool {
    let signs = |text: &str| -> Vec<char> {
        text.chars().filter(|c| !c.is_whitespace() && *c != '-').flat_map(char::to_lowercase).collect()
    };
    let (typed, code) = (signs(typed), signs(code));
    typed.len() == code.len() && typed.iter().zip(&code).fold(true, |same, (a, b)| same & (a == b))
}

/// The host's key, made once and kept in `dir`, so that a friend's ssh knows the host
/// again the next time.
pub(crate) fn host_key(dir: &Path) -> Result<PrivateKey, Text> {
    let path = dir.join("host_key");
    let failed = |error: &dyn std::fmt::Display| {
        text!(ERR_READ, crate::i18n::shown_path(&path)).because(error.to_string())
    };
    if path.exists() {
        return PrivateKey::read_openssh_file(&path).map_err(|error| failed(&error));
    }
    let key = PrivateKey::random(&mut rand::rng(), russh::keys::Algorithm::Ed25519)
        .map_err(|error| failed(&error))?;
    store::ensure_dir(dir)?;
    key.write_openssh_file(&path, russh::keys::ssh_key::LineEnding::LF)
        .map_err(|error| text!(ERR_SAVE, crate::i18n::shown_path(&path)).because(error.to_string()))?;
    Ok(key)
}

/// The game a host opens to guests.
pub(crate) enum Hosted {
    /// A new game from this position, on this time control (or without clocks).
    New(AnyPosition, Option<crate::clock::TimeControl>),
    /// A kept game, read from this file, which goes on keeping it.
    Kept((SavedGame, PathBuf)),
}

/// `hexstack serve`: the game on this terminal, the host playing Blue, and open to one
/// friend (Red) and any number of watchers over SSH, until the host quits.
pub(crate) fn serve(hosted: Hosted, listen: &Listen, profile: Profile) -> Result<(), Text> {
    let dir = profile.folders.data().ok_or_else(|| text!(NET_NO_DATA_DIR))?.to_path_buf();
    let key = host_key(&dir)?;
    let allowed = match &listen.allow_key {
        Some(path) => {
            let shown = crate::i18n::shown_path(path);
            let key =
                std::fs::read_to_string(path).map_err(|e| text!(ERR_READ, &shown).because(e.to_string()))?;
            // The parser's own words repeat themselves ("length invalid: length invalid").
            Some(PublicKey::from_openssh(key.trim()).map_err(|_| text!(NET_BAD_KEY, shown))?)
        }
        None => None,
    };
    let code = join_code();
    let (game, kept) = match hosted {
        Hosted::New(start, control) => {
            let clock = control.map(|control| Clock::new(control, Timepiece::real()));
            (crate::each_game!(map AnyRecord::new(start), record => record.with_clock(clock.clone())), None)
        }
        Hosted::Kept((saved, path)) => (saved.game, Some((saved.players, path))),
    };
    let link = Link::new(game);
    let access = Access { code: code.clone(), key: allowed };
    let bind = SocketAddr::new(listen.bind, listen.port);
    let wakes = Wakes::default();
    let hosting = Hosting::start_with(Arc::clone(&link), access, key, bind, Limits::default(), &wakes)
        .map_err(|error| text!(NET_NO_LISTEN, bind.to_string()).because(format!("{error:#}")))?;
    let invite = invite(hosting.addr().port(), listen.bind, &code);
    println!("{}", profile.lang.say(&invite));
    let mut seat = link.sit(Colour::Blue, false);
    seat.invite = Some(invite);
    // The host's screen hears when guests cannot come in (out of file descriptors) and
    // when they can again.
    let (told, waking) = (Arc::clone(&link), wakes.sender.clone());
    hosting.tell_listening(move |listening| {
        told.set_listening(listening);
        let _ = waking.try_send(Wake::Link);
    });
    let mut app = App::shared(profile, seat, Rect::default());
    if let Some((players, path)) = kept {
        app = app.with_players(players);
        if let Some(game) = app.game_screen() {
            game.kept().keeping().at = Some(path);
        }
    }
    let result = terminal::run_shared(app, wakes, Some(Arc::clone(&link)));
    hosting.stop();
    result
}

/// How the friend joins, on the host's screen: the ssh command and its password, and if
/// only this machine can come in, how to let the network in.
fn invite(port: u16, bind: std::net::IpAddr, code: &str) -> Text {
    let host = match bind.is_unspecified() {
        true => text!(NET_THIS_HOST),
        false => text!(PLAIN, bind.to_string()),
    };
    let invite = text!(NET_INVITE, port, host, code.to_string());
    match bind.is_loopback() {
        true => text!(NET_INVITE_LOCAL, invite),
        false => invite,
    }
}

/// The SSH server of a shared game, running on its own threads until stopped. Its guests'
/// terminals are served by the loop whose channel it was given.
pub(crate) struct Hosting {
    link: Arc<Link>,
    server: SshServer,
    wakes: SyncSender<Wake>,
}

impl Hosting {
    /// Listens on `bind` within `limits`, for guests of the game on `link` whose terminals
    /// the loop of `wakes` serves.
    pub(crate) fn start_with(
        link: Arc<Link>,
        access: Access,
        key: PrivateKey,
        bind: SocketAddr,
        limits: Limits,
        wakes: &Wakes,
    ) -> Result<Hosting> {
        let welcome = Welcome {
            code: Some(access.code),
            keys: access.key.map_or(Keys::None, Keys::One),
            keyless: None,
            commands: false,
            lines: false,
            full: NET_FULL,
            watchers_full: NET_FULL,
        };
        let methods = Doors::<guests::Guests>::methods(&welcome);
        let server = SshServer::start(key, bind, &limits.clone(), methods, |open| {
            let doors = Doors::new(guests::Guests::new(wakes), welcome, limits, open);
            move |visit| doors.session(visit)
        })?;
        Ok(Hosting { link, server, wakes: wakes.sender.clone() })
    }

    /// Where guests connect.
    pub(crate) fn addr(&self) -> SocketAddr {
        self.server.addr()
    }

    /// Whether new guests are being let in: false while the process is out of file
    /// descriptors (the server waits for one and takes them then).
    #[cfg(test)]
    pub(crate) fn listening(&self) -> bool {
        self.server.listening()
    }

    /// `tell` hears each change of [`Hosting::listening`] (from the server's threads), so
    /// that the host's screen can say it.
    pub(crate) fn tell_listening(&self, tell: impl Fn(bool) + Send + Sync + 'static) {
        self.server.tell_listening(tell);
    }

    /// Stops listening and lets every guest go, their terminals left clean: the loop
    /// restored each guest's screen as it ended, and the connections close once that went
    /// out (a few seconds at most: on a busy machine the sending tasks may wait their turn).
    pub(crate) fn stop(self) {
        self.link.close();
        let _ = self.wakes.send(Wake::Stop);
        // The SSH goodbye is the protocol's: each guest's screen was told in its language.
        self.server.stop(Lang::En.say(&text!(NET_HOST_LEFT)));
    }
}

#[cfg(test)]
mod tests;
