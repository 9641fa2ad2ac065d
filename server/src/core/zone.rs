//! Moments as people read and type them: an instant shown in a reader's IANA time zone, and a
//! date and time typed in the typer's zone read back into an instant. Pure: the time zone
//! database is the one bundled with `jiff`, so every process reads the same rules.

use jiff::civil::DateTime;
use jiff::tz::{AmbiguousOffset, TimeZone};
use jiff::{Timestamp, ZonedDateTime};
use time::OffsetDateTime;

/// A reader's or typer's time zone: an IANA name (`Europe/Helsinki`) with its rules.
#[derive(Clone, Debug)]
pub struct Zone {
    name: String,
    tz: TimeZone,
}

/// A name that is no time zone of the database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownZone(pub String);

impl std::fmt::Display for UnknownZone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "'{}' is not a time zone we know: choose one from the list, such as Europe/Helsinki.",
            self.0
        )
    }
}

/// Why a typed date and time names no one moment in a zone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypedTime {
    /// Not a date and time at all.
    Unreadable(String),
    /// The clocks skip it (the start of summer time): it never happens in the zone.
    Skipped {
        /// The time as typed, tidied ("03:30 on Sun 29 Mar 2026").
        when: String,
        /// The zone's name.
        zone: String,
    },
    /// The clocks pass it twice (the end of summer time): it happens twice in the zone.
    Twice {
        /// The time as typed, tidied.
        when: String,
        /// The zone's name.
        zone: String,
    },
}

impl std::fmt::Display for TypedTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TypedTime::Unreadable(typed) => write!(
                f,
                "Write a date and time such as 2026-12-01 10:00, not '{typed}'."
            ),
            TypedTime::Skipped { when, zone } => write!(
                f,
                "{when} does not happen in {zone}: the clocks go forward past it. Choose a time an hour later or earlier."
            ),
            TypedTime::Twice { when, zone } => write!(
                f,
                "{when} happens twice in {zone}, as the clocks go back: choose a time outside that hour."
            ),
        }
    }
}

/// The instant `at` as jiff reads it.
fn timestamp(at: OffsetDateTime) -> Option<Timestamp> {
    Timestamp::from_nanosecond(at.unix_timestamp_nanos()).ok()
}

impl Zone {
    /// Coordinated Universal Time: everyone's zone until they choose one.
    pub fn utc() -> Zone {
        Zone {
            name: "UTC".to_owned(),
            tz: TimeZone::UTC,
        }
    }

    /// The zone called `name` in the IANA database (case as the database spells it); unknown
    /// names are refused.
    pub fn named(name: &str) -> Result<Zone, UnknownZone> {
        let name = name.trim();
        let known = names().binary_search_by(|n| n.as_str().cmp(name)).is_ok();
        match TimeZone::get(name) {
            Ok(tz) if known => Ok(Zone {
                name: name.to_owned(),
                tz,
            }),
            _ => Err(UnknownZone(name.to_owned())),
        }
    }

    /// The zone an account keeps (`None`: not chosen, UTC); a name the database no longer
    /// knows reads as UTC too.
    pub fn of(stored: Option<&str>) -> Zone {
        stored
            .and_then(|name| Zone::named(name).ok())
            .unwrap_or_else(Zone::utc)
    }

    /// The zone's IANA name.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn zoned(&self, at: OffsetDateTime) -> Option<ZonedDateTime> {
        timestamp(at).map(|t| t.to_zoned_datetime(self.tz.clone()))
    }

    /// `at` to the minute, as the zone's clocks show it: "Thu 27 Nov 18:00 EET".
    pub fn show(&self, at: OffsetDateTime) -> String {
        match self.zoned(at) {
            Some(z) => z.strftime("%a %-d %b %H:%M %Z").to_string(),
            None => at.to_string(),
        }
    }

    /// `at` shown with the zone's name, so that nobody wonders which clock it is:
    /// "Thu 27 Nov 18:00 EET (Europe/Helsinki)"; in UTC simply "Thu 27 Nov 16:00 UTC".
    pub fn words(&self, at: OffsetDateTime) -> String {
        let shown = self.show(at);
        if self.name == "UTC" {
            shown
        } else {
            format!("{shown} ({})", self.name)
        }
    }

    /// `at` as a `datetime-local` field holds it in this zone: "2026-11-27T18:00".
    pub fn field_value(&self, at: OffsetDateTime) -> String {
        self.zoned(at)
            .map(|z| z.strftime("%Y-%m-%dT%H:%M").to_string())
            .unwrap_or_default()
    }

    /// A date and time typed in this zone ("2026-11-28T10:00" as a `datetime-local` field sends
    /// it, or "2026-11-28 10:00") as an instant. A time the clocks skip or pass twice (a change
    /// to or from summer time) is refused with a sentence saying so, never guessed.
    pub fn read(&self, typed: &str) -> Result<OffsetDateTime, TypedTime> {
        let text = typed.trim();
        let unreadable = || TypedTime::Unreadable(text.to_owned());
        let civil: DateTime = text
            .replacen(' ', "T", 1)
            .parse()
            .map_err(|_| unreadable())?;
        let ambiguous = self.tz.to_ambiguous_zoned_datetime(civil);
        let when = || civil.strftime("%H:%M on %a %-d %b %Y").to_string();
        let zone = self.name.clone();
        let zoned = match ambiguous.offset() {
            AmbiguousOffset::Unambiguous { .. } => {
                ambiguous.unambiguous().map_err(|_| unreadable())?
            }
            AmbiguousOffset::Gap { .. } => return Err(TypedTime::Skipped { when: when(), zone }),
            AmbiguousOffset::Fold { .. } => return Err(TypedTime::Twice { when: when(), zone }),
        };
        OffsetDateTime::from_unix_timestamp_nanos(zoned.timestamp().as_nanosecond())
            .map_err(|_| unreadable())
    }
}

/// Every zone name of the database, sorted, for a list to choose from.
pub fn names() -> &'static [String] {
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names: Vec<String> = jiff::tz::db()
            .available()
            .map(|n| n.as_str().to_owned())
            .filter(|n| !n.starts_with("posix/") && !n.starts_with("right/"))
            .collect();
        names.sort();
        names.dedup();
        names
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    fn helsinki() -> Zone {
        Zone::named("Europe/Helsinki").expect("a known zone")
    }

    #[test]
    fn an_instant_reads_in_the_readers_zone_with_its_name() {
        let at = datetime!(2026-11-27 16:00 UTC);
        assert_eq!(helsinki().show(at), "Fri 27 Nov 18:00 EET");
        assert_eq!(
            helsinki().words(at),
            "Fri 27 Nov 18:00 EET (Europe/Helsinki)"
        );
        assert_eq!(Zone::utc().words(at), "Fri 27 Nov 16:00 UTC");
        let summer = datetime!(2026-07-01 07:05 UTC);
        assert_eq!(helsinki().show(summer), "Wed 1 Jul 10:05 EEST");
        assert_eq!(helsinki().field_value(summer), "2026-07-01T10:05");
    }

    #[test]
    fn a_typed_time_is_read_in_the_typers_zone() {
        let due = helsinki().read("2026-11-28T10:00").expect("a plain time");
        assert_eq!(due, datetime!(2026-11-28 08:00 UTC));
        assert_eq!(helsinki().show(due), "Sat 28 Nov 10:00 EET");
        assert_eq!(
            helsinki().read(" 2026-11-28 10:00 ").expect("with a space"),
            due
        );
        assert_eq!(
            Zone::utc().read("2026-11-28T10:00:00").expect("seconds"),
            datetime!(2026-11-28 10:00 UTC)
        );
        for bad in ["", "tomorrow", "2026-13-01T10:00", "28.11.2026 10:00"] {
            assert_eq!(
                helsinki().read(bad),
                Err(TypedTime::Unreadable(bad.trim().to_owned())),
                "{bad}"
            );
        }
    }

    #[test]
    fn times_the_clocks_skip_or_pass_twice_are_refused_with_a_reason() {
        // Helsinki goes from 03:00 to 04:00 on 29 March 2026 and back on 25 October.
        let skipped = helsinki().read("2026-03-29T03:30").expect_err("a gap");
        assert_eq!(
            skipped.to_string(),
            "03:30 on Sun 29 Mar 2026 does not happen in Europe/Helsinki: the clocks go forward past it. Choose a time an hour later or earlier."
        );
        let twice = helsinki().read("2026-10-25T03:30").expect_err("a fold");
        assert!(
            matches!(&twice, TypedTime::Twice { when, .. } if when == "03:30 on Sun 25 Oct 2026"),
            "{twice:?}"
        );
        assert!(
            twice
                .to_string()
                .contains("happens twice in Europe/Helsinki")
        );
        // Just outside them, the time is read.
        assert_eq!(
            helsinki().read("2026-03-29T04:00"),
            Ok(datetime!(2026-03-29 01:00 UTC))
        );
        assert_eq!(
            helsinki().read("2026-10-25T04:00"),
            Ok(datetime!(2026-10-25 02:00 UTC))
        );
    }

    #[test]
    fn only_names_of_the_database_are_zones() {
        assert_eq!(helsinki().name(), "Europe/Helsinki");
        assert!(names().iter().any(|n| n == "Asia/Tokyo"));
        assert!(names().windows(2).all(|w| w[0] < w[1]));
        for bad in ["Mars/Olympus", "europe/helsinki", "", "../etc/passwd"] {
            assert!(Zone::named(bad).is_err(), "{bad}");
        }
        assert_eq!(
            Zone::named("Mars/Olympus")
                .expect_err("unknown")
                .to_string(),
            "'Mars/Olympus' is not a time zone we know: choose one from the list, such as Europe/Helsinki."
        );
        assert_eq!(Zone::of(None).name(), "UTC");
        assert_eq!(Zone::of(Some("Mars/Olympus")).name(), "UTC");
        assert_eq!(Zone::of(Some("Asia/Tokyo")).name(), "Asia/Tokyo");
    }
}
