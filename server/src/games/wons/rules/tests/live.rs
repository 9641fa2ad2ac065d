//! Live play: whom the campaign waits for, ready marks withdrawn, defaults confirmed.

use super::{demo, order};
use crate::core::domain::{Role, Side};
use crate::games::wons::rules::awaited::{awaited, without_orders};
use crate::games::wons::rules::{Order, OrderError, give_orders, mark_ready, withdraw_ready};

#[test]
fn both_sides_are_awaited_until_each_is_ready() {
    let mut s = demo();
    let waited: Vec<Role> = awaited(&s).into_iter().map(|(r, _)| r).collect();
    assert_eq!(waited, [Role::Soviet, Role::Finnish]);
    assert!(awaited(&s)[0].1.starts_with("orders for Hour 1"));
    mark_ready(&mut s, Side::Soviet, true).unwrap();
    let waited: Vec<Role> = awaited(&s).into_iter().map(|(r, _)| r).collect();
    assert_eq!(waited, [Role::Finnish]);
}

#[test]
fn ready_with_platoons_lacking_orders_needs_their_defaults_confirmed() {
    let mut s = demo();
    let missing = without_orders(&s, Side::Soviet);
    assert!(!missing.is_empty());
    match mark_ready(&mut s, Side::Soviet, false) {
        Err(OrderError::DefaultsUnconfirmed(names)) => assert_eq!(names, missing),
        other => panic!("expected the defaults to be asked for, got {other:?}"),
    }
    assert!(
        !s.orders.soviet.ready,
        "a refused ready mark changes nothing"
    );
    // Once every platoon has an order, no confirmation is needed.
    let ids: Vec<String> = s.platoons_of(Side::Soviet).map(|p| p.id.clone()).collect();
    let all = ids.iter().map(|id| order(id, Order::Defend)).collect();
    give_orders(&mut s, Side::Soviet, all).unwrap();
    assert!(without_orders(&s, Side::Soviet).is_empty());
    mark_ready(&mut s, Side::Soviet, false).unwrap();
    assert!(s.orders.soviet.ready);
}

#[test]
fn a_withdrawn_ready_mark_reopens_the_orders_and_tells_only_that() {
    let mut s = demo();
    assert_eq!(
        withdraw_ready(&mut s, Side::Finnish),
        Err(OrderError::NotReady)
    );
    mark_ready(&mut s, Side::Finnish, true).unwrap();
    assert_eq!(
        give_orders(&mut s, Side::Finnish, vec![order("fin-3", Order::Advance)]),
        Err(OrderError::AlreadyReady)
    );
    let events = withdraw_ready(&mut s, Side::Finnish).unwrap();
    assert!(!s.orders.finnish.ready);
    assert_eq!(events.len(), 1);
    assert!(events[0].sentence.contains("withdrawn its ready mark"));
    assert!(!events[0].sentence.contains("fin-"), "no order is named");
    give_orders(&mut s, Side::Finnish, vec![order("fin-3", Order::Advance)]).unwrap();
    assert_eq!(awaited(&s)[1].0, Role::Finnish);
}
