//! The rules screens: every example on the pages is a real position and every move shown is
//! legal there, every text exists in every language, and the pages look as they should.

mod common;

use common::*;
use hexstack::app::keys::{self, Context};
use hexstack::app::pages::{Scene, pages};
use hexstack::app::rules::Book;
use hexstack::app::{App, Screen};
use hexstack::i18n::{self, Lang};
use hexstack::rules::{ByGame, Game, GameKind};
use ratatui::layout::Rect;
use ratatui::text::Line;

/// Plays `turn` in `position`, and checks what follows is what the page shows next.
fn check_turn<G: Game>(position: G, turn: &str, next: Option<G>, page: &str) {
    let parsed: G::Turn = turn.parse().unwrap_or_else(|_| panic!("{page}: {turn} does not parse"));
    let Ok(after) = position.play(&parsed) else { panic!("{page}: {turn} is illegal in {position}") };
    if let Some(next) = next {
        // In the middle of a chain the next scene keeps the same player to move. Compared
        // in notation: a position read from text is never won, one after a winning capture is.
        let same = |a: G, b: G| a.to_string() == b.to_string();
        assert!(
            same(next, after) || same(next, after.skipped()),
            "{page}: after {turn} comes {after}, the page shows {next}"
        );
    }
}

fn check_book(game: GameKind) {
    for page in pages(game) {
        for (n, scene) in page.scenes.iter().enumerate() {
            let position = scene.position(game).unwrap_or_else(|e| panic!("{}: {e}", page.name));
            let next = page.scenes.get(n + 1).map(|s: &Scene| s.position(game).unwrap());
            if let Some(turn) = scene.turn {
                match (position, next) {
                    (ByGame::Clamber(p), Some(ByGame::Clamber(q))) => check_turn(p, turn, Some(q), page.name),
                    (ByGame::Clamber(p), None) => check_turn(p, turn, None, page.name),
                    (ByGame::Ombagui(p), Some(ByGame::Ombagui(q))) => check_turn(p, turn, Some(q), page.name),
                    (ByGame::Ombagui(p), None) => check_turn(p, turn, None, page.name),
                    _ => panic!("{}: scenes of two games", page.name),
                }
            }
            // A chain under way: its captures so far, made from its start, give the scene.
            if let Some((start, so_far)) = scene.chain {
                let start: hexstack::rules::clamber::Position = start.parse().unwrap();
                let after = start.play(&so_far.parse().unwrap()).unwrap();
                assert_eq!(after.skipped().to_string(), scene.position, "{}: {so_far}", page.name);
            }
            // Every highlight a scene asks for lights something: a page that promises a
            // group, a target or a removed stack and shows none is wrong.
            for show in scene.shows {
                let alone = Scene { shows: std::slice::from_ref(show), ..*scene };
                assert!(
                    !alone.lit(&position).is_empty(),
                    "{} scene {}: {show:?} lights nothing",
                    page.name,
                    n + 1
                );
            }
            assert_eq!(scene.shows.is_empty(), scene.lit(&position).is_empty());
        }
    }
}

#[test]
fn every_example_is_a_legal_position_and_every_move_shown_is_legal() {
    check_book(GameKind::Clamber);
    check_book(GameKind::Ombagui);
}

#[test]
fn every_page_has_its_texts_in_every_language() {
    for lang in Lang::ALL {
        let texts = lang.texts();
        for game in GameKind::ALL {
            for page in pages(game) {
                let key = |what: &str| Book::new(game).text_key(page, what);
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
    for binding in keys::KEYS {
        let words = std::iter::once(binding.what).chain(binding.hint.map(|(_, word)| word));
        missing.extend(words.filter(|key| !english.contains_key(key)).map(|key| format!("key table: {key}")));
    }
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

fn book_screen(game: GameKind, page: &str, scene: usize, lang: Lang) -> String {
    i18n::set(lang);
    let page = pages(game).iter().position(|p| p.name == page).unwrap();
    let book = Book { game, page, scene, contents: None };
    let mut app = App::rules(game, Rect::new(0, 0, 90, 26));
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
            book_screen(GameKind::Clamber, "lower", 0, lang)
        );
        insta::assert_snapshot!(
            format!("ombagui_jumps_{code}"),
            book_screen(GameKind::Ombagui, "jumps", 0, lang)
        );
    }
}

#[test]
fn the_group_page_and_the_chain_step_by_step() {
    insta::assert_snapshot!("groups_1", book_screen(GameKind::Clamber, "groups", 0, Lang::En));
    insta::assert_snapshot!("groups_2", book_screen(GameKind::Clamber, "groups", 1, Lang::En));
    for step in 0..3 {
        insta::assert_snapshot!(
            format!("chain_{}", step + 1),
            book_screen(GameKind::Clamber, "equal", step, Lang::En)
        );
    }
}

#[test]
fn pages_turn_and_the_contents_jump() {
    let mut app = App::rules(GameKind::Clamber, AREA);
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
    let mut app = App::rules(GameKind::Clamber, AREA);
    let equal = pages(GameKind::Clamber).iter().position(|p| p.name == "equal").unwrap();
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
    assert_eq!(game(&app).message.text(), "Bleu a joué C3. Rouge joue");
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
        for context in Context::ALL {
            let hints = keys::hints(context);
            assert!(Line::raw(hints.as_str()).width() <= 80, "{lang:?}: {hints}");
        }
        for key in ["banner.keys", "banner.keys_try"] {
            assert!(i18n::text(key).chars().count() <= 80, "{lang:?} {key}");
        }
    }
    i18n::set(Lang::En);
}

/// The rules book open on `page` of `game`, at `scene`.
fn book_at(game: GameKind, page: &str, scene: usize) -> App {
    let mut app = App::rules(game, AREA);
    let page = pages(game).iter().position(|p| p.name == page).unwrap();
    app.screen = Screen::Rules(Book { game, page, scene, contents: None });
    app
}

#[test]
fn a_tried_example_says_so_and_q_or_esc_goes_back_to_its_page() {
    let mut app = book_at(GameKind::Clamber, "lower", 0);
    press(&mut app, &["p"]);
    let screen = render(&app).backend().to_string();
    assert!(screen.contains("Trying an example · Clamber"), "{screen}");
    assert!(screen.contains("? keys · q back"), "the footer names the way back: {screen}");
    press(&mut app, &["q"]);
    assert!(!app.quit, "q does not quit the program from a tried example");
    assert!(matches!(&app.screen, Screen::Rules(book) if book.page == 5));
    // Esc drops a selection first, then goes back.
    press(&mut app, &["p", "Enter"]);
    assert!(game(&app).selection.is_some(), "C3 selected");
    press(&mut app, &["Esc"]);
    assert!(app.screen.game().is_some(), "the first Esc only drops the selection");
    press(&mut app, &["Esc"]);
    assert!(matches!(&app.screen, Screen::Rules(book) if book.page == 5));
}

#[test]
fn trying_the_middle_of_a_chain_continues_it() {
    let mut app = book_at(GameKind::Clamber, "equal", 1);
    press(&mut app, &["p"]);
    let chain = game(&app).selection.clone().expect("the chain is under way");
    assert_eq!((chain.from.to_string(), chain.captured.len()), ("B2".to_string(), 1));
    // From C4 only equal captures go on: the lower D5 is not lit.
    assert_eq!(names(&app, lit(&app).equal), ["E4", "E5"]);
    assert!(lit(&app).targets.is_empty());
    click(&mut app, "E5");
    assert_eq!(position(&app), "3/r/B2=b2,B3=r1,C4=b3,D5=r1,E5=b4");
    assert_eq!(game(&app).read(|session| session.last_turn().unwrap().to_string()), "B2xC4xE5");
    // q goes back to the page even with a chain under way.
    let mut app = book_at(GameKind::Clamber, "equal", 1);
    press(&mut app, &["p", "q"]);
    assert!(matches!(&app.screen, Screen::Rules(book) if book.page == 6 && book.scene == 1));
}

#[test]
fn the_panel_legend_keeps_long_words_whole() {
    i18n::set(Lang::Fr);
    let shown = render(&clamber("start")).backend().to_string();
    i18n::set(Lang::En);
    assert!(shown.contains(": : sous-groupe"), "{shown}");
}

#[test]
fn the_pages_say_a_dark_may_bend_back_beside_its_start_and_the_board_agrees() {
    // The dark's scene lights D3, beside its start D4, reached by D4-E5-E4-D3.
    let page = pages(GameKind::Ombagui).iter().find(|p| p.name == "moves").unwrap();
    let scene = &page.scenes[2];
    let position = scene.position(GameKind::Ombagui).unwrap();
    let lit = scene.lit(&position);
    let d3 = hexstack::rules::ombagui::BOARD.index("D3".parse().unwrap()).unwrap();
    assert!(lit.targets.contains(d3));
    for lang in Lang::ALL {
        for key in ["rules.ombagui.moves.3", "rules.ombagui.choices.text"] {
            assert!(lang.texts()[key].contains("D4-E5-E4-D3"), "{lang:?} {key}");
        }
    }
}

#[test]
fn every_page_fits_80x24_whole_in_every_language() {
    let mut lost = Vec::new();
    for lang in Lang::ALL {
        i18n::set(lang);
        for game in GameKind::ALL {
            for (page, content) in pages(game).iter().enumerate() {
                for scene in 0..content.scenes.len() {
                    let book = Book { game, page, scene, contents: None };
                    if !hexstack::ui::rules_page_fits(&book, AREA) {
                        lost.push(format!("{lang:?} {} page {} scene {}", game.name(), page + 1, scene + 1));
                    }
                }
            }
        }
    }
    i18n::set(Lang::En);
    assert!(lost.is_empty(), "text runs past the bottom: {lost:#?}");
}

#[test]
fn french_and_serbian_follow_the_seeds_words() {
    for (key, text) in Lang::Fr.texts() {
        for wrong in
            ["capture plus basse", "captures plus basses", "capture égale", "captures égales", "au {0} sur"]
        {
            assert!(!text.contains(wrong), "fr {key}: '{wrong}' in {text}");
        }
        if key.contains("ombagui") || key.contains("selected") {
            assert!(
                !text.contains(" pris") && !text.starts_with("pris"),
                "fr {key}: a picked-up piece is not taken: {text}"
            );
        }
    }
    assert_eq!(Lang::Fr.texts()["rules.clamber.lower.title"], "Capture d'une pile plus basse");
    assert!(Lang::Fr.texts()["rules.clamber.equal.title"].contains("hauteur égale"));
    for (key, text) in Lang::Sr.texts() {
        // The seed's piece is a шашка; a board has поља по страни; a rules page is a страна.
        assert!(!text.contains("жетон") && !text.contains("страниц"), "sr {key}: {text}");
        assert!(
            !text.contains("заробљавање једнаке") && !text.contains("заробљавањем једнаке"),
            "sr {key}: {text}"
        );
    }
    assert!(Lang::Sr.texts()["rules.clamber.groups.text"].starts_with("Групу чине"));
    assert_eq!(Lang::Sr.texts()["note.clamber_stack"], "b3: плава гомила висине 3");
}
