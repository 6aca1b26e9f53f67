//! Makes the text keys of `assets/lang` into constants, each typed with how many values its
//! text takes (`Key<3>` for `{0} played {1}. {2} to move`), so that a key missing from the
//! English file, or a text called with too few or too many values, does not compile.
//! `assets/lang/en.txt` gives `keys.rs`; each game's `assets/lang/GAME/en.txt` gives
//! `keys_GAME.rs`, its keys under the game's name (`clamber.prompt`).

use std::collections::BTreeSet;
use std::fmt::Write;
use std::path::Path;

fn main() {
    let lang = Path::new("assets/lang");
    println!("cargo::rerun-if-changed={}", lang.display());
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    write_keys(&lang.join("en.txt"), "", &Path::new(&out).join("keys.rs"));
    let mut games: Vec<_> = std::fs::read_dir(lang)
        .expect("assets/lang is there")
        .map(|entry| entry.expect("a readable folder").path())
        .filter(|path| path.is_dir())
        .collect();
    games.sort();
    for game in games {
        let name = game.file_name().and_then(|name| name.to_str()).expect("a game's folder name");
        println!("cargo::rerun-if-changed={}", game.display());
        let target = Path::new(&out).join(format!("keys_{name}.rs"));
        write_keys(&game.join("en.txt"), &format!("{name}."), &target);
    }
}

/// Writes a constant for each key of `source`, named after the key (`played.wins` is
/// `PLAYED_WINS`), the key under `prefix`.
fn write_keys(source: &Path, prefix: &str, target: &Path) {
    println!("cargo::rerun-if-changed={}", source.display());
    let text = std::fs::read_to_string(source).unwrap_or_else(|e| panic!("{}: {e}", source.display()));
    let mut code = String::new();
    let mut names = BTreeSet::new();
    for line in text.lines().filter(|line| !line.trim().is_empty() && !line.trim_start().starts_with('#')) {
        let Some((key, value)) = line.split_once('=') else {
            panic!("{}: not 'key = text': {line}", source.display());
        };
        let (key, value) = (key.trim(), value.trim());
        let name = key.replace(['.', '-'], "_").to_uppercase();
        assert!(names.insert(name.clone()), "{}: two keys make {name}", source.display());
        let values = placeholders(value);
        let _ = writeln!(code, "/// `{}`", value.replace('`', "'"));
        let _ = writeln!(code, "pub const {name}: Key<{values}> = Key::new(\"{prefix}{key}\");");
    }
    std::fs::write(target, code).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
}

/// How many values a text takes: one more than its highest `{n}`.
fn placeholders(text: &str) -> usize {
    let mut most = 0;
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        rest = &rest[open + 1..];
        let Some(close) = rest.find('}') else { break };
        if let Ok(n) = rest[..close].parse::<usize>() {
            most = most.max(n + 1);
        }
        rest = &rest[close..];
    }
    most
}
