//! The hub with members' terminals, without the network: each terminal's keys and clicks
//! are the calls its connection would make, and what it shows is read from its app. The
//! end-to-end tests (tests/club_server.rs) do the same through ssh.

use super::hub::{Ask, Call, Conn, Hub, Out, Rules, Who};
use crate::app::keys::Leaving;
use crate::app::link::Seat;
use crate::app::lobby::LobbyAsk;
use crate::app::{Overlay, Screen};
use crate::clock::Timepiece;
use crate::club::bot::Offer;
use crate::club::{Club, Durability, GameId, Member, Reason};
use crate::i18n::Lang;
use crate::net::Output;
use crate::rules::{Colour, GameKind};
use ratatui::crossterm::event::{
    Event as Input, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use std::time::Duration;

const AREA: Rect = Rect { x: 0, y: 0, width: 100, height: 30 };

/// A club in a folder of the test's, its hub, and members' terminals by connection number.
struct Clubhouse {
    hub: Hub,
    _dir: tempfile::TempDir,
}

impl Clubhouse {
    fn new() -> Clubhouse {
        let dir = tempfile::tempdir().unwrap();
        let club = Club::open(&dir.path().join("club.sqlite3"), Durability::Crash).unwrap();
        Clubhouse { hub: Hub::new(club, Rules::default()).unwrap(), _dir: dir }
    }

    /// Member `name` (their key named after them; none: a watcher) opens a terminal as
    /// connection `conn`.
    fn terminal(&mut self, conn: u64, name: &str, key: bool) {
        self.terminal_in(conn, name, key, Lang::En);
    }

    fn terminal_in(&mut self, conn: u64, name: &str, key: bool, lang: Lang) {
        let who = Who {
            name: name.to_string(),
            key: key.then(|| format!("SHA256:key-of-{name}")),
            lang,
            peer: "127.0.0.1:50000".parse().unwrap(),
        };
        let output = Box::new(Output::detached());
        self.hub.answer(Call::Open { conn, who, ask: Ask::Lobby(AREA), output });
        self.hub.refresh(true);
    }

    fn member(&self, conn: u64) -> Member {
        self.hub.conns[&conn].member.clone().unwrap()
    }

    /// `by` seeks a casual game on `clock`, `taker` takes it: the game's number.
    fn game(&mut self, by: u64, taker: u64, clock: &str) -> GameId {
        let offer = Offer { game: GameKind::Clamber, side: 3, clock: clock.to_string(), rated: false };
        let (poster, taking) = (self.member(by), self.member(taker));
        self.hub.post(by, &poster, None, (offer, None)).unwrap();
        let seek = *self.hub.offers.keys().next().unwrap();
        self.hub.accept(&taking, seek).unwrap();
        self.hub.refresh(true);
        *self.hub.tables.keys().last().unwrap()
    }

    /// The connection (of `conns`) that plays `colour` in game `id`.
    fn playing(&self, id: GameId, colour: Colour, conns: [u64; 2]) -> u64 {
        let player = self.hub.tables[&id].players[colour.index()].0;
        conns.into_iter().find(|conn| self.member(*conn).id == player).unwrap()
    }

    fn input(&mut self, conn: u64, input: Input) {
        self.hub.answer(Call::Key { conn, input });
        self.hub.refresh(true);
    }

    fn press(&mut self, conn: u64, key: char) {
        self.input(conn, Input::Key(KeyEvent::new(KeyCode::Char(key), KeyModifiers::NONE)));
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

    fn app(&self, conn: u64) -> &crate::app::App {
        match &self.hub.conns[&conn] {
            Conn { out: Out::Screen(screen), .. } => &screen.app,
            _ => panic!("connection {conn} has no terminal"),
        }
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

    /// The turns the club's database keeps of game `id`.
    fn kept(&self, id: GameId) -> Vec<String> {
        let archived = self.hub.club.archived(id).unwrap().unwrap();
        archived.turns.into_iter().map(|turn| turn.turn).collect()
    }

    fn on_lobby(&self, conn: u64) -> bool {
        matches!(self.app(conn).screen, Screen::Lobby(_))
    }
}

#[test]
fn a_seek_taken_seats_both_players_and_a_turn_made_on_one_screen_is_kept_then_shown_on_the_other() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let id = house.game(1, 2, "none");
    let (blue, red) = (house.playing(id, Colour::Blue, [1, 2]), house.playing(id, Colour::Red, [1, 2]));
    assert_eq!(house.seat(blue).and_then(|seat| seat.colour()), Some(Colour::Blue));
    assert_eq!(house.seat(red).and_then(|seat| seat.colour()), Some(Colour::Red));
    assert_eq!(house.message(red), "Blue is thinking");
    house.click(red, "C3");
    assert_eq!(house.position(red), "3/b/-", "not Red's turn: nothing is played");
    house.click(blue, "C3");
    assert_eq!(house.kept(id), ["C3"], "the turn is in the database");
    assert_eq!(house.position(red), "3/r/C3=b1", "and on the other screen");
    assert_eq!(house.message(red), "Last turn C3: Red to move");
    house.click(red, "D3");
    assert_eq!(house.kept(id), ["C3", "D3"]);
    assert_eq!(house.position(blue), "3/b/C3=b1,D3=r1");
}

#[test]
fn what_the_club_cannot_keep_is_taken_back_and_said() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let id = house.game(1, 2, "none");
    let blue = house.playing(id, Colour::Blue, [1, 2]);
    // Ended behind the hub's back: the next turn cannot be kept.
    let verdict = crate::club::Verdict { winner: None, reason: Reason::Agreed };
    house.hub.club.end_game(id, verdict).unwrap();
    house.click(blue, "C3");
    assert_eq!(house.position(blue), "3/b/-", "the turn is taken back");
    let said = house.message(blue);
    assert!(said.starts_with("that was not kept, so it is taken back: game 1 is over"), "{said}");
}

#[test]
fn a_take_back_agreed_on_the_screens_is_kept_and_a_resignation_ends_the_game() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let id = house.game(1, 2, "1+0");
    let (blue, red) = (house.playing(id, Colour::Blue, [1, 2]), house.playing(id, Colour::Red, [1, 2]));
    house.click(blue, "C3");
    house.click(red, "D3");
    house.press(red, 'u');
    assert!(matches!(house.app(blue).overlay, Some(Overlay::Ask(_))), "Blue is asked");
    house.press(blue, 'y');
    assert_eq!(house.kept(id), ["C3"], "Red's turn is taken back in the database");
    assert_eq!(house.position(red), "3/r/C3=b1");
    // Blue resigns on Red's turn.
    house.press(blue, 'r');
    house.press(blue, 'y');
    let archived = house.hub.club.archived(id).unwrap().unwrap();
    let verdict = archived.info.verdict.map(|verdict| (verdict.winner, verdict.reason));
    assert_eq!(verdict, Some((Some(Colour::Red), Reason::Resign)));
    assert!(house.hub.tables.is_empty(), "the game is over");
    let screen_end = |house: &Clubhouse, conn| {
        let game = house.app(conn).screen.game().unwrap();
        crate::each_game!(game, game => game.table.end())
    };
    let resigned = Some(crate::record::End::Resigned(Colour::Blue));
    assert_eq!(screen_end(&house, red), resigned, "Red's screen shows it");
    house.press(red, 'u');
    assert!(house.message(red).starts_with("the game is over"), "{}", house.message(red));
    assert_eq!(screen_end(&house, red), resigned, "nothing is taken back");
    house.press(blue, 'q');
    assert!(house.on_lobby(blue), "q goes back to the lobby");
}

#[test]
fn a_watcher_follows_the_game_and_a_player_who_comes_back_finds_it() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    house.terminal(3, "guest", false);
    let id = house.game(1, 2, "none");
    let blue = house.playing(id, Colour::Blue, [1, 2]);
    assert!(house.on_lobby(3), "nobody else is taken to the game");
    house.input(3, Input::Key(KeyEvent::new(KeyCode::Char('4'), KeyModifiers::NONE)));
    house.input(3, Input::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)));
    assert_eq!(house.seat(3).map(|seat| seat.colour()), Some(None), "the keyless guest watches");
    house.click(3, "C3");
    house.click(blue, "C3");
    assert_eq!(house.position(3), "3/r/C3=b1", "the watcher sees the turn");
    assert_eq!(house.kept(id), ["C3"], "and only Blue's turn was played");
    // Blue's connection drops; Blue comes back on another.
    house.hub.answer(Call::Gone { conn: blue });
    house.terminal(4, house.hub.tables[&id].players[0].1.clone().as_str(), true);
    assert_eq!(house.seat(4).and_then(|seat| seat.colour()), Some(Colour::Blue), "back at the game");
    house.press(3, 'q');
    assert!(house.on_lobby(3));
    assert_eq!(house.hub.tables[&id].link.watchers(), 0, "the watcher's seat is free");
}

#[test]
fn a_finished_game_is_replayed_turn_by_turn_and_the_computer_does_not_help_at_the_club() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let id = house.game(1, 2, "none");
    let (blue, red) = (house.playing(id, Colour::Blue, [1, 2]), house.playing(id, Colour::Red, [1, 2]));
    house.press(blue, 't');
    assert!(house.message(blue).contains("no hints"), "{}", house.message(blue));
    house.press(blue, 's');
    assert!(house.message(blue).starts_with("the club keeps every game"), "{}", house.message(blue));
    house.click(blue, "C3");
    house.press(red, 'r');
    house.press(red, 'y');
    house.press(red, 'q');
    assert!(house.on_lobby(red));
    // My games, the first: the one just finished.
    house.press(red, '5');
    house.input(red, Input::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)));
    assert_eq!(house.position(red), "3/r/C3=b1", "the replay opens at the end");
    let game = house.app(red).screen.game().unwrap();
    assert_eq!(crate::each_game!(game, game => game.leaving), Leaving::Lobby);
    house.press(red, 'u');
    assert_eq!(house.position(red), "3/b/-", "u steps back a turn");
    assert_eq!(house.message(red), "turn 0 of 1: Blue to move");
    house.input(red, Input::Key(KeyEvent::new(KeyCode::End, KeyModifiers::NONE)));
    let game = house.app(red).screen.game().unwrap();
    let end = crate::each_game!(game, game => game.table.end());
    assert_eq!(end, Some(crate::record::End::Resigned(Colour::Red)), "End: the end, the resignation kept");
    house.press(red, 'u');
    house.click(red, "C3");
    assert_eq!(house.position(red), "3/b/-", "a replay only looks back");
    assert_eq!(house.kept(id), ["C3"]);
    house.press(red, 'q');
    assert!(house.on_lobby(red));
}

#[test]
fn a_flag_falls_on_the_servers_clock_and_every_screen_shows_it() {
    let mut house = Clubhouse::new();
    let time = Timepiece::fake();
    house.hub.time = time.clone();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let id = house.game(1, 2, "10s+0");
    let red = house.playing(id, Colour::Red, [1, 2]);
    let flag = house.hub.tables[&id].flag_at().expect("Blue's clock runs");
    let timers = house.hub.timers();
    let woken = timers.iter().map(|(_, due)| *due).min().expect("the screens show the clocks");
    assert!(woken < flag, "the screens are woken as the figures change, before the flag");
    time.advance(Duration::from_secs(5));
    house.hub.wake(&timers);
    let drawn =
        |house: &Clubhouse, conn| matches!(&house.hub.conns[&conn].out, Out::Screen(screen) if screen.drawn);
    assert!(!drawn(&house, red), "a screen whose clock figure changed is drawn again");
    house.hub.refresh(false);
    assert!(drawn(&house, red));
    assert!(house.hub.tables.contains_key(&id), "five seconds in, the game goes on");
    time.advance(Duration::from_secs(5));
    house.hub.flags();
    let archived = house.hub.club.archived(id).unwrap().unwrap();
    assert_eq!(
        archived.info.verdict.map(|verdict| (verdict.winner, verdict.reason)),
        Some((Some(Colour::Red), Reason::Time))
    );
    let game = house.app(red).screen.game().unwrap();
    let end = crate::each_game!(game, game => game.table.end());
    assert_eq!(end, Some(crate::record::End::Time(Colour::Blue)), "Red's screen shows it");
}

#[test]
fn a_seek_posted_for_one_side_gives_the_poster_that_side() {
    for colour in [Colour::Blue, Colour::Red] {
        let mut house = Clubhouse::new();
        house.terminal(1, "Ann", true);
        house.terminal(2, "Bo", true);
        let offer = Offer { game: GameKind::Clamber, side: 3, clock: "none".to_string(), rated: false };
        let ann = house.member(1);
        house.hub.post(1, &ann, None, (offer, Some(colour))).unwrap();
        let ask = LobbyAsk::Take(*house.hub.offers.keys().next().unwrap());
        let bo = house.member(2);
        house.hub.ask(2, &bo, ask).unwrap();
        let id = *house.hub.tables.keys().next().unwrap();
        assert_eq!(house.playing(id, colour, [1, 2]), 1, "Ann plays the side she chose");
    }
}

#[test]
fn a_french_members_lobby_says_the_clubs_answers_and_the_games_in_french() {
    let mut house = Clubhouse::new();
    house.terminal_in(1, "Ann", true, Lang::Fr);
    house.terminal(2, "Bo", true);
    let offer = Offer { game: GameKind::Clamber, side: 3, clock: "none".to_string(), rated: false };
    let ann = house.member(1);
    house.hub.post(1, &ann, None, (offer, None)).unwrap();
    let seek = *house.hub.offers.keys().next().unwrap();
    // What the lobby would ask for a seek of someone else's, asked of her own.
    if let Conn { out: Out::Screen(screen), .. } = house.hub.conns.get_mut(&1).unwrap() {
        screen.app.request = Some(crate::app::component::Request::Lobby(LobbyAsk::Take(seek)));
    }
    house.press(1, '2');
    let Screen::Lobby(lobby) = &house.app(1).screen else { panic!("Ann's lobby") };
    let note = lobby.note.as_ref().map(|note| Lang::Fr.say(note));
    assert_eq!(note.as_deref(), Some("l'offre 1 est la vôtre"));
    let bo = house.member(2);
    house.hub.accept(&bo, seek).unwrap();
    house.press(1, 'q');
    house.hub.refresh(true);
    let Screen::Lobby(lobby) = &house.app(1).screen else { panic!("Ann's lobby") };
    assert_eq!(lobby.view.live.first().map(|row| row.state.as_str()), Some("Bleu joue"));
}

#[test]
fn a_new_game_takes_a_terminal_left_on_a_finished_game_to_it() {
    let mut house = Clubhouse::new();
    house.terminal(1, "Ann", true);
    house.terminal(2, "Bo", true);
    let first = house.game(1, 2, "1+0");
    let blue = house.playing(first, Colour::Blue, [1, 2]);
    house.press(blue, 'r');
    house.press(blue, 'y');
    assert!(house.hub.tables.is_empty(), "the first game is over");
    assert!(!house.on_lobby(1) && !house.on_lobby(2), "both still look at the finished game");
    let second = house.game(2, 1, "1+0");
    let link = std::sync::Arc::clone(&house.hub.tables[&second].link);
    for conn in [1, 2] {
        let Conn { out: Out::Screen(screen), .. } = &house.hub.conns[&conn] else { panic!("a terminal") };
        assert!(super::screens::shows(screen, &link), "terminal {conn} is taken to the new game");
        assert!(house.app(conn).overlay.is_none(), "nothing hides it on terminal {conn}");
    }
}

#[test]
fn a_declined_challenge_is_told_to_the_challenger_in_their_language() {
    let mut house = Clubhouse::new();
    house.terminal_in(1, "Ann", true, Lang::Fr);
    house.terminal(2, "Bo", true);
    let offer = Offer { game: GameKind::Clamber, side: 3, clock: "none".to_string(), rated: false };
    let (ann, bo) = (house.member(1), house.member(2));
    house.hub.post(1, &ann, Some(bo.clone()), (offer, None)).unwrap();
    let challenge = *house.hub.offers.keys().next().unwrap();
    house.hub.ask(2, &bo, LobbyAsk::Decline(challenge)).unwrap();
    assert!(house.hub.offers.is_empty());
    let Screen::Lobby(lobby) = &house.app(1).screen else { panic!("Ann's lobby") };
    let note = lobby.note.as_ref().map(|note| Lang::Fr.say(note));
    assert_eq!(note.as_deref(), Some("Bo a refusé votre défi"));
}
