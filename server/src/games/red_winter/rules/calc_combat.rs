//! A whole Combat, Assault or Night Raid up to its CRT column (8.1 steps 6 and 7): strengths,
//! ratio, shifts and column in one explanation.

use super::calc_odds::combat_column;
use super::calc_shifts::{ShiftCase, column_shifts};
use super::calc_strength::{AttackingStack, Piece, attack_strength, defence_strength};
use super::error::RulesError;
use crate::games::assisted::calc::{Explained, Odds, Working};
use serde::{Deserialize, Serialize};

/// Everything the players declare for one attack on one hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Attack {
    /// The attacking stacks.
    pub attackers: Vec<AttackingStack>,
    /// The defending hex.
    pub hex: String,
    /// The units defending it.
    pub defenders: Vec<Piece>,
    /// A night turn.
    #[serde(default)]
    pub night: bool,
    /// Everyone is on frozen lake (8.3 case 5 note): no halving, one column to the Finns.
    #[serde(default)]
    pub all_on_frozen_lake: bool,
    /// The column shift cases.
    pub shifts: ShiftCase,
}

/// The CRT column an attack reads (8.2, 8.3, 8.3.1), every step explained.
pub fn attack_column(attack: &Attack, columns: &[Odds]) -> Result<Explained<Odds>, RulesError> {
    let mut work = Working::new();
    let a = work.take(attack_strength(
        &attack.attackers,
        attack.night,
        attack.all_on_frozen_lake,
    )?);
    let d = work.take(defence_strength(
        &attack.hex,
        &attack.defenders,
        attack.night,
    ));
    let mut shifts = attack.shifts.clone();
    shifts.all_on_frozen_lake |= attack.all_on_frozen_lake;
    let net = work.take(column_shifts(&shifts));
    let column = work.take(combat_column(a, d, net, columns)?);
    Ok(work.done(column))
}

#[cfg(test)]
mod tests {
    use super::super::calc_losses::{LossPlan, LossTaker, check_losses};
    use super::super::calc_odds::default_columns;
    use super::super::calc_shifts::Fight;
    use super::super::calc_strength::AttackFrom;
    use super::*;
    use crate::core::domain::Side;

    fn piece(name: &str, cs: u32, boxed: bool) -> Piece {
        Piece {
            name: name.into(),
            cs,
            boxed,
            parenthesized: false,
            armored: false,
            retreated: false,
        }
    }

    /// The rules' extended example (T-RW-05, T-RW-17, T-RW-21): 13 across the bridge against
    /// a boxed MG, one suppression each way, 1:1, then an 8 on the CRT gives 1/1.
    #[test]
    fn the_extended_example_from_strengths_to_losses() {
        let mut shifts = ShiftCase::new(Fight::Combat, Side::Soviet);
        shifts.attacker_suppressions = 1;
        shifts.defender_suppressions = 1;
        let attack = Attack {
            attackers: vec![AttackingStack {
                hex: "K13".into(),
                from: AttackFrom::Bridge,
                units: vec![
                    piece("1/II", 4, false),
                    piece("2/II", 4, false),
                    piece("3/II", 5, false),
                ],
            }],
            hex: "K12".into(),
            defenders: vec![piece("MG/ErP16", 3, true)],
            night: false,
            all_on_frozen_lake: false,
            shifts,
        };
        let e = attack_column(&attack, &default_columns()).expect("column");
        assert_eq!(e.value.to_string(), "1:1");
        let said = e.steps.join(" | ");
        for sentence in [
            "13 halves to 7 (rounded up)",
            "3 doubles to 6",
            "7 against 6 rounds in favour of the defender to 1:1",
            "suppression: 1R and 1L net to no shift",
            "7:6 with no shift reads the 1:1 column",
        ] {
            assert!(said.contains(sentence), "{sentence} in {said}");
        }
        // The roll of 8 gives 1/1 (T-RW-21): the defender flips the MG, the attacker a company.
        let mg = [LossTaker {
            name: "MG/ErP16".into(),
            steps: 2,
            ma: 4,
            armored: false,
        }];
        let d = check_losses(
            Fight::Combat,
            false,
            1,
            &mg,
            &LossPlan {
                steps: vec![0],
                retreat: 0,
                ..LossPlan::default()
            },
        )
        .expect("defender first");
        assert_eq!(d.value.reduced, [0]);
        let companies = [LossTaker {
            name: "1/II".into(),
            steps: 2,
            ma: 5,
            armored: false,
        }];
        check_losses(
            Fight::Combat,
            true,
            1,
            &companies,
            &LossPlan {
                steps: vec![0],
                retreat: 0,
                ..LossPlan::default()
            },
        )
        .expect("the attacker's first loss is a step");
    }

    #[test]
    fn a_night_raid_keeps_the_strength_rules_but_only_the_fnrt_shift() {
        let mut shifts = ShiftCase::new(Fight::NightRaid, Side::Finnish);
        shifts.night_raid_shift = 1;
        shifts.defender_dug_in = true;
        let raid = Attack {
            attackers: vec![AttackingStack {
                hex: "H9".into(),
                from: AttackFrom::FrozenLake,
                units: vec![piece("1/ErP16", 5, false), piece("2/ErP16", 5, false)],
            }],
            hex: "G9".into(),
            defenders: vec![piece("AT/609", 2, true)],
            night: true,
            all_on_frozen_lake: false,
            shifts,
        };
        let e = attack_column(&raid, &default_columns()).expect("column");
        // 10 on the lake halves to 5 against a boxed 2 doubled to 4: 1:1, 1R from the FNRT: 2:1.
        assert_eq!(e.value.to_string(), "2:1");
        assert!(!e.steps.iter().any(|s| s.contains("Dug-In")), "RW-A10");
    }

    #[test]
    fn everyone_on_the_lake_turns_off_halving_and_favours_the_finns() {
        let attack = Attack {
            attackers: vec![AttackingStack {
                hex: "H9".into(),
                from: AttackFrom::FrozenLake,
                units: vec![piece("inf", 8, false)],
            }],
            hex: "G9".into(),
            defenders: vec![piece("Finn", 4, false)],
            night: false,
            all_on_frozen_lake: true,
            shifts: ShiftCase::new(Fight::Combat, Side::Soviet),
        };
        // 8 against 4 is 2:1; 1L for the Finns defending: 1:1.
        assert_eq!(
            attack_column(&attack, &default_columns())
                .expect("column")
                .value
                .to_string(),
            "1:1"
        );
    }
}
