//! New names, by address: one address may register a few an hour (`[club] new_names`),
//! so that nobody takes a thousand names in a minute. Refused with when to try again.

use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use crate::net::{Bucket, Rate};
use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// Addresses remembered at most; those whose allowance is whole again are forgotten first.
const SOURCES: usize = 4096;

const HOUR: Duration = Duration::from_secs(3600);

/// The names each address registered lately.
pub(super) struct NewNames {
    /// None: no new names at all.
    rate: Option<Rate>,
    sources: HashMap<IpAddr, Bucket>,
}

impl NewNames {
    /// `an_hour` new names an hour from each address.
    pub(super) fn new(an_hour: u32) -> NewNames {
        let rate = (an_hour > 0).then(|| Rate { burst: an_hour, every: HOUR / an_hour });
        NewNames { rate, sources: HashMap::new() }
    }

    /// Whether `address` may register a name now, else when it may.
    pub(super) fn may(&self, address: IpAddr, now: Instant) -> Result<(), Text> {
        let Some(rate) = self.rate else { return Err(text!(CLUB_NO_NEW_NAMES)) };
        let source = crate::net::source(address);
        match self.sources.get(&source) {
            Some(bucket) if !bucket.has(now) => {
                let wait = bucket.ready_at(now).saturating_duration_since(now);
                let minutes = wait.as_secs().div_ceil(60).max(1);
                Err(text!(CLUB_NEW_NAMES_LATER, rate.burst, minutes))
            }
            _ => Ok(()),
        }
    }

    /// `address` registered a name.
    pub(super) fn registered(&mut self, address: IpAddr, now: Instant) {
        let Some(rate) = self.rate else { return };
        if self.sources.len() >= SOURCES {
            self.sources.retain(|_, bucket| !bucket.is_full(now));
        }
        let source = crate::net::source(address);
        self.sources.entry(source).or_insert_with(|| Bucket::new(rate, now)).try_take(now, 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_registers_a_few_names_an_hour_and_is_told_when_to_come_back() {
        let mut names = NewNames::new(3);
        let (here, there): (IpAddr, IpAddr) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        let now = Instant::now();
        for _ in 0..3 {
            assert!(names.may(here, now).is_ok());
            names.registered(here, now);
        }
        let refused = crate::i18n::Lang::En.say(&names.may(here, now).unwrap_err());
        assert!(refused.contains("3 an hour") && refused.contains("20 minutes"), "{refused}");
        assert!(names.may(there, now).is_ok(), "another address is another's");
        assert!(
            names.may(here, now + Duration::from_secs(20 * 60)).is_ok(),
            "one comes back each 20 minutes"
        );
        assert!(NewNames::new(0).may(here, now).is_err(), "none at all");
    }
}
