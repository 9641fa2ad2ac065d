//! A side gives its sealed value at the table (Red Winter's Victory Point bid, 17.0.2): while the
//! sides set up, once per round, both shown when both are in.

use super::desk::{Desk, refused};
use super::event::DeskEvent;
use crate::core::domain::Role;
use crate::games::assisted::catalogue::Refused;
use crate::games::assisted::declarations::Declarations;
use crate::games::assisted::refusal::RefusalKind;
use crate::games::assisted::sealed::{SealError, SealedSeen, SealedSpec};

impl<D: Declarations> Desk<D> {
    fn sealed_spec(code: &str) -> Result<SealedSpec, Refused> {
        D::sealed()
            .into_iter()
            .find(|s| s.code == code)
            .ok_or_else(|| {
                refused(
                    RefusalKind::NoSuchThing,
                    "no_such_sealed_input",
                    format!("This game asks for nothing sealed called '{code}'."),
                )
            })
    }

    /// `by`'s side seals `value` for input `code` with `nonce` (32 hex digits the server drew).
    pub fn seal(
        &mut self,
        by: Role,
        code: &str,
        value: i64,
        nonce: &str,
    ) -> Result<Vec<DeskEvent>, Refused> {
        let spec = Self::sealed_spec(code)?;
        let Some(side) = by.side() else {
            return Err(refused(
                RefusalKind::AgainstTheRules,
                "sides_only",
                format!(
                    "The {} is given by the two sides; the umpire reads it once both are in ({}).",
                    spec.title, spec.rule
                ),
            ));
        };
        if !self.setting_up() {
            return Err(refused(
                RefusalKind::NotNow,
                "wrong_phase",
                format!(
                    "The {} is given before play, while the sides set up ({}); it is now {}.",
                    spec.title,
                    spec.rule,
                    self.moment()
                ),
            ));
        }
        let input = self.sealed.entry(code.to_string()).or_default();
        let revealed = input.seal(&spec, side, value, nonce).map_err(|e| {
            let (kind, code, message) = match e {
                SealError::OutOfBounds { min, max } => (
                    RefusalKind::AgainstTheRules,
                    "out_of_bounds",
                    format!("A {} is {min} to {max}; {value} is not.", spec.title),
                ),
                SealError::AlreadySealed => (
                    RefusalKind::NotNow,
                    "already_sealed",
                    format!(
                        "Your side has sealed its {} already; it is shown once the other side's is in.",
                        spec.title
                    ),
                ),
                SealError::AlreadyRevealed => (
                    RefusalKind::NotNow,
                    "already_revealed",
                    format!("Both sides' {} values are in and shown.", spec.title),
                ),
            };
            refused(kind, code, message)
        })?;
        let seen = input.seen_by(&spec, None);
        let commitment = seen
            .sides
            .iter()
            .find(|s| s.side == side)
            .and_then(|s| s.commitment.clone())
            .unwrap_or_default();
        let mut events = vec![DeskEvent::Sealed {
            sentence: format!(
                "The {} player sealed a {} ({}): commitment {}.",
                side.adjective(),
                spec.title,
                spec.rule,
                short(&commitment)
            ),
        }];
        if revealed {
            events.push(DeskEvent::Sealed {
                sentence: reveal_sentence(&spec, input.earlier.last(), &seen),
            });
        }
        Ok(events)
    }

    /// The sealed inputs as `role` sees them.
    pub fn sealed_for(&self, role: Role) -> Vec<SealedSeen> {
        let setting_up = self.setting_up();
        D::sealed()
            .iter()
            .map(|spec| {
                let mut seen = self
                    .sealed
                    .get(spec.code)
                    .cloned()
                    .unwrap_or_default()
                    .seen_by(spec, role.side());
                seen.open_now = setting_up && !seen.revealed;
                seen
            })
            .collect()
    }
}

fn short(commitment: &str) -> &str {
    commitment.get(..16).unwrap_or(commitment)
}

fn reveal_sentence(
    spec: &SealedSpec,
    tied: Option<&crate::games::assisted::sealed::Round>,
    seen: &SealedSeen,
) -> String {
    match seen.points {
        Some((side, points)) => {
            let bids: Vec<String> = seen
                .sides
                .iter()
                .map(|s| format!("{} {}", s.side.adjective(), s.value.unwrap_or_default()))
                .collect();
            format!(
                "Both sides' {}s are in: {}. The {} side receives {points} victory points ({}).",
                spec.title,
                bids.join(", "),
                side.adjective(),
                spec.rule
            )
        }
        None => {
            let value = tied
                .and_then(|r| r.soviet.as_ref())
                .map(|s| s.value)
                .unwrap_or_default();
            format!(
                "Both sides bid {value}: equal {}s are given again ({}).",
                spec.title, spec.rule
            )
        }
    }
}
