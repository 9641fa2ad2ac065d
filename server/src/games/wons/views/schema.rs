//! The OpenAPI schemas of the WoNS side views: a SideView with its `side` fixed.

use utoipa::openapi::schema::{AllOfBuilder, ObjectBuilder, Schema, Type};
use utoipa::openapi::{Ref, RefOr};

/// `SideView` narrowed to one side, so a Soviet view never also matches the Finnish branch.
pub fn side_view(side: &str, description: &str) -> RefOr<Schema> {
    let fixed = ObjectBuilder::new()
        .property(
            "side",
            ObjectBuilder::new()
                .schema_type(Type::String)
                .enum_values(Some([side])),
        )
        .required("side");
    AllOfBuilder::new()
        .item(Ref::from_schema_name("SideView"))
        .item(fixed)
        .description(Some(description))
        .into()
}

/// Implements `ToSchema` for a side's view under its game-qualified name.
macro_rules! side_view_schema {
    ($view:ident, $name:literal, $side:literal, $description:literal) => {
        impl utoipa::PartialSchema for $view {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                crate::games::wons::views::schema::side_view($side, $description)
            }
        }
        impl utoipa::ToSchema for $view {
            fn name() -> std::borrow::Cow<'static, str> {
                $name.into()
            }
            fn schemas(
                schemas: &mut Vec<(
                    String,
                    utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
                )>,
            ) {
                use utoipa::PartialSchema;
                schemas.push((SideView::name().into(), SideView::schema()));
                SideView::schemas(schemas);
            }
        }
    };
}
pub(crate) use side_view_schema;
