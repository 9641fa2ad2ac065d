//! Tests of the battle sheet cards: each side's card holds its own support and report only, and
//! its form comes back pre-filled with what it sent.

use crate::core::domain::Side;
use crate::games::wons::rules::aftermath::{BattleReport, Casualty, Reporter, submit_report};
use crate::games::wons::rules::battle::demo_with_battle;
use crate::games::wons::rules::support::{PurchaseRequest, assign_support_points, set_purchases};
use crate::games::wons::rules::{BattleStatus, WonsState};
use crate::games::wons::views::battle::{SheetCard, sheet_card};
use crate::games::wons::views::battle_umpire::{sides, umpire_cards};
use crate::games::wons::views::{finnish_view, soviet_view};

/// Battle 1 pending, with the Soviets' smoke bought for it by their 1st Rifle Platoon.
pub(super) fn soviet_smoke_bought() -> WonsState {
    let mut state = demo_with_battle(1, BattleStatus::Pending);
    assign_support_points(&mut state, 1, Side::Soviet, 3).expect("assigned");
    let buy = PurchaseRequest {
        item: "sov-smoke".into(),
        platoon: "sov-1".into(),
        turn_zero: false,
    };
    set_purchases(&mut state, 1, Side::Soviet, &[buy]).expect("bought");
    state
}

/// Battle 1 with Soviet support bought and the Soviet report sent, the Finns not yet reported.
fn reported_by_the_soviets() -> WonsState {
    let mut state = soviet_smoke_bought();
    let mut report = BattleReport::bare(Side::Finnish, 4);
    report.casualties.push(Casualty {
        platoon: "sov-1".into(),
        element: "Light Mortar Team".into(),
        role: "mortar_crew".into(),
        killed: 1,
        wounded: 0,
        missing: 0,
    });
    report.support_used.push("sov-smoke".into());
    submit_report(&mut state, 1, Reporter::Side(Side::Soviet), &report).expect("sent");
    state
}

fn card(state: &WonsState, side: Side) -> SheetCard {
    let view = match side {
        Side::Soviet => soviet_view(state).0,
        Side::Finnish => finnish_view(state).0,
    };
    sheet_card(&view, &view.battles[0]).expect("the side fights battle 1")
}

#[test]
fn the_finnish_card_holds_nothing_of_the_soviet_support_or_report() {
    let state = reported_by_the_soviets();
    let finn = card(&state, Side::Finnish);
    assert!(finn.support.is_none(), "no Finnish points yet");
    assert!(
        finn.buy_rows
            .iter()
            .all(|r| r.item.starts_with("fin-") && !r.recon)
    );
    assert!(finn.part.used.is_empty());
    assert!(finn.part.casualties.iter().all(|c| c.platoon == "fin-1"));
    assert!(finn.part.casualties.iter().all(|c| c.killed == 0));
    assert_eq!(
        finn.reported,
        ["The Soviet side reported the Finnish side won after 4 Turn(s)."]
    );
    assert!(!finn.has_reported && finn.winner.is_none());
}

#[test]
fn the_soviet_form_comes_back_with_what_it_sent() {
    let state = reported_by_the_soviets();
    let soviet = card(&state, Side::Soviet);
    let support = soviet.support.expect("points");
    assert_eq!((support.points, support.spent, support.left), (3, 1, 2));
    let smoke = soviet
        .buy_rows
        .iter()
        .find(|r| r.item == "sov-smoke")
        .expect("listed");
    assert_eq!(smoke.cells[0].count, 1);
    let mortar = soviet
        .part
        .casualties
        .iter()
        .find(|c| c.element == "Light Mortar Team")
        .expect("a row");
    assert_eq!(
        (mortar.killed, mortar.role_words.as_str()),
        (1, "mortar crew")
    );
    assert!(
        soviet
            .part
            .used
            .iter()
            .any(|u| u.value == "sov-smoke" && u.checked)
    );
    assert_eq!(
        (soviet.winner, soviet.turns.as_str()),
        (Some(Side::Finnish), "4")
    );
    assert!(
        soviet.buy_rows.iter().any(|r| r.recon),
        "the Soviets may send recon ahead"
    );
}

#[test]
fn the_umpire_card_has_both_parts_and_every_surprise_level() {
    let state = reported_by_the_soviets();
    let cards = umpire_cards(&state, sides(&state).each_ref(), |_| true);
    assert_eq!(cards.len(), 1);
    let c = &cards[0];
    assert_eq!(c.parts.len(), 2);
    assert_eq!(c.levels.len(), 5);
    assert_eq!(c.winner, Some(Side::Finnish));
    assert!(c.sides[0].proposal[1].contains("Light Mortar Team (mortar crew): 1 killed"));
    assert!(c.sides[1].proposal.is_empty());
}

#[test]
fn both_sides_cards_say_when_the_two_reports_disagree() {
    let mut state = reported_by_the_soviets();
    assert_eq!(card(&state, Side::Finnish).disagreement, None, "one report");
    // The Finns report a different number of Turns: both cards say so.
    submit_report(
        &mut state,
        1,
        Reporter::Side(Side::Finnish),
        &BattleReport::bare(Side::Finnish, 5),
    )
    .expect("sent");
    for side in [Side::Soviet, Side::Finnish] {
        let words = card(&state, side).disagreement.expect("called out");
        assert!(words.contains("disagree"), "{words}");
    }
}
