//! The codes stored in text columns (a campaign's game, a participant's role) read as their
//! types: a code that names nothing motti knows fails the read, naming the value and the column,
//! and is never taken for a default.

use crate::core::domain::{Game, Role};
use sqlx::error::BoxDynError;
use sqlx::postgres::{PgTypeInfo, PgValueRef};
use sqlx::{Decode, Postgres, Type};

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

        impl<'r> Decode<'r, Postgres> for $ty {
            fn decode(value: PgValueRef<'r>) -> Result<Self, BoxDynError> {
                let code = <&str as Decode<Postgres>>::decode(value)?;
                Ok(<$ty>::try_from(code.to_owned())?)
            }
        }
    };
}

stored_code!(Game);
stored_code!(Role);
