//! A game shared by several terminals: the host's own and each guest's over SSH. The link
//! owns the game's one record: every terminal's table plays on it, and the loop of events
//! wakes the other terminals ([`Event::Shared`](super::event::Event)) when it changed. Who
//! may play which colour is a [`Seat`]; undo and draws need the other player's yes, asked
//! through the link. Nothing here touches a terminal or the network.

use super::shared_record::{SharedRecord, SharedRecords};
use crate::i18n::Text;
use crate::record::AnyRecord;
use crate::rules::{Any, Colour};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// The game all the terminals play, and who is at it.
#[derive(Debug)]
pub(crate) struct Link {
    game: Any<SharedRecords>,
    company: Mutex<Company>,
    /// Wakes whoever waits outside the loop for the game to change.
    heard: Condvar,
}

#[derive(Debug, Default)]
struct Company {
    /// How many terminals sit at each colour (Blue, Red).
    present: [usize; 2],
    /// Whether anyone has sat at each colour yet: nobody came is not somebody left.
    came: [bool; 2],
    /// A question a player put to the other, waiting for an answer.
    asked: Option<Proposal>,
    /// The last answer, for the player who asked.
    answered: Option<(Proposal, bool)>,
    /// Whether the take-back agreed to went back over the other player's answer too.
    took_both: bool,
    /// How many terminals watch.
    watching: usize,
    /// Who came or went last, with the change it was (see [`Link::news`]).
    news: Option<(u64, News)>,
    /// Whether the server takes new guests (not while it is out of file descriptors).
    refusing: bool,
    /// The host is leaving: every other terminal lets go.
    closed: bool,
    /// Counts the changes above, so that the loop knows when to wake the terminals.
    changes: u64,
}

impl Company {
    /// A terminal sits at `colour`, or watches (`None`).
    fn seat(&mut self, colour: Option<Colour>) {
        match colour {
            Some(colour) => {
                self.present[colour.index()] += 1;
                self.came[colour.index()] = true;
            }
            None => self.watching += 1,
        }
        self.news = Some((self.changes + 1, News::Came(colour)));
    }
}

/// Someone came to the game or went: a player of a colour, or a watcher (`None`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum News {
    /// Someone came.
    Came(Option<Colour>),
    /// Someone went.
    Went(Option<Colour>),
}

/// What a player asks the other, who must agree: the asker is named.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Proposal {
    /// Take back the turns since the asker's last one.
    Undo(Colour),
    /// Agree to a draw.
    Draw(Colour),
}

impl Proposal {
    pub(crate) fn asker(self) -> Colour {
        match self {
            Proposal::Undo(colour) | Proposal::Draw(colour) => colour,
        }
    }
}

impl Link {
    /// A shared game of `game`, no one at it yet.
    pub(crate) fn new(game: AnyRecord) -> Arc<Link> {
        let company = Mutex::new(Company::default());
        let game = crate::each_game!(map game, record => SharedRecord::new(record));
        Arc::new(Link { game, company, heard: Condvar::new() })
    }

    /// Who is at the game; a terminal that panicked while holding it left it whole (every
    /// change below is a single assignment), so a poisoned lock is taken as it is.
    fn company(&self) -> MutexGuard<'_, Company> {
        self.company.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A change to who is at the game, which the terminals must hear of.
    fn change(&self, change: impl FnOnce(&mut Company)) {
        let mut company = self.company();
        change(&mut company);
        company.changes += 1;
        self.heard.notify_all();
    }

    /// Tells whoever waits outside the loop that the game changed (the loop calls it).
    pub(crate) fn announce(&self) {
        let _company = self.company();
        self.heard.notify_all();
    }

    /// Waits until `holds` is true of the link, at most `patience`; whether it came true.
    #[cfg(test)]
    pub(crate) fn wait_until(&self, patience: std::time::Duration, holds: impl Fn(&Link) -> bool) -> bool {
        let deadline = std::time::Instant::now() + patience;
        loop {
            let seen = (self.company().changes, self.revision());
            if holds(self) {
                return true;
            }
            let company = self.company();
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                return false;
            }
            // A change between the look and now is not waited for.
            if (company.changes, self.revision()) == seen {
                drop(self.heard.wait_timeout(company, left).unwrap_or_else(|p| p.into_inner()));
            }
        }
    }

    /// The one record every table at this game plays on.
    pub(crate) fn record(&self) -> Any<SharedRecords> {
        crate::each_game!(map &self.game, shared => shared.clone())
    }

    /// The game as it stands, for whoever looks on from outside the loop.
    #[cfg(test)]
    pub(crate) fn game(&self) -> AnyRecord {
        crate::each_game!(map &self.game, shared => shared.with(Clone::clone))
    }

    /// The game's revision: it changes whenever the game does.
    pub(crate) fn revision(&self) -> u64 {
        crate::each_game!(&self.game, shared => shared.with(|record| record.revision()))
    }

    /// A number that grows whenever the game or its company changes: the loop compares it
    /// before and after an event to know whether to wake the other terminals.
    pub(crate) fn stamp(&self) -> u64 {
        self.revision() + self.company().changes
    }

    /// Tells every terminal at the game to let go of it.
    pub(crate) fn close(&self) {
        self.change(|company| company.closed = true);
    }

    /// Whether the terminals at the game were told to let go of it.
    pub(crate) fn is_closed(&self) -> bool {
        self.company().closed
    }

    /// How many terminals sit at a colour.
    pub(crate) fn players(&self) -> usize {
        self.company().present.iter().sum()
    }

    /// Whether a terminal sits at `colour`.
    pub(crate) fn present(&self, colour: Colour) -> bool {
        self.company().present[colour.index()] > 0
    }

    /// How many terminals watch the game.
    pub(crate) fn watchers(&self) -> usize {
        self.company().watching
    }

    /// Who came or went, if that is the latest change to the game's company.
    pub(crate) fn news(&self) -> Option<News> {
        let company = self.company();
        company.news.filter(|(at, _)| *at == company.changes).map(|(_, news)| news)
    }

    /// Whether the server takes new guests.
    pub(crate) fn listening(&self) -> bool {
        !self.company().refusing
    }

    /// The server takes new guests again, or cannot any more (out of file descriptors).
    pub(crate) fn set_listening(&self, listening: bool) {
        self.change(|company| company.refusing = !listening);
    }

    /// Whether anyone has sat at `colour` since the game began.
    pub(crate) fn came(&self, colour: Colour) -> bool {
        self.company().came[colour.index()]
    }

    /// A seat for a new terminal: `colour` if nobody sits there, else a watcher's.
    pub(crate) fn sit(self: &Arc<Link>, colour: Colour, guest: bool) -> Seat {
        let mut taken = true;
        self.change(|company| {
            taken = company.present[colour.index()] > 0;
            company.seat((!taken).then_some(colour));
        });
        let sitting = Sitting { link: Arc::clone(self), colour: (!taken).then_some(colour) };
        Seat { sitting: Arc::new(sitting), guest, invite: None }
    }

    /// A club's seat: at `colour` however many terminals sit there already (a member online
    /// twice plays on both), or a watcher's (`None`). Like a guest's, it keeps no files.
    pub(crate) fn join(self: &Arc<Link>, colour: Option<Colour>) -> Seat {
        self.change(|company| company.seat(colour));
        let sitting = Sitting { link: Arc::clone(self), colour };
        Seat { sitting: Arc::new(sitting), guest: true, invite: None }
    }

    /// A club's game: its clocks run from the start, whoever is at a terminal (members come
    /// and go, and a bot plays without one).
    pub(crate) fn both_came(&self) {
        self.change(|company| company.came = [true, true]);
    }

    /// A guest's seat: Red (the host plays Blue), else Blue if nobody plays it, else a
    /// watcher's.
    pub(crate) fn sit_guest(self: &Arc<Link>) -> Seat {
        let free = [Colour::Red, Colour::Blue].into_iter().find(|&colour| !self.present(colour));
        self.sit(free.unwrap_or(Colour::Red), true)
    }

    pub(crate) fn ask(&self, ask: Proposal) {
        self.change(|company| (company.asked, company.answered) = (Some(ask), None));
    }

    pub(crate) fn asked(&self) -> Option<Proposal> {
        self.company().asked
    }

    /// A turn was played: a question about the game before it is dropped.
    pub(crate) fn drop_question(&self) {
        if self.company().asked.is_some() {
            self.change(|company| company.asked = None);
        }
    }

    /// Answers the question asked, if it is still `ask`.
    /// `both`: a take-back agreed to goes back over the answerer's own turn too.
    pub(crate) fn answer(&self, ask: Proposal, yes: bool, both: bool) {
        self.change(|company| {
            if company.asked == Some(ask) {
                (company.asked, company.answered) = (None, Some((ask, yes)));
                company.took_both = both;
            }
        });
    }

    /// Whether the last take-back agreed to went back over two turns.
    pub(crate) fn took_both(&self) -> bool {
        self.company().took_both
    }

    /// The answer to a question `colour` asked, taken once.
    pub(crate) fn answer_for(&self, colour: Colour) -> Option<(Proposal, bool)> {
        let mut company = self.company();
        let answer = company.answered.filter(|(ask, _)| ask.asker() == colour);
        if answer.is_some() {
            company.answered = None;
        }
        answer
    }
}

/// Someone at a colour (or watching): leaving the seat frees it for the next to come.
#[derive(Debug)]
struct Sitting {
    link: Arc<Link>,
    colour: Option<Colour>,
}

impl Drop for Sitting {
    fn drop(&mut self) {
        self.link.change(|company| {
            match self.colour {
                Some(colour) => {
                    company.present[colour.index()] = company.present[colour.index()].saturating_sub(1)
                }
                None => company.watching = company.watching.saturating_sub(1),
            }
            company.news = Some((company.changes + 1, News::Went(self.colour)));
        });
    }
}

/// One terminal's place at a shared game: the colour it plays (none to watch).
#[derive(Clone, Debug)]
pub(crate) struct Seat {
    sitting: Arc<Sitting>,
    /// A guest over SSH: it may not write files on the host.
    pub guest: bool,
    /// How the other player joins, shown to the host while nobody sits there.
    pub invite: Option<Text>,
}

impl Seat {
    pub(crate) fn link(&self) -> Arc<Link> {
        Arc::clone(&self.sitting.link)
    }

    /// Whether this seat is at the game on `link`.
    #[cfg(feature = "club")]
    pub(crate) fn is_at(&self, link: &Arc<Link>) -> bool {
        Arc::ptr_eq(&self.sitting.link, link)
    }

    /// The colour this terminal plays; `None` for a watcher.
    pub(crate) fn colour(&self) -> Option<Colour> {
        self.sitting.colour
    }

    /// Whether this terminal may play the turn of `to_move`.
    pub(crate) fn plays(&self, to_move: Colour) -> bool {
        self.colour() == Some(to_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::AnyRecordExt;

    fn link() -> Arc<Link> {
        Link::new(AnyRecord::new(crate::rules::GameKind::ALL[0].start(None).unwrap()))
    }

    #[test]
    fn a_colour_has_one_player_and_a_freed_seat_is_taken_again() {
        let link = link();
        let host = link.sit(Colour::Blue, false);
        let guest = link.sit(Colour::Red, true);
        let watcher = link.sit(Colour::Red, true);
        assert_eq!(
            (host.colour(), guest.colour(), watcher.colour()),
            (Some(Colour::Blue), Some(Colour::Red), None)
        );
        assert!(link.present(Colour::Red));
        let copy = guest.clone();
        drop(guest);
        assert!(link.present(Colour::Red), "a copy of the seat still sits there");
        drop(copy);
        assert!(!link.present(Colour::Red), "the guest left");
        assert_eq!(link.sit(Colour::Red, true).colour(), Some(Colour::Red), "who comes back plays again");
    }

    #[test]
    fn a_question_is_answered_once_and_a_new_turn_drops_it() {
        let link = link();
        link.ask(Proposal::Undo(Colour::Blue));
        link.answer(Proposal::Draw(Colour::Blue), true, false);
        assert_eq!(
            link.asked(),
            Some(Proposal::Undo(Colour::Blue)),
            "another question's answer is not this one's"
        );
        link.answer(Proposal::Undo(Colour::Blue), false, false);
        assert_eq!(link.answer_for(Colour::Red), None);
        assert_eq!(link.answer_for(Colour::Blue), Some((Proposal::Undo(Colour::Blue), false)));
        assert_eq!(link.answer_for(Colour::Blue), None, "taken once");
        link.ask(Proposal::Draw(Colour::Red));
        let stamp = link.stamp();
        link.drop_question();
        assert_eq!(link.asked(), None, "a turn played drops the question");
        assert!(link.stamp() > stamp, "the terminals hear of it");
    }
}
