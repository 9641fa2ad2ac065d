//! Hour 2 and battle 2 of the demonstration campaign: the Finnish counterattack, barrages
//! refused, and the sides reporting the battle apart until they agree.

use super::super::client::platoon_of;
use super::play::{Play, battle_of, men, retained_id, retained_names};
use super::{REAR_DIGS, with_rear};
use serde_json::{Value, json};

/// Hour 2 (Darkness): the Finns hold the initiative and counterattack at C with a Probe.
pub(super) async fn hour_two(play: &mut Play, finnish_surprise: bool) {
    let attack = json!({"action": "attack", "table": "red"});
    let refusal = "422 illegal_order: initiative";
    play.refused("soviet", "PUT orders/sov-1", attack, refusal)
        .await;
    let orders = with_rear(&[
        ("sov-1", json!({"action": "defend"})),
        ("sov-2", json!({"action": "defend"})),
        (
            "fin-1",
            json!({"action": "attack", "table": "red", "scenario": "probe"}),
        ),
    ]);
    let mut expected = format!(
        "{REAR_DIGS}
        all: Battle 2 at C Woodcutters' Clearing: Finnish 1st Platoon, 3rd Company attack(s) 1st Rifle Platoon, 2nd Rifle Platoon on the Red table; it waits to be fought."
    );
    if finnish_surprise {
        expected.push_str("
        all: Battle 2: the Soviet force starts surprised (R4, sentries in the front line, or warned), because the Finnish side learned from Private Dudkin where to strike (R25)");
    }
    play.hour(&orders, &expected).await;
}

/// Battle 2: points and purchases, both Force Morales (the Finnish one rolled by the
/// umpire), barrages refused, and the sides report it separately.
pub(super) async fn before_the_fight(play: &mut Play) {
    play.support_points(2, "soviet", 3).await;
    play.support_points(2, "finnish", 4).await;
    play.buy(2, "soviet", &[("sov-hmg", "sov-2", false)]).await;
    play.buy(2, "finnish", &[("fin-lahti", "fin-1", false)])
        .await;
    play.force_morale(2, "soviet", false, &["sov-1", "sov-2"])
        .await;
    let refusal = "422 side_needed: side";
    play.refused("umpire", "POST battles/2/force-morale", json!({}), refusal)
        .await;
    play.force_morale(2, "finnish", true, &["fin-1"]).await;
    let barrage = json!({"barrage": "finnish-one-81mm-mortar", "targets": ["2nd Section"]});
    let refusal = "422 barrage_refused: forward observer | R23.1";
    play.refused("finnish", "POST battles/2/barrages", barrage, refusal)
        .await;
    // The Soviets defend against this counterattack: no barrage of theirs (R23.1.1).
    let barrage = json!({"barrage": "soviet-two-82mm-mortars", "targets": ["1st Section"]});
    let refusal = "422 barrage_refused: the Soviets defend | R23.1.1";
    play.refused("soviet", "POST battles/2/barrages", barrage, refusal)
        .await;
}

/// Each side reports battle 2 on its own; the reports disagree on the Turns, so nothing is
/// applied. Returns the retained items used (the Finns' Molotov cocktails, the Soviets' satchel
/// charges) and the Soviet report.
pub(super) async fn the_sides_report_apart(play: &mut Play) -> (String, String, Value) {
    let molotov = retained_id(
        platoon_of(&play.view("finnish").await, "fin-1"),
        "Molotov cocktails",
    );
    let satchel = retained_id(
        platoon_of(&play.view("soviet").await, "sov-1"),
        "Satchel charges",
    );
    let finnish_part = json!({
        "winner": "soviet",
        "turns": 2,
        "casualties": [{"platoon": "fin-1", "element": "3rd Section", "role": "rifleman", "killed": 1, "wounded": 0, "missing": 1}],
        "force_morale_end": [{"side": "finnish", "value": 2}],
        "support_used": ["fin-lahti", molotov]
    });
    let mut overreach = finnish_part.clone();
    let theirs =
        json!({"platoon": "sov-2", "element": "1st Section", "role": "rifleman", "killed": 1});
    overreach["casualties"]
        .as_array_mut()
        .expect("casualties")
        .push(theirs);
    let refusal = "422 invalid_report: no platoon 'sov-2' in battle 2 | its own platoons only";
    play.refused("finnish", "POST battles/2/result", overreach, refusal)
        .await;
    let told = "all: The Finnish side reported battle 2; the result is applied when the Soviet side reports the same winner and Turns, or the umpire records it.";
    play.act(
        "finnish",
        "POST battles/2/result",
        finnish_part.clone(),
        told,
    )
    .await;
    let soviet_view = play.view("soviet").await;
    let b2 = battle_of(&soviet_view, 2);
    assert_eq!(b2["status"]["status"], "pending");
    let reported = json!([{"side": "finnish", "winner": "soviet", "turns": 2}]);
    assert_eq!(b2["reported"], reported);
    assert!(
        b2["own_report"].is_null() && b2["report"].is_null(),
        "who won and when only: {b2}"
    );
    let finnish_view = play.view("finnish").await;
    let own_report = &battle_of(&finnish_view, 2)["own_report"];
    assert_eq!(own_report["casualties"], finnish_part["casualties"]);
    let soviet_part = json!({
        "winner": "soviet",
        "turns": 3,
        "casualties": [{"platoon": "sov-2", "element": "2nd Section", "role": "rifleman", "killed": 1, "wounded": 2}],
        "force_morale_end": [{"side": "soviet", "value": 6}],
        "support_used": ["sov-hmg", satchel],
        "prisoners": [{"taken_by": "soviet", "name": "Corporal Lehtonen"}]
    });
    let told = "all: The sides' reports of battle 2 disagree on the winner or the Turns: one side sends its report again, or the umpire records the result.";
    play.act("soviet", "POST battles/2/result", soviet_part.clone(), told)
        .await;
    let finnish_view = play.view("finnish").await;
    let b2 = battle_of(&finnish_view, 2);
    assert_eq!(b2["status"]["status"], "pending", "no agreement, no result");
    assert_eq!(b2["reported"].as_array().expect("reported").len(), 2);
    let refusal = "409 cannot_resolve: Battle 2 waits for its result";
    play.refused("umpire", "POST resolve", json!({}), refusal)
        .await;
    (molotov, satchel, soviet_part)
}

/// The Soviets send their report again with the Finns' Turns: the result is applied. Returns
/// both sides' views from before it.
pub(super) async fn both_sides_report_alike(
    play: &mut Play,
    mut soviet_part: Value,
) -> (Value, Value) {
    soviet_part["turns"] = json!(2);
    let soviet_before = play.view("soviet").await;
    let finnish_before = play.view("finnish").await;
    play.act("soviet", "POST battles/2/result", soviet_part, "
        all: Both sides report battle 2 alike: the Soviet side won after 2 Turn(s).
        finnish: 1st Platoon, 3rd Company lost from 3rd Section (rifleman): 1 killed, 0 wounded, 1 missing.
        soviet: 2nd Rifle Platoon lost from 2nd Section (rifleman): 1 killed, 2 wounded, 0 missing.
        soviet: 1st Rifle Platoon used 1 retained item(s) in battle 2.
        finnish: 1st Platoon, 3rd Company used 1 retained item(s) in battle 2.
        finnish: Our Force Morale at the end of battle 2: 2.
        soviet: Our Force Morale at the end of battle 2: 6.
        all: The Soviet side took 1 prisoner(s) in battle 2; they may be interrogated (R25).
        all: Battle 2 at C Woodcutters' Clearing: the Finnish attack failed after 2 Turn(s); both sides hold their ground and the initiative passes to the Soviet side.
        all: Battle 2 lasted fewer than three Turns: every platoon in it may take another action now (R2).
    ").await;
    for (side, secret) in [
        ("soviet", "2nd Rifle Platoon lost from"),
        ("soviet", "1st Rifle Platoon used"),
        ("finnish", "1st Platoon, 3rd Company used"),
        ("soviet", "Our Force Morale at the end of battle 2: 6."),
        ("finnish", "Our Force Morale at the end of battle 2: 2."),
    ] {
        play.keep(side, secret);
    }
    (soviet_before, finnish_before)
}

/// Each side's losses, retained items and report after battle 2, and the extra actions of a
/// short battle.
pub(super) async fn as_each_side_reads_it(
    play: &mut Play,
    (soviet_before, finnish_before): (Value, Value),
    molotov: &str,
    satchel: &str,
) {
    let soviet_view = play.view("soviet").await;
    let finnish_view = play.view("finnish").await;
    let before = men(
        platoon_of(&soviet_before, "sov-2"),
        "2nd Section",
        "rifleman",
    );
    assert_eq!(
        men(platoon_of(&soviet_view, "sov-2"), "2nd Section", "rifleman"),
        before - 3
    );
    let before = men(
        platoon_of(&finnish_before, "fin-1"),
        "3rd Section",
        "rifleman",
    );
    assert_eq!(
        men(
            platoon_of(&finnish_view, "fin-1"),
            "3rd Section",
            "rifleman"
        ),
        before - 2
    );
    assert!(
        retained_names(platoon_of(&soviet_view, "sov-1")).is_empty(),
        "charges used"
    );
    assert!(
        retained_names(platoon_of(&finnish_view, "fin-1")).is_empty(),
        "cocktails used"
    );
    for (view, side, platoons, used, value) in [
        (
            &soviet_view,
            "soviet",
            vec!["sov-1", "sov-2"],
            json!(["sov-hmg", satchel]),
            6,
        ),
        (
            &finnish_view,
            "finnish",
            vec!["fin-1"],
            json!(["fin-lahti", molotov]),
            2,
        ),
    ] {
        let b = battle_of(view, 2);
        let decided = json!({"status": "decided", "winner": "soviet", "turns": 2});
        assert_eq!(b["status"], decided);
        assert_eq!(
            view["campaign"]["initiative"], "soviet",
            "the failed attack passes it"
        );
        assert_eq!(
            b["report"]["support_used"], used,
            "{side} reads its own support used"
        );
        assert_eq!(
            b["report"]["casualties"]
                .as_array()
                .expect("casualties")
                .len(),
            1
        );
        assert_eq!(
            b["report"]["force_morale_end"],
            json!([{"side": side, "value": value}])
        );
        assert_eq!(b["reported"], json!([]), "the agreed reports are cleared");
        for p in platoons {
            let p = platoon_of(view, p);
            assert_eq!(p["extra_action_from"], 2, "fewer than three Turns: {p}");
            assert_eq!(p["step"], "C", "both hold their ground");
        }
    }
}
