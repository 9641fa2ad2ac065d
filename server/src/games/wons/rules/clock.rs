//! The campaign clock: Hours, their date and time of day, Daylight or Darkness.

use super::fatigue::Light;
use serde::{Deserialize, Serialize};

/// A calendar date (proleptic Gregorian), as the scenario pack gives it.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, utoipa::ToSchema,
)]
pub struct CampaignDate {
    /// The year, e.g. 1940.
    pub year: i32,
    /// The month, 1 to 12.
    pub month: u32,
    /// The day of the month, from 1.
    pub day: u32,
}

impl CampaignDate {
    /// Reads "YYYY-MM-DD"; `None` if it is not a real date.
    pub fn parse(text: &str) -> Option<Self> {
        let mut parts = text.split('-');
        let year = parts.next()?.parse().ok()?;
        let month = parts.next()?.parse().ok()?;
        let day = parts.next()?.parse().ok()?;
        if parts.next().is_some() || !(1..=12).contains(&month) {
            return None;
        }
        let date = CampaignDate { year, month, day };
        (day >= 1 && day <= date.days_in_month()).then_some(date)
    }

    fn days_in_month(self) -> u32 {
        let leap = (self.year % 4 == 0 && self.year % 100 != 0) || self.year % 400 == 0;
        match self.month {
            2 if leap => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        }
    }

    /// The date `days` later.
    pub fn plus_days(self, days: u32) -> Self {
        let mut date = self;
        for _ in 0..days {
            if date.day < date.days_in_month() {
                date.day += 1;
            } else if date.month < 12 {
                date = CampaignDate {
                    month: date.month + 1,
                    day: 1,
                    ..date
                };
            } else {
                date = CampaignDate {
                    year: date.year + 1,
                    month: 1,
                    day: 1,
                };
            }
        }
        date
    }
}

impl std::fmt::Display for CampaignDate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// When the campaign starts, which clock hours are light, and how long it lasts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CampaignClock {
    /// The date of Hour 1.
    pub start_date: CampaignDate,
    /// The hour of the day (0–23) at which Hour 1 begins.
    pub start_hour_of_day: u32,
    /// The first hour of the day that is Daylight.
    pub daylight_from: u32,
    /// The first hour of the day that is dark again.
    pub daylight_until: u32,
    /// How many Hours the campaign lasts.
    pub length_hours: u32,
}

impl CampaignClock {
    fn hours_since_start_of_first_day(&self, hour: u32) -> u32 {
        self.start_hour_of_day + hour.saturating_sub(1)
    }

    /// The hour of the day (0–23) at which campaign Hour `hour` (from 1) begins.
    pub fn hour_of_day(&self, hour: u32) -> u32 {
        self.hours_since_start_of_first_day(hour) % 24
    }

    /// The date of campaign Hour `hour`.
    pub fn date(&self, hour: u32) -> CampaignDate {
        self.start_date
            .plus_days(self.hours_since_start_of_first_day(hour) / 24)
    }

    /// Whether Hour `hour` is Daylight or Darkness.
    pub fn light(&self, hour: u32) -> Light {
        let h = self.hour_of_day(hour);
        if (self.daylight_from..self.daylight_until).contains(&h) {
            Light::Daylight
        } else {
            Light::Darkness
        }
    }

    /// "Hour 14, 1940-02-12 05:00, Darkness".
    pub fn label(&self, hour: u32) -> String {
        let light = match self.light(hour) {
            Light::Daylight => "Daylight",
            Light::Darkness => "Darkness",
        };
        format!(
            "Hour {hour}, {} {:02}:00, {light}",
            self.date(hour),
            self.hour_of_day(hour)
        )
    }
}
