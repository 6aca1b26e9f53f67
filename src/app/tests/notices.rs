//! Notices that need the person at a terminal (a challenge to them, a game that began or
//! ended while they were away, a question of the other player's): said on the lobby's note
//! line or the game's status line, and the terminal's bell rung once, with the next frame.

use crate::app::event::Event;
use crate::app::link::Link;
use crate::app::lobby::{ClubView, LobbyView, OwnView};
use crate::app::{App, Overlay, Profile, Screen};
use crate::i18n::keys::PLAIN;
use crate::i18n::text;
use crate::record::{AnyRecord, AnyRecordExt};
use crate::rules::{AnyPosition, Colour, clamber};
use crate::terminal;
use crate::testing::*;
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use std::io::Write;
use std::sync::{Arc, Mutex};

/// What a terminal was sent, kept where the test reads it.
#[derive(Clone, Default)]
struct Sent(Arc<Mutex<Vec<u8>>>);

impl Write for Sent {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

type Kept = terminal::AppTerminal<CrosstermBackend<Sent>>;

/// `app` on a terminal whose bytes are kept, as a member's over SSH is written.
fn screen(app: App) -> (Kept, Sent) {
    let sent = Sent::default();
    let viewport = Viewport::Fixed(app.area);
    let terminal = Terminal::with_options(CrosstermBackend::new(sent.clone()), TerminalOptions { viewport });
    (terminal::AppTerminal::new(app, terminal.unwrap()), sent)
}

/// How many times the terminal's bell was rung so far.
fn bells(sent: &Sent) -> usize {
    sent.0.lock().unwrap().iter().filter(|&&byte| byte == 0x07).count()
}

fn lobby() -> App {
    let view = LobbyView::new(
        ClubView { club: "Hexhall".to_string(), ..ClubView::default() },
        OwnView { me: Some("ana".to_string()), ..OwnView::default() },
    );
    App::club_lobby(Profile::default(), Rect::new(0, 0, 80, 24), view)
}

#[test]
fn a_notice_in_the_lobby_is_on_the_note_line_and_rings_the_bell_once() {
    let (mut screen, sent) = screen(lobby());
    screen.draw().unwrap();
    assert_eq!(bells(&sent), 0, "nothing to ring for yet");
    assert!(screen.app.notice(text!(PLAIN, "bojan challenges you")));
    screen.draw().unwrap();
    assert_eq!(bells(&sent), 1, "the notice rings");
    assert!(render(&screen.app).backend().to_string().contains("bojan challenges you"));
    screen.draw().unwrap();
    screen.drawn = false;
    screen.draw().unwrap();
    assert_eq!(bells(&sent), 1, "once: the frames after it are quiet");
    // A frame the program did not ask for (the screen already drawn) still rings.
    screen.app.notice(text!(PLAIN, "your game 4 is over: Red wins on time"));
    screen.draw().unwrap();
    assert_eq!(bells(&sent), 2);
}

#[test]
fn a_notice_at_a_game_is_on_its_status_line_and_rings() {
    let (mut screen, sent) = screen(clamber("3/b/-"));
    screen.draw().unwrap();
    assert!(screen.app.notice(text!(PLAIN, "bojan challenges you")));
    assert_eq!(message(&screen.app), "bojan challenges you");
    screen.draw().unwrap();
    assert_eq!(bells(&sent), 1);
    // The menu has no line for it: the bell rings all the same.
    let (mut menu, rung) = self::screen(App::new(Profile::default(), AREA));
    assert!(!menu.app.notice(text!(PLAIN, "a notice")));
    menu.draw().unwrap();
    assert_eq!(bells(&rung), 1);
}

#[test]
fn the_other_players_question_rings_the_bell_of_the_one_asked() {
    let start: clamber::Position = "3/b/-".parse().unwrap();
    let link = Link::new(AnyRecord::new(AnyPosition::Clamber(start)));
    let mut blue = App::shared(Profile::default(), link.sit(Colour::Blue, false), AREA);
    let red = App::shared(Profile::default(), link.sit_guest(), AREA);
    let (mut red, sent) = screen(red);
    red.draw().unwrap();
    press(&mut blue, &["Enter"]);
    red.handle(Event::Shared { played: true }).unwrap();
    press(&mut blue, &["u"]);
    red.handle(Event::Shared { played: false }).unwrap();
    assert!(matches!(red.app.overlay, Some(Overlay::Ask(_))), "Red is asked");
    red.draw().unwrap();
    red.handle(Event::Shared { played: false }).unwrap();
    red.draw().unwrap();
    assert_eq!(bells(&sent), 1, "once, when the question comes");
    assert!(matches!(red.app.screen, Screen::Game(_)));
}
