//! The shape of the code and its docs, checked so that it stays easy to walk into: a game's
//! knowledge in its own files, no file or function too long to read whole, and every link
//! in the docs leading somewhere (docs/ARCHITECTURE.md says why each rule is there).

use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// The most lines a source file may have.
const FILE_LINES: usize = 500;
/// The most lines a function may have.
const FUNCTION_LINES: usize = 80;

/// Every `.rs` file under `dir`, sorted.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

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
        .filter(|path| !a_games_own(path, &games))
        .filter(|path| {
            // A unit test may pick a game to test generic code on.
            let whole = read(path);
            let source = whole.split("#[cfg(test)]").next().unwrap_or_default();
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
