//! Ammo, replacement points and victory points (12.1.4, 12.4, 13.2): what armor costs in VPs,
//! what the Artillery Park takes, what recovery of strength costs, when delayed artillery returns.

use super::error::RulesError;
use crate::games::assisted::calc::{Explained, Rounding, Working, scale};

/// The Finnish VPs for armor the Soviets commit (12.1.4): the Turn Track's cost per unit times
/// the units committed, added to the Finnish total.
pub fn armor_commitment_vp(units: u32, vp_each: u32) -> Explained<u32> {
    let vp = units.saturating_mul(vp_each);
    Explained::new(
        vp,
        format!(
            "{units} armored unit(s) committed at {vp_each} VP each give the Finns {vp} VP (12.1.4)"
        ),
    )
}

/// The Soviet 76mm ammo after one 76mm Ranged Attack (12.4.1): one less; none left refuses.
pub fn spend_ammo(ammo: u32) -> Result<Explained<u32>, RulesError> {
    let left = ammo.checked_sub(1).ok_or(RulesError::NoAmmo)?;
    Ok(Explained::new(
        left,
        format!("a 76mm Ranged Attack spends 1 ammo (12.4.1): {ammo} becomes {left}"),
    ))
}

/// What the Soviet Artillery Park's second event does (12.4.3 b).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParkLoss {
    /// Ammo lost: half, rounded down (RW-A9).
    pub lost: u32,
    /// Ammo left.
    pub left: u32,
    /// The turn the remaining 76mm battalions come back, 5 turns on.
    pub return_turn: u32,
}

/// The Soviet Artillery Park's event (b) on `turn` with `ammo` 76mm ammo (12.4.3 b): half the
/// ammo is lost, rounded down; one 76mm counter is removed; the rest return 5 turns later.
pub fn artillery_park(ammo: u32, turn: u32) -> Explained<ParkLoss> {
    let mut work = Working::new();
    let lost = work.take(scale(
        "the Artillery Park loses half the 76mm ammo (12.4.3 b)",
        ammo,
        1,
        2,
        Rounding::Down,
    ));
    let left = ammo - lost;
    let return_turn = turn.saturating_add(5);
    work.step(format!("{ammo} ammo less {lost} leaves {left}"));
    work.step("one 76mm artillery counter is removed from the game");
    work.step(format!(
        "the other 76mm battalions are out for the next 4 turns and return on turn {return_turn}"
    ));
    work.done(ParkLoss {
        lost,
        left,
        return_turn,
    })
}

/// Replacement points to bring back an infantry company (13.2, 13.2.1): 1 to flip a reduced
/// company on the map; from the Dead Pool, 2 at reduced strength and 3 at full.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replacement {
    /// Flip a reduced, in-supply company to full strength.
    Flip,
    /// Reconstitute an eliminated company at reduced strength.
    ReconstituteReduced,
    /// Reconstitute an eliminated company at full strength.
    ReconstituteFull,
}

/// The replacement points `what` costs (13.2, 13.2.1).
pub fn replacement_cost(what: Replacement) -> Explained<u32> {
    let (cost, how) = match what {
        Replacement::Flip => (1, "flipping a reduced company to full strength (13.2)"),
        Replacement::ReconstituteReduced => {
            (2, "reconstituting a company at reduced strength (13.2.1)")
        }
        Replacement::ReconstituteFull => (3, "reconstituting a company at full strength (13.2.1)"),
    };
    Explained::new(cost, format!("{how} costs {cost} RP"))
}

/// Checks where a reconstituted company is put on the map (13.2.1): within 10 hexes of a
/// friendly supply source and 4 or more from every enemy unit, unless on the source itself;
/// `None` distances are the players' own check (a campaign without a map). Whether the hex
/// would put it in supply is always the players' check.
pub fn reconstitution_hex(
    to_source: Option<u32>,
    nearest_enemy: Option<u32>,
) -> Result<Explained<()>, RulesError> {
    let on_source = to_source == Some(0);
    if let Some(far) = to_source
        && far > 10
    {
        return Err(RulesError::Reconstitution {
            why: format!(
                "the hex is {far} hexes from the nearest friendly supply source; at most 10"
            ),
        });
    }
    if let Some(near) = nearest_enemy
        && near < 4
        && !on_source
    {
        return Err(RulesError::Reconstitution {
            why: format!(
                "an enemy unit is {near} hex(es) away; off a supply source it must be 4 or more"
            ),
        });
    }
    Ok(Explained::new(
        (),
        match (to_source, nearest_enemy) {
            (Some(far), Some(near)) => format!(
                "the hex is {far} hex(es) from a friendly supply source and {near} from the nearest enemy (13.2.1)"
            ),
            _ => "the players have checked the hex: within 10 hexes of a friendly supply source, 4 or more from every enemy unit (13.2.1)".to_string(),
        },
    ))
}

/// A die's face (2.1): 1 to 6, anything else refused.
pub fn die_face(roll: u32) -> Result<u32, RulesError> {
    if (1..=6).contains(&roll) {
        Ok(roll)
    } else {
        Err(RulesError::NotADie { roll })
    }
}

/// When a 354th Regiment unit may fire again (12.4.2): the current turn plus the die; `None`
/// when that is after the last turn, and the unit leaves the game. A roll no die shows is refused.
pub fn artillery_return_turn(
    turn: u32,
    roll: u32,
    last_turn: Option<u32>,
) -> Result<Explained<Option<u32>>, RulesError> {
    let roll = die_face(roll)?;
    let back = turn.saturating_add(roll);
    Ok(match last_turn {
        Some(last) if back > last => Explained::new(
            None,
            format!(
                "fired on turn {turn}, rolled {roll}: turn {back} is after the last turn, {last}, so the unit is removed from the game (12.4.2)"
            ),
        ),
        _ => Explained::new(
            Some(back),
            format!("fired on turn {turn}, rolled {roll}: available again on turn {back} (12.4.2)"),
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t_rw_15_four_tanks_on_turn_thirty() {
        let e = armor_commitment_vp(4, 2);
        assert_eq!(e.value, 8);
        assert_eq!(
            e.steps[0],
            "4 armored unit(s) committed at 2 VP each give the Finns 8 VP (12.1.4)"
        );
        assert_eq!(armor_commitment_vp(0, 2).value, 0);
    }

    #[test]
    fn t_rw_16_the_artillery_park_on_turn_twelve() {
        let e = artillery_park(7, 12);
        assert_eq!(
            e.value,
            ParkLoss {
                lost: 3,
                left: 4,
                return_turn: 17
            }
        );
        assert!(e.steps[0].ends_with("7 halves to 3 (rounded down)"));
        assert_eq!(artillery_park(0, 1).value.lost, 0);
        assert_eq!(artillery_park(1, 1).value.left, 1);
    }

    #[test]
    fn t_rw_20_the_354th_fires_on_nine_and_rolls_four() {
        let back = |turn, roll, last| artillery_return_turn(turn, roll, last).map(|e| e.value);
        assert_eq!(back(9, 4, Some(32)), Ok(Some(13)));
        assert_eq!(back(30, 3, Some(32)), Ok(None));
        assert_eq!(back(30, 2, Some(32)), Ok(Some(32)));
        assert_eq!(back(30, 6, None), Ok(Some(36)));
    }

    #[test]
    fn a_roll_no_die_shows_is_refused_not_read_as_turns_2_1() {
        // 12.4.2 rolls one die (2.1): 7 or 0 is no face of it.
        for roll in [0, 7, 12] {
            let refused = artillery_return_turn(9, roll, None).expect_err("not a die");
            assert_eq!(refused, RulesError::NotADie { roll });
            assert_eq!(
                refused.to_string(),
                format!("a die shows 1 to 6; {roll} is not a die's face (2.1)")
            );
        }
        assert_eq!(die_face(6), Ok(6));
    }

    /// 13.2.1: within 10 of a supply source, 4 or more from the enemy unless on the source.
    #[test]
    fn a_reconstituted_company_is_put_near_its_source_and_clear_of_the_enemy_13_2_1() {
        assert!(reconstitution_hex(Some(10), Some(4)).is_ok());
        assert!(reconstitution_hex(Some(0), Some(1)).is_ok());
        let far = reconstitution_hex(Some(11), Some(9)).expect_err("too far");
        assert!(far.to_string().ends_with("(13.2.1)"), "{far}");
        assert!(reconstitution_hex(Some(3), Some(3)).is_err());
        assert!(reconstitution_hex(None, None).is_ok());
    }

    #[test]
    fn t_rw_23_replacement_costs_and_ammo() {
        assert_eq!(replacement_cost(Replacement::ReconstituteReduced).value, 2);
        assert_eq!(replacement_cost(Replacement::ReconstituteFull).value, 3);
        assert_eq!(replacement_cost(Replacement::Flip).value, 1);
        assert_eq!(spend_ammo(1).map(|e| e.value), Ok(0));
        assert_eq!(spend_ammo(0), Err(RulesError::NoAmmo));
    }
}
