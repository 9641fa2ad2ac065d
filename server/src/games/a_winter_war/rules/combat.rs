//! A ground combat against the roster on the players' entered CRT: the Europa base rules (not in
//! our text) compare the attackers' total strength with the defenders' as odds and read a column
//! of the CRT, then a modified die row. Here: the odds as a CRT column, and the shape every
//! Europa CRT has (odds columns in an unbroken ladder through 1:1, a row for each die face).

use super::error::AwwError;
use crate::games::assisted::calc::{Explained, Working};
use crate::games::assisted::fraction::Fraction;

/// Odds as a CRT column names them: `attack`:`defence`, one of the two being 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Odds {
    /// The attacker's share.
    pub attack: u32,
    /// The defender's share.
    pub defence: u32,
}

impl Odds {
    /// Reads a column key: "3:1", "1:2", "3-1" (spaces allowed); one side must be 1.
    pub fn parse(key: &str) -> Option<Odds> {
        let (a, d) = key.split_once([':', '-'])?;
        let attack: u32 = a.trim().parse().ok()?;
        let defence: u32 = d.trim().parse().ok()?;
        ((attack == 1 || defence == 1) && attack > 0 && defence > 0)
            .then_some(Odds { attack, defence })
    }

    /// Its place on the ladder: 1:1 is 0, 2:1 is 1, 1:2 is −1.
    fn rung(self) -> i64 {
        if self.defence == 1 {
            i64::from(self.attack) - 1
        } else {
            1 - i64::from(self.defence)
        }
    }
}

impl std::fmt::Display for Odds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.attack, self.defence)
    }
}

/// Checks an entered CRT's shape: every column is odds (a:1 or 1:b), left to right from the
/// worst odds to the best without a missing step and through 1:1; every row is a whole-number
/// die roll, top to bottom one apart, with a row for each face 1 to 6.
pub fn check_crt_shape(rows: &[String], columns: &[String]) -> Result<(), AwwError> {
    let shape = |problem: String| AwwError::CrtShape { problem };
    let mut rungs = Vec::with_capacity(columns.len());
    for key in columns {
        let odds = Odds::parse(key).ok_or_else(|| {
            shape(format!(
                "column `{key}` is not odds; write columns as odds such as 1:2, 1:1, 2:1"
            ))
        })?;
        rungs.push((key, odds.rung()));
    }
    for pair in rungs.windows(2) {
        let ((a, ra), (b, rb)) = (pair[0], pair[1]);
        if rb != ra + 1 {
            return Err(shape(format!(
                "column `{b}` follows `{a}`; the odds must rise one step at a time from left to right (1:3, 1:2, 1:1, 2:1, 3:1…)"
            )));
        }
    }
    if !rungs.iter().any(|(_, r)| *r == 0) {
        return Err(shape("it has no 1:1 column".into()));
    }
    let mut rolls = Vec::with_capacity(rows.len());
    for key in rows {
        let roll: i64 = key.trim().parse().map_err(|_| {
            shape(format!(
                "row `{key}` is not a die roll; rows are whole numbers such as -1, 0, 1 … 6, 7"
            ))
        })?;
        rolls.push((key, roll));
    }
    for pair in rolls.windows(2) {
        let ((a, ra), (b, rb)) = (pair[0], pair[1]);
        if rb != ra + 1 {
            return Err(shape(format!(
                "row `{b}` follows `{a}`; the rows must go up one at a time from top to bottom"
            )));
        }
    }
    if let Some(face) = (1..=6).find(|f| !rolls.iter().any(|(_, r)| r == f)) {
        return Err(shape(format!(
            "it has no row for a roll of {face}; every face of the die needs a row"
        )));
    }
    Ok(())
}

/// The odds of `attack` to `defence`, rounded in the defender's favour, as a column of the CRT
/// whose columns are `columns`: odds beyond the chart's ends are read in its last column on that
/// side.
pub fn odds_column(
    attack: Fraction,
    defence: Fraction,
    columns: &[String],
) -> Result<Explained<String>, AwwError> {
    let zero = Fraction::whole(0);
    if attack <= zero {
        return Err(AwwError::NoAttackStrength);
    }
    if defence <= zero {
        return Err(AwwError::NoDefenceStrength);
    }
    let mut work = Working::new();
    let odds = if attack >= defence {
        // floor(attack / defence)
        let k = (i128::from(attack.num) * i128::from(defence.den))
            / (i128::from(attack.den) * i128::from(defence.num));
        Odds {
            attack: u32::try_from(k).unwrap_or(u32::MAX),
            defence: 1,
        }
    } else {
        // ceil(defence / attack)
        let n = i128::from(defence.num) * i128::from(attack.den);
        let d = i128::from(defence.den) * i128::from(attack.num);
        Odds {
            attack: 1,
            defence: u32::try_from((n + d - 1) / d).unwrap_or(u32::MAX),
        }
    };
    work.step(format!(
        "attack {attack} against defense {defence}: odds {odds}, rounded in the defender's favour"
    ));
    let ladder: Vec<(&String, i64)> = columns
        .iter()
        .filter_map(|k| Odds::parse(k).map(|o| (k, o.rung())))
        .collect();
    let want = odds.rung();
    let column = match ladder.iter().find(|(_, r)| *r == want) {
        Some((k, _)) => (*k).clone(),
        None => {
            let (lowest, highest) = (
                ladder.iter().min_by_key(|(_, r)| *r),
                ladder.iter().max_by_key(|(_, r)| *r),
            );
            match (lowest, highest) {
                (Some((k, r)), _) if want < *r => {
                    work.step(format!("below the CRT's lowest column: read at {k}"));
                    (*k).clone()
                }
                (_, Some((k, r))) if want > *r => {
                    work.step(format!("beyond the CRT's highest column: read at {k}"));
                    (*k).clone()
                }
                _ => {
                    return Err(AwwError::CrtShape {
                        problem: format!("it has no {odds} column"),
                    });
                }
            }
        }
    };
    Ok(work.done(column))
}

#[cfg(test)]
#[path = "combat_tests.rs"]
mod tests;
