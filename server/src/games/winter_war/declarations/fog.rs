//! The fog of war at the table (24.2): the map's hexes and which of them are Finland and the
//! Soviet Union (entered from the map, never a marker the owner sets), who may declare a combat
//! and against which hex, the declaration that must be resolved before its phase ends, the
//! random events rolled once in their segment, and Radio Intelligence only as often as its
//! event came up.

use super::Records;
use crate::core::domain::{Role, Side};
use crate::dice::source::Dice;
use crate::games::assisted::board::grid::Grid;
use crate::games::assisted::board::hex::Hex;
use crate::games::assisted::calc::Working;
use crate::games::assisted::catalogue::{Acted, Refused, Secrecy, Table};
use crate::games::assisted::pack;
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{AttrValue, Roster, Unit, UnitId};
use crate::games::winter_war::rules::charts::Event;
use crate::games::winter_war::rules::events::{morale_check, takes_effect};
use crate::games::winter_war::rules::procedures_charts::random_events;
use crate::games::winter_war::rules::sequence::LAST_TURN;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::sync::OnceLock;

pub(super) use crate::games::assisted::catalogue::refused;

/// The Winter War map's grid, as the shipped scenario packs describe it.
pub fn grid() -> Option<&'static Grid> {
    static GRID: OnceLock<Option<Grid>> = OnceLock::new();
    GRID.get_or_init(|| {
        pack::parse(pack::WINTER_WAR_HISTORICAL)
            .ok()
            .and_then(|p| Grid::new(p.map).ok())
    })
    .as_ref()
}

/// Reads a hex id of the map, or refuses saying what a good one looks like.
pub fn hex(text: &str) -> Result<Hex, Refused> {
    let grid = grid().ok_or_else(|| {
        refused(
            RefusalKind::AgainstTheRules,
            "declaration_fault",
            "The Winter War map cannot be read; this is a fault of the server.",
        )
    })?;
    grid.parse(text)
        .map_err(|m| refused(RefusalKind::AgainstTheRules, "not_a_hex", format!("{m}.")))
}

/// The hexes of the two countries, as entered from the map: who may always examine whom (24.2).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Countries {
    /// The hexes of Finland.
    #[serde(default)]
    pub finland: BTreeSet<String>,
    /// The hexes of the Soviet Union.
    #[serde(default)]
    pub soviet_union: BTreeSet<String>,
}

/// The countries in force and what each side has proposed: a side's entry takes effect when the
/// other side has entered the same, the umpire's at once.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Borders {
    /// In force.
    #[serde(default)]
    pub agreed: Countries,
    /// The Soviet player's entry, waiting for the Finnish one.
    #[serde(default)]
    pub soviet: Option<Countries>,
    /// The Finnish player's entry, waiting for the Soviet one.
    #[serde(default)]
    pub finnish: Option<Countries>,
}

/// Whether `unit` stands inside `viewer`'s own country, where the viewer may always examine it
/// (24.2 items 1 and 2): read from the hexes entered from the map, whatever markers it carries.
pub fn inside_viewers_country(viewer: Side, unit: &Unit, borders: &Borders) -> bool {
    let country = match viewer {
        Side::Finnish => &borders.agreed.finland,
        Side::Soviet => &borders.agreed.soviet_union,
    };
    country.contains(unit.location.trim())
}

fn canonical(hexes: &BTreeSet<String>) -> Result<BTreeSet<String>, Refused> {
    let grid = grid();
    hexes
        .iter()
        .map(|h| {
            let parsed = hex(h)?;
            Ok(grid.map_or_else(|| h.trim().to_string(), |g| g.id(parsed)))
        })
        .collect()
}

/// Enters the hexes of Finland and the Soviet Union from the map.
pub fn enter_countries(
    p: Countries,
    table: &mut Table<'_, Records>,
) -> Result<Acted<serde_json::Value>, Refused> {
    let entered = Countries {
        finland: canonical(&p.finland)?,
        soviet_union: canonical(&p.soviet_union)?,
    };
    if let Some(h) = entered.finland.intersection(&entered.soviet_union).next() {
        return Err(refused(
            RefusalKind::AgainstTheRules,
            "not_allowed",
            format!("Hex {h} cannot be in both Finland and the Soviet Union."),
        ));
    }
    let borders = &mut table.extra.borders;
    let mut work = Working::new();
    let in_force = match table.by.side() {
        None => true,
        Some(side) => {
            let other = match side {
                Side::Finnish => &borders.soviet,
                Side::Soviet => &borders.finnish,
            };
            let agreed = other.as_ref() == Some(&entered);
            if !agreed {
                let mine = match side {
                    Side::Finnish => &mut borders.finnish,
                    Side::Soviet => &mut borders.soviet,
                };
                *mine = Some(entered.clone());
                work.step(format!(
                    "The {} player enters {} hexes of Finland and {} of the Soviet Union; they take effect when the {} player enters the same (24.2).",
                    side.adjective(),
                    entered.finland.len(),
                    entered.soviet_union.len(),
                    side.enemy().adjective()
                ));
            }
            agreed
        }
    };
    if in_force {
        work.step(format!(
            "Finland has {} hexes and the Soviet Union {} from now on: units inside their enemy's country may always be examined (24.2).",
            entered.finland.len(),
            entered.soviet_union.len()
        ));
        borders.agreed = entered;
        borders.finnish = None;
        borders.soviet = None;
    }
    Ok(Acted::public(
        work.done(serde_json::json!({"in_force": in_force})),
    ))
}

/// The side whose Combat Phase `phase` is, if it is one (6.0, 13.1–13.3).
pub fn combat_side(phase: &str) -> Option<Side> {
    match phase {
        "soviet_combat" | "second_wave" => Some(Side::Soviet),
        "finnish_combat" => Some(Side::Finnish),
        _ => None,
    }
}

/// A combat declared and not yet resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declared {
    /// The attacking side.
    pub attacker: Side,
    /// The attacking units.
    pub attackers: BTreeSet<UnitId>,
    /// The defending hex.
    pub hex: String,
}

/// Who attacks now: the phasing side in its own Combat Phase, whoever calls (the umpire acts
/// for it); refused in any other phase or for the other side (14.0, 24.2).
pub fn attacking_side(table: &Table<'_, Records>) -> Result<Side, Refused> {
    let Some(side) = combat_side(table.phase) else {
        return Err(refused(
            RefusalKind::NotNow,
            "wrong_phase",
            format!(
                "Combats are declared in a Combat Phase (14.0); it is now {}.",
                table.moment
            ),
        ));
    };
    match table.by.side() {
        Some(by) if by != side => Err(refused(
            RefusalKind::NotNow,
            "not_your_phase",
            format!(
                "Only the {} player declares combats in its own Combat Phase (14.0); it is now {}.",
                side.adjective(),
                table.moment
            ),
        )),
        _ => Ok(side),
    }
}

/// Whether two hexes may be neighbours on the Winter War map: the rules print no map, so until
/// the group's map is read the column offset is unknown, and a hex one row up or down in its own
/// column, or within one row in a neighbouring column, is taken as next to it (our reading).
fn next_to(a: Hex, b: Hex) -> bool {
    let (dc, dr) = ((a.column - b.column).abs(), (a.row - b.row).abs());
    match dc {
        0 => dr == 1,
        1 => dr <= 1,
        _ => false,
    }
}

/// Checks that every attacker stands next to the defending hex (13.0, 14.0); answers the
/// defending hex as the map writes it.
pub fn adjacent(attackers: &[&Unit], target: &str) -> Result<String, Refused> {
    let grid = grid();
    let target_hex = hex(target)?;
    for u in attackers {
        let next = grid.is_some_and(|g| g.parse(&u.location).is_ok_and(|h| next_to(h, target_hex)));
        if !next {
            return Err(refused(
                RefusalKind::AgainstTheRules,
                "not_adjacent",
                format!(
                    "{} at {} is not next to hex {}: a unit attacks only an adjacent hex (13.0).",
                    u.name,
                    u.location.trim(),
                    target.trim()
                ),
            ));
        }
    }
    Ok(grid.map_or_else(|| target.trim().to_string(), |g| g.id(target_hex)))
}

/// 13.3: "Only hexes south of the A Line may be attacked with a second wave attack." Refused
/// when the campaign's map places `hex` north of the A Line; while the group has not entered the
/// A Line's hexes from its map, the players keep it.
pub fn second_wave_south(map: Option<&pack::loaded::LoadedPack>, hex: &str) -> Result<(), Refused> {
    let Some(map) = map else {
        return Ok(());
    };
    let Ok(at) = map.grid.parse(hex) else {
        return Ok(());
    };
    if map.region_verdict("north_of_a_line", &pack::area::Spot::Hex(at))
        == pack::area::Verdict::Inside
    {
        return Err(refused(
            RefusalKind::AgainstTheRules,
            "north_of_a_line",
            format!(
                "Hex {} is north of the A Line: second wave attacks are made only against hexes south of it (13.3).",
                hex.trim()
            ),
        ));
    }
    Ok(())
}

/// Refuses a new declaration while another waits to be resolved (24.2: no declaring to look).
pub fn none_waiting(table: &Table<'_, Records>, same: Option<&Declared>) -> Result<(), Refused> {
    match &table.extra.declared {
        Some(d) if Some(d) != same => Err(refused(
            RefusalKind::NotNow,
            "combat_pending",
            format!(
                "The combat declared against hex {} must be resolved first (resolve-combat with the same attackers and hex): a declared combat is fought (24.2).",
                d.hex
            ),
        )),
        _ => Ok(()),
    }
}

/// Whether the phase may end: not while a declared combat waits (24.2).
pub fn may_end(extra: &Records) -> Result<(), Refused> {
    match &extra.declared {
        Some(d) => Err(refused(
            RefusalKind::NotNow,
            "combat_pending",
            format!(
                "The combat declared against hex {} must be resolved (resolve-combat) before the phase ends: a declared combat is fought (24.2).",
                d.hex
            ),
        )),
        None => Ok(()),
    }
}

/// Whether a unit may attack at all (13.0, 13.2): a printed attack factor, not in laager, not
/// static.
fn may_attack(u: &Unit) -> bool {
    let attack = matches!(u.attributes.get("af"), Some(AttrValue::Number(n)) if *n > 0);
    attack && !u.markers.contains("laager") && !u.markers.contains("static")
}

/// The Soviet Combat Phase ends only when every Finnish unit next to a Soviet unit that may
/// attack, and projecting a zone of control (in supply, not suppressed, 9.1, 16.1), has been
/// attacked (13.2). The map's terrain is not known, so the umpire may end the phase anyway where
/// a mountain or a lake stops the zone of control.
pub fn mandatory_attacks(roster: &Roster, extra: &Records) -> Result<(), Refused> {
    let Some(grid) = grid() else {
        return Ok(());
    };
    let on_map = |u: &&Unit| !super::off_map(u) && grid.parse(&u.location).is_ok();
    let soviet: Vec<Hex> = roster
        .units
        .values()
        .filter(on_map)
        .filter(|u| u.side == Side::Soviet && may_attack(u))
        .filter_map(|u| grid.parse(&u.location).ok())
        .collect();
    let owed = roster.units.values().filter(on_map).find(|u| {
        u.side == Side::Finnish
            && !u.markers.contains("defended")
            && !u.markers.contains("suppressed")
            && !u.markers.contains("out_of_supply")
            && grid
                .parse(&u.location)
                .is_ok_and(|h| soviet.iter().any(|s| next_to(*s, h)))
    });
    match owed {
        None => Ok(()),
        Some(u) => {
            // Only a hex the Soviets may see is named: the hex, never the unit.
            let _ = extra;
            Err(refused(
                RefusalKind::NotNow,
                "mandatory_attack",
                format!(
                    "The Finnish stack in hex {} projects a zone of control into a Soviet-occupied hex and has not been attacked: Soviet units must attack it before the phase ends (13.2); the umpire may end the phase where the map's terrain stops the zone of control.",
                    u.location.trim()
                ),
            ))
        }
    }
}

/// Lifts the Attacked and Defended markers as a Combat Phase ends (13.0).
pub fn clear_combat_markers(table: &mut Table<'_, Records>) -> Result<(), Refused> {
    let marked: Vec<(UnitId, &'static str)> = table
        .roster
        .units
        .values()
        .flat_map(|u| {
            ["attacked", "defended"]
                .into_iter()
                .filter(|m| u.markers.contains(*m))
                .map(|m| (u.id.clone(), m))
        })
        .collect();
    for (id, marker) in marked {
        table
            .roster
            .unmark(table.spec, Role::Umpire, table.moment, &id, marker)
            .map_err(|e| Refused::of(&e))?;
    }
    Ok(())
}

/// Whether `u` is a Soviet shock corps: its type says so, or it has the 24-15-2 factors (11.1).
fn shock_corps(u: &Unit) -> bool {
    let n = |c: &str| match u.attributes.get(c) {
        Some(AttrValue::Number(n)) => *n,
        _ => 0,
    };
    u.side == Side::Soviet
        && (u.unit_type.to_lowercase().contains("shock") || (n("af"), n("df")) == (24, 15))
}

/// The attack rules of 13.0 and 13.3 on the units offered: none attacks twice nor attacks a
/// unit already attacked in this Combat Phase; in the Second Wave only shock corps and the
/// Soviet units stacked with one attack.
pub fn attack_once(
    table: &Table<'_, Records>,
    attackers: &[&Unit],
    defenders: &[UnitId],
) -> Result<(), Refused> {
    let again = |message: String| refused(RefusalKind::AgainstTheRules, "attacks_once", message);
    if let Some(u) = attackers.iter().find(|u| u.markers.contains("attacked")) {
        return Err(again(format!(
            "{} has already attacked in this Combat Phase (13.0).",
            u.name
        )));
    }
    let hit = defenders
        .iter()
        .filter_map(|id| table.roster.units.get(id))
        .find(|u| u.markers.contains("defended"));
    if let Some(u) = hit {
        return Err(again(format!(
            "The stack in hex {} has already been attacked in this Combat Phase (13.0).",
            u.location.trim()
        )));
    }
    if table.phase == "second_wave" {
        let with_shock = |u: &&Unit| {
            table
                .roster
                .units
                .values()
                .any(|s| shock_corps(s) && s.location.trim() == u.location.trim())
        };
        if let Some(u) = attackers.iter().find(|u| !with_shock(u)) {
            return Err(refused(
                RefusalKind::AgainstTheRules,
                "not_second_wave",
                format!(
                    "{} is neither a shock corps nor stacked with one: only they make second wave attacks (13.3).",
                    u.name
                ),
            ));
        }
    }
    Ok(())
}

/// Radio Intelligence examinations the Finns may make, in the segment whose roll gave them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RadioGrant {
    /// The game turn of the roll.
    pub turn: u32,
    /// The segment of the roll.
    pub phase: String,
    /// How many examinations are left.
    pub left: u32,
}

/// The random event segment `phase` belongs to: whose table it rolls on (17.1).
fn events_side(phase: &str) -> Option<Side> {
    match phase {
        "finnish_events" => Some(Side::Finnish),
        "soviet_events" => Some(Side::Soviet),
        _ => None,
    }
}

/// What a Morale Check rolled now reads: who holds what (17.2).
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RollEventsIn {
    /// How many of the six Mannerheim Line hexes the Soviets control.
    #[serde(default)]
    pub mannerheim_line_held: u32,
    /// The Soviets control a city in Finland.
    #[serde(default)]
    pub finnish_city_held: bool,
}

/// Rolls this segment's random events on the side's entered table, once, and applies what the
/// server keeps: the events' flags and the Radio Intelligence examinations (17.1–17.3, 24.2).
pub fn roll_events(
    p: &RollEventsIn,
    table: &mut Table<'_, Records>,
    dice: &mut dyn Dice,
) -> Result<Acted<serde_json::Value>, Refused> {
    let Some(side) = events_side(table.phase) else {
        return Err(refused(
            RefusalKind::NotNow,
            "wrong_phase",
            format!(
                "Random events are rolled in the Finnish Event Segment and the Soviet Random Event Segment (17.1); it is now {}.",
                table.moment
            ),
        ));
    };
    if table.by.side().is_some_and(|by| by != side) {
        return Err(refused(
            RefusalKind::NotNow,
            "not_your_phase",
            format!(
                "The {} player rolls in this segment (17.1).",
                side.adjective()
            ),
        ));
    }
    let key = (table.turn, table.phase.to_string());
    if table.extra.events_rolled.contains(&key) {
        return Err(refused(
            RefusalKind::NotNow,
            "already_rolled",
            format!(
                "The {} random events of this game turn have been rolled already (17.1).",
                side.adjective()
            ),
        ));
    }
    let mut work = Working::new();
    let events = work.take(
        random_events(dice, table.charts, side, table.turn, LAST_TURN)
            .map_err(|e| Refused::of(&e))?,
    );
    let mut radio = 0;
    for event in &events {
        let mut effect = work.take(takes_effect(*event, table.turn, &table.extra.flags));
        if effect && *event == Event::MoraleCheck {
            // Morale only if the Soviets hold the whole line or a city in Finland (17.2).
            effect = work.take(morale_check(p.mannerheim_line_held, p.finnish_city_held));
        }
        if effect {
            super::events::raise(&mut table.extra.flags, *event, table.turn);
            if *event == Event::RadioIntelligence {
                radio += 1;
            }
            if *event == Event::AlliedIntervention {
                table.extra.allied_due = Some((table.turn, table.phase.to_string()));
            }
        }
    }
    if radio > 0 && table.extra.fog_of_war {
        work.step(format!(
            "The Finnish player may examine five Soviet stacks {radio} time(s) in this segment (17.2, 24.2)."
        ));
    }
    table.extra.radio = RadioGrant {
        turn: table.turn,
        phase: table.phase.to_string(),
        left: if table.extra.fog_of_war { radio } else { 0 },
    };
    // Only this game's segments are kept: a roll once per segment needs nothing older.
    table.extra.events_rolled.retain(|(turn, _)| *turn == key.0);
    table.extra.events_rolled.insert(key);
    Ok(Acted::public(
        work.done(serde_json::json!({"events": events})),
    ))
}

/// The stacks Radio Intelligence examines.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
pub struct RadioIn {
    /// One to five hexes holding Soviet stacks.
    pub hexes: Vec<String>,
}

fn radio_allowed(table: &Table<'_, Records>) -> Result<(), Refused> {
    if table.by == Role::Soviet {
        return Err(refused(
            RefusalKind::AgainstTheRules,
            "not_allowed",
            "Radio Intelligence is the Finnish player's (17.2).",
        ));
    }
    if !table.extra.fog_of_war {
        return Err(refused(
            RefusalKind::AgainstTheRules,
            "not_allowed",
            "This campaign plays without the fog of war, so every stack on the map may be examined already; Radio Intelligence examines stacks only under the fog of war (17.2, 24.2).",
        ));
    }
    let grant = &table.extra.radio;
    if grant.left == 0 || grant.turn != table.turn || grant.phase != table.phase {
        return Err(refused(
            RefusalKind::NotNow,
            "no_radio_intelligence",
            "Radio Intelligence examines stacks only in the segment whose random event roll gave it, once each time it came up (17.2, 24.2); there is none to use now.",
        ));
    }
    Ok(())
}

/// The Finns examine one to five Soviet stacks, once for each Radio Intelligence rolled.
pub fn radio(
    p: RadioIn,
    table: &mut Table<'_, Records>,
) -> Result<Acted<serde_json::Value>, Refused> {
    radio_allowed(table)?;
    let hexes = p
        .hexes
        .iter()
        .map(|h| hex(h).map(|x| grid().map_or_else(|| h.trim().to_string(), |g| g.id(x))))
        .collect::<Result<BTreeSet<String>, Refused>>()?;
    if hexes.is_empty() || hexes.len() > 5 || hexes.len() != p.hexes.len() {
        return Err(refused(
            RefusalKind::AgainstTheRules,
            "not_allowed",
            "Radio Intelligence examines one to five different hexes (17.2).",
        ));
    }
    let found: Vec<UnitId> = table
        .roster
        .units
        .values()
        .filter(|u| {
            u.side == Side::Soviet && !super::off_map(u) && hexes.contains(u.location.trim())
        })
        .map(|u| u.id.clone())
        .collect();
    table.extra.radio.left -= 1;
    table.extra.revealed.extend(found.iter().cloned());
    let mut work = Working::new();
    let named: Vec<String> = found
        .iter()
        .filter_map(|id| table.roster.units.get(id))
        .map(|u| format!("{} at {}", u.name, u.location))
        .collect();
    work.step(format!(
        "Radio Intelligence examines {}: {}.",
        hexes.iter().cloned().collect::<Vec<_>>().join(", "),
        if named.is_empty() {
            "no Soviet units".into()
        } else {
            named.join(", ")
        }
    ));
    Ok(Acted {
        explained: work.done(serde_json::json!({"examined": found})),
        // What the Finns learned is theirs; the units stay revealed on their view.
        secrecy: Secrecy::SideOnly(Side::Finnish),
    })
}

#[cfg(test)]
#[path = "fog_tests.rs"]
pub(super) mod tests;
