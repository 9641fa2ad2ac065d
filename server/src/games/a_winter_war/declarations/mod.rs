//! A Winter War (Europa, optional and designer's-choice rules) declared for the server's assisted
//! table: the options chosen at creation, the default sequence of play with its hooks (supply
//! judged and counted at each initial phase, disruption cleared, plans lapsing, the intervention
//! and spring-rains rolls made by the server), roster, charts and catalogue. Airborne plans
//! (Opt D.3) are the Soviets' secret until carried out or cancelled.

mod actions;
mod calculations;
mod procedures;

use crate::core::domain::{self, Role, Side};
use crate::dice::source::Dice;
use crate::games::a_winter_war::rules::airborne::AirbornePlans;
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
use crate::games::assisted::declarations::{Context, Declarations};
use crate::games::assisted::roster::{
    AttrKind, AttrSpec, AttrValue, MarkerSpec, RosterSpec, Sight, Unit, UnitEdit, UnitId,
};
use crate::games::assisted::sequence::{Sequence, TurnLabeller};
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
}

fn number(code: &str, name: &str, max: i64, required: bool) -> AttrSpec {
    AttrSpec {
        code: code.into(),
        name: name.into(),
        kind: AttrKind::Number { min: 0, max },
        required,
    }
}

const MARKERS: [(&str, &str); 6] = [
    ("out_of_supply", "Out of supply this initial phase"),
    ("isolated", "Isolated"),
    ("disrupted", "Disrupted (Opt D.1)"),
    ("in_enemy_zoc", "In an enemy ZOC"),
    ("ski_hit", "Ski hit marker (DC A.2)"),
    ("parachute", "Parachute unit"),
];

fn oos_turns(unit: &Unit) -> u32 {
    match unit.attributes.get("oos_turns") {
        Some(AttrValue::Number(n)) => u32::try_from(*n).unwrap_or(0),
        _ => 0,
    }
}

impl Declarations for AWinterWar {
    const GAME: domain::Game = domain::Game::AWinterWar;
    const SEGMENT: &'static str = "table";
    type Options = Options;
    type Extra = Records;

    fn sequence(options: &Options) -> Sequence {
        default_sequence(options)
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
                seq::AIRBORNE_PLANS => "The Soviet player may write or cancel airborne plans now (Opt D.3).".to_string(),
                seq::ISOLATION_CHECK => "Units in their 4th turn out of supply and isolated roll on the Success Table (Opt A.1).".to_string(),
                other => format!("({other})"),
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
                .map(|(code, name)| MarkerSpec {
                    code: (*code).into(),
                    name: (*name).into(),
                })
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
    fn extra_for(viewer: Option<Side>, extra: &Records) -> serde_json::Value {
        let plans = match viewer {
            Some(Side::Finnish) => extra.plans.finnish_view(),
            _ => extra.plans.plans.clone(),
        };
        serde_json::json!({
            "plans": plans,
            "intervention_triggered": extra.intervention_triggered,
            "game_over_by_rains": extra.game_over_by_rains,
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

#[cfg(test)]
mod tests;
