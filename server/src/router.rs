//! Every route of the server: each area's small router and the JSON API with its OpenAPI
//! document, merged in this one place.

use crate::accounts::{
    notification_pages, notifications, sessions, sign as accounts, token_pages, tokens,
};
use crate::campaigns::{
    api as campaigns, invite_pages, invites, pace, pace_pages, pages as campaign_pages, replay,
    report, talk, talk_pages, your_move,
};
use crate::games::registry::{self, GAMES, Games};
use crate::state::AppState;
use crate::tray::{api as dice, epochs as dice_epochs, pages as dice_pages};
use crate::web::{api_doc, health, pages, ratelimit};
use axum::Router;
use axum::http::{Method, StatusCode, Uri};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

#[derive(OpenApi)]
#[openapi(
    info(title = "motti", description = "The JSON API of motti, a play-by-web campaign server for Winter War wargames. \
        Errors are {\"error\": {\"code\", \"message\"}}."),
    modifiers(&BearerAuth)
)]
struct ApiDoc;

struct BearerAuth;

impl utoipa::Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// `GET /api/v1/openapi.json`: this document.
#[utoipa::path(get, path = "/api/v1/openapi.json", tag = "meta", responses((status = 200, description = "the OpenAPI 3.1 document")))]
async fn openapi_json(
    axum::extract::State(doc): axum::extract::State<std::sync::Arc<String>>,
) -> impl axum::response::IntoResponse {
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        doc.as_ref().clone(),
    )
}

/// The API paths behind the sign-up/sign-in rate limiter.
const RATE_LIMITED_API: [&str; 2] = ["/api/v1/users", "/api/v1/tokens"];

/// The JSON API and its OpenAPI document, built together so the document covers every route.
fn api(limiter: &ratelimit::Limiter, games: Games) -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let limited: OpenApiRouter<AppState> = OpenApiRouter::new()
        .routes(routes!(accounts::api_create_user))
        .routes(routes!(tokens::api_create))
        .routes(routes!(sessions::api_change_password))
        .layer(axum::middleware::from_fn_with_state(
            limiter.clone(),
            ratelimit::limit,
        ));
    let games = games
        .iter()
        .fold(OpenApiRouter::new(), |api, game| api.merge(game.api()));
    let (router, mut doc) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(limited)
        .routes(routes!(tokens::api_list))
        .routes(routes!(tokens::api_revoke))
        .routes(routes!(campaigns::api_create, campaigns::api_list))
        .routes(routes!(campaigns::api_show))
        .routes(routes!(invites::api_invite, invites::api_list))
        .routes(routes!(invites::api_withdraw))
        .routes(routes!(invites::api_remove))
        .routes(routes!(invites::api_accept))
        .routes(routes!(campaigns::api_finish))
        .routes(routes!(campaigns::api_client_seed))
        .routes(routes!(pace::api_pace, pace::api_set_pace))
        .routes(routes!(pace::api_set_deadline))
        .routes(routes!(pace::api_pause))
        .routes(routes!(pace::api_resume))
        .routes(routes!(pace::api_play_default))
        .routes(routes!(notifications::api_list, notifications::api_add))
        .routes(routes!(notifications::api_remove))
        .routes(routes!(notifications::api_test))
        .routes(routes!(replay::api_steps))
        .routes(routes!(replay::api_point))
        .routes(routes!(talk::api_channels))
        .routes(routes!(talk::api_read, talk::api_write))
        .routes(routes!(dice::api_roll, dice::api_rolls))
        .routes(routes!(dice::api_procedure))
        .routes(routes!(dice::api_procedures))
        .routes(routes!(dice_epochs::api_rotate))
        .routes(routes!(dice_epochs::api_reveal))
        .routes(routes!(dice_epochs::api_export))
        .merge(games)
        .merge(crate::games::assisted::play::api::router())
        .split_for_parts();
    // The document's own route is part of the API too.
    let (doc_router, doc_part) = OpenApiRouter::<std::sync::Arc<String>>::new()
        .routes(routes!(openapi_json))
        .split_for_parts();
    doc.merge(doc_part);
    api_doc::finish(&mut doc, &RATE_LIMITED_API);
    let json = std::sync::Arc::new(doc.to_json().unwrap_or_else(|_| "{}".into()));
    let router = router.merge(doc_router.with_state(json));
    (router, doc)
}

/// The OpenAPI document of the whole API, with the product's games.
pub fn openapi() -> utoipa::openapi::OpenApi {
    api(&std::sync::Arc::new((None, Vec::new())), GAMES).1
}

/// The page routes (method, path) of the shared core, as `router` registers them; add a line with
/// every new one. A game lists its own in `Game::page_routes`.
const CORE_PAGE_ROUTES: &[(&str, &str)] = &[
    ("GET", "/"),
    ("GET", "/signup"),
    ("POST", "/signup"),
    ("GET", "/signin"),
    ("POST", "/signin"),
    ("POST", "/signout"),
    ("GET", "/account"),
    ("POST", "/account/password"),
    ("POST", "/account/time-zone"),
    ("POST", "/account/sessions/others/end"),
    ("POST", "/account/sessions/end"),
    ("GET", "/account/tokens"),
    ("POST", "/account/tokens"),
    ("POST", "/account/tokens/{id}/revoke"),
    ("GET", "/campaigns"),
    ("POST", "/campaigns"),
    ("GET", "/campaigns/{id}"),
    ("POST", "/campaigns/{id}/invites"),
    ("POST", "/campaigns/{id}/invites/{code}/withdraw"),
    ("POST", "/campaigns/{id}/participants/{user_id}/remove"),
    ("POST", "/campaigns/{id}/finish"),
    ("POST", "/campaigns/{id}/client-seed"),
    ("GET", "/account/notifications"),
    ("POST", "/account/notifications"),
    ("POST", "/account/notifications/{id}/test"),
    ("POST", "/account/notifications/{id}/remove"),
    ("GET", "/unsubscribe/{token}"),
    ("POST", "/unsubscribe/{token}"),
    ("GET", "/notifications/confirm/{token}"),
    ("POST", "/notifications/confirm/{token}"),
    ("GET", "/campaigns/{id}/replay"),
    ("GET", "/campaigns/{id}/report"),
    ("GET", "/campaigns/{id}/talk"),
    ("POST", "/campaigns/{id}/talk"),
    ("POST", "/campaigns/{id}/pace"),
    ("POST", "/campaigns/{id}/deadline"),
    ("POST", "/campaigns/{id}/pause"),
    ("POST", "/campaigns/{id}/resume"),
    ("POST", "/campaigns/{id}/defaults"),
    ("GET", "/campaigns/{id}/dice"),
    ("POST", "/campaigns/{id}/dice/roll"),
    ("POST", "/campaigns/{id}/dice/procedure/{name}"),
    ("POST", "/campaigns/{id}/dice/rotate"),
    ("POST", "/campaigns/{id}/dice/reveal"),
    ("GET", "/dice/verify"),
    ("GET", "/dice/verify/motti-verify.html"),
    ("GET", "/invites/{code}"),
    ("POST", "/invites/{code}/accept"),
    ("GET", "/healthz"),
    ("GET", "/readyz"),
    ("GET", "/static/{name}"),
    ("GET", "/campaigns/{id}/live"),
];

/// Every page route (method, path) outside `/api`: the core's and every game's of the product.
/// The authorization matrix test takes its page rows from here.
pub fn page_routes() -> Vec<(&'static str, &'static str)> {
    page_routes_of(GAMES)
}

/// Every page route (method, path) outside `/api` of a server playing `games`.
pub fn page_routes_of(games: Games) -> Vec<(&'static str, &'static str)> {
    let games = games
        .iter()
        .flat_map(|game| game.page_routes().iter().copied());
    CORE_PAGE_ROUTES
        .iter()
        .copied()
        .chain(games)
        .chain(
            crate::games::assisted::play::pages::PAGE_ROUTES
                .iter()
                .copied(),
        )
        .chain(
            crate::games::assisted::play::pack_pages::PAGE_ROUTES
                .iter()
                .copied(),
        )
        .collect()
}

/// Every route of the server.
pub fn router(state: &AppState) -> Router<AppState> {
    let limiter = ratelimit::limiter(state);
    let played = registry::of(state);
    let games = played
        .iter()
        .fold(Router::new(), |pages, game| pages.merge(game.pages()));
    Router::new()
        .route("/", get(your_move::home))
        .merge(account_routes(&limiter))
        .merge(campaign_routes())
        .route("/dice/verify", get(dice_pages::verify_page))
        .route(
            "/dice/verify/motti-verify.html",
            get(dice_pages::verify_offline),
        )
        .route("/invites/{code}", get(invite_pages::invite_page))
        .route("/invites/{code}/accept", post(invite_pages::accept))
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route("/static/{name}", get(pages::static_file))
        .merge(games)
        .merge(crate::games::assisted::play::pages::router())
        .merge(crate::games::assisted::play::pack_pages::router())
        .merge(api(&limiter, played).0)
        .method_not_allowed_fallback(back_to_the_page)
}

/// The pages of a player's account: signing up and in, sessions, tokens and notifications.
/// Signing up, signing in and changing the password are rate limited.
fn account_routes(limiter: &ratelimit::Limiter) -> Router<AppState> {
    let limited_pages = Router::new()
        .route("/signup", post(accounts::signup))
        .route("/signin", post(accounts::signin))
        .route("/account/password", post(sessions::page_change_password))
        .layer(axum::middleware::from_fn_with_state(
            limiter.clone(),
            ratelimit::limit,
        ));
    Router::new()
        .route("/signup", get(accounts::signup_page))
        .route("/signin", get(accounts::signin_page))
        .merge(limited_pages)
        .route("/signout", post(accounts::signout))
        .route("/account", get(sessions::page))
        .route("/account/time-zone", post(sessions::set_time_zone))
        .route("/account/sessions/others/end", post(sessions::end_others))
        .route("/account/sessions/end", post(sessions::end_all))
        .route(
            "/account/tokens",
            get(token_pages::page).post(token_pages::page_create),
        )
        .route(
            "/account/tokens/{id}/revoke",
            post(token_pages::page_revoke),
        )
        .route(
            "/account/notifications",
            get(notification_pages::show).post(notification_pages::add),
        )
        .route(
            "/account/notifications/{id}/test",
            post(notification_pages::test),
        )
        .route(
            "/account/notifications/{id}/remove",
            post(notification_pages::remove),
        )
        .route(
            "/unsubscribe/{token}",
            get(notification_pages::unsubscribe_ask).post(notification_pages::unsubscribe),
        )
        .route(
            "/notifications/confirm/{token}",
            get(notification_pages::confirm_ask).post(notification_pages::confirm),
        )
}

/// The pages of a campaign: its page, invites, replay, report, talk, pace and dice.
fn campaign_routes() -> Router<AppState> {
    Router::new()
        .route(
            "/campaigns",
            get(campaign_pages::list).post(campaign_pages::create),
        )
        .route("/campaigns/{id}", get(campaign_pages::show))
        .route("/campaigns/{id}/invites", post(invite_pages::invite))
        .route(
            "/campaigns/{id}/invites/{code}/withdraw",
            post(invite_pages::withdraw),
        )
        .route(
            "/campaigns/{id}/participants/{user_id}/remove",
            post(invite_pages::remove),
        )
        .route("/campaigns/{id}/finish", post(campaign_pages::finish))
        .route(
            "/campaigns/{id}/client-seed",
            post(campaign_pages::client_seed),
        )
        .route("/campaigns/{id}/replay", get(replay::show))
        .route("/campaigns/{id}/report", get(report::show))
        .route(
            "/campaigns/{id}/talk",
            get(talk_pages::show).post(talk_pages::write),
        )
        .route("/campaigns/{id}/pace", post(pace_pages::set_pace))
        .route("/campaigns/{id}/deadline", post(pace_pages::set_deadline))
        .route("/campaigns/{id}/pause", post(pace_pages::pause))
        .route("/campaigns/{id}/resume", post(pace_pages::resume))
        .route("/campaigns/{id}/defaults", post(pace_pages::play_default))
        .route("/campaigns/{id}/dice", get(dice_pages::show))
        .route("/campaigns/{id}/dice/roll", post(dice_pages::roll))
        .route(
            "/campaigns/{id}/dice/procedure/{name}",
            post(dice_pages::procedure),
        )
        .route("/campaigns/{id}/dice/rotate", post(dice_pages::rotate))
        .route("/campaigns/{id}/dice/reveal", post(dice_pages::reveal))
}

/// A browser that reloads, or comes back to, the address a refused form was posted to asks for
/// it with GET: instead of 405 it goes to the page the form belongs to (the nearest page route
/// above that address). Other methods, and the API, keep their 405.
async fn back_to_the_page(method: Method, uri: Uri) -> Response {
    let path = uri.path();
    if method == Method::GET
        && !path.starts_with("/api/")
        && let Some(page) = page_above(path)
    {
        return Redirect::to(&page).into_response();
    }
    StatusCode::METHOD_NOT_ALLOWED.into_response()
}

/// The longest proper prefix of `path` (whole segments) that is a page shown with GET.
fn page_above(path: &str) -> Option<String> {
    let segments: Vec<&str> = path.split('/').collect();
    let routes = page_routes();
    let is_page = |candidate: &[&str]| {
        routes.iter().any(|(method, pattern)| {
            let parts: Vec<&str> = pattern.split('/').collect();
            *method == "GET"
                && parts.len() == candidate.len()
                && parts
                    .iter()
                    .zip(candidate)
                    .all(|(p, c)| p == c || (p.starts_with('{') && !c.is_empty()))
        })
    };
    (2..segments.len())
        .rev()
        .map(|n| &segments[..n])
        .find(|candidate| is_page(candidate))
        .map(|candidate| candidate.join("/"))
}

#[cfg(test)]
mod tests {
    use super::page_above;

    #[test]
    fn a_form_address_leads_back_to_its_page() {
        assert_eq!(
            page_above("/campaigns/7/wons/orders/sov-1").as_deref(),
            Some("/campaigns/7/wons")
        );
        assert_eq!(
            page_above("/campaigns/7/dice/roll").as_deref(),
            Some("/campaigns/7/dice")
        );
        assert_eq!(
            page_above("/campaigns/7/invites").as_deref(),
            Some("/campaigns/7")
        );
        assert_eq!(page_above("/signin").as_deref(), None);
    }
}
