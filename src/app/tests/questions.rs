//! Every question box in every language, on a wide and a narrow screen: the question whole,
//! the keys that answer it in the language's own script (o for oui, д for да, н for не),
//! and y beside them where it is not the language's own.

use crate::app::{App, Overlay, Question};
use crate::i18n::{Lang, text};
use crate::rules::{Colour, GameKind};
use crate::testing::*;
use ratatui::layout::Rect;

fn questions() -> Vec<Question> {
    let why = text!(crate::i18n::keys::PLAIN, "no data folder");
    vec![
        Question::Quit,
        Question::Menu,
        Question::Resign(Colour::Blue),
        Question::YouResign(Colour::Red),
        Question::Draw(Colour::Blue),
        Question::OfferDraw,
        Question::TakeBack(Colour::Red),
        Question::Branch(2),
        Question::UndoOnTime,
        Question::Replace("game.hexstack".into()),
        Question::Locked("4242@host".to_string()),
        Question::Unkept { why: why.clone(), quit: true, game: GameKind::Clamber },
        Question::Unkept { why, quit: false, game: GameKind::Clamber },
        Question::EndTurn("B2xC4".to_string()),
        Question::Again,
        Question::LeaveClub,
    ]
}

/// What the box says, `app` drawn with and without it: on each row, the columns that
/// differ, inside the box's borders, joined and its spaces made plain.
fn box_words(app: &mut App, question: &Question, lang: Lang) -> String {
    let under = render_in(app, lang).backend().to_string();
    app.overlay = Some(Overlay::Ask(question.clone()));
    let over = render_in(app, lang).backend().to_string();
    app.overlay = None;
    let mut words = Vec::new();
    for (under, over) in under.lines().zip(over.lines()) {
        let (under, over): (Vec<char>, Vec<char>) = (under.chars().collect(), over.chars().collect());
        let differ: Vec<usize> = (0..over.len()).filter(|&n| under.get(n) != over.get(n)).collect();
        if let (Some(&first), Some(&last)) = (differ.first(), differ.last()) {
            let row: String = over[first..=last].iter().collect();
            words.push(row.trim_matches(|c: char| "│┌┐└┘─".contains(c)).to_string());
        }
    }
    plain(&words.join(" "))
}

/// `text` with every run of white space (a no-break space too) one plain space.
fn plain(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn every_question_shows_its_keys_in_the_languages_script_and_says_y_works_too() {
    for (width, height) in [(80, 24), (60, 20)] {
        let mut app = clamber("3/b/C3=b1");
        app.area = Rect::new(0, 0, width, height);
        for lang in Lang::ALL {
            for question in questions() {
                let words = box_words(&mut app, &question, lang);
                let asked = lang.say_with(&question.text(), &|action| {
                    app.profile.keys.key_for(crate::app::keys::Context::Question, action, lang)
                });
                let asked = plain(&asked);
                assert!(words.contains(&asked), "{lang:?} at {width}: the question is whole\n{words}");
                let yes = match lang {
                    Lang::En => "y ",
                    Lang::Fr => "o/y ",
                    Lang::Sr => "д/y ",
                };
                assert!(words.contains(yes), "{lang:?} at {width}, {question:?}: {yes}\n{words}");
                let generic = !matches!(question, Question::Locked(_) | Question::Unkept { .. });
                let no = match lang {
                    Lang::Sr => "н не",
                    Lang::Fr => "n non",
                    Lang::En => "n no",
                };
                assert!(!generic || words.contains(no), "{lang:?}, {question:?}: {no}\n{words}");
                if lang == Lang::Sr {
                    let latin = words.split(' ').any(|word| matches!(word, "n" | "s" | "o"));
                    assert!(!latin, "a Serbian box names its keys in Cyrillic (the Latin beside)\n{words}");
                }
            }
        }
    }
}

#[test]
fn the_languages_own_keys_answer_as_y_and_n_do() {
    for (key, yes) in [("д", true), ("Д", true), ("o", true), ("y", true), ("н", false), ("N", false)] {
        let mut app = clamber("3/b/C3=b1");
        press(&mut app, &["r"]);
        assert!(matches!(app.overlay, Some(Overlay::Ask(_))));
        press(&mut app, &[key]);
        assert_eq!(game(&app).table.end().is_some(), yes, "{key}");
        assert!(app.overlay.is_none(), "{key} answers");
    }
    // The Serbian keyboard's с saves a game that cannot be kept, as s does.
    let mut app = clamber("3/b/C3=b1");
    let why = text!(crate::i18n::keys::PLAIN, "no data folder");
    app.overlay = Some(Overlay::Ask(Question::Unkept { why, quit: true, game: GameKind::Clamber }));
    press(&mut app, &["с"]);
    assert!(matches!(app.overlay, Some(Overlay::SaveAs(_))), "{:?}", app.overlay);
}
