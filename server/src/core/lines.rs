//! Line numbers of byte offsets in an uploaded text, found from one pass over it.
//!
//! A parser that names the line of every table, field and item asks this table instead of
//! counting newlines from the start each time, which made reading a file take time that grew
//! with the square of its size.

/// Where each line of a text starts; built in one pass, asked in logarithmic time.
#[derive(Clone, Debug)]
pub struct LineStarts(Vec<usize>);

impl LineStarts {
    /// The line starts of `text`.
    pub fn new(text: &str) -> LineStarts {
        let starts = std::iter::once(0)
            .chain(
                text.bytes()
                    .enumerate()
                    .filter(|(_, b)| *b == b'\n')
                    .map(|(i, _)| i + 1),
            )
            .collect();
        LineStarts(starts)
    }

    /// The 1-based line of byte `offset` (the last line for an offset past the end).
    pub fn line_of(&self, offset: usize) -> usize {
        self.0.partition_point(|&start| start <= offset).max(1)
    }

    /// The text of 1-based `line` of `text` (the text these starts were built from), without its
    /// line break; empty for a line that is not there.
    pub fn line<'a>(&self, text: &'a str, line: usize) -> &'a str {
        let Some(&start) = line.checked_sub(1).and_then(|i| self.0.get(i)) else {
            return "";
        };
        let end = self.0.get(line).map_or(text.len(), |next| next - 1);
        text.get(start..end)
            .unwrap_or_default()
            .trim_end_matches('\r')
    }
}

/// The byte ranges of the whole numbers written as values in a TOML text (outside strings,
/// keys and comments), for tests that set each in turn to an extreme.
#[cfg(test)]
pub fn whole_numbers(text: &str) -> Vec<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b"_-.:".contains(&b);
    let (mut found, mut quoted, mut comment, mut value) = (Vec::new(), false, false, false);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'\n' => (quoted, comment, value) = (false, false, false),
            _ if comment => {}
            b'"' => quoted = !quoted,
            _ if quoted => {}
            b'#' => comment = true,
            b'=' => value = true,
            b'0'..=b'9' if value && (i == 0 || !word(bytes[i - 1])) => {
                let end = (i..bytes.len())
                    .find(|&j| !bytes[j].is_ascii_digit())
                    .unwrap_or(bytes.len());
                if bytes.get(end).is_none_or(|&next| !word(next)) {
                    found.push(i..end);
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::LineStarts;

    #[test]
    fn offsets_fall_on_their_lines() {
        let text = "a = 1\nb = 2\n\nc = [\n1]";
        let lines = LineStarts::new(text);
        let expected = |offset: usize| text[..offset].matches('\n').count() + 1;
        for offset in 0..=text.len() + 3 {
            assert_eq!(
                lines.line_of(offset),
                expected(offset.min(text.len())),
                "{offset}"
            );
        }
        assert_eq!(lines.line(text, 1), "a = 1");
        assert_eq!(lines.line(text, 3), "");
        assert_eq!(lines.line(text, 5), "1]");
        assert_eq!(lines.line(text, 0), "");
        assert_eq!(lines.line(text, 6), "");
        assert_eq!(LineStarts::new("x\r\ny").line("x\r\ny", 1), "x");
    }

    #[test]
    fn whole_numbers_are_found_in_values_only() {
        let text = "a1 = 12 # 34\nb = [1, 22]\nc = \"5\"\nd = { e = 7 }\nf = 1.5\n[[x2]]\n";
        let numbers: Vec<&str> = super::whole_numbers(text)
            .into_iter()
            .map(|r| &text[r])
            .collect();
        assert_eq!(numbers, ["12", "1", "22", "7"]);
    }

    #[test]
    fn an_empty_text_has_one_line() {
        let lines = LineStarts::new("");
        assert_eq!(lines.line_of(0), 1);
        assert_eq!(lines.line("", 1), "");
    }
}
