//! The club in lines, as two members who listen meet it (`ssh NAME@HOST screen-reader`):
//! the lobby's lists, a seek posted and taken, a game played by typed turns to its end,
//! the finished game listed, in English, French and Serbian; each a transcript compared to
//! a snapshot (`ana> ` before a line ana typed, `ana: ` before what ana was told), with
//! no line anywhere that has an escape sequence, a control, box-drawing, block or
//! private-use character.

use super::Clubhouse;
use crate::app::event::Heard;
use crate::clubhouse::hub::Call;
use crate::i18n::Lang;

/// The two members: their connection and name.
const MEMBERS: [(u64, &str); 2] = [(1, "ana"), (2, "bob")];

/// A club with ana and bob in lines in `lang`, what each typed (by connection) played in
/// turn: the transcript.
fn transcript(lang: Lang, typed: &[(u64, &str)]) -> String {
    let mut house = Clubhouse::new();
    let mut said = Vec::new();
    for (conn, name) in MEMBERS {
        house.lines_in(conn, name, lang);
        hear(&house, &mut said);
    }
    for &(conn, line) in typed {
        said.push(format!("{}> {line}", name(conn)));
        house.call(Call::Said { conn, heard: Heard::Line(line.to_string()) });
        hear(&house, &mut said);
    }
    said.push("ana> (the end of the input)".to_string());
    house.call(Call::Said { conn: 1, heard: Heard::End });
    hear(&house, &mut said);
    assert!(house.hub.terminals.get(1).is_none(), "the end of the input leaves the club");
    let said = said.join("\n");
    speakable(&said);
    said
}

fn name(conn: u64) -> &'static str {
    MEMBERS.iter().find(|(id, _)| *id == conn).map_or("?", |(_, name)| name)
}

/// What each member was told since, in the order of their connections.
fn hear(house: &Clubhouse, said: &mut Vec<String>) {
    for (conn, name) in MEMBERS {
        if house.sent.contains_key(&conn) {
            said.extend(house.heard(conn).into_iter().map(|line| format!("{name}: {line}")));
        }
    }
}

/// Fails on any character a speech synthesiser would spell out or a terminal would take
/// as a command.
fn speakable(said: &str) {
    for line in said.lines() {
        for c in line.chars() {
            let bad = c.is_control()
                || ('\u{2500}'..='\u{259f}').contains(&c)
                || ('\u{e000}'..='\u{f8ff}').contains(&c);
            assert!(!bad, "{c:?} in '{line}'");
        }
    }
}

/// The same session in each language: `words` are the lines that differ (the commands in
/// the member's language), in the order they come.
fn session(words: [&'static str; 14]) -> Vec<(u64, &'static str)> {
    let [help, seeks, seek, online, take, turn, captures, moves, lobby, finished, playing, best, live, quit] =
        words;
    vec![
        (1, help),
        (1, seeks),
        (1, seek),
        (2, seeks),
        (2, online),
        (2, take),
        (1, turn),
        (1, "A1"),
        (2, moves),
        (2, "A2"),
        (1, captures),
        (1, "A1xA2"),
        (1, "A1"),
        (1, lobby),
        (1, finished),
        (1, playing),
        (1, best),
        (2, lobby),
        (2, live),
        (2, "take 9"),
        (2, "dance"),
        (2, quit),
    ]
}

#[test]
fn a_seek_posted_and_taken_and_a_game_played_by_typed_turns_to_its_end_in_english() {
    let typed = session([
        "help",
        "seeks",
        "seek clamber 3 none casual blue",
        "online",
        "take 1",
        "turn",
        "captures",
        "m",
        "lobby",
        "finished",
        "playing",
        "best",
        "live",
        "quit",
    ]);
    insta::assert_snapshot!("club_in_lines_en", transcript(Lang::En, &typed));
}

#[test]
fn a_seek_posted_and_taken_and_a_game_played_by_typed_turns_to_its_end_in_french() {
    let typed = session([
        "aide",
        "offres",
        "proposer clamber 3 aucune amicale bleu",
        "connectés",
        "prendre 1",
        "trait",
        "prises",
        "coups",
        "salon",
        "finies",
        "parties",
        "meilleurs",
        "direct",
        "quitter",
    ]);
    insta::assert_snapshot!("club_in_lines_fr", transcript(Lang::Fr, &typed));
}

#[test]
fn a_seek_posted_and_taken_and_a_game_played_by_typed_turns_to_its_end_in_serbian() {
    let typed = session([
        "помоћ",
        "понуде",
        "понуди clamber 3 без пријатељска плава",
        "присутни",
        "узми 1",
        "ред",
        "узимања",
        "потези",
        "предворје",
        "завршене",
        "партије",
        "најбољи",
        "уживо",
        "излаз",
    ]);
    insta::assert_snapshot!("club_in_lines_sr", transcript(Lang::Sr, &typed));
}

#[test]
fn challenges_are_listed_accepted_and_declined_and_the_opponents_turns_come_as_they_are_played() {
    let mut house = Clubhouse::new();
    house.lines_in(1, "ana", Lang::En);
    house.terminal(2, "bob", true);
    house.heard(1);
    let line = |house: &mut Clubhouse, line: &str| {
        house.call(Call::Said { conn: 1, heard: Heard::Line(line.to_string()) });
        house.heard(1).join("\n")
    };
    assert!(line(&mut house, "challenge").contains("NAME"), "how to challenge, in a line");
    assert_eq!(line(&mut house, "take three"), "Take takes the number the list gives: take 3.");
    let sent = line(&mut house, "challenge bob clamber 3 5+3 rated red");
    assert!(sent.contains("Challenge 1 sent to bob."), "{sent}");
    let listed = line(&mut house, "challenges");
    assert!(listed.contains("Challenge 1 from you to bob: Clamber"), "{listed}");
    assert!(listed.contains("ana plays red"), "{listed}");
    assert!(line(&mut house, "decline 1").contains("Done."));
    // Bob challenges ana from his screen: she is told at once, in a line, with no bell.
    let bob = house.member(2);
    house.hub.post(2, &bob, Some(house.member(1)), house.offer("5+3")).unwrap();
    house.settle();
    let told = house.heard(1).join("\n");
    assert!(told.contains("challenges you"), "{told}");
    let id = house.first_offer();
    let game = line(&mut house, &format!("accept {id}"));
    assert!(game.contains("is bob."), "the game opens, its players named: {game}");
    // Whoever is Blue plays; ana hears bob's turn as it lands.
    let ana_blue =
        house.playing(house.hub.games.iter().last().unwrap().id, crate::rules::Colour::Blue, [1, 2]) == 1;
    if ana_blue {
        line(&mut house, "C3");
    }
    house.click(2, "D3");
    let heard = house.heard(1).join("\n");
    assert!(heard.contains("D3"), "bob's turn said as it came: {heard}");
    speakable(&heard);
}

#[test]
fn a_correspondence_game_says_its_days_a_turn_and_the_time_left_to_the_side_to_move() {
    let mut house = Clubhouse::new();
    house.lines_in(1, "ana", Lang::En);
    house.terminal(2, "bob", true);
    house.game(2, 1, "1d");
    let opening = house.heard(1).join("\n");
    assert!(opening.contains("By correspondence: 1 day a turn."), "{opening}");
    house.call(Call::Said { conn: 1, heard: Heard::Line("clocks".to_string()) });
    let clocks = house.heard(1).join("\n");
    assert!(clocks.contains("By correspondence: 1 day a turn."), "{clocks}");
    assert!(clocks.contains("has 23h 59m left for this turn."), "the clock read as the hub's: {clocks}");
    house.call(Call::Said { conn: 1, heard: Heard::Line("lobby".to_string()) });
    house.call(Call::Said { conn: 1, heard: Heard::Line("playing".to_string()) });
    let playing = house.heard(1).join("\n");
    assert!(playing.contains("1 day a turn.") && playing.contains("left."), "{playing}");
}

#[test]
fn a_seek_is_asked_a_question_at_a_time_and_back_sends_nothing() {
    let mut house = Clubhouse::new();
    house.lines_in(1, "ana", Lang::En);
    house.heard(1);
    let mut answer = |line: &str| {
        house.call(Call::Said { conn: 1, heard: Heard::Line(line.to_string()) });
        house.heard(1).join("\n")
    };
    let asked = answer("seek");
    assert!(
        asked.starts_with("Which game and board?\n1: Clamber, side 3\n2: Clamber, side 4\n3: Ombagui\n"),
        "{asked}"
    );
    assert!(asked.ends_with("Type its number, or just Enter for 1."), "{asked}");
    assert!(answer("99").starts_with("Type a number from 1 to"));
    assert!(answer("").starts_with("Which clock?"), "an empty line takes what is offered");
    assert!(answer("5+3").starts_with("Rated? Type yes or no, or just Enter for rated."));
    assert!(answer("maybe").starts_with("Type yes or no"));
    assert!(answer("no").starts_with("Which side do you play?\n1: sides by lot\n2: blue\n3: red\n"));
    assert_eq!(answer("2"), "Seek 1 posted.");
    assert_eq!(
        answer("seeks"),
        "Seeks: 1.\nSeek 1: ana offers Clamber, side 3, clock 5+3, casual, ana plays blue."
    );
    assert!(answer("challenge bob").starts_with("Which game and board?"));
    assert_eq!(answer("back"), "Nothing sent.");
    assert_eq!(answer("challenges"), "No challenge to you or from you.");
}

#[test]
fn a_member_in_lines_watches_a_game_turn_by_turn_and_replays_their_own() {
    let mut house = Clubhouse::new();
    house.lines_in(1, "ana", Lang::En);
    house.terminal(2, "bob", true);
    house.terminal(3, "cy", true);
    let id = house.game(2, 3, "none");
    let (blue, red) = (
        house.playing(id, crate::rules::Colour::Blue, [2, 3]),
        house.playing(id, crate::rules::Colour::Red, [2, 3]),
    );
    house.heard(1);
    let line = |house: &mut Clubhouse, line: &str| {
        house.call(Call::Said { conn: 1, heard: Heard::Line(line.to_string()) });
        house.heard(1).join("\n")
    };
    let live = line(&mut house, "live");
    assert!(live.contains(&format!("Game {id}: ")), "{live}");
    let watching = line(&mut house, &format!("watch {id}"));
    assert!(watching.contains("You are watching this game."), "{watching}");
    house.click(blue, "C3");
    house.click(red, "D3");
    let heard = house.heard(1).join("\n");
    assert!(
        heard.contains("Blue: places a piece on C3.") && heard.contains("Red: places a piece on D3."),
        "{heard}"
    );
    assert!(line(&mut house, "lobby").contains("The lobby."));
    // Ana's own game, played and resigned, then replayed a turn at a time.
    house.terminal(4, "dan", true);
    let mine = house.game(1, 4, "none");
    if house.playing(mine, crate::rules::Colour::Blue, [1, 4]) == 4 {
        house.click(4, "C3");
    }
    line(&mut house, "resign");
    assert!(line(&mut house, "yes").contains("resigned"));
    line(&mut house, "lobby");
    assert!(line(&mut house, "finished").contains(&format!("Game {mine}: ")));
    let replay = line(&mut house, &format!("replay {mine}"));
    assert!(!replay.is_empty() && !replay.contains("Done."), "the game opens to replay: {replay}");
    speakable(&replay);
}
