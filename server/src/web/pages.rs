//! What every HTML page shares: the navigation bar, rendering, the error page, static files.

use crate::core::error::{AppError, ErrorInfo};
use crate::core::zone::Zone;
use crate::db::users::User;
use askama::Template;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

/// The navigation bar's knowledge of the visitor.
#[derive(Clone, Debug, Default)]
pub struct Nav {
    /// The signed-in user's name, if any.
    pub username: Option<String>,
    /// How many campaigns wait for the reader, for the "(n)" that leads the page's title;
    /// counted only by pages that show it (see `Nav::with_waiting`).
    pub waiting: i64,
}

impl Nav {
    /// The bar for a signed-in user.
    pub fn for_user(user: &User) -> Nav {
        Nav {
            username: Some(user.username.clone()),
            waiting: 0,
        }
    }

    /// The bar for a campaign's reader, with how many campaigns wait for them: as read with the
    /// access (a page's access counts them in its own statement), or else one indexed query.
    pub async fn with_waiting(
        db: &sqlx::PgPool,
        access: &crate::web::access::CampaignAccess,
    ) -> Result<Nav, AppError> {
        let waiting = match access.waiting() {
            Some(waiting) => waiting,
            None => crate::db::campaigns::waiting_for(db, access.user.id).await?,
        };
        Ok(Nav {
            waiting,
            ..Nav::for_user(&access.user)
        })
    }
}

/// Renders a page with status 200.
pub fn render(page: &impl Template) -> Response {
    render_with(StatusCode::OK, page)
}

/// Renders a page with the given status (e.g. 422 for a form shown again with its errors).
pub fn render_with(status: StatusCode, page: &impl Template) -> Response {
    match page.render() {
        Ok(html) => (status, Html(html)).into_response(),
        Err(e) => AppError::internal(e).into_response(),
    }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage<'a> {
    nav: Nav,
    status: u16,
    heading: &'a str,
    message: &'a str,
    code: &'a str,
}

/// The HTML page for an error; its bar names whoever is signed in.
pub fn error_page(status: StatusCode, info: &ErrorInfo, signed_in: Option<String>) -> Response {
    let page = ErrorPage {
        nav: Nav {
            username: signed_in,
            waiting: 0,
        },
        status: status.as_u16(),
        heading: status.canonical_reason().unwrap_or("Error"),
        message: &info.message,
        code: &info.code,
    };
    match page.render() {
        Ok(html) => (status, Html(html)).into_response(),
        Err(_) => (status, info.message.clone()).into_response(),
    }
}

/// A code a form offers as a choice, in words: `night_raid` is "Night raid",
/// `pressure_anti_personnel` is "Pressure anti-personnel", `soviet-two-82mm-mortars` is "Soviet
/// two 82mm mortars".
pub fn code_words(code: &str) -> String {
    let words = code.replace(['_', '-'], " ").replace("anti ", "anti-");
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => words,
    }
}

/// Percent-encodes a value for use in a query string.
pub fn encode_component(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for b in value.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A path on this site to return to after signing in; anything else becomes the campaign list.
///
/// It must start with exactly one `/` and hold only printable ASCII without `\`: browsers drop
/// tabs and newlines and read `\` as `/`, so `/\t/evil.example` would leave the site, and a
/// control character cannot go in a `Location` header at all.
pub fn safe_next(next: &str) -> &str {
    let local = next
        .strip_prefix('/')
        .is_some_and(|rest| !rest.starts_with('/'))
        && next.chars().all(|c| c.is_ascii_graphic() && c != '\\');
    if local { next } else { "/campaigns" }
}

/// The site's style sheet (also inlined into the offline dice checker).
pub const CSS: &str = include_str!("../../../static/motti.css");

/// The header a live page sends when it fetches itself again (see `static/motti.js`): one-time
/// notes shown on such a fetch stay for the page the browser loads next.
pub const REFRESH_HEADER: &str = "x-motti-refresh";
const JS: &str = include_str!("../../../static/motti.js");
/// The dice checker that runs in the browser (also inlined into its offline file).
pub const VERIFY_JS: &str = include_str!("../../../static/verify.js");
const MAP_PICTURE_JS: &str = include_str!("../../../static/map-picture.js");
const ICON: &str = include_str!("../../../static/favicon.svg");
/// The scenario formats, as the commented files the new-campaign form links to.
const WONS_PACK: &str = include_str!("../../../scenarios/wons-demo.toml");
const TALVISOTA_MAP: &str = include_str!("../../../scenarios/talvisota/map.toml");
const TALVISOTA_COUNTERS: &str = include_str!("../../../scenarios/talvisota/counters.toml");

/// Serves the stylesheet, script and icon compiled into the binary.
pub async fn static_file(Path(name): Path<String>) -> Result<Response, AppError> {
    let (body, kind) = match name.as_str() {
        "motti.css" => (CSS, "text/css; charset=utf-8"),
        "motti.js" => (JS, "text/javascript; charset=utf-8"),
        "verify.js" => (VERIFY_JS, "text/javascript; charset=utf-8"),
        "map-picture.js" => (MAP_PICTURE_JS, "text/javascript; charset=utf-8"),
        "favicon.svg" => (ICON, "image/svg+xml"),
        "wons-pack.toml" => (WONS_PACK, "text/plain; charset=utf-8"),
        "talvisota-map.toml" => (TALVISOTA_MAP, "text/plain; charset=utf-8"),
        "talvisota-counters.toml" => (TALVISOTA_COUNTERS, "text/plain; charset=utf-8"),
        _ => return Err(AppError::not_found()),
    };
    Ok((
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_must_stay_on_this_site() {
        assert_eq!(safe_next("/campaigns/1"), "/campaigns/1");
        assert_eq!(safe_next("//evil.example"), "/campaigns");
        assert_eq!(safe_next("https://evil.example"), "/campaigns");
        assert_eq!(safe_next("/\\evil"), "/campaigns");
        assert_eq!(
            safe_next("/campaigns?tab=dice#roll"),
            "/campaigns?tab=dice#roll"
        );
        for hostile in [
            "/\t/evil.example",
            "/\n/evil.example",
            "/\r\n/evil.example",
            "/ /evil.example",
            "/\u{0}",
            "/\u{7f}",
            "/campaigns\u{1b}",
            "/a\\b",
            "\\\\evil.example",
            "javascript:alert(1)",
            "evil.example",
            "",
            "/caf\u{e9}",
            "\t/campaigns",
        ] {
            assert_eq!(safe_next(hostile), "/campaigns", "{hostile:?}");
        }
    }

    #[test]
    fn choices_read_as_words() {
        assert_eq!(code_words("night_raid"), "Night raid");
        assert_eq!(
            code_words("pressure_anti_personnel"),
            "Pressure anti-personnel"
        );
        assert_eq!(
            code_words("soviet-two-82mm-mortars"),
            "Soviet two 82mm mortars"
        );
    }

    #[test]
    fn encodes_query_values() {
        assert_eq!(encode_component("/a b?c=d"), "/a%20b%3Fc%3Dd");
    }
}

/// A moment for a page, in the reader's time zone (their account's; UTC until chosen) and
/// saying which: machine-readable for the `<time>` element (the page's script adds a countdown).
#[derive(Clone, Debug)]
pub struct Due {
    /// RFC 3339, UTC.
    pub iso: String,
    /// "Thu 27 Nov 18:00 EET (Europe/Helsinki)".
    pub shown: String,
}

impl Due {
    /// The moment `at` for a reader in `zone`. The machine-readable form is to the second: HTML's
    /// `datetime` takes at most three digits of a second, and the database keeps six.
    pub fn of(at: time::OffsetDateTime, zone: &Zone) -> Due {
        Due {
            iso: at
                .replace_nanosecond(0)
                .unwrap_or(at)
                .format(&time::format_description::well_known::Rfc3339)
                .unwrap_or_default(),
            shown: zone.words(at),
        }
    }
}

/// The campaign's orders deadline in the reader's zone, while the campaign is open.
pub fn deadline(access: &crate::web::CampaignAccess) -> Option<Due> {
    let c = &access.membership.campaign;
    c.orders_deadline
        .filter(|_| !c.is_finished())
        .map(|at| Due::of(at, &access.user.zone()))
}

/// A log entry's sentence for a reader in `zone`: a moment the sentence names in UTC (its
/// payload's `deadline`, as the pace's log lines keep it) is shown in the reader's zone.
pub fn logged_sentence(sentence: &str, payload: &serde_json::Value, zone: &Zone) -> String {
    let at = payload
        .get("deadline")
        .and_then(|d| d.as_str())
        .and_then(|d| {
            time::OffsetDateTime::parse(d, &time::format_description::well_known::Rfc3339).ok()
        });
    match at {
        Some(at) => sentence.replace(&crate::core::text::utc_minute(at), &zone.words(at)),
        None => sentence.to_owned(),
    }
}
