//! The pieces of the campaign page about its clock: the umpire's pace form as filled in, hours
//! as people type them, the pace in words, and moments shown in each reader's own time.

use crate::campaigns::pace::{self, PaceView, minutes_in_words};
use crate::core::error::AppError;
use crate::core::zone::Zone;

/// Quick deadlines offered beside the date and time, in hours from now.
pub const QUICK_HOURS: [u32; 3] = [12, 24, 48];

/// The umpire's pace section as filled in, with the message of a refused form beside its field.
#[derive(Debug, Default)]
pub struct PaceSection {
    /// Hours per turn, as typed.
    pub pace_hours: String,
    /// Grace in hours, as typed.
    pub grace_hours: String,
    /// The deadline's date and time in the umpire's zone, as typed (or as it stands).
    pub deadline_at: String,
    /// The umpire's zone, which the deadline is typed in (its IANA name).
    pub zone: String,
    /// The message beside the pace field.
    pub pace_error: Option<String>,
    /// The message beside the grace field.
    pub grace_error: Option<String>,
    /// The message beside the deadline field.
    pub deadline_error: Option<String>,
    /// The message of a refused pause, resumption or default.
    pub clock_error: Option<String>,
}

fn hours_text(minutes: i32) -> String {
    let hours = f64::from(minutes) / 60.0;
    format!("{hours}")
}

impl PaceSection {
    /// The section as the campaign stands, for an umpire in `zone`.
    pub fn of(pace: &PaceView, zone: &Zone) -> PaceSection {
        PaceSection {
            pace_hours: pace.pace_minutes.map(hours_text).unwrap_or_default(),
            grace_hours: hours_text(pace.grace_minutes),
            deadline_at: pace
                .deadline
                .map(|at| zone.field_value(at))
                .unwrap_or_default(),
            zone: zone.name().to_owned(),
            ..PaceSection::default()
        }
    }
}

/// Reads hours as a person types them ("24", "1.5", "0,5") into whole minutes; `None` when empty.
pub fn minutes(text: &str, field: &'static str) -> Result<Option<u32>, AppError> {
    let text = text.trim().replace(',', ".");
    if text.is_empty() {
        return Ok(None);
    }
    let hours: f64 = text
        .parse()
        .ok()
        .filter(|h: &f64| h.is_finite())
        .ok_or_else(|| {
            AppError::invalid(
                "invalid_pace",
                format!("Write a number of hours, such as 24 or 1.5, not '{text}'."),
            )
            .on_field(field)
        })?;
    if hours < 0.0 || hours * 60.0 > f64::from(pace::MAX_MINUTES) {
        return Err(AppError::invalid(
            "invalid_pace",
            format!("Give between 0 and {} hours.", pace::MAX_MINUTES / 60),
        )
        .on_field(field));
    }
    Ok(Some((hours * 60.0).round() as u32))
}

/// The campaign's clock in words for its page: the pace, and a paused campaign said plainly.
pub fn pace_words(pace: &PaceView) -> String {
    let mut words = match pace.pace_minutes {
        Some(m) => format!("{} per turn", minutes_in_words(m)),
        None => "No pace: deadlines only when the umpire sets one".to_owned(),
    };
    if pace.grace_minutes > 0 {
        words.push_str(&format!(
            "; the server acts {} after a deadline",
            minutes_in_words(pace.grace_minutes)
        ));
    }
    words.push('.');
    words
}
