//! A demonstration campaign played through the API, Hour by Hour, until three battles have been
//! fought, every command's new events checked for the umpire and both players; then what
//! neither side learns of the other's battle secrets.

mod battle_one;
mod battle_three;
mod battle_two;
mod migration;
mod play;
mod secrets;

use play::Play;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// The campaign after its third battle, with what the leak test needs to know.
struct Played {
    play: Play,
    /// A hero each side obtained that the enemy never met: id and name.
    unmet: BTreeMap<&'static str, (String, String)>,
    /// The hero the Finns paid for from battle 1's support points.
    paid_hero: String,
}

/// The rear platoons' orders for an Hour (Soviets rest, Finns dig) after the front's.
fn with_rear(front: &[(&'static str, Value)]) -> Vec<(&'static str, Value)> {
    let mut orders = front.to_vec();
    for p in ["sov-3", "sov-4", "sov-5", "sov-6"] {
        orders.push((p, json!({"action": "rest"})));
    }
    for p in ["fin-2", "fin-3"] {
        orders.push((p, json!({"action": "consolidate_defenses"})));
    }
    orders
}

/// The Finns' notes of their rear platoons' digging.
const REAR_DIGS: &str = "
    finnish: 2nd Platoon, 3rd Company dug at
    finnish: Ski Platoon dug at";

/// Starts the contact campaign and grants each side a hero the enemy will never meet, outside
/// any battle; returns the campaign and those heroes (id and name) by side.
async fn start_with_unmet_heroes() -> (Play, BTreeMap<&'static str, (String, String)>) {
    let mut play = Play::start().await;
    let start = play.view("umpire").await;
    assert_eq!(start["campaign"]["hour"], 1);
    assert_eq!(start["campaign"]["initiative"], "soviet");

    // Two heroes the enemy will never meet, granted by the umpire outside any battle: one in
    // the Soviet rearguard, one in the Finnish Ski Platoon.
    let roster = play
        .c
        .app
        .get("/api/v1/heroes", Some(&play.c.umpire))
        .await
        .1;
    let roster = roster.as_array().expect("roster").clone();
    let available = |side: &str, ranker: bool| {
        roster
            .iter()
            .filter(|h| h["side"] == side && h["available"] == true)
            .filter(|h| (h["grade"] == "ranker") == ranker)
            .cloned()
            .collect::<Vec<_>>()
    };
    let mut unmet = BTreeMap::new();
    for (side, hero, platoon) in [
        ("soviet", available("soviet", true)[0].clone(), "sov-5"),
        ("finnish", available("finnish", false)[0].clone(), "fin-3"),
    ] {
        play.obtain(&hero, platoon, None).await;
        let (id, name) = (hero["id"].as_str(), hero["name"].as_str());
        let hero = (id.expect("id").to_owned(), name.expect("name").to_owned());
        unmet.insert(side, hero);
    }
    (play, unmet)
}

/// Plays the contact campaign from Hour 1 until its third battle is decided, checking every
/// command's events and consequences on the way.
async fn three_battles() -> Played {
    let (mut play, unmet) = start_with_unmet_heroes().await;
    battle_one::hour_one(&mut play).await;
    battle_one::before_the_fight(&mut play).await;
    let (hero_id, hero_name) = battle_one::a_hero_paid_from_its_points(&mut play).await;
    let before = battle_one::the_umpires_report(&mut play).await;
    battle_one::as_each_side_reads_it(&mut play, before).await;
    let finnish_surprise = battle_one::aftermath(&mut play, &hero_id, &hero_name).await;
    battle_two::hour_two(&mut play, finnish_surprise).await;
    battle_two::before_the_fight(&mut play).await;
    let (molotov, satchel, soviet_part) = battle_two::the_sides_report_apart(&mut play).await;
    let before = battle_two::both_sides_report_alike(&mut play, soviet_part).await;
    battle_two::as_each_side_reads_it(&mut play, before, &molotov, &satchel).await;
    let soviet_surprise = play
        .interrogate(2, "soviet", "Corporal Lehtonen", false)
        .await;
    battle_three::hours_three_and_four(&mut play).await;
    battle_three::hour_five(&mut play, soviet_surprise).await;
    battle_three::the_soviet_attack_wins(&mut play).await;
    Played {
        play,
        unmet,
        paid_hero: hero_id,
    }
}

#[tokio::test]
async fn a_demo_campaign_with_three_battles_through_the_api() {
    let Played { play, .. } = three_battles().await;
    // The dice log holds every rules roll of the battles, each naming its rule.
    let rolls = play.rolls("umpire").await;
    let count = |parts: &[&str]| {
        let named = |p: &str| parts.iter().all(|part| p.contains(part));
        rolls
            .iter()
            .filter(|r| r["purpose"].as_str().is_some_and(named))
            .count()
    };
    assert_eq!(
        count(&["Starting Force Morale", "(R2, R3, R5.4)"]),
        6,
        "two a battle"
    );
    assert_eq!(count(&["Turn Zero of battle 1", "(R1.4.3)"]), 1);
    assert_eq!(count(&["Capture roll", "(R1.5)"]), 1);
    assert_eq!(count(&["Interrogation of", "(R25)"]), 2);
    assert!(count(&["availability (R23.1)"]) == 2, "one barrage a side");
    for r in &rolls {
        let purpose = r["purpose"].as_str().expect("purpose");
        assert!(
            purpose.contains("(R"),
            "every rules roll names its rule: {r}"
        );
    }
    let umpire = play.view("umpire").await;
    let battles = umpire["state"]["battles"].as_array().expect("battles");
    assert_eq!(battles.len(), 3);
    assert!(battles.iter().all(|b| b["status"]["status"] == "decided"));
}
