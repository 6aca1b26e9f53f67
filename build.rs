//! Makes the text keys of `assets/lang` into constants, each typed with how many values its
//! text takes (`Key<3>` for `{0} played {1}. {2} to move`), so that a key missing from the
//! English file, or a text called with too few or too many values, does not compile.
//! `assets/lang/en.txt` gives `keys.rs`; each game's `assets/lang/GAME/en.txt` gives
//! `keys_GAME.rs`, its keys under the game's name (`clamber.prompt`), and `COMMON`: the
//! words every game has (its texts, title, menu entries, why a text is not one of its
//! positions), from keys every game's file must hold. Each file's texts in the three
//! languages become a table the program reads as it is (`texts.rs`, and `TEXTS` in each
//! `keys_GAME.rs`), so that no language is parsed at the start. It lists each game's puzzle
//! themes and shipped sets (`puzzles_GAME.rs`) and packs the sets. It also names the commit
//! the program is built from, for `hexstack --version`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::path::Path;
use std::process::Command;

fn main() {
    println!("cargo::rustc-env=HEXSTACK_COMMIT={}", commit());
    start_first();
    pack_puzzles();
    let lang = Path::new("assets/lang");
    println!("cargo::rerun-if-changed={}", lang.display());
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let _ = write_keys(&lang.join("en.txt"), "", &Path::new(&out).join("keys.rs"));
    let texts = format!(
        "/// The texts every game shares.\npub(crate) const TEXTS: crate::i18n::TextTable = {};\n",
        table(lang)
    );
    std::fs::write(Path::new(&out).join("texts.rs"), texts).expect("OUT_DIR is writable");
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
        let keys = write_keys(&game.join("en.txt"), &format!("{name}."), &target);
        let mut code = std::fs::read_to_string(&target).expect("just written");
        code.push_str(&common(name, &keys));
        let _ = writeln!(code, "/// The game's own texts, its name left out of their keys.");
        let _ = writeln!(code, "pub(crate) const TEXTS: crate::i18n::TextTable = {};", table(&game));
        std::fs::write(&target, code).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
        let puzzles = Path::new(&out).join(format!("puzzles_{name}.rs"));
        std::fs::write(&puzzles, puzzles_of(name)).unwrap_or_else(|e| panic!("{}: {e}", puzzles.display()));
    }
}

/// A game's puzzles as its files give them (`puzzles_GAME.rs`): its themes, each a key
/// `theme.NAME` of its `en.txt` with its `theme.NAME.about`, in the file's order; and its
/// shipped sets, the files of `assets/puzzles` named after it (`assets/puzzles/GAME*.tsv`,
/// the game's name and a board's side where it has several), as `pack_puzzles` packed them.
fn puzzles_of(game: &str) -> String {
    let file = format!("assets/lang/{game}/en.txt");
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let keys: Vec<&str> = entries(&text).filter_map(|line| Some(line.split_once('=')?.0.trim())).collect();
    let mut code = format!(
        "/// The themes of `{file}`, in its order.\nconst THEMES: &[crate::puzzles::PuzzleTheme] = &[\n"
    );
    for theme in keys.iter().filter_map(|key| key.strip_prefix("theme.")).filter(|key| !key.contains('.')) {
        let about = format!("theme.{theme}.about");
        assert!(keys.contains(&about.as_str()), "{file}: 'theme.{theme}' without '{about}'");
        let (title, about) = (constant(&format!("theme.{theme}")), constant(&about));
        let _ = writeln!(
            code,
            "    crate::puzzles::PuzzleTheme {{ name: {theme:?}, title: {title}, about: {about} }},"
        );
    }
    let mut sets: Vec<String> = std::fs::read_dir("assets/puzzles")
        .expect("assets/puzzles is there")
        .filter_map(|entry| entry.expect("a readable folder").file_name().into_string().ok())
        .filter(|name| {
            name.strip_suffix(".tsv")
                .is_some_and(|stem| stem == game || stem.starts_with(&format!("{game}-")))
        })
        .collect();
    sets.sort();
    let _ = writeln!(
        code,
        "];\n/// The sets of `assets/puzzles` named after the game, packed.\nconst SHIPPED: &[&[u8]] = &["
    );
    for set in sets {
        let _ = writeln!(code, "    include_bytes!(concat!(env!(\"OUT_DIR\"), \"/puzzles/{set}.z\")),");
    }
    code.push_str("];\n");
    code
}

/// The commit the source is at (`-modified` when tracked files differ from it), or
/// `unknown` outside a git checkout (a packaged crate, no git). Built again when the
/// checkout moves to another commit or its index changes.
fn commit() -> String {
    let git = |args: &[&str]| {
        let output = Command::new("git").args(args).output().ok().filter(|out| out.status.success())?;
        Some(String::from_utf8_lossy(&output.stdout).trim().to_string())
    };
    let Some(commit) = git(&["rev-parse", "--short=12", "HEAD"]) else { return "unknown".to_string() };
    let branch = git(&["symbolic-ref", "-q", "HEAD"]);
    for watched in ["HEAD", "index"].into_iter().map(str::to_string).chain(branch) {
        if let Some(path) = git(&["rev-parse", "--git-path", &watched]) {
            println!("cargo::rerun-if-changed={path}");
        }
    }
    match git(&["status", "--porcelain", "--untracked-files=no"]) {
        Some(changes) if !changes.is_empty() => format!("{commit}-modified"),
        _ => commit,
    }
}

/// The keys every game's `en.txt` holds, and how many values each may take: a title or an
/// entry names the game alone (0) or with its board's side (1).
const COMMON: [(&str, &str, &[usize]); 7] = [
    ("title", "title", &[0, 1]),
    ("setup", "setup", &[0, 1]),
    ("play_usual", "menu.play_usual", &[0, 1]),
    ("rules", "menu.rules", &[0]),
    ("not_position", "parse.not_position", &[1]),
    ("bad_player", "parse.bad_player", &[1]),
    ("bad_entry", "parse.bad_entry", &[1]),
];

/// The game's `COMMON` table; `menu.play`, the entry for a board other than its usual one,
/// is the only key a game may leave out (a game of one board has no use for it).
fn common(game: &str, keys: &BTreeMap<String, usize>) -> String {
    let of_board = |key: &str, values: usize| match values {
        0 => format!("crate::i18n::OfBoard::Name({})", constant(key)),
        _ => format!("crate::i18n::OfBoard::Side({})", constant(key)),
    };
    let mut fields = "    texts: TEXTS,\n".to_string();
    for (field, key, allowed) in COMMON {
        let file = format!("assets/lang/{game}/en.txt");
        let values = keys.get(key).unwrap_or_else(|| panic!("{file}: every game has a '{key}'"));
        assert!(allowed.contains(values), "{file}: '{key}' takes {values} values");
        let value = if allowed.len() > 1 { of_board(key, *values) } else { constant(key) };
        let _ = writeln!(fields, "    {field}: {value},");
    }
    let play = match keys.get("menu.play") {
        Some(values) => format!("Some({})", of_board("menu.play", *values)),
        None => "None".to_string(),
    };
    let _ = writeln!(fields, "    play: {play},");
    format!(
        "/// The words every game has.\npub(crate) const COMMON: crate::i18n::Common = crate::i18n::Common {{\n{fields}}};\n"
    )
}

/// A key's constant: `played.wins` is `PLAYED_WINS`.
fn constant(key: &str) -> String {
    key.replace(['.', '-'], "_").to_uppercase()
}

/// A language file's `key = text` lines: blank lines and lines starting with `#` skipped.
fn entries(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter(|line| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
}

/// Writes a constant for each key of `source`, named after the key (`played.wins` is
/// `PLAYED_WINS`), the key under `prefix`; gives each key's count of values.
fn write_keys(source: &Path, prefix: &str, target: &Path) -> BTreeMap<String, usize> {
    println!("cargo::rerun-if-changed={}", source.display());
    let text = std::fs::read_to_string(source).unwrap_or_else(|e| panic!("{}: {e}", source.display()));
    let mut code = String::new();
    let mut names = BTreeSet::new();
    let mut keys = BTreeMap::new();
    for line in entries(&text) {
        let Some((key, value)) = line.split_once('=') else {
            panic!("{}: not 'key = text': {line}", source.display());
        };
        let (key, value) = (key.trim(), value.trim());
        let name = constant(key);
        assert!(names.insert(name.clone()), "{}: two keys make {name}", source.display());
        let values = placeholders(value);
        keys.insert(key.to_string(), values);
        let _ = writeln!(code, "/// `{}`", value.replace('`', "'"));
        let _ = writeln!(code, "pub(crate) const {name}: Key<{values}> = Key::new(\"{prefix}{key}\");");
    }
    std::fs::write(target, code).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
    keys
}

/// The texts of a folder's three language files as a [`Table`](src/i18n/table.rs): the
/// English keys sorted, one after another in one string, and each language's texts in the
/// keys' order in another, with where each one ends; a key a language lacks has no span
/// there (`u32::MAX`). Strings and numbers only, so that the loader has nothing to fix up.
fn table(folder: &Path) -> String {
    let read = |lang: &str| {
        let path = folder.join(format!("{lang}.txt"));
        println!("cargo::rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let pairs = entries(&text)
            .filter_map(|line| line.split_once('='))
            .map(|(key, text)| (key.trim(), text.trim()));
        pairs.map(|(key, text)| (key.to_string(), text.to_string())).collect::<BTreeMap<_, _>>()
    };
    let english = read("en");
    let (mut keys, mut key_ends) = (String::new(), Vec::new());
    for key in english.keys() {
        keys.push_str(key);
        key_ends.push(keys.len());
    }
    let mut texts = Vec::new();
    for lang in ["en", "fr", "sr"] {
        let said = read(lang);
        let (mut all, mut spans) = (String::new(), Vec::new());
        for key in english.keys() {
            spans.push(match said.get(key) {
                Some(text) => {
                    all.push_str(text);
                    format!("({}, {})", all.len() - text.len(), all.len())
                }
                None => "(u32::MAX, 0)".to_string(),
            });
        }
        texts.push(format!("({all:?}, &[{}])", spans.join(", ")));
    }
    let ends: Vec<String> = key_ends.iter().map(usize::to_string).collect();
    format!("crate::i18n::TextTable::new({keys:?}, &[{}], [{}])", ends.join(", "), texts.join(", "))
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

/// Each shipped set of puzzles (`assets/puzzles/NAME.tsv`) packed into `NAME.tsv.z` in
/// OUT_DIR, which `puzzles/unpack.rs` reads back: zlib (DEFLATE and a checksum) at
/// miniz_oxide's strongest level. A line repeats most of the line before it (a position,
/// then the same position after the mistake), so the sets shrink to about an eighth.
fn pack_puzzles() {
    let folder = Path::new("assets/puzzles");
    println!("cargo::rerun-if-changed={}", folder.display());
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("puzzles");
    std::fs::create_dir_all(&out).expect("OUT_DIR is writable");
    for entry in std::fs::read_dir(folder).expect("assets/puzzles is there") {
        let path = entry.expect("a readable folder").path();
        let Some(name) =
            path.file_name().and_then(|name| name.to_str()).filter(|name| name.ends_with(".tsv"))
        else {
            continue;
        };
        println!("cargo::rerun-if-changed={}", path.display());
        let text = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(&text, 10);
        std::fs::write(out.join(format!("{name}.z")), packed).expect("OUT_DIR is writable");
    }
}

/// In a release build for Linux, the code the menu runs at its start is linked into one
/// place (`link/start-first.ld`, made by `benches/start_order.py`), so that the pages the
/// kernel maps around it hold little else: the program starts in less memory.
fn start_first() {
    let script = Path::new("link/start-first.ld");
    println!("cargo::rerun-if-changed={}", script.display());
    let release = std::env::var("PROFILE").is_ok_and(|profile| profile == "release");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    if release && linux {
        let dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
        println!("cargo::rustc-link-arg-bins=-Wl,-T,{}", Path::new(&dir).join(script).display());
    }
}
