//! After the battle: equipment capture with every modifier, captured weapons and recaptured
//! retained items, and prisoners interrogated once (R1.4, R1.5, R25).

use super::aftermath::{field, full_report, grab, pending};
use crate::core::domain::Side;
use crate::dice::source::ScriptedDice;
use crate::games::wons::rules::aftermath::{
    AbandonedIn, BattleReport, CaptureRequest, PrisonerTaken, ReportError, Reporter,
    capture_device, submit_report,
};
use crate::games::wons::rules::fatigue::Light;
use crate::games::wons::rules::platoon::RetainedItem;
use crate::games::wons::rules::prisoners::{
    InterrogationRequest, PrisonerError, interrogate_prisoner,
};
use crate::games::wons::rules::state::WonsState;
use crate::games::wons::rules::tables::interrogation::InterrogationResult;

fn roll(
    s: &mut WonsState,
    side: Side,
    request: &CaptureRequest,
    hero: Option<&str>,
    die: u32,
) -> bool {
    let mut dice = ScriptedDice::new([die]);
    capture_device(s, 1, side, request, hero, &mut dice).expect("rolled");
    s.battles[0].abandoned[0]
        .capture
        .as_ref()
        .expect("kept")
        .roll
        .captured
}

#[test]
fn capture_rolls_with_every_modifier() {
    let light = Light::Daylight;
    // Plain: 4–6.
    for (die, captured) in [(3, false), (4, true)] {
        let mut s = field(light, Side::Soviet, false);
        assert_eq!(
            roll(&mut s, Side::Finnish, &grab("fin-1"), None, die),
            captured
        );
    }
    // HE drove the owner off: 5–6.
    for (die, captured) in [(4, false), (5, true)] {
        let mut s = field(light, Side::Soviet, true);
        assert_eq!(
            roll(&mut s, Side::Finnish, &grab("fin-1"), None, die),
            captured
        );
    }
    // A difficult place: one harder.
    let mut hard = grab("fin-1");
    hard.difficult_place = true;
    for (die, captured) in [(4, false), (5, true)] {
        let mut s = field(light, Side::Soviet, false);
        assert_eq!(roll(&mut s, Side::Finnish, &hard, None, die), captured);
    }
    // Darkness −1, unless the capturer was within close combat range.
    let mut s = field(Light::Darkness, Side::Soviet, false);
    assert!(!roll(&mut s, Side::Finnish, &grab("fin-1"), None, 4));
    let mut close = grab("fin-1");
    close.been_in_close_combat_range = true;
    let mut s = field(Light::Darkness, Side::Soviet, false);
    assert!(roll(&mut s, Side::Finnish, &close, None, 4));
    // Friendly abandoned equipment: one step easier, 3–6.
    let mut s = field(light, Side::Soviet, false);
    assert!(!roll(&mut s, Side::Soviet, &grab("sov-1"), None, 2));
    let mut s = field(light, Side::Soviet, false);
    assert!(roll(&mut s, Side::Soviet, &grab("sov-1"), None, 3));
    // The rule's own example: a friendly AT gun whose crew HE destroyed is taken over on 4–6.
    for (die, captured) in [(3, false), (4, true)] {
        let mut s = field(light, Side::Soviet, true);
        assert_eq!(
            roll(&mut s, Side::Soviet, &grab("sov-1"), None, die),
            captured
        );
    }
    assert!(
        !s.platoons["sov-1"].captured[0].foreign_ammunition,
        "its own side's weapon uses its own ammunition"
    );
}

#[test]
fn captured_weapons_join_the_capturer_with_their_notes() {
    let mut heavy = grab("fin-1");
    heavy.heavier_weapon = true;
    // A heavier weapon goes into use at once only on a 6 …
    let mut s = field(Light::Daylight, Side::Soviet, false);
    assert!(roll(&mut s, Side::Finnish, &heavy, None, 5));
    let taken = &s.platoons["fin-1"].captured[0];
    assert!(!taken.usable_at_once && taken.foreign_ammunition && taken.battle == 1);
    let mut s = field(Light::Daylight, Side::Soviet, false);
    assert!(roll(&mut s, Side::Finnish, &heavy, None, 6));
    assert!(s.platoons["fin-1"].captured[0].usable_at_once);
    // … or with a hero who may use any weapon, named in the sentence.
    let mut s = field(Light::Daylight, Side::Soviet, false);
    let mut dice = ScriptedDice::new([4]);
    let events = capture_device(
        &mut s,
        1,
        Side::Finnish,
        &heavy,
        Some("Korpraali Testi"),
        &mut dice,
    )
    .expect("rolled");
    assert!(s.platoons["fin-1"].captured[0].usable_at_once);
    assert!(
        events[0]
            .sentence
            .contains("Korpraali Testi may use any weapon")
    );
    assert!(events[0].sentence.contains("foreign ammunition"));
    assert!(dice.rolls[0].purpose.contains("R1.5"));
    // One roll per device; a failed roll destroyed nothing else.
    let mut dice = ScriptedDice::new([6]);
    assert!(matches!(
        capture_device(&mut s, 1, Side::Finnish, &heavy, None, &mut dice),
        Err(ReportError::AlreadyRolled(_))
    ));
    // Nothing to capture before the result, nor with a platoon that was not there.
    let mut s = pending(Light::Daylight);
    assert_eq!(
        capture_device(&mut s, 1, Side::Finnish, &grab("fin-1"), None, &mut dice),
        Err(ReportError::NotDecided(1))
    );
    let mut s = field(Light::Daylight, Side::Soviet, false);
    assert!(matches!(
        capture_device(&mut s, 1, Side::Finnish, &grab("fin-2"), None, &mut dice),
        Err(ReportError::NotInBattle(..))
    ));
    assert_eq!(dice.remaining(), 1, "refusals roll nothing");
}

#[test]
fn an_abandoned_retained_item_is_recaptured_as_a_retained_item() {
    let mut s = pending(Light::Daylight);
    s.platoons
        .get_mut("sov-1")
        .expect("sov-1")
        .retained
        .push(RetainedItem {
            id: "b0-sov-satchel-1".into(),
            name: "Satchel charges".into(),
        });
    let mut report = BattleReport::bare(Side::Soviet, 4);
    report.abandoned = vec![AbandonedIn {
        platoon: "sov-1".into(),
        weapon: "Satchel charges".into(),
        he_drove_off_owner: false,
    }];
    submit_report(&mut s, 1, Reporter::Umpire, &report).expect("applied");
    assert!(s.platoons["sov-1"].retained.is_empty());
    assert!(roll(&mut s, Side::Finnish, &grab("fin-1"), None, 6));
    assert_eq!(s.platoons["fin-1"].retained[0].name, "Satchel charges");
}

#[test]
fn listed_prisoners_are_interrogated_once_with_the_reports_flags() {
    let mut s = pending(Light::Daylight);
    let mut report = full_report();
    report.prisoners.push(PrisonerTaken {
        taken_by: Side::Finnish,
        name: "Kombat Hero".into(),
        deserter: false,
        hero: true,
    });
    report.support_used.clear();
    submit_report(&mut s, 1, Reporter::Umpire, &report).expect("applied");
    let ask = |name: &str| InterrogationRequest {
        prisoner: name.into(),
        deserter: false,
        hero: false,
    };
    let mut dice = ScriptedDice::new([3, 3]);
    assert_eq!(
        interrogate_prisoner(&mut s, 1, Side::Finnish, &ask("Nobody"), &mut dice),
        Err(PrisonerError::NotTaken("Nobody".into(), 1))
    );
    // The deserter listed in the report gets his +1 though the request did not say so.
    interrogate_prisoner(&mut s, 1, Side::Finnish, &ask("private ivanov"), &mut dice)
        .expect("interrogated");
    assert_eq!(s.interrogations[0].interrogation.total, Some(4));
    assert_eq!(
        interrogate_prisoner(&mut s, 1, Side::Finnish, &ask("Private Ivanov"), &mut dice),
        Err(PrisonerError::AlreadyInterrogated("Private Ivanov".into()))
    );
    // The hero gives name and rank only, with no roll.
    interrogate_prisoner(&mut s, 1, Side::Finnish, &ask("Kombat Hero"), &mut dice)
        .expect("interrogated");
    assert_eq!(
        s.interrogations[1].interrogation.result,
        InterrogationResult::NameAndRank
    );
    assert_eq!(dice.remaining(), 1);
}
