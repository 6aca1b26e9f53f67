//! What strangers can do before the code, what is not the game, and a guest who falls
//! behind: on the loopback only
//! (127.0.0.1 and 127.0.0.2), every wait on an event and bounded in time, every count fixed.
#![cfg(feature = "ssh")]

use crate::testing::guest;

use crate::net::{Limits, Rate, Startups};
use crate::rules::Colour;
use guest::{
    CODE, FRIEND, PROMPT, STRANGER, connect_from, host, join, join_unread, log_in, runtime, tcp_from, until,
};
use russh::ChannelMsg;
use std::time::{Duration, Instant};
use tokio::io::AsyncReadExt;
use tokio::net::TcpStream;

/// Reads a silent connection until the host closes it: whether the host spoke first (the
/// SSH greeting, so it was let in to try), and when it closed.
async fn until_closed(mut stream: TcpStream) -> (bool, Instant) {
    let (mut greeted, mut buffer) = (false, [0u8; 256]);
    while let Ok(read @ 1..) = stream.read(&mut buffer).await {
        greeted |= read > 0;
    }
    (greeted, Instant::now())
}

#[test]
fn two_hundred_connections_that_never_speak_are_closed_after_the_login_time_and_a_friend_still_joins() {
    let limits = Limits { login_time: Duration::from_secs(2), ..Limits::default() };
    let (_link, hosting) = host(limits.clone());
    runtime().block_on(async {
        let started = Instant::now();
        let mut silent = Vec::new();
        for _ in 0..200 {
            let stream = tcp_from(&hosting, STRANGER).await;
            silent.push(tokio::spawn(until_closed(stream)));
        }
        let mut friend = join(&hosting, FRIEND, CODE, (100, 30)).await.unwrap();
        friend.sees("You play Red").await;
        assert!(started.elapsed() < limits.login_time, "the friend is in while the silent ones wait");
        let mut held = 0;
        for connection in silent {
            let waited = tokio::time::timeout(limits.login_time + PROMPT, connection).await;
            let (greeted, closed) = waited.expect("a silent connection stayed open").unwrap();
            if greeted {
                held += 1;
                assert!(closed - started >= limits.login_time - Duration::from_millis(100), "held its time");
            }
            assert!(closed - started < limits.login_time + Duration::from_secs(2), "and no longer");
        }
        assert!(held >= 1, "some were let in to try");
        assert!(held <= limits.startups.per_source, "no more than one address may have waiting: {held}");
        friend.leave().await;
    });
    hosting.stop();
}

/// Two hundred sockets from two hundred addresses (127.0.1.1 to 127.0.1.200, all the
/// loopback's), connected and held without a word, as an attacker renewing them would.
async fn silent_from_many(hosting: &crate::net::Hosting) -> Vec<TcpStream> {
    let mut silent = Vec::new();
    for n in 1..=200u32 {
        let address = format!("127.0.1.{n}");
        let source: std::net::IpAddr = address.parse().unwrap();
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind((source, 0).into()).unwrap();
        silent.push(socket.connect(hosting.addr()).await.unwrap());
    }
    silent
}

#[test]
fn two_hundred_silent_sockets_from_two_hundred_addresses_give_way_to_a_friend_who_comes() {
    let (_link, hosting) = host(Limits::default());
    runtime().block_on(async {
        let silent = silent_from_many(&hosting).await;
        let started = Instant::now();
        let mut friend = join(&hosting, FRIEND, CODE, (100, 30)).await.expect("the friend is let in");
        friend.sees("You play Red").await;
        let waited = started.elapsed();
        assert!(waited < Duration::from_secs(3), "the friend waited {waited:?}");
        friend.leave().await;
        drop(silent);
    });
    hosting.stop();
}

#[test]
fn wrong_codes_from_many_connections_wait_their_turn_and_an_address_out_of_tries_is_not_checked() {
    let every = Duration::from_millis(100);
    let limits = Limits {
        wrong_code_cost: Duration::ZERO,
        wrong_codes: Rate { burst: 4, every },
        wrong_codes_per_source: Rate { burst: 16, every: Duration::from_secs(3600) },
        startups: Startups { begin: 16, full: 32, per_source: 16 },
        ..Limits::default()
    };
    let (_link, hosting) = host(limits);
    let hosting = std::sync::Arc::new(hosting);
    runtime().block_on(async {
        let started = Instant::now();
        let mut guessers = Vec::new();
        for _ in 0..8 {
            let hosting = std::sync::Arc::clone(&hosting);
            guessers.push(tokio::spawn(async move {
                let mut session = connect_from(&hosting, STRANGER, Default::default()).await.unwrap();
                for guess in ["zzzz-zzzz", "yyyy-yyyy"] {
                    assert!(!session.authenticate_password("play", guess).await.unwrap().success());
                }
            }));
        }
        for guesser in guessers {
            tokio::time::timeout(PROMPT, guesser).await.unwrap().unwrap();
        }
        // 16 wrong codes, 4 at once and then one each 100 ms: the last was answered at 1.2 s.
        eprintln!("16 wrong codes answered in {:?}", started.elapsed());
        assert!(started.elapsed() >= every * 12 - Duration::from_millis(20), "{:?}", started.elapsed());
        assert_eq!(
            log_in(&hosting, STRANGER, CODE).await.err().as_deref(),
            Some("refused"),
            "an address out of tries is refused even the right code"
        );
        let asked = Instant::now();
        assert!(log_in(&hosting, FRIEND, CODE).await.is_ok(), "another address is let in");
        assert!(asked.elapsed() < Duration::from_secs(1), "at once: the right code never waits");
    });
    std::sync::Arc::into_inner(hosting).unwrap().stop();
}

/// The reply to the last request made on `channel`, within `PROMPT`.
async fn reply(channel: &mut russh::Channel<russh::client::Msg>) -> ChannelMsg {
    let answered = async {
        loop {
            match channel.wait().await {
                Some(reply @ (ChannelMsg::Success | ChannelMsg::Failure)) => return reply,
                Some(_) => continue,
                None => return ChannelMsg::Close,
            }
        }
    };
    tokio::time::timeout(PROMPT, answered).await.expect("no reply")
}

#[test]
fn sftp_x11_and_everything_else_but_the_game_are_refused_at_once() {
    let (_link, hosting) = host(Limits::default());
    runtime().block_on(async {
        let session = log_in(&hosting, FRIEND, CODE).await.unwrap();
        let mut channel = session.channel_open_session().await.unwrap();
        let asked = Instant::now();
        channel.request_subsystem(true, "sftp").await.unwrap();
        assert!(matches!(reply(&mut channel).await, ChannelMsg::Failure), "sftp");
        channel.request_x11(true, false, "MIT-MAGIC-COOKIE-1", "0123456789abcdef", 0).await.unwrap();
        assert!(matches!(reply(&mut channel).await, ChannelMsg::Failure), "X11");
        channel.exec(true, "cat /etc/passwd").await.unwrap();
        assert!(matches!(reply(&mut channel).await, ChannelMsg::Failure), "a command");
        channel.agent_forward(true).await.unwrap();
        assert!(matches!(reply(&mut channel).await, ChannelMsg::Failure), "the agent");
        channel.signal(russh::Sig::KILL).await.unwrap();
        let second = tokio::time::timeout(PROMPT, session.channel_open_session()).await.unwrap();
        assert!(second.is_err(), "a second channel");
        let tunnel = session.channel_open_direct_tcpip("127.0.0.1", 22, "127.0.0.1", 4000);
        assert!(tokio::time::timeout(PROMPT, tunnel).await.unwrap().is_err(), "forwarding");
        let forward = tokio::time::timeout(PROMPT, session.tcpip_forward("127.0.0.1", 0)).await.unwrap();
        assert!(forward.is_err(), "forwarding back");
        assert!(asked.elapsed() < Duration::from_secs(1), "every refusal at once: {:?}", asked.elapsed());
        // After all that (and a signal), the game still opens on the channel.
        channel.request_pty(true, "xterm", 100, 30, 0, 0, &[]).await.unwrap();
        assert!(matches!(reply(&mut channel).await, ChannelMsg::Success));
        channel.request_shell(true).await.unwrap();
        assert!(matches!(reply(&mut channel).await, ChannelMsg::Success));
    });
    hosting.stop();
}

#[test]
fn a_full_game_tells_the_next_guest_and_lets_them_go() {
    let (_link, hosting) = host(Limits { guests: 1, ..Limits::default() });
    runtime().block_on(async {
        let mut first = join(&hosting, FRIEND, CODE, (100, 30)).await.unwrap();
        first.sees("You play Red").await;
        let mut second = join(&hosting, FRIEND, CODE, (100, 30)).await.unwrap();
        second.sees("all the guests it takes (1)").await;
        second.ends_within(PROMPT).await;
        first.leave().await;
    });
    hosting.stop();
}

#[test]
fn a_guest_who_reads_again_after_falling_behind_sees_the_game_as_it_stands() {
    // A backlog of 512 bytes: a few turns on the board overflow it.
    let limits = Limits { backlog: 512, stall: Duration::from_secs(30), ..Limits::default() };
    let (link, hosting) = host(limits);
    // Turns that stay on the board and in the list of moves, played in turn by Red and
    // Blue while a watcher does not read.
    let cells = ["A1", "E5", "A3", "E3", "C1", "C5", "B1", "D5"];
    runtime().block_on(async {
        let mut red = join(&hosting, FRIEND, CODE, (100, 30)).await.unwrap();
        until(&link, "Red's seat", |link| link.present(Colour::Red));
        let mut blue = join(&hosting, FRIEND, CODE, (100, 30)).await.unwrap();
        until(&link, "Blue's seat", |link| link.present(Colour::Blue));
        // A window of 1 kB that it does not take up: the host cannot send it more.
        let config =
            russh::client::Config { window_size: 1024, channel_buffer_size: 1, ..Default::default() };
        let mut behind = join_unread(&hosting, FRIEND, CODE, (100, 30), config).await.unwrap();
        // The players' screens keep time: each turn is drawn before the next.
        for (n, cell) in cells.iter().enumerate() {
            let player = if n % 2 == 0 { &red } else { &blue };
            player.click(cell, (100, 30)).await;
            blue.sees(cell).await;
        }
        red.sees(cells.last().unwrap()).await;
        let over = crate::each_game!(link.game(), record => record.is_over());
        assert!(!over, "every turn played and the game goes on");
        behind.read();
        let last = cells.last().unwrap();
        behind.sees(last).await;
        let shown = guest::shown(&behind.screen.borrow());
        for cell in &cells {
            assert!(shown.contains(cell), "{cell} is in the list of moves:\n{shown}");
        }
        for friend in [behind, red, blue] {
            friend.leave().await;
        }
    });
    hosting.stop();
}
