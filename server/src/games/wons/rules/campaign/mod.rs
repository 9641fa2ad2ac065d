//! Starting a campaign: checking a scenario pack's meaning and building the first state.

use super::battle_sheet::check_force_morale_table;
use super::events::{Event, EventKind, EventVisibility};
use super::knowledge::{Knowledge, refresh_sightings};
use super::pack::{PackError, parse};
use super::state::{CampaignStatus, Feature, WonsState};
use super::tables::force_morale::ForceMoraleTable;
use super::victory::{VictoryConditions, VictoryLevel};
use crate::core::domain::Side;
use checks::{Checker, MAX_ENTRIES, clock, ladder, platoons, stacks, support};
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
    let force_morale_table = match &raw.force_morale {
        None => ForceMoraleTable::DEFAULT,
        Some(f) => {
            let table = ForceMoraleTable {
                by_face: *f.by_face.get_ref(),
            };
            if let Err(why) = check_force_morale_table(&table) {
                return c.fail(&f.by_face, "force_morale.by_face".into(), why);
            }
            table
        }
    };
    let mut features = BTreeMap::new();
    for (i, f) in raw.features.iter().enumerate() {
        if i == MAX_ENTRIES {
            return c.fail(
                &f.id,
                format!("features[{i}]"),
                format!("a pack has at most {MAX_ENTRIES} features"),
            );
        }
        c.small(&f.id, format!("features[{i}].count"), f.count)?;
        let step = c.step(&letters, &f.step, format!("features[{i}].step"))?;
        let id = f.id.get_ref().clone();
        if features.contains_key(&id) || platoons.contains_key(&id) {
            return c.fail(&f.id, format!("features[{i}].id"), "feature id used twice");
        }
        features.insert(
            id.clone(),
            Feature {
                id,
                kind: f.kind,
                owner: f.owner,
                step,
                count: f.count,
                created_hour: 0,
                known_to_enemy_since: None,
            },
        );
    }
    let mut levels = Vec::new();
    for (i, l) in raw.victory.levels.iter().enumerate() {
        if i == MAX_ENTRIES {
            return c.fail(
                &l.step,
                format!("victory.levels[{i}]"),
                format!("a pack has at most {MAX_ENTRIES} victory levels"),
            );
        }
        let step = c.step(&letters, &l.step, format!("victory.levels[{i}].step"))?;
        if *l.by_hour.get_ref() == 0 || *l.by_hour.get_ref() > clock.length_hours {
            return c.fail(
                &l.by_hour,
                format!("victory.levels[{i}].by_hour"),
                format!("an Hour of the campaign, 1 to {}", clock.length_hours),
            );
        }
        levels.push(VictoryLevel {
            name: l.name.clone(),
            winner: l.winner,
            step,
            by_hour: *l.by_hour.get_ref(),
        });
    }
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
