//! One SSH connection, whatever place it comes to: its login by the place's ways in, its
//! one channel, its terminal's size, language and colours, what it sends (counted against
//! the flood limit), and its bounded output. `serve` and the club differ only in their
//! [`Welcome`] and their [`Place`], so every defence of docs/SECURITY.md holds for both.

use super::accept::Visit;
use super::login_tries::LoginTries;
use super::output::{self, Output};
use super::place::{Asked, Inlet, Place, Sent, Visitor, Welcome};
use super::{Limits, area, input, same_code};
use crate::i18n::keys::*;
use crate::i18n::{Key, Lang, text};
use anyhow::Result;
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;
use russh::keys::{HashAlg, PublicKey};
use russh::server::{Auth, ChannelOpenHandle, Msg, PublicKeyOffer, Session as Ssh, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelWriteHalf, MethodSet, Sig};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// What every connection's handler shares.
pub(crate) struct Doors<P: Place> {
    place: Arc<P>,
    welcome: Arc<Welcome>,
    limits: Arc<Limits>,
    login_tries: Arc<LoginTries>,
    open: output::Open,
    next: AtomicU64,
}

impl<P: Place> Doors<P> {
    pub(crate) fn new(place: P, welcome: Welcome, limits: Limits, open: output::Open) -> Doors<P> {
        Doors {
            place: Arc::new(place),
            login_tries: Arc::new(LoginTries::new(&limits)),
            welcome: Arc::new(welcome),
            limits: Arc::new(limits),
            open,
            next: AtomicU64::new(1),
        }
    }

    /// The handler of a new connection.
    pub(crate) fn session(&self, visit: Visit) -> Connection<P> {
        Connection {
            id: self.next.fetch_add(1, Ordering::Relaxed),
            place: Arc::clone(&self.place),
            welcome: Arc::clone(&self.welcome),
            limits: Arc::clone(&self.limits),
            login_tries: Arc::clone(&self.login_tries),
            open: Arc::clone(&self.open),
            keys: super::Bucket::new(self.limits.keys, Instant::now()),
            visit,
            name: String::new(),
            key: None,
            lang: None,
            no_color: false,
            dumb: false,
            area: Rect::new(0, 0, 80, 24),
            channel: None,
            writer: None,
            reader: None,
            inlet: None,
            outbox: None,
            active: None,
        }
    }

    /// The ways in the place offers.
    pub(crate) fn methods(welcome: &Welcome) -> MethodSet {
        welcome.methods()
    }
}

/// One connection.
pub(crate) struct Connection<P: Place> {
    id: u64,
    place: Arc<P>,
    welcome: Arc<Welcome>,
    limits: Arc<Limits>,
    login_tries: Arc<LoginTries>,
    open: output::Open,
    /// Keys and lines allowed: a flood lets the connection go.
    keys: super::Bucket,
    visit: Visit,
    name: String,
    key: Option<String>,
    lang: Option<Lang>,
    no_color: bool,
    /// Whether its terminal's `TERM` is `dumb` (a screen reader's, served in lines where
    /// the place takes them).
    dumb: bool,
    area: Rect,
    /// The connection's one channel: others are refused.
    channel: Option<ChannelId>,
    /// Its writing half, until the channel asks for something.
    writer: Option<ChannelWriteHalf<Msg>>,
    /// A terminal's keys as they come (none for a command).
    reader: Option<input::KeyReader>,
    /// Where what it sends goes; dropped, the place hears it went.
    inlet: Option<Box<dyn Inlet>>,
    /// Where its output goes, for a last line.
    outbox: Option<Arc<output::Outbox>>,
    /// When a keyless connection last sent something (milliseconds since it came in, on
    /// the limits' alarm), and when it came in.
    active: Option<(Arc<AtomicU64>, Instant)>,
}

impl<P: Place> Connection<P> {
    fn lang(&self) -> Lang {
        self.lang.unwrap_or_default()
    }

    fn ours(&self, channel: ChannelId) -> bool {
        self.channel == Some(channel)
    }

    /// In, as `user` with `key` (none: a join code, or a keyless watcher): a place if
    /// there is room (else the channel is told the place is full).
    fn came_in(&mut self, user: &str, key: Option<&PublicKey>, keyless: bool) -> Auth {
        self.name = user.to_string();
        self.key = key.map(|key| key.fingerprint(HashAlg::Sha256).to_string());
        if self.visit.come_in(keyless) && keyless {
            self.watch_idle();
        }
        Auth::Accept
    }

    /// A keyless connection that sends nothing for the welcome's `keyless` time is let go:
    /// a watcher's place is for watching, not for holding.
    fn watch_idle(&mut self) {
        let Some(idle) = self.welcome.keyless else { return };
        let (active, cut, alarm) =
            (Arc::new(AtomicU64::new(0)), Arc::clone(&self.visit.cut), self.limits.alarm.clone());
        let since = alarm.now();
        self.active = Some((Arc::clone(&active), since));
        tokio::spawn(async move {
            loop {
                let last = active.load(Ordering::Relaxed);
                let due = since + Duration::from_millis(last) + idle;
                alarm.until(due).await;
                if active.load(Ordering::Relaxed) == last {
                    return cut.cut();
                }
            }
        });
    }

    /// Hands `asked` to the place with the channel's output; refuses the channel if it is
    /// not this connection's or was used already.
    fn start(&mut self, channel: ChannelId, asked: Asked, session: &mut Ssh) -> Result<()> {
        let Some(writer) = self.writer.take().filter(|_| self.ours(channel)) else {
            session.channel_failure(channel)?;
            return Ok(());
        };
        session.channel_success(channel)?;
        let cut = Arc::clone(&self.visit.cut);
        let output = Output::start(writer, session.handle(), cut, &self.limits, Arc::clone(&self.open));
        if !self.visit.is_in() {
            let full = match self.key.is_none() && self.visit.guests() < self.limits.guests {
                true => text!(self.welcome.watchers_full, self.limits.watchers),
                false => text!(self.welcome.full, self.visit.guests()),
            };
            output.outbox().farewell(self.lang().say(&full));
            output.outbox().exit_status(1);
            return Ok(());
        }
        self.outbox = Some(output.outbox());
        if let Asked::Terminal(_) = asked {
            self.reader = Some(input::KeyReader::default());
        }
        let visitor = Visitor {
            id: self.id,
            name: self.name.clone(),
            key: self.key.clone(),
            lang: self.lang(),
            no_color: self.no_color,
            peer: self.visit.peer,
        };
        self.inlet = self.place.open(visitor, asked, output);
        Ok(())
    }

    /// `count` more keys or lines: false (and the connection let go, told why) past the
    /// limit, faster than any person or program needs.
    fn allowed(&mut self, count: usize) -> bool {
        if let Some((active, since)) = &self.active {
            let after = self.limits.alarm.now().saturating_duration_since(*since);
            active.store(after.as_millis() as u64, Ordering::Relaxed);
        }
        if self.keys.try_take(Instant::now(), u32::try_from(count).unwrap_or(u32::MAX)) {
            return true;
        }
        self.let_go(NET_FLOOD);
        false
    }

    /// Hands `sent` to the place; one that can take no more lets the connection go.
    fn send(&mut self, sent: Sent) {
        if let Some(inlet) = &mut self.inlet
            && !inlet.sent(sent)
        {
            self.let_go(NET_FLOOD);
        }
    }

    /// Lets the connection go, telling it `why` once its screen is restored.
    fn let_go(&mut self, why: Key<0>) {
        match &self.outbox {
            // The place restores the screen, and the line follows.
            Some(outbox) => outbox.farewell(self.lang().say(&text!(why))),
            None => self.visit.cut.cut(),
        }
        self.leave();
    }

    /// The connection leaves the place: it hears so as the inlet drops.
    fn leave(&mut self) {
        self.reader = None;
        self.inlet = None;
    }
}

/// A refusal that lets the friend type the code again (until the attempts run out).
fn try_again(methods: MethodSet) -> Auth {
    Auth::Reject { proceed_with_methods: Some(methods), partial_success: false }
}

impl<P: Place> russh::server::Handler for Connection<P> {
    type Error = anyhow::Error;

    async fn auth_password(&mut self, user: &str, password: &str) -> Result<Auth> {
        let Some(code) = self.welcome.code.clone() else { return Ok(try_again(self.welcome.methods())) };
        let from = self.visit.peer.ip();
        // An address out of tries is not even checked: not by this code either.
        if !self.login_tries.may_try(from) {
            return Ok(try_again(self.welcome.methods()));
        }
        if same_code(password, &code) {
            return Ok(self.came_in(user, None, false));
        }
        self.login_tries.wrong(from, self.visit.deadline).await;
        if Instant::now() >= self.visit.deadline {
            return Err(anyhow::anyhow!("login time over"));
        }
        Ok(try_again(self.welcome.methods()))
    }

    async fn auth_publickey_offered(&mut self, _user: &str, offer: PublicKeyOffer<'_>) -> Result<Auth> {
        Ok(match self.welcome.lets_in(offer.public_key) {
            true => Auth::Accept,
            false => try_again(self.welcome.methods()),
        })
    }

    async fn auth_publickey(&mut self, user: &str, key: VerifiedPublicKey<'_>) -> Result<Auth> {
        Ok(match self.welcome.lets_in(key.public_key) {
            true => self.came_in(user, Some(key.public_key), false),
            false => try_again(self.welcome.methods()),
        })
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _submethods: &str,
        _response: Option<russh::server::Response<'a>>,
    ) -> Result<Auth> {
        Ok(match self.welcome.keyless {
            Some(_) => self.came_in(user, None, true),
            None => try_again(self.welcome.methods()),
        })
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Ssh,
    ) -> Result<()> {
        // One channel a connection; the dropped reply refuses any other. A connection that
        // found the place full gets its channel too, to be told so in words.
        if self.channel.is_none() {
            self.channel = Some(channel.id());
            // Only its writing half is kept: what comes in comes through `data`.
            self.writer = Some(channel.split().1);
            reply.accept().await;
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        columns: u32,
        rows: u32,
        _: u32,
        _: u32,
        _: &[(russh::Pty, u32)],
        session: &mut Ssh,
    ) -> Result<()> {
        if self.ours(channel) {
            self.area = area(columns, rows);
            self.dumb = term == "dumb";
        }
        session.channel_success(channel)?;
        Ok(())
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        value: &str,
        session: &mut Ssh,
    ) -> Result<()> {
        match name {
            "LANG" | "LC_ALL" | "LC_MESSAGES" => self.lang = Lang::from_locale(value).or(self.lang),
            "NO_COLOR" => self.no_color = !value.is_empty(),
            _ => {}
        }
        session.channel_success(channel)?;
        Ok(())
    }

    async fn shell_request(&mut self, channel: ChannelId, session: &mut Ssh) -> Result<()> {
        let asked = match self.dumb && self.welcome.lines {
            true => Asked::Lines,
            false => Asked::Terminal(self.area),
        };
        self.start(channel, asked, session)
    }

    async fn exec_request(&mut self, channel: ChannelId, data: &[u8], session: &mut Ssh) -> Result<()> {
        if !self.welcome.commands {
            // Only a terminal is served: no commands.
            session.channel_failure(channel)?;
            return Ok(());
        }
        let bounded = &data[..data.len().min(super::input::LONGEST_COMMAND)];
        self.start(channel, Asked::Command(bounded.to_vec()), session)
    }

    async fn subsystem_request(&mut self, channel: ChannelId, _: &str, session: &mut Ssh) -> Result<()> {
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
        session: &mut Ssh,
    ) -> Result<()> {
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn signal(&mut self, channel: ChannelId, _: Sig, session: &mut Ssh) -> Result<()> {
        // Nothing runs that a signal could reach (a reply only if one was asked for).
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn data(&mut self, channel: ChannelId, data: &[u8], _session: &mut Ssh) -> Result<()> {
        if !self.ours(channel) || self.inlet.is_none() {
            return Ok(());
        }
        match &mut self.reader {
            Some(reader) => {
                let events = reader.read(data);
                if self.allowed(events.len()) {
                    self.send(Sent::Input(events));
                }
            }
            None => {
                // A raw terminal in lines ends them with `\r`: each is counted too.
                let lines = data.iter().filter(|&&byte| matches!(byte, b'\n' | b'\r')).count().max(1);
                if self.allowed(lines) {
                    self.send(Sent::Bytes(data));
                }
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
        _session: &mut Ssh,
    ) -> Result<()> {
        if self.ours(channel) && self.reader.is_some() && self.allowed(1) {
            self.area = area(columns, rows);
            self.send(Sent::Input(vec![Event::Resize(self.area.width, self.area.height)]));
        }
        Ok(())
    }

    async fn channel_eof(&mut self, _channel: ChannelId, _session: &mut Ssh) -> Result<()> {
        // A terminal that sends no more has left; a command's end of input is not its
        // leaving (a bot may wait for its games' events): the place is told, and decides.
        match self.reader {
            Some(_) => self.leave(),
            None => self.send(Sent::End),
        }
        Ok(())
    }

    async fn channel_close(&mut self, _channel: ChannelId, _session: &mut Ssh) -> Result<()> {
        if let Some(outbox) = &self.outbox {
            outbox.peer_closed();
        }
        self.leave();
        Ok(())
    }
}

#[cfg(test)]
mod tests;
