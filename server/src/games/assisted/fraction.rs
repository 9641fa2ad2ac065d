//! Exact fractions for proportions and capacities that the rules compare exactly (1/7, 13/3).

use super::calc::Rounding;
use serde::{Deserialize, Serialize};
use std::fmt;

/// An exact fraction, kept in lowest terms with a positive denominator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Fraction {
    /// The numerator.
    pub num: i64,
    /// The denominator, never zero.
    pub den: i64,
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a.max(1)).unwrap_or(1)
}

impl Fraction {
    /// `num`/`den`; `None` when `den` is zero.
    pub fn new(num: i64, den: i64) -> Option<Fraction> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den) * den.signum();
        Some(Fraction {
            num: num / g,
            den: den / g,
        })
    }

    /// A whole number.
    pub fn whole(n: i64) -> Fraction {
        Fraction { num: n, den: 1 }
    }

    /// The sum, or `None` on overflow.
    pub fn checked_add(self, other: Fraction) -> Option<Fraction> {
        let num = self
            .num
            .checked_mul(other.den)?
            .checked_add(other.num.checked_mul(self.den)?)?;
        Fraction::new(num, self.den.checked_mul(other.den)?)
    }

    /// Rounded to a whole number.
    pub fn round(self, rounding: Rounding) -> i64 {
        match rounding {
            Rounding::Down => self.num.div_euclid(self.den),
            Rounding::Up => -(-self.num).div_euclid(self.den),
        }
    }
}

impl PartialOrd for Fraction {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Fraction {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (i128::from(self.num) * i128::from(other.den))
            .cmp(&(i128::from(other.num) * i128::from(self.den)))
    }
}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}
