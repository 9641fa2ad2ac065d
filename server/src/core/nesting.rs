//! Counts how deeply brackets nest in a TOML text before it is parsed, so hostile input is refused cheaply.

/// The largest uploaded data file or scenario pack accepted, in bytes.
pub const MAX_BYTES: usize = 512 * 1024;

/// How deeply brackets and braces may nest in an uploaded TOML text.
pub const MAX_DEPTH: usize = 16;

/// How many arrays and tables (`[` and `{`, a `[[table]]` header counting two) an uploaded text
/// may open in all: far more than any file a game can use (a map at its limits opens about
/// 5,000), and few enough that a text made of nothing else is refused before it is parsed.
pub const MAX_OPENED: usize = 50_000;

/// Why a text of `len` bytes is too large, in units a person can count: plain letters take one
/// byte, accented letters two, other scripts up to four.
pub fn too_large(len: usize) -> String {
    format!(
        "the file is {} KiB ({len} bytes); at most 512 KiB are accepted, about 500,000 plain letters or digits (accented letters count two): split it or leave out comments",
        len.div_ceil(1024)
    )
}

/// Refuses a text larger than [`MAX_BYTES`] or nested deeper than [`MAX_DEPTH`], before it is
/// parsed: the 1-based line at fault (0 for the whole text) and a sentence saying what to fix.
pub fn refuse(text: &str) -> Result<(), (usize, String)> {
    if text.len() > MAX_BYTES {
        return Err((0, too_large(text.len())));
    }
    let scan = scan(text);
    match scan.deepest {
        Some((depth, line)) if depth > MAX_DEPTH => Err((
            line,
            format!("brackets nest {depth} deep here; at most {MAX_DEPTH} are accepted"),
        )),
        _ => match scan.past_limit {
            Some(line) => Err((
                line,
                format!(
                    "the file opens {} arrays and tables; at most {MAX_OPENED} are accepted",
                    scan.opened
                ),
            )),
            None => Ok(()),
        },
    }
}

/// What the scanner found: the deepest nesting and its line, how many arrays and tables the
/// text opens, and the line where it opens one more than [`MAX_OPENED`].
struct Scan {
    deepest: Option<(usize, usize)>,
    opened: usize,
    past_limit: Option<usize>,
}

/// Where the scanner is in the text.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Code,
    Comment,
    /// Inside `"..."` (true: `"""..."""`).
    Basic(bool),
    /// Inside `'...'` (true: `'''...'''`).
    Literal(bool),
}

/// The deepest nesting of `[`/`{` outside strings and comments, and the 1-based line where it is
/// first reached; `None` when the text has no brackets at all.
pub fn deepest(text: &str) -> Option<(usize, usize)> {
    scan(text).deepest
}

/// Reads the text once, without recursion, counting its brackets outside strings and comments.
fn scan(text: &str) -> Scan {
    let bytes = text.as_bytes();
    let mut place = Place::Code;
    let (mut depth, mut line) = (0usize, 1usize);
    let mut deepest: Option<(usize, usize)> = None;
    let (mut opened, mut past_limit) = (0usize, None);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let triple = |q: u8| bytes.get(i..i + 3) == Some(&[q, q, q][..]);
        if b == b'\n' {
            line += 1;
        }
        match place {
            Place::Code => match b {
                b'#' => place = Place::Comment,
                b'"' if triple(b'"') => {
                    place = Place::Basic(true);
                    i += 2;
                }
                b'"' => place = Place::Basic(false),
                b'\'' if triple(b'\'') => {
                    place = Place::Literal(true);
                    i += 2;
                }
                b'\'' => place = Place::Literal(false),
                b'[' | b'{' => {
                    depth += 1;
                    opened += 1;
                    if deepest.is_none_or(|(d, _)| depth > d) {
                        deepest = Some((depth, line));
                    }
                    if opened == MAX_OPENED + 1 {
                        past_limit = Some(line);
                    }
                }
                b']' | b'}' => depth = depth.saturating_sub(1),
                _ => {}
            },
            Place::Comment if b == b'\n' => place = Place::Code,
            Place::Comment => {}
            Place::Basic(_) if b == b'\\' => {
                // An escaped character never ends the string (an escaped newline still counts).
                if bytes.get(i + 1) == Some(&b'\n') {
                    line += 1;
                }
                i += 1;
            }
            Place::Basic(false) if b == b'"' || b == b'\n' => place = Place::Code,
            Place::Basic(true) if triple(b'"') => {
                place = Place::Code;
                i += 2;
            }
            Place::Literal(false) if b == b'\'' || b == b'\n' => place = Place::Code,
            Place::Literal(true) if triple(b'\'') => {
                place = Place::Code;
                i += 2;
            }
            Place::Basic(_) | Place::Literal(_) => {}
        }
        i += 1;
    }
    Scan {
        deepest,
        opened,
        past_limit,
    }
}

#[cfg(test)]
mod tests {
    use super::{MAX_BYTES, MAX_OPENED, deepest, refuse};

    #[test]
    fn counts_arrays_and_inline_tables() {
        assert_eq!(deepest("a = 1"), None);
        assert_eq!(deepest("a = [1, [2]]"), Some((2, 1)));
        assert_eq!(deepest("x = 1\n[[space]]\nb = { c = [1] }"), Some((2, 2)));
        assert_eq!(deepest("b = { c = [[{}]] }"), Some((4, 1)));
    }

    #[test]
    fn brackets_in_strings_and_comments_do_not_count() {
        assert_eq!(deepest("a = \"[[[[\" # [[[[[\nb = '[[[['"), None);
        assert_eq!(deepest("a = \"\"\"\n[[[\n\"\"\"\nb = [1]"), Some((1, 4)));
        assert_eq!(deepest("a = '''[[[''' \nb = \"\\\"[[\""), None);
    }

    #[test]
    fn refuses_deep_and_huge_texts_and_keeps_ordinary_ones() {
        assert!(refuse("a = [[1, 2], [3]]\n[[space]]\nid = \"x\"").is_ok());
        let deep = format!("\n\nx = {}{}", "[".repeat(17), "]".repeat(17));
        let (line, message) = refuse(&deep).expect_err("17 deep");
        assert_eq!(line, 3);
        assert!(message.contains("17 deep"), "{message}");
        let (line, message) = refuse(&"#".repeat(MAX_BYTES + 1)).expect_err("too large");
        assert_eq!(line, 0);
        assert!(message.contains("at most"), "{message}");
    }

    #[test]
    fn a_text_of_little_but_brackets_is_refused_where_it_opens_one_too_many() {
        let tables = "[[space]]\n".repeat(MAX_OPENED / 2);
        assert!(refuse(&tables).is_ok());
        let (line, message) = refuse(&format!("{tables}x = []\n[[space]]")).expect_err("too many");
        assert_eq!(line, MAX_OPENED / 2 + 1);
        assert!(
            message.contains("opens 50003 arrays and tables"),
            "{message}"
        );
        assert!(message.contains("at most 50000"), "{message}");
        assert!(refuse(&format!("x = \"{}\"", "[".repeat(MAX_OPENED + 1))).is_ok());
    }

    #[test]
    fn ten_thousand_deep_is_measured_without_recursion() {
        let text = format!("a = {}{}", "[".repeat(10_000), "]".repeat(10_000));
        assert_eq!(deepest(&text), Some((10_000, 1)));
        let tables = format!("a = {}{}", "{b = ".repeat(10_000), "}".repeat(10_000));
        assert_eq!(deepest(&tables), Some((10_000, 1)));
    }
}
