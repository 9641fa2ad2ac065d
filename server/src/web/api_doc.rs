//! Finishing touches on the OpenAPI document: unique operationIds, the shared error responses, descriptions.

use utoipa::openapi::path::Operation;
use utoipa::openapi::response::{Response, ResponseBuilder};
use utoipa::openapi::{Content, OpenApi, Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

/// The body of every API error: `{"error": {"code", "message"}}`.
#[derive(serde::Serialize, ToSchema)]
#[schema(as = ApiError)]
pub struct ApiErrorBody {
    /// What went wrong.
    pub error: ApiErrorDetail,
}

/// The code and sentence of an API error.
#[derive(serde::Serialize, ToSchema)]
pub struct ApiErrorDetail {
    /// A stable machine-readable code, e.g. `not_found`.
    pub code: String,
    /// What went wrong and what to do about it.
    pub message: String,
}

/// The shared error responses: status, component name and what it means.
const ERRORS: [(&str, &str, &str); 10] = [
    (
        "400",
        "BadRequest",
        "The request could not be read: a malformed body, path or query.",
    ),
    (
        "401",
        "Unauthorized",
        "No valid API token or session was sent.",
    ),
    (
        "403",
        "Forbidden",
        "The caller's role in this campaign may not do this.",
    ),
    (
        "404",
        "NotFound",
        "There is nothing here, or it is not the caller's to see.",
    ),
    (
        "409",
        "Conflict",
        "The campaign's state does not allow this now (finished, wrong phase, already done).",
    ),
    ("413", "TooLarge", "The request body is too large."),
    (
        "415",
        "UnsupportedMediaType",
        "The body was not sent as application/json.",
    ),
    (
        "422",
        "Unprocessable",
        "The body or query was read but a value is not acceptable; the message names it.",
    ),
    (
        "429",
        "TooManyRequests",
        "Too many attempts from this address; wait and retry (see Retry-After).",
    ),
    (
        "503",
        "Unavailable",
        "The server is busy or its database is unreachable; nothing was changed. Retry later.",
    ),
];

/// Which shared errors an operation can answer with.
fn errors_for(op: &Operation, method: &str, rate_limited: bool) -> Vec<&'static str> {
    let secured = op.security.as_ref().is_some_and(|s| !s.is_empty());
    let has_params = op.parameters.as_ref().is_some_and(|p| !p.is_empty());
    let has_body = op.request_body.is_some();
    let mut out = vec!["400", "503"];
    if secured {
        out.extend(["401", "403", "404"]);
    } else if has_params {
        out.push("404");
    }
    if method != "get" {
        out.push("409");
    }
    if has_body {
        out.extend(["413", "415"]);
    }
    if has_body || has_params {
        out.push("422");
    }
    if rate_limited {
        out.push("429");
    }
    out
}

/// The JSON content of an error response.
fn error_content() -> Content {
    Content::new(Some(RefOr::Ref(Ref::from_schema_name("ApiError"))))
}

/// Finishes the document: prefixes operationIds with their tag so they are unique across games,
/// gives every response a description and attaches the shared error responses.
/// `rate_limited` lists the paths behind the sign-up/sign-in limiter.
pub fn finish(doc: &mut OpenApi, rate_limited: &[&str]) {
    string_map_keys(doc);
    name_nested_union_members(doc);
    let components = doc.components.get_or_insert_with(Default::default);
    components
        .schemas
        .insert("ApiError".into(), ApiErrorBody::schema());
    components
        .schemas
        .insert("ApiErrorDetail".into(), ApiErrorDetail::schema());
    for (_, name, description) in ERRORS {
        components.responses.insert(
            name.into(),
            RefOr::T(
                ResponseBuilder::new()
                    .description(description)
                    .content("application/json", error_content())
                    .build(),
            ),
        );
    }
    for (path, item) in doc.paths.paths.iter_mut() {
        let limited = rate_limited.contains(&path.as_str());
        for (method, op) in [
            ("get", &mut item.get),
            ("put", &mut item.put),
            ("post", &mut item.post),
            ("delete", &mut item.delete),
            ("patch", &mut item.patch),
        ] {
            if let Some(op) = op {
                finish_operation(op, method, limited);
            }
        }
    }
}

/// JSON object keys are strings: a map keyed by numbers (`BTreeMap<u8, _>`) is sent with keys
/// like `"0"`, so its `propertyNames` say a string of digits rather than an integer.
fn string_map_keys(doc: &mut OpenApi) {
    fn walk(value: &mut serde_json::Value) {
        match value {
            serde_json::Value::Object(map) => {
                if let Some(names) = map.get_mut("propertyNames")
                    && names.get("type").and_then(|t| t.as_str()) == Some("integer")
                {
                    *names = serde_json::json!({"type": "string", "pattern": "^[0-9]+$"});
                }
                map.values_mut().for_each(walk);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(walk),
            _ => {}
        }
    }
    let Some(components) = doc.components.as_mut() else {
        return;
    };
    for schema in components.schemas.values_mut() {
        let Ok(mut value) = serde_json::to_value(&*schema) else {
            continue;
        };
        walk(&mut value);
        if let Ok(fixed) = serde_json::from_value(value) {
            *schema = fixed;
        }
    }
}

/// A `oneOf` member that is itself a composition (`allOf`, as an internally tagged enum's variant
/// that wraps a struct gives) or an object holding another inline object (an externally tagged
/// variant with fields, a map) becomes a component of its own, named after its union and its tag
/// (`TalvisotaViewSoviet`, `ExportEpochV2`, `GameOutcomeVictory`), and the union refers to it.
/// The JSON is the same; generators such as openapi-python-client cannot name such members inline
/// and drop them.
fn name_nested_union_members(doc: &mut OpenApi) {
    use serde_json::Value;
    fn is_object(v: &Value) -> bool {
        v.get("type").and_then(Value::as_str) == Some("object")
            || v.get("additionalProperties").is_some_and(Value::is_object)
    }
    fn nested(member: &Value) -> bool {
        member.get("$ref").is_none()
            && (member.get("allOf").is_some()
                || member
                    .get("properties")
                    .and_then(Value::as_object)
                    .is_some_and(|p| p.values().any(is_object)))
    }
    /// The member's tag: the one value of a required single-valued property, or its one property.
    fn tag(member: &Value) -> Option<String> {
        let parts: Vec<&Value> = match member.get("allOf").and_then(Value::as_array) {
            Some(all) => all.iter().collect(),
            None => vec![member],
        };
        let properties = || {
            parts
                .iter()
                .filter_map(|p| p.get("properties").and_then(Value::as_object))
                .flatten()
        };
        let constant =
            properties().find_map(|(_, v)| match v.get("enum")?.as_array()?.as_slice() {
                [one] => one.as_str().map(str::to_owned),
                _ => None,
            });
        constant.or_else(|| {
            let mut names = properties().map(|(k, _)| k.clone());
            match (names.next(), names.next()) {
                (Some(one), None) => Some(one),
                _ => None,
            }
        })
    }
    fn pascal(word: &str) -> String {
        word.split(['_', '-', ' '])
            .map(|w| {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect::<String>())
                    .unwrap_or_default()
            })
            .collect()
    }
    let Some(components) = doc.components.as_mut() else {
        return;
    };
    let mut named = Vec::new();
    for (name, schema) in components.schemas.iter_mut() {
        let Ok(mut value) = serde_json::to_value(&*schema) else {
            continue;
        };
        let Some(members) = value.get_mut("oneOf").and_then(Value::as_array_mut) else {
            continue;
        };
        let mut changed = false;
        for (i, member) in members.iter_mut().enumerate() {
            if !nested(member) {
                continue;
            }
            let own = format!(
                "{name}{}",
                tag(member).map_or_else(|| format!("Variant{i}"), |t| pascal(&t))
            );
            let body = std::mem::replace(
                member,
                serde_json::json!({ "$ref": format!("#/components/schemas/{own}") }),
            );
            named.push((own, body));
            changed = true;
        }
        if changed && let Ok(fixed) = serde_json::from_value(value) {
            *schema = fixed;
        }
    }
    for (own, body) in named {
        if let Ok(schema) = serde_json::from_value(body) {
            components.schemas.insert(own, schema);
        }
    }
}

fn finish_operation(op: &mut Operation, method: &str, rate_limited: bool) {
    if let (Some(id), Some(tag)) = (&op.operation_id, op.tags.as_ref().and_then(|t| t.first())) {
        let bare = id.strip_prefix("api_").unwrap_or(id);
        op.operation_id = Some(format!("{tag}_{bare}"));
    }
    let wanted = errors_for(op, method, rate_limited);
    let responses = &mut op.responses.responses;
    for (status, name, description) in ERRORS {
        if !wanted.contains(&status) {
            continue;
        }
        match responses.get_mut(status) {
            None => {
                responses.insert(
                    status.into(),
                    RefOr::Ref(Ref::new(format!("#/components/responses/{name}"))),
                );
            }
            Some(RefOr::T(own)) => complete(own, description, true),
            Some(RefOr::Ref(_)) => {}
        }
    }
    for (status, response) in responses.iter_mut() {
        if let RefOr::T(own) = response {
            let reason = status
                .parse::<u16>()
                .ok()
                .and_then(|s| axum::http::StatusCode::from_u16(s).ok())
                .and_then(|s| s.canonical_reason())
                .unwrap_or("The answer");
            let is_error = status.starts_with('4') || status.starts_with('5');
            complete(own, reason, is_error);
        }
    }
}

/// Gives a handler's own response a description when it has none, and the error body when it is an error.
fn complete(own: &mut Response, description: &str, is_error: bool) {
    if own.description.trim().is_empty() {
        own.description = description.into();
    }
    if is_error && own.content.is_empty() {
        own.content
            .insert("application/json".into(), RefOr::T(error_content()));
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    /// Every (method, path, operation) of the document.
    fn operations() -> Vec<(String, String, utoipa::openapi::path::Operation)> {
        let doc = crate::router::openapi();
        let mut out = Vec::new();
        for (path, item) in doc.paths.paths {
            for (method, op) in [
                ("get", item.get),
                ("put", item.put),
                ("post", item.post),
                ("delete", item.delete),
                ("patch", item.patch),
            ] {
                if let Some(op) = op {
                    out.push((method.to_owned(), path.clone(), op));
                }
            }
        }
        out
    }

    #[test]
    fn operation_ids_are_unique() {
        let mut seen = HashSet::new();
        for (method, path, op) in operations() {
            let id = op
                .operation_id
                .unwrap_or_else(|| panic!("{method} {path} has no operationId"));
            assert!(
                seen.insert(id.clone()),
                "operationId {id} of {method} {path} is used twice"
            );
        }
        assert!(seen.contains("wons_view") && seen.contains("talvisota_view"));
    }

    #[test]
    fn every_response_has_a_description_and_errors_their_shape() {
        let doc = crate::router::openapi();
        let shared = doc.components.clone().unwrap_or_default().responses;
        for (method, path, op) in operations() {
            assert!(
                op.responses.responses.contains_key("400"),
                "{method} {path} lacks the shared 400"
            );
            for (status, response) in op.responses.responses {
                let response = match response {
                    utoipa::openapi::RefOr::T(r) => r,
                    utoipa::openapi::RefOr::Ref(r) => {
                        let name = r.ref_location.rsplit('/').next().unwrap_or_default();
                        match shared.get(name) {
                            Some(utoipa::openapi::RefOr::T(r)) => r.clone(),
                            _ => panic!("{method} {path} {status} refers to a missing {name}"),
                        }
                    }
                };
                assert!(
                    !response.description.trim().is_empty(),
                    "{method} {path} {status} has no description"
                );
                if status.starts_with('4') {
                    assert!(
                        response.content.contains_key("application/json"),
                        "{method} {path} {status} does not describe its error body"
                    );
                }
            }
        }
    }

    #[test]
    fn maps_keyed_by_numbers_are_documented_with_string_keys() {
        let doc = crate::router::openapi().to_json().expect("serializes");
        assert!(doc.contains("soviet_reached"));
        assert!(
            !doc.contains(r#""propertyNames":{"type":"integer""#),
            "an integer propertyNames is left"
        );
        assert!(doc.contains(r#""pattern":"^[0-9]+$""#));
    }

    #[test]
    fn union_members_that_nest_are_components_of_their_own() {
        let doc = crate::router::openapi();
        let schemas = doc.components.expect("components").schemas;
        for name in ["TalvisotaViewSoviet", "ExportEpochV2", "GameOutcomeVictory"] {
            assert!(schemas.contains_key(name), "{name} is not a component");
        }
        let text = serde_json::to_value(&schemas).expect("serializes");
        fn walk(v: &serde_json::Value, at: &str) {
            match v {
                serde_json::Value::Object(map) => {
                    if let Some(members) = map.get("oneOf").and_then(|m| m.as_array()) {
                        for m in members {
                            assert!(m.get("allOf").is_none(), "{at} has an inline allOf member");
                        }
                    }
                    for (k, v) in map {
                        walk(v, &format!("{at}/{k}"));
                    }
                }
                serde_json::Value::Array(items) => items.iter().for_each(|v| walk(v, at)),
                _ => {}
            }
        }
        walk(&text, "");
    }

    #[test]
    fn secured_operations_document_401_and_the_limited_ones_429() {
        for (method, path, op) in operations() {
            let codes = op.responses.responses;
            if op.security.is_some_and(|s| !s.is_empty()) {
                assert!(codes.contains_key("401"), "{method} {path} lacks 401");
            }
            if path == "/api/v1/tokens" || path == "/api/v1/users" {
                assert!(codes.contains_key("429"), "{method} {path} lacks 429");
            }
        }
    }
}
