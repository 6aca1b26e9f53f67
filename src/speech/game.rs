//! A game in lines: a turn typed in notation (or a cell at a time, as Enter on each would),
//! the commands that read the board and the game, and each turn announced as it lands,
//! whoever played it (the other player at the keyboard, the computer, a player at a
//! distance).

use super::commands::{self, CommandScope, SpokenCommand};
use super::{Saying, Seen, Session, Spoken, board};
use crate::app::game::GameScreen;
use crate::app::keys::Action;
use crate::app::table::Table;
use crate::app::{App, Mode, Opponent, Overlay, Question, Screen};
use crate::i18n::keys::*;
use crate::i18n::{Text, excerpt, parse_error, text};
use crate::record::Record;
use crate::rules::hex::Cell;
use std::time::{Duration, Instant};

/// Whether the game is the club's (played, watched or replayed there): it leaves for the
/// lobby, and has no computer, no saving, no new game.
pub(super) fn at_club<G: Spoken>(game: &GameScreen<G>) -> bool {
    game.leaving == crate::app::keys::Leaving::Lobby
}

/// Whether the game keeps lines waiting: the computer's turn or a hint under way.
pub(super) fn busy<G: Spoken>(game: &GameScreen<G>) -> bool {
    game.opponent().is_some_and(Opponent::busy) || game.advisor.thinking().is_some()
}

/// When the game wants waking: the next step of the computer's turn (its search wakes it
/// itself), or the running clock's flag.
pub(super) fn timer<G: Spoken>(game: &GameScreen<G>, paused: bool) -> Option<Instant> {
    let opponent = game.opponent().filter(|opponent| !paused && opponent.thinking().is_none());
    let flag = game.table.read(|record| {
        let clock = record.clock()?;
        Some(Instant::now() + clock.left(clock.running()?) + Duration::from_millis(1))
    });
    opponent.and_then(Opponent::timer).into_iter().chain(flag).min()
}

/// A line typed at a game: a command, else a turn.
pub(super) fn line(session: &mut Session, line: &str) {
    let scope = session.scope();
    match commands::read(line, scope, session.out.lang) {
        Some((command, rest)) => self::command(session, scope, command, rest),
        None if line.is_empty() => describe_here(session, SpokenCommand::Turn, ""),
        None => turn(session, line),
    }
}

fn command(session: &mut Session, scope: CommandScope, command: SpokenCommand, rest: &str) {
    use SpokenCommand::*;
    match command {
        Board | Cell | Moves | Captures | Last | Turn | Clocks | Score => {
            describe_here(session, command, rest)
        }
        End if picked(&session.app) => session.app.act(Action::Cancel),
        End => session.out.say(&text!(SPEECH_NOTHING_PICKED)),
        Undo => session.app.act(Action::Undo),
        Redo => session.app.act(Action::Redo),
        Hint if over(&session.app) => session.out.say(&text!(SPEECH_OVER_NO_TURN)),
        Hint => session.app.act(Action::Hint),
        Draw => session.app.act(Action::Draw),
        Resign => session.app.act(Action::Resign),
        Review => session.app.act(Action::Review),
        Save => save(session, rest),
        Again if over(&session.app) => {
            session.app.act(Action::Act);
            // The command is the player's word already: the screens' question is answered.
            if matches!(session.app.overlay, Some(Overlay::Ask(Question::Again))) {
                session.app.act(Action::Yes);
            }
        }
        Again => session.out.say(&text!(SPEECH_AGAIN_NOT_OVER)),
        Help => help(session, scope),
        Quit if scope == CommandScope::Tried => session.app.act(Action::Back),
        // `lobby` is the club's `quit`: back to the lobby, the game going on.
        Quit | Lobby => session.app.act(Action::Quit),
        _ => {}
    }
}

/// `help` at a game: the forms of its turns, then its commands.
fn help(session: &mut Session, scope: CommandScope) {
    let forms = session
        .app
        .screen
        .game()
        .map(|game| crate::each_game!(kind game.kind(), G => text!(<G as Spoken>::TURN_FORMS)));
    session.out.say_all(forms);
    session.out.say_all(commands::help(scope));
}

/// `save`, and `save FILE`: the file asked for, or saved to at once.
fn save(session: &mut Session, file: &str) {
    session.app.act(Action::Save);
    if matches!(session.app.overlay, Some(crate::app::Overlay::SaveAs(_))) && !file.is_empty() {
        session.app.name_file(file.to_string());
        session.app.act(Action::Choose);
    }
}

/// What a reading command says of the game on view.
fn describe_here(session: &mut Session, command: SpokenCommand, rest: &str) {
    let out = &mut session.out;
    if let Some(game) = session.app.game_screen() {
        crate::each_game!(game, game => describe(game, command, rest, out));
    }
}

fn describe<G: Spoken>(game: &GameScreen<G>, command: SpokenCommand, rest: &str, out: &mut Saying) {
    let table = &game.table;
    match command {
        SpokenCommand::Turn => return standing(game, out),
        SpokenCommand::Clocks
            if game.due.is_some() || game.club_clock.is_some_and(|clock| clock.allowance().is_some()) =>
        {
            return out.say_all(daily(game));
        }
        SpokenCommand::Clocks => return table.read(|record| board::clocks(record, out)),
        _ => {}
    }
    describe_table(table, command, rest, out);
}

/// What a reading command says of a board to play on (a game's, a puzzle's).
pub(super) fn describe_table<G: Spoken>(
    table: &Table<G>,
    command: SpokenCommand,
    rest: &str,
    out: &mut Saying,
) {
    let shown = G::shown(table);
    match command {
        SpokenCommand::Board => board::board(&shown, rest, out),
        SpokenCommand::Cell => board::cell(&shown, rest, out),
        SpokenCommand::Moves => out.say_all(table.position().turns_grouped()),
        SpokenCommand::Captures => out.say_all(table.position().captures_now()),
        SpokenCommand::Last => table.read(|record| board::last(record, out)),
        SpokenCommand::Score => out.say_all(shown.score()),
        SpokenCommand::Turn => stands(table, out),
        _ => {}
    }
}

/// A correspondence game's clock at the club: days a turn, and the time left to the side to
/// move (the club keeps it; the game ends on it there).
fn daily<G: Spoken>(game: &GameScreen<G>) -> Vec<Text> {
    let Some(crate::clock::ClubClock::Daily(days)) = game.club_clock else { return Vec::new() };
    let left = game.due.as_ref().filter(|_| game.table.end().is_none());
    let left = left.map(|due| text!(SPEECH_CLUB_TIME_LEFT, game.table.to_move(), due.shown()));
    std::iter::once(text!(SPEECH_CLUB_DAYS, super::terms::days(days))).chain(left).collect()
}

/// `turn`: whose turn it is (or how the game ended), who plays whom, and what is picked.
fn standing<G: Spoken>(game: &GameScreen<G>, out: &mut Saying) {
    if let Some(who) = who(game) {
        out.say(&who);
    }
    stands(&game.table, out);
}

/// How a board stands: its turn's number and who is to move (where the players stand back
/// in the game, which turn of how many), or how it ended; what is picked.
fn stands<G: Spoken>(table: &Table<G>, out: &mut Saying) {
    let (played, total) = table.replay_position();
    match table.end() {
        Some(end) => out.say(&board::ended(end, &table.position())),
        None if played < total => out.say(&text!(SPEECH_BACK_AT, played, total, table.to_move())),
        None => out.say(&text!(SPEECH_TURN_OF, played + 1, table.to_move())),
    }
    out.say_all(G::picked(table));
}

/// Who is at the game, in words.
fn who<G: Spoken>(game: &GameScreen<G>) -> Option<Text> {
    Some(match &game.mode {
        Mode::HotSeat => text!(SPEECH_HOT_SEAT),
        Mode::Tried(_) => text!(SPEECH_TRIED),
        Mode::Against(opponent) => {
            let computer = opponent.computer;
            let level = (computer.level.number(), crate::i18n::level(computer.level));
            match computer.colour() {
                None => text!(SPEECH_WATCHED, level.0, level.1),
                Some(its) => text!(SPEECH_AGAINST, its.other(), its, level.0, level.1),
            }
        }
        Mode::Shared(seat) => match seat.colour() {
            Some(mine) => text!(SPEECH_SHARED, mine),
            None => text!(SPEECH_SHARED_WATCHING),
        },
    })
}

/// Whether something is picked on the way to a turn, on the board on view.
pub(super) fn picked(app: &App) -> bool {
    match &app.screen {
        Screen::Game(game) => crate::each_game!(game.as_ref(), game => game.table.picked().is_some()),
        Screen::Puzzle(puzzles) => puzzles
            .board
            .as_ref()
            .is_some_and(|board| crate::each_game!(board, board => board.table.picked().is_some())),
        _ => false,
    }
}

fn over(app: &App) -> bool {
    app.screen.game().is_some_and(|game| crate::each_game!(game, game => game.table.end().is_some()))
}

/// A turn typed: acted on cell by cell, as Enter on each would be.
fn turn(session: &mut Session, line: &str) {
    let Some(game) = session.app.game_screen() else { return };
    let cells = crate::each_game!(game, game => match game.table.end() {
        Some(_) if at_club(game) => Err(text!(SPEECH_CLUB_OVER_NEXT)),
        Some(_) => Err(text!(SPEECH_OVER_NO_TURN)),
        None => cells_to_act(&mut game.table, line),
    });
    enter(session, cells);
}

/// The cells to act on for `typed`: one cell (placed, picked, captured, moved to, as the
/// game's own input takes it), or the cells of a whole turn the rules allow here; else why
/// not, in the rules' words.
pub(super) fn cells_to_act<G: Spoken>(table: &mut Table<G>, typed: &str) -> Result<Vec<Cell>, Text> {
    let unknown = || text!(SPEECH_UNKNOWN, excerpt(typed));
    if typed.contains(char::is_whitespace) {
        return Err(unknown());
    }
    let board = table.position().board();
    if let Ok(cell) = typed.parse::<Cell>() {
        return board::cell_named(typed, board).map(|_| vec![cell]);
    }
    let turn: G::Turn =
        typed.parse().map_err(|error| match typed.contains(|c: char| c.is_ascii_digit()) {
            true => parse_error(&error),
            false => unknown(),
        })?;
    table.position().play(&turn).map_err(|reason| G::illegal(&reason))?;
    table.take_picked();
    Ok(G::turn_cells(&turn))
}

/// Acts on each of `cells` as Enter on it would, then ends a chain a whole turn leaves
/// under way; or says why there is nothing to act on.
pub(super) fn enter(session: &mut Session, cells: Result<Vec<Cell>, Text>) {
    let cells = match cells {
        Ok(cells) => cells,
        Err(why) => return session.out.say(&why),
    };
    let whole = cells.len() > 1;
    session.seen.typed = cells.first().copied().filter(|_| !whole);
    for cell in cells {
        session.app.point_at(cell);
        session.app.act(Action::Act);
        if session.app.overlay.is_some() {
            return;
        }
    }
    if whole && picked(&session.app) {
        session.app.act(Action::Cancel);
    }
}

/// Says the game that just came on view: what it is, who plays, its clock, how far it is,
/// the board if anything stands on it, and how it stands.
pub(super) fn opening(session: &mut Session) {
    let (seen, out) = (&mut session.seen, &mut session.out);
    if let Some(game) = session.app.game_screen() {
        crate::each_game!(game, game => open(game, seen, out));
    }
}

fn open<G: Spoken>(game: &mut GameScreen<G>, seen: &mut Seen, out: &mut Saying) {
    // Who is ahead is the screens' figure; a hint says it here.
    game.advisor.show_eval = false;
    let position = game.table.position();
    out.say(&text!(SPEECH_GAME, G::setup_entry(position.board())));
    out.say_all(who(game));
    for colour in [crate::rules::Colour::Blue, crate::rules::Colour::Red] {
        if let Some(name) = game.players.name(colour) {
            out.say(&text!(SPEECH_PLAYER_NAMED, colour, name));
        }
    }
    match game.time_control() {
        Some(control) => out.say(&board::control(control)),
        None => out.say_all(daily(game)),
    }
    if just_started(game) {
        return open_new(game, seen, out);
    }
    let (played, total) = game.table.replay_position();
    if total > 0 {
        out.say(&text!(SPEECH_LOADED, played, total));
        game.table.read(|record| board::last(record, out));
    }
    out.say_all(board::owners(&G::shown(&game.table)));
    stands(&game.table, out);
    seen.line = plies(&game.table);
    seen.end = game.table.end();
    seen.picked = game.table.picked().map(|picked| format!("{picked:?}"));
    thinking(game, seen, out);
    out.say(&text!(SPEECH_GAME_HELP));
}

/// Whether the game began here against the computer, and only the computer has played in
/// it yet: its turns, however quick, are announced as they would be a moment later.
fn just_started<G: Spoken>(game: &GameScreen<G>) -> bool {
    let Some(computer) = game.computer().filter(|_| game.keeping.at.is_none()) else { return false };
    game.table.read(|record| {
        let mut before = record.start();
        record.history().iter().all(|ply| {
            let by_computer = computer.plays(before.to_move());
            before = ply.position;
            by_computer
        })
    })
}

/// A game against the computer said from its start, then the turns it has played already.
fn open_new<G: Spoken>(game: &mut GameScreen<G>, seen: &mut Seen, out: &mut Saying) {
    let start = game.table.read(Record::start);
    out.say_all(board::owners(&start));
    out.say(&text!(SPEECH_TURN_OF, 1, start.to_move()));
    if game.computer().is_some_and(|computer| computer.plays(start.to_move())) {
        out.say(&text!(SPEECH_COMPUTER_THINKING, start.to_move()));
    }
    out.say(&text!(SPEECH_GAME_HELP));
    seen.thinking = Some(game.table.revision());
    *seen = Seen { line: Vec::new(), end: None, ..std::mem::take(seen) };
    changes(game, seen, out);
}

/// A game's plies in notation, a skip empty: what the session compares to tell turns
/// played from turns taken back.
pub(super) fn plies<G: Spoken>(table: &Table<G>) -> Vec<String> {
    table.read(|record: &Record<G>| {
        record
            .history()
            .iter()
            .map(|ply| ply.turn.as_ref().map_or_else(String::new, ToString::to_string))
            .collect()
    })
}

/// Says what changed in the game on view.
pub(super) fn news(session: &mut Session) {
    let (seen, out) = (&mut session.seen, &mut session.out);
    if let Some(game) = session.app.game_screen() {
        crate::each_game!(game, game => changes(game, seen, out));
    }
    session.seen.typed = None;
}

fn changes<G: Spoken>(game: &mut GameScreen<G>, seen: &mut Seen, out: &mut Saying) {
    let quiet = game.opponent().is_some_and(|opponent| game.table.read(|record| opponent.to_move(record)));
    let said = table_news(&game.table, quiet, seen, out);
    let showing = game.computer_showing().is_some();
    let picked = game.table.picked().map(|picked| format!("{picked:?}"));
    if picked != seen.picked && picked.is_some() && !showing {
        out.say_all(G::picked(&game.table));
    }
    seen.picked = picked;
    if said && game.table.end().is_some() {
        out.say(&text!(if at_club(game) { SPEECH_CLUB_OVER_NEXT } else { SPEECH_OVER_NEXT }));
    }
    thinking(game, seen, out);
}

/// Says what changed on a board to play on: the turns played since it last said any (and
/// how the game stands after them), else its message, else how the game ended if it just
/// did. Whether a turn was said.
pub(super) fn table_news<G: Spoken>(
    table: &Table<G>,
    quiet: bool,
    seen: &mut Seen,
    out: &mut Saying,
) -> bool {
    let line = plies(table);
    let from = seen.line.len();
    let played = line.len() > from && line.starts_with(&seen.line);
    seen.line = line;
    let end = table.end();
    let ended = end.is_some() && end != seen.end;
    seen.end = end;
    if played {
        table.read(|record| board::announce(record, from, quiet, out));
        return true;
    }
    let message = table.status().text().and_then(|text| G::reworded(text, seen.typed));
    match (message, end) {
        (Some(message), _) => out.say_sentence(&message),
        (None, Some(end)) if ended => out.say(&board::ended(end, &table.position())),
        _ => {}
    }
    ended
}

/// Says once that the computer is thinking, or that a hint is being looked for.
fn thinking<G: Spoken>(game: &GameScreen<G>, seen: &mut Seen, out: &mut Saying) {
    let revision = game.table.revision();
    if seen.thinking == Some(revision) {
        return;
    }
    if game.opponent().is_some_and(|opponent| opponent.thinking().is_some()) {
        out.say(&text!(SPEECH_COMPUTER_THINKING, game.table.to_move()));
    } else if game.advisor.thinking().is_some() {
        out.say(&text!(SPEECH_LOOKING_FOR_HINT));
    } else {
        return;
    }
    seen.thinking = Some(revision);
}
