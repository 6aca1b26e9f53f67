//! The terminal around the app: setting it up and always restoring it (on quit, on an
//! error, on a panic), and the one loop of events. The loop sleeps on one channel until
//! something wakes it (the local terminal's input, a guest's, a search's answer, a signal)
//! or a timer an app asked for is due; it lets the app of each terminal concerned handle
//! it, tells the other terminals at a shared game what changed, draws, and keeps the game.

use crate::app::event::{self, Event, Guest, Redraw, Wake};
use crate::app::link::Link;
use crate::app::prompt::Question;
use crate::app::table::Message;
use crate::app::{self, App, Overlay, Request};
use crate::i18n::{self, Lang};
use crate::keeper::Keeper;
use crate::{store, t, ui};
use anyhow::{Context, Result};
use ratatui::Terminal;
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture, Event as Input};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::layout::Rect;
use ratatui::{TerminalOptions, Viewport};
use std::io::Write;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::Instant;

/// The loop's channel: every source of events holds a sender.
pub struct Wakes {
    pub sender: SyncSender<Wake>,
    receiver: Receiver<Wake>,
}

impl Default for Wakes {
    fn default() -> Wakes {
        let (sender, receiver) = mpsc::sync_channel(event::QUEUE);
        Wakes { sender, receiver }
    }
}

impl Wakes {
    pub fn receiver(&self) -> &Receiver<Wake> {
        &self.receiver
    }
}

/// Runs `app` in this terminal until the players quit, keeping games in the saves folder.
pub fn run(app: App) -> Result<()> {
    run_shared(app, Wakes::default(), None)
}

/// The same; `link`: the game is shared, and guests come in through `wakes`.
pub fn run_shared(mut app: App, wakes: Wakes, link: Option<Arc<Link>>) -> Result<()> {
    let terminal = ratatui::try_init().with_context(|| t!("err.terminal"))?;
    let restore_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(std::io::stdout(), DisableMouseCapture);
        restore_hook(info);
    }));
    let result = (|| -> Result<()> {
        execute!(std::io::stdout(), EnableMouseCapture)?;
        let size = terminal.size()?;
        app.area = Rect::new(0, 0, size.width, size.height);
        let mut keeper = Keeper::new(store::saves_dir(), &app);
        read_input(wakes.sender.clone());
        stop_on_signals(wakes.sender.clone());
        event::set_waker(Some(wakes.sender.clone()));
        let mut local = Some(Screen::new(app, terminal, i18n::current()));
        drive(&mut local, &mut keeper, wakes.receiver(), link.as_ref())
    })();
    event::set_waker(None);
    let _ = execute!(std::io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

/// Reads the local terminal on a thread of its own, which sleeps until a key, a click or a
/// resize comes; the loop hears of a closed terminal as a stop.
fn read_input(sender: SyncSender<Wake>) {
    std::thread::spawn(move || {
        loop {
            let wake = match ratatui::crossterm::event::read() {
                Ok(input) => Wake::Local(input),
                Err(_) => Wake::Stop,
            };
            let stop = matches!(wake, Wake::Stop);
            if sender.send(wake).is_err() || stop {
                return;
            }
        }
    });
}

/// SIGINT, SIGTERM and SIGHUP stop the loop, which then leaves every terminal as it found
/// it; a second signal ends the program at once.
fn stop_on_signals(sender: SyncSender<Wake>) {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else { return };
        std::thread::spawn(move || {
            let mut caught = signals.forever();
            if caught.next().is_some() {
                let _ = sender.send(Wake::Stop);
            }
            if let Some(signal) = caught.next() {
                std::process::exit(128 + signal);
            }
        });
    }
    #[cfg(not(unix))]
    drop(sender);
}

/// A terminal and the app drawn on it, in its own language.
pub struct Screen<B: Backend> {
    pub app: App,
    pub terminal: Terminal<B>,
    pub lang: Lang,
    /// Whether what is on the terminal shows the app as it is.
    pub drawn: bool,
    /// Set when what was drawn did not all reach the terminal (a guest's).
    pub redraw: Redraw,
}

impl<B: Backend> Screen<B>
where
    B::Error: Send + Sync + 'static,
{
    /// A screen for `app` on `terminal`, in `lang`.
    pub fn new(app: App, terminal: Terminal<B>, lang: Lang) -> Screen<B> {
        Screen { app, terminal, lang, drawn: false, redraw: Redraw::default() }
    }

    /// Lets the app handle `event`, in its terminal's language.
    fn handle(&mut self, event: Event) -> Result<()> {
        i18n::set(self.lang);
        if let Event::Input(Input::Resize(width, height)) = event {
            // A terminal at a distance tells its size only this way.
            self.terminal.resize(Rect::new(0, 0, width, height))?;
        }
        self.app.handle(event);
        self.drawn = false;
        Ok(())
    }

    /// Draws the app if it changed since it was last drawn, whole if what was sent before
    /// did not all go out.
    fn draw(&mut self) -> Result<()> {
        if !self.drawn {
            i18n::set(self.lang);
            self.terminal.draw(|frame| ui::draw(&self.app, frame))?;
            self.drawn = true;
        }
        if self.redraw.take() {
            let area = self.app.area;
            self.terminal.resize(Rect::new(0, 0, area.width, area.height))?;
            self.terminal.draw(|frame| ui::draw(&self.app, frame))?;
        }
        Ok(())
    }
}

/// A guest's terminal over SSH, drawn into its channel.
type GuestScreen = Screen<CrosstermBackend<Box<dyn Write + Send>>>;

/// Which terminal an event came from: the others at a shared game hear of what it changed.
#[derive(Clone, Copy, PartialEq)]
enum Origin {
    Local,
    Guest(u64),
    /// A timer or a search: every terminal heard of it already.
    All,
}

/// The one loop, on any backend for the local terminal (none for a host without one, as
/// in tests): until the local app quits, the channel closes, or a stop comes. Guests are
/// let in to the shared game on `link`.
pub fn drive<B: Backend>(
    local: &mut Option<Screen<B>>,
    keeper: &mut Keeper,
    wakes: &Receiver<Wake>,
    link: Option<&Arc<Link>>,
) -> Result<()>
where
    B::Error: Send + Sync + 'static,
{
    // Dropped however the loop ends: every guest's terminal is left clean.
    let mut guests = Guests(Vec::new());
    let guests = &mut guests.0;
    loop {
        if let Some(screen) = local {
            // A game shared with other terminals may have changed there: kept here too.
            keeper.keep(&mut screen.app);
            screen.draw()?;
            if screen.app.quit {
                return Ok(());
            }
        }
        for (_, guest) in guests.iter_mut() {
            // A guest that stopped reading is dropped by its connection, not here.
            let _ = guest.draw();
        }
        if link.is_some_and(|link| link.is_closed()) {
            return Ok(());
        }
        let due = local.iter().map(|screen| &screen.app).chain(guests.iter().map(|(_, g)| &g.app));
        let wake = match due.filter_map(App::timer).min() {
            Some(due) => match wakes.recv_timeout(due.saturating_duration_since(Instant::now())) {
                Ok(wake) => Some(wake),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => return Ok(()),
            },
            None => match wakes.recv() {
                Ok(wake) => Some(wake),
                Err(_) => return Ok(()),
            },
        };
        let before = link.map(|link| (link.revision(), link.stamp()));
        let from = match wake {
            None => {
                every(local, guests, Event::Timer)?;
                Origin::All
            }
            Some(Wake::Searched) => {
                every(local, guests, Event::Searched)?;
                Origin::All
            }
            Some(Wake::Link) => {
                every(local, guests, Event::Shared { played: false })?;
                Origin::All
            }
            Some(Wake::Stop) => return Ok(()),
            Some(Wake::Local(input)) => {
                if let Some(screen) = local {
                    screen.handle(Event::Input(input))?;
                    if let Some(request) = screen.app.request.take() {
                        serve(request, &mut screen.app, keeper);
                    }
                }
                Origin::Local
            }
            Some(Wake::Guest(id, news)) => {
                guest(guests, id, news, link)?;
                Origin::Guest(id)
            }
        };
        // The other terminals at the shared game hear of what changed.
        if let (Some(link), Some((revision, stamp))) = (link, before)
            && link.stamp() != stamp
        {
            let played = link.revision() != revision;
            if played {
                // A question about the game before this turn no longer stands.
                link.drop_question();
            }
            link.announce();
            if let Some(screen) = local.as_mut().filter(|_| from != Origin::Local) {
                screen.handle(Event::Shared { played })?;
            }
            for (_, screen) in guests.iter_mut().filter(|(id, _)| from != Origin::Guest(*id)) {
                screen.handle(Event::Shared { played })?;
            }
        }
    }
}

/// The guests' screens: however the loop ends (the host quits, a signal, an error, a
/// panic), every guest's terminal is left as it was found, with a goodbye in its language,
/// before its connection closes.
struct Guests(Vec<(u64, GuestScreen)>);

impl Drop for Guests {
    fn drop(&mut self) {
        for (_, screen) in &mut self.0 {
            i18n::set(screen.lang);
            let _ = leave(&mut screen.terminal);
            let _ = write!(screen.terminal.backend_mut(), "{}\r\n", t!("net.host_left"));
            let _ = Write::flush(screen.terminal.backend_mut());
        }
    }
}

/// Lets every app handle `event`.
fn every<B: Backend>(
    local: &mut Option<Screen<B>>,
    guests: &mut [(u64, GuestScreen)],
    event: Event,
) -> Result<()>
where
    B::Error: Send + Sync + 'static,
{
    if let Some(screen) = local {
        screen.handle(event.clone())?;
    }
    for (_, screen) in guests {
        screen.handle(event.clone())?;
    }
    Ok(())
}

/// A guest came, typed or went.
fn guest(guests: &mut Vec<(u64, GuestScreen)>, id: u64, news: Guest, link: Option<&Arc<Link>>) -> Result<()> {
    match news {
        Guest::Joined { output, area, lang, redraw } => {
            let Some(link) = link else { return Ok(()) };
            let options = TerminalOptions { viewport: Viewport::Fixed(area) };
            let mut terminal = Terminal::with_options(CrosstermBackend::new(output), options)?;
            execute!(terminal.backend_mut(), EnterAlternateScreen, EnableMouseCapture, Hide)?;
            i18n::set(lang);
            let app = App::shared(link.sit_guest(), area);
            guests.push((id, Screen { redraw, ..Screen::new(app, terminal, lang) }));
        }
        Guest::Input(input) => {
            let Some(at) = guests.iter().position(|(guest, _)| *guest == id) else { return Ok(()) };
            let screen = &mut guests[at].1;
            screen.handle(Event::Input(input))?;
            // Only the host's program touches files: a guest's requests go nowhere.
            screen.app.request = None;
            if screen.app.quit {
                let (_, mut screen) = guests.remove(at);
                let _ = leave(&mut screen.terminal);
            }
        }
        Guest::Left => {
            // Its terminal is left as it was found (if it is still there to hear it), and
            // its seat is free once its app is gone.
            if let Some(at) = guests.iter().position(|(guest, _)| *guest == id) {
                let (_, mut screen) = guests.remove(at);
                let _ = leave(&mut screen.terminal);
            }
        }
    }
    Ok(())
}

/// Leaves a guest's terminal as it was: main screen, cursor, no mouse reports. Closing its
/// output then closes the connection.
fn leave<W: Write>(terminal: &mut Terminal<CrosstermBackend<W>>) -> std::io::Result<()> {
    execute!(terminal.backend_mut(), DisableMouseCapture, Show, LeaveAlternateScreen)
}

/// Does what the app asked for: saving to a named file, or resuming the last game (or
/// reviewing it).
fn serve(request: Request, app: &mut App, keeper: &mut Keeper) {
    match request {
        Request::SaveAs { path, replace } => {
            let folder = path.parent().filter(|folder| !folder.as_os_str().is_empty());
            if !replace && path.exists() {
                app.overlay = Some(Overlay::Ask(Question::Replace(path)));
                return;
            }
            let Some(game) = app.game_screen() else { return };
            let message = match folder {
                // A folder is the player's to make: a typing slip must not make one.
                Some(folder) if !folder.is_dir() => Message::Warning(t!("save.no_folder", folder.display())),
                _ => match store::write_atomic(&path, &game.record(&store::now_utc())) {
                    Ok(()) => Message::Success(t!("save.done", path.display())),
                    Err(error) => Message::Warning(t!("save.failed", format!("{error:#}"))),
                },
            };
            let saved = matches!(message, Message::Success(_));
            game.set_message(message);
            if saved {
                keeper.saved_as(app, &path);
            }
        }
        Request::Resume | Request::Review => match store::resume(keeper.dir()) {
            Ok((saved, path)) => {
                *app = App::opened(saved, path, app.area);
                if request == Request::Review {
                    *app = std::mem::replace(app, App::new(app.area)).reviewing(None, app::Leave::Menu);
                }
                keeper.on_disk(app);
            }
            Err(error) => {
                if let app::Screen::Menu(menu) = &mut app.screen {
                    menu.note = Some(format!("{error:#}"));
                }
            }
        },
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_signal_stops_the_loop() {
        let (sender, wakes) = mpsc::sync_channel(4);
        stop_on_signals(sender);
        signal_hook::low_level::raise(signal_hook::consts::SIGHUP).unwrap();
        let woken = wakes.recv_timeout(std::time::Duration::from_secs(5));
        assert!(matches!(woken, Ok(Wake::Stop)), "the loop is told to stop, the program is not killed");
    }
}
