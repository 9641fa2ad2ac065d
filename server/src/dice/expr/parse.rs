//! Reading dice expression text into checked terms, under the tray's or a recorded roll's limits.

use super::{
    DiceExpression, ExpressionError, MAX_CONSTANT, MAX_DICE, MAX_FACES, MAX_LENGTH, MIN_FACES,
    Sign, Term,
};

/// The most dice a recorded roll's expression is read with (a bound on memory when checking
/// an export, far above what any rule rolls).
const MAX_RECORDED_DICE: u64 = 100_000;

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
    // `1D6` is read as `1d6`: players write both.
    match piece.split_once(['d', 'D']) {
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
