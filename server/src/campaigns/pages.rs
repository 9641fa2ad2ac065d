//! Campaign pages: the list with its creation form, the campaign page and finishing.

use crate::campaigns::api::{self as campaigns, NewCampaign};
use crate::campaigns::invite_section::InviteSection;
use crate::campaigns::pace::PaceView;
use crate::campaigns::pace_section::{PaceSection, pace_words};
use crate::campaigns::view::CampaignView;
use crate::campaigns::your_move::{Line, awaited_words, lines};
use crate::core::error::AppError;
use crate::core::text::{Label, PlainText};
use crate::db;
use crate::db::standing::Standing;
use crate::state::AppState;
use crate::web::CampaignAccess;
use crate::web::auth::CurrentUser;
use crate::web::pages::Due;
use crate::web::pages::{Nav, render, render_with};
use askama::Template;
use axum::extract::{Form, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use tower_sessions::Session;
use uuid::Uuid;

#[derive(Template)]
#[template(path = "core/campaigns/list.html")]
struct ListPage {
    nav: Nav,
    campaigns: Vec<Line>,
    games: Vec<(&'static str, &'static str)>,
    name: String,
    game: String,
    name_error: Option<String>,
    game_error: Option<String>,
    scenario: String,
    scenario_error: Option<String>,
    /// The packs new campaigns may start from (shipped, the user's, published), in
    /// groups, and the one chosen.
    packs: Vec<crate::games::registry::PackGroup>,
    pack: String,
    /// The codes of the games that start from scenario packs (the pack field shows for them).
    pack_games: String,
    /// The games' own parts of the form (Talvisota's tick boxes), as HTML.
    own_options: Vec<String>,
    /// The assisted games' options and their scenarios' options, as typed fields.
    game_options: Vec<crate::games::registry::GameOptions>,
}

async fn list_page(
    state: &AppState,
    user: &db::users::User,
    form: &NewCampaign,
) -> Result<ListPage, AppError> {
    let campaigns = lines(state, user).await?;
    let waiting = campaigns.iter().filter(|c| c.your_move.is_some()).count();
    Ok(ListPage {
        nav: Nav {
            waiting: i64::try_from(waiting).unwrap_or(i64::MAX),
            ..Nav::for_user(user)
        },
        campaigns,
        games: state
            .games
            .known()
            .iter()
            .map(|g| (g.code(), g.title()))
            .collect(),
        name: form.name.to_string(),
        game: form.game.clone(),
        name_error: None,
        game_error: None,
        scenario: form
            .scenario
            .as_ref()
            .and_then(|s| s.as_str())
            .unwrap_or_default()
            .to_owned(),
        scenario_error: None,
        packs: crate::games::registry::pack_choices(state, user.id).await?,
        pack: String::new(),
        pack_games: crate::games::registry::pack_games(state),
        own_options: crate::games::registry::own_option_forms(
            state,
            &crate::web::form::Fields(Vec::new()),
        ),
        game_options: crate::games::registry::option_forms(state, None),
    })
}

/// `GET /campaigns`.
pub async fn list(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Response, AppError> {
    Ok(render(
        &list_page(&state, &user, &NewCampaign::default()).await?,
    ))
}

/// The campaign creation form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct CampaignForm {
    name: Label,
    game: String,
    scenario: PlainText,
    /// The assisted games: a shipped pack's code, an imported pack's id, or empty.
    pack: String,
    /// Every other field: the games' own options (Talvisota's tick boxes), the assisted games'
    /// options (`option.<game>.<option>`) and their scenarios' options
    /// (`pack_option.<pack>.<option>`), each name sent once.
    #[serde(flatten)]
    rest: std::collections::BTreeMap<String, String>,
}

/// What the form sends as `scenario`: the box's text, with the chosen shipped pack added as
/// `pack` (to the JSON object in the box, or as the whole scenario when the box is empty). Text
/// that is not a JSON object goes as it is, to be refused with the reason.
fn with_pack(text: &str, pack: &str) -> Option<serde_json::Value> {
    if pack.is_empty() {
        return Some(text.to_owned())
            .filter(|s| !s.is_empty())
            .map(serde_json::Value::String);
    }
    if text.is_empty() {
        return Some(serde_json::json!({ "pack": pack }));
    }
    if crate::core::nesting::refuse(text).is_err() {
        return Some(serde_json::Value::String(text.to_owned()));
    }
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(serde_json::Value::Object(mut object)) => {
            object.insert("pack".into(), pack.into());
            Some(serde_json::Value::Object(object))
        }
        _ => Some(serde_json::Value::String(text.to_owned())),
    }
}

/// `POST /campaigns`: creates a campaign, or shows the form again with the error next to its field.
pub async fn create(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Form(form): Form<CampaignForm>,
) -> Result<Response, AppError> {
    let text = form.scenario.trim().to_owned();
    let pack = form.pack.trim().to_owned();
    let game = crate::games::registry::game(&state, &form.game);
    let assisted = game.is_some_and(|g| crate::games::registry::play(&state, g).is_some());
    // An assisted game's options come from their typed fields (the box is for a pack's text).
    let typed = crate::web::form::Fields(form.rest.into_iter().collect());
    let from_fields = match game {
        Some(game) if text.is_empty() => {
            crate::games::registry::scenario_from_form(&state, game, &pack, &typed)
        }
        _ => None,
    };
    let own =
        game.and_then(|g| crate::games::registry::own_scenario(&state, g, &pack, &text, &typed));
    let mut refused_options = None;
    let mut refused_own = None;
    let scenario = match (from_fields, own) {
        (Some(Ok(scenario)), _) | (None, Some(Ok(scenario))) => Some(scenario),
        (Some(Err(part)), _) => {
            refused_options = Some(part);
            None
        }
        (None, Some(Err(e))) => {
            refused_own = Some(e);
            None
        }
        (None, None) => with_pack(&text, pack.as_str()),
    };
    let new = NewCampaign {
        name: form.name,
        game: form.game,
        scenario,
    };
    let result = if refused_options.is_some() {
        Err(AppError::invalid(
            "invalid_scenario",
            "Some options cannot be read; see the messages beside them.",
        )
        .on_field("scenario"))
    } else if !pack.is_empty() && !assisted && !text.is_empty() {
        Err(AppError::invalid(
            "invalid_scenario",
            "Choose a scenario pack or paste one, not both: empty the box, or choose 'None' above it.",
        )
        .on_field("scenario"))
    } else if let Some(e) = refused_own {
        Err(e)
    } else {
        campaigns::create(&state, user.id, &new).await
    };
    match result {
        Ok(id) => Ok(Redirect::to(&format!("/campaigns/{id}")).into_response()),
        Err(e) if e.field.is_some() => {
            let mut page = list_page(&state, &user, &new).await?;
            page.scenario = text;
            page.pack = pack;
            page.own_options = crate::games::registry::own_option_forms(&state, &typed);
            page.game_options = crate::games::registry::option_forms(&state, Some(&typed));
            if let Some(part) = refused_options {
                for shown in &mut page.game_options {
                    if shown.game == part.game {
                        *shown = part;
                        break;
                    }
                }
            }
            match e.field {
                Some("game") => page.game_error = Some(e.message),
                Some("scenario") => page.scenario_error = Some(e.message),
                _ => page.name_error = Some(e.message),
            }
            Ok(render_with(e.status, &page))
        }
        Err(e) => Err(e),
    }
}

#[derive(Template)]
#[template(path = "core/campaigns/show.html")]
struct ShowPage {
    nav: Nav,
    view: CampaignView,
    game_title: &'static str,
    game_status: String,
    game_link: Option<String>,
    finished: bool,
    is_umpire: bool,
    rolls_made: i64,
    my_seed: String,
    participants: Vec<crate::campaigns::view::ParticipantView>,
    invites: Option<InviteSection>,
    view_user: Uuid,
    /// Where the game stands, in words.
    standing: Option<Standing>,
    /// What the game waits for from the reader, if anything.
    your_move: Option<String>,
    /// Whom else the game waits for, in words ("the Soviet player: orders for Hour 3").
    others: Vec<String>,
    /// The current deadline, if any.
    deadline: Option<Due>,
    /// When the server acts if nobody has (the deadline plus the grace), when it differs.
    acts_at: Option<Due>,
    /// When the campaign was paused, if it is.
    paused: Option<Due>,
    /// The pace in words.
    pace_words: String,
    /// The umpire's pace controls, as filled in.
    pace: Option<PaceSection>,
    /// The quick deadlines offered, in hours from now.
    quick_hours: [u32; 3],
}

/// The campaign page; `invites` is the umpire's invite section, `status` the answer's status
/// (a refused invite form comes back with its error).
pub async fn show_page(
    state: &AppState,
    access: &CampaignAccess,
    invites: Option<InviteSection>,
    pace: Option<PaceSection>,
    status: StatusCode,
) -> Result<Response, AppError> {
    let view = campaigns::view(state, access).await?;
    let row = &access.membership.campaign;
    let clock = PaceView::of(row);
    let standing = row.standing().cloned();
    let role = access.role();
    let live = !row.is_finished();
    let zone = access.user.zone();
    let pace = (access.umpire_powers() && live)
        .then(|| pace.unwrap_or_else(|| PaceSection::of(&clock, &zone)));
    let my_seed = view
        .participants
        .iter()
        .find(|p| p.user_id == access.user.id)
        .and_then(|p| p.client_seed.clone())
        .unwrap_or_default();
    Ok(render_with(
        status,
        &ShowPage {
            nav: Nav::with_waiting(&state.db, access).await?,
            game_title: view.game.title(),
            game_status: view.module.message.clone(),
            game_link: crate::games::registry::page(state, view.game)
                .map(|area| format!("/campaigns/{}/{area}", view.id)),
            finished: view.status == "finished",
            is_umpire: access.umpire_powers(),
            rolls_made: view.dice.rolls,
            participants: view.participants.clone(),
            my_seed,
            invites,
            view_user: access.user.id,
            your_move: standing
                .as_ref()
                .filter(|_| live)
                .and_then(|s| s.awaits(role).map(str::to_owned)),
            others: standing
                .as_ref()
                .filter(|_| live)
                .map(|s| {
                    s.awaited
                        .iter()
                        .filter(|a| a.role != role)
                        .map(awaited_words)
                        .collect()
                })
                .unwrap_or_default(),
            standing,
            deadline: clock.deadline.filter(|_| live).map(|at| Due::of(at, &zone)),
            acts_at: clock
                .acts_at
                .filter(|_| live && clock.grace_minutes > 0)
                .map(|at| Due::of(at, &zone)),
            paused: clock
                .paused_at
                .filter(|_| live)
                .map(|at| Due::of(at, &zone)),
            quick_hours: crate::campaigns::pace_section::QUICK_HOURS,
            pace_words: pace_words(&clock),
            pace,
            view,
        },
    ))
}

/// `GET /campaigns/{id}`: the campaign page, with a just-made invite link shown once.
pub async fn show(
    State(state): State<AppState>,
    access: CampaignAccess,
    session: Session,
    headers: axum::http::HeaderMap,
) -> Result<Response, AppError> {
    // The page shows the reader's own seed and, once, an invite link just made (kept in the
    // session): its tag digests the page as sent, so it never stands for another.
    let peek = headers.contains_key(crate::web::pages::REFRESH_HEADER);
    crate::web::etag::page(&headers, &access, "campaign-page", async {
        let invites =
            crate::campaigns::invite_section::section_of(&state, &access, &session, None, peek)
                .await?;
        show_page(&state, &access, invites, None, StatusCode::OK).await
    })
    .await
}

/// `POST /campaigns/{id}/finish`.
pub async fn finish(
    State(state): State<AppState>,
    access: CampaignAccess,
) -> Result<Redirect, AppError> {
    campaigns::finish(&state, &access).await?;
    Ok(Redirect::to(&format!("/campaigns/{}", access.id())))
}

/// The client seed form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct SeedForm {
    seed: Label,
    /// `tray` when the form was sent from the dice tray, which it returns to.
    back: String,
}

/// `POST /campaigns/{id}/client-seed`.
pub async fn client_seed(
    State(state): State<AppState>,
    access: CampaignAccess,
    Form(form): Form<SeedForm>,
) -> Result<Redirect, AppError> {
    campaigns::set_client_seed(&state, &access, form.seed.trim()).await?;
    let page = if form.back == "tray" { "/dice" } else { "" };
    Ok(Redirect::to(&format!("/campaigns/{}{page}", access.id())))
}
