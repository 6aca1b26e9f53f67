//! A game being played: its positions so far, undo and redo, forced skips, the endings
//! the players decide themselves (a resignation, an agreed draw), and who plays it. The
//! app, saved games, the engine protocol and network play all share it.

use crate::rules::{AnyPosition, ByGame, Colour, Game, Outcome, clamber, ombagui};

/// The players' names, when they gave them, and the computer if it plays.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Players {
    pub blue: Option<String>,
    pub red: Option<String>,
    pub computer: Option<Computer>,
}

/// Who the computer plays, and at which level: one colour, or both to watch it play.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Computer {
    pub blue: bool,
    pub red: bool,
    pub level: u8,
}

impl Computer {
    /// The computer playing `colour` at `level`.
    pub fn playing(colour: Colour, level: u8) -> Computer {
        Computer { blue: colour == Colour::Blue, red: colour == Colour::Red, level }
    }

    /// The computer playing both sides, to watch.
    pub fn both(level: u8) -> Computer {
        Computer { blue: true, red: true, level }
    }

    /// Whether it plays both sides: there is nobody to answer, just a game to watch.
    pub fn watched(self) -> bool {
        self.blue && self.red
    }

    pub fn plays(self, colour: Colour) -> bool {
        match colour {
            Colour::Blue => self.blue,
            Colour::Red => self.red,
        }
    }
}

impl std::fmt::Display for Computer {
    /// As a saved game writes it: the side it plays (`blue`, `red` or `both`), then its level.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = match (self.blue, self.red) {
            (true, true) => "both",
            (true, false) => "blue",
            _ => "red",
        };
        write!(f, "{side} {}", self.level)
    }
}

impl std::str::FromStr for Computer {
    type Err = ();

    /// `blue 3`, `red 5`, `both 1`: the side the computer plays and its level, 1 to 5.
    fn from_str(text: &str) -> Result<Computer, ()> {
        let (side, level) = text.trim().split_once(' ').ok_or(())?;
        let level: u8 = level.trim().parse().map_err(|_| ())?;
        if !(1..=5).contains(&level) {
            return Err(());
        }
        match side {
            "blue" => Ok(Computer::playing(Colour::Blue, level)),
            "red" => Ok(Computer::playing(Colour::Red, level)),
            "both" => Ok(Computer::both(level)),
            _ => Err(()),
        }
    }
}

impl Players {
    pub fn name(&self, colour: Colour) -> Option<&str> {
        match colour {
            Colour::Blue => self.blue.as_deref(),
            Colour::Red => self.red.as_deref(),
        }
    }
}

/// A game in progress of either kind.
pub type AnySession = ByGame<Session<clamber::Position>, Session<ombagui::Position>>;

impl AnySession {
    /// A game of whichever kind `start` is.
    pub fn new(start: AnyPosition) -> AnySession {
        crate::by_game!(map start, start => Session::new(start))
    }
}

/// One step of the game: the position after it, and the turn that led there
/// (`None` for the start and for a forced skip).
#[derive(Clone, Debug)]
pub struct Ply<G: Game> {
    pub turn: Option<G::Turn>,
    pub position: G,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum End {
    Won(Colour),
    /// This player gave up.
    Resigned(Colour),
    /// The players agreed to a draw.
    Drawn,
    /// Nobody can move any more: a draw too.
    Blocked,
}

/// What happened when a turn was played, for the message line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Played {
    Normal,
    /// The next player had no legal turn and was skipped.
    Skipped(Colour),
}

/// A game's history. Positions are small `Copy` values, so undo and redo are moves along
/// a list of positions; playing after an undo drops the turns that could have been redone.
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    plies: Vec<Ply<G>>,
    /// How many plies are played; the ones after can be redone.
    played: usize,
    /// A resignation or an agreed draw, which undo takes back like a turn.
    agreed: Option<End>,
    /// Counts every change, so that what keeps the game knows when to write it again.
    revision: u64,
}

impl<G: Game> Session<G> {
    /// A game from `start`; if the player to move there cannot move, they are skipped.
    pub fn new(start: G) -> Session<G> {
        let mut session = Session {
            plies: vec![Ply { turn: None, position: start }],
            played: 1,
            agreed: None,
            revision: 0,
        };
        session.skip_if_stuck();
        session
    }

    /// A number that changes whenever the game does (a turn, an undo, a resignation ...).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The position now.
    pub fn position(&self) -> G {
        self.plies[self.played - 1].position
    }

    /// The position the game started from.
    pub fn start(&self) -> G {
        self.plies[0].position
    }

    /// The plies played after the start, skips included, oldest first.
    pub fn history(&self) -> &[Ply<G>] {
        &self.plies[1..self.played]
    }

    /// Every turn of the game's line, including those taken back that could be redone.
    pub fn all_turns(&self) -> impl Iterator<Item = &G::Turn> {
        self.plies[1..].iter().filter_map(|ply| ply.turn.as_ref())
    }

    /// How many of [`Session::all_turns`] are played now.
    pub fn turns_played(&self) -> usize {
        self.history().iter().filter(|ply| ply.turn.is_some()).count()
    }

    /// A resignation or an agreed draw, if the players ended the game so.
    pub fn agreed(&self) -> Option<End> {
        self.agreed
    }

    /// Every ply of the game's line after the start, including those taken back.
    pub fn line(&self) -> &[Ply<G>] {
        &self.plies[1..]
    }

    /// The last turn played (not a skip), if any.
    pub fn last_turn(&self) -> Option<&G::Turn> {
        self.history().iter().rev().find_map(|ply| ply.turn.as_ref())
    }

    /// The last turn played (not a skip), with the positions just before and after it.
    pub fn last_turn_played(&self) -> Option<(&G::Turn, G, G)> {
        let at = (1..self.played).rev().find(|&i| self.plies[i].turn.is_some())?;
        let turn = self.plies[at].turn.as_ref()?;
        Some((turn, self.plies[at - 1].position, self.plies[at].position))
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<End> {
        self.agreed.or(match self.position().outcome() {
            Outcome::Ongoing => None,
            Outcome::Won(colour) => Some(End::Won(colour)),
            Outcome::Drawn => Some(End::Blocked),
        })
    }

    pub fn is_over(&self) -> bool {
        self.end().is_some()
    }

    /// Plays `turn` for the player to move, then skips the next player if they cannot move.
    pub fn play(&mut self, turn: &G::Turn) -> Result<Played, G::Illegal> {
        let next = self.position().play(turn)?;
        self.plies.truncate(self.played);
        self.plies.push(Ply { turn: Some(turn.clone()), position: next });
        self.played += 1;
        self.revision += 1;
        Ok(match self.skip_if_stuck() {
            true => Played::Skipped(next.to_move()),
            false => Played::Normal,
        })
    }

    /// Adds a skip when the player to move has no legal turn but the game goes on.
    fn skip_if_stuck(&mut self) -> bool {
        let position = self.position();
        if position.outcome() != Outcome::Ongoing || position.can_move() {
            return false;
        }
        self.plies.truncate(self.played);
        self.plies.push(Ply { turn: None, position: position.skipped() });
        self.played += 1;
        true
    }

    pub fn can_undo(&self) -> bool {
        self.agreed.is_some() || self.history().iter().any(|ply| ply.turn.is_some())
    }

    pub fn can_redo(&self) -> bool {
        self.plies[self.played..].iter().any(|ply| ply.turn.is_some())
    }

    /// Takes back the last turn (with the skip it caused), or a resignation or agreed draw.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        self.revision += 1;
        if self.agreed.take().is_some() {
            return true;
        }
        while self.played > 1 {
            self.played -= 1;
            if self.plies[self.played].turn.is_some() {
                break;
            }
        }
        true
    }

    /// Plays again the turn last taken back (with the skip it caused).
    pub fn redo(&mut self) -> bool {
        if !self.can_redo() {
            return false;
        }
        self.revision += 1;
        self.played += 1;
        while self.played < self.plies.len() && self.plies[self.played].turn.is_none() {
            self.played += 1;
        }
        true
    }

    /// Drops the turns that could be redone: a take-back two players agreed on is final.
    pub fn drop_future(&mut self) {
        self.plies.truncate(self.played);
    }

    /// Takes back every turn, to the start.
    pub fn undo_all(&mut self) {
        while self.undo() {}
    }

    /// Plays again every turn taken back.
    pub fn redo_all(&mut self) {
        while self.redo() {}
    }

    /// The player to move gives up.
    pub fn resign(&mut self) {
        if !self.is_over() {
            self.agreed = Some(End::Resigned(self.position().to_move()));
            self.revision += 1;
        }
    }

    /// Both players agree to a draw.
    pub fn agree_draw(&mut self) {
        if !self.is_over() {
            self.agreed = Some(End::Drawn);
            self.revision += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::clamber::{Position, Turn};

    fn turn(text: &str) -> Turn {
        text.parse().unwrap()
    }

    #[test]
    fn undo_and_redo_walk_the_history() {
        let mut session = Session::new("start".parse::<Position>().unwrap());
        assert!(!session.can_undo());
        session.play(&turn("C3")).unwrap();
        session.play(&turn("D4")).unwrap();
        assert_eq!(session.position().to_string(), "3/b/C3=b1,D4=r1");
        assert!(session.undo());
        assert_eq!(session.position().to_string(), "3/r/C3=b1");
        let revision = session.revision();
        assert!(session.redo());
        assert_eq!(session.position().to_string(), "3/b/C3=b1,D4=r1");
        assert!(session.revision() > revision, "a redo is a change to keep");
        let revision = session.revision();
        assert!(!session.redo());
        assert_eq!(session.revision(), revision, "nothing redone, nothing to keep");
        session.undo();
        session.play(&turn("A1")).unwrap();
        assert!(!session.can_redo(), "a new turn drops the old future");
        assert_eq!(session.last_turn(), Some(&turn("A1")));
    }

    #[test]
    fn a_stuck_player_is_skipped_and_undo_takes_the_skip_back_too() {
        // Once Red's 3 takes the blue 2, Blue's singletons cannot touch Red's two 3s.
        let start: Position = "2/r/A1=b1,A2=b1,B1=b1,B2=r3,B3=b1,C2=b1,C3=b2".parse().unwrap();
        let mut session = Session::new(start);
        assert_eq!(session.play(&turn("B2xC3")), Ok(Played::Skipped(Colour::Blue)));
        assert_eq!(session.position().to_move(), Colour::Red);
        assert_eq!(session.history().len(), 2);
        session.undo();
        assert_eq!(session.position(), start);
        session.redo();
        assert_eq!(session.position().to_move(), Colour::Red);
    }

    #[test]
    fn resignation_and_draw_end_the_game_until_undone() {
        let mut session = Session::new("start".parse::<Position>().unwrap());
        session.resign();
        assert_eq!(session.end(), Some(End::Resigned(Colour::Blue)));
        assert!(session.undo());
        assert_eq!(session.end(), None);
        session.agree_draw();
        assert_eq!(session.end(), Some(End::Drawn));
    }
}
