//! Screens of the Ombagui game as a player sees them, drawn on a test terminal.

use crate::app::App;
use crate::app::Profile;
use crate::rules::Any;
use crate::rules::ombagui::Position;
use crate::testing::*;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

fn ombagui(position: &str, width: u16, height: u16) -> App {
    App::game(
        Profile::default(),
        Any::Ombagui(position.parse::<Position>().unwrap()),
        Rect::new(0, 0, width, height),
    )
}

fn screen(app: &App) -> String {
    render(app).backend().to_string()
}

#[test]
fn the_start_at_80x24() {
    insta::assert_snapshot!(screen(&ombagui("start", 80, 24)));
}

#[test]
fn the_start_at_120x40() {
    insta::assert_snapshot!(screen(&ombagui("start", 120, 40)));
}

#[test]
fn a_picked_up_dark_lights_where_it_may_go() {
    let mut app = ombagui("start", 80, 24);
    click(&mut app, "C1");
    let terminal = render(&app);
    insta::assert_snapshot!(terminal.backend().to_string());
    let (x, y) = screen_point(&app, "C4");
    assert_eq!(terminal.backend().buffer()[(x - 1, y)].symbol(), ">");
    assert!(terminal.backend().buffer()[(x, y)].modifier.contains(Modifier::UNDERLINED));
}

#[test]
fn a_light_with_jump_landings() {
    let mut app = ombagui("r/D2=rL,D3=bL.bM.bD,E5=rL.rM.rD,A1=bM", 100, 30);
    click(&mut app, "D2");
    let terminal = render(&app);
    insta::assert_snapshot!(terminal.backend().to_string());
    let (x, y) = screen_point(&app, "F6");
    let (step_x, step_y) = screen_point(&app, "C2");
    let buffer = terminal.backend().buffer();
    assert_eq!((buffer[(x - 1, y)].symbol(), buffer[(step_x - 1, step_y)].symbol()), ("^", ">"));
    assert_ne!(
        buffer[(x, y)].modifier,
        buffer[(step_x, step_y)].modifier,
        "a jump landing differs from a step"
    );
}

#[test]
fn a_won_game() {
    let mut app = ombagui("r/D7=rL.rM.rD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM,D4=rD,A1=bL", 80, 24);
    click(&mut app, "D4");
    click(&mut app, "G7");
    insta::assert_snapshot!(screen(&app));
}

#[test]
fn a_small_terminal_says_what_size_is_needed() {
    insta::assert_snapshot!(screen(&ombagui("start", 60, 12)));
}
