//! Screens of the Clamber game as a player sees them, drawn on a test terminal.

mod common;

use common::*;
use hexstack::app::App;
use ratatui::layout::Rect;
use ratatui::style::Color;

fn screen(app: &App) -> String {
    render(app).backend().to_string()
}

fn at_size(mut app: App, width: u16, height: u16) -> App {
    app.area = Rect::new(0, 0, width, height);
    app
}

#[test]
fn menu() {
    insta::assert_snapshot!(screen(&App::new(AREA)));
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
    assert_eq!(buffer[(bx, by)].bg, Color::Yellow);
    assert_eq!(buffer[(cx, cy)].bg, Color::Green);
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
    insta::assert_snapshot!(screen(&app));
}

#[test]
fn a_20x6_terminal_says_what_size_is_needed() {
    insta::assert_snapshot!(screen(&at_size(clamber("start"), 20, 6)));
}

#[test]
fn tiny_terminals_draw_without_panicking() {
    for (width, height) in [(1, 1), (2, 1), (1, 3), (10, 2), (79, 23), (50, 50)] {
        for app in [App::new(Rect::new(0, 0, width, height)), at_size(clamber("4/b/-"), width, height)] {
            render(&app);
        }
    }
    let mut app = clamber("6/b/-");
    press(&mut app, &["?"]);
    render(&app);
}
