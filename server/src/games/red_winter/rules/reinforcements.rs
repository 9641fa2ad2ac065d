//! Reinforcements held back (13.1.2, 13.1.3): to a later turn of the owner's choosing, or one
//! turn when an enemy unit holds the entry hex.

use super::error::RulesError;
use crate::games::assisted::calc::Explained;

/// Why a reinforcement waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delay {
    /// Its owner holds it back to `to_turn` (13.1.2).
    Voluntary {
        /// The turn it enters instead.
        to_turn: u32,
    },
    /// An enemy unit occupies its entry hex (13.1.3).
    Involuntary,
}

/// The turn a reinforcement due on `turn` enters instead (13.1.2, 13.1.3): a later turn its owner
/// chooses, or the next turn when an enemy unit holds its entry hex, entering then at a hex of the
/// same map edge within 3 hexes of it.
pub fn delayed_entry(
    turn: u32,
    delay: Delay,
    entry_held_by_enemy: bool,
) -> Result<Explained<u32>, RulesError> {
    match delay {
        Delay::Voluntary { to_turn } if to_turn > turn => Ok(Explained::new(
            to_turn,
            format!("its owner holds it back to turn {to_turn} (13.1.2)"),
        )),
        Delay::Voluntary { .. } => Err(RulesError::NotAllowed {
            unit: "A reinforcement held back".into(),
            why: "enters on a later turn than this one",
            rule: "13.1.2",
        }),
        Delay::Involuntary if entry_held_by_enemy => Ok(Explained::new(
            turn + 1,
            format!(
                "an enemy unit holds its entry hex: it enters on turn {}, at a hex of the same map edge within 3 hexes of it (13.1.3)",
                turn + 1
            ),
        )),
        Delay::Involuntary => Err(RulesError::NotAllowed {
            unit: "Its entry hex".into(),
            why: "holds no enemy unit, so the reinforcement is not delayed; hold it back by choice with to_turn instead",
            rule: "13.1.3",
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 13.1.2, 13.1.3: a later turn by choice; one turn when the entry hex is the enemy's.
    #[test]
    fn a_reinforcement_waits_by_choice_or_for_an_enemy_in_its_hex_13_1_2_13_1_3() {
        let voluntary = |to_turn| Delay::Voluntary { to_turn };
        assert_eq!(
            delayed_entry(4, voluntary(7), false).map(|e| e.value),
            Ok(7)
        );
        assert!(delayed_entry(4, voluntary(4), false).is_err());
        let held = delayed_entry(4, Delay::Involuntary, true).expect("delayed");
        assert_eq!(held.value, 5);
        assert!(held.steps[0].ends_with("(13.1.3)"));
        let free = delayed_entry(4, Delay::Involuntary, false).expect_err("free");
        assert!(free.to_string().ends_with("(13.1.3)"), "{free}");
    }
}
