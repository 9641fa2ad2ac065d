//! Free text as the edge accepts it: `Label` (one line) and `PlainText` (may span lines), never NUL or control characters.

use serde::{Deserialize, Deserializer, Serialize};
use std::ops::Deref;

/// Why a text was refused, as a sentence that completes "This field …" in a serde error.
fn refusal(c: char, multi_line: bool) -> String {
    let allowed = if multi_line {
        "only tabs and line breaks are allowed"
    } else {
        "it must be one line of printable text"
    };
    format!(
        "contains the control character U+{:04X}; {allowed}",
        u32::from(c)
    )
}

/// The first character of `text` not allowed in one line (`multi_line` false) or in several.
pub fn forbidden_char(text: &str, multi_line: bool) -> Option<char> {
    text.chars().find(|&c| {
        c.is_control() && !(multi_line && matches!(c, '\t' | '\n' | '\r'))
            || matches!(c, '\u{2028}' | '\u{2029}') && !multi_line
    })
}

/// Checks text that arrived some other way (inside a JSON object read by hand): 422 naming `field`.
pub fn check(
    field: &'static str,
    text: &str,
    multi_line: bool,
) -> Result<(), crate::core::error::AppError> {
    match forbidden_char(text, multi_line) {
        None => Ok(()),
        Some(c) => Err(crate::core::error::AppError::invalid(
            "invalid_text",
            format!("'{field}' {}.", refusal(c, multi_line)),
        )
        .on_field(field)),
    }
}

/// Checks every string (and key) inside a JSON value as multi-line text: 422 naming `field`.
pub fn check_json(
    field: &'static str,
    value: &serde_json::Value,
) -> Result<(), crate::core::error::AppError> {
    use serde_json::Value;
    match value {
        Value::String(s) => check(field, s, true),
        Value::Array(items) => items.iter().try_for_each(|v| check_json(field, v)),
        Value::Object(map) => map.iter().try_for_each(|(k, v)| {
            check(field, k, true)?;
            check_json(field, v)
        }),
        Value::Null | Value::Bool(_) | Value::Number(_) => Ok(()),
    }
}

macro_rules! text_type {
    ($(#[$doc:meta])* $name:ident, $multi_line:expr) => {
        $(#[$doc])*
        #[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            /// The text.
            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// Text read from a form field `field` by hand; 422 naming the field when refused.
            pub fn field(field: &'static str, text: String) -> Result<Self, crate::core::error::AppError> {
                check(field, &text, $multi_line)?;
                Ok($name(text))
            }

            /// The text, owned.
            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl TryFrom<String> for $name {
            type Error = String;
            fn try_from(text: String) -> Result<Self, String> {
                match forbidden_char(&text, $multi_line) {
                    None => Ok($name(text)),
                    Some(c) => Err(refusal(c, $multi_line)),
                }
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = String::deserialize(deserializer)?;
                $name::try_from(text).map_err(serde::de::Error::custom)
            }
        }
    };
}

text_type!(
    /// One line of text (a name, a seed, a short reason): no control characters at all.
    Label,
    false
);

text_type!(
    /// Text that may span lines (a scenario pack, a long reason): tabs and line breaks allowed,
    /// no other control characters.
    PlainText,
    true
);

/// A moment to the minute in UTC, as people read it: "2026-11-26 18:00 UTC".
pub fn utc_minute(at: time::OffsetDateTime) -> String {
    let format = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute] UTC");
    at.format(&format).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    struct Body {
        #[allow(dead_code)]
        name: Label,
        #[allow(dead_code)]
        notes: PlainText,
    }

    fn read(json: &str) -> Result<Body, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    #[test]
    fn ordinary_text_passes() {
        assert!(read(r#"{"name": "Taipale – Kollaa ✓", "notes": "line 1\n\tline 2\r\n"}"#).is_ok());
        assert_eq!(Label::try_from("Summa".to_string()).map(|l| l.len()), Ok(5));
    }

    #[test]
    fn nul_and_control_characters_are_refused_naming_the_character() {
        for bad in [
            "\\u0000", "\\u001b", "\\u007f", "\\u0085", "\\t", "\\n", "\\u2028",
        ] {
            let e = read(&format!(r#"{{"name": "a{bad}b", "notes": ""}}"#)).expect_err(bad);
            assert!(
                e.contains("control character") || e.contains("one line"),
                "{bad}: {e}"
            );
        }
        for bad in ["\\u0000", "\\u001b", "\\u007f", "\\u0008"] {
            let e = read(&format!(r#"{{"name": "a", "notes": "x{bad}"}}"#)).expect_err(bad);
            assert!(e.contains("U+"), "{bad}: {e}");
        }
    }

    #[test]
    fn check_names_the_field() {
        let e = check("purpose", "a\0b", false).expect_err("NUL");
        assert_eq!(e.status.as_u16(), 422);
        assert!(e.message.starts_with("'purpose'"), "{}", e.message);
        assert!(check("purpose", "recce of Summa", false).is_ok());
        let value = serde_json::json!({"a": [1, "ok\nfine", {"b\u{0}": 2}]});
        let e = check_json("value", &value).expect_err("NUL in a key");
        assert!(e.message.starts_with("'value'"), "{}", e.message);
        assert!(check_json("value", &serde_json::json!({"a": ["x\ty"]})).is_ok());
    }
}
