//! The correspondence games in progress as the hub times them, without holding them: who
//! plays each, who is to move and by when, each member's games. A game itself waits in the
//! database until someone opens it or plays in it; its deadline and the warning that its
//! mover's time runs low (a sixth of the allowance left) are the hub's timers.

use crate::club::{Due, GameId, MemberId};
use std::collections::{BTreeSet, HashMap};

/// The part of the allowance left when the mover is warned: a sixth.
const LOW: i64 = 6;

/// Every correspondence game in progress, by number, by member and by deadline.
#[derive(Default)]
pub(super) struct Daily {
    games: HashMap<GameId, Due>,
    by_member: HashMap<MemberId, BTreeSet<GameId>>,
    /// When each game's mover runs out of time (milliseconds since 1970), soonest first.
    deadlines: BTreeSet<(i64, GameId)>,
    /// When each game's mover is to be warned, soonest first; gone once said.
    warnings: BTreeSet<(i64, GameId)>,
}

impl Daily {
    /// The games `dues` as the database keeps them at `now`: a warning already past is not
    /// said again.
    pub(super) fn new(dues: Vec<Due>, now: i64) -> Daily {
        let mut daily = Daily::default();
        for due in dues {
            daily.put(due, now);
        }
        daily
    }

    /// Game `due.game` as it stands now (begun, or a turn played): its mover's deadline and
    /// warning timed again.
    pub(super) fn put(&mut self, due: Due, now: i64) {
        self.remove(due.game);
        let Some(deadline) = due.next.deadline else { return };
        for member in due.players {
            self.by_member.entry(member).or_default().insert(due.game);
        }
        self.deadlines.insert((deadline, due.game));
        let warning = deadline - due.allowance / LOW;
        if warning > now {
            self.warnings.insert((warning, due.game));
        }
        self.games.insert(due.game, due);
    }

    /// Game `id` is over (or not by correspondence): it goes.
    pub(super) fn remove(&mut self, id: GameId) -> Option<Due> {
        let due = self.games.remove(&id)?;
        for member in due.players {
            if let Some(games) = self.by_member.get_mut(&member) {
                games.remove(&id);
                if games.is_empty() {
                    self.by_member.remove(&member);
                }
            }
        }
        let deadline = due.next.deadline.unwrap_or_default();
        self.deadlines.remove(&(deadline, id));
        self.warnings.remove(&(deadline - due.allowance / LOW, id));
        Some(due)
    }

    pub(super) fn get(&self, id: GameId) -> Option<&Due> {
        self.games.get(&id)
    }

    pub(super) fn len(&self) -> usize {
        self.games.len()
    }

    /// Member `member`'s correspondence games in progress.
    pub(super) fn of(&self, member: MemberId) -> impl Iterator<Item = &Due> {
        self.by_member.get(&member).into_iter().flatten().filter_map(|id| self.games.get(id))
    }

    /// How many of them wait for `member`'s turn.
    pub(super) fn to_move(&self, member: MemberId) -> usize {
        self.of(member).filter(|due| due.next.mover == member).count()
    }

    /// When the next deadline passes or the next warning is due.
    pub(super) fn next(&self) -> Option<i64> {
        let deadline = self.deadlines.first().map(|(at, _)| *at);
        let warning = self.warnings.first().map(|(at, _)| *at);
        deadline.into_iter().chain(warning).min()
    }

    /// The games whose mover's time ran out by `now`.
    pub(super) fn overdue(&self, now: i64) -> Vec<Due> {
        let due = self.deadlines.iter().take_while(|(at, _)| *at <= now);
        due.filter_map(|(_, id)| self.games.get(id).copied()).collect()
    }

    /// The games whose mover is to be warned by `now`, taken: each is said once a turn.
    pub(super) fn take_warnings(&mut self, now: i64) -> Vec<Due> {
        let mut said = Vec::new();
        while let Some(&(at, id)) = self.warnings.first()
            && at <= now
        {
            self.warnings.pop_first();
            said.extend(self.games.get(&id).copied());
        }
        said
    }

    /// Gives back the room of the games over.
    pub(super) fn shrink(&mut self) {
        self.games.shrink_to_fit();
        self.by_member.shrink_to_fit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::club::Next;

    const DAY: i64 = 86_400_000;

    fn due(game: GameId, mover: MemberId, deadline: i64) -> Due {
        Due { game, players: [1, 2], next: Next { mover, deadline: Some(deadline) }, allowance: 3 * DAY }
    }

    #[test]
    fn deadlines_and_warnings_come_in_their_order_and_a_warning_is_said_once_a_turn() {
        let mut daily = Daily::new(vec![due(7, 1, 3 * DAY), due(8, 2, 2 * DAY)], 0);
        assert_eq!((daily.to_move(1), daily.to_move(2), daily.of(1).count()), (1, 1, 2));
        // Game 8's warning at two days less half a day, then game 7's, then the deadlines.
        assert_eq!(daily.next(), Some(2 * DAY - DAY / 2));
        assert!(daily.take_warnings(DAY).is_empty());
        assert_eq!(
            daily.take_warnings(2 * DAY - DAY / 2).iter().map(|due| due.game).collect::<Vec<_>>(),
            [8]
        );
        assert!(daily.take_warnings(2 * DAY - DAY / 2).is_empty(), "said once");
        assert_eq!(daily.next(), Some(2 * DAY));
        assert_eq!(daily.overdue(2 * DAY).iter().map(|due| due.game).collect::<Vec<_>>(), [8]);
        // Game 8's mover plays in time: the other has three days, and will be warned again.
        daily.put(due(8, 1, 2 * DAY + 3 * DAY), 2 * DAY - 1);
        assert!(daily.overdue(2 * DAY).is_empty());
        assert_eq!((daily.to_move(1), daily.to_move(2)), (2, 0));
        assert_eq!(daily.remove(7).map(|due| due.game), Some(7));
        assert_eq!(daily.next(), Some(5 * DAY - DAY / 2));
        daily.remove(8);
        assert_eq!((daily.len(), daily.next(), daily.of(1).count()), (0, None, 0));
    }

    #[test]
    fn a_warning_already_past_when_the_hub_starts_is_not_said_again() {
        let mut daily = Daily::new(vec![due(7, 1, 3 * DAY)], 3 * DAY - DAY / 4);
        assert!(daily.take_warnings(3 * DAY).is_empty());
        assert_eq!(daily.next(), Some(3 * DAY));
    }
}
