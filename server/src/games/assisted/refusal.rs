//! How the kit classifies what it refuses, and the checks on names and codes every part shares.

pub use crate::core::refusal::RefusalKind;

/// Why a one-line name is unusable, as a phrase completing "the name …"; `None` when it is fine.
pub fn label_problem(text: &str, max_chars: usize) -> Option<String> {
    let count = text.chars().count();
    if text.trim().is_empty() {
        Some("is empty".into())
    } else if count > max_chars {
        Some(format!(
            "is {count} characters long; at most {max_chars} are accepted"
        ))
    } else {
        crate::core::text::forbidden_char(text, false).map(|c| {
            format!(
                "contains the control character U+{:04X}; it must be one line of printable text",
                u32::from(c)
            )
        })
    }
}

/// The longest machine code a game may declare.
pub const MAX_CODE: usize = 40;

/// Why a machine code (phase, hook, attribute, marker, chart) is unusable, as a phrase; `None`
/// when it is 1 to [`MAX_CODE`] lowercase letters, digits and underscores starting with a letter.
pub fn code_problem(code: &str) -> Option<String> {
    let well_formed = code.len() <= MAX_CODE
        && code.starts_with(|c: char| c.is_ascii_lowercase())
        && code
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    (!well_formed).then(|| {
        format!(
            "must be 1 to {MAX_CODE} lowercase letters, digits and underscores, starting with a letter"
        )
    })
}

/// The kit's refusals answer as every rules refusal does (see `core::refusal`).
macro_rules! kit_refusal {
    ($($error:ty),*) => {$(
        impl crate::core::refusal::Refusal for $error {
            fn kind(&self) -> RefusalKind {
                <$error>::kind(self)
            }
            fn code(&self) -> &'static str {
                <$error>::code(self)
            }
        }
    )*};
}

kit_refusal!(
    super::chart_error::ChartError,
    super::roster::RosterError,
    super::sequence_error::SequenceError
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_one_printable_line_of_bounded_length() {
        assert_eq!(label_problem("Dec I 39", 10), None);
        assert_eq!(label_problem("  ", 10).as_deref(), Some("is empty"));
        assert!(label_problem("abcdefghijk", 10).is_some_and(|p| p.contains("11 characters")));
        assert_eq!(
            label_problem("äöåäöåäöåä", 10),
            None,
            "characters, not bytes"
        );
        assert!(label_problem("a\0b", 10).is_some_and(|p| p.contains("U+0000")));
        assert!(label_problem("a\nb", 10).is_some_and(|p| p.contains("U+000A")));
    }

    #[test]
    fn codes_are_lowercase_words() {
        assert_eq!(code_problem("initial_phase2"), None);
        for bad in [
            "",
            "2nd",
            "Initial",
            "a-b",
            "a b",
            &"a".repeat(MAX_CODE + 1),
        ] {
            assert!(code_problem(bad).is_some(), "{bad:?}");
        }
        assert_eq!(code_problem(&"a".repeat(MAX_CODE)), None);
    }
}
