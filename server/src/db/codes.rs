//! The codes stored in text columns (a campaign's status, a participant's role, a
//! replay step's kind) read as their types: a code that names nothing motti knows fails the
//! read, naming the value and the column, and (through [`in_row`]) the row, and is never taken
//! for a default.

use crate::core::domain::{CampaignStatus, Role, StepKind};
use sqlx::error::BoxDynError;
use sqlx::postgres::{PgHasArrayType, PgTypeInfo, PgValueRef};
use sqlx::{Decode, Postgres, Type};
use std::fmt;

macro_rules! stored_code {
    ($ty:ty) => {
        impl Type<Postgres> for $ty {
            fn type_info() -> PgTypeInfo {
                <String as Type<Postgres>>::type_info()
            }

            fn compatible(ty: &PgTypeInfo) -> bool {
                <String as Type<Postgres>>::compatible(ty)
            }
        }

        impl PgHasArrayType for $ty {
            fn array_type_info() -> PgTypeInfo {
                <String as PgHasArrayType>::array_type_info()
            }

            fn array_compatible(ty: &PgTypeInfo) -> bool {
                <String as PgHasArrayType>::array_compatible(ty)
            }
        }

        impl<'r> Decode<'r, Postgres> for $ty {
            fn decode(value: PgValueRef<'r>) -> Result<Self, BoxDynError> {
                let code = <&str as Decode<Postgres>>::decode(value)?;
                Ok(<$ty>::try_from(code.to_owned())?)
            }
        }
    };
}

stored_code!(Role);
stored_code!(CampaignStatus);
stored_code!(StepKind);

/// Names `row` (a campaign's id, a participant's campaign and user) in an error decoding one of
/// its columns, so that the log says which row holds a code that names nothing: for
/// `map_err` on a query's result.
pub fn in_row(row: impl fmt::Display) -> impl FnOnce(sqlx::Error) -> sqlx::Error {
    move |e| match e {
        sqlx::Error::ColumnDecode { index, source } => sqlx::Error::ColumnDecode {
            index: format!("{index} of {row}"),
            source,
        },
        e => e,
    }
}

/// `code`, stored in `row`, as a `T`; an error naming the row and the value when it names
/// nothing motti knows.
pub fn stored<T: TryFrom<String, Error = crate::core::domain::UnknownCode>>(
    code: String,
    row: impl fmt::Display,
) -> sqlx::Result<T> {
    T::try_from(code).map_err(|e| sqlx::Error::Decode(format!("{row}: {e}").into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_code_that_names_nothing_is_an_error_naming_the_row_and_the_value() {
        let campaign = uuid::Uuid::nil();
        let row = format!("campaign {campaign}");
        let error = stored::<Role>("chess".into(), &row).expect_err("no role");
        let said = error.to_string();
        assert!(said.contains(&row) && said.contains("'chess'"), "{said}");
        let error = stored::<Role>("observer".into(), &row).expect_err("no role");
        assert!(error.to_string().contains("'observer'"), "{error}");
        let error = stored::<CampaignStatus>("paused".into(), &row).expect_err("no status");
        assert!(error.to_string().contains("'paused'"), "{error}");
        assert_eq!(
            stored::<CampaignStatus>("finished".into(), &row).expect("a status"),
            CampaignStatus::Finished
        );
    }

    #[test]
    fn a_decode_error_names_its_row() {
        let e = sqlx::Error::ColumnDecode {
            index: "\"game\"".into(),
            source: "the stored game code 'chess' names no game motti knows".into(),
        };
        let said = in_row("campaign 7")(e).to_string();
        assert!(said.contains("\"game\" of campaign 7"), "{said}");
        assert!(said.contains("'chess'"), "{said}");
    }
}
