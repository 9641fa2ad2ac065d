//! Red Winter's declarations: the turn track, the catalogue against the rules' own vectors, hooks,
//! what each side sees, and the helpers the other declaration tests share. Combats are in
//! `combat_tests`, procedures on the roster in `roster_tests`.

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
