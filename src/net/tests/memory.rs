//! The host's memory whatever guests do: a window of 65535x65535, 40 MB of arrow keys, a
//! guest who stops reading. It runs in a process of its own, so that the process's peak
//! resident memory (VmHWM) is the host's and its clients' alone; on the loopback only.
#![cfg(feature = "ssh")]

use crate::testing::guest;

use crate::net::Limits;
use guest::{CODE, FRIEND, PROMPT, host, join, join_unread, runtime};
use std::time::Duration;

/// The bound the host must stay under, test clients included.
const BOUND_MB: u64 = 64;

/// The process's peak resident memory so far, in kB.
fn peak_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|line| line.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn whatever_guests_do_the_host_stays_under_64_mb() {
    if crate::testing::alone(module_path!(), "whatever_guests_do_the_host_stays_under_64_mb") {
        return;
    }
    let stall = Duration::from_secs(2);
    let limits = Limits { stall, ..Limits::default() };
    let rt = runtime();

    // A window asked 30000x30000 at first, then 65535x65535: drawn within the largest.
    let (_link, hosting) = host(limits.clone());
    rt.block_on(async {
        let mut huge = join(&hosting, FRIEND, CODE, (30_000, 30_000)).await.unwrap();
        huge.sees("You play Red").await;
        huge.writer.window_change(65_535, 65_535, 0, 0).await.unwrap();
        // The help, drawn at that size: the host is alive and answers.
        huge.writer.data_bytes(&b"?"[..]).await.unwrap();
        huge.sees("Esc").await;
        huge.leave().await;
    });
    hosting.stop();
    eprintln!("after 65535x65535: {} kB", peak_kb());

    // 40 MB of arrow keys: the guest is let go with a line saying why.
    let (_link, hosting) = host(limits.clone());
    rt.block_on(async {
        let mut flood = join(&hosting, FRIEND, CODE, (100, 30)).await.unwrap();
        flood.sees("You play Red").await;
        let keys = b"\x1b[A".repeat(32 * 1024 / 3);
        let mut closed = flood.closed.clone();
        let sending = async {
            for _ in 0..(40 << 20) / keys.len() {
                if flood.writer.data_bytes(keys.clone()).await.is_err() {
                    break;
                }
            }
        };
        // Sent until the host lets go (a window the host no longer opens is not waited for).
        let let_go = tokio::time::timeout(Duration::from_secs(60), async {
            tokio::select! {
                () = sending => {}
                _ = closed.wait_for(|closed| *closed) => {}
            }
        });
        assert!(let_go.await.is_ok(), "the flood was neither taken nor stopped");
        flood.sees("too many keys at once").await;
        flood.ends_within(PROMPT).await;
        // The host is still there for others.
        let mut next = join(&hosting, FRIEND, CODE, (100, 30)).await.unwrap();
        next.sees("You play").await;
        next.leave().await;
    });
    hosting.stop();
    eprintln!("after the key flood: {} kB", peak_kb());

    // A guest who stops reading (a window of 1 kB, never taken up): dropped after `stall`,
    // which the other player sees.
    let (_link, hosting) = host(limits.clone());
    rt.block_on(async {
        let config =
            russh::client::Config { window_size: 1024, channel_buffer_size: 1, ..Default::default() };
        let silent = join_unread(&hosting, FRIEND, CODE, (300, 120), config).await.unwrap();
        let mut other = join(&hosting, FRIEND, CODE, (100, 30)).await.unwrap();
        other.sees("Red is thinking").await;
        let waited = tokio::time::timeout(
            stall + PROMPT,
            other.screen.wait_for(|screen| guest::shown(screen).contains("Red left: waiting")),
        );
        assert!(waited.await.is_ok(), "the guest who did not read was let go");
        drop(silent);
        other.leave().await;
    });
    hosting.stop();

    let peak = peak_kb();
    eprintln!("peak resident memory: {peak} kB");
    assert!(peak < BOUND_MB * 1024, "peak {peak} kB");
}
