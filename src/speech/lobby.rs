//! The club's lobby in lines (`ssh NAME@HOST screen-reader`, or a terminal whose `TERM` is
//! `dumb`): its parts said as numbered lists on a command each (`playing`, `seeks`...), and
//! what a member asks typed in a line (`take 3`, `seek clamber 3 5+3 rated`), sent to the
//! club as the lobby's own [`LobbyAsk`], the same the screens send. The club's answers and
//! notices come on the lobby's note line, said as they come.

use super::commands::{self, CommandScope, SpokenCommand};
use super::{Session, terms};
use crate::app::Screen;
use crate::app::lobby::{GameRow, Lobby, LobbyAsk, LobbyView, Tab};
use crate::i18n::keys::*;
use crate::i18n::{Key, Lang, Text, excerpt, text};

/// The lobby on view.
fn lobby(session: &Session) -> Option<&Lobby> {
    match &session.app.screen {
        Screen::Lobby(lobby) => Some(lobby),
        _ => None,
    }
}

/// Says the lobby that just came on view: the club's name, whom it greets, how things stand
/// (on entry; back from a game, only where it is), and the club's last word.
pub(super) fn opening(session: &mut Session) {
    let first = !std::mem::replace(&mut session.welcomed, true);
    let Some(lobby) = lobby(session) else { return };
    let view = &lobby.view;
    let mut said = Vec::new();
    if first {
        said.push(match view.me() {
            Some(me) => text!(SPEECH_LOBBY_WELCOME, view.club.club.as_str(), me),
            None => text!(SPEECH_LOBBY_WELCOME_WATCHER, view.club.club.as_str()),
        });
        said.extend(view.club.greeting.as_deref().map(|greeting| text!(PLAIN, greeting)));
        said.push(summary(view));
        said.push(text!(SPEECH_LOBBY_HELP));
    } else {
        said.push(text!(SPEECH_LOBBY_BACK));
    }
    said.extend(view.failed().cloned());
    session.out.say_all(said);
    news(session);
}

/// How the club stands for the member: who is online, the seeks, their games and in how
/// many it is their turn.
fn summary(view: &LobbyView) -> Text {
    let (club, own) = (&view.club, &view.own);
    let turns = own.playing.iter().filter(|playing| playing.your_turn).count();
    text!(SPEECH_LOBBY_SUMMARY, club.online.len(), club.seeks.len(), own.playing.len(), turns)
}

/// The club's word on the note line (an answer, a notice), said once.
pub(super) fn news(session: &mut Session) {
    if let Some(note) = lobby(session).and_then(|lobby| lobby.note.clone()) {
        session.out.say(&note);
    }
}

/// A line typed in the lobby: a command, else why it is none; an empty line says how the
/// club stands.
pub(super) fn line(session: &mut Session, line: &str) {
    let lang = session.out.lang;
    let Some((command, rest)) = commands::read(line, CommandScope::Lobby, lang) else {
        let said = match line.is_empty() {
            true => lobby(session).map(|lobby| summary(&lobby.view)),
            false => Some(text!(SPEECH_LOBBY_UNKNOWN, excerpt(line))),
        };
        return session.out.say_all(said);
    };
    use SpokenCommand::*;
    let tab = match command {
        Playing => Some(Tab::Playing),
        Online => Some(Tab::Players),
        Seeks => Some(Tab::Seeks),
        Challenges => Some(Tab::Challenges),
        Live => Some(Tab::Live),
        Finished => Some(Tab::Recent),
        Best => Some(Tab::Best),
        _ => None,
    };
    if let Some(tab) = tab {
        let said = lobby(session).map(|lobby| listed(lobby, tab)).unwrap_or_default();
        return session.out.say_all(said);
    }
    let asked = match command {
        Help => return session.out.say_all(commands::help(CommandScope::Lobby)),
        Quit => {
            session.out.say(&text!(SPEECH_LOBBY_LEFT));
            session.app.quit();
            return;
        }
        Seek if rest.is_empty() => return super::offer::start(session, None),
        Seek => terms::read(rest, lang).map(LobbyAsk::Post),
        Challenge if !rest.is_empty() && !rest.contains(char::is_whitespace) => {
            return super::offer::start(session, Some(rest.to_string()));
        }
        Challenge => challenge(rest, lang),
        Open | Watch | Replay | Take | Accept | Decline | Cancel => numbered(command, rest, lang),
        _ => return,
    };
    match asked {
        Ok(ask) => session.app.ask_club(ask),
        Err(why) => session.out.say(&why),
    }
}

/// `take 3` and the like: what the number asks for, or how to type it.
fn numbered(command: SpokenCommand, rest: &str, lang: Lang) -> Result<LobbyAsk, Text> {
    let Ok(n) = rest.trim_start_matches('#').parse::<u64>() else {
        return Err(text!(SPEECH_LOBBY_NUMBER, commands::name(command, lang)));
    };
    Ok(match command {
        SpokenCommand::Open => LobbyAsk::Open(n),
        SpokenCommand::Watch => LobbyAsk::Watch(n),
        SpokenCommand::Replay => LobbyAsk::Replay(n),
        SpokenCommand::Take => LobbyAsk::Take(n),
        SpokenCommand::Accept => LobbyAsk::Accept(n),
        SpokenCommand::Decline => LobbyAsk::Decline(n),
        _ => LobbyAsk::Cancel(n),
    })
}

/// `challenge NAME TERMS`.
fn challenge(rest: &str, lang: Lang) -> Result<LobbyAsk, Text> {
    let (name, terms_typed) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    if name.is_empty() {
        return Err(text!(SPEECH_LOBBY_CHALLENGE_WHOM));
    }
    Ok(LobbyAsk::Challenge(name.to_string(), terms::read(terms_typed, lang)?))
}

/// Part `tab` of the lobby, a line a row: how many first, then each, numbered as the club
/// numbers them; or what the part says when it is empty.
fn listed(lobby: &Lobby, tab: Tab) -> Vec<Text> {
    let (view, club, own) = (&lobby.view, &lobby.view.club, &lobby.view.own);
    let empty = match tab {
        Tab::Playing => LOBBY_EMPTY_PLAYING,
        Tab::Players => LOBBY_EMPTY_PLAYERS,
        Tab::Seeks => LOBBY_EMPTY_SEEKS,
        Tab::Challenges => LOBBY_EMPTY_CHALLENGES,
        Tab::Live => LOBBY_EMPTY_LIVE,
        Tab::Recent => LOBBY_EMPTY_RECENT,
        Tab::Best => LOBBY_EMPTY_BEST,
    };
    if lobby.listed(tab) == 0 {
        return view.failed().cloned().into_iter().chain([text!(empty)]).collect();
    }
    let mut said = vec![text!(SPEECH_LOBBY_COUNT, text!(tab_name(tab)), lobby.listed(tab))];
    match tab {
        Tab::Playing => said.extend(own.playing.iter().flat_map(|playing| {
            let (game, turn) =
                (&playing.game, if playing.your_turn { LOBBY_YOUR_TURN } else { LOBBY_THEIR_TURN });
            let row = text!(
                SPEECH_LOBBY_PLAYING_ROW,
                game.id,
                text!(turn),
                playing.opponent.as_str(),
                terms::game_name(game.game, game.side),
                terms::clock(game.clock)
            );
            let left = playing.due.as_ref().map(|due| text!(SPEECH_LOBBY_TIME_LEFT, game.id, due.shown()));
            std::iter::once(row).chain(left)
        })),
        Tab::Players => said.extend(club.online.iter().map(|member| {
            let now = if member.playing { LOBBY_PLAYING } else { LOBBY_FREE };
            let ratings: Vec<Text> = member
                .ratings
                .iter()
                .map(|(pool, rating)| text!(PLAIN, format!("{pool} {rating}")))
                .collect();
            let ratings = if ratings.is_empty() {
                text!(PLAIN, "")
            } else {
                text!(SPEECH_LOBBY_RATINGS, super::joined(ratings))
            };
            text!(SPEECH_LOBBY_ONLINE_ROW, member.name.as_str(), text!(now), ratings)
        })),
        Tab::Seeks => said.extend(club.seeks.iter().map(|seek| {
            let by = seek.by.as_str();
            text!(SPEECH_LOBBY_SEEK_ROW, seek.id, by, terms::said(&seek.terms, by))
        })),
        Tab::Challenges => said.extend(own.challenges.iter().map(|challenge| {
            let terms = terms::said(&challenge.terms, &challenge.from);
            match lobby.to_me(challenge) {
                true => text!(SPEECH_LOBBY_CHALLENGE_TO_YOU, challenge.id, challenge.from.as_str(), terms),
                false => text!(SPEECH_LOBBY_CHALLENGE_FROM_YOU, challenge.id, challenge.to.as_str(), terms),
            }
        })),
        Tab::Live => said.extend(club.live.iter().map(|game| game_said(game, None))),
        Tab::Recent => said.extend(own.recent.iter().map(|recent| game_said(&recent.game, Some(recent)))),
        Tab::Best => said.extend(lobby.best_rows().map(|(pool, place)| match place {
            None => text!(SPEECH_LOBBY_POOL, pool),
            Some((n, (name, rating, games))) => {
                text!(SPEECH_LOBBY_PLACE, n + 1, name.as_str(), rating.as_str(), *games)
            }
        })),
    }
    said
}

/// A part's name, as the lobby's tabs give it.
fn tab_name(tab: Tab) -> Key<0> {
    match tab {
        Tab::Playing => LOBBY_TAB_PLAYING,
        Tab::Players => LOBBY_TAB_PLAYERS,
        Tab::Seeks => LOBBY_TAB_SEEKS,
        Tab::Challenges => LOBBY_TAB_CHALLENGES,
        Tab::Live => LOBBY_TAB_LIVE,
        Tab::Recent => LOBBY_TAB_RECENT,
        Tab::Best => LOBBY_TAB_BEST,
    }
}

/// A game in progress, or finished (how long it went and how it ended).
fn game_said(game: &GameRow, finished: Option<&crate::app::lobby::RecentRow>) -> Text {
    let rated = text!(if game.rated { LOBBY_RATED } else { LOBBY_CASUAL });
    let name = terms::game_name(game.game, game.side);
    match finished {
        None => text!(
            SPEECH_LOBBY_GAME_ROW,
            game.id,
            game.blue.as_str(),
            game.red.as_str(),
            name,
            terms::clock(game.clock),
            rated
        ),
        Some(recent) => text!(
            SPEECH_LOBBY_FINISHED_ROW,
            game.id,
            game.blue.as_str(),
            game.red.as_str(),
            name,
            recent.turns,
            recent.result.clone()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_or_a_name_is_asked_for_in_a_line() {
        assert!(numbered(SpokenCommand::Take, "three", Lang::En).is_err());
        assert_eq!(numbered(SpokenCommand::Take, "3", Lang::En), Ok(LobbyAsk::Take(3)));
        assert_eq!(challenge("", Lang::En), Err(text!(SPEECH_LOBBY_CHALLENGE_WHOM)));
    }
}
