//! No module imports a module that imports it back, read from the source itself: every
//! `use` tree and every `crate::` or `super::` path in `src/` is an edge from the file's
//! module to the module it names. A parent naming its child's items and a child naming its
//! parent's are edges too: a screen that answers with the app's own enum while the app
//! knows every screen is a cycle. Only declaring a child (`mod child;`) and re-exporting
//! its items (`pub use child::Item`, a flat API) are not imports.
//! The top-level modules must also depend one way, downwards, as docs/ARCHITECTURE.md draws them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

type Module = Vec<String>;

/// Every module file under `src/` (the binary aside), by its path in the crate. Test modules
/// in files of their own (a file or folder `tests`, the `testing` helpers) are left out:
/// a test may reach anywhere, and is no layer.
fn modules(dir: &Path, prefix: &[String], out: &mut BTreeMap<Module, String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        if ["tests", "testing"].contains(&name.as_str()) {
            continue;
        }
        if path.is_dir() {
            modules(&path, &[prefix, &[name]].concat(), out);
        } else if path.extension().is_some_and(|ext| ext == "rs") && name != "main" {
            let module =
                if name == "mod" || name == "lib" { prefix.to_vec() } else { [prefix, &[name]].concat() };
            out.insert(module, std::fs::read_to_string(&path).unwrap());
        }
    }
}

/// The source without comments (doc examples name paths that are not imports) and without
/// its inline tests (whose `super` is the file's own module).
fn code(source: &str) -> String {
    let source = source.split("#[cfg(test)]\nmod tests {").next().unwrap_or_default();
    source
        .lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a `use` tree names: `a::{b, c::{d, e}}` is `a::b`, `a::c::d`, `a::c::e`.
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap().trim();
        return vec![path.trim_end_matches("::self").to_string()];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap()];
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (at, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|part| !part.trim().is_empty())
        .flat_map(|part| expand(part).into_iter().map(move |path| format!("{prefix}{path}")))
        .collect()
}

/// Every path the source names that may lead to a module of this crate.
/// Each comes with whether it is a re-export (`pub use`).
fn paths(source: &str) -> Vec<(String, bool)> {
    let source = code(source);
    let mut found = Vec::new();
    for statement in source.split(';') {
        let statement = statement.trim();
        for start in ["use ", "pub use ", "pub(crate) use ", "pub(super) use "] {
            if let Some(tree) = statement.strip_prefix(start) {
                let reexport = start != "use ";
                found.extend(expand(tree).into_iter().map(|path| (path, reexport)));
            }
        }
    }
    let is_path = |c: char| c.is_alphanumeric() || c == '_' || c == ':';
    for start in ["crate::", "super::"] {
        for (at, _) in source.match_indices(start) {
            if source[..at].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let end = source[at..].find(|c: char| !is_path(c)).map_or(source.len(), |n| at + n);
            found.push((source[at..end].trim_end_matches(':').to_string(), false));
        }
    }
    found
}

/// The module a path names from `from`: the longest known module it starts with.
fn resolve(from: &Module, path: &str, known: &BTreeMap<Module, String>) -> Option<Module> {
    let mut segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let mut base: Module = match segments.first()? {
        &"crate" => Vec::new(),
        &"super" | &"self" => from.clone(),
        // A child module named from its parent, as in `use keys::Action` inside `app`.
        first if known.contains_key(&[from.as_slice(), &[first.to_string()]].concat()) => from.clone(),
        _ => return None,
    };
    while let Some(&first) = segments.first() {
        match first {
            "crate" | "self" => {}
            "super" => {
                base.pop();
            }
            _ => break,
        }
        segments.remove(0);
    }
    for segment in segments {
        let longer = [base.as_slice(), &[segment.to_string()]].concat();
        if !known.contains_key(&longer) {
            break;
        }
        base = longer;
    }
    Some(base)
}

/// A cycle in `edges`, if there is one, as the modules along it.
fn cycle(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<Module>> {
    fn visit(
        at: &Module,
        edges: &BTreeMap<Module, BTreeSet<Module>>,
        path: &mut Vec<Module>,
        done: &mut BTreeSet<Module>,
    ) -> Option<Vec<Module>> {
        if let Some(start) = path.iter().position(|m| m == at) {
            return Some(path[start..].to_vec());
        }
        if done.contains(at) {
            return None;
        }
        path.push(at.clone());
        for next in edges.get(at).into_iter().flatten() {
            if let Some(found) = visit(next, edges, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(at.clone());
        None
    }
    let mut done = BTreeSet::new();
    edges.keys().find_map(|start| visit(start, edges, &mut Vec::new(), &mut done))
}

/// The crates the application names as modules of its own (`pub use hexstack_ai as ai` in
/// lib.rs): each a module with no source here, by the name the application gives it.
fn crates(lib: &str) -> Vec<(String, String)> {
    lib.lines()
        .filter_map(|line| {
            line.trim().strip_prefix("pub use hexstack_")?.strip_suffix(';')?.split_once(" as ")
        })
        .map(|(krate, name)| (format!("hexstack-{krate}"), name.to_string()))
        .collect()
}

fn graph() -> BTreeMap<Module, BTreeSet<Module>> {
    let mut known = BTreeMap::new();
    modules(Path::new("src"), &[], &mut known);
    let named = crates(&known[&Vec::new()]);
    for (_, name) in &named {
        known.insert(vec![name.clone()], String::new());
    }
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, source) in &known {
        for (path, reexport) in paths(source) {
            let Some(target) = resolve(module, &path, &known) else { continue };
            // A parent showing its child's items as its own (a flat API, as shakmaty's) is
            // containment, not a use of the child.
            let shown = reexport && target.starts_with(module);
            if !target.is_empty() && target != *module && !shown {
                edges.entry(module.clone()).or_default().insert(target);
            }
        }
    }
    // One crate on another, as its manifest says.
    for (krate, name) in &named {
        let manifest = std::fs::read_to_string(format!("crates/{krate}/Cargo.toml")).unwrap();
        for (other, other_name) in &named {
            if other != krate && manifest.contains(&format!("{other} = ")) {
                edges.entry(vec![name.clone()]).or_default().insert(vec![other_name.clone()]);
            }
        }
    }
    edges
}

#[test]
fn no_module_imports_a_module_that_imports_it_back() {
    let edges = graph();
    assert!(edges.len() > 10, "the graph was read: {edges:?}");
    assert!(
        edges[&vec!["app".to_string(), "game".to_string()]]
            .contains(&vec!["app".to_string(), "table".to_string()]),
        "a known import is found"
    );
    assert_eq!(cycle(&edges), None);
}

#[test]
fn a_child_naming_its_parent_is_an_edge_up() {
    let edges = graph();
    let app = vec!["app".to_string()];
    assert!(edges[&app].contains(&vec!["app".to_string(), "game".to_string()]), "the app knows its screens");
    for parent in [app, vec!["ui".to_string()]] {
        let up: Vec<&Module> = edges
            .iter()
            .filter(|(from, to)| from.len() > 1 && from[0] == parent[0] && to.contains(&parent))
            .map(|(from, _)| from)
            .collect();
        assert!(up.is_empty(), "no child of {parent:?} names its parent's own module: {up:?}");
    }
}

#[test]
fn the_top_level_modules_depend_one_way() {
    let mut top: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (from, targets) in graph() {
        for target in targets {
            if from[0] != target[0] {
                top.entry(vec![from[0].clone()]).or_default().insert(vec![target[0].clone()]);
            }
        }
    }
    assert_eq!(cycle(&top), None);
}

/// Modules that must not name another at all (or any module under it): the app (what each
/// event does to one terminal's state) and the drawing do no file work, which is the
/// store's and the puzzles' files', asked for by the terminal's loop and the start; a helper
/// both need (a path as shown, the saved games' extension, today's date) lives below them,
/// not in the store.
const NEVER: [(&str, &str); 4] =
    [("app", "store"), ("ui", "store"), ("app", "puzzles::files"), ("ui", "puzzles::files")];

/// Whether `module` is the one `path` names (`puzzles::files`), or one under it.
fn under(module: &Module, path: &str) -> bool {
    let named: Vec<&str> = path.split("::").collect();
    module.len() >= named.len() && module.iter().zip(&named).all(|(a, b)| a == b)
}

#[test]
fn the_app_and_the_drawing_leave_files_to_the_store() {
    let edges = graph();
    let named: Vec<String> = edges
        .iter()
        .flat_map(|(from, targets)| targets.iter().map(move |to| (from, to)))
        .filter(|(from, to)| NEVER.iter().any(|(a, b)| from[0] == *a && under(to, b)))
        .map(|(from, to)| format!("{} names {}", from.join("::"), to.join("::")))
        .collect();
    assert!(named.is_empty(), "{named:#?}");
}

/// Only the start (`cli`) asks the environment where the data folder is; the other modules
/// are handed the folders it found, so that a test can point a whole program at its own.
#[test]
fn only_the_start_reads_where_the_data_folder_is() {
    let mut known = BTreeMap::new();
    modules(Path::new("src"), &[], &mut known);
    let asks = |source: &String| {
        ["(\"HEXSTACK_DATA_DIR\")", "dirs::data_dir"].iter().any(|w| code(source).contains(w))
    };
    let asking: Vec<&Module> =
        known.iter().filter(|(_, source)| asks(source)).map(|(module, _)| module).collect();
    assert_eq!(asking, [&vec!["cli".to_string()]]);
}

/// The application's top-level modules, the crates it names as modules among them.
fn top_level() -> BTreeSet<String> {
    let mut known = BTreeMap::new();
    modules(Path::new("src"), &[], &mut known);
    let named = crates(&known[&Vec::new()]).into_iter().map(|(_, name)| name);
    known.keys().filter_map(|module| module.first().cloned()).chain(named).collect()
}

/// Each top-level module and what it imports, the lowest layers last: a module's layer is one
/// above the highest of what it imports. This is the diagram docs/ARCHITECTURE.md shows.
fn layers() -> String {
    let mut top: BTreeMap<String, BTreeSet<String>> =
        top_level().into_iter().map(|m| (m, BTreeSet::new())).collect();
    for (from, targets) in graph() {
        let imports = top.entry(from[0].clone()).or_default();
        imports
            .extend(targets.into_iter().map(|target| target[0].clone()).filter(|target| *target != from[0]));
        for target in top[&from[0]].clone() {
            top.entry(target).or_default();
        }
    }
    fn layer(module: &str, top: &BTreeMap<String, BTreeSet<String>>) -> usize {
        top[module].iter().map(|import| layer(import, top) + 1).max().unwrap_or(0)
    }
    let mut rows: Vec<(usize, &String, &BTreeSet<String>)> =
        top.iter().map(|(module, imports)| (layer(module, &top), module, imports)).collect();
    rows.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
    let width = rows.iter().map(|(_, module, _)| module.len()).max().unwrap_or(0);
    let lines = rows.iter().map(|(layer, module, imports)| {
        let imports: Vec<&str> = imports.iter().map(String::as_str).collect();
        format!("{layer:>2}  {module:width$}  {}", imports.join(" ")).trim_end().to_string()
    });
    lines.collect::<Vec<_>>().join("\n")
}

/// The block of docs/ARCHITECTURE.md after `marker`, between its code fences.
fn block_after(doc: &str, marker: &str) -> String {
    let after = &doc[doc.find(marker).unwrap_or_else(|| panic!("no {marker} in the doc"))..];
    let body = after.split_once("```text\n").expect("a text block").1;
    body.split_once("\n```").expect("the block ends").0.to_string()
}

#[test]
fn the_architecture_page_draws_the_layers_as_they_are() {
    let doc = std::fs::read_to_string("docs/ARCHITECTURE.md").unwrap();
    let drawn = block_after(&doc, "<!-- the layers, drawn by tests/module_graph.rs -->");
    let layers = layers();
    assert!(drawn == layers, "docs/ARCHITECTURE.md draws other layers; as they are:\n{layers}");
}

#[test]
fn the_architecture_page_says_what_each_module_holds() {
    let doc = std::fs::read_to_string("docs/ARCHITECTURE.md").unwrap();
    let table = &doc[doc.find("| module | what it holds |").expect("the modules' table")..];
    let rows: Vec<&str> = table.lines().skip(2).take_while(|line| line.starts_with('|')).collect();
    let named: BTreeSet<String> = rows
        .iter()
        .filter_map(|row| row.split('|').nth(1))
        .flat_map(|cell| cell.split(',').map(|name| name.trim().trim_matches('`').to_string()))
        .collect();
    assert_eq!(named, top_level(), "the table's modules and the code's");
}

#[test]
fn the_checker_finds_a_cycle_and_reads_use_trees() {
    let m = |name: &str| vec![name.to_string()];
    let edges = BTreeMap::from([(m("a"), BTreeSet::from([m("b")])), (m("b"), BTreeSet::from([m("a")]))]);
    assert_eq!(cycle(&edges), Some(vec![m("a"), m("b")]));
    assert_eq!(
        expand("crate::a::{b, c::{d, e as f}, self}"),
        ["crate::a::b", "crate::a::c::d", "crate::a::c::e", "crate::a::self"]
    );
}

/// The fields of `App`, read off its declaration in src/app/state.rs.
fn app_fields() -> Vec<String> {
    let state = std::fs::read_to_string("src/app/state.rs").unwrap();
    let body =
        state.split("pub(crate) struct App {").nth(1).expect("App is declared").split("\n}").next().unwrap();
    let field = |line: &str| {
        let line = line.trim().strip_prefix("pub")?;
        let line = if line.starts_with('(') { &line[line.find(')')? + 1..] } else { line };
        Some(line.trim().split_once(':')?.0.to_string())
    };
    body.lines().filter_map(field).collect()
}

/// The lines of `source` that write one of `fields` of an app (`app.screen = `, `x.app.area += `,
/// `&mut app.overlay`, `app.request.take()`): only the app's own module may.
fn app_field_writes(source: &str, fields: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for line in source.lines().map(|line| line.split("//").next().unwrap_or_default()) {
        for (at, _) in line.match_indices("app") {
            let before = &line[..at];
            if before.ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let rest = &line[at + 3..];
            let Some(after) = ["().", "_mut().", "."].iter().find_map(|call| rest.strip_prefix(call)) else {
                continue;
            };
            let name: String = after.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !fields.contains(&name) {
                continue;
            }
            let rest = after[name.len()..].trim_start();
            let receiver = before.trim_end_matches(|c: char| c.is_alphanumeric() || c == '_' || c == '.');
            let assigned = rest.starts_with('=') && !rest.starts_with("==") && !rest.starts_with("=>");
            let compound = ["+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=", "<<=", ">>="];
            if assigned
                || compound.iter().any(|op| rest.starts_with(op))
                || rest.starts_with(".take()")
                || receiver.ends_with("&mut ")
            {
                found.push(line.trim().to_string());
            }
        }
    }
    found
}

#[test]
fn only_the_app_writes_an_apps_fields() {
    let fields = app_fields();
    assert!(fields.contains(&"screen".to_string()) && fields.contains(&"overlay".to_string()), "{fields:?}");
    let mut known = BTreeMap::new();
    modules(Path::new("src"), &[], &mut known);
    let writes: Vec<String> = known
        .iter()
        .filter(|(module, _)| module.first().is_none_or(|top| top != "app"))
        .flat_map(|(module, source)| {
            app_field_writes(source, &fields)
                .into_iter()
                .map(move |line| format!("{}: {line}", module.join("::")))
        })
        .collect();
    assert!(
        writes.is_empty(),
        "written outside src/app, where a method of App's should say what it does:\n{writes:#?}"
    );
}

#[test]
fn the_field_check_sees_a_write_and_not_a_read() {
    let fields = ["screen".to_string(), "quit".to_string(), "request".to_string()];
    let writes = "app.screen = x;\nsession.app.quit |= y;\nf(&mut self.app.screen);\nlet r = app.request.take();\n\
                  s.app().request.take();\ns.app_mut().quit = true;";
    assert_eq!(app_field_writes(writes, &fields).len(), 6);
    let reads = "if app.quit == true {}\nlet s = &app.screen;\nmyapp.screen = 1;\napp.screens = 2;\n// app.quit = true\n\
                 match app.request { _ => {} }\napp.screen_mut();";
    assert_eq!(app_field_writes(reads, &fields), Vec::<String>::new());
}
