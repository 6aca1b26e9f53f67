//! Puzzles in lines: the task, the opponent's mistake that made it, the board; the turns
//! typed as in a game, judged against the solution, the reply announced; the rating after;
//! the solution stepped through once the puzzle is over.

use super::commands::{self, CommandScope, SpokenCommand};
use super::{Saying, Seen, Session, Spoken, board, game};
use crate::app::Screen;
use crate::app::keys::Action;
use crate::app::solving::{Solving, Stage};
use crate::i18n::keys::*;
use crate::i18n::text;

/// Says the puzzle that just came on the board, or that there is none.
pub(super) fn opening(session: &mut Session) {
    let Screen::Puzzle(puzzles) = &session.app.screen else { return };
    let (seen, out) = (&mut session.seen, &mut session.out);
    match &puzzles.board {
        Some(board) => crate::each_game!(board, board => open(board, seen, out)),
        None => out.say(&text!(PUZZLE_NONE)),
    }
    out.say_all(puzzles.note.clone());
    out.say(&puzzles.rating_line());
    out.say(&text!(SPEECH_PUZZLE_HELP));
}

fn open<G: Spoken>(solving: &Solving<G>, seen: &mut Seen, out: &mut Saying) {
    let puzzle = &solving.puzzle;
    out.say(&text!(SPEECH_PUZZLE, puzzle.rating, solving.task()));
    solving.table.read(|record| board::last(record, out));
    out.say_all(board::owners(&solving.table.position()));
    seen.line = game::plies(&solving.table);
    seen.step = usize::from(solving.stage != Stage::Solving);
}

/// Says what changed on the puzzle's board: the turns played, the verdict, the rating.
pub(super) fn news(session: &mut Session) {
    let Screen::Puzzle(puzzles) = &session.app.screen else { return };
    let Some(board) = &puzzles.board else { return };
    let (seen, out) = (&mut session.seen, &mut session.out);
    let over = crate::each_game!(board, board => changes(board, seen, out));
    if over && seen.step == 0 {
        seen.step = 1;
        out.say(&puzzles.rating_line());
        out.say(&text!(SPEECH_PUZZLE_OVER));
    }
    out.say_all(puzzles.note.clone());
    session.seen.typed = None;
}

/// Says the turns played on the puzzle's board and its message; whether the puzzle is over.
fn changes<G: Spoken>(solving: &Solving<G>, seen: &mut Seen, out: &mut Saying) -> bool {
    let table = &solving.table;
    let line = game::plies(table);
    let from = seen.line.len();
    if line.len() > from && line.starts_with(&seen.line) {
        table.read(|record| board::announce(record, from, true, out));
    }
    seen.line = line;
    if let Some(said) = table.status().text().and_then(|text| G::reworded(text, seen.typed)) {
        out.say(&said);
    }
    let picked = table.picked().map(|picked| format!("{picked:?}"));
    if picked != seen.picked && picked.is_some() {
        out.say_all(G::picked(table));
    }
    seen.picked = picked;
    solving.stage != Stage::Solving
}

/// A line typed at a puzzle: a command, else a turn.
pub(super) fn line(session: &mut Session, line: &str) {
    let picked = game::picked(&session.app);
    let Some(puzzles) = session.app.puzzle_screen() else { return };
    let command = commands::read(line, CommandScope::Puzzle, session.out.lang);
    let Some(board) = &mut puzzles.board else {
        return match command {
            Some((SpokenCommand::Quit, _)) => session.app.act(Action::Quit),
            _ => session.out.say(&text!(PUZZLE_NONE)),
        };
    };
    let out = &mut session.out;
    let action = match command {
        Some((
            described @ (SpokenCommand::Board
            | SpokenCommand::Cell
            | SpokenCommand::Moves
            | SpokenCommand::Captures
            | SpokenCommand::Last
            | SpokenCommand::Turn
            | SpokenCommand::Score),
            rest,
        )) => {
            return crate::each_game!(board, board => game::describe_table(&board.table, described, rest, out));
        }
        Some((SpokenCommand::Help, _)) => {
            let forms = crate::each_game!(board, _board, G => text!(<G as Spoken>::TURN_FORMS));
            out.say(&forms);
            return out.say_all(commands::help(CommandScope::Puzzle));
        }
        Some((SpokenCommand::End, _)) if !picked => return out.say(&text!(SPEECH_NOTHING_PICKED)),
        Some((SpokenCommand::End, _)) => Action::Cancel,
        Some((SpokenCommand::Hint, _)) => Action::Hint,
        Some((SpokenCommand::Undo, _)) => Action::Undo,
        Some((SpokenCommand::Redo, _)) => Action::Redo,
        Some((SpokenCommand::Next, _)) => Action::NextPuzzle,
        Some((SpokenCommand::Again, _)) => Action::Retry,
        Some((SpokenCommand::Quit, _)) => Action::Quit,
        Some(_) => return,
        None if line.is_empty() => {
            return crate::each_game!(board, board => game::describe_table(&board.table, SpokenCommand::Turn, "", out));
        }
        None => {
            let cells = crate::each_game!(board, board => match board.stage {
                Stage::Solving => game::cells_to_act(&mut board.table, line),
                _ => Err(text!(SPEECH_PUZZLE_OVER_NO_TURN)),
            });
            return game::enter(session, cells);
        }
    };
    session.app.act(action);
}
