//! A game of the club's on a member's screen, as the club puts it there: both players named
//! with their ratings, the side this terminal plays, the questions put to the player in
//! their own person, what `q` does in a chain, a take-back and a draw asked one after the
//! other, and a finished game's keys.

use crate::app::event::Event;
use crate::app::link::{Link, Seat};
use crate::app::lobby::LobbyView;
use crate::app::{App, Overlay, Profile, Question, Screen};
use crate::i18n::Lang;
use crate::i18n::keys::{NET_STALE, STATUS_RESIGNED};
use crate::record::{AnyRecord, AnyRecordExt, Players};
use crate::rules::{AnyPosition, Colour, clamber};
use crate::testing::*;
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

/// What the status line says, in `lang`.
fn status(app: &App, lang: Lang) -> String {
    let game = app.screen.game().expect("a game screen");
    let message = crate::each_game!(game, game => game.table.status().message().clone());
    message.text().map(|text| lang.say(text)).unwrap_or_default()
}

/// The game on `link` as it stands, in notation.
fn now(link: &Link) -> String {
    crate::each_game!(link.game(), record => record.position().to_string())
}

fn on_lobby(app: &App) -> bool {
    matches!(app.screen, Screen::Lobby(_))
}

#[test]
fn q_in_a_chain_asks_whether_to_end_the_turn_there_and_keeps_the_capture() {
    let link = link("3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3");
    let mut blue = member(link.join(Some(Colour::Blue)), 80, 24);
    click(&mut blue, "B2");
    click(&mut blue, "C4");
    press(&mut blue, &["q"]);
    assert_eq!(blue.overlay, Some(Overlay::Ask(Question::EndTurn("B2xC4".to_string()))));
    let asked = text(&blue, Lang::En);
    assert!(asked.contains("Your turn is under way (B2xC4)"), "{asked}");
    press(&mut blue, &["n"]);
    assert!(!on_lobby(&blue) && blue.overlay.is_none(), "no: the chain goes on");
    click(&mut blue, "E5");
    press(&mut blue, &["Esc"]);
    assert_eq!(now(&link), "3/r/B2=b2,B3=r1,C4=b3,D5=r1,E5=b4", "played whole");
    // Red's chain, left with q and y: the capture made is played, then the lobby.
    let link = self::link("3/r/B2=r2,B3=b1,C4=b2,D4=b2,D5=b1,E4=b3,E5=b3");
    let mut red = member(link.join(Some(Colour::Red)), 80, 24);
    click(&mut red, "B2");
    click(&mut red, "C4");
    press(&mut red, &["q", "y"]);
    assert!(on_lobby(&red), "back in the lobby");
    assert_eq!(now(&link), "3/b/B2=r2,B3=b1,C4=r3,D5=b1,E4=b3,E5=b3");
    // Nothing under way: q goes at once, as before.
    let mut blue = member(link.join(Some(Colour::Blue)), 80, 24);
    press(&mut blue, &["q"]);
    assert!(on_lobby(&blue));
}

#[test]
fn a_draw_offered_while_a_take_back_waits_is_refused_to_the_asker_and_the_take_back_still_answers() {
    let link = link("3/b/-");
    let mut blue = member(link.join(Some(Colour::Blue)), 80, 24);
    let mut red = member(link.join(Some(Colour::Red)), 80, 24);
    let turn = |by: &mut App, other: &mut App, cell: &str| {
        click(by, cell);
        other.handle(Event::Shared { played: true });
    };
    turn(&mut blue, &mut red, "C3");
    turn(&mut red, &mut blue, "D3");
    turn(&mut blue, &mut red, "E3");
    press(&mut red, &["u"]);
    blue.handle(Event::Shared { played: false });
    assert_eq!(blue.overlay, Some(Overlay::Ask(Question::TakeBack(Colour::Red))));
    press(&mut red, &["d"]);
    assert_eq!(status(&red, Lang::En), "Blue has yet to answer your take-back request");
    press(&mut blue, &["y"]);
    assert_ne!(status(&blue, Lang::En), Lang::En.say(&crate::i18n::text!(NET_STALE)));
    red.handle(Event::Shared { played: true });
    assert_eq!(now(&link), "3/r/C3=b1", "Red's turn and Blue's answer go back");
    assert!(status(&red, Lang::En).starts_with("Blue agreed"), "{}", status(&red, Lang::En));
}

#[test]
fn resigning_at_the_club_is_asked_of_the_player_in_their_own_person() {
    let link = link("3/b/C3=b1");
    let mut red = member(link.join(Some(Colour::Red)), 80, 24);
    press(&mut red, &["r"]);
    assert_eq!(red.overlay, Some(Overlay::Ask(Question::YouResign(Colour::Red))));
    for (lang, asked) in [
        (Lang::En, "Do you resign?"),
        (Lang::Fr, "Abandonnez-vous la partie ?"),
        (Lang::Sr, "Предајеш ли партију?"),
    ] {
        let screen = text(&red, lang);
        assert!(screen.contains(asked), "{lang:?}\n{screen}");
    }
    press(&mut red, &["y"]);
    assert_eq!(
        crate::each_game!(link.game(), record => record.end()),
        Some(crate::record::End::Resigned(Colour::Red))
    );
}

#[test]
fn a_finished_club_game_offers_only_the_keys_that_still_do_something_and_no_hint_mark() {
    let link = link("3/b/C3=b2,D3=r1");
    let mut blue = member(link.join(Some(Colour::Blue)), 80, 24);
    press(&mut blue, &["Enter", "l", "Enter"]);
    assert!(crate::each_game!(link.game(), record => record.end()).is_some(), "Blue won");
    let screen = text(&blue, Lang::En);
    let keys = screen.lines().last().unwrap();
    assert!(!keys.contains("Enter") && !keys.contains("u "), "{keys}");
    assert!(keys.contains("? keys") && keys.contains("q lobby"), "{keys}");
    press(&mut blue, &["u"]);
    assert_eq!(message(&blue), "the game is over: q goes back to the lobby", "u says why");
    press(&mut blue, &["?"]);
    let help = text(&blue, Lang::En);
    assert!(!help.contains("< >") && !help.contains("hint"), "the club gives no hints\n{help}");
    assert!(!help.contains("Enter Space"), "nothing to play\n{help}");
}

#[test]
fn a_replays_last_turn_says_how_the_game_ended() {
    let mut replay = clamber("3/b/-");
    press(&mut replay, &["Enter", "r", "y"]);
    game_mut(&mut replay).leaving = crate::app::keys::Leaving::Lobby;
    press(&mut replay, &["u"]);
    assert_eq!(message(&replay), "turn 0 of 1: Blue to move");
    let header = text(&replay, Lang::En);
    let header = header.lines().next().unwrap();
    assert!(header.contains("Red resigned: Blue wins"), "the header keeps the end: {header}");
    press(&mut replay, &["C-r"]);
    assert_eq!(message(&replay), "turn 1 of 1: Red resigned: Blue wins");
}

/// A club game of two twenty-letter names on a 5+3 clock, Blue's turn after C3 and D3.
fn long_names(seat: Option<Colour>, (width, height): (u16, u16)) -> (App, Arc<Link>) {
    use crate::clock::{Clock, TimeControl, Timepiece};
    let link = link("3/b/C3=b1,D3=r1");
    let control = TimeControl::parse("5+3").unwrap().unwrap();
    crate::each_game!(link.record(), shared => {
        shared.change(|record| record.set_clock(Some(Clock::new(control, Timepiece::fake()))))
    });
    let players = Players {
        blue: Some("aleksandar_petrovic1".to_string()),
        red: Some("marie_claire_dupont2".to_string()),
        computer: None,
    };
    let mut app = App::club_lobby(Profile::default(), Rect::new(0, 0, width, height), LobbyView::default());
    app.seat_at_club_rated(link.join(seat), &players, [Some("1512".to_string()), Some("?".to_string())]);
    (app, link)
}

#[test]
fn a_club_game_at_each_size_in_each_language() {
    for size in [(60, 20), (80, 24), (120, 40)] {
        for lang in Lang::ALL {
            let (mut red, _link) = long_names(Some(Colour::Red), size);
            let mut screens = vec![text(&red, lang)];
            press(&mut red, &["?"]);
            screens.push(text(&red, lang));
            press(&mut red, &["Esc", "r"]);
            screens.push(text(&red, lang));
            press(&mut red, &["y"]);
            screens.push(text(&red, lang));
            let name = format!("club_game_{lang:?}_{}x{}", size.0, size.1).to_lowercase();
            insta::assert_snapshot!(name, screens.join("\n"));
        }
    }
}

#[test]
fn how_a_game_between_long_names_ended_reads_whole_in_its_header_and_banner() {
    for lang in Lang::ALL {
        let (mut blue, _link) = long_names(Some(Colour::Blue), (80, 24));
        press(&mut blue, &["r", "y"]);
        let ended = lang.say(&crate::i18n::text!(STATUS_RESIGNED, Colour::Blue, Colour::Red));
        let mut chars = ended.chars();
        let ended: String = chars.next().unwrap().to_uppercase().chain(chars).collect();
        let screen = text(&blue, lang);
        let rows: Vec<&str> = screen.lines().collect();
        assert!(rows[0].contains(&ended), "{lang:?}: the header\n{screen}");
        assert!(rows[1].contains(&ended), "{lang:?}: the banner\n{screen}");
    }
}

#[test]
fn at_60x20_the_games_help_says_how_many_keys_a_taller_window_shows_and_the_panel_cuts_no_line() {
    let (mut red, _link) = long_names(Some(Colour::Red), (60, 20));
    let panel = text(&red, Lang::En);
    for whole in ["aleksandar_petrovic1", "marie_claire_dupont2", "You play Red"] {
        assert!(panel.contains(whole), "{whole}\n{panel}");
    }
    press(&mut red, &["?"]);
    let help = text(&red, Lang::En);
    assert!(help.contains("q back to the lobby") || help.contains("more: a taller window"), "{help}");
}

#[test]
fn serbian_names_the_one_asked_in_the_nominative() {
    let link = link("3/b/-");
    let mut blue = member(link.join(Some(Colour::Blue)), 80, 24);
    click(&mut blue, "C3");
    press(&mut blue, &["u"]);
    assert_eq!(status(&blue, Lang::Sr), "тражиш да вратиш свој последњи потез; одговара Црвени");
    let mut red = member(link.join(Some(Colour::Red)), 80, 24);
    red.overlay = None;
    link.answer(crate::app::link::Proposal::Undo(Colour::Blue), false, false);
    press(&mut red, &["d"]);
    assert_eq!(status(&red, Lang::Sr), "нудиш нерешено; одговара Плави");
}
