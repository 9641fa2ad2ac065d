//! Red Winter's declarations: the catalogue against the rules' own vectors, the roster's
//! resolutions with scripted dice, hooks, and what each side sees.

use super::*;
use crate::core::domain::Role;
use crate::games::assisted::chart_import::from_csv;
use crate::games::red_winter::rules::charts::{TURN_TRACK, chart_spec};

const TRACK: &str =
    "turn,label,night,los,soviet_ammo,finnish_ammo,soviet_rp,finnish_rp,morale,armor_vp
1,Dec 8 0800,day,6,2,1,1,1,,0
2,Dec 8 1200,day,6,0,0,0,0,finnish,0
3,Dec 8 night,night,,0,0,0,0,,0";

#[test]
fn the_turn_track_entered_re_declares_the_sequence() {
    let mut charts = ChartSet::default();
    let spec = chart_spec(TURN_TRACK).expect("spec");
    charts
        .enter(&spec, from_csv(TRACK).expect("csv"), Role::Umpire, "setup")
        .expect("enters");
    let track = turn_track(&charts).expect("reads");
    assert_eq!(track.len(), 3);
    let sequence = RedWinter::resequence(&Options::default(), &charts).expect("a sequence");
    assert_eq!(
        sequence.kind_of(3).map(|k| k.code.as_str()),
        Some(seq::NIGHT)
    );
}

#[test]
fn a_table_moves_to_the_entered_turn_track() {
    use crate::games::assisted::play::desk::Desk;
    let (mut desk, _) = Desk::<RedWinter>::start(Options::default()).expect("starts");
    assert_eq!(desk.moment(), "Turn 1, First Player Reset Phase");
    let charts =
        std::collections::BTreeMap::from([(TURN_TRACK.to_string(), from_csv(TRACK).expect("csv"))]);
    desk.enter_charts(Role::Umpire, charts).expect("enters");
    assert_eq!(desk.moment(), "Dec 8 0800, First Player Reset Phase");
}
