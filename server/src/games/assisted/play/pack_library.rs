//! Scenario packs users import, of every game that keeps packs (the assisted games' packs, a
//! Winter of No Surrender pack, a Talvisota counter set): checked by the game's own pack reader
//! (errors name the line and the key), kept by their owner, replaced, published for everyone or
//! withdrawn, exported as TOML, and started from like a shipped pack. A campaign keeps its own copy of the text it started from,
//! so a later edit changes no campaign; the worked-out pack of a text is kept in a bounded
//! cache keyed by the text's SHA-256.

use super::packs;
use crate::core::domain::Game;
use crate::core::error::AppError;
use crate::db;
use crate::games::assisted::pack::error::{PackError, PackErrors};
use crate::games::assisted::pack::loaded::LoadedPack;
use crate::state::AppState;
use crate::web::ApiJson;
use crate::web::auth::CurrentUser;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
use std::sync::{Arc, LazyLock};
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

/// The most packs a listing shows.
const LISTED: i64 = 500;

/// The worked-out packs of the texts campaigns started from, by the text's SHA-256.
static CACHE: LazyLock<moka::sync::Cache<[u8; 32], Arc<LoadedPack>>> =
    LazyLock::new(|| moka::sync::Cache::new(64));

/// The worked-out pack of `text`, a campaign's own copy of an imported pack (checked when the
/// campaign started); `None` if it no longer reads.
pub fn loaded(text: &str) -> Option<Arc<LoadedPack>> {
    let key: [u8; 32] = Sha256::digest(text.as_bytes()).into();
    if let Some(hit) = CACHE.get(&key) {
        return Some(hit);
    }
    let loaded = Arc::new(LoadedPack::read(text).ok()?);
    CACHE.insert(key, loaded.clone());
    Some(loaded)
}

/// The problems of a pack as one sentence a person can act on: each with its line and key.
pub fn sentence(errors: &PackErrors) -> String {
    let shown: Vec<String> = errors
        .0
        .iter()
        .take(10)
        .map(|e| match (e.line, e.key.is_empty()) {
            (0, true) => e.message.clone(),
            (0, false) => format!("at {}: {}", e.key, e.message),
            (line, true) => format!("line {line}: {}", e.message),
            (line, false) => format!("line {line}, at {}: {}", e.key, e.message),
        })
        .collect();
    let more = errors.0.len().saturating_sub(shown.len());
    let more = if more > 0 {
        format!(" (and {more} more)")
    } else {
        String::new()
    };
    format!(
        "The pack does not read: {}{more}.",
        shown.join("; ").trim_end_matches('.')
    )
}

/// A game's own reader of the packs users import, as the library asks for it through the
/// registry (`Module::pack_reader`): what one of its packs is called, how its text reads, and
/// where a new campaign's scenario takes the text of an imported pack. The library keeps every
/// game's packs the same way; only the reading is the game's.
pub trait PackReader: Send + Sync {
    /// The game.
    fn game(&self) -> Game;
    /// What one of its packs is called ("scenario pack", "counter set").
    fn noun(&self) -> &'static str;
    /// Whether its packs say their game on a top-level `game` line (the assisted games' do), so
    /// that an import need not choose it.
    fn names_its_game(&self) -> bool;
    /// The commented file a pack of the game may start from, as words and where it is served,
    /// when the game's pack is not among the shipped packs and templates.
    fn example(&self) -> Option<(&'static str, &'static str)> {
        None
    }
    /// Reads `text` (already within the size, nesting and character limits) as a pack of the
    /// game: its title, or why not, each problem with its line and key.
    fn read(&self, text: &str) -> Result<String, Unread>;
    /// The scenario of a new campaign started from an imported pack with text `text`: `sent`,
    /// the object that names the pack as `pack`, with the text where the game takes it (the
    /// campaign's own copy); 422 on `scenario` when `sent` cannot go with a pack.
    fn with_text(&self, sent: Map<String, Value>, text: String) -> Result<Value, AppError>;
}

/// The pack reader of `game`, when the game keeps packs in the library.
fn reader(game: Game) -> Option<&'static dyn PackReader> {
    crate::games::registry::pack_reader(game)
}

/// Every game whose packs the library keeps, in the order pages list them.
pub fn readers() -> impl Iterator<Item = &'static dyn PackReader> {
    crate::games::registry::GAMES
        .iter()
        .filter_map(|m| m.pack_reader())
}

/// The assisted game `D`'s packs: read by the kit's pack reader (`LoadedPack`).
pub struct AssistedPacks<D>(pub std::marker::PhantomData<fn() -> D>);

impl<D: super::Declarations> PackReader for AssistedPacks<D> {
    fn game(&self) -> Game {
        D::GAME
    }
    fn noun(&self) -> &'static str {
        "scenario pack"
    }
    fn names_its_game(&self) -> bool {
        true
    }
    fn read(&self, text: &str) -> Result<String, Unread> {
        let loaded = LoadedPack::read(text).map_err(Unread::Errors)?;
        let named = loaded.pack.game;
        if named != D::GAME {
            return Err(Unread::OtherGame {
                named,
                asked: D::GAME,
            });
        }
        Ok(title(&loaded.pack.scenario.name))
    }
    fn with_text(&self, mut sent: Map<String, Value>, text: String) -> Result<Value, AppError> {
        // `pack` stays: the campaign records which pack it started from.
        sent.insert("pack_text".into(), text.into());
        Ok(Value::Object(sent))
    }
}

/// Why a text is not kept as a pack, before a page or the API words it.
pub enum Unread {
    /// Nothing was sent.
    Empty,
    /// The reader's problems, each with its line and key.
    Errors(PackErrors),
    /// The pack is for another game than the one asked.
    OtherGame {
        /// The game the pack names.
        named: Game,
        /// The game asked.
        asked: Game,
    },
    /// The pack names a game whose packs do not name their game (or that takes none): the
    /// import must choose the game.
    NoPacks(Game),
    /// No game was chosen and the text names none.
    Unnamed,
}

/// The size, nesting and character limits every pack is held to before it is read, whatever
/// its game.
fn within_limits(text: &str) -> Result<(), Unread> {
    let problem = |line: usize, message: String| {
        Unread::Errors(PackErrors(vec![PackError {
            line,
            key: String::new(),
            message,
        }]))
    };
    crate::core::nesting::refuse(text).map_err(|(line, message)| problem(line, message))?;
    if let Some(c) = crate::core::text::forbidden_char(text, true) {
        let at = text.find(c).unwrap_or(0);
        let line = text[..at].bytes().filter(|b| *b == b'\n').count() + 1;
        return Err(problem(
            line,
            format!(
                "the text contains the control character U+{:04X}; only tabs and line breaks are allowed",
                u32::from(c)
            ),
        ));
    }
    Ok(())
}

/// The game a text names on its top-level `game` line, if it names one the server knows.
fn named_game(text: &str) -> Option<Game> {
    text.lines()
        .map(str::trim_start)
        .take_while(|l| !l.starts_with('['))
        .find_map(|l| l.strip_prefix("game")?.trim_start().strip_prefix('='))
        .and_then(|v| crate::games::registry::product_game(v.trim().trim_matches('"')))
}

/// Reads `text` as a pack of `game`, or, without one, of the game its `game` line names: the
/// game and the pack's title.
pub fn read(game: Option<Game>, text: &str) -> Result<(Game, String), Unread> {
    if text.trim().is_empty() {
        return Err(Unread::Empty);
    }
    let game = match game {
        Some(game) => game,
        None => match named_game(text) {
            Some(named) if reader(named).is_some_and(|r| r.names_its_game()) => named,
            Some(named) => return Err(Unread::NoPacks(named)),
            None => return Err(Unread::Unnamed),
        },
    };
    let reader = reader(game).ok_or(Unread::NoPacks(game))?;
    within_limits(text)?;
    Ok((game, reader.read(text)?))
}

/// A pack's title as kept: its name, at most 200 letters.
pub fn title(name: &str) -> String {
    name.chars().take(200).collect()
}

/// Reads and checks `text` as a pack of the assisted game `game`: the worked-out pack, or 422
/// on `field` naming the line and key of each problem.
pub fn check(game: Game, text: &str, field: &'static str) -> Result<LoadedPack, AppError> {
    if text.trim().is_empty() {
        return Err(refusal(Unread::Empty).on_field(field));
    }
    let loaded = LoadedPack::read(text).map_err(|e| refusal(Unread::Errors(e)).on_field(field))?;
    let named = loaded.pack.game;
    if named != game {
        let unread = Unread::OtherGame { named, asked: game };
        return Err(refusal(unread).on_field(field));
    }
    Ok(loaded)
}

/// Why a text is not kept, as the API words it: 422 naming the line and key of each problem.
fn refusal(unread: Unread) -> AppError {
    match unread {
        Unread::Empty => AppError::invalid(
            "invalid_pack",
            "The pack is empty: paste a pack's TOML text (the templates show every field).",
        ),
        Unread::Errors(e) => AppError::invalid("invalid_pack", sentence(&e)),
        Unread::NoPacks(named) if reader(named).is_none() => AppError::invalid(
            "unknown_game",
            format!("{} takes no scenario pack.", named.title()),
        ),
        Unread::NoPacks(named) => AppError::invalid(
            "unknown_game",
            format!(
                "A {} {} does not name its game: send 'game' with the text.",
                named.title(),
                reader(named).map_or("pack", |r| r.noun())
            ),
        ),
        Unread::Unnamed => AppError::invalid(
            "unknown_game",
            "The text names no game: send 'game' with the text.",
        ),
        Unread::OtherGame { named, asked } => AppError::invalid(
            "wrong_game",
            format!(
                "line 1, at game: the pack is for {}, not {}; choose that game or change the pack's 'game'.",
                named.title(),
                asked.title()
            ),
        ),
    }
}

/// [`read`] for `game` on the upload pool (a big pack holds no request thread while it is
/// read): the text and its title, or 422 on `text` naming the line and key of each problem.
async fn check_off_thread(game: Game, text: String) -> Result<(String, String), AppError> {
    crate::core::heavy::UPLOADS
        .run(move || {
            let (_, title) = read(Some(game), &text).map_err(|u| refusal(u).on_field("text"))?;
            Ok((text, title))
        })
        .await
}

/// A game whose packs the library keeps, by code; 422 on `game` otherwise.
fn pack_game(code: &str) -> Result<Game, AppError> {
    crate::games::registry::product_game(code)
        .filter(|g| reader(*g).is_some())
        .ok_or_else(|| {
            let codes: Vec<&str> = readers().map(|r| r.game().code()).collect();
            AppError::invalid(
                "unknown_game",
                format!(
                    "'{code}' takes no scenario pack: 'game' may be {}.",
                    codes.join(", ")
                ),
            )
            .on_field("game")
        })
}

/// A pack as listed.
#[derive(Debug, Serialize, ToSchema)]
pub struct PackInfo {
    /// What to send as the scenario's `pack` and the export's id: the shipped code, or the
    /// imported pack's id.
    pub id: String,
    /// The game's code.
    pub game: String,
    /// Its title (the scenario's name).
    pub title: String,
    /// `shipped`, `mine` or `published`.
    pub source: String,
    /// Who imported it (none for a shipped pack).
    pub owner: Option<String>,
    /// Whether everyone may see and use it (a shipped pack always).
    pub published: bool,
    /// When it was imported or last replaced (none for a shipped pack).
    #[serde(with = "time::serde::rfc3339::option")]
    pub updated_at: Option<OffsetDateTime>,
}

impl PackInfo {
    fn of_row(row: &db::packs::PackRow, user: Uuid) -> PackInfo {
        PackInfo {
            id: row.id.to_string(),
            game: row.game.clone(),
            title: row.title.clone(),
            source: if row.owner == user {
                "mine"
            } else {
                "published"
            }
            .into(),
            owner: Some(row.owner_name.clone()),
            published: row.published,
            updated_at: Some(row.updated_at),
        }
    }

    fn of_shipped(s: &packs::Shipped) -> PackInfo {
        PackInfo {
            id: s.code.into(),
            game: s.game.into(),
            title: s.title.into(),
            source: "shipped".into(),
            owner: None,
            published: true,
            updated_at: None,
        }
    }
}

/// The packs `user` may start from: shipped, their own, and published, of `game` when given.
pub async fn list(
    state: &AppState,
    user: Uuid,
    game: Option<Game>,
) -> Result<Vec<PackInfo>, AppError> {
    let mut all: Vec<PackInfo> = packs::SHIPPED
        .iter()
        .filter(|s| game.is_none_or(|g| g.code() == s.game))
        .map(PackInfo::of_shipped)
        .collect();
    let rows = db::packs::visible(&state.db, user, game.map(Game::code), LISTED).await?;
    all.extend(rows.iter().map(|r| PackInfo::of_row(r, user)));
    Ok(all)
}

/// An imported pack `user` may see (their own, or published); 404 otherwise.
pub async fn visible(
    state: &AppState,
    user: Uuid,
    id: Uuid,
) -> Result<db::packs::PackRow, AppError> {
    db::packs::get(&state.db, id)
        .await?
        .filter(|r| r.owner == user || r.published)
        .ok_or_else(AppError::not_found)
}

/// An imported pack `user` owns; 404 otherwise (another's pack is not theirs to change).
pub(super) async fn owned(
    state: &AppState,
    user: Uuid,
    id: Uuid,
) -> Result<db::packs::PackRow, AppError> {
    db::packs::get(&state.db, id)
        .await?
        .filter(|r| r.owner == user)
        .ok_or_else(AppError::not_found)
}

/// Imports a pack for `user`; answers it as listed.
pub async fn import(
    state: &AppState,
    user: Uuid,
    game: &str,
    text: String,
) -> Result<PackInfo, AppError> {
    let game = pack_game(game)?;
    let (text, title) = check_off_thread(game, text).await?;
    let id = db::packs::insert(&state.db, game.code(), &title, &text, user).await?;
    let row = owned(state, user, id).await?;
    Ok(PackInfo::of_row(&row, user))
}

/// Replaces the text of `user`'s pack; campaigns started from it keep their own copy.
pub async fn replace(
    state: &AppState,
    user: Uuid,
    id: Uuid,
    text: String,
) -> Result<PackInfo, AppError> {
    let row = owned(state, user, id).await?;
    let game = pack_game(&row.game)?;
    let (text, title) = check_off_thread(game, text).await?;
    if !db::packs::replace(&state.db, id, user, &title, &text).await? {
        return Err(AppError::not_found());
    }
    Ok(PackInfo::of_row(&owned(state, user, id).await?, user))
}

/// Publishes or withdraws `user`'s pack.
pub async fn set_published(
    state: &AppState,
    user: Uuid,
    id: Uuid,
    published: bool,
) -> Result<PackInfo, AppError> {
    if !db::packs::set_published(&state.db, id, user, published).await? {
        return Err(AppError::not_found());
    }
    Ok(PackInfo::of_row(&owned(state, user, id).await?, user))
}

/// The TOML text of pack `id` (a shipped code or an imported pack's id) and a file name for it.
pub async fn export(state: &AppState, user: Uuid, id: &str) -> Result<(String, String), AppError> {
    if let Some(s) = packs::SHIPPED.iter().find(|s| s.code == id) {
        return Ok((s.source.to_owned(), format!("{}.toml", s.code)));
    }
    if let Some(t) = TEMPLATES.iter().find(|t| t.0 == id) {
        return Ok((t.1.to_owned(), format!("{}.toml", t.0)));
    }
    let id = Uuid::parse_str(id).map_err(|_| AppError::not_found())?;
    let row = visible(state, user, id).await?;
    Ok((
        row.text,
        format!("{}-{}.toml", row.game.replace('_', "-"), row.id),
    ))
}

/// The templates served for download: every field a game's pack uses, values to be entered.
pub const TEMPLATES: &[(&str, &str)] = &[
    (
        "red-winter-template",
        crate::games::assisted::pack::RED_WINTER_TEMPLATE,
    ),
    (
        "a-winter-war-template",
        crate::games::assisted::pack::A_WINTER_WAR_TEMPLATE,
    ),
];

/// A TOML file to download.
pub fn toml_file(text: String, name: &str) -> Response {
    (
        [
            (
                header::CONTENT_TYPE,
                "application/toml; charset=utf-8".to_owned(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        text,
    )
        .into_response()
}

/// What `scenario.pack` names when it is an imported pack `user` may use: the scenario with
/// the pack's text where `game` takes it, the campaign's own copy (see
/// [`PackReader::with_text`]). A shipped code, or no pack, leaves the scenario as sent; an id
/// of no pack of `game` the user may use is 422 on `scenario`.
pub async fn with_text(
    state: &AppState,
    user: Uuid,
    game: Game,
    scenario: Option<Value>,
) -> Result<Option<Value>, AppError> {
    let Some(reader) = reader(game) else {
        return Ok(scenario);
    };
    let Some(Value::Object(object)) = scenario else {
        return Ok(scenario);
    };
    let Some(id) = object
        .get("pack")
        .and_then(|p| p.as_str())
        .and_then(|p| Uuid::parse_str(p).ok())
    else {
        return Ok(Some(Value::Object(object)));
    };
    let row = visible(state, user, id)
        .await
        .ok()
        .filter(|r| r.game == game.code())
        .ok_or_else(|| {
            AppError::invalid(
                "unknown_pack",
                format!(
                    "There is no {} {} with that id that is yours or published.",
                    game.title(),
                    reader.noun()
                ),
            )
            .on_field("scenario")
        })?;
    reader.with_text(object, row.text).map(Some)
}

/// The body of an import.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ImportIn {
    /// The game: `wons`, `talvisota` (a counter set), `red_winter`, `winter_war` or
    /// `a_winter_war`.
    pub game: String,
    /// The pack's TOML text (at most 512 KiB).
    pub text: String,
}

/// The body of a replacement.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReplaceIn {
    /// The pack's new TOML text (at most 512 KiB), for the same game.
    pub text: String,
}

/// `GET /api/v1/packs`: the packs the caller may start from.
#[utoipa::path(get, path = "/api/v1/packs", tag = "assisted",
    responses((status = 200, body = [PackInfo])), security(("bearer" = [])))]
pub async fn api_pack_list(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Vec<PackInfo>>, AppError> {
    Ok(Json(list(&state, user.id, None).await?))
}

/// `POST /api/v1/packs`: imports a pack; 422 naming the line and key of each problem.
#[utoipa::path(post, path = "/api/v1/packs", tag = "assisted", request_body = ImportIn,
    responses((status = 201, body = PackInfo),
              (status = 422, description = "the pack does not read: line and key named")),
    security(("bearer" = [])))]
pub async fn api_pack_import(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(body): ApiJson<ImportIn>,
) -> Result<(StatusCode, Json<PackInfo>), AppError> {
    let info = import(&state, user.id, &body.game, body.text).await?;
    Ok((StatusCode::CREATED, Json(info)))
}

/// `GET /api/v1/packs/{id}`: the pack's TOML text (a shipped code, a template's name, or an
/// imported pack that is the caller's or published).
#[utoipa::path(get, path = "/api/v1/packs/{id}", tag = "assisted",
    params(("id" = String, Path, description = "shipped code, template name or imported pack id")),
    responses((status = 200, description = "the TOML text", content_type = "application/toml"),
              (status = 404, description = "no such pack the caller may see")),
    security(("bearer" = [])))]
pub async fn api_pack_export(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let (text, name) = export(&state, user.id, &id).await?;
    Ok(toml_file(text, &name))
}

/// `PUT /api/v1/packs/{id}`: replaces the text of the caller's pack.
#[utoipa::path(put, path = "/api/v1/packs/{id}", tag = "assisted", request_body = ReplaceIn,
    params(("id" = Uuid, Path, description = "imported pack id")),
    responses((status = 200, body = PackInfo), (status = 404, description = "not the caller's pack"),
              (status = 422, description = "the pack does not read: line and key named")),
    security(("bearer" = [])))]
pub async fn api_pack_replace(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<Uuid>,
    ApiJson(body): ApiJson<ReplaceIn>,
) -> Result<Json<PackInfo>, AppError> {
    Ok(Json(replace(&state, user.id, id, body.text).await?))
}

/// `POST /api/v1/packs/{id}/publish`: offers the caller's pack to everyone.
#[utoipa::path(post, path = "/api/v1/packs/{id}/publish", tag = "assisted",
    params(("id" = Uuid, Path, description = "imported pack id")),
    responses((status = 200, body = PackInfo), (status = 404, description = "not the caller's pack")),
    security(("bearer" = [])))]
pub async fn api_pack_publish(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<Uuid>,
) -> Result<Json<PackInfo>, AppError> {
    Ok(Json(set_published(&state, user.id, id, true).await?))
}

/// `POST /api/v1/packs/{id}/unpublish`: withdraws the caller's pack (campaigns started from it
/// keep their copy).
#[utoipa::path(post, path = "/api/v1/packs/{id}/unpublish", tag = "assisted",
    params(("id" = Uuid, Path, description = "imported pack id")),
    responses((status = 200, body = PackInfo), (status = 404, description = "not the caller's pack")),
    security(("bearer" = [])))]
pub async fn api_pack_unpublish(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<Uuid>,
) -> Result<Json<PackInfo>, AppError> {
    Ok(Json(set_published(&state, user.id, id, false).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(code: &str) -> Game {
        crate::games::registry::product_game(code).expect("a game")
    }

    #[test]
    fn the_game_a_text_names_is_read_from_its_top_level_game_line_only() {
        assert_eq!(
            named_game("# game = \"wons\"\nformat = 1\ngame = \"winter_war\"\n"),
            Some(game("winter_war"))
        );
        assert_eq!(named_game("games = 2\n[scenario]\ngame = \"wons\"\n"), None);
        assert_eq!(named_game("game = \"chess\"\n"), None);
        assert_eq!(named_game("title = \"x\"\n[[unit]]\n"), None);
    }

    #[test]
    fn every_game_keeps_its_packs_in_the_library_with_its_own_reader() {
        let games: Vec<Game> = readers().map(|r| r.game()).collect();
        let all: Vec<Game> = crate::games::registry::GAMES
            .iter()
            .map(|m| m.game())
            .collect();
        assert_eq!(games, all);
        assert!(matches!(
            read(None, "title = \"x\"\n"),
            Err(Unread::Unnamed)
        ));
        assert!(matches!(
            read(None, "game = \"wons\"\n"),
            Err(Unread::NoPacks(g)) if g == game("wons")
        ));
        let bell = read(Some(game("talvisota")), "title = \"x\u{7}\"\n");
        assert!(
            matches!(&bell, Err(Unread::Errors(e)) if e.0[0].message.contains("U+0007")),
            "the limits hold before the game's reader"
        );
    }
}
