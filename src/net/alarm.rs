//! Where the host's timers read the time: tokio's clock, or one that stands still until a
//! test moves it, so that a test of a timeout waits for no real time.

use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// The host's time. Clones share it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Alarm(Option<Arc<Moved>>);

/// A test's time: where it began, and how far the test has moved it.
#[derive(Debug)]
struct Moved {
    began: Instant,
    by: watch::Sender<Duration>,
}

impl Alarm {
    /// A clock standing still until [`Alarm::advance`] moves it.
    #[cfg(test)]
    pub(crate) fn fake() -> Alarm {
        Alarm(Some(Arc::new(Moved { began: Instant::now(), by: watch::Sender::new(Duration::ZERO) })))
    }

    pub(crate) fn now(&self) -> Instant {
        match &self.0 {
            None => Instant::now(),
            Some(moved) => moved.began + *moved.by.borrow(),
        }
    }

    /// Returns at `due`: tokio's timer, or the test's move that reaches it.
    pub(crate) async fn until(&self, due: Instant) {
        match &self.0 {
            None => tokio::time::sleep_until(due.into()).await,
            Some(moved) => {
                let mut by = moved.by.subscribe();
                // The sender lives as long as `moved`: the wait ends only at `due`.
                let _ = by.wait_for(|by| moved.began + *by >= due).await;
            }
        }
    }

    /// Moves a test's clock on by `by`, waking what waits until then; tokio's moves by itself.
    #[cfg(test)]
    pub(crate) fn advance(&self, by: Duration) {
        if let Some(moved) = &self.0 {
            moved.by.send_modify(|moved| *moved += by);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fake_alarm_rings_when_moved_to_its_time_and_not_before() {
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let alarm = Alarm::fake();
        let due = alarm.now() + Duration::from_secs(60);
        runtime.block_on(async {
            let ringing = tokio::spawn({
                let alarm = alarm.clone();
                async move { alarm.until(due).await }
            });
            alarm.advance(Duration::from_secs(59));
            tokio::task::yield_now().await;
            assert!(!ringing.is_finished(), "a second early");
            alarm.advance(Duration::from_secs(1));
            ringing.await.unwrap();
        });
        assert_eq!(alarm.now(), due);
    }
}
