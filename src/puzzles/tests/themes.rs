//! Keeping to one theme, as lichess's themes page does: the puzzle screen's list of themes
//! with their counts, chosen by key or click (`hexstack puzzles --theme` through the binary:
//! tests/puzzles.rs).

use crate::app::event::Event as Wake;
use crate::app::puzzle::{PuzzleScreen, View};
use crate::app::{App, Profile, Screen};
use crate::i18n::Lang;
use crate::puzzles::{Puzzle, read_set};
use crate::testing::{AREA, press, render_in};
use ratatui::crossterm::event::{Event, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};

fn app(dir: &std::path::Path) -> App {
    let set: Vec<Puzzle> =
        read_set(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/puzzles.tsv"))).unwrap();
    App::puzzles(
        Profile::default(),
        set,
        Default::default(),
        crate::puzzles::files::kept_history(Some(dir.join("history.txt"))),
        AREA,
    )
}

fn screen(app: &App) -> &PuzzleScreen {
    match &app.screen {
        Screen::Puzzle(screen) => screen,
        _ => panic!("not the puzzle screen"),
    }
}

fn current(app: &App) -> &Puzzle {
    let screen = screen(app);
    &screen.puzzles[screen.current.expect("a puzzle on the board")]
}

fn text(app: &App, lang: Lang) -> String {
    render_in(app, lang).backend().to_string()
}

/// The line of the screen that holds `words`.
fn line_of<'a>(screen: &'a str, words: &str) -> &'a str {
    screen.lines().find(|line| line.contains(words)).unwrap_or_else(|| panic!("{words} in\n{screen}"))
}

#[test]
fn the_list_of_themes_counts_them_and_a_theme_chosen_keeps_the_puzzles_to_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = app(dir.path());
    assert!(text(&app, Lang::En).contains("f: puzzles of one theme"), "the panel names the key");
    press(&mut app, &["f"]);
    assert_eq!(screen(&app).view, View::Themes);
    let list = text(&app, Lang::En);
    for (title, count) in [("Every puzzle", 4), ("Win in 1", 2), ("Win in 2", 2), ("Lower capture", 2)] {
        assert!(
            line_of(&list, title).trim_end_matches('"').trim_end().ends_with(&format!(" {count}")),
            "{title}\n{list}"
        );
    }
    assert!(list.contains("No theme kept to: puzzles of every kind"), "the first row, chosen, said\n{list}");
    // Down to Tower first, which only Ombagui's puzzles have, and Enter.
    let rows = screen(&app).theme_rows();
    let tower = rows.iter().position(|(theme, _)| theme.as_deref() == Some("tower")).unwrap();
    for _ in 0..tower {
        press(&mut app, &["j"]);
    }
    assert!(text(&app, Lang::En).contains("Ombagui · Before the winning turn, a tower is finished"));
    press(&mut app, &["Enter"]);
    assert_eq!(screen(&app).view, View::Board);
    assert_eq!(screen(&app).theme.as_deref(), Some("tower"));
    assert!(current(&app).themes.iter().any(|theme| theme == "tower"), "{}", current(&app).id);
    assert!(text(&app, Lang::En).contains("Theme: Tower first"));
    // Tab goes on within the theme.
    press(&mut app, &["Tab"]);
    assert!(current(&app).themes.iter().any(|theme| theme == "tower"), "{}", current(&app).id);
    // A click on Every puzzle, in French, lets go of the theme; Esc leaves the list as it was.
    press(&mut app, &["f"]);
    let list = text(&app, Lang::Fr);
    let row = list.lines().position(|line| line.contains("Tous les problèmes")).unwrap() as u16;
    let column = line_of(&list, "Tous les problèmes").find("Tous").unwrap() as u16 - 1;
    let mouse = MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column,
        row,
        modifiers: KeyModifiers::NONE,
    };
    app.handle(Wake::Input(Event::Mouse(mouse)));
    assert_eq!((screen(&app).view, screen(&app).theme.as_deref()), (View::Board, None));
    press(&mut app, &["f", "j", "Esc"]);
    assert_eq!((screen(&app).view, screen(&app).theme.as_deref()), (View::Board, None));
}
