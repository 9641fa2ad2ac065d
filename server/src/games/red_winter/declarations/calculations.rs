//! Every calculation of Red Winter (II.2) by name, each a pure function of typed parameters
//! explained step by step; nothing is stored.

use crate::games::assisted::calc::{Explained, Odds, Shift};
use crate::games::assisted::catalogue::Calculation;
use crate::games::assisted::chart_set::ChartSet;
use crate::games::red_winter::rules::calc_combat::{Attack, attack_column};
use crate::games::red_winter::rules::calc_losses::{
    LossPlan, LossTaker, advance_limit, check_losses, eliminated_to, ezoc_retreat_losses,
    hotel_losses, retreat_limit,
};
use crate::games::red_winter::rules::calc_moves::{
    OverrunRoad, Stacks, assault_cost, movement_points, overrun_half_mp, raid_path, stacking,
};
use crate::games::red_winter::rules::calc_odds::{combat_column, default_columns};
use crate::games::red_winter::rules::calc_resources::{
    Replacement, armor_commitment_vp, artillery_park, artillery_return_turn, replacement_cost,
    spend_ammo,
};
use crate::games::red_winter::rules::calc_rolls::{
    Modifier, at_hits, ranged_total, recovery_total, sub_zero_total,
};
use crate::games::red_winter::rules::calc_shifts::{Fight, ShiftCase, column_shifts};
use crate::games::red_winter::rules::calc_strength::{
    AttackingStack, Piece, attack_strength, defence_strength,
};
use crate::games::red_winter::rules::calc_terrain::{HexEntry, Mover, hex_cost};
use crate::games::red_winter::rules::charts::entered_crt_columns;
use crate::games::red_winter::rules::eligibility::{
    Actor, Firer, Freezing, may_build_bonfire, may_dig_in, may_fire, may_raid, may_recover,
    raid_party, sub_zero_rolls,
};
use crate::games::red_winter::rules::error::RulesError;
use crate::games::red_winter::rules::procedures::{AtRange, RangedAttack};
use crate::games::red_winter::rules::procedures_charts::{Recovery, SubZero};
use schemars::JsonSchema;
use serde::Deserialize;

/// The CRT columns to read: the entered CRT's, else the columns the rules name.
pub fn columns(charts: &ChartSet) -> Result<Vec<Odds>, RulesError> {
    match entered_crt_columns(charts) {
        Err(RulesError::Chart(_)) => Ok(default_columns()),
        other => other,
    }
}

/// Odds as players write them ("2:1").
fn odds_text(e: Explained<Odds>) -> Explained<String> {
    Explained {
        value: e.value.to_string(),
        steps: e.steps,
    }
}

fn ok<T>(e: Explained<T>) -> Result<Explained<T>, RulesError> {
    Ok(e)
}

/// A check that answers yes, or the rule's refusal as the answer "no" with its reason.
fn allowed(what: &str, checked: Result<(), RulesError>) -> Result<Explained<bool>, RulesError> {
    Ok(match checked {
        Ok(()) => Explained::new(true, format!("{what}: allowed")),
        Err(RulesError::NotAllowed { unit, why, rule }) => {
            Explained::new(false, format!("{what}: not allowed: {unit} {why} ({rule})"))
        }
        Err(other) => return Err(other),
    })
}

/// The attacking stacks of a strength calculation.
#[derive(Deserialize, JsonSchema)]
struct AttackIn {
    /// The attacking stacks, each with its hex, where it attacks from and its units.
    attackers: Vec<AttackingStack>,
    /// A night turn: armor halves (8.2 case 2).
    #[serde(default)]
    night: bool,
    /// Every attacker and defender is on frozen lake (8.3 case 5 note).
    #[serde(default)]
    all_on_frozen_lake: bool,
}

/// The defenders of a strength calculation.
#[derive(Deserialize, JsonSchema)]
struct DefenceIn {
    /// The defending hex.
    hex: String,
    /// Its units.
    defenders: Vec<Piece>,
    /// A night turn.
    #[serde(default)]
    night: bool,
}

/// Strengths and shifts already worked out.
#[derive(Deserialize, JsonSchema)]
struct ColumnIn {
    /// The attackers' total CS.
    attack: u32,
    /// The defenders' total CS.
    defence: u32,
    /// Net column shifts, right positive.
    #[serde(default)]
    shifts: i64,
}

/// A unit's movement.
#[derive(Deserialize, JsonSchema)]
struct MoveIn {
    /// Its printed MA.
    ma: u32,
    /// It uses Extended Movement.
    #[serde(default)]
    extended: bool,
    /// Double Movement on a night turn.
    #[serde(default)]
    double_at_night: bool,
}

/// A terrain cost.
#[derive(Deserialize, JsonSchema)]
struct TerrainCostIn {
    /// The MP cost of the defender's terrain.
    terrain_cost: u32,
}

/// An Overrun.
#[derive(Deserialize, JsonSchema)]
struct OverrunIn {
    /// The road it is made along.
    road: OverrunRoad,
    /// The overrunning unit is a BA-10 armored car.
    #[serde(default)]
    armored_car: bool,
}

/// A raid path.
#[derive(Deserialize, JsonSchema)]
struct RaidPathIn {
    /// The MP the raiders' path costs.
    cost: u32,
}

/// One hex's stack.
#[derive(Deserialize, JsonSchema)]
struct StackingIn {
    /// The hex.
    hex: String,
    /// Its units by how stacking counts them.
    units: Vec<Stacks>,
}

/// A unit's retreat or advance.
#[derive(Deserialize, JsonSchema)]
struct LimitIn {
    /// The unit.
    name: String,
    /// Its printed MA.
    ma: u32,
    /// It never advances (armor in an Assault, artillery…).
    #[serde(default)]
    never_advances: bool,
    /// Hexes the defender retreated.
    #[serde(default)]
    retreated: u32,
    /// The defenders were all eliminated.
    #[serde(default)]
    eliminated: bool,
}

/// An eliminated unit.
#[derive(Deserialize, JsonSchema)]
struct EliminatedIn {
    /// The unit.
    name: String,
    /// It is an infantry company.
    infantry_company: bool,
    /// It was in supply at that instant.
    in_supply: bool,
}

/// Losses taken in the Hotel.
#[derive(Deserialize, JsonSchema)]
struct HotelIn {
    /// The CRT's losses for the defender.
    losses: u32,
    /// The defender is in the Hotel (5.2.5).
    #[serde(default)]
    hotel_defence: bool,
}

/// A retreat through enemy ZOCs.
#[derive(Deserialize, JsonSchema)]
struct EzocIn {
    /// Enemy-ZOC hexes entered by the retreat.
    ezoc_hexes: u32,
}

/// A side's plan for its losses.
#[derive(Deserialize, JsonSchema)]
struct LossesIn {
    /// The kind of attack.
    fight: Fight,
    /// The plan is the attacker's.
    attacker: bool,
    /// The losses the CRT gave.
    losses: u32,
    /// The units sharing them.
    units: Vec<LossTaker>,
    /// One unit index per step lost, and the hexes of retreat after.
    plan: LossPlan,
}

/// Armor committed.
#[derive(Deserialize, JsonSchema)]
struct ArmorIn {
    /// Armored units committed.
    units: u32,
    /// VP each, from the Turn Track.
    vp_each: u32,
}

/// 76mm ammo.
#[derive(Deserialize, JsonSchema)]
struct AmmoIn {
    /// Ammo on hand.
    ammo: u32,
    /// The game turn (for the Artillery Park).
    #[serde(default)]
    turn: u32,
}

/// What a replacement buys.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
enum ReplacementIn {
    /// Flip a reduced, in-supply company to full strength.
    Flip,
    /// Reconstitute an eliminated company at reduced strength.
    ReconstituteReduced,
    /// Reconstitute an eliminated company at full strength.
    ReconstituteFull,
}

/// A replacement.
#[derive(Deserialize, JsonSchema)]
struct ReplacementChoice {
    /// What it buys.
    what: ReplacementIn,
}

/// The 354th's return.
#[derive(Deserialize, JsonSchema)]
struct ReturnIn {
    /// The turn it fired.
    turn: u32,
    /// The die rolled.
    roll: u32,
    /// The scenario's last turn, if any.
    #[serde(default)]
    last_turn: Option<u32>,
}

/// A hex entered.
#[derive(Deserialize, JsonSchema)]
struct HexCostIn {
    /// Who moves.
    mover: Mover,
    /// The hex entered.
    entry: HexEntry,
}

/// A Ranged Attack's firer.
#[derive(Deserialize, JsonSchema)]
struct FireIn {
    /// The firing unit's state.
    firer: Firer,
    /// A night turn.
    #[serde(default)]
    night: bool,
    /// It is Adjacent Defensive Support (10.3.6).
    #[serde(default)]
    adjacent_defence: bool,
}

/// A unit about to act.
#[derive(Deserialize, JsonSchema)]
struct ActIn {
    /// The unit.
    unit: Actor,
    /// A night turn.
    #[serde(default)]
    night: bool,
}

/// A Bonfire to build.
#[derive(Deserialize, JsonSchema)]
struct BonfireIn {
    /// The unit.
    unit: Actor,
    /// A night turn.
    #[serde(default)]
    night: bool,
    /// Hexes to the nearest enemy unit.
    nearest_enemy: u32,
    /// It is on a frozen lake.
    #[serde(default)]
    on_frozen_lake: bool,
}

/// A raider and its target.
#[derive(Deserialize, JsonSchema)]
struct RaidIn {
    /// The raider.
    raider: Actor,
    /// The target hex.
    target: String,
    /// Hexes from the target to the nearest Finnish unit at the start of the phase.
    target_from_finns: u32,
}

/// A Ranged Attack rolled by the players.
#[derive(Deserialize, JsonSchema)]
struct RangedTotalIn {
    /// The attack as declared.
    #[serde(flatten)]
    fire: RangedAttack,
    /// The two dice.
    faces: Vec<u32>,
    /// Modifiers the players enter (the target's density…).
    #[serde(default)]
    modifiers: Vec<Modifier>,
}

/// AT Fire rolled by the players.
#[derive(Deserialize, JsonSchema)]
struct AtHitsIn {
    /// The AT gun.
    gun: String,
    /// Its steps: 2 at full strength, 1 reduced.
    steps: u32,
    /// The range.
    range: AtRange,
    /// One die per step.
    faces: Vec<u32>,
    /// Entered ATFT modifiers.
    #[serde(default)]
    modifiers: Vec<Modifier>,
}

/// A Recovery roll made by the players.
#[derive(Deserialize, JsonSchema)]
struct RecoveryTotalIn {
    /// The attempt.
    #[serde(flatten)]
    attempt: Recovery,
    /// The die.
    face: u32,
}

/// A Sub-Zero Loss roll made by the players.
#[derive(Deserialize, JsonSchema)]
struct SubZeroTotalIn {
    /// The stack or unit rolling.
    #[serde(flatten)]
    roll: SubZero,
    /// The die.
    face: u32,
}

/// A whole raiding party.
#[derive(Deserialize, JsonSchema)]
struct RaidPartyIn {
    /// The raiding companies (Pajari is not one of them).
    raiders: Vec<Actor>,
    /// The target hex.
    target: String,
    /// Hexes from the target to the nearest Finnish unit at the start of the phase.
    target_from_finns: u32,
    /// Pajari goes with them.
    #[serde(default)]
    pajari: bool,
    /// Pajari gave a Recovery bonus this phase.
    #[serde(default)]
    pajari_gave_recovery: bool,
    /// A night turn.
    night: bool,
    /// The Finns have made this night's raid already.
    #[serde(default)]
    raid_made: bool,
}

/// Units in the Sub-Zero Loss Phase.
#[derive(Deserialize, JsonSchema)]
struct FreezingIn {
    /// Every unit on the map.
    units: Vec<Freezing>,
}

/// The column shifts of one attack.
#[derive(Deserialize, JsonSchema)]
struct ShiftsIn {
    /// What decides them.
    case: ShiftCase,
    /// Extra shifts the players enter (cases 12 to 14).
    #[serde(default)]
    extra: Vec<Shift>,
}

/// Every calculation of Red Winter.
pub fn calculations() -> Vec<Calculation> {
    let mut all = combat_calculations();
    all.extend(movement_calculations());
    all.extend(loss_and_supply_calculations());
    all.extend(permission_calculations());
    all.extend(roll_calculations());
    all
}

/// The attack: strengths, shifts and the combat column (8.1–8.3).
fn combat_calculations() -> Vec<Calculation> {
    vec![
        Calculation::new(
            "attack-column",
            "Combat column, every step",
            "8.1–8.3",
            |p: Attack, charts| attack_column(&p, &columns(charts)?).map(odds_text),
        ),
        Calculation::new(
            "attack-strength",
            "Attack strength",
            "8.2",
            |p: AttackIn, _| attack_strength(&p.attackers, p.night, p.all_on_frozen_lake),
        ),
        Calculation::new(
            "defence-strength",
            "Defence strength",
            "8.2",
            |p: DefenceIn, _| ok(defence_strength(&p.hex, &p.defenders, p.night)),
        ),
        Calculation::new("column-shifts", "Column shifts", "8.3", |p: ShiftsIn, _| {
            let mut case = p.case;
            case.entered.extend(p.extra);
            ok(column_shifts(&case))
        }),
        Calculation::new(
            "combat-column",
            "Combat ratio to CRT column",
            "8.2–8.3.1",
            |p: ColumnIn, charts| {
                combat_column(p.attack, p.defence, p.shifts, &columns(charts)?).map(odds_text)
            },
        ),
    ]
}

/// Movement, assault and overrun costs, stacking, retreat and advance (4.0–9.1, 16.4.1).
fn movement_calculations() -> Vec<Calculation> {
    vec![
        Calculation::new(
            "movement-points",
            "Movement points",
            "4.0, 16.1",
            |p: MoveIn, _| ok(movement_points(p.ma, p.extended, p.double_at_night)),
        ),
        Calculation::new(
            "assault-cost",
            "Assault cost",
            "9.1",
            |p: TerrainCostIn, _| ok(assault_cost(p.terrain_cost)),
        ),
        Calculation::new(
            "overrun-cost",
            "Overrun cost (half MPs)",
            "12.1.2",
            |p: OverrunIn, _| ok(overrun_half_mp(p.road, p.armored_car)),
        ),
        Calculation::new(
            "raid-path",
            "Night Raid path",
            "16.4.1",
            |p: RaidPathIn, _| raid_path(p.cost),
        ),
        Calculation::new("stacking", "Stacking", "6.0", |p: StackingIn, _| {
            stacking(&p.hex, &p.units)
        }),
        Calculation::new(
            "hex-cost",
            "Cost of entering a hex",
            "4.0, Map Key",
            |p: HexCostIn, charts| hex_cost(charts, p.mover, &p.entry),
        ),
        Calculation::new(
            "retreat-limit",
            "How far a unit may retreat",
            "8.5.2.1",
            |p: LimitIn, _| ok(retreat_limit(&p.name, p.ma)),
        ),
        Calculation::new(
            "advance-limit",
            "How far a unit may advance",
            "8.7",
            |p: LimitIn, _| {
                ok(advance_limit(
                    &p.name,
                    p.ma,
                    p.never_advances,
                    p.retreated,
                    p.eliminated,
                ))
            },
        ),
    ]
}

/// Where losses go, ammo, the artillery and replacements (5.2.5–13.2).
fn loss_and_supply_calculations() -> Vec<Calculation> {
    vec![
        Calculation::new(
            "eliminated-to",
            "Where an eliminated unit goes",
            "8.6",
            |p: EliminatedIn, _| ok(eliminated_to(&p.name, p.infantry_company, p.in_supply)),
        ),
        Calculation::new(
            "hotel-losses",
            "Losses in the Hotel",
            "5.2.5",
            |p: HotelIn, _| ok(hotel_losses(p.losses, p.hotel_defence)),
        ),
        Calculation::new(
            "ezoc-retreat-losses",
            "Retreating through enemy ZOCs",
            "8.5.2.2",
            |p: EzocIn, _| ok(ezoc_retreat_losses(p.ezoc_hexes)),
        ),
        Calculation::new(
            "check-losses",
            "A side's losses, checked",
            "8.5, 9.0, 12.1.1",
            |p: LossesIn, _| check_losses(p.fight, p.attacker, p.losses, &p.units, &p.plan),
        ),
        Calculation::new(
            "armor-commitment-vp",
            "VP for committed armor",
            "12.1.4",
            |p: ArmorIn, _| ok(armor_commitment_vp(p.units, p.vp_each)),
        ),
        Calculation::new(
            "spend-ammo",
            "A 76mm Ranged Attack's ammo",
            "12.4.1",
            |p: AmmoIn, _| spend_ammo(p.ammo),
        ),
        Calculation::new(
            "artillery-park",
            "The Artillery Park's loss",
            "12.4.3",
            |p: AmmoIn, _| {
                let e = artillery_park(p.ammo, p.turn);
                ok(Explained {
                    value: serde_json::json!({"lost": e.value.lost, "left": e.value.left, "return_turn": e.value.return_turn}),
                    steps: e.steps,
                })
            },
        ),
        Calculation::new(
            "replacement-cost",
            "Replacement points",
            "13.2",
            |p: ReplacementChoice, _| {
                ok(replacement_cost(match p.what {
                    ReplacementIn::Flip => Replacement::Flip,
                    ReplacementIn::ReconstituteReduced => Replacement::ReconstituteReduced,
                    ReplacementIn::ReconstituteFull => Replacement::ReconstituteFull,
                }))
            },
        ),
        Calculation::new(
            "artillery-return-turn",
            "The 354th's return turn",
            "12.4.2",
            |p: ReturnIn, _| artillery_return_turn(p.turn, p.roll, p.last_turn),
        ),
    ]
}

/// Whether a unit may fire, recover, dig in, build a Bonfire or raid (10.0–16.4).
fn permission_calculations() -> Vec<Calculation> {
    vec![
        Calculation::new(
            "may-fire",
            "May this unit make a Ranged Attack?",
            "10.0",
            |p: FireIn, _| {
                allowed(
                    &p.firer.name.clone(),
                    may_fire(&p.firer, p.night, p.adjacent_defence),
                )
            },
        ),
        Calculation::new(
            "may-recover",
            "May this company attempt Recovery?",
            "13.3",
            |p: ActIn, _| allowed(&p.unit.name.clone(), may_recover(&p.unit)),
        ),
        Calculation::new(
            "may-dig-in",
            "May this unit dig in?",
            "14.0",
            |p: ActIn, _| allowed(&p.unit.name.clone(), may_dig_in(&p.unit, p.night)),
        ),
        Calculation::new(
            "may-build-bonfire",
            "May this unit build a Bonfire?",
            "16.2",
            |p: BonfireIn, _| {
                allowed(
                    &p.unit.name.clone(),
                    may_build_bonfire(&p.unit, p.night, p.nearest_enemy, p.on_frozen_lake),
                )
            },
        ),
        Calculation::new(
            "may-raid",
            "May this company raid that hex?",
            "16.4, 16.4.1",
            |p: RaidIn, _| {
                allowed(
                    &p.raider.name.clone(),
                    // A calculation has no campaign map: the Hotel is the rule book's M16.
                    may_raid(
                        &p.raider,
                        &p.target,
                        p.target_from_finns,
                        p.target.trim().eq_ignore_ascii_case("M16"),
                    ),
                )
            },
        ),
    ]
}

/// Rolls with their modifiers, the Night Raid party and who rolls for the cold (10.4–16.4).
fn roll_calculations() -> Vec<Calculation> {
    vec![
        Calculation::new(
            "ranged-attack-total",
            "Ranged Attack total and result",
            "10.4",
            |p: RangedTotalIn, _| {
                ranged_total(&p.fire, &p.faces, &p.modifiers).map(|e| Explained {
                    value: serde_json::json!({"total": e.value.0, "result": e.value.1}),
                    steps: e.steps,
                })
            },
        ),
        Calculation::new(
            "at-fire-hits",
            "AT Fire hits",
            "11.1, 11.3",
            |p: AtHitsIn, _| at_hits(&p.gun, p.steps, p.range, &p.faces, &p.modifiers),
        ),
        Calculation::new(
            "recovery-total",
            "Recovery roll with its modifiers",
            "13.3",
            |p: RecoveryTotalIn, _| recovery_total(&p.attempt, p.face),
        ),
        Calculation::new(
            "sub-zero-total",
            "Sub-Zero Loss roll with its modifiers",
            "16.3",
            |p: SubZeroTotalIn, _| sub_zero_total(&p.roll, p.face),
        ),
        Calculation::new(
            "night-raid-party",
            "May this party raid, and Pajari's FNRT modifier",
            "16.4, 16.4.1, 12.3",
            |p: RaidPartyIn, _| {
                raid_party(
                    &p.raiders,
                    &p.target,
                    p.target_from_finns,
                    p.target.trim().eq_ignore_ascii_case("M16"),
                    p.pajari,
                    p.pajari_gave_recovery,
                    p.night,
                    p.raid_made,
                )
            },
        ),
        Calculation::new(
            "sub-zero-rolls",
            "Who rolls in the Sub-Zero Loss Phase",
            "16.3",
            |p: FreezingIn, _| {
                let rolls = sub_zero_rolls(&p.units);
                let steps = rolls
                    .iter()
                    .map(|(side, who)| format!("{} {who} rolls on the SZLT", side.adjective()))
                    .collect::<Vec<_>>();
                let steps = if steps.is_empty() {
                    vec!["nobody rolls on the SZLT".to_string()]
                } else {
                    steps
                };
                ok(Explained {
                    value: rolls,
                    steps,
                })
            },
        ),
    ]
}
