//! Every calculation A Winter War's text gives (I.2), by name, explained step by step.

use crate::core::domain::Side;
use crate::games::a_winter_war::rules::calc_armor::{
    AecTerrain, ArmoredUnit, Category, Re, aec_modifier, armor_modifier, atec_modifier,
    check_required_losses, proportion,
};
use crate::games::a_winter_war::rules::calc_other::{
    ArrivalKind, ReserveUnit, arrival, construction, demolition_size, distance_modifier,
    rail_capacity, result_for, ski_exploitation, strategic_reserve, transports_needed,
    victory_points,
};
use crate::games::a_winter_war::rules::calc_supply::{
    LineHex, Ratings, isolation_check_due, judge_supply, supply_effects, supply_line_length,
};
use crate::games::a_winter_war::rules::charts::demolition_cost;
use crate::games::a_winter_war::rules::error::AwwError;
use crate::games::a_winter_war::rules::options::Options;
use crate::games::a_winter_war::rules::procedures::{
    Disruption, Drop, SpringTurn, disrupted_strengths, disruption_modifier, disruption_result,
    game_length, intervention_trigger, norway_answer, sweden_answer,
};
use crate::games::assisted::calc::{Explained, Fraction};
use crate::games::assisted::catalogue::Calculation;
use schemars::JsonSchema;
use serde::Deserialize;

fn ok<T>(e: Explained<T>) -> Result<Explained<T>, AwwError> {
    Ok(e)
}

/// `f` in lowest terms with a positive denominator; refused when its denominator is zero (a
/// fraction read from parameters is not checked by its own type).
fn exact(f: Fraction, field: &str) -> Result<Fraction, AwwError> {
    Fraction::new(f.num, f.den).ok_or_else(|| AwwError::ZeroDenominator {
        field: field.into(),
    })
}

#[derive(Deserialize, JsonSchema)]
struct ArmorIn {
    /// The attacking units with their RE and capabilities.
    attackers: Vec<ArmoredUnit>,
    /// The defending units.
    defenders: Vec<ArmoredUnit>,
    /// Whether terrain bars AEC (B.5).
    #[serde(default = "open_terrain")]
    terrain: AecTerrain,
}

fn open_terrain() -> AecTerrain {
    AecTerrain {
        attack_barred: false,
        defence_barred: false,
    }
}

#[derive(Deserialize, JsonSchema)]
struct ProportionIn {
    /// Which proportion.
    category: Category,
    /// The units counted.
    units: Vec<ArmoredUnit>,
}

#[derive(Deserialize, JsonSchema)]
struct FractionIn {
    /// The proportion, as an exact fraction.
    proportion: Fraction,
    /// AEC in attack or defense, for the AEC modifier (ignored for ATEC).
    #[serde(default = "attack_category")]
    category: Category,
}

fn attack_category() -> Category {
    Category::AecAttack
}

#[derive(Deserialize, JsonSchema)]
struct RequiredIn {
    /// "attacker" or "defender", for the explanation.
    side: String,
    /// The side's total losses.
    total: u32,
    /// Losses taken from capable units.
    from_capable: u32,
}

#[derive(Deserialize, JsonSchema)]
struct SupplyIn {
    /// The printed ratings.
    printed: Ratings,
    /// Consecutive turns out of supply.
    turns: u32,
    /// A combat or motorized unit.
    #[serde(default)]
    cm: bool,
}

#[derive(Deserialize, JsonSchema)]
struct JudgeIn {
    /// The unit.
    name: String,
    /// Its count of turns out of supply so far.
    count: u32,
    /// It is judged in supply now.
    in_supply: bool,
}

#[derive(Deserialize, JsonSchema)]
struct IsolationIn {
    /// The unit.
    name: String,
    /// Its count of turns out of supply.
    count: u32,
    /// It is isolated now.
    isolated: bool,
}

#[derive(Deserialize, JsonSchema)]
struct LineIn {
    /// The hexes the line enters, in order.
    hexes: Vec<LineHex>,
}

#[derive(Deserialize, JsonSchema)]
struct ReIn {
    /// RE of parachute units.
    re: Re,
}

#[derive(Deserialize, JsonSchema)]
struct FlownIn {
    /// Hexes flown.
    hexes: u32,
}

#[derive(Deserialize, JsonSchema)]
struct DisruptionIn {
    /// The modified disruption roll.
    total: i64,
    /// The drop was into an enemy-occupied hex.
    enemy_occupied: bool,
}

#[derive(Deserialize, JsonSchema)]
struct DisruptedIn {
    /// Printed attack strength.
    attack: u32,
    /// Printed defense strength.
    defence: u32,
    /// The disruption result.
    disruption: Disruption,
}

#[derive(Deserialize, JsonSchema)]
struct SkiIn {
    /// The ski unit.
    name: String,
    /// Its movement allowance this movement phase.
    movement: Fraction,
    /// Movement points it used.
    used: u32,
}

#[derive(Deserialize, JsonSchema)]
struct DemolitionIn {
    /// The unit.
    name: String,
    /// Its size.
    re: Re,
    /// An engineer-category unit.
    #[serde(default)]
    engineer: bool,
}

#[derive(Deserialize, JsonSchema)]
struct VictoryIn {
    /// The optional rules in play.
    #[serde(default)]
    options: Options,
    /// Finnish victory points.
    finnish: i64,
    /// Soviet victory points.
    soviet: i64,
}

#[derive(Deserialize, JsonSchema)]
struct ArrivalIn {
    /// The optional rules in play.
    #[serde(default)]
    options: Options,
    /// Whose unit.
    side: Side,
    /// What kind of arrival.
    kind: ArrivalKind,
    /// The calendar index the order of battle schedules (Dec I 39 is 1).
    scheduled: u32,
}

#[derive(Deserialize, JsonSchema)]
struct ConstructionIn {
    /// The optional rules in play.
    #[serde(default)]
    options: Options,
    /// The calendar index (Nov II 39 is 0).
    index: u32,
    /// The phase code.
    phase: String,
}

#[derive(Deserialize, JsonSchema)]
struct GameLengthIn {
    /// The turn whose end it is: "Mar I 40", "Mar II 40" or "Apr I 40".
    turn: SpringTurn,
    /// The Finnish player's die (not needed after Apr I 40).
    #[serde(default)]
    die: Option<u32>,
}

#[derive(Deserialize, JsonSchema)]
struct InterventionIn {
    /// The optional rules in play (Opt F, DC C).
    #[serde(default)]
    options: Options,
    /// The calendar index of the turn (Dec I 39 is 1, Jan II 40 is 4).
    index: u32,
    /// The two dice's total, 2 to 12.
    roll: u32,
}

#[derive(Deserialize, JsonSchema)]
struct NorwayIn {
    /// The die, 1 to 6.
    die: u32,
}

#[derive(Deserialize, JsonSchema)]
struct SwedenIn {
    /// The die, 1 to 6.
    die: u32,
    /// Norway resists.
    #[serde(default)]
    norway_resists: bool,
}

#[derive(Deserialize, JsonSchema)]
struct CostIn {
    /// The unit.
    #[serde(default = "the_unit")]
    name: String,
    /// Its size.
    size: Re,
    /// An engineer-category unit (counts at double its size).
    #[serde(default)]
    engineer: bool,
    /// The facility hit (a column of the Demolition Summary Table).
    facility: String,
}

fn the_unit() -> String {
    "the unit".into()
}

#[derive(Deserialize, JsonSchema)]
struct OptionsIn {
    /// The optional rules in play.
    #[serde(default)]
    options: Options,
}

#[derive(Deserialize, JsonSchema)]
struct ReserveIn {
    /// The units put in the Strategic Reserve Holding Box.
    units: Vec<ReserveUnit>,
}

#[derive(Deserialize, JsonSchema)]
struct ResultIn {
    /// The CRT result.
    code: String,
    /// A parachute unit dropped into the enemy-occupied hex it attacks.
    #[serde(default)]
    dropped_into_enemy_hex: bool,
}

/// Every calculation of A Winter War.
pub fn calculations() -> Vec<Calculation> {
    let mut all = armor_and_supply_calculations();
    all.extend(air_drop_and_ski_calculations());
    all.extend(campaign_calculations());
    all
}

/// Armor and antitank effects, and supply (Opt A–B).
fn armor_and_supply_calculations() -> Vec<Calculation> {
    vec![
        Calculation::new(
            "armor-modifier",
            "Armor and antitank die-roll modifier",
            "Opt B.1–B.5",
            |p: ArmorIn, _| ok(armor_modifier(&p.attackers, &p.defenders, p.terrain)),
        ),
        Calculation::new(
            "proportion",
            "AEC or ATEC proportion",
            "Opt B.3–B.4",
            |p: ProportionIn, _| ok(proportion(p.category, &p.units)),
        ),
        Calculation::new(
            "atec-modifier",
            "ATEC modifier of a proportion",
            "Opt B.3c",
            |p: FractionIn, _| ok(atec_modifier(exact(p.proportion, "proportion")?)),
        ),
        Calculation::new(
            "aec-modifier",
            "AEC modifier of a proportion",
            "Opt B.3a–b",
            |p: FractionIn, _| ok(aec_modifier(p.category, exact(p.proportion, "proportion")?)),
        ),
        Calculation::new(
            "required-losses",
            "Losses from capable units",
            "Opt B.6",
            |p: RequiredIn, _| check_required_losses(&p.side, p.total, p.from_capable),
        ),
        Calculation::new(
            "supply-effects",
            "Out-of-supply effects",
            "Opt A.1",
            |p: SupplyIn, _| ok(supply_effects(p.printed, p.turns, p.cm)),
        ),
        Calculation::new(
            "judge-supply",
            "Turns out of supply",
            "Opt A.1",
            |p: JudgeIn, _| ok(judge_supply(&p.name, p.count, p.in_supply)),
        ),
        Calculation::new(
            "isolation-check-due",
            "Is an isolation check due?",
            "Opt A.1",
            |p: IsolationIn, _| ok(isolation_check_due(&p.name, p.count, p.isolated)),
        ),
        Calculation::new(
            "supply-line-length",
            "Supply line length",
            "Opt A.2",
            |p: LineIn, _| ok(supply_line_length(&p.hexes)),
        ),
    ]
}

/// Air drops, ski exploitation and demolition size (Opt D, DC A–B).
fn air_drop_and_ski_calculations() -> Vec<Calculation> {
    vec![
        Calculation::new(
            "transports-needed",
            "Transports for parachute units",
            "Opt D",
            |p: ReIn, _| ok(transports_needed(p.re)),
        ),
        Calculation::new(
            "distance-modifier",
            "Distance flown modifier",
            "Opt D.1",
            |p: FlownIn, _| ok(distance_modifier(p.hexes)),
        ),
        Calculation::new(
            "disruption-result",
            "Disruption of an air drop",
            "Opt D.1",
            |p: DisruptionIn, _| ok(disruption_result(p.total, p.enemy_occupied)),
        ),
        Calculation::new(
            "disrupted-strengths",
            "Strengths of a disrupted unit",
            "Opt D.1",
            |p: DisruptedIn, _| ok(disrupted_strengths(p.attack, p.defence, p.disruption)),
        ),
        Calculation::new(
            "ski-exploitation",
            "Finnish ski exploitation",
            "DC A.2",
            |p: SkiIn, _| {
                ok(ski_exploitation(
                    &p.name,
                    exact(p.movement, "movement")?,
                    p.used,
                ))
            },
        ),
        Calculation::new(
            "demolition-size",
            "Size for demolition",
            "DC B",
            |p: DemolitionIn, _| ok(demolition_size(&p.name, p.re, p.engineer)),
        ),
    ]
}

/// Victory, arrivals, construction, intervention, demolition cost, rail, the reserve, the
/// game's length and dropped paratroops' results (Opt D–H, DC B–C).
fn campaign_calculations() -> Vec<Calculation> {
    vec![
        Calculation::new(
            "victory-points",
            "Victory points after the options' deductions",
            "Opt F–H",
            |p: VictoryIn, _| ok(victory_points(&p.options, p.finnish, p.soviet)),
        ),
        Calculation::new(
            "arrival",
            "When a unit arrives",
            "Opt F–G",
            |p: ArrivalIn, _| ok(arrival(&p.options, p.side, p.kind, p.scheduled)),
        ),
        Calculation::new(
            "construction",
            "Opt H construction",
            "Opt H",
            |p: ConstructionIn, _| ok(construction(&p.options, p.index, &p.phase)),
        ),
        Calculation::new(
            "disruption-modifier",
            "Total disruption modifier of an air drop",
            "Opt D.1",
            |p: Drop, _| ok(disruption_modifier(&p)),
        ),
        Calculation::new(
            "intervention",
            "Is Western intervention triggered?",
            "Opt F, DC C",
            |p: InterventionIn, _| intervention_trigger(&p.options, p.index, p.roll),
        ),
        Calculation::new(
            "norway-answer",
            "Does Norway resist intervention?",
            "DC C",
            |p: NorwayIn, _| norway_answer(p.die),
        ),
        Calculation::new(
            "sweden-answer",
            "Does Sweden resist intervention?",
            "DC C, Rule 31B",
            |p: SwedenIn, _| sweden_answer(p.die, p.norway_resists),
        ),
        Calculation::new(
            "demolition-cost",
            "Demolition cost per hit",
            "DC B",
            |p: CostIn, charts| {
                let counted = demolition_size(&p.name, p.size, p.engineer);
                let mut cost = demolition_cost(charts, counted.value, &p.facility)?;
                let mut steps = counted.steps;
                steps.append(&mut cost.steps);
                cost.steps = steps;
                Ok::<_, AwwError>(cost)
            },
        ),
        Calculation::new(
            "rail-capacity",
            "Soviet rail capacity",
            "Opt G",
            |p: OptionsIn, _| ok(rail_capacity(&p.options)),
        ),
        Calculation::new(
            "strategic-reserve",
            "Opt H's strategic reserve",
            "Opt H",
            |p: ReserveIn, _| ok(strategic_reserve(&p.units)),
        ),
        Calculation::new(
            "game-length",
            "Does the game end? (spring rains)",
            "Opt E",
            |p: GameLengthIn, _| game_length(p.turn, p.die),
        ),
        Calculation::new(
            "result-for-paratroops",
            "A result for dropped parachute units",
            "Opt D.2",
            |p: ResultIn, _| ok(result_for(&p.code, p.dropped_into_enemy_hex)),
        ),
    ]
}
