//! The floors of the code (docs/ARCHITECTURE.md): every module imports only
//! from its own floor or the floors below, and no two parts import each
//! other, directly or around a circle.
//!
//! Read from the source as text: every path that starts with `crate::`,
//! `super::`, `self::` (or `engarde::` in the programs under `src/bin/`),
//! in `use` lines, groups (`use a::{b, c::d}`) and inline (`crate::ui::x::f()`),
//! is resolved from the file's own module and mapped to the part it lands
//! in. Comments are left out, so doc links do not count. A bare path
//! (`use dialogs::Ask`, a child module) stays inside its own part.
//!
//! Two tables, lowest floor first: the crate's parts, and the folders (and
//! the root, `mod.rs`: the app) of `src/ui`. A part missing from its table
//! fails the test: a new folder is given its floor here.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The crate's parts and their floors: engine ← record, ai ← puzzle,
/// friend, referee ← ui ← the programs. `lib` is the crate's root (`GameRng`, the
/// engine's names again).
const CRATE_FLOORS: &[(&str, u32)] = &[
    ("lib", 0),
    ("engine", 0),
    ("record", 1),
    ("ai", 1),
    ("puzzle", 2),
    ("friend", 2),
    // The command line's referee (matches between players, the bot
    // protocol): the page does not use it.
    ("referee", 2),
    ("ui", 3),
    ("bin", 4),
];

/// The folders of `src/ui` and their floors. A folder may use its own floor
/// (without a circle) and every floor below.
const UI_FLOORS: &[(&str, u32)] = &[
    // The page's shell and the browser: no words, no game.
    ("shell", 0),
    // The page's Web Workers: the channel to each, both ends.
    ("worker", 0),
    // The catalog: every word, in every language.
    ("i18n", 1),
    // The match's values, pure, and their words.
    ("play", 2),
    // Shared pieces: the match's reducer, storage, the table's components,
    // the opponent's worker.
    ("match_state", 3),
    ("storage", 3),
    ("table", 3),
    ("think", 3),
    // Features.
    ("friend", 4),
    ("history", 4),
    ("lessons", 4),
    ("puzzles", 4),
    ("settings", 4),
    // Features built on features.
    ("guide", 5),
    ("review", 5),
    // The extras: the features fetched on first use.
    ("extras", 6),
    // The page.
    ("page", 7),
    // `src/ui/mod.rs`: the app, the language in force, the page.
    ("(root)", 8),
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The source without comments (line, doc and block comments), string
/// and char literals blanked, line breaks kept so that lines still count.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if chars[i] == '\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !prev_is_ident(&chars, i)
        {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                match chars.get(j) {
                    None => break,
                    Some('"') if (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) => {
                        j += 1 + hashes;
                        break;
                    }
                    Some('\n') => out.push('\n'),
                    _ => {}
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                if chars.get(i) == Some(&'\n') {
                    out.push('\n');
                }
                i += 1;
            }
            out.push_str("\"\"");
            i += 1;
        } else if c == '\'' {
            // A char literal ('a', '\n', '\u{a0}'), not a lifetime ('a).
            let end = if next == Some('\\') {
                (i + 2..chars.len().min(i + 12)).find(|&j| chars[j] == '\'')
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match end {
                Some(end) => {
                    out.push_str("' '");
                    i = end + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn prev_is_ident(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// Reads the path tree that starts at `at` (`a::b::{c, d::e}`): every path
/// it names, as segments.
struct Paths<'a> {
    text: &'a [u8],
    at: usize,
}

impl Paths<'_> {
    fn skip_space(&mut self) {
        while self.at < self.text.len() && self.text[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }

    fn ident(&mut self) -> Option<String> {
        self.skip_space();
        let start = self.at;
        while self.at < self.text.len()
            && (self.text[self.at].is_ascii_alphanumeric() || self.text[self.at] == b'_')
        {
            self.at += 1;
        }
        (self.at > start).then(|| String::from_utf8_lossy(&self.text[start..self.at]).into())
    }

    fn eat(&mut self, s: &str) -> bool {
        self.skip_space();
        if self.text[self.at..].starts_with(s.as_bytes()) {
            self.at += s.len();
            true
        } else {
            false
        }
    }

    /// The paths of the tree from here, each `prefix` and then its own
    /// segments.
    fn tree(&mut self, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
        let mut path = prefix;
        loop {
            if self.eat("{") {
                loop {
                    if self.eat("}") {
                        return;
                    }
                    self.tree(path.clone(), out);
                    if !self.eat(",") {
                        self.eat("}");
                        return;
                    }
                }
            }
            match self.ident() {
                Some(seg) if seg != "self" => path.push(seg),
                Some(_) => {}
                None => break,
            }
            let before = self.at;
            if !self.eat("::") {
                self.at = before;
                break;
            }
        }
        out.push(path);
    }
}

/// Every path in `code` that starts at the crate's root, a parent or this
/// module (or at `engarde::`, for a program): its line and segments,
/// the first of them `crate`, `super`, `self` or `engarde`.
fn paths(code: &str, lib_name: &str) -> Vec<(usize, Vec<String>)> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        let head = ["crate", "super", "self", lib_name]
            .into_iter()
            .find(|h| starts_word && code[i..].starts_with(&format!("{h}::")));
        let Some(head) = head else {
            i += 1;
            continue;
        };
        // `a::super::b`, `self::super::b`: read as one path from its start.
        let after_colons = i >= 2 && &code[i - 2..i] == "::";
        if after_colons {
            i += head.len();
            continue;
        }
        let line = code[..i].matches('\n').count() + 1;
        let mut reader = Paths {
            text: bytes,
            at: i + head.len() + 2,
        };
        let mut found = Vec::new();
        reader.tree(vec![head.to_string()], &mut found);
        out.extend(found.into_iter().map(|p| (line, p)));
        i = reader.at.max(i + 1);
    }
    out
}

/// The module a file under `src/` is (`src/ui/page/mod.rs`: `ui::page`),
/// or `None` for the programs under `src/bin/`.
fn module_of(file: &Path) -> Option<Vec<String>> {
    let rel = file.strip_prefix(src()).expect("a file under src/");
    let mut segs: Vec<String> = rel
        .with_extension("")
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    if segs.first().is_some_and(|s| s == "bin") {
        return None;
    }
    if segs.last().is_some_and(|s| s == "mod" || s == "lib") {
        segs.pop();
    }
    Some(segs)
}

/// The absolute module path (below the crate's root) a path names, or
/// `None` when it is the program's own (`crate::` in `src/bin/`).
fn resolve(module: Option<&[String]>, path: &[String], lib_name: &str) -> Option<Vec<String>> {
    let mut segs = path.iter();
    let head = segs.next()?;
    let mut base: Vec<String> = match head.as_str() {
        h if h == lib_name => Vec::new(),
        // A program's `crate::` is its own.
        "crate" => module.map(|_| Vec::new())?,
        "self" | "super" => module?.to_vec(),
        _ => return None,
    };
    if head == "super" {
        base.pop();
    }
    let mut rest: Vec<String> = Vec::new();
    for seg in segs {
        if seg == "super" && rest.is_empty() {
            base.pop();
        } else {
            rest.push(seg.clone());
        }
    }
    base.extend(rest);
    Some(base)
}

/// The part of the crate a module path lies in (`engine`, `ui` …; `lib`
/// for the crate's own root items).
fn crate_part(path: &[String]) -> String {
    let modules = [
        "engine", "record", "ai", "puzzle", "friend", "referee", "ui",
    ];
    match path.first() {
        Some(m) if modules.contains(&m.as_str()) => m.clone(),
        _ => "lib".into(),
    }
}

/// The folder of `src/ui` a module path below `ui` lies in, or `(root)`
/// for the app itself (`ui/mod.rs`).
fn ui_part(path: &[String], folders: &BTreeSet<String>) -> String {
    match path.get(1) {
        Some(f) if folders.contains(f) => f.clone(),
        _ => "(root)".into(),
    }
}

struct Edge {
    from: String,
    to: String,
    file: String,
    line: usize,
}

/// Every import between two parts: of the crate (`ui_only` false), or of
/// `src/ui`'s folders (true).
fn edges(ui_only: bool) -> Vec<Edge> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let folders: BTreeSet<String> = fs::read_dir(src().join("ui"))
        .expect("src/ui")
        .filter_map(|e| {
            let path = e.ok()?.path();
            path.is_dir()
                .then(|| path.file_name()?.to_str().map(str::to_string))
                .flatten()
        })
        .chain(files.iter().filter_map(|f| {
            let m = module_of(f)?;
            (m.len() == 2 && m[0] == "ui").then(|| m[1].clone())
        }))
        .collect();
    let mut out = Vec::new();
    for file in &files {
        let module = module_of(file);
        let text = fs::read_to_string(file).expect("a source file");
        let code = code_only(&text);
        let from_crate = module.as_deref().map_or("bin".into(), crate_part);
        if ui_only && from_crate != "ui" {
            continue;
        }
        let from = match (&module, ui_only) {
            (Some(m), true) => ui_part(m, &folders),
            _ => from_crate.clone(),
        };
        for (line, path) in paths(&code, "engarde") {
            let Some(target) = resolve(module.as_deref(), &path, "engarde") else {
                continue;
            };
            let to_crate = crate_part(&target);
            let to = if ui_only {
                if to_crate != "ui" {
                    continue;
                }
                ui_part(&target, &folders)
            } else {
                to_crate
            };
            if to != from {
                let file = file.strip_prefix(src()).unwrap_or(file);
                out.push(Edge {
                    from: from.clone(),
                    to,
                    file: format!("src/{}", file.display()),
                    line,
                });
            }
        }
    }
    out
}

/// The problems with `edges` against `floors`: a part without a floor, an
/// import from a floor above, a circle of parts.
fn problems(edges: &[Edge], floors: &[(&str, u32)]) -> Vec<String> {
    let floor: BTreeMap<&str, u32> = floors.iter().copied().collect();
    let mut problems = Vec::new();
    let mut graph: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for e in edges {
        let (Some(&f), Some(&t)) = (floor.get(e.from.as_str()), floor.get(e.to.as_str())) else {
            let missing = if floor.contains_key(e.from.as_str()) {
                &e.to
            } else {
                &e.from
            };
            problems.push(format!(
                "{}:{}: `{missing}` has no floor in tests/architecture.rs",
                e.file, e.line
            ));
            continue;
        };
        if t > f {
            problems.push(format!(
                "{}:{}: `{}` (floor {f}) imports from `{}` (floor {t}), a floor above",
                e.file, e.line, e.from, e.to
            ));
        }
        graph.entry(&e.from).or_default().insert(&e.to);
    }
    // A circle: a part that reaches itself again.
    for &start in graph.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<(&str, Vec<&str>)> = vec![(start, vec![start])];
        while let Some((at, trail)) = stack.pop() {
            for &next in graph.get(at).into_iter().flatten() {
                if next == start {
                    let mut circle = trail.clone();
                    circle.push(start);
                    // Each circle once: named from its smallest part.
                    if trail.iter().all(|&p| p >= start) {
                        problems.push(format!("a circle: {}", circle.join(" → ")));
                    }
                } else if seen.insert(next) {
                    let mut trail = trail.clone();
                    trail.push(next);
                    stack.push((next, trail));
                }
            }
        }
    }
    problems
}

fn where_from(edges: &[Edge], from: &str, to: &str) -> Vec<String> {
    edges
        .iter()
        .filter(|e| e.from == from && e.to == to)
        .map(|e| format!("{}:{}", e.file, e.line))
        .collect()
}

#[test]
fn the_crate_s_parts_import_only_downwards_and_in_no_circle() {
    let edges = edges(false);
    let problems = problems(&edges, CRATE_FLOORS);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The scan sees the crate's imports at all.
    assert!(!where_from(&edges, "ui", "engine").is_empty());
    assert!(!where_from(&edges, "bin", "ui").is_empty());
}

#[test]
fn the_ui_s_folders_import_only_downwards_and_in_no_circle() {
    let edges = edges(true);
    let problems = problems(&edges, UI_FLOORS);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(!where_from(&edges, "page", "match_state").is_empty());
    assert!(!where_from(&edges, "i18n", "shell").is_empty());
}

#[test]
fn every_ui_folder_has_a_floor() {
    let floors: BTreeSet<&str> = UI_FLOORS.iter().map(|&(f, _)| f).collect();
    let mut files = Vec::new();
    rust_files(&src().join("ui"), &mut files);
    for file in files {
        let module = module_of(&file).expect("a module");
        if let Some(folder) = module.get(1) {
            assert!(
                floors.contains(folder.as_str()),
                "{}: `{folder}` has no floor in tests/architecture.rs",
                file.display()
            );
        }
    }
}

/// The check itself: it sees groups, inline paths and `super`, it skips
/// comments and strings, and it finds an upward import and a circle.
#[test]
fn the_check_finds_what_it_should() {
    let code = code_only(
        "use super::{a::B, c::{self, d::E}};\n// use crate::x::y;\nlet s = \"crate::q::r\";\nlet v = crate::ui::page::seed();\n",
    );
    let found: Vec<(usize, String)> = paths(&code, "engarde")
        .into_iter()
        .map(|(l, p)| (l, p.join("::")))
        .collect();
    assert_eq!(
        found,
        [
            (1, "super::a::B".into()),
            (1, "super::c".into()),
            (1, "super::c::d::E".into()),
            (4, "crate::ui::page::seed".into()),
        ]
    );
    let module: Vec<String> = ["ui", "play", "words"].map(String::from).to_vec();
    let target = resolve(
        Some(&module),
        &["super", "super", "page", "x"].map(String::from),
        "engarde",
    );
    assert_eq!(target, Some(["ui", "page", "x"].map(String::from).to_vec()));
    let edge = |from: &str, to: &str| Edge {
        from: from.into(),
        to: to.into(),
        file: "f.rs".into(),
        line: 1,
    };
    let up = problems(&[edge("i18n", "page")], UI_FLOORS);
    assert_eq!(up.len(), 1, "{up:?}");
    let circle = problems(
        &[edge("storage", "table"), edge("table", "storage")],
        UI_FLOORS,
    );
    assert_eq!(circle, ["a circle: storage → table → storage"]);
    assert!(problems(&[edge("page", "i18n"), edge("table", "play")], UI_FLOORS).is_empty());
}
