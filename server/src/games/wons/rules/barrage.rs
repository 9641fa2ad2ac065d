//! Pre-battle barrages (R23.1): the requirements checked, then availability (1d6), accuracy (3d6)
//! and a direct-hit roll (2d6) per target, all rolled by the server and kept with the battle.

use super::battle::{Battle, BattleStatus};
use super::events::{Event, EventKind, EventVisibility};
use super::ladder::StepIndex;
use super::state::{MoveBan, WonsState};
use super::tables::artillery::{
    BarrageAccuracy, BarrageAvailability, BarrageProfile, barrage, barrage_accuracy,
    barrage_availability, direct_hit,
};
use crate::core::domain::Side;
use crate::dice::source::{Dice, RollSpec, Visibility};
use serde::{Deserialize, Serialize};

/// What a side asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BarrageRequest {
    /// The barrage's code from the R23.1 tables (e.g. `soviet-twelve-122mm-howitzers`).
    pub barrage: String,
    /// What it aims at: each section, team, vehicle, entrenchment, building or bridge by name.
    pub targets: Vec<String>,
    /// Finns: a forward observer directs it (radio for artillery, telephone for mortars).
    #[serde(default)]
    pub observer: bool,
}

/// A direct-hit roll against one target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetHit {
    /// The target.
    pub target: String,
    /// The 2d6 total.
    pub total: u32,
    /// Whether it is a direct hit.
    pub hit: bool,
    /// On a direct hit, the barrage's HE dice as the server rolled them; the table reads their
    /// effect on the target as Chain of Command's HE rules say.
    #[serde(default)]
    pub he_faces: Vec<u32>,
}

/// A barrage fired (or late) before a battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BarrageRecord {
    /// Whose barrage.
    pub side: Side,
    /// Its code.
    pub barrage: String,
    /// Its title.
    pub title: String,
    /// The availability die and what it means.
    pub availability_die: u32,
    /// Late (try again next Turn) or available.
    pub availability: BarrageAvailability,
    /// The accuracy total (3d6), when it fired.
    pub accuracy_total: Option<i32>,
    /// Where it fell, when it fired.
    pub accuracy: Option<BarrageAccuracy>,
    /// Direct-hit rolls, when it fell on target.
    pub hits: Vec<TargetHit>,
    /// HE dice each direct hit rolls.
    pub he: u32,
}

/// Why a barrage was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BarrageError {
    /// No such battle.
    #[error("There is no battle {0}")]
    UnknownBattle(u32),
    /// The battle has been fought.
    #[error("Battle {0} has been fought; barrages come before it")]
    Decided(u32),
    /// No such barrage, or not this side's.
    #[error("'{0}' is not one of your side's barrages in the R23.1 tables")]
    UnknownBarrage(String),
    /// The side has no platoon in the battle.
    #[error("Your side has no platoon in battle {0}")]
    NotInBattle(u32),
    /// Soviet: the position was not known long enough.
    #[error(
        "The Soviets may only shell a position they spotted at least four Hours before the battle (R23.1.1)"
    )]
    NotSpottedLongEnough,
    /// Soviet: the Soviets are not the ones assaulting (they defend against a Finnish attack).
    #[error(
        "Soviet barrages are planned only for an assault on a known enemy position (R23.1.1): in battle {0} the Soviets defend, so they have none"
    )]
    NotAssaulting(u32),
    /// Finnish: nobody directs it.
    #[error(
        "A Finnish barrage needs a forward observer: radio for artillery, field telephone for mortars (R23.1)"
    )]
    NoObserver,
    /// Not bought for this battle.
    #[error(
        "A barrage is bought with support points (R23.1): buy {0} for this battle before calling it"
    )]
    NotBought(String),
    /// Nothing to aim at.
    #[error(
        "Name at least one target (each section, team, vehicle, entrenchment, building or bridge) (R23.1)"
    )]
    NoTargets,
}

/// Whether the Soviets may have a barrage for `battle` (R23.1.1): only when they assault a
/// position they already knew, and only once four Hours have passed since they first saw the
/// enemy there. Both the purchase (`super::support::set_purchases`) and the fire request
/// ([`fire_barrage`]) ask it, measured at the battle's Hour: fire requests are plotted before
/// the battle begins, so within that Hour.
pub fn soviet_barrage_allowed(state: &WonsState, battle: &Battle) -> Result<(), BarrageError> {
    if battle.attacker != Side::Soviet {
        return Err(BarrageError::NotAssaulting(battle.id));
    }
    if !state
        .knowledge
        .soviet
        .spotted_at_least(battle.step, 4, battle.hour)
    {
        return Err(BarrageError::NotSpottedLongEnough);
    }
    Ok(())
}

/// The targets named in `request`, blanks left out; at least one.
fn barrage_targets(request: &BarrageRequest) -> Result<Vec<&str>, BarrageError> {
    let targets: Vec<&str> = request
        .targets
        .iter()
        .map(|t| t.trim())
        .filter(|t| !t.is_empty())
        .collect();
    if targets.is_empty() {
        return Err(BarrageError::NoTargets);
    }
    Ok(targets)
}

/// `side` bought a barrage of this kind for the battle that it has not yet called.
fn check_bought(found: &Battle, side: Side, profile: &BarrageProfile) -> Result<(), BarrageError> {
    let bought = found
        .support
        .iter()
        .filter(|s| s.side == side)
        .flat_map(|s| &s.purchases)
        .filter(|p| p.barrage.as_deref() == Some(profile.code))
        .count();
    let called = found
        .barrages
        .iter()
        .filter(|r| r.side == side && r.barrage == profile.code)
        .count();
    if bought <= called {
        return Err(BarrageError::NotBought(profile.title.to_owned()));
    }
    Ok(())
}

/// The direct hit rolls as the log tells them, after the accuracy: nothing when none were rolled.
fn direct_hits_said(hits: &[TargetHit], profile: &BarrageProfile) -> String {
    let hits: Vec<String> = hits
        .iter()
        .map(|h| {
            let faces: Vec<String> = h.he_faces.iter().map(u32::to_string).collect();
            format!(
                "{} {} ({}){}",
                h.target,
                if h.hit { "hit" } else { "missed" },
                h.total,
                if faces.is_empty() {
                    String::new()
                } else {
                    format!(", HE dice {}", faces.join(" "))
                }
            )
        })
        .collect();
    if hits.is_empty() {
        String::new()
    } else {
        format!(
            "; direct hits need {}+ and the server rolls {} HE dice for each: {}",
            profile.direct_hit,
            profile.he,
            hits.join(", ")
        )
    }
}

/// A barrage that falls short bars its own side's moves, retreats too, on the battle's step
/// this Hour; one that falls long, the enemy's moves (R23.1).
fn move_ban(
    accuracy: BarrageAccuracy,
    side: Side,
    step: StepIndex,
    hour: u32,
    called: &str,
) -> Option<MoveBan> {
    let (banned, retreats_too, why) = match accuracy {
        BarrageAccuracy::ShortOnOwnPositions => (side, true, "short"),
        BarrageAccuracy::LongBlocksStep => (side.enemy(), false, "long"),
        _ => return None,
    };
    Some(MoveBan {
        step,
        side: banned,
        hour,
        retreats_too,
        reason: format!("{called} fell {why} there"),
    })
}

/// Checks and fires `side`'s barrage before battle `battle`.
pub fn fire_barrage(
    state: &mut WonsState,
    battle: u32,
    side: Side,
    request: &BarrageRequest,
    dice: &mut dyn Dice,
) -> Result<Vec<Event>, BarrageError> {
    let found = state
        .battle(battle)
        .ok_or(BarrageError::UnknownBattle(battle))?;
    if found.status != BattleStatus::Pending {
        return Err(BarrageError::Decided(battle));
    }
    let profile = barrage(&request.barrage)
        .filter(|p| p.side == side)
        .ok_or_else(|| BarrageError::UnknownBarrage(request.barrage.clone()))?;
    if !found.fought_by(state, side) {
        return Err(BarrageError::NotInBattle(battle));
    }
    match side {
        Side::Soviet => soviet_barrage_allowed(state, found)?,
        Side::Finnish if !request.observer => return Err(BarrageError::NoObserver),
        Side::Finnish => {}
    }
    let targets = barrage_targets(request)?;
    check_bought(found, side, profile)?;
    let who = side.adjective();
    let roll = |dice: &mut dyn Dice, what: String, count: usize| -> Vec<u32> {
        dice.roll(RollSpec::d6s(
            format!(
                "{who} {} for battle {battle}: {what} (R23.1)",
                profile.title
            ),
            side.role(),
            Visibility::Side,
            count,
        ))
    };
    let availability_die = roll(dice, "availability".into(), 1)
        .first()
        .copied()
        .unwrap_or(1);
    let availability = barrage_availability(availability_die);
    let mut record = BarrageRecord {
        side,
        barrage: profile.code.to_owned(),
        title: profile.title.to_owned(),
        availability_die,
        availability,
        accuracy_total: None,
        accuracy: None,
        hits: Vec::new(),
        he: profile.he,
    };
    let hour = state.hour;
    let mut events = Vec::new();
    if availability == BarrageAvailability::Late {
        events.push(Event::new(
            hour,
            EventVisibility::side(side),
            EventKind::Battle,
            format!("The {who} {} for battle {battle} is late (rolled {availability_die}): try again next Turn.", profile.title),
        ));
    } else {
        let total: u32 = roll(dice, "accuracy".into(), 3).iter().sum();
        let accuracy = barrage_accuracy(total as i32);
        record.accuracy_total = Some(total as i32);
        record.accuracy = Some(accuracy);
        // **Interpretation**: "this Hour" is the Hour whose orders are being given when the
        // barrage is called, the next to resolve.
        let called = format!("the {who} {} called for battle {battle}", profile.title);
        if let Some(ban) = move_ban(accuracy, side, found.step, state.hour, &called) {
            state.move_bans.push(ban);
        }
        if accuracy == BarrageAccuracy::OnTarget {
            for target in &targets {
                let hit_total: u32 = roll(dice, format!("direct hit on {target}"), 2)
                    .iter()
                    .sum();
                let hit = direct_hit(hit_total, profile);
                let he_faces = if hit {
                    roll(dice, format!("HE dice on {target}"), profile.he as usize)
                } else {
                    Vec::new()
                };
                record.hits.push(TargetHit {
                    target: (*target).to_owned(),
                    total: hit_total,
                    hit,
                    he_faces,
                });
            }
        }
        events.push(Event::new(
            hour,
            EventVisibility::Public,
            EventKind::Battle,
            format!(
                "Before battle {battle} the {who} {} (accuracy {total}): {}{}.",
                profile.title,
                accuracy.describe(),
                direct_hits_said(&record.hits, profile)
            ),
        ));
    }
    if let Some(b) = state.battle_mut(battle) {
        b.barrages.push(record);
    }
    Ok(events)
}

#[cfg(test)]
#[path = "barrage_tests.rs"]
mod tests;
