//! Liveness and readiness probes for load balancers and orchestrators.

use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;

/// `GET /healthz`: the process is up.
pub async fn healthz() -> impl IntoResponse {
    "ok"
}

/// `GET /readyz`: the database answers.
pub async fn readyz(State(state): State<AppState>) -> impl IntoResponse {
    match sqlx::query!("select 1 as one").fetch_one(&state.db).await {
        Ok(_) => (StatusCode::OK, "ready"),
        Err(e) => {
            tracing::warn!(error = %e, "database not reachable");
            (StatusCode::SERVICE_UNAVAILABLE, "database unreachable")
        }
    }
}
