//! After the battle: the result the umpire records (or both sides agree on), carried into the
//! campaign (casualties into the TOE, support used and retained, prisoners, equipment left on the
//! field), and the capture rolls for that equipment (R1.4, R1.5).

use super::battle::{BattleError, BattleStatus};
use super::events::{Event, EventKind, EventVisibility};
use super::platoon::PlatoonId;
use super::state::WonsState;
use crate::core::domain::Side;
use serde::{Deserialize, Serialize};

mod apply;
mod capture;
mod checks;

use apply::apply_report;
pub use capture::{AbandonedDevice, CaptureRecord, CaptureRequest, CapturedWeapon, capture_device};
use checks::{check, check_own_part};

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

/// The id of the `n`th retained item (from 1) made from a purchase of `item` for battle
/// `battle`: `b{battle}-{item}-{n}`.
pub fn retained_item_id(battle: u32, item: &str, n: usize) -> String {
    format!("b{battle}-{item}-{n}")
}

/// The support item a retained item's id (see [`retained_item_id`]) was made from.
pub fn retained_item_source(id: &str) -> Option<&str> {
    let (battle, rest) = id.strip_prefix('b')?.split_once('-')?;
    let (item, n) = rest.rsplit_once('-')?;
    battle.parse::<u32>().ok()?;
    n.parse::<usize>().ok()?;
    Some(item)
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
