//! The screen-reader mode as its players meet it: whole games of both games, the rules read
//! on, a puzzle, the menu and a game against the computer, in English, French and Serbian,
//! each a transcript compared to a snapshot (`> ` before each line typed; tests/screen_reader.rs
//! types the same lines into the binary's pipes); and no line anywhere with an escape
//! sequence, a box-drawing, block or private-use character.

use crate::ai::Level;
use crate::app::{App, Computer, Profile};
use crate::autosave::Autosave;
use crate::i18n::Lang;
use crate::rules::{AnyPosition, Colour, GameKind};
use crate::speech::Conversation;
use ratatui::layout::Rect;
use std::path::Path;

/// Where the seed example's chain starts (RULES.md).
const CHAIN: &str = "3/b/B2=b2,B3=r1,C4=r2,D4=r2,D5=r1,E4=r3,E5=r3";

/// An Ombagui game one move from its end: Red's fourth tower needs its dark.
const LAST_TOWER: &str = "b/D7=rL.rM.rD,E7=rL.rM.rD,F7=rL.rM.rD,G7=rL.rM,G4=rD,C5=bL.bM.bD,D5=bL.bM.bD,C3=bM";

/// A Clamber puzzle: Red wins in 2 (E5, Blue's C1, then D2xA1).
const PUZZLE: &str = "c3-0009\tclamber\t3/r/A1=b1,A2=b1,A3=b1,B1=b1,B2=b1,B3=b1,B4=b1,D2=r1,D3=r1,D4=r1,D5=r1,E3=r1,E4=r1\tE5 C1 D2xA1\t1350\twin-in-2,placement,equal-capture,distant-capture,sweep\tself-play\t3/b/A1=b1,A3=b1,B1=b1,B2=b1,B3=b1,B4=b1,D2=r1,D3=r1,D4=r1,D5=r1,E3=r1,E4=r1\tA2";

/// The person at the terminal: `lang`, the mode of lines' own defaults, and reviews at the
/// beginner's level so that they are quick.
fn profile(lang: Lang) -> Profile {
    let mut profile = crate::speech::profile(Profile { lang, ..Profile::default() }, true);
    profile.prefs.review_level = Level::ALL[0];
    profile
}

fn game(lang: Lang, game: GameKind, position: &str) -> App {
    let start: AnyPosition = game.position(position, None).unwrap();
    App::game(profile(lang), start, Rect::default())
}

/// `lines` typed at `app`, each once what came before it is said, as a transcript.
fn transcript(mut app: App, lines: &[&str]) -> String {
    let folder = tempfile::tempdir().unwrap();
    let autosave = Autosave::new(Some(folder.path().join("saves")), &mut app);
    let mut talk = Conversation::new(app, autosave);
    let mut said = talk.opening();
    for line in lines {
        said.push(format!("> {line}"));
        said.extend(talk.line(line));
    }
    said.push("> (the end of the input)".to_string());
    said.extend(talk.end());
    let said = said.join("\n");
    speakable(&said);
    said
}

/// Fails on any character a speech synthesiser would spell out or a terminal would take
/// as a command: an escape, a control character, box drawing, blocks, private use.
fn speakable(said: &str) {
    for (n, line) in said.lines().enumerate() {
        let bad = line.chars().find(|&c| {
            c.is_control()
                || ('\u{2500}'..='\u{259f}').contains(&c)
                || ('\u{e000}'..='\u{f8ff}').contains(&c)
                || matches!(c, '·' | '…' | '│' | '←' | '→' | '↑' | '↓')
        });
        assert!(bad.is_none(), "line {}: {bad:?} in {line:?}", n + 1);
    }
}

const LANGS: [(Lang, &str); 3] = [(Lang::En, "en"), (Lang::Fr, "fr"), (Lang::Sr, "sr")];

/// The seed example's chain, then a whole game to Blue's win, in each language's commands.
const CLAMBER: [&[&str]; 3] = [
    &[
        "help",
        "board",
        "cell C4",
        "captures",
        "B2",
        "C4",
        "E5",
        "board red",
        "last",
        "A1",
        "score",
        "B2xB3",
        "undo",
        "redo",
        "moves",
        "B1",
        "B2xE5",
        "B2xA1",
        "D4",
        "C4xD4",
        "turn",
        "again",
        "quit",
    ],
    &[
        "aide",
        "plateau",
        "case C4",
        "prises",
        "B2xC4xE5",
        "plateau rouge",
        "dernier",
        "A1",
        "score",
        "b2xb3",
        "annuler",
        "refaire",
        "coups",
        "B1",
        "B2xA1",
        "D4",
        "C4xD4",
        "trait",
        "quitter",
    ],
    &[
        "помоћ",
        "табла",
        "поље C4",
        "узимања",
        "B2xC4xE5",
        "табла црвена",
        "последњи",
        "A1",
        "стање",
        "B2xB3",
        "врати",
        "понови",
        "потези",
        "B1",
        "B2xA1",
        "D4",
        "C4xD4",
        "ред",
        "излаз",
    ],
];

#[test]
fn a_clamber_game_from_the_seed_chain_to_the_win_in_three_languages() {
    for ((lang, name), lines) in LANGS.into_iter().zip(CLAMBER) {
        let said = transcript(game(lang, GameKind::Clamber, CHAIN), lines);
        insta::assert_snapshot!(format!("clamber_{name}"), said);
    }
}

/// The last tower of an Ombagui game: a piece picked up and moved, a cell with no piece of
/// yours, the moves, then the winning move.
const OMBAGUI: [&[&str]; 3] = [
    &[
        "board",
        "cell G4",
        "C3",
        "C4",
        "C5",
        "board red",
        "moves",
        "captures",
        "score",
        "G4-G5",
        "G4-G7",
        "last",
    ],
    &[
        "plateau",
        "case G4",
        "C3",
        "C4",
        "C5",
        "plateau rouge",
        "coups",
        "prises",
        "score",
        "G4-G5",
        "G4-G7",
        "dernier",
    ],
    &[
        "табла",
        "поље G4",
        "C3",
        "C4",
        "C5",
        "табла црвена",
        "потези",
        "узимања",
        "стање",
        "G4-G5",
        "G4-G7",
        "последњи",
    ],
];

#[test]
fn an_ombagui_game_to_its_last_tower_in_three_languages() {
    for ((lang, name), lines) in LANGS.into_iter().zip(OMBAGUI) {
        let said = transcript(game(lang, GameKind::Ombagui, LAST_TOWER), lines);
        insta::assert_snapshot!(format!("ombagui_{name}"), said);
    }
}

#[test]
fn the_rules_read_on_stepped_back_and_tried_in_three_languages() {
    let lines: [&[&str]; 3] = [
        &[
            "next", "pages", "7", "next", "next", "back", "board", "try", "E5", "last", "quit", "back", "99",
            "quit",
        ],
        &[
            "suivant", "sommaire", "7", "suivant", "suivant", "retour", "plateau", "essayer", "B2xC4", "E5",
            "quitter", "retour", "99", "quitter",
        ],
        &[
            "следећи",
            "садржај",
            "7",
            "следећи",
            "следећи",
            "назад",
            "табла",
            "пробај",
            "B2xC4",
            "E5",
            "излаз",
            "назад",
            "99",
            "излаз",
        ],
    ];
    for ((lang, name), lines) in LANGS.into_iter().zip(lines) {
        let app = App::rules(profile(lang), GameKind::Clamber, Rect::default());
        insta::assert_snapshot!(format!("rules_{name}"), transcript(app, lines));
    }
}

/// The puzzle screen on [`PUZZLE`] alone, its history kept in `folder`.
fn puzzle(lang: Lang, folder: &Path) -> App {
    let puzzles = crate::puzzles::read_set(PUZZLE).unwrap();
    let history = crate::puzzles::files::kept_history(Some(folder.join("history.tsv")));
    App::puzzles(profile(lang), puzzles, Default::default(), history, Rect::default())
}

#[test]
fn a_puzzle_solved_failed_and_hinted_in_three_languages() {
    let lines: [&[&str]; 3] = [
        &["help", "last", "E5", "D2xA1", "redo", "again", "quit"],
        &["C3", "refaire", "refaire", "annuler", "quitter"],
        &["савет", "E5", "D2", "A1", "понови", "излаз"],
    ];
    for ((lang, name), lines) in LANGS.into_iter().zip(lines) {
        let folder = tempfile::tempdir().unwrap();
        insta::assert_snapshot!(format!("puzzle_{name}"), transcript(puzzle(lang, folder.path()), lines));
    }
}

#[test]
fn the_menu_sets_up_a_game_against_the_computer_and_resumes_it() {
    // Red against the computer at level 2, which looks two turns ahead at once: the same
    // turns on every machine.
    let lines = [
        "help", "99", "chess", "4", "", "2", "2", "none", "turn", "E5", "hint", "last", "quit", "yes", "5",
        "turn", "undo", "quit", "yes", "0", "yes",
    ];
    let app = App::new(profile(Lang::En), Rect::default());
    insta::assert_snapshot!("menu_en", transcript(app, &lines));
}

#[test]
fn a_game_against_the_computer_is_announced_turn_by_turn_and_reviewed() {
    let computer = Computer::playing(Colour::Red, Level::new(2).unwrap());
    let app = game(Lang::Fr, GameKind::Clamber, "start").with_computer(Some(computer));
    let lines = [
        "C3", "D4", "trait", "nulle", "oui", "abandon", "oui", "analyse", "suivant", "plateau", "quitter",
        "quitter",
    ];
    insta::assert_snapshot!("computer_fr", transcript(app, &lines));
}

#[test]
fn bad_lines_get_one_line_each_and_no_panic() {
    let lines = [
        "",
        "frobnicate",
        "cell",
        "cell Z9",
        "cell 3C",
        "board green",
        "Z9",
        "C3xx",
        "C3 D4",
        "end",
        "again",
        "D4xD3",
        "B2xC4xD4",
        "save",
        "back",
        "resign",
        "maybe",
        "B2xC4",
    ];
    let said = transcript(game(Lang::En, GameKind::Clamber, CHAIN), &lines);
    insta::assert_snapshot!("bad_lines_en", said);
}

#[test]
fn the_clocks_are_said_in_minutes_and_seconds_and_a_flag_falls_in_words() {
    let time = crate::clock::Timepiece::fake();
    let control = crate::clock::TimeControl::parse("1+2").unwrap();
    let mut app = game(Lang::En, GameKind::Clamber, "start").with_clock(control);
    app.set_time(time.clone());
    let folder = tempfile::tempdir().unwrap();
    let autosave = Autosave::new(Some(folder.path().to_path_buf()), &mut app);
    let mut talk = Conversation::new(app, autosave);
    talk.opening();
    assert_eq!(talk.line("clocks"), ["Blue has 1 minute and Red has 1 minute", "Blue's clock is running."]);
    time.advance(std::time::Duration::from_millis(12_500));
    talk.line("C3");
    let said = talk.line("k");
    assert_eq!(said[0], "Blue has 49 seconds and Red has 1 minute", "Blue's 2 seconds added: {said:?}");
    time.advance(std::time::Duration::from_secs(61));
    let said = talk.line("board");
    assert_eq!(said[0], "Red's time is up: Blue wins.", "{said:?}");
}

#[test]
fn any_reader_and_writer_of_lines_drive_a_session() {
    let mut app = game(Lang::En, GameKind::Clamber, CHAIN);
    let folder = tempfile::tempdir().unwrap();
    let mut autosave = Autosave::new(Some(folder.path().to_path_buf()), &mut app);
    let input = std::io::Cursor::new(b"B2xC4xE5\r\nboard red\n".to_vec());
    let mut output = Vec::new();
    let channel = std::sync::mpsc::sync_channel(16);
    crate::speech::drive::converse(app, input, &mut output, channel, &mut autosave).unwrap();
    let said = String::from_utf8(output).unwrap();
    let chain = "Blue: B2 takes C4 then E5, a chain of equal captures; C4 is blue 3 and E5 is blue 4; D4 and E4 are removed. Red to move.";
    assert!(said.contains(&format!("{chain}\nRed: 2 stacks: B3 height 1 and D5 height 1.\n")), "{said}");
}

/// Every transcript kept: no line a synthesiser would stumble on.
#[test]
fn no_transcript_has_an_escape_a_box_drawing_a_block_or_a_private_use_character() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/speech/tests/snapshots");
    let mut read = 0;
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("hexstack__speech__tests__transcripts__") && name.ends_with(".snap") {
            let text = std::fs::read_to_string(&path).unwrap();
            let body = text.splitn(3, "---\n").nth(2).unwrap_or_default();
            speakable(body);
            read += 1;
        }
    }
    assert!(read >= 15, "the transcripts are there: {read}");
}
