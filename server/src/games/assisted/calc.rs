//! Calculations that explain every step: ratios with rounding in either side's favour, netted and
//! capped column shifts, clamping, percentages, modified rolls and exact fractions.

use serde::{Deserialize, Serialize};
use std::fmt;

pub use super::fraction::Fraction;

/// A value with the sentences that explain how it was reached.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explained<T> {
    /// The result.
    pub value: T,
    /// One sentence per step, in order.
    pub steps: Vec<String>,
}

impl<T> Explained<T> {
    /// A value reached in one step.
    pub fn new(value: T, step: impl Into<String>) -> Self {
        Explained {
            value,
            steps: vec![step.into()],
        }
    }
}

/// Collects the steps of a calculation as it goes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Working {
    steps: Vec<String>,
}

impl Working {
    /// No steps yet.
    pub fn new() -> Self {
        Working::default()
    }

    /// Adds a step.
    pub fn step(&mut self, sentence: impl Into<String>) -> &mut Self {
        self.steps.push(sentence.into());
        self
    }

    /// Takes in the steps of a part of the calculation and returns its value.
    pub fn take<T>(&mut self, part: Explained<T>) -> T {
        self.steps.extend(part.steps);
        part.value
    }

    /// The finished calculation.
    pub fn done<T>(self, value: T) -> Explained<T> {
        Explained {
            value,
            steps: self.steps,
        }
    }
}

/// Which way a division rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rounding {
    /// Towards the larger whole number.
    Up,
    /// Towards the smaller whole number.
    Down,
}

/// Whose favour a ratio is rounded in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Favour {
    /// The attacker: ratios round up.
    Attacker,
    /// The defender: ratios round down.
    Defender,
}

fn divide(n: u64, d: u64, rounding: Rounding) -> u64 {
    match rounding {
        Rounding::Down => n / d,
        Rounding::Up => n.div_ceil(d),
    }
}

fn rounding_word(rounding: Rounding) -> &'static str {
    match rounding {
        Rounding::Up => "up",
        Rounding::Down => "down",
    }
}

/// `value` × `num` / `den`, rounded: "13 halves to 7 (rounded up)". A zero `den` gives 0.
pub fn scale(what: &str, value: u32, num: u32, den: u32, rounding: Rounding) -> Explained<u32> {
    if den == 0 {
        return Explained::new(0, format!("{what}: {value} × {num}/0 counts as 0"));
    }
    let exact = u64::from(value) * u64::from(num);
    let result = u32::try_from(divide(exact, u64::from(den), rounding)).unwrap_or(u32::MAX);
    let how = match (num, den) {
        (1, 2) => format!("{value} halves to {result}"),
        (2, 1) => format!("{value} doubles to {result}"),
        _ => format!("{value} × {num}/{den} is {result}"),
    };
    let rounded = if exact % u64::from(den) != 0 {
        format!(" (rounded {})", rounding_word(rounding))
    } else {
        String::new()
    };
    Explained::new(result, format!("{what}: {how}{rounded}"))
}

/// Odds as a point on the integer ladder: …, 1:3, 1:2, 1:1, 2:1, 3:1, …
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Odds(
    /// Steps from 1:1: 0 is 1:1, 1 is 2:1, −1 is 1:2.
    pub i64,
);

impl Odds {
    /// `n`:1 (n ≥ 1).
    pub fn to_one(n: u32) -> Odds {
        Odds(i64::from(n.max(1)) - 1)
    }

    /// 1:`n` (n ≥ 1).
    pub fn one_to(n: u32) -> Odds {
        Odds(1 - i64::from(n.max(1)))
    }

    /// Reads "3:1" or "1:4".
    pub fn parse(text: &str) -> Option<Odds> {
        let (a, d) = text.trim().split_once(':')?;
        match (a.trim().parse::<u32>().ok()?, d.trim().parse::<u32>().ok()?) {
            (n, 1) if n >= 1 => Some(Odds::to_one(n)),
            (1, n) if n >= 1 => Some(Odds::one_to(n)),
            _ => None,
        }
    }
}

impl fmt::Display for Odds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let steps = i128::from(self.0);
        if steps >= 0 {
            write!(f, "{}:1", steps + 1)
        } else {
            write!(f, "1:{}", 1 - steps)
        }
    }
}

/// The odds of `attack` against `defence` on the integer ladder, rounded in `favour`'s favour:
/// for the defender 9:5 is 1:1 and 3:7 is 1:3. No attack is the lowest odds there are; no
/// defence the highest (a game clamps both to its columns).
pub fn odds(attack: u32, defence: u32, favour: Favour) -> Explained<Odds> {
    let rounding = match favour {
        Favour::Defender => (Rounding::Down, Rounding::Up),
        Favour::Attacker => (Rounding::Up, Rounding::Down),
    };
    let whose = match favour {
        Favour::Defender => "the defender",
        Favour::Attacker => "the attacker",
    };
    let value = match (attack, defence) {
        (0, _) => Odds(i64::MIN / 2),
        (_, 0) => Odds(i64::MAX / 2),
        (a, d) if a >= d => Odds::to_one(
            divide(u64::from(a), u64::from(d), rounding.0)
                .try_into()
                .unwrap_or(u32::MAX),
        ),
        (a, d) => Odds::one_to(
            divide(u64::from(d), u64::from(a), rounding.1)
                .try_into()
                .unwrap_or(u32::MAX),
        ),
    };
    let step = match (attack, defence) {
        (0, _) => format!("{attack} against {defence}: no attack strength, the lowest odds"),
        (_, 0) => format!("{attack} against {defence}: no defence strength, the highest odds"),
        _ => format!("{attack} against {defence} rounds in favour of {whose} to {value}"),
    };
    Explained::new(value, step)
}

/// One reason for a column shift: positive to the right (attacker), negative to the left.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Shift {
    /// Why, e.g. "defender dug in (8.3 case 7)".
    pub reason: String,
    /// Columns: +2 is 2R, −1 is 1L.
    pub columns: i64,
}

impl Shift {
    /// A shift for `reason`.
    pub fn new(reason: impl Into<String>, columns: i64) -> Self {
        Shift {
            reason: reason.into(),
            columns,
        }
    }
}

/// "2R", "1L" or "no shift".
pub fn shift_name(columns: i64) -> String {
    match columns {
        0 => "no shift".into(),
        c if c > 0 => format!("{c}R"),
        c => format!("{}L", c.unsigned_abs()),
    }
}

/// Nets shifts and caps the net at ±`cap` when given: "4R and 1L net to 3R".
pub fn net_shifts(what: &str, shifts: &[Shift], cap: Option<i64>) -> Explained<i64> {
    let mut work = Working::new();
    let mut net: i64 = 0;
    for shift in shifts {
        net = net.saturating_add(shift.columns);
        work.step(format!("{}: {}", shift.reason, shift_name(shift.columns)));
    }
    let listed: Vec<_> = shifts.iter().map(|s| shift_name(s.columns)).collect();
    if shifts.len() > 1 {
        work.step(format!(
            "{what}: {} net to {}",
            listed.join(" and "),
            shift_name(net)
        ));
    }
    if let Some(cap) = cap.map(i64::abs)
        && net.abs() > cap
    {
        let capped = net.clamp(-cap, cap);
        work.step(format!(
            "{what}: {} is capped at {}",
            shift_name(net),
            shift_name(capped)
        ));
        net = capped;
    }
    work.done(net)
}

/// Keeps `value` within `low..=high`, saying so when it moved.
pub fn clamp<T: Ord + Copy + fmt::Display>(what: &str, value: T, low: T, high: T) -> Explained<T> {
    let clamped = value.max(low).min(high);
    let step = if clamped == value {
        format!("{what}: {value} is within {low} to {high}")
    } else {
        format!("{what}: {value} is beyond the table and is read as {clamped}")
    };
    Explained::new(clamped, step)
}

/// Odds shifted by `net` columns along the ladder and then clamped to `low..=high` (shifts
/// start from the true odds, as Red Winter 8.3.1 says: 9:1 with 2L is 7:1, read as 6:1).
pub fn shift_odds(start: Odds, net: i64, low: Odds, high: Odds) -> Explained<Odds> {
    let mut work = Working::new();
    let shifted = Odds(start.0.saturating_add(net));
    if net != 0 {
        work.step(format!("{start} shifted {} is {shifted}", shift_name(net)));
    }
    let value = work.take(clamp("odds", shifted, low, high));
    work.done(value)
}

/// The CRT column for `odds` among `columns` (ascending): the largest column not above the odds,
/// so odds between columns round in the defender's favour (5:1 without a 5:1 column reads 4:1);
/// odds below the first column read the first. `None` when there are no columns.
pub fn odds_column(odds: Odds, columns: &[Odds]) -> Option<Explained<usize>> {
    let first = columns.first()?;
    let index = columns.iter().rposition(|c| *c <= odds).unwrap_or(0);
    let chosen = columns.get(index).unwrap_or(first);
    let step = if *chosen == odds {
        format!("{odds} is a column of the table")
    } else if odds < *first {
        format!("{odds} is below the table and reads the {first} column")
    } else {
        format!("{odds} has no column of its own and reads the {chosen} column")
    };
    Some(Explained::new(index, step))
}

/// A column index moved by `net` within `0..count`, for tables whose columns are a list (Winter
/// War shifts from the clamped column). `names` are the column names, for the explanation.
pub fn shift_column(names: &[String], start: usize, net: i64) -> Explained<usize> {
    let last = names.len().saturating_sub(1);
    let name = |i: usize| {
        names
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("column {}", i + 1))
    };
    let wanted = i64::try_from(start).unwrap_or(i64::MAX).saturating_add(net);
    let index = usize::try_from(wanted.max(0))
        .unwrap_or(usize::MAX)
        .min(last);
    let mut step = format!(
        "{} shifted {} is {}",
        name(start),
        shift_name(net),
        name(index)
    );
    if i64::try_from(index).ok() != Some(wanted) {
        step.push_str(" (the shift stops at the edge of the table)");
    }
    Explained::new(index, step)
}

/// ⌊100 × `attack` / `defence`⌋: "7 against 10 is 70%". No defence counts as `u32::MAX` percent.
pub fn percentage(attack: u32, defence: u32) -> Explained<u32> {
    if defence == 0 {
        return Explained::new(
            u32::MAX,
            format!("{attack} against no defence: the highest column"),
        );
    }
    let pct = u64::from(attack) * 100 / u64::from(defence);
    let pct = u32::try_from(pct).unwrap_or(u32::MAX);
    Explained::new(
        pct,
        format!("{attack} against {defence} is {pct}% (rounded down)"),
    )
}

/// The band of `value` among inclusive `(low, high)` bands in order; values below the first
/// band read the first, above the last read the last. `None` when no band holds it (a gap).
pub fn band(value: i64, bands: &[(i64, i64)]) -> Option<usize> {
    let (first, last) = (bands.first()?, bands.last()?);
    if value < first.0 {
        return Some(0);
    }
    if value > last.1 {
        return Some(bands.len() - 1);
    }
    bands
        .iter()
        .position(|&(lo, hi)| (lo..=hi).contains(&value))
}

/// A die total with its modifiers: "rolled 4; weather −1; distance −1: 2".
pub fn modified_roll(faces: &[u32], modifiers: &[(String, i64)]) -> Explained<i64> {
    let raw: i64 = faces.iter().map(|&f| i64::from(f)).sum();
    let shown: Vec<_> = faces.iter().map(u32::to_string).collect();
    let mut work = Working::new();
    work.step(format!("rolled {} = {raw}", shown.join(" + ")));
    let mut total = raw;
    for (reason, m) in modifiers {
        total = total.saturating_add(*m);
        work.step(format!("{reason}: {m:+}, now {total}"));
    }
    work.done(total)
}

#[cfg(test)]
#[path = "calc_tests.rs"]
mod tests;
