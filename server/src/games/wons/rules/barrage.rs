//! Pre-battle barrages (R23.1): the requirements checked, then availability (1d6), accuracy (3d6)
//! and a direct-hit roll (2d6) per target, all rolled by the server and kept with the battle.

use super::battle::BattleStatus;
use super::events::{Event, EventKind, EventVisibility};
use super::state::{MoveBan, WonsState};
use super::tables::artillery::{
    BarrageAccuracy, BarrageAvailability, barrage, barrage_accuracy, barrage_availability,
    direct_hit,
};
use crate::core::domain::Side;
use crate::dice::source::{Dice, RollSpec, Visibility};
use serde::{Deserialize, Serialize};

/// What a side asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BarrageRequest {
    /// The barrage's code from the R23.1 tables (e.g. `soviet-twelve-122mm-howitzers`).
    pub barrage: String,
    /// What it aims at: each section, team, vehicle, entrenchment, building or bridge by name.
    pub targets: Vec<String>,
    /// Finns: a forward observer directs it (radio for artillery, telephone for mortars).
    #[serde(default)]
    pub observer: bool,
}

/// A direct-hit roll against one target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetHit {
    /// The target.
    pub target: String,
    /// The 2d6 total.
    pub total: u32,
    /// Whether it is a direct hit.
    pub hit: bool,
    /// On a direct hit, the barrage's HE dice as the server rolled them; the table reads their
    /// effect on the target as Chain of Command's HE rules say.
    #[serde(default)]
    pub he_faces: Vec<u32>,
}

/// A barrage fired (or late) before a battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BarrageRecord {
    /// Whose barrage.
    pub side: Side,
    /// Its code.
    pub barrage: String,
    /// Its title.
    pub title: String,
    /// The availability die and what it means.
    pub availability_die: u32,
    /// Late (try again next Turn) or available.
    pub availability: BarrageAvailability,
    /// The accuracy total (3d6), when it fired.
    pub accuracy_total: Option<i32>,
    /// Where it fell, when it fired.
    pub accuracy: Option<BarrageAccuracy>,
    /// Direct-hit rolls, when it fell on target.
    pub hits: Vec<TargetHit>,
    /// HE dice each direct hit rolls.
    pub he: u32,
}

/// Why a barrage was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BarrageError {
    /// No such battle.
    #[error("There is no battle {0}")]
    UnknownBattle(u32),
    /// The battle has been fought.
    #[error("Battle {0} has been fought; barrages come before it")]
    Decided(u32),
    /// No such barrage, or not this side's.
    #[error("'{0}' is not one of your side's barrages in the R23.1 tables")]
    UnknownBarrage(String),
    /// The side has no platoon in the battle.
    #[error("Your side has no platoon in battle {0}")]
    NotInBattle(u32),
    /// Soviet: the position was not known long enough.
    #[error(
        "The Soviets may only shell a position they spotted at least four Hours before the battle (R23.1)"
    )]
    NotSpottedLongEnough,
    /// Finnish: nobody directs it.
    #[error(
        "A Finnish barrage needs a forward observer: radio for artillery, field telephone for mortars (R23.1)"
    )]
    NoObserver,
    /// Not bought for this battle.
    #[error(
        "A barrage is bought with support points (R23.1): buy {0} for this battle before calling it"
    )]
    NotBought(String),
    /// Nothing to aim at.
    #[error(
        "Name at least one target (each section, team, vehicle, entrenchment, building or bridge) (R23.1)"
    )]
    NoTargets,
}

/// Checks and fires `side`'s barrage before battle `battle`.
pub fn fire_barrage(
    state: &mut WonsState,
    battle: u32,
    side: Side,
    request: &BarrageRequest,
    dice: &mut dyn Dice,
) -> Result<Vec<Event>, BarrageError> {
    let found = state
        .battle(battle)
        .ok_or(BarrageError::UnknownBattle(battle))?;
    if found.status != BattleStatus::Pending {
        return Err(BarrageError::Decided(battle));
    }
    let profile = barrage(&request.barrage)
        .filter(|p| p.side == side)
        .ok_or_else(|| BarrageError::UnknownBarrage(request.barrage.clone()))?;
    if !found.fought_by(state, side) {
        return Err(BarrageError::NotInBattle(battle));
    }
    match side {
        Side::Soviet
            if !state
                .knowledge
                .soviet
                .spotted_at_least(found.step, 4, found.hour) =>
        {
            return Err(BarrageError::NotSpottedLongEnough);
        }
        Side::Finnish if !request.observer => return Err(BarrageError::NoObserver),
        _ => {}
    }
    let targets: Vec<&str> = request
        .targets
        .iter()
        .map(|t| t.trim())
        .filter(|t| !t.is_empty())
        .collect();
    if targets.is_empty() {
        return Err(BarrageError::NoTargets);
    }
    let bought = found
        .support
        .iter()
        .filter(|s| s.side == side)
        .flat_map(|s| &s.purchases)
        .filter(|p| p.barrage.as_deref() == Some(profile.code))
        .count();
    let called = found
        .barrages
        .iter()
        .filter(|r| r.side == side && r.barrage == profile.code)
        .count();
    if bought <= called {
        return Err(BarrageError::NotBought(profile.title.to_owned()));
    }
    let who = side.adjective();
    let roll = |dice: &mut dyn Dice, what: String, count: usize| -> Vec<u32> {
        dice.roll(RollSpec::d6s(
            format!(
                "{who} {} for battle {battle}: {what} (R23.1)",
                profile.title
            ),
            side.role(),
            Visibility::Side,
            count,
        ))
    };
    let availability_die = roll(dice, "availability".into(), 1)
        .first()
        .copied()
        .unwrap_or(1);
    let availability = barrage_availability(availability_die);
    let mut record = BarrageRecord {
        side,
        barrage: profile.code.to_owned(),
        title: profile.title.to_owned(),
        availability_die,
        availability,
        accuracy_total: None,
        accuracy: None,
        hits: Vec::new(),
        he: profile.he,
    };
    let hour = state.hour;
    let mut events = Vec::new();
    if availability == BarrageAvailability::Late {
        events.push(Event::new(
            hour,
            EventVisibility::side(side),
            EventKind::Battle,
            format!("The {who} {} for battle {battle} is late (rolled {availability_die}): try again next Turn.", profile.title),
        ));
    } else {
        let total: u32 = roll(dice, "accuracy".into(), 3).iter().sum();
        let accuracy = barrage_accuracy(total as i32);
        record.accuracy_total = Some(total as i32);
        record.accuracy = Some(accuracy);
        // **Interpretation**: "this Hour" is the Hour whose orders are being given when the
        // barrage is called, the next to resolve.
        let ban = match accuracy {
            BarrageAccuracy::ShortOnOwnPositions => Some((side, true, "short")),
            BarrageAccuracy::LongBlocksStep => Some((side.enemy(), false, "long")),
            _ => None,
        };
        if let Some((banned, retreats_too, why)) = ban {
            let step = found.step;
            state.move_bans.push(MoveBan {
                step,
                side: banned,
                hour: state.hour,
                retreats_too,
                reason: format!(
                    "the {who} {} called for battle {battle} fell {why} there",
                    profile.title
                ),
            });
        }
        if accuracy == BarrageAccuracy::OnTarget {
            for target in &targets {
                let hit_total: u32 = roll(dice, format!("direct hit on {target}"), 2)
                    .iter()
                    .sum();
                let hit = direct_hit(hit_total, profile);
                let he_faces = if hit {
                    roll(dice, format!("HE dice on {target}"), profile.he as usize)
                } else {
                    Vec::new()
                };
                record.hits.push(TargetHit {
                    target: (*target).to_owned(),
                    total: hit_total,
                    hit,
                    he_faces,
                });
            }
        }
        let hits: Vec<String> = record
            .hits
            .iter()
            .map(|h| {
                let faces: Vec<String> = h.he_faces.iter().map(u32::to_string).collect();
                format!(
                    "{} {} ({}){}",
                    h.target,
                    if h.hit { "hit" } else { "missed" },
                    h.total,
                    if faces.is_empty() {
                        String::new()
                    } else {
                        format!(", HE dice {}", faces.join(" "))
                    }
                )
            })
            .collect();
        events.push(Event::new(
            hour,
            EventVisibility::Public,
            EventKind::Battle,
            format!(
                "Before battle {battle} the {who} {} (accuracy {total}): {}{}.",
                profile.title,
                accuracy.describe(),
                if hits.is_empty() {
                    String::new()
                } else {
                    format!(
                        "; direct hits need {}+ and the server rolls {} HE dice for each: {}",
                        profile.direct_hit,
                        profile.he,
                        hits.join(", ")
                    )
                }
            ),
        ));
    }
    if let Some(b) = state.battle_mut(battle) {
        b.barrages.push(record);
    }
    Ok(events)
}

#[cfg(test)]
mod tests {
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
                .any(|e| e.sentence.contains("could not advance onto")
                    && e.sentence.contains("R23.1")),
            "{events:?}"
        );
    }

    fn load_demo() -> WonsState {
        crate::games::wons::rules::load_pack(crate::games::wons::rules::DEMO_PACK)
            .expect("the demo pack loads")
    }
}
