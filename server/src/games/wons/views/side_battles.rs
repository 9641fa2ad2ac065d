//! The battles as one side sees them: who fought (an enemy it never identified stays unnamed),
//! its own sheet, barrages, support and report, and what prisoners told of the enemy's support.

use crate::core::domain::Side;
use crate::games::wons::rules::Light;
use crate::games::wons::rules::aftermath::{AbandonedDevice, BattleReport, retained_item_source};
use crate::games::wons::rules::barrage::BarrageRecord;
use crate::games::wons::rules::battle::{Battle, BattleStatus};
use crate::games::wons::rules::battle_sheet::{BattleSheet, Surprise, TurnZero};
use crate::games::wons::rules::ladder::{TableColour, step_letter};
use crate::games::wons::rules::orders::CounterattackScenario;
use crate::games::wons::rules::prisoners::Interrogated;
use crate::games::wons::rules::state::WonsState;
use crate::games::wons::rules::support::SideSupport;
use serde::Serialize;

/// A platoon named in a battle record; an enemy the side never identified has no id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct BattlePlatoonView {
    /// Its id, if known to the side.
    pub id: Option<String>,
    /// Its name, or "unidentified platoon".
    pub name: String,
}

/// A battle as a side sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct BattleView {
    /// Its number.
    pub id: u32,
    /// Its Hour.
    pub hour: u32,
    /// The letter of its step.
    pub step: String,
    /// The attacking side.
    pub attacker: Side,
    /// Attacking platoons.
    pub attackers: Vec<BattlePlatoonView>,
    /// Defending platoons.
    pub defenders: Vec<BattlePlatoonView>,
    /// Its table.
    pub table: TableColour,
    /// A Finnish counterattack's scenario.
    pub scenario: Option<CounterattackScenario>,
    /// Fought in Darkness (otherwise Daylight).
    pub darkness: bool,
    /// Pending or decided.
    pub status: BattleStatus,
    /// The viewer's own pre-battle sheet, once drawn up (never the enemy's).
    #[schema(value_type = Option<Object>)]
    pub own_sheet: Option<BattleSheet>,
    /// The viewer's own barrages for this battle.
    #[schema(value_type = Vec<Object>)]
    pub own_barrages: Vec<BarrageRecord>,
    /// The viewer's own support points and purchases (never the enemy's).
    pub own_support: Option<SideSupport>,
    /// The surprise one side suffers at the start (both sides read it; the table needs it).
    #[schema(value_type = Option<Object>)]
    pub surprise: Option<Surprise>,
    /// The Soviet recon's Turn Zero, once recorded (fought at the table in front of both).
    #[schema(value_type = Option<Object>)]
    pub turn_zero: Option<TurnZero>,
    /// Which sides have reported the battle, with the winner and Turns they gave (never the
    /// enemy's casualties).
    pub reported: Vec<ReportedView>,
    /// The viewer's own report, waiting for the enemy's.
    pub own_report: Option<BattleReport>,
    /// The recorded report, with casualties, final Force Morale and support used of the viewer's
    /// side only.
    pub report: Option<BattleReport>,
    /// Equipment left on the field and its capture rolls.
    pub abandoned: Vec<AbandonedDevice>,
    /// The enemy's support choices for this battle, when a prisoner the viewer's side
    /// interrogated since its last battle gave good information (R25).
    pub enemy_support_revealed: Option<Vec<String>>,
}

/// A side's report of a battle as the other side sees it: only the winner and Turns it gave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ReportedView {
    /// The reporting side.
    pub side: Side,
    /// The winner it reported.
    pub winner: Side,
    /// The Turns it reported.
    pub turns: u32,
}

/// How many decided battles a side's view lists besides those still open; the rest are read a
/// page at a time (`battle_page`), so that the view does not grow with every battle fought.
pub const LISTED_DECIDED: usize = crate::games::wons::rules::archive::KEPT_DECIDED;

/// The battles `side`'s view lists, oldest first: every pending one, the newest decided ones,
/// and any whose prisoners taken by the side still wait to be interrogated (its own knowledge);
/// and how many it leaves out.
pub(super) fn battles_for(state: &WonsState, side: Side) -> (Vec<BattleView>, u32) {
    let interrogated = Interrogated::of(state);
    let mut decided = 0;
    let mut listed: Vec<&Battle> = state
        .battles
        .iter()
        .rev()
        .filter(|b| {
            let pending = b.status == BattleStatus::Pending;
            let recent = !pending && decided < LISTED_DECIDED;
            if recent {
                decided += 1;
            }
            let waiting = interrogated.waiting(b, Some(side));
            pending || recent || waiting
        })
        .collect();
    listed.reverse();
    let left_out = state.battle_count() as usize - listed.len();
    (
        battle_views(state, side, listed.into_iter()),
        u32::try_from(left_out).unwrap_or(u32::MAX),
    )
}

/// The battles numbered below `before` (all when `None`), newest first, at most `limit`, as
/// `side` sees them, and whether there are more: those still in `state` and those of
/// `archived` (the archive's newest below `before`, at least `limit + 1` of them when it has
/// so many), built alike.
pub fn battle_page(
    state: &WonsState,
    side: Side,
    archived: &[Battle],
    before: Option<u32>,
    limit: usize,
) -> (Vec<BattleView>, bool) {
    let mut older: Vec<&Battle> = state
        .battles
        .iter()
        .chain(archived)
        .filter(|b| before.is_none_or(|n| b.id < n))
        .collect();
    older.sort_by_key(|b| std::cmp::Reverse(b.id));
    older.dedup_by_key(|b| b.id);
    let more = older.len() > limit;
    older.truncate(limit);
    (battle_views(state, side, older.into_iter()), more)
}

/// `battles` of `state` as `side` sees them.
fn battle_views<'a>(
    state: &'a WonsState,
    side: Side,
    battles: impl Iterator<Item = &'a Battle>,
) -> Vec<BattleView> {
    let support_known = crate::games::wons::rules::support::enemy_support_known_in(state, side);
    let own_items = OwnItems::of(state, side);
    battles
        .map(|b| BattleView {
            id: b.id,
            hour: b.hour,
            step: step_letter(b.step),
            attacker: b.attacker,
            attackers: b
                .attackers
                .iter()
                .map(|id| battle_platoon(state, side, id))
                .collect(),
            defenders: b
                .defenders
                .iter()
                .map(|id| battle_platoon(state, side, id))
                .collect(),
            table: b.table,
            scenario: b.scenario,
            darkness: state.clock.light(b.hour) == Light::Darkness,
            status: b.status.clone(),
            own_sheet: b.sheets.iter().find(|s| s.side == side).cloned(),
            own_barrages: b
                .barrages
                .iter()
                .filter(|r| r.side == side)
                .cloned()
                .collect(),
            own_support: b.support.iter().find(|s| s.side == side).cloned(),
            surprise: b.surprise.clone(),
            turn_zero: b.turn_zero.clone(),
            reported: b
                .proposals
                .iter()
                .map(|(side, r)| ReportedView {
                    side: *side,
                    winner: r.winner,
                    turns: r.turns,
                })
                .collect(),
            own_report: b
                .proposals
                .iter()
                .find(|(s, _)| *s == side)
                .map(|(_, r)| r.clone()),
            report: b
                .report
                .as_ref()
                .map(|r| report_for(state, r, side, &own_items)),
            abandoned: b.abandoned.clone(),
            enemy_support_revealed: (support_known.contains(&b.id)
                || b.support_revealed_to.contains(&side))
            .then(|| enemy_support(b, side)),
        })
        .collect()
}

fn battle_platoon(state: &WonsState, side: Side, id: &str) -> BattlePlatoonView {
    let known = state.platoons.get(id).is_some_and(|p| p.side == side)
        || state.knowledge.of(side).sightings.contains_key(id);
    let name = if known {
        state.platoon_name(id)
    } else {
        "unidentified platoon".into()
    };
    BattlePlatoonView {
        id: known.then(|| id.to_string()),
        name,
    }
}

/// The enemy's purchases for battle `b`, for a side a prisoner told of them (R25).
fn enemy_support(b: &Battle, side: Side) -> Vec<String> {
    b.support
        .iter()
        .filter(|s| s.side == side.enemy())
        .flat_map(|s| &s.purchases)
        .map(|p| p.name.clone())
        .collect()
}

/// What a side's support items are called in reports, gathered once for a view: the items of
/// its support list (used as bought, or as the retained items made from them,
/// `b{battle}-{item}-{n}`), and the retained items its platoons hold.
struct OwnItems<'a> {
    side: Side,
    listed: std::collections::BTreeMap<&'a str, Side>,
    held: std::collections::BTreeSet<&'a str>,
}

impl<'a> OwnItems<'a> {
    fn of(state: &'a WonsState, side: Side) -> Self {
        OwnItems {
            side,
            listed: state
                .support
                .iter()
                .map(|i| (i.id.as_str(), i.side))
                .collect(),
            held: state
                .platoons_of(side)
                .flat_map(|p| &p.retained)
                .map(|r| r.id.as_str())
                .collect(),
        }
    }

    /// Whether the item `used` is the side's.
    fn own(&self, used: &str) -> bool {
        let listed_own = |item: &str| self.listed.get(item) == Some(&self.side);
        self.held.contains(used)
            || listed_own(used)
            || retained_item_source(used).is_some_and(listed_own)
    }
}

/// A battle report as `side` may read it: its own casualties, final Force Morale, support used
/// and equipment left behind, and the prisoners it took (its own men taken count among its
/// missing; whether one deserted is the captors' knowledge).
fn report_for(
    state: &WonsState,
    report: &BattleReport,
    side: Side,
    own_items: &OwnItems<'_>,
) -> BattleReport {
    let own = |platoon: &str| state.platoons.get(platoon).is_some_and(|p| p.side == side);
    let mut mine = report.clone();
    mine.casualties.retain(|c| own(&c.platoon));
    mine.force_morale_end.retain(|f| f.side == side);
    // An item used is the side's if it is on the side's support list (bought, or a retained
    // item made from one) or the side still holds it.
    mine.support_used.retain(|u| own_items.own(u));
    mine.abandoned.retain(|a| own(&a.platoon));
    mine.prisoners.retain(|p| p.taken_by == side);
    mine
}

#[cfg(test)]
mod tests {
    use super::{OwnItems, battle_page, battles_for};
    use crate::core::domain::Side;
    use crate::games::wons::rules::aftermath::PrisonerTaken;
    use crate::games::wons::rules::battle::thirty_decided;

    #[test]
    fn a_view_lists_the_open_and_newest_battles_and_the_rest_come_a_page_at_a_time() {
        let mut state = thirty_decided();
        let ids = |views: &[super::BattleView]| views.iter().map(|b| b.id).collect::<Vec<_>>();
        let (listed, left_out) = battles_for(&state, Side::Soviet);
        let mut expected = vec![1];
        expected.extend(22..=31);
        assert_eq!(ids(&listed), expected, "the pending one and the ten newest");
        assert_eq!(left_out, 20);
        // Pages, newest first, until there are no more: every battle once.
        let mut seen = Vec::new();
        let mut before = None;
        loop {
            let (page, more) = battle_page(&state, Side::Soviet, &[], before, 7);
            assert!(page.len() <= 7);
            seen.extend(ids(&page));
            before = page.last().map(|b| b.id);
            if !more {
                break;
            }
        }
        assert_eq!(seen, (1..=31).rev().collect::<Vec<_>>());
        assert_eq!(
            battle_page(&state, Side::Soviet, &[], Some(1), 7),
            (vec![], false)
        );
        // A prisoner the Finns took in battle 3 keeps it in their view until they interrogate
        // him; the Soviets' view does not change.
        let report = state.battles[2].report.as_mut().expect("reported");
        report.prisoners.push(PrisonerTaken {
            taken_by: Side::Finnish,
            name: "Private Dudkin".into(),
            deserter: false,
            hero: false,
        });
        assert_eq!(ids(&battles_for(&state, Side::Finnish).0)[..2], [1, 3]);
        assert_eq!(battles_for(&state, Side::Finnish).1, 19);
        assert_eq!(ids(&battles_for(&state, Side::Soviet).0), expected);
    }

    #[test]
    fn a_sides_items_are_those_of_its_list_made_from_them_or_held() {
        let state = crate::games::wons::views::battle_tests::soviet_smoke_bought();
        let soviet = OwnItems::of(&state, Side::Soviet);
        let finnish = OwnItems::of(&state, Side::Finnish);
        // Whichever battle bought it, archived or not.
        for used in [
            "sov-smoke",
            "b1-sov-smoke-1",
            "b1-sov-smoke-12",
            "b2-sov-smoke-1",
        ] {
            assert!(soviet.own(used), "{used} is the Soviets'");
            assert!(!finnish.own(used), "{used} is not the Finns'");
        }
        // Made from another item, or no item: nobody's.
        for used in [
            "b1-sov-smokes-1",
            "bx-sov-smoke-1",
            "b1-sov-smoke-x",
            "b1-sov-1",
            "sov",
            "b1-",
            "-",
        ] {
            assert!(!soviet.own(used), "{used} is not the Soviets'");
        }
    }
}
