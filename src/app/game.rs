//! The game screen: a game at the table, its players, where it is kept, and whether it is
//! a rules example being tried. Its keys are the table's `Game` keys.

use super::clamber::Chain;
use super::keys::{Action, Context};
use super::layout::GameLayout;
use super::link::{Ask, Seat};
use super::prompt::{Question, SavePrompt};
use super::rules::Book;
use super::table::{Message, Selecting, Table};
use super::{Component, Go, Overlay, Screen};
use crate::rules::{AnyPosition, ByGame, Game, GameKind, clamber, ombagui};
use crate::saved::SavedGame;
use crate::session::{AnySession, Players};
use crate::{by_game, t};
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

/// A game at the table, of either kind.
pub type AnyTable = ByGame<Table<clamber::Position>, Table<ombagui::Position>>;

/// A game on screen.
#[derive(Clone, Debug)]
pub struct GameScreen {
    pub table: AnyTable,
    pub players: Players,
    /// Where this game is kept as it goes (set when it is first kept, or resumed).
    pub kept_at: Option<PathBuf>,
    /// The rules page this game was opened from to try an example: such a game goes back
    /// there and is never kept.
    pub tried_from: Option<Book>,
    /// Tells games apart, so that what keeps them never mistakes one for another.
    pub id: u64,
    /// In a game shared with other terminals (over SSH): who this terminal plays.
    pub seat: Option<Seat>,
    /// Watched, not played: another hexstack has this game open and writes it.
    pub read_only: bool,
}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

impl GameScreen {
    /// A new game from `start`.
    pub fn new(start: AnyPosition) -> GameScreen {
        GameScreen::with_session(AnySession::new(start))
    }

    fn with_session(session: AnySession) -> GameScreen {
        GameScreen {
            table: by_game!(map session, session => Table::new(session)),
            players: Players::default(),
            kept_at: None,
            tried_from: None,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            seat: None,
            read_only: false,
        }
    }

    /// A terminal's view of a game shared with others: the game as the link has it.
    pub fn shared(seat: Seat) -> GameScreen {
        let (game, _) = seat.link().game();
        GameScreen { seat: Some(seat), ..GameScreen::with_session(game) }
    }

    /// A game read from a file, ready to be stepped through.
    pub fn loaded(saved: SavedGame) -> GameScreen {
        let mut screen = GameScreen { players: saved.players, ..GameScreen::with_session(saved.game) };
        let (played, total) = screen.replay_position();
        screen.set_message(Message::Info(t!("loaded", played, total)));
        screen
    }

    /// A rules example to try on a real board; in a Clamber example, a chain may be under
    /// way (`so_far`), to be continued.
    pub fn tried(start: AnyPosition, so_far: Option<clamber::Turn>, from: Book) -> GameScreen {
        let mut screen = GameScreen { tried_from: Some(from), ..GameScreen::new(start) };
        if let (ByGame::Clamber(table), Some(clamber::Turn::Capture { from, captured })) =
            (&mut screen.table, so_far)
        {
            table.continue_chain(Chain { from, captured });
        }
        screen
    }

    pub fn kind(&self) -> GameKind {
        self.table.kind()
    }

    /// A number that changes whenever the game does: what keeps it writes it again then.
    pub fn revision(&self) -> u64 {
        by_game!(&self.table, table => table.session.revision())
    }

    /// How many turns are played, of how many in the game's line.
    pub fn replay_position(&self) -> (usize, usize) {
        by_game!(&self.table, table => table.replay_position())
    }

    pub fn set_message(&mut self, message: Message) {
        by_game!(&mut self.table, table => table.message = message)
    }

    /// The game as a saved-game text (the date left out when `date` is empty).
    pub fn record(&self, date: &str) -> String {
        by_game!(&self.table, table => crate::saved::write(&table.session, &self.players, date))
    }

    /// The layout of this game's screen in `area`, if the board fits.
    pub fn layout(&self, area: Rect) -> Option<GameLayout> {
        by_game!(&self.table, table => GameLayout::fit(table.position().board(), cell_lines(table), area))
    }

    /// A new game of the same kind, on the same board, between the same players.
    fn again(&self) -> GameScreen {
        let (board, computer) = by_game!(&self.table, table => (table.position().board(), table.computer));
        let mut again = GameScreen {
            players: self.players.clone(),
            tried_from: self.tried_from,
            ..GameScreen::new(self.kind().start_on(board))
        };
        by_game!(&mut again.table, table => table.computer = computer);
        again
    }

    /// Says that a draw offer was declined.
    pub fn answer_no(&mut self, question: Question) {
        self.answer_link(&question, false);
        match question {
            Question::Draw(_) => by_game!(&mut self.table, table => table.decline_draw()),
            Question::Replace(path) => {
                self.set_message(Message::Info(t!("save.not_replaced", path.display())))
            }
            Question::Locked(_) => self.set_message(Message::Info(t!("lock.watching"))),
            _ => {}
        }
    }

    /// Carries out a resignation or a draw the players agreed to.
    pub fn answer_yes(&mut self, question: Question) {
        self.answer_link(&question, true);
        match question {
            Question::Resign(_) => by_game!(&mut self.table, table => table.resign()),
            Question::Draw(_) => by_game!(&mut self.table, table => table.agree_draw()),
            Question::TakeBack(asker) => by_game!(&mut self.table, table => table.take_back_for(asker)),
            // A copy is a game of its own: kept at once in a new file.
            Question::Locked(_) => {
                *self = GameScreen {
                    read_only: false,
                    kept_at: None,
                    id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
                    ..self.clone()
                };
                self.set_message(Message::Info(t!("lock.copy")));
            }
            Question::Quit | Question::Menu | Question::Replace(_) | Question::Unkept { .. } => {}
        }
    }
}

fn cell_lines<G: Selecting>(_: &Table<G>) -> u16 {
    G::CELL_LINES
}

/// What an action does on a table, whichever the game.
fn act_on<G: Selecting>(table: &mut Table<G>, action: Action) {
    match action {
        Action::Step(step) => table.step(step),
        Action::Up | Action::Down => table.vertical(action == Action::Up),
        Action::Act => {
            let selected = table.selection.take();
            G::act(table, table.cursor, selected);
        }
        Action::Cancel => G::cancel(table),
        Action::Undo => table.undo(),
        Action::Redo => table.redo(),
        Action::First | Action::Last => table.jump(action == Action::Last),
        Action::Hint => table.ask_hint(),
        Action::Eval => table.toggle_eval(),
        _ => {}
    }
}

impl Component for GameScreen {
    fn context(&self) -> Context {
        match (&self.tried_from, &self.seat) {
            (Some(_), _) => Context::Try,
            (None, Some(_)) => Context::Shared,
            (None, None) => Context::Game,
        }
    }

    fn act(&mut self, action: Action) -> Go {
        let (to_move, over, in_progress, selected, computer) = by_game!(&self.table, table => (
            table.to_move(),
            table.end().is_some(),
            table.in_progress(),
            table.selection.is_some(),
            table.computer.is_some(),
        ));
        let computers_turn = computer && by_game!(&self.table, table => table.computer_to_move());
        let (shared, guest) = (self.seat.is_some(), self.seat.as_ref().is_some_and(|seat| seat.guest));
        let waiting = self.seat.as_ref().is_some_and(|seat| !seat.plays(to_move));
        let changes =
            matches!(action, Action::Act | Action::Undo | Action::Redo | Action::First | Action::Last);
        match action {
            _ if self.read_only && (changes || matches!(action, Action::Resign | Action::Draw)) => {
                self.set_message(Message::Warning(t!("lock.read_only")));
                Go::Stay
            }
            // A tried example goes back to its page: with q, or with Esc once nothing is selected.
            Action::Back if let Some(book) = self.tried_from => Go::Open(Screen::Rules(book)),
            Action::Cancel if !selected && let Some(book) = self.tried_from => Go::Open(Screen::Rules(book)),
            Action::Act if over && shared => {
                self.set_message(Message::Info(t!("net.over")));
                Go::Stay
            }
            Action::Act if over => Go::Open(Screen::Game(Box::new(self.again()))),
            Action::Act | Action::Cancel | Action::Hint | Action::Draw | Action::Resign if waiting => {
                self.set_message(Message::Info(self.seat_line().unwrap_or_default()));
                Go::Stay
            }
            Action::Save if guest => {
                self.set_message(Message::Warning(t!("net.no_save")));
                Go::Stay
            }
            Action::Undo if shared && !selected => {
                match by_game!(&self.table, table => table.session.history().is_empty()) {
                    true => self.set_message(Message::Warning(t!("undo.none"))),
                    false => self.ask(Ask::Undo),
                }
                Go::Stay
            }
            Action::Draw if shared && !over => {
                self.ask(Ask::Draw);
                Go::Stay
            }
            Action::Act | Action::Cancel | Action::Hint | Action::Draw | Action::Resign if computers_turn => {
                self.set_message(Message::Info(t!("computer.thinking")));
                Go::Stay
            }
            Action::Save => Go::Show(Overlay::SaveAs(SavePrompt::new(self.kind()))),
            Action::Help => Go::Show(Overlay::Help),
            Action::Resign | Action::Draw if over => {
                self.set_message(Message::Warning(t!("over.already")));
                Go::Stay
            }
            Action::Resign => Go::Show(Overlay::Ask(Question::Resign(to_move))),
            Action::Draw if computer => {
                match by_game!(&self.table, table => table.computer_accepts_draw()) {
                    true => self.answer_yes(Question::Draw(to_move)),
                    false => self.answer_no(Question::Draw(to_move)),
                }
                Go::Stay
            }
            Action::Draw => Go::Show(Overlay::Ask(Question::Draw(to_move))),
            Action::Menu if in_progress => Go::Show(Overlay::Ask(Question::Menu)),
            Action::Menu => Go::Menu,
            // A guest leaving loses nothing: the host keeps the game, and the code lets them back.
            Action::Quit if guest => Go::Quit,
            Action::Quit if in_progress => Go::Show(Overlay::Ask(Question::Quit)),
            Action::Quit => Go::Quit,
            action => {
                by_game!(&mut self.table, table => act_on(table, action));
                Go::Stay
            }
        }
    }

    /// A click acts on the cell under it; the cursor follows the mouse.
    fn mouse(&mut self, mouse: MouseEvent, area: Rect) -> Go {
        let clicked = matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left));
        if !clicked && mouse.kind != MouseEventKind::Moved {
            return Go::Stay;
        }
        let Some(cell) = self.layout(area).and_then(|layout| layout.board.cell_at(mouse.column, mouse.row))
        else {
            return Go::Stay;
        };
        by_game!(&mut self.table, table => table.point_at(cell));
        if clicked { self.act(Action::Act) } else { Go::Stay }
    }
}
