//! The scenario packs shipped with motti that a new assisted campaign may start from, by code
//! (the file's name without `.toml`, e.g. `winter-war-historical`). Templates are not offered:
//! their values are placeholders to be entered.

use crate::core::domain::Game;
use crate::core::domain::Side;
use crate::core::error::AppError;
use crate::games::assisted::pack::area::{Area, Facts};
use crate::games::assisted::pack::loaded::LoadedPack;
use crate::games::assisted::pack::{self, Pack};
use crate::games::assisted::roster::{AttrKind, AttrValue, RosterSpec, Unit, UnitId};
use std::collections::BTreeSet;
use std::sync::Arc;

/// A shipped pack: its code, its game, its title and its text.
#[derive(Clone, Copy, Debug)]
pub struct Shipped {
    /// What a creator sends as `pack`.
    pub code: &'static str,
    /// The code of the game it is for.
    pub game: &'static str,
    /// Its title on the new-campaign form.
    pub title: &'static str,
    /// The pack itself.
    pub source: &'static str,
}

/// Every shipped pack a campaign may start from.
pub const SHIPPED: &[Shipped] = &[
    Shipped {
        code: "winter-war-historical",
        game: "winter_war",
        title: "Winter War: Historical (25.1)",
        source: pack::WINTER_WAR_HISTORICAL,
    },
    Shipped {
        code: "winter-war-free-setup",
        game: "winter_war",
        title: "Winter War: Free Setup (25.2)",
        source: pack::WINTER_WAR_FREE_SETUP,
    },
    Shipped {
        code: "red-winter-example",
        game: "red_winter",
        title: "Red Winter: Crossroads (made-up example)",
        source: pack::RED_WINTER_EXAMPLE,
    },
    Shipped {
        code: "a-winter-war-example",
        game: "a_winter_war",
        title: "A Winter War: Isthmus (made-up example)",
        source: pack::A_WINTER_WAR_EXAMPLE,
    },
];

/// The shipped packs of `game`.
pub fn of(game: Game) -> impl Iterator<Item = &'static Shipped> {
    SHIPPED.iter().filter(move |s| s.game == game.code())
}

/// The shipped pack `code` of `game`; 422 on `scenario` naming the packs it may be.
pub fn find(game: Game, code: &str) -> Result<&'static Shipped, AppError> {
    of(game).find(|s| s.code == code).ok_or_else(|| {
        let codes: Vec<&str> = of(game).map(|s| s.code).collect();
        let message = if codes.is_empty() {
            format!(
                "{} ships no scenario pack to start from; leave 'pack' out.",
                game.title()
            )
        } else {
            format!(
                "{} has no shipped pack called '{code}'; 'pack' may be {}.",
                game.title(),
                codes.join(" or ")
            )
        };
        AppError::invalid("unknown_pack", message).on_field("scenario")
    })
}

/// The shipped pack `code` of `game`, worked out once: the packs are constants of the program,
/// so every process works out the same map from them.
pub fn loaded(game: Game, code: &str) -> Option<&'static LoadedPack> {
    worked_out(game, code).map(|l| &**l)
}

/// [`loaded`], as a handle a table holds like an imported pack's.
pub fn shared(game: Game, code: &str) -> Option<Arc<LoadedPack>> {
    worked_out(game, code).cloned()
}

fn worked_out(game: Game, code: &str) -> Option<&'static Arc<LoadedPack>> {
    static LOADED: std::sync::OnceLock<Vec<Option<Arc<LoadedPack>>>> = std::sync::OnceLock::new();
    let all = LOADED.get_or_init(|| {
        SHIPPED
            .iter()
            .map(|s| LoadedPack::read(s.source).ok().map(Arc::new))
            .collect()
    });
    SHIPPED
        .iter()
        .position(|s| s.game == game.code() && s.code == code)
        .and_then(|i| all[i].as_ref())
}

/// The pack options a campaign plays with: those `chosen` (by code), or the pack's defaults
/// when none are sent; a locked option stays as the scenario fixes it. 422 on `scenario`
/// naming an unknown or locked option.
pub fn chosen_options(
    pack: &Pack,
    chosen: Option<&[String]>,
) -> Result<BTreeSet<String>, AppError> {
    let Some(chosen) = chosen else {
        return Ok(pack
            .options
            .iter()
            .filter(|o| o.default)
            .map(|o| o.code.clone())
            .collect());
    };
    let mut set = BTreeSet::new();
    for code in chosen {
        let Some(option) = pack.options.iter().find(|o| &o.code == code) else {
            let known: Vec<&str> = pack.options.iter().map(|o| o.code.as_str()).collect();
            return Err(AppError::invalid(
                "unknown_option",
                format!(
                    "The scenario {} has no option '{code}'; 'pack_options' may name {}.",
                    pack.scenario.name,
                    known.join(", ")
                ),
            )
            .on_field("scenario"));
        };
        if option.locked && !option.default {
            return Err(AppError::invalid(
                "locked_option",
                format!(
                    "{} ({}) is not played in the scenario {}.",
                    option.name, option.rule, pack.scenario.name
                ),
            )
            .on_field("scenario"));
        }
        set.insert(code.clone());
    }
    // Locked options the scenario plays with are always in.
    set.extend(
        pack.options
            .iter()
            .filter(|o| o.locked && o.default)
            .map(|o| o.code.clone()),
    );
    Ok(set)
}

/// The option codes of a game's options: the fields that are `true` (the packs' option codes
/// are the games' option fields).
pub fn option_codes(options: &serde_json::Value) -> BTreeSet<String> {
    options
        .as_object()
        .map(|o| {
            o.iter()
                .filter(|(_, v)| v.as_bool() == Some(true))
                .map(|(k, _)| k.clone())
                .collect()
        })
        .unwrap_or_default()
}

/// Where a setup group's units stand on the roster: its hex when it names one (or a place of one
/// hex), else the name of its place, region or box, where the player sets them up on a hex, else
/// the group's name (the grid may be still to be entered).
fn location(pack: &Pack, area: &Area, group_name: &str) -> String {
    let name = match area {
        Area::Hexes(hexes) if hexes.len() == 1 => Some(hexes[0].clone()),
        Area::Place(code) => {
            pack.places
                .iter()
                .find(|p| &p.code == code)
                .map(|p| match p.hexes.as_slice() {
                    [hex] => hex.clone(),
                    _ => p.name.clone(),
                })
        }
        Area::Region(code) => pack
            .regions
            .iter()
            .find(|r| &r.code == code)
            .map(|r| r.name.clone()),
        Area::InBox(code) => pack
            .boxes
            .iter()
            .find(|b| &b.code == code)
            .map(|b| b.name.clone()),
        _ => None,
    };
    let name = name.unwrap_or_else(|| group_name.to_owned());
    name.chars().take(40).collect()
}

/// The units `side` sets up with, as roster units: one per unit of each applying line (markers
/// left out), named by the pack (each unit's own name, or the line's name), with the printed
/// values the roster declares; a required number the pack leaves out is 0.
pub fn setup_units(
    loaded: &LoadedPack,
    spec: &RosterSpec,
    side: Side,
    facts: &Facts<'_>,
) -> Vec<Unit> {
    let mut units = Vec::new();
    for (group, lines) in loaded.setup(side, facts) {
        for line in lines.into_iter().filter(|l| !l.marker) {
            let area = line.area.as_ref().unwrap_or(&group.area);
            let at = location(&loaded.pack, area, &group.name);
            units.extend(units_of(line, spec, side, &at));
        }
    }
    units
}

/// The units of a reinforcement entry, at the hex it names when it names one, else in its
/// side's reinforcements box when the pack has one (the player then enters them where the entry
/// says), else at the entry's place or region.
pub fn arriving_units(
    pack: &Pack,
    spec: &RosterSpec,
    arriving: &crate::games::assisted::pack::loaded::Arriving<'_>,
) -> Vec<Unit> {
    let entry = arriving.entry;
    let waiting_box = pack
        .boxes
        .iter()
        .find(|b| b.kind == pack::BoxKind::Reinforcements && b.side == Some(entry.side));
    let at = match (&entry.area, waiting_box) {
        (Area::Hexes(hexes), _) if hexes.len() == 1 => hexes[0].clone(),
        (_, Some(b)) => b.name.chars().take(40).collect(),
        (area, None) => location(pack, area, "Reinforcements"),
    };
    arriving
        .units
        .iter()
        .filter(|l| !l.marker)
        .flat_map(|line| units_of(line, spec, entry.side, &at))
        .collect()
}

/// The roster units of one line of a pack, at `at`: one per unit of the line, named by the pack
/// (each unit's own name, or the line's name), with the printed values the roster declares; a
/// required number the pack leaves out is 0.
fn units_of(line: &pack::UnitLine, spec: &RosterSpec, side: Side, at: &str) -> Vec<Unit> {
    (0..line.count as usize)
        .map(|n| {
            let mut attributes = std::collections::BTreeMap::new();
            for a in &spec.attributes {
                // A printed letter where the roster keeps a number (Winter War's armoured train
                // moves "R", along railways only) is left to the line's note: the roster holds 0.
                let value = line.values.get(&a.code).filter(|v| {
                    !matches!((v, &a.kind), (AttrValue::Text(_), AttrKind::Number { .. }))
                });
                match (a.code.as_str(), value) {
                    (_, Some(v)) => {
                        attributes.insert(a.code.clone(), v.clone());
                    }
                    ("size", None) if !line.size.is_empty() => {
                        attributes.insert(a.code.clone(), AttrValue::Text(line.size.clone()));
                    }
                    (_, None) if a.required && matches!(a.kind, AttrKind::Number { .. }) => {
                        attributes.insert(a.code.clone(), AttrValue::Number(0));
                    }
                    _ => {}
                }
            }
            let name = line.names.get(n).unwrap_or(&line.name);
            Unit {
                id: UnitId::parse(&uuid::Uuid::new_v4().simple().to_string())
                    .expect("a uuid's 32 hex digits"),
                side,
                name: name.chars().take(60).collect(),
                unit_type: line.unit_type.clone(),
                attributes,
                location: at.to_owned(),
                markers: BTreeSet::new(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::assisted::pack::loaded::LoadedPack;

    #[test]
    fn every_shipped_pack_reads_and_is_for_its_game() {
        for shipped in SHIPPED {
            let loaded = LoadedPack::read(shipped.source)
                .unwrap_or_else(|e| panic!("{} reads: {e:?}", shipped.code));
            assert_eq!(loaded.pack.game.code(), shipped.game, "{}", shipped.code);
            assert!(!loaded.pack.scenario.template, "{}", shipped.code);
        }
    }

    #[test]
    fn an_unknown_pack_names_the_ones_there_are() {
        let winter_war = crate::games::registry::product_game("winter_war").expect("a game");
        let e = find(winter_war, "nope").expect_err("unknown");
        assert!(e.to_string().contains("winter-war-historical"), "{e}");
        assert!(find(winter_war, "red-winter-example").is_err());
        assert!(find(winter_war, "winter-war-historical").is_ok());
    }

    #[test]
    fn a_campaign_keeps_the_pack_it_starts_from_and_none_without_one() {
        use crate::games::Game as _;
        use crate::games::assisted::play::Assisted;
        use crate::games::winter_war::declarations::WinterWar;
        type Ww = Assisted<WinterWar>;
        let sent = serde_json::json!({ "pack": "winter-war-historical" });
        let (desk, _) = Ww::start(Some(Ww::scenario(&sent).expect("reads"))).expect("starts");
        assert_eq!(desk.pack.as_deref(), Some("winter-war-historical"));
        let stored = serde_json::to_value(&desk).expect("stores");
        assert_eq!(stored["pack"], "winter-war-historical");

        let (plain, _) = Ww::start(None).expect("starts");
        assert_eq!(plain.pack, None);
        assert!(
            serde_json::to_value(&plain)
                .expect("stores")
                .get("pack")
                .is_none()
        );

        let wrong = serde_json::json!({ "pack": "red-winter-example" });
        let e = Ww::start(Some(Ww::scenario(&wrong).expect("reads"))).expect_err("refused");
        assert_eq!(e.field, Some("scenario"));
    }

    /// 25.1 (and 24.2, fog of war): a Historical campaign starts with each side's setup on the
    /// roster, and the Finnish reader sees its own units and the Soviet ones face down.
    #[test]
    fn the_historical_setup_fills_the_roster_and_the_finns_see_soviet_units_face_down() {
        use crate::core::domain::Role;
        use crate::games::Game as _;
        use crate::games::assisted::play::Assisted;
        use crate::games::assisted::play::view::view_for;
        use crate::games::winter_war::declarations::WinterWar;
        type Ww = Assisted<WinterWar>;
        let sent = serde_json::json!({
            "pack": "winter-war-historical",
            "options": { "fog_of_war": true, "historical": true },
        });
        let (desk, _) = Ww::start(Some(Ww::scenario(&sent).expect("reads"))).expect("starts");

        let loaded = LoadedPack::read(pack::WINTER_WAR_HISTORICAL).expect("reads");
        let options = option_codes(&serde_json::to_value(&desk.options).expect("options"));
        assert!(options.contains("fog_of_war") && options.contains("historical"));
        let flags = BTreeSet::new();
        let facts = Facts {
            options: &options,
            flags: &flags,
        };
        let count = |side: Side| -> usize {
            loaded
                .setup(side, &facts)
                .iter()
                .flat_map(|(_, lines)| lines.iter())
                .filter(|l| !l.marker)
                .map(|l| l.count as usize)
                .sum()
        };
        let on_roster = |side: Side| {
            desk.roster
                .units
                .values()
                .filter(|u| u.side == side)
                .count()
        };
        assert!(count(Side::Soviet) > 10 && count(Side::Finnish) > 10);
        assert_eq!(on_roster(Side::Soviet), count(Side::Soviet));
        assert_eq!(on_roster(Side::Finnish), count(Side::Finnish));

        let finnish = view_for(&desk, Role::Finnish);
        assert_eq!(finnish.units.len(), count(Side::Finnish));
        assert!(finnish.units.iter().all(|u| u.side == Side::Finnish));
        assert!(!finnish.enemy_units.is_empty());
        assert!(
            finnish
                .enemy_units
                .iter()
                .all(|u| u.name.is_none() && u.id.is_none())
        );
        let shown = serde_json::to_string(&finnish).expect("serialises");
        assert!(!shown.contains("Tank Corps"), "a Soviet unit's name shows");
        assert!(
            !shown.contains("Naval Brigade"),
            "a Soviet unit's name shows"
        );
    }

    /// Every shipped pack starts a campaign of its game with units on the roster.
    #[test]
    fn every_shipped_pack_starts_its_game_with_units() {
        use crate::games::Game as _;
        use crate::games::a_winter_war::declarations::AWinterWar;
        use crate::games::assisted::play::Assisted;
        use crate::games::red_winter::declarations::RedWinter;
        use crate::games::winter_war::declarations::WinterWar;
        for shipped in SHIPPED {
            let sent = serde_json::json!({ "pack": shipped.code });
            let units = match shipped.game {
                "winter_war" => {
                    type G = Assisted<WinterWar>;
                    G::start(Some(G::scenario(&sent).expect("reads")))
                        .map(|d| d.0.roster.units.len())
                }
                "red_winter" => {
                    type G = Assisted<RedWinter>;
                    G::start(Some(G::scenario(&sent).expect("reads")))
                        .map(|d| d.0.roster.units.len())
                }
                "a_winter_war" => {
                    type G = Assisted<AWinterWar>;
                    G::start(Some(G::scenario(&sent).expect("reads")))
                        .map(|d| d.0.roster.units.len())
                }
                other => panic!("{other:?} ships no assisted pack"),
            };
            let units = units.unwrap_or_else(|e| panic!("{} starts: {}", shipped.code, e.message));
            assert!(units > 0, "{}", shipped.code);
        }
    }

    /// Winter War 25.1: reinforcements arrive by themselves at the start of their turn, in the
    /// side's reinforcement display; the parenthesised ones only while Timoshenko is in command,
    /// passed over for good otherwise.
    #[test]
    fn reinforcements_arrive_on_their_turn_as_their_conditions_say() {
        use crate::dice::source::ScriptedDice;
        use crate::games::Game as _;
        use crate::games::assisted::play::Assisted;
        use crate::games::winter_war::declarations::WinterWar;
        type Ww = Assisted<WinterWar>;
        let sent = serde_json::json!({ "pack": "winter-war-historical" });
        let start = || {
            Ww::start(Some(Ww::scenario(&sent).expect("reads")))
                .expect("starts")
                .0
        };
        let names = |desk: &crate::games::assisted::play::desk::Desk<WinterWar>, side: Side| {
            let mut n: Vec<String> = desk
                .roster
                .units
                .values()
                .filter(|u| u.side == side)
                .map(|u| format!("{} @ {}", u.name, u.location))
                .collect();
            n.sort();
            n
        };
        let mut desk = start();
        assert!(desk.arrival_rolls.is_empty(), "the start rolls nothing");
        let finns_at_start = names(&desk, Side::Finnish).len();
        let mut dice = ScriptedDice::new([3, 6]);
        desk.tracker.turn = 2;
        desk.reinforce(Some(&mut dice)).expect("arrive");
        // The Scandinavian brigades' turn is rolled only with the Scandinavian Alliance (24.7).
        assert!(dice.rolls.is_empty(), "{:?}", dice.rolls);
        let finns = names(&desk, Side::Finnish);
        assert!(finns.len() > finns_at_start);
        let display = "Finnish Reinforcement and Reorganized Units Display";
        let new: Vec<&String> = finns
            .iter()
            .filter(|n| n.ends_with(&format!("@ {}", &display[..40.min(display.len())])))
            .collect();
        assert_eq!(new.len(), finns.len() - finns_at_start, "{finns:?}");
        // Again on the same turn: nothing more.
        let before = desk.roster.units.len();
        desk.reinforce(Some(&mut dice)).expect("nothing");
        assert_eq!(desk.roster.units.len(), before);

        // GT 5 without Timoshenko: the parenthesised Soviet regiments and tank brigade (25.0)
        // are passed over, and do not come when he takes command later.
        let soviets = |desk: &crate::games::assisted::play::desk::Desk<WinterWar>| {
            names(desk, Side::Soviet)
                .iter()
                .filter(|n| n.starts_with("Regiment @") || n.starts_with("Tank Brigade @"))
                .count()
        };
        let mut without = start();
        without.tracker.turn = 4;
        without
            .reinforce(Some(&mut ScriptedDice::new([1, 1])))
            .expect("arrive");
        let regiments = soviets(&without);
        without.tracker.turn = 5;
        let events = without.reinforce(None).expect("arrive");
        assert_eq!(soviets(&without), regiments);
        assert!(
            format!("{events:?}").contains("do not arrive"),
            "{events:?}"
        );
        let mut with = start();
        with.tracker.turn = 4;
        with.reinforce(Some(&mut ScriptedDice::new([1, 1])))
            .expect("arrive");
        with.extra.flags.timoshenko = true;
        with.tracker.turn = 5;
        with.reinforce(None).expect("arrive");
        assert_eq!(
            soviets(&with),
            regiments + 3,
            "two regiments and a tank brigade"
        );
        // Timoshenko takes command later: what was passed over stays passed over.
        without.extra.flags.timoshenko = true;
        for desk in [&mut without, &mut with] {
            desk.tracker.turn = 6;
            desk.reinforce(None).expect("arrive");
        }
        assert_eq!(
            soviets(&with) - soviets(&without),
            3,
            "passed over for good"
        );
    }

    /// 24.7 as a pack option: the Scandinavian brigade's and air unit's turns are rolled once,
    /// in public, and they arrive then; the Soviets gain 5 VP. An option the pack lacks is
    /// refused, naming those it has.
    #[test]
    fn a_pack_option_brings_its_rolled_reinforcements_and_its_points() {
        use crate::dice::source::ScriptedDice;
        use crate::games::Game as _;
        use crate::games::assisted::play::Assisted;
        use crate::games::winter_war::declarations::WinterWar;
        type Ww = Assisted<WinterWar>;
        let sent = serde_json::json!({
            "pack": "winter-war-historical",
            "pack_options": ["scandinavian_alliance"],
        });
        let (mut desk, _) = Ww::start(Some(Ww::scenario(&sent).expect("reads"))).expect("starts");
        assert!(desk.pack_options.contains("scandinavian_alliance"));
        assert!(
            desk.pack_options.contains("historical"),
            "locked in by the scenario"
        );
        let mut dice = ScriptedDice::new([3, 6]);
        desk.tracker.turn = 2;
        desk.reinforce(Some(&mut dice)).expect("arrive");
        assert_eq!(dice.rolls.len(), 2, "{:?}", dice.rolls);
        assert!(dice.rolls.iter().all(|r| r.purpose.contains("24.7")));
        assert_eq!(
            desk.arrival_rolls.values().copied().collect::<Vec<_>>(),
            vec![3, 6]
        );
        let brigades = |desk: &crate::games::assisted::play::desk::Desk<WinterWar>| {
            desk.roster
                .units
                .values()
                .filter(|u| u.name.contains("Scandinavian"))
                .count()
        };
        assert_eq!(brigades(&desk), 0);
        desk.tracker.turn = 3;
        desk.reinforce(Some(&mut dice)).expect("arrive");
        assert_eq!(
            brigades(&desk),
            1,
            "the brigade on GT 3, the air unit waits for GT 6"
        );
        desk.tracker.turn = 6;
        desk.reinforce(Some(&mut dice)).expect("arrive");
        assert_eq!(brigades(&desk), 2);
        assert_eq!(dice.rolls.len(), 2, "rolled once");
        assert_eq!(desk.victory(true).0.expect("a pack").soviet, 5);

        let wrong = serde_json::json!({
            "pack": "winter-war-historical",
            "pack_options": ["lend_lease"],
        });
        let e = Ww::start(Some(Ww::scenario(&wrong).expect("reads"))).expect_err("refused");
        assert!(e.to_string().contains("scandinavian_alliance"), "{e}");
        assert_eq!(e.field, Some("scenario"));
    }
}
