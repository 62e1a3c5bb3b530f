//! The floors of the code (docs/ARCHITECTURE.md): every module imports only
//! from its own floor or the floors below, and no two parts import each
//! other, directly or around a circle.
//!
//! Read from the source as text: every path that starts with `crate::`,
//! `super::`, `self::` (or `engarde::` in the programs under `src/bin/`), or
//! with the name of a child module (`engine::…` in `lib.rs`, `levels::…` in
//! `ai/mod.rs`), in `use` lines, groups (`use a::{b, c::d}`) and inline
//! (`crate::ui::x::f()`), is resolved from the module it is written in (a
//! file's, or an inline `mod x { … }`) and mapped to the file it lands in.
//! A name bound by a `use` (a re-export, `pub use a::b as c`, or a private
//! one) is read as what it stands for, so no root launders an import.
//! Comments are left out, so doc links do not count.
//!
//! Four tables, lowest floor first: the crate's parts, the folders (and
//! the root, `mod.rs`: the app) of `src/ui`, and the files of `src/ai` and
//! of `src/friend`. A
//! part missing from its table fails the test: a new folder is given its
//! floor here. In every folder, tables or not, the files (and sub-folders,
//! and its `mod.rs`) import each other in no circle, but for the circles
//! kept in `CIRCLES_KEPT`.

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

/// The files of `src/ai` and their floors; `(root)` is `mod.rs`, which only
/// names the modules and what the crate sees of them.
const AI_FLOORS: &[(&str, u32)] = &[
    // What a search runs on: the card counts, the search itself, random play.
    ("knowledge", 0),
    ("search", 0),
    ("random", 0),
    // Built on one of those: exact solving, the one-move card counter, the
    // playouts, the game as the search sees it.
    ("solver", 1),
    ("heuristic", 1),
    ("rollout", 1),
    ("adapter", 1),
    // Sure wins, reading the other side, and what an opponent is.
    ("sure", 2),
    ("belief", 2),
    ("decision", 2),
    // The searching opponent and its make-ups.
    ("opponent", 3),
    // What people meet: the levels, and hints and verdicts.
    ("levels", 4),
    ("advice", 4),
    ("(root)", 5),
];

/// The files of `src/friend` and their floors; `(root)` is `mod.rs`.
const FRIEND_FLOORS: &[(&str, u32)] = &[
    // The pieces: commitments, a match's id, the proven shuffle.
    ("commit", 0),
    ("id", 0),
    ("masked", 0),
    // A message on the wire; a round's cards as both seats hold them.
    ("wire", 1),
    ("round", 1),
    // A message as links in parts; the match between two pages.
    ("parts", 2),
    ("game", 2),
    ("(root)", 3),
];

/// Circles inside a folder that are kept, for now, with the parts (files,
/// or folders, and `(root)`, the folder's `mod.rs`) left out of that
/// folder's circle check. None is.
const CIRCLES_KEPT: &[(&str, &[&str])] = &[];

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

/// Reads the path tree that starts at `at` (`a::b::{c, d::e as f, g::*}`):
/// every path it names, as segments, with the name it binds in a `use`
/// (its last segment, its `as`, or `*`).
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
    /// segments, and the name each binds.
    fn tree(&mut self, prefix: Vec<String>, out: &mut Vec<(Vec<String>, String)>) {
        let mut path = prefix;
        let mut name = path.last().cloned().unwrap_or_default();
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
            if self.eat("*") {
                out.push((path, "*".into()));
                return;
            }
            match self.ident() {
                Some(seg) if seg != "self" => {
                    name = seg.clone();
                    path.push(seg);
                }
                Some(_) => {}
                None => break,
            }
            let before = self.at;
            if !self.eat("::") {
                self.at = before;
                break;
            }
        }
        let before = self.at;
        let renamed = self.eat("as")
            && self
                .text
                .get(self.at)
                .is_some_and(|c| c.is_ascii_whitespace());
        match renamed.then(|| self.ident()).flatten() {
            Some(alias) => name = alias,
            None => self.at = before,
        }
        out.push((path, name));
    }
}

/// A path in the code: where it starts, its line, its segments (the first
/// one as written: `crate`, `super`, `self`, a module's name, an outside
/// crate's …) and, for a `use`, the name it binds.
struct Found {
    at: usize,
    line: usize,
    segs: Vec<String>,
    binds: Option<String>,
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Every path of two segments or more in `code` (`a::b`, `a::{b, c}`),
/// each read once from its start.
fn paths(code: &str) -> Vec<Found> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0 || !is_ident(bytes[i - 1]);
        if !(starts_word && (bytes[i].is_ascii_alphabetic() || bytes[i] == b'_')) {
            i += 1;
            continue;
        }
        let mut end = i;
        while end < bytes.len() && is_ident(bytes[end]) {
            end += 1;
        }
        // `a::super::b`, `self::super::b`: read as one path from its start.
        let after_colons = i >= 2 && &code[i - 2..i] == "::";
        if after_colons || !code[end..].starts_with("::") {
            i = end;
            continue;
        }
        let line = code[..i].matches('\n').count() + 1;
        let before = code[..i].trim_end();
        let in_use = before.ends_with("use")
            && !before[..before.len() - 3]
                .bytes()
                .next_back()
                .is_some_and(is_ident);
        let mut reader = Paths {
            text: bytes,
            at: end + 2,
        };
        let mut found = Vec::new();
        reader.tree(vec![code[i..end].to_string()], &mut found);
        out.extend(found.into_iter().map(|(segs, name)| Found {
            at: i,
            line,
            segs,
            binds: in_use.then_some(name),
        }));
        i = reader.at.max(end);
    }
    out
}

/// One source file: where it is (below `src/`), the module it is, the root
/// of its crate (the library's, or a program's under `src/bin/`), its code
/// without comments and the modules written inline in it (`mod x { … }`),
/// with their bodies' spans.
struct Source {
    rel: PathBuf,
    module: Vec<String>,
    root: Vec<String>,
    code: String,
    inline: Vec<(usize, usize, Vec<String>)>,
}

impl Source {
    fn new(rel: &Path, text: &str) -> Source {
        let mut module: Vec<String> = rel
            .with_extension("")
            .iter()
            .map(|s| s.to_string_lossy().into_owned())
            .collect();
        let root = if module.first().is_some_and(|s| s == "bin") {
            module[..2].to_vec()
        } else {
            Vec::new()
        };
        if module
            .last()
            .is_some_and(|s| s == "mod" || s == "lib" || s == "main")
        {
            module.pop();
        }
        let code = code_only(text);
        let inline = inline_modules(&code, &module);
        Source {
            rel: rel.to_path_buf(),
            module,
            root,
            code,
            inline,
        }
    }

    /// The module the code at `at` is in: the file's, or the innermost
    /// inline module around it.
    fn module_at(&self, at: usize) -> &[String] {
        self.inline
            .iter()
            .filter(|(start, end, _)| (*start..*end).contains(&at))
            .max_by_key(|(start, _, _)| *start)
            .map_or(&self.module, |(_, _, m)| m)
    }
}

/// The modules written inline in `code` (`mod x { … }`, nested too): their
/// bodies' spans and their paths, below `module`.
fn inline_modules(code: &str, module: &[String]) -> Vec<(usize, usize, Vec<String>)> {
    let bytes = code.as_bytes();
    let mut spans: Vec<(usize, usize, String)> = Vec::new();
    let mut i = 0;
    while let Some(found) = code[i..].find("mod") {
        let at = i + found;
        i = at + 3;
        if (at > 0 && is_ident(bytes[at - 1])) || bytes.get(at + 3).is_none_or(|&b| is_ident(b)) {
            continue;
        }
        let mut reader = Paths { text: bytes, at: i };
        let Some(name) = reader.ident() else { continue };
        if !reader.eat("{") {
            continue;
        }
        let open = reader.at;
        let mut depth = 1;
        let mut end = open;
        while end < bytes.len() && depth > 0 {
            match bytes[end] {
                b'{' => depth += 1,
                b'}' => depth -= 1,
                _ => {}
            }
            end += 1;
        }
        spans.push((open, end, name));
    }
    spans
        .iter()
        .map(|(start, end, name)| {
            let mut path = module.to_vec();
            path.extend(
                spans
                    .iter()
                    .filter(|(s, e, _)| s < start && end <= e)
                    .map(|(_, _, n)| n.clone()),
            );
            path.push(name.clone());
            (*start, *end, path)
        })
        .collect()
}

/// The crate read as a whole: its files, every module (a file's or an
/// inline one) with the file it is in, and every name a `use` binds in a
/// module (a re-export, `pub use`, or a private one, which the module's
/// children see too) with what it stands for.
struct Crate {
    files: Vec<Source>,
    modules: BTreeMap<Vec<String>, usize>,
    aliases: BTreeMap<(Vec<String>, String), Vec<String>>,
}

/// One import: from a file to a file (their indices in `Crate::files`).
struct Import {
    from: usize,
    to: usize,
    line: usize,
}

impl Crate {
    /// The crate from its files: each path below `src/` with its text.
    fn new(sources: &BTreeMap<PathBuf, String>) -> Crate {
        let files: Vec<Source> = sources
            .iter()
            .map(|(rel, text)| Source::new(rel, text))
            .collect();
        let mut modules = BTreeMap::new();
        for (i, file) in files.iter().enumerate() {
            modules.insert(file.module.clone(), i);
            for (_, _, m) in &file.inline {
                modules.insert(m.clone(), i);
            }
        }
        let mut krate = Crate {
            files,
            modules,
            aliases: BTreeMap::new(),
        };
        let mut aliases = BTreeMap::new();
        for file in &krate.files {
            for found in paths(&file.code) {
                let Some(name) = found.binds else { continue };
                let module = file.module_at(found.at);
                if let Some(target) = krate.resolve(file, module, &found.segs) {
                    aliases.insert((module.to_vec(), name), target);
                }
            }
        }
        krate.aliases = aliases;
        krate
    }

    /// The absolute module path (below the library's root) a path in
    /// `module` of `file` names, as written, or `None` when it leaves the
    /// crate (`std::…`, `serde::…`). Its head: `crate`, `self`, `super`,
    /// `engarde` in a program, or a module's child module (`levels::x` in
    /// `ai/mod.rs`, `engine::x` in `lib.rs`).
    fn resolve(&self, file: &Source, module: &[String], path: &[String]) -> Option<Vec<String>> {
        let (head, rest) = path.split_first()?;
        let mut base: Vec<String> = match head.as_str() {
            "crate" => file.root.clone(),
            "engarde" if !file.root.is_empty() => Vec::new(),
            "self" => module.to_vec(),
            "super" => module[..module.len().checked_sub(1)?].to_vec(),
            child => {
                let mut m = module.to_vec();
                m.push(child.to_string());
                if !self.modules.contains_key(&m) {
                    return None;
                }
                m
            }
        };
        let mut climbing = true;
        for seg in rest {
            if seg == "super" && climbing {
                base.pop();
            } else {
                climbing = false;
                base.push(seg.clone());
            }
        }
        Some(base)
    }

    /// What a module path stands for: each name a `use` bound (`crate::x`
    /// where `lib.rs` says `use ui::y as x`) replaced by what it names,
    /// again until none is left. Glob imports (`use a::*`) are not followed.
    fn canonical(&self, mut path: Vec<String>) -> Vec<String> {
        for _ in 0..32 {
            let mut replaced = None;
            for k in 1..=path.len() {
                if self.modules.contains_key(&path[..k]) {
                    continue;
                }
                let key = (path[..k - 1].to_vec(), path[k - 1].clone());
                if let Some(to) = self.aliases.get(&key) {
                    if to[..] != path[..k] {
                        let mut next = to.clone();
                        next.extend_from_slice(&path[k..]);
                        replaced = Some(next);
                    }
                }
                break;
            }
            match replaced {
                Some(next) => path = next,
                None => break,
            }
        }
        path
    }

    /// The file a module path lands in: that of its longest prefix that is a
    /// module.
    fn file_of(&self, path: &[String]) -> Option<usize> {
        (0..=path.len())
            .rev()
            .find_map(|k| self.modules.get(&path[..k]).copied())
    }

    /// Every import of every file, to another file of the crate (or of its
    /// program).
    fn imports(&self) -> Vec<Import> {
        let mut out = Vec::new();
        for (from, file) in self.files.iter().enumerate() {
            for found in paths(&file.code) {
                let module = file.module_at(found.at);
                let Some(target) = self.resolve(file, module, &found.segs) else {
                    continue;
                };
                let Some(to) = self.file_of(&self.canonical(target)) else {
                    continue;
                };
                if to != from {
                    out.push(Import {
                        from,
                        to,
                        line: found.line,
                    });
                }
            }
        }
        out
    }
}

/// The part of `folder` (below `src/`, "" for `src/` itself) a file lies
/// in: the file's name, or its folder's just below `folder`; the folder's
/// root (`mod.rs`, `lib.rs`, `main.rs`) is `root`. `None` outside it.
fn part_in(folder: &Path, file: &Path, root: &str) -> Option<String> {
    let rest = file.strip_prefix(folder).ok()?;
    let mut comps = rest.iter();
    let first = Path::new(comps.next()?);
    if comps.next().is_some() {
        return Some(first.to_string_lossy().into_owned());
    }
    let stem = first.file_stem()?.to_string_lossy().into_owned();
    Some(if ["mod", "lib", "main"].contains(&stem.as_str()) {
        root.to_string()
    } else {
        stem
    })
}

/// The name of a folder's root in its table: `lib` for the crate's,
/// `(root)` for a folder's `mod.rs` or a program's `main.rs`.
fn root_name(folder: &Path) -> &'static str {
    if folder.as_os_str().is_empty() {
        "lib"
    } else {
        "(root)"
    }
}

struct Edge {
    from: String,
    to: String,
    file: String,
    line: usize,
}

/// Every import between two parts of `folder`.
fn edges(krate: &Crate, imports: &[Import], folder: &Path) -> Vec<Edge> {
    let root = root_name(folder);
    imports
        .iter()
        .filter_map(|i| {
            let from_file = &krate.files[i.from].rel;
            let from = part_in(folder, from_file, root)?;
            let to = part_in(folder, &krate.files[i.to].rel, root)?;
            (from != to).then(|| Edge {
                from,
                to,
                file: format!("src/{}", from_file.display()),
                line: i.line,
            })
        })
        .collect()
}

/// The problems with `edges` of `folder` against `floors`: a part without
/// a floor, an import from a floor above, a circle of parts (none in the
/// parts `exempt`). Without floors, circles only.
fn problems(
    folder: &str,
    edges: &[Edge],
    floors: Option<&[(&str, u32)]>,
    exempt: &[&str],
) -> Vec<String> {
    let mut problems = Vec::new();
    let mut graph: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for e in edges {
        if let Some(floors) = floors {
            let floor: BTreeMap<&str, u32> = floors.iter().copied().collect();
            let (Some(&f), Some(&t)) = (floor.get(e.from.as_str()), floor.get(e.to.as_str()))
            else {
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
        }
        if !exempt.contains(&e.from.as_str()) && !exempt.contains(&e.to.as_str()) {
            graph.entry(&e.from).or_default().insert(&e.to);
        }
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
                        problems.push(format!("a circle in src/{folder}: {}", circle.join(" → ")));
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

/// The floors of a folder, if it has a table.
fn floors_of(folder: &str) -> Option<&'static [(&'static str, u32)]> {
    match folder {
        "" => Some(CRATE_FLOORS),
        "ui" => Some(UI_FLOORS),
        "ai" => Some(AI_FLOORS),
        "friend" => Some(FRIEND_FLOORS),
        _ => None,
    }
}

/// Every problem of the crate made of `sources`: in each folder, imports
/// from a floor above (where the folder has floors) and circles.
fn all_problems(sources: &BTreeMap<PathBuf, String>) -> Vec<String> {
    let krate = Crate::new(sources);
    let imports = krate.imports();
    let folders: BTreeSet<PathBuf> = sources
        .keys()
        .flat_map(|f| f.ancestors().skip(1).map(Path::to_path_buf))
        .collect();
    let mut out = Vec::new();
    for folder in &folders {
        let name = folder.to_string_lossy().replace('\\', "/");
        let exempt = CIRCLES_KEPT
            .iter()
            .find(|(f, _)| *f == name)
            .map_or(&[][..], |(_, parts)| *parts);
        let edges = edges(&krate, &imports, folder);
        out.extend(problems(&name, &edges, floors_of(&name), exempt));
    }
    out
}

/// Every file under `src/`, by its path below `src/`, with its text.
fn sources() -> BTreeMap<PathBuf, String> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    files
        .into_iter()
        .map(|f| {
            let text = fs::read_to_string(&f).expect("a source file");
            (
                f.strip_prefix(src()).expect("below src/").to_path_buf(),
                text,
            )
        })
        .collect()
}

fn where_from(edges: &[Edge], from: &str, to: &str) -> Vec<String> {
    edges
        .iter()
        .filter(|e| e.from == from && e.to == to)
        .map(|e| format!("{}:{}", e.file, e.line))
        .collect()
}

#[test]
fn every_folder_imports_only_downwards_and_in_no_circle() {
    let sources = sources();
    let problems = all_problems(&sources);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The scan sees the crate's imports at all.
    let krate = Crate::new(&sources);
    let imports = krate.imports();
    let crate_edges = edges(&krate, &imports, Path::new(""));
    assert!(!where_from(&crate_edges, "ui", "engine").is_empty());
    assert!(!where_from(&crate_edges, "bin", "ui").is_empty());
    let ui_edges = edges(&krate, &imports, Path::new("ui"));
    assert!(!where_from(&ui_edges, "page", "match_state").is_empty());
    assert!(!where_from(&ui_edges, "i18n", "shell").is_empty());
    let ai_edges = edges(&krate, &imports, Path::new("ai"));
    assert!(!where_from(&ai_edges, "opponent", "search").is_empty());
    let friend_edges = edges(&krate, &imports, Path::new("friend"));
    assert!(!where_from(&friend_edges, "game", "masked").is_empty());
}

#[test]
fn every_part_of_a_folder_with_floors_has_a_floor() {
    for folder in ["", "ui", "ai", "friend"] {
        let floors: BTreeSet<&str> = floors_of(folder)
            .expect("floors")
            .iter()
            .map(|&(f, _)| f)
            .collect();
        let dir = src().join(folder);
        for entry in fs::read_dir(&dir).expect("a folder") {
            let path = entry.expect("an entry").path();
            let rel = path.strip_prefix(src()).expect("below src/");
            let is_rust = path.is_dir() || path.extension().is_some_and(|e| e == "rs");
            if !is_rust {
                continue;
            }
            let part =
                part_in(Path::new(folder), rel, root_name(Path::new(folder))).expect("a part");
            assert!(
                floors.contains(part.as_str()),
                "src/{}: `{part}` has no floor in tests/architecture.rs",
                rel.display()
            );
        }
    }
}

/// The check itself: it sees groups, renames, globs, inline paths and
/// `super`, it skips comments and strings, and it finds an upward import
/// and a circle.
#[test]
fn the_check_finds_what_it_should() {
    let code = code_only(
        "use super::{a::B, c::{self, d::E as F}, g::*};\n// use crate::x::y;\nlet s = \"crate::q::r\";\nlet v = crate::ui::page::seed();\n",
    );
    let found: Vec<(usize, String, Option<String>)> = paths(&code)
        .into_iter()
        .map(|f| (f.line, f.segs.join("::"), f.binds))
        .collect();
    let some = |s: &str| Some(s.to_string());
    assert_eq!(
        found,
        [
            (1, "super::a::B".into(), some("B")),
            (1, "super::c".into(), some("c")),
            (1, "super::c::d::E".into(), some("F")),
            (1, "super::g".into(), some("*")),
            (4, "crate::ui::page::seed".into(), None),
        ]
    );
    let file = Source::new(Path::new("ui/play/words.rs"), "");
    let krate = Crate::new(&BTreeMap::new());
    let target = krate.resolve(
        &file,
        &file.module,
        &["super", "super", "page", "x"].map(String::from),
    );
    assert_eq!(target, Some(["ui", "page", "x"].map(String::from).to_vec()));
    let edge = |from: &str, to: &str| Edge {
        from: from.into(),
        to: to.into(),
        file: "f.rs".into(),
        line: 1,
    };
    let up = problems("ui", &[edge("i18n", "page")], Some(UI_FLOORS), &[]);
    assert_eq!(up.len(), 1, "{up:?}");
    let circle = problems(
        "ui",
        &[edge("storage", "table"), edge("table", "storage")],
        Some(UI_FLOORS),
        &[],
    );
    assert_eq!(circle, ["a circle in src/ui: storage → table → storage"]);
    let fine = [edge("page", "i18n"), edge("table", "play")];
    assert!(problems("ui", &fine, Some(UI_FLOORS), &[]).is_empty());
}

/// The real source with `changes` made (text added to a file, or a new
/// file): its problems.
fn planted(changes: &[(&str, &str)]) -> Vec<String> {
    let mut sources = sources();
    for &(file, text) in changes {
        sources
            .entry(PathBuf::from(file))
            .or_default()
            .push_str(text);
    }
    all_problems(&sources)
}

fn assert_found(problems: &[String], wanted: &str) {
    assert!(
        problems.iter().any(|p| p.contains(wanted)),
        "expected a problem with {wanted:?}, found:\n{}",
        problems.join("\n")
    );
}

/// A re-export in the crate's root launders nothing: the engine's path to
/// it is read as the path it stands for, and the root's own bare path is
/// read too.
#[test]
fn a_planted_re_export_in_the_root_fails() {
    let problems = planted(&[
        ("lib.rs", "\npub(crate) use ui::shell::seed as laundered;\n"),
        ("engine/mod.rs", "\nfn laundry() { crate::laundered(); }\n"),
    ]);
    assert_found(&problems, "src/engine/mod.rs:");
    assert_found(&problems, "`engine` (floor 0) imports from `ui` (floor 3)");
    assert_found(&problems, "src/lib.rs:");
    // Through a folder's root as well: `ui/mod.rs` may use the page, the
    // shell may not, not even by the root's name for it.
    let problems = planted(&[
        ("ui/mod.rs", "\npub(crate) use page::Page as Laundered;\n"),
        ("ui/shell/mod.rs", "\nfn laundry(_: super::Laundered) {}\n"),
    ]);
    assert_found(&problems, "`shell` (floor 0) imports from `page` (floor 7)");
}

/// An inline module's paths start from the inline module.
#[test]
fn a_planted_import_in_an_inline_module_fails() {
    let problems = planted(&[(
        "ui/shell/mod.rs",
        "\nmod x {\n    use super::super::page::Page;\n}\n",
    )]);
    assert_found(&problems, "`shell` (floor 0) imports from `page` (floor 7)");
}

/// Two files of one folder that use each other: a circle.
#[test]
fn a_planted_circle_inside_a_folder_fails() {
    let problems = planted(&[
        (
            "record/planted_a.rs",
            "use super::planted_b::B;\npub struct A;\n",
        ),
        (
            "record/planted_b.rs",
            "pub struct B(super::planted_a::A);\n",
        ),
    ]);
    assert_found(
        &problems,
        "a circle in src/record: planted_a → planted_b → planted_a",
    );
}

/// In `src/ai`, a file low down may not use one above it.
#[test]
fn a_planted_upward_import_in_the_ai_fails() {
    let problems = planted(&[("ai/knowledge.rs", "\nuse super::Difficulty;\n")]);
    assert_found(&problems, "`knowledge` (floor 0) imports from `levels`");
}

/// In `src/friend`, a piece may not use the match built on it.
#[test]
fn a_planted_upward_import_in_friend_play_fails() {
    let problems = planted(&[("friend/masked.rs", "\nuse super::game::FriendMatch;\n")]);
    assert_found(
        &problems,
        "`masked` (floor 0) imports from `game` (floor 2)",
    );
    let problems = planted(&[(
        "friend/wire.rs",
        "\nfn f(_: crate::friend::parts::Parts) {}\n",
    )]);
    assert_found(&problems, "`wire` (floor 1) imports from `parts` (floor 2)");
}

/// Friend play keeps no mode in the thread: whether a proof is checked is a
/// value passed down (`masked::Trust`), never a thread-local flag. (The
/// shuffle's public parameters and a memo of arguments made or checked,
/// keyed by their whole statement, are the only statics.)
#[test]
fn friend_play_keeps_no_thread_local_state() {
    let found: Vec<String> = sources()
        .iter()
        .filter(|(path, _)| path.starts_with("friend"))
        .filter(|(_, text)| code_only(text).contains("thread_local!"))
        .map(|(path, _)| path.display().to_string())
        .collect();
    assert!(found.is_empty(), "thread-local state in {found:?}");
    // The check reads what it should: a planted flag is found.
    let planted = "thread_local! { static REBUILDING: Cell<bool> = Cell::new(false); }";
    assert!(code_only(planted).contains("thread_local!"));
}
