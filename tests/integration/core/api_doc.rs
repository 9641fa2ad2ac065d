//! The served OpenAPI document passes `openapi-spec-validator`.

use crate::common::TestApp;
use reqwest::StatusCode;

#[tokio::test]
async fn the_served_openapi_document_validates() {
    let app = TestApp::spawn().await;
    let res = app
        .api()
        .get(format!("{}/api/v1/openapi.json", app.url))
        .send()
        .await
        .expect("request");
    assert_eq!(res.status(), StatusCode::OK);
    let text = res.text().await.expect("body");
    let doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let schemas = doc["components"]["schemas"].as_object().expect("schemas");
    for name in ["wons.SovietView", "talvisota.SovietView", "ApiError"] {
        assert!(schemas.contains_key(name), "no schema {name}");
    }
    assert!(
        !schemas.contains_key("SovietView"),
        "an unqualified view name"
    );

    let file = std::env::temp_dir().join(format!("motti-openapi-{}.json", uuid::Uuid::new_v4()));
    std::fs::write(&file, &text).expect("writes the document");
    let run = std::process::Command::new("openapi-spec-validator")
        .arg(&file)
        .output();
    std::fs::remove_file(&file).ok();
    match run {
        Ok(out) => assert!(
            out.status.success(),
            "openapi-spec-validator rejects the document:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
        Err(e) if std::env::var_os("CI").is_some() => {
            panic!(
                "openapi-spec-validator must be installed in CI (pip install openapi-spec-validator): {e}"
            )
        }
        Err(e) => eprintln!(
            "openapi-spec-validator is not installed ({e}); only the Rust-side checks ran. \
             Install it with `pip install openapi-spec-validator`."
        ),
    }
}

/// Every operation (method and path) and every schema name of the OpenAPI document, one per
/// line, sorted: what programs written against the API rely on.
fn api_outline() -> String {
    let doc = serde_json::to_value(motti::router::openapi()).expect("document as JSON");
    let mut lines = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("methods").keys() {
            lines.push(format!("{} {path}", method.to_uppercase()));
        }
    }
    for name in doc["components"]["schemas"]
        .as_object()
        .expect("schemas")
        .keys()
    {
        lines.push(format!("schema {name}"));
    }
    lines.sort();
    lines.join("\n") + "\n"
}

/// The document's operations and schema names stay as recorded in `openapi_outline.txt`: a
/// reshaping of the code must not change the API. A deliberate change updates the file with
/// `MOTTI_UPDATE_OUTLINE=1 cargo test api_outline`.
#[test]
fn the_api_outline_is_as_recorded() {
    let recorded_path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/integration/core/openapi_outline.txt"
    );
    let outline = api_outline();
    if std::env::var_os("MOTTI_UPDATE_OUTLINE").is_some() {
        std::fs::write(recorded_path, &outline).expect("write the outline");
    }
    let recorded = std::fs::read_to_string(recorded_path).expect("the recorded outline");
    assert_eq!(
        outline, recorded,
        "the API's operations or schema names changed"
    );
}
