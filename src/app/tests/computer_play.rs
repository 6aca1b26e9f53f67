//! How the computer plays a whole game: a beginner varies its games by their seed, no level
//! sends a piece straight back where it came from when it has another good turn, and two
//! computers that go nowhere draw. Budgets are plies and seeds,
//! never time.

use crate::ai::{Budget, Level, STILL_FOR, Search, Stillness};
use crate::rules::{Game, GameKind, clamber, ombagui};
use crate::text_commands::play_match;
use std::sync::atomic::AtomicBool;

/// `level`'s budget for its own turns in a game of `seed`, without its clock: reproducible.
fn no_clock(budget: Budget) -> Budget {
    Budget { time: None, most_time: None, ..budget }
}

/// A game from `start` with `level` on both sides, each with a search of its own told the
/// game so far (as the app and `match` do), for at most `turns` turns; its turns in
/// notation.
fn self_play<G: crate::ai::Evaluate>(start: G, budget: Budget, turns: usize) -> Vec<String> {
    let mut searches = [Search::new(), Search::new()];
    let mut positions = vec![start];
    let mut played = Vec::new();
    while played.len() < turns {
        let position = positions[positions.len() - 1];
        if position.winner().is_some() {
            break;
        }
        let search = &mut searches[position.to_move().index()];
        search.remember(&positions[1..]);
        let Some(found) = search.best(&position, budget, &AtomicBool::new(false)) else { break };
        played.push(found.turn.to_string());
        positions.push(position.play(&found.turn).expect("a legal turn"));
    }
    played
}

fn beginner(seed: u64) -> Budget {
    no_clock(Level::new(1).unwrap().playing(seed))
}

#[test]
fn a_beginner_plays_another_clamber_game_with_another_seed_and_the_same_with_the_same() {
    let start = clamber::Position::start(clamber::Position::BOARDS[0]);
    let games: Vec<Vec<String>> = (0..6).map(|seed| self_play(start, beginner(seed), 200)).collect();
    let mut different = games.clone();
    different.sort();
    different.dedup();
    assert!(different.len() >= 4, "six seeds, {} games: {games:?}", different.len());
    assert_eq!(self_play(start, beginner(3), 200), games[3], "the same seed, the same game");
    // Its first answer to A1 is not always the one beside it that loses at once.
    let after_a1 = start.play(&"A1".parse().unwrap()).unwrap();
    let answers: Vec<String> = (0..6).map(|seed| self_play(after_a1, beginner(seed), 1)[0].clone()).collect();
    assert!(answers.iter().any(|answer| answer != &answers[0]), "{answers:?}");
}

#[test]
fn the_levels_above_the_beginner_play_their_best_whatever_the_seed() {
    for level in &Level::ALL[1..] {
        assert_eq!(level.playing(7), level.budget(), "level {level}");
    }
    assert_ne!(Level::ALL[0].playing(7), Level::ALL[0].playing(8));
}

/// The turns, by number, where a side moves back the piece it moved on its last turn.
fn taken_back(turns: &[String]) -> Vec<usize> {
    let ends = |turn: &String| turn.split_once('-').map(|(from, to)| (from.to_string(), to.to_string()));
    (2..turns.len())
        .filter(|&n| match (ends(&turns[n - 2]), ends(&turns[n])) {
            (Some((from, to)), Some((back_from, back_to))) => from == back_to && to == back_from,
            _ => false,
        })
        .collect()
}

#[test]
fn a_beginner_never_sends_an_ombagui_piece_straight_back() {
    for seed in [0, 1] {
        let turns = self_play(ombagui::Position::start(), beginner(seed), 120);
        assert_eq!(taken_back(&turns), Vec::<usize>::new(), "seed {seed}: {turns:?}");
    }
}

#[test]
fn a_hint_never_sends_an_ombagui_piece_straight_back() {
    // The hints of a game between two beginners, each at the position it was asked in.
    let turns = self_play(ombagui::Position::start(), beginner(0), 80);
    let mut positions = vec![ombagui::Position::start()];
    let hint_budget = no_clock(Level::new(1).unwrap().budget());
    let mut hinted = Vec::new();
    for turn in &turns {
        let position = positions[positions.len() - 1];
        let mut search = Search::new();
        search.remember(&positions[1..]);
        let hint = search.verdict(&position, hint_budget, &AtomicBool::new(false)).expect("a hint");
        // The hint, as if it had been played after the turns before it.
        let mut line: Vec<String> = turns[..positions.len() - 1].to_vec();
        line.push(hint.turn.to_string());
        if taken_back(&line).contains(&(line.len() - 1)) {
            hinted.push(line.len());
        }
        positions.push(Game::play(&position, &turn.parse().unwrap()).unwrap());
    }
    assert_eq!(hinted, Vec::<usize>::new(), "hints that send a piece straight back, by turn");
}

/// A dark each and nothing else: neither side can ever build a tower, and once each dark
/// has come as near its goal as it can, the game goes nowhere.
const DARKS: &str = "b/A4=bD,G4=rD";

#[test]
fn a_game_that_goes_nowhere_stands_still_and_a_step_forward_starts_the_count_again() {
    let darks: ombagui::Position = DARKS.parse().unwrap();
    let turns = self_play(darks, beginner(0), 2 * STILL_FOR);
    let mut still = Stillness::new(&darks);
    let mut position = darks;
    let mut counts = Vec::new();
    for turn in &turns {
        position = Game::play(&position, &turn.parse().unwrap()).unwrap();
        still.see(&position);
        counts.push(still.turns());
    }
    // Each dark comes as near its goal as it can, then goes round.
    let last_step = counts.iter().rposition(|&count| count == 0).expect("the first turn moves on");
    assert!(last_step < STILL_FOR, "{counts:?}");
    assert_eq!(still.turns(), turns.len() - 1 - last_step);
    assert!(still.gone_nowhere());
    let turns_still = still.turns();
    still.see(&position.skipped());
    assert_eq!(still.turns(), turns_still, "a skip is no turn");
    // A Clamber capture is a step forward: the count starts again.
    let before: clamber::Position = "3/r/C3=r3,D3=b1,D4=b1,E4=b1,E3=b2".parse().unwrap();
    let mut still = Stillness::new(&before);
    still.see(&before.play(&"A1".parse().unwrap()).unwrap());
    assert_eq!(still.turns(), 1);
    still.see(&before.play(&"C3xD3".parse().unwrap()).unwrap());
    assert_eq!(still.turns(), 0);
}

#[test]
fn a_match_draws_a_game_that_goes_nowhere_long_before_its_cap() {
    let darks = GameKind::Ombagui.position(DARKS, None).unwrap();
    let [one, two] = [Level::new(1).unwrap(), Level::new(2).unwrap()];
    let report = play_match(&darks, [one, two], (0, 2), 10_000, (1.0, None), |_, _| {});
    assert_eq!(report.draws, 2, "{report}");
    assert!(report.turns <= 2 * 2 * STILL_FOR as u64, "drawn standing still, not at the cap: {report}");
    assert_eq!(report.purpose.stood_still, 2);
}

/// Levels 3 and 5 on a short clock take their time from it and never lose on it: each
/// turn a share of what is left, the flag never reached (`hexstack match --clock` measures
/// longer games: docs/computer.md).
#[test]
#[ignore = "about 15 s of play on the clock: CI runs it with the optimised tests (--release --ignored)"]
fn levels_on_a_clock_never_lose_on_time() {
    let start = GameKind::Clamber.start(None).unwrap();
    let [three, five] = [Level::new(3).unwrap(), Level::new(5).unwrap()];
    let clock = crate::clock::TimeControl::parse("6s+0").unwrap();
    let report = play_match(&start, [three, five], (0, 2), 300, (1.0, clock), |_, _| {});
    assert_eq!(report.flags, Some(0), "{report}");
    assert_eq!(report.games(), 2);
}

/// A game between two beginners (seed 0) from `position`, each step of their turns shown for
/// no time.
fn watched(position: &str) -> crate::app::App {
    use crate::record::{Computer, Side};
    let computer = Computer { side: Side::Both, level: Level::new(1).unwrap(), seed: 0 };
    let mut app = crate::testing::ombagui(position).with_computer(Some(computer));
    if let Some(crate::rules::Any::Ombagui(game)) = app.game_screen()
        && let crate::app::Mode::Against(opponent) = &mut game.mode
    {
        opponent.at_once();
    }
    app
}

#[test]
fn two_computers_that_go_nowhere_draw_and_say_why_in_every_language() {
    use crate::i18n::Lang;
    let wakes = crate::testing::awake();
    let mut app = watched(DARKS);
    let over = crate::testing::run_until(&mut app, &wakes, std::time::Duration::from_secs(120), |app| {
        crate::testing::ombagui_game(app).table.end().is_some()
    });
    assert!(over, "{}", crate::testing::position(&app));
    let game = crate::testing::ombagui_game(&app);
    assert_eq!(game.table.end(), Some(crate::record::End::Still), "not a draw agreed");
    let turns = game.table.read(|record| record.turns_played());
    assert!((STILL_FOR..2 * STILL_FOR).contains(&turns), "{turns} turns");
    assert_eq!(crate::testing::line(&app), ("Success", format!("No progress for {STILL_FOR} turns: draw")));
    let kept = game.table.read(|record| crate::saved::write(record, &Default::default(), ""));
    assert!(kept.contains("result: drawn: no progress"), "{kept}");
    let reopened = crate::saved::read(&kept).expect("the kept game reads");
    let end = crate::each_game!(&reopened.game, record => record.end());
    assert_eq!(end, Some(crate::record::End::Still), "reopened as it ended");
    for (lang, name) in [(Lang::En, "en"), (Lang::Fr, "fr"), (Lang::Sr, "sr")] {
        let screen = crate::testing::render_in(&app, lang).backend().to_string();
        insta::assert_snapshot!(format!("two_computers_going_nowhere_draw_{name}"), screen);
    }
}

#[test]
fn a_kept_game_keeps_its_seed_so_that_a_beginner_goes_on_alike() {
    use crate::record::{Computer, Players, Record, Side};
    let computer = Computer { side: Side::Red, level: Level::new(1).unwrap(), seed: 4_242 };
    assert_eq!(computer.to_string(), "red 1 seed 4242");
    assert_eq!("red 1 seed 4242".parse(), Ok(computer));
    assert_eq!("red 1".parse::<Computer>().map(|computer| computer.seed), Ok(0), "older files");
    assert!("red 1 seed x".parse::<Computer>().is_err() && "red 1 4242".parse::<Computer>().is_err());
    let players = Players { computer: Some(computer), ..Players::default() };
    let record = Record::new(clamber::Position::start(clamber::Position::BOARDS[0]));
    let kept = crate::saved::read(&crate::saved::write(&record, &players, "")).expect("a saved game");
    assert_eq!(kept.players.computer, Some(computer));
}
