//! Combat as percentage columns (14.0) with the column shifts of 14.1: shifts move from the
//! column the percentage reads, and stop at the table's edges.

use super::error::WinterWarError;
use crate::games::assisted::calc::{
    Explained, Shift, Working, net_shifts, percentage, shift_column,
};

/// One CRT column: its key as entered and the percentages it holds (`None`: open-ended).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Band {
    /// The key, e.g. "600–699%".
    pub key: String,
    /// The lowest percentage, `None` for "≤49%".
    pub low: Option<u32>,
    /// The highest percentage, `None` for "≥700%".
    pub high: Option<u32>,
}

fn number(text: &str) -> Option<u32> {
    let t = text.trim().trim_end_matches('%').trim();
    if t.is_empty() || t.len() > 6 || !t.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// Reads a column key: "≤49%" (or "<=49%"), "50-99%" (any dash), "≥700%", ">=700%" or "700+%".
pub fn parse_band(key: &str) -> Result<Band, WinterWarError> {
    let bad = || WinterWarError::BadBand { key: key.into() };
    let t = key.trim();
    let band = |low, high| Band {
        key: key.into(),
        low,
        high,
    };
    if let Some(rest) = t.strip_prefix('≤').or_else(|| t.strip_prefix("<=")) {
        return number(rest).map(|n| band(None, Some(n))).ok_or_else(bad);
    }
    if let Some(rest) = t.strip_prefix('≥').or_else(|| t.strip_prefix(">=")) {
        return number(rest).map(|n| band(Some(n), None)).ok_or_else(bad);
    }
    if let Some(rest) = t.strip_suffix("+%").or_else(|| t.strip_suffix('+')) {
        return number(rest).map(|n| band(Some(n), None)).ok_or_else(bad);
    }
    let mut parts = t.splitn(2, ['-', '–', '—']);
    let (low, high) = (parts.next().and_then(number), parts.next().and_then(number));
    match (low, high) {
        (Some(l), Some(h)) if l <= h => Ok(band(Some(l), Some(h))),
        _ => Err(bad()),
    }
}

/// The CRT's columns read from their keys and checked: open below first, open above last,
/// each band starting one above where the last ended (14.0 step 5).
pub fn crt_bands(keys: &[String]) -> Result<Vec<Band>, WinterWarError> {
    let bands = keys
        .iter()
        .map(|k| parse_band(k))
        .collect::<Result<Vec<_>, _>>()?;
    let problem = |problem: String| Err(WinterWarError::BandsNotContiguous { problem });
    let (Some(first), Some(last)) = (bands.first(), bands.last()) else {
        return problem("there are no columns".into());
    };
    if first.low.is_some() || bands.len() < 2 {
        return problem(format!("the first column `{}` must be ≤N%", first.key));
    }
    if last.high.is_some() {
        return problem(format!("the last column `{}` must be ≥M%", last.key));
    }
    for pair in bands.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        match (a.high, b.low) {
            (Some(h), Some(l)) if l == h.saturating_add(1) => {}
            _ => {
                return problem(format!(
                    "`{}` does not begin one above where `{}` ends",
                    b.key, a.key
                ));
            }
        }
    }
    Ok(bands)
}

/// The column holding `pct`: at or below the first band's top reads the first column, at or
/// above the last band's bottom reads the last (Example 1: 8% is ≤49%, 2000% is ≥700%).
pub fn column_of(pct: u32, bands: &[Band]) -> Explained<usize> {
    let index = bands
        .iter()
        .position(|b| b.low.is_none_or(|l| pct >= l) && b.high.is_none_or(|h| pct <= h))
        .unwrap_or(0);
    let key = bands.get(index).map_or("", |b| b.key.as_str());
    Explained::new(index, format!("{pct}% reads the {key} column"))
}

/// What decides the shifts of 14.1 for one attack.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Situation {
    /// Attackers occupy or are adjacent to all six sides of the defending hex.
    pub concentric: bool,
    /// Every defending unit is suppressed.
    pub all_defenders_suppressed: bool,
    /// Every attacking unit is suppressed.
    pub all_attackers_suppressed: bool,
    /// Left shifts the terrain of the defender's hex or hexsides gives (from the Terrain Effects
    /// Chart), each with its name; only the single most favourable one counts.
    pub terrain: Vec<(String, u32)>,
    /// The defender is on an ice hex or any lake hex (14.1, 21.1).
    pub defender_on_ice_or_lake: bool,
    /// The freeze is in effect (21.1): river and lake hexsides are ignored and marsh is clear.
    pub freeze: bool,
}

/// Whether a terrain entry, by its name, stops counting in the freeze (21.1 items 1 and 3):
/// river and lake hexsides are ignored and marsh is treated as clear; Lake Ladoga keeps its
/// terrain (21.1 item 2's exception).
pub fn frozen_away(name: &str) -> bool {
    let n = name.to_lowercase();
    !n.contains("ladoga") && (n.contains("river") || n.contains("lake") || n.contains("marsh"))
}

/// The shifts of 14.1 that apply, each named; the ice or lake 1R supersedes terrain.
pub fn shifts(situation: &Situation) -> Vec<Shift> {
    let mut list = Vec::new();
    if situation.concentric {
        list.push(Shift::new("concentric attack (14.1)", 1));
    }
    if situation.all_defenders_suppressed {
        list.push(Shift::new("all defenders suppressed (14.1)", 2));
    }
    if situation.all_attackers_suppressed {
        list.push(Shift::new("all attackers suppressed (14.1)", -2));
    }
    if situation.defender_on_ice_or_lake {
        list.push(Shift::new(
            "defender on ice or a lake, in place of any terrain (14.1, 21.1)",
            1,
        ));
    } else if let Some((name, left)) = situation
        .terrain
        .iter()
        .filter(|(name, l)| *l > 0 && !(situation.freeze && frozen_away(name)))
        .max_by_key(|(_, l)| *l)
    {
        list.push(Shift::new(
            format!("{name}, the defender's most favourable terrain (14.1)"),
            -i64::from(*left),
        ));
    }
    list
}

/// The column an attack is resolved on (14.0 steps 1–6): sum both sides' factors, take the
/// percentage rounded down, find its column, net the shifts and move from that column, never
/// beyond the table's edges.
pub fn combat_column(
    attack: &[u32],
    defence: &[u32],
    situation: &Situation,
    bands: &[Band],
) -> Explained<usize> {
    let mut work = Working::new();
    let sum = |factors: &[u32]| factors.iter().fold(0u32, |a, f| a.saturating_add(*f));
    let (af, df) = (sum(attack), sum(defence));
    work.step(format!("attack factors total {af}"));
    work.step(format!("defence factors total {df}"));
    let pct = work.take(percentage(af, df));
    let start = work.take(column_of(pct, bands));
    if situation.freeze {
        for (name, _) in situation.terrain.iter().filter(|(n, _)| frozen_away(n)) {
            work.step(format!(
                "{name} does not count: in the freeze river and lake hexsides are ignored and marsh is clear (21.1)"
            ));
        }
    }
    let list = shifts(situation);
    if list.is_empty() {
        work.step("no column shifts apply");
        return work.done(start);
    }
    let net = work.take(net_shifts("column shifts", &list, None));
    let names: Vec<String> = bands.iter().map(|b| b.key.clone()).collect();
    let column = work.take(shift_column(&names, start, net));
    work.done(column)
}

#[cfg(test)]
#[path = "calc_combat_tests.rs"]
mod tests;
