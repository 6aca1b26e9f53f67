//! How the program arrives on a player's system: its version, the shells' completions, the
//! manual page, and `cargo install`.

use std::io::Write;
mod common;

use common::hexstack;
use std::process::{Command, Output, Stdio};

fn stdout(output: &Output) -> String {
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Whether `program` can be run here (bash, man: a test that needs one says so when absent).
fn found(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok_and(|output| output.status.success())
}

#[test]
fn the_version_names_the_commit_it_was_built_from() {
    let version = stdout(&hexstack(&["--version"]));
    let rest = version
        .strip_prefix(concat!("hexstack ", env!("CARGO_PKG_VERSION"), " (commit "))
        .unwrap_or_else(|| panic!("{version}"));
    let commit = rest.trim_end().strip_suffix(')').unwrap_or_else(|| panic!("{version}"));
    let hash = commit.strip_suffix("-modified").unwrap_or(commit);
    assert!(
        hash == "unknown" || (hash.len() == 12 && hash.chars().all(|c| c.is_ascii_hexdigit())),
        "{version}"
    );
    if Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .output()
        .is_ok_and(|o| o.status.success())
    {
        let head = Command::new("git").args(["rev-parse", "--short=12", "HEAD"]).output().unwrap();
        assert_eq!(
            hash,
            String::from_utf8_lossy(&head.stdout).trim(),
            "the build's commit is the checkout's"
        );
    }
}

/// What bash offers after `words` (the word being completed last), with the script loaded.
fn bash_offers(script: &str, words: &[&str]) -> String {
    let line = words.join(" ");
    let (current, previous) = (words[words.len() - 1], words[words.len() - 2]);
    let complete = format!(
        "{script}\nCOMP_WORDS=({line}); COMP_CWORD={}; COMP_LINE='{line}'; COMP_POINT=${{#COMP_LINE}}\n\
         _hexstack hexstack '{current}' '{previous}'; echo \"${{COMPREPLY[@]}}\"\n",
        words.len() - 1
    );
    let output = Command::new("bash").arg("-c").arg(complete).output().expect("bash runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).trim().to_string()
}

#[test]
fn the_bash_completions_offer_each_commands_own_words() {
    let script = stdout(&hexstack(&["completions", "bash"]));
    if !found("bash") {
        eprintln!("no bash here: the completions are not tried");
        return;
    }
    assert_eq!(bash_offers(&script, &["hexstack", "pu"]), "puzzles");
    assert_eq!(bash_offers(&script, &["hexstack", "re"]), "resume review");
    // A command's own flags, and not another's: --depth is perft's, not play's.
    assert_eq!(bash_offers(&script, &["hexstack", "perft", "--d"]), "--depth --divide");
    assert_eq!(bash_offers(&script, &["hexstack", "play", "--d"]), "");
    assert_eq!(bash_offers(&script, &["hexstack", "play", "--comp"]), "--computer");
}

#[test]
fn zsh_and_fish_completions_are_made_too_and_a_bad_shell_is_one_line() {
    assert!(stdout(&hexstack(&["completions", "zsh"])).starts_with("#compdef hexstack"));
    assert!(stdout(&hexstack(&["completions", "fish"])).contains("complete -c hexstack"));
    let bad = hexstack(&["completions", "tcsh"]);
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&bad.stderr).lines().count(), 1);
}

#[test]
fn the_manual_page_renders_with_every_command_and_the_files() {
    let page = stdout(&hexstack(&["man"]));
    assert!(page.starts_with(".ie") || page.contains(".TH hexstack"), "{}", &page[..200.min(page.len())]);
    for heading in ["HEXSTACK PLAY", "HEXSTACK REVIEW", "HEXSTACK PUZZLES", "FILES", "ENVIRONMENT"] {
        assert!(page.contains(heading), "no {heading} in the manual page");
    }
    if !found("man") {
        eprintln!("no man here: the page is not rendered");
        return;
    }
    let mut man = Command::new("man")
        .args(["-l", "-"])
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "80")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("man runs");
    man.stdin.take().expect("piped").write_all(page.as_bytes()).expect("man reads");
    let shown = man.wait_with_output().expect("man ends");
    assert!(shown.status.success(), "{}", String::from_utf8_lossy(&shown.stderr));
    let text = String::from_utf8_lossy(&shown.stdout);
    assert!(text.contains("HEXSTACK PLAY") && text.contains("<COMPUTER>"), "{text}");
}

/// `cargo install --locked --path .` as README says, into a folder of its own: a whole
/// release build, so it runs only when asked (`cargo test --test install -- --ignored`).
#[test]
#[ignore]
fn cargo_install_puts_a_hexstack_that_runs_in_the_root() {
    let root = tempfile::tempdir().expect("a temporary folder");
    let status = Command::new(env!("CARGO"))
        .args(["install", "--locked", "--path", env!("CARGO_MANIFEST_DIR"), "--root"])
        .arg(root.path())
        .env("CARGO_TARGET_DIR", root.path().join("target"))
        .status()
        .expect("cargo runs");
    assert!(status.success());
    let installed = root.path().join("bin").join("hexstack");
    let output = Command::new(&installed).arg("--version").output().expect("the installed hexstack runs");
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("hexstack "));
    let perft =
        Command::new(&installed).args(["perft", "clamber", "--depth", "2"]).output().expect("it runs");
    assert_eq!(String::from_utf8_lossy(&perft.stdout), "342\n");
}
