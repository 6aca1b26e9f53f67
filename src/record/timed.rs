//! A record's clocks: which one runs, when a flag falls, what each turn took. The clocks
//! run only at the end of a game's line while it goes on, and only when nothing holds them
//! (a pause, the computer showing its turn); a fallen flag ends the game like a
//! resignation, kept at the line's end.

use super::{End, Record};
use crate::clock::Clock;
#[cfg(test)]
use crate::clock::Timepiece;
use crate::rules::{Colour, Game};
use std::time::{Duration, Instant};

impl<G: Game> Record<G> {
    /// The same game played on `clock` (or without clocks).
    pub(crate) fn with_clock(mut self, clock: Option<Clock>) -> Record<G> {
        self.set_clock(clock);
        self
    }

    /// The game is played on `clock` from now on (or without clocks).
    pub(crate) fn set_clock(&mut self, clock: Option<Clock>) {
        self.clock = clock;
        self.revision += 1;
    }

    /// The game's clocks, if it is played on time.
    pub(crate) fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// The clocks read the time from `time` from now on (a test's fake timepiece).
    #[cfg(test)]
    pub(crate) fn set_time(&mut self, time: Timepiece) {
        if let Some(clock) = self.clock.as_mut() {
            clock.set_time(time);
        }
    }

    /// Whether the game is played on time and its line has ended: its turns can be looked
    /// back through, but not played again (the clocks' time is spent).
    pub(crate) fn timed_and_over(&self) -> bool {
        self.clock.is_some() && self.line_end().is_some()
    }

    /// Runs the clock of the player to move if the game goes on at its line's end and
    /// nothing `holds` the clocks, else stops it; ends the game if a flag fell. Whether the
    /// game ended so.
    pub(crate) fn keep_time(&mut self, holds: bool) -> bool {
        if self.flag_fallen().is_some() {
            return true;
        }
        let run = !holds && !self.can_redo() && self.end().is_none();
        let to_move = self.position().to_move();
        if let Some(clock) = self.clock.as_mut() {
            match run {
                true => clock.start(to_move),
                false => clock.stop(),
            }
        }
        false
    }

    /// Ends the game on time if the running clock's flag fell; the player whose it was.
    pub(super) fn flag_fallen(&mut self) -> Option<Colour> {
        let loser = self.clock.as_ref()?.fallen()?;
        // A clock runs only at the line's end of a game going on, for the player to move.
        if self.is_over() || loser != self.position().to_move() {
            return None;
        }
        self.end_as(End::Time(loser));
        Some(loser)
    }

    /// When the loop should look at the clocks again: the next change of the running
    /// clock's figure, or its flag. `None` while no clock runs.
    pub(crate) fn clock_due(&self) -> Option<Instant> {
        self.clock.as_ref()?.next_change()
    }

    /// A number that grows whenever the game or the time kept of it changes (a turn, or
    /// a clock stopped with time spent): what keeps the game writes it again then.
    pub(crate) fn kept_revision(&self) -> u64 {
        self.revision + self.clock.as_ref().map_or(0, Clock::stops)
    }

    /// Notes the time its player spent on the last turn played (a saved game's).
    pub(crate) fn set_last_spent(&mut self, spent: Option<Duration>) {
        if let Some(ply) = self.plies[1..self.played].iter_mut().rev().find(|ply| ply.turn.is_some()) {
            ply.spent = spent;
        }
    }

    /// How many turns `colour` played so far, and what they took, added up.
    pub(crate) fn turns_by(&self, colour: Colour) -> (u32, Duration) {
        let (mut mover, mut turns, mut spent) = (self.start().to_move(), 0, Duration::ZERO);
        for ply in self.history() {
            if ply.turn.is_some() && mover == colour {
                turns += 1;
                spent += ply.spent.unwrap_or_default();
            }
            mover = ply.position.to_move();
        }
        (turns, spent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::TimeControl;
    use crate::record::TurnOutcome;
    use crate::rules::clamber::{Position, Turn};

    fn turn(text: &str) -> Turn {
        text.parse().unwrap()
    }

    fn timed(base: u64, increment: u64) -> (Record<Position>, Timepiece) {
        let time = Timepiece::fake();
        let control =
            TimeControl { base: Duration::from_secs(base), increment: Duration::from_secs(increment) };
        let clock = Clock::new(control, time.clone());
        (Record::new("start".parse().unwrap()).with_clock(Some(clock)), time)
    }

    fn left(record: &Record<Position>, colour: Colour) -> Duration {
        record.clock().unwrap().left(colour)
    }

    #[test]
    fn each_turn_is_on_its_players_clock_and_hands_the_clock_over() {
        let (mut record, time) = timed(60, 2);
        record.keep_time(false);
        time.advance(Duration::from_secs(5));
        record.play(&turn("C3")).unwrap();
        assert_eq!(record.clock().unwrap().running(), Some(Colour::Red), "Red's runs as the turn lands");
        time.advance(Duration::from_secs(7));
        assert_eq!((left(&record, Colour::Blue), left(&record, Colour::Red)), (secs(57), secs(53)));
        record.play(&turn("D4")).unwrap();
        assert_eq!(
            record.history().iter().map(|ply| ply.spent).collect::<Vec<_>>(),
            [Some(secs(5)), Some(secs(7))]
        );
        assert_eq!(
            (record.turns_by(Colour::Blue), record.turns_by(Colour::Red)),
            ((1, secs(5)), (1, secs(7)))
        );
    }

    fn secs(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    #[test]
    fn a_flag_falls_at_the_line_end_and_stepping_back_keeps_it() {
        let (mut record, time) = timed(12, 0);
        record.keep_time(false);
        time.advance(secs(1));
        record.play(&turn("C3")).unwrap();
        time.advance(secs(12));
        assert!(record.keep_time(false), "the flag fell");
        assert_eq!(record.end(), Some(End::Time(Colour::Red)));
        assert_eq!(record.end().unwrap().winner(), Some(Colour::Blue));
        assert_eq!(record.clock().unwrap().running(), None, "both clocks stop");
        assert!(record.timed_and_over());
        assert!(record.undo(), "undo looks back: the flag is not taken back");
        assert_eq!(record.end(), None, "looking back, the game was going on there");
        assert_eq!(record.line_end(), Some(End::Time(Colour::Red)));
        record.keep_time(false);
        assert_eq!(record.clock().unwrap().running(), None, "no clock runs in a finished game");
        assert!(record.redo());
        assert_eq!(record.end(), Some(End::Time(Colour::Red)), "the flag is still there at the end");
    }

    #[test]
    fn a_turn_after_the_flag_is_refused_and_ends_the_game() {
        let (mut record, time) = timed(12, 0);
        record.keep_time(false);
        time.advance(secs(30));
        assert_eq!(record.play(&turn("C3")), Ok(TurnOutcome::OutOfTime(Colour::Blue)));
        assert_eq!(record.history().len(), 0, "the turn is not played");
        assert_eq!(record.end(), Some(End::Time(Colour::Blue)));
        assert_eq!(left(&record, Colour::Blue), Duration::ZERO);
    }

    #[test]
    fn clocks_stop_when_held_and_a_take_back_gives_no_time_back() {
        let (mut record, time) = timed(60, 0);
        record.keep_time(false);
        time.advance(secs(4));
        record.play(&turn("C3")).unwrap();
        time.advance(secs(3));
        let kept = record.kept_revision();
        record.keep_time(true);
        assert!(record.kept_revision() > kept, "a stop is time to keep");
        time.advance(secs(100));
        assert_eq!(left(&record, Colour::Red), secs(57), "held, Red's clock waits");
        record.keep_time(false);
        time.advance(secs(1));
        assert!(record.undo());
        record.keep_time(false);
        assert_eq!(record.clock().unwrap().running(), Some(Colour::Blue));
        assert_eq!((left(&record, Colour::Blue), left(&record, Colour::Red)), (secs(56), secs(56)));
        assert_eq!(record.clock().unwrap().under_way(), Duration::ZERO, "the dropped turn's time is gone");
    }

    #[test]
    fn a_game_without_clocks_has_no_time_and_wants_no_wake_up() {
        let mut record = Record::new("start".parse::<Position>().unwrap());
        assert!(!record.keep_time(false));
        assert_eq!(record.clock_due(), None);
        record.play(&turn("C3")).unwrap();
        assert_eq!(record.history()[0].spent, None);
        assert_eq!(record.kept_revision(), record.revision());
    }
}
