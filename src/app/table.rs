//! A board to play a game on: its record, the cursor, what is picked on the way to a
//! turn, and the line that tells the players what happened. What Enter and Esc do is the
//! game's own ([`Input`], in `app/GAME.rs`, beside the pages of its rules): it asks the
//! rules for the legal turns and filters them, never deciding a rule itself. Who else is
//! at the game (the computer, a player at a distance) is the game screen's.
//!
//! Three parts, each apart: what the table shows of the record (read only, here), the
//! player's input (the cursor, what is picked, a turn waiting for their word; here too), and
//! the game's flow (turns committed, undone, redone, resignations and draws: `flow`), each
//! telling the [`StatusLine`] what happened.

mod flow;
mod status;

pub(crate) use status::{Message, StatusLine};

use super::cursor::Cursor;
use super::highlights::Highlights;
use super::keys::Action;
use super::pages::{Page, Show};
use super::shared_record::SharedRecord;
use crate::ai::Evaluate;
use crate::i18n::{Key, Words};
use crate::record::{End, Record};
use crate::rules::hex::Cell;
use crate::rules::{Colour, Game};

/// What the screens need of a game to play it.
pub(crate) trait Input: Evaluate<Turn: Send> + Words + Send {
    /// How many screen lines a cell takes.
    const CELL_LINES: u16;
    /// What to do, told to the player to move (the player's name in it).
    const PROMPT: Key<1>;
    /// The pages of its rules, in order.
    const PAGES: &'static [Page];

    /// Enter (or a click) on `cell`, the cursor's, with what was picked (taken out of the
    /// table: an act that keeps it puts it back).
    fn act(table: &mut Table<Self>, cell: Cell, picked: Option<Self::Picked>);
    /// Takes up a turn begun elsewhere (a rules page's chain under way), as if picked here.
    fn take_up(table: &mut Table<Self>, picked: Self::Picked) {
        table.pick(picked);
    }
    /// Esc: drop what was picked, or finish the turn it began.
    fn cancel(table: &mut Table<Self>);
    /// The turn what was picked has made so far, where Esc would play it (a chain's
    /// captures): leaving the board then would lose it.
    fn begun(_picked: &Self::Picked) -> Option<Self::Turn> {
        None
    }
    /// The board as the players should see it now (a chain's captures already made).
    fn shown(table: &Table<Self>) -> Self {
        table.position()
    }
    /// What the board lights up, by meaning: what is picked and where it may go, the last
    /// turn, and around `pointer` (the cursor, or where the computer points) what the game
    /// shows there; `hint`, a suggested turn, lit like a pick.
    fn lit(table: &Table<Self>, pointer: Option<Cell>, hint: Option<&Self::Turn>) -> Highlights;
    /// The cells a turn names, to light it.
    fn turn_cells(turn: &Self::Turn) -> Vec<Cell>;
    /// What a player picks on the way to `turn`, step by step: the computer shows its turn
    /// so, and a rules page's turn under way goes on from the last.
    fn stages(turn: &Self::Turn) -> Vec<Self::Picked>;
    /// The cell the computer points at while stage `stage` of `turn` shows: where it goes
    /// next, as a player's cursor would be.
    fn pointed(turn: &Self::Turn, stage: usize) -> Option<Cell>;
    /// What a rules page's `show` lights on `position`, where it means something in this
    /// game (the cells, the mover and neighbours are lit alike in every game).
    fn scene_lit(_position: &Self, _show: Show) -> Highlights {
        Highlights::default()
    }
}

/// A game's board.
#[derive(Debug)]
pub(crate) struct Table<G: Game> {
    /// The game: this table's own, or the one a shared game's terminals all play on.
    record: SharedRecord<G>,
    cursor: Cursor,
    status: StatusLine,
    /// What the player has picked on the way to a turn.
    picked: Option<G::Picked>,
    /// A turn made back in the game, waiting for the player's word before it replaces the
    /// later turns.
    pending: Option<G::Turn>,
}

impl<G: Input> Table<G> {
    /// A board on `record`, the cursor in the middle, the player to move told what to do.
    pub(crate) fn new(record: SharedRecord<G>) -> Table<G> {
        let cursor = Cursor::middle(record.with(|record| record.position().board()));
        let status = StatusLine::default();
        let mut table = Table { record, cursor, status, picked: None, pending: None };
        table.prompt();
        table
    }

    /// A board on a game of its own from `start`.
    pub(crate) fn at(start: G) -> Table<G> {
        Table::new(SharedRecord::new(Record::new(start)))
    }
}

/// What the table shows of its record, read only (the game's flow changes it: `flow`), and
/// its status line.
impl<G: Input> Table<G> {
    /// What `look` reads of the record.
    pub(crate) fn read<R>(&self, look: impl FnOnce(&Record<G>) -> R) -> R {
        self.record.with(look)
    }

    fn change<R>(&mut self, change: impl FnOnce(&mut Record<G>) -> R) -> R {
        self.record.change(change)
    }

    /// The record held, for whoever else plays on it (the computer, the advisor).
    pub(crate) fn shared_record(&self) -> &SharedRecord<G> {
        &self.record
    }

    /// A number that changes whenever the game does.
    pub(crate) fn revision(&self) -> u64 {
        self.read(Record::revision)
    }

    /// The position on the board.
    pub(crate) fn position(&self) -> G {
        self.read(Record::position)
    }

    /// Whose turn it is.
    pub(crate) fn to_move(&self) -> Colour {
        self.position().to_move()
    }

    /// How the game ended, if it has.
    pub(crate) fn end(&self) -> Option<End> {
        self.read(Record::end)
    }

    /// The player who had to pass just now, if the last thing that happened is a skip.
    pub(crate) fn skipped(&self) -> Option<Colour> {
        self.read(|record| {
            let last = record.history().last()?;
            last.turn.is_none().then(|| last.position.to_move().other())
        })
    }

    /// Whether a game is going on that quitting would interrupt: turns in its line, and
    /// not over at its end (wherever the players stand in it).
    pub(crate) fn in_progress(&self) -> bool {
        self.read(|record| !record.line().is_empty() && record.line_end().is_none())
    }

    /// Whether a turn has been played (and so may be taken back).
    pub(crate) fn has_history(&self) -> bool {
        self.read(|record| !record.history().is_empty())
    }

    /// Whether turns taken back could be played again.
    pub(crate) fn can_redo(&self) -> bool {
        self.read(Record::can_redo)
    }

    /// How many turns are played, of how many in the game's line.
    pub(crate) fn replay_position(&self) -> (usize, usize) {
        self.read(|record| (record.turns_played(), record.all_turns().count()))
    }

    /// The line that tells the players what happened.
    pub(crate) fn status(&self) -> &StatusLine {
        &self.status
    }

    /// The same, to tell them something.
    pub(crate) fn status_mut(&mut self) -> &mut StatusLine {
        &mut self.status
    }
}

/// The player's input: where the cursor is, what is picked on the way to a turn, and a turn
/// made back in the game that waits for their word.
impl<G: Input> Table<G> {
    /// Where the cursor is.
    pub(crate) fn cursor(&self) -> Cursor {
        self.cursor
    }

    /// What the player has picked on the way to a turn, if anything.
    pub(crate) fn picked(&self) -> Option<&G::Picked> {
        self.picked.as_ref()
    }

    /// Picks `picked` on the way to a turn (a stack selected, a chain under way...).
    pub(crate) fn pick(&mut self, picked: G::Picked) {
        self.picked = Some(picked);
    }

    /// What was picked, taken away.
    pub(crate) fn take_picked(&mut self) -> Option<G::Picked> {
        self.picked.take()
    }

    /// The turn made back in the game that waits for the player's word, if one does.
    pub(crate) fn pending(&self) -> Option<&G::Turn> {
        self.pending.as_ref()
    }

    /// That turn, taken away: played, or dropped when the player keeps the later turns.
    pub(crate) fn take_pending(&mut self) -> Option<G::Turn> {
        self.pending.take()
    }

    /// What a key does on the board itself: the cursor, Enter and Esc.
    pub(crate) fn on_board(&mut self, action: Action) {
        let board = self.position().board();
        match action {
            Action::Step(step) => self.cursor.step(board, step),
            Action::Up | Action::Down => self.cursor.vertical(board, action == Action::Up),
            Action::Act => {
                let picked = self.picked.take();
                G::act(self, self.cursor.cell, picked);
            }
            Action::Cancel => G::cancel(self),
            _ => {}
        }
    }

    /// Moves the cursor to `cell` (a click, or the mouse passing over it).
    pub(crate) fn point_at(&mut self, cell: Cell) {
        self.cursor.point_at(cell);
    }
}
