//! The fog of war held at the table: Radio Intelligence only from its event, under the fog, in
//! its segment and as often as it came up (17.2, 24.2); combats declared only by the phasing
//! side in its Combat Phase against an adjacent hex, and fought once declared (13.0, 14.0,
//! 24.2); the countries entered from the map, not a marker the owner sets (24.2); the Logistics
//! Phase lifting only the phasing side's in-supply markers (6.0, 16.2).

use super::super::{Options, WinterWar};
use crate::core::domain::{Role, Side};
use crate::dice::source::ScriptedDice;
use crate::games::assisted::catalogue::Refused;
use crate::games::assisted::charts::RawChart;
use crate::games::assisted::declarations::Declarations;
use crate::games::assisted::play::desk::Desk;
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::roster::{AttrValue, Sight, Unit, UnitId};
use serde_json::{Value, json};
use std::collections::BTreeMap;

pub(crate) fn raw(columns: &[&str], cells: &[&[&str]]) -> RawChart {
    let s = |v: &[&str]| v.iter().map(|x| (*x).to_string()).collect::<Vec<_>>();
    RawChart {
        rows: s(&["1", "2", "3", "4", "5", "6"]),
        columns: s(columns),
        cells: cells.iter().map(|r| s(r)).collect(),
    }
}

pub(crate) fn desk(fog_of_war: bool) -> Desk<WinterWar> {
    let (mut desk, _) = Desk::<WinterWar>::start(Options {
        fog_of_war,
        historical: false,
    })
    .expect("starts");
    let crt = raw(&["≤49%", "50-99%", "≥100%"], &[&["AE", "AW", "DW"][..]; 6]);
    // Radio Intelligence twice on a 4, once on a 5, nothing else on this table.
    let radio = "Radio Intelligence";
    let events = raw(
        &["1-10"],
        &[
            &["-"],
            &["-"],
            &["-"],
            &["Radio Intelligence + Radio Intelligence"],
            &[radio],
            &["-"],
        ],
    );
    desk.enter_charts(
        Role::Umpire,
        BTreeMap::from([
            ("crt".to_string(), crt),
            ("finnish_events".to_string(), events.clone()),
            (
                "soviet_events".to_string(),
                raw(&["1-10"], &[&["-"][..]; 6]),
            ),
        ]),
    )
    .expect("charts");
    desk
}

pub(crate) fn unit(n: u32, side: Side, location: &str, markers: &[&str]) -> Unit {
    let number = |v| AttrValue::Number(v);
    Unit {
        id: UnitId::parse(&format!("{n:032x}")).expect("id"),
        side,
        name: format!("{} {n}", side.adjective()),
        unit_type: "infantry".into(),
        attributes: BTreeMap::from([
            ("af".to_string(), number(6)),
            ("df".to_string(), number(4)),
            ("mf".to_string(), number(2)),
        ]),
        location: location.into(),
        markers: markers.iter().map(|m| (*m).to_string()).collect(),
    }
}

pub(crate) fn id(n: u32) -> String {
    format!("{n:032x}")
}

pub(crate) fn to(desk: &mut Desk<WinterWar>, phase: &str) {
    for _ in 0..40 {
        if desk.phase().0 == phase {
            return;
        }
        desk.advance(Role::Umpire, &mut ScriptedDice::new([]))
            .expect("advances");
    }
    panic!("never reached {phase}");
}

pub(crate) fn act(
    desk: &mut Desk<WinterWar>,
    by: Role,
    name: &str,
    params: Value,
    dice: &[u32],
) -> Result<Value, Refused> {
    desk.act(
        by,
        name,
        &params,
        &mut ScriptedDice::new(dice.iter().copied()),
    )
    .map(|(answer, _)| answer.result)
}

pub(crate) fn refusal(r: Result<Value, Refused>) -> (RefusalKind, &'static str, String) {
    let e = r.expect_err("refused");
    (e.kind, e.code, e.message)
}

/// A Soviet stack in 2020, a Finnish one next to it in 2021.
fn armies(desk: &mut Desk<WinterWar>) {
    desk.add_units(
        Role::Umpire,
        vec![
            unit(1, Side::Soviet, "2020", &[]),
            unit(2, Side::Finnish, "2021", &[]),
            unit(3, Side::Soviet, "2520", &[]),
        ],
    )
    .expect("adds");
}

#[test]
fn radio_intelligence_is_played_only_with_the_fog_of_war() {
    // 17.2: "if using the optional Fog of War rule (24.2)".
    let mut d = desk(false);
    armies(&mut d);
    to(&mut d, "finnish_events");
    act(&mut d, Role::Finnish, "roll-events", json!({}), &[5]).expect("rolls");
    let (kind, code, message) = refusal(act(
        &mut d,
        Role::Finnish,
        "radio-intelligence",
        json!({"hexes": ["2020"]}),
        &[],
    ));
    assert_eq!((kind, code), (RefusalKind::AgainstTheRules, "not_allowed"));
    assert!(message.contains("without the fog of war"), "{message}");
}

#[test]
fn radio_intelligence_needs_its_event_in_its_segment_as_often_as_it_came_up() {
    let mut d = desk(true);
    armies(&mut d);
    // 17.2: nothing came up yet: refused, whatever the phase.
    for phase in ["soviet_logistics", "finnish_combat", "finnish_events"] {
        to(&mut d, phase);
        let (kind, code, message) = refusal(act(
            &mut d,
            Role::Finnish,
            "radio-intelligence",
            json!({"hexes": ["2020"]}),
            &[],
        ));
        assert_eq!(
            (kind, code),
            (RefusalKind::NotNow, "no_radio_intelligence"),
            "{phase}"
        );
        assert!(message.contains("17.2"), "{message}");
    }
    // 17.1: the events are rolled in their own segment, by their own side, once.
    let (kind, code, _) = refusal(act(&mut d, Role::Soviet, "roll-events", json!({}), &[4]));
    assert_eq!((kind, code), (RefusalKind::NotNow, "not_your_phase"));
    act(&mut d, Role::Finnish, "roll-events", json!({}), &[4]).expect("rolls");
    let (kind, code, _) = refusal(act(&mut d, Role::Finnish, "roll-events", json!({}), &[5]));
    assert_eq!((kind, code), (RefusalKind::NotNow, "already_rolled"));
    // Radio Intelligence came up twice: two examinations of one to five stacks, no third.
    let (_, code, _) = refusal(act(
        &mut d,
        Role::Finnish,
        "radio-intelligence",
        json!({"hexes": ["2020", "2520", "2021", "2022", "2023", "2024"]}),
        &[],
    ));
    assert_eq!(code, "not_allowed", "six hexes are too many");
    let (_, code, _) = refusal(act(
        &mut d,
        Role::Soviet,
        "radio-intelligence",
        json!({"hexes": ["2021"]}),
        &[],
    ));
    assert_eq!(code, "not_allowed", "the Finns' event");
    let first = act(
        &mut d,
        Role::Finnish,
        "radio-intelligence",
        json!({"hexes": ["2020"]}),
        &[],
    )
    .expect("first");
    assert_eq!(first["examined"], json!([id(1)]));
    act(
        &mut d,
        Role::Finnish,
        "radio-intelligence",
        json!({"hexes": ["2520"]}),
        &[],
    )
    .expect("second");
    let (kind, code, _) = refusal(act(
        &mut d,
        Role::Finnish,
        "radio-intelligence",
        json!({"hexes": ["2020"]}),
        &[],
    ));
    assert_eq!((kind, code), (RefusalKind::NotNow, "no_radio_intelligence"));
    // The next game turn: one Radio Intelligence, and it lapses with its segment.
    to(&mut d, "end_of_turn");
    to(&mut d, "finnish_events");
    act(&mut d, Role::Umpire, "roll-events", json!({}), &[5]).expect("rolls");
    to(&mut d, "soviet_events");
    let (kind, code, _) = refusal(act(
        &mut d,
        Role::Finnish,
        "radio-intelligence",
        json!({"hexes": ["2020"]}),
        &[],
    ));
    assert_eq!((kind, code), (RefusalKind::NotNow, "no_radio_intelligence"));
}

#[test]
fn combats_are_declared_by_the_phasing_side_in_its_combat_phase_against_an_adjacent_hex() {
    let mut d = desk(true);
    armies(&mut d);
    let declare = |d: &mut Desk<WinterWar>, by: Role, attacker: u32, hex: &str| {
        act(
            d,
            by,
            "declare-combat",
            json!({"attackers": [id(attacker)], "hex": hex}),
            &[],
        )
    };
    // 14.0: not in a Movement Phase.
    to(&mut d, "soviet_movement");
    let (kind, code, message) = refusal(declare(&mut d, Role::Soviet, 1, "2021"));
    assert_eq!(
        (kind, code),
        (RefusalKind::NotNow, "wrong_phase"),
        "{message}"
    );
    // 14.0: the Soviet Combat Phase is the Soviets'; the Finns may not declare in it.
    to(&mut d, "soviet_combat");
    let (kind, code, message) = refusal(declare(&mut d, Role::Finnish, 2, "2020"));
    assert_eq!(
        (kind, code),
        (RefusalKind::NotNow, "not_your_phase"),
        "{message}"
    );
    assert!(message.contains("Only the Soviet player"), "{message}");
    // 13.0: only an adjacent hex, and only a hex of the map.
    let (kind, code, message) = refusal(declare(&mut d, Role::Soviet, 3, "2021"));
    assert_eq!(
        (kind, code),
        (RefusalKind::AgainstTheRules, "not_adjacent"),
        "{message}"
    );
    assert!(message.contains("not next to hex 2021"), "{message}");
    let (_, code, message) = refusal(declare(&mut d, Role::Soviet, 1, "9999"));
    assert_eq!(code, "not_a_hex", "{message}");
    // Nothing was revealed by the refusals.
    assert!(d.extra.revealed.is_empty());
    // The umpire declares for the phasing side.
    declare(&mut d, Role::Umpire, 1, "2021").expect("declares");
    assert_eq!(
        d.extra.declared.as_ref().map(|x| x.attacker),
        Some(Side::Soviet)
    );
}

#[test]
fn a_declared_combat_is_resolved_before_anything_else_or_the_phase_ends() {
    let mut d = desk(true);
    armies(&mut d);
    to(&mut d, "soviet_combat");
    act(
        &mut d,
        Role::Soviet,
        "declare-combat",
        json!({"attackers": [id(1)], "hex": "2021"}),
        &[],
    )
    .expect("declares");
    // 24.2: the declaration revealed both stacks; it must now be fought.
    for by in [Role::Soviet, Role::Umpire] {
        let e = d
            .advance(by, &mut ScriptedDice::new([]))
            .expect_err("pending");
        assert_eq!((e.kind, e.code), (RefusalKind::NotNow, "combat_pending"));
        assert!(e.message.contains("hex 2021"), "{}", e.message);
    }
    // Suppressed, it projects no zone of control, so no attack on it is owed (9.1, 13.2).
    d.add_units(
        Role::Umpire,
        vec![unit(4, Side::Finnish, "2019", &["suppressed"])],
    )
    .expect("adds");
    let (kind, code, _) = refusal(act(
        &mut d,
        Role::Soviet,
        "declare-combat",
        json!({"attackers": [id(1)], "hex": "2019"}),
        &[],
    ));
    assert_eq!((kind, code), (RefusalKind::NotNow, "combat_pending"));
    let (_, code, _) = refusal(act(
        &mut d,
        Role::Soviet,
        "resolve-combat",
        json!({"attackers": [id(1)], "hex": "2019"}),
        &[1],
    ));
    assert_eq!(
        code, "combat_pending",
        "only the declared combat is resolved"
    );
    act(
        &mut d,
        Role::Soviet,
        "resolve-combat",
        json!({"attackers": [id(1)], "hex": "2021"}),
        &[1],
    )
    .expect("resolves");
    assert_eq!(d.extra.declared, None);
    // The Finns owe the retreat before the phase ends (14.3); this test is about the declaration,
    // so the umpire waives it.
    d.waive(Role::Umpire, 0, "the retreat is another test's")
        .expect("waives");
    d.advance(Role::Soviet, &mut ScriptedDice::new([]))
        .expect("ends");
}

#[test]
fn units_inside_the_viewers_country_are_seen_from_the_map_not_from_a_marker() {
    let mut d = desk(true);
    let fog = d.options.clone();
    // The owner can no longer set a marker saying where its unit is.
    let marked = d.add_units(
        Role::Soviet,
        vec![unit(5, Side::Soviet, "1633", &["inside_enemy_country"])],
    );
    assert!(marked.is_err(), "no such marker");
    let soviet = unit(5, Side::Soviet, "1633", &[]);
    d.add_units(Role::Soviet, vec![soviet.clone()])
        .expect("adds");
    let seen = |d: &Desk<WinterWar>| WinterWar::sight(Side::Finnish, &soviet, &d.extra, &fog);
    assert!(matches!(seen(&d), Sight::Partial(_)));
    // 24.2 item 1: Finland's hexes come from the map; one side's entry alone does nothing.
    let countries = json!({"finland": ["1633", "1123"], "soviet_union": ["1840"]});
    act(
        &mut d,
        Role::Finnish,
        "enter-countries",
        countries.clone(),
        &[],
    )
    .expect("proposes");
    assert!(matches!(seen(&d), Sight::Partial(_)));
    let (_, code, _) = refusal(act(
        &mut d,
        Role::Soviet,
        "enter-countries",
        json!({"finland": ["1633"], "soviet_union": ["1633"]}),
        &[],
    ));
    assert_eq!(code, "not_allowed", "a hex in both countries");
    act(&mut d, Role::Soviet, "enter-countries", countries, &[]).expect("agrees");
    assert_eq!(seen(&d), Sight::Full);
    // 24.2 item 2 is the Soviets' own: the Finns do not see their units inside the Soviet Union.
    let finn = unit(6, Side::Finnish, "1840", &[]);
    assert_eq!(
        WinterWar::sight(Side::Soviet, &finn, &d.extra, &fog),
        Sight::Full
    );
    let at_home = unit(7, Side::Finnish, "1123", &[]);
    assert!(matches!(
        WinterWar::sight(Side::Soviet, &at_home, &d.extra, &fog),
        Sight::Partial(_)
    ));
}

#[test]
fn logistics_lifts_suppression_only_from_the_phasing_sides_units_in_supply() {
    // 6.0 and 16.2: "removes all suppression markers from all in supply friendly units".
    let mut d = desk(false);
    d.add_units(
        Role::Umpire,
        vec![
            unit(1, Side::Soviet, "2020", &["suppressed"]),
            unit(2, Side::Soviet, "2021", &["suppressed", "out_of_supply"]),
            unit(3, Side::Soviet, "2022", &["out_of_supply"]),
            unit(4, Side::Finnish, "1123", &["suppressed"]),
        ],
    )
    .expect("adds");
    let suppressed = |d: &Desk<WinterWar>, n: u32| {
        d.roster.units[&UnitId::parse(&id(n)).expect("id")]
            .markers
            .contains("suppressed")
    };
    to(&mut d, "soviet_reinforcement");
    assert!(!suppressed(&d, 1), "in supply: lifted");
    assert!(suppressed(&d, 2), "out of supply: stays");
    assert!(suppressed(&d, 3), "out of supply: suppressed (15.0, 16.0)");
    assert!(suppressed(&d, 4), "not the phasing side's");
    to(&mut d, "finnish_reinforcement");
    assert!(!suppressed(&d, 4), "in the Finnish Logistics Phase");
}

#[test]
fn logistics_never_suppresses_units_always_in_supply_15_2_15_4() {
    // 15.4 items 1, 2 and 5; 15.2 items 2 and 3: always in supply, whatever the marker says.
    let mut d = desk(false);
    d.extra
        .borders
        .agreed
        .soviet_union
        .insert("2022".to_string());
    d.extra.borders.agreed.finland.insert("1123".to_string());
    let typed = |n: u32, side: Side, hex: &str, kind: &str, markers: &[&str]| {
        let mut u = unit(n, side, hex, markers);
        u.unit_type = kind.into();
        u
    };
    d.add_units(
        Role::Umpire,
        vec![
            typed(1, Side::Soviet, "2020", "HQ", &["out_of_supply"]),
            typed(2, Side::Soviet, "2021", "infantry", &["out_of_supply"]),
            typed(
                3,
                Side::Soviet,
                "2022",
                "infantry",
                &["out_of_supply", "nkvd"],
            ),
            typed(
                4,
                Side::Soviet,
                "1124",
                "infantry",
                &["out_of_supply", "nkvd"],
            ),
            typed(
                5,
                Side::Finnish,
                "1123",
                "armored train",
                &["out_of_supply"],
            ),
        ],
    )
    .expect("adds");
    let suppressed = |d: &Desk<WinterWar>, n: u32| {
        d.roster.units[&UnitId::parse(&id(n)).expect("id")]
            .markers
            .contains("suppressed")
    };
    to(&mut d, "soviet_reinforcement");
    assert!(!suppressed(&d, 1), "an HQ (15.4 item 1)");
    assert!(suppressed(&d, 2), "an infantry unit out of supply");
    assert!(!suppressed(&d, 3), "NKVD in the Soviet Union (15.4 item 2)");
    assert!(suppressed(&d, 4), "NKVD outside the Soviet Union");
    to(&mut d, "finnish_reinforcement");
    assert!(!suppressed(&d, 5), "the armored train (15.2 item 3)");
}
