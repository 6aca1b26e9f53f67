//! A player trying a marked turn's position again, on a board of its own, and hearing
//! whether their turn keeps as much as the computer's.

use super::{Reviewing, percent};
use crate::ai::review::{self, Class, Looked};
use crate::app::component::Go;
use crate::app::keys::Action;
use crate::app::table::{Input, Message, Table};
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::rules::Game;

/// A player trying a marked turn's position again.
#[derive(Debug)]
pub(crate) struct Trial<G: Game> {
    /// A table of its own at the position before the turn.
    pub table: Table<G>,
    /// The turn tried, once played.
    pub tried: Option<G::Turn>,
    /// The computer's verdict on the position the turn tried leads to, once it has looked.
    pub verdict: Option<Looked<G::Turn>>,
}

impl<G: Input> Reviewing<G> {
    /// How a trial stands: waiting for a turn, the computer looking at it, or whether it
    /// kept as much as the computer's (within an inaccuracy).
    pub(super) fn trial_message(&self, trial: &Trial<G>) -> Message {
        let Some(judged) = self.judged_at() else { return Message::None };
        let better = judged.better.as_ref().unwrap_or(&judged.played);
        let played = judged.played.to_string();
        match (&trial.tried, &trial.verdict) {
            (None, _) => Message::Info(text!(REVIEW_TRY, judged.mover, played)),
            (Some(turn), _) if turn == better => Message::Success(text!(REVIEW_TRIED_BEST, turn.to_string())),
            (Some(turn), None) => Message::Info(text!(REVIEW_JUDGING, turn.to_string())),
            (Some(turn), Some(looked)) => {
                let chance = review::seen_by(judged.mover, looked.blue);
                let (kept, better, turn) = (percent(judged.kept), better.to_string(), turn.to_string());
                match judged.kept - chance < review::INACCURACY {
                    true => Message::Success(text!(REVIEW_TRIED_GOOD, turn, percent(chance), better, kept)),
                    // The answer the computer sees says why the turn falls short.
                    false => Message::Warning(match &looked.best {
                        Some(answer) => {
                            let (other, answer) = (judged.mover.other(), answer.to_string());
                            text!(REVIEW_TRIED_ANSWERED, turn, percent(chance), kept, other, answer)
                        }
                        None => text!(REVIEW_TRIED_WORSE, turn, percent(chance), kept),
                    }),
                }
            }
        }
    }

    /// Starts a trial of the turn on view, if it is marked.
    pub(super) fn try_again(&mut self) {
        let marked = self.judged_at().is_some_and(|judged| judged.class > Class::Ok);
        if !marked {
            self.status.warn(text!(REVIEW_TRY_MARKED));
            return;
        }
        let mut table = Table::at(self.positions[self.at]);
        if let Some(cell) = self.turns.get(self.at).and_then(|turn| G::turn_cells(turn).first().copied()) {
            table.point_at(cell);
        }
        self.trial = Some(Trial { table, tried: None, verdict: None });
        self.say();
    }

    /// An action on the trial's board; once a turn is played there, the computer looks at it.
    pub(super) fn trial_act(&mut self, action: Action) -> Go {
        let Some(trial) = &mut self.trial else { return Go::Stay };
        match action {
            Action::Back => self.trial = None,
            Action::Help => return Go::Help,
            Action::Cancel if trial.tried.is_some() || trial.table.picked().is_none() => self.trial = None,
            Action::Try if trial.tried.is_some() => return self.retry(),
            _ if trial.tried.is_some() => {}
            action => {
                trial.table.on_board(action);
                let played = trial
                    .table
                    .read(|record| record.last_turn_played().map(|(t, _, after)| (t.clone(), after)));
                if let Some((turn, after)) = played {
                    trial.tried = Some(turn);
                    if let Some(tries) = self.worker.as_ref().and_then(|worker| worker.tries.as_ref()) {
                        let _ = tries.send(review::skip_if_stuck(after));
                    }
                }
                if trial.tried.is_none() {
                    self.status.show(trial.table.status().message().clone());
                    return Go::Stay;
                }
            }
        }
        self.say();
        Go::Stay
    }

    fn retry(&mut self) -> Go {
        self.trial = None;
        self.try_again();
        Go::Stay
    }
}
