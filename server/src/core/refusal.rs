//! One trait for the rules' refusals: which kind of "no" it is, a stable code and a sentence.
//! Pure, so rules can implement it; `core::error` turns every refusal into 404, 409 or 422.

/// The three ways the rules say no.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefusalKind {
    /// What the command names does not exist, or is not the caller's to see (404).
    NoSuchThing,
    /// Not at this moment of the game (409).
    NotNow,
    /// Well formed, but against the rules (422).
    AgainstTheRules,
}

/// A rules error: its kind, a stable machine code, and its `Display` as the sentence people read
/// (naming the rule where there is one).
pub trait Refusal: std::fmt::Display {
    /// Which kind of refusal this is.
    fn kind(&self) -> RefusalKind;
    /// A stable snake_case code for programs, e.g. `orders_closed`.
    fn code(&self) -> &'static str;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::AppError;
    use axum::http::StatusCode;

    enum Sample {
        Gone,
        Late,
        Wrong,
    }

    impl std::fmt::Display for Sample {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("the orders are closed (R2)")
        }
    }

    impl Refusal for Sample {
        fn kind(&self) -> RefusalKind {
            match self {
                Sample::Gone => RefusalKind::NoSuchThing,
                Sample::Late => RefusalKind::NotNow,
                Sample::Wrong => RefusalKind::AgainstTheRules,
            }
        }
        fn code(&self) -> &'static str {
            "sample"
        }
    }

    #[test]
    fn each_kind_answers_with_its_status_code_and_sentence() {
        let gone = AppError::from(Sample::Gone);
        assert_eq!(gone.status, StatusCode::NOT_FOUND);
        assert_eq!(gone.code, "not_found");
        let late = AppError::from(Sample::Late);
        assert_eq!(late.status, StatusCode::CONFLICT);
        assert_eq!(late.code, "sample");
        assert_eq!(late.message, "The orders are closed (R2).");
        assert_eq!(
            AppError::from(Sample::Wrong).status,
            StatusCode::UNPROCESSABLE_ENTITY
        );
    }
}
