//! Out of file descriptors, the server does not close for good: it says it cannot take
//! guests, waits, and takes them again when descriptors free. It lowers the process's own
//! descriptor limit, so it runs in a process of its own; on the loopback only.
#![cfg(feature = "ssh")]

use crate::testing::guest;

use crate::net::Limits;
use guest::{CODE, FRIEND, PROMPT, Trusting, host, runtime, tcp_from};
use std::fs::File;
use std::sync::{Arc, mpsc};

/// Lowers this process's soft limit on descriptors to `most`.
fn limit_descriptors(most: u64) {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: both calls only read and write the `rlimit` given.
    unsafe {
        assert_eq!(libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit), 0);
        limit.rlim_cur = most.min(limit.rlim_max);
        assert_eq!(libc::setrlimit(libc::RLIMIT_NOFILE, &limit), 0);
    }
}

#[test]
fn out_of_descriptors_the_server_says_so_and_takes_guests_again_when_one_frees() {
    if crate::testing::alone(
        module_path!(),
        "out_of_descriptors_the_server_says_so_and_takes_guests_again_when_one_frees",
    ) {
        return;
    }
    let (_link, hosting) = host(Limits::default());
    let (told, listening) = mpsc::channel();
    hosting.tell_listening(move |now| {
        let _ = told.send(now);
    });
    let rt = runtime();
    let open = std::fs::read_dir("/proc/self/fd").unwrap().count() as u64;
    limit_descriptors(open + 64);
    // Every descriptor taken, but one for the friend's connection.
    let mut taken: Vec<File> = std::iter::from_fn(|| File::open("/dev/null").ok()).take(10_000).collect();
    assert!(taken.len() < 10_000, "the limit holds");
    taken.pop();
    let stream = rt.block_on(tcp_from(&hosting, FRIEND));
    assert_eq!(listening.recv_timeout(PROMPT), Ok(false), "the server says it cannot take the friend");
    assert!(!hosting.listening());

    drop(taken);
    assert_eq!(listening.recv_timeout(PROMPT), Ok(true), "and takes them when descriptors free");
    rt.block_on(async {
        let config = Arc::new(russh::client::Config::default());
        let joined = tokio::time::timeout(PROMPT, async {
            let mut session = russh::client::connect_stream(config, stream, Trusting).await.unwrap();
            assert!(session.authenticate_password("play", CODE).await.unwrap().success(), "the friend is in");
            let _ = session.disconnect(russh::Disconnect::ByApplication, "", "en").await;
        });
        joined.await.expect("the friend's login took too long");
    });
    assert!(hosting.listening());
    hosting.stop();
}
