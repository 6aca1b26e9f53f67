//! The terminal around the app: setting it up and always restoring it (on quit, on an
//! error, on a panic), and the loop that draws, reads one event, lets the app handle it,
//! serves what the app asked for and keeps the game.

use crate::app::keeper::Keeper;
use crate::app::prompt::Question;
use crate::app::table::Message;
use crate::app::{App, Overlay, Request, Screen};
use crate::{store, t, ui};
use anyhow::{Context, Result};
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use ratatui::layout::Rect;
use std::time::Duration;

/// Runs `app` in this terminal until the players quit, keeping games in the saves folder.
pub fn run(mut app: App) -> Result<()> {
    let mut terminal = ratatui::try_init().with_context(|| t!("err.terminal"))?;
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
        // While a search runs, wake up now and then to show how far it is.
        let next = |busy: bool| match busy && !event::poll(Duration::from_millis(100))? {
            true => Ok(Input::Idle),
            false => event::read().map(Input::Event),
        };
        drive(&mut terminal, &mut app, &mut keeper, next)
    })();
    let _ = execute!(std::io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

/// What the loop's source of events gives: an event, a moment without one (asked for
/// while a search runs), or the end (the terminal was closed).
pub enum Input {
    Event(Event),
    Idle,
    End,
}

/// The loop, on any backend: until the app quits or `next` ends. `next` is told whether a
/// search is under way; when none is, nothing redraws while the players think.
pub fn drive<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    keeper: &mut Keeper,
    mut next: impl FnMut(bool) -> std::io::Result<Input>,
) -> Result<()>
where
    B::Error: Send + Sync + 'static,
{
    while !app.quit {
        let busy = app.tick();
        // A game shared with other terminals may have changed there: kept here too.
        keeper.keep(app);
        terminal.draw(|frame| ui::draw(app, frame))?;
        let event = match next(busy)? {
            Input::Event(event) => event,
            Input::Idle => continue,
            Input::End => break,
        };
        if let Event::Resize(width, height) = event {
            // A terminal at a distance tells its size only this way.
            terminal.resize(Rect::new(0, 0, width, height))?;
        }
        app.handle(&event);
        if let Some(request) = app.request.take() {
            serve(request, app, keeper);
        }
        keeper.keep(app);
    }
    Ok(())
}

/// Does what the app asked for: saving to a named file, or resuming the last game.
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
        Request::Resume => match store::resume(keeper.dir()) {
            Ok((saved, path)) => {
                *app = App::opened(saved, path, app.area);
                keeper.on_disk(app);
            }
            Err(error) => {
                if let Screen::Menu(menu) = &mut app.screen {
                    menu.note = Some(format!("{error:#}"));
                }
            }
        },
    }
}
