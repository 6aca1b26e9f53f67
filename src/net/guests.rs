//! `serve`'s guests: each connection in is one more terminal for the host's loop, its
//! keys put in its own queue, its screen drawn by the loop into its output.

use super::output::Output;
use super::place::{Asked, Inlet, Place, Sent, Visitor};
use crate::app::event::{self, Arrivals, Mailbox, Unposted, Wake};
use crate::app::profile::Profile;
use crate::terminal::Wakes;
use std::sync::mpsc::SyncSender;

/// The host's loop, where guests' terminals are served.
pub(super) struct Guests {
    wakes: SyncSender<Wake>,
    arrivals: Arrivals,
}

impl Guests {
    pub(super) fn new(wakes: &Wakes) -> Guests {
        Guests { wakes: wakes.sender.clone(), arrivals: wakes.inlet.arrivals.clone() }
    }
}

impl Place for Guests {
    fn open(&self, visitor: Visitor, asked: Asked, output: Output) -> Option<Box<dyn Inlet>> {
        // Only a terminal is served: `serve` takes no commands.
        let Asked::Terminal(area) = asked else { return None };
        let redraw = output.redraw();
        // The guest's own language and colours; the program's keys and defaults, never the
        // host's (the host's config file is the host's own).
        let profile = Box::new(Profile::guest(visitor.lang, visitor.no_color));
        let mailbox = self.arrivals.open(visitor.id, self.wakes.clone());
        let wakes = self.wakes.clone();
        let joined = event::Guest::Joined { output: Box::new(output), area, profile, redraw, wakes };
        mailbox.put(joined).ok()?;
        Some(Box::new(Queue(Some(mailbox))))
    }
}

/// A guest's own queue to the loop; dropped, the guest has left (the loop restores its
/// terminal and frees its seat).
struct Queue(Option<Mailbox>);

impl Inlet for Queue {
    fn sent(&mut self, sent: Sent) -> bool {
        let Sent::Input(events) = sent else { return true };
        let Some(mailbox) = &self.0 else { return true };
        for input in events {
            match mailbox.put(event::Guest::Input(input)) {
                Ok(()) => {}
                // Past its queue, a guest sends faster than anyone types.
                Err(Unposted::Full) => return false,
                Err(Unposted::Gone) => {
                    self.0 = None;
                    return true;
                }
            }
        }
        true
    }
}
