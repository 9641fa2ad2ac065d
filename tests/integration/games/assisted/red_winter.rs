//! A short Red Winter game through the API with a complete entered chart set: two day turns and
//! a night turn, a combat with an override, losses taken by their owners, a ranged attack, a
//! Night Raid, checked event by event. The charts are entered so that every roll of a column
//! gives the same result, which makes the outcome certain whatever the dice.

use super::client::DeskTable;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

/// Day, day, night; ammo and replacement points on turn 1.
const TURN_TRACK: &str =
    "turn,label,night,los,soviet_ammo,finnish_ammo,soviet_rp,finnish_rp,morale,armor_vp
1,Dec 8 0800,day,6,2,1,1,1,,0
2,Dec 8 1200,day,6,1,1,0,0,finnish,0
3,Dec 8 night,night,,0,0,0,0,,0";

fn every_row(low: i32, high: i32, columns: &str, cell: &str) -> String {
    let width = columns.split(',').count();
    let mut csv = format!("roll,{columns}");
    for row in low..=high {
        csv.push_str(&format!("\n{row},{}", vec![cell; width].join(",")));
    }
    csv
}

/// Ends phases as the umpire until the table shows `phase` on turn `turn`.
pub async fn advance_to(t: &DeskTable, turn: u64, phase: &str) -> Value {
    for _ in 0..40 {
        let view = t.table(&t.umpire).await;
        if view["turn"] == turn && view["phase"] == phase {
            return view;
        }
        t.advance(&t.umpire).await;
    }
    panic!("never reached turn {turn}, {phase}");
}

fn id(view: &Value, name: &str) -> String {
    DeskTable::unit_id(view, name)
}

#[tokio::test]
async fn two_day_turns_and_a_night_raid_with_entered_charts() {
    let t = DeskTable::new("red_winter", None).await;
    // The charts, entered once by the umpire.
    let view = t.chart("turn_track", TURN_TRACK).await;
    assert_eq!(
        view["moment"], "Dec 8 0800, First Player Reset Phase",
        "the Turn Track names the turns"
    );
    t.chart(
        "crt",
        &every_row(2, 12, "1:4,1:3,1:2,1:1,2:1,3:1,4:1,5:1,6:1", "1/1"),
    )
    .await;
    t.chart("rat", &every_row(1, 29, "result", "S")).await;
    t.chart("fnrt", &every_row(-5, 12, "result", "1R")).await;
    // The units, each side its own.
    let finns = "side,name,type,location,markers,cs,ma,steps,ras,indirect
finnish,1/JR16,infantry,0814,dug_in,4,4,2,,
finnish,2/JR16,infantry,0614,,4,4,2,,
finnish,Mortar/JR16,mortar,0714,,0,3,1,3,1";
    let soviets = "side,name,type,location,cs,ma,steps
soviet,1/609,infantry,0815,6,4,2
soviet,2/609,infantry,0915,6,4,2
soviet,3/609,infantry,0610,6,4,2";
    let finn_view = t.units(&t.finn, finns).await;
    let soviet_view = t.units(&t.soviet, soviets).await;
    let all = t.table(&t.umpire).await;
    assert_eq!(all["units"].as_array().expect("units").len(), 6);
    // Red Winter hides nothing: each side sees every enemy unit (6.0).
    assert_eq!(
        t.table(&t.finn).await["enemy_units"]
            .as_array()
            .expect("enemy")
            .len(),
        3
    );

    // Turn 1: the Soviet reset phase came before the Turn Track was entered, so only the
    // Finns' ammo of turn 1 is counted, at their reset phase.
    let view = advance_to(&t, 1, "First Player Combat Phase").await;
    assert_eq!(
        view["records"]["ammo"],
        json!([0, 0]),
        "{}",
        view["records"]
    );
    // A combat outside the combat phase's attacker order: the Finns cannot attack now? They
    // can be refused for the phase only in action phases; here the Soviets attack.
    let combat = json!({
        "fight": "combat",
        "attackers": [{"hex": "0815", "units": [id(&soviet_view, "1/609")]}],
        "hex": "0814",
        "defenders": [id(&finn_view, "1/JR16")],
        "shifts": {"fight": "combat", "attacker": "soviet"},
        "overrides": [{"unit": id(&soviet_view, "1/609"), "attribute": "cs", "value": 5,
                       "reason": "one platoon froze on the start line"}]
    });
    let answer = t.act(&t.soviet, "resolve-combat", combat.clone()).await;
    let steps = answer["steps"].as_array().expect("steps");
    assert!(
        steps.iter().any(|s| s
            .as_str()
            .is_some_and(|s| s.contains("one platoon froze on the start line"))),
        "{answer}"
    );
    assert!(
        steps
            .iter()
            .any(|s| s.as_str().is_some_and(|s| s.contains("Dug-In"))),
        "the defender's Dug-In marker shifts the column: {answer}"
    );
    assert_eq!(answer["result"]["attacker_losses"], 1);
    assert_eq!(answer["result"]["defender_losses"], 1);
    assert_eq!(answer["charts"], json!([{"chart": "crt", "version": 1}]));
    // A second combat before the losses are taken is refused, and so is the attacker taking
    // its losses before the defender.
    let (status, body) = t
        .call(&t.soviet, Method::POST, "actions/resolve-combat", combat)
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    // Both sides owe their losses (8.5): the view and the table page say so, and not even the
    // umpire ends the phase before they are taken.
    let owed = json!([
        "The Finnish side owes 1 step from the last Combat, as the defender (8.5)",
        "The Soviet side owes 1 step from the last Combat, as the attacker (8.5)"
    ]);
    assert_eq!(t.table(&t.soviet).await["owed"], owed);
    assert_eq!(t.table(&t.finn).await["owed"], owed);
    let (status, body) = t
        .call(&t.umpire, Method::POST, "table/advance", json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("The Finnish side owes 1 step")),
        "{body}"
    );
    let browser = t.app.signed_in("finn", "losses owed").await;
    let page = t
        .app
        .html(&browser, &format!("/campaigns/{}/table", t.id))
        .await;
    assert!(
        page.contains("Losses owed")
            && page.contains("The Soviet side owes 1 step from the last Combat"),
        "{page}"
    );
    let (status, body) = t
        .call(
            &t.soviet,
            Method::POST,
            "actions/take-losses",
            json!({"steps": [id(&soviet_view, "1/609")]}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    t.act(
        &t.finn,
        "take-losses",
        json!({"steps": [id(&finn_view, "1/JR16")]}),
    )
    .await;
    t.act(
        &t.soviet,
        "take-losses",
        json!({"steps": [id(&soviet_view, "1/609")]}),
    )
    .await;
    let after = t.table(&t.umpire).await;
    let steps_of = |name: &str| {
        after["units"]
            .as_array()
            .expect("units")
            .iter()
            .find(|u| u["name"] == name)
            .expect("unit")["attributes"]["steps"]
            .clone()
    };
    assert_eq!(steps_of("1/JR16"), json!(1));
    assert_eq!(steps_of("1/609"), json!(1));
    assert_eq!(after["owed"], json!([]), "taking them paid them");
    // The CRT roll in the dice log records the chart version and the whole answer.
    let rolls = t.rolls(&t.finn).await;
    let crt = rolls
        .iter()
        .find(|r| {
            r["purpose"]
                .as_str()
                .is_some_and(|p| p.contains("Combat against 0814"))
        })
        .expect("the CRT roll");
    assert_eq!(
        crt["result"]["charts"],
        json!([{"chart": "crt", "version": 1}]),
        "{crt}"
    );
    assert!(crt["result"]["answer"]["steps"].is_array(), "{crt}");

    // A calculation stores nothing; a procedure reading an entered chart is a roll of the dice
    // tray whose result names the chart version.
    let calc = t
        .calculate(
            &t.finn,
            "combat-column",
            json!({"attack": 13, "defence": 6}),
        )
        .await;
    assert_eq!(calc["result"], "2:1", "{calc}");
    let roll = t
        .procedure(
            &t.finn,
            "ranged-attack",
            json!({"firer": "Mortar/JR16", "side": "finnish", "ras": 3}),
        )
        .await;
    assert_eq!(
        roll["result"]["charts"],
        json!([{"chart": "rat", "version": 1}]),
        "{roll}"
    );
    assert_eq!(
        roll["result"]["answer"]["result"]["suppressed"], true,
        "{roll}"
    );
    let (status, body) = t
        .app
        .post(
            &format!("/api/v1/campaigns/{}/procedures/ranged-attack", t.id),
            Some(&t.soviet),
            json!({"firer": "Mortar/JR16", "side": "finnish", "ras": 3}),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "not the Soviets' to roll: {body}"
    );

    // The Finns' combat phase: the mortar fires at 2/609 and the RAT suppresses it.
    advance_to(&t, 1, "Second Player Combat Phase").await;
    let fire = json!({"firer": id(&finn_view, "Mortar/JR16"), "hex": "0915", "targets": [id(&soviet_view, "2/609")],
                      "spotting": "mortar_self"});
    let answer = t.act(&t.finn, "resolve-ranged-attack", fire.clone()).await;
    assert_eq!(answer["result"]["suppressed"], true, "{answer}");
    let soviet_now = t.table(&t.soviet).await;
    let two = soviet_now["units"]
        .as_array()
        .expect("units")
        .iter()
        .find(|u| u["name"] == "2/609")
        .expect("2/609")
        .clone();
    assert!(
        two["markers"]
            .as_array()
            .expect("markers")
            .iter()
            .any(|m| m == "suppressed"),
        "{two}"
    );
    let (status, body) = t
        .call(&t.finn, Method::POST, "actions/resolve-ranged-attack", fire)
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "a unit fires once: {body}"
    );
    // The end of the combat phase removes the Suppressed markers.
    t.advance(&t.finn).await;
    let soviet_now = t.table(&t.soviet).await;
    assert!(
        soviet_now["units"]
            .as_array()
            .expect("units")
            .iter()
            .all(|u| !u["markers"]
                .as_array()
                .expect("m")
                .iter()
                .any(|m| m == "suppressed"))
    );

    let view = advance_to(&t, 2, "Second Player Action Phase").await;
    assert_eq!(
        view["records"]["ammo"],
        json!([1, 2]),
        "{}",
        view["records"]
    );
    // Turn 3 is a night turn, and the Finns raid in their action phase.
    let night = advance_to(&t, 3, "Second Player Action Phase").await;
    assert!(
        night["moment"]
            .as_str()
            .expect("moment")
            .starts_with("Dec 8 night"),
        "{night}"
    );
    let raid = json!({"raiders": [id(&finn_view, "2/JR16")], "hex": "0610", "defenders": [id(&soviet_view, "3/609")]});
    let (status, body) = t
        .call(&t.soviet, Method::POST, "actions/night-raid", raid.clone())
        .await;
    // The raid is given by the phasing side (16.4): the Soviets are refused before anything else.
    assert_eq!(status, StatusCode::CONFLICT, "only the Finns raid: {body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Only the Finnish player gives")),
        "{body}"
    );
    let answer = t.act(&t.finn, "night-raid", raid.clone()).await;
    assert_eq!(
        answer["result"]["finding"],
        json!({"found": "found", "shift": 1}),
        "{answer}"
    );
    assert_eq!(answer["result"]["defender_losses"], 1);
    let (status, body) = t
        .call(&t.finn, Method::POST, "actions/night-raid", raid)
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "one raid a night: {body}");
    // Night raid losses are steps only.
    let (status, body) = t
        .call(
            &t.soviet,
            Method::POST,
            "actions/take-losses",
            json!({"retreat": 1, "retreat_to": "0510"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");

    // The log, as the Finns read it: every resolution, and none of the Soviets' own roster
    // changes.
    let log = t
        .expect(
            &t.finn,
            Method::GET,
            "table/events?limit=500",
            Value::Null,
            StatusCode::OK,
        )
        .await;
    let log = log.as_array().expect("log");
    let ran: Vec<&Value> = log.iter().filter(|e| e["kind"] == "ran").collect();
    assert_eq!(
        ran.len(),
        6,
        "the combat, two sides' losses, the procedure, the fire and the raid"
    );
    assert!(
        log.iter().all(|e| !e["sentence"]
            .as_str()
            .unwrap_or("")
            .contains("3/609 (infantry) added")),
        "the Soviets' roster entries are theirs"
    );
    assert!(log.iter().any(|e| e["kind"] == "chart_entered"));
}
