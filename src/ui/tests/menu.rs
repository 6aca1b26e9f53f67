//! The menu and the set-up screen as drawn: at every size the menu shows every entry and
//! its key line, or says the terminal is too small and how big it must be.

use crate::app::Profile;
use crate::app::event::Event as Wake;
use crate::app::keys::{self, Context};
use crate::app::menu::Entry;
use crate::app::{App, Screen};
use crate::i18n::Lang;
use crate::testing::*;
use ratatui::crossterm::event::Event;
use ratatui::layout::Rect;

/// The menu drawn on a `width` x `height` terminal, in `lang`.
fn menu(width: u16, height: u16, lang: Lang) -> String {
    render_in(&App::new(Profile::default(), Rect::new(0, 0, width, height)), lang).backend().to_string()
}

/// Whether `screen` shows every entry of the menu whole and its key line.
fn whole(screen: &str, lang: Lang) -> bool {
    let entries = Entry::all().into_iter().enumerate();
    let said = |entry: Entry| lang.say(&entry.label());
    // The tenth entry is numbered 0, its key.
    entries.into_iter().all(|(n, entry)| screen.contains(&format!("{}. {}", Entry::number(n), said(entry))))
        && keys::KeyTable::default().hints(Context::Menu, lang).split(" · ").all(|part| screen.contains(part))
}

#[test]
fn the_menu_is_whole_or_says_how_big_it_must_be() {
    for lang in Lang::ALL {
        for (width, height) in [(80, 24), (60, 20), (50, 16), (40, 14), (30, 10), (120, 40), (200, 60)] {
            let screen = menu(width, height, lang);
            let small = lang.texts()["menu.too_small"].split(':').next().unwrap().trim().to_string();
            assert!(
                whole(&screen, lang) || screen.contains(&small),
                "{lang:?} {width}x{height}: cut without a word\n{screen}"
            );
        }
    }
}

#[test]
fn the_menu_fits_the_size_it_asks_for() {
    for lang in Lang::ALL {
        let screen = menu(20, 8, lang);
        let needed = screen.split_whitespace().find_map(|word| {
            let (w, h) = word.trim_matches(['"', ',', '.', ';']).split_once('x')?;
            Some((w.parse::<u16>().ok()?, h.parse::<u16>().ok()?))
        });
        let (width, height) = needed.unwrap_or_else(|| panic!("{lang:?}: no size in\n{screen}"));
        let screen = menu(width, height, lang);
        assert!(whole(&screen, lang), "{lang:?} {width}x{height}:\n{screen}");
    }
}

#[test]
#[cfg_attr(feature = "third-game", ignore = "pins the words of the two real games' list")]
fn the_menu_at_several_sizes() {
    insta::assert_snapshot!("menu_80x24", menu(80, 24, Lang::En));
    insta::assert_snapshot!("menu_60x20", menu(60, 20, Lang::En));
    insta::assert_snapshot!("menu_60x20_fr", menu(60, 20, Lang::Fr));
    insta::assert_snapshot!("menu_60x20_sr", menu(60, 20, Lang::Sr));
    insta::assert_snapshot!("menu_40x14", menu(40, 14, Lang::En));
    insta::assert_snapshot!("menu_30x10", menu(30, 10, Lang::En));
}

/// The set-up of a game against the computer, opened on a terminal of 80x24 that is then
/// `width` x `height`, drawn in `lang`.
fn setup(width: u16, height: u16, lang: Lang) -> String {
    let mut app = App::new(Profile::default(), AREA);
    press(&mut app, &[&number(Entry::Computer), "Enter"]);
    app.handle(Wake::Input(Event::Resize(width, height)));
    render_in(&app, lang).backend().to_string()
}

#[test]
fn the_setup_in_each_language_and_when_it_does_not_fit() {
    for (lang, code) in [(Lang::En, "en"), (Lang::Fr, "fr"), (Lang::Sr, "sr")] {
        let screen = setup(80, 24, lang);
        assert!(screen.contains(&keys::KeyTable::default().hints(Context::Setup, lang)), "{screen}");
        insta::assert_snapshot!(format!("setup_{code}"), screen);
    }
    let small = setup(36, 8, Lang::En);
    assert!(small.contains("Terminal too small"), "{small}");
    insta::assert_snapshot!("setup_36x8", small);
}

/// Esc does nothing on the menu (the key line names only `q` to quit); the Quit entry,
/// chosen by Enter or a click, asks first and only `q` answers yes; `q` quits at once.
#[test]
fn only_q_quits_from_the_menu() {
    let mut app = App::new(Profile::default(), AREA);
    press(&mut app, &["Esc", "Esc"]);
    assert!(!app.quit, "Esc ends nothing");
    press(&mut app, &["0", "Enter"]);
    assert!(!app.quit);
    let asked = render(&app).backend().to_string();
    assert!(asked.contains("Quit hexstack?") && asked.contains("q quit · any other key: stay"), "{asked}");
    press(&mut app, &["y"]);
    assert!(!app.quit && app.overlay.is_none(), "any other key stays");
    press(&mut app, &["Enter", "q"]);
    assert!(app.quit, "0, Enter, q");
    let mut app = App::new(Profile::default(), AREA);
    press(&mut app, &["q"]);
    assert!(app.quit, "q quits at once");
}

/// On a terminal too small for the menu or the set-up, a key or a click chooses nothing
/// unseen: only quit does what the screen says it does.
#[test]
fn a_menu_too_small_to_see_takes_no_key_but_quit() {
    for (width, height) in [(30, 10), (20, 24)] {
        let mut app = App::new(Profile::default(), Rect::new(0, 0, width, height));
        assert!(render(&app).backend().to_string().contains("Terminal too small"), "{width}x{height}");
        press(&mut app, &["5", "Enter", "Down", "4", "Enter"]);
        click_at(&mut app, (width / 2, height / 2));
        let Screen::Menu(menu) = &app.screen else { panic!("the menu is left at {width}x{height}") };
        assert_eq!((menu.selected, &menu.setup, &app.request), (0, &None, &None), "{width}x{height}");
        press(&mut app, &["q"]);
        assert!(app.quit, "q quits, as the screen says");
    }
    // The set-up of a game against the computer, on a terminal that then shrinks.
    let mut app = App::new(Profile::default(), AREA);
    press(&mut app, &["4", "Enter"]);
    app.handle(Wake::Input(Event::Resize(30, 8)));
    let before = format!("{:?}", app.screen);
    press(&mut app, &["Down", "Right", "Enter"]);
    assert_eq!(format!("{:?}", app.screen), before, "the hidden set-up is left as it was");
    app.handle(Wake::Input(Event::Resize(80, 24)));
    press(&mut app, &["Enter"]);
    assert!(app.screen.game().is_some(), "seen again, the set-up starts its game");
}

/// The menu keeps what it said between frames (a key redraws it whole), but one app drawn
/// in another language says it again in that one.
#[test]
fn the_menu_drawn_again_in_another_language_says_it_in_that_one() {
    let app = App::new(Profile::default(), Rect::new(0, 0, 80, 24));
    for lang in [Lang::En, Lang::Fr, Lang::Sr, Lang::En] {
        let screen = render_in(&app, lang).backend().to_string();
        assert!(whole(&screen, lang), "{lang:?}\n{screen}");
    }
}
