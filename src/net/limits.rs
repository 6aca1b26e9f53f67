//! The figures that bound what strangers and guests can have of the host: time, connections,
//! wrong codes, keys and screens. docs/SECURITY.md, "Limits", gives them and why.

use super::Alarm;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// What one host lets strangers (connections not yet in) and guests (in) have.
#[derive(Clone, Debug)]
pub(crate) struct Limits {
    /// From the connection to being in: past it, the connection is closed (OpenSSH's
    /// LoginGraceTime).
    pub login_time: Duration,
    /// Connections not yet in (OpenSSH's MaxStartups and PerSourceMaxStartups).
    pub startups: Startups,
    /// Guests in at once, players and watchers together.
    pub guests: usize,
    /// Of them, keyless watchers (the club's) at most.
    pub watchers: usize,
    /// How long a connection not yet in may sit silent before a newcomer may take its
    /// place, once the connections not yet in are past their start (an SSH client speaks
    /// at once, so a silent one is the first to give way).
    pub stale: Duration,
    /// How long a connection not yet in may take, saying something, before a newcomer may
    /// take its place.
    pub slow: Duration,
    /// What a wrong code costs its connection before the next try (at least).
    pub wrong_code_cost: Duration,
    /// Wrong codes from everywhere: past the burst, each waits its turn.
    pub wrong_codes: Rate,
    /// Wrong codes from one address (an IPv4 address, an IPv6 /64): past the burst, no code
    /// from there is even checked until the rate has given one back.
    pub wrong_codes_per_source: Rate,
    /// Keys (and clicks, and resizes) from one guest: past the burst, the guest is told
    /// why and let go.
    pub keys: Rate,
    /// How long a guest's terminal may leave a frame untaken before the guest is let go.
    pub stall: Duration,
    /// Where the timers of a keyless connection's idle time read the time (a test's own).
    pub alarm: Alarm,
    /// The bytes kept for a guest who is behind: past them, the guest gets a whole frame
    /// when it reads again instead of every frame it missed (a program reading lines is let
    /// go instead: a line dropped would be a lie).
    pub backlog: usize,
    /// The bytes sent to one connection: past the burst, what it is sent waits its turn,
    /// so that what one connection asks for cannot take the host's whole time.
    pub bytes_out: Rate,
}

/// Connections not yet in: from `begin` on, a new one is refused at random, more often as
/// they grow (3 in 10 at `begin`), always at `full`; and never more than `per_source` from
/// one address.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Startups {
    pub begin: usize,
    pub full: usize,
    pub per_source: usize,
}

/// A rate with a burst: `burst` at once, then one more each `every`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rate {
    pub burst: u32,
    pub every: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            login_time: Duration::from_secs(60),
            startups: Startups { begin: 8, full: 32, per_source: 4 },
            guests: 16,
            watchers: 16,
            stale: Duration::ZERO,
            slow: Duration::from_secs(5),
            wrong_code_cost: Duration::from_secs(1),
            wrong_codes: Rate { burst: 30, every: Duration::from_millis(500) },
            wrong_codes_per_source: Rate { burst: 10, every: Duration::from_secs(6) },
            keys: Rate { burst: 4096, every: Duration::from_micros(3_906) },
            stall: Duration::from_secs(60),
            backlog: 256 * 1024,
            // A megabyte a second: a whole 300x120 frame is 1.7 MB, a turn's line 40 bytes.
            bytes_out: Rate { burst: 2 * 1024 * 1024, every: Duration::from_micros(1) },
            alarm: Alarm::default(),
        }
    }
}

/// The columns and rows of the largest terminal drawn for: a bigger window gets the game
/// in this much of it (a full frame then costs about 3 MB of the host's memory).
pub(crate) const LARGEST: (u16, u16) = (300, 120);

/// A rate's tokens, kept as the time at which the bucket would be full again (the generic
/// cell rate algorithm): no counter to refill, no timer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bucket {
    rate: Rate,
    full_at: Instant,
}

impl Bucket {
    pub(crate) fn new(rate: Rate, now: Instant) -> Bucket {
        Bucket { rate, full_at: now }
    }

    /// How long `n` more tokens would keep the bucket from being full.
    fn after(&self, now: Instant, n: u32) -> Instant {
        self.full_at.max(now) + self.rate.every * n
    }

    fn allowance(&self) -> Duration {
        self.rate.every * self.rate.burst
    }

    /// Takes `n` tokens if the bucket has them.
    pub(crate) fn try_take(&mut self, now: Instant, n: u32) -> bool {
        let full_at = self.after(now, n);
        let fits = full_at.saturating_duration_since(now) <= self.allowance();
        if fits {
            self.full_at = full_at;
        }
        fits
    }

    /// Whether one token could be taken now.
    pub(crate) fn has(&self, now: Instant) -> bool {
        self.after(now, 1).saturating_duration_since(now) <= self.allowance()
    }

    /// Takes a token whatever: the time at which it is really there (now, or later when
    /// others took the burst first). Tokens are handed out in the order they were asked.
    pub(crate) fn reserve(&mut self, now: Instant) -> Instant {
        self.reserve_n(now, 1)
    }

    /// Takes `n` tokens whatever: the time at which they are all there.
    pub(crate) fn reserve_n(&mut self, now: Instant, n: u32) -> Instant {
        self.full_at = self.after(now, n);
        (self.full_at.checked_sub(self.allowance())).map_or(now, |at| at.max(now))
    }

    /// When one token can be taken, at the soonest.
    pub(crate) fn ready_at(&self, now: Instant) -> Instant {
        let after = self.after(now, 1);
        after.checked_sub(self.allowance()).map_or(now, |at| at.max(now))
    }

    pub(crate) fn is_full(&self, now: Instant) -> bool {
        self.full_at <= now
    }
}

/// Where a connection comes from, as limits count it: an IPv4 address, or an IPv6 /64 (one
/// machine usually has a whole /64 to choose from).
pub(crate) fn source(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_gives_its_burst_then_one_per_step() {
        let rate = Rate { burst: 3, every: Duration::from_secs(1) };
        let start = Instant::now();
        let mut bucket = Bucket::new(rate, start);
        assert!((0..3).all(|_| bucket.try_take(start, 1)));
        assert!(!bucket.try_take(start, 1), "the burst is spent");
        assert!(bucket.try_take(start + Duration::from_secs(1), 1), "one came back");
        assert!(!bucket.try_take(start + Duration::from_secs(1), 1));
        assert!(bucket.is_full(start + Duration::from_secs(4)));
    }

    #[test]
    fn reserved_tokens_come_in_turn() {
        let rate = Rate { burst: 2, every: Duration::from_secs(1) };
        let start = Instant::now();
        let mut bucket = Bucket::new(rate, start);
        let times: Vec<_> = (0..5).map(|_| bucket.reserve(start) - start).collect();
        let seconds: Vec<_> = times.iter().map(Duration::as_secs).collect();
        assert_eq!(seconds, [0, 0, 1, 2, 3]);
    }

    #[test]
    fn an_ipv6_source_is_its_64_prefix() {
        let one: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let other: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        assert_eq!(source(one), source(other));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(source(mapped), "192.0.2.7".parse::<IpAddr>().unwrap());
    }
}
