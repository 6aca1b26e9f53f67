//! A member's terminal at the club (`ssh NAME@HOST` without a command): the lobby screen of
//! the app, drawn into the connection's bounded output by the hub's loop, fed the view the
//! hub builds for that member each time something changes.

use super::tables::Table;
use crate::app::event::Event;
use crate::app::link::{Link, Seat};
use crate::app::lobby::{ChallengeRow, GameRow, LobbyView, OnlineRow, SeekRow, Terms};
use crate::app::profile::Profile;
use crate::app::table::Message;
use crate::app::{self, App};
use crate::clock::TimeControl;
use crate::club::bot::Offer;
use crate::club::{Club, GameInfo, Member, Pool, Reason, Verdict, Which};
use crate::i18n::keys::*;
use crate::i18n::{Lang, Text, text};
use crate::net::Output;
use crate::rules::Colour;
use crate::terminal::Screen;
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
pub type MemberScreen = Screen<CrosstermBackend<Box<dyn Write + Send>>>;

/// The lobby of `view` on a terminal of `area`, in `lang`.
pub fn open(output: Box<Output>, area: Rect, lang: Lang, view: LobbyView) -> std::io::Result<MemberScreen> {
    let redraw = output.redraw();
    let writer: Box<dyn Write + Send> = output;
    let options = TerminalOptions { viewport: Viewport::Fixed(area) };
    let mut terminal = Terminal::with_options(CrosstermBackend::new(writer), options)?;
    execute!(terminal.backend_mut(), EnterAlternateScreen, EnableMouseCapture, Hide)?;
    let mut app = App::new(Profile::guest(lang, false), area);
    app.screen = app::Screen::Lobby(Box::new(app::lobby::Lobby::new(view)));
    Ok(Screen { redraw, ..Screen::new(app, terminal) })
}

/// A new view for the lobby on `screen`, if it shows the lobby and the view changed.
pub fn show(screen: &mut MemberScreen, view: LobbyView) {
    if let app::Screen::Lobby(lobby) = &mut screen.app.screen
        && lobby.view != view
    {
        lobby.set_view(view);
        screen.drawn = false;
    }
}

/// Whether `screen` shows the lobby and wants a new view: the club `changed`, or the lobby
/// has none yet.
pub fn wants_view(screen: &MemberScreen, changed: bool) -> bool {
    matches!(&screen.app.screen, app::Screen::Lobby(lobby) if changed || lobby.view == LobbyView::default())
}

/// The link of the club's game on `screen`, if it shows one (to play or to watch).
pub fn link_of(screen: &MemberScreen) -> Option<Arc<Link>> {
    let app::Screen::Game(game) = &screen.app.screen else { return None };
    crate::each_game!(game.as_ref(), game => game.seat().map(Seat::link))
}

/// Whether `screen` shows the club's game on `link` (to play or to watch).
pub fn shows(screen: &MemberScreen, link: &Arc<Link>) -> bool {
    let app::Screen::Game(game) = &screen.app.screen else { return false };
    crate::each_game!(game.as_ref(), game => game.seat().is_some_and(|seat| seat.is_at(link)))
}

/// Says `said` on the game on `screen`: a warning after what the club took back (the
/// screen first shows the game as it is again), else news.
pub fn tell(screen: &mut MemberScreen, said: Text, taken_back: bool) {
    if taken_back {
        let _ = screen.handle(Event::Shared { played: true });
    }
    if let Some(game) = screen.app.game_screen() {
        let message = match taken_back {
            true => Message::Warning(said),
            false => Message::Info(said),
        };
        crate::each_game!(game, game => game.table.status_mut().show(message));
    }
    screen.drawn = false;
}

/// The terms of an offer, as the lobby shows them.
pub fn terms(offer: &Offer) -> Terms {
    let clock = TimeControl::parse(&offer.clock).ok().flatten();
    Terms { game: offer.game, side: offer.side, clock, rated: offer.rated, colour: None }
}

/// The offer of a lobby's terms.
pub fn offer(terms: &Terms) -> Offer {
    let clock = terms.clock.map_or_else(|| "none".to_string(), |clock| clock.to_string());
    Offer { game: terms.game, side: terms.side, clock, rated: terms.rated }
}

/// What the hub knows that a lobby shows.
pub struct Seen<'a> {
    pub club: &'a Club,
    pub name: &'a str,
    pub greeting: Option<&'a String>,
    pub online: Vec<Member>,
    pub offers: Vec<Offered<'a>>,
    pub tables: Vec<&'a Table>,
}

/// An open seek or challenge as a lobby shows it.
pub struct Offered<'a> {
    pub id: u64,
    pub by: &'a str,
    /// To whom (none: a seek).
    pub to: Option<&'a str>,
    pub offer: &'a Offer,
    /// The poster's side (none: by chance).
    pub colour: Option<Colour>,
}

impl Seen<'_> {
    /// Member `me`'s view (none: a watcher's), its words in `lang`.
    pub fn view(&self, me: Option<&Member>, lang: Lang) -> LobbyView {
        let my_name = me.map(|member| member.name.as_str());
        let online = self.online.iter().map(|member| self.online_row(member)).collect();
        let mut seeks = Vec::new();
        let mut challenges = Vec::new();
        for &Offered { id, by, to, offer, colour } in &self.offers {
            let terms = Terms { colour, ..terms(offer) };
            match to {
                None => seeks.push(SeekRow { id, by: by.to_string(), terms, mine: Some(by) == my_name }),
                Some(to) if Some(to) == my_name || Some(by) == my_name => {
                    challenges.push(ChallengeRow { id, from: by.to_string(), to: to.to_string(), terms })
                }
                Some(_) => {}
            }
        }
        let live = self.tables.iter().map(|table| live_row(table, lang)).collect();
        let recent = match my_name {
            Some(name) => self
                .club
                .games(Which::Done, Some(name), 20)
                .unwrap_or_default()
                .iter()
                .map(|info| done_row(info, lang))
                .collect(),
            None => Vec::new(),
        };
        let best = Pool::all()
            .into_iter()
            .map(|pool| {
                let best = self.club.best(pool, 10).unwrap_or_default();
                (
                    pool_name(pool),
                    best.iter()
                        .map(|standing| (standing.name.clone(), standing.shown(), standing.games))
                        .collect(),
                )
            })
            .collect();
        LobbyView {
            club: self.name.to_string(),
            greeting: self.greeting.cloned(),
            me: my_name.map(str::to_string),
            online,
            seeks,
            challenges,
            live,
            recent,
            best,
        }
    }

    fn online_row(&self, member: &Member) -> OnlineRow {
        let ratings = self.club.ratings_of(member.id).unwrap_or_default();
        let ratings = ratings.iter().map(|standing| (pool_name(standing.pool), standing.shown())).collect();
        let playing = self.tables.iter().any(|table| table.plays(member.id));
        OnlineRow { name: member.name.clone(), ratings, playing }
    }
}

/// How a game ended, as a game's screen says it: "Blue resigned: Red wins".
fn verdict_text(verdict: Verdict) -> Text {
    match (verdict.reason, verdict.winner) {
        (Reason::Resign, Some(winner)) => text!(STATUS_RESIGNED, winner.other(), winner),
        (Reason::Time, Some(winner)) => text!(TIME_UP, winner.other(), winner),
        (_, Some(winner)) => text!(STATUS_WINS, winner),
        (Reason::Rules, None) => text!(STATUS_BLOCKED),
        (_, None) => text!(STATUS_DRAW),
    }
}

/// A pool as the lobby names it: `Clamber 3`.
fn pool_name(pool: Pool) -> String {
    format!("{} {}", pool.game.title(), pool.side)
}

fn live_row(table: &Table, lang: Lang) -> GameRow {
    GameRow {
        id: table.id as u64,
        game: table.game,
        side: table.side,
        blue: table.players[0].1.clone(),
        red: table.players[1].1.clone(),
        clock: TimeControl::parse(&table.clock_text).ok().flatten(),
        rated: table.rated,
        turns: table.turns as usize,
        state: lang.say(&text!(STATUS_TO_MOVE, table.to_move())),
    }
}

fn done_row(info: &GameInfo, lang: Lang) -> GameRow {
    GameRow {
        id: info.id as u64,
        game: info.game,
        side: info.side,
        blue: info.blue.clone(),
        red: info.red.clone(),
        clock: TimeControl::parse(&info.clock).ok().flatten(),
        rated: info.rated,
        turns: info.turns as usize,
        state: info.verdict.map_or_else(String::new, |verdict| lang.say(&verdict_text(verdict))),
    }
}
