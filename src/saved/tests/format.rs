//! The saved-game text: what is written reads back the same, the review kept with it.

use crate::ai::Level;
use crate::ai::review::Looked;
use crate::record::{End, Players, Record};
use crate::rules::{Any, Colour, GameKind, clamber};
use crate::saved::{KeptReview, read, write, write_reviewed};

fn clamber_record(turns: &[&str]) -> Record<clamber::Position> {
    let mut record = Record::new(clamber::Position::start(crate::rules::hex::Board::SIDE_3));
    for turn in turns {
        record.play(&turn.parse().unwrap()).unwrap();
    }
    record
}

#[test]
fn a_game_reads_back_as_written() {
    let record = clamber_record(&["C3", "D3", "C2", "D3xC3"]);
    let players = Players { blue: Some("Ann".into()), red: Some("Bo".into()), computer: None };
    let text = write(&record, &players, "2026-11-30 15:31 UTC");
    assert_eq!(
        text,
        "hexstack saved game\ngame: clamber\nsize: 3\ndate: 2026-11-30 15:31 UTC\nblue: Ann\nred: Bo\n\
         start: 3/b/-\nresult: Red won\nat: 4 of 4\nturns:\nBlue C3\nRed D3\nBlue C2\nRed D3xC3\nend\n"
    );
    let saved = read(&text).unwrap();
    assert_eq!(saved.players, players);
    let Any::Clamber(loaded) = saved.game else { panic!("a Clamber game") };
    assert_eq!(loaded.position(), record.position());
    assert_eq!(loaded.end(), Some(End::Won(Colour::Red)));
}

#[test]
fn taken_back_turns_and_resignations_are_kept() {
    let mut record = clamber_record(&["C3", "D3", "A1"]);
    record.undo();
    let text = write(&record, &Players::default(), "");
    assert!(text.contains("at: 2 of 3\n"));
    let Any::Clamber(mut loaded) = read(&text).unwrap().game else { panic!() };
    assert_eq!(loaded.position(), record.position());
    assert!(loaded.redo());
    let mut record = clamber_record(&["C3"]);
    record.resign();
    let Any::Clamber(loaded) = read(&write(&record, &Players::default(), "")).unwrap().game else { panic!() };
    assert_eq!(loaded.end(), Some(End::Resigned(Colour::Red)));
}

#[test]
fn a_review_is_kept_with_its_game_as_far_as_the_line_holds() {
    let record = clamber_record(&["C3", "D3"]);
    let line = vec!["C3".to_string(), "D3".to_string()];
    let review = KeptReview {
        level: Level::REVIEW,
        line: line.clone(),
        looked: vec![
            Looked { blue: 0.5, best: Some("C3".into()), after_best: None },
            Looked { blue: 0.516, best: Some("D4".into()), after_best: Some(0.5) },
            Looked { blue: 0.25, best: Some("C2".into()), after_best: None },
        ],
    };
    let text = write_reviewed(&record, &Players::default(), "", Some(&review));
    assert!(text.ends_with("Red D3\nreview: 4 exact\n0.5 C3\n0.516 D4 0.5\n0.25 C2\nend\n"), "{text}");
    assert_eq!(read(&text).unwrap().review, Some(review.clone()));
    // After an undo and another turn, only the start and C3 still hold.
    let mut other = clamber_record(&["C3"]);
    other.play(&"E5".parse().unwrap()).unwrap();
    let text = write_reviewed(&other, &Players::default(), "", Some(&review));
    assert_eq!(read(&text).unwrap().review.unwrap().looked.len(), 2);
    // A review not as written is dropped; the game loads all the same.
    for bad in ["review: 9 exact\n0.5 C3\n", "review: 4 exact\n1.5 C3\n", "review: 4 exact\nhalf C3\n"] {
        let text = write(&record, &Players::default(), "").replace("end\n", &format!("{bad}end\n"));
        let saved = read(&text).unwrap();
        assert_eq!((saved.review, saved.game.kind()), (None, GameKind::Clamber), "{bad}");
    }
}

/// A kept chance of 0.153 after 0.053 is exactly ten points at three decimals, an
/// inaccuracy, where the figures themselves were not: every digit is kept now.
#[test]
fn a_kept_review_keeps_its_figures_exactly() {
    let record = clamber_record(&["C3", "D3"]);
    let looked = |blue: f64, best: &str, after_best| Looked { blue, best: Some(best.into()), after_best };
    let review = KeptReview {
        level: Level::ALL[2],
        line: vec!["C3".to_string(), "D3".to_string()],
        looked: vec![
            looked(0.4812587841214648, "A1", None),
            looked(0.15312345678901234, "C1", Some(0.05299999999999999)),
            looked(1.0 / 3.0, "A3xA1", None),
        ],
    };
    let text = write_reviewed(&record, &Players::default(), "", Some(&review));
    assert_eq!(read(&text).unwrap().review, Some(review), "{text}");
}

/// A file written before chances were kept whole still loads; its rounded review is not
/// used (it could judge a turn otherwise), so the game is reviewed again.
#[test]
fn an_older_file_s_rounded_review_loads_with_its_game_and_is_made_again() {
    let record = clamber_record(&["C3", "D3"]);
    let old = "review: 4\n0.500 C3\n0.516 D4 0.500\n0.250 C2\n";
    let text = write(&record, &Players::default(), "").replace("end\n", &format!("{old}end\n"));
    let saved = read(&text).unwrap();
    assert_eq!((saved.review, saved.game.kind()), (None, GameKind::Clamber));
}

#[test]
fn a_byte_order_mark_is_read_past() {
    let good = "hexstack saved game\ngame: clamber\nstart: 3/b/-\nturns:\nBlue C3\nend\n";
    let bom = [&b"\xef\xbb\xbf"[..], good.as_bytes()].concat();
    let read = crate::saved::read_bytes(&bom).expect("a file with a byte-order mark reads");
    let turns = crate::each_game!(&read.game, record => record.all_turns().map(|turn| turn.to_string()).collect::<Vec<_>>());
    assert_eq!(turns, ["C3"]);
    assert!(crate::saved::read(&format!("\u{feff}{good}")).is_ok());
}
