//! Starting a campaign: checking a scenario pack's meaning and building the first state.

use super::events::{Event, EventKind, EventVisibility};
use super::knowledge::{Knowledge, refresh_sightings};
use super::pack::{PackError, parse};
use super::state::{CampaignStatus, WonsState};
use super::victory::VictoryConditions;
use crate::core::domain::Side;
use checks::{
    Checker, clock, features, force_morale, ladder, platoons, stacks, support, victory_levels,
};
use std::collections::BTreeMap;

mod checks;

/// Checks a scenario pack and builds the campaign's first state from it.
pub fn load_pack(source: &str) -> Result<WonsState, PackError> {
    let raw = parse(source)?;
    let c = Checker { source };
    let (ladder, letters) = ladder(&c, &raw)?;
    let clock = clock(&c, &raw)?;
    let platoons = platoons(&c, &raw, &letters)?;
    let (stacks, stack_limits) = stacks(&c, &raw, &platoons)?;
    let support = support(&c, &raw)?;
    let force_morale_table = force_morale(&c, &raw)?;
    let features = features(&c, &raw, &letters, &platoons)?;
    let levels = victory_levels(&c, &raw, &letters, &clock)?;
    let soviet_reached = platoons
        .values()
        .filter(|p| p.side == Side::Soviet)
        .map(|p| (p.step, 1))
        .collect();
    Ok(WonsState {
        name: raw.campaign.name.clone(),
        demonstration: raw.campaign.demonstration,
        note: raw.campaign.note.clone(),
        ladder,
        clock,
        hour: 1,
        initiative: raw.campaign.initiative,
        platoons,
        stacks,
        stack_limits,
        features,
        orders: Default::default(),
        battles: Vec::new(),
        battles_opened: 0,
        soviet_attacks: BTreeMap::new(),
        archived_fights: BTreeMap::new(),
        knowledge: Knowledge::default(),
        victory: VictoryConditions {
            levels,
            otherwise_name: raw.victory.otherwise_name.clone(),
            otherwise_winner: raw.victory.otherwise_winner,
        },
        soviet_reached,
        optional_rules: raw.optional_rules.clone(),
        status: CampaignStatus::Running,
        interrogations: Vec::new(),
        support,
        force_morale_table,
        move_bans: Vec::new(),
        hero_names: BTreeMap::new(),
    })
}

/// Starts a campaign from a pack: the first state and its opening events (initial sightings).
pub fn start_campaign(source: &str) -> Result<(WonsState, Vec<Event>), PackError> {
    let mut state = load_pack(source)?;
    let mut note = format!(
        "The campaign {} begins: {}.",
        state.name,
        state.clock.label(1)
    );
    if state.demonstration {
        note.push_str(" This is a demonstration scenario, not a published campaign.");
    }
    let mut events = vec![Event::new(
        1,
        EventVisibility::Public,
        EventKind::Campaign,
        note,
    )];
    events.extend(refresh_sightings(&mut state, 1));
    Ok((state, events))
}
