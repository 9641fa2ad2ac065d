use super::*;

#[test]
fn once_only_events_have_no_effect_when_repeated() {
    let mut flags = EventFlags {
        volunteers_left: 4,
        ..EventFlags::default()
    };
    for event in [
        Event::AlliedIntervention,
        Event::ParatroopOperation,
        Event::SevereClimate,
        Event::EnhancedLogistics,
        Event::Volunteers,
        Event::RedFleetSorties,
    ] {
        assert!(takes_effect(event, 3, &flags).value, "{event:?}");
    }
    flags.allied_intervention = true;
    flags.paratroop_operation = true;
    flags.severe_climate = true;
    flags.enhanced_logistics = true;
    flags.volunteers_left = 0;
    flags.both_naval_markers = true;
    for event in [
        Event::AlliedIntervention,
        Event::ParatroopOperation,
        Event::SevereClimate,
        Event::EnhancedLogistics,
        Event::Volunteers,
        Event::RedFleetSorties,
    ] {
        assert!(!takes_effect(event, 3, &flags).value, "{event:?}");
    }
    assert!(takes_effect(Event::GermanyLooksNorth, 3, &flags).value);
    assert!(!takes_effect(Event::NoEvent, 3, &flags).value);
}

#[test]
fn timoshenko_and_freeze_have_turn_limits() {
    let flags = EventFlags::default();
    assert!(takes_effect(Event::Timoshenko, 5, &flags).value);
    assert!(!takes_effect(Event::Timoshenko, 6, &flags).value);
    assert!(takes_effect(Event::Freeze, 7, &flags).value);
    assert!(!takes_effect(Event::Freeze, 8, &flags).value);
    let frozen = EventFlags {
        freeze: true,
        ..EventFlags::default()
    };
    assert!(!takes_effect(Event::Freeze, 3, &frozen).value);
    assert!(!takes_effect(Event::RedFleetSorties, 3, &frozen).value);
    let timoshenko = EventFlags {
        timoshenko: true,
        ..EventFlags::default()
    };
    let again = takes_effect(Event::Timoshenko, 3, &timoshenko);
    assert!(!again.value);
    assert_eq!(
        again.steps[0],
        "Timoshenko has no effect: Timoshenko is already in play (17.3)"
    );
    assert_eq!(Event::GermanyLooksNorth.name(), "Germany Looks North");
}

#[test]
fn morale_check_needs_the_whole_line_or_a_city() {
    assert!(morale_check(6, false).value);
    assert!(!morale_check(5, false).value);
    assert!(morale_check(0, true).value);
    assert!(!morale_check(0, false).value);
}

#[test]
fn start_of_turn_triggers() {
    let flags = EventFlags::default();
    assert_eq!(start_of_turn(5, true, &flags).value, [Trigger::Timoshenko]);
    assert!(start_of_turn(5, false, &flags).value.is_empty());
    let already = EventFlags {
        timoshenko: true,
        freeze: true,
        ..EventFlags::default()
    };
    assert!(start_of_turn(5, true, &already).value.is_empty());
    assert_eq!(
        start_of_turn(8, true, &flags).value,
        [Trigger::Freeze, Trigger::NavalMarkersRemoved]
    );
    assert_eq!(
        start_of_turn(8, true, &already).value,
        [Trigger::NavalMarkersRemoved]
    );
    assert!(start_of_turn(7, true, &flags).value.is_empty());
}

#[test]
fn germany_looks_north_and_accelerated_mobilization() {
    let delay = Schedule { from: 4, to: 5 };
    assert_eq!(schedule_changes(3, true, true, false).value, [delay]);
    assert!(schedule_changes(3, false, true, false).value.is_empty());
    let pulled = Schedule { from: 5, to: 4 };
    assert_eq!(schedule_changes(3, true, false, true).value, [pulled]);
    assert_eq!(schedule_changes(3, false, false, true).value, [pulled]);
    assert_eq!(schedule_changes(3, false, true, true).value, [pulled]);
    let cancelled = schedule_changes(3, true, true, true);
    assert!(cancelled.value.is_empty());
    assert!(cancelled.steps[0].contains("come on schedule"));
    assert!(schedule_changes(3, true, false, false).value.is_empty());
}
