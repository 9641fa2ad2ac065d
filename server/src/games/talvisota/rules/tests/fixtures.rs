//! Shared set-ups for the Talvisota tests: a fresh game and quick paths to a given phase.

use crate::core::domain::Side;
use crate::dice::source::ScriptedDice;
use crate::games::talvisota::rules::error::TalvisotaError;
use crate::games::talvisota::rules::events::{EventKind, TalvisotaEvent};
use crate::games::talvisota::rules::potential::RoundReport;
use crate::games::talvisota::rules::sheet::{
    CommandSheet, FinnishAllocation, FinnishSheet, SovietAllocation, SovietSheet, SupportUse,
};
use crate::games::talvisota::rules::state::{GameOptions, Phase, TalvisotaState, UnitLocation};
use crate::games::talvisota::rules::strategy::{FinnishStrategy, SovietStrategy};
use crate::games::talvisota::rules::support::SupportChoice;
use crate::games::talvisota::rules::turn::{SovietOrganisation, UnitMove};
use crate::games::talvisota::rules::{
    CounterSet, GameMap, advance_phase, allocate, new_game, organise, reveal_and_resolve_combat,
};

/// The counter values the tests compute with, fixed here so that the shipped defaults can be
/// tuned without touching the tests: FUS 2/+1, ELI 3/+1, MECA 2/+2, TAN 3/+2; RES 1/0, SK 1/+1,
/// WD 1/+1 (−1 on the enemy), SCT 2/+1 (−1 on the enemy), DIV 3/+2; entrenchment +2.
pub const TEST_COUNTERS: &str = include_str!("test_counters.toml");

/// The test counter set.
pub fn counters() -> CounterSet {
    CounterSet::from_toml(TEST_COUNTERS).expect("test counters")
}

/// A new two-player game with the default map and the test counters.
pub fn game(options: GameOptions) -> TalvisotaState {
    let map = GameMap::default_map().expect("default map");
    let counters = counters();
    new_game(map, counters, options).0
}

/// A game in turn 1's organisation phase (international die 3: no change).
pub fn turn_one(options: GameOptions) -> TalvisotaState {
    let mut s = game(options);
    let mut dice = ScriptedDice::new([3]);
    advance_phase(&mut s, &mut dice).expect("turn 1 begins");
    assert_eq!(s.phase, Phase::Organisation);
    s
}

/// Turn 1 with the given Soviet units in Leningrad.
pub fn at_leningrad(units: &[&str]) -> TalvisotaState {
    let mut s = turn_one(GameOptions::default());
    let moves: Vec<(&str, &str)> = units.iter().map(|u| (*u, "leningrad")).collect();
    deploy(&mut s, &moves);
    s
}

/// Turn 1 with nine Soviet units of every kind in Leningrad, ready for the command sheets.
pub fn ready() -> TalvisotaState {
    at_leningrad(&[
        "su-fus-1",
        "su-fus-2",
        "su-fus-3",
        "su-fus-4",
        "su-fus-5",
        "su-eli-1",
        "su-tan-1",
        "su-tan-2",
        "su-meca-1",
    ])
}

/// Moves units to spaces with the special movement and goes to the Soviet placement.
pub fn deploy(s: &mut TalvisotaState, moves: &[(&str, &str)]) {
    let orders = SovietOrganisation {
        moves: unit_moves(moves),
        ..SovietOrganisation::default()
    };
    organise(s, orders).expect("organisation accepted");
}

/// Special movements of units to spaces, as `(unit, space)` pairs.
pub fn unit_moves(moves: &[(&str, &str)]) -> Vec<UnitMove> {
    moves
        .iter()
        .map(|(u, t)| UnitMove {
            unit: u.to_string(),
            to: t.to_string(),
        })
        .collect()
}

/// Puts units straight into a space (test set-up only).
pub fn put(s: &mut TalvisotaState, unit: &str, space: &str) {
    s.unit_mut(unit).expect("unit exists").location = UnitLocation::Space(space.to_string());
}

/// A Soviet allocation.
pub fn soviet(
    strategy: SovietStrategy,
    from: &str,
    targets: &[&str],
    units: &[&str],
    supports: &[(&str, SupportChoice)],
) -> SovietAllocation {
    SovietAllocation {
        strategy,
        from: from.into(),
        targets: targets.iter().map(|t| t.to_string()).collect(),
        units: units.iter().map(|u| u.to_string()).collect(),
        supports: supports
            .iter()
            .map(|(id, choice)| SupportUse {
                id: id.to_string(),
                choice: *choice,
            })
            .collect(),
        placement: None,
        resolved: false,
    }
}

/// A Finnish allocation.
pub fn finnish(
    strategy: FinnishStrategy,
    space: &str,
    units: &[&str],
    supports: &[(&str, SupportChoice)],
    environment: &[&str],
    entrenchments: &[&str],
) -> FinnishAllocation {
    FinnishAllocation {
        strategy,
        space: space.into(),
        units: units.iter().map(|u| u.to_string()).collect(),
        supports: supports
            .iter()
            .map(|(id, choice)| SupportUse {
                id: id.to_string(),
                choice: *choice,
            })
            .collect(),
        environment: environment.iter().map(|e| e.to_string()).collect(),
        entrenchments: entrenchments.iter().map(|e| e.to_string()).collect(),
        placement: None,
    }
}

/// Hands in one side's command sheet.
fn hand_in(s: &mut TalvisotaState, side: Side, sheet: CommandSheet) -> Result<(), TalvisotaError> {
    allocate(s, side, sheet).map(|_| ())
}

/// Hands in the Soviet command sheet.
pub fn try_soviet(
    s: &mut TalvisotaState,
    allocations: Vec<SovietAllocation>,
) -> Result<(), TalvisotaError> {
    hand_in(
        s,
        Side::Soviet,
        CommandSheet::Soviet(SovietSheet { allocations }),
    )
}

/// Hands in the Finnish command sheet.
pub fn try_finnish(
    s: &mut TalvisotaState,
    allocations: Vec<FinnishAllocation>,
) -> Result<(), TalvisotaError> {
    hand_in(
        s,
        Side::Finnish,
        CommandSheet::Finnish(FinnishSheet { allocations }),
    )
}

/// Both sheets placed: the game is then in the combat phase.
pub fn place(
    s: &mut TalvisotaState,
    soviet: Vec<SovietAllocation>,
    finnish: Vec<FinnishAllocation>,
) {
    try_soviet(s, soviet).expect("Soviet sheet accepted");
    try_finnish(s, finnish).expect("Finnish sheet accepted");
}

/// The rule a refusal cites, or the whole message where it cites none.
pub fn rule_of(e: TalvisotaError) -> String {
    match e {
        TalvisotaError::StrategyLimit { rule, .. } | TalvisotaError::IllegalMove { rule, .. } => {
            rule
        }
        other => format!("{other}"),
    }
}

/// Where a unit is.
pub fn at(s: &TalvisotaState, unit: &str) -> UnitLocation {
    s.unit(unit).expect("unit exists").location.clone()
}

/// A space location.
pub fn space(id: &str) -> UnitLocation {
    UnitLocation::Space(id.to_string())
}

/// No supports.
pub const NONE: &[(&str, SupportChoice)] = &[];

/// Reveals the sheets and resolves the combat with exactly these dice.
pub fn resolve(
    s: &mut TalvisotaState,
    strategy: SovietStrategy,
    faces: &[u32],
) -> Vec<TalvisotaEvent> {
    let mut dice = ScriptedDice::new(faces.iter().copied());
    let events = reveal_and_resolve_combat(s, strategy, &mut dice).expect("combat resolves");
    assert_eq!(dice.remaining(), 0, "every scripted die used");
    events
}

/// The combat rounds among the events.
pub fn rounds(events: &[TalvisotaEvent]) -> Vec<RoundReport> {
    events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::CombatRound(r) => Some(r.clone()),
            _ => None,
        })
        .collect()
}
