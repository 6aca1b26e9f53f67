//! A member's terminal at the club (`ssh NAME@HOST` without a command): the app, on the
//! lobby or at a game, drawn into the connection's bounded output by the hub's loop.

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

/// A member's terminal, drawn into its SSH channel.
pub type MemberScreen = AppTerminal<CrosstermBackend<Box<dyn Write + Send>>>;

/// The lobby of `view` on a terminal of `area`, in `lang`, in colour unless the member's
/// ssh sent `NO_COLOR`.
pub fn open(
    output: Box<Output>,
    area: Rect,
    lang: Lang,
    no_color: bool,
    view: LobbyView,
) -> std::io::Result<MemberScreen> {
    let redraw = output.redraw();
    let writer: Box<dyn Write + Send> = output;
    let options = TerminalOptions { viewport: Viewport::Fixed(area) };
    let mut terminal = Terminal::with_options(CrosstermBackend::new(writer), options)?;
    execute!(terminal.backend_mut(), EnterAlternateScreen, EnableMouseCapture, Hide)?;
    let app = App::club_lobby(Profile::guest(lang, no_color), area, view);
    Ok(AppTerminal::new(app, terminal).with_redraw(redraw))
}

/// The link of the club's game on `screen`, if it shows one (to play or to watch).
pub fn link_of(screen: &MemberScreen) -> Option<Arc<Link>> {
    let app::Screen::Game(game) = &screen.app.screen else { return None };
    crate::each_game!(game.as_ref(), game => game.seat().map(Seat::link))
}

/// Says `said` on the game on `screen`: a warning after what the club took back (the
/// screen first shows the game as it is again), else news.
pub fn tell(screen: &mut MemberScreen, said: Text, taken_back: bool) {
    if taken_back {
        let _ = screen.handle(Event::Shared { played: true });
    }
    screen.app.say_at_game(said, taken_back);
    screen.drawn = false;
}

/// The terms of an offer, as the lobby shows them.
pub fn terms(offer: &Offer) -> Terms {
    let clock = ClubClock::parse(&offer.clock).unwrap_or(ClubClock::Untimed);
    Terms { game: offer.game, side: offer.side, clock, rated: offer.rated, colour: offer.colour }
}

/// The offer of a lobby's terms.
pub fn offer(terms: &Terms) -> Offer {
    let clock = terms.clock.to_string();
    Offer { game: terms.game, side: terms.side, clock, rated: terms.rated, colour: terms.colour }
}
