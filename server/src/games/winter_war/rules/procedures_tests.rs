use super::*;
use crate::dice::source::ScriptedDice;

#[test]
fn t_ww_11_paratroop_drop_at_every_edge() {
    for (face, drop) in [
        (1, Drop::Lands),
        (4, Drop::Lands),
        (5, Drop::Aborted),
        (6, Drop::Eliminated),
    ] {
        let mut dice = ScriptedDice::new([face]);
        assert_eq!(paratroop_drop(&mut dice, true).value, drop, "{face}");
        assert_eq!(dice.rolls.len(), 1);
    }
    let mut dice = ScriptedDice::new([]);
    assert_eq!(paratroop_drop(&mut dice, false).value, Drop::Lands);
    assert!(dice.rolls.is_empty(), "no roll away from the Finns");
}

#[test]
fn t_ww_14_naval_gunfire() {
    for (face, hit) in [(1, true), (3, true), (4, false), (6, false)] {
        let mut dice = ScriptedDice::new([face]);
        let result = naval_gunfire(&mut dice);
        assert_eq!(result.value, hit, "{face}");
        assert!(result.steps[0].starts_with(&format!("rolled {face}")));
    }
}

#[test]
fn t_ww_15_amphibious_landing() {
    for (face, lands) in [(1, true), (4, true), (5, false), (6, false)] {
        let mut dice = ScriptedDice::new([face]);
        assert_eq!(
            amphibious_landing(&mut dice, false)
                .expect("no freeze")
                .value,
            lands
        );
    }
    let mut dice = ScriptedDice::new([1]);
    assert_eq!(
        amphibious_landing(&mut dice, true),
        Err(WinterWarError::AmphibiousInFreeze)
    );
    assert_eq!(dice.remaining(), 1, "no roll in a freeze");
}

#[test]
fn t_ww_12_allied_intervention_capped_on_the_arctic_coast() {
    let mut dice = ScriptedDice::new([6, 2]);
    let result = allied_intervention(&mut dice, 4, ALLIED_UNITS);
    assert_eq!(
        result.value,
        Intervention {
            units: 5,
            landing: AlliedLanding::ArcticCoast,
            arrives: 5,
            soviet_compensation: 6,
        }
    );
    assert!(result.steps[0].contains("only 5 are left"));
    for (count, place, units, landing) in [
        (1, 3, 1, AlliedLanding::ArcticCoast),
        (3, 4, 3, AlliedLanding::SwedenOrNorway),
        (5, 6, 5, AlliedLanding::SwedenOrNorway),
    ] {
        let mut dice = ScriptedDice::new([count, place]);
        let value = allied_intervention(&mut dice, 2, ALLIED_UNITS).value;
        assert_eq!((value.units, value.landing), (units, landing));
    }
    let mut dice = ScriptedDice::new([4, 1]);
    assert_eq!(allied_intervention(&mut dice, 2, 0).value.units, 0);
}

#[test]
fn scandinavian_units_arrive_on_the_turns_rolled() {
    let mut dice = ScriptedDice::new([1, 6]);
    assert_eq!(scandinavian_arrivals(&mut dice).value, (1, 6));
    assert_eq!(dice.rolls.len(), 2);
}
