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
/// The most dice a recorded roll's expression is read with (a bound on memory when checking
/// an export, far above what any rule rolls).
const MAX_RECORDED_DICE: u64 = 100_000;

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
    #[error("'{0}': not a term: write NdM (such as 2d6) or a whole number, with a lowercase d")]
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

struct Limits {
    max_dice: u64,
    max_faces: u32,
}

impl DiceExpression {
    /// Parses an expression under the limits of the API (at most 100 dice, d2 to d1000).
    pub fn parse(text: &str) -> Result<Self, ExpressionError> {
        parse_with(
            text,
            &Limits {
                max_dice: u64::from(MAX_DICE),
                max_faces: MAX_FACES,
            },
        )
    }

    /// Parses an expression as stored with a roll, without the API's size limits: rules may
    /// roll more or bigger dice than the free dice tray allows.
    pub fn parse_recorded(text: &str) -> Result<Self, ExpressionError> {
        parse_with(
            text,
            &Limits {
                max_dice: MAX_RECORDED_DICE,
                max_faces: u32::MAX,
            },
        )
    }

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

fn parse_with(text: &str, limits: &Limits) -> Result<DiceExpression, ExpressionError> {
    let length = text.chars().count();
    if length > MAX_LENGTH {
        return Err(ExpressionError::TooLong(length));
    }
    let trimmed = text.trim_matches([' ', '\t']);
    if trimmed.is_empty() {
        return Err(ExpressionError::Empty);
    }
    let mut pieces: Vec<(Sign, &str)> = Vec::new();
    let mut sign = Sign::Plus;
    let mut start = 0;
    for (at, c) in trimmed.char_indices() {
        let next = match c {
            '+' => Sign::Plus,
            '-' => Sign::Minus,
            _ => continue,
        };
        let piece = trimmed[start..at].trim_matches([' ', '\t']);
        if piece.is_empty() {
            return Err(if pieces.is_empty() && start == 0 {
                ExpressionError::LeadingSign(trimmed.to_string())
            } else {
                ExpressionError::MissingTerm(trimmed[..=at].trim_start().to_string())
            });
        }
        pieces.push((sign, piece));
        sign = next;
        start = at + 1;
    }
    let last = trimmed[start..].trim_matches([' ', '\t']);
    if last.is_empty() {
        return Err(ExpressionError::MissingTerm(trimmed.to_string()));
    }
    pieces.push((sign, last));

    let mut terms = Vec::with_capacity(pieces.len());
    let mut dice_so_far = 0u64;
    for (sign, piece) in pieces {
        let term = parse_term(piece, limits)?;
        if let Term::Dice { count, .. } = term {
            dice_so_far += u64::from(count);
            if dice_so_far > limits.max_dice {
                return Err(ExpressionError::TooManyDice {
                    part: piece.to_string(),
                    total: dice_so_far,
                });
            }
        }
        terms.push((sign, term));
    }
    if dice_so_far == 0 {
        return Err(ExpressionError::NoDice(trimmed.to_string()));
    }
    Ok(DiceExpression { terms })
}

fn parse_term(piece: &str, limits: &Limits) -> Result<Term, ExpressionError> {
    let bad = || ExpressionError::BadTerm(piece.to_string());
    match piece.split_once('d') {
        Some(("", faces)) if is_number(faces) => Err(ExpressionError::MissingCount(piece.into())),
        Some((count, faces)) => {
            let count = number(count).ok_or_else(bad)?;
            let faces = number(faces).ok_or_else(bad)?;
            if count < 1 || count > limits.max_dice {
                return Err(ExpressionError::DiceCount(piece.to_string()));
            }
            if faces < u64::from(MIN_FACES) || faces > u64::from(limits.max_faces) {
                return Err(ExpressionError::Faces(piece.to_string()));
            }
            // Both were checked against limits that fit in u32 above.
            let count = u32::try_from(count).map_err(|_| bad())?;
            let faces = u32::try_from(faces).map_err(|_| bad())?;
            Ok(Term::Dice { count, faces })
        }
        None => {
            let value = number(piece).ok_or_else(bad)?;
            match i64::try_from(value) {
                Ok(v) if v <= MAX_CONSTANT => Ok(Term::Constant(v)),
                _ => Err(ExpressionError::Constant(piece.to_string())),
            }
        }
    }
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// A run of ASCII digits as a number; values too long for u64 saturate, which every limit
/// then refuses with the right message.
fn number(text: &str) -> Option<u64> {
    if !is_number(text) {
        return None;
    }
    Some(text.bytes().fold(0u64, |acc, b| {
        acc.saturating_mul(10).saturating_add(u64::from(b - b'0'))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::source::ScriptedDice;

    fn parsed(text: &str) -> String {
        match DiceExpression::parse(text) {
            Ok(e) => e.to_string(),
            Err(e) => format!("ERR {e}"),
        }
    }

    #[test]
    fn accepted_expressions_and_their_compact_form() {
        let table = [
            ("3d6", "3d6"),
            ("2d6+1", "2d6+1"),
            ("1d6-1+1d3", "1d6-1+1d3"),
            (" 2d6 + 1 ", "2d6+1"),
            ("2d6\t-\t0", "2d6-0"),
            ("100d6", "100d6"),
            ("50d6+50d6", "50d6+50d6"),
            ("1d2", "1d2"),
            ("1d1000", "1d1000"),
            ("1d6+1000000", "1d6+1000000"),
            ("007d6", "7d6"),
            ("1+1d6", "1+1d6"),
        ];
        for (text, compact) in table {
            assert_eq!(parsed(text), compact, "{text:?}");
        }
    }

    #[test]
    fn refused_expressions_name_the_part() {
        let table = [
            (
                "",
                "ERR the dice expression is empty: write dice such as 2d6+1",
            ),
            (
                "  ",
                "ERR the dice expression is empty: write dice such as 2d6+1",
            ),
            ("101d6", "ERR '101d6': a term rolls from 1 to 100 dice"),
            ("0d6", "ERR '0d6': a term rolls from 1 to 100 dice"),
            ("2d1", "ERR '2d1': a die needs from 2 to 1000 faces"),
            ("1d1001", "ERR '1d1001': a die needs from 2 to 1000 faces"),
            ("1d0", "ERR '1d0': a die needs from 2 to 1000 faces"),
            (
                "50d6+51d6",
                "ERR '51d6': this brings the dice rolled to 101, but an expression may roll at most 100",
            ),
            (
                "d6",
                "ERR 'd6': write how many dice before the d, as in 1d6",
            ),
            (
                "2 d6",
                "ERR '2 d6': not a term: write NdM (such as 2d6) or a whole number, with a lowercase d",
            ),
            (
                "3D6",
                "ERR '3D6': not a term: write NdM (such as 2d6) or a whole number, with a lowercase d",
            ),
            (
                "2d6x",
                "ERR '2d6x': not a term: write NdM (such as 2d6) or a whole number, with a lowercase d",
            ),
            (
                "2d",
                "ERR '2d': not a term: write NdM (such as 2d6) or a whole number, with a lowercase d",
            ),
            (
                "1.5",
                "ERR '1.5': not a term: write NdM (such as 2d6) or a whole number, with a lowercase d",
            ),
            (
                "-1+2d6",
                "ERR '-1+2d6': the expression must begin with a term such as 2d6, not with a sign",
            ),
            (
                "2d6+",
                "ERR '2d6+': a + or - must be followed by a term such as 1d6 or 2",
            ),
            (
                "2d6+-1",
                "ERR '2d6+-': a + or - must be followed by a term such as 1d6 or 2",
            ),
            (
                "1d6+1000001",
                "ERR '1000001': a constant can be at most 1000000",
            ),
            (
                "1+2",
                "ERR '1+2': the expression rolls no dice: add a term such as 1d6",
            ),
            (
                "99999999999999999999999d6",
                "ERR '99999999999999999999999d6': a term rolls from 1 to 100 dice",
            ),
        ];
        for (text, message) in table {
            assert_eq!(parsed(text), message, "{text:?}");
        }
        let longest = format!("1d6{}+10", "+1".repeat(497));
        assert_eq!(longest.len(), 1000);
        assert!(DiceExpression::parse(&longest).is_ok());
        // The limit counts characters, not bytes.
        assert_eq!(parsed(&format!("{}1d6", " ".repeat(997))), "1d6");
        assert!(
            parsed(&format!("{}1d6", "\u{a0}".repeat(998)))
                .starts_with("ERR the dice expression is 1001 characters")
        );
        assert_eq!(
            parsed(&format!("{longest}0")),
            "ERR the dice expression is 1001 characters long; at most 1000 are accepted"
        );
    }

    #[test]
    fn recorded_expressions_may_exceed_the_tray_limits() {
        assert!(DiceExpression::parse_recorded("150d6+1d5000").is_ok());
        assert!(DiceExpression::parse_recorded("1d1").is_err());
    }

    #[test]
    fn rolling_draws_in_order_and_adds_with_signs() {
        let expr = DiceExpression::parse("2d6-1+1d3-1d4").unwrap();
        let mut dice = ScriptedDice::new([5, 6, 2, 4]);
        let roll = expr.roll(&mut dice);
        assert_eq!(roll.draws, vec![(6, 5), (6, 6), (3, 2), (4, 4)]);
        assert_eq!(roll.total, 5 + 6 - 1 + 2 - 4);
        assert_eq!(dice.remaining(), 0);
        assert_eq!(expr.total_for(&[1, 1, 1]), None);
        assert_eq!(expr.total_for(&[1, 1, 1, 1, 1]), None);
    }

    #[test]
    fn compact_description_of_rule_dice() {
        assert_eq!(describe_dice(&[6, 6]), "2d6");
        assert_eq!(describe_dice(&[3, 6, 20]), "1d3+1d6+1d20");
        assert_eq!(describe_dice(&[6, 6, 3, 6]), "2d6+1d3+1d6");
        assert_eq!(describe_dice(&[]), "no dice");
    }
}
