//! One name a thing: a type's name (a struct, enum, union, trait or type alias) is declared
//! once in the sources of the application and the crates, so that a name read anywhere,
//! in the code or in a conversation, says which thing it is.
//!
//! What counts: a declaration at the start of a line, the items of a file's own module,
//! public or not. What does not: associated types (`type Of<G> = ...` in an impl or a
//! trait, indented), items inside a function or an inline module (a unit test's helpers
//! in `mod tests { ... }`), and files that are test modules themselves (a file named tests,
//! or one in a folder named tests or testing, of a source folder), since no reader meets them outside their
//! test. The games' own files (`crates/hexstack-rules/src/GAME.rs` and the like) declare
//! the same names by design, each under its game's module (every game's `Position`), so a
//! name declared in several games' own files counts once among them, and twice only when
//! a file that is no game's declares it too.

use super::{a_games_own, a_test_module, games, read, shown, source_dirs, sources};
use std::collections::BTreeMap;

/// The type names declared in `source` at the start of a line, with their line numbers.
fn declared(source: &str) -> Vec<(usize, String)> {
    let mut names = Vec::new();
    for (at, line) in source.lines().enumerate() {
        let mut words = line.split_whitespace();
        if line.starts_with(char::is_whitespace) {
            continue;
        }
        let mut word = words.next();
        if word.is_some_and(|w| w == "pub" || w.starts_with("pub(")) {
            word = words.next();
            // `pub(in crate::x)` spans two words.
            if word.is_some_and(|w| w.ends_with(')')) && line.starts_with("pub(in ") {
                word = words.next();
            }
        }
        if !word.is_some_and(|w| ["struct", "enum", "union", "trait", "type"].contains(&w)) {
            continue;
        }
        let Some(rest) = words.next() else { continue };
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if !name.is_empty() {
            names.push((at + 1, name));
        }
    }
    names
}

/// Every name declared more than once, with where: the places in the games' own files
/// counted as one.
fn repeated() -> BTreeMap<String, Vec<String>> {
    let games = games();
    let mut places: BTreeMap<String, (Vec<String>, Vec<String>)> = BTreeMap::new();
    for path in source_dirs().iter().flat_map(|dir| sources(dir)).filter(|path| !a_test_module(path)) {
        let own = a_games_own(&path, &games);
        for (line, name) in declared(&read(&path)) {
            let (in_games, elsewhere) = places.entry(name).or_default();
            (if own { in_games } else { elsewhere }).push(format!("{}:{line}", shown(&path)));
        }
    }
    places
        .into_iter()
        .filter(|(_, (in_games, elsewhere))| elsewhere.len() + usize::from(!in_games.is_empty()) > 1)
        .map(|(name, (in_games, elsewhere))| (name, [elsewhere, in_games].concat()))
        .collect()
}

#[test]
fn each_type_name_is_declared_once() {
    let repeated = repeated();
    assert!(repeated.is_empty(), "type names declared more than once: {repeated:#?}");
}

#[test]
fn the_name_check_sees_declarations_and_not_associated_types() {
    let source = "pub struct Stack {\n}\nenum Tower { A }\npub(crate) trait Chain {}\n\
                  pub(in crate::x) type Group = u8;\nimpl Chain for Stack {\n    type Of = u8;\n}\n\
                  mod tests {\n    struct Helper;\n}\n// struct Comment\n";
    let names: Vec<(usize, String)> = declared(source);
    let expected = [(1, "Stack"), (3, "Tower"), (4, "Chain"), (5, "Group")];
    assert_eq!(names, expected.map(|(line, name)| (line, name.to_string())));
}
