//! One SSH connection, from the accept to the game: its login, its channel, its terminal's
//! size and language, and its own queue to the loop that draws its screen.

use super::output::{self, Output};
use super::{Access, LARGEST, Limits, accept, input, limits, login_tries, same_code};
use crate::app::event::{self, Arrivals, Mailbox, Redraw, Refused, Wake};
use crate::app::profile::Profile;
use crate::i18n::keys::*;
use crate::i18n::{Key, Lang, text};
use crate::terminal::Wakes;
use anyhow::Result;
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;
use russh::keys::PublicKey;
use russh::server::{Auth, ChannelOpenHandle, Msg, PublicKeyOffer, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelWriteHalf, Sig};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::SyncSender;
use std::time::Instant;

/// Makes each connection's handler.
pub(super) struct Server {
    shared: Shared,
    /// The next guest's number.
    next: AtomicU64,
}

/// What every connection's handler shares.
#[derive(Clone)]
struct Shared {
    access: Arc<Access>,
    login_tries: Arc<login_tries::LoginTries>,
    limits: Arc<Limits>,
    /// The loop that serves the guests' terminals, and where a guest's queue is handed to it.
    wakes: SyncSender<Wake>,
    arrivals: Arrivals,
    open: output::Open,
}

impl Server {
    pub(super) fn new(access: Access, wakes: &Wakes, limits: Limits, open: output::Open) -> Server {
        let shared = Shared {
            access: Arc::new(access),
            login_tries: Arc::new(login_tries::LoginTries::new(&limits)),
            limits: Arc::new(limits),
            wakes: wakes.sender.clone(),
            arrivals: wakes.inlet.arrivals.clone(),
            open,
        };
        Server { shared, next: AtomicU64::new(1) }
    }

    pub(super) fn guest(&self, visit: accept::Visit) -> Guest {
        let keys = limits::Bucket::new(self.shared.limits.keys, Instant::now());
        Guest {
            id: self.next.fetch_add(1, Ordering::Relaxed),
            shared: self.shared.clone(),
            visit,
            area: Rect::new(0, 0, 80, 24),
            lang: None,
            no_color: false,
            reader: input::Reader::default(),
            game: None,
            writer: None,
            mailbox: None,
            keys,
            outbox: None,
        }
    }
}

/// One SSH connection: its terminal's size and language, and the way to the loop that
/// serves its screen.
pub(super) struct Guest {
    id: u64,
    shared: Shared,
    visit: accept::Visit,
    area: Rect,
    lang: Option<Lang>,
    /// Whether its client sent `NO_COLOR` (set, not empty): its screen draws no colour.
    no_color: bool,
    reader: input::Reader,
    /// The connection's one channel for the game: others are refused.
    game: Option<ChannelId>,
    /// Its writing half, until the game starts on it.
    writer: Option<ChannelWriteHalf<Msg>>,
    /// Its queue to the loop while its terminal is at the game; dropped, it has left.
    mailbox: Option<Mailbox>,
    /// Keys allowed: a flood lets the guest go.
    keys: limits::Bucket,
    /// Where the guest's screen goes, for a last line.
    outbox: Option<Arc<output::Outbox>>,
}

impl Guest {
    /// Hands `event` to the loop through the guest's own queue; a guest past its queue
    /// sends faster than anyone types, and is told why and let go.
    fn send(&mut self, event: Event) {
        let Some(mailbox) = &self.mailbox else { return };
        match mailbox.put(event::Guest::Input(event)) {
            Ok(()) => {}
            Err(Refused::Full) => self.let_go(NET_FLOOD),
            Err(Refused::Gone) => self.mailbox = None,
        }
    }

    /// The guest's terminal leaves the game: the loop restores it and frees its seat.
    fn leave(&mut self) {
        self.mailbox = None;
    }

    /// Lets the guest go, telling it `why` once its screen is restored.
    fn let_go(&mut self, why: Key<0>) {
        match &self.outbox {
            // The loop restores the screen, and the line follows.
            Some(outbox) => outbox.farewell(self.lang().say(&text!(why))),
            None => self.visit.cut.cut(),
        }
        self.leave();
    }

    /// `count` more keys: false (and the guest let go, told why) past the limit.
    fn count_keys(&mut self, count: usize) -> bool {
        if self.keys.try_take(Instant::now(), u32::try_from(count).unwrap_or(u32::MAX)) {
            return true;
        }
        self.let_go(NET_FLOOD);
        false
    }

    fn lang(&self) -> Lang {
        self.lang.unwrap_or_default()
    }

    fn ours(&self, channel: ChannelId) -> bool {
        self.game == Some(channel)
    }

    fn accept(&mut self) -> Auth {
        // In but no room: told so when the game would start.
        self.visit.come_in();
        Auth::Accept
    }
}

impl russh::server::Handler for Guest {
    type Error = anyhow::Error;

    async fn auth_password(&mut self, _user: &str, password: &str) -> Result<Auth> {
        let from = self.visit.peer.ip();
        // An address out of tries is not even checked: not by this code either.
        if !self.shared.login_tries.may_try(from) {
            return Ok(try_again());
        }
        if same_code(password, &self.shared.access.code) {
            return Ok(self.accept());
        }
        self.shared.login_tries.wrong(from, self.visit.deadline).await;
        if Instant::now() >= self.visit.deadline {
            return Err(anyhow::anyhow!("login time over"));
        }
        Ok(try_again())
    }

    async fn auth_publickey_offered(&mut self, _user: &str, offer: PublicKeyOffer<'_>) -> Result<Auth> {
        Ok(if self.allowed(offer.public_key) { Auth::Accept } else { try_again() })
    }

    async fn auth_publickey(&mut self, _user: &str, key: VerifiedPublicKey<'_>) -> Result<Auth> {
        Ok(if self.allowed(key.public_key) { self.accept() } else { try_again() })
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<()> {
        // One game a connection; the dropped reply refuses any other.
        if self.game.is_none() {
            self.game = Some(channel.id());
            // Only its writing half is kept: what the guest types comes through `data`.
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
        if self.ours(channel) {
            self.area = area(columns, rows);
        }
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
        if matches!(name, "LANG" | "LC_ALL" | "LC_MESSAGES") {
            self.lang = Lang::from_locale(value).or(self.lang);
        }
        if name == "NO_COLOR" {
            self.no_color = !value.is_empty();
        }
        session.channel_success(channel)?;
        Ok(())
    }

    async fn shell_request(&mut self, channel: ChannelId, session: &mut Session) -> Result<()> {
        let Some(writer) = self.writer.take().filter(|_| self.ours(channel)) else {
            session.channel_failure(channel)?;
            return Ok(());
        };
        session.channel_success(channel)?;
        let cut = Arc::clone(&self.visit.cut);
        let output =
            Output::start(writer, session.handle(), cut, &self.shared.limits, Arc::clone(&self.shared.open));
        if !self.visit.is_in() {
            output.outbox().farewell(self.lang().say(&text!(NET_FULL, self.shared.limits.guests)));
            return Ok(());
        }
        self.outbox = Some(output.outbox());
        let redraw: Redraw = output.redraw();
        // The guest's own language and colours; the program's keys and defaults, never the
        // host's (the host's config file is the host's own).
        let (area, profile) = (self.area, Box::new(Profile::guest(self.lang(), self.no_color)));
        let wakes = self.shared.wakes.clone();
        let mailbox = self.shared.arrivals.open(self.id, wakes.clone());
        let joined = event::Guest::Joined { output: Box::new(output), area, profile, redraw, wakes };
        if mailbox.put(joined).is_ok() {
            self.mailbox = Some(mailbox);
        }
        Ok(())
    }

    async fn exec_request(&mut self, channel: ChannelId, _: &[u8], session: &mut Session) -> Result<()> {
        // Only the game is served: no commands.
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn subsystem_request(&mut self, channel: ChannelId, _: &str, session: &mut Session) -> Result<()> {
        // No sftp, nor any other subsystem.
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _: bool,
        _: &str,
        _: &str,
        _: u32,
        session: &mut Session,
    ) -> Result<()> {
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn signal(&mut self, channel: ChannelId, _: Sig, session: &mut Session) -> Result<()> {
        // Nothing runs that a signal could reach (a reply only if one was asked for).
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn data(&mut self, channel: ChannelId, data: &[u8], _session: &mut Session) -> Result<()> {
        if !self.ours(channel) || self.mailbox.is_none() {
            return Ok(());
        }
        let events = self.reader.read(data);
        if self.count_keys(events.len()) {
            for event in events {
                self.send(event);
            }
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
        if self.ours(channel) && self.count_keys(1) {
            self.area = area(columns, rows);
            self.send(Event::Resize(self.area.width, self.area.height));
        }
        Ok(())
    }

    async fn channel_eof(&mut self, _channel: ChannelId, _session: &mut Session) -> Result<()> {
        self.leave();
        Ok(())
    }

    async fn channel_close(&mut self, _channel: ChannelId, _session: &mut Session) -> Result<()> {
        if let Some(outbox) = &self.outbox {
            outbox.peer_closed();
        }
        self.leave();
        Ok(())
    }
}

impl Drop for Guest {
    /// A connection that drops lets go of its seat.
    fn drop(&mut self) {
        self.leave();
    }
}

impl Guest {
    fn allowed(&self, key: &PublicKey) -> bool {
        self.shared.access.key.as_ref().is_some_and(|allowed| allowed.key_data() == key.key_data())
    }
}

/// The two ways in: the join code as password, or a key the host named.
pub(super) fn ways_in() -> russh::MethodSet {
    russh::MethodSet::from(&[russh::MethodKind::Password, russh::MethodKind::PublicKey][..])
}

/// A refusal that lets the friend type the code again (until the attempts run out).
fn try_again() -> Auth {
    Auth::Reject { proceed_with_methods: Some(ways_in()), partial_success: false }
}

/// A guest's window as drawn for: what the guest asked, within [`LARGEST`]. Nothing is
/// allocated after the request's own numbers.
pub fn area(columns: u32, rows: u32) -> Rect {
    let clamp = |n: u32, most: u16| n.clamp(1, u32::from(most)) as u16;
    Rect::new(0, 0, clamp(columns, LARGEST.0), clamp(rows, LARGEST.1))
}
