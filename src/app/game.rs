//! The game screen: a game at the table, its players, where it is kept, and whether it is
//! a rules example being tried. Its keys are the table's `Game` keys.

use super::clamber::Chain;
use super::go::{Component, Go};
use super::keys::{Action, Context};
use super::layout::GameLayout;
use super::link::{Ask, Seat};
use super::play::{self, Play};
use super::prompt::Question;
use super::rules::Book;
use super::table::Message;
use crate::rules::{AnyPosition, ByGame, clamber};
use crate::saved::{KeptReview, SavedGame};
use crate::session::{AnySession, Players};
use crate::t;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

/// A game on screen.
#[derive(Debug)]
pub struct GameScreen {
    pub table: Box<dyn Play>,
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
    /// The computer's review of the game, kept with it.
    pub review: Option<KeptReview>,
}

/// Who is at the game, which decides what an action may do there.
enum Mode {
    /// Two players at one keyboard.
    HotSeat,
    Against,
    /// A game shared with other terminals.
    Shared,
    /// A rules example tried on a real board, going back to its page.
    Tried,
}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

impl GameScreen {
    /// A new game from `start`.
    pub fn new(start: AnyPosition) -> GameScreen {
        GameScreen::at(play::own(AnySession::new(start)))
    }

    fn at(table: Box<dyn Play>) -> GameScreen {
        GameScreen {
            table,
            players: Players::default(),
            kept_at: None,
            tried_from: None,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            seat: None,
            read_only: false,
            review: None,
        }
    }

    /// A terminal at a game shared with others: it plays on the link's session.
    pub fn shared(seat: Seat) -> GameScreen {
        let table = play::table(seat.link().session());
        GameScreen { seat: Some(seat), ..GameScreen::at(table) }
    }

    /// A game read from a file, ready to be stepped through.
    pub fn loaded(saved: SavedGame) -> GameScreen {
        let computer = saved.players.computer;
        let mut screen = GameScreen {
            players: saved.players,
            review: saved.review,
            ..GameScreen::at(play::own(saved.game))
        };
        // A kept game against the computer goes on against it, at its level.
        screen.table.set_computer(computer);
        let (played, total) = screen.table.replay_position();
        screen.set_message(Message::Info(t!("loaded", played, total)));
        screen
    }

    /// A rules example to try on a real board; in a Clamber example, a chain may be under
    /// way (`so_far`), to be continued.
    pub fn tried(start: AnyPosition, so_far: Option<clamber::Turn>, from: Book) -> GameScreen {
        let mut screen = GameScreen { tried_from: Some(from), ..GameScreen::new(start) };
        if let (ByGame::Clamber(table), Some(clamber::Turn::Capture { from, captured })) =
            (screen.table.look_mut(), so_far)
        {
            table.continue_chain(Chain { from, captured });
        }
        screen
    }

    pub fn kind(&self) -> crate::rules::GameKind {
        self.table.kind()
    }

    /// A number that changes whenever the game does, and how many of its positions the
    /// review has looked at: what keeps it writes it again when either changes.
    pub fn revision(&self) -> (u64, usize) {
        (self.table.revision(), self.review.as_ref().map_or(0, |review| review.looked.len()))
    }

    /// How many turns are played, of how many in the game's line.
    pub fn replay_position(&self) -> (usize, usize) {
        self.table.replay_position()
    }

    pub fn set_message(&mut self, message: Message) {
        self.table.set_message(message);
    }

    /// The game as a saved-game text (the date left out when `date` is empty).
    pub fn record(&self, date: &str) -> String {
        let players = Players { computer: self.table.computer(), ..self.players.clone() };
        self.table.record(&players, date, self.review.as_ref())
    }

    /// The layout of this game's screen in `area`, if the board fits.
    pub fn layout(&self, area: Rect) -> Option<GameLayout> {
        self.table.layout(area)
    }

    /// A new game of the same kind, on the same board, between the same players.
    pub fn again(&self) -> GameScreen {
        GameScreen {
            players: self.players.clone(),
            tried_from: self.tried_from,
            ..GameScreen::at(self.table.again())
        }
    }

    /// Says that a draw offer was declined.
    pub fn answer_no(&mut self, question: Question) {
        self.answer_link(&question, false);
        match question {
            Question::Draw(_) => self.table.decline_draw(),
            Question::Replace(path) => {
                self.set_message(Message::Info(t!("save.not_replaced", path.display())))
            }
            Question::Locked(_) => self.set_message(Message::Info(t!("lock.watching"))),
            _ => {}
        }
    }

    /// Carries out a resignation or a draw the players agreed to.
    pub fn answer_yes(&mut self, question: Question) {
        if !self.answer_link(&question, true) {
            return self.set_message(Message::Info(t!("net.stale")));
        }
        match question {
            Question::Resign(_) => self.table.resign(),
            Question::Draw(_) => self.table.agree_draw(),
            Question::OfferDraw => self.table.offer_draw(),
            Question::TakeBack(asker) => self.table.take_back_for(asker),
            // A copy is a game of its own: kept at once in a new file.
            Question::Locked(_) => {
                let copy = GameScreen { players: self.players.clone(), ..GameScreen::at(self.table.copy()) };
                *self = copy;
                self.set_message(Message::Info(t!("lock.copy")));
            }
            Question::Quit | Question::Menu | Question::Replace(_) | Question::Unkept { .. } => {}
        }
    }

    fn mode(&self) -> Mode {
        match (self.tried_from, &self.seat, self.table.computer()) {
            (Some(_), _, _) => Mode::Tried,
            (None, Some(_), _) => Mode::Shared,
            (None, None, Some(_)) => Mode::Against,
            (None, None, None) => Mode::HotSeat,
        }
    }

    /// What a tried example does differently: it goes back to its page with q, or with Esc
    /// once nothing is selected.
    fn when_tried(&mut self, action: Action) -> Option<Go> {
        match action {
            Action::Back => Some(Go::BackToRules),
            Action::Cancel if !self.table.selected() => Some(Go::BackToRules),
            _ => None,
        }
    }

    /// What a shared game does differently: a player acts on their own turns only, takes
    /// back and draws with the other's yes, and a guest neither saves nor is asked to quit.
    fn when_shared(&mut self, action: Action) -> Option<Go> {
        let seat = self.seat.as_ref()?;
        let (to_move, over) = (self.table.to_move(), self.table.end().is_some());
        let waiting = !seat.plays(to_move);
        let guest = seat.guest;
        match action {
            Action::Act if over => self.set_message(Message::Info(t!("net.over"))),
            Action::Act | Action::Cancel | Action::Hint | Action::Draw | Action::Resign if waiting => {
                self.set_message(Message::Info(self.seat_line().unwrap_or_default()))
            }
            Action::Save if guest => self.set_message(Message::Warning(t!("net.no_save"))),
            Action::Undo if !self.table.selected() => match self.table.has_history() {
                false => self.set_message(Message::Warning(t!("undo.none"))),
                true => self.ask(Ask::Undo),
            },
            Action::Draw if !over => self.ask(Ask::Draw),
            // A guest leaving loses nothing: the host keeps the game, and the code lets them back.
            Action::Quit if guest => return Some(Go::Quit),
            // The host leaving drops whoever is there: asked first, even before a turn.
            Action::Quit if seat.link().players() > 1 || seat.link().watchers() > 0 => {
                return Some(Go::Ask(Question::Quit));
            }
            _ => return None,
        }
        Some(Go::Stay)
    }

    /// What a game against the computer does differently: the player waits for its turn,
    /// and it answers a draw offer itself.
    fn when_against(&mut self, action: Action) -> Option<Go> {
        let its_turn = self.table.computer()?.plays(self.table.to_move()) && self.table.end().is_none();
        match action {
            // Stepped back to its turn, Enter lets it play from there.
            Action::Act if its_turn && self.table.can_redo() => self.table.play_on_from_here(),
            Action::Act | Action::Cancel | Action::Hint | Action::Draw | Action::Resign if its_turn => {
                self.set_message(Message::Info(t!("computer.thinking")))
            }
            Action::Draw if self.table.end().is_none() => return Some(Go::Ask(Question::OfferDraw)),
            _ => return None,
        }
        Some(Go::Stay)
    }

    /// What an action does in any game, once its mode had its say.
    fn common(&mut self, action: Action) -> Go {
        let (over, in_progress) = (self.table.end().is_some(), self.table.in_progress());
        match action {
            Action::Act if over => Go::Again,
            Action::Save => Go::SaveAs(self.kind()),
            Action::Review => Go::Review(None, super::go::Leave::Game),
            Action::Help => Go::Help,
            Action::Resign | Action::Draw if over => {
                self.set_message(Message::Warning(t!("over.already")));
                Go::Stay
            }
            Action::Resign => Go::Ask(Question::Resign(self.table.to_move())),
            Action::Draw => Go::Ask(Question::Draw(self.table.to_move())),
            Action::Menu if in_progress => Go::Ask(Question::Menu),
            Action::Menu => Go::Menu,
            Action::Quit if in_progress => Go::Ask(Question::Quit),
            Action::Quit => Go::Quit,
            action => {
                self.table.act(action);
                Go::Stay
            }
        }
    }
}

impl Component for GameScreen {
    fn context(&self) -> Context {
        match self.mode() {
            Mode::Tried => Context::Try,
            Mode::Shared if self.seat.as_ref().is_some_and(|seat| seat.colour().is_none()) => {
                Context::Watching
            }
            Mode::Shared => Context::Shared,
            Mode::Against => Context::Against,
            Mode::HotSeat => Context::Game,
        }
    }

    /// Each mode has its say on the action first; what none of them takes, every game does.
    /// A game another hexstack writes is only watched.
    fn act(&mut self, action: Action) -> Go {
        let changes = matches!(
            action,
            Action::Act
                | Action::Undo
                | Action::Redo
                | Action::First
                | Action::Last
                | Action::Resign
                | Action::Draw
        );
        if self.read_only && changes {
            self.set_message(Message::Warning(t!("lock.read_only")));
            return Go::Stay;
        }
        let ruled = match self.mode() {
            Mode::Tried => self.when_tried(action),
            Mode::Shared => self.when_shared(action),
            Mode::Against => self.when_against(action),
            Mode::HotSeat => None,
        };
        ruled.unwrap_or_else(|| self.common(action))
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
        self.table.point_at(cell);
        if clicked { self.act(Action::Act) } else { Go::Stay }
    }
}
