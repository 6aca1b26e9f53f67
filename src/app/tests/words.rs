//! The language files, checked whole: every key in every language, each text taking the
//! values and naming the keys its English takes, and nothing left unsaid on a screen.
//!
//! The keys themselves are constants made from the English files (`build.rs`), typed with
//! how many values they take, so a call with a value too few does not compile; these tests
//! check what the compiler cannot see: the other languages, and the key names.

use crate::app::keys::{Action, KEYS};
use crate::i18n::{Arg, Key, Lang, Text};
use crate::rules::GameKind;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const LANGS: [&str; 3] = ["en", "fr", "sr"];

/// The folders of texts: the shared one, then each game's (the test-only game's too).
fn folders() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/lang");
    let mut games: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .collect();
    games.sort();
    std::iter::once(root).chain(games).collect()
}

/// A language file's texts by key, as `key = text` lines (blank and `#` lines skipped).
fn texts(folder: &Path, lang: &str) -> BTreeMap<String, String> {
    let path = folder.join(format!("{lang}.txt"));
    let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut texts = BTreeMap::new();
    for line in source.lines().filter(|line| !line.trim().is_empty() && !line.trim_start().starts_with('#')) {
        let (key, text) =
            line.split_once('=').unwrap_or_else(|| panic!("{}: not 'key = text': {line}", path.display()));
        let old = texts.insert(key.trim().to_string(), text.trim().to_string());
        assert!(old.is_none(), "{}: {} twice", path.display(), key.trim());
    }
    texts
}

/// What a text puts in: its values (`{0}`) and its key names (`{key:undo}`).
fn places(text: &str) -> BTreeSet<String> {
    let mut places = BTreeSet::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        rest = &rest[open + 1..];
        let close = rest.find('}').unwrap_or_else(|| panic!("an unclosed brace in {text:?}"));
        places.insert(rest[..close].to_string());
        rest = &rest[close + 1..];
    }
    places
}

/// How many values a text takes: one more than its highest `{n}`.
fn values(text: &str) -> usize {
    places(text).iter().filter_map(|place| place.parse::<usize>().ok()).map(|n| n + 1).max().unwrap_or(0)
}

#[test]
fn every_language_has_every_key_and_no_other() {
    for folder in folders() {
        let english = texts(&folder, "en");
        for lang in &LANGS[1..] {
            let texts = texts(&folder, lang);
            let missing: Vec<&String> = english.keys().filter(|key| !texts.contains_key(*key)).collect();
            let extra: Vec<&String> = texts.keys().filter(|key| !english.contains_key(*key)).collect();
            assert!(missing.is_empty(), "{}/{lang}.txt lacks {missing:?}", folder.display());
            assert!(extra.is_empty(), "{}/{lang}.txt has keys English lacks: {extra:?}", folder.display());
        }
    }
}

#[test]
fn every_translation_takes_the_values_and_names_the_keys_its_english_does() {
    for folder in folders() {
        let english = texts(&folder, "en");
        for lang in &LANGS[1..] {
            for (key, text) in texts(&folder, lang) {
                assert_eq!(places(&text), places(&english[&key]), "{}/{lang}.txt: {key}", folder.display());
            }
        }
    }
}

#[test]
fn english_numbers_its_values_from_zero_without_a_gap() {
    for folder in folders() {
        for (key, text) in texts(&folder, "en") {
            let numbered: BTreeSet<usize> =
                places(&text).iter().filter_map(|place| place.parse().ok()).collect();
            assert_eq!(numbered, (0..values(&text)).collect(), "{}: {key} skips a value", folder.display());
        }
    }
}

#[test]
fn every_key_name_in_a_text_is_an_action_the_key_table_binds() {
    for folder in folders() {
        for lang in LANGS {
            for (key, text) in texts(&folder, lang) {
                for name in places(&text).iter().filter_map(|place| place.strip_prefix("key:")) {
                    let action = Action::named(name);
                    assert!(
                        action.is_some(),
                        "{}/{lang}.txt: {key} names no action: {name}",
                        folder.display()
                    );
                    let bound = KEYS.iter().any(|binding| Some(binding.action) == action);
                    assert!(bound, "{}/{lang}.txt: {key} names {name}, which no key does", folder.display());
                }
            }
        }
    }
}

/// `name`'s text in `lang`, each of its `values` given as `«n»` and each key name as `‹name›`.
fn said(lang: Lang, name: &'static str, values: usize) -> String {
    let mut args = (0..values).map(|n| Arg::Plain(format!("«{n}»")));
    let mut next = || args.next().expect("as many values as asked");
    let text = match values {
        0 => Text::new(Key::<0>::new(name), []),
        1 => Text::new(Key::<1>::new(name), [next()]),
        2 => Text::new(Key::<2>::new(name), [next(), next()]),
        3 => Text::new(Key::<3>::new(name), [next(), next(), next()]),
        4 => Text::new(Key::<4>::new(name), [next(), next(), next(), next()]),
        5 => Text::new(Key::<5>::new(name), [next(), next(), next(), next(), next()]),
        6 => Text::new(Key::<6>::new(name), [next(), next(), next(), next(), next(), next()]),
        7 => Text::new(Key::<7>::new(name), [next(), next(), next(), next(), next(), next(), next()]),
        _ => panic!("{name} takes {values} values: give this test a line more"),
    };
    lang.say_with(&text, &|action| format!("‹{action}›"))
}

#[test]
fn every_text_said_with_its_values_shows_them_all_and_no_brace() {
    let english = Lang::En.texts();
    for lang in Lang::ALL {
        let texts = lang.texts();
        assert_eq!(texts.len(), english.len(), "{lang:?} loads as many texts as English");
        for (name, text) in english {
            let shown = said(lang, name, values(text));
            assert!(!shown.contains(['{', '}']), "{lang:?} {name}: {shown}");
            for n in 0..values(text) {
                assert!(shown.contains(&format!("«{n}»")), "{lang:?} {name} leaves out value {n}: {shown}");
            }
        }
    }
}

#[test]
fn the_program_loads_every_registered_games_texts() {
    let loaded = Lang::En.texts();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/lang");
    for game in GameKind::ALL {
        for key in texts(&root.join(game.name()), "en").keys() {
            assert!(loaded.contains_key(format!("{}.{key}", game.name()).as_str()), "{game}: {key}");
        }
    }
    for key in texts(&root, "en").keys() {
        assert!(loaded.contains_key(key.as_str()), "{key}");
    }
}

#[test]
fn the_review_charts_side_letters_are_one_letter() {
    for folder in folders().iter().take(1) {
        for lang in LANGS {
            let texts = texts(folder, lang);
            for key in ["review.blue_short", "review.red_short"] {
                assert_eq!(texts[key].chars().count(), 1, "{lang}: {key} = {}", texts[key]);
            }
        }
    }
}

#[test]
fn the_computer_s_refusal_of_a_draw_is_a_whole_sentence_in_each_language() {
    use crate::app::Computer;
    use crate::rules::Colour;
    use crate::testing::*;
    let mut said = Vec::new();
    for lang in Lang::ALL {
        let mut app = clamber("3/b/A1=b1,C3=r5,D3=r5,C4=r5")
            .with_computer(Some(Computer::playing(Colour::Red, crate::ai::Level::new(2).unwrap())));
        press(&mut app, &["d", "y"]);
        let game = app.screen.game().expect("a game");
        let message = crate::each_game!(game, game => game.table.status().message().clone());
        let words = lang.say(message.text().expect("the computer's answer"));
        let screen = render_in(&app, lang).backend().to_string();
        assert!(screen.contains(&words), "{lang:?}: '{words}' is cut on screen:\n{screen}");
        said.push(format!("{lang:?}: {words}"));
    }
    // The French once ended on a bare "Jouez" (the English "Play on" missing its "on").
    assert!(said[1].ends_with("À vous de jouer"), "{}", said[1]);
    insta::assert_snapshot!("draw_declined", said.join("\n"));
}

#[test]
fn the_french_key_bars_name_keys_as_the_pages_do() {
    use crate::app::keys::{Context, KeyTable};
    let hints = |context, lang| KeyTable::default().hints(context, lang);
    let bars: Vec<String> =
        Context::ALL.iter().map(|&context| format!("{context:?}: {}", hints(context, Lang::Fr))).collect();
    let bars = bars.join("\n");
    assert!(!bars.contains("Space") && !bars.contains("Enter "), "{bars}");
    // The page says "(Espace : suite)", and so does the bar under it.
    let step = Lang::Fr.say_with(&crate::i18n::text!(crate::i18n::keys::RULES_STEP, 1, 2), &|action| {
        crate::app::keys::KeyTable::default().key_for(Context::Rules, action, Lang::Fr)
    });
    assert!(step.contains("Espace") && hints(Context::Rules, Lang::Fr).contains("Espace"), "{step}");
    insta::assert_snapshot!("key_bars_fr", bars);
}

#[test]
fn the_french_panel_puts_a_space_before_its_colons() {
    let mut app = crate::testing::ombagui("start");
    crate::testing::hover(&mut app, "A1");
    let screen = crate::testing::render_in(&app, Lang::Fr).backend().to_string();
    assert!(screen.contains("A1 : rL.rM.rD"), "{screen}");
    let mut app = crate::testing::clamber("3/b/C3=b2");
    crate::testing::hover(&mut app, "C3");
    let screen = crate::testing::render_in(&app, Lang::Fr).backend().to_string();
    assert!(screen.contains("C3 : pile"), "{screen}");
}

#[test]
fn the_french_help_at_80x24_keeps_its_keys_apart_its_last_line_and_no_colon_first() {
    use crate::app::Computer;
    use crate::rules::Colour;
    let mut app = crate::testing::clamber("start")
        .with_computer(Some(Computer::playing(Colour::Red, crate::ai::Level::new(2).unwrap())));
    crate::testing::press(&mut app, &["?"]);
    let screen = crate::testing::render_in(&app, Lang::Fr).backend().to_string();
    assert!(screen.contains("Esc fermer"), "the way out of the help is cut:\n{screen}");
    assert!(screen.contains("Entrée Espace  "), "a key runs into what it does:\n{screen}");
    for row in screen.lines() {
        for column in row.split('│') {
            let words = column.trim_start();
            assert!(
                !words.starts_with(':') || words.starts_with(": :"),
                "a line starts with a colon:\n{screen}"
            );
        }
    }
}

#[test]
fn status_lines_start_with_a_capital_in_every_language() {
    let lines = ["computer.thinking", "net.your_turn", "net.not_yet", "net.watching", "net.last", "net.left"];
    for lang in Lang::ALL {
        for key in lines {
            let text = lang.texts()[key];
            let first = text.chars().next().unwrap();
            assert!(!first.is_lowercase(), "{lang:?} {key}: {text}");
        }
    }
}

/// Serbian speaks to the player with the familiar "ти" throughout, as games do: no polite
/// "ви" (its pronouns and "сте"), so that no screen mixes the two.
#[test]
fn serbian_says_ti_to_the_player_everywhere() {
    const POLITE: [&str; 8] = ["ви", "вас", "вам", "ваш", "ваша", "вашу", "ваше", "сте"];
    for folder in folders() {
        for (key, text) in texts(&folder, "sr") {
            let lower = text.to_lowercase();
            let words: Vec<&str> = lower.split(|c: char| !c.is_alphabetic()).collect();
            let polite = words.iter().find(|word| POLITE.contains(word) || word.starts_with("ваш"));
            assert!(polite.is_none(), "{}: {key} says {polite:?}: {text}", folder.display());
        }
    }
}
