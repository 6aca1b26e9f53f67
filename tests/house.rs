//! The shape of the code and its docs, checked so that it stays easy to walk into: a game's
//! knowledge in its own files, no file or function too long to read whole, and every link
//! and path in the docs leading somewhere (docs/ARCHITECTURE.md says why each rule is there).

use std::path::{Path, PathBuf};

#[path = "house/names.rs"]
mod names;
#[path = "house/walk.rs"]
mod walk;

use walk::sources;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// The most lines a source file may have.
const FILE_LINES: usize = 500;
/// The most lines a function may have.
const FUNCTION_LINES: usize = 80;

/// The folders of code: the application's and each crate's under `crates/`.
fn code_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> =
        ["src", "tests", "benches"].iter().map(|dir| Path::new(ROOT).join(dir)).collect();
    let mut crates: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join("crates"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    crates.sort();
    for krate in crates {
        dirs.extend(["src", "tests", "benches"].iter().map(|dir| krate.join(dir)).filter(|dir| dir.is_dir()));
    }
    dirs
}

/// The source folders alone: the application's and each crate's.
fn source_dirs() -> Vec<PathBuf> {
    code_dirs().into_iter().filter(|dir| dir.ends_with("src")).collect()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn shown(path: &Path) -> String {
    path.strip_prefix(ROOT).unwrap_or(path).display().to_string()
}

/// Every game's module, read from the one list (`crates/hexstack-rules/src/games.rs`), those
/// behind a feature too: `clamber: Clamber,` gives `clamber`.
fn games() -> Vec<String> {
    let list = read(&Path::new(ROOT).join("crates/hexstack-rules/src/games.rs"));
    let entries = list.lines().filter_map(|line| {
        let entry = line.rsplit(']').next()?.trim();
        let (module, variant) = entry.strip_suffix(',')?.split_once(": ")?;
        let named = |word: &str| !word.is_empty() && word.chars().all(|c| c.is_alphanumeric() || c == '_');
        (named(module) && named(variant)).then(|| module.to_string())
    });
    entries.collect()
}

#[test]
fn the_list_of_games_is_read() {
    let games = games();
    assert!(games.len() >= 3 && games.contains(&"triad".to_string()), "{games:?}");
}

/// Whether `path` is a test module in a file of its own: a file `tests`, or a file in a folder
/// `tests` or `testing` (the helpers of the unit tests) of a source folder.
fn a_test_module(path: &Path) -> bool {
    let parts: Vec<&str> = path.iter().filter_map(|part| part.to_str()).collect();
    let in_src = parts.iter().rposition(|part| *part == "src").unwrap();
    parts[in_src + 1..].iter().any(|part| ["tests", "tests.rs", "testing"].contains(part))
}

/// Whether `path` is one of a game's own files: `LAYER/GAME.rs` or under `LAYER/GAME/`, in
/// the application's `src/` or a crate's.
fn a_games_own(path: &Path, games: &[String]) -> bool {
    let parts: Vec<&str> = path.iter().filter_map(|part| part.to_str()).collect();
    let in_src = parts.iter().rposition(|part| *part == "src").unwrap();
    parts[in_src + 1..].iter().any(|part| games.iter().any(|game| part.trim_end_matches(".rs") == game))
}

#[test]
fn only_a_games_own_files_name_its_module() {
    let games = games();
    let naming: Vec<String> = source_dirs()
        .iter()
        .flat_map(|dir| sources(dir))
        .filter(|path| !a_games_own(path, &games) && !a_test_module(path))
        .filter(|path| {
            // A unit test may pick a game to test generic code on.
            let whole = read(path);
            let source = whole.split("#[cfg(test)]\nmod tests {").next().unwrap_or_default();
            games.iter().any(|game| {
                source
                    .match_indices(&format!("{game}::"))
                    .any(|(at, _)| !source[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_'))
            })
        })
        .map(|path| shown(&path))
        .collect();
    assert!(naming.is_empty(), "files naming a game's module: {naming:?}");
}

#[test]
fn no_source_file_is_longer_than_a_sitting() {
    for dir in code_dirs() {
        for path in sources(&dir) {
            let lines = read(&path).lines().count();
            assert!(lines <= FILE_LINES, "{} has {lines} lines", shown(&path));
        }
    }
}

/// The functions of `source` longer than [`FUNCTION_LINES`]: those whose body, from the
/// `fn` line to the brace closing it at the same indent, runs longer.
fn long_functions(source: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = source.lines().collect();
    let mut long = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        let indent = &line[..line.len() - code.len()];
        let after_fn = code
            .split_once("fn ")
            .filter(|(before, _)| {
                before.split_whitespace().all(|word| {
                    word == "pub" || word.starts_with("pub(") || ["const", "async", "unsafe"].contains(&word)
                })
            })
            .map(|(_, after)| after);
        let Some(name) = after_fn.and_then(|after| after.split(['(', '<']).next()) else { continue };
        // A declaration without a body (in a trait) ends at its semicolon.
        let Some(open) = lines[at..].iter().position(|line| line.ends_with('{') || line.ends_with(';'))
        else {
            continue;
        };
        if lines[at + open].ends_with(';') {
            continue;
        }
        let close = format!("{indent}}}");
        let end = lines[at..].iter().position(|line| *line == close).unwrap_or(lines.len() - at);
        if end + 1 > FUNCTION_LINES {
            long.push((at + 1, format!("{name}: {} lines", end + 1)));
        }
    }
    long
}

#[test]
fn no_function_is_longer_than_a_screen() {
    let mut long = Vec::new();
    for dir in code_dirs() {
        for path in sources(&dir) {
            long.extend(
                long_functions(&read(&path))
                    .into_iter()
                    .map(|(line, what)| format!("{}:{line}: {what}", shown(&path))),
            );
        }
    }
    assert!(long.is_empty(), "longer than {FUNCTION_LINES} lines: {long:#?}");
}

#[test]
fn the_length_check_sees_a_long_function() {
    let body = "    let x = 1;\n".repeat(FUNCTION_LINES);
    let source = format!("/// A doc.\npub fn long() {{\n{body}}}\n\nfn short() {{}}\n");
    assert_eq!(long_functions(&source), vec![(2, format!("long: {} lines", FUNCTION_LINES + 2))]);
}

/// Every Markdown file a reader of the repository opens: the root's and the docs folder's.
fn docs() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in [Path::new(ROOT).to_path_buf(), Path::new(ROOT).join("docs")] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|ext| ext == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// A heading's anchor as GitHub makes it: lower case, spaces to dashes, punctuation gone.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The text outside fenced code blocks, where links are links.
fn prose(text: &str) -> Vec<&str> {
    let mut fenced = false;
    text.lines()
        .filter(|line| {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
                return false;
            }
            !fenced
        })
        .collect()
}

/// The anchors of a Markdown file's headings (a repeated heading's get `-1`, `-2`...).
fn anchors(text: &str) -> Vec<String> {
    let mut seen = std::collections::HashMap::new();
    let mut anchors = Vec::new();
    for line in prose(text) {
        let Some(heading) = line.strip_prefix('#').map(|rest| rest.trim_start_matches('#')) else { continue };
        let anchor = anchor(heading);
        let times = seen.entry(anchor.clone()).or_insert(0);
        anchors.push(if *times == 0 { anchor } else { format!("{anchor}-{times}") });
        *times += 1;
    }
    anchors
}

/// The targets of a Markdown text's inline links: `[words](target)`.
fn links(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for line in prose(text) {
        for (at, _) in line.match_indices("](") {
            let rest = &line[at + 2..];
            if let Some(end) = rest.find(')') {
                targets.push(rest[..end].split_whitespace().next().unwrap_or("").to_string());
            }
        }
    }
    targets
}

#[test]
fn every_relative_link_in_the_docs_resolves() {
    let mut broken = Vec::new();
    let docs = docs();
    for doc in &docs {
        for target in links(&read(doc)) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let path = if file.is_empty() { doc.clone() } else { doc.parent().unwrap().join(file) };
            if !path.exists() {
                broken.push(format!("{}: {target} (no such file)", shown(doc)));
            } else if !fragment.is_empty()
                && path.extension().is_some_and(|ext| ext == "md")
                && !anchors(&read(&path)).iter().any(|anchor| anchor == fragment)
            {
                broken.push(format!("{}: {target} (no such heading)", shown(doc)));
            }
        }
    }
    assert!(broken.is_empty(), "broken links: {broken:#?}");
    let names: Vec<String> = docs.iter().map(|doc| shown(doc)).collect();
    for needed in [
        "README.md",
        "RULES.md",
        "CHANGELOG.md",
        "CONTRIBUTING.md",
        "docs/ARCHITECTURE.md",
        "docs/SECURITY.md",
    ] {
        assert!(names.iter().any(|name| name == needed), "{needed} is missing: {names:?}");
    }
}

#[test]
fn the_link_check_sees_a_broken_link_and_a_missing_heading() {
    let text = "# Keys and levels\n```\n[not](a-link.md)\n```\nSee [keys](#keys-and-levels), [x](#nowhere).";
    assert_eq!(links(text), ["#keys-and-levels", "#nowhere"]);
    assert_eq!(anchors(text), ["keys-and-levels"]);
    assert_eq!(anchors("# A\n## A\n"), ["a", "a-1"]);
}

#[test]
fn the_readme_is_for_players_and_keeps_its_two_commands() {
    let readme = read(&Path::new(ROOT).join("README.md"));
    assert!(readme.lines().count() < 300, "README.md has {} lines", readme.lines().count());
    for command in ["cargo run --release", "cargo test"] {
        assert!(readme.contains(command), "README.md lost `{command}`");
    }
}

/// The changelog reads one way throughout: the title, `## Unreleased`, then one
/// `### Issue N: what it asked for (dates)` for each issue, newest first.
#[test]
fn the_changelog_headings_read_one_way() {
    let changelog = read(&Path::new(ROOT).join("CHANGELOG.md"));
    let headings: Vec<&str> = changelog.lines().filter(|line| line.starts_with('#')).collect();
    assert_eq!(headings[..2], ["# Changelog", "## Unreleased"]);
    let odd: Vec<&&str> = headings[2..]
        .iter()
        .filter(|heading| {
            let Some(rest) = heading.strip_prefix("### Issue ") else { return true };
            let (number, title) = rest.split_once(": ").unwrap_or(("", ""));
            let dated = title
                .rsplit_once(" (")
                .is_some_and(|(_, dates)| dates.starts_with(|c: char| c.is_ascii_digit()));
            number.parse::<u32>().is_err() || !title.ends_with(')') || !dated
        })
        .collect();
    assert!(odd.is_empty(), "headings not `### Issue N: title (dates)`: {odd:?}");
}

/// Names a path in the docs may hold in place of a real one: a game (`GAME`, or `hexa`,
/// the game ARCHITECTURE.md walks through adding), a set, a language, a layer. Each stands
/// for any name, and at least one file must fit.
const PLACEHOLDERS: [&str; 5] = ["GAME", "NAME", "LANG", "LAYER", "hexa"];
/// What looks like a path but is none of the repository's: the player's own files (in
/// their config and data folders), what a build makes (`target/`) and the shapes of a
/// position's notation.
const NOT_OURS: [&str; 8] = [
    "config.toml",
    "hexstack/config.toml",
    "history.txt",
    "mine.tsv",
    "puzzles/mine.tsv",
    "saves/",
    "SIDE/CELLS",
    "SIZE/SIDE/CELLS",
];
/// The endings that make a name without a `/` a path.
const EXTENSIONS: [&str; 8] = ["rs", "md", "toml", "txt", "tsv", "ld", "py", "sh"];

/// Whether `text`, written in backticks, names a file or folder of the repository: path
/// characters only (`*` and `{a,b}` too), a `/` or a known ending after a name, and not
/// the machine's (`/proc/...`, `~/...`, `$XDG_...`), a position (`3/b/A1=b1`) or a player's.
fn is_path(text: &str) -> bool {
    let path_chars = text.chars().all(|c| c.is_ascii_alphanumeric() || "_-./*{},".contains(c));
    let ending = |ext: &&str| {
        text.strip_suffix(*ext).and_then(|stem| stem.strip_suffix('.')).is_some_and(|name| !name.is_empty())
    };
    let starts = text.starts_with(|c: char| c.is_ascii_alphabetic() || "._*{".contains(c));
    let built = text.starts_with("target/");
    path_chars
        && starts
        && (text.contains('/') || EXTENSIONS.iter().any(ending))
        && !NOT_OURS.contains(&text)
        && !built
}

/// `text` with each `{a,b}` written out: one path for each choice.
fn choices(text: &str) -> Vec<String> {
    let Some((before, rest)) = text.split_once('{') else { return vec![text.to_string()] };
    let (inside, after) = rest.split_once('}').unwrap_or((rest, ""));
    inside.split(',').flat_map(|choice| choices(&format!("{before}{choice}{after}"))).collect()
}

/// `name` matches `pattern`, where `*` is any run of characters.
fn wildcard(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, tail)) => {
            let Some(rest) = name.strip_prefix(head) else { return false };
            (0..=rest.len()).any(|at| rest.is_char_boundary(at) && wildcard(tail, &rest[at..]))
        }
    }
}

/// Whether the `parts` of a path, `*` among them, name something under `dir`.
fn found(dir: &Path, parts: &[&str], folder: bool) -> bool {
    let Some((part, rest)) = parts.split_first() else { return !folder || dir.is_dir() };
    if !part.contains('*') {
        return dir.join(part).exists() && found(&dir.join(part), rest, folder);
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return false };
    entries.filter_map(Result::ok).any(|entry| {
        entry.file_name().to_str().is_some_and(|name| wildcard(part, name))
            && found(&entry.path(), rest, folder)
    })
}

/// `path` with each placeholder, a whole word of letters (`keys_GAME.rs`), made `*`.
fn pattern_of(path: &str) -> String {
    let (mut pattern, mut word) = (String::new(), String::new());
    for c in path.chars().map(Some).chain([None]) {
        match c {
            Some(c) if c.is_ascii_alphabetic() => word.push(c),
            _ => {
                pattern.push_str(if PLACEHOLDERS.contains(&word.as_str()) { "*" } else { &word });
                pattern.extend(c);
                word.clear();
            }
        }
    }
    pattern
}

/// Whether `path`, written in `file`, names something: from the repository's top, the
/// file's folder, its module's folder, any crate's `src` or `tests`, the language files'
/// folder or the build's output; a module may be named without its `.rs`.
fn resolves(path: &str, file: &Path) -> bool {
    let mut roots =
        vec![Path::new(ROOT).to_path_buf(), file.parent().unwrap().to_path_buf(), file.with_extension("")];
    roots.extend(code_dirs().into_iter().filter(|dir| !dir.ends_with("benches")));
    roots.extend([Path::new(ROOT).join("assets/lang"), Path::new(env!("OUT_DIR")).to_path_buf()]);
    choices(path).iter().all(|choice| {
        let pattern = pattern_of(choice);
        let parts: Vec<&str> = pattern.split('/').filter(|part| !part.is_empty()).collect();
        let module = format!("{}.rs", parts.last().unwrap_or(&""));
        let as_module = [&parts[..parts.len().saturating_sub(1)], &[module.as_str()]].concat();
        roots.iter().any(|root| found(root, &parts, path.ends_with('/')) || found(root, &as_module, false))
    })
}

/// The part of a line of Rust after `//` (outside a string), or of TOML after `#`.
fn comment<'a>(line: &'a str, mark: &str) -> Option<&'a str> {
    let mut marks = line.match_indices(mark).map(|(at, _)| at);
    marks.find(|&at| line[..at].matches('"').count().is_multiple_of(2)).map(|at| &line[at..])
}

/// Every path in backticks where a reader meets one, with its file and line: the Markdown
/// a reader opens outside its code blocks (not the changelog: history names what was), the
/// language files, `Cargo.toml`'s comments and the comments of every Rust file.
fn written_paths() -> Vec<(PathBuf, usize, String)> {
    let mut files: Vec<(PathBuf, Option<&str>)> = docs().into_iter().map(|doc| (doc, None)).collect();
    files.retain(|(doc, _)| !doc.ends_with("CHANGELOG.md"));
    let mut langs: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join("assets/lang"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    langs.retain(|path| path.extension().is_some_and(|ext| ext == "txt"));
    langs.sort();
    files.extend(langs.into_iter().map(|path| (path, None)));
    files.push((Path::new(ROOT).join("Cargo.toml"), Some("#")));
    let rust =
        code_dirs().into_iter().flat_map(|dir| sources(&dir)).chain([Path::new(ROOT).join("build.rs")]);
    files.extend(rust.map(|path| (path, Some("//"))));
    let mut paths = Vec::new();
    for (file, mark) in files {
        let mut fenced = false;
        for (at, line) in read(&file).lines().enumerate() {
            fenced ^= mark.is_none() && line.trim_start().starts_with("```");
            let Some(text) = mark.map_or(Some(line).filter(|_| !fenced), |mark| comment(line, mark)) else {
                continue;
            };
            let spans = text.split('`').skip(1).step_by(2).filter(|span| is_path(span));
            paths.extend(spans.map(|span| (file.clone(), at + 1, span.to_string())));
        }
    }
    paths
}

#[test]
fn every_path_in_backticks_is_there() {
    let written = written_paths();
    assert!(written.len() > 100, "only {} paths found", written.len());
    let missing: Vec<String> = written
        .iter()
        .filter(|(file, _, path)| !resolves(path, file))
        .map(|(file, line, path)| format!("{}:{line}: `{path}`", shown(file)))
        .collect();
    assert!(missing.is_empty(), "paths in backticks that name nothing: {missing:#?}");
}

#[test]
fn the_path_check_tells_paths_from_other_words_and_sees_a_missing_one() {
    for path in
        ["src/app/keys.rs", "GAME.rs", "src/app/tests/*.rs", ".ci/run", "crates/hexstack-rules", "docs/"]
    {
        assert!(is_path(path), "{path}");
    }
    for other in
        [".rs", "3/b/-", "b/B2=r,C3=b", "~/.config", "/proc/PID/stat", "5+3", "hexstack config", "SIDE/CELLS"]
    {
        assert!(!is_path(other), "{other}");
    }
    let here = Path::new(ROOT).join("docs/ARCHITECTURE.md");
    for there in [
        "crates/hexstack-rules/src/GAME.rs",
        "src/ui/tests/snapshots/hexstack__ui__tests__lobby__*",
        "assets/lang/GAME/{en,fr,sr}.txt",
        "app/lobby/view",
    ] {
        assert!(resolves(there, &here), "{there}");
    }
    for nowhere in
        ["src/rules", "src/nowhere/GAME.rs", "assets/lang/GAME/{en,de}.txt", "tests/app_*.md", "src/lib.rs/"]
    {
        assert!(!resolves(nowhere, &here), "{nowhere}");
    }
}
