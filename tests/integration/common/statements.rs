//! Counts the SQL statements the server runs for each request: a tracing layer hears sqlx's
//! `sqlx::query` events inside the server's `request` span and files them under the request's
//! id, which the test chooses (the server keeps an `x-request-id` it is sent).

use std::collections::HashMap;
use std::fmt::Debug;
use std::sync::{Mutex, OnceLock};
use tracing::field::{Field, Visit};
use tracing::{Event, Subscriber, span};
use tracing_subscriber::filter::filter_fn;
use tracing_subscriber::layer::{Context, Layer, SubscriberExt};
use tracing_subscriber::registry::LookupSpan;

fn counts() -> &'static Mutex<HashMap<String, Vec<String>>> {
    static COUNTS: OnceLock<Mutex<HashMap<String, Vec<String>>>> = OnceLock::new();
    COUNTS.get_or_init(Default::default)
}

/// The id of the request a span serves.
struct RequestId(String);

/// The value of the field `0.0` among those visited.
struct FindField(&'static str, Option<String>);

impl Visit for FindField {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == self.0 {
            self.1 = Some(value.to_owned());
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn Debug) {
        if field.name() == self.0 {
            self.1 = Some(format!("{value:?}"));
        }
    }
}

struct Counter;

impl<S: Subscriber + for<'a> LookupSpan<'a>> Layer<S> for Counter {
    fn on_new_span(&self, attrs: &span::Attributes<'_>, id: &span::Id, ctx: Context<'_, S>) {
        let mut found = FindField("request_id", None);
        attrs.record(&mut found);
        if let (Some(request), Some(span)) = (found.1, ctx.span(id)) {
            span.extensions_mut().insert(RequestId(request));
        }
    }

    fn on_event(&self, event: &Event<'_>, ctx: Context<'_, S>) {
        let Some(scope) = ctx.event_scope(event) else {
            return;
        };
        for span in scope {
            if let Some(RequestId(request)) = span.extensions().get::<RequestId>() {
                let mut statement = FindField("db.statement", None);
                event.record(&mut statement);
                let mut summary = FindField("summary", None);
                event.record(&mut summary);
                let text = statement.1.filter(|s| !s.is_empty()).or(summary.1);
                let mut counts = counts().lock().unwrap_or_else(|e| e.into_inner());
                counts
                    .entry(request.clone())
                    .or_default()
                    .push(text.unwrap_or_default());
                return;
            }
        }
    }
}

/// Installs the counting layer as the process's subscriber (once).
fn install() {
    static INSTALLED: OnceLock<()> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let only = filter_fn(|m| m.target() == "sqlx::query" || m.name() == "request");
        let subscriber = tracing_subscriber::registry().with(Counter.with_filter(only));
        tracing::subscriber::set_global_default(subscriber)
            .expect("no other subscriber is installed in the test process");
    });
}

/// Sends `request` under a fresh request id and answers its status, its body and the SQL
/// statements the server ran for it.
pub async fn counted(
    request: reqwest::RequestBuilder,
) -> (reqwest::StatusCode, String, Vec<String>) {
    install();
    let id = format!("counted-{}", uuid::Uuid::new_v4());
    let res = request
        .header("x-request-id", &id)
        .send()
        .await
        .expect("sends");
    let status = res.status();
    let body = res.text().await.unwrap_or_default();
    let statements = counts()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .remove(&id)
        .unwrap_or_default();
    (status, body, statements)
}
