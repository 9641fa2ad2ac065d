//! The column shifts of 8.3 (cases 3 to 15): suppression netted and capped at 3, then every
//! other case, in Combats, Assaults and Night Raids as each case allows.

use crate::core::domain::Side;
use crate::games::assisted::calc::{Explained, Shift, Working, net_shifts, shift_name};
use serde::{Deserialize, Serialize};

/// The kind of attack, which decides the cases that apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Fight {
    /// A Combat in the Combat Phase (8.0).
    Combat,
    /// An Assault during movement (9.0).
    Assault,
    /// A Finnish Night Raid (16.4).
    NightRaid,
}

/// What decides the column shifts of one attack; every flag is what the players see on the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ShiftCase {
    /// The kind of attack.
    pub fight: Fight,
    /// The attacking side.
    pub attacker: Side,
    /// Suppressed results of the attacker's support (case 3, Combats only).
    #[serde(default)]
    pub attacker_suppressions: u32,
    /// Suppressed results of the defender's support (case 3, Combats only).
    #[serde(default)]
    pub defender_suppressions: u32,
    /// Attackers in two opposite hexes or three evenly spaced ones (case 4, Combats only).
    #[serde(default)]
    pub concentric: bool,
    /// The defender is in a frozen lake hex (case 5).
    #[serde(default)]
    pub defender_on_frozen_lake: bool,
    /// Every attacker and defender is on frozen lake (case 5 note).
    #[serde(default)]
    pub all_on_frozen_lake: bool,
    /// Finnish units in the attack or the defence are stacked with Pajari (case 6).
    #[serde(default)]
    pub pajari: bool,
    /// The defender is Dug-In (case 7).
    #[serde(default)]
    pub defender_dug_in: bool,
    /// The side the Turn Track gives the morale bonus this turn (case 8).
    #[serde(default)]
    pub morale_bonus: Option<Side>,
    /// At least one Soviet armored unit adds its CS (case 9).
    #[serde(default)]
    pub soviet_armor: bool,
    /// The Finns declared their change of stance this turn (case 10).
    #[serde(default)]
    pub stance_change: bool,
    /// The defending hex holds a Bonfire marker (case 11).
    #[serde(default)]
    pub bonfire: bool,
    /// An Assault with Finnish infantry into a forest, suo or village hex (case 15).
    #[serde(default)]
    pub submachine_guns: bool,
    /// The shift the FNRT gave a Night Raid (16.4).
    #[serde(default)]
    pub night_raid_shift: i64,
    /// Shifts whose values are not in our text (cases 12 to 14), as the players enter them.
    #[serde(default)]
    pub entered: Vec<Shift>,
}

impl ShiftCase {
    /// A case with no shifts yet.
    pub fn new(fight: Fight, attacker: Side) -> Self {
        ShiftCase {
            fight,
            attacker,
            attacker_suppressions: 0,
            defender_suppressions: 0,
            concentric: false,
            defender_on_frozen_lake: false,
            all_on_frozen_lake: false,
            pajari: false,
            defender_dug_in: false,
            morale_bonus: None,
            soviet_armor: false,
            stance_change: false,
            bonfire: false,
            submachine_guns: false,
            night_raid_shift: 0,
            entered: Vec::new(),
        }
    }

    /// Columns in `side`'s favour, as a shift: right when it attacks, left when it defends.
    fn favour(&self, side: Side, columns: i64) -> i64 {
        if side == self.attacker {
            columns
        } else {
            -columns
        }
    }

    /// The shifts of cases 4 to 15 that apply.
    fn other_shifts(&self) -> Vec<Shift> {
        let mut shifts = Vec::new();
        let combat = self.fight == Fight::Combat;
        if self.concentric && combat {
            shifts.push(Shift::new("concentric attack (8.3 case 4)", 1));
        }
        if self.all_on_frozen_lake {
            shifts.push(Shift::new(
                "everyone on frozen lake favours the Finns (8.3 case 5)",
                self.favour(Side::Finnish, 1),
            ));
        } else if self.defender_on_frozen_lake {
            let columns = match self.attacker {
                Side::Soviet => 3,
                Side::Finnish => 4,
            };
            shifts.push(Shift::new("defender on frozen lake (8.3 case 5)", columns));
        }
        if self.pajari {
            shifts.push(Shift::new(
                "Finns with Pajari (8.3 case 6)",
                self.favour(Side::Finnish, 1),
            ));
        }
        if self.defender_dug_in {
            shifts.push(Shift::new("defender Dug-In (8.3 case 7)", -1));
        }
        if let Some(side) = self.morale_bonus {
            let columns = if combat { 1 } else { 2 };
            let why = if combat {
                format!("{} morale bonus (8.3 case 8)", side.adjective())
            } else {
                format!(
                    "{} morale bonus, doubled in an Assault (8.3 case 8)",
                    side.adjective()
                )
            };
            shifts.push(Shift::new(why, self.favour(side, columns)));
        }
        if self.soviet_armor {
            shifts.push(Shift::new(
                "Soviet armor takes part (8.3 case 9)",
                self.favour(Side::Soviet, 1),
            ));
        }
        if self.stance_change {
            shifts.push(Shift::new(
                "Finnish change of stance this turn (8.3 case 10)",
                self.favour(Side::Finnish, 1),
            ));
        }
        if self.bonfire && self.attacker == Side::Finnish {
            shifts.push(Shift::new("Finns attack a Bonfire hex (8.3 case 11)", 2));
        }
        if self.submachine_guns && self.fight == Fight::Assault {
            shifts.push(Shift::new(
                "Finnish submachine guns in the woods or a village (8.3 case 15)",
                self.favour(Side::Finnish, 1),
            ));
        }
        shifts.extend(self.entered.iter().cloned());
        shifts
    }
}

/// The net column shift of an attack (8.3, 8.3.1): the suppression results netted and capped at
/// 3 either way (case 3, Combats only), plus every other case that applies. A Night Raid takes
/// the FNRT's shift and nothing else (16.4).
pub fn column_shifts(case: &ShiftCase) -> Explained<i64> {
    let mut work = Working::new();
    if case.fight == Fight::NightRaid {
        work.step(format!(
            "a Night Raid takes the FNRT's shift only, with no other modifiers (16.4): {}",
            shift_name(case.night_raid_shift)
        ));
        return work.done(case.night_raid_shift);
    }
    let mut net = 0i64;
    let suppressions = case.attacker_suppressions + case.defender_suppressions;
    if case.fight == Fight::Combat && suppressions > 0 {
        let mut support = Vec::new();
        if case.attacker_suppressions > 0 {
            support.push(Shift::new(
                "attacker's support suppressed the defenders (8.3 case 3)",
                i64::from(case.attacker_suppressions),
            ));
        }
        if case.defender_suppressions > 0 {
            support.push(Shift::new(
                "defender's support suppressed the attackers (8.3 case 3)",
                -i64::from(case.defender_suppressions),
            ));
        }
        net = work.take(net_shifts("suppression", &support, Some(3)));
    }
    let others = case.other_shifts();
    if !others.is_empty() {
        let rest = work.take(net_shifts("other shifts", &others, None));
        if suppressions > 0 && case.fight == Fight::Combat {
            work.step(format!(
                "{} from suppression and {} from the rest: {}",
                shift_name(net),
                shift_name(rest),
                shift_name(net + rest)
            ));
        }
        net += rest;
    }
    if suppressions == 0 && others.is_empty() {
        work.step("no column shifts apply");
    }
    work.done(net)
}

#[cfg(test)]
#[path = "calc_shifts_tests.rs"]
mod tests;
