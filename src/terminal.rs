//! The terminal around the app: setting it up and always restoring it (on quit, on an
//! error, on a panic), and the one loop of events. The loop sleeps on one channel until
//! something wakes it (the local terminal's input, a guest's, a search's answer, a signal)
//! or a timer an app asked for is due; it lets the app of each terminal concerned handle
//! it, tells the other terminals at a shared game what changed, draws, and keeps the game.

use crate::app::App;
use crate::app::event::{self, Arrivals, Event, Guest, Inbox, Redraw, Taken, Wake};
use crate::app::link::Link;
use crate::autosave::Autosave;
use crate::i18n::keys::*;
use crate::i18n::{Text, text};
use crate::ui;
use anyhow::Result;
pub(crate) use bell::Bell;
use ratatui::Terminal;
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture, Event as Input};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::layout::Rect;
use ratatui::{TerminalOptions, Viewport};
pub(crate) use requests::serve;
use std::io::{BufWriter, Stdout, Write};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::Instant;

mod bell;
mod requests;

/// The loop's channel, which every source of events holds a sender of, and its end.
pub(crate) struct Wakes {
    pub(crate) sender: SyncSender<Wake>,
    pub(crate) inlet: LoopInlet,
}

impl Default for Wakes {
    fn default() -> Wakes {
        let (sender, receiver) = mpsc::sync_channel(event::QUEUE);
        Wakes { sender, inlet: LoopInlet::new(receiver) }
    }
}

/// What the loop takes in: its channel, and the guests' queues as they come.
pub(crate) struct LoopInlet {
    receiver: Receiver<Wake>,
    pub(crate) arrivals: Arrivals,
}

impl LoopInlet {
    /// The loop's end of `receiver`'s channel; it ends when every sender is gone.
    pub(crate) fn new(receiver: Receiver<Wake>) -> LoopInlet {
        LoopInlet { receiver, arrivals: Arrivals::default() }
    }
}

/// Runs `app` in this terminal, as its profile says, until the players quit, keeping games
/// in the saves folder.
pub(crate) fn run(app: App) -> Result<(), Text> {
    run_shared(app, Wakes::default(), None)
}

/// The same; `link`: the game is shared, and guests come in through `wakes`.
pub(crate) fn run_shared(mut app: App, wakes: Wakes, link: Option<Arc<Link>>) -> Result<(), Text> {
    let terminal = open().map_err(|error| text!(ERR_TERMINAL).because(error.to_string()))?;
    let restore_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(std::io::stdout(), DisableMouseCapture);
        ratatui::restore();
        restore_hook(info);
    }));
    let result = (|| -> Result<()> {
        execute!(std::io::stdout(), EnableMouseCapture)?;
        let size = terminal.size()?;
        app.resize(Rect::new(0, 0, size.width, size.height));
        let folders = app.profile.folders.clone();
        let mut autosave =
            Autosave::new(folders.saves(), &mut app).with_puzzles(crate::puzzles::files::mine_path(&folders));
        read_input(wakes.sender.clone());
        stop_on_signals(wakes.sender.clone());
        app.waker.connect(wakes.sender.clone());
        let mut local = Some(AppTerminal::new(app, terminal));
        drive(&mut local, &mut autosave, &wakes.inlet, link.as_ref())
    })();
    let _ = execute!(std::io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result.map_err(Text::from)
}

/// The local terminal: the screen's bytes gathered and sent at the end of each frame.
type Local = Terminal<CrosstermBackend<BufWriter<Stdout>>>;

/// The local terminal, whole, in raw mode and its alternate screen (`ratatui::restore`
/// leaves both). Its area is fixed: the loop resizes it when the terminal says it changed,
/// so that drawing a frame asks the terminal nothing (a full-screen viewport opens
/// `/dev/tty` at every frame to ask its size). What a frame writes is gathered and sent
/// at its end, not locked and written command by command.
fn open() -> std::io::Result<Local> {
    let (width, height) = ratatui::crossterm::terminal::size()?;
    ratatui::crossterm::terminal::enable_raw_mode()?;
    let viewport = Viewport::Fixed(Rect::new(0, 0, width, height));
    let backend = CrosstermBackend::new(BufWriter::with_capacity(1 << 14, std::io::stdout()));
    let opened = execute!(std::io::stdout(), EnterAlternateScreen)
        .and_then(|()| Terminal::with_options(backend, TerminalOptions { viewport }));
    if opened.is_err() {
        ratatui::restore();
    }
    opened
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
pub(crate) fn stop_on_signals(sender: SyncSender<Wake>) {
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

/// A terminal and the app drawn on it, as its own profile says.
pub(crate) struct AppTerminal<B: Backend> {
    /// The app drawn.
    pub app: App,
    /// The terminal it is drawn on.
    pub terminal: Terminal<B>,
    /// Whether what is on the terminal shows the app as it is.
    pub drawn: bool,
    /// Set when what was drawn did not all reach the terminal (a guest's).
    pub redraw: Redraw,
    /// Frames drawn so far.
    frames: u64,
}

impl<B: Backend> AppTerminal<B>
where
    B::Error: Send + Sync + 'static,
{
    /// A screen for `app` on `terminal`.
    pub(crate) fn new(app: App, terminal: Terminal<B>) -> AppTerminal<B> {
        AppTerminal { app, terminal, drawn: false, redraw: Redraw::default(), frames: 0 }
    }

    /// Lets the app handle `event`.
    pub(crate) fn handle(&mut self, event: Event) -> Result<()> {
        if let Event::Input(Input::Resize(width, height)) = event {
            // A terminal at a distance tells its size only this way.
            self.terminal.resize(Rect::new(0, 0, width, height))?;
        }
        self.app.handle(event);
        self.drawn = false;
        Ok(())
    }

    /// The same screen, asked for a whole frame through `redraw` (its output's).
    pub(crate) fn with_redraw(self, redraw: Redraw) -> AppTerminal<B> {
        AppTerminal { redraw, ..self }
    }

    /// How many frames were drawn (a whole frame asked for again aside).
    #[cfg(test)]
    pub(crate) fn frames(&self) -> u64 {
        self.frames
    }
}

impl<B: Backend + Bell> AppTerminal<B>
where
    B::Error: Send + Sync + 'static,
{
    /// Draws the app if it changed since it was last drawn, whole if what was sent before
    /// did not all go out; rings the terminal's bell after the frame if the app asks (once).
    pub(crate) fn draw(&mut self) -> Result<()> {
        let bell = self.app.take_bell();
        if !self.drawn || bell {
            self.terminal.draw(|frame| ui::draw(&self.app, frame))?;
            self.drawn = true;
            self.frames += 1;
        }
        if bell {
            self.terminal.backend_mut().ring()?;
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
type GuestScreen = AppTerminal<CrosstermBackend<Box<dyn Write + Send>>>;

/// Which terminal an event came from: the others at a shared game hear of what it changed.
#[derive(Clone, Copy, PartialEq)]
enum Origin {
    Local,
    Guest(u64),
    /// A timer or a search: every terminal heard of it already.
    All,
}

/// A guest: its queue, and its screen once its terminal is at the game.
struct GuestTerminal {
    inbox: Inbox,
    screen: Option<GuestScreen>,
}

/// The guests at the loop: however the loop ends (the host quits, a signal, an error, a
/// panic), every guest's terminal is left as it was found, with a goodbye in its language,
/// before its connection closes.
#[derive(Default)]
struct Visitors(Vec<GuestTerminal>);

impl Drop for Visitors {
    fn drop(&mut self) {
        for screen in self.0.iter_mut().filter_map(|visitor| visitor.screen.as_mut()) {
            let _ = leave(&mut screen.terminal);
            let goodbye = screen.app.profile.lang.say(&text!(NET_HOST_LEFT));
            let _ = write!(screen.terminal.backend_mut(), "{goodbye}\r\n");
            let _ = Write::flush(screen.terminal.backend_mut());
        }
    }
}

/// The one loop, on any backend for the local terminal (none for a host without one, as
/// in tests): until the local app quits, the channel closes, or a stop comes. Guests are
/// let in to the shared game on `link`, and each round takes a share of every guest's keys.
pub(crate) fn drive<B: Backend + Bell>(
    local: &mut Option<AppTerminal<B>>,
    autosave: &mut Autosave,
    inlet: &LoopInlet,
    link: Option<&Arc<Link>>,
) -> Result<()>
where
    B::Error: Send + Sync + 'static,
{
    // Dropped however the loop ends: every guest's terminal is left clean.
    let mut visitors = Visitors::default();
    let mut more = false;
    loop {
        if let Some(screen) = local {
            // A game shared with other terminals may have changed there: kept here too.
            autosave.keep(&mut screen.app);
            screen.draw()?;
            if screen.app.quit {
                return Ok(());
            }
        }
        for screen in visitors.0.iter_mut().filter_map(|visitor| visitor.screen.as_mut()) {
            // A guest that stopped reading is dropped by its connection, not here.
            let _ = screen.draw();
        }
        if link.is_some_and(|link| link.is_closed()) {
            return Ok(());
        }
        let Some(wake) = wait(local, &visitors, inlet, more) else {
            stopping(local, autosave);
            return Ok(());
        };
        let before = link.map(|link| (link.revision(), link.stamp()));
        let from = match wake {
            Woken::Timer => every(local, &mut visitors, Event::Timer).map(|()| Origin::All)?,
            Woken::Wake(Wake::Searched) => {
                every(local, &mut visitors, Event::Searched).map(|()| Origin::All)?
            }
            Woken::Wake(Wake::Link) => {
                every(local, &mut visitors, Event::Shared { played: false }).map(|()| Origin::All)?
            }
            Woken::Wake(Wake::Stop) => {
                stopping(local, autosave);
                return Ok(());
            }
            Woken::Wake(Wake::Local(input)) => {
                if let Some(screen) = local {
                    screen.handle(Event::Input(input))?;
                    if let Some(request) = screen.app.take_request() {
                        serve(request, &mut screen.app, autosave);
                    }
                }
                Origin::Local
            }
            // Lines are the screen-reader mode's, whose loop is its own.
            Woken::Wake(Wake::Guests | Wake::Line(_)) | Woken::Busy => Origin::All,
        };
        tell_others(local, &mut visitors, link, before, from)?;
        more = guests_round(local, &mut visitors, inlet, link)?;
    }
}

/// The program stops without the players quitting (a signal, the terminal gone): the
/// clocks of the game on screen stop, and it is kept with the time they counted.
fn stopping<B: Backend>(local: &mut Option<AppTerminal<B>>, autosave: &mut Autosave) {
    if let Some(screen) = local {
        screen.app.stop_clocks();
        autosave.keep(&mut screen.app);
    }
}

/// What woke the loop.
enum Woken {
    Wake(Wake),
    /// A timer an app asked for is due.
    Timer,
    /// Nothing came, but guests' keys still wait from the last round.
    Busy,
}

/// Sleeps until something wakes the loop or a timer an app asked for is due; with guests'
/// keys still waiting (`more`), only looks. `None` when every sender is gone.
fn wait<B: Backend>(
    local: &Option<AppTerminal<B>>,
    visitors: &Visitors,
    inlet: &LoopInlet,
    more: bool,
) -> Option<Woken> {
    let apps = local.iter().map(|screen| &screen.app);
    let due = apps.chain(visitors.0.iter().filter_map(|visitor| visitor.screen.as_ref().map(|s| &s.app)));
    let due = due.filter_map(App::timer).min();
    let receiver = &inlet.receiver;
    let woken = match (more, due) {
        (true, _) => receiver.try_recv().map_err(|error| error == mpsc::TryRecvError::Disconnected),
        (false, Some(due)) => receiver
            .recv_timeout(due.saturating_duration_since(Instant::now()))
            .map_err(|error| error == RecvTimeoutError::Disconnected),
        (false, None) => receiver.recv().map_err(|_| true),
    };
    match woken {
        Ok(wake) => Some(Woken::Wake(wake)),
        Err(true) => None,
        Err(false) if more => Some(Woken::Busy),
        Err(false) => Some(Woken::Timer),
    }
}

/// The other terminals at the shared game hear of what changed since `before`, where the
/// event came `from`.
fn tell_others<B: Backend>(
    local: &mut Option<AppTerminal<B>>,
    visitors: &mut Visitors,
    link: Option<&Arc<Link>>,
    before: Option<(u64, u64)>,
    from: Origin,
) -> Result<()>
where
    B::Error: Send + Sync + 'static,
{
    let (Some(link), Some((revision, stamp))) = (link, before) else { return Ok(()) };
    if link.stamp() == stamp {
        return Ok(());
    }
    let played = link.revision() != revision;
    if played {
        // A question about the game before this turn no longer stands.
        link.drop_question();
    }
    link.announce();
    if let Some(screen) = local.as_mut().filter(|_| from != Origin::Local) {
        screen.handle(Event::Shared { played })?;
    }
    for visitor in visitors.0.iter_mut().filter(|visitor| from != Origin::Guest(visitor.inbox.id)) {
        if let Some(screen) = &mut visitor.screen {
            screen.handle(Event::Shared { played })?;
        }
    }
    Ok(())
}

/// Lets every app handle `event`.
fn every<B: Backend>(local: &mut Option<AppTerminal<B>>, visitors: &mut Visitors, event: Event) -> Result<()>
where
    B::Error: Send + Sync + 'static,
{
    if let Some(screen) = local {
        screen.handle(event.clone())?;
    }
    for screen in visitors.0.iter_mut().filter_map(|visitor| visitor.screen.as_mut()) {
        screen.handle(event.clone())?;
    }
    Ok(())
}

/// One round over the guests: those who came are let in, and each one's queue gives up
/// to its share; whether any has more waiting.
fn guests_round<B: Backend>(
    local: &mut Option<AppTerminal<B>>,
    visitors: &mut Visitors,
    inlet: &LoopInlet,
    link: Option<&Arc<Link>>,
) -> Result<bool>
where
    B::Error: Send + Sync + 'static,
{
    visitors.0.extend(inlet.arrivals.take().into_iter().map(|inbox| GuestTerminal { inbox, screen: None }));
    let mut more = false;
    let mut at = 0;
    while at < visitors.0.len() {
        let (news, gone) = match visitors.0[at].inbox.take() {
            Taken::News(news, waiting) => {
                more |= waiting;
                (news, false)
            }
            Taken::Gone(news) => (news, true),
        };
        for news in news {
            let before = link.map(|link| (link.revision(), link.stamp()));
            let id = visitors.0[at].inbox.id;
            guest(&mut visitors.0[at], news, link)?;
            tell_others(local, visitors, link, before, Origin::Guest(id))?;
        }
        let quit = visitors.0[at].screen.as_ref().is_some_and(|screen| screen.app.quit);
        if gone || quit {
            // Its terminal is left as it was found (if it is still there to hear it), and
            // its seat is free once its app is gone: the others hear of it.
            let before = link.map(|link| (link.revision(), link.stamp()));
            let mut visitor = visitors.0.remove(at);
            if let Some(screen) = &mut visitor.screen {
                let _ = leave(&mut screen.terminal);
            }
            drop(visitor);
            tell_others(local, visitors, link, before, Origin::All)?;
        } else {
            at += 1;
        }
    }
    Ok(more)
}

/// A guest came or typed.
fn guest(visitor: &mut GuestTerminal, news: Guest, link: Option<&Arc<Link>>) -> Result<()> {
    match news {
        Guest::Joined { output, area, profile, redraw, wakes } => {
            let Some(link) = link else { return Ok(()) };
            let options = TerminalOptions { viewport: Viewport::Fixed(area) };
            let mut terminal = Terminal::with_options(CrosstermBackend::new(output), options)?;
            execute!(terminal.backend_mut(), EnterAlternateScreen, EnableMouseCapture, Hide)?;
            let app = App::shared(*profile, link.sit_guest(), area);
            app.waker.connect(wakes);
            visitor.screen = Some(AppTerminal::new(app, terminal).with_redraw(redraw));
        }
        Guest::Input(input) => {
            let Some(screen) = &mut visitor.screen else { return Ok(()) };
            screen.handle(Event::Input(input))?;
            // Only the host's program touches files: a guest's requests go nowhere.
            screen.app.take_request();
        }
    }
    Ok(())
}

/// Leaves a guest's terminal as it was: main screen, cursor, no mouse reports. Closing its
/// output then closes the connection.
pub(crate) fn leave<W: Write>(terminal: &mut Terminal<CrosstermBackend<W>>) -> std::io::Result<()> {
    execute!(terminal.backend_mut(), DisableMouseCapture, Show, LeaveAlternateScreen)
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
