//! The map picture of an assisted campaign: the umpire sends a scan or photo of the printed map
//! (PNG, JPEG or WebP, up to 25 MB), the server keeps it written again as a JPEG of at most
//! 4096 pixels a side (`board::picture`), the participants alone may fetch it, and once the
//! umpire has said where two hexes lie on it the board is drawn over it. Never part of a pack.

use super::board_page;
use super::view::DeskView;
use super::{KeptDesk, TableAccess, kept_desk};
use crate::core::error::AppError;
use crate::core::heavy;
use crate::db::pictures::{self, NewPicture, PictureMeta};
use crate::games::assisted::board::picture::{self as pic, PictureError};
use crate::games::assisted::board::svg::{self, Backdrop};
use crate::games::assisted::pack::loaded::LoadedPack;
use crate::state::AppState;
use crate::web::CampaignAccess;
use crate::web::body_limit::LARGE_BODY_LIMIT;
use crate::web::form::Fields;
use crate::web::pages::{Nav, render_with};
use askama::Template;
use axum::Router;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Form, Multipart, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::time::Duration;
use tokio::sync::Semaphore;

/// The routes (listed in `pages::PAGE_ROUTES`).
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/campaigns/{id}/table/map-picture",
            get(page)
                .post(upload)
                .layer(DefaultBodyLimit::max(LARGE_BODY_LIMIT)),
        )
        .route("/campaigns/{id}/table/map-picture/remove", post(remove))
        .route("/campaigns/{id}/table/map-picture/fit", post(fit))
        .route("/campaigns/{id}/table/map-picture/image", get(image))
}

/// Uploads read at once: each holds up to 25 MB of body and a bounded decoder, so two at a time
/// keep the memory they take bounded whatever arrives.
static READING: Semaphore = Semaphore::const_new(2);

/// One reference hex and where it lies on the picture, in the picture's pixels.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Anchor {
    /// The hex's id as the pack numbers it.
    pub hex: String,
    /// Pixels from the picture's left edge.
    pub x: f64,
    /// Pixels from its top edge.
    pub y: f64,
}

/// Where the grid lies on the picture: two hexes.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Fit {
    /// The first reference hex.
    pub a: Anchor,
    /// The second.
    pub b: Anchor,
}

fn href(campaign: uuid::Uuid, etag: &str) -> String {
    format!("/campaigns/{campaign}/table/map-picture/image?v={etag}")
}

/// The picture under the board, once fitted.
fn backdrop(loaded: &LoadedPack, campaign: uuid::Uuid, meta: &PictureMeta) -> Option<Backdrop> {
    let fit: Fit = serde_json::from_value(meta.fit.as_ref()?.0.clone()).ok()?;
    let a = loaded.grid.parse(&fit.a.hex).ok()?;
    let b = loaded.grid.parse(&fit.b.hex).ok()?;
    let matrix = pic::placement(
        (fit.a.x, fit.a.y),
        svg::hex_point(&loaded.grid, a),
        (fit.b.x, fit.b.y),
        svg::hex_point(&loaded.grid, b),
    )?;
    Some(Backdrop {
        href: href(campaign, &meta.etag),
        width: u32::try_from(meta.width).ok()?,
        height: u32::try_from(meta.height).ok()?,
        matrix,
    })
}

/// The board of a kept desk for `view`'s reader, over the map picture once it is fitted;
/// `None` for a table started without a pack.
pub async fn board(
    state: &AppState,
    access: &TableAccess,
    desk: &dyn KeptDesk,
    view: &DeskView,
) -> Result<Option<String>, AppError> {
    let Some(loaded) = desk.loaded() else {
        return Ok(None);
    };
    let meta = pictures::meta(&state.db, access.id()).await?;
    let under = meta.and_then(|m| backdrop(&loaded, access.id(), &m));
    Ok(Some(board_page::render_over(&loaded, view, under.as_ref())))
}

/// The fit form as shown: filled in from what was sent or stored, or two hexes of the grid.
struct FitForm {
    hex_a: String,
    x_a: String,
    y_a: String,
    hex_b: String,
    x_b: String,
    y_b: String,
}

#[derive(Template)]
#[template(path = "games/assisted/map_picture.html")]
struct PicturePage {
    nav: Nav,
    campaign_id: uuid::Uuid,
    game: String,
    may_change: bool,
    has_board: bool,
    /// The picture: where it is served, its width and height.
    picture: Option<(String, i32, i32)>,
    etag: String,
    fitted: bool,
    /// The map's hexes to lay over the picture while the umpire fits the grid.
    fit_grid: Option<String>,
    form: FitForm,
    error: Option<String>,
    field: String,
}

async fn picture_page(
    state: &AppState,
    access: &TableAccess,
    sent: Option<&Fields>,
    error: Option<&AppError>,
) -> Result<Response, AppError> {
    let loaded = kept_desk(state, access).await?.loaded();
    let meta = pictures::meta(&state.db, access.id()).await?;
    let stored_fit: Option<Fit> = meta
        .as_ref()
        .and_then(|m| m.fit.as_ref())
        .and_then(|f| serde_json::from_value(f.0.clone()).ok());
    let (first, last) = loaded
        .as_deref()
        .map(|l| {
            let mut hexes = l.grid.hexes();
            let first = hexes.next().map(|h| l.grid.id(h)).unwrap_or_default();
            let last = l
                .grid
                .hexes()
                .last()
                .map(|h| l.grid.id(h))
                .unwrap_or_default();
            (first, last)
        })
        .unwrap_or_default();
    let (w, h) = meta.as_ref().map_or((0, 0), |m| (m.width, m.height));
    let form = match (sent, &stored_fit) {
        (Some(f), _) => FitForm {
            hex_a: f.get("hex_a").to_owned(),
            x_a: f.get("x_a").to_owned(),
            y_a: f.get("y_a").to_owned(),
            hex_b: f.get("hex_b").to_owned(),
            x_b: f.get("x_b").to_owned(),
            y_b: f.get("y_b").to_owned(),
        },
        (None, Some(fit)) => FitForm {
            hex_a: fit.a.hex.clone(),
            x_a: format!("{:.0}", fit.a.x),
            y_a: format!("{:.0}", fit.a.y),
            hex_b: fit.b.hex.clone(),
            x_b: format!("{:.0}", fit.b.x),
            y_b: format!("{:.0}", fit.b.y),
        },
        (None, None) => FitForm {
            hex_a: first,
            x_a: (w / 10).to_string(),
            y_a: (h / 10).to_string(),
            hex_b: last,
            x_b: (w - w / 10).to_string(),
            y_b: (h - h / 10).to_string(),
        },
    };
    let status = error.map_or(StatusCode::OK, |e| e.status);
    let may_change = access.umpire_powers() && !access.membership.campaign.is_finished();
    Ok(render_with(
        status,
        &PicturePage {
            nav: Nav::for_user(&access.user),
            campaign_id: access.id(),
            game: access.game().title().into(),
            may_change,
            has_board: loaded.is_some(),
            picture: meta
                .as_ref()
                .map(|m| (href(access.id(), &m.etag), m.width, m.height)),
            etag: meta.as_ref().map(|m| m.etag.clone()).unwrap_or_default(),
            fitted: stored_fit.is_some(),
            fit_grid: loaded
                .as_deref()
                .filter(|_| meta.is_some() && may_change)
                .map(board_page::map_layer),
            form,
            error: error.map(|e| e.message.clone()),
            field: error.and_then(|e| e.field).unwrap_or_default().to_owned(),
        },
    ))
}

/// `GET /campaigns/{id}/table/map-picture`: the picture, and for the umpire its forms.
pub async fn page(
    State(state): State<AppState>,
    access: TableAccess,
) -> Result<Response, AppError> {
    picture_page(&state, &access, None, None).await
}

/// After a form: back to the page, or the page again with the refusal beside its field.
async fn answer(
    state: &AppState,
    access: &TableAccess,
    sent: Option<&Fields>,
    result: Result<(), AppError>,
) -> Result<Response, AppError> {
    match result {
        Ok(()) => Ok(
            Redirect::to(&format!("/campaigns/{}/table/map-picture", access.id())).into_response(),
        ),
        Err(e) if e.status.is_client_error() && e.status != StatusCode::NOT_FOUND => {
            picture_page(state, access, sent, Some(&e)).await
        }
        Err(e) => Err(e),
    }
}

fn may_change(access: &TableAccess) -> Result<(), AppError> {
    access.require_umpire("change the map picture")?;
    access.require_open()
}

fn refused(e: &PictureError) -> AppError {
    let (status, code) = match e {
        PictureError::TooLarge => (StatusCode::PAYLOAD_TOO_LARGE, "too_large"),
        PictureError::NotAPicture => (StatusCode::UNSUPPORTED_MEDIA_TYPE, "not_a_picture"),
        _ => (StatusCode::UNPROCESSABLE_ENTITY, "unreadable_picture"),
    };
    AppError::new(status, code, e.to_string()).on_field("picture")
}

fn too_large() -> AppError {
    refused(&PictureError::TooLarge)
}

/// The file sent as `picture`, read to at most `pic::MAX_BYTES`.
async fn file_of(multipart: Result<Multipart, MultipartRejection>) -> Result<Vec<u8>, AppError> {
    let unread = |status: StatusCode| {
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            too_large()
        } else {
            AppError::invalid(
                "no_picture",
                "Choose a PNG, JPEG or WebP picture of the map, then send it.",
            )
            .on_field("picture")
        }
    };
    let mut multipart = multipart.map_err(|e| unread(e.status()))?;
    while let Some(mut field) = multipart
        .next_field()
        .await
        .map_err(|e| unread(e.status()))?
    {
        if field.name() != Some("picture") {
            continue;
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(|e| unread(e.status()))? {
            if bytes.len() + chunk.len() > pic::MAX_BYTES {
                return Err(too_large());
            }
            bytes.extend_from_slice(&chunk);
        }
        return Ok(bytes);
    }
    Err(unread(StatusCode::UNPROCESSABLE_ENTITY))
}

async fn keep(
    state: &AppState,
    access: &TableAccess,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(), AppError> {
    may_change(access)?;
    let _reading = tokio::time::timeout(Duration::from_secs(10), READING.acquire())
        .await
        .map_err(|_| AppError::busy())?
        .map_err(AppError::internal)?;
    let bytes = file_of(multipart).await?;
    let kept = heavy::UPLOADS
        .run(move || pic::read(&bytes).map_err(|e| refused(&e)))
        .await?;
    let digest = Sha256::digest(&kept.bytes);
    let etag = hex::encode(&digest[..16]);
    pictures::put(
        &state.db,
        access.id(),
        access.user.id,
        NewPicture {
            bytes: &kept.bytes,
            content_type: pic::CONTENT_TYPE,
            etag: &etag,
            width: i32::try_from(kept.width).map_err(AppError::internal)?,
            height: i32::try_from(kept.height).map_err(AppError::internal)?,
        },
    )
    .await?;
    Ok(())
}

/// `POST /campaigns/{id}/table/map-picture`: keeps the picture sent as `picture` (multipart),
/// replacing any earlier one and its fit.
pub async fn upload(
    State(state): State<AppState>,
    access: TableAccess,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, AppError> {
    let result = keep(&state, &access, multipart).await;
    answer(&state, &access, None, result).await
}

/// `POST /campaigns/{id}/table/map-picture/remove`: removes the picture.
pub async fn remove(
    State(state): State<AppState>,
    access: TableAccess,
) -> Result<Response, AppError> {
    let result = match may_change(&access) {
        Ok(()) => pictures::remove(&state.db, access.id())
            .await
            .map(|_| ())
            .map_err(AppError::from),
        Err(e) => Err(e),
    };
    answer(&state, &access, None, result).await
}

fn anchor(
    loaded: &LoadedPack,
    meta: &PictureMeta,
    f: &Fields,
    which: char,
) -> Result<Anchor, AppError> {
    let (hex_f, x_f, y_f): (&'static str, &'static str, &'static str) = if which == 'a' {
        ("hex_a", "x_a", "y_a")
    } else {
        ("hex_b", "x_b", "y_b")
    };
    let hex = f.get(hex_f).trim();
    let on_grid = loaded
        .grid
        .parse(hex)
        .ok()
        .filter(|h| loaded.grid.contains(*h));
    let Some(hex) = on_grid else {
        return Err(AppError::invalid(
            "unknown_hex",
            format!(
                "“{hex}” is not a hex of this map: give a hex id as the map prints it, e.g. {}.",
                loaded
                    .grid
                    .hexes()
                    .next()
                    .map(|h| loaded.grid.id(h))
                    .unwrap_or_default()
            ),
        )
        .on_field(hex_f));
    };
    let number = |field: &'static str, most: i32| {
        f.get(field)
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v >= 0.0 && *v <= f64::from(most))
            .ok_or_else(|| {
                AppError::invalid(
                    "off_picture",
                    format!(
                        "Give a number of pixels from 0 to {most} (the picture is {} × {}).",
                        meta.width, meta.height
                    ),
                )
                .on_field(field)
            })
    };
    Ok(Anchor {
        hex: loaded.grid.id(hex),
        x: number(x_f, meta.width)?,
        y: number(y_f, meta.height)?,
    })
}

async fn set_fit(state: &AppState, access: &TableAccess, f: &Fields) -> Result<(), AppError> {
    may_change(access)?;
    let loaded = kept_desk(state, access).await?.loaded().ok_or_else(|| {
        AppError::conflict(
            "no_board",
            "This table has no board to fit (it was not started from a scenario pack).",
        )
    })?;
    let meta = pictures::meta(&state.db, access.id())
        .await?
        .ok_or_else(|| {
            AppError::conflict(
                "no_picture",
                "Send a picture of the map first, then fit the grid to it.",
            )
        })?;
    let fit = Fit {
        a: anchor(&loaded, &meta, f, 'a')?,
        b: anchor(&loaded, &meta, f, 'b')?,
    };
    if fit.a.hex == fit.b.hex {
        return Err(AppError::invalid(
            "same_hex",
            "Choose two different hexes, far apart on the map.",
        )
        .on_field("hex_b"));
    }
    if (fit.a.x - fit.b.x).hypot(fit.a.y - fit.b.y) < 1.0 {
        return Err(AppError::invalid(
            "same_point",
            "Put the two hexes at different places on the picture.",
        )
        .on_field("x_b"));
    }
    let value = serde_json::to_value(&fit).map_err(AppError::internal)?;
    if !pictures::set_fit(&state.db, access.id(), f.get("etag"), &value).await? {
        return Err(AppError::conflict(
            "picture_changed",
            "The picture changed since this page was shown: fit the grid to the new one.",
        ));
    }
    Ok(())
}

/// `POST /campaigns/{id}/table/map-picture/fit`: where two hexes lie on the picture.
pub async fn fit(
    State(state): State<AppState>,
    access: TableAccess,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    let result = set_fit(&state, &access, &fields).await;
    answer(&state, &access, Some(&fields), result).await
}

/// `GET /campaigns/{id}/table/map-picture/image`: the picture, to the campaign's participants
/// only (404 to anyone else, signed in or not), with its tag for `If-None-Match`.
pub async fn image(
    State(state): State<AppState>,
    access: Result<CampaignAccess, AppError>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let access = access.map_err(|_| AppError::not_found())?;
    let picture = pictures::bytes(&state.db, access.id())
        .await?
        .ok_or_else(AppError::not_found)?;
    let tag = format!("\"{}\"", picture.etag);
    let matches = headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == tag || t == "*");
    let common = [
        (header::CACHE_CONTROL, "private, no-cache".to_owned()),
        (header::ETAG, tag),
    ];
    if matches {
        return Ok((StatusCode::NOT_MODIFIED, common).into_response());
    }
    Ok((
        common,
        [(header::CONTENT_TYPE, picture.content_type)],
        picture.bytes,
    )
        .into_response())
}
