//! A submitted form read as its fields in order, where a name may come back many times (checked
//! boxes, numbered rows); the pages' many-field forms read it through these few questions.

use crate::core::domain::Side;
use crate::core::error::AppError;
use serde::Deserialize;

/// A form's fields, in order, repeated names kept.
#[derive(Debug, Default, Deserialize)]
#[serde(transparent)]
pub struct Fields(pub Vec<(String, String)>);

impl Fields {
    /// The first value of `name`, trimmed; empty when absent.
    pub fn get(&self, name: &str) -> &str {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map_or("", |(_, v)| v.trim())
    }

    /// The first non-empty value of `name`, trimmed.
    pub fn one(&self, name: &str) -> Option<String> {
        self.all(name).into_iter().next()
    }

    /// Every non-empty value of `name`, trimmed, in order.
    pub fn all(&self, name: &str) -> Vec<String> {
        self.0
            .iter()
            .filter(|(k, v)| k == name && !v.trim().is_empty())
            .map(|(_, v)| v.trim().to_string())
            .collect()
    }

    /// Whether `name` was sent at all (a checked box).
    pub fn has(&self, name: &str) -> bool {
        self.0.iter().any(|(k, _)| k == name)
    }

    /// A whole number; empty is 0.
    pub fn count(&self, name: &str, what: &str) -> Result<u32, AppError> {
        let value = self.get(name);
        if value.is_empty() {
            return Ok(0);
        }
        value.parse().map_err(|_| {
            AppError::invalid(
                "invalid_number",
                format!("Give {what} as a whole number of 0 or more; '{value}' is not one."),
            )
        })
    }

    /// A side named by its code, if any.
    pub fn side(&self, name: &str) -> Option<Side> {
        match self.get(name) {
            "soviet" => Some(Side::Soviet),
            "finnish" => Some(Side::Finnish),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_names_blanks_numbers_and_sides() {
        let pairs = [
            ("unit", "a"),
            ("unit", " "),
            ("unit", "b"),
            ("n", "3"),
            ("bad", "x"),
            ("side", "finnish"),
            ("box", "on"),
            ("blank", ""),
        ];
        let form = Fields(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        );
        assert_eq!(form.all("unit"), ["a", "b"], "blanks are skipped");
        assert_eq!(form.one("unit").as_deref(), Some("a"));
        assert_eq!(form.one("blank"), None);
        assert_eq!(form.get("missing"), "");
        assert!(form.has("box") && form.has("blank") && !form.has("missing"));
        assert_eq!(form.count("n", "n").expect("a number"), 3);
        assert_eq!(form.count("missing", "n").expect("empty is 0"), 0);
        assert!(form.count("bad", "the points").is_err());
        assert_eq!(form.side("side"), Some(Side::Finnish));
        assert_eq!(form.side("unit"), None);
    }
}
