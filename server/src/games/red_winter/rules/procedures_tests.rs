use super::super::charts::tests::{invented_crt, invented_modifiers};
use super::super::charts::{chart_spec, rat_from_text};
use super::*;
use crate::core::domain::Role;
use crate::dice::source::ScriptedDice;
use crate::games::assisted::charts::RawChart;

fn charts_with(entries: &[(&str, RawChart)]) -> ChartSet {
    let mut charts = ChartSet::default();
    for (code, raw) in entries {
        let spec = chart_spec(code).expect("declared");
        charts
            .enter(&spec, raw.clone(), Role::Umpire, "Turn 1")
            .expect("entered");
    }
    charts
}

fn fire(firer: &str, side: Side, ras: i64) -> RangedAttack {
    RangedAttack {
        firer: firer.into(),
        side,
        ras,
        indirect: false,
        spotting: Spotting::Direct,
        target_dug_in: false,
        night: false,
        conditions: Vec::new(),
    }
}

#[test]
fn t_rw_17_the_extended_example_on_the_rat() {
    let charts = charts_with(&[
        (RAT, rat_from_text()),
        // INVENTED test data: the density modifier as the extended example uses it (RW-A6).
        (
            RAT_DRM,
            invented_modifiers(&[("3 companies in target", "3")]),
        ),
    ]);
    let mut dice = ScriptedDice::new([3, 4, 4, 5, 4, 5]);
    let mg = ranged_attack(&charts, &mut dice, &fire("Soviet MG", Side::Soviet, 5)).expect("fires");
    assert_eq!(
        (mg.value.total, mg.value.suppressed, mg.value.steps),
        (12, false, 0)
    );
    let mut mortar = fire("Soviet mortar", Side::Soviet, 4);
    mortar.indirect = true;
    mortar.spotting = Spotting::MortarSelf;
    let m = ranged_attack(&charts, &mut dice, &mortar).expect("fires");
    assert_eq!(
        (m.value.total, m.value.suppressed, m.value.steps),
        (14, true, 0)
    );
    let mut finn = fire("Finnish MG", Side::Finnish, 5);
    finn.conditions = vec!["3 companies in target".into()];
    let f = ranged_attack(&charts, &mut dice, &finn).expect("fires");
    assert_eq!(
        (f.value.total, f.value.suppressed, f.value.steps),
        (17, true, 1)
    );
    assert_eq!(f.value.reading.version, 1);
    assert!(
        f.steps
            .iter()
            .any(|s| s.contains("column result of rat version 1: S+1")),
        "{f:?}"
    );
    assert_eq!(dice.rolls.len(), 3);
    assert_eq!(dice.rolls[2].roller, Role::Finnish);
    assert_eq!(dice.rolls[0].sides, [6, 6]);
}

#[test]
fn rat_modifiers_and_table_edges() {
    let charts = charts_with(&[(RAT, rat_from_text())]);
    let total = |f: &RangedAttack, faces: [u32; 2]| {
        let mut dice = ScriptedDice::new(faces);
        ranged_attack(&charts, &mut dice, f).expect("fires").value
    };
    let mut dug = fire("MG", Side::Finnish, 5);
    dug.target_dug_in = true;
    assert_eq!(total(&dug, [6, 5]).total, 14, "direct fire at Dug-In: −2");
    dug.indirect = true;
    dug.spotting = Spotting::DistantSpotter;
    assert_eq!(
        total(&dug, [6, 5]).total,
        14,
        "indirect −1, distant spotter −1"
    );
    let mut gun = fire("IG", Side::Soviet, 3);
    gun.spotting = Spotting::InfantryGunSelf;
    gun.night = true;
    assert_eq!(total(&gun, [6, 6]).total, 15);
    let plain = fire("MG", Side::Soviet, 0);
    assert!(
        !total(&plain, [1, 1]).suppressed,
        "2 is below the chart: no effect"
    );
    let big = fire("152mm", Side::Soviet, 9);
    assert_eq!(total(&big, [6, 6]).steps, 1, "21 reads the last band");
    let mut dice = ScriptedDice::new([]);
    let empty = ChartSet::default();
    assert_eq!(
        ranged_attack(&empty, &mut dice, &plain)
            .map(|_| ())
            .expect_err("no RAT")
            .to_string(),
        "there is no chart `rat`"
    );
    assert_eq!(dice.rolls.len(), 0, "nothing is rolled without the chart");
}

fn at(steps: u32, range: AtRange, targets: &[&str]) -> AtFire {
    AtFire {
        gun: "AT/JR16".into(),
        side: Side::Finnish,
        steps,
        range,
        targets: targets.iter().map(|t| ((*t).to_string(), None)).collect(),
    }
}

#[test]
fn t_rw_18_and_19_at_fire_dice_and_hit_numbers() {
    let charts = ChartSet::default();
    let mut dice = ScriptedDice::new([5, 4]);
    let full = at_fire(
        &charts,
        &mut dice,
        &at(2, AtRange::Two, &["T-26 a", "T-26 b"]),
    )
    .expect("fires");
    assert_eq!(
        full.value.iter().map(|s| s.hit).collect::<Vec<_>>(),
        [true, false]
    );
    assert_eq!(
        dice.rolls.len(),
        2,
        "one roll per die, each after its target"
    );
    assert!(dice.rolls[1].purpose.contains("T-26 b"));
    let mut dice = ScriptedDice::new([4, 3]);
    let adjacent =
        at_fire(&charts, &mut dice, &at(1, AtRange::Adjacent, &["T-26"])).expect("fires");
    assert!(adjacent.value[0].hit, "4 + 1 = 5");
    let missed = at_fire(&charts, &mut dice, &at(1, AtRange::Adjacent, &["T-26"])).expect("fires");
    assert!(!missed.value[0].hit);
    let mut dice = ScriptedDice::new([3, 2]);
    assert!(
        at_fire(&charts, &mut dice, &at(1, AtRange::Assault, &["T-26"]))
            .expect("fires")
            .value[0]
            .hit
    );
    assert!(
        !at_fire(&charts, &mut dice, &at(1, AtRange::Assault, &["T-26"]))
            .expect("fires")
            .value[0]
            .hit,
        "2 + 2 misses: not +3 (RW-A7)"
    );
    let refused =
        at_fire(&charts, &mut dice, &at(2, AtRange::Two, &["T-26"])).expect_err("refused");
    assert_eq!(
        refused,
        RulesError::AtTargets {
            dice: 2,
            targets: 1
        }
    );
    assert!(matches!(
        at_fire(&charts, &mut dice, &at(0, AtRange::Two, &[])),
        Err(RulesError::NoSteps { .. })
    ));
    let mut soviet = at(1, AtRange::Two, &["tank"]);
    soviet.side = Side::Soviet;
    assert!(matches!(
        at_fire(&charts, &mut dice, &soviet),
        Err(RulesError::NotAllowed { rule: "11.0", .. })
    ));
}

#[test]
fn at_fire_reads_entered_target_modifiers() {
    // INVENTED test data: not the ATFT's real modifiers.
    let charts = charts_with(&[(
        ATFT_DRM,
        invented_modifiers(&[("armored car", "+1"), ("tank", "0")]),
    )]);
    let mut fire = at(1, AtRange::Two, &[]);
    fire.targets = vec![("BA-10".into(), Some("armored car".into()))];
    let mut dice = ScriptedDice::new([4]);
    let e = at_fire(&charts, &mut dice, &fire).expect("fires");
    assert!(e.value[0].hit);
    assert_eq!(e.value[0].total, 5);
}

#[test]
fn t_rw_21_the_crt_roll_reads_the_entered_column_with_no_modifiers() {
    let charts = charts_with(&[(CRT, invented_crt())]);
    let one_to_one = Odds::parse("1:1").expect("odds");
    let mut dice = ScriptedDice::new([4, 4, 1, 1, 6, 6]);
    let e = combat_roll(&charts, &mut dice, Side::Soviet, "L12", one_to_one).expect("rolls");
    assert_eq!((e.value.1, e.value.2), (1, 1));
    assert_eq!(e.value.0.version, 1);
    let low = combat_roll(
        &charts,
        &mut dice,
        Side::Soviet,
        "L12",
        Odds::parse("1:4").expect("odds"),
    )
    .expect("rolls");
    assert_eq!((low.value.1, low.value.2), (3, 0));
    let high = combat_roll(
        &charts,
        &mut dice,
        Side::Finnish,
        "L12",
        Odds::parse("6:1").expect("odds"),
    )
    .expect("rolls");
    assert_eq!((high.value.1, high.value.2), (0, 4));
    assert_eq!(dice.rolls[2].roller, Role::Finnish);
    let none = ChartSet::default();
    assert!(matches!(
        combat_roll(&none, &mut dice, Side::Soviet, "L12", one_to_one),
        Err(RulesError::Chart(_))
    ));
}

#[test]
fn t_rw_20_the_354th_and_pajari() {
    let mut dice = ScriptedDice::new([4, 6, 1, 2, 6]);
    assert_eq!(
        artillery_delay(&mut dice, "1/354", 9, Some(32)).value,
        Some(13)
    );
    assert_eq!(
        artillery_delay(&mut dice, "2/354", 29, Some(32)).value,
        None
    );
    assert_eq!(pajari_loss(&mut dice).value, PajariFate::Lost);
    assert_eq!(pajari_loss(&mut dice).value, PajariFate::Escapes);
    assert_eq!(pajari_loss(&mut dice).value, PajariFate::Escapes);
    assert_eq!(dice.remaining(), 0);
}
