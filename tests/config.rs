//! `hexstack config` through the binary: the file's path, each value with where it came
//! from, and one warning on stderr for a bad line. The config file itself is tested in
//! process (src/config/tests).

#[test]
fn hexstack_config_prints_the_file_and_sources_and_warns_once_on_stderr() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("mine.toml");
    std::fs::write(&path, "level = 2\nreview_level = 0\n").unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_hexstack"))
        .args(["--lang", "en", "--theme", "mono", "config"])
        .env("HEXSTACK_CONFIG", &path)
        .env_remove("NO_COLOR")
        .output()
        .unwrap();
    assert!(output.status.success());
    let (out, err) = (String::from_utf8(output.stdout).unwrap(), String::from_utf8(output.stderr).unwrap());
    assert_eq!(out.lines().next(), Some(format!("config file: {}", path.display()).as_str()));
    for row in [
        ["lang", "en", "flag"],
        ["level", "2", "file"],
        ["review_level", "4", "default"],
        ["theme.name", "mono", "flag"],
    ] {
        assert!(out.lines().any(|line| line.split_whitespace().eq(row)), "{row:?} in\n{out}");
    }
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("hexstack: ") && err.contains("mine.toml:2:16: review_level should be"), "{err}");
}
