//! The application's boundary: how many items src/ makes `pub`, counted here and stated in
//! docs/ARCHITECTURE.md, so that the figure the page gives is the code's and a change that
//! makes more of the crate public is seen.

use std::path::{Path, PathBuf};

#[path = "house/walk.rs"]
mod walk;

use walk::sources;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Whether `line` declares a `pub` item: it starts (after its indent) with `pub ` and then
/// `fn`, `struct`, `enum`, `trait`, `type`, `const`, `static`, `mod` or `use`, or one of
/// `async`, `unsafe` and `extern` before a `fn` (`pub const fn` is one item, a `const`).
/// Not counted: `pub(crate)`, `pub(super)` and `pub(in ...)` items, which the crate keeps to
/// itself; fields (`pub name: Type`), which belong to their type; a method or variant
/// without `pub`, as a trait's or an enum's are; anything in a comment.
fn declares_pub_item(line: &str) -> bool {
    const ITEMS: [&str; 12] = [
        "fn", "struct", "enum", "trait", "type", "const", "static", "mod", "use", "async", "unsafe", "extern",
    ];
    line.trim_start()
        .strip_prefix("pub ")
        .and_then(|rest| rest.split_whitespace().next())
        .is_some_and(|word| ITEMS.contains(&word))
}

/// How many lines of the sources under `dir` declare a `pub` item.
fn pub_items(dir: &Path) -> usize {
    let count = |path: &PathBuf| {
        std::fs::read_to_string(path).unwrap().lines().filter(|line| declares_pub_item(line)).count()
    };
    sources(dir).iter().map(count).sum()
}

#[test]
fn the_count_sees_pub_items_and_not_fields_or_the_crates_own() {
    let source = "pub mod app;\npub use a::B;\n    pub fn f() {}\npub const fn g() {}\npub async fn h() {}\n\
                  pub struct S {\n    pub field: u8,\n    pub(crate) other: u8,\n}\npub(crate) fn i() {}\n\
                  pub(super) struct T;\n/// pub fn in_a_doc() {}\n// pub fn in_a_comment() {}\n";
    let counted: Vec<&str> = source.lines().filter(|line| declares_pub_item(line)).collect();
    assert_eq!(counted.len(), 6, "{counted:?}");
}

/// src/ declares as many `pub` items as docs/ARCHITECTURE.md says ("src/ declares N `pub`
/// items"): a change that makes items public or keeps them to the crate updates the figure.
#[test]
fn architecture_states_how_many_pub_items_src_declares() {
    let count = pub_items(&Path::new(ROOT).join("src"));
    println!("src/ declares {count} `pub` items");
    let page = std::fs::read_to_string(Path::new(ROOT).join("docs/ARCHITECTURE.md")).unwrap();
    let stated = format!("src/ declares {count} `pub` items");
    assert!(page.contains(&stated), "docs/ARCHITECTURE.md should say \"{stated}\" (the count as it is)");
}
