//! The statement types kept in `.sqlx/` (which every build reads instead of a database) are
//! the ones the migrated schema gives today. A changed statement's text cannot slip through
//! (its hash would not be found and the build would fail), but a migration that changes a
//! column's type or whether it may be null would leave the kept types stale without this test:
//! run `scripts/sqlx-prepare` then.

use crate::common::TestApp;
use serde_json::Value;
use sqlx::{Column, Executor, TypeInfo};

/// A type as `.sqlx/` writes it (`"Int4"`, `"TextArray"`, `{"Custom": {"name": …}}`), spelled
/// as PostgreSQL names it (`INT4`, `TEXT[]`).
fn kept_type(kept: &Value) -> String {
    match kept {
        Value::String(name) => match name.strip_suffix("Array") {
            Some(element) => format!("{}[]", element.to_uppercase()),
            None => name.to_uppercase(),
        },
        other => other
            .pointer("/Custom/name")
            .and_then(Value::as_str)
            .unwrap_or("?")
            .to_uppercase(),
    }
}

#[tokio::test]
async fn every_kept_statement_has_the_types_the_schema_gives_today() {
    let app = TestApp::spawn().await;
    let mut conn = app.db.acquire().await.expect("a connection");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(".sqlx");
    let mut stale = Vec::new();
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect(".sqlx/ is there") {
        let path = entry.expect("an entry").path();
        let kept: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("readable")).expect("JSON");
        let query = kept["query"].as_str().expect("a query");
        let described = match conn.describe(query).await {
            Ok(described) => described,
            Err(e) => {
                stale.push(format!("{query}\n  no longer prepares: {e}"));
                continue;
            }
        };
        let now = |i: usize| {
            let column = &described.columns()[i];
            (
                column.name().to_owned(),
                column.type_info().name().to_owned(),
                described.nullable(i),
            )
        };
        let columns = kept["describe"]["columns"].as_array().expect("columns");
        let nullable = kept["describe"]["nullable"].as_array().expect("nullable");
        let then = |i: usize| {
            (
                columns[i]["name"].as_str().unwrap_or("?").to_owned(),
                kept_type(&columns[i]["type_info"]),
                nullable[i].as_bool(),
            )
        };
        let (kept_columns, columns_now): (Vec<_>, Vec<_>) = (
            (0..columns.len()).map(then).collect(),
            (0..described.columns().len()).map(now).collect(),
        );
        if kept_columns != columns_now {
            stale.push(format!(
                "{query}\n  kept:  {kept_columns:?}\n  today: {columns_now:?}"
            ));
        }
        let kept_parameters: Vec<String> = kept["describe"]["parameters"]["Left"]
            .as_array()
            .map(|types| types.iter().map(kept_type).collect())
            .unwrap_or_default();
        let parameters_now: Vec<String> = match described.parameters() {
            Some(sqlx::Either::Left(types)) => types.iter().map(|t| t.name().to_owned()).collect(),
            _ => Vec::new(),
        };
        if kept_parameters != parameters_now {
            stale.push(format!(
                "{query}\n  parameters kept: {kept_parameters:?}\n  today: {parameters_now:?}"
            ));
        }
        checked += 1;
    }
    assert!(checked > 100, "only {checked} statements in .sqlx/");
    assert!(
        stale.is_empty(),
        "{} of the statements kept in .sqlx/ no longer match the schema; run scripts/sqlx-prepare:\n{}",
        stale.len(),
        stale.join("\n")
    );
}
