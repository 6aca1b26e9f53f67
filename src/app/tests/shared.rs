//! Two terminals at one shared game, as over SSH but without the network: each app is
//! driven with its own events, and hears of what another did as the loop tells it.

use crate::app::Profile;
use crate::record::AnyRecordExt;

use crate::app::event::Event;
use crate::app::keys;
use crate::app::link::Link;
use crate::app::prompt::Question;
use crate::app::{App, Overlay};
use crate::record::AnyRecord;
use crate::rules::{Any, AnyPosition, Colour, clamber};
use crate::testing::{AREA, click, game, message, position, press, render, render_in};
use std::sync::Arc;

/// The host (Blue) and a guest (Red) at a game from `start`, both looking at it.
fn table(start: &str) -> (Arc<Link>, App, App) {
    let start: clamber::Position = start.parse().unwrap();
    let link = Link::new(AnyRecord::new(AnyPosition::Clamber(start)));
    let mut host = App::shared(Profile::default(), link.sit(Colour::Blue, false), AREA);
    let mut guest = App::shared(Profile::default(), link.sit_guest(), AREA);
    tick([&mut host, &mut guest]);
    (link, host, guest)
}

thread_local! {
    /// The shared game's revision when the terminals last heard of it.
    static HEARD: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// What the loop does once the first app acted: the others hear that the shared game (or
/// who is at it) changed.
fn tick(apps: [&mut App; 2]) {
    let [actor, other] = apps;
    let revision = game(actor).table.revision();
    let played = HEARD.with(|heard| heard.replace(revision)) != revision;
    other.handle(Event::Shared { played });
}

fn screen_text(app: &App) -> String {
    let terminal = render(app);
    terminal.backend().buffer().content().iter().map(|cell| cell.symbol()).collect()
}

#[test]
fn each_plays_only_their_own_turns_and_sees_the_others_at_once() {
    let (_link, mut host, mut guest) = table("3/b/-");
    let guest_cursor = game(&guest).table.cursor().cell;
    // Red's keys on Blue's turn: the cursor moves, nothing is played.
    press(&mut guest, &["l", "Enter"]);
    assert_ne!(game(&guest).table.cursor().cell, guest_cursor, "the guest's own cursor moves");
    assert_eq!(game(&host).table.cursor().cell, guest_cursor, "the host's does not");
    assert_eq!(message(&guest), "Blue is thinking");
    click(&mut host, "C3");
    tick([&mut host, &mut guest]);
    assert_eq!(position(&guest), "3/r/C3=b1", "the guest sees Blue's turn at once");
    assert_eq!(message(&guest), "Last turn C3: Red to move");
    assert!(screen_text(&guest).contains("You play Red: your turn"));
    click(&mut host, "D3");
    assert_eq!(position(&host), "3/r/C3=b1", "not the host's turn");
    click(&mut guest, "D3");
    tick([&mut guest, &mut host]);
    assert_eq!(position(&host), "3/b/C3=b1,D3=r1");
    let footer = render(&guest).backend().to_string();
    assert!(
        footer.contains("q leave") && !footer.contains("q quit"),
        "the footer says what q does:\n{footer}"
    );
    press(&mut guest, &["q"]);
    assert!(guest.quit, "a guest leaves at once: the host keeps the game");
    press(&mut host, &["q"]);
    assert_eq!(host.overlay, Some(Overlay::Ask(Question::Quit)), "the host is asked");
    press(&mut host, &["n", "h"]);
    let text = screen_text(&host);
    assert!(text.contains("*r1*"), "the last turn is marked on the host's board: {text}");
}

#[test]
fn undo_needs_the_other_players_yes() {
    let (link, mut host, mut guest) = table("3/b/-");
    click(&mut host, "C3");
    tick([&mut host, &mut guest]);
    click(&mut guest, "D3");
    tick([&mut guest, &mut host]);

    // Red asks, Blue says no: nothing changes.
    press(&mut guest, &["u"]);
    assert_eq!(message(&guest), "asked Blue to let you take back your last turn");
    tick([&mut guest, &mut host]);
    assert_eq!(host.overlay, Some(Overlay::Ask(Question::TakeBack(Colour::Red))));
    press(&mut host, &["n"]);
    tick([&mut host, &mut guest]);
    assert_eq!(position(&guest), "3/b/C3=b1,D3=r1");
    assert_eq!(message(&guest), "Blue did not agree to take back your turn");

    // Blue asks on its own turn: yes takes back Red's answer and Blue's turn, on both screens.
    press(&mut host, &["u"]);
    tick([&mut host, &mut guest]);
    assert_eq!(guest.overlay, Some(Overlay::Ask(Question::TakeBack(Colour::Blue))));
    press(&mut guest, &["y"]);
    tick([&mut guest, &mut host]);
    assert_eq!(position(&host), "3/b/-");
    assert_eq!(
        message(&host),
        "Red agreed: your last turn and Red's answer are taken back",
        "told to the asker"
    );
    assert_eq!(position(&guest), "3/b/-");
    assert_eq!(message(&guest), "Blue's last turn and Red's answer taken back: Blue to move");
    let Any::Clamber(record) = link.game() else { panic!("a Clamber game") };
    assert_eq!(record.all_turns().count(), 0, "taken back for good: nothing left to redo");
}

#[test]
fn a_draw_is_offered_to_the_other_screen_and_a_guest_cannot_save() {
    let (_link, mut host, mut guest) = table("3/b/-");
    press(&mut guest, &["s"]);
    assert_eq!(guest.overlay, None, "no file prompt on the host's disk for a guest");
    press(&mut host, &["d"]);
    tick([&mut host, &mut guest]);
    assert_eq!(guest.overlay, Some(Overlay::Ask(Question::Draw(Colour::Blue))));
    press(&mut guest, &["y"]);
    tick([&mut guest, &mut host]);
    assert!(game(&host).table.end().is_some(), "the draw reached the host");
    assert_eq!(message(&host), "Red agreed to the draw");
}

#[test]
fn a_watcher_sees_the_game_and_plays_nothing() {
    let (link, mut host, mut guest) = table("3/b/-");
    let mut watcher = App::shared(Profile::default(), link.sit_guest(), AREA);
    click(&mut watcher, "C3");
    press(&mut watcher, &["u", "d"]);
    tick([&mut watcher, &mut host]);
    assert_eq!((position(&host), host.overlay.clone()), ("3/b/-".to_string(), None));
    click(&mut host, "C3");
    tick([&mut host, &mut watcher]);
    assert_eq!(position(&watcher), "3/r/C3=b1");
    assert!(screen_text(&watcher).contains("You are watching"));
    tick([&mut host, &mut guest]);
    assert_eq!(position(&guest), "3/r/C3=b1", "every terminal plays on the one record");
}

#[test]
fn the_help_and_hints_of_a_shared_game_name_only_its_keys() {
    let (_link, mut host, _guest) = table("3/b/C3=b1");
    let hints = keys::KeyTable::default().hints(host.context(), crate::i18n::Lang::En);
    assert!(hints.contains("u ") && !hints.contains("^r"), "no redo in a shared game: {hints}");
    press(&mut host, &["?"]);
    let help = screen_text(&host);
    assert!(help.contains("save to a file (the host only)"), "{help}");
    assert!(help.contains("ask the other player to take back"), "{help}");
    for key in ["Home", "End", "^r"] {
        assert!(!help.contains(key), "{key} goes through the history, not in a shared game");
    }
    // The key does nothing here: the game stays as it is.
    press(&mut host, &["Esc", "Home", "m"]);
    assert_eq!(position(&host), "3/b/C3=b1");
    assert!(host.overlay.is_none());
}

#[test]
fn the_shared_help_fits_80x24_in_every_language() {
    for lang in [crate::i18n::Lang::En, crate::i18n::Lang::Fr, crate::i18n::Lang::Sr] {
        let (_link, mut host, _guest) = table("3/b/-");
        press(&mut host, &["?"]);
        let terminal = render_in(&host, lang);
        let buffer = terminal.backend().buffer();
        let rows: Vec<String> = (0..buffer.area.height)
            .map(|y| (0..buffer.area.width).map(|x| buffer[(x, y)].symbol()).collect())
            .collect();
        let bottom = rows.iter().position(|row| row.contains('└')).expect("the help's box is whole");
        assert!(bottom < 23, "{lang:?}: the hint line stays below the box");
        let text = rows.join("\n");
        for (_, what) in
            keys::KeyTable::default().help(host.context(), Some(crate::rules::GameKind::Clamber), lang)
        {
            let start: String = what.chars().take(12).collect();
            assert!(text.contains(&start), "{lang:?}: {what} is in the help\n{text}");
        }
        // What the marks mean has a column of its own, a mark and its words on one line.
        let cursor = rows.iter().find(|row| row.contains("[ ] ")).expect("the cursor's mark");
        let words = cursor.split("[ ] ").nth(1).unwrap().trim_end_matches(['│', ' ']);
        assert!(words.chars().count() >= 6, "{lang:?}: {cursor}");
    }
}

#[test]
fn the_host_hears_who_comes_and_goes_and_is_told_who_quitting_drops() {
    let (link, mut host, guest) = table("3/b/-");
    assert!(screen_text(&host).contains("You play Blue: your turn"));
    let watcher = App::shared(Profile::default(), link.sit_guest(), AREA);
    host.handle(Event::Shared { played: false });
    assert_eq!(message(&host), "someone came to watch");
    press(&mut host, &["q"]);
    let asked = screen_text(&host);
    assert!(asked.contains("This drops Red and 1 watching"), "{asked}");
    press(&mut host, &["n"]);
    drop(guest);
    host.handle(Event::Shared { played: false });
    assert_eq!(message(&host), "Red left the game");
    drop(watcher);
    host.handle(Event::Shared { played: false });
    assert_eq!(message(&host), "a watcher left");
    press(&mut host, &["Enter", "q"]);
    assert!(screen_text(&host).contains("Quit? The game is kept"), "nobody left to drop");
}

#[test]
fn a_watcher_is_offered_only_what_a_watcher_can_do() {
    let (link, _host, _guest) = table("3/b/-");
    let mut watcher = App::shared(Profile::default(), link.sit_guest(), AREA);
    let hints = keys::KeyTable::default().hints(watcher.context(), crate::i18n::Lang::En);
    for word in ["Enter", "undo", "Esc"] {
        assert!(!hints.contains(word), "{word} in a watcher's hints: {hints}");
    }
    press(&mut watcher, &["?"]);
    let help = screen_text(&watcher);
    assert!(help.contains("cursor left") && help.contains("leave"), "{help}");
    for what in ["take back", "draw", "resign", "save", "hint: a turn"] {
        assert!(!help.contains(what), "{what} in a watcher's help");
    }
}

#[test]
fn the_host_is_told_when_guests_cannot_come_in() {
    let (link, mut host) = {
        let start: clamber::Position = "3/b/-".parse().unwrap();
        let link = Link::new(AnyRecord::new(AnyPosition::Clamber(start)));
        let host = App::shared(Profile::default(), link.sit(Colour::Blue, false), AREA);
        (link, host)
    };
    press(&mut host, &["Enter"]);
    link.set_listening(false);
    host.handle(Event::Shared { played: false });
    assert!(screen_text(&host).contains("no guest can come in now"), "{}", screen_text(&host));
    link.set_listening(true);
    host.handle(Event::Shared { played: false });
    assert!(screen_text(&host).contains("Waiting for Red to join"));
}

#[test]
fn a_question_the_game_has_moved_past_is_not_carried_out() {
    let (link, mut host, mut guest) = table("3/b/-");
    click(&mut host, "C3");
    tick([&mut host, &mut guest]);
    press(&mut host, &["u"]);
    tick([&mut host, &mut guest]);
    assert_eq!(guest.overlay, Some(Overlay::Ask(Question::TakeBack(Colour::Blue))));
    // A turn played meanwhile (the loop drops the question then).
    link.drop_question();
    press(&mut guest, &["y"]);
    assert_eq!(position(&guest), "3/r/C3=b1", "nothing taken back");
    assert_eq!(message(&guest), "that question no longer stands: the game has moved on");
}

#[test]
fn each_terminal_is_told_what_to_do_on_its_own_turn_only() {
    let start: clamber::Position = "3/b/-".parse().unwrap();
    let link = Link::new(AnyRecord::new(AnyPosition::Clamber(start)));
    let mut host = App::shared(Profile::default(), link.sit(Colour::Blue, false), AREA);
    assert!(message(&host).starts_with("Blue: Enter places"), "{}", message(&host));
    let mut guest = App::shared(Profile::default(), link.sit_guest(), AREA);
    assert_eq!(message(&guest), "Blue is thinking", "not Blue's instructions");
    tick([&mut host, &mut guest]);
    click(&mut host, "C3");
    tick([&mut host, &mut guest]);
    assert!(message(&guest).starts_with("Last turn C3"), "{}", message(&guest));
    click(&mut guest, "D3");
    tick([&mut guest, &mut host]);
    // Taken back to the start: Blue's turn again, and the guest is told so, in words of news.
    press(&mut host, &["u"]);
    tick([&mut host, &mut guest]);
    press(&mut guest, &["y"]);
    tick([&mut guest, &mut host]);
    assert_eq!(position(&guest), "3/b/-");
    for app in [&host, &guest] {
        assert!(!message(app).contains("Enter places"), "{}", message(app));
    }
    // A watcher is told they watch.
    let watcher = App::shared(Profile::default(), link.sit_guest(), AREA);
    assert_eq!(message(&watcher), "You are watching this game");
}

#[test]
fn the_host_back_at_a_game_on_the_guests_turn_says_how_to_invite_them() {
    let start: clamber::Position = "3/r/C3=b1".parse().unwrap();
    let link = Link::new(AnyRecord::new(AnyPosition::Clamber(start)));
    let mut seat = link.sit(Colour::Blue, false);
    seat.invite = Some(crate::i18n::text!(crate::i18n::keys::PLAIN, "ssh here".to_string()));
    let mut host = App::shared(Profile::default(), seat, AREA);
    assert_eq!(message(&host), "Waiting for Red to join. ssh here");
    press(&mut host, &["Enter"]);
    assert_eq!(message(&host), "Waiting for Red to join. ssh here");
    // Red comes, on Red's turn: Red's own instructions.
    let guest = App::shared(Profile::default(), link.sit_guest(), AREA);
    assert!(message(&guest).starts_with("Red: Enter places"), "{}", message(&guest));
}
