//! Red Winter's fire against the roster: a Ranged Attack (10.4) and a Finnish Night Raid (16.4),
//! each marking the units it touches and owing the losses its table gives.

use super::Records;
use super::calculations::columns;
use crate::core::domain::{Role, Side};
use crate::dice::source::Dice;
use crate::games::assisted::calc::Working;
use crate::games::assisted::catalogue::{Acted, Refused, Table};
use crate::games::assisted::roster::{Unit, UnitId};
use crate::games::red_winter::rules::calc_combat::{Attack, attack_column};
use crate::games::red_winter::rules::calc_resources::spend_ammo;
use crate::games::red_winter::rules::calc_shifts::{Fight, ShiftCase};
use crate::games::red_winter::rules::calc_strength::{AttackFrom, AttackingStack};
use crate::games::red_winter::rules::eligibility::{Actor, Kind, raid_party};
use crate::games::red_winter::rules::procedures::{
    RangedAttack, Spotting, combat_roll, ranged_attack,
};
use crate::games::red_winter::rules::procedures_charts::{NightRaid, RaidFinding, night_raid};
use crate::games::red_winter::rules::sequence::NIGHT;
use schemars::JsonSchema;
use serde::Deserialize;

use super::inputs::*;

/// A Ranged Attack against the roster.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct FireIn {
    /// The firing unit, by id.
    pub firer: String,
    /// The target hex.
    pub hex: String,
    /// The units in the target hex, by id.
    pub targets: Vec<String>,
    /// How the target is seen.
    #[serde(default)]
    pub spotting: Spotting,
    /// Entered RAT modifiers that apply.
    #[serde(default)]
    pub conditions: Vec<String>,
    /// Values replaced for this resolution, each with its reason.
    #[serde(default)]
    pub overrides: Vec<Override>,
}

pub(super) fn fire(
    p: FireIn,
    table: &mut Table<'_, Records>,
    dice: &mut dyn Dice,
) -> Result<Acted<serde_json::Value>, Refused> {
    in_phase(table, &["_combat"], "a Combat Phase (10.0)")?;
    let mut work = Working::new();
    let taken = Taken::new(table, p.overrides, &mut work)?;
    let firer = taken.unit(&p.firer)?;
    if table.by.side().is_some_and(|s| s != firer.side) {
        return Err(no_unit(&p.firer));
    }
    // Mortars, infantry guns and artillery flip to their Fired side until their owner's Reset
    // Phase (12.4, 12.5); direct-fire units do not flip, and may fire once in each Combat Phase,
    // their own and, as defensive support, the enemy's (10.3.5).
    let flips = taken.flag(firer, "indirect")
        || matches!(
            firer.unit_type.as_str(),
            "mortar" | "infantry_gun" | "artillery"
        );
    if firer.markers.contains("fired") {
        return Err(against(format!(
            "{} shows its Fired side until its owner's Reset Phase (12.4).",
            firer.name
        )));
    }
    if firer.markers.contains("ranged") {
        return Err(against(format!(
            "{} has made its Ranged Attack this Combat Phase (10.3.5).",
            firer.name
        )));
    }
    work.step(format!("{} fires at {}", firer.name, p.hex));
    let targets = p
        .targets
        .iter()
        .map(|id| taken.unit(id))
        .collect::<Result<Vec<_>, _>>()?;
    let target_side = owner_side(&targets)?;
    if target_side == firer.side {
        return Err(against("A Ranged Attack targets the enemy's units.".into()));
    }
    let attack = RangedAttack {
        firer: firer.name.clone(),
        side: firer.side,
        ras: taken.value(firer, "ras"),
        indirect: taken.flag(firer, "indirect"),
        spotting: p.spotting,
        target_dug_in: targets.iter().any(|u| taken.flag(u, "dug_in")),
        night: table.turn_kind == NIGHT,
        conditions: p.conditions,
    };
    // Each 76mm off-map artillery Ranged Attack spends one ammo; none left, none fires (12.4.1).
    let ammo_left = if firer.unit_type == "artillery" && taken.value(firer, "calibre") == 76 {
        let i = usize::from(firer.side == Side::Finnish);
        let left = work.take(spend_ammo(table.extra.ammo[i]).map_err(|e| Refused::of(&e))?);
        Some((i, left))
    } else {
        None
    };
    let result =
        work.take(ranged_attack(table.charts, dice, &attack).map_err(|e| Refused::of(&e))?);
    let (firer_id, target_ids): (UnitId, Vec<UnitId>) = (
        firer.id.clone(),
        targets.iter().map(|u| u.id.clone()).collect(),
    );
    let by = Role::Umpire;
    if let Some((i, left)) = ammo_left {
        table.extra.ammo[i] = left;
    }
    let mark = if flips { "fired" } else { "ranged" };
    table
        .roster
        .mark(table.spec, by, table.moment, &firer_id, mark)
        .map_err(|e| Refused::of(&e))?;
    if result.suppressed {
        for id in &target_ids {
            if !table.roster.units[id].markers.contains("suppressed") {
                table
                    .roster
                    .mark(table.spec, by, table.moment, id, "suppressed")
                    .map_err(|e| Refused::of(&e))?;
            }
        }
    }
    if result.steps > 0 {
        table.extra.pending.push(PendingLosses {
            side: target_side,
            fight: Fight::Combat,
            attacker: false,
            losses: result.steps,
            units: target_ids,
            steps_only: true,
            cold: None,
        });
    }
    Ok(Acted::public(
        work.done(serde_json::to_value(&result).unwrap_or_default()),
    ))
}

/// A Finnish Night Raid against the roster.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct RaidIn {
    /// The raiding companies, 1 to 3, by id.
    pub raiders: Vec<String>,
    /// The target hex.
    pub hex: String,
    /// The units in it, by id.
    pub defenders: Vec<String>,
    /// Pajari goes with them (+2); he may also be named among the raiders.
    #[serde(default)]
    pub pajari: bool,
    /// Where the raiders' path ends: on a frozen lake or across a bridge from the target halves
    /// their CS (16.4 step 4, 8.2 case 1).
    #[serde(default)]
    pub from: AttackFrom,
    /// Every raider and defender is on frozen lake (8.3 case 5 note: no halving).
    #[serde(default)]
    pub all_on_frozen_lake: bool,
    /// Hexes from the target to the nearest Finnish unit at the start of the phase, when the
    /// players have counted them (16.4.1).
    #[serde(default)]
    pub target_from_finns: Option<u32>,
    /// Entered FNRT modifiers that apply.
    #[serde(default)]
    pub conditions: Vec<String>,
    /// Values replaced for this resolution, each with its reason.
    #[serde(default)]
    pub overrides: Vec<Override>,
}

/// A raiding company as the raid party check sees it.
fn raid_actor(u: &Unit) -> Actor {
    Actor {
        name: u.name.clone(),
        side: u.side,
        kind: if u.unit_type == "infantry" {
            Kind::InfantryCompany
        } else {
            Kind::Other
        },
        full_strength: !u.markers.contains("reduced") && printed(u, "steps") >= 2,
        in_ezoc: false,
        began_in_ezoc: false,
        acted: u.markers.contains("acted"),
    }
}

/// Pajari goes with the raiders when named among them or asked for, and only while he is on
/// the roster (16.4.1, 12.3.1).
fn pajari_goes(
    table: &Table<'_, Records>,
    leaders: &[&Unit],
    asked: bool,
) -> Result<bool, Refused> {
    let pajari = !leaders.is_empty() || asked;
    if pajari
        && leaders.is_empty()
        && !table
            .roster
            .units
            .values()
            .any(|u| u.side == Side::Finnish && u.unit_type == "leader")
    {
        return Err(against(
            "Pajari is not on the roster (captured, or not in play) and cannot go with the raiders (12.3.1)."
                .into(),
        ));
    }
    Ok(pajari)
}

/// The losses a found raid's combat roll gives each side, owed in steps by the units in it:
/// `raiders` and `defender` are the losses and the units of each.
fn owe_raid_losses(
    table: &mut Table<'_, Records>,
    raiders: (u32, &[UnitId]),
    defender: (u32, &[UnitId]),
) {
    for (side, attacker, losses, units) in [
        (Side::Soviet, false, defender.0, defender.1.to_vec()),
        (Side::Finnish, true, raiders.0, raiders.1.to_vec()),
    ] {
        if losses > 0 {
            table.extra.pending.push(PendingLosses {
                side,
                fight: Fight::NightRaid,
                attacker,
                losses,
                units,
                steps_only: true,
                cold: None,
            });
        }
    }
}

pub(super) fn raid(
    p: RaidIn,
    table: &mut Table<'_, Records>,
    dice: &mut dyn Dice,
) -> Result<Acted<serde_json::Value>, Refused> {
    in_phase(
        table,
        &["_action"],
        "the Finnish Action Phase of a night turn (16.4)",
    )?;
    let mut work = Working::new();
    let taken = Taken::new(table, p.overrides, &mut work)?;
    let named = p
        .raiders
        .iter()
        .map(|id| taken.unit(id))
        .collect::<Result<Vec<_>, _>>()?;
    // Pajari goes with the raiders but is not one of the three companies (16.4.1, 12.3).
    let (leaders, raiders): (Vec<&Unit>, Vec<&Unit>) =
        named.into_iter().partition(|u| u.unit_type == "leader");
    let pajari = pajari_goes(table, &leaders, p.pajari)?;
    let defenders = p
        .defenders
        .iter()
        .map(|id| taken.unit(id))
        .collect::<Result<Vec<_>, _>>()?;
    if owner_side(&raiders)? != Side::Finnish
        || owner_side(&defenders)? != Side::Soviet
        || table.by == Role::Soviet
    {
        return Err(against(
            "A Night Raid is made by Finnish companies on Soviet units (16.4).".into(),
        ));
    }
    let actors: Vec<Actor> = raiders.iter().map(|u| raid_actor(u)).collect();
    work.take(
        raid_party(
            &actors,
            &p.hex,
            p.target_from_finns.unwrap_or(u32::MAX),
            is_hotel(table.map, &p.hex),
            pajari,
            false,
            table.turn_kind == NIGHT,
            table.extra.raid_made,
        )
        .map_err(|e| Refused::of(&e))?,
    );
    let declared = NightRaid {
        raiders: raiders.iter().map(|u| u.name.clone()).collect(),
        target: p.hex.clone(),
        pajari,
        conditions: p.conditions,
    };
    let (reading, finding) = work.take(
        night_raid(
            table.charts,
            dice,
            &declared,
            table.turn_kind == NIGHT,
            table.extra.raid_made,
        )
        .map_err(|e| Refused::of(&e))?,
    );
    let raiders_ids: Vec<UnitId> = raiders.iter().map(|u| u.id.clone()).collect();
    let defender_ids: Vec<UnitId> = defenders.iter().map(|u| u.id.clone()).collect();
    let mut answer = serde_json::json!({"fnrt": reading, "finding": finding});
    if let RaidFinding::Found { shift } = finding {
        let mut shifts = ShiftCase::new(Fight::NightRaid, Side::Finnish);
        shifts.night_raid_shift = shift;
        let attack = Attack {
            attackers: vec![AttackingStack {
                hex: raiders
                    .first()
                    .map(|u| u.location.clone())
                    .unwrap_or_default(),
                from: p.from,
                units: raiders.iter().map(|u| taken.piece(u)).collect(),
            }],
            hex: p.hex.clone(),
            defenders: defenders.iter().map(|u| taken.piece(u)).collect(),
            night: true,
            all_on_frozen_lake: p.all_on_frozen_lake,
            shifts,
        };
        let cols = columns(table.charts).map_err(|e| Refused::of(&e))?;
        let column = work.take(attack_column(&attack, &cols).map_err(|e| Refused::of(&e))?);
        let (crt, a, d) = work.take(
            combat_roll(table.charts, dice, Side::Finnish, &p.hex, column)
                .map_err(|e| Refused::of(&e))?,
        );
        owe_raid_losses(table, (a, &raiders_ids), (d, &defender_ids));
        answer["crt"] = serde_json::to_value(&crt).unwrap_or_default();
        answer["attacker_losses"] = a.into();
        answer["defender_losses"] = d.into();
    }
    table.extra.raid_made = true;
    for id in &raiders_ids {
        table
            .roster
            .mark(table.spec, Role::Umpire, table.moment, id, "night_raid")
            .map_err(|e| Refused::of(&e))?;
    }
    Ok(Acted::public(work.done(answer)))
}

/// The FNRT roll of a raid the players resolve themselves (16.4 step 3), by name: it is this
/// night's one Night Raid, so it is refused by day and once a raid has been made this night,
/// and once rolled no other raid may be made until the next night turn (16.4.1).
pub(super) fn raid_roll(
    p: NightRaid,
    table: &mut Table<'_, Records>,
    dice: &mut dyn Dice,
) -> Result<Acted<serde_json::Value>, Refused> {
    in_phase(
        table,
        &["_action"],
        "the Finnish Action Phase of a night turn (16.4)",
    )?;
    if table.by == Role::Soviet {
        return Err(against(
            "The Finnish player rolls for a Night Raid (16.4).".into(),
        ));
    }
    let mut work = Working::new();
    let (reading, finding) = work.take(
        night_raid(
            table.charts,
            dice,
            &p,
            table.turn_kind == NIGHT,
            table.extra.raid_made,
        )
        .map_err(|e| Refused::of(&e))?,
    );
    table.extra.raid_made = true;
    work.step(
        "This night's Night Raid is made; the next may be made on the next night turn (16.4.1).",
    );
    Ok(Acted::public(work.done(
        serde_json::json!({"fnrt": reading, "finding": finding}),
    )))
}
