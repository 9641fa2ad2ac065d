//! Winter War's fog of war against a player who tries everything (24.2, 7.3): one side plays a
//! whole game turn against a hidden enemy force, trying every action in every phase, and reads
//! every answer, refusal, page, log entry, roll and its live stream; the enemy units on a display
//! and the face-down stack nobody fights are never named, nor are their values or ids. The unit
//! inside the viewer's own country is seen in full, and the stack it attacks once the combat is
//! declared, as the rules say.

use super::client::DeskTable;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::time::Duration;

/// Every result is a defender eliminated at once, so no result is owed between phases.
const CRT: &str = "roll,≤49%,50-99%,100-199%,≥200%
1,DE,DE,DE,DE
2,DE,DE,DE,DE
3,DE,DE,DE,DE
4,DE,DE,DE,DE
5,DE,DE,DE,DE
6,DE,DE,DE,DE";

/// No event on any roll: nothing but a combat reveals a stack.
const NO_EVENTS: &str = "roll,1-10
1,-
2,-
3,-
4,-
5,-
6,-";

/// Every tactical air attack suppresses: the stack's Suppressed marker is the one thing it shows.
const AIR: &str = "roll,Soviet tactical,Soviet communication,Finnish tactical,Volunteer tactical
1,DS,-,DS,DS
2,DS,-,DS,DS
3,DS,-,DS,DS
4,DS,-,DS,DS
5,DS,-,DS,DS
6,DS,-,DS,DS";

/// One side's seat at the table.
struct Seat {
    token: String,
    user: &'static str,
    side: &'static str,
    home: &'static str,
    staging: &'static str,
}

/// Plays game turn 1 with `viewer` trying everything against the hidden `enemy`.
async fn leak_test(finnish_viewer: bool) {
    let t = DeskTable::new("winter_war", Some(json!({"fog_of_war": true}))).await;
    let finn = Seat {
        token: t.finn.clone(),
        user: "finn",
        side: "finnish",
        home: "1123",
        staging: "Finnish Air Staging Display",
    };
    let soviet = Seat {
        token: t.soviet.clone(),
        user: "soviet",
        side: "soviet",
        home: "1840",
        staging: "Soviet Air & Naval Staging Display",
    };
    let (viewer, enemy) = if finnish_viewer {
        (finn, soviet)
    } else {
        (soviet, finn)
    };
    t.chart("crt", CRT).await;
    t.chart("finnish_events", NO_EVENTS).await;
    t.chart("soviet_events", NO_EVENTS).await;
    t.chart("air_attack", AIR).await;
    t.act(
        &t.umpire,
        "enter-countries",
        json!({"finland": ["1123"], "soviet_union": ["1840"]}),
    )
    .await;
    let header = "side,name,type,location,af,df,mf,size,flag";
    let own = t
        .units(
            &viewer.token,
            &format!(
                "{header}\n{s},Own Guard,infantry,2021,6,6,2,XX,x\n{s},Own Wing,air,{},0,0,0,,x",
                viewer.staging,
                s = viewer.side,
            ),
        )
        .await;
    let own_id = DeskTable::unit_id(&own, "Own Guard");
    let own_air = DeskTable::unit_id(&own, "Own Wing");
    let e = enemy.side;
    let hidden = t
        .units(
            &enemy.token,
            &format!(
                "{header}
{e},Revealable Rifle,infantry,2020,6,4,2,XX,x
{e},Secret Reserve,infantry,track:GT5,17,13,11,XX,x
{e},Phantom Corps,infantry,2525,17,13,11,XXX,x
{e},Border Guard,infantry,{},6,4,2,XX,x
{e},Shadow Squadron,air,{},0,0,0,,x",
                viewer.home, enemy.staging
            ),
        )
        .await;
    let phantom = DeskTable::unit_id(&hidden, "Phantom Corps");
    let reserve = DeskTable::unit_id(&hidden, "Secret Reserve");
    let revealable = DeskTable::unit_id(&hidden, "Revealable Rifle");
    let shadow = DeskTable::unit_id(&hidden, "Shadow Squadron");

    let mut stream = t
        .app
        .api()
        .get(format!("{}/campaigns/{}/live", t.app.url, t.id))
        .bearer_auth(&viewer.token)
        .send()
        .await
        .expect("opens");
    assert_eq!(stream.status(), StatusCode::OK);

    let mut seen = String::new();
    // A probe naming a hidden unit must be answered exactly as one naming no unit at all; the
    // caller's own words (the id it sent) are then left out of what it read.
    let hidden_ids = [phantom.clone(), reserve.clone(), shadow.clone()];
    let nobody = "0123456789abcdef0123456789abcdef";
    let try_it = |tail: String, method: Method, body: Value| {
        let t = &t;
        let token = viewer.token.clone();
        let hidden_ids = hidden_ids.clone();
        async move {
            let swap = |text: &str, to: &str| {
                hidden_ids
                    .iter()
                    .fold(text.to_string(), |acc, id| acc.replace(id.as_str(), to))
            };
            let names_hidden = hidden_ids
                .iter()
                .any(|id| tail.contains(id.as_str()) || body.to_string().contains(id.as_str()));
            let (status, answer) = t.call(&token, method.clone(), &tail, body.clone()).await;
            let answer = swap(&answer.to_string(), "X");
            if names_hidden {
                let other: Value =
                    serde_json::from_str(&swap(&body.to_string(), nobody)).expect("json");
                let (status2, answer2) = t.call(&token, method, &swap(&tail, nobody), other).await;
                assert_eq!(
                    (status, answer.clone()),
                    (status2, answer2.to_string().replace(nobody, "X")),
                    "{tail}: a hidden unit is answered as no unit"
                );
            }
            format!("{status} {answer}\n")
        }
    };
    let mut revealed_by_combat = false;
    for _ in 0..30 {
        let view = t.table(&t.umpire).await;
        if view["turn"] != 1 {
            break;
        }
        let phase = view["phase"].as_str().unwrap_or_default().to_string();
        let far = json!({"attackers": [own_id], "hex": "2525"});
        let grab = if finnish_viewer {
            json!({"finland": ["1123", "2525"], "soviet_union": ["1840"]})
        } else {
            json!({"finland": ["1123"], "soviet_union": ["1840", "2525"]})
        };
        let tries = [
            ("actions/declare-combat", far.clone()),
            ("actions/resolve-combat", far.clone()),
            (
                "actions/declare-combat",
                json!({"attackers": [phantom], "hex": "2021"}),
            ),
            (
                "actions/resolve-combat",
                json!({"attackers": [own_id], "hex": "2525", "overrides": [{"unit": phantom, "attribute": "df", "value": 1, "reason": "probe"}]}),
            ),
            (
                "actions/radio-intelligence",
                json!({"hexes": ["2525", "2020"]}),
            ),
            ("actions/roll-events", json!({})),
            (
                "actions/record-event",
                json!({"event": "radio_intelligence"}),
            ),
            ("actions/take-result", json!({})),
            (
                "actions/take-result",
                json!({"retreats": {phantom.clone(): "2526"}}),
            ),
            // An air attack on the hidden stack shows its Suppressed marker, nothing more (12.1).
            (
                "actions/fly-mission",
                json!({"air_unit": own_air, "hex": "2525"}),
            ),
            (
                "actions/fly-mission",
                json!({"air_unit": shadow, "hex": "2021"}),
            ),
            ("actions/naval-gunfire", json!({"hex": "2525"})),
            (
                "actions/amphibious-landing",
                json!({"unit": phantom, "to": "2526"}),
            ),
            (
                "actions/paratroop-drop",
                json!({"unit": phantom, "to": "2526"}),
            ),
            ("actions/allied-intervention", json!({"units": [phantom]})),
            // One side alone cannot make the hidden stack's hex its own country.
            ("actions/enter-countries", grab.clone()),
            (
                "procedures/random-events",
                json!({"side": viewer.side, "turn": 1}),
            ),
        ];
        for (tail, body) in tries {
            seen.push_str(&try_it(tail.to_string(), Method::POST, body).await);
        }
        for (tail, method, body) in [
            (
                format!("units/{phantom}"),
                Method::PATCH,
                json!({"location": "2526"}),
            ),
            (
                format!("units/{reserve}/markers"),
                Method::POST,
                json!({"marker": "suppressed", "on": true}),
            ),
            (
                format!("units/{phantom}/remove"),
                Method::POST,
                json!({"reason": "probe"}),
            ),
        ] {
            seen.push_str(&try_it(tail, method, body).await);
        }
        // In its own Combat Phase the viewer attacks the stack next to it: declared, then fought.
        let own_combat = if finnish_viewer {
            "Finnish Combat Phase"
        } else {
            "Soviet Combat Phase"
        };
        if phase == own_combat {
            let near = json!({"attackers": [own_id], "hex": "2020"});
            let declared = t.act(&viewer.token, "declare-combat", near.clone()).await;
            seen.push_str(&declared.to_string());
            let (status, refused) = t
                .call(&t.umpire, Method::POST, "table/advance", json!({}))
                .await;
            assert_eq!(
                status,
                StatusCode::CONFLICT,
                "declared, not fought: {refused}"
            );
            seen.push_str(
                &t.act(&viewer.token, "resolve-combat", near)
                    .await
                    .to_string(),
            );
            revealed_by_combat = true;
        }
        // The enemy rolls its own events in its segment.
        let enemy_events = if finnish_viewer {
            "Soviet Random Event Segment"
        } else {
            "Finnish Event Segment"
        };
        if phase == enemy_events {
            t.act(&enemy.token, "roll-events", json!({})).await;
        }
        t.advance(&t.umpire).await;
    }
    assert!(revealed_by_combat, "the viewer's Combat Phase came");

    seen.push_str(&t.everything_seen(&viewer.token).await);
    let browser = t.app.signed_in(viewer.user, "fog leak test").await;
    for page in ["table", "table/rules", "table/events", ""] {
        let path = if page.is_empty() {
            format!("/campaigns/{}", t.id)
        } else {
            format!("/campaigns/{}/{page}", t.id)
        };
        seen.push_str(&t.app.html(&browser, &path).await);
    }
    let mut heard = 0;
    while let Ok(Ok(Some(chunk))) =
        tokio::time::timeout(Duration::from_millis(300), stream.chunk()).await
    {
        heard += 1;
        seen.push_str(&String::from_utf8_lossy(&chunk));
    }
    assert!(heard > 0, "the stream spoke of the viewer's own changes");

    for secret in [
        "Secret Reserve",
        "Phantom Corps",
        "Shadow Squadron",
        "track:GT5",
        shadow.as_str(),
        phantom.as_str(),
        reserve.as_str(),
        "\"af\":17",
        "\"df\":13",
        "\"mf\":11",
        "17-13-11",
    ] {
        assert!(
            !seen.contains(secret),
            "the {} player can read {secret}",
            viewer.side
        );
    }
    assert!(
        seen.contains("are suppressed (12.1.1)"),
        "the viewer's air unit flew at the hidden stack"
    );
    // What the rules reveal: the unit inside the viewer's own country, and the one it attacked.
    assert!(seen.contains("Border Guard"), "24.2 item 1 or 2");
    assert!(
        seen.contains("Revealable Rifle") && seen.contains(revealable.as_str()),
        "24.2 item 3"
    );
}

#[tokio::test]
async fn the_finns_learn_nothing_hidden_of_a_soviet_force_by_trying_everything() {
    leak_test(true).await;
}

#[tokio::test]
async fn the_soviets_learn_nothing_hidden_of_a_finnish_force_by_trying_everything() {
    leak_test(false).await;
}
