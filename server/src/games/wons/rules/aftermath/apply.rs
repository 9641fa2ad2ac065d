//! A checked battle report carried into the campaign: TOE losses, equipment left on the field,
//! support used and retained, prisoners, and the result's consequences on the ladder.

use super::{AbandonedDevice, BattleReport, PrisonerTaken, ReportError};
use crate::core::domain::Side;
use crate::games::wons::rules::battle::{Battle, BattleError, decide};
use crate::games::wons::rules::events::{Event, EventKind, EventVisibility};
use crate::games::wons::rules::platoon::RetainedItem;
use crate::games::wons::rules::state::WonsState;

/// Applies a checked report: TOE losses, abandoned equipment, support used and retained, the
/// result's consequences on the ladder, and the record on the battle.
pub(super) fn apply_report(
    state: &mut WonsState,
    id: u32,
    report: &BattleReport,
) -> Result<Vec<Event>, ReportError> {
    let hour = state.hour;
    let mut events = Vec::new();
    events.extend(casualties_taken(state, report, hour));
    // Abandoned equipment leaves its owner and waits on the field for a capture roll.
    let devices = equipment_abandoned(state, report, id);
    // Support: used items are gone; unused retained purchases stay with their platoon (R1.4).
    let battle = state.battle(id).cloned().ok_or(BattleError::Unknown(id))?;
    events.extend(support_settled(state, report, &battle, hour));
    for f in &report.force_morale_end {
        let sentence = format!("Our Force Morale at the end of battle {id}: {}.", f.value);
        events.push(side_event(hour, f.side, sentence));
    }
    events.extend(prisoners_told(report, id, hour));
    if !devices.is_empty() {
        let names: Vec<String> = devices
            .iter()
            .map(|d| format!("{} ({})", d.name, d.id))
            .collect();
        events.push(Event::new(
            hour,
            EventVisibility::Public,
            EventKind::Battle,
            format!(
                "Left on the field after battle {id}: {}; each may be rolled for once (R1.5).",
                names.join(", ")
            ),
        ));
    }
    if let Some(b) = state.battle_mut(id) {
        b.report = Some(report.clone());
        b.abandoned = devices;
        b.proposals.clear();
    }
    events.extend(decide(state, id, report.winner, report.turns)?);
    Ok(events)
}

/// An event only `side` hears of.
fn side_event(hour: u32, side: Side, sentence: String) -> Event {
    Event::new(
        hour,
        EventVisibility::side(side),
        EventKind::Battle,
        sentence,
    )
}

/// Casualties leave the TOE; an element with no men left is gone. Each side hears of its own.
fn casualties_taken(state: &mut WonsState, report: &BattleReport, hour: u32) -> Vec<Event> {
    let mut events = Vec::new();
    let mut told = |side: Side, sentence: String| events.push(side_event(hour, side, sentence));
    for c in &report.casualties {
        let Some(p) = state.platoons.get_mut(&c.platoon) else {
            continue;
        };
        if let Some(e) = p.toe.elements.iter_mut().find(|e| e.name == c.element)
            && let Some(men) = e.men.get_mut(&c.role)
        {
            *men = men.saturating_sub(c.men());
        }
        let sentence = format!(
            "{} lost from {} ({}): {} killed, {} wounded, {} missing.",
            p.name,
            c.element,
            c.role.replace('_', " "),
            c.killed,
            c.wounded,
            c.missing
        );
        told(p.side, sentence);
    }
    for id in report.casualties.iter().map(|c| c.platoon.clone()) {
        if let Some(p) = state.platoons.get_mut(&id) {
            let gone: Vec<String> = p
                .toe
                .elements
                .iter()
                .filter(|e| e.men.values().all(|m| *m == 0))
                .map(|e| e.name.clone())
                .collect();
            if !gone.is_empty() {
                p.toe.elements.retain(|e| !gone.contains(&e.name));
                let sentence = format!("{} no longer has: {}.", p.name, gone.join(", "));
                told(p.side, sentence);
            }
        }
    }
    events
}

/// Abandoned equipment leaves its owner and waits on the field of battle `id` for a capture
/// roll.
fn equipment_abandoned(
    state: &mut WonsState,
    report: &BattleReport,
    id: u32,
) -> Vec<AbandonedDevice> {
    let mut devices = Vec::new();
    for (n, a) in report.abandoned.iter().enumerate() {
        let Some(p) = state.platoons.get_mut(&a.platoon) else {
            continue;
        };
        let mut retained = false;
        if let Some(e) = p
            .toe
            .elements
            .iter_mut()
            .find(|e| e.weapons.contains_key(&a.weapon))
        {
            if let Some(count) = e.weapons.get_mut(&a.weapon) {
                *count = count.saturating_sub(1);
                if *count == 0 {
                    e.weapons.remove(&a.weapon);
                }
            }
        } else if let Some(i) = p
            .retained
            .iter()
            .position(|r| r.name == a.weapon || r.id == a.weapon)
        {
            p.retained.remove(i);
            retained = true;
        }
        devices.push(AbandonedDevice {
            id: format!("b{id}-d{}", n + 1),
            name: a.weapon.replace('_', " "),
            owner: p.side,
            platoon: a.platoon.clone(),
            retained,
            he_drove_off_owner: a.he_drove_off_owner,
            capture: None,
        });
    }
    devices
}

/// Support: each entry of `support_used` uses up one item, a purchase of that id or a
/// retained item; unused retained purchases stay with their platoon (R1.4).
fn support_settled(
    state: &mut WonsState,
    report: &BattleReport,
    battle: &Battle,
    hour: u32,
) -> Vec<Event> {
    let id = battle.id;
    let mut events = Vec::new();
    let mut told = |side: Side, sentence: String| events.push(side_event(hour, side, sentence));
    let mut unspent: Vec<&String> = report.support_used.iter().collect();
    for s in &battle.support {
        let mut kept = Vec::new();
        for (n, purchase) in s.purchases.iter().enumerate() {
            let used = match unspent.iter().position(|u| **u == purchase.item) {
                Some(i) => {
                    unspent.remove(i);
                    true
                }
                None => false,
            };
            if purchase.retained
                && !used
                && !purchase.turn_zero
                && let Some(p) = state.platoons.get_mut(&purchase.platoon)
            {
                p.retained.push(RetainedItem {
                    id: super::retained_item_id(id, &purchase.item, n + 1),
                    name: purchase.name.clone(),
                });
                kept.push(format!("{} ({})", purchase.name, p.name));
            }
        }
        if !kept.is_empty() {
            told(
                s.side,
                format!("Kept for later battles (R1.4): {}.", kept.join(", ")),
            );
        }
    }
    for pid in battle.attackers.iter().chain(&battle.defenders) {
        if let Some(p) = state.platoons.get_mut(pid) {
            let before = p.retained.len();
            p.retained.retain(|r| !report.support_used.contains(&r.id));
            if p.retained.len() < before {
                let sentence = format!(
                    "{} used {} retained item(s) in battle {id}.",
                    p.name,
                    before - p.retained.len()
                );
                told(p.side, sentence);
            }
        }
    }
    events
}

/// The prisoners each side took in battle `id`, and how many of them were deserters.
fn prisoners_told(report: &BattleReport, id: u32, hour: u32) -> Vec<Event> {
    let mut events = Vec::new();
    for side in [Side::Soviet, Side::Finnish] {
        let taken: Vec<&PrisonerTaken> = report
            .prisoners
            .iter()
            .filter(|p| p.taken_by == side)
            .collect();
        if !taken.is_empty() {
            events.push(Event::new(
                hour,
                EventVisibility::Public,
                EventKind::Battle,
                format!(
                    "The {} side took {} prisoner(s) in battle {id}; they may be interrogated (R25).",
                    side.adjective(),
                    taken.len(),
                ),
            ));
            // Who came over of his own will is the captors' knowledge: the enemy is surprised
            // by what a deserter told (R4).
            let deserters = taken.iter().filter(|p| p.deserter).count();
            if deserters > 0 {
                events.push(Event::new(
                    hour,
                    EventVisibility::side(side),
                    EventKind::Battle,
                    format!("{deserters} of the prisoners taken in battle {id} came over as deserters (R25)."),
                ));
            }
        }
    }
    events
}
