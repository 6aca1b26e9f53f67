//! The hub with members' terminals, without the network: each terminal's keys and clicks
//! are the calls its connection would make, and what it shows is read from its app. The
//! hub's clock is a test's, moved by hand. The end-to-end tests (tests/club_server.rs) do
//! the same through ssh.

mod correspondence;
mod lines;
mod notices;
mod play;
mod scale;

use super::hub::{Ask, Call, Hub, Rules, SPREAD, Who};
use crate::app::App;
use crate::app::link::Seat;
use crate::clock::Timepiece;
use crate::club::bot::Offer;
use crate::club::{Club, Durability, Failure, GameId, Member, SqliteStore, Store, StoreError};
use crate::i18n::Lang;
use crate::net::Output;
use crate::rules::{Colour, GameKind};
use ratatui::crossterm::event::{
    Event as Input, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;

const AREA: Rect = Rect { x: 0, y: 0, width: 100, height: 30 };

/// A day of the test's clock.
const DAY: std::time::Duration = std::time::Duration::from_secs(86_400);

/// When the tests' clock begins, in milliseconds since 1970: 2026-12-06 00:00 UTC.
const BEGINNING: i64 = 1_796_515_200_000;

/// A club in a folder of the test's, its hub, and members' terminals by connection number.
/// The hub's clock and the club's are the test's, moved together.
struct Clubhouse {
    hub: Hub,
    /// What each terminal was sent, by connection.
    sent: std::collections::HashMap<u64, std::sync::Arc<crate::net::Outbox>>,
    time: Timepiece,
    /// When the test's clock began.
    start: std::time::Instant,
    dir: tempfile::TempDir,
}

impl Clubhouse {
    fn new() -> Clubhouse {
        Clubhouse::with_rules(Rules::default())
    }

    fn with_rules(rules: Rules) -> Clubhouse {
        let open = |path: &std::path::Path| -> Box<dyn Store> {
            Box::new(SqliteStore::open(path, Durability::Crash).unwrap())
        };
        Clubhouse::with_store_and_rules(open, rules)
    }

    /// A club whose database is `store`, made on the file it is given.
    fn with_store(store: impl FnOnce(&std::path::Path) -> Box<dyn Store>) -> Clubhouse {
        Clubhouse::with_store_and_rules(store, Rules::default())
    }

    fn with_store_and_rules(
        store: impl FnOnce(&std::path::Path) -> Box<dyn Store>,
        rules: Rules,
    ) -> Clubhouse {
        let dir = tempfile::tempdir().unwrap();
        let time = Timepiece::fake();
        let start = time.now();
        let club = Club::new(store(&dir.path().join("club.sqlite3")));
        let hub = Clubhouse::hub_on(club, rules, &time, start);
        Clubhouse { hub, sent: Default::default(), time, start, dir }
    }

    /// A hub on `club` whose clock and the club's read `time`, begun at `start`.
    fn hub_on(mut club: Club, rules: Rules, time: &Timepiece, start: std::time::Instant) -> Hub {
        let clock = time.clone();
        club.set_clock(move || BEGINNING + i64::try_from((clock.now() - start).as_millis()).unwrap());
        let mut hub = Hub::new(club, rules).unwrap();
        hub.set_time(time.clone());
        hub
    }

    /// The club's server stops cleanly, and starts again `after` later on the same
    /// database.
    fn restarted(self, after: std::time::Duration, rules: Rules) -> Clubhouse {
        let Clubhouse { hub, time, start, dir, .. } = self;
        hub.stop();
        time.advance(after);
        // Another test's notify command being started shares this process's open files
        // (and so the server's lock) for the instant before it runs: the lock is free again
        // within a few tries.
        let path = dir.path().join("club.sqlite3");
        let club = (0..1000)
            .find_map(|_| match Club::open(&path, Durability::Crash) {
                Err(crate::club::Error::Store(StoreError { failure: Failure::Held(_), .. })) => {
                    std::thread::yield_now();
                    None
                }
                opened => Some(opened.unwrap()),
            })
            .expect("the lock let go");
        let hub = Clubhouse::hub_on(club, rules, &time, start);
        Clubhouse { hub, sent: Default::default(), time, start, dir }
    }

    /// Member `name` (their key named after them; none: a watcher) opens a terminal as
    /// connection `conn`.
    fn terminal(&mut self, conn: u64, name: &str, key: bool) {
        self.terminal_in(conn, name, key, Lang::En);
    }

    fn terminal_in(&mut self, conn: u64, name: &str, key: bool, lang: Lang) {
        self.open_as(conn, name, key, lang, Ask::Lobby(AREA));
    }

    /// Member `name` comes in lines, for a screen reader (`ssh NAME@HOST screen-reader`),
    /// speaking `lang`, as connection `conn`.
    fn lines_in(&mut self, conn: u64, name: &str, lang: Lang) {
        self.open_as(conn, name, true, lang, Ask::Speech { echo: false });
    }

    /// What connection `conn` was sent since this was last asked, a line each.
    fn heard(&self, conn: u64) -> Vec<String> {
        let sent = String::from_utf8(self.sent[&conn].drain()).expect("lines of text");
        sent.lines().map(str::to_string).collect()
    }

    fn open_as(&mut self, conn: u64, name: &str, key: bool, lang: Lang, ask: Ask) {
        let who = Who {
            name: name.to_string(),
            key: key.then(|| format!("SHA256:key-of-{name}")),
            lang,
            no_color: false,
            // Each terminal from an address of its own: one address registers few names.
            peer: format!("127.0.{}.{}:50000", conn / 256, conn % 256).parse().unwrap(),
        };
        let output = Box::new(Output::detached());
        self.sent.insert(conn, output.outbox());
        self.call(Call::Open { conn, who: Box::new(who), ask: Box::new(ask), output });
    }

    /// The hub answers `call`, and everything it set going settles, the other lobbies'
    /// news included.
    fn call(&mut self, call: Call) {
        self.hub.answer(call);
        self.settle();
    }

    /// Lets the hub's news reach every lobby.
    fn settle(&mut self) {
        self.hub.refresh();
        self.time.advance(SPREAD);
        self.hub.flags();
        self.hub.deadlines();
        self.hub.wake();
        self.hub.refresh();
    }

    /// How many times terminal `conn`'s bell rang since this was last asked.
    fn bells(&self, conn: u64) -> usize {
        self.sent[&conn].drain().iter().filter(|byte| **byte == 0x07).count()
    }

    fn member(&self, conn: u64) -> Member {
        self.hub.terminals.get(conn).unwrap().member.clone().unwrap()
    }

    /// The number of the first open seek or challenge.
    fn first_offer(&self) -> u64 {
        self.hub.offers.iter().next().expect("an offer").0
    }

    /// A casual game of Clamber on the usual board, on `clock`.
    fn offer(&self, clock: &str) -> Offer {
        Offer { game: GameKind::Clamber, side: 3, clock: clock.to_string(), rated: false, colour: None }
    }

    /// `by` seeks a casual game on `clock`, `taker` takes it: the game's number.
    fn game(&mut self, by: u64, taker: u64, clock: &str) -> GameId {
        let offer = self.offer(clock);
        let (poster, taking) = (self.member(by), self.member(taker));
        self.hub.post(by, &poster, None, offer).unwrap();
        let seek = self.first_offer();
        self.hub.accept(&taking, seek).unwrap();
        self.settle();
        self.hub.games.iter().last().unwrap().id
    }

    /// The connection (of `conns`) that plays `colour` in game `id`.
    fn playing(&self, id: GameId, colour: Colour, conns: [u64; 2]) -> u64 {
        let player = self.hub.games.get(id).unwrap().players[colour.index()].0;
        conns.into_iter().find(|conn| self.member(*conn).id == player).unwrap()
    }

    fn input(&mut self, conn: u64, input: Input) {
        self.call(Call::Key { conn, input });
    }

    fn press(&mut self, conn: u64, key: char) {
        self.input(conn, Input::Key(KeyEvent::new(KeyCode::Char(key), KeyModifiers::NONE)));
    }

    fn enter(&mut self, conn: u64) {
        self.input(conn, Input::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)));
    }

    /// Clicks on `cell` of the board on terminal `conn`.
    fn click(&mut self, conn: u64, cell: &str) {
        let game = self.app(conn).screen.game().expect("a game on screen");
        let layout = crate::each_game!(game, game => game.layout(AREA)).expect("the board fits");
        let (column, row) = layout.board.centre(cell.parse().unwrap());
        for kind in [MouseEventKind::Down(MouseButton::Left), MouseEventKind::Up(MouseButton::Left)] {
            let mouse = MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE };
            self.input(conn, Input::Mouse(mouse));
        }
    }

    fn app(&self, conn: u64) -> &App {
        self.hub.terminals.screen(conn).unwrap_or_else(|| panic!("connection {conn} has no terminal")).app()
    }

    fn seat(&self, conn: u64) -> Option<Seat> {
        let game = self.app(conn).screen.game()?;
        crate::each_game!(game, game => game.seat().cloned())
    }

    /// The position on terminal `conn`'s board, in notation.
    fn position(&self, conn: u64) -> String {
        let game = self.app(conn).screen.game().expect("a game on screen");
        crate::each_game!(game, game => game.table.position().to_string())
    }

    fn message(&self, conn: u64) -> String {
        let game = self.app(conn).screen.game().expect("a game on screen");
        let text = crate::each_game!(game, game => game.table.status().text().cloned());
        text.map(|text| Lang::En.say(&text)).unwrap_or_default()
    }

    /// What terminal `conn`'s lobby says on its note line, in `lang`.
    fn note(&self, conn: u64, lang: Lang) -> Option<String> {
        self.app(conn).lobby().expect("a lobby").said().map(|note| lang.say(note))
    }

    /// The turns the club's database keeps of game `id`.
    fn kept(&self, id: GameId) -> Vec<String> {
        let archived = self.hub.club.archived(id).unwrap().unwrap();
        archived.turns.into_iter().map(|turn| turn.turn).collect()
    }

    /// Terminal `conn`'s screen drawn in English at its size, as text.
    fn screen_text(&self, conn: u64) -> String {
        let app = self.app(conn);
        let backend = ratatui::backend::TestBackend::new(app.area.width, app.area.height);
        let mut terminal = ratatui::Terminal::new(backend).unwrap();
        terminal.draw(|frame| crate::ui::draw_in(app, Lang::En, frame)).unwrap();
        terminal.backend().to_string()
    }

    fn on_lobby(&self, conn: u64) -> bool {
        self.app(conn).lobby().is_some()
    }

    /// Whether terminal `conn` shows what its app holds now.
    fn drawn(&self, conn: u64) -> bool {
        self.hub.terminals.screen(conn).is_some_and(|screen| screen.drawn())
    }
}
