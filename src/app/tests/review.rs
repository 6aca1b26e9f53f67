//! The review of a game with the computer, as a player meets it: opened from a finished
//! game, the blunder found with the jump key, tried again, kept with the game.

use crate::ai::Level;
use crate::ai::review::Class;
use crate::app::Profile;
use crate::app::keys::Context;
use crate::app::review::{AnyReviewScreen, Reviewing};
use crate::app::{App, Leave, Screen};
use crate::i18n::Lang;
use crate::rules::{Any, clamber, ombagui};
use crate::testing::*;
use std::time::Duration;

/// Levels 1 and 2 look a fixed depth ahead: the review is the same on any machine.
const LEVEL: Level = Level::ALL[1];

const PATIENCE: Duration = Duration::from_secs(60);

fn review(app: &App) -> &AnyReviewScreen {
    match &app.screen {
        Screen::Review(review) => review,
        _ => panic!("not a review"),
    }
}

fn clamber_review(app: &App) -> &Reviewing<clamber::Position> {
    match review(app) {
        Any::Clamber(screen) => &screen.review,
        _ => panic!("not a Clamber review"),
    }
}

fn ombagui_review(app: &App) -> &Reviewing<ombagui::Position> {
    match review(app) {
        Any::Ombagui(screen) => &screen.review,
        _ => panic!("not an Ombagui review"),
    }
}

/// The review is done, and so are the puzzles it makes of the players' mistakes (its
/// title line offers them).
fn done(app: &App) -> bool {
    looked(app) && crate::each_game!(review(app), screen => screen.own_puzzles.found.is_some())
}

/// Everything the review needs is looked at.
fn looked(app: &App) -> bool {
    crate::each_game!(review(app), screen => screen.review.done())
}

fn message(app: &App) -> String {
    message_in(app, Lang::En)
}

fn message_in(app: &App, lang: Lang) -> String {
    let message = crate::each_game!(review(app), screen => screen.review.status.message().clone());
    let context = app.context();
    let keys = |action: &str| crate::app::keys::KeyTable::default().key_for(context, action, lang);
    message.text().map(|text| lang.say_with(text, &keys)).unwrap_or_default()
}

fn screen(app: &App) -> String {
    render(app).backend().to_string()
}

fn screen_in(app: &App, lang: Lang) -> String {
    render_in(app, lang).backend().to_string()
}

/// Blue places beside its only stack, and Red's capture takes both: a game lost in two
/// turns, then reviewed at [`LEVEL`].
fn lost_game() -> App {
    let mut app = clamber("3/b/C4=r1,E4=b1");
    for turn in ["D4", "C4xD4"] {
        assert!(game_mut(&mut app).table.commit(turn.parse().unwrap()));
    }
    assert!(game(&app).table.end().is_some());
    app
}

#[test]
fn a_blunder_is_found_with_the_jump_key_tried_again_and_the_better_turn_found() {
    let wakes = awake();
    let mut app = lost_game();
    // The end banner's key opens the review; q leaves it at once, back to the game.
    press(&mut app, &["v"]);
    assert_eq!(app.context(), Context::Review);
    press(&mut app, &["q"]);
    assert!(app.screen.game().is_some(), "back to the game");
    let mut app = app.reviewing(Some(LEVEL), Leave::Game);
    assert!(run_until(&mut app, &wakes, PATIENCE, done), "the review ends");
    press(&mut app, &["End", "n"]);
    assert_eq!(message(&app), "No more marked turns that way");
    press(&mut app, &["Home", "l", "p"]);
    let judged = clamber_review(&app).judged_at().cloned().expect("judged");
    assert_eq!((clamber_review(&app).at, judged.class), (0, Class::Blunder));
    let better = judged.better.clone().expect("a better turn");
    assert!(message(&app).starts_with("Blue's D4 ?? left Blue 0 %"), "{}", message(&app));
    assert!(
        message(&app).contains(&format!("the better turn {better} would have kept")),
        "{}",
        message(&app)
    );
    insta::assert_snapshot!("a_blunder_in_review", screen(&app));

    // Tried again: the same turn is worse, the computer's own is well found.
    press(&mut app, &["t"]);
    assert_eq!(app.context(), Context::Retry);
    press(&mut app, &["Enter"]);
    assert!(run_until(&mut app, &wakes, PATIENCE, |app| message(app).contains("keeps")));
    assert!(message(&app).starts_with("D4 keeps 0 % (Red answers C4x"), "{}", message(&app));
    assert_eq!(app.context(), Context::Tried);
    insta::assert_snapshot!("a_turn_tried_again", screen(&app));
    press(&mut app, &["t"]);
    let Screen::Review(review) = &mut app.screen else { unreachable!() };
    let Any::Clamber(screen) = review.as_mut() else { unreachable!() };
    let trial = screen.review.trial.as_mut().expect("a trial");
    let cell = <clamber::Position as crate::app::table::Input>::turn_cells(&better)[0];
    trial.table.point_at(cell);
    press(&mut app, &["Enter"]);
    assert_eq!(message(&app), format!("{better} is the computer's turn too: well found. q: back"));
    press(&mut app, &["?"]);
    assert_eq!(app.overlay, Some(crate::app::Overlay::Help), "the help, in a trial too");
    press(&mut app, &["Esc", "q"]);
    assert_eq!(app.context(), Context::Review, "back to the review, the better turn marked");
}

#[test]
fn leaving_a_review_goes_back_where_it_was_opened_from() {
    let wakes = awake();
    let mut menu = lost_game().reviewing(Some(LEVEL), Leave::Menu);
    press(&mut menu, &["q"]);
    assert!(matches!(menu.screen, Screen::Menu(_)) && !menu.quit);
    let mut command = lost_game().reviewing(Some(LEVEL), Leave::Quit);
    press(&mut command, &["q"]);
    assert!(command.quit, "hexstack review FILE: q ends the program");
    // Asked for the next mark while the computer still looks: it says so.
    let mut early = lost_game().reviewing(Some(Level::ALL[4]), Leave::Game);
    press(&mut early, &["End", "n"]);
    assert_eq!(message(&early), "The computer is still looking: more marks may come");
    drop(wakes);
}

#[test]
fn a_missed_finishing_move_in_ombagui_is_a_blunder_in_french_too() {
    let wakes = awake();
    let start = "r/D7=rL.rM.rD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM,D4=rD,\
                 A1=bL.bM.bD,B1=bL.bM.bD,C1=bL.bM.bD,D1=bL.bM,D3=bD";
    let mut app = ombagui(start);
    for turn in ["D4-D5", "D3-D1"] {
        let Some(Any::Ombagui(game)) = app.game_screen() else { unreachable!() };
        assert!(game.table.commit(turn.parse().unwrap()));
    }
    let mut app = app.reviewing(Some(LEVEL), Leave::Game);
    assert!(run_until(&mut app, &wakes, PATIENCE, done));
    // The review opens on the first turn: the marked one here.
    let judged = ombagui_review(&app).judged_at().cloned().expect("judged");
    assert_eq!(
        (judged.class, judged.better.map(|turn| turn.to_string())),
        (Class::Blunder, Some("D4-G7".into()))
    );
    assert_eq!(
        message_in(&app, Lang::Fr),
        "D4-D5 de Rouge ?? laisse Rouge à 0 % ; mieux : D4-G7 aurait gardé 100 %"
    );
    insta::assert_snapshot!("a_missed_finish_in_review_fr", screen_in(&app, Lang::Fr));
}

#[test]
fn the_review_is_kept_with_the_game_and_opens_again_at_once() {
    let wakes = awake();
    let mut app = lost_game().reviewing(Some(LEVEL), Leave::Game);
    assert!(run_until(&mut app, &wakes, PATIENCE, done));
    let text = app.kept_game().expect("the game under the review").record("");
    assert!(text.contains("\nreview: 2 exact\n"), "{text}");
    // Read back, its review is all there: nothing left to look at, nothing waited for.
    let saved = crate::saved::read(&text).unwrap();
    let again = App::loaded(Profile::default(), saved, AREA).reviewing(None, Leave::Game);
    assert!(looked(&again), "instant");
    assert_eq!(clamber_review(&again).level, LEVEL, "at the level it was made at");
    let classes = |app: &App| {
        let judged = clamber_review(app).judged.iter().flatten();
        judged.map(|turn| (turn.class, turn.better.clone())).collect::<Vec<_>>()
    };
    assert_eq!(classes(&again), classes(&app));
    // The replay of the reviewed game shows the graph.
    let mut replay = again;
    press(&mut replay, &["q"]);
    assert!(screen(&replay).contains("Blue's chance"), "{}", screen(&replay));
    press(&mut replay, &["Home"]);
    insta::assert_snapshot!("a_reviewed_game_s_replay", screen(&replay));
}

#[test]
fn a_review_in_serbian_and_on_a_small_terminal() {
    let wakes = awake();
    let mut app = lost_game().reviewing(Some(LEVEL), Leave::Game);
    assert!(run_until(&mut app, &wakes, PATIENCE, done));
    insta::assert_snapshot!("a_review_sr", screen_in(&app, Lang::Sr));
    app.area = ratatui::layout::Rect::new(0, 0, 40, 12);
    assert!(screen(&app).contains("too small"), "{}", screen(&app));
}

#[test]
fn nothing_to_review_before_a_turn_is_played() {
    let mut app = clamber("start");
    press(&mut app, &["v"]);
    assert!(app.screen.game().is_some());
    assert_eq!(crate::testing::message(&app), "No turn played yet: nothing to review");
}

#[test]
fn the_review_s_help_says_what_its_marks_and_signs_mean() {
    let wakes = awake();
    let mut app = lost_game().reviewing(Some(LEVEL), Leave::Game);
    assert!(run_until(&mut app, &wakes, PATIENCE, done));
    press(&mut app, &["?"]);
    insta::assert_snapshot!("the_review_s_help", screen(&app));
    press(&mut app, &["Esc"]);
    assert_eq!(app.overlay, None);
    assert_eq!(app.context(), Context::Review);
}

#[test]
fn a_click_on_the_graph_or_the_list_puts_that_turn_on_view() {
    use crate::app::layout::{Areas, ReviewPanel};
    let wakes = awake();
    let mut app = lost_game().reviewing(Some(LEVEL), Leave::Game);
    assert!(run_until(&mut app, &wakes, PATIENCE, done));
    let panel = ReviewPanel::new(Areas::split(AREA).panel);
    click_at(&mut app, (panel.list.x + 2, panel.list.y + 1));
    assert_eq!(clamber_review(&app).at, 1, "the list's second line: the second turn");
    let plot = panel.plot();
    click_at(&mut app, (plot.right() - 1, plot.y + 2));
    assert_eq!(clamber_review(&app).at, 2, "the graph's right end: the last position");
    click_at(&mut app, (plot.x, plot.y));
    assert_eq!(clamber_review(&app).at, 0);
    click_at(&mut app, (panel.list.x + 2, panel.list.bottom() - 1));
    assert_eq!(clamber_review(&app).at, 0, "no turn on that line: nothing changes");
}

/// A 12-turn game Blue lost to level 3 (played by `hexstack engine`).
const LOST_TO_LEVEL_3: [&str; 12] =
    ["C2", "B4", "A1", "D4", "C4", "B4xC4", "A3", "B4xA3", "B3", "A3xB3", "B2", "B3xB2"];

fn lost_to_level_3() -> App {
    let mut app = clamber("start");
    for turn in LOST_TO_LEVEL_3 {
        assert!(game_mut(&mut app).table.commit(turn.parse().unwrap()), "{turn}");
    }
    app
}

/// A review is the same fresh, kept by the screen and read back, on one thread
/// or two; the kept one is not looked at again.
#[test]
fn a_kept_review_reopens_the_same_as_a_fresh_one_on_any_number_of_threads() {
    use crate::text_commands::review_text;
    let wakes = awake();
    let fresh = crate::saved::read(&lost_to_level_3().kept_game().unwrap().record("")).unwrap();
    assert!(fresh.review.is_none());
    let text = review_text(&fresh, Some(LEVEL), 1);
    assert_eq!(review_text(&fresh, Some(LEVEL), 2), text, "two threads, the same review");
    let mut app = lost_to_level_3().reviewing(Some(LEVEL), Leave::Game);
    assert!(run_until(&mut app, &wakes, PATIENCE, done));
    let kept = crate::saved::read(&app.kept_game().unwrap().record("")).unwrap();
    let again = App::loaded(Profile::default(), kept.clone(), AREA).reviewing(None, Leave::Game);
    assert!(looked(&again), "nothing left to look at: no search");
    assert_eq!(review_text(&kept, None, 1), text, "the kept review, at its own level");
    let marks = |app: &App| {
        let judged = clamber_review(app).judged.iter().flatten();
        judged.map(|turn| (turn.class, turn.loss.to_bits())).collect::<Vec<_>>()
    };
    assert_eq!(marks(&again), marks(&app), "reopened on the screen, the same marks");
}

/// The player's puzzles are made with a fresh review; a kept one was made
/// on the review screen, which made them as it showed it, so `review --text` reads it back
/// and is done at once, without looking for them again.
#[test]
fn a_kept_review_is_not_searched_again_for_the_players_puzzles() {
    let wakes = awake();
    let puzzles = |game, level| {
        let level = crate::text_commands::review_level(game, level, Level::REVIEW);
        crate::text_commands::review_text_and_puzzles(game, (level, 2), Some("lost"), &mut |_| {})
    };
    let fresh = crate::saved::read(&lost_game().kept_game().unwrap().record("")).unwrap();
    assert!(!puzzles(&fresh, Some(LEVEL)).is_empty(), "the blunder, fresh");
    let mut app = lost_game().reviewing(Some(LEVEL), Leave::Game);
    assert!(run_until(&mut app, &wakes, PATIENCE, done));
    let kept = crate::saved::read(&app.kept_game().unwrap().record("")).unwrap();
    assert!(puzzles(&kept, None).is_empty(), "none looked for again");
}

/// A review asked for at another level than the kept one says it is a new one,
/// and the kept one stays until it is done; `--text` without a level takes the kept one's.
#[test]
fn a_review_at_another_level_says_so_and_keeps_the_kept_one_until_done() {
    let wakes = awake();
    let mut app = lost_game().reviewing(Some(LEVEL), Leave::Game);
    assert!(run_until(&mut app, &wakes, PATIENCE, done));
    let kept = crate::saved::read(&app.kept_game().unwrap().record("")).unwrap();
    assert_eq!(crate::text_commands::review_level(&kept, None, Level::REVIEW), LEVEL);
    let other = Level::ALL[0];
    let mut app = App::loaded(Profile::default(), kept, AREA).reviewing(Some(other), Leave::Game);
    assert_eq!(
        message(&app),
        "A new review at level 1: the kept one, at level 2, stays until this one is done"
    );
    for lang in [Lang::Fr, Lang::Sr] {
        insta::assert_snapshot!(format!("a_new_review_at_another_level_{lang:?}"), message_in(&app, lang));
    }
    assert!(app.kept_game().unwrap().record("").contains("review: 2 exact"), "kept while under way");
    assert!(run_until(&mut app, &wakes, PATIENCE, done));
    assert!(app.kept_game().unwrap().record("").contains("review: 1 exact"), "replaced once done");
}

/// At the end the list shows the last turns; a wide terminal widens the graph.
#[test]
fn on_the_end_the_list_shows_the_last_turns_and_a_wide_graph_uses_the_room() {
    use crate::app::layout::{GameLayout, ReviewPanel};
    let wakes = awake();
    let mut app = lost_to_level_3().reviewing(Some(LEVEL), Leave::Game);
    assert!(run_until(&mut app, &wakes, PATIENCE, done));
    press(&mut app, &["End"]);
    let shown = screen(&app);
    assert!(shown.contains("12 R B3xB2") && !shown.contains("  1 B C2"), "{shown}");
    app.area = ratatui::layout::Rect::new(0, 0, 120, 40);
    let board = crate::rules::hex::Board::SIDE_3;
    let layout = GameLayout::fit_review(board, 1, app.area).unwrap();
    assert!(ReviewPanel::new(layout.areas.panel).graph.width > 36, "{:?}", layout.areas.panel);
    insta::assert_snapshot!("a_review_at_120x40", screen(&app));
}

/// The sentence a review opens on has every value filled, in three
/// languages.
#[test]
fn a_review_s_opening_sentence_has_no_placeholder_left_in_three_languages() {
    let wakes = awake();
    let mut app = lost_to_level_3().reviewing(Some(LEVEL), Leave::Game);
    assert!(run_until(&mut app, &wakes, PATIENCE, done));
    for lang in Lang::ALL {
        let said = message_in(&app, lang);
        assert!(said.contains("C2") && !said.contains(['{', '}']), "{lang:?}: {said}");
        insta::assert_snapshot!(format!("a_review_s_opening_sentence_{lang:?}"), said);
    }
}
