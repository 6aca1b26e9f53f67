//! The bot protocol's lines: every command and event written reads back as itself, any
//! text at all is a command or one short `err` line, and bytes in chunks become lines with
//! a bounded line.

use hexstack_club::bot::{BotCommand, BotError, BotNews, LONGEST_LINE, Lines, Offer};
use hexstack_club::{GameResult, Reason, Refusal};
use hexstack_rules::{Colour, GameKind};
use proptest::prelude::*;

fn offer() -> impl Strategy<Value = Offer> {
    let board = prop_oneof![(Just(GameKind::Clamber), 2u8..=6), Just((GameKind::Ombagui, 4u8))];
    let clock = prop_oneof![
        Just("none".to_string()),
        // As the clocks write them: 1 to 180 minutes, or seconds that are not whole
        // minutes, and 0 to 180 s a turn.
        (1u32..=180, 0u32..=180).prop_map(|(m, s)| format!("{m}+{s}")),
        (1u32..=10_800, 0u32..=180)
            .prop_filter_map("not whole minutes", |(b, s)| (b % 60 != 0).then(|| format!("{b}s+{s}"))),
    ];
    let colour = prop_oneof![Just(None), Just(Some(Colour::Blue)), Just(Some(Colour::Red))];
    (board, clock, any::<bool>(), colour).prop_map(|((game, side), clock, rated, colour)| Offer {
        game,
        side,
        clock,
        rated,
        colour,
    })
}

fn name() -> impl Strategy<Value = String> {
    "[A-Za-z0-9_-]{2,20}"
}

fn id() -> impl Strategy<Value = i64> {
    1..=i64::MAX
}

/// A turn's word: the rules check it only when it is played.
fn turn() -> impl Strategy<Value = String> {
    "[A-Ka-k][0-9]{1,2}([x-][A-K][0-9]{1,2}){0,3}"
}

fn command() -> impl Strategy<Value = BotCommand> {
    prop_oneof![
        offer().prop_map(BotCommand::Seek),
        (1..=u64::MAX).prop_map(BotCommand::Accept),
        (1..=u64::MAX).prop_map(BotCommand::Cancel),
        (name(), offer()).prop_map(|(name, offer)| BotCommand::Challenge { name, offer }),
        (id(), turn()).prop_map(|(game, turn)| BotCommand::Move { game, turn }),
        id().prop_map(BotCommand::Resign),
        id().prop_map(BotCommand::Watch),
    ]
}

fn verdict() -> impl Strategy<Value = GameResult> {
    let winner = prop_oneof![Just(Some(Colour::Blue)), Just(Some(Colour::Red)), Just(None)];
    (winner, prop::sample::select(Reason::ALL.to_vec()))
        .prop_map(|(winner, reason)| GameResult { winner, reason })
}

fn event() -> impl Strategy<Value = BotNews> {
    let clocks = prop::option::of(any::<[u64; 2]>());
    prop_oneof![
        (1..=u64::MAX).prop_map(BotNews::Seek),
        (1..=u64::MAX).prop_map(BotNews::Cancelled),
        (1..=u64::MAX, name(), offer()).prop_map(|(id, from, offer)| BotNews::Challenge { id, from, offer }),
        (id(), offer(), name(), name()).prop_map(|(id, o, blue, red)| BotNews::Game {
            id,
            game: o.game,
            side: o.side,
            blue,
            red,
            clock: o.clock
        }),
        (id(), any::<u32>(), turn(), clocks).prop_map(|(id, number, turn, clocks)| BotNews::Turn {
            id,
            number,
            turn,
            clocks
        }),
        (id(), verdict()).prop_map(|(id, verdict)| BotNews::End { id, verdict }),
        "[!-~]{1,30}( [!-~]{1,30}){0,5}".prop_map(BotNews::Err),
    ]
}

proptest! {
    #[test]
    fn every_command_written_reads_back_as_itself(command in command()) {
        let line = command.to_string();
        prop_assert!(line.len() <= LONGEST_LINE && !line.contains('\n'));
        prop_assert_eq!(line.parse::<BotCommand>(), Ok(command.clone()));
        prop_assert_eq!(format!("{line}\r\n").parse::<BotCommand>(), Ok(command));
    }

    #[test]
    fn every_event_written_reads_back_as_itself(event in event()) {
        let line = event.to_string();
        prop_assert!(line.len() <= LONGEST_LINE && !line.contains('\n'));
        prop_assert_eq!(line.parse::<BotNews>(), Ok(event));
    }

    #[test]
    fn any_text_is_a_command_or_one_short_err_line(text in ".{0,600}") {
        if let Err(error) = text.parse::<BotCommand>() {
            let line = BotNews::Err(why(error)).to_string();
            prop_assert!(line.starts_with("err ") && line.len() <= LONGEST_LINE, "{line}");
            prop_assert!(line.bytes().all(|b| b.is_ascii_graphic() || b == b' '), "{line:?}");
            prop_assert_eq!(line.parse::<BotNews>(), Ok(BotNews::Err(line[4..].to_string())));
        }
    }

    #[test]
    fn chunks_make_the_same_lines_as_the_whole(lines in prop::collection::vec("[ -~]{0,40}", 0..8), cut in any::<prop::sample::Index>()) {
        let bytes = lines.iter().map(|line| format!("{line}\n")).collect::<String>().into_bytes();
        let at = cut.index(bytes.len() + 1);
        let mut reader = Lines::default();
        let mut read = reader.push(&bytes[..at]);
        read.extend(reader.push(&bytes[at..]));
        prop_assert_eq!(read, lines.into_iter().map(Ok).collect::<Vec<_>>());
    }
}

/// What an error says, or the club's refusal as a value.
fn why(error: BotError) -> String {
    match error {
        BotError::Line(why) => why,
        BotError::Refused(refusal) => format!("{refusal:?}"),
    }
}

fn err(line: &str) -> String {
    match line.parse::<BotCommand>() {
        Err(error) => why(error),
        Ok(command) => panic!("{line:?} read as {command:?}"),
    }
}

#[test]
fn bad_lines_say_what_is_wrong() {
    assert_eq!(
        err(""),
        "an empty line: the commands are seek, accept, challenge, cancel, move, resign, watch"
    );
    assert_eq!(
        err("dance 3"),
        "unknown command 'dance': the commands are seek, accept, challenge, cancel, move, resign, watch"
    );
    assert!(err("seek chess 3 5+3 rated").starts_with("'chess' is not a game: clamber or ombagui"));
    assert!(err("seek ombagui 3 5+3 rated").contains("4"), "{}", err("seek ombagui 3 5+3 rated"));
    assert_eq!(
        "seek clamber 3 5+ rated".parse::<BotCommand>(),
        Err(BotError::Refused(Refusal::Clock("5+".into(), hexstack_rules::time_control::BadControl::Form)))
    );
    assert_eq!(err("seek clamber 3 5+3 ranked"), "'ranked' is neither rated nor casual");
    assert!(err("seek clamber 3").starts_with("expected GAME SIDE CLOCK rated|casual"));
    assert!(err("challenge Ann\u{202e} clamber 3 5+3 rated").contains("only printable ASCII"));
    assert_eq!(
        "challenge A clamber 3 5+3 rated".parse::<BotCommand>(),
        Err(BotError::Refused(Refusal::NameForm("A".into())))
    );
    assert_eq!(err("move 0 C3"), "'0' is not a number: expected a game's number");
    assert_eq!(err("move 7"), "expected 'move GAME_ID TURN'");
    assert_eq!(err("resign 7 now"), "expected 'resign GAME_ID'");
    assert_eq!(err("accept 0"), "a seek's number is 1 or more");
    assert_eq!(
        err(&format!("move 7 {}", "x".repeat(600))),
        format!("the line is longer than {LONGEST_LINE} bytes")
    );
    let said = BotNews::Err("a\u{1b}[2Jb\nc".into()).to_string();
    assert_eq!(said, "err a\\u{1b}[2Jb c");
    assert_eq!("move 7 C3".parse(), Ok(BotCommand::Move { game: 7, turn: "C3".into() }));
    let game = "game 7 ombagui 4 Bo Ann 30s+2".parse::<BotNews>().unwrap();
    assert_eq!(game.to_string(), "game 7 ombagui 4 Bo Ann 30s+2");
    assert_eq!(
        "turn 7 1 C3 - -".parse::<BotNews>().unwrap(),
        BotNews::Turn { id: 7, number: 1, turn: "C3".into(), clocks: None }
    );
}

#[test]
fn a_line_too_long_is_one_error_and_the_next_line_reads() {
    let mut reader = Lines::default();
    let long = vec![b'x'; 10 * LONGEST_LINE];
    let mut read = reader.push(&long);
    read.extend(reader.push(b"tail of it\nresign 7\n\xff\n"));
    assert_eq!(read.len(), 3, "{read:?}");
    assert!(matches!(&read[0], Err(BotError::Line(why)) if why.contains("longer than")));
    assert_eq!(read[1], Ok("resign 7".to_string()));
    assert!(matches!(&read[2], Err(BotError::Line(why)) if why.contains("not UTF-8")));
}

#[test]
fn an_offer_says_the_side_its_poster_plays_and_an_offer_may_be_cancelled() {
    let seek: BotCommand = "seek clamber 3 5+3 rated".parse().unwrap();
    let BotCommand::Seek(offer) = &seek else { panic!("{seek:?}") };
    assert_eq!(offer.colour, None, "no side given: random");
    assert_eq!(seek.to_string(), "seek clamber 3 5+3 rated random", "written with every word");
    let blue: BotCommand = "challenge Ann clamber 4 none casual blue".parse().unwrap();
    assert!(matches!(&blue, BotCommand::Challenge { offer, .. } if offer.colour == Some(Colour::Blue)));
    assert_eq!(err("seek clamber 3 5+3 rated green"), "'green' is not a side: blue, red or random");
    let event: BotNews = "challenge 4 Bo ombagui 4 none casual red".parse().unwrap();
    assert!(matches!(&event, BotNews::Challenge { offer, .. } if offer.colour == Some(Colour::Red)));
    assert_eq!("cancel 12".parse(), Ok(BotCommand::Cancel(12)));
    assert_eq!(err("cancel"), "expected 'cancel ID'");
    assert_eq!(BotNews::Cancelled(12).to_string(), "cancelled 12");
}
