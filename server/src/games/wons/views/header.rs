//! The campaign's header as every role reads it: name, time, initiative, result and the victory
//! conditions.

use crate::core::domain::Side;
use crate::games::wons::rules::fatigue::Light;
use crate::games::wons::rules::ladder::step_letter;
use crate::games::wons::rules::state::{CampaignStatus, WonsState};
use crate::games::wons::rules::victory::CampaignResult;
use serde::Serialize;
use std::collections::BTreeMap;

/// One victory level as everyone reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct VictoryLevelView {
    /// Its name.
    pub name: String,
    /// The side it favours.
    pub winner: Side,
    /// The letter of the step the Soviets must reach.
    pub step: String,
    /// By when.
    pub by_hour: u32,
}

/// What everyone knows about the campaign: name, time, initiative, victory conditions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CampaignHeader {
    /// The campaign's name.
    pub name: String,
    /// Whether its pack is a demonstration.
    pub demonstration: bool,
    /// The pack's note.
    pub note: String,
    /// The current Hour.
    pub hour: u32,
    /// "Hour 14, 1940-02-12 05:00, Darkness".
    pub hour_label: String,
    /// Daylight or Darkness now.
    pub light: Light,
    /// How many Hours the campaign lasts.
    pub length_hours: u32,
    /// Who holds the initiative.
    pub initiative: Side,
    /// The result, once the umpire has ended the campaign.
    pub result: Option<CampaignResult>,
    /// The victory levels, checked in order.
    pub victory_levels: Vec<VictoryLevelView>,
    /// The result if no level holds.
    pub victory_otherwise: String,
    /// Optional rules, on or off.
    pub optional_rules: BTreeMap<String, bool>,
}

/// What everyone knows of `state`.
pub(super) fn header(state: &WonsState) -> CampaignHeader {
    CampaignHeader {
        name: state.name.clone(),
        demonstration: state.demonstration,
        note: state.note.clone(),
        hour: state.hour,
        hour_label: state.clock.label(state.hour),
        light: state.clock.light(state.hour),
        length_hours: state.clock.length_hours,
        initiative: state.initiative,
        result: match &state.status {
            CampaignStatus::Ended { result } => Some(result.clone()),
            CampaignStatus::Running => None,
        },
        victory_levels: state
            .victory
            .levels
            .iter()
            .map(|l| VictoryLevelView {
                name: l.name.clone(),
                winner: l.winner,
                step: step_letter(l.step),
                by_hour: l.by_hour,
            })
            .collect(),
        victory_otherwise: state.victory.otherwise_name.clone(),
        optional_rules: state.optional_rules.clone(),
    }
}
