//! The computer's answer to a draw offer, with its reason, so that a player hears why.

use super::{Evaluate, Standing, winning_chance};
use crate::rules::Colour;

/// Below this chance of its own the computer is behind and takes a draw.
pub const BEHIND_BELOW: f64 = 0.45;

/// Below this chance of its own it takes a draw in a game that has stood even for
/// [`EVEN_FOR`] turns: not ahead, and nothing moves.
pub const NOT_AHEAD_BELOW: f64 = 0.55;

/// Turns an even game (by the evaluation) must last before the computer takes a draw it
/// is not behind in.
pub const EVEN_FOR: usize = 20;

/// The evaluation's chances that count as an even game for [`EVEN_FOR`].
pub const EVEN: std::ops::RangeInclusive<f64> = 0.4..=0.6;

/// The computer's answer to a draw offer.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum DrawAnswer {
    Accepts(DrawReason),
    Declines(DrawReason),
}

/// Why it answered so.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum DrawReason {
    /// Neither side can finish ([`super::mutual_blockade`]).
    NeitherCanFinish,
    /// Who is ahead as it sees the game: the other side ahead (it accepts), itself
    /// (it declines), or even (it declines: the game is young).
    Standing(Standing),
    /// Not ahead, in a game that has stood even for [`EVEN_FOR`] turns.
    StoodEven,
}

impl DrawAnswer {
    pub fn accepts(self) -> bool {
        matches!(self, DrawAnswer::Accepts(_))
    }

    pub fn reason(self) -> DrawReason {
        match self {
            DrawAnswer::Accepts(reason) | DrawAnswer::Declines(reason) => reason,
        }
    }
}

/// The answer of the computer playing `computer` to a draw offer in `position`, after
/// the positions of the game `earlier` (oldest first), from `blue`, Blue's chance as it
/// sees the game (the verdict on the position, [`super::Verdict::blue`]). It accepts
/// when neither side can finish, when it is behind, or when it is not ahead and the game
/// has stood even for [`EVEN_FOR`] turns by the evaluation (an Ombagui game can go round
/// for ever, and the computer wanders rather than going back, so repeated positions
/// would not tell); it declines otherwise.
pub fn draw_answer<G: Evaluate>(position: &G, earlier: &[G], computer: Colour, blue: f64) -> DrawAnswer {
    if position.neither_can_finish() {
        return DrawAnswer::Accepts(DrawReason::NeitherCanFinish);
    }
    let mine = if computer == Colour::Blue { blue } else { 1.0 - blue };
    let standing = DrawReason::Standing(Standing::from_blue(blue));
    let stood_even = earlier.len() >= EVEN_FOR
        && earlier[earlier.len() - EVEN_FOR..]
            .iter()
            .all(|position| EVEN.contains(&winning_chance(position.evaluate())));
    if mine < BEHIND_BELOW {
        DrawAnswer::Accepts(standing)
    } else if stood_even && mine < NOT_AHEAD_BELOW {
        DrawAnswer::Accepts(DrawReason::StoodEven)
    } else {
        DrawAnswer::Declines(standing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, clamber, ombagui};

    #[test]
    fn it_takes_a_draw_when_behind_and_declines_when_ahead_saying_who_is() {
        let start = clamber::Position::start(crate::rules::hex::Board::SIDE_3);
        let blue_ahead = Standing::Ahead { side: Colour::Blue, percent: 64 };
        assert_eq!(
            draw_answer(&start, &[], Colour::Red, 0.64),
            DrawAnswer::Accepts(DrawReason::Standing(blue_ahead)),
            "Red is behind"
        );
        assert_eq!(
            draw_answer(&start, &[], Colour::Blue, 0.64),
            DrawAnswer::Declines(DrawReason::Standing(blue_ahead)),
            "declines: Blue is ahead, 64 %"
        );
        assert_eq!(
            draw_answer(&start, &[], Colour::Blue, 0.5),
            DrawAnswer::Declines(DrawReason::Standing(Standing::Even))
        );
    }

    #[test]
    fn it_takes_a_draw_in_a_game_that_stood_even_when_not_ahead() {
        let start = ombagui::Position::start();
        let even = vec![start; EVEN_FOR];
        assert_eq!(draw_answer(&start, &even, Colour::Red, 0.52), DrawAnswer::Accepts(DrawReason::StoodEven));
        assert!(!draw_answer(&start, &even[1..], Colour::Red, 0.52).accepts(), "one turn short");
        assert!(!draw_answer(&start, &even, Colour::Red, 0.4).accepts(), "Red is ahead: 60 %");
    }

    #[test]
    fn it_takes_a_draw_when_neither_side_can_finish_whoever_is_ahead() {
        let blockade: ombagui::Position = "b/A1=bL.bM.rD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bL.bM.bD,\
                                           D7=rL.rM.bD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM.rD"
            .parse()
            .unwrap();
        for (computer, blue) in [(Colour::Blue, 0.9), (Colour::Red, 0.1)] {
            let answer = draw_answer(&blockade, &[], computer, blue);
            assert_eq!(answer, DrawAnswer::Accepts(DrawReason::NeitherCanFinish));
            assert_eq!(answer.reason(), DrawReason::NeitherCanFinish);
        }
        // Blue's dark off Red's tower: Red can finish, an ordinary answer.
        let turns = blockade.legal_turns_with_results();
        let (_, before) = turns.into_iter().find(|(turn, _)| turn.to_string().starts_with("D7-")).unwrap();
        assert!(!draw_answer(&before, &[], Colour::Blue, 0.9).accepts());
    }
}
