//! The campaign as a participant sees it: name, game, role, dice commitments and client seeds.

use crate::core::domain::{Game, Role};
use crate::db::campaigns::{Membership, ParticipantRow};
use crate::state::AppState;
use crate::tray::view::Commitments;
use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

/// A campaign as the caller may see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CampaignView {
    /// The campaign's id.
    pub id: Uuid,
    /// Its name.
    pub name: String,
    /// The game it is played under.
    pub game: Game,
    /// `open` or `finished`.
    pub status: String,
    /// The caller's role.
    pub my_role: Role,
    /// When it was created (RFC 3339, UTC).
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: OffsetDateTime,
    /// The caller's version: it moves only when something the caller may see changed.
    pub version: i64,
    /// Whether the game's module can run play yet.
    pub module: ModuleStatus,
    /// The public dice state.
    pub dice: DiceSummary,
    /// Everyone taking part (removed participants are left out).
    pub participants: Vec<ParticipantView>,
}

pub use crate::games::registry::ModuleStatus;

/// The commitments of the open dice epoch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EpochCommitments {
    /// A v1 epoch's one commitment.
    V1(String),
    /// A v2 epoch's four commitments.
    V2(Commitments),
}

/// The dice state every participant may see.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct DiceSummary {
    /// The open epoch.
    pub epoch: i32,
    /// `v1` or `v2`.
    pub scheme: String,
    /// The SHA-256 of each of the open v2 epoch's seeds (lowercase hex).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub commitments: Option<Commitments>,
    /// The SHA-256 of the open v1 epoch's one seed (lowercase hex).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub commitment: Option<String>,
    /// The chain hash of the latest roll (or the chain start).
    pub chain_head: String,
    /// How many rolls have been made.
    pub rolls: i64,
    /// The client seeds in effect.
    pub client_seeds: Vec<ClientSeedView>,
}

/// One participant's public client seed.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ClientSeedView {
    /// The participant's role.
    pub role: Role,
    /// The participant's user id.
    pub participant_id: Uuid,
    /// The seed text.
    pub seed: String,
}

/// One participant.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ParticipantView {
    /// The user's id.
    pub user_id: Uuid,
    /// The user's name.
    pub username: String,
    /// The role held.
    pub role: Role,
    /// The public client seed, if set.
    pub client_seed: Option<String>,
}

/// Builds the view of a campaign for the caller.
pub fn campaign_view(
    state: &AppState,
    game: Game,
    m: &Membership,
    commitments: EpochCommitments,
    participants: &[ParticipantRow],
) -> CampaignView {
    let c = &m.campaign;
    CampaignView {
        id: c.id,
        name: c.name.clone(),
        game,
        status: c.status.code().to_owned(),
        my_role: m.role,
        created_at: c.created_at,
        version: c.version_for(m.role),
        module: crate::games::registry::module_status(state, game),
        dice: DiceSummary {
            epoch: c.dice_epoch,
            scheme: match commitments {
                EpochCommitments::V1(_) => "v1",
                EpochCommitments::V2(_) => "v2",
            }
            .to_owned(),
            commitment: match &commitments {
                EpochCommitments::V1(one) => Some(one.clone()),
                EpochCommitments::V2(_) => None,
            },
            commitments: match commitments {
                EpochCommitments::V1(_) => None,
                EpochCommitments::V2(four) => Some(four),
            },
            chain_head: hex::encode(&c.chain_head),
            rolls: c.next_roll,
            client_seeds: participants
                .iter()
                .filter_map(|p| {
                    Some(ClientSeedView {
                        role: p.role(),
                        participant_id: p.user_id,
                        seed: p.client_seed.clone()?,
                    })
                })
                .collect(),
        },
        participants: participants
            .iter()
            .filter(|p| !p.removed)
            .map(|p| ParticipantView {
                user_id: p.user_id,
                username: p.username.clone(),
                role: p.role(),
                client_seed: p.client_seed.clone(),
            })
            .collect(),
    }
}
