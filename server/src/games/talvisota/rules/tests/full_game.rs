//! A full eight-turn two-player game driven through the command functions with scripted dice,
//! checked turn by turn. The arithmetic of every combat is in the comments.

use super::fixtures::{at, finnish, game, place, soviet, space, unit_moves};
use crate::core::domain::Side;
use crate::dice::source::ScriptedDice;
use crate::games::talvisota::rules::state::{
    GameOptions, GameOutcome, Phase, TalvisotaState, UnitLocation,
};
use crate::games::talvisota::rules::strategy::{FinnishStrategy, SovietStrategy};
use crate::games::talvisota::rules::support::SupportChoice::{First, Second};
use crate::games::talvisota::rules::turn::SovietOrganisation;
use crate::games::talvisota::rules::{
    InfiltrationOrder, advance_phase, harass, organise, reveal_and_resolve_combat,
};

/// Runs a step with exactly these dice.
fn with_dice<T>(faces: &[u32], step: impl FnOnce(&mut ScriptedDice) -> T) -> T {
    let mut dice = ScriptedDice::new(faces.iter().copied());
    let out = step(&mut dice);
    assert_eq!(dice.remaining(), 0, "every scripted die is used");
    out
}

fn organise_with(s: &mut TalvisotaState, recover: &[&str], moves: &[(&str, &str)]) {
    let orders = SovietOrganisation {
        recover: recover.iter().map(|u| u.to_string()).collect(),
        possession_markers: None,
        moves: unit_moves(moves),
    };
    organise(s, orders).expect("organisation");
}

fn fight(s: &mut TalvisotaState, strategy: SovietStrategy, faces: &[u32]) {
    with_dice(faces, |d| reveal_and_resolve_combat(s, strategy, d)).expect("combat");
}

fn end_turn(s: &mut TalvisotaState, infiltration: Option<InfiltrationOrder>, faces: &[u32]) {
    if s.phase == Phase::Combat {
        with_dice(&[], |d| advance_phase(s, d)).expect("combats done");
    }
    let harass_faces: &[u32] = if infiltration.is_some() {
        &faces[..1]
    } else {
        &[]
    };
    with_dice(harass_faces, |d| harass(s, infiltration, d)).expect("harassment");
    with_dice(&faces[harass_faces.len()..], |d| advance_phase(s, d)).expect("end of turn");
}

fn morale(s: &TalvisotaState) -> (i32, i32) {
    (s.soviet_morale, s.finnish_morale)
}

#[test]
fn eight_turns_end_in_a_soviet_victory_on_morale() {
    let mut s = game(GameOptions::default());
    with_dice(&[3], |d| advance_phase(&mut s, d)).expect("turn 1");
    assert_eq!(
        (s.turn, s.phase, morale(&s)),
        (1, Phase::Organisation, (23, 19))
    );
    december_i(&mut s);
    december_ii(&mut s);
    january_i(&mut s);
    january_ii(&mut s);
    february_i(&mut s);
    turn_six_is_quiet(&mut s);
    march_i_across_the_ice(&mut s);

    // Turn 8, March II: quiet; the game ends on morale.
    organise_with(&mut s, &[], &[]);
    place(&mut s, vec![], vec![]);
    end_turn(&mut s, None, &[]);
    assert_eq!(s.phase, Phase::Finished);
    assert!(
        matches!(&s.outcome, Some(GameOutcome::Victory { winner: Side::Soviet, reason }) if reason.contains("higher morale"))
    );
    // The stored document survives a round trip.
    let json = serde_json::to_string(&s).expect("serialize");
    let back: TalvisotaState = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back, s);
}

/// Turn 1, December I: 3 ELI (15) against DEFENSE 3 RES + entrenchment + Terijoki (6): +9, a 4 → 2dR.
fn december_i(s: &mut TalvisotaState) {
    let mut first_wave = vec![
        "su-eli-1", "su-eli-2", "su-eli-3", "su-tan-1", "su-tan-2", "su-tan-3",
    ];
    first_wave.extend([
        "su-fus-1",
        "su-fus-2",
        "su-fus-3",
        "su-fus-4",
        "su-fus-5",
        "su-fus-6",
        "su-meca-1",
        "su-meca-2",
        "su-meca-3",
        "su-meca-4",
    ]);
    let moves: Vec<(&str, &str)> = first_wave.iter().map(|u| (*u, "leningrad")).collect();
    organise_with(s, &[], &moves);
    place(
        s,
        vec![soviet(
            SovietStrategy::PrudentAdvance,
            "leningrad",
            &["terijoki"],
            &["su-eli-1", "su-eli-2", "su-eli-3"],
            &[],
        )],
        vec![finnish(
            FinnishStrategy::DefensivePosition,
            "terijoki",
            &["fi-res-1", "fi-res-2", "fi-res-3"],
            &[],
            &[],
            &["fi-ret-1"],
        )],
    );
    fight(s, SovietStrategy::PrudentAdvance, &[4]);
    assert_eq!(morale(s), (23, 17));
    end_turn(s, None, &[5]);
    assert_eq!((s.turn, s.international, morale(s)), (2, 2, (23, 19)));
    assert_eq!(at(s, "su-eli-1"), space("terijoki"));
    assert_eq!(at(s, "fi-res-1"), UnitLocation::Reinforcements(2));
}

/// Turn 2: ATT 3 TAN + 3 FUS = 21, −4 line, −12 snow = 5 against RESIST 3 DIV + ret + Taipale = 18:
/// the Finns roll +13, any die → 2dR. Two TAN lost (not more than half): back to Leningrad.
fn december_ii(s: &mut TalvisotaState) {
    organise_with(s, &[], &[]);
    let att = [
        "su-tan-1", "su-tan-2", "su-tan-3", "su-fus-1", "su-fus-2", "su-fus-3",
    ];
    place(
        s,
        vec![soviet(
            SovietStrategy::MassiveAttack,
            "leningrad",
            &["taipale"],
            &att,
            &[],
        )],
        vec![finnish(
            FinnishStrategy::FierceResistance,
            "taipale",
            &["fi-div-1", "fi-div-2", "fi-div-3"],
            &[],
            &["fi-env-snow-1"],
            &["fi-ret-1"],
        )],
    );
    fight(s, SovietStrategy::MassiveAttack, &[1]);
    // ATT without progress −3, defence line −2 / +2.
    assert_eq!(morale(s), (18, 21));
    assert_eq!(at(s, "su-tan-3"), space("leningrad"));
    // Scouts into Terijoki: 6 + 3 − 6 (three ELI) − 11 (Leningrad) fails: −1 Finnish morale, a scout lost.
    let infiltration = InfiltrationOrder {
        space: "terijoki".into(),
        units: vec!["fi-sct-1".into(), "fi-sct-2".into(), "fi-sct-3".into()],
        stay: true,
    };
    end_turn(s, Some(infiltration), &[6, 2]);
    assert_eq!((s.turn, morale(s)), (3, (18, 18)));
    assert_eq!(at(s, "fi-sct-1"), UnitLocation::Reinforcements(3));
    assert_eq!(at(s, "fi-res-1"), UnitLocation::Sheet);
    assert_eq!(at(s, "su-tan-1"), UnitLocation::Reinforcements(3));
    assert_eq!(
        at(s, "su-eli-4"),
        UnitLocation::Sheet,
        "January reinforcements"
    );
}

/// Turn 3, January I: recover two TAN for 2 morale. MAN 2 ELI + 2 TAN with T-34 and Timoshenko:
/// ELI 3+3, TAN 3+5 → 28, line −1 → 27 against 18: +9, a 3 → 2dR. Then Käkisalmi: 28 against
/// the retreated DIV 5 + ret 2 + value 2 = 9: +19 → 2dR.
fn january_i(s: &mut TalvisotaState) {
    let moves = [
        ("su-eli-4", "leningrad"),
        ("su-eli-5", "leningrad"),
        ("su-tan-4", "leningrad"),
        ("su-tan-5", "leningrad"),
        ("su-tan-1", "leningrad"),
        ("su-tan-2", "leningrad"),
    ];
    organise_with(s, &["su-tan-1", "su-tan-2"], &moves);
    assert_eq!(s.soviet_morale, 16);
    let man = ["su-eli-4", "su-eli-5", "su-tan-4", "su-tan-5"];
    place(
        s,
        vec![soviet(
            SovietStrategy::CoordinatedManoeuvre,
            "leningrad",
            &["taipale", "kakisalmi"],
            &man,
            &[("su-sup-t34-1", First), ("su-sup-timo-1", Second)],
        )],
        vec![finnish(
            FinnishStrategy::DefensivePosition,
            "taipale",
            &["fi-div-4", "fi-div-5", "fi-div-6"],
            &[],
            &[],
            &["fi-ret-1"],
        )],
    );
    fight(s, SovietStrategy::CoordinatedManoeuvre, &[3, 1]);
    // Taipale: −(4 + 1 + 2) Finnish, +2 Soviet; Käkisalmi: −(4 + 2).
    assert_eq!(morale(s), (18, 5));
    assert_eq!(at(s, "su-eli-4"), space("kakisalmi"));
    assert!(s.possession_markers.contains(&Some("taipale".into())));
    end_turn(s, None, &[4]);
    assert_eq!((s.turn, morale(s)), (4, (18, 5)));
}

/// Turn 4, January II: PRUD 2 ELI + TAN with Meretskov and air into Vuosalmi against MOTTI with
/// two ambushes, forest and swamp: the Soviets fall to 1 against 15 − 3 + 1 = 13; a 1 at +12 → 2dR.
fn january_ii(s: &mut TalvisotaState) {
    organise_with(s, &[], &[]);
    place(
        s,
        vec![soviet(
            SovietStrategy::PrudentAdvance,
            "kakisalmi",
            &["vuosalmi"],
            &["su-eli-4", "su-eli-5", "su-tan-4"],
            &[("su-sup-mer-1", First), ("su-sup-air-1", First)],
        )],
        vec![finnish(
            FinnishStrategy::Motti,
            "vuosalmi",
            &["fi-div-7", "fi-div-8", "fi-div-9"],
            &[("fi-sup-emb-1", First), ("fi-sup-emb-2", First)],
            &["fi-env-forest-1", "fi-env-swamp-1"],
            &[],
        )],
    );
    fight(s, SovietStrategy::PrudentAdvance, &[1]);
    // PRUD −1, line −2 / +2; two of three lost: the TAN falls back to Taipale.
    assert_eq!(morale(s), (15, 7));
    assert_eq!(at(s, "su-tan-4"), space("taipale"));
    // Scouts into Käkisalmi: 6 + 3 − 2 (TAN) − 1 (Taipale) = 6: success, −(2 + 2); the lone TAN is cut off.
    let infiltration = InfiltrationOrder {
        space: "kakisalmi".into(),
        units: vec!["fi-sct-1".into(), "fi-sct-2".into(), "fi-sct-3".into()],
        stay: true,
    };
    end_turn(s, Some(infiltration), &[6, 6]);
    assert_eq!((s.turn, morale(s)), (5, (11, 9)));
    assert_eq!(
        at(s, "su-tan-5"),
        UnitLocation::Reinforcements(5),
        "isolated, eliminated, then moved on to Reinforcements"
    );
    assert_eq!(at(s, "fi-sct-1"), space("kakisalmi"));
}

/// Turn 5, February I: BLIN TAN + 3 MECA (25, −3 for the scouts = 22) against three scouts
/// (9 + value 2 = 11): +11, a 1 → 2dR. The Finn leaves the scouts alone.
fn february_i(s: &mut TalvisotaState) {
    organise_with(
        s,
        &[],
        &[
            ("su-meca-1", "taipale"),
            ("su-meca-2", "taipale"),
            ("su-meca-3", "taipale"),
            ("su-meca-4", "taipale"),
        ],
    );
    place(
        s,
        vec![soviet(
            SovietStrategy::ArmouredAttack,
            "taipale",
            &["kakisalmi"],
            &["su-tan-4", "su-meca-1", "su-meca-2", "su-meca-3"],
            &[],
        )],
        vec![],
    );
    fight(s, SovietStrategy::ArmouredAttack, &[1]);
    assert_eq!(morale(s), (11, 5));
    assert!(s.infiltration.is_none());
    assert_eq!(at(s, "fi-sct-3"), UnitLocation::Sheet);
    end_turn(s, None, &[3]);
    assert_eq!((s.turn, morale(s)), (6, (11, 5)));
}

/// Turn 6: nobody attacks.
fn turn_six_is_quiet(s: &mut TalvisotaState) {
    organise_with(s, &[], &[]);
    place(s, vec![], vec![]);
    assert_eq!(s.phase, Phase::Harassment);
    end_turn(s, None, &[5]);
    assert_eq!((s.turn, morale(s)), (7, (11, 7)));
}

/// Turn 7, March I: across the ice, which needs Meretskov. PRUD 3 FUS with artillery and
/// Meretskov on the line: 12 − 1 = 11 against 3 RES + ret + Koivisto 2 − 2 = 5: +6, a 6 → 2dR.
fn march_i_across_the_ice(s: &mut TalvisotaState) {
    organise_with(
        s,
        &[],
        &[
            ("su-fus-7", "oranienbaum"),
            ("su-fus-8", "oranienbaum"),
            ("su-fus-9", "oranienbaum"),
        ],
    );
    place(
        s,
        vec![soviet(
            SovietStrategy::PrudentAdvance,
            "oranienbaum",
            &["koivisto"],
            &["su-fus-7", "su-fus-8", "su-fus-9"],
            &[("su-sup-art-1", First), ("su-sup-mer-1", First)],
        )],
        vec![finnish(
            FinnishStrategy::DefensivePosition,
            "koivisto",
            &["fi-res-1", "fi-res-2", "fi-res-3"],
            &[],
            &[],
            &["fi-ret-1"],
        )],
    );
    fight(s, SovietStrategy::PrudentAdvance, &[6]);
    assert_eq!(morale(s), (13, 2));
    end_turn(s, None, &[4]);
    assert_eq!((s.turn, morale(s)), (8, (13, 2)));
}
