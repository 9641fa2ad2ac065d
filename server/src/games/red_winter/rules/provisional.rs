//! The Finnish Provisional Company (12.8): the three conditions before it may come into play
//! (day two, the Soviets at or past hex column I, Pajari near Lutikkamökki) and where it is put.

use super::error::RulesError;
use crate::games::assisted::calc::{Explained, Working};

/// Lutikkamökki's hex as the rule book names it (12.8), for a campaign without a map.
pub const LUTIKKAMOKKI: &str = "E13";

/// Whether `hex`, named as the rules name hexes (column letters, then the row: Q25, 1.2), lies
/// in hex column I or west of it, that is columns A to I (12.8). Anything else (a box, the Turn
/// Track, a malformed name) is not.
pub fn in_or_west_of_column_i(hex: &str) -> bool {
    let hex = hex.trim();
    let letters: String = hex.chars().take_while(char::is_ascii_alphabetic).collect();
    let row = &hex[letters.len()..];
    letters.len() == 1
        && !row.is_empty()
        && row.chars().all(|c| c.is_ascii_digit())
        && letters.to_ascii_uppercase().as_str() <= "I"
}

/// Whether `turn` falls on day two (Dec. 9) or later: after the first night turn played
/// (`first_night`), since a night turn closes its day (16.0).
pub fn on_day_two(turn: u32, first_night: Option<u32>) -> bool {
    first_night.is_some_and(|night| turn > night)
}

/// What decides whether the Provisional Company may be created now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProvisionalCase {
    /// The game turn.
    pub turn: u32,
    /// The first night turn played, if one has begun.
    pub first_night: Option<u32>,
    /// A Soviet unit has been in hex column I or west of it at some time in the game.
    pub soviets_reached_column_i: bool,
    /// Hexes from Pajari to Lutikkamökki, counted on the map; `None` when the campaign has no
    /// map and the Finnish player has checked it.
    pub pajari_to_lutikkamokki: Option<u32>,
    /// Hexes from Pajari to where the company is put; `None` as above.
    pub placed_from_pajari: Option<u32>,
    /// The company has already come into play.
    pub created: bool,
}

fn not_yet(why: impl Into<String>) -> RulesError {
    RulesError::ProvisionalNotYet { why: why.into() }
}

/// Checks the Provisional Company's creation (12.8): once, from day two, after a Soviet unit has
/// reached hex column I or west of it, with Pajari within 4 hexes of Lutikkamökki, the company
/// put in Pajari's hex or next to it.
pub fn may_create_provisional(case: &ProvisionalCase) -> Result<Explained<()>, RulesError> {
    if case.created {
        return Err(not_yet("it has already come into play"));
    }
    let mut work = Working::new();
    if !on_day_two(case.turn, case.first_night) {
        return Err(not_yet(format!(
            "it is turn {}, still the first day; it may come from day two (Dec. 9), after the first night turn",
            case.turn
        )));
    }
    work.step("it is day two (Dec. 9) or later");
    if !case.soviets_reached_column_i {
        return Err(not_yet(
            "no Soviet unit has yet moved into hex column I or west of it",
        ));
    }
    work.step("a Soviet unit has moved into hex column I or west of it");
    let said = match case.pajari_to_lutikkamokki {
        Some(far) if far > 4 => {
            return Err(not_yet(format!(
                "Pajari is {far} hexes from Lutikkamökki ({LUTIKKAMOKKI}); he must be within 4"
            )));
        }
        Some(far) => format!("Pajari is {far} hex(es) from Lutikkamökki, within 4"),
        None => "the Finnish player has checked that Pajari is within 4 hexes of Lutikkamökki"
            .to_string(),
    };
    work.step(said);
    if let Some(far) = case.placed_from_pajari
        && far > 1
    {
        return Err(RulesError::ProvisionalPlacement { far });
    }
    work.step("the company comes into play at full strength with or next to Pajari (12.8)");
    Ok(work.done(()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::refusal::{Refusal, RefusalKind};

    fn ready() -> ProvisionalCase {
        ProvisionalCase {
            turn: 5,
            first_night: Some(4),
            soviets_reached_column_i: true,
            pajari_to_lutikkamokki: Some(4),
            placed_from_pajari: Some(1),
            created: false,
        }
    }

    /// 12.8: each condition, and the placement with or next to Pajari.
    #[test]
    fn the_provisional_company_waits_for_its_three_conditions_12_8() {
        assert!(may_create_provisional(&ready()).is_ok());
        let refused = |change: fn(&mut ProvisionalCase)| {
            let mut case = ready();
            change(&mut case);
            may_create_provisional(&case).expect_err("refused")
        };
        let first_day = refused(|c| c.turn = 4);
        assert_eq!(first_day.kind(), RefusalKind::NotNow);
        assert!(first_day.to_string().ends_with("(12.8)"), "{first_day}");
        assert!(first_day.to_string().contains("day two"), "{first_day}");
        assert!(
            refused(|c| c.first_night = None)
                .to_string()
                .contains("first day")
        );
        assert!(
            refused(|c| c.soviets_reached_column_i = false)
                .to_string()
                .contains("column I")
        );
        assert!(
            refused(|c| c.pajari_to_lutikkamokki = Some(5))
                .to_string()
                .contains("5 hexes")
        );
        let far = refused(|c| c.placed_from_pajari = Some(2));
        assert_eq!(far.kind(), RefusalKind::AgainstTheRules);
        assert_eq!(far.code(), "provisional_placement");
        assert_eq!(refused(|c| c.created = true).code(), "provisional_not_yet");
        let unmapped = ProvisionalCase {
            pajari_to_lutikkamokki: None,
            placed_from_pajari: None,
            ..ready()
        };
        assert!(may_create_provisional(&unmapped).is_ok());
    }

    /// 12.8: hex column I and the columns west of it, A to H.
    #[test]
    fn column_i_and_west_of_it_12_8() {
        for hex in ["I17", "A1", "h20", " E13 "] {
            assert!(in_or_west_of_column_i(hex), "{hex}");
        }
        for hex in [
            "J1",
            "X28",
            "Turn Track, turn 6",
            "I",
            "AA3",
            "Dead Pool",
            "",
        ] {
            assert!(!in_or_west_of_column_i(hex), "{hex}");
        }
        assert!(on_day_two(3, Some(2)));
        assert!(!on_day_two(2, Some(2)));
        assert!(!on_day_two(9, None));
    }
}
