//! Thousands of random keys, clicks and resizes, down to a 1x1 terminal: nothing panics,
//! and the game on screen is always one the rules can reach.

use crate::app::App;
use crate::app::Profile;
use crate::record::Record;
use crate::rules::clamber::Position;
use crate::rules::ombagui;
use crate::rules::{Any, Game};
use crate::testing::*;
use proptest::prelude::*;
use ratatui::crossterm::event::{Event, KeyCode, KeyModifiers, MouseButton, MouseEventKind};

/// One event a player (or their terminal) could send.
fn event() -> impl Strategy<Value = Event> {
    let keys = prop::sample::select(vec![
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Tab,
        KeyCode::Backspace,
        KeyCode::F(1),
        KeyCode::Char(' '),
        KeyCode::Char('h'),
        KeyCode::Char('l'),
        KeyCode::Char('y'),
        KeyCode::Char('i'),
        KeyCode::Char('b'),
        KeyCode::Char('n'),
        KeyCode::Char('k'),
        KeyCode::Char('j'),
        KeyCode::Char('u'),
        KeyCode::Char('r'),
        KeyCode::Char('d'),
        KeyCode::Char('?'),
        KeyCode::Char('1'),
        KeyCode::Char('2'),
        KeyCode::Char('3'),
        KeyCode::Char('5'),
        KeyCode::Char('6'),
        KeyCode::Char('t'),
        KeyCode::Char('p'),
        KeyCode::Char('m'),
        KeyCode::PageDown,
        KeyCode::Char('z'),
        KeyCode::Char('['),
        KeyCode::Char(']'),
        KeyCode::Char('s'),
        KeyCode::Home,
        KeyCode::End,
    ]);
    let mouse_kind = prop::sample::select(vec![
        MouseEventKind::Down(MouseButton::Left),
        MouseEventKind::Down(MouseButton::Right),
        MouseEventKind::Up(MouseButton::Left),
        MouseEventKind::Moved,
        MouseEventKind::ScrollDown,
    ]);
    prop_oneof![
        6 => (keys, any::<bool>()).prop_map(|(code, ctrl)| {
            // Control only with r (redo): ctrl-c would quit, ending the test's game early.
            let ctrl = ctrl && code == KeyCode::Char('r');
            key_event(code, if ctrl { KeyModifiers::CONTROL } else { KeyModifiers::NONE })
        }),
        3 => (mouse_kind, 0u16..130, 0u16..45).prop_map(|(kind, column, row)| {
            Event::Mouse(ratatui::crossterm::event::MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE })
        }),
        1 => (1u16..130, 1u16..45).prop_map(|(width, height)| Event::Resize(width, height)),
    ]
}

/// A key press or a left click on an 80x24 screen, as a player hammering at random would
/// send them: every key the program binds on some screen but `q` (and Ctrl-C), the one
/// way out.
fn press_or_click() -> impl Strategy<Value = Event> {
    let named = [
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Tab,
        KeyCode::Backspace,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::PageUp,
        KeyCode::PageDown,
        KeyCode::F(1),
    ];
    let typed = "hjklyibnumvtdrsepP?[] 0123456789wxzaoYд".chars().map(KeyCode::Char);
    let keys = prop::sample::select(named.into_iter().chain(typed).collect::<Vec<_>>());
    prop_oneof![
        2 => keys.prop_map(|code| key_event(code, KeyModifiers::NONE)),
        1 => (0u16..80, 0u16..24).prop_map(|(column, row)| {
            let kind = MouseEventKind::Down(MouseButton::Left);
            Event::Mouse(ratatui::crossterm::event::MouseEvent { kind, column, row, modifiers: KeyModifiers::NONE })
        }),
    ]
}

/// Replaying the turns of a game from its start gives each position it shows.
fn check_history<G: Game>(record: &Record<G>) {
    let mut position = record.start();
    for ply in record.history() {
        position = match &ply.turn {
            Some(turn) => position.play(turn).unwrap_or_else(|_| panic!("{turn} in {position} is legal")),
            None => position.skipped(),
        };
        assert_eq!(position, ply.position);
    }
}

/// The game on screen must be one the rules can reach, with the cursor on the board.
fn check_game(app: &App) {
    let Some(game) = app.screen.game() else { return };
    crate::each_game!(game, game => {
        let table = &game.table;
        table.read(check_history);
        assert!(table.position().board().contains(table.cursor().cell));
    });
    if let Any::Ombagui(game) = game
        && let Some(&from) = game.table.picked()
    {
        let top = game.table.position().stack(from).top().expect("a picked-up piece is on top");
        assert_eq!(top.colour, game.table.to_move());
    }
}

/// Feeds `events` to `app`, checking the game and drawing the screen after each.
fn survive(mut app: App, events: &[Event]) {
    for event in events {
        app.handle(crate::app::event::Event::Input(event.clone()));
        if app.quit {
            break;
        }
        check_game(&app);
        render(&app);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]

    /// Six storms of 400 presses and clicks from the menu, through games, puzzles and the
    /// rules and back (`m`, Esc): without `q` the program is still up at the end.
    #[test]
    fn only_q_ends_the_program(events in prop::collection::vec(press_or_click(), 400)) {
        let mut app = App::new(Profile::default(), AREA);
        for (n, event) in events.iter().enumerate() {
            let context = app.context();
            app.handle(crate::app::event::Event::Input(event.clone()));
            prop_assert!(!app.quit, "event {n}, {event:?} in {context:?}, ended the program");
            check_game(&app);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(25))]

    #[test]
    fn random_events_never_break_the_clamber_screen(
        side in 2u32..=4,
        events in prop::collection::vec(event(), 100..400),
    ) {
        let board = crate::rules::hex::Board::new(side).unwrap();
        survive(App::game(Profile::default(), Any::Clamber(Position::start(board)), AREA), &events);
    }

    #[test]
    fn random_events_never_break_the_ombagui_screen(events in prop::collection::vec(event(), 100..400)) {
        survive(App::game(Profile::default(), Any::Ombagui(ombagui::Position::start()), AREA), &events);
    }

    #[test]
    fn random_events_never_break_the_menu_and_the_rules(events in prop::collection::vec(event(), 50..300)) {
        survive(App::new(Profile::default(), AREA), &events);
    }
}
