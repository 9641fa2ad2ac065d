//! Dice expressions such as `3d6`, `2d6+1` or `1d6-1+1d3`: parsing, limits and rolling.
//!
//! Grammar: `NdM` terms and whole-number constants joined by `+` or `-`; the expression starts
//! with a term (no leading sign). Spaces and tabs are allowed around terms and signs but not
//! inside a term (`2d6 + 1` is fine, `2 d6` is not); `d` must be lowercase.

use super::source::Draw;
use std::fmt;

/// The most dice one expression may roll, over all its terms.
pub const MAX_DICE: u32 = 100;
/// The fewest faces a die of an expression may have.
pub const MIN_FACES: u32 = 2;
/// The most faces a die of an expression may have.
pub const MAX_FACES: u32 = 1000;
/// The largest constant term.
pub const MAX_CONSTANT: i64 = 1_000_000;
/// The longest expression text, in characters.
pub const MAX_LENGTH: usize = 1000;

/// Why a dice expression was refused; every message names the offending part.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExpressionError {
    /// Nothing but spaces was given.
    #[error("the dice expression is empty: write dice such as 2d6+1")]
    Empty,
    /// The text is longer than [`MAX_LENGTH`].
    #[error("the dice expression is {0} characters long; at most 1000 are accepted")]
    TooLong(usize),
    /// The expression begins with a sign.
    #[error("'{0}': the expression must begin with a term such as 2d6, not with a sign")]
    LeadingSign(String),
    /// A sign with no term after it.
    #[error("'{0}': a + or - must be followed by a term such as 1d6 or 2")]
    MissingTerm(String),
    /// A term that is neither `NdM` nor a whole number.
    #[error("'{0}': not a term: write NdM (such as 2d6) or a whole number")]
    BadTerm(String),
    /// `dM` without the count in front.
    #[error("'{0}': write how many dice before the d, as in 1{0}")]
    MissingCount(String),
    /// A term rolling no dice or more than [`MAX_DICE`].
    #[error("'{0}': a term rolls from 1 to 100 dice")]
    DiceCount(String),
    /// A die with too few or too many faces.
    #[error("'{0}': a die needs from 2 to 1000 faces")]
    Faces(String),
    /// The terms together roll more than [`MAX_DICE`] dice.
    #[error(
        "'{part}': this brings the dice rolled to {total}, but an expression may roll at most 100"
    )]
    TooManyDice {
        /// The term that went over the limit.
        part: String,
        /// The number of dice up to and including that term.
        total: u64,
    },
    /// A constant above [`MAX_CONSTANT`].
    #[error("'{0}': a constant can be at most 1000000")]
    Constant(String),
    /// Only constants.
    #[error("'{0}': the expression rolls no dice: add a term such as 1d6")]
    NoDice(String),
}

/// Adds or subtracts a term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// `+`
    Plus,
    /// `-`
    Minus,
}

/// One term of an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// `count` dice of `faces` faces each.
    Dice {
        /// How many dice.
        count: u32,
        /// Faces of each die.
        faces: u32,
    },
    /// A whole number.
    Constant(i64),
}

/// A checked dice expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceExpression {
    terms: Vec<(Sign, Term)>,
}

/// The outcome of rolling an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpressionRoll {
    /// Every die as `(faces, face shown)`, in draw order.
    pub draws: Vec<(u32, u32)>,
    /// The signed sum of dice and constants.
    pub total: i64,
}

impl DiceExpression {
    /// The terms with their signs.
    pub fn terms(&self) -> &[(Sign, Term)] {
        &self.terms
    }

    /// The faces of every die the expression rolls, in draw order.
    pub fn dice(&self) -> Vec<u32> {
        self.terms
            .iter()
            .flat_map(|(_, term)| match *term {
                Term::Dice { count, faces } => vec![faces; count as usize],
                Term::Constant(_) => Vec::new(),
            })
            .collect()
    }

    /// The total the expression gives for these faces (one per die, in draw order), or `None`
    /// if the number of faces does not match the dice.
    pub fn total_for(&self, faces: &[u32]) -> Option<i64> {
        let mut faces = faces.iter();
        let mut total = 0i64;
        for (sign, term) in &self.terms {
            let value = match *term {
                Term::Dice { count, .. } => {
                    let mut sum = 0i64;
                    for _ in 0..count {
                        sum += i64::from(*faces.next()?);
                    }
                    sum
                }
                Term::Constant(c) => c,
            };
            total = match sign {
                Sign::Plus => total.saturating_add(value),
                Sign::Minus => total.saturating_sub(value),
            };
        }
        faces.next().is_none().then_some(total)
    }

    /// Rolls the expression: draws its dice in order and adds them up.
    pub fn roll(&self, draw: &mut dyn Draw) -> ExpressionRoll {
        let draws: Vec<(u32, u32)> = self
            .dice()
            .into_iter()
            .map(|faces| (faces, draw.die(faces)))
            .collect();
        let shown: Vec<u32> = draws.iter().map(|&(_, face)| face).collect();
        // `draws` was made from `dice()`, so the counts always agree.
        let total = self.total_for(&shown).unwrap_or_default();
        ExpressionRoll { draws, total }
    }
}

impl fmt::Display for DiceExpression {
    /// The compact form: no spaces, e.g. `2d6+1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (sign, term)) in self.terms.iter().enumerate() {
            match (i, sign) {
                (0, _) => {}
                (_, Sign::Plus) => f.write_str("+")?,
                (_, Sign::Minus) => f.write_str("-")?,
            }
            match term {
                Term::Dice { count, faces } => write!(f, "{count}d{faces}")?,
                Term::Constant(c) => write!(f, "{c}")?,
            }
        }
        Ok(())
    }
}

/// The compact expression of a list of dice in draw order: runs of equal dice are grouped,
/// e.g. `[6, 6]` gives `2d6` and `[3, 6, 20]` gives `1d3+1d6+1d20`. No dice give `no dice`.
pub fn describe_dice(sides: &[u32]) -> String {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for &s in sides {
        match runs.last_mut() {
            Some((count, faces)) if *faces == s => *count += 1,
            _ => runs.push((1, s)),
        }
    }
    if runs.is_empty() {
        return "no dice".to_string();
    }
    runs.iter()
        .map(|(count, faces)| format!("{count}d{faces}"))
        .collect::<Vec<_>>()
        .join("+")
}

mod parse;

#[cfg(test)]
mod tests;
