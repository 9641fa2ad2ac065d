//! Red Winter's declarations: the catalogue against the rules' own vectors, the roster's
//! resolutions with scripted dice, hooks, and what each side sees.

use super::*;
use crate::core::domain::Role;
use crate::games::assisted::chart_import::from_csv;
use crate::games::red_winter::rules::charts::{TURN_TRACK, chart_spec};

const TRACK: &str =
    "turn,label,night,los,soviet_ammo,finnish_ammo,soviet_rp,finnish_rp,morale,armor_vp
1,Dec 8 0800,day,6,2,1,1,1,,0
2,Dec 8 1200,day,6,0,0,0,0,finnish,0
3,Dec 8 night,night,,0,0,0,0,,0";

#[test]
fn the_turn_track_entered_re_declares_the_sequence() {
    let mut charts = ChartSet::default();
    let spec = chart_spec(TURN_TRACK).expect("spec");
    charts
        .enter(&spec, from_csv(TRACK).expect("csv"), Role::Umpire, "setup")
        .expect("enters");
    let track = turn_track(&charts).expect("reads");
    assert_eq!(track.len(), 3);
    let sequence = RedWinter::resequence(&Options::default(), &charts).expect("a sequence");
    assert_eq!(
        sequence.kind_of(3).map(|k| k.code.as_str()),
        Some(seq::NIGHT)
    );
}

#[test]
fn a_table_moves_to_the_entered_turn_track() {
    use crate::games::assisted::play::desk::Desk;
    let (mut desk, _) = Desk::<RedWinter>::start(Options::default()).expect("starts");
    assert_eq!(desk.moment(), "Turn 1, First Player Reset Phase");
    let charts =
        std::collections::BTreeMap::from([(TURN_TRACK.to_string(), from_csv(TRACK).expect("csv"))]);
    desk.enter_charts(Role::Umpire, charts).expect("enters");
    assert_eq!(desk.moment(), "Dec 8 0800, First Player Reset Phase");
}

#[test]
fn without_the_turn_track_the_log_asks_for_it_once_and_says_what_comes_next() {
    use crate::dice::source::ScriptedDice;
    use crate::games::assisted::play::desk::Desk;
    let (mut desk, _) = Desk::<RedWinter>::start(Options::default()).expect("starts");
    let mut said = Vec::new();
    while desk.tracker.turn < 2 {
        let events = desk
            .advance(Role::Umpire, &mut ScriptedDice::new([]))
            .expect("advances");
        said.extend(events.iter().map(|e| e.sentence()));
    }
    // The reset phase counts ammo and replacement points; without the track it asks once.
    let reset = said.last().expect("the second turn's reset phase");
    assert!(
        reset.starts_with(
            "The umpire ended the Victory Check Phase. Next: the First Player Reset Phase of Turn 2."
        ),
        "{reset}"
    );
    let asked = "Enter the Turn Track to have ammo and replacement points counted.";
    assert_eq!(reset.matches(asked).count(), 1, "{reset}");
}

/// 3.0 I and III: the start's log asks for the Turn Track once and says nothing of markers nobody
/// had ("0 unit(s) flip back").
#[test]
fn the_start_asks_for_the_track_once_and_counts_no_markers_that_were_not_there() {
    use crate::games::assisted::play::desk::Desk;
    let (_, events) = Desk::<RedWinter>::start(Options::default()).expect("starts");
    let said: Vec<String> = events.iter().map(|e| e.sentence()).collect();
    let all = said.join(" ");
    let asked = "Enter the Turn Track to have ammo and replacement points counted.";
    assert_eq!(all.matches(asked).count(), 1, "{all}");
    assert!(!all.contains("0 "), "{all}");
    assert!(!all.contains("(s)"), "{all}");
}

fn run(name: &str, params: serde_json::Value) -> crate::games::assisted::catalogue::Answer {
    let calculations = RedWinter::calculations();
    let calc = calculations
        .iter()
        .find(|c| c.about.name == name)
        .expect(name);
    calc.run(&params, &ChartSet::default()).expect(name)
}

#[test]
fn the_combat_column_through_the_catalogue_gives_the_rules_vectors() {
    // T-RW-01..03: strengths already worked out.
    for (a, d, column) in [(10, 5, "2:1"), (9, 5, "1:1"), (3, 7, "1:3")] {
        let answer = run(
            "combat-column",
            serde_json::json!({"attack": a, "defence": d}),
        );
        assert_eq!(
            answer.result,
            serde_json::json!(column),
            "{a} vs {d}: {:?}",
            answer.steps
        );
    }
    // T-RW-05: 13 across a bridge against a boxed 3 is 7:6, 1:1.
    let attack = serde_json::json!({
        "attackers": [{"hex": "0815", "from": "bridge", "units": [{"name": "A", "cs": 13}]}],
        "hex": "0814",
        "defenders": [{"name": "MG", "cs": 3, "boxed": true}],
        "shifts": {"fight": "combat", "attacker": "soviet"}
    });
    let answer = run("attack-column", attack);
    assert_eq!(
        answer.result,
        serde_json::json!("1:1"),
        "{:?}",
        answer.steps
    );
    assert!(
        answer.steps.iter().any(|s| s.contains('7'))
            && answer.steps.iter().any(|s| s.contains('6'))
    );
}

#[test]
fn every_entry_has_an_object_schema_and_a_unique_name() {
    crate::games::assisted::declarations::check_catalogue::<RedWinter>();
    let refused = RedWinter::calculations()[0]
        .run(
            &serde_json::json!({"attackers": "many"}),
            &ChartSet::default(),
        )
        .expect_err("refused");
    assert_eq!(refused.code, "invalid_params");
    assert!(refused.message.contains("attackers"), "{}", refused.message);
}

#[test]
fn red_winter_hides_nothing_and_its_records_are_everyones() {
    let unit = Unit {
        id: UnitId::parse(&format!("{:032x}", 7)).expect("id"),
        side: Side::Soviet,
        name: "1/609".into(),
        unit_type: "infantry".into(),
        attributes: Default::default(),
        location: "0815".into(),
        markers: Default::default(),
    };
    let records = Records::default();
    assert_eq!(
        RedWinter::sight(Side::Finnish, &unit, &records, &Options::default()),
        Sight::Full
    );
    assert_eq!(
        RedWinter::extra_for(Some(Side::Finnish), &records),
        RedWinter::extra_for(None, &records)
    );
}

/// A unit for the roster tests: `n` makes its id and hex.
pub(super) fn roster_unit(n: u32, side: Side, unit_type: &str, values: &[(&str, i64)]) -> Unit {
    Unit {
        id: UnitId::parse(&format!("{n:032x}")).expect("id"),
        side,
        name: format!("unit {n}"),
        unit_type: unit_type.into(),
        attributes: values
            .iter()
            .map(|(k, v)| {
                (
                    (*k).to_string(),
                    crate::games::assisted::roster::AttrValue::Number(*v),
                )
            })
            .collect(),
        location: format!("{n:04}"),
        markers: Default::default(),
    }
}

pub(super) fn id(n: u32) -> String {
    format!("{n:032x}")
}

/// A table with a CRT whose every cell is `cell`, the units, moved on to `phase`.
pub(super) fn table_at(
    cell: &str,
    units: Vec<Unit>,
    phase: &str,
) -> crate::games::assisted::play::desk::Desk<RedWinter> {
    table_with(Options::default(), cell, units, phase)
}

/// As `table_at`, with the campaign's options.
pub(super) fn table_with(
    options: Options,
    cell: &str,
    units: Vec<Unit>,
    phase: &str,
) -> crate::games::assisted::play::desk::Desk<RedWinter> {
    use crate::games::assisted::play::desk::Desk;
    let (mut desk, _) = Desk::<RedWinter>::start(options).expect("starts");
    let mut crt = "roll,1:4,1:3,1:2,1:1,2:1,3:1,4:1,5:1,6:1".to_string();
    for roll in 2..=12 {
        crt.push_str(&format!("\n{roll}"));
        for _ in 0..9 {
            crt.push_str(&format!(",{cell}"));
        }
    }
    let charts =
        std::collections::BTreeMap::from([("crt".to_string(), from_csv(&crt).expect("csv"))]);
    desk.enter_charts(Role::Umpire, charts).expect("enters");
    desk.add_units(Role::Umpire, units).expect("adds");
    move_to(&mut desk, phase);
    desk
}

/// Moves the table on to the next `phase`.
pub(super) fn move_to(desk: &mut crate::games::assisted::play::desk::Desk<RedWinter>, phase: &str) {
    use crate::dice::source::ScriptedDice;
    while desk.phase().0 != phase {
        desk.advance(Role::Umpire, &mut ScriptedDice::new([]))
            .expect("advances");
    }
}

pub(super) fn attack_on(
    hex: &str,
    attackers: &[u32],
    defenders: &[u32],
    side: &str,
) -> serde_json::Value {
    serde_json::json!({
        "fight": "combat",
        "attackers": [{"hex": "0001", "units": attackers.iter().map(|&n| id(n)).collect::<Vec<_>>()}],
        "hex": hex, "defenders": defenders.iter().map(|&n| id(n)).collect::<Vec<_>>(),
        "shifts": {"fight": "combat", "attacker": side}
    })
}

pub(super) fn unit_of(desk: &crate::games::assisted::play::desk::Desk<RedWinter>, n: u32) -> &Unit {
    &desk.roster.units[&UnitId::parse(&id(n)).expect("id")]
}

#[test]
fn the_hotel_ignores_the_defenders_first_loss_in_a_combat_5_2_5() {
    use crate::dice::source::ScriptedDice;
    let mut desk = table_at(
        "1/2",
        vec![
            roster_unit(
                1,
                Side::Soviet,
                "infantry",
                &[("cs", 8), ("ma", 5), ("steps", 2)],
            ),
            roster_unit(
                2,
                Side::Finnish,
                "mg",
                &[("cs", 4), ("ma", 4), ("steps", 2)],
            ),
        ],
        "first_combat",
    );
    let (answer, _) = desk
        .act(
            Role::Soviet,
            "resolve-combat",
            &attack_on("M16", &[1], &[2], "soviet"),
            &mut ScriptedDice::new([3, 4]),
        )
        .expect("resolves");
    // A 1/2 result becomes a 1/1 (5.2.5).
    assert_eq!(answer.result["defender_losses"], 1, "{:?}", answer.steps);
    assert!(answer.steps.iter().any(|s| s.contains("(5.2.5)")));
    let owed: Vec<u32> = desk.extra.pending.iter().map(|l| l.losses).collect();
    assert_eq!(owed, [1, 1]);
}

/// 5.2.5: the Hotel is the map's place `hotel`, wherever the campaign's map puts it; a map
/// without it has no Hotel, and a campaign without a map has the rule book's M16.
#[test]
fn the_hotel_is_where_the_map_puts_it_5_2_5() {
    use super::inputs::is_hotel;
    use crate::games::assisted::pack::loaded::LoadedPack;
    let source = format!(
        "{}\n[[places]]\ncode = \"hotel\"\nname = \"The Hotel (made up)\"\nhexes = [\"G7\"]\n",
        crate::games::assisted::pack::RED_WINTER_EXAMPLE
    );
    let with_hotel = LoadedPack::read(&source).expect("the pack reads");
    assert!(is_hotel(Some(&with_hotel), "g7"));
    assert!(!is_hotel(Some(&with_hotel), "M16"));
    assert!(!is_hotel(Some(&with_hotel), "G8"));
    let without =
        crate::games::assisted::play::packs::loaded(domain::Game::RedWinter, "red-winter-example")
            .expect("the shipped example");
    assert!(!is_hotel(Some(without), "G7"));
    assert!(is_hotel(None, " m16 "));
    assert!(!is_hotel(None, "G7"));
}

/// 5.2.5: on a campaign whose map has no Hotel, a hex named M16 gives the defenders nothing.
#[test]
fn a_map_without_the_hotel_ignores_no_loss_5_2_5() {
    use crate::dice::source::ScriptedDice;
    let mut desk = table_at(
        "1/2",
        vec![
            roster_unit(
                1,
                Side::Soviet,
                "infantry",
                &[("cs", 8), ("ma", 5), ("steps", 2)],
            ),
            roster_unit(
                2,
                Side::Finnish,
                "mg",
                &[("cs", 4), ("ma", 4), ("steps", 2)],
            ),
        ],
        "first_combat",
    );
    desk.pack = Some("red-winter-example".into());
    let (answer, _) = desk
        .act(
            Role::Soviet,
            "resolve-combat",
            &attack_on("M16", &[1], &[2], "soviet"),
            &mut ScriptedDice::new([3, 4]),
        )
        .expect("resolves");
    assert_eq!(answer.result["defender_losses"], 2, "{:?}", answer.steps);
    assert!(!answer.steps.iter().any(|s| s.contains("(5.2.5)")));
}

#[test]
fn each_survivor_retreats_to_its_own_hex_8_5_2() {
    use crate::dice::source::ScriptedDice;
    let mut desk = table_at(
        "0/1",
        vec![
            roster_unit(
                1,
                Side::Soviet,
                "infantry",
                &[("cs", 8), ("ma", 5), ("steps", 2)],
            ),
            roster_unit(
                2,
                Side::Finnish,
                "infantry",
                &[("cs", 2), ("ma", 5), ("steps", 2)],
            ),
            roster_unit(
                3,
                Side::Finnish,
                "mg",
                &[("cs", 2), ("ma", 4), ("steps", 2)],
            ),
        ],
        "first_combat",
    );
    desk.act(
        Role::Soviet,
        "resolve-combat",
        &attack_on("0002", &[1], &[2, 3], "soviet"),
        &mut ScriptedDice::new([3, 4]),
    )
    .expect("resolves");
    let nowhere = desk
        .act(
            Role::Finnish,
            "take-losses",
            &serde_json::json!({"retreat": 1, "retreat_each": {id(2): "0003"}}),
            &mut ScriptedDice::new([]),
        )
        .expect_err("the MG has nowhere to go");
    assert!(nowhere.message.contains("unit 3"), "{}", nowhere.message);
    desk.act(
        Role::Finnish,
        "take-losses",
        &serde_json::json!({"retreat": 1, "retreat_each": {id(2): "0003", id(3): "0102"}}),
        &mut ScriptedDice::new([]),
    )
    .expect("they part");
    assert_eq!(unit_of(&desk, 2).location, "0003");
    assert_eq!(unit_of(&desk, 3).location, "0102");
    assert!(unit_of(&desk, 3).markers.contains("retreated"));
}

#[test]
fn a_reduced_unit_fights_with_its_reduced_values_8_5_1() {
    use crate::dice::source::ScriptedDice;
    let mut desk = table_at(
        "1/1",
        vec![
            roster_unit(
                1,
                Side::Soviet,
                "infantry",
                &[("cs", 8), ("reduced_cs", 4), ("ma", 5), ("steps", 2)],
            ),
            roster_unit(
                2,
                Side::Finnish,
                "infantry",
                &[("cs", 4), ("ma", 5), ("steps", 2)],
            ),
        ],
        "first_combat",
    );
    let attack = attack_on("0002", &[1], &[2], "soviet");
    let (answer, _) = desk
        .act(
            Role::Soviet,
            "resolve-combat",
            &attack,
            &mut ScriptedDice::new([3, 4]),
        )
        .expect("resolves");
    assert_eq!(answer.result["column"], "2:1");
    for (role, n) in [(Role::Finnish, 2), (Role::Soviet, 1)] {
        desk.act(
            role,
            "take-losses",
            &serde_json::json!({"steps": [id(n)]}),
            &mut ScriptedDice::new([]),
        )
        .expect("a step each");
    }
    assert!(unit_of(&desk, 1).markers.contains("reduced"));
    // Reduced, the company attacks with its reduced CS of 4: 4 against 4 is 1:1.
    let (answer, _) = desk
        .act(
            Role::Soviet,
            "resolve-combat",
            &attack,
            &mut ScriptedDice::new([3, 4]),
        )
        .expect("resolves");
    assert_eq!(answer.result["column"], "1:1", "{:?}", answer.steps);
}

#[test]
fn a_direct_fire_unit_that_fired_may_still_give_defensive_support_10_3_5() {
    use crate::dice::source::ScriptedDice;
    let mut desk = table_at(
        "1/1",
        vec![
            roster_unit(
                1,
                Side::Soviet,
                "infantry",
                &[("cs", 8), ("ma", 5), ("steps", 2)],
            ),
            roster_unit(
                2,
                Side::Finnish,
                "mg",
                &[("cs", 3), ("ma", 4), ("steps", 2), ("ras", 5)],
            ),
        ],
        "second_combat",
    );
    let mut rat = "roll,result".to_string();
    for total in 1..=29 {
        rat.push_str(&format!("\n{total},S"));
    }
    let charts =
        std::collections::BTreeMap::from([("rat".to_string(), from_csv(&rat).expect("csv"))]);
    desk.enter_charts(Role::Umpire, charts).expect("enters");
    let fire = serde_json::json!({"firer": id(2), "hex": "0001", "targets": [id(1)]});
    desk.act(
        Role::Finnish,
        "resolve-ranged-attack",
        &fire,
        &mut ScriptedDice::new([3, 4]),
    )
    .expect("fires in its own Combat Phase");
    let again = desk
        .act(
            Role::Finnish,
            "resolve-ranged-attack",
            &fire,
            &mut ScriptedDice::new([3, 4]),
        )
        .expect_err("once a phase");
    assert!(again.message.contains("(10.3.5)"), "{}", again.message);
    // The next turn's Soviet Combat Phase: the MG has not flipped and gives defensive support.
    move_to(&mut desk, "first_combat");
    desk.act(
        Role::Finnish,
        "resolve-ranged-attack",
        &fire,
        &mut ScriptedDice::new([3, 4]),
    )
    .expect("defensive support (10.3.5)");
}

#[test]
fn an_attacker_of_armor_alone_takes_no_step_in_a_combat_12_1_1() {
    use crate::dice::source::ScriptedDice;
    let mut desk = table_at(
        "1/1",
        vec![
            roster_unit(
                1,
                Side::Soviet,
                "tank",
                &[("cs", 8), ("ma", 8), ("steps", 2)],
            ),
            roster_unit(
                2,
                Side::Finnish,
                "infantry",
                &[("cs", 4), ("ma", 5), ("steps", 2)],
            ),
        ],
        "first_combat",
    );
    let combat = serde_json::json!({
        "fight": "combat",
        "attackers": [{"hex": "0001", "units": [id(1)]}],
        "hex": "0002", "defenders": [id(2)],
        "shifts": {"fight": "combat", "attacker": "soviet"}
    });
    desk.act(
        Role::Soviet,
        "resolve-combat",
        &combat,
        &mut ScriptedDice::new([3, 4]),
    )
    .expect("resolves");
    desk.act(
        Role::Finnish,
        "take-losses",
        &serde_json::json!({"retreat": 1, "retreat_to": "0003"}),
        &mut ScriptedDice::new([]),
    )
    .expect("the defender retreats");
    // The tank owes its loss but ignores it: no step is forced (12.1.1).
    let (answer, _) = desk
        .act(
            Role::Soviet,
            "take-losses",
            &serde_json::json!({}),
            &mut ScriptedDice::new([]),
        )
        .expect("armor takes nothing");
    assert_eq!(answer.result["reduced"], 0);
    assert!(desk.extra.pending.is_empty());
    assert_eq!(
        desk.roster.units[&UnitId::parse(&id(1)).expect("id")].attributes["steps"],
        crate::games::assisted::roster::AttrValue::Number(2)
    );
}

#[test]
fn a_combat_against_the_roster_applies_scripted_dice_and_owes_losses() {
    use crate::dice::source::ScriptedDice;
    use crate::games::assisted::play::desk::Desk;
    let (mut desk, _) = Desk::<RedWinter>::start(Options::default()).expect("starts");
    let crt = "roll,1:2,1:1,2:1\n2,1/1,1/1,1/2\n3,1/1,1/1,1/2\n4,1/1,1/1,1/2\n5,1/1,1/1,1/2\n6,1/1,1/1,1/2\n7,1/1,1/1,1/2\n8,1/1,1/1,1/2\n9,1/1,1/1,1/2\n10,1/1,1/1,1/2\n11,1/1,1/1,1/2\n12,1/1,1/1,1/2";
    let charts =
        std::collections::BTreeMap::from([("crt".to_string(), from_csv(crt).expect("csv"))]);
    desk.enter_charts(Role::Umpire, charts).expect("enters");
    let unit = |n: u32, side: Side, cs: i64| Unit {
        id: UnitId::parse(&format!("{n:032x}")).expect("id"),
        side,
        name: format!("unit {n}"),
        unit_type: "infantry".into(),
        attributes: [("cs", cs), ("ma", 4), ("steps", 2)]
            .into_iter()
            .map(|(k, v)| {
                (
                    k.to_string(),
                    crate::games::assisted::roster::AttrValue::Number(v),
                )
            })
            .collect(),
        location: format!("{n:04}"),
        markers: Default::default(),
    };
    desk.add_units(
        Role::Umpire,
        vec![unit(1, Side::Soviet, 8), unit(2, Side::Finnish, 4)],
    )
    .expect("adds");
    let combat = serde_json::json!({
        "fight": "combat",
        "attackers": [{"hex": "0001", "units": [format!("{:032x}", 1)]}],
        "hex": "0002", "defenders": [format!("{:032x}", 2)],
        "shifts": {"fight": "combat", "attacker": "soviet"}
    });
    // Not in the reset phase.
    let refused = desk
        .act(
            Role::Soviet,
            "resolve-combat",
            &combat,
            &mut ScriptedDice::new([3, 4]),
        )
        .expect_err("wrong phase");
    assert_eq!(refused.code, "wrong_phase");
    while desk.phase().0 != "first_combat" {
        desk.advance(Role::Umpire, &mut ScriptedDice::new([]))
            .expect("advances");
    }
    let (answer, _) = desk
        .act(
            Role::Soviet,
            "resolve-combat",
            &combat,
            &mut ScriptedDice::new([3, 4]),
        )
        .expect("resolves");
    assert_eq!(answer.result["column"], "2:1");
    assert_eq!(answer.result["defender_losses"], 2);
    assert_eq!(desk.extra.pending.len(), 2);
    // The defender loses both steps of its one unit: eliminated, and off the roster.
    let two = format!("{:032x}", 2);
    desk.act(
        Role::Finnish,
        "take-losses",
        &serde_json::json!({"steps": [two, two]}),
        &mut ScriptedDice::new([]),
    )
    .expect("takes");
    assert!(!desk.roster.units.keys().any(|id| id.as_str() == two));
}

#[test]
fn the_new_campaign_box_sends_the_options_as_json_text() {
    use crate::games::Game;
    use crate::games::assisted::play::Assisted;
    let sent = serde_json::json!(r#"{"options": {"first_player": "finnish", "last_turn": 3}}"#);
    let scenario = Assisted::<RedWinter>::scenario(&sent).expect("reads");
    assert_eq!(scenario.options.first_player, Side::Finnish);
    let object = serde_json::json!({"options": {"last_turn": 3}});
    assert_eq!(
        Assisted::<RedWinter>::scenario(&object)
            .expect("reads")
            .options
            .last_turn,
        Some(3)
    );
    for bad in [
        serde_json::json!("not json"),
        serde_json::json!({"options": {"colour": 1}}),
    ] {
        let Err(refused) = Assisted::<RedWinter>::scenario(&bad) else {
            panic!("{bad} is accepted");
        };
        assert_eq!(refused.field, Some("scenario"), "{bad}");
    }
}

#[test]
fn the_catalogue_refuses_a_roll_no_die_shows_2_1() {
    let calculations = RedWinter::calculations();
    let calc = calculations
        .iter()
        .find(|c| c.about.name == "artillery-return-turn")
        .expect("listed");
    let refused = calc
        .run(
            &serde_json::json!({"turn": 9, "roll": 7}),
            &ChartSet::default(),
        )
        .expect_err("7 is no die's face");
    assert_eq!(refused.code, "not_a_die");
    assert_eq!(
        refused.message,
        "a die shows 1 to 6; 7 is not a die's face (2.1)"
    );
    assert_eq!(
        run(
            "artillery-return-turn",
            serde_json::json!({"turn": 9, "roll": 4})
        )
        .result,
        13
    );
}

#[test]
fn a_night_raid_counts_three_companies_besides_pajari_and_halves_from_the_lake_16_4() {
    use crate::dice::source::ScriptedDice;
    let company = |n, side| roster_unit(n, side, "infantry", &[("cs", 4), ("ma", 5), ("steps", 2)]);
    let mut weak = company(4, Side::Finnish);
    weak.markers.insert("reduced".into());
    let options = Options {
        night_turns: vec![1],
        ..Options::default()
    };
    let mut desk = table_with(
        options,
        "1/1",
        vec![
            company(1, Side::Finnish),
            company(2, Side::Finnish),
            company(3, Side::Finnish),
            weak,
            roster_unit(
                5,
                Side::Finnish,
                "leader",
                &[("cs", 0), ("ma", 5), ("steps", 1)],
            ),
            roster_unit(
                6,
                Side::Soviet,
                "infantry",
                &[("cs", 6), ("ma", 5), ("steps", 2)],
            ),
        ],
        "second_action",
    );
    let mut fnrt = "roll,result".to_string();
    for total in -5..=12 {
        fnrt.push_str(&format!("\n{total},1R"));
    }
    let charts =
        std::collections::BTreeMap::from([("fnrt".to_string(), from_csv(&fnrt).expect("csv"))]);
    desk.enter_charts(Role::Umpire, charts).expect("enters");
    let raid = |raiders: &[u32]| {
        serde_json::json!({
            "raiders": raiders.iter().map(|&n| id(n)).collect::<Vec<_>>(),
            "hex": "0006", "defenders": [id(6)], "from": "frozen_lake"
        })
    };
    // A reduced company may not raid (16.4).
    let refused = desk
        .act(
            Role::Finnish,
            "night-raid",
            &raid(&[1, 4]),
            &mut ScriptedDice::new([3, 3, 4]),
        )
        .expect_err("reduced");
    assert!(refused.message.ends_with("(16.4)"), "{}", refused.message);
    // Three companies and Pajari: he is not a fourth raider, and he adds 2 (12.3).
    let (answer, _) = desk
        .act(
            Role::Finnish,
            "night-raid",
            &raid(&[1, 2, 3, 5]),
            &mut ScriptedDice::new([3, 3, 4]),
        )
        .expect("raids");
    let said = answer.steps.join(" | ");
    assert!(said.contains("Pajari leads the raid (12.3)"), "{said}");
    // 12 from the lake halves to 6 against 6: 1:1, and the FNRT's 1R alone gives 2:1.
    assert!(said.contains("(8.2 case 1): 12 halves to 6"), "{said}");
    assert!(said.contains("reads the 2:1 column"), "{said}");
    let finns = desk
        .extra
        .pending
        .iter()
        .find(|l| l.side == Side::Finnish)
        .expect("the raiders owe a step");
    assert!(
        !finns.units.iter().any(|u| u.as_str() == id(5)),
        "Pajari takes no loss"
    );
    // One raid a night (16.4.1).
    desk.extra.pending.clear();
    let again = desk
        .act(
            Role::Finnish,
            "night-raid",
            &raid(&[1]),
            &mut ScriptedDice::new([3, 3, 4]),
        )
        .expect_err("one a night");
    assert_eq!(again.code, "raid_already_made");
}

#[test]
fn the_catalogue_reads_the_extended_examples_finnish_fire_10_4() {
    // 10.6.2's extended example: RAS 5, +3 for three companies, a 9 rolled: 17.
    let answer = run(
        "ranged-attack-total",
        serde_json::json!({"firer": "MG/ErP16", "side": "finnish", "ras": 5, "faces": [4, 5],
                           "modifiers": [{"reason": "three companies in the target hex", "drm": 3}]}),
    );
    assert_eq!(
        answer.result,
        serde_json::json!({"total": 17, "result": "suppressed_and_step"})
    );
    let hits = run(
        "at-fire-hits",
        serde_json::json!({"gun": "AT/JR16", "steps": 2, "range": "adjacent", "faces": [4, 3]}),
    );
    assert_eq!(hits.result, 1);
}

#[test]
fn at_fire_hits_take_steps_from_the_armor_on_the_roster_11_1() {
    use crate::dice::source::ScriptedDice;
    let mut desk = table_at(
        "1/1",
        vec![
            roster_unit(
                1,
                Side::Soviet,
                "tank",
                &[("cs", 6), ("ma", 8), ("steps", 2)],
            ),
            roster_unit(
                2,
                Side::Finnish,
                "at_gun",
                &[("cs", 1), ("ma", 3), ("steps", 2)],
            ),
            roster_unit(
                3,
                Side::Soviet,
                "infantry",
                &[("cs", 4), ("ma", 5), ("steps", 2)],
            ),
        ],
        "second_combat",
    );
    let fire = |targets: &[u32]| {
        serde_json::json!({"gun": id(2), "range": "adjacent",
                           "targets": targets.iter().map(|&n| serde_json::json!({"unit": id(n)})).collect::<Vec<_>>()})
    };
    let infantry = desk
        .act(
            Role::Finnish,
            "resolve-at-fire",
            &fire(&[3, 3]),
            &mut ScriptedDice::new([5, 5]),
        )
        .expect_err("not armor");
    assert!(
        infantry.message.ends_with("(11.0)."),
        "{}",
        infantry.message
    );
    // Two dice for two steps, +1 adjacent: a 4 hits (5), then a 4 again: the tank is gone.
    let (answer, _) = desk
        .act(
            Role::Finnish,
            "resolve-at-fire",
            &fire(&[1, 1]),
            &mut ScriptedDice::new([4, 4]),
        )
        .expect("fires");
    assert_eq!(answer.result["hits"], 2, "{:?}", answer.steps);
    assert!(!desk.roster.units.keys().any(|u| u.as_str() == id(1)));
    let again = desk
        .act(
            Role::Finnish,
            "resolve-at-fire",
            &fire(&[3, 3]),
            &mut ScriptedDice::new([4, 4]),
        )
        .expect_err("once a phase");
    assert!(again.message.contains("(11.0)"), "{}", again.message);
}

#[test]
fn recovery_and_a_replacement_point_flip_a_reduced_company_13_2_13_3() {
    use crate::dice::source::ScriptedDice;
    let company = |n| {
        let mut u = roster_unit(
            n,
            Side::Finnish,
            "infantry",
            &[("cs", 4), ("ma", 5), ("steps", 1)],
        );
        u.markers.insert("reduced".into());
        u
    };
    let mut desk = table_at("1/1", vec![company(1), company(2)], "second_reset");
    let mut table = "roll,result".to_string();
    for total in -3..=9 {
        let cell = if total >= 5 { "recovered" } else { "no_effect" };
        table.push_str(&format!("\n{total},{cell}"));
    }
    let charts = std::collections::BTreeMap::from([(
        "recovery".to_string(),
        from_csv(&table).expect("csv"),
    )]);
    desk.enter_charts(Role::Umpire, charts).expect("enters");
    // A replacement point, spent in the Reset Phase, flips company 1 (13.2).
    let none = desk
        .act(
            Role::Finnish,
            "spend-replacement",
            &serde_json::json!({"unit": id(1)}),
            &mut ScriptedDice::new([]),
        )
        .expect_err("no points");
    assert_eq!(none.code, "no_replacement_points");
    desk.extra.replacement_points = [0, 1];
    desk.act(
        Role::Finnish,
        "spend-replacement",
        &serde_json::json!({"unit": id(1)}),
        &mut ScriptedDice::new([]),
    )
    .expect("spent");
    assert_eq!(desk.extra.replacement_points, [0, 0]);
    assert!(!unit_of(&desk, 1).markers.contains("reduced"));
    assert_eq!(
        unit_of(&desk, 1).attributes["steps"],
        crate::games::assisted::roster::AttrValue::Number(2)
    );
    // Recovery in the Action Phase: a 4 with Pajari's +1 is 5, recovered (13.3, 12.3).
    move_to(&mut desk, "second_action");
    let (answer, _) = desk
        .act(
            Role::Finnish,
            "attempt-recovery",
            &serde_json::json!({"unit": id(2), "pajari": true}),
            &mut ScriptedDice::new([4]),
        )
        .expect("rolls");
    assert_eq!(answer.result["recovered"], true, "{:?}", answer.steps);
    assert!(!unit_of(&desk, 2).markers.contains("reduced"));
    let full = desk
        .act(
            Role::Finnish,
            "attempt-recovery",
            &serde_json::json!({"unit": id(1)}),
            &mut ScriptedDice::new([6]),
        )
        .expect_err("not reduced");
    assert!(full.message.ends_with("(13.3)."), "{}", full.message);
}

#[test]
fn ammo_is_spent_and_the_artillery_parks_strike_the_roster_12_4_1_12_4_3_12_4_4() {
    use crate::dice::source::ScriptedDice;
    let gun = |n, side, calibre| {
        roster_unit(
            n,
            side,
            "artillery",
            &[
                ("cs", 0),
                ("ma", 0),
                ("steps", 1),
                ("ras", 6),
                ("indirect", 1),
                ("calibre", calibre),
            ],
        )
    };
    let company = |n, side| roster_unit(n, side, "infantry", &[("cs", 4), ("ma", 5), ("steps", 2)]);
    let mut desk = table_at(
        "1/1",
        vec![
            gun(1, Side::Soviet, 76),
            gun(2, Side::Soviet, 76),
            gun(3, Side::Soviet, 122),
            company(4, Side::Finnish),
            gun(5, Side::Finnish, 76),
            company(6, Side::Soviet),
            company(7, Side::Finnish),
        ],
        "first_combat",
    );
    let mut rat = "roll,result".to_string();
    for total in 1..=29 {
        rat.push_str(&format!("\n{total},none"));
    }
    let charts =
        std::collections::BTreeMap::from([("rat".to_string(), from_csv(&rat).expect("csv"))]);
    desk.enter_charts(Role::Umpire, charts).expect("enters");
    let fire = serde_json::json!({"firer": id(1), "hex": "0007", "targets": [id(7)]});
    let dry = desk
        .act(
            Role::Soviet,
            "resolve-ranged-attack",
            &fire,
            &mut ScriptedDice::new([3, 4]),
        )
        .expect_err("no ammo");
    assert_eq!(dry.code, "no_ammo");
    desk.extra.ammo = [7, 0];
    desk.act(
        Role::Soviet,
        "resolve-ranged-attack",
        &fire,
        &mut ScriptedDice::new([3, 4]),
    )
    .expect("fires");
    assert_eq!(desk.extra.ammo, [6, 0], "one ammo a 76mm shot (12.4.1)");
    move_to(&mut desk, "second_action");
    let park = serde_json::json!({"unit": id(4), "removed_battalion": id(2)});
    desk.act(
        Role::Finnish,
        "soviet-artillery-park",
        &park,
        &mut ScriptedDice::new([]),
    )
    .expect("the park strikes");
    let on_roster = |desk: &crate::games::assisted::play::desk::Desk<RedWinter>, n| {
        desk.roster.units.keys().any(|u| u.as_str() == id(n))
    };
    assert!(!on_roster(&desk, 4), "the company leaves the game");
    assert!(!on_roster(&desk, 3), "event (a): the 354th is gone");
    assert!(
        !on_roster(&desk, 2),
        "event (b): one 76mm battalion is gone"
    );
    assert_eq!(desk.extra.ammo[0], 3, "6 loses 3 (12.4.3 b)");
    assert_eq!(unit_of(&desk, 1).location, "Turn Track, turn 6");
    let again = desk
        .act(
            Role::Finnish,
            "soviet-artillery-park",
            &serde_json::json!({"unit": id(7)}),
            &mut ScriptedDice::new([]),
        )
        .expect_err("once a turn");
    assert_eq!(again.code, "park_done");
    desk.act(
        Role::Soviet,
        "finnish-artillery-park",
        &serde_json::json!({"unit": id(6)}),
        &mut ScriptedDice::new([]),
    )
    .expect("the Finnish park");
    assert!(
        !on_roster(&desk, 5),
        "every Finnish battery is gone (12.4.4)"
    );
}

#[test]
fn pajari_caught_is_lost_on_a_one_and_otherwise_joins_a_company_12_3_1() {
    use crate::dice::source::ScriptedDice;
    let units = || {
        vec![
            roster_unit(
                4,
                Side::Finnish,
                "infantry",
                &[("cs", 4), ("ma", 5), ("steps", 2)],
            ),
            roster_unit(
                5,
                Side::Finnish,
                "leader",
                &[("cs", 0), ("ma", 5), ("steps", 1)],
            ),
        ]
    };
    let caught = serde_json::json!({"why": "retreat_into_ezoc", "join": id(4)});
    let mut desk = table_at("1/1", units(), "first_combat");
    desk.act(
        Role::Finnish,
        "pajari-caught",
        &caught,
        &mut ScriptedDice::new([1]),
    )
    .expect("rolls");
    assert!(
        !desk.roster.units.keys().any(|u| u.as_str() == id(5)),
        "captured on a 1"
    );
    let mut desk = table_at("1/1", units(), "first_combat");
    let (answer, _) = desk
        .act(
            Role::Finnish,
            "pajari-caught",
            &caught,
            &mut ScriptedDice::new([2]),
        )
        .expect("rolls");
    assert_eq!(answer.result["lost"], false);
    assert_eq!(unit_of(&desk, 5).location, "0004");
    let soviet = desk
        .act(
            Role::Soviet,
            "pajari-caught",
            &caught,
            &mut ScriptedDice::new([2]),
        )
        .expect_err("the Finns roll");
    assert!(soviet.message.contains("(12.3.1)"));
}

/// Dice procedures are rolled by the side and in the phases their rules give (the umpire may
/// always, and out of them both sides read that the umpire did): Pajari's fate (12.3.1) comes of
/// a retreat or an enemy entering his hex, so in an Action or Combat Phase; a Sub-Zero Loss roll
/// (16.3) is the rolling side's, in its half of the Sub-Zero Loss Phase.
#[test]
fn dice_procedures_are_rolled_in_the_phases_their_rules_give() {
    use crate::dice::source::ScriptedDice;
    let params = serde_json::json!({});
    let mut desk = table_at("1/1", Vec::new(), "first_reset");
    let refused = desk
        .procedure(
            Role::Finnish,
            "pajari-fate",
            &params,
            &mut ScriptedDice::new([4]),
        )
        .expect_err("not in a Reset Phase");
    assert_eq!(refused.code, "wrong_phase", "{}", refused.message);
    assert!(
        refused.message.contains("Action Phase"),
        "{}",
        refused.message
    );
    let (_, events) = desk
        .procedure(
            Role::Umpire,
            "pajari-fate",
            &params,
            &mut ScriptedDice::new([4]),
        )
        .expect("the umpire may");
    assert!(
        events.iter().any(|e| e
            .sentence()
            .contains("outside the phases the rules give it")),
        "{events:?}"
    );
    move_to(&mut desk, "first_action");
    desk.procedure(
        Role::Finnish,
        "pajari-fate",
        &params,
        &mut ScriptedDice::new([4]),
    )
    .expect("either side, in an Action Phase");
    // The Sub-Zero Loss Phase's Soviet half is the Soviets' to roll in.
    let options = Options {
        night_turns: vec![1],
        ..Options::default()
    };
    let mut desk = table_with(options, "1/1", Vec::new(), "sub_zero_soviet");
    let roll = serde_json::json!({"who": "the stack in 0815", "side": "finnish"});
    let refused = desk
        .procedure(
            Role::Finnish,
            "sub-zero-loss",
            &roll,
            &mut ScriptedDice::new([4]),
        )
        .expect_err("the Soviets' half");
    assert_eq!(refused.code, "not_your_phase", "{}", refused.message);
}

/// The board opens a Combat's form with what the map decides filled in: the attacking side, and
/// frozen lake under the defender (8.3 case 5) and under everyone (its note); the players still
/// choose the rest.
#[test]
fn the_board_fills_in_the_frozen_lake_cases_from_the_map_8_3_case_5() {
    let lake = || vec![FROZEN_LAKE.to_string()];
    let everyone = MapFacts {
        attacker: Some(Side::Soviet),
        defender: lake(),
        attackers: vec![lake(), lake()],
    };
    let filled = RedWinter::filled_from_map("resolve-combat", &everyone);
    for (field, value) in [
        ("shifts.attacker", "soviet"),
        ("shifts.defender_on_frozen_lake", "true"),
        ("all_on_frozen_lake", "true"),
        ("shifts.all_on_frozen_lake", "true"),
    ] {
        assert!(
            filled.contains(&(field.to_string(), value.to_string())),
            "{field} in {filled:?}"
        );
    }
    let one_on_shore = MapFacts {
        attackers: vec![lake(), vec!["forest".into()]],
        ..everyone.clone()
    };
    let filled = RedWinter::filled_from_map("resolve-combat", &one_on_shore);
    assert!(
        filled
            .iter()
            .any(|(f, _)| f == "shifts.defender_on_frozen_lake")
    );
    assert!(
        !filled
            .iter()
            .any(|(f, _)| f.ends_with("all_on_frozen_lake"))
    );
    assert!(RedWinter::filled_from_map("take-losses", &everyone).is_empty());
}
