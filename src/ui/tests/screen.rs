//! The game screen's parts at every size: the panel beside the board, the
//! message within its lines, nothing done blind while the terminal is too small.

use crate::app::App;
use crate::app::Profile;
use crate::rules::{Any, clamber};
use crate::testing::*;
use ratatui::layout::Rect;

/// A Clamber game from `position` on a terminal of `width` x `height`.
fn sized(position: &str, width: u16, height: u16) -> App {
    App::game(
        Profile::default(),
        Any::Clamber(position.parse::<clamber::Position>().unwrap()),
        Rect::new(0, 0, width, height),
    )
}

#[test]
fn on_a_wide_terminal_the_panel_stays_next_to_the_board() {
    for (width, height) in [(80, 24), (120, 40), (200, 60)] {
        let app = sized("start", width, height);
        let layout = game(&app).layout(app.area).expect("the board fits");
        let board = crate::rules::Game::board(&game(&app).table.position());
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
    app.handle(crate::app::event::Event::Input(grown));
    press(&mut app, &["Enter"]);
    assert_eq!(position(&app), "3/r/C3=b1", "the right size again, keys act");
    app.handle(crate::app::event::Event::Input(ratatui::crossterm::event::Event::Resize(40, 12)));
    press(&mut app, &["q"]);
    assert_eq!(app.overlay, Some(crate::app::Overlay::Ask(crate::app::Question::Quit)), "q still asks");
}

#[test]
fn cells_emptied_by_the_computers_capture_are_marked_removed() {
    let wakes = awake();
    let blue = crate::app::Computer::playing(crate::rules::Colour::Blue, crate::ai::Level::new(2).unwrap());
    let mut app = clamber("3/b/B2=b2,C3=r2,D4=r3,E4=r3").with_computer(Some(blue));
    at_once(&mut app);
    assert!(run_until(&mut app, &wakes, std::time::Duration::from_secs(10), |app| game(app)
        .table
        .end()
        .is_some()));
    assert_eq!(position(&app), "3/r/B2=b2,C3=b3,D4=b4", "the chain took D4, and E4 went with it");
    assert_eq!(names(&app, lit(&app).removed), ["E4"]);
    let shown = render(&app).backend().to_string();
    assert!(shown.contains("x·x") && !shown.contains("*·*"), "{shown}");
}

#[test]
fn a_long_message_stays_within_its_two_lines_and_says_it_was_cut() {
    let mut app = sized("3/b/-", 80, 24);
    let long = "word ".repeat(60);
    let text = crate::i18n::text!(crate::i18n::keys::PLAIN, long.trim());
    game_mut(&mut app).table.status_mut().info(text);
    let shown = render(&app).backend().to_string();
    let rows: Vec<&str> = shown.lines().collect();
    assert!(rows[22].contains("word …"), "the second line ends cut, and says so: {}", rows[22]);
    assert!(rows[23].contains("hjklyibn move"), "the key line is whole: {}", rows[23]);
}

/// A message that begins in lower case in the language files (it follows `hexstack: ` on the
/// error output) reads as a sentence on screen, in every language.
#[test]
fn the_message_line_reads_as_a_sentence_in_every_language() {
    let mut app = sized("3/b/-", 80, 24);
    press(&mut app, &["Enter", "u"]);
    for (lang, words) in [
        (crate::i18n::Lang::En, " Turn taken back: Blue to move"),
        (crate::i18n::Lang::Fr, " Tour défait"),
        (crate::i18n::Lang::Sr, " Потез поништен: Плави је на потезу"),
    ] {
        let screen = render_in(&app, lang).backend().to_string();
        assert!(screen.contains(words), "{lang:?}: {words}\n{screen}");
    }
}
