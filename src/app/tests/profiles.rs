//! Each terminal has a profile of its own: its language, keys, colours and new games'
//! defaults. Two terminals in one process each play and draw as theirs, and a guest over
//! SSH gets its own language and the program's keys and colours, never the host's.

#[cfg(feature = "ssh")]
use crate::testing::guest;

use crate::app::keys::{Action, CursorStep, KEYS, KeyTable, press as key, rebind};
use crate::app::{App, Profile};
use crate::i18n::Lang;
use crate::rules::hex::Cell;
use crate::settings::Prefs;
use crate::testing::{clamber, clamber_as, game, press};
use crate::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Color;

/// A person of their own: French, `a` to go left, the colour-blind theme, Blue named Ana.
fn own() -> Profile {
    let mut table = KEYS.to_vec();
    rebind(&mut table, Action::Step(CursorStep::Left), &[key("a").unwrap()]).unwrap();
    let prefs = Prefs { blue: Some("Ana".into()), ..Prefs::default() };
    Profile {
        lang: Lang::Fr,
        keys: KeyTable::own(table),
        theme: Theme::COLOUR_BLIND,
        prefs,
        ..Profile::default()
    }
}

/// `app` drawn as its own terminal draws it.
fn drawn(app: &App) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(app.area.width, app.area.height)).unwrap();
    terminal.draw(|frame| crate::ui::draw(app, frame)).unwrap();
    terminal
}

/// Whether any character of the screen is drawn in `colour`.
fn uses(terminal: &Terminal<TestBackend>, colour: Color) -> bool {
    terminal.backend().buffer().content().iter().any(|cell| cell.fg == colour)
}

const RED: Color = Color::Indexed(160);
const ORANGE: Color = Color::Indexed(130);

#[test]
fn two_terminals_in_one_process_each_play_and_draw_as_their_own_profile() {
    let (mut usual, mut theirs) = (clamber("start"), clamber_as(own(), "start"));
    press(&mut usual, &["a"]);
    press(&mut theirs, &["a"]);
    let cell = |name: &str| name.parse::<Cell>().unwrap();
    assert_eq!(game(&usual).table.cursor().cell, cell("C3"), "a does nothing on the program's keys");
    assert_eq!(game(&theirs).table.cursor().cell, cell("B3"), "a goes left on theirs");
    let (usual, theirs) = (drawn(&usual), drawn(&theirs));
    let (words, own_words) = (usual.backend().to_string(), theirs.backend().to_string());
    assert!(words.contains("Blue to move") && words.contains("hjklyibn move"), "{words}");
    assert!(own_words.contains("Ana") && own_words.contains("ajklyibn"), "{own_words}");
    assert!(own_words.contains(" joue") && !own_words.contains("hjklyibn"), "{own_words}");
    assert!(uses(&usual, RED) && !uses(&usual, ORANGE), "the usual red");
    assert!(uses(&theirs, ORANGE) && !uses(&theirs, RED), "the colour-blind theme's orange");
}

#[test]
fn a_screen_taken_over_keeps_its_terminals_profile() {
    let mut app = clamber_as(own(), "start");
    // The menu, then a new game from it: still this terminal's keys and defaults.
    app.handle(crate::app::event::Event::Input(crate::testing::key_event(
        ratatui::crossterm::event::KeyCode::Char('m'),
        ratatui::crossterm::event::KeyModifiers::NONE,
    )));
    press(&mut app, &["y"]);
    assert!(matches!(app.screen, crate::app::Screen::Menu(_)), "the menu");
    let first = crate::app::menu::Entry::all()[0];
    press(&mut app, &[&crate::testing::number(first), "Enter", "a"]);
    let screen = drawn(&app).backend().to_string();
    assert!(screen.contains("Ana") && screen.contains("ajklyibn"), "{screen}");
    assert_eq!(game(&app).table.cursor().cell, "B3".parse::<Cell>().unwrap());
}

#[cfg(feature = "ssh")]
mod over_ssh {
    use super::*;
    use crate::app::link::Link;
    use crate::net::{Access, Hosting};
    use crate::record::{AnyRecord, AnyRecordExt};
    use crate::rules::{AnyPosition, Colour};
    use crate::testing::AREA;
    use russh::keys::PrivateKey;
    use std::sync::Arc;

    /// What a guest's terminal showed, its ssh client sending `env` first: the screen's
    /// words once `awaited` shows, and every byte sent.
    async fn visit(hosting: &Hosting, env: &[(&str, &str)], awaited: &str) -> (String, String) {
        let session = guest::log_in(hosting, guest::FRIEND, guest::CODE).await.unwrap();
        let channel = session.channel_open_session().await.unwrap();
        for (name, value) in env {
            channel.set_env(false, *name, *value).await.unwrap();
        }
        let (width, height) = (u32::from(AREA.width), u32::from(AREA.height));
        channel.request_pty(false, "xterm", width, height, 0, 0, &[]).await.unwrap();
        channel.request_shell(false).await.unwrap();
        let (mut reader, _writer) = channel.split();
        let mut bytes = Vec::new();
        let seen = tokio::time::timeout(guest::PROMPT, async {
            while !guest::shown(&bytes).contains(awaited) {
                match reader.wait().await {
                    Some(russh::ChannelMsg::Data { data }) => bytes.extend_from_slice(&data),
                    Some(_) => {}
                    None => break,
                }
            }
        });
        let _ = seen.await;
        let _ = session.disconnect(russh::Disconnect::ByApplication, "", "en").await;
        (guest::shown(&bytes), String::from_utf8_lossy(&bytes).into_owned())
    }

    #[test]
    fn a_guest_gets_its_own_language_and_the_programs_keys_and_colours_not_the_hosts() {
        let start: crate::rules::clamber::Position = "3/b/-".parse().unwrap();
        let link = Link::new(AnyRecord::new(AnyPosition::Clamber(start)));
        let host = App::shared(own(), link.sit(Colour::Blue, false), AREA);
        let access = Access { code: guest::CODE.to_string(), key: None };
        let key = PrivateKey::random(&mut rand::rng(), russh::keys::Algorithm::Ed25519).unwrap();
        let bind = "127.0.0.1:0".parse().unwrap();
        let hosting = Hosting::start_hosting(Arc::clone(&link), (access, key), bind, host).unwrap();
        let runtime = guest::runtime();
        let (words, bytes) = runtime.block_on(visit(&hosting, &[], "hjklyibn"));
        assert!(words.contains("hjklyibn move") && !words.contains("ajklyibn"), "{words}");
        assert!(!words.contains("Ana"), "the host's names are the host's: {words}");
        assert!(bytes.contains("38;5;160") && !bytes.contains("38;5;130"), "the usual red, not the host's");
        // A watcher whose ssh sends its language and NO_COLOR: French, and no colour at all.
        let env = [("LANG", "fr_FR.UTF-8"), ("NO_COLOR", "1")];
        let (words, bytes) = runtime.block_on(visit(&hosting, &env, " joue"));
        assert!(words.contains(" joue") && words.contains("hjklyibn"), "{words}");
        assert!(!bytes.contains("38;5;") && !bytes.contains("38;2;"), "no colour for NO_COLOR");
        hosting.stop();
    }
}
