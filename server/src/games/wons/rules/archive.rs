//! Decided battles leave the state: once a battle is settled and ten newer battles have been
//! decided, the campaign's archive keeps it and the state keeps only the few facts the rules
//! still read of it (how many battles were opened, where the Soviets first attacked, which
//! platoons fought when). The state, rewritten by every command, then stops growing with every
//! battle fought.
//!
//! **When** a battle leaves cannot tell a side anything it may not know: views list the same
//! battles and the archived ones read exactly as they would from the state (both are built from
//! the battle's record with the current state), and a command naming an archived battle brings
//! it back into the state first (`api::run_on_battle`), so that it is refused in the same words.
//! Leaving is invisible to the players.

use super::battle::{Battle, BattleStatus};
use super::platoon::PlatoonId;
use super::prisoners::Interrogated;
use super::state::WonsState;
use crate::core::domain::Side;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// How many of the newest decided battles stay in the state whatever else holds: the views list
/// them (`views::side_battles::LISTED_DECIDED`).
pub const KEPT_DECIDED: usize = 10;

/// What the archived battles showed of one platoon, for whether an enemy has met a hero (R1.4.2).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArchivedFights {
    /// The Hour of its latest archived battle.
    pub last_hour: u32,
    /// Heroes ("Rank Name") its side paid battle points for in the archived battles it fought.
    #[serde(default)]
    pub heroes_paid: BTreeSet<String>,
}

/// Takes out of `state` every battle that may leave it, oldest first, noting in the state what
/// the rules still read of them.
///
/// A decided battle stays while it is among the [`KEPT_DECIDED`] newest decided ones, while a
/// report waits for the other side's, while left equipment waits for its capture roll, while a
/// prisoner taken in it or in the battle before waits to be interrogated (one of the battle
/// before may reveal its enemy support, R25), and while a platoon's extra action comes from it
/// (R2). A leaving battle notes which sides' prisoners revealed its enemy support, since the
/// interrogations that did so may be forgotten once both battles are archived.
pub fn retire(state: &mut WonsState) -> Vec<Battle> {
    // A battle brought back from the archive for a command takes no place among the newest.
    let newest_kept: BTreeSet<u32> = state
        .battles
        .iter()
        .rev()
        .filter(|b| b.status != BattleStatus::Pending && !b.archived)
        .take(KEPT_DECIDED)
        .map(|b| b.id)
        .collect();
    let extra_from: BTreeSet<u32> = state
        .platoons
        .values()
        .filter_map(|p| p.extra_action_from)
        .collect();
    let interrogated = Interrogated::of(state);
    let all_asked = |b: &Battle| {
        b.archived || b.status != BattleStatus::Pending && !interrogated.waiting(b, None)
    };
    let settled = |b: &Battle| {
        // A prisoner of the battle before may still reveal this one's enemy support (R25).
        let before_asked = state.battle(b.id.saturating_sub(1)).is_none_or(&all_asked);
        all_asked(b)
            && before_asked
            && !newest_kept.contains(&b.id)
            && b.proposals.is_empty()
            && b.abandoned.iter().all(|d| d.capture.is_some())
            && !extra_from.contains(&b.id)
    };
    let leaving: BTreeSet<u32> = state
        .battles
        .iter()
        .filter(|b| b.archived || settled(b))
        .map(|b| b.id)
        .collect();
    if leaving.is_empty() {
        return Vec::new();
    }
    state.battles_opened = state.battle_count();
    let revealed: Vec<(Side, BTreeSet<u32>)> = [Side::Soviet, Side::Finnish]
        .into_iter()
        .map(|side| (side, super::support::enemy_support_known_in(state, side)))
        .collect();
    for b in state.battles.iter_mut().filter(|b| leaving.contains(&b.id)) {
        b.archived = true;
        for (side, known) in &revealed {
            if known.contains(&b.id) && !b.support_revealed_to.contains(side) {
                b.support_revealed_to.push(*side);
            }
        }
    }
    for b in state.battles.iter().filter(|b| leaving.contains(&b.id)) {
        if b.attacker == Side::Soviet {
            let first = state.soviet_attacks.entry(b.step).or_insert(b.hour);
            *first = (*first).min(b.hour);
        }
        note_fights(&mut state.archived_fights, state.platoons.keys(), b);
    }
    let (gone, kept) = std::mem::take(&mut state.battles)
        .into_iter()
        .partition(|b| leaving.contains(&b.id));
    state.battles = kept;
    forget_spent_interrogations(state);
    gone
}

/// Drops the interrogations the rules no longer read: of an archived battle, whose next battle
/// (the one whose enemy support it could reveal) is archived too, and whose surprise, if it won
/// any, is spent or will never be (the campaign plays without the surprise rule). A side's view lists the interrogations of the battles it lists, never of an
/// archived one, so nobody sees them go.
fn forget_spent_interrogations(state: &mut WonsState) {
    let live: BTreeSet<u32> = state.battles.iter().map(|b| b.id).collect();
    let count = state.battle_count();
    let interrogations = std::mem::take(&mut state.interrogations);
    state.interrogations = interrogations
        .into_iter()
        .filter(|r| {
            let next = r.battle.saturating_add(1);
            let archived = |id: u32| id <= count && !live.contains(&id);
            let spent = archived(r.battle) && archived(next);
            !spent || r.surprise_to_come(state)
        })
        .collect();
}

/// Notes what battle `b` showed of each platoon in it.
fn note_fights<'a>(
    fights: &mut BTreeMap<PlatoonId, ArchivedFights>,
    platoons: impl Iterator<Item = &'a PlatoonId>,
    b: &Battle,
) {
    for id in platoons.filter(|id| b.involves(id)) {
        let fought = fights.entry(id.clone()).or_default();
        fought.last_hour = fought.last_hour.max(b.hour);
        fought.heroes_paid.extend(
            b.support
                .iter()
                .flat_map(|s| &s.other_spending)
                .map(|(what, _)| what.clone()),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::retire;
    use crate::core::domain::Side;
    use crate::games::wons::rules::aftermath::AbandonedDevice;
    use crate::games::wons::rules::aftermath::{BattleReport, PrisonerTaken};
    use crate::games::wons::rules::battle::{Battle, thirty_decided};
    use crate::games::wons::rules::legality::{soviet_attack_red_only, soviet_initial_attack};
    use crate::games::wons::rules::prisoners::InterrogationRecord;
    use crate::games::wons::rules::tables::interrogation::interrogate;
    use crate::games::wons::rules::{BattleStatus, WonsState};
    use crate::games::wons::views::{BattleView, battle_page, view_for};

    fn prisoner(taken_by: Side, name: &str) -> PrisonerTaken {
        PrisonerTaken {
            taken_by,
            name: name.into(),
            deserter: false,
            hero: false,
        }
    }

    fn asked(side: Side, battle: u32, prisoner: &str, die: u32) -> InterrogationRecord {
        InterrogationRecord {
            side,
            battle,
            prisoner: prisoner.into(),
            interrogation: interrogate(die, false, false),
            revealed: Vec::new(),
            surprise: false,
            surprise_used_in: None,
        }
    }

    /// Every battle as `side` reads it, a page of 100 at a time, with `archived` beside the state.
    fn every_battle(state: &WonsState, side: Side, archived: &[Battle]) -> Vec<BattleView> {
        battle_page(state, side, archived, None, 100).0
    }

    /// Battle 1 pending, 2 to 31 decided, and in the old ones something still to settle: a
    /// prisoner waiting in 3, equipment waiting for its capture roll in 5, a report waiting for
    /// the other side's in 7, an extra action from 9; 12's prisoner told the Soviets of 13's
    /// enemy support.
    fn with_business() -> WonsState {
        let mut state = thirty_decided();
        fn report(s: &mut WonsState, id: u32) -> &mut BattleReport {
            let b = s.battle_mut(id).expect("battle");
            b.report.as_mut().expect("reported")
        }
        report(&mut state, 3)
            .prisoners
            .push(prisoner(Side::Finnish, "Private Dudkin"));
        state
            .battle_mut(5)
            .expect("5")
            .abandoned
            .push(AbandonedDevice {
                id: "b5-d1".into(),
                name: "lmg".into(),
                owner: Side::Soviet,
                platoon: "sov-1".into(),
                retained: false,
                he_drove_off_owner: false,
                capture: None,
            });
        let proposal = state.battle(7).and_then(|b| b.report.clone()).expect("7");
        state
            .battle_mut(7)
            .expect("7")
            .proposals
            .push((Side::Soviet, proposal));
        state
            .platoons
            .get_mut("sov-1")
            .expect("sov-1")
            .extra_action_from = Some(9);
        report(&mut state, 12)
            .prisoners
            .push(prisoner(Side::Soviet, "Korpraali Lahti"));
        state
            .interrogations
            .push(asked(Side::Soviet, 12, " korpraali lahti ", 6));
        state
    }

    #[test]
    fn settled_old_battles_leave_the_state_and_read_as_they_did() {
        let mut state = with_business();
        let sides = [Side::Soviet, Side::Finnish];
        let before: Vec<_> = sides.map(|s| every_battle(&state, s, &[])).into();
        let views_before: Vec<_> = sides.map(|s| view_for(&state, s.role())).into();
        let revealed = |battles: &[BattleView], id: u32| {
            battles
                .iter()
                .find(|b| b.id == id)
                .and_then(|b| b.enemy_support_revealed.clone())
        };
        assert_eq!(
            revealed(&before[0], 13),
            Some(Vec::new()),
            "the prisoner told"
        );
        assert_eq!(revealed(&before[1], 13), None);

        let mut gone = retire(&mut state);
        let ids = |battles: &[Battle]| battles.iter().map(|b| b.id).collect::<Vec<_>>();
        // 2 waits on pending 1's report (a prisoner in it could reveal 2's enemy support), 3
        // and 4 on 3's prisoner, 5 on the capture roll, 7 on the report, 9 on the extra action;
        // 22 to 31 are the newest decided.
        let mut expected = vec![6, 8];
        expected.extend(10..=21);
        assert_eq!(ids(&gone), expected);
        assert_eq!(
            ids(&state.battles),
            [1, 2, 3, 4, 5, 7, 9]
                .into_iter()
                .chain(22..=31)
                .collect::<Vec<_>>()
        );
        assert_eq!(gone[5].id, 13);
        assert_eq!(gone[5].support_revealed_to, [Side::Soviet]);
        // 12's interrogation is spent: both battles it concerns are archived.
        assert!(state.interrogations.is_empty());

        // Each side reads every battle as it did, and its view is unchanged.
        gone.reverse();
        for (i, side) in sides.into_iter().enumerate() {
            assert_eq!(every_battle(&state, side, &gone), before[i], "{side:?}");
            assert_eq!(view_for(&state, side.role()), views_before[i], "{side:?}");
        }
        // The rules still know what the archived battles told them.
        assert_eq!(state.battle_count(), 31);
        assert!(!soviet_initial_attack(&state, 2));
        assert!(!soviet_attack_red_only(&state, 2, 40));
        assert!(state.archived_fights["sov-1"].last_hour >= 1);
        // Nothing more leaves until something is settled; then 3 and 4 may go.
        assert!(retire(&mut state).is_empty());
        state
            .interrogations
            .push(asked(Side::Finnish, 3, "Private Dudkin", 1));
        assert_eq!(ids(&retire(&mut state)), [3, 4]);
        assert_eq!(state.battles.len(), 15);
    }

    #[test]
    fn a_surprise_still_to_come_keeps_its_interrogation_unless_the_rule_is_off() {
        for rule in [true, false] {
            let mut state = thirty_decided();
            state.optional_rules.insert("surprise".into(), rule);
            let mut record = asked(Side::Soviet, 12, "Korpraali Lahti", 6);
            record.surprise = true;
            state.interrogations.push(record);
            let gone = retire(&mut state);
            assert!(gone.iter().any(|b| b.id == 12) && gone.iter().any(|b| b.id == 13));
            assert_eq!(
                state.interrogations.len(),
                usize::from(rule),
                "surprise rule {rule}"
            );
        }
    }

    #[test]
    fn a_pending_battle_and_the_newest_decided_never_leave() {
        let mut state = thirty_decided();
        let last = state.battles.len() - 1;
        state.battles[last].status = BattleStatus::Pending;
        let gone = retire(&mut state);
        // 1 and 31 pending, 2 after pending 1, 21 to 30 the newest decided.
        assert_eq!(gone.len(), 18);
        assert!(gone.iter().all(|b| (3..=20).contains(&b.id)));
    }
}
