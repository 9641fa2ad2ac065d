//! The pages of the scenario pack library: the packs a user may start from (theirs and the
//! published ones, with the shipped templates and examples to download), importing a pack by
//! pasting its text or choosing its file, and a pack's own page, where its owner edits the text.
//! A refused text comes back as it was sent, with each of the reader's problems on its own line
//! naming the line and key.

use super::pack_library::{self, TEMPLATES, toml_file};
use super::packs::SHIPPED;
use crate::core::domain::Game;
use crate::core::error::AppError;
use crate::db;
use crate::db::users::User;
use crate::games::assisted::pack::error::PackErrors;
use crate::state::AppState;
use crate::web::auth::{CurrentUser, MaybeUser};
use crate::web::form::Fields;
use crate::web::pages::{Due, Nav, render, render_with};
use askama::Template;
use axum::Router;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Form, Multipart, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use uuid::Uuid;

/// The page routes (method, path) `router` registers.
pub const PAGE_ROUTES: &[(&str, &str)] = &[
    ("GET", "/packs"),
    ("GET", "/packs/import"),
    ("POST", "/packs/import"),
    ("GET", "/packs/{pack}"),
    ("POST", "/packs/{pack}"),
    ("POST", "/packs/{pack}/publish"),
    ("POST", "/packs/{pack}/unpublish"),
];

/// The pages.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/packs", get(list))
        .route("/packs/import", get(import_form).post(import))
        .route("/packs/{pack}", get(show).post(save))
        .route("/packs/{pack}/publish", post(publish))
        .route("/packs/{pack}/unpublish", post(unpublish))
}

/// One problem of a refused text, for people: where it is, the key, and what is wrong.
pub struct Problem {
    /// "Line 122, at", "Line 3", "At" or nothing.
    pub place: String,
    /// The key as a path (`setup[1].units[0].count`), shown as code; may be empty.
    pub key: String,
    /// What is wrong.
    pub message: String,
}

impl Problem {
    fn new(line: usize, key: &str, message: impl Into<String>) -> Problem {
        let place = match (line, key.is_empty()) {
            (0, true) => String::new(),
            (0, false) => "At".to_owned(),
            (line, true) => format!("Line {line}"),
            (line, false) => format!("Line {line}, at"),
        };
        Problem {
            place,
            key: key.to_owned(),
            message: message.into(),
        }
    }

    fn of(errors: &PackErrors) -> Vec<Problem> {
        errors
            .0
            .iter()
            .map(|e| Problem::new(e.line, &e.key, e.message.clone()))
            .collect()
    }
}

/// Why a text was not kept: the reader's problems, shown beside the text, or another refusal.
enum Refused {
    Problems(Vec<Problem>),
    Error(AppError),
}

impl From<AppError> for Refused {
    fn from(e: AppError) -> Refused {
        Refused::Error(e)
    }
}

/// The line of the text's top-level `game` key (1 when it has none).
fn game_line(text: &str) -> usize {
    text.lines()
        .position(|l| {
            l.trim_start()
                .strip_prefix("game")
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .map_or(1, |i| i + 1)
}

/// Reads `text` as a pack, of `game` when given, else of the game its `game` line names, on
/// the upload pool (`pack_library::read`): the pack's game and its title, or each problem with
/// its line and key.
async fn read(game: Option<Game>, text: String) -> Result<(Game, String, String), Refused> {
    use pack_library::Unread;
    crate::core::heavy::UPLOADS
        .run(move || {
            let problems = match pack_library::read(game, &text) {
                Ok((game, title)) => return Ok(Ok((game, title, text))),
                Err(Unread::Empty) => vec![Problem::new(
                    0,
                    "",
                    "The pack is empty: paste a pack's text or choose its file (the templates below show every field).",
                )],
                Err(Unread::Errors(errors)) => Problem::of(&errors),
                Err(Unread::OtherGame { named, asked }) => vec![Problem::new(
                    game_line(&text),
                    "game",
                    format!(
                        "the pack is for {}, not {}; a pack keeps its game.",
                        named.title(),
                        asked.title()
                    ),
                )],
                Err(Unread::NoPacks(named)) => vec![Problem::new(
                    game_line(&text),
                    "game",
                    format!(
                        "only Red Winter, Winter War and A Winter War packs name their game; for {}, choose the game above the text and leave this line out.",
                        named.title()
                    ),
                )],
                Err(Unread::Unnamed) => vec![Problem::new(
                    0,
                    "",
                    "The text names no game: choose the game above the text (a Winter of No Surrender pack and a Talvisota counter set do not name theirs).",
                )],
            };
            Ok(Err(problems))
        })
        .await?
        .map_err(Refused::Problems)
}

/// A game to choose on the import form: its code and its words.
pub struct GameChoice {
    code: &'static str,
    words: String,
}

/// The games whose packs the library keeps, to choose on the import form.
fn game_choices() -> Vec<GameChoice> {
    pack_library::readers()
        .map(|r| GameChoice {
            code: r.game().code(),
            words: format!("{} (a {})", r.game().title(), r.noun()),
        })
        .collect()
}

/// The text of a form's `text` field exactly as sent (not trimmed).
fn sent_text(fields: &Fields) -> String {
    fields
        .0
        .iter()
        .find(|(k, _)| k == "text")
        .map(|(_, v)| v.clone())
        .unwrap_or_default()
}

/// A pack as the list shows it.
struct Listed {
    /// Its page.
    href: String,
    /// Its file.
    file: String,
    game: &'static str,
    name: String,
    owner: String,
    published: bool,
    changed: Due,
    /// Whether the reader owns it (and may publish, withdraw and edit it).
    mine: bool,
}

impl Listed {
    fn of(row: &db::packs::PackRow, user: &User) -> Listed {
        Listed {
            href: format!("/packs/{}", row.id),
            file: format!("/packs/{}.toml", row.id),
            game: crate::games::registry::product_game(&row.game).map_or("", Game::title),
            name: row.title.clone(),
            owner: row.owner_name.clone(),
            published: row.published,
            changed: Due::of(row.updated_at, &user.zone()),
            mine: row.owner == user.id,
        }
    }
}

/// A shipped file to start from: a template or an example.
struct Starter {
    words: String,
    file: String,
}

/// The shipped templates, then the shipped scenarios, then the other games' commented files,
/// as files to start from.
fn starters() -> Vec<Starter> {
    let templates = TEMPLATES.iter().filter_map(|(code, _)| {
        let game = SHIPPED
            .iter()
            .find(|s| code.starts_with(s.game.replace('_', "-").as_str()))
            .and_then(|s| crate::games::registry::product_game(s.game))?;
        Some(Starter {
            words: format!("Start from the template for {}", game.title()),
            file: format!("/packs/{code}.toml"),
        })
    });
    let shipped = SHIPPED.iter().map(|s| Starter {
        words: format!("Start from {}", s.title),
        file: format!("/packs/{}.toml", s.code),
    });
    let examples = pack_library::readers()
        .filter_map(|r| r.example())
        .map(|(words, file)| Starter {
            words: words.to_owned(),
            file: file.to_owned(),
        });
    templates.chain(shipped).chain(examples).collect()
}

#[derive(Template)]
#[template(path = "games/assisted/packs.html")]
struct ListPage {
    nav: Nav,
    starters: Vec<Starter>,
    mine: Vec<Listed>,
    others: Vec<Listed>,
}

/// `GET /packs`: the reader's packs and the published ones, and the files to start from.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Response, AppError> {
    let rows = db::packs::visible(&state.db, user.id, None, 500).await?;
    let (mine, others): (Vec<Listed>, Vec<Listed>) = rows
        .iter()
        .map(|r| Listed::of(r, &user))
        .partition(|l| l.mine);
    Ok(render(&ListPage {
        nav: Nav::for_user(&user),
        starters: starters(),
        mine,
        others,
    }))
}

#[derive(Template)]
#[template(path = "games/assisted/pack_import.html")]
struct ImportPage {
    nav: Nav,
    starters: Vec<Starter>,
    games: Vec<GameChoice>,
    /// The game chosen (empty: the one the text names).
    game: String,
    text: String,
    problems: Vec<Problem>,
}

fn import_page(user: &User, sent: Sent, problems: Vec<Problem>) -> ImportPage {
    ImportPage {
        nav: Nav::for_user(user),
        starters: starters(),
        games: game_choices(),
        game: sent.game,
        text: sent.text,
        problems,
    }
}

/// What an import form sent: the game chosen (empty for the one the text names) and the text.
#[derive(Default)]
struct Sent {
    game: String,
    text: String,
}

/// `GET /packs/import`: the import form.
pub async fn import_form(CurrentUser(user): CurrentUser) -> Response {
    render(&import_page(&user, Sent::default(), Vec::new()))
}

/// The game chosen and the text of an import: the chosen file's when one was sent, else the
/// box's, exactly as sent.
async fn import_text(multipart: Result<Multipart, MultipartRejection>) -> Result<Sent, Refused> {
    let unread = |status: StatusCode| {
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            "The pack is far larger than a pack may be (at most 512 KiB, about 500,000 letters): check that you chose the right file."
        } else {
            "The form did not arrive whole: paste the pack's text or choose its file again."
        };
        Refused::Problems(vec![Problem::new(0, "", message)])
    };
    let mut multipart = multipart.map_err(|e| unread(e.status()))?;
    let (mut game, mut text, mut file) = (String::new(), String::new(), Vec::new());
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|e| unread(e.status()))?
    {
        match field.name() {
            Some("game") => game = field.text().await.map_err(|e| unread(e.status()))?,
            Some("text") => text = field.text().await.map_err(|e| unread(e.status()))?,
            Some("file") => file = field.bytes().await.map_err(|e| unread(e.status()))?.into(),
            _ => {}
        }
    }
    if file.is_empty() {
        return Ok(Sent { game, text });
    }
    let text = String::from_utf8(file).map_err(|_| {
        Refused::Problems(vec![Problem::new(
            0,
            "",
            "The file is not UTF-8 text: save the pack as a plain text file and choose it again.",
        )])
    })?;
    Ok(Sent { game, text })
}

/// `POST /packs/import` (a form with the text, or a `.toml` file): keeps the pack as the
/// reader's and goes to the list; a text that does not read comes back with its problems.
pub async fn import(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, AppError> {
    let sent = match import_text(multipart).await {
        Ok(sent) => sent,
        Err(refused) => return refused_import(&user, Sent::default(), refused),
    };
    // A game the form does not offer is the text's own choice, as when none is chosen.
    let game = crate::games::registry::product_game(&sent.game);
    match keep(&state, user.id, game, sent.text.clone()).await {
        Ok(()) => Ok(Redirect::to("/packs").into_response()),
        Err(refused) => refused_import(&user, sent, refused),
    }
}

/// Keeps `text` as a new pack of `user`, of `game`, or of the game it names.
async fn keep(
    state: &AppState,
    user: Uuid,
    game: Option<Game>,
    text: String,
) -> Result<(), Refused> {
    let (game, title, text) = read(game, text).await?;
    db::packs::insert(&state.db, game.code(), &title, &text, user)
        .await
        .map_err(AppError::from)?;
    Ok(())
}

/// The import form again as sent, with its problems; any other refusal as it is.
fn refused_import(user: &User, sent: Sent, refused: Refused) -> Result<Response, AppError> {
    match refused {
        Refused::Problems(problems) => Ok(render_with(
            StatusCode::UNPROCESSABLE_ENTITY,
            &import_page(user, sent, problems),
        )),
        Refused::Error(e) => Err(e),
    }
}

#[derive(Template)]
#[template(path = "games/assisted/pack.html")]
struct PackPage {
    nav: Nav,
    pack: Listed,
    text: String,
    problems: Vec<Problem>,
}

/// An imported pack's id from the path; 404 for anything else.
fn pack_id(pack: &str) -> Result<Uuid, AppError> {
    Uuid::parse_str(pack).map_err(|_| AppError::not_found())
}

/// `GET /packs/{pack}`: the pack's page (its owner edits the text there); with `.toml` after
/// the name, its file: a shipped pack or template for anyone, an imported pack for those who
/// may see it.
pub async fn show(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Path(pack): Path<String>,
) -> Result<Response, AppError> {
    if let Some(code) = pack.strip_suffix(".toml") {
        let shipped = SHIPPED.iter().any(|s| s.code == code);
        let template = TEMPLATES.iter().any(|t| t.0 == code);
        let user = match user {
            Some(user) => user.id,
            None if shipped || template => Uuid::nil(),
            None => return Err(AppError::unauthorized()),
        };
        let (text, name) = pack_library::export(&state, user, code).await?;
        return Ok(toml_file(text, &name));
    }
    let user = user.ok_or_else(AppError::unauthorized)?;
    let row = pack_library::visible(&state, user.id, pack_id(&pack)?).await?;
    Ok(render(&PackPage {
        nav: Nav::for_user(&user),
        pack: Listed::of(&row, &user),
        text: row.text,
        problems: Vec::new(),
    }))
}

/// `POST /packs/{pack}`: replaces the text of the reader's pack and goes to the list; a text
/// that does not read comes back as sent, with its problems.
pub async fn save(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(pack): Path<String>,
    Form(fields): Form<Fields>,
) -> Result<Response, AppError> {
    let id = pack_id(&pack)?;
    let row = pack_library::owned(&state, user.id, id).await?;
    let text = sent_text(&fields);
    let result = replace(&state, &row, text.clone()).await;
    match result {
        Ok(()) => Ok(Redirect::to("/packs").into_response()),
        Err(Refused::Problems(problems)) => Ok(render_with(
            StatusCode::UNPROCESSABLE_ENTITY,
            &PackPage {
                nav: Nav::for_user(&user),
                pack: Listed::of(&row, &user),
                text,
                problems,
            },
        )),
        Err(Refused::Error(e)) => Err(e),
    }
}

/// Replaces the text of pack `row` (its owner's) with `text`, checked for the pack's game.
async fn replace(state: &AppState, row: &db::packs::PackRow, text: String) -> Result<(), Refused> {
    let game = crate::games::registry::product_game(&row.game).ok_or_else(|| {
        AppError::internal(format!(
            "pack {}: the stored game code '{}' names no game this server plays",
            row.id, row.game
        ))
    })?;
    let (_, title, text) = read(Some(game), text).await?;
    let replaced = db::packs::replace(&state.db, row.id, row.owner, &title, &text)
        .await
        .map_err(AppError::from)?;
    if !replaced {
        return Err(AppError::not_found().into());
    }
    Ok(())
}

/// `POST /packs/{pack}/publish`: offers the reader's pack to everyone.
pub async fn publish(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(pack): Path<String>,
) -> Result<Redirect, AppError> {
    pack_library::set_published(&state, user.id, pack_id(&pack)?, true).await?;
    Ok(Redirect::to("/packs"))
}

/// `POST /packs/{pack}/unpublish`: withdraws the reader's pack (campaigns keep their copy).
pub async fn unpublish(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(pack): Path<String>,
) -> Result<Redirect, AppError> {
    pack_library::set_published(&state, user.id, pack_id(&pack)?, false).await?;
    Ok(Redirect::to("/packs"))
}

/// One group of the new-campaign form's scenario choice.
pub struct PackGroup {
    /// "Shipped", "Yours" or "Published by others".
    pub label: &'static str,
    /// Each choice.
    pub choices: Vec<PackChoice>,
}

/// One scenario a new campaign may start from.
pub struct PackChoice {
    /// What the form sends as `pack`.
    pub value: String,
    /// Its words.
    pub words: String,
    /// The code of its game, so the form offers it only with that game chosen.
    pub game: String,
}

/// The scenarios a new campaign of `user` may start from: the shipped packs, theirs, and those
/// others published, of every game, each named with its game.
pub async fn choices(state: &AppState, user: Uuid) -> Result<Vec<PackGroup>, AppError> {
    let rows = db::packs::visible(&state.db, user, None, 500).await?;
    let choice = |r: &db::packs::PackRow, by: Option<&str>| {
        let game = crate::games::registry::product_game(&r.game).map_or("", Game::title);
        let words = match by {
            Some(owner) => format!("{game}: {}, by {owner}", r.title),
            None => format!("{game}: {}", r.title),
        };
        PackChoice {
            value: r.id.to_string(),
            words,
            game: r.game.clone(),
        }
    };
    let shipped = SHIPPED
        .iter()
        .map(|s| PackChoice {
            value: s.code.to_owned(),
            words: s.title.to_owned(),
            game: s.game.to_owned(),
        })
        .collect();
    let yours = rows
        .iter()
        .filter(|r| r.owner == user)
        .map(|r| choice(r, None))
        .collect();
    let others = rows
        .iter()
        .filter(|r| r.owner != user)
        .map(|r| choice(r, Some(&r.owner_name)))
        .collect();
    Ok([
        ("Shipped", shipped),
        ("Yours", yours),
        ("Published by others", others),
    ]
    .into_iter()
    .filter(|(_, c): &(_, Vec<_>)| !c.is_empty())
    .map(|(label, choices)| PackGroup { label, choices })
    .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_says_where_it_is_in_words() {
        let p = Problem::new(122, "setup[1].units[0].count", "not a number");
        assert_eq!(
            (p.place.as_str(), p.key.as_str()),
            ("Line 122, at", "setup[1].units[0].count")
        );
        assert_eq!(Problem::new(3, "", "x").place, "Line 3");
        assert_eq!(Problem::new(0, "map", "x").place, "At");
        assert_eq!(Problem::new(0, "", "x").place, "");
    }

    #[test]
    fn the_game_line_is_found_and_defaults_to_the_first() {
        assert_eq!(game_line("# game = x\n\nformat = 1\ngame = \"wons\"\n"), 4);
        assert_eq!(game_line("format = 1\ngames = 2\n"), 1);
    }

    #[test]
    fn every_game_with_a_template_is_named_by_it() {
        let words: Vec<String> = starters().into_iter().map(|s| s.words).collect();
        assert!(
            words.contains(&"Start from the template for Red Winter".to_owned()),
            "{words:?}"
        );
        assert!(
            words.contains(&"Start from the template for A Winter War".to_owned()),
            "{words:?}"
        );
        assert!(
            words.contains(&"Start from Talvisota's default counter set".to_owned()),
            "{words:?}"
        );
        assert_eq!(words.len(), TEMPLATES.len() + SHIPPED.len() + 2);
    }
}
