//! The umpire's corrections: values both sides see, in range, with a reason; never a hidden piece.

use super::fixtures::{at_leningrad, put};
use crate::core::domain::Side;
use crate::games::talvisota::rules::correction::{Correction, correct};
use crate::games::talvisota::rules::state::UnitLocation;
use crate::games::talvisota::rules::{Audience, EventKind, TalvisotaState};

fn location(s: &TalvisotaState, unit: &str) -> UnitLocation {
    s.units
        .iter()
        .find(|u| u.id == unit)
        .map(|u| u.location.clone())
        .expect("the unit")
}

#[test]
fn morale_is_set_within_its_track_with_a_reason() {
    let mut s = at_leningrad(&["su-fus-1"]);
    let set = |side, value| Correction::Morale { side, value };
    assert!(correct(&mut s, set(Side::Finnish, 24), "typo").is_err());
    assert!(correct(&mut s, set(Side::Finnish, -1), "typo").is_err());
    assert!(correct(&mut s, set(Side::Finnish, 17), " ").is_err());
    assert_eq!(s.finnish_morale, 19, "refusals change nothing");
    let events = correct(&mut s, set(Side::Finnish, 23), "the table's record").expect("set");
    assert_eq!(s.finnish_morale, 23);
    assert!(matches!(
        &events[0].kind,
        EventKind::Corrected {
            before: Correction::Morale { value: 19, .. },
            ..
        }
    ));
    assert_eq!(events[0].audience, Audience::Everyone);
    correct(&mut s, set(Side::Soviet, 0), "edge").expect("0 is on the track");
    assert_eq!(s.soviet_morale, 0);
}

#[test]
fn a_visible_unit_moves_to_a_space_or_a_box_and_never_to_or_from_a_sheet() {
    let mut s = at_leningrad(&["su-fus-1"]);
    let to = |location| Correction::Unit {
        unit: "su-fus-1".into(),
        location,
    };
    assert!(correct(&mut s, to(UnitLocation::Sheet), "no").is_err());
    assert!(correct(&mut s, to(UnitLocation::Space("atlantis".into())), "no").is_err());
    assert_eq!(
        location(&s, "su-fus-1"),
        UnitLocation::Space("leningrad".into())
    );
    correct(
        &mut s,
        to(UnitLocation::Space("terijoki".into())),
        "misplaced",
    )
    .expect("moves");
    assert_eq!(
        location(&s, "su-fus-1"),
        UnitLocation::Space("terijoki".into())
    );
    correct(&mut s, to(UnitLocation::Losses(0)), "eliminated").expect("to Losses");
    assert_eq!(location(&s, "su-fus-1"), UnitLocation::Losses(s.turn));
    // A unit on a command sheet is hidden from the enemy: it is not corrected this way.
    put(&mut s, "su-fus-2", "leningrad");
    s.unit_mut("su-fus-2").expect("unit").location = UnitLocation::Sheet;
    let hidden = Correction::Unit {
        unit: "su-fus-2".into(),
        location: UnitLocation::Losses(0),
    };
    assert!(correct(&mut s, hidden, "no").is_err());
    assert_eq!(location(&s, "su-fus-2"), UnitLocation::Sheet);
    // Nor is one in the Reinforcements box, which only its side is told of, nor sent there.
    s.unit_mut("su-fus-2").expect("unit").location = UnitLocation::Reinforcements(1);
    let hidden = Correction::Unit {
        unit: "su-fus-2".into(),
        location: UnitLocation::Space("leningrad".into()),
    };
    assert!(correct(&mut s, hidden, "no").is_err());
    let to_box = Correction::Unit {
        unit: "su-fus-1".into(),
        location: UnitLocation::Reinforcements(1),
    };
    assert!(correct(&mut s, to_box, "no").is_err());
}
