//! After the battle: the result the umpire records (or both sides agree on), carried into the
//! campaign (casualties into the TOE, support used and retained, prisoners, equipment left on the
//! field), and the capture rolls for that equipment (R1.4, R1.5).

use super::battle::{Battle, BattleError, BattleStatus};
use super::events::{Event, EventKind, EventVisibility};
use super::fatigue::Light;
use super::platoon::{PlatoonId, RetainedItem};
use super::state::WonsState;
use super::tables::capture::{CaptureRoll, CaptureSituation, capture};
use crate::core::domain::Side;
use crate::dice::source::{Dice, RollSpec, Visibility};
use serde::{Deserialize, Serialize};

/// Men one platoon lost from one role of one of its sections, teams or headquarters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Casualty {
    /// The platoon.
    pub platoon: PlatoonId,
    /// The section, team or headquarters, by name.
    pub element: String,
    /// The men's role in its TOE, e.g. `rifleman` or `section_leader` (leaders are roles too).
    pub role: String,
    /// Killed.
    #[serde(default)]
    pub killed: u32,
    /// Wounded.
    #[serde(default)]
    pub wounded: u32,
    /// Missing or taken prisoner.
    #[serde(default)]
    pub missing: u32,
}

impl Casualty {
    /// Every man it counts.
    pub fn men(&self) -> u32 {
        self.killed + self.wounded + self.missing
    }
}

/// A prisoner or deserter taken in the battle (R25).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PrisonerTaken {
    /// The side that took him.
    pub taken_by: Side,
    /// Who he is, as the players describe him.
    pub name: String,
    /// He came over of his own will (+1 when interrogated).
    #[serde(default)]
    pub deserter: bool,
    /// He is a hero: he gives name and rank only.
    #[serde(default)]
    pub hero: bool,
}

/// A weapon or retained item left on the field, one device each (R1.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct AbandonedIn {
    /// The platoon that left it.
    pub platoon: PlatoonId,
    /// A weapon of its TOE or the name of one of its retained items.
    pub weapon: String,
    /// HE drove its owner off (capturing needs 5–6).
    #[serde(default)]
    pub he_drove_off_owner: bool,
}

/// One side's Force Morale when the battle ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct FinalForceMorale {
    /// Whose.
    pub side: Side,
    /// Its value.
    pub value: u32,
}

/// Everything recorded after a battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BattleReport {
    /// The winner.
    pub winner: Side,
    /// Full Chain of Command Turns played (fewer than three lets each platoon act again).
    pub turns: u32,
    /// Men lost, per platoon, element and role.
    #[serde(default)]
    pub casualties: Vec<Casualty>,
    /// Each side's Force Morale at the end.
    #[serde(default)]
    pub force_morale_end: Vec<FinalForceMorale>,
    /// Support used up: the item ids of purchases or of retained items.
    #[serde(default)]
    pub support_used: Vec<String>,
    /// Prisoners and deserters taken.
    #[serde(default)]
    pub prisoners: Vec<PrisonerTaken>,
    /// Equipment abandoned on the field.
    #[serde(default)]
    pub abandoned: Vec<AbandonedIn>,
}

impl BattleReport {
    /// A bare result: who won after how many Turns, nothing else recorded.
    pub fn bare(winner: Side, turns: u32) -> Self {
        BattleReport {
            winner,
            turns,
            casualties: Vec::new(),
            force_morale_end: Vec::new(),
            support_used: Vec::new(),
            prisoners: Vec::new(),
            abandoned: Vec::new(),
        }
    }
}

/// A device left on the field, waiting for a capture roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct AbandonedDevice {
    /// Its identifier, e.g. `b1-d2`.
    pub id: String,
    /// What it is.
    pub name: String,
    /// Whose it was.
    pub owner: Side,
    /// The platoon that left it.
    pub platoon: PlatoonId,
    /// A retained support item rather than a TOE weapon.
    pub retained: bool,
    /// HE drove its owner off.
    pub he_drove_off_owner: bool,
    /// The capture roll, once made.
    #[schema(value_type = Option<Object>)]
    pub capture: Option<CaptureRecord>,
}

/// A capture roll and where the device went.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaptureRecord {
    /// The side that rolled.
    pub side: Side,
    /// The platoon that took it, if it did.
    pub platoon: PlatoonId,
    /// The roll with its modifiers.
    pub roll: CaptureRoll,
}

/// A weapon a platoon took from the field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CapturedWeapon {
    /// What it is.
    pub name: String,
    /// The battle it was taken in.
    pub battle: u32,
    /// It uses the enemy's ammunition: two coloured dice with every to-hit roll, any double
    /// empties and discards it (R1.5).
    pub foreign_ammunition: bool,
    /// It could be used at once; otherwise from the next battle.
    pub usable_at_once: bool,
}

/// Who records a report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reporter {
    /// The umpire: the report is applied at once.
    Umpire,
    /// A side's player: applied when the other side has sent the same report.
    Side(Side),
}

/// Why a report or a capture roll was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReportError {
    /// The battle-level refusal.
    #[error(transparent)]
    Battle(#[from] BattleError),
    /// The platoon was not in the battle.
    #[error("Platoon '{0}' did not fight in battle {1}")]
    NotInBattle(String, u32),
    /// A casualty names a place the TOE does not have.
    #[error("{0} has no '{1}' with men in the role '{2}'")]
    NoSuchMen(String, String, String),
    /// More casualties than men.
    #[error("{0} lists {1} casualties among its '{2}' {3}, which had only {4}")]
    TooManyCasualties(String, u32, String, String, u32),
    /// A Force Morale for a side not in the battle, or twice.
    #[error("Give each side's final Force Morale once, for the sides that fought")]
    ForceMorale,
    /// A side's report names a platoon that is not its own (or none at all): answered alike, so
    /// the refusal confirms no enemy platoon.
    #[error("Your side has no platoon '{0}' in battle {1}: a side reports its own platoons only")]
    NotOwnPlatoon(String, u32),
    /// A side's report names support it did not buy or hold (the enemy's, or none at all).
    #[error(
        "Your side neither bought '{0}' for battle {1} nor holds it: a side reports its own support only"
    )]
    NotOwnSupport(String, u32),
    /// Used support that was not there.
    #[error("'{0}' is neither bought for battle {1} nor retained by a platoon in it")]
    UnknownSupport(String, u32),
    /// A prisoner without a name, or taken by a side that did not fight.
    #[error("Each prisoner needs a name and a side that fought in battle {0}")]
    Prisoner(u32),
    /// An abandoned weapon the platoon does not have, or not that many.
    #[error("{0} has no more '{1}' to abandon")]
    NoSuchWeapon(String, String),
    /// The side was not in the battle.
    #[error("Your side did not fight in battle {0}")]
    SideNotInBattle(u32),
    /// A side reported the enemy's part.
    #[error("A side reports its own part of the battle; {0} is for the other side to report")]
    NotYours(String),
    /// Capture before the report.
    #[error("Battle {0} has no recorded result yet; equipment is captured after it")]
    NotDecided(u32),
    /// No such device.
    #[error("Nothing called '{0}' was left on the field in battle {1}")]
    UnknownDevice(String, u32),
    /// The pack turns the rule off.
    #[error(
        "This campaign plays without the optional rule 'captured_equipment' (R1.5): abandoned equipment is lost"
    )]
    NoCapture,
    /// Rolled already.
    #[error("The capture roll for '{0}' has been made: one roll per device (R1.5)")]
    AlreadyRolled(String),
}

/// Records `report` for battle `id`. The umpire's is applied at once. A side reports the winner,
/// the Turns and its own part (its casualties, Force Morale, support used, equipment abandoned
/// and the prisoners it took); once both sides have reported the same winner and Turns, the two
/// parts are joined and applied.
pub fn submit_report(
    state: &mut WonsState,
    id: u32,
    by: Reporter,
    report: &BattleReport,
) -> Result<Vec<Event>, ReportError> {
    let battle = state.battle(id).ok_or(BattleError::Unknown(id))?.clone();
    if battle.status != BattleStatus::Pending {
        return Err(BattleError::AlreadyDecided(id).into());
    }
    // A side's report is first held to its own part, so that the checks of the whole report
    // never answer about the enemy's platoons, TOEs or purchases.
    if let Reporter::Side(side) = by {
        if !battle.fought_by(state, side) {
            return Err(ReportError::SideNotInBattle(id));
        }
        check_own_part(state, &battle, side, report)?;
    }
    check(state, &battle, report)?;
    let Reporter::Side(side) = by else {
        return apply_report(state, id, report);
    };
    let hour = state.hour;
    let other = battle
        .proposals
        .iter()
        .find(|(s, _)| *s == side.enemy())
        .map(|(_, r)| r.clone());
    match other {
        Some(other) if other.winner == report.winner && other.turns == report.turns => {
            let joined = join(&other, report);
            check(state, &battle, &joined)?;
            let mut events = vec![Event::new(
                hour,
                EventVisibility::Public,
                EventKind::Battle,
                format!(
                    "Both sides report battle {id} alike: the {} side won after {} Turn(s).",
                    report.winner.adjective(),
                    report.turns
                ),
            )];
            events.extend(apply_report(state, id, &joined)?);
            Ok(events)
        }
        other => {
            if let Some(b) = state.battle_mut(id) {
                b.proposals.retain(|(s, _)| *s != side);
                b.proposals.push((side, report.clone()));
            }
            let sentence = if other.is_some() {
                format!(
                    "The sides' reports of battle {id} disagree on the winner or the Turns: one side sends its report again, or the umpire records the result."
                )
            } else {
                format!(
                    "The {} side reported battle {id}; the result is applied when the {} side reports the same winner and Turns, or the umpire records it.",
                    side.adjective(),
                    side.enemy().adjective()
                )
            };
            Ok(vec![Event::new(
                hour,
                EventVisibility::Public,
                EventKind::Battle,
                sentence,
            )])
        }
    }
}

/// The umpire records a bare result: who won, after how many Turns, nothing else.
pub fn record_battle_result(
    state: &mut WonsState,
    id: u32,
    winner: Side,
    turns: u32,
) -> Result<Vec<Event>, ReportError> {
    submit_report(
        state,
        id,
        Reporter::Umpire,
        &BattleReport::bare(winner, turns),
    )
}

/// Both sides' parts of a report, joined.
fn join(first: &BattleReport, second: &BattleReport) -> BattleReport {
    let mut joined = first.clone();
    joined.casualties.extend(second.casualties.iter().cloned());
    joined
        .force_morale_end
        .extend(second.force_morale_end.iter().cloned());
    joined
        .support_used
        .extend(second.support_used.iter().cloned());
    joined.prisoners.extend(second.prisoners.iter().cloned());
    joined.abandoned.extend(second.abandoned.iter().cloned());
    joined
}

/// A side's report speaks only of its own platoons, Force Morale, support and prisoners taken.
/// An enemy platoon or an enemy purchase is refused exactly as one that does not exist, so the
/// refusal confirms nothing the side has not seen.
fn check_own_part(
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
fn check(state: &WonsState, battle: &Battle, report: &BattleReport) -> Result<(), ReportError> {
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

/// Applies a checked report: TOE losses, abandoned equipment, support used and retained, the
/// result's consequences on the ladder, and the record on the battle.
fn apply_report(
    state: &mut WonsState,
    id: u32,
    report: &BattleReport,
) -> Result<Vec<Event>, ReportError> {
    let hour = state.hour;
    let mut events = Vec::new();
    let mut told = |side: Side, sentence: String| {
        events.push(Event::new(
            hour,
            EventVisibility::side(side),
            EventKind::Battle,
            sentence,
        ));
    };
    // Casualties leave the TOE; an element with no men left is gone.
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
    // Abandoned equipment leaves its owner and waits on the field for a capture roll.
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
    // Support: used items are gone; unused retained purchases stay with their platoon (R1.4).
    let battle = state.battle(id).cloned().ok_or(BattleError::Unknown(id))?;
    // Each entry of `support_used` uses up one item: a purchase of that id, or a retained item.
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
                    id: format!("b{id}-{}-{}", purchase.item, n + 1),
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
    for f in &report.force_morale_end {
        told(
            f.side,
            format!("Our Force Morale at the end of battle {id}: {}.", f.value),
        );
    }
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
    events.extend(super::battle::decide(
        state,
        id,
        report.winner,
        report.turns,
    )?);
    Ok(events)
}

/// What a side asks when it rolls to capture a device (R1.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CaptureRequest {
    /// The device's id on the battle (e.g. `b1-d1`).
    pub device: String,
    /// The capturing platoon, one of the side's in the battle.
    pub platoon: PlatoonId,
    /// It lies in a difficult place (one step harder).
    #[serde(default)]
    pub difficult_place: bool,
    /// The capturer has been within close combat range of it (no Darkness penalty, R5.1).
    #[serde(default)]
    pub been_in_close_combat_range: bool,
    /// A support weapon heavier than a medium machine gun: into use at once only on a 6.
    #[serde(default)]
    pub heavier_weapon: bool,
    /// The capturer has a proficient crew for it.
    #[serde(default)]
    pub proficient_crew: bool,
}

/// `side` rolls to capture a device left on the field in battle `id` (R1.5). A hero of the
/// capturing platoon who may use any weapon (`any_weapon_hero`, his name) takes it into use at
/// once. Success gives the platoon the weapon (or the retained item); failure destroys it.
pub fn capture_device(
    state: &mut WonsState,
    id: u32,
    side: Side,
    request: &CaptureRequest,
    any_weapon_hero: Option<&str>,
    dice: &mut dyn Dice,
) -> Result<Vec<Event>, ReportError> {
    let battle = state.battle(id).ok_or(BattleError::Unknown(id))?;
    if battle.status == BattleStatus::Pending {
        return Err(ReportError::NotDecided(id));
    }
    if !state.rule_on("captured_equipment") {
        return Err(ReportError::NoCapture);
    }
    let device = battle
        .abandoned
        .iter()
        .find(|d| d.id == request.device)
        .ok_or_else(|| ReportError::UnknownDevice(request.device.clone(), id))?
        .clone();
    if device.capture.is_some() {
        return Err(ReportError::AlreadyRolled(device.name));
    }
    let theirs = state
        .platoons
        .get(&request.platoon)
        .is_some_and(|p| p.side == side && battle.involves(&p.id));
    if !theirs {
        return Err(ReportError::NotInBattle(request.platoon.clone(), id));
    }
    let situation = CaptureSituation {
        he_drove_off_owner: device.he_drove_off_owner,
        difficult_place: request.difficult_place,
        darkness: state.clock.light(battle.hour) == Light::Darkness,
        been_in_close_combat_range: request.been_in_close_combat_range,
        friendly_abandoned: device.owner == side,
        heavier_weapon: request.heavier_weapon,
        proficient_crew_or_hero: request.proficient_crew || any_weapon_hero.is_some(),
    };
    let platoon_name = state.platoon_name(&request.platoon);
    let purpose = format!(
        "Capture roll for {} left in battle {id}, by {platoon_name} (R1.5)",
        device.name
    );
    let die = dice
        .roll(RollSpec::d6s(purpose, side.role(), Visibility::Public, 1))
        .first()
        .copied()
        .unwrap_or(1);
    let roll = capture(die, &situation);
    let mods: Vec<String> = roll
        .modifiers
        .iter()
        .map(|m| format!("{} {:+}", m.name, m.amount))
        .collect();
    let foreign = device.owner != side;
    let outcome = if !roll.captured {
        "it is destroyed".to_owned()
    } else {
        let mut text = format!("{platoon_name} takes it");
        if device.retained {
            text.push_str(" as a retained item");
        } else {
            text.push_str(if roll.usable_at_once {
                ", into use at once"
            } else {
                ", usable from the next battle"
            });
            if let (Some(hero), true) = (any_weapon_hero, roll.usable_at_once) {
                text.push_str(&format!(" ({hero} may use any weapon)"));
            }
            if foreign {
                text.push_str(
                    "; it uses foreign ammunition: roll two coloured dice with every to-hit roll, any double empties and discards it, and it is used at −1 in its first scenario",
                );
            }
        }
        text
    };
    let sentence = format!(
        "Capture roll for {} ({}): rolled {die}{}, needing {}: {outcome}.",
        device.name,
        device.id,
        if mods.is_empty() {
            String::new()
        } else {
            format!(" ({})", mods.join(", "))
        },
        roll.needed
    );
    if roll.captured
        && let Some(p) = state.platoons.get_mut(&request.platoon)
    {
        if device.retained {
            p.retained.push(RetainedItem {
                id: device.id.clone(),
                name: device.name.clone(),
            });
        } else {
            p.captured.push(CapturedWeapon {
                name: device.name.clone(),
                battle: id,
                foreign_ammunition: foreign,
                usable_at_once: roll.usable_at_once,
            });
        }
    }
    if let Some(d) = state
        .battle_mut(id)
        .and_then(|b| b.abandoned.iter_mut().find(|d| d.id == device.id))
    {
        d.capture = Some(CaptureRecord {
            side,
            platoon: request.platoon.clone(),
            roll,
        });
    }
    Ok(vec![Event::new(
        state.hour,
        EventVisibility::Public,
        EventKind::Battle,
        sentence,
    )])
}
