//! A side's part of the post-battle report as form fields: casualties per platoon, element and
//! role, final Force Morale, support used, prisoners taken and equipment left on the field,
//! pre-filled from what the side reported; built from that side's view alone.

use crate::core::domain::Side;
use crate::games::wons::rules::aftermath::BattleReport;
use crate::games::wons::views::battle_words::{prisoner_line, words};
use crate::games::wons::views::{BattleView, OwnPlatoonView, SideView};
use std::collections::BTreeMap;

/// Men of one role of one element who may be reported lost.
pub struct CasualtyRow {
    /// The row's index in the form.
    pub n: usize,
    /// The platoon's id.
    pub platoon: String,
    /// Its name.
    pub platoon_name: String,
    /// The element.
    pub element: String,
    /// The role as the TOE names it.
    pub role: String,
    /// The role in words.
    pub role_words: String,
    /// Men in the role.
    pub men: u32,
    /// Pre-filled counts.
    pub killed: u32,
    /// Pre-filled counts.
    pub wounded: u32,
    /// Pre-filled counts.
    pub missing: u32,
}

/// A weapon or retained item a platoon may leave on the field.
pub struct AbandonRow {
    /// The row's index in the form.
    pub n: usize,
    /// The platoon's id.
    pub platoon: String,
    /// Its name.
    pub platoon_name: String,
    /// The weapon's name in the TOE, or the retained item's name.
    pub weapon: String,
    /// In words.
    pub label: String,
    /// How many the platoon has.
    pub max: usize,
    /// Pre-filled count.
    pub count: usize,
}

/// A checkbox of the form.
pub struct Choice {
    /// The value sent.
    pub value: String,
    /// What it says.
    pub label: String,
    /// Whether it starts checked.
    pub checked: bool,
}

/// One side's part of a battle report as form fields, pre-filled from what it reported.
pub struct ReportPart {
    /// The side.
    pub side: Side,
    /// Casualty rows, one per platoon, element and role.
    pub casualties: Vec<CasualtyRow>,
    /// Final Force Morale, if reported.
    pub force_morale: String,
    /// Support that may be reported used.
    pub used: Vec<Choice>,
    /// Prisoners the side took, one a line.
    pub prisoners: String,
    /// Equipment that may be left on the field.
    pub abandoned: Vec<AbandonRow>,
    /// "HE drove us off", one per platoon (value: the platoon's id).
    pub he: Vec<Choice>,
}

/// The side's own platoons fighting in `battle`.
pub fn own_in_battle<'a>(view: &'a SideView, battle: &BattleView) -> Vec<&'a OwnPlatoonView> {
    let ids: Vec<&str> = battle
        .attackers
        .iter()
        .chain(&battle.defenders)
        .filter_map(|p| p.id.as_deref())
        .collect();
    view.platoons
        .iter()
        .filter(|p| ids.contains(&p.id.as_str()))
        .collect()
}

/// `side`'s part of the report form for `battle`, pre-filled from the report it sent; `None`
/// when the side has no platoon in the battle.
pub fn report_part(view: &SideView, battle: &BattleView) -> Option<ReportPart> {
    let own = own_in_battle(view, battle);
    if own.is_empty() {
        return None;
    }
    let sent = battle.own_report.as_ref();
    let mut casualties = Vec::new();
    let mut abandoned = Vec::new();
    let mut he = Vec::new();
    for p in &own {
        for e in &p.toe {
            for (role, men) in e.men.iter().filter(|(_, m)| **m > 0) {
                let before = sent.and_then(|r| {
                    r.casualties
                        .iter()
                        .find(|c| c.platoon == p.id && c.element == e.name && &c.role == role)
                });
                casualties.push(CasualtyRow {
                    n: casualties.len(),
                    platoon: p.id.clone(),
                    platoon_name: p.name.clone(),
                    element: e.name.clone(),
                    role: role.clone(),
                    role_words: words(role),
                    men: *men,
                    killed: before.map_or(0, |c| c.killed),
                    wounded: before.map_or(0, |c| c.wounded),
                    missing: before.map_or(0, |c| c.missing),
                });
            }
        }
        let held = held_weapons(p);
        for (weapon, max) in held {
            let count = sent.map_or(0, |r| {
                r.abandoned
                    .iter()
                    .filter(|a| a.platoon == p.id && a.weapon == weapon)
                    .count()
            });
            abandoned.push(AbandonRow {
                n: abandoned.len(),
                platoon: p.id.clone(),
                platoon_name: p.name.clone(),
                label: words(&weapon),
                weapon,
                max,
                count,
            });
        }
        he.push(Choice {
            value: p.id.clone(),
            label: format!("HE drove {} off what it left", p.name),
            checked: sent.is_some_and(|r| {
                r.abandoned
                    .iter()
                    .any(|a| a.platoon == p.id && a.he_drove_off_owner)
            }),
        });
    }
    let used = used_choices(battle, &own, sent);
    Some(ReportPart {
        side: view.side,
        casualties,
        force_morale: sent
            .and_then(|r| r.force_morale_end.iter().find(|f| f.side == view.side))
            .map(|f| f.value.to_string())
            .unwrap_or_default(),
        used,
        prisoners: sent
            .map(|r| {
                r.prisoners
                    .iter()
                    .filter(|p| p.taken_by == view.side)
                    .map(prisoner_line)
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .unwrap_or_default(),
        abandoned,
        he,
    })
}

/// What platoon `p` holds that it may leave on the field: its TOE weapons and retained items,
/// by name, with how many.
fn held_weapons(p: &OwnPlatoonView) -> BTreeMap<String, usize> {
    let mut held = BTreeMap::<String, usize>::new();
    for e in &p.toe {
        for (w, n) in &e.weapons {
            *held.entry(w.clone()).or_default() += usize::try_from(*n).unwrap_or(0);
        }
    }
    for r in &p.retained {
        *held.entry(r.name.clone()).or_default() += 1;
    }
    held
}

/// The support that may be reported used in `battle`: what was bought for it, then what the
/// platoons retain, checked as the side's report `sent` has it.
fn used_choices(
    battle: &BattleView,
    own: &[&OwnPlatoonView],
    sent: Option<&BattleReport>,
) -> Vec<Choice> {
    // Each checked box uses up one item; a report naming an item twice checks two boxes.
    let mut reported_used: Vec<&String> = sent
        .map(|r| r.support_used.iter().collect())
        .unwrap_or_default();
    let mut used_choice = |value: &str, label: String| {
        let checked = match reported_used.iter().position(|u| *u == value) {
            Some(i) => {
                reported_used.remove(i);
                true
            }
            None => false,
        };
        Choice {
            value: value.to_owned(),
            label,
            checked,
        }
    };
    let mut used = Vec::new();
    let name_of = |id: &str| {
        own.iter()
            .find(|p| p.id == id)
            .map_or_else(|| id.to_owned(), |p| p.name.clone())
    };
    for p in battle.own_support.iter().flat_map(|s| &s.purchases) {
        let label = format!("{} (bought for {})", p.name, name_of(&p.platoon));
        used.push(used_choice(&p.item, label));
    }
    for p in own {
        for r in &p.retained {
            used.push(used_choice(
                &r.id,
                format!("{} (retained by {})", r.name, p.name),
            ));
        }
    }
    used
}
