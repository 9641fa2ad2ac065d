//! A Winter War (Europa, optional and designer's-choice rules) declared for the server's assisted
//! table: the options chosen at creation, the default sequence of play with its hooks (supply
//! judged and counted at each initial phase, disruption cleared, plans lapsing, the intervention
//! and spring-rains rolls made by the server), roster, charts and catalogue. Airborne plans
//! (Opt D.3) are the Soviets' secret until carried out or cancelled.

mod actions;
mod calculations;
mod combat;
mod procedures;
mod results;

use crate::core::domain::{self, Role, Side};
use crate::dice::source::Dice;
use crate::games::a_winter_war::rules::airborne::{AirbornePlans, ForcedBy};
use crate::games::a_winter_war::rules::calc_other::{Construction, construction};
use crate::games::a_winter_war::rules::calc_supply::judge_supply;
use crate::games::a_winter_war::rules::charts;
use crate::games::a_winter_war::rules::options::Options;
use crate::games::a_winter_war::rules::procedures::{roll_game_length, roll_intervention};
use crate::games::a_winter_war::rules::readings::READINGS;
use crate::games::a_winter_war::rules::sequence::{
    self as seq, CONDITIONS, HOOKS, default_sequence, intervention_due, player_turn_of,
    spring_rains_due,
};
use crate::games::assisted::catalogue::{Action, Calculation, DiceProcedure, Refused, Table};
use crate::games::assisted::charts::ChartSpec;
use crate::games::assisted::declarations::{Context, Declarations, Owed};
use crate::games::assisted::roster::{
    AttrKind, AttrSpec, AttrValue, MarkerSpec, RosterSpec, Sight, Unit, UnitEdit, UnitId,
};
use crate::games::assisted::sequence::{Activity, Sequence, TurnLabeller};
use crate::games::assisted::tracker::HookCall;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A Winter War on the server.
pub struct AWinterWar;

/// A Winter War's own records beyond the roster and charts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Records {
    /// The airborne operation plans (Opt D.3), secret to the Soviets until revealed.
    pub plans: AirbornePlans,
    /// The Western intervention has been triggered.
    pub intervention_triggered: bool,
    /// The spring rains ended the game (Opt E).
    pub game_over_by_rains: bool,
    /// The optional rules of the campaign, as chosen at creation (actions read them).
    #[serde(default)]
    pub options: Options,
    /// Opt H's construction: what is finished (both, without Opt H).
    #[serde(default)]
    pub construction: Option<Construction>,
    /// Air drops carried out (Opt D.2), oldest first.
    #[serde(default)]
    pub drops: Vec<DropRecord>,
    /// Each side's part of a combat result still to be applied, oldest first.
    #[serde(default)]
    pub to_apply: Vec<results::ToApply>,
}

/// A parachute unit's air drop as carried out (Opt D.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DropRecord {
    /// The unit.
    pub unit: String,
    /// Where it dropped.
    pub target: String,
    /// The game turn of the drop.
    pub turn: u32,
    /// It took the airbase in the hex at once.
    pub airbase_taken: bool,
    /// Its drop turn is over: it owns its hex as any unit does.
    pub drop_turn_over: bool,
}

fn number(code: &str, name: &str, max: i64, required: bool) -> AttrSpec {
    AttrSpec {
        code: code.into(),
        name: name.into(),
        kind: AttrKind::Number { min: 0, max },
        required,
    }
}

/// The markers, each with the phases its owner places it in (by what they are for): supply's in
/// the initial phase (Opt A.1), a ski hit and an enemy ZOC as units move (DC A.2), the combat
/// and drop marks as attacks and air missions are made (Opt D); a parachute unit is set up so.
const MARKERS: [(&str, &str, &[Activity]); 9] = [
    (
        "out_of_supply",
        "Out of supply this initial phase",
        &[Activity::Supply],
    ),
    ("isolated", "Isolated", &[Activity::Supply]),
    ("disrupted", "Disrupted (Opt D.1)", &[Activity::Combat]),
    (
        "in_enemy_zoc",
        "In an enemy ZOC",
        &[Activity::Movement, Activity::Combat],
    ),
    ("ski_hit", "Ski hit marker (DC A.2)", &[Activity::Movement]),
    ("parachute", "Parachute unit", &[]),
    (
        "attacked",
        "Attacked this game turn (cancels its airborne plan, Opt D.3)",
        &[Activity::Combat],
    ),
    (
        "was_attacked",
        "Was attacked this game turn (cancels its airborne plan, Opt D.3)",
        &[Activity::Combat],
    ),
    (
        "dropped",
        "In its drop turn: owns none of its hex but a taken airbase (Opt D.2)",
        &[Activity::Combat],
    ),
];

/// Whether `unit` is a parachute unit: its type or a marker says so (Opt D).
pub(crate) fn is_parachute(unit: &Unit) -> bool {
    unit.markers.contains("parachute") || unit.unit_type.to_lowercase().contains("parachute")
}

/// Why the rule cancels `unit`'s plan now, if it does (Opt D.3).
pub(crate) fn plan_broken_by(unit: &Unit) -> Option<ForcedBy> {
    if unit.markers.contains("in_enemy_zoc") {
        Some(ForcedBy::EnteredEnemyZoc)
    } else if unit.markers.contains("attacked") {
        Some(ForcedBy::Attacked)
    } else if unit.markers.contains("was_attacked") {
        Some(ForcedBy::WasAttacked)
    } else {
        None
    }
}

fn oos_turns(unit: &Unit) -> u32 {
    match unit.attributes.get("oos_turns") {
        Some(AttrValue::Number(n)) => u32::try_from(*n).unwrap_or(0),
        _ => 0,
    }
}

impl Declarations for AWinterWar {
    const GAME: domain::Game = domain::Game::new("a_winter_war", "A Winter War");
    const SEGMENT: &'static str = "table";
    type Options = Options;
    type Extra = Records;

    fn records(options: &Options) -> Records {
        Records {
            options: *options,
            construction: Some(
                construction(options, options.calendar_index(1), "soviet_initial").value,
            ),
            ..Records::default()
        }
    }

    fn sequence(options: &Options) -> Sequence {
        default_sequence(options)
    }
    /// The CRT must have a Europa CRT's shape: odds columns without a gap, a row per die face.
    fn check_chart(chart: &crate::games::assisted::charts::Chart) -> Result<(), Refused> {
        if chart.code == charts::CRT {
            crate::games::a_winter_war::rules::combat::check_crt_shape(&chart.rows, &chart.columns)
                .map_err(|e| Refused::of(&e))?;
        }
        Ok(())
    }
    fn hooks() -> &'static [&'static str] {
        HOOKS
    }
    fn conditions() -> &'static [&'static str] {
        CONDITIONS
    }
    fn holds(code: &str, context: &Context<'_, Self>) -> bool {
        match code {
            seq::INTERVENTION_DUE => intervention_due(
                context.options,
                context.turn,
                context.extra.intervention_triggered,
            ),
            seq::SPRING_RAINS_DUE => spring_rains_due(context.options, context.turn),
            _ => false,
        }
    }
    fn on_hooks(
        calls: &[HookCall],
        table: &mut Table<'_, Records>,
        options: &Options,
        dice: &mut dyn Dice,
    ) -> Result<Vec<String>, Refused> {
        // A campaign stored before its records kept the options learns them here.
        table.extra.options = *options;
        let mut notes = Vec::new();
        for call in calls {
            let side = player_turn_of(&call.at.phase);
            let index = options.calendar_index(table.turn);
            let label = options.calendar().label(table.turn);
            let note = match call.hook.as_str() {
                seq::JUDGE_SUPPLY if options.supply_effects => {
                    let own: Vec<UnitId> = table
                        .roster
                        .units
                        .values()
                        .filter(|u| Some(u.side) == side)
                        .map(|u| u.id.clone())
                        .collect();
                    let mut steps = Vec::new();
                    for id in own {
                        let unit = table.roster.units[&id].clone();
                        let count = judge_supply(&unit.name, oos_turns(&unit), !unit.markers.contains("out_of_supply"));
                        if count.value != oos_turns(&unit) {
                            let edit = UnitEdit {
                                attributes: BTreeMap::from([("oos_turns".to_string(), Some(AttrValue::Number(i64::from(count.value))))]),
                                ..UnitEdit::default()
                            };
                            table.roster.edit(table.spec, Role::Umpire, table.moment, &id, edit).map_err(|e| Refused::of(&e))?;
                            steps.extend(count.steps);
                        }
                    }
                    if steps.is_empty() {
                        "Supply judged (Opt A.1): no count changes.".to_string()
                    } else {
                        format!("Supply judged (Opt A.1): {}.", steps.join("; "))
                    }
                }
                seq::JUDGE_SUPPLY => "Judge supply (base rule 12).".to_string(),
                seq::CLEAR_DISRUPTION => {
                    let ids: Vec<UnitId> = table
                        .roster
                        .units
                        .values()
                        .filter(|u| Some(u.side) == side && u.markers.contains("disrupted"))
                        .map(|u| u.id.clone())
                        .collect();
                    for id in &ids {
                        table.roster.unmark(table.spec, Role::Umpire, table.moment, id, "disrupted").map_err(|e| Refused::of(&e))?;
                    }
                    format!("{} disrupted unit(s) recover (Opt D.1).", ids.len())
                }
                seq::CLEAR_SKI_MARKERS => {
                    let ids: Vec<UnitId> = table.roster.units.values().filter(|u| u.markers.contains("ski_hit")).map(|u| u.id.clone()).collect();
                    for id in &ids {
                        table.roster.unmark(table.spec, Role::Umpire, table.moment, id, "ski_hit").map_err(|e| Refused::of(&e))?;
                    }
                    "The ski hit markers are removed (DC A.2).".to_string()
                }
                seq::LAPSE_AIRBORNE_PLANS => {
                    let lapsed = table.extra.plans.lapse(table.turn, table.moment);
                    if lapsed.is_empty() {
                        "No airborne plan lapses.".to_string()
                    } else {
                        format!("Airborne plans not carried out are cancelled: {} (Opt D.3).", lapsed.join(", "))
                    }
                }
                seq::ROLL_INTERVENTION => {
                    let rolled = roll_intervention(dice, options, index, &label).map_err(|e| Refused::of(&e))?;
                    table.extra.intervention_triggered |= rolled.value;
                    rolled.steps.join("; ")
                }
                seq::ROLL_GAME_LENGTH => {
                    let rolled = roll_game_length(dice, index, &label).map_err(|e| Refused::of(&e))?;
                    table.extra.game_over_by_rains |= rolled.value;
                    rolled.steps.join("; ")
                }
                seq::CANCEL_BROKEN_PLANS => match cancel_broken_plans(table) {
                    Some(note) => note,
                    None => continue,
                },
                seq::CLEAR_COMBAT_MARKERS => {
                    clear_markers(table, None, &["attacked", "was_attacked"])?;
                    continue;
                }
                seq::END_DROP_TURN => match end_drop_turn(table, side)? {
                    Some(note) => note,
                    None => continue,
                },
                seq::COMPLETE_CONSTRUCTION => match complete_construction(table, options, index, &call.at.phase) {
                    Some(note) => note,
                    None => continue,
                },
                seq::AIRBORNE_PLANS => "The Soviet player may write or cancel airborne plans now (Opt D.3).".to_string(),
                seq::ISOLATION_CHECK => "Units in their 4th turn out of supply and isolated roll on the Success Table (Opt A.1).".to_string(),
                // A step these declarations do not know has nothing to tell the players.
                _ => continue,
            };
            notes.push(note);
        }
        Ok(notes)
    }
    fn ended(extra: &Records, _options: &Options) -> Option<String> {
        extra.game_over_by_rains.then(|| {
            "the spring rains came, as the Finnish player's game-length roll said (Opt E)"
                .to_string()
        })
    }
    fn roster() -> RosterSpec {
        RosterSpec {
            types: Vec::new(),
            attributes: vec![
                number("attack", "Attack", 60, true),
                number("defence", "Defense", 60, true),
                number("movement", "Movement", 40, true),
                number("re_halves", "Size in half REs", 40, false),
                number("oos_turns", "Turns out of supply", 40, false),
            ],
            markers: MARKERS
                .iter()
                .map(|(code, name, placed_in)| MarkerSpec::new(code, name, placed_in))
                .collect(),
        }
    }
    fn charts() -> Vec<ChartSpec> {
        charts::all()
    }
    fn sight(_viewer: Side, _unit: &Unit, _extra: &Records, _options: &Options) -> Sight {
        // The text has no fog of war: units on the map are seen.
        Sight::Full
    }
    fn owed(extra: &Records) -> Vec<Owed> {
        extra.to_apply.iter().map(results::ToApply::owed).collect()
    }
    fn pay(extra: &mut Records, unit: &Unit, steps: Option<u32>) -> bool {
        // A unit eliminated by its owner's hand applies part of a result its side owes.
        steps.is_none() && results::pays(&extra.to_apply, unit)
    }
    fn waive(extra: &mut Records, index: usize) -> bool {
        if index < extra.to_apply.len() {
            extra.to_apply.remove(index);
            true
        } else {
            false
        }
    }
    fn extra_for(viewer: Option<Side>, extra: &Records) -> serde_json::Value {
        let plans = match viewer {
            Some(Side::Finnish) => extra.plans.finnish_view(),
            _ => extra.plans.plans.clone(),
        };
        serde_json::json!({
            "plans": plans,
            "intervention_triggered": extra.intervention_triggered,
            "game_over_by_rains": extra.game_over_by_rains,
            "construction": extra.construction,
            "drops": extra.drops.iter().map(|d| serde_json::json!({
                "unit": d.unit,
                "target": d.target,
                "turn": d.turn,
                "airbase_taken": d.airbase_taken,
                "drop_turn_over": d.drop_turn_over,
            })).collect::<Vec<_>>(),
        })
    }
    fn calculations() -> Vec<Calculation> {
        calculations::calculations()
    }
    fn procedures() -> Vec<DiceProcedure> {
        procedures::procedures()
    }
    fn actions() -> Vec<Action<Records>> {
        actions::actions()
    }
    fn readings() -> &'static [&'static str] {
        READINGS
    }
}

/// Cancels every open plan whose unit entered an enemy ZOC, attacked or was attacked (Opt D.3);
/// the sentence names them, `None` when there are none.
fn cancel_broken_plans(table: &mut Table<'_, Records>) -> Option<String> {
    let broken: Vec<(String, ForcedBy)> = table
        .roster
        .units
        .values()
        .filter(|u| u.side == Side::Soviet)
        .filter_map(|u| plan_broken_by(u).map(|by| (u.name.clone(), by)))
        .collect();
    let cancelled: Vec<String> = broken
        .into_iter()
        .filter(|(name, by)| table.extra.plans.force_cancel(table.moment, name, *by))
        .map(|(name, _)| name)
        .collect();
    (!cancelled.is_empty()).then(|| {
        format!(
            "Airborne plans cancelled because the unit entered an enemy ZOC, attacked or was attacked: {} (Opt D.3).",
            cancelled.join(", ")
        )
    })
}

/// Takes `markers` off every unit (of `side`, or of both).
fn clear_markers(
    table: &mut Table<'_, Records>,
    side: Option<Side>,
    markers: &[&str],
) -> Result<Vec<String>, Refused> {
    let mut names = Vec::new();
    for marker in markers {
        let ids: Vec<(UnitId, String)> = table
            .roster
            .units
            .values()
            .filter(|u| side.is_none_or(|s| u.side == s) && u.markers.contains(*marker))
            .map(|u| (u.id.clone(), u.name.clone()))
            .collect();
        for (id, name) in ids {
            table
                .roster
                .unmark(table.spec, Role::Umpire, table.moment, &id, marker)
                .map_err(|e| Refused::of(&e))?;
            names.push(name);
        }
    }
    Ok(names)
}

/// At the side's initial phase its parachute units' drop turns end (the drop player turn and
/// the enemy's next are over): they own their hexes as any unit does (Opt D.2).
fn end_drop_turn(
    table: &mut Table<'_, Records>,
    side: Option<Side>,
) -> Result<Option<String>, Refused> {
    let Some(side) = side else { return Ok(None) };
    let names = clear_markers(table, Some(side), &["dropped"])?;
    for drop in table.extra.drops.iter_mut().filter(|d| !d.drop_turn_over) {
        if names.contains(&drop.unit) || drop.turn < table.turn {
            drop.drop_turn_over = true;
        }
    }
    Ok((!names.is_empty()).then(|| {
        format!(
            "The drop turn of {} ends: they now own their hexes as any unit does (Opt D.2).",
            names.join(", ")
        )
    }))
}

/// Opt H's construction as the initial phase of calendar index `index` begins: the fort in
/// 35:4616 at the Finnish initial phase of Nov II 39, the rail lines at the Soviet initial phase
/// of Dec I 39. The sentence says what was finished, `None` when nothing was.
fn complete_construction(
    table: &mut Table<'_, Records>,
    options: &Options,
    index: u32,
    phase: &str,
) -> Option<String> {
    let before = table.extra.construction.unwrap_or(Construction {
        rail_complete: true,
        fort_complete: true,
    });
    let now = construction(options, index, phase).value;
    table.extra.construction = Some(now);
    let mut done = Vec::new();
    if now.fort_complete && !before.fort_complete {
        done.push("the fort in 35:4616 is finished");
    }
    if now.rail_complete && !before.rail_complete {
        done.push("the rail lines in 35:2107 and 35:3106 are finished and are rail from now on");
    }
    (!done.is_empty()).then(|| format!("Construction: {} (Opt H).", done.join("; ")))
}

#[cfg(test)]
mod tests;
