//! A member's terminal in lines, for a screen reader (`ssh NAME@HOST screen-reader`, or a
//! terminal whose `TERM` is `dumb`): the same app as a drawn terminal's, said by a
//! [`speech::Session`] into the connection's output a line at a time. No escape sequence,
//! no bell, no colour: words and line ends only.

use crate::app::App;
use crate::app::event::Heard;
use crate::app::lobby::LobbyView;
use crate::app::profile::Profile;
use crate::i18n::Lang;
use crate::i18n::keys::*;
use crate::net::Output;
use crate::speech::Session;
use ratatui::layout::Rect;
use std::io::{self, Write};

/// The size the app believes its terminal is: nothing is drawn on it.
const AREA: Rect = Rect { x: 0, y: 0, width: 80, height: 24 };

/// A member's terminal in lines.
pub(super) struct LinesTerminal {
    session: Session,
    output: Box<Output>,
    /// A line's end: a raw terminal's needs its carriage return, a pipe's does not.
    end: &'static str,
    /// Whether what changed in the app was said.
    pub said: bool,
}

impl LinesTerminal {
    /// The lobby of `view` in lines into `output`, in `lang`; `echo` when the lines come
    /// from a raw terminal (its line ends are `\r\n`).
    pub(super) fn open(output: Box<Output>, echo: bool, lang: Lang, view: LobbyView) -> LinesTerminal {
        // A reader that reads no more is let go rather than lose a line.
        output.outbox().carries_lines();
        let profile = crate::speech::profile(Profile::guest(lang, true), true);
        let session = Session::new(App::club_lobby(profile, AREA, view));
        LinesTerminal { session, output, end: if echo { "\r\n" } else { "\n" }, said: false }
    }

    pub(super) fn app(&self) -> &App {
        self.session.viewed()
    }

    pub(super) fn app_mut(&mut self) -> &mut App {
        self.session.app()
    }

    /// A line heard from the member: what the session says back. The end of the input
    /// leaves the club, as `quit` does.
    pub(super) fn hear(&mut self, heard: Heard) -> io::Result<()> {
        let said = match heard {
            Heard::Line(line) => self.session.line(&line),
            Heard::Refused(why) => self.session.refused(&why),
            Heard::End => {
                self.session.app().quit();
                let lang = self.session.app().profile.lang;
                vec![lang.say(&crate::i18n::text!(SPEECH_LOBBY_LEFT))]
            }
        };
        self.say(said)
    }

    /// Says what changed since the session last said anything. Nothing rings: a notice is
    /// its line.
    pub(super) fn news(&mut self) -> io::Result<()> {
        self.session.app().take_bell();
        let said = self.session.news();
        self.said = true;
        self.say(said)
    }

    /// Writes `lines`, each with its end, and lets them go at once.
    pub(super) fn say(&mut self, lines: Vec<String>) -> io::Result<()> {
        if lines.is_empty() {
            return Ok(());
        }
        for line in lines {
            write!(self.output, "{line}{}", self.end)?;
        }
        self.output.flush()
    }
}
