//! Dependencies run one way, downward: reads every source file's `crate::` and `super::` paths
//! and refuses an import from a higher layer, between games, or a cycle between files outside
//! pure rules (a game's `rules/` and the assisted kit).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers from the bottom; a module may import its own layer and those below.
const LAYERS: &[&[&str]] = &[
    &[
        "core::domain",
        "core::lines",
        "core::nesting",
        "core::refusal",
        "core::zone",
    ],
    &["dice"],
    &["db"],
    &["core", "state", "config", "pg", "notify"],
    &["web"],
    &["accounts", "campaigns", "tray", "games"],
    &["router", "demo", "backup"],
];

/// One source file: its module path (`games::wons::api`) and the module paths it names.
struct Source {
    module: String,
    file: PathBuf,
    imports: BTreeSet<String>,
}

fn module_of(root: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(root).unwrap_or(file).with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts.join("::")
}

fn is_test_file(module: &str) -> bool {
    module
        .split("::")
        .any(|p| p == "tests" || p.ends_with("_tests") || p == "tests_support")
}

/// The paths a file names, without what its `#[cfg(test)]` modules name.
fn imports(module: &str, text: &str) -> BTreeSet<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or(text);
    let mut found = BTreeSet::new();
    for line in code.lines() {
        let line = line.trim_start();
        if line.starts_with("//") {
            continue;
        }
        for (i, _) in line.match_indices("crate::") {
            found.insert(path_at(&line[i + "crate::".len()..]));
        }
        for (i, _) in line.match_indices("super::") {
            if i > 0 && line[..i].ends_with("::") {
                continue;
            }
            let mut base: Vec<&str> = module.split("::").collect();
            let mut rest = &line[i..];
            while let Some(r) = rest.strip_prefix("super::") {
                base.pop();
                rest = r;
            }
            let tail = path_at(rest);
            let mut path = base.join("::");
            if !tail.is_empty() {
                if !path.is_empty() {
                    path.push_str("::");
                }
                path.push_str(&tail);
            }
            found.insert(path);
        }
    }
    found.retain(|p| !p.is_empty());
    found
}

/// The lower-case module path at the start of `text` (`games::wons::api` of `games::wons::api::Foo`).
fn path_at(text: &str) -> String {
    let mut parts = Vec::new();
    for part in text.split("::") {
        let name: String = part
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
            .collect();
        let whole = name.len() == part.len();
        if !name.is_empty() && name != "self" {
            parts.push(name);
        }
        if !whole {
            break;
        }
    }
    parts.join("::")
}

fn layer(path: &str) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for (n, names) in LAYERS.iter().enumerate() {
        for name in names.iter() {
            if (path == *name || path.starts_with(&format!("{name}::")))
                && best.is_none_or(|(len, _)| name.len() > len)
            {
                best = Some((name.len(), n));
            }
        }
    }
    best.map(|(_, n)| n)
}

/// The game folder a path is in (`wons` of `games::wons::rules`), if any.
fn game_of(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("games::")?;
    let folder = rest.split("::").next()?;
    is_folder(folder).then_some(folder)
}

fn is_folder(name: &str) -> bool {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("server/src/games")
        .join(name)
        .is_dir()
}

fn area(path: &str) -> &str {
    path.split("::").next().unwrap_or(path)
}

fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("server/src");
    let mut files = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("read source folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files
        .into_iter()
        .filter_map(|file| {
            let module = module_of(&root, &file);
            if is_test_file(&module) || matches!(module.as_str(), "lib" | "main" | "layers_tests") {
                return None;
            }
            let text = std::fs::read_to_string(&file).expect("read source");
            let imports = imports(&module, &text);
            Some(Source {
                module,
                file,
                imports,
            })
        })
        .collect()
}

/// What is wrong with `from` naming `to`, if anything.
fn refusal(from: &str, to: &str) -> Option<String> {
    let (Some(lf), Some(lt)) = (layer(from), layer(to)) else {
        return None;
    };
    if lt > lf {
        return Some(format!("{from} (layer {lf}) imports {to} (layer {lt})"));
    }
    let from_game = game_of(from);
    let to_game = game_of(to);
    if lf == lt && area(from) != area(to) && area(to) == "games" && to_game.is_some() {
        return Some(format!("{from} reaches into a game's folder: {to}"));
    }
    if lf == lt && area(from) == "games" && area(to) != "games" {
        return Some(format!("{from} (a game) imports the area {to}"));
    }
    if let Some(to_game) = to_game {
        let kit = to_game == "assisted";
        match from_game {
            Some(g) if g != to_game && !kit => {
                return Some(format!("{from} imports another game: {to}"));
            }
            None if area(from) == "games" && !from.starts_with("games::registry") && !kit => {
                return Some(format!(
                    "{from} names a game; only games::registry may: {to}"
                ));
            }
            _ => {}
        }
    }
    if let Some(g) = from_game
        && from.starts_with(&format!("games::{g}::rules"))
    {
        let own = to.starts_with(&format!("games::{g}::rules"));
        let allowed = own
            || layer(to) <= Some(1)
            || to.starts_with("games::assisted")
            || to == "core::domain";
        if !allowed {
            return Some(format!("{from} (pure rules) imports {to}"));
        }
    }
    None
}

/// The file a module path names, taking the longest prefix that is a file.
fn file_of<'a>(files: &'a BTreeMap<String, usize>, path: &str) -> Option<&'a usize> {
    let mut parts: Vec<&str> = path.split("::").collect();
    while !parts.is_empty() {
        if let Some(i) = files.get(&parts.join("::")) {
            return Some(i);
        }
        parts.pop();
    }
    None
}

#[test]
fn no_module_imports_from_a_higher_layer_or_another_game() {
    let mut wrong = Vec::new();
    for source in sources() {
        for to in &source.imports {
            if let Some(why) = refusal(&source.module, to) {
                wrong.push(format!("{}: {why}", source.file.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_two_files_import_each_other_outside_a_games_rules() {
    let sources = sources();
    let index: BTreeMap<String, usize> = sources
        .iter()
        .enumerate()
        .map(|(i, s)| (s.module.clone(), i))
        .collect();
    let in_rules = |m: &str| {
        // The assisted kit is pure rules too, shared by the assisted games.
        m.starts_with("games::assisted")
            || game_of(m).is_some_and(|g| m.starts_with(&format!("games::{g}::rules")))
    };
    let edges: Vec<BTreeSet<usize>> = sources
        .iter()
        .map(|s| {
            s.imports
                .iter()
                .filter_map(|p| file_of(&index, p).copied())
                .filter(|&j| sources[j].module != s.module)
                // A module naming its own parent's items (`super::x` in a child) is not a cycle
                // of files that could be split apart.
                .filter(|&j| !s.module.starts_with(&format!("{}::", sources[j].module)))
                .collect()
        })
        .collect();
    // Every pair in a cycle: j reachable from i and i from j.
    let reach = |from: usize| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from];
        while let Some(n) = todo.pop() {
            for &m in &edges[n] {
                if seen.insert(m) {
                    todo.push(m);
                }
            }
        }
        seen
    };
    let reachable: Vec<BTreeSet<usize>> = (0..sources.len()).map(reach).collect();
    let mut cycles = BTreeSet::new();
    for (i, s) in sources.iter().enumerate() {
        if in_rules(&s.module) || !reachable[i].contains(&i) {
            continue;
        }
        let mut members: Vec<&str> = reachable[i]
            .iter()
            .filter(|&&j| reachable[j].contains(&i) && !in_rules(&sources[j].module))
            .map(|&j| sources[j].module.as_str())
            .collect();
        members.sort_unstable();
        if members.len() > 1 {
            cycles.insert(members.join(" ⇄ "));
        }
    }
    assert!(
        cycles.is_empty(),
        "files that import each other:\n{}",
        cycles.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn the_checker_reads_paths_as_the_compiler_does() {
    assert_eq!(
        path_at("games::wons::api::{self, Foo};"),
        "games::wons::api"
    );
    assert_eq!(path_at("core::error::AppError"), "core::error");
    assert_eq!(layer("core::domain::Side"), Some(0));
    assert_eq!(layer("core::live"), Some(3));
    assert!(refusal("db::campaigns", "core::live").is_some());
    assert!(refusal("games::wons::api", "games::talvisota::rules").is_some());
    assert!(refusal("tray::api", "games::wons::rules").is_some());
    assert!(refusal("games::wons::rules::hour", "db::game").is_some());
    assert!(refusal("games::wons::api", "db::game").is_none());
    let found = imports(
        "games::wons::pages",
        "use super::api::run;\nuse crate::web::CampaignAccess;",
    );
    assert!(found.contains("games::wons::api::run") || found.contains("games::wons::api"));
}

/// Every transaction opens through `db::pool::begin`, whose `BEGIN` a dropped request cannot cut
/// short (see `db::pool`): no other source file calls `.begin()` or sends `begin` as SQL outside
/// its tests.
#[test]
fn every_transaction_opens_through_the_pools_guarded_begin() {
    let mut found = Vec::new();
    for source in sources() {
        if source.module == "db::pool" {
            continue;
        }
        let text = std::fs::read_to_string(&source.file).expect("read source");
        let code = text.split("#[cfg(test)]").next().unwrap_or(&text);
        for (n, line) in code.lines().enumerate() {
            let lower = line.to_lowercase();
            let sql_begin = ["\"begin", "\"start transaction"]
                .iter()
                .any(|b| lower.contains(b));
            if !line.trim_start().starts_with("//") && (line.contains(".begin()") || sql_begin) {
                found.push(format!(
                    "{}:{}: {}",
                    source.file.display(),
                    n + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "open transactions with db::pool::begin:\n{}",
        found.join("\n")
    );
}
