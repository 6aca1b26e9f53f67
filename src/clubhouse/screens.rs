//! A member's terminal at the club (`ssh NAME@HOST` without a command): the app, on the
//! lobby or at a game, drawn into the connection's bounded output by the hub's loop, or
//! said there in lines for a screen reader ([`LinesTerminal`]).

use super::spoken::LinesTerminal;
use crate::app::event::Event;
use crate::app::link::{Link, Seat};
use crate::app::lobby::{LobbyView, Terms};
use crate::app::profile::Profile;
use crate::app::{self, App};
use crate::clock::ClubClock;
use crate::club::bot::Offer;
use crate::i18n::{Lang, Text};
use crate::net::Output;
use crate::terminal::AppTerminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::Hide;
use ratatui::crossterm::event::EnableMouseCapture;
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::EnterAlternateScreen;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use std::io::Write;
use std::sync::Arc;

/// A member's terminal drawn into its SSH channel.
pub(super) type Drawn = AppTerminal<CrosstermBackend<Box<dyn Write + Send>>>;

/// How a member's terminal shows the club: drawn at its size, or in lines (what is typed
/// echoed by the club where it comes from a raw terminal).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Shown {
    Drawn(Rect),
    Spoken { echo: bool },
}

/// A member's terminal: the same app, drawn or said.
pub(super) enum MemberScreen {
    Drawn(Box<Drawn>),
    Spoken(Box<LinesTerminal>),
}

impl MemberScreen {
    pub(super) fn app(&self) -> &App {
        match self {
            MemberScreen::Drawn(screen) => &screen.app,
            MemberScreen::Spoken(spoken) => spoken.app(),
        }
    }

    pub(super) fn app_mut(&mut self) -> &mut App {
        match self {
            MemberScreen::Drawn(screen) => &mut screen.app,
            MemberScreen::Spoken(spoken) => spoken.app_mut(),
        }
    }

    /// Lets the app handle `event`.
    pub(super) fn handle(&mut self, event: Event) -> anyhow::Result<()> {
        match self {
            MemberScreen::Drawn(screen) => screen.handle(event),
            MemberScreen::Spoken(spoken) => {
                spoken.app_mut().handle(event);
                Ok(())
            }
        }
    }

    /// Draws what changed, or says it.
    pub(super) fn draw(&mut self) -> anyhow::Result<()> {
        match self {
            MemberScreen::Drawn(screen) => screen.draw(),
            MemberScreen::Spoken(spoken) => Ok(spoken.news()?),
        }
    }

    /// The app changed: to be drawn, or said, at the next chance.
    pub(super) fn changed(&mut self) {
        match self {
            MemberScreen::Drawn(screen) => screen.drawn = false,
            MemberScreen::Spoken(spoken) => spoken.said = false,
        }
    }

    /// Whether the terminal shows (or was told) what the app holds now.
    #[cfg(test)]
    pub(super) fn drawn(&self) -> bool {
        match self {
            MemberScreen::Drawn(screen) => screen.drawn,
            MemberScreen::Spoken(spoken) => spoken.said,
        }
    }

    /// How many frames were drawn (none in lines).
    #[cfg(test)]
    pub(super) fn frames(&self) -> u64 {
        match self {
            MemberScreen::Drawn(screen) => screen.frames(),
            MemberScreen::Spoken(_) => 0,
        }
    }

    /// Leaves the terminal as it was found, with `goodbye` under it.
    pub(super) fn leave(&mut self, goodbye: Option<String>) {
        match self {
            MemberScreen::Drawn(screen) => {
                let _ = crate::terminal::leave(&mut screen.terminal);
                if let Some(goodbye) = goodbye {
                    let _ = write!(screen.terminal.backend_mut(), "{goodbye}\r\n");
                    let _ = screen.terminal.backend_mut().flush();
                }
            }
            MemberScreen::Spoken(spoken) => {
                let _ = spoken.say(goodbye.into_iter().collect());
            }
        }
    }
}

/// The lobby of `view` on a terminal shown as `shown`, in `lang`, in colour unless the
/// member's ssh sent `NO_COLOR`.
pub(super) fn open(
    output: Box<Output>,
    shown: Shown,
    lang: Lang,
    no_color: bool,
    view: LobbyView,
) -> std::io::Result<MemberScreen> {
    let area = match shown {
        Shown::Drawn(area) => area,
        Shown::Spoken { echo } => {
            return Ok(MemberScreen::Spoken(Box::new(LinesTerminal::open(output, echo, lang, view))));
        }
    };
    let redraw = output.redraw();
    let writer: Box<dyn Write + Send> = output;
    let options = TerminalOptions { viewport: Viewport::Fixed(area) };
    let mut terminal = Terminal::with_options(CrosstermBackend::new(writer), options)?;
    execute!(terminal.backend_mut(), EnterAlternateScreen, EnableMouseCapture, Hide)?;
    let app = App::club_lobby(Profile::guest(lang, no_color), area, view);
    Ok(MemberScreen::Drawn(Box::new(AppTerminal::new(app, terminal).with_redraw(redraw))))
}

/// The link of the club's game on `screen`, if it shows one (to play or to watch).
pub(super) fn link_of(screen: &MemberScreen) -> Option<Arc<Link>> {
    let app::Screen::Game(game) = &screen.app().screen else { return None };
    crate::each_game!(game.as_ref(), game => game.seat().map(Seat::link))
}

/// Says `said` on the game on `screen`: a warning after what the club took back (the
/// screen first shows the game as it is again), else news.
pub(super) fn tell(screen: &mut MemberScreen, said: Text, taken_back: bool) {
    if taken_back {
        let _ = screen.handle(Event::Shared { played: true });
    }
    screen.app_mut().say_at_game(said, taken_back);
    screen.changed();
}

/// The terms of an offer, as the lobby shows them.
pub(super) fn terms(offer: &Offer) -> Terms {
    let clock = ClubClock::parse(&offer.clock).unwrap_or(ClubClock::Untimed);
    Terms { game: offer.game, side: offer.side, clock, rated: offer.rated, colour: offer.colour }
}

/// The offer of a lobby's terms.
pub(super) fn offer(terms: &Terms) -> Offer {
    let clock = terms.clock.to_string();
    Offer { game: terms.game, side: terms.side, clock, rated: terms.rated, colour: terms.colour }
}
