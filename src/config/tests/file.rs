//! The config file: it changes the language, the computer's level and the keys; a bad line
//! is named and the rest still applies; a clash is refused; `NO_COLOR` draws no colour;
//! `hexstack config` says where each value came from. The settings make a terminal's
//! profile, which each test here hands to the apps it makes.

use crate::app::Profile;
use crate::app::keys::{Action, Context, CursorStep};
use crate::app::menu::{ComputerGameSetup, Entry};
use crate::app::{App, Overlay, Screen};
use crate::config::{self, Env, Flags, Loaded, Source};
use crate::i18n::Lang;
use crate::rules::hex::Cell;
use crate::testing::*;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::style::Color;
use std::path::Path;
use std::sync::OnceLock;
use std::time::Duration;

/// The player's file: French, level 5, `a` for left and `w` to save, a bad level, an
/// unknown colour setting and a clashing key.
const FILE: &str = r#"# my settings
lang = "fr"
level = 5
review_level = 9
step_time = 0
blue = "Ana"

[theme]
name = "colour-blind"
shade = 3

[keys]
left = ["a", "Left"]
undo = "r"
save = "w"
"#;

/// `text` written as a config file in a folder of its own, loaded with `flags`.
fn load_text(text: &str, flags: &Flags, no_color: bool) -> (tempfile::TempDir, Loaded) {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("config.toml");
    std::fs::write(&path, text).unwrap();
    let env = Env { file: Some(path), folder: None, lang: None, no_color, dumb: false };
    let loaded = config::load(flags, None, &env).unwrap();
    (folder, loaded)
}

/// [`FILE`], loaded under `NO_COLOR=1`, once for every test.
fn configured() -> &'static Loaded {
    static LOADED: OnceLock<Loaded> = OnceLock::new();
    LOADED.get_or_init(|| load_text(FILE, &Flags::default(), true).1)
}

/// The profile of a terminal under [`FILE`].
fn profile() -> Profile {
    configured().settings.profile()
}

/// The warnings about [`FILE`], in English, the folder's path left out.
fn warnings() -> Vec<String> {
    let loaded = configured();
    let folder = loaded.path.as_deref().and_then(Path::parent).unwrap().display().to_string();
    loaded.warnings.iter().map(|warning| Lang::En.say(warning).replace(&folder, "DIR")).collect()
}

#[test]
fn a_config_file_changes_the_language_the_level_and_a_key() {
    let settings = &configured().settings;
    assert_eq!((settings.lang.value, settings.lang.source), (Lang::Fr, Source::File));
    assert_eq!((settings.level.value.number(), settings.level.source), (5, Source::File));
    let profile = profile();
    assert_eq!(
        ComputerGameSetup::new(&profile.prefs).level.number(),
        5,
        "a new game against the computer is at level 5"
    );
    let a = KeyEvent::new(KeyCode::Char('a'), KeyModifiers::NONE);
    assert_eq!(profile.keys.action(Context::Game, a), Some(Action::Step(CursorStep::Left)));
    let h = KeyEvent::new(KeyCode::Char('h'), KeyModifiers::NONE);
    assert_eq!(profile.keys.action(Context::Game, h), None, "h no longer moves left");
}

#[test]
fn texts_that_name_a_key_name_the_rebound_one() {
    let keys = profile().keys;
    assert_eq!(keys.key_for(Context::Game, "save", Lang::En), "w");
    let text = crate::i18n::text!(crate::i18n::keys::KEEP_FAILING, "disk full");
    let said = Lang::En.say_with(&text, &|name| keys.key_for(Context::Game, name, Lang::En));
    assert_eq!(said, "NOT kept: disk full (each turn tries again; w saves elsewhere)");
}

#[test]
fn a_rebound_key_moves_the_cursor() {
    let mut app = clamber_as(profile(), "start");
    assert_eq!(game(&app).table.cursor().cell, "C3".parse::<Cell>().unwrap());
    press(&mut app, &["a"]);
    assert_eq!(game(&app).table.cursor().cell, "B3".parse::<Cell>().unwrap());
    press(&mut app, &["h"]);
    assert_eq!(game(&app).table.cursor().cell, "B3".parse::<Cell>().unwrap(), "h does nothing now");
}

#[test]
fn the_help_and_the_hint_bar_show_the_rebound_key() {
    let mut app = clamber_as(profile(), "start");
    let bar = render_in(&app, Lang::En).backend().to_string();
    assert!(bar.contains("ajklyibn move"), "{bar}");
    press(&mut app, &["?"]);
    assert_eq!(app.overlay, Some(Overlay::Help));
    for (lang, code) in [(Lang::En, "en"), (Lang::Fr, "fr"), (Lang::Sr, "sr")] {
        let help = render_in(&app, lang).backend().to_string();
        assert!(help.contains("a ←"), "{lang:?}: {help}");
        insta::assert_snapshot!(format!("config_help_rebound_{code}"), help);
    }
}

#[test]
fn a_clashing_binding_is_refused_naming_both() {
    let clash =
        "DIR/config.toml:14:8: keys.undo: r already does resign on the same screen; undo keeps its own keys";
    assert!(warnings().iter().any(|warning| warning == clash), "{:#?}", warnings());
    let keys = profile().keys;
    let u = KeyEvent::new(KeyCode::Char('u'), KeyModifiers::NONE);
    assert_eq!(keys.action(Context::Game, u), Some(Action::Undo), "undo keeps u");
    let r = KeyEvent::new(KeyCode::Char('r'), KeyModifiers::NONE);
    assert_eq!(keys.action(Context::Game, r), Some(Action::Resign), "r still resigns");
}

#[test]
fn a_bad_line_is_named_and_the_rest_of_the_file_still_applies() {
    assert_eq!(
        warnings(),
        [
            "DIR/config.toml:4:16: review_level should be a level from 1 to 5, not '9'; it stays on its default",
            "DIR/config.toml:10:1: there is no setting theme.shade; it is left out",
            "DIR/config.toml:14:8: keys.undo: r already does resign on the same screen; undo keeps its own keys",
        ]
    );
    let settings = &configured().settings;
    assert_eq!((settings.review_level.value.number(), settings.review_level.source), (4, Source::Default));
    assert_eq!((settings.step_time.value, settings.blue.value.as_deref()), (Duration::ZERO, Some("Ana")));
    assert_eq!(settings.theme.value, "colour-blind");
}

#[test]
fn a_line_toml_cannot_read_is_named_and_the_lines_after_it_still_apply() {
    let (_folder, loaded) = load_text("level = 2\neval = tru\nstep_time = 100\n", &Flags::default(), false);
    let said: Vec<String> = loaded.warnings.iter().map(|warning| Lang::En.say(warning)).collect();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("config.toml:2:8: "), "{said:?}");
    assert!(said[0].ends_with("the rest of the file still applies"), "{said:?}");
    let step = Duration::from_millis(100);
    assert_eq!((loaded.settings.level.value.number(), loaded.settings.step_time.value), (2, step));
}

#[test]
fn the_menu_says_what_was_wrong_in_the_file() {
    let app = App::new(profile(), Rect::new(0, 0, 100, 24)).with_note(config::note(&configured().warnings));
    let Screen::Menu(menu) = &app.screen else { panic!("the menu") };
    let note = Lang::En.say(menu.note.as_ref().expect("a note"));
    assert!(
        note.contains("review_level should be") && note.ends_with("(and 2 more: hexstack config lists them)"),
        "{note}"
    );
    // On screen it is read whole, however many lines it takes, in every language.
    let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    for lang in Lang::ALL {
        for (width, height) in [(80, 24), (60, 20)] {
            let mut app = App::new(profile(), Rect::new(0, 0, width, height));
            app = app.with_note(config::note(&configured().warnings));
            let Screen::Menu(menu) = &app.screen else { panic!("the menu") };
            let note = words(&lang.say(menu.note.as_ref().unwrap()));
            let terminal = render_in(&app, lang);
            let buffer = terminal.backend().buffer();
            let lines = (0..height).map(|y| (0..width).map(|x| buffer[(x, y)].symbol()).collect::<String>());
            let shown = words(&lines.collect::<Vec<_>>().join(" "));
            assert!(shown.contains(&note), "{lang:?} {width}x{height}: {note}\n{shown}");
        }
    }
}

#[test]
fn no_color_draws_no_colour_at_all() {
    let mut app = clamber_as(profile(), "start");
    press(&mut app, &["Enter", "l"]);
    let mut screens = vec![render_in(&app, Lang::En)];
    let mut menu = App::new(profile(), AREA);
    press(&mut menu, &[&number(Entry::Computer), "Enter"]);
    screens.push(render_in(&menu, Lang::En));
    for terminal in screens {
        let buffer = terminal.backend().buffer().clone();
        for cell in buffer.content() {
            assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset), "{:?} at {cell:?}", cell.symbol());
        }
    }
}

#[test]
fn config_shows_where_each_value_came_from() {
    let flags = Flags { eval: Some(true), ..Flags::default() };
    let (_folder, loaded) = load_text("level = 2\n", &flags, false);
    let listing = config::listing(&loaded, Lang::En);
    let row = |name: &str| {
        let line = listing.lines().find(|line| line.split_whitespace().next() == Some(name));
        line.unwrap_or_else(|| panic!("{name} in {listing}"))
            .split_whitespace()
            .skip(1)
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert!(listing.lines().next().unwrap().starts_with("config file: "), "{listing}");
    assert_eq!(row("level"), "2 file");
    assert_eq!(row("eval"), "true flag");
    assert_eq!(row("review_level"), "4 default");
    assert_eq!(row("keys.undo"), "u [ default");
    assert_eq!(row("theme.name"), "default default");
}

#[test]
fn the_default_file_reads_back_to_the_defaults() {
    let (_folder, written) = load_text(&config::default_file(), &Flags::default(), false);
    assert!(written.warnings.is_empty(), "{:?}", written.warnings);
    let empty = tempfile::tempdir().unwrap();
    let env = Env {
        file: None,
        folder: Some(empty.path().to_path_buf()),
        lang: None,
        no_color: false,
        dumb: false,
    };
    let none = config::load(&Flags::default(), None, &env).unwrap();
    assert!(!none.found && none.warnings.is_empty());
    let (a, b) = (&written.settings, &none.settings);
    assert_eq!(
        (a.lang.value, a.level.value, a.review_level.value),
        (b.lang.value, b.level.value, b.review_level.value)
    );
    assert_eq!(
        (a.eval.value, a.step_time.value, &a.theme.value),
        (b.eval.value, b.step_time.value, &b.theme.value)
    );
    assert_eq!(
        (&a.blue.value, &a.red.value, a.computer.value),
        (&b.blue.value, &b.red.value, b.computer.value)
    );
    assert_eq!(a.look.value, b.look.value);
    assert!(a.rebound.is_empty());
}

#[test]
fn a_bad_flag_is_a_one_line_error() {
    let flags = Flags { step_time: Some("fast".into()), ..Flags::default() };
    let env = Env::default();
    let error = config::load(&flags, None, &env).unwrap_err();
    assert_eq!(
        Lang::En.say(&error),
        "--step-time should be a number of milliseconds from 0 to 2000, not 'fast'"
    );
}

#[test]
fn the_theme_section_changes_the_players_colours_and_the_marks_and_a_flag_wins() {
    let text = "computer = \"blue\"\n[theme]\nname = \"mono\"\nblue = \"#112233\"\nred = 130\n[theme.marks]\ncursor = \"underlined yellow\"\n";
    let (_folder, loaded) = load_text(text, &Flags::default(), false);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let settings = &loaded.settings;
    assert_eq!(settings.computer.value, Some(crate::rules::Colour::Blue));
    assert_eq!(settings.look.value.blue.fg, Some(Color::Rgb(0x11, 0x22, 0x33)));
    assert_eq!(settings.look.value.red.fg, Some(Color::Indexed(130)));
    let cursor = settings.look.value.mark(crate::theme::Mark::Cursor);
    assert_eq!(
        cursor,
        ratatui::style::Style::new().fg(Color::Yellow).add_modifier(ratatui::style::Modifier::UNDERLINED)
    );
    let flags = Flags { theme: Some("colour-blind".into()), ..Flags::default() };
    let (_folder, flagged) = load_text(text, &flags, false);
    assert_eq!(
        (flagged.settings.theme.value.as_str(), flagged.settings.theme.source),
        ("colour-blind", Source::Flag)
    );
    let (_folder, no_color) = load_text(text, &Flags::default(), true);
    assert_eq!(no_color.settings.look.value.blue.fg, None, "NO_COLOR wins over the file's colours");
    assert_eq!(no_color.settings.look.source, Source::Env);
}

#[test]
fn a_file_too_large_is_one_warning_and_the_defaults() {
    let text = format!("level = 1\n#{}\n", "x".repeat(70 * 1024));
    let (_folder, loaded) = load_text(&text, &Flags::default(), false);
    assert_eq!(loaded.warnings.len(), 1);
    assert!(Lang::En.say(&loaded.warnings[0]).ends_with("is over 64 KiB: the defaults are used"));
    assert_eq!(loaded.settings.level.source, Source::Default);
}

#[test]
fn a_name_in_the_file_is_as_long_as_one_on_the_command_line() {
    assert_eq!(config::LONGEST_NAME, crate::cli::LONGEST_NAME);
    let long = "n".repeat(config::LONGEST_NAME + 1);
    let (_folder, loaded) =
        load_text(&format!("red = \"{long}\"\nblue = \"Ana\"\n"), &Flags::default(), false);
    assert_eq!((loaded.warnings.len(), loaded.settings.red.value.clone()), (1, None));
    assert_eq!(loaded.settings.blue.value.as_deref(), Some("Ana"));
}

/// A name that is no setting, an action that is none and a theme that is none each name the
/// nearest one there is, in every language; a name far from all names none.
#[test]
fn a_mistyped_name_suggests_the_one_meant() {
    let text = "language = \"fr\"\nlevle = 2\ncolours = 1\n[theme]\nname = \"colorblind\"\n\
                [theme.marks]\nselcted = \"bold\"\n[keys]\nundoo = \"z\"\n";
    let (folder, loaded) = load_text(text, &Flags::default(), false);
    let folder = folder.path().display().to_string();
    let said: Vec<String> =
        loaded.warnings.iter().map(|warning| Lang::En.say(warning).replace(&folder, "DIR")).collect();
    assert_eq!(
        said,
        [
            "DIR/config.toml:1:1: there is no setting language (did you mean lang?); it is left out",
            "DIR/config.toml:2:1: there is no setting levle (did you mean level?); it is left out",
            "DIR/config.toml:3:1: there is no setting colours; it is left out",
            "DIR/config.toml:5:8: theme.name should be default, colour-blind or mono, not 'colorblind' \
             (did you mean colour-blind?); it stays on its default",
            "DIR/config.toml:7:1: there is no setting theme.marks.selcted (did you mean theme.marks.selected?); \
             it is left out",
            "DIR/config.toml:9:1: there is no setting keys.undoo (did you mean keys.undo?); it is left out",
        ]
    );
    let fr = Lang::Fr.say(&loaded.warnings[0]);
    assert!(
        fr.ends_with("le réglage language n'existe pas (vouliez-vous dire lang ?) ; il est ignoré"),
        "{fr}"
    );
    let sr = Lang::Sr.say(&loaded.warnings[0]);
    assert!(sr.ends_with("подешавање language не постоји (да ли мислиш на lang?); изостављено је"), "{sr}");
    let flags = Flags { theme: Some("mon".into()), ..Flags::default() };
    let error = config::load(&flags, None, &Env::default()).unwrap_err();
    assert_eq!(
        Lang::En.say(&error),
        "--theme should be default, colour-blind or mono, not 'mon' (did you mean mono?)"
    );
}

/// Every name the file's top may hold is known, so none is suggested that would be refused.
#[test]
fn every_setting_of_the_default_file_is_known() {
    let (_folder, loaded) = load_text(&config::default_file(), &Flags::default(), false);
    assert!(loaded.warnings.is_empty());
    let top = "lang = \"en\"\nblue = \"A\"\nred = \"B\"\nlevel = 3\nreview_level = 4\ncomputer = \"red\"\n\
               eval = true\nstep_time = 100\nclock = \"none\"\n[theme]\n[keys]\n";
    let (_folder, loaded) = load_text(top, &Flags::default(), false);
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
}

/// The default file is made from the settings' one declaration; it reads as it always did.
#[test]
fn the_default_file_comments_every_setting() {
    let file = config::default_file();
    for name in config::NAMES {
        let key = name.rsplit('.').next().unwrap();
        let line = file.lines().find(|line| line.trim_start_matches("# ").starts_with(&format!("{key} = ")));
        assert!(line.is_some(), "{name} in\n{file}");
    }
    insta::assert_snapshot!("default_file", file);
}

/// docs/config.md's table has a row for every setting the program reads.
#[test]
fn every_setting_is_in_the_docs() {
    let docs = std::fs::read_to_string("docs/config.md").unwrap();
    for name in config::NAMES {
        let cell = match name.split_once('.') {
            Some((table, key)) => format!("| `[{table}]` `{key}` |"),
            None => format!("| `{name}` |"),
        };
        assert!(docs.lines().any(|line| line.starts_with(&cell)), "{cell} in docs/config.md");
    }
}

#[test]
fn the_clock_setting_reads_a_time_control_and_names_a_bad_one() {
    let (_folder, loaded) = load_text("clock = \"5+3\"\n", &Flags::default(), false);
    assert_eq!(loaded.settings.clock.value, crate::clock::TimeControl::parse("5+3").unwrap());
    assert_eq!(loaded.settings.clock.source, Source::File);
    let (_folder, loaded) = load_text("clock = \"5+\"\nlevel = 2\n", &Flags::default(), false);
    assert_eq!(loaded.settings.clock.value, None, "a bad clock stays on its default");
    let said: Vec<String> = loaded.warnings.iter().map(|warning| Lang::En.say(warning)).collect();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].ends_with(r#":1:9: clock should be a clock: "M+S" (as "5+3"), "Ns+S" (as "30s+2") or "none", not '5+'; it stays on its default"#), "{said:?}");
    assert_eq!(loaded.settings.level.value.number(), 2, "the rest of the file still applies");
}
