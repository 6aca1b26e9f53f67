//! What a puzzle teaches and how hard it starts: its themes, read from the rules (what
//! the solver's turns do on the board), and its starting rating.
//!
//! A theme tells one puzzle from another: what the turns before the last do (a quiet
//! placement, a capture that thins the enemy, a tower built first), how the winning turn
//! wins where that differs from puzzle to puzzle (a chain, a capture at a distance, a
//! piece let go), and a reply that had to parry. What every winning turn of a game does
//! (Clamber's last capture takes a sub-group, Ombagui's last dark finishes a tower) is
//! no theme: it would be on every puzzle.

use crate::ai::{Evaluate, WIN};
use crate::i18n::{Key, Text, text};
use crate::rules::hex::Board;
use crate::rules::{Colour, Game, GameKind};

/// A game's own theme: its name in the puzzle line, and its words.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PuzzleTheme {
    /// Its name in the puzzle line (`chain-capture`).
    pub name: &'static str,
    /// A few words for the list of themes and the puzzle's panel.
    pub title: Key<0>,
    /// What a puzzle with it holds, in a line.
    pub about: Key<0>,
}

/// What a game's puzzles are: the rules' words for one of the solver's turns, how their
/// ids begin, and the sets shipped with the program. Each game says it in its own file.
pub(crate) trait Themes: Evaluate {
    /// The game's own themes, in the order they are listed.
    const THEMES: &'static [PuzzleTheme] = &[];

    /// The sets of the game's puzzles shipped with the program, their files
    /// (`assets/puzzles`, made by `hexstack puzzles make`: each file's head says how) as
    /// the build packed them.
    const SHIPPED: &'static [&'static [u8]] = &[];

    /// How the ids of the game's puzzles on `board` begin: the game's name unless it says
    /// something shorter.
    fn id_head(_board: Board) -> String {
        Self::KIND.name().to_string()
    }

    /// The themes of `turn`, played from `position` to `next` by the player to move; `last`
    /// when it is the winning turn.
    fn turn_themes(_position: &Self, _turn: &Self::Turn, _next: &Self, _last: bool) -> Vec<&'static str> {
        Vec::new()
    }
}

/// The themes of a solution from `start`: `win-in-N`, what the solver's turns do, and
/// `parry` where a reply had to stop a win at once.
pub(super) fn themes_of<G: Themes>(start: &G, line: &[G::Turn]) -> Vec<String> {
    let solver = start.to_move();
    let mut themes = vec![format!("win-in-{}", line.len().div_ceil(2))];
    let mut add = |theme: &str| {
        if !themes.iter().any(|known| known == theme) {
            themes.push(theme.to_string());
        }
    };
    let mut position = *start;
    for (ply, turn) in line.iter().enumerate() {
        let Ok(next) = position.play(turn) else { break };
        if ply % 2 == 0 {
            G::turn_themes(&position, turn, &next, ply + 1 == line.len()).into_iter().for_each(&mut add);
        } else if wins_at_once(&position.skipped(), solver) {
            add("parry");
        }
        position = next;
    }
    themes
}

/// The themes every game's puzzles may carry, and the player's own puzzles' themes.
const COMMON: [PuzzleTheme; 4] = {
    use crate::i18n::keys::*;
    [
        PuzzleTheme { name: "parry", title: THEME_PARRY, about: THEME_PARRY_ABOUT },
        PuzzleTheme { name: "mine", title: THEME_MINE, about: THEME_MINE_ABOUT },
        PuzzleTheme { name: "mistake", title: THEME_MISTAKE, about: THEME_MISTAKE_ABOUT },
        PuzzleTheme { name: "blunder", title: THEME_BLUNDER, about: THEME_BLUNDER_ABOUT },
    ]
};

/// A theme's title and what it means, in words; `None` for a name no game gives (a
/// hand-written file's own).
pub(crate) fn words(name: &str) -> Option<(Text, Text)> {
    use crate::i18n::keys::{THEME_WIN_IN, THEME_WIN_IN_ABOUT};
    if let Some(turns) = name.strip_prefix("win-in-").and_then(|n| n.parse::<u32>().ok()) {
        return Some((text!(THEME_WIN_IN, turns), text!(THEME_WIN_IN_ABOUT)));
    }
    let games =
        GameKind::ALL.iter().flat_map(|&game| crate::each_game!(kind game, G => <G as Themes>::THEMES));
    let theme = COMMON.iter().chain(games).find(|theme| theme.name == name)?;
    Some((text!(theme.title), text!(theme.about)))
}

/// The game whose rules a theme is in the words of; `None` for a theme of every game.
pub(crate) fn game_of(name: &str) -> Option<GameKind> {
    let own = |game: GameKind| crate::each_game!(kind game, G => <G as Themes>::THEMES);
    GameKind::ALL.iter().copied().find(|&game| own(game).iter().any(|theme| theme.name == name))
}

/// Each theme of `puzzles` and how many have it, in the list's order ([`order`]).
pub(crate) fn counts(puzzles: &[super::Puzzle]) -> Vec<(String, usize)> {
    let mut counts = std::collections::BTreeMap::<&str, usize>::new();
    for theme in puzzles.iter().flat_map(|puzzle| &puzzle.themes) {
        *counts.entry(theme).or_default() += 1;
    }
    let mut counts: Vec<(String, usize)> =
        counts.into_iter().map(|(theme, count)| (theme.to_string(), count)).collect();
    counts.sort_by_key(|(theme, _)| order(theme));
    counts
}

/// Where a theme comes in the list of themes: the lengths first, shortest first, then a
/// parry, the rules' themes in the games' order, the player's own, and any other by name.
pub(crate) fn order(name: &str) -> (usize, u32, String) {
    if let Some(turns) = name.strip_prefix("win-in-").and_then(|n| n.parse::<u32>().ok()) {
        return (0, turns, String::new());
    }
    let games =
        GameKind::ALL.iter().flat_map(|&game| crate::each_game!(kind game, G => <G as Themes>::THEMES));
    let (parry, own) = COMMON.split_at(1);
    let known: Vec<&PuzzleTheme> = parry.iter().chain(games).chain(own).collect();
    match known.iter().position(|theme| theme.name == name) {
        Some(at) => (1, at as u32, String::new()),
        None => (2, 0, name.to_string()),
    }
}

/// Whether the player to move in `position`, `solver`, has a turn that wins at once.
fn wins_at_once<G: Game>(position: &G, solver: Colour) -> bool {
    let mut wins = false;
    position.for_each_turn(&mut |_, next| wins |= next.winner() == Some(solver));
    wins
}

/// How a turn from `position` to `next` looks to a glance one ply ahead: the evaluation
/// for the mover, a win at once above all.
fn glance<G: Evaluate>(position: &G, next: &G) -> i32 {
    if next.winner() == Some(position.to_move()) { WIN } else { -next.evaluate() }
}

/// The tempting wrong turns along a solution: at each solver's turn but the last, the
/// other turns that look at least as good as the solution's at a glance (none of them wins
/// as fast: the proof said the solution's is the only one).
pub(super) fn tempting<G: Evaluate>(start: &G, line: &[G::Turn]) -> usize {
    let mut count = 0;
    let mut position = *start;
    for (ply, turn) in line.iter().enumerate() {
        let Ok(next) = position.play(turn) else { break };
        if ply % 2 == 0 && ply + 1 < line.len() {
            let right = glance(&position, &next);
            let mut rivals = 0;
            position.for_each_turn(&mut |_, other| rivals += usize::from(glance(&position, other) >= right));
            count += rivals.saturating_sub(1);
        }
        position = next;
    }
    count
}

/// The rating a puzzle starts at: 800 for a win in one, 350 more for each further turn of
/// the solver's, 40 more for each tempting wrong turn (ten at most a solver's turn), on
/// the players' scale.
pub(crate) fn starting_rating(solver_turns: usize, tempting: usize) -> u32 {
    let lengths = 350 * solver_turns.saturating_sub(1);
    let temptations = 40 * tempting.min(10 * solver_turns);
    (800 + lengths + temptations).clamp(400, 3000) as u32
}

#[cfg(test)]
mod tests {
    use crate::puzzles::Puzzle;

    fn tagged(game: &str, position: &str, solution: &str) -> Vec<String> {
        let line = format!("t\t{game}\t{position}\t{solution}\t800\t-\tself-play");
        Puzzle::read(&line).unwrap().tagged().unwrap()
    }

    #[test]
    fn a_clamber_win_is_tagged_by_what_sets_it_apart() {
        // D2 does not touch C3: its group does, through D3, which goes with it.
        let near = tagged("clamber", "3/r/C3=r1,D2=b1,D3=b1", "C3xD2");
        assert_eq!(near, ["win-in-1", "equal-capture", "distant-capture"]);
        let sweep = tagged("clamber", "3/r/C3=r1,D3=b1,D4=b1,E4=b1,E5=b1", "C3xD3");
        assert_eq!(sweep, ["win-in-1", "equal-capture", "sweep"], "four blue stacks end at once");
        // A placement first; then a capture that takes a sub-group before the win.
        let long = tagged(
            "clamber",
            "3/r/A1=r2,A2=r1,A3=r1,B1=b2,C2=b1,C3=b1,C4=b1,C5=b1,D2=b1,E4=r1,E5=r1",
            "C1 B1xC1 A1xC1 B1 A1xB1",
        );
        assert_eq!(
            long,
            [
                "win-in-3",
                "placement",
                "parry",
                "equal-capture",
                "distant-capture",
                "sub-group-removal",
                "lower-capture",
                "sweep"
            ]
        );
    }

    #[test]
    fn an_ombagui_win_is_tagged_by_the_turns_before_it_and_what_the_last_lets_go() {
        // The winning dark leaves the red medium it held, and finishes the last tower: the
        // tower and the stacking of every win are no themes.
        let release = "b/A1=bL.bM.bD,B1=bL.bM.bD,B4=rL,C1=bL.bM.bD,C4=rL,C6=rD,D1=bL.bM,D3=rM.bD,\
                       D4=rD,D5=rM,E3=rL,E7=rD,F5=rL,F6=rM,G5=rM,G7=rD";
        assert_eq!(tagged("ombagui", release, "D3-D1"), ["win-in-1", "release"]);
        let tower_first = "b/A1=bL.bM.bD,B1=bL.bM.bD,C1=bL.bM,D1=bL.bM,D6=rD,D7=rL.rM.rD,E7=rL.rM.rD,\
                           F4=rL.bD,F7=rL.rM.rD,G4=bD,G6=rM";
        assert_eq!(
            tagged("ombagui", tower_first, "G4-D1 D6-A3 F4-C1"),
            ["win-in-2", "tower", "stack", "parry", "release"]
        );
    }
}
