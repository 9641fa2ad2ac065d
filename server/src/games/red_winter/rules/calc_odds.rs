//! The Combat Ratio and its CRT column (8.2, 8.3.1): odds rounded for the defender, shifted along
//! the unclamped ladder, and only then clamped to the table's 1:4 to 6:1.

use super::error::RulesError;
use crate::games::assisted::calc::{
    Explained, Favour, Odds, Working, odds, odds_column, shift_name, shift_odds,
};

/// The CRT's columns as the rules imply them (8.2); 5:1 is our inference, and the columns of
/// the CRT the players enter are what counts.
pub const CRT_COLUMNS: [&str; 9] = [
    "1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1",
];

/// Reads CRT column keys as odds, refusing keys that are not odds or not ascending.
pub fn crt_columns(keys: &[String]) -> Result<Vec<Odds>, RulesError> {
    let mut columns: Vec<Odds> = Vec::with_capacity(keys.len());
    for key in keys {
        match Odds::parse(key) {
            Some(o) if columns.last().is_none_or(|last| *last < o) => columns.push(o),
            _ => return Err(RulesError::CrtColumns { found: key.clone() }),
        }
    }
    if columns.is_empty() {
        return Err(RulesError::CrtColumns {
            found: "an empty list".into(),
        });
    }
    Ok(columns)
}

/// The columns of [`CRT_COLUMNS`].
pub fn default_columns() -> Vec<Odds> {
    CRT_COLUMNS.iter().filter_map(|k| Odds::parse(k)).collect()
}

/// The CRT column a combat reads (8.2, 8.3.1): `attack` against `defence` rounded in the
/// defender's favour, shifted `net` columns from those true odds, then clamped to the first and
/// last of `columns`; odds between columns read the lower one. No defence reads the last column
/// (RW-A15).
pub fn combat_column(
    attack: u32,
    defence: u32,
    net: i64,
    columns: &[Odds],
) -> Result<Explained<Odds>, RulesError> {
    let (Some(&low), Some(&high)) = (columns.first(), columns.last()) else {
        return Err(RulesError::CrtColumns {
            found: "an empty list".into(),
        });
    };
    if attack == 0 {
        return Err(RulesError::NoAttackStrength);
    }
    let mut work = Working::new();
    if defence == 0 {
        work.step(format!(
            "{attack} against no defence strength reads the {high} column, whatever the shifts"
        ));
        return Ok(work.done(high));
    }
    let raw = work.take(odds(attack, defence, Favour::Defender));
    if net == 0 {
        work.step("no column shift");
    }
    let shifted = work.take(shift_odds(raw, net, low, high));
    let index = odds_column(shifted, columns).map(|e| work.take(e));
    let column = index.and_then(|i| columns.get(i).copied()).unwrap_or(low);
    work.step(format!(
        "{attack}:{defence} with {} reads the {column} column",
        shift_name(net)
    ));
    Ok(work.done(column))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn column(attack: u32, defence: u32, net: i64) -> String {
        combat_column(attack, defence, net, &default_columns())
            .expect("reads")
            .value
            .to_string()
    }

    #[test]
    fn t_rw_01_to_03_ratios_round_for_the_defender() {
        assert_eq!(column(10, 5, 0), "2:1", "T-RW-01");
        assert_eq!(column(9, 5, 0), "1:1", "T-RW-02: there is no 3:2 column");
        assert_eq!(column(3, 7, 0), "1:3", "T-RW-03: there is no 2:3 column");
    }

    #[test]
    fn t_rw_05_the_extended_example_reads_one_to_one() {
        let e = combat_column(7, 6, 0, &default_columns()).expect("reads");
        assert_eq!(e.value.to_string(), "1:1");
        assert_eq!(
            e.steps[0],
            "7 against 6 rounds in favour of the defender to 1:1"
        );
    }

    #[test]
    fn t_rw_06_shifts_start_from_the_true_odds_and_clamp_last() {
        let e = combat_column(19, 2, -2, &default_columns()).expect("reads");
        assert_eq!(e.value.to_string(), "6:1");
        assert!(
            e.steps.iter().any(|s| s == "9:1 shifted 2L is 7:1"),
            "{e:?}"
        );
        assert!(
            e.steps
                .iter()
                .any(|s| s == "odds: 7:1 is beyond the table and is read as 6:1"),
            "{e:?}"
        );
    }

    #[test]
    fn t_rw_09_and_the_low_side_of_the_ladder() {
        assert_eq!(column(10, 5, 2), "4:1", "T-RW-09");
        assert_eq!(column(1, 6, 1), "1:4", "1:6 shifted 1R is 1:5, read as 1:4");
        assert_eq!(column(1, 6, 3), "1:3");
        assert_eq!(column(1, 20, -5), "1:4");
        assert_eq!(column(60, 1, 0), "6:1");
        assert_eq!(column(2, 1, 9), "6:1");
    }

    #[test]
    fn edges_no_defence_no_attack_and_entered_columns() {
        assert_eq!(column(3, 0, -4), "6:1", "RW-A15");
        assert_eq!(
            combat_column(0, 4, 0, &default_columns()).expect_err("refused"),
            RulesError::NoAttackStrength
        );
        let without_five: Vec<String> = ["1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "6:1"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let columns = crt_columns(&without_five).expect("odds");
        let e = combat_column(10, 2, 0, &columns).expect("reads");
        assert_eq!(
            e.value.to_string(),
            "4:1",
            "5:1 without its column reads 4:1"
        );
        for bad in [vec!["1:1", "1:2"], vec!["3:2"], vec![]] {
            let keys: Vec<String> = bad.iter().map(|s| s.to_string()).collect();
            let e = crt_columns(&keys).expect_err("refused");
            assert!(e.to_string().ends_with("(8.2)"), "{e}");
        }
    }
}
