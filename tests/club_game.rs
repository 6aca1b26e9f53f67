//! A game of the club's on a member's screen, as the club puts it there: both players named
//! with their ratings, the side this terminal plays, the questions put to the player in
//! their own person, what `q` does in a chain, a take-back and a draw asked one after the
//! other, and a finished game's keys.

mod common;

use common::*;
use hexstack::app::link::{Link, Seat};
use hexstack::app::lobby::LobbyView;
use hexstack::app::{App, Profile};
use hexstack::i18n::Lang;
use hexstack::record::{AnyRecord, AnyRecordExt, Players};
use hexstack::rules::{AnyPosition, Colour, clamber};
use ratatui::layout::Rect;
use std::sync::Arc;

/// A club's game from `position` on `link`, between ana (Blue) and bo (Red).
fn link(position: &str) -> Arc<Link> {
    let start: clamber::Position = position.parse().unwrap();
    let link = Link::new(AnyRecord::new(AnyPosition::Clamber(start)));
    link.both_came();
    link
}

fn players() -> Players {
    Players { blue: Some("ana".to_string()), red: Some("bo".to_string()), computer: None }
}

/// A member's terminal of `width` by `height`, at the game on `link` in `seat`.
fn member(seat: Seat, width: u16, height: u16) -> App {
    let mut app = App::club_lobby(Profile::default(), Rect::new(0, 0, width, height), LobbyView::default());
    let ratings = [Some("1512".to_string()), Some("?".to_string())];
    app.seat_at_club_rated(seat, &players(), ratings);
    app
}

fn text(app: &App, lang: Lang) -> String {
    render_in(app, lang).backend().to_string()
}

#[test]
fn the_game_screen_names_both_players_with_their_ratings_and_the_side_played() {
    let link = link("3/b/-");
    for (width, height) in [(60, 20), (80, 24), (120, 40)] {
        let red = member(link.join(Some(Colour::Red)), width, height);
        for (lang, you) in
            [(Lang::En, "You play Red"), (Lang::Fr, "Vous jouez Rouge"), (Lang::Sr, "Ти играш: Црвени")]
        {
            let screen = text(&red, lang);
            for shown in ["ana 1512", "bo ?", you] {
                assert!(screen.contains(shown), "{lang:?} at {width}x{height}: {shown}\n{screen}");
            }
        }
    }
    // A watcher is told so, not a side.
    let watcher = member(link.join(None), 80, 24);
    let screen = text(&watcher, Lang::En);
    assert!(screen.contains("ana 1512") && !screen.contains("You play"), "{screen}");
    assert!(screen.contains("You are watching"), "{screen}");
}
