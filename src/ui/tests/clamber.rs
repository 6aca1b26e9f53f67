//! Screens of the Clamber game as a player sees them, drawn on a test terminal.

use crate::app::App;
use crate::app::Profile;
use crate::testing::*;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};

fn screen(app: &App) -> String {
    render(app).backend().to_string()
}

fn at_size(mut app: App, width: u16, height: u16) -> App {
    app.area = Rect::new(0, 0, width, height);
    app
}

#[test]
#[cfg_attr(feature = "third-game", ignore = "pins the words of the two real games' list")]
fn menu() {
    insta::assert_snapshot!(screen(&App::new(Profile::default(), AREA)));
}

#[test]
fn start_of_a_side_3_game() {
    insta::assert_snapshot!(screen(&clamber("start")));
}

#[test]
fn start_of_a_side_4_game_fits_80x24() {
    insta::assert_snapshot!(screen(&clamber("4/b/-")));
}

#[test]
fn side_4_in_a_large_terminal_uses_the_room() {
    insta::assert_snapshot!(screen(&at_size(clamber("4/b/D4=b1,E5=r2"), 120, 40)));
}

#[test]
fn a_selected_stack_lights_its_targets() {
    let mut app = clamber("3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3");
    click(&mut app, "B2");
    let terminal = render(&app);
    insta::assert_snapshot!(terminal.backend().to_string());
    // Lower and equal targets differ by colour too, not only by their marks.
    let buffer = terminal.backend().buffer();
    let (bx, by) = screen_point(&app, "B3");
    let (cx, cy) = screen_point(&app, "C4");
    // Marked by letters, and underlined (bold too for an equal capture): no colour needed.
    assert_eq!((buffer[(bx - 1, by)].symbol(), buffer[(cx - 1, cy)].symbol()), (">", "="));
    assert!(buffer[(bx, by)].modifier.contains(Modifier::UNDERLINED));
    assert!(buffer[(cx, cy)].modifier.contains(Modifier::UNDERLINED | Modifier::BOLD));
}

#[test]
fn the_cursor_on_a_target_previews_what_goes() {
    let mut app = clamber("3/r/C3=r3,D3=b1,D4=b1,E4=b1,E3=b2");
    press(&mut app, &["Enter", "l"]);
    insta::assert_snapshot!(screen(&app));
}

#[test]
fn a_chain_in_progress() {
    let mut app = clamber("3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3");
    click(&mut app, "B2");
    click(&mut app, "C4");
    insta::assert_snapshot!(screen(&app));
}

#[test]
fn a_won_game() {
    let mut app = clamber("3/b/B2=b2,C3=r2,D4=r3,E4=r3");
    click(&mut app, "B2");
    click(&mut app, "C3");
    click(&mut app, "D4");
    insta::assert_snapshot!(screen(&app));
}

#[test]
fn the_help_overlay() {
    let mut app = clamber("start");
    press(&mut app, &["?"]);
    let shown = screen(&app);
    // The box covers the whole width: the panel's border never shows beside its own.
    for line in shown.lines().filter(|line| line.contains('│')) {
        assert!(!line.contains("││") && !line.contains("┐┐") && !line.contains("┘┘"), "{line}");
    }
    insta::assert_snapshot!(shown);
}

#[test]
fn a_20x6_terminal_says_what_size_is_needed() {
    insta::assert_snapshot!(screen(&at_size(clamber("start"), 20, 6)));
}

/// A 60x20 terminal plays Clamber's usual board: the side panel narrows for it, and the
/// board and the panel are drawn, in every language.
#[test]
fn a_60x20_terminal_plays_the_usual_clamber_board() {
    for lang in crate::i18n::Lang::ALL {
        for app in [at_size(clamber("start"), 60, 20), at_size(clamber("3/r/C3=b1,D3=r2"), 60, 20)] {
            let shown = render_in(&app, lang).backend().to_string();
            assert!(shown.contains('·') && shown.contains('┌'), "{lang:?}: the board and the panel\n{shown}");
        }
    }
}

#[test]
fn tiny_terminals_draw_without_panicking() {
    for (width, height) in [(1, 1), (2, 1), (1, 3), (10, 2), (79, 23), (50, 50)] {
        for app in [
            App::new(Profile::default(), Rect::new(0, 0, width, height)),
            at_size(clamber("4/b/-"), width, height),
        ] {
            render(&app);
        }
    }
    let mut app = clamber("6/b/-");
    press(&mut app, &["?"]);
    render(&app);
}

#[test]
fn a_chain_of_five_captures_reads_whole_in_the_move_list() {
    let mut app = clamber("4/b/A1=b1,B1=r1,C1=r2,D1=r3,E2=r4,F3=r5,G7=r1");
    for cell in ["A1", "B1", "C1", "D1", "E2", "F3"] {
        click(&mut app, cell);
    }
    assert_eq!(game(&app).table.read(|record| record.last_turn().unwrap().to_string()), "A1xB1xC1xD1xE2xF3");
    click(&mut app, "A4");
    let shown = screen(&app);
    assert!(shown.contains("│  1. A1xB1xC1xD1xE2xF3      │"), "{shown}");
    assert!(shown.contains("│     A4                     │"), "Red's answer on a line of its own: {shown}");
    insta::assert_snapshot!(shown);
}

#[test]
fn a_turn_longer_than_the_panel_goes_on_after_an_x() {
    let mut app =
        at_size(clamber("6/b/A1=b1,B1=r1,C1=r2,D1=r3,E1=r4,F1=r5,G2=r6,H3=r7,I4=r8,K11=r1"), 120, 40);
    for cell in ["A1", "B1", "C1", "D1", "E1", "F1", "G2", "H3", "I4"] {
        click(&mut app, cell);
    }
    assert_eq!(
        game(&app).table.read(|record| record.last_turn().unwrap().to_string()),
        "A1xB1xC1xD1xE1xF1xG2xH3xI4"
    );
    let shown = screen(&app);
    // 26 characters in a column of 23: cut before an x, the rest on the next line.
    assert!(shown.contains("│  1. A1xB1xC1xD1xE1xF1xG2xH3│"), "{shown}");
    assert!(shown.contains("│     xI4                    │"), "{shown}");
}

/// Screens with every kind of mark, in both games and on the rules pages.
fn marked_screens() -> Vec<App> {
    let mut selected = clamber("3/r/C3=r3,D3=b1,D4=b1,E4=b1,E3=b2");
    press(&mut selected, &["Enter", "l"]);
    let mut chain = clamber("3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3");
    click(&mut chain, "B2");
    click(&mut chain, "C4");
    let mut jumps = ombagui("r/D2=rL,D3=bL.bM.bD,E5=rL.rM.rD,A1=bM");
    click(&mut jumps, "D2");
    let mut played = clamber("3/b/C3=r1");
    press(&mut played, &["Enter", "?"]);
    let mut rules = App::rules(Profile::default(), crate::rules::GameKind::Clamber, AREA);
    press(&mut rules, &["Right", "Right", "Right"]);
    vec![App::new(Profile::default(), AREA), selected, chain, jumps, played, rules]
}

#[test]
fn marks_read_on_dark_and_light_terminals_alike() {
    // No background colour anywhere, and text only in the terminal's own colour, the two
    // players' mid-tone colours, and a grey, an orange and a green that read on both.
    let allowed = [
        Color::Reset,
        Color::Indexed(33),
        Color::Indexed(160),
        Color::DarkGray,
        Color::Indexed(166),
        Color::Indexed(28),
    ];
    for app in marked_screens() {
        let terminal = render(&app);
        for cell in terminal.backend().buffer().content() {
            assert_eq!(cell.bg, Color::Reset, "a background colour in\n{}", terminal.backend());
            assert!(allowed.contains(&cell.fg), "{:?} in\n{}", cell.fg, terminal.backend());
        }
    }
}

#[test]
fn the_board_grows_with_a_large_window_up_to_a_limit() {
    let gap = |width, height| {
        let app = at_size(clamber("start"), width, height);
        let (c3, d3) = (screen_point(&app, "C3"), screen_point(&app, "D3"));
        (d3.0 - c3.0, screen_point(&app, "C4").1.abs_diff(c3.1))
    };
    assert_eq!(gap(80, 24), (8, 3));
    assert_eq!(gap(120, 40), (14, 4));
    assert_eq!(gap(250, 70), (16, 4), "the room of a large window is used");
    assert_eq!(gap(400, 100), (16, 4), "but not without end");
}

#[test]
fn at_60x20_the_key_line_keeps_help_and_quit_in_each_language() {
    use crate::i18n::Lang;
    for lang in Lang::ALL {
        let app = at_size(clamber("start"), 60, 20);
        let shown = render_in(&app, lang).backend().to_string();
        let keys = shown.lines().last().unwrap().trim_matches('"').trim_end().to_string();
        let quit = keys.rsplit(" · ").next().unwrap();
        let help = keys.rsplit(" · ").nth(1).unwrap();
        assert!(
            keys.starts_with("hjklyibn") && help.starts_with("? ") && quit.starts_with("q "),
            "{lang:?}: {keys}"
        );
        assert!(keys.chars().count() <= 60, "{lang:?}: {keys}");
    }
}

/// The side panel's words, its lines joined: what it says, wherever it wraps.
fn panel_words(app: &App, lang: crate::i18n::Lang) -> String {
    let screen = render_in(app, lang).backend().to_string();
    let inside = screen.lines().filter_map(|row| {
        let row = row.trim_matches('"');
        let start = row.find('│')?;
        Some(row[start..].trim_matches(|c: char| c == '│' || c == ' ').to_string())
    });
    inside.collect::<Vec<_>>().join(" ")
}

#[test]
fn a_narrow_panel_wraps_the_stack_under_the_cursor_and_keeps_its_lines_over_the_marks() {
    use crate::i18n::Lang;
    let mut app = at_size(clamber("3/b/C3=b1,D3=r2"), 60, 20);
    press(&mut app, &["Enter", "Esc"]);
    for (lang, said) in [
        (Lang::En, "C3: Blue stack of 1"),
        (Lang::Fr, "C3 : pile de 1 à Bleu"),
        (Lang::Sr, "C3: гомила висине 1, Плави"),
    ] {
        let words = panel_words(&app, lang);
        assert!(words.contains(said), "{lang:?}: {said}\n{words}");
    }
    // The legend gives way on a short panel: the move list's heading stays in sight.
    let words = panel_words(&app, Lang::En);
    assert!(words.contains("Moves") && !words.contains("cursor"), "{words}");
    assert!(panel_words(&at_size(app, 80, 24), Lang::En).contains("[ ] cursor"), "room for it at 80x24");
}

#[test]
fn the_panel_gives_a_groups_size_and_splits_at_its_dot_when_it_does_not_fit() {
    // Fourteen stacks of one, all touching: one group, one sub-group.
    let cells = "A1,A2,A3,A4,B1,B2,B3,C1,D1,E2,F3,F4,G4,G5";
    let position = format!(
        "4/b/{},D7=r1",
        cells.split(',').map(|cell| format!("{cell}=b1")).collect::<Vec<_>>().join(",")
    );
    let mut app = clamber(&position);
    hover(&mut app, "B2");
    let screen = render_in(&app, crate::i18n::Lang::En).backend().to_string();
    assert!(screen.contains("│group of 14                 │"), "{screen}");
    assert!(screen.contains("│sub-group of 14             │"), "{screen}");
    let mut small = clamber("3/b/C3=b1,C4=b2,D3=r1");
    hover(&mut small, "C3");
    let screen = render_in(&small, crate::i18n::Lang::En).backend().to_string();
    assert!(screen.contains("│group of 2 · sub-group of 1 │"), "{screen}");
}

#[test]
fn the_french_panel_says_a_capture_removes_nothing_else_with_its_ne() {
    let mut app = clamber("3/b/C3=b2,D3=r2");
    press(&mut app, &["Enter", "l"]);
    let words = panel_words(&app, crate::i18n::Lang::Fr);
    assert!(words.contains("capture à hauteur égale : ne retire rien d'autre"), "{words}");
}

#[test]
fn serbian_counts_its_pieces_in_its_own_plural() {
    let app = clamber("3/b/C3=b5,D3=r2");
    let words = panel_words(&app, crate::i18n::Lang::Sr);
    assert!(words.contains("5 шашака") && words.contains("2 шашке"), "{words}");
    assert!(!words.contains("шашки"), "the Russian plural: {words}");
}
