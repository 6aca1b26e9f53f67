//! The session handler with a place of the test's own, on the loopback: a keyless
//! connection that sends nothing is let go after its time; one that sends stays.

use super::super::{
    Alarm, Asked, Doors, Inlet, Keys, Limits, Output, Place, Sent, SshServer, Visitor, Welcome,
};
use crate::i18n::keys::*;
use russh::client;
use std::sync::Arc;
use std::time::Duration;

/// A place that keeps every connection's output open and answers each line it is sent
/// with `ok`, so that the test knows the host has read it.
struct Echoing;

struct Echo(Output);

impl Inlet for Echo {
    fn sent(&mut self, _sent: Sent) -> bool {
        use std::io::Write;
        self.0.write_all(b"ok\n").and_then(|()| self.0.flush()).is_ok()
    }
}

impl Place for Echoing {
    fn open(&self, _visitor: Visitor, _asked: Asked, output: Output) -> Option<Box<dyn Inlet>> {
        Some(Box::new(Echo(output)))
    }
}

struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// A keyless connection running a command on `server`: its channel.
async fn keyless(server: &SshServer) -> (client::Handle<Trusting>, russh::Channel<client::Msg>) {
    let mut session =
        client::connect(Arc::new(client::Config::default()), server.addr(), Trusting).await.unwrap();
    let answer = session.authenticate_keyboard_interactive_start("watcher", None).await.unwrap();
    assert!(matches!(answer, client::KeyboardInteractiveAuthResponse::Success));
    let channel = session.channel_open_session().await.unwrap();
    channel.exec(true, "watch").await.unwrap();
    (session, channel)
}

/// Sends a line and waits for its `ok`: the host has read it (false: the connection ended).
async fn said(channel: &mut russh::Channel<client::Msg>) -> bool {
    if channel.data(&b"watch 1\n"[..]).await.is_err() {
        return false;
    }
    let answer = async {
        while let Some(message) = channel.wait().await {
            if let russh::ChannelMsg::Data { data } = message {
                return data.starts_with(b"ok");
            }
        }
        false
    };
    tokio::time::timeout(BOUND, answer).await.unwrap_or(false)
}

/// Whether the channel ended (the connection was let go), waiting for it at most [`BOUND`]
/// of real time, or not at all (`now`: whether it has ended already).
async fn ended(channel: &mut russh::Channel<client::Msg>, now: bool) -> bool {
    let closing = async { while channel.wait().await.is_some() {} };
    let within = if now { Duration::ZERO } else { BOUND };
    tokio::time::timeout(within, closing).await.is_ok()
}

/// The most real time a step of the test waits for the host: a bound, never a delay.
const BOUND: Duration = Duration::from_secs(10);

#[test]
fn a_keyless_connection_that_sends_nothing_is_let_go_and_one_that_sends_stays() {
    let idle = Duration::from_secs(600);
    let welcome = Welcome {
        code: None,
        keys: Keys::None,
        keyless: Some(idle),
        commands: true,
        lines: false,
        full: CLUB_FULL,
        watchers_full: CLUB_WATCHERS_FULL,
    };
    let key = russh::keys::PrivateKey::random(&mut rand::rng(), russh::keys::Algorithm::Ed25519).unwrap();
    let limits = Limits { alarm: Alarm::fake(), ..Limits::default() };
    let alarm = limits.alarm.clone();
    let methods = Doors::<Echoing>::methods(&welcome);
    let bind = "127.0.0.1:0".parse().unwrap();
    let server = SshServer::start(key, bind, &limits.clone(), methods, |open| {
        let doors = Doors::new(Echoing, welcome, limits, open);
        move |visit| doors.session(visit)
    })
    .unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let minutes = |count: u64| Duration::from_secs(60 * count);
    runtime.block_on(async {
        let (_silent_session, mut silent) = keyless(&server).await;
        let (_busy_session, mut busy) = keyless(&server).await;
        // At 6 minutes the busy one says something; at 9 both are there still.
        alarm.advance(minutes(6));
        assert!(said(&mut busy).await);
        alarm.advance(minutes(3) + Duration::from_secs(59));
        assert!(said(&mut busy).await, "at 9:59");
        assert!(!ended(&mut silent, true).await, "the silent one is there at 9:59");
        // At 10 the silent one goes; the busy one, heard from at 9:59, stays.
        alarm.advance(Duration::from_secs(1));
        assert!(ended(&mut silent, false).await, "the silent one was let go at 10 minutes");
        assert!(!ended(&mut busy, true).await, "the busy one stays");
        // Silent itself for ten minutes after its last line, it goes too.
        alarm.advance(minutes(10) - Duration::from_secs(2));
        assert!(said(&mut busy).await, "a second before its time, at 19:58");
        alarm.advance(minutes(10));
        assert!(ended(&mut busy, false).await, "idle at last, it goes too");
    });
    server.stop(String::new());
}
