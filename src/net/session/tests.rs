//! The session handler with a place of the test's own, on the loopback: a keyless
//! connection that sends nothing is let go after its time; one that sends stays.

use super::super::{Asked, Doors, Inlet, Keys, Limits, Output, Place, Sent, SshServer, Visitor, Welcome};
use crate::i18n::keys::*;
use russh::client;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A place that keeps every connection's output open and takes whatever it sends.
struct Keeping;

struct Kept(#[allow(dead_code)] Output);

impl Inlet for Kept {
    fn sent(&mut self, _sent: Sent) -> bool {
        true
    }
}

impl Place for Keeping {
    fn open(&self, _visitor: Visitor, _asked: Asked, output: Output) -> Option<Box<dyn Inlet>> {
        Some(Box::new(Kept(output)))
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

/// Waits until the channel ends (the connection was let go), at most `within`: when.
async fn ended(channel: &mut russh::Channel<client::Msg>, within: Duration) -> Option<Instant> {
    let closing = async { while channel.wait().await.is_some() {} };
    tokio::time::timeout(within, closing).await.ok().map(|()| Instant::now())
}

#[test]
fn a_keyless_connection_that_sends_nothing_is_let_go_and_one_that_sends_stays() {
    let idle = Duration::from_millis(400);
    let welcome = Welcome {
        code: None,
        keys: Keys::None,
        keyless: Some(idle),
        commands: true,
        full: CLUB_FULL,
        watchers_full: CLUB_WATCHERS_FULL,
    };
    let key = russh::keys::PrivateKey::random(&mut rand::rng(), russh::keys::Algorithm::Ed25519).unwrap();
    let limits = Limits::default();
    let methods = Doors::<Keeping>::methods(&welcome);
    let bind = "127.0.0.1:0".parse().unwrap();
    let server = SshServer::start(key, bind, &limits.clone(), methods, |open| {
        let doors = Doors::new(Keeping, welcome, limits, open);
        move |visit| doors.session(visit)
    })
    .unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let (_silent_session, mut silent) = keyless(&server).await;
        let (_busy_session, mut busy) = keyless(&server).await;
        let started = Instant::now();
        // One sends a line every 100 ms for twice the idle time; the other nothing.
        for _ in 0..8 {
            busy.data(&b"watch 1\n"[..]).await.unwrap();
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let silent_end = ended(&mut silent, Duration::from_secs(5)).await.expect("the silent one was let go");
        assert!(silent_end - started >= idle, "not before its time");
        assert!(ended(&mut busy, Duration::from_millis(100)).await.is_none(), "the busy one stays");
        let busy_end = ended(&mut busy, Duration::from_secs(5)).await.expect("idle at last, it goes too");
        assert!(busy_end - started >= Duration::from_millis(800) + idle - Duration::from_millis(50));
    });
    server.stop(String::new());
}
