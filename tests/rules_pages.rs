//! The rules screens: every example on the pages is a real position and every move shown is
//! legal there, every text exists in every language, and the pages look as they should.

mod common;

use common::*;
use hexstack::app::rules::{Book, Diagram, RulesOf, Scene};
use hexstack::app::{App, Screen};
use hexstack::i18n::{self, Lang};
use hexstack::rules::Game;
use ratatui::layout::Rect;

/// Plays `turn` in `position`, and checks what follows is what the page shows next.
fn check_turn<G: Game>(position: G, turn: &str, next: Option<G>, page: &str) {
    let parsed: G::Turn = turn.parse().unwrap_or_else(|_| panic!("{page}: {turn} does not parse"));
    let Ok(after) = position.play(&parsed) else { panic!("{page}: {turn} is illegal in {position}") };
    if let Some(next) = next {
        // In the middle of a chain the next scene keeps the same player to move.
        assert!(
            next == after || next == after.skipped(),
            "{page}: after {turn} comes {after}, the page shows {next}"
        );
    }
}

fn check_book(of: RulesOf) {
    for page in of.pages() {
        for (n, scene) in page.scenes.iter().enumerate() {
            let diagram = scene.diagram(of).unwrap_or_else(|e| panic!("{}: {e}", page.name));
            let next = page.scenes.get(n + 1).map(|s: &Scene| s.diagram(of).unwrap());
            if let Some(turn) = scene.turn {
                match (diagram, next) {
                    (Diagram::Clamber(p), Some(Diagram::Clamber(q))) => {
                        check_turn(p, turn, Some(q), page.name)
                    }
                    (Diagram::Clamber(p), None) => check_turn(p, turn, None, page.name),
                    (Diagram::Ombagui(p), Some(Diagram::Ombagui(q))) => {
                        check_turn(p, turn, Some(q), page.name)
                    }
                    (Diagram::Ombagui(p), None) => check_turn(p, turn, None, page.name),
                    _ => panic!("{}: scenes of two games", page.name),
                }
            }
            let lit = diagram.lit(scene.shows);
            assert!(!scene.shows.is_empty() || lit == Default::default());
        }
    }
}

#[test]
fn every_example_is_a_legal_position_and_every_move_shown_is_legal() {
    check_book(RulesOf::Clamber);
    check_book(RulesOf::Ombagui);
}

#[test]
fn every_page_has_its_texts_in_every_language() {
    for lang in Lang::ALL {
        let texts = lang.texts();
        for of in [RulesOf::Clamber, RulesOf::Ombagui] {
            for page in of.pages() {
                let key = |what: &str| format!("rules.{}.{}.{what}", of.key(), page.name);
                for what in ["title", "text"]
                    .into_iter()
                    .map(String::from)
                    .chain((1..=page.scenes.len()).map(|n| n.to_string()))
                {
                    assert!(texts.contains_key(key(&what).as_str()), "{lang:?} lacks {}", key(&what));
                }
            }
        }
    }
}

#[test]
fn every_text_key_in_the_code_exists_in_english() {
    let english = Lang::En.texts();
    let mut missing = Vec::new();
    for dir in ["src", "src/app", "src/ui"] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            // i18n.rs defines the macro (its docs show a made-up key).
            if path.extension().is_none_or(|ext| ext != "rs") || path.ends_with("i18n.rs") {
                continue;
            }
            let source = std::fs::read_to_string(&path).unwrap();
            for (n, _) in source.match_indices("t!(\"") {
                // `t!`, not the end of `format!`.
                if source[..n].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let rest = &source[n + 4..];
                let key = &rest[..rest.find('"').unwrap()];
                if !english.contains_key(key) {
                    missing.push(format!("{}: {key}", path.display()));
                }
            }
        }
    }
    assert!(missing.is_empty(), "{missing:?}");
}

fn book_screen(of: RulesOf, page: &str, scene: usize, lang: Lang) -> String {
    i18n::set(lang);
    let page = of.pages().iter().position(|p| p.name == page).unwrap();
    let book = Book { of, page, scene, contents: None };
    let mut app = App::rules(of, Rect::new(0, 0, 90, 26));
    app.screen = Screen::Rules(book);
    let screen = render(&app).backend().to_string();
    i18n::set(Lang::En);
    screen
}

#[test]
fn a_page_of_each_game_in_each_language() {
    for (lang, code) in [(Lang::En, "en"), (Lang::Fr, "fr"), (Lang::Sr, "sr")] {
        insta::assert_snapshot!(
            format!("clamber_lower_{code}"),
            book_screen(RulesOf::Clamber, "lower", 0, lang)
        );
        insta::assert_snapshot!(
            format!("ombagui_jumps_{code}"),
            book_screen(RulesOf::Ombagui, "jumps", 0, lang)
        );
    }
}

#[test]
fn the_group_page_and_the_chain_step_by_step() {
    insta::assert_snapshot!("groups_1", book_screen(RulesOf::Clamber, "groups", 0, Lang::En));
    insta::assert_snapshot!("groups_2", book_screen(RulesOf::Clamber, "groups", 1, Lang::En));
    for step in 0..3 {
        insta::assert_snapshot!(
            format!("chain_{}", step + 1),
            book_screen(RulesOf::Clamber, "equal", step, Lang::En)
        );
    }
}

#[test]
fn pages_turn_and_the_contents_jump() {
    let mut app = App::rules(RulesOf::Clamber, AREA);
    press(&mut app, &["Right", "Right", "Left"]);
    let Screen::Rules(book) = &app.screen else { panic!() };
    assert_eq!(book.page, 1);
    press(&mut app, &["t", "Down", "Down", "Down", "Enter"]);
    let Screen::Rules(book) = &app.screen else { panic!() };
    assert_eq!((book.page, book.scene, book.contents), (4, 0, None));
    press(&mut app, &[" "]);
    let Screen::Rules(book) = &app.screen else { panic!() };
    assert_eq!(book.scene, 1);
    press(&mut app, &["q"]);
    assert!(matches!(app.screen, Screen::Menu(_)));
}

#[test]
fn try_it_opens_the_example_and_m_comes_back_to_the_page() {
    let mut app = App::rules(RulesOf::Clamber, AREA);
    let equal = RulesOf::Clamber.pages().iter().position(|p| p.name == "equal").unwrap();
    for _ in 0..equal {
        press(&mut app, &["Right"]);
    }
    press(&mut app, &["p"]);
    assert_eq!(position(&app), "3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3");
    click(&mut app, "B2");
    click(&mut app, "C4");
    click(&mut app, "E5");
    assert_eq!(position(&app), "3/r/B2=b2,B3=r1,C4=b3,D5=r1,E5=b4");
    press(&mut app, &["m"]);
    let Screen::Rules(book) = &app.screen else { panic!("back on the rules") };
    assert_eq!(book.page, equal);
}

#[test]
fn the_whole_interface_speaks_each_language() {
    i18n::set(Lang::Fr);
    let mut app = clamber("start");
    press(&mut app, &["Enter"]);
    assert_eq!(game(&app).table.message.text(), "Bleu a joué C3. Rouge joue");
    let screen = render(&app).backend().to_string();
    assert!(screen.contains("Rouge joue"), "{screen}");
    i18n::set(Lang::Sr);
    let menu = render(&App::new(AREA)).backend().to_string();
    assert!(menu.contains("Настави последњу партију"), "{menu}");
    i18n::set(Lang::En);
}

#[test]
fn the_hint_lines_fit_80_columns_in_every_language() {
    for lang in Lang::ALL {
        i18n::set(lang);
        let hints = hexstack::app::keys::hints();
        assert!(hints.chars().count() <= 80, "{lang:?}: {hints}");
        for key in ["menu.hints", "rules.hints", "banner.keys", "banner.keys_try"] {
            assert!(i18n::text(key).chars().count() <= 80, "{lang:?} {key}");
        }
    }
    i18n::set(Lang::En);
}
