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
use crate::puzzles::files;
use crate::store;

/// Does what the app asked for: saving to a named file, or resuming the last game (or
/// reviewing it).
pub(crate) fn serve(request: Request, app: &mut App, autosave: &mut Autosave) {
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
            let history = files::player_history(&app.profile.folders);
            app.solve_mine(puzzles, history)
        }
        Request::OpenPuzzles => {
            let (puzzles, mine) = files::own_and_shipped(&app.profile.folders);
            let history = files::player_history(&app.profile.folders);
            app.open_puzzles(puzzles, mine, history);
        }
        Request::KeepHistory { history, file } => app.history_kept(files::write_history(&history, &file)),
        // Only the club shows a lobby, and answers what is asked there itself.
        Request::Lobby(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Profile;
    use crate::app::keys::Action;
    use ratatui::layout::Rect;

    /// The puzzle screen on a few shipped puzzles, its history kept in `file`.
    fn puzzles(file: std::path::PathBuf) -> App {
        let puzzles = crate::puzzles::shipped()[..3].to_vec();
        App::puzzles(
            Profile::default(),
            puzzles,
            Default::default(),
            files::kept_history(Some(file)),
            Rect::default(),
        )
    }

    #[test]
    fn a_history_that_cannot_be_written_says_so_and_play_goes_on() {
        let dir = tempfile::tempdir().unwrap();
        let not_a_folder = dir.path().join("file");
        std::fs::write(&not_a_folder, "").unwrap();
        let mut app = puzzles(not_a_folder.join("history.txt"));
        // A hint costs the puzzle: an attempt, asked kept.
        app.act(Action::Hint);
        let request = app.take_request().expect("the history is asked kept");
        assert!(matches!(&request, Request::KeepHistory { history, .. } if history.attempts().count() == 1));
        serve(request, &mut app, &mut Autosave::nowhere());
        let note = app.puzzle_screen().and_then(|screen| screen.note.clone());
        assert!(note.is_some(), "the note line says the history was not kept");
    }

    #[test]
    fn the_history_is_kept_when_the_puzzles_are_left_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("puzzles").join("history.txt");
        let mut app = App::new(Profile::default(), Rect::default());
        let kept = files::kept_history(Some(file.clone()));
        app.open_puzzles(crate::puzzles::shipped()[..3].to_vec(), Default::default(), kept);
        app.act(Action::Hint);
        // Back to the menu before the loop wrote anything: the ask goes along.
        app.act(Action::Quit);
        assert!(matches!(app.screen, crate::app::Screen::Menu(_)));
        let request = app.take_request().expect("the history is still asked kept");
        serve(request, &mut app, &mut Autosave::nowhere());
        assert_eq!(files::load_history(&file).attempts().count(), 1);
        assert_eq!(app.take_request(), None);
    }
}
