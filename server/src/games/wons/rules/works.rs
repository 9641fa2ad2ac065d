//! Resolving the digging and burning actions: consolidation, roadblocks, fires and bonfires.

use super::events::{EventKind, EventVisibility};
use super::fatigue::Action;
use super::ladder::Fire;
use super::movement::Execution;
use super::orders::Order;
use super::state::{Feature, FeatureKind, WonsState};
use crate::dice::source::{Dice, RollSpec, Visibility};

/// The Hours a bonfire keeps a platoon warm (R2 Build Bonfire).
pub const BONFIRE_HOURS: u32 = 3;

fn ordered(state: &WonsState, run: &Execution, action: Action) -> Vec<(String, Order)> {
    state
        .platoons
        .keys()
        .filter_map(|id| run.orders.get(id).map(|o| (id.clone(), o.clone())))
        .filter(|(_, o)| o.action() == action)
        .collect()
}

/// Consolidate Defenses: one die per section, each six an entrenchment (R2).
pub(super) fn consolidation(state: &mut WonsState, dice: &mut dyn Dice, run: &mut Execution) {
    for (id, _) in ordered(state, run, Action::ConsolidateDefenses) {
        let Some(p) = state.platoons.get(&id) else {
            continue;
        };
        let (side, name, step, sections) = (p.side, p.name.clone(), p.step, p.toe.sections());
        let place = state.step_label(step);
        if sections == 0 {
            run.note(
                EventVisibility::side(side),
                EventKind::Consolidation,
                format!("{name} has no sections to dig with at {place}."),
            );
            continue;
        }
        let purpose = format!("{name} consolidation at {place}, one die per section (R2)");
        let faces = dice.roll(RollSpec::d6s(
            purpose,
            side.role(),
            Visibility::Side,
            sections,
        ));
        let sixes = u32::try_from(faces.iter().filter(|f| **f == 6).count()).unwrap_or(0);
        if sixes > 0 {
            add_entrenchments(state, side, step, sixes, run.hour);
        }
        run.note(
            EventVisibility::side(side),
            EventKind::Consolidation,
            format!(
                "{name} dug at {place}: rolled {}, {sixes} entrenchment(s).",
                super::tables::tray::faces_text(&faces)
            ),
        );
    }
}

/// Adds `count` entrenchments of `side` at `step`: to the side's entrenchments there that the
/// enemy does not know of yet, so that repeated digging keeps one entry with a count, or as a
/// new entry (a known entry never grows: the enemy would learn of the new digging).
pub(super) fn add_entrenchments(
    state: &mut WonsState,
    side: crate::core::domain::Side,
    step: super::ladder::StepIndex,
    count: u32,
    hour: u32,
) {
    let hidden = state.features.values_mut().find(|f| {
        f.kind == FeatureKind::Entrenchment
            && f.owner == side
            && f.step == step
            && f.known_to_enemy_since.is_none()
    });
    match hidden {
        Some(f) => f.count += count,
        None => {
            let id = state.new_feature_id();
            state.features.insert(
                id.clone(),
                Feature {
                    id,
                    kind: FeatureKind::Entrenchment,
                    owner: side,
                    step,
                    count,
                    created_hour: hour,
                    known_to_enemy_since: None,
                },
            );
        }
    }
}

/// Adjust Roadblock: Finns build or take down a prepared roadblock (R2).
pub(super) fn roadblocks(state: &mut WonsState, run: &mut Execution) {
    for (id, order) in ordered(state, run, Action::AdjustRoadblock) {
        let Order::AdjustRoadblock { build } = order else {
            continue;
        };
        let Some(p) = state.platoons.get(&id) else {
            continue;
        };
        let (side, name, step) = (p.side, p.name.clone(), p.step);
        let place = state.step_label(step);
        if build {
            let feature_id = state.new_feature_id();
            state.features.insert(
                feature_id.clone(),
                Feature {
                    id: feature_id,
                    kind: FeatureKind::Roadblock,
                    owner: side,
                    step,
                    count: 1,
                    created_hour: run.hour,
                    known_to_enemy_since: None,
                },
            );
            run.note(
                EventVisibility::side(side),
                EventKind::Roadblock,
                format!("{name} built a roadblock at {place}."),
            );
            continue;
        }
        let existing = state
            .features
            .values()
            .find(|f| f.kind == FeatureKind::Roadblock && f.owner == side && f.step == step)
            .map(|f| f.id.clone());
        let sentence = match existing {
            Some(fid) => {
                state.features.remove(&fid);
                format!("{name} took down the roadblock at {place}.")
            }
            None => format!("{name} found no roadblock to take down at {place}."),
        };
        run.note(EventVisibility::side(side), EventKind::Roadblock, sentence);
    }
}

/// Burn Buildings: the named (or all unburnt) buildings on the step catch fire (R26).
pub(super) fn fires(state: &mut WonsState, run: &mut Execution) {
    for (id, order) in ordered(state, run, Action::BurnBuildings) {
        let Order::BurnBuildings { buildings } = order else {
            continue;
        };
        let Some(p) = state.platoons.get(&id) else {
            continue;
        };
        let (side, name, step) = (p.side, p.name.clone(), p.step);
        let place = state.step_label(step);
        let mut lit = Vec::new();
        if let Some(s) = state.ladder.get_mut(step) {
            for b in s.buildings.iter_mut().filter(|b| b.is_intact()) {
                if buildings.is_empty() || buildings.contains(&b.name) {
                    b.fire = Some(Fire {
                        set_by: side,
                        set_hour: run.hour,
                        known_to_enemy_since: None,
                    });
                    lit.push(b.name.clone());
                }
            }
        }
        let sentence = if lit.is_empty() {
            format!("{name} found nothing left to burn at {place}.")
        } else {
            format!("{name} set on fire at {place}: {}.", lit.join(", "))
        };
        run.note(EventVisibility::side(side), EventKind::Fire, sentence);
    }
}

/// Build Bonfire: the platoon stays warm for three Hours (R2).
pub(super) fn bonfires(state: &mut WonsState, run: &mut Execution) {
    for (id, _) in ordered(state, run, Action::BuildBonfire) {
        let hour = run.hour;
        let Some(p) = state.platoons.get_mut(&id) else {
            continue;
        };
        p.warm_through_hour = Some(hour + BONFIRE_HOURS);
        let sentence = format!(
            "{} built a bonfire: warm through Hour {}.",
            p.name,
            hour + BONFIRE_HOURS
        );
        let side = p.side;
        run.note(EventVisibility::side(side), EventKind::Bonfire, sentence);
    }
}
