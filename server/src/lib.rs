//! motti: a play-by-web campaign server for Winter War wargames.

// A function longer than `clippy.toml` allows is refused by `cargo clippy -- -D warnings`.
#![warn(clippy::too_many_lines)]

pub mod accounts;
pub mod backup;
pub mod campaigns;
pub mod config;
pub mod core;
pub mod db;
pub mod demo;
pub mod dice;
pub mod games;
pub mod notify;
pub mod pg;
pub mod router;
pub mod state;
pub mod tray;
pub mod web;

#[cfg(test)]
mod layers_tests;

use crate::core::{error, live};
use axum::Router;
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::middleware;
use axum::response::IntoResponse;
use config::Config;
use sqlx::PgPool;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use state::AppState;
use std::sync::Arc;
use std::time::Duration;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::csrf::CsrfLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;
use tower_sessions::cookie::SameSite;
use tower_sessions::{Expiry, SessionManagerLayer};
use tower_sessions_sqlx_store::PostgresStore;

/// The database migrations, compiled into the binary.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// What pages may load: only our own scripts and styles.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
    object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// How long a request waits for a free database connection before it is answered 503.
pub const DB_ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);

/// Connects with the default pool size and brings the schema up to date.
pub async fn connect(url: &str) -> anyhow::Result<PgPool> {
    connect_pool(url, config::DEFAULT_DB_POOL).await
}

/// Connects with `size` connections for requests and brings the schema up to date (ours and the
/// session store's).
pub async fn connect_pool(url: &str, size: u32) -> anyhow::Result<PgPool> {
    Ok(open(url, size).await?.pool)
}

/// A database connected and brought up to date by [`open`].
pub struct Opened {
    /// The pool.
    pub pool: PgPool,
    /// Whether the schema was made now: the database held none of motti's tables before.
    pub schema_created: bool,
}

/// As [`connect_pool`], and tells whether the schema was made now (a first start).
pub async fn open(url: &str, size: u32) -> anyhow::Result<Opened> {
    open_through(url, url, size).await
}

/// As [`open`], for a `url` that may lead through a pooler in transaction mode: the schema is
/// brought up to date over a connection of its own to `direct`, since the migrations' lock is
/// held for a session.
pub async fn open_through(url: &str, direct: &str, size: u32) -> anyhow::Result<Opened> {
    let pool = PgPoolOptions::new()
        .max_connections(size)
        .acquire_timeout(DB_ACQUIRE_TIMEOUT)
        // No ping before each use: a broken connection fails its statement, which the request
        // answers, and the pool replaces it; the ping cost a round trip per request.
        .test_before_acquire(false)
        .connect_with(connect_options(url)?)
        .await?;
    let setup = PgPoolOptions::new()
        .max_connections(1)
        .connect_with(connect_options(direct)?)
        .await?;
    let schema_created: bool =
        sqlx::query_scalar!(r#"select to_regclass('public._sqlx_migrations') is null as "new!""#)
            .fetch_one(&setup)
            .await?;
    MIGRATOR.run(&setup).await?;
    for game in games::registry::GAMES {
        game.prepare(&setup).await?;
    }
    games::registry::backfill_standings(&setup, games::registry::GAMES).await?;
    PostgresStore::new(setup.clone()).migrate().await?;
    setup.close().await;
    Ok(Opened {
        pool,
        schema_created,
    })
}

/// How motti connects to the database at `url`.
pub fn connect_options(url: &str) -> anyhow::Result<PgConnectOptions> {
    let options: PgConnectOptions = url.parse()?;
    // The migrations' `create … if not exists` answer with NOTICEs ("already exists, skipping"),
    // which sqlx logs at info: only warnings and worse are worth a line in the log. (A pooler
    // may drop this startup option; see docs/SCALING.md.)
    Ok(options.options([("client_min_messages", "warning")]))
}

/// Where the connections that keep session state go (the live-update listener, the dice-tray
/// roll writer): `MOTTI_DIRECT_DATABASE_URL`, else where `db` connects.
pub fn direct_options(db: &PgPool, config: &Config) -> PgConnectOptions {
    config
        .direct_database_url
        .as_deref()
        .and_then(|url| connect_options(url).ok())
        .unwrap_or_else(|| (*db.connect_options()).clone())
}

/// The whole application: every route with every layer.
pub fn app(state: AppState) -> Router {
    let store = db::pool::SessionStore(PostgresStore::new(state.db.clone()));
    let sessions = SessionManagerLayer::new(store)
        .with_name(config::SESSION_COOKIE)
        .with_http_only(true)
        .with_same_site(SameSite::Lax)
        .with_secure(state.config.secure_cookies)
        .with_expiry(Expiry::OnInactivity(time::Duration::days(
            db::users::SESSION_DAYS,
        )));
    let timeout = Duration::from_secs(state.config.request_timeout_secs);
    // Behind TLS (secure cookies) browsers are told to use nothing else.
    let hsts = state
        .config
        .secure_cookies
        .then(|| HeaderValue::from_static("max-age=31536000"));
    let hsts = move |_: &axum::response::Response| hsts.clone();
    // Live streams stay open for as long as a page does, so they are outside the timeout.
    let timed = router::router(&state)
        .fallback(|| async { error::AppError::not_found() })
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            timeout,
        ));
    Router::new()
        .merge(timed)
        .route("/campaigns/{id}/live", axum::routing::get(web::live::stream))
        .layer(middleware::from_fn_with_state(
            state.db.clone(),
            web::errors::note_signed_in,
        ))
        .layer(sessions)
        .layer(middleware::from_fn_with_state(
            state.db.clone(),
            busy_when_pool_is_full,
        ))
        .layer(middleware::from_fn_with_state(
            state.reads.clone(),
            core::reads::limit,
        ))
        .layer(CsrfLayer::new())
        .layer(middleware::from_fn(web::body_limit::limit))
        .layer(CatchPanicLayer::new())
        .layer(middleware::from_fn(run_to_completion))
        // Outside the task above: a stream waiting to be opened holds none of the state below.
        .layer(middleware::from_fn_with_state(
            state.openings.clone(),
            core::openings::gate,
        ))
        .layer(middleware::from_fn(refuse_control_paths))
        .layer(middleware::from_fn(web::errors::shape_errors))
        .layer(header_layer(header::CONTENT_SECURITY_POLICY, CSP))
        .layer(header_layer(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(header_layer(header::REFERRER_POLICY, "same-origin"))
        .layer(header_layer(header::X_FRAME_OPTIONS, "DENY"))
        // Pages and JSON carry what one person may see: no cache keeps them. Static files set their own.
        .layer(header_layer(header::CACHE_CONTROL, "no-store"))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::STRICT_TRANSPORT_SECURITY,
            hsts,
        ))
        .layer(CompressionLayer::new())
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(TraceLayer::new_for_http().make_span_with(|request: &axum::http::Request<_>| {
            let id = request
                .headers()
                .get("x-request-id")
                .and_then(|v| v.to_str().ok())
                .unwrap_or("-");
            // A live stream's span would be kept for as long as its page is open, thousands of
            // them at once: streams have theirs at the debug level only.
            if core::openings::opens_stream(request.method(), request.uri().path()) {
                tracing::debug_span!("stream", path = %request.uri().path(), request_id = %id)
            } else {
                tracing::info_span!("request", method = %request.method(), path = %request.uri().path(), request_id = %id)
            }
        }))
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
        .with_state(state)
}

/// A 500 while every database connection is taken is the pool's exhaustion, also where a library
/// (the session store) reported it as text: answered 503 with `Retry-After` like the rest.
async fn busy_when_pool_is_full(
    axum::extract::State(db): axum::extract::State<PgPool>,
    request: axum::extract::Request,
    next: middleware::Next,
) -> axum::response::Response {
    let response = next.run(request).await;
    let full = db.num_idle() == 0 && db.size() >= db.options().get_max_connections();
    if response.status() == StatusCode::INTERNAL_SERVER_ERROR && full {
        return error::AppError::busy().into_response();
    }
    response
}

/// Answers 404 for a path that decodes to a control character (`%00`, `%0A`, ...): no path
/// parameter of ours may hold one, and PostgreSQL refuses NUL outright.
async fn refuse_control_paths(
    request: axum::extract::Request,
    next: middleware::Next,
) -> axum::response::Response {
    let path = request.uri().path().as_bytes();
    let control = path.windows(3).any(|w| {
        w[0] == b'%'
            && matches!(
                (w[1].to_ascii_uppercase(), w[2].to_ascii_uppercase()),
                (b'0' | b'1', b'0'..=b'9' | b'A'..=b'F') | (b'7', b'F')
            )
    });
    if control {
        return error::AppError::not_found().into_response();
    }
    next.run(request).await
}

/// Runs the rest of the request in its own task, so a client that hangs up cannot cancel a
/// command half-way: its database work commits or rolls back on its own either way.
async fn run_to_completion(
    request: axum::extract::Request,
    next: middleware::Next,
) -> axum::response::Response {
    let span = tracing::Span::current();
    let task = tokio::spawn(tracing::Instrument::instrument(next.run(request), span));
    match task.await {
        Ok(response) => response,
        Err(e) => error::AppError::internal(e).into_response(),
    }
}

fn header_layer(name: HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
}

/// Serves `app` on `listener` until `shutdown` completes, then finishes the requests under way.
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let listener_task = tokio::spawn(live::listen(
        direct_options(&state.db, &state.config),
        state.live.clone(),
    ));
    let deadline_task = tokio::spawn(games::registry::watch_deadlines(state.clone()));
    let notify_task = state
        .config
        .notify
        .send
        .then(|| tokio::spawn(notify::dispatch::run(state.clone())));
    let live = state.live.clone();
    let shutdown = async move {
        shutdown.await;
        // Ends every live stream, so that graceful shutdown does not wait on open pages.
        live.tell(live::Live::Closing);
    };
    let app = app(state).into_make_service_with_connect_info::<std::net::SocketAddr>();
    let served = axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await;
    listener_task.abort();
    deadline_task.abort();
    if let Some(task) = notify_task {
        task.abort();
    }
    served
}

/// Builds the shared state for a pool and configuration, playing the product's games.
pub fn state(db: PgPool, config: Config) -> AppState {
    state_playing(db, config, games::registry::GAMES)
}

/// Builds the shared state for a pool and configuration, playing `games` (the product's are
/// `games::registry::GAMES`).
pub fn state_playing(db: PgPool, config: Config, games: games::registry::Games) -> AppState {
    let config_reads = config.reads;
    let openings = core::openings::Openings::for_pool(config.db_pool);
    let direct = direct_options(&db, &config);
    let caches = state::Caches::default();
    AppState::new(state::Shared {
        db: db.clone(),
        account_limiter: web::ratelimit::account_limiter(config.auth_rate),
        config: Arc::new(config),
        // Access notes forget the accesses this process keeps.
        live: live::Hub::keeping(caches.accesses.clone()),
        notes: live::Notes::start(db.clone()),
        rolls: core::roll_writer::Writer::start(direct),
        caches,
        reads: core::reads::Reads::new(config_reads),
        openings,
        games: games::registry::held(games),
    })
}
