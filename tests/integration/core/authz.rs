//! The authorization matrix: every route of the API (from the OpenAPI document) and of the pages
//! (`motti::router::page_routes()`) called by each kind of caller, with the status each must get.

use crate::common::TestApp;
use reqwest::{Client, Method, StatusCode};
use serde_json::json;

/// The callers, in the order of a row's statuses.
const CALLERS: [&str; 6] = [
    "anonymous",
    "stranger",
    "rival umpire",
    "soviet",
    "finnish",
    "umpire",
];

/// One line per route: method, path, and the status for each of `CALLERS`. A stranger has no part
/// in the campaign; the rival umpire runs a campaign of their own. Calls carry an empty body
/// (`{}` in the API, an empty form on pages), so a caller who gets through authorization is
/// usually stopped by validation (422/400) or the game's state (409) instead.
/// Paths under `/talvisota` run against a Talvisota campaign, the assisted table's (`/table`,
/// `/calculations`, `/actions`, `/units`, `/charts`, `/chart-sets`) against a Red Winter one,
/// every other one against a WoNS one.
#[rustfmt::skip]
const MATRIX: &[(&str, &str, [u16; 6])] = &[
    ("GET", "/api/v1/campaigns", [401, 200, 200, 200, 200, 200]),
    ("POST", "/api/v1/campaigns", [401, 422, 422, 422, 422, 422]),
    ("GET", "/api/v1/campaigns/{id}", [401, 404, 404, 200, 200, 200]),
    ("PUT", "/api/v1/campaigns/{id}/client-seed", [401, 404, 404, 422, 422, 422]),
    ("GET", "/api/v1/campaigns/{id}/dice/export", [401, 404, 404, 200, 200, 200]),
    ("POST", "/api/v1/campaigns/{id}/dice/reveal", [401, 404, 404, 403, 403, 422]),
    ("POST", "/api/v1/campaigns/{id}/dice/rotate", [401, 404, 404, 403, 403, 200]),
    ("POST", "/api/v1/campaigns/{id}/finish", [401, 404, 404, 403, 403, 200]),
    ("POST", "/api/v1/campaigns/{id}/invites", [401, 404, 404, 403, 403, 422]),
    ("GET", "/api/v1/campaigns/{id}/procedures", [401, 404, 404, 200, 200, 200]),
    ("POST", "/api/v1/campaigns/{id}/procedures/{name}", [401, 404, 404, 422, 422, 422]),
    ("GET", "/api/v1/campaigns/{id}/rolls", [401, 404, 404, 200, 200, 200]),
    ("POST", "/api/v1/campaigns/{id}/rolls", [401, 404, 404, 422, 422, 422]),
    ("POST", "/api/v1/campaigns/{id}/talvisota/advance", [401, 404, 404, 403, 403, 200]),
    ("POST", "/api/v1/campaigns/{id}/talvisota/combats", [401, 404, 404, 422, 422, 422]),
    ("POST", "/api/v1/campaigns/{id}/talvisota/corrections", [401, 404, 404, 422, 422, 422]),
    ("GET", "/api/v1/campaigns/{id}/talvisota/events", [401, 404, 404, 200, 200, 200]),
    ("POST", "/api/v1/campaigns/{id}/talvisota/finnish-sheet", [401, 404, 404, 422, 422, 422]),
    ("POST", "/api/v1/campaigns/{id}/talvisota/harassment", [401, 404, 404, 403, 409, 403]),
    ("POST", "/api/v1/campaigns/{id}/talvisota/organisation", [401, 404, 404, 409, 403, 403]),
    ("POST", "/api/v1/campaigns/{id}/talvisota/solo", [401, 404, 404, 409, 403, 409]),
    ("POST", "/api/v1/campaigns/{id}/talvisota/soviet-sheet", [401, 404, 404, 422, 422, 422]),
    ("GET", "/api/v1/campaigns/{id}/talvisota/view", [401, 404, 404, 200, 200, 200]),
    ("POST", "/api/v1/campaigns/{id}/wons/battles/{battle}/barrages", [401, 404, 404, 422, 422, 422]),
    ("POST", "/api/v1/campaigns/{id}/wons/battles/{battle}/captures", [401, 404, 404, 422, 422, 422]),
    ("POST", "/api/v1/campaigns/{id}/wons/battles/{battle}/force-morale", [401, 404, 404, 404, 404, 422]),
    ("POST", "/api/v1/campaigns/{id}/wons/battles/{battle}/interrogations", [401, 404, 404, 422, 422, 422]),
    ("POST", "/api/v1/campaigns/{id}/wons/battles/{battle}/result", [401, 404, 404, 422, 422, 422]),
    ("PUT", "/api/v1/campaigns/{id}/wons/battles/{battle}/support", [401, 404, 404, 422, 422, 422]),
    ("PUT", "/api/v1/campaigns/{id}/wons/battles/{battle}/support-points", [401, 404, 404, 422, 422, 422]),
    ("PUT", "/api/v1/campaigns/{id}/wons/battles/{battle}/surprise", [401, 404, 404, 403, 403, 404]),
    ("POST", "/api/v1/campaigns/{id}/wons/battles/{battle}/turn-zero", [401, 404, 404, 422, 422, 422]),
    ("POST", "/api/v1/campaigns/{id}/wons/corrections", [401, 404, 404, 422, 422, 422]),
    ("PUT", "/api/v1/campaigns/{id}/wons/deadline", [401, 404, 404, 403, 403, 200]),
    ("PUT", "/api/v1/campaigns/{id}/deadline", [401, 404, 404, 403, 403, 200]),
    ("GET", "/api/v1/campaigns/{id}/talk", [401, 404, 404, 200, 200, 200]),
    ("GET", "/api/v1/campaigns/{id}/replay", [401, 404, 404, 200, 200, 200]),
    ("GET", "/api/v1/campaigns/{id}/replay/{n}", [401, 404, 404, 404, 404, 404]),
    ("GET", "/api/v1/notifications", [401, 200, 200, 200, 200, 200]),
    ("POST", "/api/v1/notifications", [401, 422, 422, 422, 422, 422]),
    ("DELETE", "/api/v1/notifications/{id}", [401, 404, 404, 404, 404, 404]),
    ("POST", "/api/v1/notifications/{id}/test", [401, 404, 404, 404, 404, 404]),
    ("GET", "/api/v1/campaigns/{id}/talk/{channel}", [401, 404, 404, 404, 404, 404]),
    ("POST", "/api/v1/campaigns/{id}/talk/{channel}", [401, 404, 404, 404, 404, 404]),
    ("POST", "/api/v1/campaigns/{id}/defaults", [401, 404, 404, 422, 422, 422]),
    ("GET", "/api/v1/campaigns/{id}/pace", [401, 404, 404, 200, 200, 200]),
    ("PUT", "/api/v1/campaigns/{id}/pace", [401, 404, 404, 403, 403, 200]),
    ("POST", "/api/v1/campaigns/{id}/pause", [401, 404, 404, 403, 403, 200]),
    ("POST", "/api/v1/campaigns/{id}/resume", [401, 404, 404, 403, 403, 409]),
    ("DELETE", "/api/v1/campaigns/{id}/wons/ready", [401, 404, 404, 409, 409, 403]),
    ("POST", "/api/v1/campaigns/{id}/wons/end", [401, 404, 404, 403, 403, 200]),
    ("GET", "/api/v1/campaigns/{id}/wons/battles", [401, 404, 404, 200, 200, 422]),
    ("GET", "/api/v1/campaigns/{id}/wons/events", [401, 404, 404, 200, 200, 200]),
    ("POST", "/api/v1/campaigns/{id}/wons/extra-actions/{platoon}", [401, 404, 404, 422, 422, 422]),
    ("PUT", "/api/v1/campaigns/{id}/wons/force-morale-table", [401, 404, 404, 422, 422, 422]),
    ("GET", "/api/v1/campaigns/{id}/wons/heroes", [401, 404, 404, 200, 200, 200]),
    ("POST", "/api/v1/campaigns/{id}/wons/heroes/{hero}/capture-attempts", [401, 404, 404, 422, 422, 422]),
    ("POST", "/api/v1/campaigns/{id}/wons/heroes/{hero}/escape-attempts", [401, 404, 404, 403, 403, 404]),
    ("POST", "/api/v1/campaigns/{id}/wons/heroes/{hero}/hits", [401, 404, 404, 422, 422, 422]),
    ("POST", "/api/v1/campaigns/{id}/wons/heroes/{hero}/obtain", [401, 404, 404, 422, 422, 422]),
    ("GET", "/api/v1/campaigns/{id}/wons/orders", [401, 404, 404, 200, 200, 403]),
    ("PUT", "/api/v1/campaigns/{id}/wons/orders", [401, 404, 404, 422, 422, 422]),
    ("PUT", "/api/v1/campaigns/{id}/wons/orders/{platoon}", [401, 404, 404, 422, 422, 422]),
    ("POST", "/api/v1/campaigns/{id}/wons/ready", [401, 404, 404, 422, 422, 403]),
    ("PUT", "/api/v1/campaigns/{id}/wons/reorganization", [401, 404, 404, 200, 403, 403]),
    ("POST", "/api/v1/campaigns/{id}/wons/resolve", [401, 404, 404, 403, 403, 200]),
    ("POST", "/api/v1/campaigns/{id}/wons/reveal", [401, 404, 404, 422, 422, 422]),
    ("GET", "/api/v1/campaigns/{id}/wons/view", [401, 404, 404, 200, 200, 200]),
    ("GET", "/api/v1/heroes", [401, 200, 200, 200, 200, 200]),
    ("GET", "/api/v1/heroes/{hero}", [401, 404, 404, 404, 404, 404]),
    ("POST", "/api/v1/invites/{code}/accept", [401, 404, 404, 404, 404, 404]),
    ("GET", "/api/v1/openapi.json", [200, 200, 200, 200, 200, 200]),
    ("POST", "/api/v1/tokens", [401, 401, 401, 401, 401, 401]),
    ("POST", "/api/v1/users", [422, 422, 422, 422, 422, 422]),
    ("GET", "/api/v1/campaigns/{id}/invites", [401, 404, 404, 403, 403, 200]),
    ("GET", "/api/v1/campaigns/{id}/actions", [401, 404, 404, 200, 200, 200]),
    ("POST", "/api/v1/campaigns/{id}/actions/{name}", [401, 404, 404, 404, 404, 404]),
    ("GET", "/api/v1/campaigns/{id}/calculations", [401, 404, 404, 200, 200, 200]),
    ("POST", "/api/v1/campaigns/{id}/calculations/{name}", [401, 404, 404, 404, 404, 404]),
    ("GET", "/api/v1/campaigns/{id}/chart-sets", [401, 404, 404, 200, 200, 200]),
    // Imported scenario packs: `{id}` is no pack here, so every signed-in caller gets 404, or
    // 422 for a body that does not fit.
    ("GET", "/api/v1/packs", [401, 200, 200, 200, 200, 200]),
    ("POST", "/api/v1/packs", [401, 422, 422, 422, 422, 422]),
    ("GET", "/api/v1/packs/{id}", [401, 404, 404, 404, 404, 404]),
    ("PUT", "/api/v1/packs/{id}", [401, 422, 422, 422, 422, 422]),
    ("POST", "/api/v1/packs/{id}/publish", [401, 404, 404, 404, 404, 404]),
    ("POST", "/api/v1/packs/{id}/unpublish", [401, 404, 404, 404, 404, 404]),
    ("GET", "/api/v1/campaigns/{id}/charts", [401, 404, 404, 200, 200, 200]),
    // The pack library's pages: `{pack}` is the Red Winter template's file, which anyone may
    // download; it is no imported pack, so nobody posts to it. An empty import form is refused
    // beside its text box.
    ("GET", "/packs", [303, 200, 200, 200, 200, 200]),
    ("GET", "/packs/import", [303, 200, 200, 200, 200, 200]),
    ("POST", "/packs/import", [303, 422, 422, 422, 422, 422]),
    ("GET", "/packs/{pack}", [200, 200, 200, 200, 200, 200]),
    ("POST", "/packs/{pack}", [303, 404, 404, 404, 404, 404]),
    ("POST", "/packs/{pack}/publish", [303, 404, 404, 404, 404, 404]),
    ("POST", "/packs/{pack}/unpublish", [303, 404, 404, 404, 404, 404]),
    ("POST", "/api/v1/campaigns/{id}/charts/from-set", [401, 404, 404, 422, 422, 422]),
    ("POST", "/api/v1/campaigns/{id}/charts/publish", [401, 404, 404, 422, 422, 422]),
    ("PUT", "/api/v1/campaigns/{id}/charts/{code}", [401, 404, 404, 422, 422, 422]),
    ("GET", "/api/v1/campaigns/{id}/table", [401, 404, 404, 200, 200, 200]),
    ("POST", "/api/v1/campaigns/{id}/table/advance", [401, 404, 404, 200, 409, 200]),
    ("DELETE", "/api/v1/campaigns/{id}/table/advance", [401, 404, 404, 409, 409, 409]),
    // The first player to concede ends the game; after that nobody can.
    ("POST", "/api/v1/campaigns/{id}/table/concede", [401, 404, 404, 200, 409, 409]),
    // Without a reason, waiving losses owed is refused to everyone (and to the sides anyway).
    ("POST", "/api/v1/campaigns/{id}/table/owed/{n}/waive", [401, 404, 404, 422, 422, 422]),
    // Without a value nothing is sealed.
    ("POST", "/api/v1/campaigns/{id}/table/sealed/{code}", [401, 404, 404, 422, 422, 422]),
    ("GET", "/api/v1/campaigns/{id}/table/events", [401, 404, 404, 200, 200, 200]),
    ("GET", "/api/v1/campaigns/{id}/table/sequence", [401, 404, 404, 200, 200, 200]),
    ("PUT", "/api/v1/campaigns/{id}/table/sequence", [401, 404, 404, 422, 422, 422]),
    ("POST", "/api/v1/campaigns/{id}/units", [401, 404, 404, 422, 422, 422]),
    ("POST", "/api/v1/campaigns/{id}/units/import", [401, 404, 404, 422, 422, 422]),
    ("PATCH", "/api/v1/campaigns/{id}/units/{unit}", [401, 404, 404, 404, 404, 404]),
    ("POST", "/api/v1/campaigns/{id}/units/{unit}/markers", [401, 404, 404, 422, 422, 422]),
    ("POST", "/api/v1/campaigns/{id}/units/{unit}/remove", [401, 404, 404, 422, 422, 422]),
    ("DELETE", "/api/v1/campaigns/{id}/invites/{code}", [401, 404, 404, 403, 403, 404]),
    ("DELETE", "/api/v1/campaigns/{id}/participants/{user_id}", [401, 404, 404, 403, 403, 404]),
    ("PUT", "/api/v1/password", [401, 422, 422, 422, 422, 422]),
    ("GET", "/api/v1/tokens", [401, 200, 200, 200, 200, 200]),
    ("DELETE", "/api/v1/tokens/{id}", [401, 404, 404, 404, 404, 404]),
    ("GET", "/", [200, 200, 200, 200, 200, 200]),
    ("GET", "/signup", [200, 200, 200, 200, 200, 200]),
    ("POST", "/signup", [422, 422, 422, 422, 422, 422]),
    ("GET", "/signin", [200, 200, 200, 200, 200, 200]),
    ("POST", "/signin", [401, 401, 401, 401, 401, 401]),
    ("GET", "/campaigns", [303, 200, 200, 200, 200, 200]),
    ("POST", "/campaigns", [303, 422, 422, 422, 422, 422]),
    ("GET", "/campaigns/{id}", [303, 404, 404, 200, 200, 200]),
    ("POST", "/campaigns/{id}/invites", [303, 404, 404, 403, 403, 422]),
    ("POST", "/campaigns/{id}/finish", [303, 404, 404, 403, 403, 303]),
    ("POST", "/campaigns/{id}/client-seed", [303, 404, 404, 303, 303, 303]),
    ("GET", "/campaigns/{id}/dice", [303, 404, 404, 200, 200, 200]),
    ("POST", "/campaigns/{id}/dice/roll", [303, 404, 404, 422, 422, 422]),
    ("POST", "/campaigns/{id}/dice/procedure/{name}", [303, 404, 404, 422, 422, 422]),
    ("POST", "/campaigns/{id}/dice/rotate", [303, 404, 404, 403, 403, 303]),
    ("POST", "/campaigns/{id}/dice/reveal", [303, 404, 404, 422, 422, 422]),
    ("GET", "/dice/verify", [200, 200, 200, 200, 200, 200]),
    ("GET", "/dice/verify/motti-verify.html", [200, 200, 200, 200, 200, 200]),
    ("GET", "/games/wons/rules", [200, 200, 200, 200, 200, 200]),
    ("GET", "/campaigns/{id}/wons", [303, 404, 404, 200, 200, 200]),
    ("GET", "/campaigns/{id}/wons/battles", [303, 404, 404, 200, 200, 200]),
    ("POST", "/campaigns/{id}/wons/orders", [303, 404, 404, 422, 422, 403]),
    ("POST", "/campaigns/{id}/wons/extra-actions/{platoon}", [303, 404, 404, 422, 422, 422]),
    ("POST", "/campaigns/{id}/wons/ready", [303, 404, 404, 422, 422, 403]),
    ("POST", "/campaigns/{id}/wons/ready/withdraw", [303, 404, 404, 409, 409, 403]),
    ("POST", "/campaigns/{id}/pace", [303, 404, 404, 403, 403, 303]),
    ("GET", "/campaigns/{id}/talk", [303, 404, 404, 200, 200, 200]),
    ("GET", "/campaigns/{id}/replay", [303, 404, 404, 200, 200, 200]),
    ("GET", "/campaigns/{id}/report", [303, 404, 404, 403, 403, 200]),
    ("GET", "/account/notifications", [303, 200, 200, 200, 200, 200]),
    ("POST", "/account/notifications", [303, 422, 422, 422, 422, 422]),
    ("POST", "/account/notifications/{id}/test", [303, 404, 404, 404, 404, 404]),
    ("POST", "/account/notifications/{id}/remove", [303, 404, 404, 404, 404, 404]),
    ("GET", "/unsubscribe/{token}", [404, 404, 404, 404, 404, 404]),
    ("POST", "/unsubscribe/{token}", [404, 404, 404, 404, 404, 404]),
    ("GET", "/notifications/confirm/{token}", [404, 404, 404, 404, 404, 404]),
    ("POST", "/notifications/confirm/{token}", [404, 404, 404, 404, 404, 404]),
    ("POST", "/campaigns/{id}/talk", [303, 404, 404, 404, 404, 404]),
    ("POST", "/campaigns/{id}/deadline", [303, 404, 404, 403, 403, 303]),
    ("POST", "/campaigns/{id}/pause", [303, 404, 404, 403, 403, 303]),
    ("POST", "/campaigns/{id}/resume", [303, 404, 404, 403, 403, 409]),
    ("POST", "/campaigns/{id}/defaults", [303, 404, 404, 422, 422, 422]),
    ("POST", "/campaigns/{id}/wons/resolve", [303, 404, 404, 403, 403, 303]),
    ("POST", "/campaigns/{id}/wons/corrections", [303, 404, 404, 403, 403, 422]),
    ("POST", "/campaigns/{id}/wons/reveal", [303, 404, 404, 422, 422, 422]),
    ("POST", "/campaigns/{id}/wons/end", [303, 404, 404, 403, 403, 303]),
    ("POST", "/campaigns/{id}/wons/reorganization", [303, 404, 404, 303, 403, 403]),
    ("POST", "/campaigns/{id}/wons/force-morale-table", [303, 404, 404, 403, 403, 422]),
    ("POST", "/campaigns/{id}/wons/battles/{battle}/support-points", [303, 404, 404, 422, 422, 422]),
    ("POST", "/campaigns/{id}/wons/battles/{battle}/support", [303, 404, 404, 404, 404, 422]),
    ("POST", "/campaigns/{id}/wons/battles/{battle}/surprise", [303, 404, 404, 403, 403, 404]),
    ("POST", "/campaigns/{id}/wons/battles/{battle}/turn-zero", [303, 404, 404, 404, 403, 404]),
    ("POST", "/campaigns/{id}/wons/battles/{battle}/result", [303, 404, 404, 422, 422, 422]),
    ("POST", "/campaigns/{id}/wons/battles/{battle}/captures", [303, 404, 404, 404, 404, 422]),
    ("POST", "/campaigns/{id}/wons/battles/{battle}/force-morale", [303, 404, 404, 404, 404, 422]),
    ("POST", "/campaigns/{id}/wons/battles/{battle}/barrages", [303, 404, 404, 404, 404, 403]),
    ("POST", "/campaigns/{id}/wons/battles/{battle}/interrogations", [303, 404, 404, 404, 404, 422]),
    ("GET", "/campaigns/{id}/talvisota", [303, 404, 404, 200, 200, 200]),
    ("POST", "/campaigns/{id}/talvisota/organisation", [303, 404, 404, 409, 403, 403]),
    ("POST", "/campaigns/{id}/talvisota/soviet-sheet", [303, 404, 404, 409, 403, 403]),
    ("POST", "/campaigns/{id}/talvisota/finnish-sheet", [303, 404, 404, 403, 409, 403]),
    ("POST", "/campaigns/{id}/talvisota/combats", [303, 404, 404, 409, 403, 403]),
    ("POST", "/campaigns/{id}/talvisota/harassment", [303, 404, 404, 403, 409, 403]),
    ("POST", "/campaigns/{id}/talvisota/advance", [303, 404, 404, 403, 403, 303]),
    ("POST", "/campaigns/{id}/talvisota/solo", [303, 404, 404, 409, 403, 409]),
    ("POST", "/campaigns/{id}/talvisota/corrections", [303, 404, 404, 403, 403, 422]),
    ("GET", "/talvisota/rules", [200, 200, 200, 200, 200, 200]),
    ("GET", "/campaigns/{id}/table", [303, 404, 404, 200, 200, 200]),
    ("POST", "/campaigns/{id}/table/advance", [303, 404, 404, 303, 409, 303]),
    ("POST", "/campaigns/{id}/table/advance/withdraw", [303, 404, 404, 409, 409, 409]),
    // Without the box ticked, a concession is refused beside the form.
    ("POST", "/campaigns/{id}/table/concede", [303, 404, 404, 422, 422, 422]),
    ("POST", "/campaigns/{id}/table/owed/{n}/waive", [303, 404, 404, 422, 422, 422]),
    ("POST", "/campaigns/{id}/table/units/import", [303, 404, 404, 422, 422, 422]),
    ("POST", "/campaigns/{id}/table/units/add", [303, 404, 404, 422, 422, 422]),
    ("POST", "/campaigns/{id}/table/units/{unit}/markers", [303, 404, 404, 404, 404, 404]),
    ("POST", "/campaigns/{id}/table/units/{unit}/edit", [303, 404, 404, 404, 404, 404]),
    ("POST", "/campaigns/{id}/table/move", [303, 404, 404, 422, 422, 422]),
    ("POST", "/campaigns/{id}/table/sealed/{code}", [303, 404, 404, 422, 422, 422]),
    // The players read the charts; only the umpire enters them.
    ("POST", "/campaigns/{id}/table/charts", [303, 404, 404, 403, 403, 422]),
    ("POST", "/campaigns/{id}/table/charts/publish", [303, 404, 404, 403, 403, 422]),
    ("POST", "/campaigns/{id}/table/charts/from-set", [303, 404, 404, 403, 403, 422]),
    // `{code}` names no chart of the game here.
    ("GET", "/campaigns/{id}/table/charts/{code}", [303, 404, 404, 404, 404, 404]),
    ("POST", "/campaigns/{id}/table/charts/{code}", [303, 404, 404, 403, 403, 404]),
    ("GET", "/campaigns/{id}/table/{kind}/{name}", [303, 404, 404, 404, 404, 404]),
    ("POST", "/campaigns/{id}/table/{kind}/{name}", [303, 404, 404, 404, 404, 404]),
    ("GET", "/campaigns/{id}/table/rules", [303, 404, 404, 200, 200, 200]),
    ("GET", "/campaigns/{id}/table/sequence", [303, 404, 404, 200, 200, 200]),
    // An empty form gives no phase a place: refused beside the fields.
    ("POST", "/campaigns/{id}/table/sequence", [303, 404, 404, 403, 403, 422]),
    ("GET", "/campaigns/{id}/table/map-picture", [303, 404, 404, 200, 200, 200]),
    // Without a file the umpire is asked for one; the players may not send one.
    ("POST", "/campaigns/{id}/table/map-picture", [303, 404, 404, 403, 403, 422]),
    ("POST", "/campaigns/{id}/table/map-picture/remove", [303, 404, 404, 403, 403, 303]),
    // Without a picture (and this table without a board) there is nothing to fit.
    ("POST", "/campaigns/{id}/table/map-picture/fit", [303, 404, 404, 403, 403, 409]),
    // The picture itself is 404 to anyone outside the campaign, signed in or not (and here to
    // everyone: none was sent).
    ("GET", "/campaigns/{id}/table/map-picture/image", [404, 404, 404, 404, 404, 404]),
    ("GET", "/campaigns/{id}/heroes", [303, 404, 404, 200, 200, 200]),
    ("POST", "/campaigns/{id}/heroes/obtain", [303, 404, 404, 403, 403, 404]),
    ("POST", "/campaigns/{id}/heroes/{hero}/fate", [303, 404, 404, 422, 422, 422]),
    ("GET", "/invites/{code}", [404, 404, 404, 404, 404, 404]),
    ("POST", "/invites/{code}/accept", [303, 404, 404, 404, 404, 404]),
    ("GET", "/healthz", [200, 200, 200, 200, 200, 200]),
    ("GET", "/readyz", [200, 200, 200, 200, 200, 200]),
    ("GET", "/static/{name}", [200, 200, 200, 200, 200, 200]),
    ("GET", "/campaigns/{id}/live", [303, 404, 404, 200, 200, 200]),
    ("GET", "/account", [303, 200, 200, 200, 200, 200]),
    ("GET", "/account/tokens", [303, 200, 200, 200, 200, 200]),
    ("POST", "/account/tokens", [303, 303, 303, 303, 303, 303]),
    ("POST", "/account/tokens/{id}/revoke", [303, 404, 404, 404, 404, 404]),
    ("POST", "/campaigns/{id}/invites/{code}/withdraw", [303, 404, 404, 403, 403, 404]),
    ("POST", "/campaigns/{id}/participants/{user_id}/remove", [303, 404, 404, 403, 403, 404]),
    ("POST", "/account/password", [303, 422, 422, 422, 422, 422]),
    ("POST", "/account/time-zone", [303, 303, 303, 303, 303, 303]),
    ("POST", "/account/sessions/others/end", [303, 303, 303, 303, 303, 303]),
    // Ends every session of each caller: only the sign-out may follow it.
    ("POST", "/account/sessions/end", [303, 303, 303, 303, 303, 303]),
    ("POST", "/signout", [303, 303, 303, 303, 303, 303]),
];

/// Every campaign-scoped route is tried on a campaign of its own, made fresh for the row.
struct Table {
    app: TestApp,
    tokens: [Option<String>; 6],
    browsers: [Client; 6],
}

async fn sign_in(app: &TestApp, name: &str) -> Client {
    let client = app.browser();
    let res = client
        .post(format!("{}/signin", app.url))
        .form(&[("username", name), ("password", "correct horse battery")])
        .send()
        .await
        .expect("signs in");
    assert!(
        res.status().is_redirection(),
        "{name} signs in: {}",
        res.status()
    );
    client
}

impl Table {
    async fn new() -> Table {
        let app = TestApp::spawn().await;
        let mut tokens: [Option<String>; 6] = Default::default();
        let mut browsers = Vec::new();
        browsers.push(app.browser());
        for (i, name) in ["stranger", "rival", "soviet", "finn", "umpire"]
            .iter()
            .enumerate()
        {
            let (_, token) = app.user(name).await;
            tokens[i + 1] = Some(token);
            browsers.push(sign_in(&app, name).await);
        }
        let rival = tokens[2].clone().expect("rival");
        app.campaign(&rival, "wons").await;
        let browsers: [Client; 6] = browsers
            .try_into()
            .unwrap_or_else(|_| panic!("six callers"));
        Table {
            app,
            tokens,
            browsers,
        }
    }

    /// A fresh campaign of `game` with the soviet, finnish and umpire callers in it.
    async fn campaign(&self, game: &str) -> String {
        let umpire = self.tokens[5].as_deref().expect("umpire");
        let id = self.app.campaign(umpire, game).await;
        let soviet = self.tokens[3].as_deref().expect("soviet");
        let finn = self.tokens[4].as_deref().expect("finn");
        self.app.join(umpire, &id, soviet, "soviet").await;
        self.app.join(umpire, &id, finn, "finnish").await;
        id
    }

    async fn statuses(&self, method: &str, path: &str) -> [u16; 6] {
        let assisted = [
            "/table",
            "/calculations",
            "/actions",
            "/units",
            "/charts",
            "/chart-sets",
        ];
        let game = if path.contains("/talvisota") {
            "talvisota"
        } else if assisted.iter().any(|a| path.contains(a)) {
            "red_winter"
        } else {
            "wons"
        };
        let id = if path.contains("{id}") {
            self.campaign(game).await
        } else {
            String::new()
        };
        let url = format!(
            "{}{}",
            self.app.url,
            path.replace("{id}", &id)
                .replace("{battle}", "1")
                .replace("{platoon}", "1")
                .replace("{hero}", "1")
                .replace("{n}", "1")
                .replace("{unit}", "00000000000000000000000000000001")
                .replace("{kind}", "calculation")
                .replace("{pack}", "red-winter-template.toml")
                .replace("{code}", "no-such-invite")
                .replace("{user_id}", "00000000-0000-4000-8000-000000000001")
                .replace(
                    "{name}",
                    if path.starts_with("/static") {
                        "motti.css"
                    } else {
                        "expression"
                    }
                )
        );
        let method: Method = method.parse().expect("a method");
        let api = path.starts_with("/api/");
        let mut out = [0; 6];
        for (i, status) in out.iter_mut().enumerate() {
            let req = if api {
                let req = self.app.api().request(method.clone(), &url);
                let req = if method == Method::GET {
                    req
                } else {
                    req.json(&json!({}))
                };
                match &self.tokens[i] {
                    Some(t) => req.bearer_auth(t),
                    None => req,
                }
            } else {
                let req = self.browsers[i].request(method.clone(), &url);
                if method == Method::GET {
                    req
                } else {
                    req.header("content-type", "application/x-www-form-urlencoded")
                        .body("")
                }
            };
            let res = req.send().await.expect("request");
            *status = res.status().as_u16();
        }
        out
    }
}

/// Every (method, path) the server routes: the API's from its document, the pages' from the list.
async fn routes(app: &TestApp) -> Vec<(String, String)> {
    let (status, doc) = app.get("/api/v1/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("methods").keys() {
            out.push((method.to_uppercase(), path.clone()));
        }
    }
    for (method, path) in motti::router::page_routes() {
        out.push((method.to_owned(), path.to_owned()));
    }
    // Ending sessions and signing out end the callers' sign-ins, so they are tried last.
    out.sort_by_key(|(method, path)| {
        method == "POST" && (path == "/account/sessions/end" || path == "/signout")
    });
    out
}

#[tokio::test]
async fn every_route_answers_each_caller_as_the_matrix_says() {
    let table = Table::new().await;
    let mut missing = Vec::new();
    let mut wrong = Vec::new();
    for (method, path) in routes(&table.app).await {
        let got = table.statuses(&method, &path).await;
        match MATRIX.iter().find(|(m, p, _)| *m == method && *p == path) {
            None => missing.push(format!("{method} {path} (it answered {got:?})")),
            Some((_, _, want)) if *want != got => {
                let cells: Vec<String> = CALLERS
                    .iter()
                    .zip(want.iter().zip(got.iter()))
                    .filter(|(_, (w, g))| w != g)
                    .map(|(c, (w, g))| format!("{c}: expected {w}, got {g}"))
                    .collect();
                wrong.push(format!("{method} {path}: {}", cells.join("; ")));
            }
            Some(_) => {}
        }
    }
    let listed: Vec<(String, String)> = routes(&table.app).await;
    let stale: Vec<String> = MATRIX
        .iter()
        .filter(|(m, p, _)| !listed.iter().any(|(lm, lp)| lm == m && lp == p))
        .map(|(m, p, _)| format!("{m} {p}"))
        .collect();
    assert!(
        missing.is_empty(),
        "these routes have no line in the authorization matrix (tests/integration/authz.rs, MATRIX); \
         add one with the status each caller must get:\n{}",
        missing.join("\n")
    );
    assert!(
        wrong.is_empty(),
        "routes answering differently from the matrix:\n{}",
        wrong.join("\n")
    );
    assert!(
        stale.is_empty(),
        "matrix lines for routes the server does not have:\n{}",
        stale.join("\n")
    );
}

/// A route of another game answers a participant exactly as it answers a stranger: 404, with the
/// same body, for WoNS's, Talvisota's and the assisted table's routes alike.
#[tokio::test]
async fn another_games_routes_answer_a_participant_as_a_stranger() {
    let app = TestApp::spawn().await;
    let (_, umpire) = app.user("umpire").await;
    let (_, stranger) = app.user("stranger").await;
    let wons = app.campaign(&umpire, "wons").await;
    let talvisota = app.campaign(&umpire, "talvisota").await;
    for (id, route) in [
        (&talvisota, "wons/view"),
        (&talvisota, "wons/heroes"),
        (&talvisota, "wons/events"),
        (&wons, "talvisota/view"),
        (&wons, "talvisota/events"),
        (&wons, "table"),
        (&talvisota, "charts"),
    ] {
        let path = format!("/api/v1/campaigns/{id}/{route}");
        let (status, body) = app.get(&path, Some(&umpire)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{route}: {body}");
        assert_eq!(
            app.get(&path, Some(&stranger)).await,
            (status, body),
            "{route}"
        );
    }
}
