//! Red Winter's attacks resolved against the roster: the server takes each unit's CS, marks and
//! markers from the roster (or an override with its reason), works out the column, rolls, and
//! records the losses each side owes; the owner then takes them (steps and retreats) and the
//! roster follows. Ranged Attacks and the Night Raid are in `fire`.

use super::Records;
use super::calculations::columns;
use crate::core::domain::{Role, Side};
use crate::dice::source::Dice;
use crate::games::assisted::calc::Working;
use crate::games::assisted::catalogue::{Acted, Action, Refused, Table};
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{AttrValue, Unit, UnitEdit};
use crate::games::assisted::sequence::Activity;
use crate::games::red_winter::rules::calc_combat::{Attack, attack_column};
use crate::games::red_winter::rules::calc_losses::{
    LossPlan, LossTaker, check_cold_losses, check_losses, hotel_losses,
};
use crate::games::red_winter::rules::calc_shifts::{Fight, ShiftCase};
use crate::games::red_winter::rules::calc_strength::{AttackFrom, AttackingStack};
use crate::games::red_winter::rules::procedures::combat_roll;
use crate::games::red_winter::rules::sequence::NIGHT;
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::BTreeMap;

use super::inputs::*;

/// An attacking stack as declared.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct StackIn {
    /// The hex it attacks from.
    pub hex: String,
    /// Where it attacks from.
    #[serde(default)]
    pub from: AttackFrom,
    /// Its units taking part, by id.
    pub units: Vec<String>,
}

/// A Combat or Assault to resolve against the roster.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct CombatIn {
    /// Combat (8.0) or Assault (9.0).
    pub fight: Fight,
    /// The attacking stacks.
    pub attackers: Vec<StackIn>,
    /// The defending hex.
    pub hex: String,
    /// The defending units, by id.
    pub defenders: Vec<String>,
    /// Every attacker and defender is on frozen lake.
    #[serde(default)]
    pub all_on_frozen_lake: bool,
    /// The column shift cases the map decides (support suppressions, concentric, frozen lake,
    /// Pajari, morale, armor, stance, Bonfire, submachine guns, entered shifts). Dug-In comes
    /// from the defenders' markers.
    pub shifts: ShiftCase,
    /// Values replaced for this resolution, each with its reason.
    #[serde(default)]
    pub overrides: Vec<Override>,
}

fn combat(
    p: CombatIn,
    table: &mut Table<'_, Records>,
    dice: &mut dyn Dice,
) -> Result<Acted<serde_json::Value>, Refused> {
    match p.fight {
        Fight::NightRaid => {
            return Err(against(
                "A Night Raid is resolved with the night-raid action.".into(),
            ));
        }
        Fight::Combat => in_phase(table, &["_combat"], "a Combat Phase (3.0 III)")?,
        Fight::Assault => in_phase(
            table,
            &["_action"],
            "an Action Phase, as part of a move (9.0)",
        )?,
    }
    if !table.extra.pending.is_empty() {
        return Err(Refused {
            kind: RefusalKind::NotNow,
            code: "losses_pending",
            message: "The losses of the last attack are still to be taken (take-losses).".into(),
        });
    }
    let mut work = Working::new();
    let taken = Taken::new(table, p.overrides, &mut work)?;
    let mut attacking = Vec::new();
    let mut stacks = Vec::new();
    for stack in &p.attackers {
        let units = stack
            .units
            .iter()
            .map(|id| taken.unit(id))
            .collect::<Result<Vec<_>, _>>()?;
        attacking.extend(units.iter().copied());
        stacks.push(AttackingStack {
            hex: stack.hex.clone(),
            from: stack.from,
            units: units.iter().map(|u| taken.piece(u)).collect(),
        });
    }
    let defending = p
        .defenders
        .iter()
        .map(|id| taken.unit(id))
        .collect::<Result<Vec<_>, _>>()?;
    let attacker = owner_side(&attacking)?;
    let defender = owner_side(&defending)?;
    if attacker == defender || table.by.side().is_some_and(|s| s != attacker) {
        return Err(against(
            "The attacker resolves its own attack, against the enemy's units.".into(),
        ));
    }
    let mut shifts = p.shifts;
    shifts.fight = p.fight;
    shifts.attacker = attacker;
    shifts.defender_dug_in = defending.iter().any(|u| taken.flag(u, "dug_in"));
    let attack = Attack {
        attackers: stacks,
        hex: p.hex.clone(),
        defenders: defending.iter().map(|u| taken.piece(u)).collect(),
        night: table.turn_kind == NIGHT,
        all_on_frozen_lake: p.all_on_frozen_lake,
        shifts,
    };
    let cols = columns(table.charts).map_err(|e| Refused::of(&e))?;
    let column = work.take(attack_column(&attack, &cols).map_err(|e| Refused::of(&e))?);
    let (reading, a, d) = work.take(
        combat_roll(table.charts, dice, attacker, &p.hex, column).map_err(|e| Refused::of(&e))?,
    );
    let hotel = is_hotel(table.map, &p.hex)
        && defending
            .iter()
            .any(|u| matches!(u.unit_type.as_str(), "infantry" | "engineer" | "mg"));
    let d = if hotel {
        work.take(hotel_losses(d, true))
    } else {
        d
    };
    let ids = |units: &[&Unit]| units.iter().map(|u| u.id.clone()).collect::<Vec<_>>();
    for (side, is_attacker, losses, units) in [
        (defender, false, d, ids(&defending)),
        (attacker, true, a, ids(&attacking)),
    ] {
        if losses > 0 {
            table.extra.pending.push(PendingLosses {
                side,
                fight: p.fight,
                attacker: is_attacker,
                losses,
                units,
                steps_only: false,
                cold: None,
            });
        }
    }
    if table.extra.pending.is_empty() {
        work.step("Neither side loses anything.");
    } else {
        work.step("Each side now takes its losses (take-losses), the defender first (8.5).");
    }
    Ok(Acted::public(work.done(serde_json::json!({
        "column": column.to_string(), "reading": reading, "attacker_losses": a, "defender_losses": d,
    }))))
}

/// A side's losses, as its owner takes them.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct LossesIn {
    /// Units reducing, one id per step lost, in order.
    #[serde(default)]
    pub steps: Vec<String>,
    /// Hexes the survivors retreat.
    #[serde(default)]
    pub retreat: u32,
    /// Where the survivors end their retreat, when they retreat and all go to one hex.
    #[serde(default)]
    pub retreat_to: Option<String>,
    /// Where each survivor ends its retreat, by unit id, when they part (8.5.2: they need not
    /// retreat to the same hex); a survivor not named here goes to `retreat_to`.
    #[serde(default)]
    pub retreat_each: BTreeMap<String, String>,
    /// Armored units, by id, that retreat of their own choice after a Combat (12.1.1); armor
    /// not named stays.
    #[serde(default)]
    pub armor_retreats: Vec<String>,
}

/// Whose losses are taken now, and which of those owed: the player's own, the first owed for
/// the umpire, the defender's before the attacker's (8.5) but for the cold's steps (16.3).
fn losses_owed_now(table: &Table<'_, Records>) -> Result<(Side, usize), Refused> {
    let owner = match table.by.side() {
        Some(side) => side,
        // The umpire takes the first losses owed.
        None => table
            .extra
            .pending
            .first()
            .map(|l| l.side)
            .ok_or_else(nothing_owed)?,
    };
    // The defender's losses come first (8.5).
    let at = table
        .extra
        .pending
        .iter()
        .position(|l| l.side == owner)
        .ok_or_else(nothing_owed)?;
    // The cold's steps (16.3) keep no such order.
    if table.extra.pending[at].cold.is_none()
        && table.extra.pending[..at]
            .iter()
            .any(|l| !l.attacker && l.cold.is_none())
    {
        return Err(Refused {
            kind: RefusalKind::NotNow,
            code: "defender_first",
            message: "The defender takes its losses first (8.5).".into(),
        });
    }
    Ok((owner, at))
}

/// A unit as the loss check sees it.
fn loss_taker(u: &Unit) -> LossTaker {
    LossTaker {
        name: u.name.clone(),
        steps: u32::try_from(printed(u, "steps")).unwrap_or(1).max(1),
        ma: u32::try_from(printed(u, "ma")).unwrap_or(0),
        armored: matches!(u.unit_type.as_str(), "tank" | "armored_car") && u.side == Side::Soviet,
    }
}

/// Where each retreating unit (by its index in `units`) ends its retreat, as the player named
/// it for the unit or for all; naming a unit that does not retreat is refused.
fn retreat_destinations(
    p: &LossesIn,
    units: &[Unit],
    retreating: &[usize],
) -> Result<Vec<(usize, String)>, Refused> {
    let mut destinations = Vec::new();
    for &i in retreating {
        let unit = &units[i];
        let to = p
            .retreat_each
            .get(unit.id.as_str())
            .or(p.retreat_to.as_ref())
            .map(|h| h.trim().to_owned())
            .filter(|h| !h.is_empty())
            .ok_or_else(|| {
                against(format!(
                    "Say where {} ends its retreat (retreat_to, or retreat_each by unit).",
                    unit.name
                ))
            })?;
        destinations.push((i, to));
    }
    if let Some(id) = p.retreat_each.keys().find(|id| {
        !retreating
            .iter()
            .any(|&i| units[i].id.as_str() == id.as_str())
    }) {
        return Err(against(format!(
            "retreat_each names {id}, which does not retreat with these losses."
        )));
    }
    Ok(destinations)
}

fn take_losses(
    p: LossesIn,
    table: &mut Table<'_, Records>,
) -> Result<Acted<serde_json::Value>, Refused> {
    let (owner, at) = losses_owed_now(table)?;
    let owed = table.extra.pending[at].clone();
    if owed.steps_only && p.retreat > 0 {
        return Err(against("These losses are steps only.".into()));
    }
    let units: Vec<Unit> = owed
        .units
        .iter()
        .filter_map(|id| table.roster.units.get(id).cloned())
        .collect();
    let takers: Vec<LossTaker> = units.iter().map(loss_taker).collect();
    let index = |id: &String| {
        units
            .iter()
            .position(|u| u.id.as_str() == id)
            .ok_or_else(|| no_unit(id))
    };
    let steps = p.steps.iter().map(index).collect::<Result<Vec<_>, _>>()?;
    let plan = LossPlan {
        steps: steps.clone(),
        retreat: p.retreat,
        armor_retreats: p
            .armor_retreats
            .iter()
            .map(index)
            .collect::<Result<Vec<_>, _>>()?,
    };
    let mut work = Working::new();
    let checked = match owed.cold {
        Some(_) => check_cold_losses(owed.losses, &takers, &plan.steps),
        None => check_losses(owed.fight, owed.attacker, owed.losses, &takers, &plan),
    };
    let outcome = work.take(checked.map_err(|e| Refused::of(&e))?);
    let destinations = retreat_destinations(&p, &units, &outcome.retreating)?;
    let by = Role::Umpire;
    for &i in &outcome.reduced {
        let unit = &units[i];
        let left = takers[i]
            .steps
            .saturating_sub(steps.iter().filter(|&&s| s == i).count() as u32);
        let edit = UnitEdit {
            attributes: BTreeMap::from([(
                "steps".to_string(),
                Some(AttrValue::Number(i64::from(left))),
            )]),
            ..UnitEdit::default()
        };
        table
            .roster
            .edit(table.spec, by, table.moment, &unit.id, edit)
            .map_err(|e| Refused::of(&e))?;
        if !unit.markers.contains("reduced") {
            table
                .roster
                .mark(table.spec, by, table.moment, &unit.id, "reduced")
                .map_err(|e| Refused::of(&e))?;
        }
    }
    for &i in &outcome.eliminated {
        table
            .roster
            .remove(by, table.moment, &units[i].id, "eliminated in combat")
            .map_err(|e| Refused::of(&e))?;
    }
    if outcome.retreat > 0 {
        for (i, to) in &destinations {
            let unit = &units[*i];
            table
                .roster
                .relocate(table.spec, by, table.moment, &unit.id, to)
                .map_err(|e| Refused::of(&e))?;
            if !unit.markers.contains("retreated") {
                table
                    .roster
                    .mark(table.spec, by, table.moment, &unit.id, "retreated")
                    .map_err(|e| Refused::of(&e))?;
            }
            work.step(format!(
                "{} retreats {} hex(es) to {to}",
                unit.name, outcome.retreat
            ));
        }
    }
    table.extra.pending.remove(at);
    Ok(Acted::public(work.done(serde_json::json!({
        "side": owner, "reduced": outcome.reduced.len(), "eliminated": outcome.eliminated.len(), "retreat": outcome.retreat,
    }))))
}

fn nothing_owed() -> Refused {
    Refused {
        kind: RefusalKind::NotNow,
        code: "no_losses_owed",
        message: "No losses are owed now.".into(),
    }
}

/// Every action of Red Winter.
pub fn actions() -> Vec<Action<Records>> {
    let mut all = combat_actions();
    all.extend(recovery_and_park_actions());
    all.extend(cold_and_night_actions());
    all
}

/// Combat, losses, Ranged Attack and AT Fire (8.0–11.3).
fn combat_actions() -> Vec<Action<Records>> {
    vec![
        Action::new(
            "resolve-combat",
            "Resolve a Combat or Assault against the roster",
            "8.0–8.5, 9.0",
            |p: CombatIn, table: &mut Table<'_, Records>, dice| combat(p, table, dice),
        )
        // An Assault as part of a move, a Combat in the Combat Phase: the phasing player's
        // (3.0 II, III).
        .given(true, &[Activity::Movement, Activity::Combat]),
        Action::new(
            "take-losses",
            "Take your side's losses",
            "8.5",
            |p: LossesIn, table: &mut Table<'_, Records>, _dice| take_losses(p, table),
        )
        .pays("steps", Some("retreat_each"))
        // Either side, right after the attack that cost them (8.5), or the roll for the cold
        // (16.3).
        .given(
            false,
            &[Activity::Movement, Activity::Combat, Activity::Attrition],
        ),
        Action::new(
            "resolve-ranged-attack",
            "Ranged Attack against the roster",
            "10.4",
            |p: super::fire::FireIn, table: &mut Table<'_, Records>, dice| {
                super::fire::fire(p, table, dice)
            },
        )
        // The attacker's, or the defender's defensive support, in a Combat Phase (10.0).
        .given(false, &[Activity::Combat]),
        Action::new(
            "resolve-at-fire",
            "Finnish AT Fire against the roster",
            "11.0–11.3",
            |p: super::results::AtFireIn, table: &mut Table<'_, Records>, dice| {
                super::results::at_fire_on_roster(p, table, dice)
            },
        )
        // At a Soviet unit as it moves, assaults or attacks (11.0).
        .given(false, &[Activity::Movement, Activity::Combat]),
    ]
}

/// Recovery, replacements, reconstitution, the artillery parks and Pajari (12.3–13.3).
fn recovery_and_park_actions() -> Vec<Action<Records>> {
    vec![
        Action::new(
            "attempt-recovery",
            "Recovery of a reduced company",
            "13.3",
            |p: super::results::RecoverIn, table: &mut Table<'_, Records>, dice| {
                super::results::recover_on_roster(p, table, dice)
            },
        )
        // A reduced company's action in its own Action Phase (13.3).
        .given(true, &[Activity::Movement]),
        Action::new(
            "spend-replacement",
            "Spend a replacement point",
            "13.2",
            |p: super::results::ReplaceIn, table: &mut Table<'_, Records>, _dice| {
                super::results::replace_on_roster(p, table)
            },
        )
        // In the spending side's own Reset Phase (3.0 I, 13.2).
        .given(true, &[Activity::Supply]),
        Action::new(
            "reconstitute",
            "Reconstitute a company from the dead pool",
            "13.2.1",
            |p: super::reconstitute::ReconstituteIn, table: &mut Table<'_, Records>, _dice| {
                super::reconstitute::reconstitute(p, table)
            },
        )
        // In the spending side's own Reset Phase (13.2.1).
        .given(true, &[Activity::Supply]),
        Action::new(
            "soviet-artillery-park",
            "A Finnish company enters X28: the Soviet Artillery Park",
            "12.4.3",
            |p: super::park::ParkIn, table: &mut Table<'_, Records>, _dice| {
                super::park::soviet_park(p, table)
            },
        ),
        Action::new(
            "finnish-artillery-park",
            "A Soviet company enters the Finnish supply source: the Finnish Artillery Park",
            "12.4.4",
            |p: super::park::ParkIn, table: &mut Table<'_, Records>, _dice| {
                super::park::finnish_park(p, table)
            },
        ),
        Action::new(
            "pajari-caught",
            "Pajari caught: his roll",
            "12.3.1",
            |p: super::park::PajariIn, table: &mut Table<'_, Records>, dice| {
                super::park::pajari_caught(p, table, dice)
            },
        ),
    ]
}

/// The cold, the Night Raid, the Provisional Company and delayed reinforcements (12.8, 13.1,
/// 16.3, 16.4).
fn cold_and_night_actions() -> Vec<Action<Records>> {
    vec![
        Action::new(
            "roll-sub-zero",
            "Sub-Zero Loss roll against the roster",
            "16.3",
            |p: super::cold::ColdIn, table: &mut Table<'_, Records>, dice| {
                super::cold::cold(p, table, dice)
            },
        )
        // Each side in its half of the Sub-Zero Loss Phase, the Soviets first (16.3).
        .given(true, &[Activity::Attrition]),
        Action::new(
            "night-raid",
            "Finnish Night Raid against the roster",
            "16.4",
            |p: super::fire::RaidIn, table: &mut Table<'_, Records>, dice| {
                super::fire::raid(p, table, dice)
            },
        )
        // The Finnish player's, in its Action Phase of a night turn (16.4).
        .given(true, &[Activity::Movement]),
        Action::new(
            "create-provisional-company",
            "Bring the Finnish Provisional Company into play",
            "12.8",
            |p: super::provisional::ProvisionalIn, table: &mut Table<'_, Records>, _dice| {
                super::provisional::create(p, table)
            },
        )
        // The Finnish player's, in its Action Phase (12.8).
        .given(true, &[Activity::Movement]),
        Action::new(
            "delay-reinforcement",
            "Hold back a reinforcement",
            "13.1.2, 13.1.3",
            |p: super::delay::DelayIn, table: &mut Table<'_, Records>, _dice| {
                super::delay::delay(p, table)
            },
        )
        // Its owner's, in its Action Phase, when reinforcements enter (13.1).
        .given(true, &[Activity::Movement]),
        Action::new(
            "night-raid-roll",
            "Finnish Night Raid Table roll",
            "16.4",
            |p: crate::games::red_winter::rules::procedures_charts::NightRaid,
             table: &mut Table<'_, Records>,
             dice| { super::fire::raid_roll(p, table, dice) },
        )
        // As the raid itself: the Finnish player's, in a night turn's Action Phase (16.4.1).
        .given(true, &[Activity::Movement]),
    ]
}
