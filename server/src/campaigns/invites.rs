//! Invite links through the API: made with a number of uses and an expiry, listed, withdrawn,
//! accepted; and removing a participant. The campaign pages call the same functions.

use crate::core::domain::Role;
use crate::core::error::AppError;
use crate::db;
use crate::db::invites::InviteRow;
use crate::db::readers::Readers;
use crate::state::AppState;
use crate::web::auth::CurrentUser;
use crate::web::{ApiJson, CampaignAccess};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use time::{Duration, OffsetDateTime};
use utoipa::ToSchema;
use uuid::Uuid;

/// Uses of a new invite when the umpire does not choose.
pub const DEFAULT_USES: i32 = 1;
/// Days a new invite lasts when the umpire does not choose.
pub const DEFAULT_DAYS: i64 = 7;
const MAX_USES: i32 = 100;
const MAX_DAYS: i64 = 365;

/// An invite to make.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct NewInvite {
    /// `soviet`, `finnish` or `umpire`.
    pub role: String,
    /// How many people may join with it, 1 to 100; 1 when absent.
    pub uses: Option<i32>,
    /// Days until it expires, 1 to 365; 7 when absent.
    pub expires_in_days: Option<i64>,
    /// Someone with an account here to send the link to, through their notifications.
    pub username: Option<String>,
}

/// Where an invite stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum InviteState {
    /// It admits people.
    Open,
    /// Every use was taken.
    UsedUp,
    /// Its time ran out.
    Expired,
    /// The umpire withdrew it.
    Withdrawn,
}

impl InviteState {
    /// Where `invite` stands at `now`.
    pub fn of(invite: &InviteRow, now: OffsetDateTime) -> InviteState {
        if invite.withdrawn_at.is_some() {
            InviteState::Withdrawn
        } else if invite.expires_at.is_some_and(|at| at <= now) {
            InviteState::Expired
        } else if invite.uses_left.is_some_and(|n| n <= 0) {
            InviteState::UsedUp
        } else {
            InviteState::Open
        }
    }

    /// 410 for an invite that no longer admits anyone; `None` while it is open.
    pub fn refusal(self) -> Option<AppError> {
        let (code, message) = match self {
            InviteState::Open => return None,
            InviteState::UsedUp => (
                "invite_used_up",
                "Every use of this invite link has been taken; ask the umpire for a new one.",
            ),
            InviteState::Expired => (
                "invite_expired",
                "This invite link has expired; ask the umpire for a new one.",
            ),
            InviteState::Withdrawn => (
                "invite_withdrawn",
                "The umpire withdrew this invite link; ask the umpire for a new one.",
            ),
        };
        Some(AppError::new(StatusCode::GONE, code, message))
    }
}

/// An invite link as the umpire sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct InviteOut {
    /// The code.
    pub code: String,
    /// The link to send.
    pub url: String,
    /// The role it grants.
    pub role: Role,
    /// Uses left; null: unlimited (invites made before uses were counted).
    pub uses_left: Option<i32>,
    /// When it expires; null: never (invites made before expiry existed).
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub expires_at: Option<OffsetDateTime>,
    /// Where it stands.
    pub state: InviteState,
}

fn invite_out(state: &AppState, row: InviteRow, now: OffsetDateTime) -> InviteOut {
    InviteOut {
        url: format!("{}/invites/{}", state.config.public_url, row.code),
        role: row.role,
        state: InviteState::of(&row, now),
        uses_left: row.uses_left,
        expires_at: row.expires_at,
        code: row.code,
    }
}

/// Makes an invite link; umpire only.
pub async fn invite(
    state: &AppState,
    access: &CampaignAccess,
    form: &NewInvite,
) -> Result<InviteOut, AppError> {
    access.require_umpire("make invite links")?;
    access.require_open()?;
    let role: Role = form
        .role
        .parse()
        .map_err(|m: String| AppError::invalid("unknown_role", m).on_field("role"))?;
    if role == Role::Finnish && access.membership.campaign.solo {
        return Err(AppError::invalid(
            "solo_side",
            "In a solo campaign the server plays the Finns: invite a Soviet player or an umpire.",
        )
        .on_field("role"));
    }
    let uses = form.uses.unwrap_or(DEFAULT_USES);
    if !(1..=MAX_USES).contains(&uses) {
        return Err(AppError::invalid(
            "invalid_uses",
            format!("An invite admits 1 to {MAX_USES} people."),
        )
        .on_field("uses"));
    }
    let days = form.expires_in_days.unwrap_or(DEFAULT_DAYS);
    if !(1..=MAX_DAYS).contains(&days) {
        return Err(AppError::invalid(
            "invalid_expiry",
            format!("An invite lasts 1 to {MAX_DAYS} days."),
        )
        .on_field("expires_in_days"));
    }
    let invitee = match form.username.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(name) => Some(db::users::id_by_name(&state.db, name).await?.ok_or_else(|| {
            AppError::invalid(
                "unknown_user",
                format!("Nobody is called '{name}' here; check the name, or send the link yourself."),
            )
            .on_field("username")
        })?),
    };
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(AppError::internal)?;
    let code = hex::encode(bytes);
    let now = OffsetDateTime::now_utc();
    let expires_at = now + Duration::days(days);
    db::invites::insert(
        &state.db,
        &code,
        access.id(),
        role,
        access.user.id,
        Some(uses),
        Some(expires_at),
    )
    .await?;
    state.notes.send(umpire_only().payload(access.id()));
    let row = db::invites::by_code(&state.db, &code, false)
        .await?
        .ok_or_else(|| AppError::internal("the new invite was not found"))?;
    let out = invite_out(state, row, now);
    if let Some(user) = invitee {
        let campaign = &access.membership.campaign;
        let words = crate::notify::notices::invited(
            &access.user.username,
            &campaign.name,
            access.game().title(),
            role,
            &out.url,
        );
        db::notify::enqueue_personal(&state.db, user, &words.subject, &words.body, &words.link)
            .await?;
    }
    Ok(out)
}

/// The campaign's standing invites, newest first; umpire only.
pub async fn list(state: &AppState, access: &CampaignAccess) -> Result<Vec<InviteOut>, AppError> {
    access.require_umpire("see the invite links")?;
    let now = OffsetDateTime::now_utc();
    Ok(db::invites::for_campaign(&state.db, access.id())
        .await?
        .into_iter()
        .map(|row| invite_out(state, row, now))
        .collect())
}

/// Withdraws an invite; umpire only.
pub async fn withdraw(
    state: &AppState,
    access: &CampaignAccess,
    code: &str,
) -> Result<(), AppError> {
    access.require_umpire("withdraw invite links")?;
    if db::invites::withdraw(&state.db, access.id(), code).await? {
        // The write moved the umpire's version (a trigger); their open page hears of it.
        state.notes.send(umpire_only().payload(access.id()));
        Ok(())
    } else {
        Err(AppError::not_found())
    }
}

/// Removes a participant; umpire only, and not the umpire themself.
pub async fn remove(state: &AppState, access: &CampaignAccess, user: Uuid) -> Result<(), AppError> {
    access.require_umpire("remove participants")?;
    if user == access.user.id {
        return Err(AppError::conflict(
            "cannot_remove_yourself",
            "You cannot remove yourself; another umpire can.",
        ));
    }
    if db::invites::remove_participant(&state.db, access.id(), user).await? {
        state.notes.send(crate::core::live::access_payload(user));
        // Everyone's page lists who takes part (a trigger moved every version).
        state.notes.send(Readers::ALL.payload(access.id()));
        Ok(())
    } else {
        Err(AppError::not_found())
    }
}

/// `POST /api/v1/campaigns/{id}/invites`: makes an invite link for a role; umpire only.
#[utoipa::path(post, path = "/api/v1/campaigns/{id}/invites", tag = "invites", request_body = NewInvite,
    params(("id" = Uuid, Path, description = "campaign id")),
    responses((status = 201, body = InviteOut), (status = 403, description = "not the umpire"),
              (status = 404, description = "unknown or not yours"),
              (status = 409, description = "the campaign has finished"),
              (status = 422, description = "unknown role, uses or days out of range")),
    security(("bearer" = [])))]
pub async fn api_invite(
    State(state): State<AppState>,
    access: CampaignAccess,
    ApiJson(body): ApiJson<NewInvite>,
) -> Result<(StatusCode, Json<InviteOut>), AppError> {
    Ok((
        StatusCode::CREATED,
        Json(invite(&state, &access, &body).await?),
    ))
}

/// `GET /api/v1/campaigns/{id}/invites`: the invite links not withdrawn; umpire only.
#[utoipa::path(get, path = "/api/v1/campaigns/{id}/invites", tag = "invites",
    params(("id" = Uuid, Path, description = "campaign id")),
    responses((status = 200, body = [InviteOut]), (status = 403, description = "not the umpire"),
              (status = 404, description = "unknown or not yours")),
    security(("bearer" = [])))]
pub async fn api_list(
    State(state): State<AppState>,
    access: CampaignAccess,
) -> Result<Json<Vec<InviteOut>>, AppError> {
    Ok(Json(list(&state, &access).await?))
}

/// `DELETE /api/v1/campaigns/{id}/invites/{code}`: withdraws an invite link; umpire only.
#[utoipa::path(delete, path = "/api/v1/campaigns/{id}/invites/{code}", tag = "invites",
    params(("id" = Uuid, Path, description = "campaign id"), ("code" = String, Path, description = "invite code")),
    responses((status = 204, description = "withdrawn"), (status = 403, description = "not the umpire"),
              (status = 404, description = "no such standing invite")),
    security(("bearer" = [])))]
pub async fn api_withdraw(
    State(state): State<AppState>,
    access: CampaignAccess,
    Path(path): Path<(Uuid, String)>,
) -> Result<StatusCode, AppError> {
    withdraw(&state, &access, &path.1).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `DELETE /api/v1/campaigns/{id}/participants/{user_id}`: removes a participant, who then sees
/// the campaign as a stranger does (404); their orders and client seed stay. Umpire only.
#[utoipa::path(delete, path = "/api/v1/campaigns/{id}/participants/{user_id}", tag = "campaigns",
    params(("id" = Uuid, Path, description = "campaign id"), ("user_id" = Uuid, Path, description = "the participant's user id")),
    responses((status = 204, description = "removed"), (status = 403, description = "not the umpire"),
              (status = 404, description = "no such participant"),
              (status = 409, description = "an umpire removing themself")),
    security(("bearer" = [])))]
pub async fn api_remove(
    State(state): State<AppState>,
    access: CampaignAccess,
    Path(path): Path<(Uuid, Uuid)>,
) -> Result<StatusCode, AppError> {
    remove(&state, &access, path.1).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The result of accepting an invite.
#[derive(Debug, Serialize, ToSchema)]
pub struct Joined {
    /// The campaign joined.
    pub campaign_id: Uuid,
    /// The role held in it.
    pub role: Role,
}

/// Joins the campaign of an open invite, taking one use; one role per user per campaign.
pub async fn accept(state: &AppState, user: Uuid, code: &str) -> Result<Joined, AppError> {
    let mut tx = crate::db::pool::begin(&state.db).await?;
    let invite = db::invites::by_code(&mut *tx, code, true)
        .await?
        .ok_or_else(AppError::not_found)?;
    let offered: Role = invite.role;
    let joined = Joined {
        campaign_id: invite.campaign_id,
        role: offered,
    };
    match db::invites::place(&mut tx, invite.campaign_id, user).await? {
        // Accepting twice (a double click, even after the last use) changes nothing and takes
        // no use.
        Some(place) if !place.removed && place.role == offered => return Ok(joined),
        Some(place) if !place.removed => {
            return Err(AppError::conflict(
                "already_participant",
                format!(
                    "You already take part in '{}' as {}; a person holds one role per campaign.",
                    invite.campaign_name, place.role
                ),
            ));
        }
        Some(place) if place.role != offered => {
            return Err(AppError::conflict(
                "removed_participant",
                format!(
                    "You were removed from '{}', where you played {}; only a {} invite can bring you back.",
                    invite.campaign_name, place.role, place.role
                ),
            ));
        }
        _ => {}
    }
    if let Some(refused) = InviteState::of(&invite, OffsetDateTime::now_utc()).refusal() {
        return Err(refused);
    }
    db::invites::admit(&mut tx, invite.campaign_id, user, offered).await?;
    db::invites::use_once(&mut tx, code).await?;
    crate::notify::tell::joined(&mut tx, invite.campaign_id, user, offered).await?;
    tx.commit().await?;
    // Everyone's page lists who takes part (a trigger moved every version).
    state.notes.send(Readers::ALL.payload(invite.campaign_id));
    Ok(joined)
}

/// `POST /api/v1/invites/{code}/accept`: joins the campaign with the invite's role.
#[utoipa::path(post, path = "/api/v1/invites/{code}/accept", tag = "invites",
    params(("code" = String, Path, description = "invite code")),
    responses((status = 200, body = Joined), (status = 404, description = "unknown invite"),
              (status = 409, description = "already in the campaign with another role (`already_participant`), or removed from it with another role (`removed_participant`)"),
              (status = 410, description = "the invite is used up (`invite_used_up`), expired (`invite_expired`) or withdrawn (`invite_withdrawn`)")),
    security(("bearer" = [])))]
pub async fn api_accept(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(code): Path<String>,
) -> Result<Json<Joined>, AppError> {
    Ok(Json(accept(&state, user.id, &code).await?))
}

/// The readers of what only the umpire sees.
fn umpire_only() -> Readers {
    let mut readers = Readers::default();
    readers.add(Role::Umpire);
    readers
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(
        uses: Option<i32>,
        expires_in: Option<i64>,
        withdrawn: bool,
    ) -> (InviteRow, OffsetDateTime) {
        let now = OffsetDateTime::UNIX_EPOCH + Duration::days(20_000);
        let row = InviteRow {
            code: "c".into(),
            campaign_id: Uuid::nil(),
            campaign_name: "Taipale".into(),
            role: Role::Soviet,
            created_at: now,
            uses_left: uses,
            expires_at: expires_in.map(|s| now + Duration::seconds(s)),
            withdrawn_at: withdrawn.then_some(now),
        };
        (row, now)
    }

    #[test]
    fn an_invite_stands_until_used_up_expired_or_withdrawn() {
        let cases = [
            (row(Some(1), Some(60), false), InviteState::Open),
            (row(None, None, false), InviteState::Open),
            (row(Some(0), Some(60), false), InviteState::UsedUp),
            (row(Some(3), Some(0), false), InviteState::Expired),
            (row(Some(3), Some(-1), false), InviteState::Expired),
            (row(Some(0), Some(-1), true), InviteState::Withdrawn),
        ];
        for ((invite, now), expected) in cases {
            assert_eq!(InviteState::of(&invite, now), expected, "{invite:?}");
        }
    }

    #[test]
    fn only_open_invites_are_not_refused_and_the_rest_are_gone() {
        assert!(InviteState::Open.refusal().is_none());
        for (state, code) in [
            (InviteState::UsedUp, "invite_used_up"),
            (InviteState::Expired, "invite_expired"),
            (InviteState::Withdrawn, "invite_withdrawn"),
        ] {
            let e = state.refusal().expect("refused");
            assert_eq!(e.status, StatusCode::GONE);
            assert_eq!(e.code, code);
        }
    }
}
