//! What keeps a game on screen sees of it, whichever game it is: where it is kept, its
//! revision, its text as a saved game.

use super::{AnyGameScreen, GameScreen, Mode};
use crate::app::prompt::Question;
use crate::app::table::{Input, StatusLine};
use crate::record::Players;
use crate::rules::hex::Cell;
use crate::saved::KeptReview;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

/// Where a game is kept, and what is kept with it.
#[derive(Debug)]
pub(crate) struct Keeping {
    /// Tells games apart, so that what keeps them never mistakes one for another.
    pub id: u64,
    /// Where this game is kept as it goes (set when it is first kept, or resumed).
    pub at: Option<PathBuf>,
    /// Watched, not played: another hexstack has this game open and writes it.
    pub read_only: bool,
    /// The computer's review of the game, kept with it.
    pub review: Option<KeptReview>,
}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

impl Keeping {
    /// A game not kept yet, with an id of its own.
    pub(super) fn new() -> Keeping {
        Keeping { id: NEXT_ID.fetch_add(1, Ordering::Relaxed), at: None, read_only: false, review: None }
    }
}

/// What the autosave and the loop ask of a game kept while it is on screen, played or
/// under its review, whichever game it is.
pub(crate) trait Kept {
    /// Where it is kept, and what is kept with it.
    fn keeping(&mut self) -> &mut Keeping;
    /// A number that changes whenever what is kept of it does.
    fn revision(&self) -> (u64, usize);
    /// It as a saved-game text (the date left out when `date` is empty).
    fn record(&self, date: &str) -> String;
    /// The line that tells the player what happened.
    fn status(&mut self) -> &mut StatusLine;
    /// How many turns are played, of how many in its line.
    fn replay_position(&self) -> (usize, usize);
    /// Whether there is anything of it to keep: a turn, or time spent on its clock.
    fn started(&self) -> bool;
    /// Whether it is a rules example being tried (never kept).
    fn tried(&self) -> bool;
    /// The game it plays.
    fn kind(&self) -> crate::rules::GameKind;
    /// The cell the cursor is on.
    fn cursor(&self) -> Cell;
    /// Moves the cursor to `cell`.
    fn point_at(&mut self, cell: Cell);
    /// Carries out the answer to a question about it.
    fn answer(&mut self, question: Question, yes: bool);
    /// Stops its clocks, the time spent counted: it leaves the screen.
    fn stop_clock(&mut self);
}

impl<G: Input> Kept for GameScreen<G> {
    fn keeping(&mut self) -> &mut Keeping {
        &mut self.keeping
    }

    /// The game's revision with its clocks' stops, and how much its review holds
    /// ([`KeptReview::size`]): what keeps it writes it again when either changes.
    fn revision(&self) -> (u64, usize) {
        let looked = self.keeping.review.as_ref().map_or(0, KeptReview::size);
        (self.table.read(crate::record::Record::kept_revision), looked)
    }

    fn record(&self, date: &str) -> String {
        let players = Players { computer: self.computer(), ..self.players.clone() };
        let review = self.keeping.review.as_ref();
        self.table.read(|record| crate::saved::write_reviewed(record, &players, date, review))
    }

    fn status(&mut self) -> &mut StatusLine {
        self.table.status_mut()
    }

    fn replay_position(&self) -> (usize, usize) {
        self.table.replay_position()
    }

    fn started(&self) -> bool {
        let spent = |record: &crate::record::Record<G>| {
            record.clock().is_some_and(|clock| !clock.under_way().is_zero())
        };
        self.table.replay_position().1 > 0 || self.table.read(spent)
    }

    fn tried(&self) -> bool {
        matches!(self.mode, Mode::Tried(_))
    }

    fn kind(&self) -> crate::rules::GameKind {
        G::KIND
    }

    fn cursor(&self) -> Cell {
        self.table.cursor().cell
    }

    fn point_at(&mut self, cell: Cell) {
        self.table.point_at(cell);
    }

    fn answer(&mut self, question: Question, yes: bool) {
        match yes {
            true => self.answer_yes(question),
            false => self.answer_no(question),
        }
    }

    fn stop_clock(&mut self) {
        GameScreen::stop_clock(self);
    }
}

/// A game on screen of any game, as what keeps it sees it (a trait, since
/// [`Any`](crate::rules::Any) is the rules crate's).
pub(crate) trait AnyGameScreenExt {
    /// The game on screen, as what keeps it sees it.
    fn kept(&mut self) -> &mut dyn Kept;
    /// The same, to read.
    fn seen(&self) -> &dyn Kept;
}

impl AnyGameScreenExt for AnyGameScreen {
    fn kept(&mut self) -> &mut dyn Kept {
        crate::each_game!(self, game => game)
    }

    fn seen(&self) -> &dyn Kept {
        crate::each_game!(self, game => game)
    }
}
