//! The checks of a battle report before anything changes: a side's report speaks of its own part
//! only, and the whole report must fit the battle and the platoons' TOEs.

use super::{BattleReport, ReportError};
use crate::core::domain::Side;
use crate::games::wons::rules::battle::{Battle, BattleError};
use crate::games::wons::rules::state::WonsState;

/// A side's report speaks only of its own platoons, Force Morale, support and prisoners taken.
/// An enemy platoon or an enemy purchase is refused exactly as one that does not exist, so the
/// refusal confirms nothing the side has not seen.
pub(super) fn check_own_part(
    state: &WonsState,
    battle: &Battle,
    side: Side,
    report: &BattleReport,
) -> Result<(), ReportError> {
    let own = |platoon: &str| state.platoons.get(platoon).is_some_and(|p| p.side == side);
    let not_yours = |what: String| Err(ReportError::NotYours(what));
    let platoons = report.casualties.iter().map(|c| &c.platoon);
    if let Some(p) = platoons
        .chain(report.abandoned.iter().map(|a| &a.platoon))
        .find(|p| !own(p))
    {
        return Err(ReportError::NotOwnPlatoon(p.clone(), battle.id));
    }
    if report.force_morale_end.iter().any(|f| f.side != side) {
        return not_yours("the enemy's Force Morale".into());
    }
    if report.prisoners.iter().any(|p| p.taken_by != side) {
        return not_yours("the prisoners the enemy took".into());
    }
    let own_support = |item: &str| {
        battle
            .support
            .iter()
            .filter(|s| s.side == side)
            .flat_map(|s| &s.purchases)
            .any(|p| p.item == item)
            || state
                .platoons_of(side)
                .flat_map(|p| &p.retained)
                .any(|r| r.id == item)
    };
    if let Some(u) = report.support_used.iter().find(|u| !own_support(u)) {
        return Err(ReportError::NotOwnSupport(u.to_string(), battle.id));
    }
    Ok(())
}

fn element_men(state: &WonsState, platoon: &str, element: &str, role: &str) -> Option<u32> {
    state
        .platoons
        .get(platoon)?
        .toe
        .elements
        .iter()
        .find(|e| e.name == element)?
        .men
        .get(role)
        .copied()
}

/// Checks a report against the battle and the TOEs; nothing changes.
pub(super) fn check(
    state: &WonsState,
    battle: &Battle,
    report: &BattleReport,
) -> Result<(), ReportError> {
    if report.turns == 0 {
        return Err(BattleError::NoTurns.into());
    }
    let in_battle = |p: &str| {
        if battle.involves(p) {
            Ok(())
        } else {
            Err(ReportError::NotInBattle(p.to_owned(), battle.id))
        }
    };
    let mut lost = std::collections::BTreeMap::<(&str, &str, &str), u32>::new();
    for c in &report.casualties {
        in_battle(&c.platoon)?;
        let name = state.platoon_name(&c.platoon);
        let had = element_men(state, &c.platoon, &c.element, &c.role).ok_or_else(|| {
            ReportError::NoSuchMen(name.clone(), c.element.clone(), c.role.clone())
        })?;
        let total = lost
            .entry((c.platoon.as_str(), c.element.as_str(), c.role.as_str()))
            .or_default();
        *total += c.men();
        if *total > had {
            return Err(ReportError::TooManyCasualties(
                name,
                *total,
                c.element.clone(),
                c.role.clone(),
                had,
            ));
        }
    }
    let mut sides = Vec::new();
    for f in &report.force_morale_end {
        if sides.contains(&f.side) || !battle.fought_by(state, f.side) {
            return Err(ReportError::ForceMorale);
        }
        sides.push(f.side);
    }
    for used in &report.support_used {
        let bought = battle
            .support
            .iter()
            .flat_map(|s| &s.purchases)
            .any(|p| &p.item == used);
        let retained = battle
            .attackers
            .iter()
            .chain(&battle.defenders)
            .filter_map(|id| state.platoons.get(id))
            .any(|p| p.retained.iter().any(|r| &r.id == used));
        if !bought && !retained {
            return Err(ReportError::UnknownSupport(used.clone(), battle.id));
        }
    }
    for p in &report.prisoners {
        if p.name.trim().is_empty() || !battle.fought_by(state, p.taken_by) {
            return Err(ReportError::Prisoner(battle.id));
        }
    }
    let mut left = std::collections::BTreeMap::<(&str, &str), u32>::new();
    for a in &report.abandoned {
        in_battle(&a.platoon)?;
        let p = &state.platoons[&a.platoon];
        let in_toe: u32 = p
            .toe
            .elements
            .iter()
            .filter_map(|e| e.weapons.get(&a.weapon))
            .sum();
        let retained = p
            .retained
            .iter()
            .filter(|r| r.name == a.weapon || r.id == a.weapon)
            .count();
        let held = in_toe + u32::try_from(retained).unwrap_or(u32::MAX);
        let count = left
            .entry((a.platoon.as_str(), a.weapon.as_str()))
            .or_default();
        *count += 1;
        if *count > held {
            return Err(ReportError::NoSuchWeapon(p.name.clone(), a.weapon.clone()));
        }
    }
    Ok(())
}
