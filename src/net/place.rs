//! What makes a place that people come to over SSH: its rules, as data ([`Welcome`]: the
//! ways in, keyless watchers, commands, what a full place says), and where what a
//! connection sends goes ([`Place`], [`Inlet`]). `serve` and the club are two places for
//! the one session handler.

use super::output::Output;
use crate::i18n::{Key, Lang};
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;
use russh::MethodKind;
use russh::MethodSet;
use russh::keys::PublicKey;
use std::net::SocketAddr;
use std::time::Duration;

/// How a place lets people in and what they may ask of it: its rules, as data.
#[derive(Clone, Debug)]
pub(crate) struct Welcome {
    /// The join code a friend types as the password (`serve`'s).
    pub code: Option<String>,
    /// Whose key lets them in.
    pub keys: Keys,
    /// Whether someone without a key comes in (the club's watchers), and how long such a
    /// connection may stay without sending anything.
    pub keyless: Option<Duration>,
    /// Whether a command (`ssh HOST COMMAND`) is taken beside a terminal.
    pub commands: bool,
    /// Whether a terminal whose `TERM` is `dumb` is served in lines ([`Asked::Lines`]), for
    /// a screen reader: else it is drawn as any other.
    pub lines: bool,
    /// What a connection that finds the place full is told: the text, given how many are in.
    pub full: Key<1>,
    /// What a keyless connection that finds the watchers' share taken is told, given the
    /// share.
    pub watchers_full: Key<1>,
}

/// Whose key lets them in.
#[derive(Clone, Debug)]
pub(crate) enum Keys {
    /// Nobody's.
    None,
    /// This one key's (`serve --allow-key`).
    One(PublicKey),
    /// Anyone's: the key is who they are (the club's members).
    Any,
}

impl Welcome {
    /// The ways in it offers.
    pub(super) fn methods(&self) -> MethodSet {
        let mut methods = Vec::new();
        if self.code.is_some() {
            methods.push(MethodKind::Password);
        }
        if !matches!(self.keys, Keys::None) {
            methods.push(MethodKind::PublicKey);
        }
        if self.keyless.is_some() {
            // With no question: OpenSSH tries it only after every key it has.
            methods.push(MethodKind::KeyboardInteractive);
        }
        MethodSet::from(&methods[..])
    }

    pub(super) fn lets_in(&self, key: &PublicKey) -> bool {
        match &self.keys {
            Keys::None => false,
            Keys::One(allowed) => allowed.key_data() == key.key_data(),
            Keys::Any => true,
        }
    }
}

/// Who came in, as the place is told.
#[derive(Clone, Debug)]
pub(crate) struct Visitor {
    /// The connection's number, the same for all it sends.
    pub id: u64,
    /// The name typed (`ssh NAME@HOST`).
    pub name: String,
    /// The key's fingerprint (`SHA256:...`); none for a keyless watcher or a join code.
    pub key: Option<String>,
    pub lang: Lang,
    /// Whether its client sent `NO_COLOR` (set, not empty): its screen draws no colour.
    pub no_color: bool,
    pub peer: SocketAddr,
}

/// What a connection's channel asks for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Asked {
    /// A terminal of this size.
    Terminal(Rect),
    /// A command's words, as the client sent them.
    Command(Vec<u8>),
    /// A terminal whose `TERM` is `dumb`, for a place that serves it in lines: what is
    /// typed comes as bytes ([`Sent::Bytes`]) for the place to echo, since the client's
    /// terminal is raw and shows nothing itself.
    Lines,
}

/// What a connection sent.
pub(crate) enum Sent<'a> {
    /// A terminal's keys, clicks and resizes.
    Input(Vec<Event>),
    /// A command's input, or what is typed on a terminal served in lines.
    Bytes(&'a [u8]),
    /// A command's input (or a terminal's in lines) ended: its client sent end of file.
    End,
}

/// Where what connections send goes: `serve`'s loop, or the club's hub.
pub(crate) trait Place: Send + Sync + 'static {
    /// Connection `visitor` is in and asks for `asked`, its output `output`: where what
    /// it sends goes from now on; none when the place answered it whole (and closes it).
    fn open(&self, visitor: Visitor, asked: Asked, output: Output) -> Option<Box<dyn Inlet>>;
}

/// Where one connection's keys or bytes go; dropped, the place hears it went.
pub(crate) trait Inlet: Send {
    /// Takes what the connection sent: false when the place can take no more from it (it
    /// sends faster than anyone types), and the connection is let go.
    fn sent(&mut self, sent: Sent) -> bool;
}
