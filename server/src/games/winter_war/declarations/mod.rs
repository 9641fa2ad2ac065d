//! Winter War (World at War #77) declared for the server's assisted table: options, sequence of
//! play (6.0), roster, charts, catalogue, and the hidden information of 7.3 and the optional fog
//! of war (24.2): units on a Turn Track box or an off-map display are the enemy's secret always;
//! with the fog, enemy stacks show only their flag until a combat involving them is declared,
//! Radio Intelligence lets the Finns examine five Soviet stacks, and units inside the viewer's
//! own country (its hexes entered from the map) are always visible.

mod actions;
mod air;
mod calculations;
mod captured;
mod entry;
mod events;
pub mod fog;
mod landings;
mod moves;
mod procedures;
mod results;

use crate::core::domain::{self, Side};
use crate::dice::source::Dice;
use crate::games::assisted::catalogue::{Action, Calculation, DiceProcedure, Refused, Table};
use crate::games::assisted::charts::{Chart, ChartSpec};
use crate::games::assisted::declarations::{Context, Declarations, MapFacts, Owed};
use crate::games::assisted::pack::loaded::LoadedPack;
use crate::games::assisted::roster::{
    AttrKind, AttrSpec, AttrValue, Glimpse, MarkerSpec, Roster, RosterSpec, Sight, Unit, UnitId,
};
use crate::games::assisted::sequence::{Activity, Sequence};
use crate::games::assisted::tracker::HookCall;
use crate::games::winter_war::rules::calc_logistics::{SupplyCase, always_supplied};
use crate::games::winter_war::rules::charts::{self, specs};
use crate::games::winter_war::rules::events::EventFlags;
use crate::games::winter_war::rules::readings::READINGS;
use crate::games::winter_war::rules::sequence::{
    self as seq, Conditions, HOOKS, LAST_TURN, sequence,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

pub use calculations::ColumnIn;

/// Winter War on the server.
pub struct WinterWar;

/// What a Winter War campaign chooses when it is created.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Optional rule 24.2, fog of war: enemy stacks show only their flag until revealed.
    pub fog_of_war: bool,
    /// The Historical scenario (Timoshenko on GT 5), else Free Setup.
    pub historical: bool,
}

/// Winter War's own records beyond the roster and charts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Records {
    /// Units revealed under the fog of war; they stay revealed while on the map (24.2).
    pub revealed: BTreeSet<UnitId>,
    /// The events and markers in play (Timoshenko, Freeze, one-shot events…).
    pub flags: EventFlags,
    /// At least one Soviet shock corps has been formed (Second Wave).
    pub shock_corps_formed: bool,
    /// Victory points, Soviet then Finnish.
    pub victory_points: [i64; 2],
    /// The fog of war is played (24.2), as chosen at creation.
    #[serde(default)]
    pub fog_of_war: bool,
    /// What the owners still owe after the last combat.
    #[serde(default)]
    pub pending: Vec<results::Pending>,
    /// The combat declared and not yet resolved: its phase may not end before it is (24.2).
    #[serde(default)]
    pub declared: Option<fog::Declared>,
    /// The Radio Intelligence examinations the last random event roll gave (17.2, 24.2).
    #[serde(default)]
    pub radio: fog::RadioGrant,
    /// The hexes of Finland and the Soviet Union, entered from the map (24.2).
    #[serde(default)]
    pub borders: fog::Borders,
    /// The random event segments of this game turn already rolled (17.1).
    #[serde(default)]
    pub events_rolled: BTreeSet<(u32, String)>,
    /// The air units that have flown their mission this game turn (12.0).
    #[serde(default)]
    pub flown: BTreeSet<UnitId>,
    /// The hexes each side's air units attacked this game turn, by side code (12.0).
    #[serde(default)]
    pub air_hexes: BTreeSet<(String, String)>,
    /// The towns and cities interdicted until the end of the Finnish player turn (12.2.2).
    #[serde(default)]
    pub interdicted: BTreeSet<String>,
    /// Units on the Turn Record Track coming back on a later game turn (12.3).
    #[serde(default)]
    pub returning: Vec<air::Returning>,
    /// The naval markers used, by game turn and kind (`gunfire`, `amphibious`) (20.1, 20.2).
    #[serde(default)]
    pub naval_used: BTreeSet<(u32, String)>,
    /// The event segment (game turn, phase) whose roll gave the Allied intervention (17.2).
    #[serde(default)]
    pub allied_due: Option<(u32, String)>,
    /// The Allied units coming, when and where (17.2).
    #[serde(default)]
    pub allied: Option<landings::AlliedArrival>,
}

/// Whether `viewer` sees `unit` (an enemy's) well enough to name it: not on a display, and with
/// the fog of war, revealed or inside the viewer's own country.
pub fn nameable(viewer: Side, unit: &Unit, extra: &Records) -> bool {
    unit.side == viewer
        || (!off_map(unit)
            && (!extra.fog_of_war
                || extra.revealed.contains(&unit.id)
                || fog::inside_viewers_country(viewer, unit, &extra.borders)))
}

/// Whether a unit is off the map: on a Turn Track box, in a display or box of the scenario (the
/// air staging displays, the reinforcement display), or anywhere that is not one of the map's
/// hexes (7.3).
pub fn off_map(unit: &Unit) -> bool {
    let place = unit.location.trim();
    match fog::grid() {
        Some(grid) => grid.parse(place).map_or(true, |hex| !grid.contains(hex)),
        None => {
            let place = place.to_lowercase();
            place.starts_with("track")
                || place.starts_with("display")
                || place.starts_with("off-map")
        }
    }
}

/// The end of a Logistics Phase (6.0, 16.2): the phasing side's units on the map that are out of
/// supply are Suppressed (15.0), and those in supply lose their Suppressed marker; the other
/// side's markers stay.
fn lift_suppression(table: &mut Table<'_, Records>, phase: &str) -> Result<String, Refused> {
    let side = if phase.starts_with("finnish") {
        Side::Finnish
    } else {
        Side::Soviet
    };
    let mut changes: Vec<(UnitId, bool)> = Vec::new();
    let mut kept: Vec<String> = Vec::new();
    for u in table.roster.units.values() {
        if u.side != side || off_map(u) {
            continue;
        }
        let marked_out = u.markers.contains("out_of_supply");
        let always = marked_out
            .then(|| always_supplied_unit(u, table.extra))
            .flatten();
        if let Some(reason) = always {
            kept.push(format!("{}: {reason}", u.name));
        }
        let unsupplied = marked_out && always.is_none();
        if unsupplied != u.markers.contains("suppressed") {
            changes.push((u.id.clone(), unsupplied));
        }
    }
    let (mut marked, mut lifted) = (0, 0);
    for (id, suppress) in &changes {
        let (by, moment) = (domain::Role::Umpire, table.moment);
        let done = if *suppress {
            marked += 1;
            table.roster.mark(table.spec, by, moment, id, "suppressed")
        } else {
            lifted += 1;
            table
                .roster
                .unmark(table.spec, by, moment, id, "suppressed")
        };
        done.map_err(|e| Refused::of(&e))?;
    }
    let mut said = format!(
        "{} Logistics: {marked} unit(s) out of supply Suppressed (15.0); {lifted} Suppressed marker(s) lifted from units in supply (16.2).",
        side.adjective()
    );
    for line in kept {
        said.push_str(&format!(
            " Not suppressed though marked out of supply, {line}."
        ));
    }
    Ok(said)
}

/// The item of 15.2 or 15.4 that keeps `u` in supply whatever line it traces, if any.
fn always_supplied_unit(u: &Unit, extra: &Records) -> Option<&'static str> {
    let number = |code: &str| match u.attributes.get(code) {
        Some(AttrValue::Number(n)) => u32::try_from(*n).unwrap_or(0),
        _ => 0,
    };
    let home = match u.side {
        Side::Finnish => &extra.borders.agreed.finland,
        Side::Soviet => &extra.borders.agreed.soviet_union,
    };
    always_supplied(&SupplyCase {
        soviet: u.side == Side::Soviet,
        unit_type: &u.unit_type,
        af: number("af"),
        df: number("df"),
        nkvd: u.markers.contains("nkvd"),
        at_home: home.contains(u.location.trim()),
    })
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
/// the logistics phase (15.0, 16.2), a Laager in the movement phase (10.0), the combat marks as
/// attacks are made; NKVD and Static come with the setup.
const MARKERS: [(&str, &str, &[Activity]); 8] = [
    (
        "suppressed",
        "Suppressed",
        &[Activity::Supply, Activity::Combat],
    ),
    ("out_of_supply", "Out of supply", &[Activity::Supply]),
    ("laager", "Laager", &[Activity::Movement]),
    ("attacked", "Attacked this phase", &[Activity::Combat]),
    ("defended", "Defended this phase", &[Activity::Combat]),
    ("nkvd", "NKVD", &[]),
    ("static", "Static", &[]),
    (landings::HELD, "Landed or dropped this phase", &[]),
];

/// Lifts the marker of units that landed or dropped this phase.
fn release_held(table: &mut Table<'_, Records>) -> Result<(), Refused> {
    let held: Vec<UnitId> = table
        .roster
        .units
        .values()
        .filter(|u| u.markers.contains(landings::HELD))
        .map(|u| u.id.clone())
        .collect();
    for id in held {
        table
            .roster
            .unmark(
                table.spec,
                domain::Role::Umpire,
                table.moment,
                &id,
                landings::HELD,
            )
            .map_err(|e| Refused::of(&e))?;
    }
    Ok(())
}

impl Declarations for WinterWar {
    const GAME: domain::Game = domain::Game::new("winter_war", "Winter War");
    const SEGMENT: &'static str = "table";
    type Options = Options;
    type Extra = Records;

    fn records(options: &Options) -> Records {
        let mut records = Records {
            fog_of_war: options.fog_of_war,
            ..Records::default()
        };
        // Three 2-2-2 volunteer brigades and the volunteer air unit are to come (17.2).
        records.flags.volunteers_left = 4;
        records
    }
    fn sequence(_options: &Options) -> Sequence {
        sequence()
    }
    fn check_chart(chart: &Chart) -> Result<(), Refused> {
        let checked = match chart.code.as_str() {
            charts::CRT => charts::check_crt(chart),
            charts::FINNISH_EVENTS | charts::SOVIET_EVENTS => charts::check_events(chart),
            _ => Ok(()),
        };
        checked.map_err(|e| Refused::of(&e))
    }
    fn hooks() -> &'static [&'static str] {
        HOOKS
    }
    fn conditions() -> &'static [&'static str] {
        seq::CONDITIONS
    }
    /// A ceasefire the Finnish player called ends the game (17.3).
    fn ended(extra: &Records, _options: &Options) -> Option<String> {
        extra
            .flags
            .ceasefire
            .then(|| "the Finnish player called a ceasefire (17.3)".to_owned())
    }
    /// The scenario packs' flags: Timoshenko in command (22.0), Finnish morale (23.0).
    fn pack_flags(extra: &Records) -> std::collections::BTreeSet<String> {
        [
            (extra.flags.timoshenko, "timoshenko"),
            (extra.flags.morale, "finnish_morale"),
        ]
        .into_iter()
        .filter(|(holds, _)| *holds)
        .map(|(_, code)| code.to_owned())
        .collect()
    }
    fn holds(code: &str, context: &Context<'_, Self>) -> bool {
        Conditions {
            turn: context.turn,
            last_turn: LAST_TURN,
            timoshenko: context.extra.flags.timoshenko,
            shock_corps_formed: context.extra.shock_corps_formed,
        }
        .holds(code)
    }
    fn on_hooks(
        calls: &[HookCall],
        table: &mut Table<'_, Records>,
        options: &Options,
        _dice: &mut dyn Dice,
    ) -> Result<Vec<String>, Refused> {
        let mut notes = Vec::new();
        for call in calls {
            notes.push(match call.hook.as_str() {
                seq::HOOK_LIFT_SUPPRESSION => lift_suppression(table, &call.at.phase)?,
                seq::HOOK_START_OF_TURN => {
                    let mut said =
                        events::start(&mut table.extra.flags, table.turn, options.historical);
                    if let Some(back) = air::new_turn(table)? {
                        said = [said, back].join(" ").trim().to_owned();
                    }
                    said
                }
                seq::HOOK_SUPPLY => "Determine supply (15.0); mark units out of supply.".into(),
                seq::HOOK_STACKING => {
                    if fog::combat_side(&call.at.phase).is_some() {
                        // Each unit attacks and is attacked once per Combat Phase (13.0).
                        fog::clear_combat_markers(table)?;
                    }
                    // A unit landed or dropped moves again in the next phase (19.2, 20.2).
                    release_held(table)?;
                    "Check stacking (7.1).".into()
                }
                seq::HOOK_ALLIED_IN_FINLAND => landings::allied_in_finland(table)?,
                seq::HOOK_REMOVE_INTERDICTION => {
                    let gone = std::mem::take(&mut table.extra.interdicted);
                    if gone.is_empty() {
                        continue;
                    }
                    format!(
                        "The interdiction markers leave {} (12.2.2).",
                        gone.into_iter().collect::<Vec<_>>().join(", ")
                    )
                }
                seq::HOOK_END_OF_TURN => "End of the game turn: count victory points (4.0).".into(),
                // A step these declarations do not know has nothing to tell the players.
                _ => continue,
            });
        }
        Ok(notes)
    }
    fn roster() -> RosterSpec {
        RosterSpec {
            types: Vec::new(),
            attributes: vec![
                number("af", "Attack factor", 30, true),
                number("df", "Defence factor", 30, true),
                number("mf", "Movement factor", 12, true),
                AttrSpec {
                    code: "size".into(),
                    name: "Size (II, III, X, XX, XXX)".into(),
                    kind: AttrKind::Text { max_chars: 4 },
                    required: false,
                },
                AttrSpec {
                    code: "flag".into(),
                    name: "Flag (Finnish, Soviet, Allied, Volunteer, Swedish)".into(),
                    kind: AttrKind::Text { max_chars: 12 },
                    required: false,
                },
            ],
            markers: MARKERS
                .iter()
                .map(|(code, name, placed_in)| MarkerSpec::new(code, name, placed_in))
                .collect(),
        }
    }
    fn charts() -> Vec<ChartSpec> {
        specs()
    }
    fn may_enter(
        unit: &Unit,
        to: &str,
        roster: &Roster,
        extra: &Records,
        map: Option<&LoadedPack>,
    ) -> Result<(), Refused> {
        air::may_deploy(unit, to, extra)?;
        entry::may_enter(unit, to, roster, map)
    }
    fn may_move(
        unit: &Unit,
        to: &str,
        roster: &Roster,
        map: Option<&LoadedPack>,
        moment: &str,
    ) -> Result<(), Refused> {
        if unit.markers.contains(landings::HELD) {
            return Err(fog::refused(
                crate::games::assisted::refusal::RefusalKind::AgainstTheRules,
                "held",
                format!(
                    "{} landed or dropped this phase and moves no more until the next (19.2, 20.2).",
                    unit.name
                ),
            ));
        }
        moves::may_move(unit, to, roster, map, moment)
    }
    fn may_end_phase(
        roster: &Roster,
        extra: &Records,
        phase: &str,
        by: domain::Role,
    ) -> Result<(), Refused> {
        fog::may_end(extra)?;
        if phase == "soviet_combat" && by != domain::Role::Umpire {
            fog::mandatory_attacks(roster, extra)?;
        }
        Ok(())
    }
    fn filled_from_map(action: &str, map: &MapFacts) -> Vec<(String, String)> {
        let has = |features: &[&str]| map.defender.iter().any(|f| features.contains(&f.as_str()));
        if action == "fly-mission" {
            // 12.1.1: a (DS) suppresses in a clear or ice hex.
            return if has(&["clear", "ice"]) {
                vec![("clear_or_ice".into(), "true".into())]
            } else {
                Vec::new()
            };
        }
        if action != "resolve-combat" {
            return Vec::new();
        }
        let mut fields = Vec::new();
        // 14.1: a defender on an ice or lake hex; 14.3: a city (for static units).
        if has(&["lake", "ice", "frozen_lake"]) {
            fields.push(("defender_on_ice_or_lake".into(), "true".into()));
        }
        if has(&["city"]) {
            fields.push(("defender_in_city".into(), "true".into()));
        }
        fields
    }
    /// The interdiction markers in towns and cities (12.2.2).
    fn hex_marks(extra: &Records) -> Vec<(String, String)> {
        extra
            .interdicted
            .iter()
            .map(|hex| (hex.clone(), "Interdicted".to_owned()))
            .collect()
    }
    fn owed(extra: &Records) -> Vec<Owed> {
        extra.pending.iter().map(results::Pending::owed).collect()
    }
    fn pay(extra: &mut Records, unit: &Unit, steps: Option<u32>) -> bool {
        // Winter War's units have no steps: a unit eliminated pays the factors owed (14.2).
        steps.is_none() && results::pay_with(&mut extra.pending, unit)
    }
    fn waive(extra: &mut Records, index: usize) -> bool {
        if index < extra.pending.len() {
            extra.pending.remove(index);
            true
        } else {
            false
        }
    }
    fn sight(viewer: Side, unit: &Unit, extra: &Records, options: &Options) -> Sight {
        if off_map(unit) {
            // 7.3: never the enemy's Turn Track boxes or off-map displays.
            return Sight::Hidden;
        }
        if !options.fog_of_war
            || extra.revealed.contains(&unit.id)
            || fog::inside_viewers_country(viewer, unit, &extra.borders)
        {
            return Sight::Full;
        }
        // 24.2: face down, flag up; the stack's place, its Laager and Suppressed markers.
        Sight::Partial(Glimpse {
            attributes: vec!["flag".into()],
            markers: vec!["laager".into(), "suppressed".into()],
            unit_type: false,
            location: true,
        })
    }
    fn extra_for(viewer: Option<Side>, extra: &Records) -> serde_json::Value {
        let mut shown = serde_json::to_value(extra).unwrap_or_default();
        if let (Some(side), Some(map)) = (viewer, shown.as_object_mut()) {
            // Which units are revealed is the umpire's bookkeeping: a side sees the enemy's
            // revealed units in full in its view, and never the ids of those that left the map.
            // Which air units have flown or wait on the Turn Record Track, and the units that owe
            // a result, may be enemy units hidden from the viewer (7.3, 24.2): a side reads only
            // what its own units owe, and the kit's losses owed say what the enemy owes.
            for hidden in ["revealed", "flown", "returning"] {
                map.remove(hidden);
            }
            if side == Side::Soviet {
                map.remove("allied");
            }
            let own: Vec<&results::Pending> = extra
                .pending
                .iter()
                .filter(|p| p.owed().side == side)
                .collect();
            map.insert(
                "pending".into(),
                serde_json::to_value(own).unwrap_or_default(),
            );
        }
        shown
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
