//! A game shared by several terminals: the host's own and each guest's over SSH. The link
//! holds the game as it stands; each terminal plays on its own copy and hands its changes
//! in, and takes the others' changes when it next looks. Who may play which colour is a
//! [`Seat`]; undo and draws need the other player's yes, asked through the link. How a game
//! screen follows the link is in `follow.rs`. Nothing here touches a terminal or the network.

use crate::rules::Colour;
use crate::session::AnySession;
use std::sync::{Arc, Mutex, MutexGuard};

/// The game all the terminals follow.
#[derive(Debug)]
pub struct Link {
    shared: Mutex<Shared>,
}

#[derive(Debug)]
struct Shared {
    game: AnySession,
    /// Counts the changes handed in: a terminal that saw an older one takes the game.
    version: u64,
    /// How many terminals sit at each colour (Blue, Red).
    present: [usize; 2],
    /// A question a player put to the other, waiting for an answer.
    asked: Option<Ask>,
    /// The last answer, for the player who asked.
    answered: Option<(Ask, bool)>,
    /// The host is leaving: every other terminal lets go.
    closed: bool,
}

/// What a player asks the other, who must agree: the asker is named.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ask {
    /// Take back the turns since the asker's last one.
    Undo(Colour),
    Draw(Colour),
}

impl Ask {
    pub fn asker(self) -> Colour {
        match self {
            Ask::Undo(colour) | Ask::Draw(colour) => colour,
        }
    }
}

impl Link {
    pub fn new(game: AnySession) -> Arc<Link> {
        let shared = Shared { game, version: 0, present: [0, 0], asked: None, answered: None, closed: false };
        Arc::new(Link { shared: Mutex::new(shared) })
    }

    /// The shared state; a terminal that panicked while holding it left it whole (every
    /// change below is a single assignment), so a poisoned lock is taken as it is.
    fn shared(&self) -> MutexGuard<'_, Shared> {
        self.shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The game now, and its version.
    pub fn game(&self) -> (AnySession, u64) {
        let shared = self.shared();
        (shared.game.clone(), shared.version)
    }

    /// Hands in a terminal's game; a question about the game before it is dropped.
    pub fn publish(&self, game: AnySession) -> u64 {
        let mut shared = self.shared();
        shared.game = game;
        shared.version += 1;
        shared.asked = None;
        shared.version
    }

    pub fn version(&self) -> u64 {
        self.shared().version
    }

    /// Tells every terminal following the game to let go of it.
    pub fn close(&self) {
        self.shared().closed = true;
    }

    pub fn is_closed(&self) -> bool {
        self.shared().closed
    }

    /// How many terminals sit at a colour.
    pub fn players(&self) -> usize {
        self.shared().present.iter().sum()
    }

    /// Whether a terminal sits at `colour`.
    pub fn present(&self, colour: Colour) -> bool {
        self.shared().present[colour.index()] > 0
    }

    /// A seat for a new terminal: `colour` if nobody sits there, else a watcher's.
    pub fn sit(self: &Arc<Link>, colour: Colour, guest: bool) -> Seat {
        let mut shared = self.shared();
        let taken = shared.present[colour.index()] > 0;
        if !taken {
            shared.present[colour.index()] += 1;
        }
        let sitting = Sitting { link: Arc::clone(self), colour: (!taken).then_some(colour) };
        Seat { sitting: Arc::new(sitting), guest, seen: None, revision: None, invite: None }
    }

    /// A guest's seat: Red (the host plays Blue), else Blue if nobody plays it, else a
    /// watcher's.
    pub fn sit_guest(self: &Arc<Link>) -> Seat {
        let free = [Colour::Red, Colour::Blue].into_iter().find(|&colour| !self.present(colour));
        self.sit(free.unwrap_or(Colour::Red), true)
    }

    pub fn ask(&self, ask: Ask) {
        let mut shared = self.shared();
        (shared.asked, shared.answered) = (Some(ask), None);
    }

    pub fn asked(&self) -> Option<Ask> {
        self.shared().asked
    }

    /// Answers the question asked, if it is still `ask`.
    pub fn answer(&self, ask: Ask, yes: bool) {
        let mut shared = self.shared();
        if shared.asked == Some(ask) {
            (shared.asked, shared.answered) = (None, Some((ask, yes)));
        }
    }

    /// The answer to a question `colour` asked, taken once.
    pub fn answer_for(&self, colour: Colour) -> Option<(Ask, bool)> {
        let mut shared = self.shared();
        let answer = shared.answered.filter(|(ask, _)| ask.asker() == colour);
        if answer.is_some() {
            shared.answered = None;
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
        if let Some(colour) = self.colour {
            let mut shared = self.link.shared();
            shared.present[colour.index()] = shared.present[colour.index()].saturating_sub(1);
        }
    }
}

/// One terminal's place at a shared game: the colour it plays (none to watch), and how
/// far it has followed the game.
#[derive(Clone, Debug)]
pub struct Seat {
    sitting: Arc<Sitting>,
    /// A guest over SSH: it may not write files on the host.
    pub guest: bool,
    /// The link's version this terminal's game is at.
    pub seen: Option<u64>,
    /// The game revision this terminal last handed in or took.
    pub revision: Option<u64>,
    /// How the other player joins, shown to the host while nobody sits there.
    pub invite: Option<String>,
}

impl Seat {
    pub fn link(&self) -> Arc<Link> {
        Arc::clone(&self.sitting.link)
    }

    /// The colour this terminal plays; `None` for a watcher.
    pub fn colour(&self) -> Option<Colour> {
        self.sitting.colour
    }

    /// Whether this terminal may play the turn of `to_move`.
    pub fn plays(&self, to_move: Colour) -> bool {
        self.colour() == Some(to_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link() -> Arc<Link> {
        Link::new(AnySession::new(crate::rules::GameKind::Clamber.start(None).unwrap()))
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
        link.ask(Ask::Undo(Colour::Blue));
        link.answer(Ask::Draw(Colour::Blue), true);
        assert_eq!(
            link.asked(),
            Some(Ask::Undo(Colour::Blue)),
            "another question's answer is not this one's"
        );
        link.answer(Ask::Undo(Colour::Blue), false);
        assert_eq!(link.answer_for(Colour::Red), None);
        assert_eq!(link.answer_for(Colour::Blue), Some((Ask::Undo(Colour::Blue), false)));
        assert_eq!(link.answer_for(Colour::Blue), None, "taken once");
        link.ask(Ask::Draw(Colour::Red));
        let (game, _) = link.game();
        assert_eq!(link.publish(game), 1);
        assert_eq!(link.asked(), None, "a turn played drops the question");
    }
}
