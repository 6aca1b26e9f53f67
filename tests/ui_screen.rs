//! The game screen's parts at every size (issue 33): the panel beside the board, the
//! message within its lines, nothing done blind while the terminal is too small.

mod common;

use common::*;
use hexstack::app::App;
use hexstack::rules::{Any, clamber};
use ratatui::layout::Rect;

/// A Clamber game from `position` on a terminal of `width` x `height`.
fn sized(position: &str, width: u16, height: u16) -> App {
    App::game(Any::Clamber(position.parse::<clamber::Position>().unwrap()), Rect::new(0, 0, width, height))
}

#[test]
fn on_a_wide_terminal_the_panel_stays_next_to_the_board() {
    for (width, height) in [(80, 24), (120, 40), (200, 60)] {
        let app = sized("start", width, height);
        let layout = game(&app).layout(app.area).expect("the board fits");
        let board = hexstack::rules::Game::board(&game(&app).table.position());
        let right = board.cells().map(|cell| layout.board.centre(cell).0).max().unwrap();
        let gap = layout.areas.panel.x - right;
        assert!(gap <= 16, "{width}x{height}: {gap} columns between the board and the panel");
    }
}

#[test]
fn while_the_terminal_is_too_small_only_quit_and_resize_act() {
    let mut app = sized("3/b/-", 40, 12);
    assert!(render(&app).backend().to_string().contains("too small"));
    press(&mut app, &["l", "Enter", "e", "t"]);
    assert_eq!(position(&app), "3/b/-", "nothing played blind");
    assert!(app.overlay.is_none() && !game(&app).advisor.show_eval);
    let grown = ratatui::crossterm::event::Event::Resize(80, 24);
    app.handle(hexstack::app::event::Event::Input(grown));
    press(&mut app, &["Enter"]);
    assert_eq!(position(&app), "3/r/C3=b1", "the right size again, keys act");
    app.handle(hexstack::app::event::Event::Input(ratatui::crossterm::event::Event::Resize(40, 12)));
    press(&mut app, &["q"]);
    assert_eq!(app.overlay, Some(hexstack::app::Overlay::Ask(hexstack::app::Question::Quit)), "q still asks");
}
