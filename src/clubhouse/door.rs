//! The club as a place for `net`'s one SSH session handler: its welcome (any key is a
//! member, no key a watcher if the club lets them in, commands taken) and where what a
//! connection sends goes: the hub's loop, as [`Call`]s.

use super::hub::{Ask, Call, Who};
use super::typing::Typing;
use crate::app::event::Heard;
use crate::club::bot::Lines;
use crate::i18n::keys::*;
use crate::net::{Asked, Inlet, Keys, Output, Place, Sent, Visitor, Welcome};
use std::sync::mpsc::{SyncSender, TrySendError};
use std::time::Duration;

/// The club's ways in and what it takes, as data: `keyless` the time an idle keyless
/// watcher may stay (none: the club lets in members only).
pub(super) fn welcome(keyless: Option<Duration>) -> Welcome {
    Welcome {
        code: None,
        keys: Keys::Any,
        keyless,
        commands: true,
        lines: true,
        full: CLUB_FULL,
        watchers_full: CLUB_WATCHERS_FULL,
    }
}

/// The hub, as connections reach it.
pub(super) struct Hall {
    pub calls: SyncSender<Call>,
}

impl Place for Hall {
    fn open(&self, visitor: Visitor, asked: Asked, output: Output) -> Option<Box<dyn Inlet>> {
        let conn = visitor.id;
        let ask = match &asked {
            Asked::Terminal(area) => Ask::Lobby(*area),
            Asked::Command(words) => Ask::read(words),
            Asked::Lines => Ask::Speech { echo: true },
        };
        let lines = match ask {
            Ask::Bot => Some(Read::Bot(Lines::default())),
            Ask::Speech { echo } => Some(Read::Typed(Typing::new(echo.then(|| output.outbox())))),
            _ => None,
        };
        let who = Who {
            name: visitor.name,
            key: visitor.key,
            lang: visitor.lang,
            no_color: visitor.no_color,
            peer: visitor.peer,
        };
        // A hub too busy to take it has the connection let go as it goes.
        let call = Call::Open { conn, who: Box::new(who), ask: Box::new(ask), output: Box::new(output) };
        self.calls.try_send(call).ok()?;
        Some(Box::new(Doorway { conn, calls: self.calls.clone(), lines }))
    }
}

/// One connection's way to the hub; dropped, the hub hears it went.
struct Doorway {
    conn: u64,
    calls: SyncSender<Call>,
    /// The lines as they come, once the channel speaks the bot protocol or is a member's
    /// in lines.
    lines: Option<Read>,
}

/// How a channel's bytes are read.
enum Read {
    /// The bot protocol's lines.
    Bot(Lines),
    /// A member's typed lines, echoed where they come from a raw terminal.
    Typed(Typing),
}

impl Inlet for Doorway {
    fn sent(&mut self, sent: Sent) -> bool {
        let conn = self.conn;
        let calls: Vec<Call> = match (sent, &mut self.lines) {
            (Sent::Input(events), _) => events.into_iter().map(|input| Call::Key { conn, input }).collect(),
            (Sent::Bytes(bytes), Some(Read::Bot(lines))) => {
                lines.push(bytes).into_iter().map(|line| Call::Line { conn, line }).collect()
            }
            (Sent::Bytes(bytes), Some(Read::Typed(typing))) => {
                typing.push(bytes).into_iter().map(|heard| Call::Said { conn, heard }).collect()
            }
            (Sent::End, Some(Read::Typed(_))) => vec![Call::Said { conn, heard: Heard::End }],
            // A script's command was answered whole: what follows it is not read; a bot
            // waits for its games' events after its input ends.
            (Sent::Bytes(_), None) | (Sent::End, _) => Vec::new(),
        };
        calls.into_iter().all(|call| match self.calls.try_send(call) {
            Ok(()) => true,
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => false,
        })
    }
}

impl Drop for Doorway {
    fn drop(&mut self) {
        // The one call that must get through: the hub drains its queue quickly.
        let _ = self.calls.send(Call::Gone { conn: self.conn });
    }
}
