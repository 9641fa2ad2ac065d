//! Tests of the barrage rules: availability, accuracy, hits and their effects, with scripted dice.

use super::*;
use crate::dice::source::ScriptedDice;
use crate::games::wons::rules::battle::demo_with_battle;
use crate::games::wons::rules::support::{Purchase, SideSupport};
use crate::games::wons::rules::tables::artillery::barrages_of;

/// Battle 1 with both sides having bought one of every barrage of theirs.
fn state(hour: u32, first_seen: Option<u32>) -> WonsState {
    let mut state = demo_with_battle(hour, BattleStatus::Pending);
    if let Some(h) = first_seen {
        state.knowledge.soviet.positions.insert(2, h);
    }
    for (side, platoon) in [(Side::Soviet, "sov-1"), (Side::Finnish, "fin-1")] {
        let purchases = barrages_of(side)
            .map(|p| Purchase {
                item: p.code.into(),
                name: p.title.into(),
                cost: 0,
                platoon: platoon.into(),
                retained: false,
                turn_zero: false,
                barrage: Some(p.code.into()),
            })
            .collect();
        state.battles[0].support.push(SideSupport {
            side,
            points: 0,
            purchases,
            other_spending: Vec::new(),
        });
    }
    state
}

#[test]
fn a_barrage_must_be_bought_and_each_purchase_fires_once() {
    let mut s = state(4, Some(0));
    let soviet = request(Side::Soviet, &["section 1"], false);
    let mut dice = ScriptedDice::new([1, 1]);
    fire_barrage(&mut s, 1, Side::Soviet, &soviet, &mut dice).expect("fires (late)");
    assert!(matches!(
        fire_barrage(&mut s, 1, Side::Soviet, &soviet, &mut dice),
        Err(BarrageError::NotBought(_))
    ));
    s.battles[0].support.clear();
    let finnish = request(Side::Finnish, &["x"], true);
    assert!(matches!(
        fire_barrage(&mut s, 1, Side::Finnish, &finnish, &mut dice),
        Err(BarrageError::NotBought(_))
    ));
    assert_eq!(dice.remaining(), 1);
}

fn request(side: Side, targets: &[&str], observer: bool) -> BarrageRequest {
    BarrageRequest {
        barrage: barrages_of(side).next().expect("a barrage").code.to_owned(),
        targets: targets.iter().map(|t| t.to_string()).collect(),
        observer,
    }
}

#[test]
fn requirements_are_checked_before_any_die() {
    let mut dice = ScriptedDice::new([]);
    let soviet = request(Side::Soviet, &["section 1"], false);
    // Spotted three Hours before: too late for R23.1; four is enough.
    let mut s = state(4, Some(1));
    assert_eq!(
        fire_barrage(&mut s, 1, Side::Soviet, &soviet, &mut dice),
        Err(BarrageError::NotSpottedLongEnough)
    );
    let mut s = state(4, None);
    assert_eq!(
        fire_barrage(&mut s, 1, Side::Soviet, &soviet, &mut dice),
        Err(BarrageError::NotSpottedLongEnough)
    );
    let mut s = state(4, Some(0));
    assert_eq!(
        fire_barrage(
            &mut s,
            1,
            Side::Finnish,
            &request(Side::Finnish, &["x"], false),
            &mut dice
        ),
        Err(BarrageError::NoObserver)
    );
    assert_eq!(
        fire_barrage(
            &mut s,
            1,
            Side::Soviet,
            &request(Side::Soviet, &[" "], false),
            &mut dice
        ),
        Err(BarrageError::NoTargets)
    );
    let finnish_gun = request(Side::Finnish, &["x"], true);
    assert!(matches!(
        fire_barrage(&mut s, 1, Side::Soviet, &finnish_gun, &mut dice),
        Err(BarrageError::UnknownBarrage(_))
    ));
    assert_eq!(
        fire_barrage(&mut s, 9, Side::Soviet, &soviet, &mut dice),
        Err(BarrageError::UnknownBattle(9))
    );
    assert!(s.battles[0].barrages.is_empty());
}

#[test]
fn a_late_barrage_rolls_nothing_more() {
    let mut s = state(4, Some(0));
    let mut dice = ScriptedDice::new([1]);
    fire_barrage(
        &mut s,
        1,
        Side::Soviet,
        &request(Side::Soviet, &["a"], false),
        &mut dice,
    )
    .expect("fires");
    assert_eq!(
        s.battles[0].barrages[0].availability,
        BarrageAvailability::Late
    );
    assert_eq!(dice.remaining(), 0);
    assert_eq!(dice.rolls.len(), 1);
}

#[test]
fn accuracy_bands_at_their_edges() {
    for (faces, band, hit_rolls) in [
        ([1, 1, 1], BarrageAccuracy::ShortOnOwnPositions, 0),
        ([1, 1, 2], BarrageAccuracy::ShortOntoTable, 0),
        ([1, 2, 2], BarrageAccuracy::OnTarget, 1),
        ([6, 6, 4], BarrageAccuracy::OnTarget, 1),
        ([6, 6, 5], BarrageAccuracy::LongOnReserves, 0),
        ([6, 6, 6], BarrageAccuracy::LongBlocksStep, 0),
    ] {
        let mut s = state(4, Some(0));
        let script: Vec<u32> = [2]
            .into_iter()
            .chain(faces)
            // Direct-hit rolls that miss, so no HE dice follow.
            .chain(std::iter::repeat_n(1, hit_rolls * 2))
            .collect();
        let mut dice = ScriptedDice::new(script);
        fire_barrage(
            &mut s,
            1,
            Side::Soviet,
            &request(Side::Soviet, &["section 1"], false),
            &mut dice,
        )
        .expect("fires");
        let record = &s.battles[0].barrages[0];
        assert_eq!(record.accuracy, Some(band), "{faces:?}");
        assert_eq!(record.hits.len(), hit_rolls, "{faces:?}");
        assert_eq!(dice.remaining(), 0, "{faces:?}");
        // Short on own positions bars the Soviets from the step; long bars the Finns'
        // advance onto it; both for the Hour being ordered.
        let bans: Vec<(Side, bool)> = s
            .move_bans
            .iter()
            .map(|b| (b.side, b.retreats_too))
            .collect();
        let expected = match band {
            BarrageAccuracy::ShortOnOwnPositions => vec![(Side::Soviet, true)],
            BarrageAccuracy::LongBlocksStep => vec![(Side::Finnish, false)],
            _ => vec![],
        };
        assert_eq!(bans, expected, "{faces:?}");
        assert!(s.move_bans.iter().all(|b| b.step == 2 && b.hour == s.hour));
    }
}

#[test]
fn a_long_barrage_stops_the_enemy_advancing_onto_the_step_this_hour() {
    use crate::games::wons::rules::legality::check_order;
    use crate::games::wons::rules::{Order, OrderError};
    let mut s = state(4, Some(0));
    // The Finnish 1st Platoon waits at D, one step behind C where the barrage falls long.
    s.platoons.get_mut("fin-1").expect("fin-1").step = 3;
    let mut dice = ScriptedDice::new([2, 6, 6, 6]);
    fire_barrage(
        &mut s,
        1,
        Side::Soviet,
        &request(Side::Soviet, &["x"], false),
        &mut dice,
    )
    .expect("fires");
    // Orders for the Hour open once the battle has its result.
    let refused = check_order(&s, Side::Finnish, "fin-1", &Order::Advance).expect_err("barred");
    assert!(
        matches!(refused, OrderError::BarrageBan { .. }),
        "{refused}"
    );
    assert!(refused.to_string().contains("R23.1"), "{refused}");
    // The 2nd Platoon at B may still retreat onto C: a long barrage bars advances only.
    s.platoons.get_mut("fin-2").expect("fin-2").step = 1;
    check_order(&s, Side::Finnish, "fin-2", &Order::Retreat)
        .expect("a long barrage bars advances only");
    // The next Hour the step is open again.
    s.hour += 1;
    check_order(&s, Side::Finnish, "fin-1", &Order::Advance).expect("open again");
}

#[test]
fn direct_hits_at_each_barrage_types_threshold() {
    for side in [Side::Soviet, Side::Finnish] {
        for profile in barrages_of(side) {
            let t = profile.direct_hit;
            let split = |n: u32| [n.min(7) - 1, n - (n.min(7) - 1)];
            let mut s = state(4, Some(0));
            let req = BarrageRequest {
                barrage: profile.code.into(),
                targets: vec!["miss".into(), "hit".into()],
                observer: true,
            };
            let script: Vec<u32> = [2, 3, 3, 3]
                .into_iter()
                .chain(split(t - 1))
                .chain(split(t))
                .chain((0..profile.he).map(|i| i % 6 + 1))
                .collect();
            let mut dice = ScriptedDice::new(script);
            fire_barrage(&mut s, 1, side, &req, &mut dice).expect("fires");
            let hits = &s.battles[0].barrages[0].hits;
            assert!(
                !hits[0].hit && hits[1].hit,
                "{} needs {t}+: {hits:?}",
                profile.code
            );
            assert_eq!(s.battles[0].barrages[0].he, profile.he);
            // The direct hit rolls the barrage's HE dice; the miss rolls none.
            assert!(hits[0].he_faces.is_empty());
            assert_eq!(hits[1].he_faces.len(), profile.he as usize);
            assert_eq!(dice.remaining(), 0, "{}", profile.code);
            assert!(
                dice.rolls
                    .last()
                    .is_some_and(|r| r.purpose.contains("HE dice on hit"))
            );
        }
    }
}

#[test]
fn a_barred_move_stays_put_when_the_hour_resolves() {
    use crate::games::wons::rules::{Order, resolve_hour};
    let mut s = load_demo();
    // The Finnish 1st Platoon at D was ordered to advance onto C, which a barrage bars.
    s.platoons.get_mut("fin-1").expect("fin-1").step = 3;
    s.move_bans.push(MoveBan {
        step: 2,
        side: Side::Finnish,
        hour: s.hour,
        retreats_too: false,
        reason: "a test barrage fell long there".into(),
    });
    s.orders
        .finnish
        .orders
        .insert("fin-1".into(), Order::Advance);
    let mut dice = ScriptedDice::new(std::iter::repeat_n(6, 40).collect::<Vec<u32>>());
    let events = resolve_hour(&mut s, &mut dice, true).expect("resolves");
    assert_eq!(s.platoons["fin-1"].step, 3, "it stays at D");
    assert!(
        events
            .iter()
            .any(|e| e.sentence.contains("could not advance onto") && e.sentence.contains("R23.1")),
        "{events:?}"
    );
}

fn load_demo() -> WonsState {
    crate::games::wons::rules::load_pack(crate::games::wons::rules::DEMO_PACK)
        .expect("the demo pack loads")
}

/// Battle 1 turned into a Finnish counterattack on the Soviets' step.
fn counterattack(s: &mut WonsState) {
    let b = &mut s.battles[0];
    b.attacker = Side::Finnish;
    b.attackers = vec!["fin-1".into()];
    b.defenders = vec!["sov-1".into()];
    b.initial_attack = false;
}

#[test]
fn r23_1_1_no_soviet_barrage_is_fired_in_defence_against_a_finnish_counterattack() {
    // R23.1.1: Soviet barrages only when assaulting a known position. The position is known
    // long enough and a barrage was bought, but the Finns attack: refused before any die.
    let mut s = state(10, Some(0));
    counterattack(&mut s);
    let mut dice = ScriptedDice::new([]);
    let soviet = request(Side::Soviet, &["section 1"], false);
    assert_eq!(
        fire_barrage(&mut s, 1, Side::Soviet, &soviet, &mut dice),
        Err(BarrageError::NotAssaulting(1))
    );
    assert!(s.battles[0].barrages.is_empty());
    // The Finns' own barrage in their counterattack is unaffected.
    let finnish = request(Side::Finnish, &["x"], true);
    let mut dice = ScriptedDice::new([1]);
    fire_barrage(&mut s, 1, Side::Finnish, &finnish, &mut dice).expect("fires (late)");
}

#[test]
fn r23_1_1_the_fire_request_measures_four_hours_at_the_battle_hour() {
    // R23.1.1's procedure table: known at least four Hours before the fire request, which is
    // plotted before the battle, in the battle's Hour.
    let soviet = request(Side::Soviet, &["section 1"], false);
    let mut s = state(7, Some(4));
    s.hour = 9;
    assert_eq!(
        fire_barrage(&mut s, 1, Side::Soviet, &soviet, &mut ScriptedDice::new([])),
        Err(BarrageError::NotSpottedLongEnough)
    );
    let mut s = state(8, Some(4));
    fire_barrage(
        &mut s,
        1,
        Side::Soviet,
        &soviet,
        &mut ScriptedDice::new([1]),
    )
    .expect("four Hours: fires (late)");
}
