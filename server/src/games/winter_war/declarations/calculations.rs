//! Every calculation of Winter War (III.2) by name, each a pure function of typed parameters
//! explained step by step; nothing is stored.

use crate::games::assisted::calc::Explained;
use crate::games::assisted::catalogue::Calculation;
use crate::games::assisted::chart_set::ChartSet;
use crate::games::winter_war::rules::calc_combat::{Band, Situation, combat_column, crt_bands};
use crate::games::winter_war::rules::calc_logistics::{
    Echelon, Stack, StackArea, air_recycle, ski_substitution, supply_demand, suppressed_movement,
    victory, within_stacking,
};
use crate::games::winter_war::rules::calc_losses::{
    Counter, break_down, captured_equipment, exchange_loss, fortified_exchange_defender_loss,
    half_exchange_loss, losses_met, may_reorganize,
};
use crate::games::winter_war::rules::charts::CRT;
use crate::games::winter_war::rules::error::WinterWarError;
use crate::games::winter_war::rules::events::{morale_check, schedule_changes};
use crate::games::winter_war::rules::movement::{
    Move, may_move, movement_cost, supply_line, within_reach,
};
use crate::games::winter_war::rules::results::{
    Attacker, RetreatCase, check_attackers, effect, retreat,
};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The bands of the entered CRT.
pub fn bands(charts: &ChartSet) -> Result<Vec<Band>, WinterWarError> {
    crt_bands(&charts.current(CRT)?.chart.columns)
}

fn ok<T>(e: Explained<T>) -> Result<Explained<T>, WinterWarError> {
    Ok(e)
}

/// One attack's factors and what shifts its column.
#[derive(Deserialize, JsonSchema)]
pub struct ColumnIn {
    /// The attacking units' attack factors.
    pub attack: Vec<u32>,
    /// The defending units' defence factors.
    pub defence: Vec<u32>,
    /// Attackers occupy or are adjacent to all six sides of the defending hex.
    #[serde(default)]
    pub concentric: bool,
    /// Every defending unit is suppressed.
    #[serde(default)]
    pub all_defenders_suppressed: bool,
    /// Every attacking unit is suppressed.
    #[serde(default)]
    pub all_attackers_suppressed: bool,
    /// Left shifts of the defender's terrain (from the Terrain Effects Chart), by name.
    #[serde(default)]
    pub terrain: BTreeMap<String, u32>,
    /// The defender is on an ice hex or a lake hex.
    #[serde(default)]
    pub defender_on_ice_or_lake: bool,
    /// The freeze is in effect (21.1).
    #[serde(default)]
    pub freeze: bool,
}

impl ColumnIn {
    /// The situation of 14.1.
    pub fn situation(&self) -> Situation {
        Situation {
            concentric: self.concentric,
            all_defenders_suppressed: self.all_defenders_suppressed,
            all_attackers_suppressed: self.all_attackers_suppressed,
            terrain: self.terrain.iter().map(|(k, v)| (k.clone(), *v)).collect(),
            defender_on_ice_or_lake: self.defender_on_ice_or_lake,
            freeze: self.freeze,
        }
    }
}

#[derive(Deserialize, JsonSchema)]
struct ResultIn {
    /// The CRT result (AE, AW, DE, DP, DZ, DW, EX, HX, NE).
    result: String,
}

#[derive(Deserialize, JsonSchema)]
struct RetreatIn {
    /// Hexes the result orders.
    hexes: u32,
    /// Who retreats.
    #[serde(default)]
    case: RetreatCase,
}

#[derive(Deserialize, JsonSchema)]
struct DefenceIn {
    /// The defenders' defence factors.
    defender_df: u32,
}

#[derive(Deserialize, JsonSchema)]
struct EliminatedIn {
    /// The counters eliminated.
    eliminated: Vec<Counter>,
    /// The attack factors owed.
    owed: u32,
}

#[derive(Deserialize, JsonSchema)]
struct CapturedIn {
    /// The combat result: only AW, DP or DW capture equipment (24.4).
    result: String,
    /// Soviet attack factors eliminated.
    soviet_af: u32,
}

#[derive(Deserialize, JsonSchema)]
struct BreakDownIn {
    /// The unit broken down.
    unit: Counter,
    /// The counters still in the mix.
    available: BTreeMap<Counter, u32>,
}

#[derive(Deserialize, JsonSchema)]
struct ReorganizeIn {
    /// The unit formed.
    into: Counter,
    /// The units are supplied.
    supplied: bool,
    /// They are in an enemy ZOC.
    #[serde(default)]
    in_enemy_zoc: bool,
    /// They are suppressed.
    #[serde(default)]
    suppressed: bool,
    /// Timoshenko is in play.
    #[serde(default)]
    timoshenko: bool,
}

#[derive(Deserialize, JsonSchema)]
struct StackingIn {
    /// Where the stack is.
    area: StackArea,
    /// What it holds.
    stack: Stack,
}

#[derive(Deserialize, JsonSchema)]
struct DemandIn {
    /// The units tracing supply to the city, by name and echelon.
    units: BTreeMap<String, Echelon>,
    /// The city's printed capacity.
    capacity: u32,
    /// Enhanced Logistics doubles it.
    #[serde(default)]
    enhanced: bool,
}

#[derive(Deserialize, JsonSchema)]
struct MovementIn {
    /// The printed movement factor.
    printed: u32,
}

#[derive(Deserialize, JsonSchema)]
struct RecycleIn {
    /// The turn the air unit is recycled.
    turn: u32,
    /// The last game turn.
    last_turn: u32,
}

#[derive(Deserialize, JsonSchema)]
struct SkiIn {
    /// Ski battalions missing from the counter mix.
    missing: u32,
}

#[derive(Deserialize, JsonSchema)]
struct VictoryIn {
    /// Soviet victory points.
    soviet: i64,
    /// Finnish victory points.
    finnish: i64,
}

#[derive(Deserialize, JsonSchema)]
struct CostIn {
    /// Hexes entered along roads.
    road_hexes: u32,
    /// The move is by rail.
    #[serde(default)]
    rail: bool,
    /// Other movement points spent.
    #[serde(default)]
    other: u32,
}

#[derive(Deserialize, JsonSchema)]
struct ReachIn {
    /// What moves ("paratroop drop", "amphibious move").
    what: String,
    /// Hexes to the goal.
    distance: u32,
    /// The most hexes allowed.
    reach: u32,
}

#[derive(Deserialize, JsonSchema)]
struct SupplyLineIn {
    /// Hexes to a supply source, if traced directly.
    #[serde(default)]
    to_source: Option<u32>,
    /// Hexes to an HQ and from the HQ to a source, if traced through one.
    #[serde(default)]
    via_hq: Option<(u32, u32)>,
}

#[derive(Deserialize, JsonSchema)]
struct MoraleIn {
    /// Mannerheim Line hexes the Soviets hold.
    line_hexes_held: u32,
    /// The Soviets hold the city the check names.
    city_held: bool,
}

#[derive(Deserialize, JsonSchema)]
struct ScheduleIn {
    /// The game turn.
    turn: u32,
    /// For the Soviet schedule (else the Finnish).
    soviet: bool,
    /// Germany Looks North is in effect.
    #[serde(default)]
    germany_looks_north: bool,
    /// Accelerated Mobilization is in effect.
    #[serde(default)]
    accelerated: bool,
}

#[derive(Deserialize, JsonSchema)]
struct AttackersIn {
    /// The units declared to attack together.
    units: Vec<Attacker>,
}

/// Every calculation of Winter War: combat's, then the units', then the campaign's.
pub fn calculations() -> Vec<Calculation> {
    [
        combat_calculations(),
        unit_calculations(),
        campaign_calculations(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Combat and what its results do: the column, the result, retreats, exchanges, losses met and
/// captured equipment.
fn combat_calculations() -> Vec<Calculation> {
    vec![
        Calculation::new(
            "combat-column",
            "Combat column, every step",
            "14.0–14.1",
            |p: ColumnIn, charts| {
                let bands = bands(charts)?;
                ok(combat_column(&p.attack, &p.defence, &p.situation(), &bands))
            },
        ),
        Calculation::new(
            "combat-result",
            "What a combat result does",
            "14.2",
            |p: ResultIn, _| effect(&p.result),
        ),
        Calculation::new(
            "retreat",
            "A retreat, changed by laager, NKVD and static units",
            "14.3, 19.2, 24.1",
            |p: RetreatIn, _| ok(retreat(p.hexes, p.case)),
        ),
        Calculation::new(
            "exchange-loss",
            "Exchange: the attacker's loss",
            "14.2",
            |p: DefenceIn, _| ok(exchange_loss(p.defender_df)),
        ),
        Calculation::new(
            "half-exchange-loss",
            "Half exchange: the attacker's loss",
            "14.2",
            |p: DefenceIn, _| ok(half_exchange_loss(p.defender_df)),
        ),
        Calculation::new(
            "fortified-exchange-loss",
            "Exchange in a fortification: the defender's loss",
            "14.2",
            |p: DefenceIn, _| ok(fortified_exchange_defender_loss(p.defender_df)),
        ),
        Calculation::new(
            "losses-met",
            "Are the losses owed met?",
            "14.2",
            |p: EliminatedIn, _| ok(losses_met(&p.eliminated, p.owed)),
        ),
        Calculation::new(
            "captured-equipment",
            "Captured equipment",
            "24.4",
            |p: CapturedIn, _| ok(captured_equipment(&p.result, p.soviet_af)),
        ),
    ]
}

/// What units may do and need: breaking down, reorganizing, attacking together, stacking,
/// supply demand, suppressed movement, air units' return and ski substitution.
fn unit_calculations() -> Vec<Calculation> {
    vec![
        Calculation::new(
            "break-down",
            "Breaking a unit down",
            "11.0",
            |p: BreakDownIn, _| break_down(p.unit, &p.available),
        ),
        Calculation::new(
            "may-reorganize",
            "May these units reorganize?",
            "11.0",
            |p: ReorganizeIn, _| {
                may_reorganize(
                    p.into,
                    p.supplied,
                    p.in_enemy_zoc,
                    p.suppressed,
                    p.timoshenko,
                )
                .map(|()| Explained::new(true, "the reorganization is allowed (11.0)"))
            },
        ),
        Calculation::new(
            "check-attackers",
            "May these units attack together?",
            "14.0",
            |p: AttackersIn, _| {
                check_attackers(&p.units)
                    .map(|()| Explained::new(true, "every unit may attack (14.0)"))
            },
        ),
        Calculation::new("stacking", "Stacking", "7.1, 18.2", |p: StackingIn, _| {
            ok(within_stacking(p.area, p.stack))
        }),
        Calculation::new(
            "supply-demand",
            "Soviet supply demand",
            "15.3–15.5",
            |p: DemandIn, _| {
                let units: Vec<(String, Echelon)> = p.units.into_iter().collect();
                ok(supply_demand(&units, p.capacity, p.enhanced))
            },
        ),
        Calculation::new(
            "suppressed-movement",
            "Movement when suppressed",
            "16.1",
            |p: MovementIn, _| ok(suppressed_movement(p.printed)),
        ),
        Calculation::new(
            "air-recycle",
            "An air unit's return",
            "12.3",
            |p: RecycleIn, _| ok(air_recycle(p.turn, p.last_turn)),
        ),
        Calculation::new(
            "ski-substitution",
            "Ski battalions substituted",
            "25.1.2",
            |p: SkiIn, _| ok(ski_substitution(p.missing)),
        ),
    ]
}

/// The map and the campaign: victory, movement, reach, supply lines, morale and the
/// reinforcement schedule.
fn campaign_calculations() -> Vec<Calculation> {
    vec![
        Calculation::new("victory", "Victory level", "4.0", |p: VictoryIn, _| {
            ok(victory(p.soviet, p.finnish))
        }),
        Calculation::new("movement-cost", "Movement cost", "8.0", |p: CostIn, _| {
            ok(movement_cost(p.road_hexes, p.rail, p.other))
        }),
        Calculation::new(
            "may-move",
            "May this unit make this move?",
            "10.0, 10.2, 16.1",
            |p: Move, _| ok(may_move(p)),
        ),
        Calculation::new(
            "within-reach",
            "Within reach?",
            "19.0, 20.0",
            |p: ReachIn, _| ok(within_reach(&p.what, p.distance, p.reach)),
        ),
        Calculation::new(
            "supply-line",
            "Supply line",
            "15.0",
            |p: SupplyLineIn, _| ok(supply_line(p.to_source, p.via_hq)),
        ),
        Calculation::new(
            "morale-check",
            "The Finnish morale check",
            "17.0",
            |p: MoraleIn, _| ok(morale_check(p.line_hexes_held, p.city_held)),
        ),
        Calculation::new(
            "schedule-changes",
            "Reinforcement schedule changes",
            "25.0",
            |p: ScheduleIn, _| {
                ok(schedule_changes(
                    p.turn,
                    p.soviet,
                    p.germany_looks_north,
                    p.accelerated,
                ))
            },
        ),
    ]
}
