//! Red Winter declared for the server's assisted table: its options, sequence of play (from the
//! Turn Track the players enter), roster, charts, catalogue and what its hooks do. Red Winter
//! hides nothing (6.0: players always examine each other's stacks), so each side sees every unit.

mod actions;
mod calculations;
mod cold;
mod delay;
mod fire;
mod inputs;
mod park;
mod procedures;
mod provisional;
mod reconstitute;
mod results;

use crate::core::domain::{self, Side};
use crate::dice::source::Dice;
use crate::games::assisted::catalogue::{Action, Calculation, DiceProcedure, Refused, Table};
use crate::games::assisted::chart_set::ChartSet;
use crate::games::assisted::charts::{Chart, ChartSpec};
use crate::games::assisted::declarations::{Declarations, MapFacts, Owed};
use crate::games::assisted::roster::{
    AttrKind, AttrSpec, AttrValue, MarkerSpec, RosterSpec, Sight, Unit, UnitId,
};
use crate::games::assisted::sequence::{Activity, Sequence};
use crate::games::assisted::tracker::HookCall;
use crate::games::red_winter::rules::calc_odds::crt_columns;
use crate::games::red_winter::rules::calc_shifts::Fight;
use crate::games::red_winter::rules::charts::chart_specs;
use crate::games::red_winter::rules::readings::READINGS;
use crate::games::red_winter::rules::sequence::{self as seq, HOOKS, sequence};
use crate::games::red_winter::rules::turn_track::{sequence_from_track, turn_track};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use inputs::PendingLosses;

/// Red Winter on the server.
pub struct RedWinter;

/// What a Red Winter campaign chooses when it is created.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The side that plays first each turn (3.0): the Soviets unless the scenario says otherwise.
    pub first_player: Side,
    /// The scenario's last turn; none plays until the umpire ends the game.
    pub last_turn: Option<u32>,
    /// Night turns until the Turn Track is entered (it replaces them).
    pub night_turns: Vec<u32>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            first_player: Side::Soviet,
            last_turn: None,
            night_turns: Vec::new(),
        }
    }
}

/// Red Winter's own records beyond the roster and charts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Records {
    /// 76mm ammo on hand, Soviet then Finnish (12.4.1).
    pub ammo: [u32; 2],
    /// Replacement points this turn, Soviet then Finnish (13.2).
    pub replacement_points: [u32; 2],
    /// Whether the Finns made this night's Night Raid (16.4.1).
    pub raid_made: bool,
    /// Losses the CRT or a Ranged Attack gave and the owners still have to take.
    pub pending: Vec<PendingLosses>,
    /// The Soviet Artillery Park's event (a) has happened (12.4.3 a).
    #[serde(default)]
    pub park_a_done: bool,
    /// The turn of the Soviet Artillery Park's last event (b), once a turn (12.4.3 b).
    #[serde(default)]
    pub park_b_turn: Option<u32>,
    /// The Finnish Artillery Park has happened (12.4.4).
    #[serde(default)]
    pub finnish_park_done: bool,
    /// The stacks (side and hex) and lone raiders (by id) that have rolled on the SZLT this
    /// night (16.3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cold_rolled: Vec<String>,
    /// The first night turn played, which closes day one (12.8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_night: Option<u32>,
    /// A Soviet unit has been in hex column I or west of it (12.8); it stays so.
    #[serde(default)]
    pub soviets_reached_column_i: bool,
    /// The Provisional Company has come into play (12.8).
    #[serde(default)]
    pub provisional_in_play: bool,
    /// Units removed from the game rather than eliminated (12.4.3): never reconstituted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub out_of_game: Vec<UnitId>,
}

/// Unit types.
pub const TYPES: [&str; 10] = [
    "infantry",
    "engineer",
    "mg",
    "mortar",
    "infantry_gun",
    "at_gun",
    "artillery",
    "tank",
    "armored_car",
    "leader",
];

/// Markers the rules track on units.
/// The markers, each with the phases its owner places it in (by what they are for): a Dug-In
/// or a Bonfire as a unit's action (3.0 II, 13.1, 16.3), Fired and Retreated as attacks are
/// made and taken (10.0, 8.5), a Skull as the night's losses are rolled (16.2).
pub const MARKERS: [(&str, &str, &[Activity]); 13] = [
    ("suppressed", "Suppressed", &[Activity::Combat]),
    ("dug_in", "Dug-In", &[Activity::Movement]),
    ("fired", "Fired", &[Activity::Combat]),
    ("retreated", "Retreated this phase", &[Activity::Combat]),
    (
        "out_of_supply",
        "Out of supply",
        &[Activity::Supply, Activity::Movement],
    ),
    (
        "acted",
        "Acted this phase",
        &[Activity::Movement, Activity::Combat],
    ),
    ("bonfire", "Bonfire", &[Activity::Movement]),
    ("skull", "Skull", &[Activity::Movement, Activity::Attrition]),
    (
        "night_raid",
        "Night Raid",
        &[Activity::Movement, Activity::Combat],
    ),
    ("with_pajari", "Stacked with Pajari", &[Activity::Movement]),
    (
        "reduced",
        "Reduced (shows its reduced side)",
        &[Activity::Combat, Activity::Attrition],
    ),
    (
        "ranged",
        "Made its Ranged Attack this Combat Phase",
        &[Activity::Combat],
    ),
    (
        "at_fire",
        "Made its AT Fire this phase",
        &[Activity::Movement, Activity::Combat],
    ),
];

/// Losses owed as the kit shows them: "2 steps from the last Combat, as the defender" (8.5).
/// The terrain code a scenario pack gives frozen lake hexes (the template's and example's).
const FROZEN_LAKE: &str = "frozen_lake";

fn owed_of(l: &PendingLosses) -> Owed {
    let steps = match l.losses {
        1 => "1 step".to_string(),
        n => format!("{n} steps"),
    };
    if let Some(who) = &l.cold {
        return Owed {
            side: l.side,
            what: steps,
            from: format!("the cold, for {who} (16.3)"),
            units: l.units.clone(),
        };
    }
    let fight = match (l.fight, l.steps_only) {
        (Fight::Combat, true) => "Ranged Attack",
        (Fight::Combat, false) => "Combat",
        (Fight::Assault, _) => "Assault",
        (Fight::NightRaid, _) => "Night Raid",
    };
    let role = if l.attacker { "attacker" } else { "defender" };
    Owed {
        side: l.side,
        what: steps,
        from: format!("the last {fight}, as the {role} (8.5)"),
        units: l.units.clone(),
    }
}

fn number(code: &str, name: &str, min: i64, max: i64, required: bool) -> AttrSpec {
    AttrSpec {
        code: code.into(),
        name: name.into(),
        kind: AttrKind::Number { min, max },
        required,
    }
}

fn side_index(side: Side) -> usize {
    match side {
        Side::Soviet => 0,
        Side::Finnish => 1,
    }
}

impl Declarations for RedWinter {
    const GAME: domain::Game = domain::Game::new("red_winter", "Red Winter");
    const SEGMENT: &'static str = "table";
    type Options = Options;
    type Extra = Records;

    fn check_options(options: &Options) -> Result<(), String> {
        if options.last_turn == Some(0) || options.night_turns.contains(&0) {
            return Err("Turns are numbered from 1.".into());
        }
        Ok(())
    }
    fn sequence(options: &Options) -> Sequence {
        sequence(
            &options.night_turns,
            options.last_turn,
            options.first_player,
            Vec::new(),
        )
    }
    fn resequence(options: &Options, charts: &ChartSet) -> Option<Sequence> {
        let track = turn_track(charts).ok()?;
        let mut sequence = sequence_from_track(&track, options.first_player);
        if options.last_turn.is_some() {
            sequence.last_turn = options.last_turn;
        }
        Some(sequence)
    }
    fn check_chart(chart: &Chart) -> Result<(), Refused> {
        if chart.code == crate::games::red_winter::rules::charts::CRT {
            crt_columns(&chart.columns).map_err(|e| Refused::of(&e))?;
        }
        Ok(())
    }
    fn hooks() -> &'static [&'static str] {
        HOOKS
    }
    fn conditions() -> &'static [&'static str] {
        seq::CONDITIONS
    }
    fn on_hooks(
        calls: &[HookCall],
        table: &mut Table<'_, Records>,
        options: &Options,
        _dice: &mut dyn Dice,
    ) -> Result<Vec<String>, Refused> {
        let mut notes = Vec::new();
        // Where the Soviets have been is read as each phase ends, so that a unit that moved
        // west of column I and back still counts (12.8).
        if provisional::soviets_seen_west(table) {
            table.extra.soviets_reached_column_i = true;
        }
        for call in calls {
            let phasing = if call.at.phase.starts_with("first") {
                options.first_player
            } else {
                options.first_player.enemy()
            };
            let note = match call.hook.as_str() {
                // A marker nobody had leaves no line: the log says what changed.
                seq::FLIP_FIRED => match clear(table, "fired", Some(phasing))? {
                    0 => continue,
                    1 => format!(
                        "One {} unit flips back from its Fired side (3.0 I).",
                        phasing.adjective()
                    ),
                    n => format!(
                        "{n} {} units flip back from their Fired side (3.0 I).",
                        phasing.adjective()
                    ),
                },
                seq::ENTER_DELAYED => match delay::enter_delayed(table, phasing)? {
                    Some(note) => note,
                    None => continue,
                },
                seq::REMOVE_SUPPRESSED => match clear(table, "suppressed", None)? {
                    0 => continue,
                    1 => "One Suppressed marker is removed (3.0 III).".to_string(),
                    n => format!("{n} Suppressed markers are removed (3.0 III)."),
                },
                seq::CLEAR_COMBAT_MARKS => {
                    clear(table, "retreated", None)?;
                    clear(table, "acted", None)?;
                    clear(table, "ranged", None)?;
                    clear(table, "at_fire", None)?;
                    "The phase's Retreated, Acted and Ranged Attack marks are cleared.".to_string()
                }
                seq::NIGHT_RAID_AVAILABLE => {
                    table.extra.raid_made = false;
                    table.extra.first_night.get_or_insert(table.turn);
                    "The Finns may make one Night Raid this night turn (16.4.1).".to_string()
                }
                seq::REMOVE_SKULLS_AND_BONFIRES => {
                    clear(table, "skull", None)?;
                    clear(table, "bonfire", None)?;
                    "Every Skull and Bonfire marker is removed (16.3).".to_string()
                }
                seq::ADJUST_AMMO | seq::REPLACEMENT_POINTS => {
                    turn_track_points(table, call.hook.as_str(), phasing)
                }
                seq::LOSE_UNSPENT_POINTS => {
                    table.extra.replacement_points[side_index(phasing)] = 0;
                    format!(
                        "Unspent {} replacement points are lost (13.2).",
                        phasing.adjective()
                    )
                }
                seq::SUB_ZERO_ROLLS => {
                    table.extra.cold_rolled.clear();
                    cold_roll_call(table)
                }
                seq::ARMOR_COMMITMENT => {
                    "The Soviet player decides which armor to commit (12.1.4).".to_string()
                }
                seq::CHECK_VICTORY => {
                    "Check the scenario's victory conditions (3.0 VI).".to_string()
                }
                // A step these declarations do not know has nothing to tell the players.
                _ => continue,
            };
            // Two hooks of one phase may ask for the same thing (ammo and replacement points
            // both need the Turn Track): it is said once.
            if !notes.contains(&note) {
                notes.push(note);
            }
        }
        Ok(notes)
    }
    fn filled_from_map(action: &str, map: &MapFacts) -> Vec<(String, String)> {
        if action != "resolve-combat" {
            return Vec::new();
        }
        let mut fields = Vec::new();
        if let Some(side) = map.attacker {
            fields.push(("shifts.attacker".into(), side.code().into()));
        }
        // 8.3 case 5 and its note: a frozen lake under the defender, and under everyone.
        if map.defender.iter().any(|f| f == FROZEN_LAKE) {
            fields.push(("shifts.defender_on_frozen_lake".into(), "true".into()));
        }
        if map.everywhere(FROZEN_LAKE) {
            fields.push(("all_on_frozen_lake".into(), "true".into()));
            fields.push(("shifts.all_on_frozen_lake".into(), "true".into()));
        }
        fields
    }
    fn owed(extra: &Records) -> Vec<Owed> {
        extra.pending.iter().map(owed_of).collect()
    }
    fn pay(extra: &mut Records, unit: &Unit, steps: Option<u32>) -> bool {
        // The first losses owed among which the unit fought (8.5): a step lost pays one, a unit
        // leaving play pays the steps it had.
        let Some(at) = extra
            .pending
            .iter()
            .position(|l| l.side == unit.side && l.units.contains(&unit.id))
        else {
            return false;
        };
        let steps = steps.unwrap_or_else(|| match unit.attributes.get("steps") {
            Some(AttrValue::Number(n)) => u32::try_from(*n).unwrap_or(1),
            _ => 1,
        });
        let owed = &mut extra.pending[at];
        owed.losses = owed.losses.saturating_sub(steps);
        if owed.losses == 0 {
            extra.pending.remove(at);
        }
        true
    }
    fn waive(extra: &mut Records, index: usize) -> bool {
        if index < extra.pending.len() {
            extra.pending.remove(index);
            true
        } else {
            false
        }
    }
    fn steps_attribute() -> Option<&'static str> {
        Some("steps")
    }
    fn roster() -> RosterSpec {
        RosterSpec {
            types: TYPES.iter().map(|t| (*t).to_string()).collect(),
            attributes: vec![
                number("cs", "CS", 0, 30, true),
                number("ma", "MA", 0, 30, true),
                number("steps", "Steps", 1, 2, true),
                number("ras", "RAS", 0, 12, false),
                number("boxed", "CS boxed (1 = yes)", 0, 1, false),
                number("parenthesized", "CS in parentheses (1 = yes)", 0, 1, false),
                number(
                    "calibre",
                    "Artillery calibre in mm (76, 122, 152)",
                    0,
                    200,
                    false,
                ),
                number("reduced_cs", "CS on the reduced side", 0, 30, false),
                number("reduced_ma", "MA on the reduced side", 0, 30, false),
                number("reduced_ras", "RAS on the reduced side", 0, 12, false),
                number(
                    "indirect",
                    "Yellow RAS, indirect fire (1 = yes)",
                    0,
                    1,
                    false,
                ),
                number("vr", "Variable Reinforcement (1 = yes)", 0, 1, false),
            ],
            markers: MARKERS
                .iter()
                .map(|(code, name, placed_in)| MarkerSpec::new(code, name, placed_in))
                .collect(),
        }
    }
    fn charts() -> Vec<ChartSpec> {
        chart_specs()
    }
    fn sight(_viewer: Side, _unit: &Unit, _extra: &Records, _options: &Options) -> Sight {
        Sight::Full
    }
    fn extra_for(_viewer: Option<Side>, extra: &Records) -> serde_json::Value {
        serde_json::to_value(extra).unwrap_or_default()
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
    /// The Victory Point bid (17.0.2): each side bids in secret; the higher bid keeps its side
    /// and the other side receives that many victory points.
    fn sealed() -> Vec<crate::games::assisted::sealed::SealedSpec> {
        vec![crate::games::assisted::sealed::SealedSpec {
            code: "vp_bid",
            title: "Victory Point bid",
            rule: "17.0.2",
            question: "How many victory points would you give the other side to keep your side? The higher bid keeps its side and the other side receives that many points; equal bids are given again.",
            min: 0,
            max: 99,
            effect: crate::games::assisted::sealed::Effect::VictoryPointBid,
        }]
    }
}

/// Who must roll on the SZLT this night (16.3), named by hex or unit, Soviets first.
fn cold_roll_call(table: &Table<'_, Records>) -> String {
    let units: Vec<_> = table.roster.units.values().map(cold::freezing).collect();
    let rolls = crate::games::red_winter::rules::eligibility::sub_zero_rolls(&units);
    let mut said = Vec::new();
    for side in [Side::Soviet, Side::Finnish] {
        let who: Vec<&str> = rolls
            .iter()
            .filter(|(s, _)| *s == side)
            .map(|(_, who)| who.as_str())
            .collect();
        if !who.is_empty() {
            said.push(format!("{}: {}", side.adjective(), who.join(", ")));
        }
    }
    let rule = "Sub-Zero Loss Phase: each Soviet stack not under a Bonfire, each Finnish stack under a Skull and each unit under a Night Raid marker rolls on the SZLT (16.3)";
    if said.is_empty() {
        format!("{rule}; nothing on the roster has to roll.")
    } else {
        format!("{rule}. To roll (roll-sub-zero): {}.", said.join("; "))
    }
}

/// Takes `marker` off every unit (of `side`, when given); answers how many.
fn clear(
    table: &mut Table<'_, Records>,
    marker: &str,
    side: Option<Side>,
) -> Result<usize, Refused> {
    let ids: Vec<UnitId> = table
        .roster
        .units
        .values()
        .filter(|u| u.markers.contains(marker) && side.is_none_or(|s| u.side == s))
        .map(|u| u.id.clone())
        .collect();
    for id in &ids {
        table
            .roster
            .unmark(table.spec, domain::Role::Umpire, table.moment, id, marker)
            .map_err(|e| Refused::of(&e))?;
    }
    Ok(ids.len())
}

/// What the Turn Track gives `phasing` this turn: its 76mm ammo (for the ammo hook) or its
/// replacement points (for the other), or a reminder to enter the track.
fn turn_track_points(table: &mut Table<'_, Records>, hook: &str, phasing: Side) -> String {
    let track = turn_track(table.charts).ok();
    let turn = track
        .as_ref()
        .and_then(|t| t.iter().find(|b| b.turn == table.turn).cloned());
    match (hook, turn) {
        (seq::ADJUST_AMMO, Some(b)) => {
            let gained = if phasing == Side::Soviet {
                b.soviet_ammo
            } else {
                b.finnish_ammo
            };
            table.extra.ammo[side_index(phasing)] += gained;
            format!(
                "The Turn Track gives the {} player {gained} 76mm ammo (12.4.1).",
                phasing.adjective()
            )
        }
        (_, Some(b)) => {
            let i = side_index(phasing);
            table.extra.replacement_points[i] = if phasing == Side::Soviet {
                b.soviet_rp
            } else {
                b.finnish_rp
            };
            format!(
                "The {} player has {} replacement point(s) this turn (13.2).",
                phasing.adjective(),
                table.extra.replacement_points[i]
            )
        }
        (_, None) => {
            "Enter the Turn Track to have ammo and replacement points counted.".to_string()
        }
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod combat_tests;

#[cfg(test)]
mod roster_tests;

#[cfg(test)]
#[path = "night_tests.rs"]
mod night_tests;

#[cfg(test)]
mod provisional_tests;
