//! Tests of the support rules: points assigned, purchases within them, and what platoons retain.

use super::*;
use crate::games::wons::rules::battle::demo_with_battle;

fn state() -> WonsState {
    demo_with_battle(1, BattleStatus::Pending)
}

fn item(state: &WonsState, side: Side, list: u32, retained: bool) -> SupportItem {
    state
        .support
        .iter()
        .find(|i| i.side == side && i.list == list && i.retained == retained)
        .cloned()
        .expect("the demo pack lists such an item")
}

fn buy(item: &SupportItem, platoon: &str) -> PurchaseRequest {
    PurchaseRequest {
        item: item.id.clone(),
        platoon: platoon.into(),
        turn_zero: false,
    }
}

#[test]
fn purchases_need_points_and_fit_them_exactly() {
    let mut s = state();
    let one = item(&s, Side::Finnish, 1, true);
    let three = item(&s, Side::Finnish, 3, false);
    assert_eq!(
        set_purchases(&mut s, 1, Side::Finnish, &[buy(&one, "fin-1")]),
        Err(SupportError::NoPoints("Finnish", 1))
    );
    assign_support_points(&mut s, 1, Side::Finnish, 4).expect("assigned");
    // List One plus List Three is four points: exactly enough.
    set_purchases(
        &mut s,
        1,
        Side::Finnish,
        &[buy(&one, "fin-1"), buy(&three, "fin-1")],
    )
    .expect("four points buy 1 + 3");
    assert_eq!(s.battles[0].support[0].left(), 0);
    // One point more is refused and changes nothing.
    let before = s.clone();
    assert_eq!(
        set_purchases(
            &mut s,
            1,
            Side::Finnish,
            &[buy(&one, "fin-1"), buy(&one, "fin-1"), buy(&three, "fin-1")]
        ),
        Err(SupportError::TooDear(5, 4))
    );
    assert_eq!(s, before);
    // Lowering the points below what is spent is refused.
    assert_eq!(
        assign_support_points(&mut s, 1, Side::Finnish, 3),
        Err(SupportError::TooDear(4, 3))
    );
}

#[test]
fn purchases_are_checked_against_lists_platoons_and_recon() {
    let mut s = state();
    assign_support_points(&mut s, 1, Side::Soviet, 10).expect("assigned");
    let finnish = item(&s, Side::Finnish, 1, true);
    assert!(matches!(
        set_purchases(&mut s, 1, Side::Soviet, &[buy(&finnish, "sov-1")]),
        Err(SupportError::UnknownItem(..))
    ));
    let soviet = item(&s, Side::Soviet, 1, true);
    assert!(matches!(
        set_purchases(&mut s, 1, Side::Soviet, &[buy(&soviet, "sov-2")]),
        Err(SupportError::WrongPlatoon(..))
    ));
    let mut zero = buy(&soviet, "sov-1");
    zero.turn_zero = true;
    assert!(matches!(
        set_purchases(&mut s, 1, Side::Soviet, &[zero]),
        Err(SupportError::NotRecon(_))
    ));
    let recon = s
        .support
        .iter()
        .find(|i| i.recon)
        .cloned()
        .expect("a recon item");
    let mut zero = buy(&recon, "sov-1");
    zero.turn_zero = true;
    assert_eq!(
        set_purchases(&mut s, 1, Side::Soviet, &[zero.clone(), zero.clone()]),
        Err(SupportError::TwoRecons)
    );
    set_purchases(&mut s, 1, Side::Soviet, &[zero]).expect("one recon ahead");
    assert!(s.battles[0].support[0].purchases[0].turn_zero);
    assert!(assign_support_points(&mut s, 1, Side::Finnish, 0).is_ok());
    assert_eq!(
        assign_support_points(&mut s, 2, Side::Finnish, 1),
        Err(SupportError::UnknownBattle(2))
    );
}

#[test]
fn heroes_spend_points_beside_the_lists() {
    let mut s = state();
    assign_support_points(&mut s, 1, Side::Finnish, 3).expect("assigned");
    spend_points(&mut s, 1, Side::Finnish, "a hero", 2).expect("fits");
    assert_eq!(
        spend_points(&mut s, 1, Side::Finnish, "another", 2),
        Err(SupportError::TooDear(4, 3))
    );
    let three = item(&s, Side::Finnish, 3, false);
    assert_eq!(
        set_purchases(&mut s, 1, Side::Finnish, &[buy(&three, "fin-1")]),
        Err(SupportError::TooDear(5, 3))
    );
    s.battles[0].status = BattleStatus::Decided {
        winner: Side::Finnish,
        turns: 3,
    };
    assert_eq!(
        set_purchases(&mut s, 1, Side::Finnish, &[]),
        Err(SupportError::Decided(1))
    );
}

fn soviet_barrage(state: &WonsState) -> SupportItem {
    state
        .support
        .iter()
        .find(|i| i.side == Side::Soviet && i.barrage.is_some())
        .cloned()
        .expect("the demo pack lists a Soviet barrage")
}

#[test]
fn r23_1_1_soviet_barrages_are_obtained_only_to_assault_a_position_known_four_hours() {
    // R23.1.1: obtained as support only when assaulting a previously known enemy position and
    // four Hours after the enemy was first detected there.
    let mut s = demo_with_battle(6, BattleStatus::Pending);
    assign_support_points(&mut s, 1, Side::Soviet, 10).expect("assigned");
    let mortars = soviet_barrage(&s);
    let wish = [buy(&mortars, "sov-1")];
    assert_eq!(
        set_purchases(&mut s, 1, Side::Soviet, &wish),
        Err(SupportError::SovietBarrage(
            super::super::barrage::BarrageError::NotSpottedLongEnough
        ))
    );
    s.knowledge.soviet.positions.insert(2, 3);
    assert_eq!(
        set_purchases(&mut s, 1, Side::Soviet, &wish),
        Err(SupportError::SovietBarrage(
            super::super::barrage::BarrageError::NotSpottedLongEnough
        ))
    );
    s.knowledge.soviet.positions.insert(2, 2);
    set_purchases(&mut s, 1, Side::Soviet, &wish).expect("known four Hours: bought");
    assert_eq!(s.battles[0].support[0].purchases.len(), 1);
}

#[test]
fn r23_1_1_soviets_defending_against_a_counterattack_obtain_no_barrage() {
    // R23.1.1: a Finnish counterattack is no Soviet assault, however long the step is known.
    let mut s = demo_with_battle(9, BattleStatus::Pending);
    s.knowledge.soviet.positions.insert(2, 0);
    let b = &mut s.battles[0];
    b.attacker = Side::Finnish;
    b.attackers = vec!["fin-1".into()];
    b.defenders = vec!["sov-1".into()];
    assign_support_points(&mut s, 1, Side::Soviet, 10).expect("assigned");
    let mortars = soviet_barrage(&s);
    let refused = set_purchases(&mut s, 1, Side::Soviet, &[buy(&mortars, "sov-1")]);
    assert_eq!(
        refused,
        Err(SupportError::SovietBarrage(
            super::super::barrage::BarrageError::NotAssaulting(1)
        ))
    );
    assert!(
        refused
            .unwrap_err()
            .to_string()
            .contains("the Soviets defend")
    );
    assert!(s.battles[0].support[0].purchases.is_empty());
    // Other support is still bought.
    let other = item(&s, Side::Soviet, 1, true);
    set_purchases(&mut s, 1, Side::Soviet, &[buy(&other, "sov-1")]).expect("bought");
}
