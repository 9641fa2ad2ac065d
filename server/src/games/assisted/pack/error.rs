//! A pack's errors: each names the line (found through line starts computed once, so a hostile
//! upload with many errors costs time linear in its size) and the key, as a path such as
//! `setup[2].units[0].count`.

use super::Pack;
use crate::core::nesting;
use std::fmt;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// The most errors one reading reports.
pub const MAX_ERRORS: usize = 50;

/// One problem in a pack: where, which key, what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, {key}: {message}")]
pub struct PackError {
    /// The line (from 1; 0 for the whole text).
    pub line: usize,
    /// The key, as a path like `setup[2].units[0].count` (empty for the whole text).
    pub key: String,
    /// What is wrong and how to fix it.
    pub message: String,
}

/// Every problem found, in the order of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackErrors(pub Vec<PackError>);

impl fmt::Display for PackErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&lines.join("\n"))
    }
}

impl std::error::Error for PackErrors {}

/// One step of a key path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seg {
    /// A table's key.
    Key(String),
    /// An array's element, from 0.
    Index(usize),
}

/// A key path inside a pack.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Path(pub Vec<Seg>);

impl Path {
    /// The path one key further.
    pub fn key(&self, key: &str) -> Path {
        let mut p = self.clone();
        p.0.push(Seg::Key(key.into()));
        p
    }

    /// The path one element further.
    pub fn at(&self, index: usize) -> Path {
        let mut p = self.clone();
        p.0.push(Seg::Index(index));
        p
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, seg) in self.0.iter().enumerate() {
            match seg {
                Seg::Key(k) if i == 0 => f.write_str(k)?,
                Seg::Key(k) => write!(f, ".{k}")?,
                Seg::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

/// A problem found after reading, by key path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// Where.
    pub path: Path,
    /// What is wrong.
    pub message: String,
}

/// Where each line starts, computed once.
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// The line starts of `text`.
    pub fn new(text: &str) -> LineIndex {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        LineIndex { starts }
    }

    /// The line (from 1) of byte offset `at`.
    pub fn line(&self, at: usize) -> usize {
        self.starts.partition_point(|&start| start <= at).max(1)
    }
}

/// The document as parsed, kept for finding the lines of later faults.
pub type Tree<'a> = Spanned<DeValue<'a>>;

/// The span of the deepest part of `path` present in `tree`.
fn span_of(tree: &Tree<'_>, path: &Path) -> std::ops::Range<usize> {
    let mut here = tree;
    for seg in &path.0 {
        let next = match seg {
            Seg::Key(k) => here.get_ref().get(k.as_str()),
            Seg::Index(i) => here.get_ref().get(*i),
        };
        match next {
            Some(n) => here = n,
            None => break,
        }
    }
    here.span()
}

fn whole(message: String) -> PackErrors {
    PackErrors(vec![PackError {
        line: 0,
        key: String::new(),
        message,
    }])
}

/// Reads the text into a pack and the parsed document; errors of size, nesting, TOML syntax
/// and shape come back with their line and key.
pub fn read(source: &str) -> Result<(Pack, Tree<'_>), PackErrors> {
    // Measured first: the size and nesting limits hold whatever the parser would do.
    nesting::refuse(source).map_err(|(line, message)| {
        let mut errors = whole(message);
        errors.0[0].line = line;
        errors
    })?;
    if let Some(c) = crate::core::text::forbidden_char(source, true) {
        let at = source.find(c).unwrap_or(0);
        return Err(PackErrors(vec![PackError {
            line: LineIndex::new(source).line(at),
            key: String::new(),
            message: format!(
                "the text contains the control character U+{:04X}; only tabs and line breaks are allowed",
                u32::from(c)
            ),
        }]));
    }
    let lines = LineIndex::new(source);
    let table = DeTable::parse(source).map_err(|e| {
        PackErrors(vec![PackError {
            line: e.span().map_or(0, |s| lines.line(s.start)),
            key: String::new(),
            message: e.message().trim().to_string(),
        }])
    })?;
    let span = table.span();
    let tree: Tree<'_> = Spanned::new(span, DeValue::Table(table.into_inner()));
    let Some(root) = tree.get_ref().as_table().cloned() else {
        return Err(whole("the pack is not a TOML table".into()));
    };
    let de = toml::de::Deserializer::from(Spanned::new(tree.span(), root));
    let pack: Pack = serde_path_to_error::deserialize(de).map_err(|e| {
        let path = from_serde(e.path());
        let inner = e.into_inner();
        let at = inner.span().unwrap_or_else(|| span_of(&tree, &path)).start;
        PackErrors(vec![PackError {
            line: lines.line(at),
            key: path.to_string(),
            message: in_words(inner.message().trim()),
        }])
    })?;
    Ok((pack, tree))
}

/// A reader's message with the program's type names said in words: "expected u32" reads
/// "expected a whole number, 0 or more".
fn in_words(message: &str) -> String {
    const WORDS: [(&str, &str); 12] = [
        ("u8", "a whole number, 0 or more"),
        ("u16", "a whole number, 0 or more"),
        ("u32", "a whole number, 0 or more"),
        ("u64", "a whole number, 0 or more"),
        ("usize", "a whole number, 0 or more"),
        ("i8", "a whole number"),
        ("i16", "a whole number"),
        ("i32", "a whole number"),
        ("i64", "a whole number"),
        ("f32", "a number"),
        ("f64", "a number"),
        ("a boolean", "true or false"),
    ];
    let mut said = message.to_owned();
    for (name, words) in WORDS {
        said = said.replace(&format!("expected {name}"), &format!("expected {words}"));
    }
    said
}

/// A serde path as ours.
fn from_serde(path: &serde_path_to_error::Path) -> Path {
    use serde_path_to_error::Segment;
    Path(
        path.iter()
            .filter_map(|seg| match seg {
                Segment::Seq { index } => Some(Seg::Index(*index)),
                Segment::Map { key } => Some(Seg::Key(key.clone())),
                Segment::Enum { variant } => Some(Seg::Key(variant.clone())),
                Segment::Unknown => None,
            })
            .collect(),
    )
}

/// The faults found after reading, with their lines, in the order of the text.
pub fn locate(source: &str, tree: &Tree<'_>, faults: Vec<Fault>) -> PackErrors {
    let lines = LineIndex::new(source);
    let mut errors: Vec<PackError> = faults
        .into_iter()
        .take(MAX_ERRORS)
        .map(|f| PackError {
            line: lines.line(span_of(tree, &f.path).start),
            key: f.path.to_string(),
            message: f.message,
        })
        .collect();
    errors.sort_by_key(|e| e.line);
    PackErrors(errors)
}
