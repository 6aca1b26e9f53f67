//! What only the program around an app can do, asked for by it: save the game to a named
//! file, open the most recently kept game (or its review), solve the puzzles a review made.
//! The terminal's loop and the screen-reader mode's both carry them out here.

use crate::app::game::AnyGameScreenExt;
use crate::app::prompt::Question;
use crate::app::table::Message;
use crate::app::{App, Request};
use crate::autosave::Autosave;
use crate::i18n::keys::*;
use crate::i18n::text;
use crate::store;

/// Does what the app asked for: saving to a named file, or resuming the last game (or
/// reviewing it).
pub fn serve(request: Request, app: &mut App, autosave: &mut Autosave) {
    match request {
        Request::SaveAs { path, replace } => {
            let folder = path.parent().filter(|folder| !folder.as_os_str().is_empty());
            if !replace && path.exists() {
                app.ask(Question::Replace(path));
                return;
            }
            let Some(game) = app.game_screen() else { return };
            let game = game.kept();
            let message = match folder {
                // A folder is the player's to make: a typing slip must not make one.
                Some(folder) if !folder.is_dir() => {
                    Message::Warning(text!(SAVE_NO_FOLDER, crate::i18n::shown_path(folder)))
                }
                _ => match store::write_atomic(&path, &game.record(&crate::clock::now_utc())) {
                    Ok(()) => Message::Success(text!(SAVE_DONE, crate::i18n::shown_path(&path))),
                    Err(error) => Message::Warning(text!(SAVE_FAILED, error)),
                },
            };
            let saved = matches!(message, Message::Success(_));
            game.status().show(message);
            if saved {
                autosave.saved_as(app, &path);
            }
        }
        Request::Resume | Request::Review => match store::resume(autosave.dir()) {
            Ok((saved, path)) => {
                // Resumed from the menu: q goes back there.
                app.resume(saved, path, request == Request::Review);
                autosave.on_disk(app);
            }
            Err(error) => app.note_on_menu(error),
        },
        Request::Puzzles(puzzles) => {
            let history = crate::puzzles::history_path(&app.profile.folders);
            app.solve_mine(puzzles, history)
        }
        // Only the club shows a lobby, and answers what is asked there itself.
        Request::Lobby(_) => {}
    }
}
