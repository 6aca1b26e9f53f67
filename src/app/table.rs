//! A board to play a game on: its record, the cursor, what is picked on the way to a
//! turn, and the line that tells the players what happened. What Enter and Esc do is the
//! game's own ([`Input`], in `app/GAME.rs`, beside the pages of its rules): it asks the
//! rules for the legal turns and filters them, never deciding a rule itself. Who else is
//! at the game (the computer, a player at a distance) is the game screen's.

use super::cursor::Cursor;
use super::highlights::Highlights;
use super::keys::Action;
use super::pages::{Page, Show};
use super::shared_record::SharedRecord;
use crate::ai::Evaluate;
use crate::i18n::keys::*;
use crate::i18n::{Key, Words};
use crate::i18n::{Text, text};
use crate::record::{Computer, End, Played, Record};
use crate::rules::hex::Cell;
use crate::rules::{Colour, Game};

/// What the screens need of a game to play it.
pub trait Input: Evaluate<Turn: Send> + Words + Send {
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
        table.picked = Some(picked);
    }
    /// Esc: drop what was picked, or finish the turn it began.
    fn cancel(table: &mut Table<Self>);
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

/// A line for the player, and how to show it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Message {
    None,
    Info(Text),
    Warning(Text),
    Success(Text),
}

impl Message {
    pub fn text(&self) -> Option<&Text> {
        match self {
            Message::None => None,
            Message::Info(text) | Message::Warning(text) | Message::Success(text) => Some(text),
        }
    }
}

/// A game's board.
#[derive(Debug)]
pub struct Table<G: Game> {
    /// The game: this table's own, or the one a shared game's terminals all play on.
    record: SharedRecord<G>,
    pub cursor: Cursor,
    pub message: Message,
    /// What the player has picked on the way to a turn.
    pub picked: Option<G::Picked>,
    /// A turn made back in the game, waiting for the player's word before it replaces the
    /// later turns.
    pub pending: Option<G::Turn>,
}

impl<G: Input> Table<G> {
    /// A board on `record`, the cursor in the middle, the player to move told what to do.
    pub fn new(record: SharedRecord<G>) -> Table<G> {
        let cursor = Cursor::middle(record.with(|record| record.position().board()));
        let mut table = Table { record, cursor, message: Message::None, picked: None, pending: None };
        table.prompt();
        table
    }

    /// A board on a game of its own from `start`.
    pub fn at(start: G) -> Table<G> {
        Table::new(SharedRecord::new(Record::new(start)))
    }

    /// What `look` reads of the record.
    pub fn read<R>(&self, look: impl FnOnce(&Record<G>) -> R) -> R {
        self.record.with(look)
    }

    fn change<R>(&mut self, change: impl FnOnce(&mut Record<G>) -> R) -> R {
        self.record.change(change)
    }

    /// The record held, for whoever else plays on it (the computer, the advisor).
    pub fn shared_record(&self) -> &SharedRecord<G> {
        &self.record
    }

    /// A number that changes whenever the game does.
    pub fn revision(&self) -> u64 {
        self.read(Record::revision)
    }

    pub fn position(&self) -> G {
        self.read(Record::position)
    }

    pub fn to_move(&self) -> Colour {
        self.position().to_move()
    }

    pub fn end(&self) -> Option<End> {
        self.read(Record::end)
    }

    /// The player who had to pass just now, if the last thing that happened is a skip.
    pub fn skipped(&self) -> Option<Colour> {
        self.read(|record| {
            let last = record.history().last()?;
            last.turn.is_none().then(|| last.position.to_move().other())
        })
    }

    /// Whether a game is going on that quitting would interrupt: turns in its line, and
    /// not over at its end (wherever the players stand in it).
    pub fn in_progress(&self) -> bool {
        self.read(|record| !record.line().is_empty() && record.line_end().is_none())
    }

    /// Whether a turn has been played (and so may be taken back).
    pub fn has_history(&self) -> bool {
        self.read(|record| !record.history().is_empty())
    }

    /// Whether turns taken back could be played again.
    pub fn can_redo(&self) -> bool {
        self.read(Record::can_redo)
    }

    /// How many turns are played, of how many in the game's line.
    pub fn replay_position(&self) -> (usize, usize) {
        self.read(|record| (record.turns_played(), record.all_turns().count()))
    }

    /// Tells the player to move what to do.
    pub fn prompt(&mut self) {
        self.message = Message::Info(text!(G::PROMPT, self.to_move()));
    }

    /// What a key does on the board itself: the cursor, Enter and Esc.
    pub fn on_board(&mut self, action: Action) {
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
    pub fn point_at(&mut self, cell: Cell) {
        self.cursor.point_at(cell);
    }

    /// Plays a whole turn and says what happened; `false` if it was refused (and why).
    pub fn commit(&mut self, turn: G::Turn) -> bool {
        self.picked = None;
        // A game on time that is over is looked back through: its clocks cannot go on.
        if self.read(Record::timed_and_over) {
            self.message = Message::Warning(text!(TIME_LOOK_ONLY));
            return false;
        }
        // Back in the game, a legal turn waits for the player's word (the screen asks).
        if self.can_redo() && self.position().play(&turn).is_ok() {
            self.pending = Some(turn);
            return true;
        }
        self.play_here(turn)
    }

    /// Plays a whole turn where the game stands, replacing any later turns, and says what
    /// happened; `false` if it was refused (and why).
    pub fn play_here(&mut self, turn: G::Turn) -> bool {
        let mover = self.to_move();
        let branching = self.can_redo();
        self.picked = None;
        let played = self.change(|record| record.play(&turn));
        let turn = turn.to_string();
        self.message = match (played, self.end()) {
            (Err(reason), _) => {
                self.message = Message::Warning(G::illegal(&reason));
                return false;
            }
            (Ok(Played::OutOfTime(loser)), _) => {
                self.message = Message::Warning(text!(TIME_UP, loser, loser.other()));
                return false;
            }
            (Ok(_), Some(End::Won(_))) => Message::Success(text!(PLAYED_WINS, mover, turn)),
            (Ok(_), Some(_)) => Message::Success(text!(PLAYED_BLOCKED, mover, turn)),
            (Ok(Played::Skipped(skipped)), None) => {
                Message::Warning(text!(PLAYED_SKIP, mover, turn, skipped, skipped.other()))
            }
            (Ok(Played::Normal), None) => Message::Info(text!(PLAYED, mover, turn, self.to_move())),
        };
        if branching {
            let said = self.message.text().cloned().unwrap_or_else(|| text!(PLAIN, ""));
            self.message = Message::Warning(text!(PLAYED_BRANCH, said));
        }
        true
    }

    /// Undo: drops what was picked if anything was, else takes back a turn; against
    /// `computer` (not watched), your turn goes back with its answer.
    pub fn undo(&mut self, computer: Option<Computer>) {
        if self.picked.take().is_some() {
            self.message = Message::Info(text!(SELECTION_DROPPED));
            return;
        }
        let agreed = self.read(Record::agreed);
        let undone = self.change(Record::undo);
        let answering = computer.filter(|computer| !computer.watched());
        if undone && agreed.is_none() && answering.is_some_and(|computer| computer.plays(self.to_move())) {
            self.change(Record::undo);
        }
        let to_move = self.to_move();
        self.message = match (undone, agreed) {
            (false, _) => Message::Warning(text!(UNDO_NONE)),
            (true, Some(End::Drawn | End::Still)) => Message::Info(text!(UNDO_DRAW, to_move)),
            (true, Some(End::Resigned(player))) => Message::Info(text!(UNDO_RESIGN, player, to_move)),
            (true, _) => Message::Info(text!(UNDO_DONE, to_move)),
        };
        self.say_if_the_computer_waits(computer);
    }

    /// Redo; against `computer` (not watched), its answer comes back with your turn.
    pub fn redo(&mut self, computer: Option<Computer>) {
        self.picked = None;
        let redone = self.change(Record::redo);
        let answering = computer.filter(|computer| !computer.watched());
        if redone && answering.is_some_and(|computer| computer.plays(self.to_move())) && self.can_redo() {
            self.change(Record::redo);
        }
        // Says how the game stands after the turn played again: it may have ended it.
        self.message = match (redone, self.end()) {
            (false, _) => Message::Warning(text!(REDO_NONE)),
            (true, Some(End::Won(winner))) => Message::Success(text!(REDO_WINS, winner)),
            (true, Some(_)) => Message::Success(text!(REDO_BLOCKED)),
            (true, None) => Message::Info(text!(REDO_DONE, self.to_move())),
        };
    }

    /// Steps to the start of the game, or to its last turn.
    pub fn jump(&mut self, to_last: bool, computer: Option<Computer>) {
        self.picked = None;
        match to_last {
            true => self.change(Record::redo_all),
            false => self.change(Record::undo_all),
        }
        let (played, total) = self.replay_position();
        self.message = Message::Info(text!(JUMP_DONE, played, total, self.to_move()));
        self.say_if_the_computer_waits(computer);
    }

    /// Back in the game on the computer's turn, it waits, and says so.
    fn say_if_the_computer_waits(&mut self, computer: Option<Computer>) {
        let waits = self.read(|record| record.can_redo() && record.end().is_none());
        if waits && computer.is_some_and(|computer| computer.plays(self.to_move())) {
            self.message = Message::Info(text!(COMPUTER_WAITS));
        }
    }

    /// Drops the turns ahead that were taken back: play goes on from here.
    pub fn drop_future(&mut self) {
        self.change(Record::drop_future);
    }

    /// Takes back turns until it is `player`'s turn again: in a game at a distance, the
    /// other player agreed to it.
    pub fn take_back_for(&mut self, player: Colour) {
        self.picked = None;
        let taken = self.change(|record| {
            let mut undone = record.undo();
            let mut taken = usize::from(undone);
            while undone && record.position().to_move() != player {
                undone = record.undo();
                taken += usize::from(undone);
            }
            record.drop_future();
            taken
        });
        // Says what went: one turn, or the asker's and the answer to it.
        self.message = match taken {
            2.. => Message::Info(text!(UNDO_BOTH, player, player.other())),
            _ => Message::Info(text!(UNDO_DONE, self.to_move())),
        };
    }

    pub fn resign(&mut self) {
        self.picked = None;
        let loser = self.to_move();
        self.change(Record::resign);
        self.message = Message::Success(text!(RESIGN_DONE, loser, loser.other()));
    }

    /// The other player said no to a draw.
    pub fn decline_draw(&mut self) {
        self.message = Message::Info(text!(DRAW_DECLINED, self.to_move(), self.to_move().other()));
    }

    pub fn agree_draw(&mut self) {
        self.picked = None;
        self.change(Record::agree_draw);
        self.message = Message::Success(text!(DRAW_DONE));
    }

    /// The computer, playing both sides, draws a game that has gone nowhere, and says why.
    pub fn draw_standing_still(&mut self) {
        self.picked = None;
        self.change(Record::draw_standing_still);
        self.message = Message::Success(text!(DRAW_STILL, crate::ai::STILL_FOR));
    }

    /// Another terminal changed the shared game: what was picked here is dropped, and the
    /// message says what was played there.
    pub fn changed_elsewhere(&mut self) {
        self.picked = None;
        let last = self.read(|record| record.history().last().and_then(|ply| ply.turn.clone()));
        match (self.end(), last) {
            (Some(_), _) => self.message = Message::None,
            (None, Some(turn)) => {
                self.message = Message::Info(text!(NET_LAST, turn.to_string(), self.to_move()))
            }
            (None, None) => self.prompt(),
        }
    }
}
