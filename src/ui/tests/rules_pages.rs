//! The rules screens: every example on the pages is a real position and every move shown is
//! legal there, every text exists in every language, and the pages look as they should.

use crate::app::Profile;
use crate::app::keys::{self, Context};
use crate::app::pages::{Page, Scene};
use crate::app::rules::{Book, pages};
use crate::app::{App, Screen};
use crate::i18n::Lang;
use crate::rules::{Game, GameKind};
use crate::testing::*;
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

/// A page's name, for the messages: its title's key.
fn name(page: &Page) -> &'static str {
    page.title.name()
}

/// The page of `game` whose title's key holds `name` (`lower`).
fn page_named(game: GameKind, name: &str) -> usize {
    let key = format!(".rules.{name}.title");
    pages(game).iter().position(|page| page.title.name().ends_with(&key)).unwrap()
}

fn check_book(game: GameKind) {
    for page in pages(game) {
        for (n, scene) in page.scenes.iter().enumerate() {
            let position = scene.position(game).unwrap_or_else(|e| panic!("{}: {e}", name(page)));
            let next = page.scenes.get(n + 1).map(|s: &Scene| s.position(game).unwrap());
            if let Some(turn) = scene.turn {
                crate::each_game!(position, p, G => {
                    let next = next.map(|next| {
                        let text = next.to_string();
                        text.parse::<G>().unwrap_or_else(|_| panic!("{}: scenes of two games", name(page)))
                    });
                    check_turn(p, turn, next, name(page))
                });
            }
            // A turn under way: what was played of it, made from its start, gives the scene.
            if let Some((start, so_far)) = scene.under_way {
                let start = game.position(start, None).unwrap();
                let after = crate::each_game!(start, p, G => {
                    let so_far: <G as Game>::Turn = so_far.parse().unwrap();
                    Game::play(&p, &so_far).unwrap().skipped().to_string()
                });
                assert_eq!(after, scene.position, "{}: {so_far}", name(page));
            }
            // Every highlight a scene asks for lights something: a page that promises a
            // group, a target or a removed stack and shows none is wrong.
            for show in scene.shows {
                let alone = Scene { shows: std::slice::from_ref(show), ..*scene };
                assert!(
                    !alone.lit(&position).is_empty(),
                    "{} scene {}: {show:?} lights nothing",
                    name(page),
                    n + 1
                );
            }
            assert_eq!(scene.shows.is_empty(), scene.lit(&position).is_empty());
        }
    }
}

#[test]
fn every_example_is_a_legal_position_and_every_move_shown_is_legal() {
    GameKind::ALL.iter().for_each(|&game| check_book(game));
}

#[test]
fn every_page_has_its_texts_in_every_language() {
    for lang in Lang::ALL {
        let texts = lang.texts();
        for &game in GameKind::ALL {
            for page in pages(game) {
                let keys = [page.title, page.text].into_iter().chain(page.scenes.iter().map(|s| s.caption));
                for key in keys {
                    assert!(texts.contains_key(key.name()), "{lang:?} lacks {}", key.name());
                }
            }
        }
    }
}

/// The words of a page's text column (from column 50, where it starts beside the board),
/// its lines joined.
fn words(screen: &str) -> String {
    let column = screen.lines().map(|row| row.trim_matches('"').chars().skip(50).collect::<String>());
    column.map(|row| row.trim().to_string()).filter(|row| !row.is_empty()).collect::<Vec<_>>().join(" ")
}

fn book_screen(game: GameKind, page: &str, scene: usize, lang: Lang) -> String {
    let book = Book { game, page: page_named(game, page), scene, contents: None };
    let mut app = App::rules(Profile::default(), game, Rect::new(0, 0, 90, 26));
    app.screen = Screen::Rules(book);
    render_in(&app, lang).backend().to_string()
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
    let mut app = App::rules(Profile::default(), GameKind::Clamber, AREA);
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
    let mut app = App::rules(Profile::default(), GameKind::Clamber, AREA);
    let equal = page_named(GameKind::Clamber, "equal");
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
    let mut app = clamber("start");
    press(&mut app, &["Enter"]);
    let said = |app: &App| crate::each_game!(app.screen.game().unwrap(), game => game.table.status().message().clone());
    assert_eq!(Lang::Fr.say(said(&app).text().unwrap()), "Bleu a joué C3. Rouge joue");
    let screen = render_in(&app, Lang::Fr).backend().to_string();
    assert!(screen.contains("Rouge joue"), "{screen}");
    let menu = render_in(&App::new(Profile::default(), AREA), Lang::Sr).backend().to_string();
    assert!(menu.contains("Настави последњу партију"), "{menu}");
}

#[test]
fn the_hint_lines_fit_80_columns_in_every_language() {
    for lang in Lang::ALL {
        for context in Context::ALL {
            let hints = keys::KeyTable::default().hints(context, lang);
            assert!(Line::raw(hints.as_str()).width() <= 80, "{lang:?}: {hints}");
        }
        for key in [crate::i18n::keys::BANNER_KEYS, crate::i18n::keys::BANNER_KEYS_TRY] {
            let said = lang.say_with(&crate::i18n::text!(key), &|action| {
                keys::KeyTable::default().key_for(Context::Game, action, lang)
            });
            assert!(said.chars().count() <= 80, "{lang:?} {}", key.name());
        }
    }
}

/// The rules book open on `page` of `game`, at `scene`.
fn book_at(game: GameKind, page: &str, scene: usize) -> App {
    let mut app = App::rules(Profile::default(), game, AREA);
    app.screen = Screen::Rules(Book { game, page: page_named(game, page), scene, contents: None });
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
    assert!(game(&app).table.picked().is_some(), "C3 selected");
    press(&mut app, &["Esc"]);
    assert!(app.screen.game().is_some(), "the first Esc only drops the selection");
    press(&mut app, &["Esc"]);
    assert!(matches!(&app.screen, Screen::Rules(book) if book.page == 5));
}

#[test]
fn trying_the_middle_of_a_chain_continues_it() {
    let mut app = book_at(GameKind::Clamber, "equal", 1);
    press(&mut app, &["p"]);
    let chain = game(&app).table.picked().cloned().expect("the chain is under way");
    assert_eq!((chain.from.to_string(), chain.captured.len()), ("B2".to_string(), 1));
    // From C4 only equal captures go on: the lower D5 is not lit.
    assert_eq!(names(&app, lit(&app).equal), ["E4", "E5"]);
    assert!(lit(&app).targets.is_empty());
    click(&mut app, "E5");
    assert_eq!(position(&app), "3/r/B2=b2,B3=r1,C4=b3,D5=r1,E5=b4");
    assert_eq!(game(&app).table.read(|record| record.last_turn().unwrap().to_string()), "B2xC4xE5");
    // q goes back to the page even with a chain under way.
    let mut app = book_at(GameKind::Clamber, "equal", 1);
    press(&mut app, &["p", "q"]);
    assert!(matches!(&app.screen, Screen::Rules(book) if book.page == 6 && book.scene == 1));
}

#[test]
fn the_panel_legend_keeps_long_words_whole() {
    let shown = render_in(&clamber("start"), Lang::Fr).backend().to_string();
    assert!(shown.contains(": : sous-groupe"), "{shown}");
}

#[test]
fn the_pages_say_a_dark_may_bend_back_beside_its_start_and_the_board_agrees() {
    // The dark's scene lights D3, beside its start D4, reached by D4-E5-E4-D3.
    let page = &pages(GameKind::Ombagui)[page_named(GameKind::Ombagui, "moves")];
    let scene = &page.scenes[2];
    let position = scene.position(GameKind::Ombagui).unwrap();
    let lit = scene.lit(&position);
    let d3 = crate::rules::ombagui::BOARD.index("D3".parse().unwrap()).unwrap();
    assert!(lit.targets.contains(d3));
    for lang in Lang::ALL {
        for key in ["ombagui.rules.moves.3", "ombagui.rules.choices.text"] {
            assert!(lang.texts()[key].contains("D4-E5-E4-D3"), "{lang:?} {key}");
        }
    }
}

#[test]
fn every_page_fits_80x24_whole_in_every_language() {
    let mut lost = Vec::new();
    for lang in Lang::ALL {
        let profile = Profile { lang, ..Profile::default() };
        let say = crate::ui::Say::new(&profile, Context::Rules);
        for &game in GameKind::ALL {
            for (page, content) in pages(game).iter().enumerate() {
                for scene in 0..content.scenes.len() {
                    let book = Book { game, page, scene, contents: None };
                    if !crate::ui::rules::fits(&book, say, AREA) {
                        lost.push(format!("{lang:?} {} page {} scene {}", game.name(), page + 1, scene + 1));
                    }
                }
            }
        }
    }
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
    assert_eq!(Lang::Fr.texts()["clamber.rules.lower.title"], "Capture d'une pile plus basse");
    assert!(Lang::Fr.texts()["clamber.rules.equal.title"].contains("hauteur égale"));
    for (key, text) in Lang::Sr.texts() {
        // The seed's piece is a шашка; a board has поља по страни; a rules page is a страна.
        assert!(!text.contains("жетон") && !text.contains("страниц"), "sr {key}: {text}");
        assert!(
            !text.contains("заробљавање једнаке") && !text.contains("заробљавањем једнаке"),
            "sr {key}: {text}"
        );
    }
    assert!(Lang::Sr.texts()["clamber.rules.groups.text"].starts_with("Групу чине"));
    assert_eq!(Lang::Sr.texts()["clamber.note.stack"], "b3: плава гомила висине 3");
}

#[test]
fn a_digit_in_the_contents_opens_that_page() {
    let mut app = App::rules(Profile::default(), GameKind::Clamber, AREA);
    press(&mut app, &["t", "7"]);
    let Screen::Rules(book) = &app.screen else { panic!("still on the rules") };
    assert_eq!((book.page, book.scene, book.contents), (6, 0, None));
}

#[test]
fn the_contents_box_shows_its_whole_footer_in_each_language() {
    for (lang, code) in [(Lang::En, "en"), (Lang::Fr, "fr"), (Lang::Sr, "sr")] {
        let mut app = App::rules(Profile::default(), GameKind::Clamber, AREA);
        press(&mut app, &["t"]);
        let shown = render_in(&app, lang).backend().to_string();
        let hints = keys::KeyTable::default().hints(Context::Contents, lang);
        assert!(shown.contains(&hints), "{lang:?}: {hints}\n{shown}");
        insta::assert_snapshot!(format!("contents_{code}"), shown);
    }
}

#[test]
fn the_last_step_says_space_goes_back_to_the_first_and_p_tries_the_example_from_its_start() {
    let screen = book_screen(GameKind::Ombagui, "jumps", 1, Lang::Fr);
    assert!(screen.contains("Étape 2 sur 2 (Espace : retour à l'étape"), "{screen}");
    // The step after the move has nothing to try: the page says p tries the example.
    assert!(words(&screen).contains("p : essayer l'exemple (D2-F6) depuis le début"), "{screen}");
    let mut app = book_at(GameKind::Ombagui, "jumps", 1);
    press(&mut app, &["p"]);
    let start = pages(GameKind::Ombagui)[page_named(GameKind::Ombagui, "jumps")].scenes[0].position;
    let start = start.parse::<crate::rules::ombagui::Position>().unwrap().to_string();
    let tried = crate::each_game!(app.screen.game().unwrap(), game => game.table.position().to_string());
    assert_eq!(tried, start, "p tries the example the page shows, from its start");
}

#[test]
fn p_after_a_chain_tries_the_chain_from_its_start_as_the_page_says() {
    let screen = book_screen(GameKind::Clamber, "equal", 2, Lang::En);
    assert!(words(&screen).contains("p: try the example (B2xC4) from its start"), "{screen}");
    let mut app = book_at(GameKind::Clamber, "equal", 2);
    press(&mut app, &["p"]);
    assert_eq!(
        position(&app),
        "3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3",
        "Blue to move, the chain to try"
    );
    assert!(game(&app).table.picked().is_none());
    click(&mut app, "B2");
    click(&mut app, "C4");
    click(&mut app, "E5");
    assert_eq!(position(&app), "3/r/B2=b2,B3=r1,C4=b3,D5=r1,E5=b4");
}

/// The column where the first line of a page's text starts, as drawn in `area` in `lang`.
fn text_column(game: GameKind, page: usize, area: Rect, lang: Lang) -> usize {
    let book = Book { game, page, scene: 0, contents: None };
    let mut app = App::rules(Profile::default(), game, area);
    app.screen = Screen::Rules(book);
    let terminal = render_in(&app, lang);
    let buffer = terminal.backend().buffer();
    (0..area.width).position(|x| !buffer[(x, 1)].symbol().trim().is_empty()).unwrap_or(usize::MAX)
}

#[test]
fn the_text_starts_at_the_same_column_on_every_page() {
    for lang in Lang::ALL {
        for area in [AREA, Rect::new(0, 0, 120, 34)] {
            for &game in GameKind::ALL {
                let columns: Vec<usize> =
                    (0..pages(game).len()).map(|page| text_column(game, page, area, lang)).collect();
                assert!(
                    columns.windows(2).all(|pair| pair[0] == pair[1]),
                    "{lang:?} {} at {area:?}: {columns:?}",
                    game.name()
                );
            }
        }
    }
}

#[test]
fn every_page_reads_whole_at_60x20_in_each_language() {
    let area = Rect::new(0, 0, 60, 20);
    for lang in Lang::ALL {
        let profile = Profile { lang, ..Profile::default() };
        for &game in GameKind::ALL {
            for (page, content) in pages(game).iter().enumerate() {
                let mut app = App::rules(profile.clone(), game, area);
                app.screen = Screen::Rules(Book { game, page, scene: 0, contents: None });
                let shown = render_in(&app, lang).backend().to_string();
                let rows: String =
                    shown.lines().map(|row| row.trim_matches('"').trim()).collect::<Vec<_>>().join(" ");
                let text = lang.word(content.text);
                // Its first and last words, but a key's name (said as its action's here).
                let mut words = text.split_whitespace().filter(|word| !word.contains(['{', '(', ')']));
                let (first, last) = (words.next().unwrap(), words.next_back().unwrap());
                assert!(
                    rows.contains(first) && rows.contains(last),
                    "{lang:?} {} page {}: the text is not all shown\n{shown}",
                    game.name(),
                    page + 1
                );
            }
        }
    }
}

#[test]
fn at_60x20_the_rules_key_line_keeps_trying_and_going_back_in_each_language() {
    for lang in Lang::ALL {
        let app = App::rules(Profile::default(), GameKind::Ombagui, Rect::new(0, 0, 60, 20));
        let shown = render_in(&app, lang).backend().to_string();
        let keys = shown.lines().last().unwrap().trim_matches('"').trim_end().to_string();
        assert!(
            keys.starts_with("←→ ")
                && keys.ends_with(
                    &keys::KeyTable::default().hints(Context::Rules, lang).rsplit(" · ").next().unwrap()
                ),
            "{lang:?}: {keys}"
        );
    }
}
