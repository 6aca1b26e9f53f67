//! What the club answers a script (`ssh NAME@HOST games`, `ratings`, `history`, `mine`,
//! `contact`) and the
//! host (`hexstack club admin list`): lines of tab-separated fields, one a game, a rating,
//! a member. Scripts read them: their form is a contract (docs/club.md).

use super::calls::Contact;
use crate::clock::utc;
use crate::club::{Club, Error, GameInfo, ListedMember, MemberId, Pool, Rated, Refusal, Which};
use crate::rules::GameKind;
use std::fmt::Write;

/// The most games one `games` listing gives, newest first.
pub(crate) const GAMES_LISTED: usize = 200;
/// The most lines a pool gives `ratings`, and a member's `history`.
pub(crate) const RATINGS_LISTED: usize = 100;

/// The member called `name`'s number.
fn named(club: &Club, name: &str) -> Result<MemberId, Error> {
    let member = club.member(name)?.ok_or_else(|| Refusal::NoMember(crate::club::names::quoted(name)))?;
    Ok(member.id)
}

/// A time in milliseconds since 1970, as the lines write it (UTC, to the minute).
fn when(ms: i64) -> String {
    utc(u64::try_from(ms / 1000).unwrap_or(0))
}

/// `games [--live|--done] [NAME]`: a line a game, newest first, at most [`GAMES_LISTED`],
/// tab-separated: its number, the game, the board's side, Blue, Red, the clock, `live`
/// or how it ended (`Red won: time`), and its turns.
pub(crate) fn games(club: &Club, which: Which, name: Option<&str>) -> Result<String, Error> {
    let member = name.map(|name| named(club, name)).transpose()?;
    let mut lines = String::new();
    for game in club.games(which, member, GAMES_LISTED)? {
        let GameInfo { id, game: kind, side, blue, red, clock, turns, .. } = &game;
        let state = game.verdict.map_or_else(|| "live".to_string(), |verdict| verdict.to_string());
        let _ = writeln!(lines, "{id}\t{kind}\t{side}\t{blue}\t{red}\t{clock}\t{state}\t{turns}");
    }
    Ok(lines)
}

/// `history NAME`: member `name`'s rating after each of their last [`RATINGS_LISTED`]
/// rated games, newest first, a line each, tab-separated: the game's number, the game, the
/// board's side, the rating and its deviation (whole numbers), when (UTC), and the pool's
/// pace (`live` or `daily`).
pub(crate) fn history(club: &Club, name: &str) -> Result<String, Error> {
    let mut lines = String::new();
    for rated in club.history(named(club, name)?, None, RATINGS_LISTED)? {
        let Rated { game_id, pool, rating, at } = rated;
        let (rating, deviation) = (rating.rating.round(), rating.deviation.round());
        let _ = writeln!(
            lines,
            "{game_id}\t{}\t{}\t{rating}\t{deviation}\t{}\t{}",
            pool.game,
            pool.side,
            when(at),
            pool.pace.word()
        );
    }
    Ok(lines)
}

/// `ratings [GAME]`: a line a member and pool, tab-separated: the game, the board's
/// side, the name, the rating (`?` while unsettled), the rated games, the pool's pace
/// (`live` or `daily`). Each pool of
/// `game` (every pool when `None`), its settled members best first, then the others; at
/// most [`RATINGS_LISTED`] a pool.
pub(crate) fn ratings(club: &Club, game: Option<GameKind>) -> Result<String, Error> {
    let mut lines = String::new();
    for pool in Pool::all().into_iter().filter(|pool| game.is_none_or(|game| pool.game == game)) {
        for standing in club.standings(pool, RATINGS_LISTED)? {
            let (name, games) = (&standing.name, standing.games);
            let (game, side, pace) = (pool.game, pool.side, pool.pace.word());
            let _ = writeln!(lines, "{game}\t{side}\t{name}\t{}\t{games}\t{pace}", standing.shown());
        }
    }
    Ok(lines)
}

/// `mine`: member `member`'s games in progress where it is their turn, soonest deadline
/// first, a line each, tab-separated: the game's number, the game, the board's side, the
/// opponent, the deadline (ISO 8601, UTC) and the seconds left. A live game's deadline is
/// its clock's (`-` for both without a clock): `clocks` gives what the clock left, by game.
pub(crate) fn mine(
    club: &Club,
    member: MemberId,
    clocks: impl Fn(crate::club::GameId) -> Option<u64>,
) -> Result<String, Error> {
    let now = club.now();
    let mut lines = String::new();
    for game in club.to_move(member)? {
        let opponent = if game.blue_id == member { &game.red } else { &game.blue };
        let left = match game.deadline {
            Some(deadline) => Some(u64::try_from(deadline - now).unwrap_or(0)),
            None => clocks(game.id),
        };
        let (deadline, seconds) = match left {
            Some(left) => {
                let at = u64::try_from(now).unwrap_or(0).saturating_add(left) / 1000;
                (crate::clock::iso_utc(at), (left / 1000).to_string())
            }
            None => ("-".to_string(), "-".to_string()),
        };
        let GameInfo { id, game: kind, side, .. } = &game;
        let _ = writeln!(lines, "{id}\t{kind}\t{side}\t{opponent}\t{deadline}\t{seconds}");
    }
    Ok(lines)
}

/// `contact [TEXT|--clear]`: member `member`'s contact read (a line, or nothing), set or
/// cleared (then `ok`).
pub(crate) fn contact(club: &mut Club, member: MemberId, asked: &Contact) -> Result<String, Error> {
    match asked {
        Contact::Read => Ok(club.contact(member)?.map(|contact| contact + "\n").unwrap_or_default()),
        Contact::Set(text) => club.set_contact(member, Some(text)).map(|()| "ok\n".to_string()),
        Contact::Clear => club.set_contact(member, None).map(|()| "ok\n".to_string()),
    }
}

/// `admin list`: a line a member, tab-separated: name, joined (UTC), `member` or
/// `banned`, keys, games.
pub(crate) fn members(club: &Club) -> Result<String, Error> {
    let line = |listed: &ListedMember| {
        let ListedMember { member, keys, games } = listed;
        let state = if member.banned { "banned" } else { "member" };
        format!("{}\t{}\t{state}\t{keys}\t{games}", member.name, when(member.created))
    };
    Ok(club.members()?.iter().map(line).collect::<Vec<_>>().join("\n"))
}
