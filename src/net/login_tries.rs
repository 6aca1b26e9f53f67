//! Wrong codes, counted across every connection and per address, so that guessing the code
//! takes longer than any game lasts (docs/SECURITY.md has the arithmetic). The right code
//! never waits: only a wrong one pays, and its connection hears "wrong" when it has paid.

use super::limits::{Bucket, Limits, source};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// Addresses remembered at most; those whose bucket is full again are forgotten first.
const SOURCES: usize = 1024;

pub(super) struct LoginTries {
    limits: Limits,
    all: Mutex<Bucket>,
    sources: Mutex<HashMap<IpAddr, Bucket>>,
}

impl LoginTries {
    pub(super) fn new(limits: &Limits) -> LoginTries {
        LoginTries {
            limits: limits.clone(),
            all: Mutex::new(Bucket::new(limits.wrong_codes, Instant::now())),
            sources: Mutex::new(HashMap::new()),
        }
    }

    /// Whether a code from `address` is checked at all: not while its wrong ones are spent.
    pub(super) fn may_try(&self, address: IpAddr) -> bool {
        let sources = self.sources.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        sources.get(&source(address)).is_none_or(|bucket| bucket.has(Instant::now()))
    }

    /// A wrong code from `address`: counted for the address, then paid for from everyone's
    /// budget, waiting while others' wrong codes spend it (until `deadline` at most).
    pub(super) async fn wrong(&self, address: IpAddr, deadline: Instant) {
        let now = Instant::now();
        {
            let mut sources = self.sources.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            if sources.len() >= SOURCES {
                sources.retain(|_, bucket| !bucket.is_full(now));
            }
            // Still full of addresses that guessed lately: the newest is counted nowhere
            // but in everyone's budget, which bounds it all the same.
            if sources.len() < SOURCES {
                let rate = self.limits.wrong_codes_per_source;
                let _ =
                    sources.entry(source(address)).or_insert_with(|| Bucket::new(rate, now)).try_take(now, 1);
            }
        }
        let turn = self.all.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).reserve(now);
        let cost = now + self.limits.wrong_code_cost;
        tokio::time::sleep_until(turn.max(cost).min(deadline).into()).await;
    }
}
