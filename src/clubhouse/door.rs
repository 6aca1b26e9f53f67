//! One SSH connection to the club: who comes (the name they typed and their key, or no
//! key: a watcher), their language, and the one thing their channel asks for (a script
//! command, the bot protocol, the lobby). Everything it asks goes to the hub's loop as a
//! [`Call`]; what the hub says goes out through the connection's bounded [`Output`].

use super::hub::{Ask, Call, Who};
use crate::club::bot::Lines;
use crate::i18n::Lang;
use crate::net::input::Reader;
use crate::net::{Bucket, Limits, Open, Outbox, Output, Visit, area};
use anyhow::Result;
use ratatui::layout::Rect;
use russh::keys::{HashAlg, PublicKey};
use russh::server::{Auth, ChannelOpenHandle, Msg, PublicKeyOffer, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelWriteHalf, MethodKind, MethodSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError};
use std::time::Instant;

/// What every connection's handler shares.
pub struct Doors {
    calls: SyncSender<Call>,
    limits: Arc<Limits>,
    open: Open,
    next: AtomicU64,
}

impl Doors {
    pub fn new(calls: SyncSender<Call>, limits: Limits, open: Open) -> Doors {
        Doors { calls, limits: Arc::new(limits), open, next: AtomicU64::new(1) }
    }

    /// The handler of a new connection.
    pub fn door(&self, visit: Visit) -> Door {
        Door {
            conn: self.next.fetch_add(1, Ordering::Relaxed),
            calls: self.calls.clone(),
            limits: Arc::clone(&self.limits),
            open: Arc::clone(&self.open),
            lines_allowed: Bucket::new(self.limits.keys, Instant::now()),
            visit,
            name: String::new(),
            key: None,
            lang: None,
            no_color: false,
            channel: None,
            writer: None,
            lines: None,
            keys: None,
            area: Rect::new(0, 0, 80, 24),
            outbox: None,
            opened: false,
        }
    }
}

/// The ways in: a key (a member), or keyboard-interactive with no question (a watcher
/// without a key; OpenSSH tries it only after every key it has).
pub fn ways_in() -> MethodSet {
    MethodSet::from(&[MethodKind::PublicKey, MethodKind::KeyboardInteractive][..])
}

/// One connection.
pub struct Door {
    conn: u64,
    calls: SyncSender<Call>,
    limits: Arc<Limits>,
    open: Open,
    /// Bot lines allowed: a flood lets the connection go.
    lines_allowed: Bucket,
    visit: Visit,
    /// The name typed (`ssh NAME@HOST`).
    name: String,
    /// The key's fingerprint (`SHA256:...`), none for a watcher.
    key: Option<String>,
    lang: Option<Lang>,
    /// Whether its client sent `NO_COLOR` (set, not empty): its screen draws no colour.
    no_color: bool,
    /// The connection's one channel: others are refused.
    channel: Option<ChannelId>,
    writer: Option<ChannelWriteHalf<Msg>>,
    /// The bot protocol's lines as they come, once the channel speaks it.
    lines: Option<Lines>,
    /// A terminal's keys as they come, once the channel is the lobby.
    keys: Option<Reader>,
    /// The terminal's size, as its pty request and resizes say.
    area: Rect,
    /// Where the channel's output goes, told when the peer closes it.
    outbox: Option<Arc<Outbox>>,
    /// Whether the hub was told of the channel (and so must hear that it went).
    opened: bool,
}

impl Door {
    fn ours(&self, channel: ChannelId) -> bool {
        self.channel == Some(channel)
    }

    /// Hands `ask` to the hub with the channel's output; refuses the channel if it is not
    /// this connection's or was used already.
    fn start(&mut self, channel: ChannelId, ask: Ask, session: &mut Session) -> Result<()> {
        let Some(writer) = self.writer.take().filter(|_| self.ours(channel)) else {
            session.channel_failure(channel)?;
            return Ok(());
        };
        session.channel_success(channel)?;
        let output = Output::start(
            writer,
            session.handle(),
            Arc::clone(&self.visit.cut),
            &self.limits,
            Arc::clone(&self.open),
        );
        self.outbox = Some(output.outbox());
        match ask {
            Ask::Bot => self.lines = Some(Lines::default()),
            Ask::Lobby(_) => self.keys = Some(Reader::default()),
            _ => {}
        }
        let who = Who {
            name: self.name.clone(),
            key: self.key.clone(),
            lang: self.lang.unwrap_or_default(),
            no_color: self.no_color,
            peer: self.visit.peer,
        };
        self.opened = true;
        self.call(Call::Open { conn: self.conn, who, ask, output: Box::new(output) });
        Ok(())
    }

    /// Tells the hub; a hub too busy to take it lets this connection go.
    fn call(&mut self, call: Call) {
        match self.calls.try_send(call) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => self.visit.cut.cut(),
            Err(TrySendError::Disconnected(_)) => self.visit.cut.cut(),
        }
    }

    fn came_in(&mut self, user: &str, key: Option<&PublicKey>) -> Auth {
        self.name = user.to_string();
        self.key = key.map(|key| key.fingerprint(HashAlg::Sha256).to_string());
        // In but no room: told so by the hub.
        self.visit.come_in();
        Auth::Accept
    }

    /// `count` more lines or keys: false (and the connection let go) past the limit, faster
    /// than any person or program needs.
    fn allowed(&mut self, count: usize) -> bool {
        if self.lines_allowed.try_take(Instant::now(), u32::try_from(count).unwrap_or(u32::MAX)) {
            return true;
        }
        self.visit.cut.cut();
        self.left();
        false
    }

    fn left(&mut self) {
        self.lines = None;
        self.keys = None;
        if std::mem::take(&mut self.opened) {
            // The one call that must get through: the hub drains its queue quickly.
            let _ = self.calls.send(Call::Gone { conn: self.conn });
        }
    }
}

impl russh::server::Handler for Door {
    type Error = anyhow::Error;

    async fn auth_publickey_offered(&mut self, _user: &str, _offer: PublicKeyOffer<'_>) -> Result<Auth> {
        // Any key: a new one registers its name, a known one is its member's.
        Ok(Auth::Accept)
    }

    async fn auth_publickey(&mut self, user: &str, key: VerifiedPublicKey<'_>) -> Result<Auth> {
        Ok(self.came_in(user, Some(key.public_key)))
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _submethods: &str,
        _response: Option<russh::server::Response<'a>>,
    ) -> Result<Auth> {
        // No key: a watcher, if the club lets them in (the hub says).
        Ok(self.came_in(user, None))
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<()> {
        if self.channel.is_none() && self.visit.is_in() {
            self.channel = Some(channel.id());
            self.writer = Some(channel.split().1);
            reply.accept().await;
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    async fn pty_request(
        &mut self,
        channel: ChannelId,
        _term: &str,
        columns: u32,
        rows: u32,
        _: u32,
        _: u32,
        _: &[(russh::Pty, u32)],
        session: &mut Session,
    ) -> Result<()> {
        self.area = area(columns, rows);
        session.channel_success(channel)?;
        Ok(())
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        value: &str,
        session: &mut Session,
    ) -> Result<()> {
        match name {
            "LANG" | "LC_ALL" | "LC_MESSAGES" => self.lang = Lang::from_locale(value).or(self.lang),
            "NO_COLOR" => self.no_color = !value.is_empty(),
            _ => {}
        }
        session.channel_success(channel)?;
        Ok(())
    }

    async fn shell_request(&mut self, channel: ChannelId, session: &mut Session) -> Result<()> {
        self.start(channel, Ask::Lobby(self.area), session)
    }

    async fn exec_request(&mut self, channel: ChannelId, data: &[u8], session: &mut Session) -> Result<()> {
        let ask = Ask::read(data);
        self.start(channel, ask, session)
    }

    async fn subsystem_request(&mut self, channel: ChannelId, _: &str, session: &mut Session) -> Result<()> {
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn data(&mut self, channel: ChannelId, data: &[u8], _session: &mut Session) -> Result<()> {
        if !self.ours(channel) {
            return Ok(());
        }
        if let Some(keys) = &mut self.keys {
            let keys = keys.read(data);
            if self.allowed(keys.len()) {
                for input in keys {
                    self.call(Call::Key { conn: self.conn, input });
                }
            }
            return Ok(());
        }
        let Some(lines) = &mut self.lines else { return Ok(()) };
        let lines = lines.push(data);
        if !self.allowed(lines.len()) {
            return Ok(());
        }
        for line in lines {
            self.call(Call::Line { conn: self.conn, line });
        }
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        columns: u32,
        rows: u32,
        _: u32,
        _: u32,
        _session: &mut Session,
    ) -> Result<()> {
        if self.ours(channel) && self.keys.is_some() && self.allowed(1) {
            self.area = area(columns, rows);
            let input = ratatui::crossterm::event::Event::Resize(self.area.width, self.area.height);
            self.call(Call::Key { conn: self.conn, input });
        }
        Ok(())
    }

    async fn channel_close(&mut self, _channel: ChannelId, _session: &mut Session) -> Result<()> {
        // A bot's end of input is not its leaving: it may wait for its games' events.
        if let Some(outbox) = &self.outbox {
            outbox.peer_closed();
        }
        self.left();
        Ok(())
    }
}

impl Drop for Door {
    fn drop(&mut self) {
        self.left();
    }
}
