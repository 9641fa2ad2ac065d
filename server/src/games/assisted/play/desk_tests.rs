//! The desk with a small declared game: start, phases and hooks, the roster's own-side rule,
//! charts, procedures and actions with their audiences, and each side's view (tests only).

use super::*;
use crate::core::domain::Side;
use crate::core::refusal::Refusal;
use crate::dice::audience::Audience;
use crate::dice::source::ScriptedDice;
use crate::games::assisted::calc::Explained;
use crate::games::assisted::catalogue::Secrecy;
use crate::games::assisted::catalogue::{Acted, Action, Calculation, DiceProcedure};
use crate::games::assisted::chart_cells::CellGrammar;
use crate::games::assisted::charts::RawChart;
use crate::games::assisted::charts::{ChartSpec, Keys};
use crate::games::assisted::declarations::Owed;
use crate::games::assisted::play::view::view_for;
use crate::games::assisted::roster::{
    AttrKind, AttrSpec, AttrValue, Glimpse, MarkerSpec, RosterSpec, Sight,
};
use crate::games::assisted::roster::{Unit, UnitEdit, UnitId};
use crate::games::assisted::sequence::{Activity, Actor, Calendar, PhaseSpec, TurnKind};
use schemars::JsonSchema;
use std::collections::BTreeMap;

struct Test;

fn unit(n: u32, side: Side, name: &str, location: &str) -> Unit {
    Unit {
        id: UnitId::parse(&format!("{n:032x}")).expect("id"),
        side,
        name: name.into(),
        unit_type: "infantry".into(),
        attributes: BTreeMap::from([("cs".to_string(), AttrValue::Number(4))]),
        location: location.into(),
        markers: Default::default(),
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
struct Options {
    /// Hide units off the map.
    #[serde(default)]
    fog: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Extra {
    phases_ended: u32,
    soviet_plan: Option<String>,
    /// Steps owed by a side, from a fight against the units named.
    #[serde(default)]
    owed: Vec<(Side, u32, Vec<UnitId>)>,
}

#[derive(Deserialize, JsonSchema)]
struct Strength {
    /// The strength.
    cs: u32,
}

#[derive(Deserialize, JsonSchema)]
struct Shoot {
    /// The unit hit.
    target: String,
}

#[derive(Deserialize, JsonSchema)]
struct Plan {
    /// The secret plan.
    plan: String,
}

impl Declarations for Test {
    const GAME: crate::core::domain::Game = crate::core::domain::Game::RedWinter;
    const SEGMENT: &'static str = "table";
    type Options = Options;
    type Extra = Extra;

    fn sequence(_options: &Options) -> Sequence {
        let mut combat = PhaseSpec::new("combat", "combat phase", Actor::Both, "Fight.")
            .doing(&[Activity::Combat]);
        combat.on_leave = vec!["count".into()];
        Sequence {
            kinds: vec![TurnKind {
                code: "turn".into(),
                name: "Turn".into(),
                phases: vec![
                    PhaseSpec::new("move", "Soviet movement phase", Actor::Soviet, "Move.")
                        .doing(&[Activity::Movement]),
                    combat,
                    PhaseSpec::new(
                        "finnish_move",
                        "Finnish movement phase",
                        Actor::Finnish,
                        "Move.",
                    )
                    .doing(&[Activity::Movement]),
                    PhaseSpec::new("rest", "rest phase", Actor::Finnish, "Rest."),
                ],
            }],
            kind_by_turn: Default::default(),
            first_player: Side::Soviet,
            last_turn: Some(2),
            calendar: Calendar::Numbered {
                prefix: "Turn".into(),
            },
        }
    }
    fn hooks() -> &'static [&'static str] {
        &["count"]
    }
    fn conditions() -> &'static [&'static str] {
        &[]
    }
    fn on_hooks(
        calls: &[HookCall],
        table: &mut Table<'_, Extra>,
        _options: &Options,
        _dice: &mut dyn Dice,
    ) -> Result<Vec<String>, Refused> {
        table.extra.phases_ended += calls.len() as u32;
        Ok(vec![format!(
            "{} combat phases ended.",
            table.extra.phases_ended
        )])
    }
    fn roster() -> RosterSpec {
        RosterSpec {
            types: vec!["infantry".into()],
            attributes: vec![AttrSpec {
                code: "cs".into(),
                name: "CS".into(),
                kind: AttrKind::Number { min: 0, max: 9 },
                required: true,
            }],
            markers: vec![
                MarkerSpec::new("hit", "Hit", &[]),
                MarkerSpec::new("dug_in", "Dug-In", &[Activity::Movement]),
            ],
        }
    }
    fn charts() -> Vec<ChartSpec> {
        vec![ChartSpec {
            code: "fire".into(),
            name: "Fire table".into(),
            rows: Keys::Fixed {
                keys: (1..=6).map(|n| n.to_string()).collect(),
            },
            columns: Keys::Fixed {
                keys: vec!["any".into()],
            },
            cell: CellGrammar::Code {
                codes: vec!["miss".into(), "hit".into()],
                alternate: false,
            },
        }]
    }
    fn owed(extra: &Extra) -> Vec<Owed> {
        extra
            .owed
            .iter()
            .map(|(side, steps, units)| Owed {
                side: *side,
                what: format!("{steps} step"),
                from: "the last shot".into(),
                units: units.clone(),
            })
            .collect()
    }
    fn pay(extra: &mut Extra, unit: &Unit, steps: Option<u32>) -> bool {
        let Some(at) = extra.owed.iter().position(|o| o.2.contains(&unit.id)) else {
            return false;
        };
        extra.owed[at].1 = extra.owed[at].1.saturating_sub(steps.unwrap_or(9));
        if extra.owed[at].1 == 0 {
            extra.owed.remove(at);
        }
        true
    }
    fn waive(extra: &mut Extra, index: usize) -> bool {
        (index < extra.owed.len())
            .then(|| extra.owed.remove(index))
            .is_some()
    }
    fn steps_attribute() -> Option<&'static str> {
        Some("cs")
    }
    fn sight(_viewer: Side, unit: &Unit, _extra: &Extra, options: &Options) -> Sight {
        if options.fog && unit.location == "off-map" {
            Sight::Hidden
        } else if options.fog {
            Sight::Partial(Glimpse {
                location: true,
                ..Glimpse::default()
            })
        } else {
            Sight::Full
        }
    }
    fn extra_for(viewer: Option<Side>, extra: &Extra) -> serde_json::Value {
        match viewer {
            Some(Side::Finnish) => serde_json::json!({"phases_ended": extra.phases_ended}),
            _ => serde_json::to_value(extra).unwrap_or_default(),
        }
    }
    fn calculations() -> Vec<Calculation> {
        vec![Calculation::new(
            "halve",
            "Halve",
            "1.0",
            |p: Strength, _| {
                Ok::<_, Refused>(Explained::new(
                    p.cs / 2,
                    format!("{} halves to {}.", p.cs, p.cs / 2),
                ))
            },
        )]
    }
    fn procedures() -> Vec<DiceProcedure> {
        vec![DiceProcedure::new(
            "fire",
            "Fire",
            "2.0",
            |_p: Strength, charts: &ChartSet, dice: &mut dyn Dice, by| {
                let face = dice.roll(RollSpec::d6s(
                    "fire",
                    by,
                    crate::dice::source::Visibility::Side,
                    1,
                ))[0];
                let reading = charts
                    .read("fire", &face.to_string(), "any")
                    .map_err(|e| Refused::of(&e))?;
                Ok::<_, Refused>(Explained::new(reading, format!("rolled {face}")))
            },
        )]
    }
    fn actions() -> Vec<Action<Extra>> {
        vec![
            Action::new(
                "shoot",
                "Shoot",
                "3.0",
                |p: Shoot, table: &mut Table<'_, Extra>, _dice| {
                    let id = UnitId::parse(&p.target).map_err(|e| Refused::of(&e))?;
                    table
                        .roster
                        .mark(table.spec, Role::Umpire, table.moment, &id, "hit")
                        .map_err(|e| Refused::of(&e))?;
                    let side = table.roster.units[&id].side;
                    table.extra.owed.push((side, 1, vec![id]));
                    Ok::<_, Refused>(Acted::public(Explained::new((), "The target is hit.")))
                },
            )
            .given(true, &[Activity::Combat]),
            Action::new(
                "plan",
                "Plan",
                "4.0",
                |p: Plan, table: &mut Table<'_, Extra>, _dice| {
                    table.extra.soviet_plan = Some(p.plan);
                    Ok::<_, Refused>(Acted {
                        explained: Explained::new((), "A plan is written."),
                        secrecy: Secrecy::SideOnly(Side::Soviet),
                    })
                },
            ),
        ]
    }
    fn readings() -> &'static [&'static str] {
        &["A reading."]
    }
}

fn desk(fog: bool) -> Desk<Test> {
    Desk::<Test>::start(Options { fog }).expect("starts").0
}

#[test]
fn a_desk_starts_at_the_first_phase_and_phases_run_their_hooks() {
    let mut d = desk(false);
    assert_eq!(d.moment(), "Turn 1, Soviet movement phase");
    let refused = d
        .advance(Role::Finnish, &mut ScriptedDice::new([]))
        .expect_err("not theirs");
    assert_eq!(refused.kind(), RefusalKind::NotNow);
    // The log says what ended and what comes next.
    let e = d
        .advance(Role::Soviet, &mut ScriptedDice::new([]))
        .expect("ends");
    assert_eq!(d.phase().0, "combat");
    assert_eq!(
        e[0].sentence(),
        "The Soviet player ended the Soviet movement phase. Next: the combat phase of Turn 1."
    );
    // Both sides act in combat: the first to finish waits for the other.
    let e = d
        .advance(Role::Soviet, &mut ScriptedDice::new([]))
        .expect("done");
    assert_eq!(
        e[0].sentence(),
        "The Soviet player has finished the combat phase; the Finnish player has not yet."
    );
    let e = d
        .advance(Role::Finnish, &mut ScriptedDice::new([]))
        .expect("ends");
    assert_eq!(d.extra.phases_ended, 1);
    assert!(e[0].sentence().contains("1 combat phases ended."));
    for _ in 0..2 {
        d.advance(Role::Finnish, &mut ScriptedDice::new([]))
            .expect("ends");
    }
    assert_eq!(d.tracker.turn, 2);
}

#[test]
fn a_side_adds_and_changes_only_its_own_units() {
    let mut d = desk(false);
    let finn = unit(1, Side::Finnish, "2/JR16", "1010");
    let refused = d
        .add_units(Role::Soviet, vec![finn.clone()])
        .expect_err("not theirs");
    assert_eq!(refused.code, "not_your_side");
    d.add_units(Role::Finnish, vec![finn.clone()]).expect("own");
    // A side's unit is kept under its id scoped to the side.
    let id = finn.id.scoped(Side::Finnish);
    let e = d
        .mark_unit(Role::Soviet, &id, "hit", true)
        .expect_err("not theirs");
    assert_eq!(e.kind(), RefusalKind::NoSuchThing);
    let events = d.mark_unit(Role::Umpire, &id, "hit", true).expect("umpire");
    assert_eq!(events[0].audience(), Audience::Finnish);
    assert!(d.roster.units[&id].markers.contains("hit"));
}

#[test]
fn charts_are_entered_by_the_umpire_and_procedures_name_their_version() {
    let mut d = desk(false);
    let raw = RawChart {
        rows: (1..=6).map(|n| n.to_string()).collect(),
        columns: vec!["any".into()],
        cells: (1..=6)
            .map(|n| vec![if n > 4 { "hit" } else { "miss" }.to_string()])
            .collect(),
    };
    let charts = BTreeMap::from([("fire".to_string(), raw.clone())]);
    assert_eq!(
        d.enter_charts(Role::Soviet, charts.clone())
            .expect_err("umpire only")
            .code,
        "umpire_only"
    );
    d.enter_charts(Role::Umpire, charts.clone())
        .expect("enters");
    d.enter_charts(Role::Umpire, charts)
        .expect("a second version");
    let unknown = BTreeMap::from([("crt".to_string(), raw)]);
    assert_eq!(
        d.enter_charts(Role::Umpire, unknown)
            .expect_err("unknown")
            .code,
        "unknown_chart"
    );
    let (answer, events) = d
        .procedure(
            Role::Finnish,
            "fire",
            &serde_json::json!({"cs": 3}),
            &mut ScriptedDice::new([5]),
        )
        .expect("rolls");
    assert_eq!(
        answer.charts,
        vec![crate::games::assisted::catalogue::ChartUse {
            chart: "fire".into(),
            version: 2
        }]
    );
    // The roll was the Finns' own: the log entry is theirs too.
    assert_eq!(events[0].audience(), Audience::Finnish);
    let e = d.procedure(
        Role::Finnish,
        "nothing",
        &serde_json::json!({}),
        &mut ScriptedDice::new([]),
    );
    assert_eq!(e.expect_err("unknown").kind(), RefusalKind::NoSuchThing);
}

#[test]
fn actions_change_the_table_and_secret_ones_reach_only_their_side() {
    let mut d = desk(false);
    let finn = unit(1, Side::Finnish, "2/JR16", "1010");
    d.add_units(Role::Umpire, vec![finn.clone()]).expect("adds");
    to_phase(&mut d, "combat");
    let target = serde_json::json!({"target": finn.id.as_str()});
    let (_, events) = d
        .act(Role::Soviet, "shoot", &target, &mut ScriptedDice::new([]))
        .expect("acts");
    assert_eq!(events[0].audience(), Audience::Public);
    assert!(d.roster.units[&finn.id].markers.contains("hit"));
    let before = d.clone();
    let bad = d.act(
        Role::Soviet,
        "shoot",
        &serde_json::json!({"target": 7}),
        &mut ScriptedDice::new([]),
    );
    assert_eq!(bad.expect_err("bad params").code, "invalid_params");
    assert_eq!(d, before, "a refused action changes nothing");
    let secret = serde_json::json!({"plan": "drop on Suomussalmi at dawn"});
    let (_, events) = d
        .act(Role::Soviet, "plan", &secret, &mut ScriptedDice::new([]))
        .expect("plans");
    assert_eq!(events[0].audience(), Audience::Soviet);
    let finnish = serde_json::to_string(&view_for(&d, Role::Finnish)).expect("json");
    assert!(
        !finnish.contains("Suomussalmi"),
        "the plan leaks: {finnish}"
    );
    let soviet = serde_json::to_string(&view_for(&d, Role::Soviet)).expect("json");
    assert!(soviet.contains("Suomussalmi"));
}

#[test]
fn the_fog_hides_what_the_declarations_hide_in_every_view() {
    let mut d = desk(true);
    let hidden = unit(1, Side::Soviet, "Secret Reserve", "off-map");
    let glimpsed = unit(2, Side::Soviet, "163rd Rifle", "2020");
    d.add_units(Role::Umpire, vec![hidden.clone(), glimpsed.clone()])
        .expect("adds");
    let finnish = view_for(&d, Role::Finnish);
    let json = serde_json::to_string(&finnish).expect("json");
    for secret in [
        "Secret Reserve",
        "163rd Rifle",
        hidden.id.as_str(),
        glimpsed.id.as_str(),
        "off-map",
    ] {
        assert!(!json.contains(secret), "the Finns see {secret}: {json}");
    }
    assert_eq!(finnish.enemy_units.len(), 1);
    assert_eq!(finnish.enemy_units[0].location.as_deref(), Some("2020"));
    // Nor do the Soviets' own roster changes reach the Finns' history.
    assert!(finnish.history.is_empty());
    // Only changes the Finns can see in their view move their view.
    let moved = |d: &mut Desk<Test>, id: &UnitId, place: &str| {
        let edit = UnitEdit {
            location: Some(place.into()),
            ..UnitEdit::default()
        };
        d.edit_unit(Role::Soviet, id, edit).expect("moves")[0].seen_by_enemy()
    };
    assert!(
        !moved(&mut d, &hidden.id, "off-map"),
        "a hidden unit stays hidden"
    );
    assert!(
        moved(&mut d, &glimpsed.id, "2121"),
        "the Finns see where it is"
    );
    let marked = d
        .mark_unit(Role::Soviet, &glimpsed.id, "hit", true)
        .expect("marks");
    assert!(
        !marked[0].seen_by_enemy(),
        "the marker is not in the glimpse"
    );
    assert!(moved(&mut d, &hidden.id, "2222"), "it comes on the map");
    let umpire = view_for(&d, Role::Umpire);
    assert_eq!(umpire.units.len(), 2);
    assert_eq!(
        umpire.units[0].attributes.get("cs"),
        Some(&AttrValue::Number(4))
    );
}

/// Ends phases until the table is in the phase `code`.
fn to_phase(d: &mut Desk<Test>, code: &str) {
    while d.phase().0 != code {
        d.advance(Role::Umpire, &mut ScriptedDice::new([]))
            .expect("the umpire ends the phase");
    }
}

fn moved_to(place: &str) -> UnitEdit {
    UnitEdit {
        location: Some(place.into()),
        ..UnitEdit::default()
    }
}

fn cs(value: i64) -> UnitEdit {
    UnitEdit {
        attributes: BTreeMap::from([("cs".to_string(), Some(AttrValue::Number(value)))]),
        ..UnitEdit::default()
    }
}

/// Sets both sides up in the first phase (setup), answering their units' ids.
fn set_up(d: &mut Desk<Test>) -> (UnitId, UnitId) {
    let red = unit(1, Side::Soviet, "163rd Rifle", "2020");
    let blue = unit(2, Side::Finnish, "2/JR16", "1010");
    d.add_units(Role::Soviet, vec![red.clone()])
        .expect("the Soviets set up before the first phase is played");
    d.add_units(Role::Finnish, vec![blue.clone()])
        .expect("so do the Finns");
    let blue = blue.id.scoped(Side::Finnish);
    d.mark_unit(Role::Finnish, &blue, "hit", true)
        .expect("any marker in the setup");
    (red.id.scoped(Side::Soviet), blue)
}

#[test]
fn each_side_changes_its_own_units_only_as_its_phase_allows() {
    let mut d = desk(false);
    let (red, blue) = set_up(&mut d);
    to_phase(&mut d, "finnish_move");
    let before = d.clone();
    // The Soviet player, out of its phases: every change refused with a sentence, nothing changed.
    let tries: Vec<(&str, Result<Vec<DeskEvent>, Refused>)> = vec![
        (
            "add",
            d.add_units(Role::Soviet, vec![unit(3, Side::Soviet, "Reserve", "3030")]),
        ),
        ("move", d.edit_unit(Role::Soviet, &red, moved_to("2121"))),
        (
            "rename",
            d.edit_unit(
                Role::Soviet,
                &red,
                UnitEdit {
                    name: Some("Guards".into()),
                    ..UnitEdit::default()
                },
            ),
        ),
        ("lose a step", d.edit_unit(Role::Soviet, &red, cs(3))),
        ("gain a step", d.edit_unit(Role::Soviet, &red, cs(5))),
        ("dig in", d.mark_unit(Role::Soviet, &red, "dug_in", true)),
        ("mark hit", d.mark_unit(Role::Soviet, &red, "hit", true)),
        ("remove", d.remove_unit(Role::Soviet, &red, "gone")),
        (
            "end the phase",
            d.advance(Role::Soviet, &mut ScriptedDice::new([])),
        ),
        ("take back", d.reopen(Role::Soviet)),
        (
            "shoot",
            d.act(
                Role::Soviet,
                "shoot",
                &serde_json::json!({"target": blue.as_str()}),
                &mut ScriptedDice::new([]),
            )
            .map(|(_, e)| e),
        ),
        ("waive", d.waive(Role::Soviet, 0, "because")),
        ("charts", d.enter_charts(Role::Soviet, BTreeMap::new())),
        (
            "sequence",
            d.set_sequence(Role::Soviet, Test::sequence(&Options::default())),
        ),
    ];
    for (what, tried) in tries {
        let refused = tried.expect_err(what);
        assert!(
            refused.message.len() > 20 && !refused.message.contains('{'),
            "{what}: {}",
            refused.message
        );
        assert_eq!(d, before, "{what} changed the table");
    }
    let refused = d
        .edit_unit(Role::Soviet, &red, moved_to("2121"))
        .expect_err("not its movement phase");
    assert_eq!(refused.code, "wrong_phase");
    assert_eq!(
        refused.message,
        "The Soviet side moves its units only in the setup, in its own movement phases (the Soviet movement phase), or as a combat's result in a combat phase; it is now Turn 1, Finnish movement phase. The umpire may correct a position at any time."
    );
    let refused = d
        .mark_unit(Role::Soviet, &red, "dug_in", true)
        .expect_err("not a movement phase of its own... nor of anyone's for the marker");
    assert!(
        refused.message.contains("movement phase"),
        "{}",
        refused.message
    );
    assert!(
        d.edit_unit(Role::Soviet, &red, cs(3))
            .expect_err("owes nothing")
            .message
            .contains("owes no losses")
    );
    // The Finns move and dig in in their own movement phase; a Dug-In marker is theirs to place.
    d.edit_unit(Role::Finnish, &blue, moved_to("1111"))
        .expect("its movement phase");
    d.mark_unit(Role::Finnish, &blue, "dug_in", true)
        .expect("a movement phase's marker");
    // But not the marker that comes with the setup, nor a rename.
    let refused = d
        .mark_unit(Role::Finnish, &blue, "hit", false)
        .expect_err("setup marker");
    assert_eq!(
        refused.message,
        "The Hit marker comes with the setup; once the game has begun only the umpire puts it on or takes it off."
    );
    // The umpire may shoot now: a correction both sides read.
    let (_, events) = d
        .act(
            Role::Umpire,
            "shoot",
            &serde_json::json!({"target": blue.as_str()}),
            &mut ScriptedDice::new([]),
        )
        .expect("the umpire may");
    assert_eq!(
        events.last().map(DeskEvent::sentence).as_deref(),
        Some("The umpire ran “Shoot” outside the phases the rules give it.")
    );
    d.waive(Role::Umpire, 0, "a test's shot").expect("waives");
    // In the rest phase, nobody moves.
    to_phase(&mut d, "rest");
    let refused = d
        .edit_unit(Role::Finnish, &blue, moved_to("1212"))
        .expect_err("resting");
    assert!(
        refused.message.contains("(the Finnish movement phase)"),
        "{}",
        refused.message
    );
}

#[test]
fn in_a_combat_phase_either_side_retreats_and_advances() {
    let mut d = desk(false);
    let (red, blue) = set_up(&mut d);
    to_phase(&mut d, "combat");
    d.edit_unit(Role::Finnish, &blue, moved_to("0909"))
        .expect("a retreat");
    d.edit_unit(Role::Soviet, &red, moved_to("1010"))
        .expect("an advance");
}

#[test]
fn the_umpires_change_out_of_phase_is_a_correction_both_sides_read() {
    let mut d = desk(false);
    let (red, blue) = set_up(&mut d);
    to_phase(&mut d, "finnish_move");
    // In the Finns' movement phase the umpire moving a Finnish unit is no correction.
    let events = d
        .edit_unit(Role::Umpire, &blue, moved_to("1111"))
        .expect("the umpire may");
    assert_eq!(events.len(), 1);
    // Moving a Soviet unit now is: a public line that names no unit.
    let events = d
        .edit_unit(Role::Umpire, &red, moved_to("2121"))
        .expect("the umpire may always");
    assert_eq!(d.roster.units[&red].location, "2121");
    let correction = events.last().expect("a correction");
    assert_eq!(correction.audience(), Audience::Public);
    assert_eq!(
        correction.sentence(),
        "The umpire corrected the location of a Soviet unit, outside what the rules allow now."
    );
    assert!(!correction.sentence().contains("163rd"));
    let events = d
        .add_units(Role::Umpire, vec![unit(5, Side::Soviet, "Reserve", "3030")])
        .expect("adds");
    assert_eq!(
        events.last().map(DeskEvent::sentence).as_deref(),
        Some(
            "The umpire corrected the Soviet units in play (units added), outside what the rules allow now."
        )
    );
}

#[test]
fn losses_owed_hold_the_phase_until_they_are_taken_or_waived() {
    let mut d = desk(false);
    let (red, blue) = set_up(&mut d);
    let reserve = unit(3, Side::Finnish, "Reserve", "1212");
    d.add_units(Role::Finnish, vec![reserve.clone()])
        .expect("setup");
    let reserve = reserve.id.scoped(Side::Finnish);
    to_phase(&mut d, "combat");
    let shot = serde_json::json!({"target": blue.as_str()});
    d.act(Role::Soviet, "shoot", &shot, &mut ScriptedDice::new([]))
        .expect("shoots");
    let owed = "The Finnish side owes 1 step from the last shot";
    assert_eq!(view_for(&d, Role::Soviet).owed, [owed]);
    assert_eq!(view_for(&d, Role::Finnish).owed, [owed]);
    // The board marks the unit that owes for its owner and the umpire, never for the enemy.
    assert_eq!(view_for(&d, Role::Finnish).owing, [blue.as_str()]);
    assert_eq!(view_for(&d, Role::Umpire).owing, [blue.as_str()]);
    assert!(view_for(&d, Role::Soviet).owing.is_empty());
    // Nobody ends the phase while losses are owed, not even the umpire.
    for role in [Role::Soviet, Role::Finnish, Role::Umpire] {
        let before = d.clone();
        let refused = d
            .advance(role, &mut ScriptedDice::new([]))
            .expect_err("losses owed");
        assert_eq!(refused.code, "losses_owed");
        assert_eq!(
            refused.message,
            format!("{owed}. The phase ends once they are taken, or the umpire waives them.")
        );
        assert_eq!(d, before);
    }
    // A unit that did not fight does not pay them; the one that did, does.
    let refused = d
        .edit_unit(Role::Finnish, &reserve, cs(3))
        .expect_err("did not fight");
    assert!(refused.message.contains("owes no losses"));
    d.edit_unit(Role::Finnish, &blue, cs(3)).expect("pays");
    assert!(view_for(&d, Role::Umpire).owed.is_empty());
    d.advance(Role::Soviet, &mut ScriptedDice::new([]))
        .expect("the Soviets may finish");
    d.reopen(Role::Soviet).expect("takes it back");
    // Owed again: only the umpire waives them, saying why, and both sides read it.
    d.act(Role::Soviet, "shoot", &shot, &mut ScriptedDice::new([]))
        .expect("shoots");
    assert_eq!(
        d.waive(Role::Finnish, 0, "mercy")
            .expect_err("not theirs")
            .code,
        "umpire_only"
    );
    assert_eq!(
        d.waive(Role::Umpire, 0, "  ").expect_err("no reason").code,
        "bad_reason"
    );
    assert_eq!(
        d.waive(Role::Umpire, 1, "why").expect_err("no such").code,
        "no_losses_owed"
    );
    let events = d
        .waive(Role::Umpire, 0, "the shot was out of range")
        .expect("waives");
    assert_eq!(events[0].audience(), Audience::Public);
    assert_eq!(
        events[0].sentence(),
        format!("The umpire waived losses owed: {owed} (the shot was out of range).")
    );
    d.advance(Role::Umpire, &mut ScriptedDice::new([]))
        .expect("the phase ends");
    // A unit leaving play pays what it owes too.
    let _ = red;
}
