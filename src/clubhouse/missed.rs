//! What members away missed: the latest few notices each, said in one line when they next
//! come in.

use crate::club::MemberId;
use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use std::collections::{HashMap, VecDeque};

/// What is kept for a member away, at most: the latest.
const KEPT: usize = 10;

/// What each member away missed, newest last.
#[derive(Default)]
pub(super) struct Missed(HashMap<MemberId, VecDeque<Text>>);

impl Missed {
    pub(super) fn keep(&mut self, member: MemberId, said: Text) {
        let kept = self.0.entry(member).or_default();
        if kept.len() == KEPT {
            kept.pop_front();
        }
        kept.push_back(said);
    }

    /// What member `member` missed, in one line (the latest, and how many more), taken.
    pub(super) fn take(&mut self, member: MemberId) -> Option<Text> {
        let mut kept = self.0.remove(&member)?;
        let latest = kept.pop_back()?;
        Some(match kept.len() {
            0 => text!(CLUB_WHILE_AWAY, latest),
            more => text!(CLUB_WHILE_AWAY_MORE, latest, more),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn a_member_away_is_told_the_latest_of_what_they_missed_and_how_many_more() {
        let mut missed = Missed::default();
        assert_eq!(missed.take(1), None);
        for id in 1..=12 {
            missed.keep(1, text!(CLUB_BEGAN, id, "Bo"));
        }
        let said = missed.take(1).map(|said| Lang::En.say(&said));
        assert_eq!(
            said.as_deref(),
            Some("While you were away (9 more before this): Game 12 against Bo has begun.")
        );
        assert_eq!(missed.take(1), None, "said once");
    }
}
