//! Each guest has a queue of its own, drained in turn: a guest flooding keys does not keep
//! another's keys waiting. On the loopback only (127.0.0.1 and 127.0.0.2), every wait on an
//! event and bounded in time, every count fixed.
#![cfg(feature = "ssh")]

use crate::testing::guest;

use crate::net::{Limits, Rate};
use crate::rules::Colour;
use guest::{CODE, FRIEND, PROMPT, STRANGER, host, join, runtime, until};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How many times faster than a burst of the flood a key of the friend's is answered, at
/// least (a ratio of two times measured together, so that a busy machine slows both): the
/// loop takes 16 events of each guest in turn, so a fair key waits for about 16 of the
/// flood's 199, and a key queued behind the burst would wait for all of it.
const FASTER_THAN_A_BURST: u32 = 3;
/// How many times the other guest opens and closes the help.
const PRESSES: usize = 10;
/// The flood: bursts of nearly this many keys, each nearly filling the guest's queue (256).
const BURST: usize = 200;

/// The middle one of some times.
fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

#[test]
fn a_guest_flooding_keys_does_not_keep_another_waiting() {
    // No limit on keys a second: only the queue stops the flood, so that it goes on.
    let limits =
        Limits { keys: Rate { burst: u32::MAX, every: Duration::from_nanos(1) }, ..Limits::default() };
    let (link, hosting) = host(limits);
    runtime().block_on(async {
        let mut flood = join(&hosting, STRANGER, CODE, (100, 30)).await.unwrap();
        until(&link, "the flood's seat", |link| link.present(Colour::Red));
        flood.sees("You play Red").await;
        let mut friend = join(&hosting, FRIEND, CODE, (100, 30)).await.unwrap();
        until(&link, "the friend's seat", |link| link.present(Colour::Blue));
        // The flood: the help opened and closed BURST times a burst, each burst sent once
        // the last is answered (so that the flood's own queue never overflows and it goes
        // on: past its queue, a guest is let go).
        let (sent, stop) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicBool::new(false)));
        let pending = Arc::new(AtomicBool::new(false));
        let flooding = {
            let (sent, stop, pending) = (Arc::clone(&sent), Arc::clone(&stop), Arc::clone(&pending));
            tokio::spawn(async move {
                let (mut open, mut bursts) = (false, Vec::new());
                while !stop.load(Ordering::Relaxed) {
                    let burst: Vec<u8> =
                        if open { b"x?" } else { b"?x" }.iter().copied().cycle().take(BURST - 1).collect();
                    pending.store(true, Ordering::Relaxed);
                    let started = Instant::now();
                    flood.writer.data_bytes(burst).await.unwrap();
                    open = !open;
                    let answered =
                        flood.screen.wait_for(|screen| guest::shown(screen).contains("On the board") == open);
                    assert!(
                        tokio::time::timeout(PROMPT, answered).await.is_ok(),
                        "the flood's burst was not answered"
                    );
                    bursts.push(started.elapsed());
                    pending.store(false, Ordering::Relaxed);
                    sent.fetch_add(BURST - 1, Ordering::Relaxed);
                }
                (flood, bursts)
            })
        };
        // The friend opens the help and closes it, again and again, timing each answer.
        let (mut answers, mut flooded_over) = (Vec::new(), 0);
        for _ in 0..PRESSES {
            for (key, shown) in [(b"?", true), (b"x", false)] {
                flooded_over += usize::from(pending.load(Ordering::Relaxed));
                let pressed = Instant::now();
                friend.writer.data_bytes(key.to_vec()).await.unwrap();
                let answered =
                    friend.screen.wait_for(|screen| guest::shown(screen).contains("On the board") == shown);
                assert!(
                    tokio::time::timeout(PROMPT, answered).await.is_ok(),
                    "the friend's key was never answered"
                );
                answers.push(pressed.elapsed());
            }
        }
        stop.store(true, Ordering::Relaxed);
        let (flood, bursts) = flooding.await.expect("the flood went on to the end");
        let flooded = sent.load(Ordering::Relaxed);
        assert!(!bursts.is_empty(), "a burst of the flood was answered");
        let (key, burst) = (median(answers), median(bursts));
        eprintln!("{flooded} keys flooded; {flooded_over} of the friend's keys pressed over the flood's; a key's answer: {key:?}, a burst's: {burst:?} (medians)");
        assert!(flooded_over >= PRESSES, "the friend's keys came while the flood's waited: {flooded_over}");
        assert!(key * FASTER_THAN_A_BURST < burst, "a key waited {key:?} behind the flood, whose bursts took {burst:?}");
        friend.leave().await;
        flood.leave().await;
    });
    hosting.stop();
}
