//! Hours 3 to 5 and battle 3 of the demonstration campaign: the front digs in, then the Soviet
//! attack in Daylight wins and the Finns retreat.

use super::super::client::platoon_of;
use super::play::{Play, battle_of, number, retained_names};
use super::{REAR_DIGS, with_rear};
use serde_json::json;

/// Hours 3 and 4: the front holds and digs while four Hours pass since the Soviets first saw
/// the Finns at C (R23.1); the extra actions lapse with the Hour.
pub(super) async fn hours_three_and_four(play: &mut Play) {
    for _ in 0..2 {
        let orders = with_rear(&[
            ("sov-1", json!({"action": "defend"})),
            ("sov-2", json!({"action": "defend"})),
            ("fin-1", json!({"action": "consolidate_defenses"})),
        ]);
        let digs = format!("{REAR_DIGS}\nfinnish: 1st Platoon, 3rd Company dug at");
        play.hour(&orders, &digs).await;
        for side in ["soviet", "finnish"] {
            for p in play.view(side).await["platoons"]
                .as_array()
                .expect("platoons")
            {
                assert!(p["extra_action_from"].is_null(), "{p}");
            }
        }
    }
}

/// Hour 5 (Daylight): both platoons of the leading stack attack at C, on the Yellow table.
pub(super) async fn hour_five(play: &mut Play, soviet_surprise: bool) {
    let orders = with_rear(&[
        ("sov-1", json!({"action": "attack", "table": "yellow"})),
        ("sov-2", json!({"action": "attack", "table": "yellow"})),
        ("fin-1", json!({"action": "defend"})),
    ]);
    let mut expected = format!(
        "{REAR_DIGS}
        all: Battle 3 at C Woodcutters' Clearing: Soviet 1st Rifle Platoon, 2nd Rifle Platoon attack(s) 1st Platoon, 3rd Company on the Yellow table; it waits to be fought."
    );
    if soviet_surprise {
        expected.push_str("
        all: Battle 3: the Finnish force starts surprised (R4, sentries in the front line, or warned), because the Soviet side learned from Corporal Lehtonen where to strike (R25)");
    }
    play.hour(&orders, &expected).await;
}

/// Battle 3: the Soviets buy a battalion barrage and fire it, the position now known four
/// Hours; Force Morale in Daylight; then a bare result: the Soviet attack wins.
pub(super) async fn the_soviet_attack_wins(play: &mut Play) {
    play.support_points(3, "soviet", 5).await;
    play.support_points(3, "finnish", 2).await;
    play.buy(3, "soviet", &[("sov-mortars", "sov-1", false)])
        .await;
    let finnish_items = [
        ("fin-entrench", "fin-1", false),
        ("fin-skis", "fin-1", false),
    ];
    play.buy(3, "finnish", &finnish_items).await;
    play.force_morale(3, "soviet", false, &["sov-1", "sov-2"])
        .await;
    play.force_morale(3, "finnish", false, &["fin-1"]).await;
    let targets = ["1st Section", "2nd Section"];
    play.barrage(3, "soviet", "soviet-two-82mm-mortars", &targets)
        .await;
    let fatigue = number(&platoon_of(&play.view("finnish").await, "fin-1")["fatigue"]);
    let told = format!(
        "all: Battle 3 at C Woodcutters' Clearing: the Soviet attack won after 5 Turn(s); every Finnish platoon there must retreat, and the Soviet side keeps the initiative.
        finnish: 1st Platoon, 3rd Company retreated from C Woodcutters' Clearing to D Jollonkorpi Suursuo.
        finnish: 1st Platoon, 3rd Company fatigue {fatigue} → {} (forced Retreat).
        soviet: Enemy platoon 1st Platoon, 3rd Company seen at step D Jollonkorpi Suursuo.",
        fatigue + 1
    );
    let bare = json!({"winner": "soviet", "turns": 5});
    play.act("umpire", "POST battles/3/result", bare, &told)
        .await;
    let soviet_view = play.view("soviet").await;
    let finnish_view = play.view("finnish").await;
    let fin1 = platoon_of(&finnish_view, "fin-1");
    assert_eq!(fin1["step"], "D", "the loser retreats");
    assert_eq!(
        number(&fin1["fatigue"]),
        fatigue + 1,
        "a Retreat's fatigue in Daylight"
    );
    assert!(
        retained_names(fin1).is_empty(),
        "nothing bought for battle 3 is kept"
    );
    assert_eq!(
        soviet_view["campaign"]["initiative"], "soviet",
        "the winner keeps it"
    );
    let seen = soviet_view["enemy_platoons"].as_array().expect("seen");
    let seen = seen
        .iter()
        .find(|p| p["id"] == "fin-1")
        .expect("fin-1 seen");
    assert_eq!(seen["step"], "D");
    for (view, p) in [
        (&soviet_view, "sov-1"),
        (&soviet_view, "sov-2"),
        (&finnish_view, "fin-1"),
    ] {
        assert!(
            platoon_of(view, p)["extra_action_from"].is_null(),
            "five Turns"
        );
        let decided = json!({"status": "decided", "winner": "soviet", "turns": 5});
        assert_eq!(battle_of(view, 3)["status"], decided);
    }
}
