//! Winter of No Surrender through the real server: the orders each side may give, the rules
//! that forbid them, barrages, extra actions and the order forms.

use super::client::{WonsTable, platoon_of};
use super::game::refused;
use crate::common::{error_code, error_message};
use reqwest::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn illegal_orders_are_422_naming_the_rule_and_change_nothing() {
    let c = WonsTable::new().await;
    let (status, body) = c
        .order(&c.finn, "fin-1", json!({"action": "build_bonfire"}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "illegal_order");
    assert!(error_message(&body).contains("R2"), "{body}");
    let (status, body) = c
        .order(
            &c.finn,
            "fin-1",
            json!({"action": "attack", "table": "red", "scenario": "probe"}),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "the Soviets hold the initiative: {body}"
    );
    assert!(error_message(&body).contains("initiative"), "{body}");
    let (status, body) = c.order(&c.finn, "sov-1", json!({"action": "defend"})).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "not your platoon: {body}"
    );
    let (status, _) = c.order(&c.finn, "fin-1", json!({"action": "fly"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, body) = c
        .order(&c.umpire, "fin-1", json!({"action": "defend"}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, _) = c.post(&c.soviet, "resolve", json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let finn = c.view(&c.finn).await;
    assert!(
        finn["platoons"]
            .as_array()
            .expect("platoons")
            .iter()
            .all(|p| p["order"].is_null())
    );
    // Another game's campaign has no WoNS routes.
    let other = c.app.campaign(&c.umpire, "talvisota").await;
    let (status, _) = c
        .app
        .get(
            &format!("/api/v1/campaigns/{other}/wons/view"),
            Some(&c.umpire),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn every_rule_that_forbids_an_order_answers_422_naming_it() {
    let c = WonsTable::contact().await;
    // Enemy on the step: no Rest, no Advance (R2), for either side.
    refused(&c, &c.soviet, "sov-1", json!({"action": "advance"}), "R2").await;
    refused(&c, &c.soviet, "sov-1", json!({"action": "rest"}), "R2").await;
    refused(&c, &c.finn, "fin-1", json!({"action": "rest"}), "R2").await;
    refused(&c, &c.finn, "fin-1", json!({"action": "advance"}), "R2").await;
    // Initiative for Attack (R2): the Soviets hold it, the Finns do not.
    refused(
        &c,
        &c.finn,
        "fin-1",
        json!({"action": "attack", "table": "red", "scenario": "probe"}),
        "initiative",
    )
    .await;
    let (status, body) = c
        .order(
            &c.soviet,
            "sov-1",
            json!({"action": "attack", "table": "red"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Side-only actions (R2).
    refused(
        &c,
        &c.finn,
        "fin-2",
        json!({"action": "build_bonfire"}),
        "R2",
    )
    .await;
    refused(&c, &c.finn, "fin-2", json!({"action": "reorganize"}), "R2").await;
    refused(
        &c,
        &c.soviet,
        "sov-3",
        json!({"action": "adjust_roadblock", "build": true}),
        "R2",
    )
    .await;
    // Rest in a building needs an intact building on the step.
    let view = c.view(&c.umpire).await;
    let steps = view["state"]["ladder"].as_array().expect("ladder");
    let b_has_building = steps
        .get(1)
        .is_some_and(|s| !s["buildings"].as_array().is_none_or(|b| b.is_empty()));
    if !b_has_building {
        refused(
            &c,
            &c.soviet,
            "sov-3",
            json!({"action": "rest", "in_building": true}),
            "R2",
        )
        .await;
    }
    // Stack rules: a stack moves as one; a reorganization keeps to the size limits (R2 Reorganize).
    let (status, body) = c
        .put(
            &c.soviet,
            "reorganization",
            json!({"stacks": [{"id": "big", "platoons": ["sov-3", "sov-4", "sov-5", "sov-6"]}, {"id": "vanguard", "platoons": ["sov-1", "sov-2"]}]}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_message(&body).contains("R2"), "{body}");
    let (status, _) = c
        .put(&c.finn, "reorganization", json!({"stacks": null}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "only the Soviets reorganize");
    c.order(&c.soviet, "sov-3", json!({"action": "advance"}))
        .await;
    c.order(&c.soviet, "sov-4", json!({"action": "defend"}))
        .await;
    let (status, body) = c.ready(&c.soviet).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "a split stack is refused: {body}"
    );
    assert!(error_message(&body).contains("R2"), "{body}");
    // The own-orders call shows what was accepted, and nothing was marked ready.
    let orders = c.read(&c.soviet, "orders").await;
    assert_eq!(orders["ready"], false);
    assert_eq!(orders["orders"]["sov-1"]["action"], "attack");
}

#[tokio::test]
async fn barrages_check_their_requirements_and_are_rolled_by_the_server() {
    let c = WonsTable::contact().await;
    c.open_battle_at_c().await;
    let battle = c.view(&c.soviet).await["battles"][0]["id"]
        .as_u64()
        .expect("a battle opened");
    let path = format!("battles/{battle}/barrages");
    // The Soviets met the Finns at C this very Hour: too fresh for R23.1.
    let (status, body) = c
        .post(
            &c.soviet,
            &path,
            json!({"barrage": "soviet-two-82mm-mortars", "targets": ["1st Section"]}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(error_message(&body).contains("four Hours"), "{body}");
    let (status, body) = c
        .post(
            &c.finn,
            &path,
            json!({"barrage": "finnish-one-81mm-mortar", "targets": ["vanguard"]}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(error_message(&body).contains("forward observer"), "{body}");
    let code = "finnish-two-81mm-mortars";
    let call = json!({"barrage": code, "targets": ["vanguard", "MG team"], "observer": true});
    let (status, body) = c.post(&c.finn, &path, call.clone()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        error_message(&body).contains("bought with support points"),
        "{body}"
    );
    // The umpire gives the Finns four points; they buy the mortars (List 4) for the 1st Platoon.
    let (status, body) = c
        .put(
            &c.umpire,
            &format!("battles/{battle}/support-points"),
            json!({"side": "finnish", "points": 4}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = c
        .put(
            &c.finn,
            &format!("battles/{battle}/support"),
            json!({"purchases": [{"item": "fin-mortar", "platoon": "fin-1"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, view) = c.post(&c.finn, &path, call).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(
        view["battles"][0]["own_barrages"]
            .as_array()
            .expect("barrages")
            .len(),
        1
    );
    let soviet = c.view(&c.soviet).await;
    assert_eq!(
        soviet["battles"][0]["own_barrages"],
        json!([]),
        "the Soviets get no Finnish barrage record"
    );
    assert!(c.rolls(&c.umpire).await.iter().any(|r| {
        r["purpose"]
            .as_str()
            .is_some_and(|p| p.contains("availability") && p.contains("R23.1"))
    }));
    let (status, _) = c
        .post(
            &c.umpire,
            &path,
            json!({"barrage": code, "targets": ["x"], "observer": true}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_platoon_of_a_short_battle_takes_its_extra_action() {
    let c = WonsTable::contact().await;
    c.open_battle_at_c().await;
    let (status, body) = c.result(1, json!({"winner": "finnish", "turns": 2})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        platoon_of(&c.view(&c.finn).await, "fin-1")["extra_action_from"],
        1
    );
    let path = "extra-actions/fin-1";
    let dig = json!({"action": "consolidate_defenses"});
    let (status, _) = c.post(&c.umpire, path, dig.clone()).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "the umpire gives no orders");
    let (status, body) = c.post(&c.soviet, path, dig.clone()).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "not theirs: {body}"
    );
    let (status, view) = c.post(&c.finn, path, dig.clone()).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert!(
        platoon_of(&view, "fin-1")["extra_action_from"].is_null(),
        "taken"
    );
    let (status, body) = c.post(&c.finn, path, dig).await;
    assert_eq!(status, StatusCode::CONFLICT, "only once: {body}");
    assert!(error_code(&body) == "orders_closed");
    let events = c.events(&c.finn).await;
    assert!(
        events.to_string().contains("consolidat"),
        "the extra action was carried out: {events}"
    );
}

#[tokio::test]
async fn a_side_orders_all_its_platoons_in_one_form_and_a_refusal_keeps_what_was_typed() {
    let c = WonsTable::new().await;
    let soviet = c.app.signed_in("soviet", "Soviet browser").await;
    let post = |form: Vec<(&'static str, &'static str)>| {
        soviet
            .post(format!("{}/campaigns/{}/wons/orders", c.app.url, c.id))
            .form(&form)
            .send()
    };
    let orders = |view: &Value| {
        ["sov-1", "sov-2", "sov-3"].map(|id| platoon_of(view, id)["order"]["action"].clone())
    };
    // Stack-mates split between Advance and Defend: refused beside the stack's first platoon,
    // every choice kept as typed, nothing given.
    let res = post(vec![
        ("action.sov-1", "advance"),
        ("action.sov-2", "defend"),
        ("action.sov-3", "rest"),
    ])
    .await
    .expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.expect("html");
    let card = |id: &str| {
        let start = page
            .find(&format!("id=\"platoon-{id}\""))
            .expect("the card");
        let end = page[start..].find("</article>").expect("its end");
        page[start..start + end].to_owned()
    };
    assert!(
        card("sov-1").contains("order-error-sov-1") && card("sov-1").contains("together"),
        "the refusal stands beside the stack's fields: {}",
        card("sov-1")
    );
    assert!(card("sov-1").contains("value=\"advance\" selected"));
    assert!(card("sov-2").contains("value=\"defend\" selected"));
    assert!(card("sov-3").contains("value=\"rest\" selected"));
    assert!(!page.contains("class=\"alert\""), "not at the page's top");
    assert_eq!(
        orders(&c.view(&c.soviet).await),
        [Value::Null, Value::Null, Value::Null]
    );

    // One platoon's own fields are wrong: the refusal names it, the others keep their choices.
    let res = post(vec![
        ("action.sov-1", "advance"),
        ("action.sov-2", "advance"),
        ("action.sov-3", "attack"),
    ])
    .await
    .expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.expect("html");
    assert!(page.contains("order-error-sov-3"), "{page}");
    assert_eq!(page.matches("value=\"advance\" selected").count(), 2);

    // The whole stack moves in one go; platoons left at "Choose…" keep no order.
    let res = post(vec![
        ("action.sov-1", "advance"),
        ("action.sov-2", "advance"),
        ("action.sov-3", ""),
    ])
    .await
    .expect("posts");
    assert!(res.status().is_redirection(), "{}", res.status());
    assert_eq!(
        res.headers().get("location").and_then(|l| l.to_str().ok()),
        Some(format!("/campaigns/{}/wons#orders-form", c.id).as_str())
    );
    assert_eq!(
        orders(&c.view(&c.soviet).await),
        [json!("advance"), json!("advance"), Value::Null]
    );
    // Nothing chosen at all is refused in words; the umpire gives no orders.
    let res = post(vec![("action.sov-3", "")]).await.expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        res.text()
            .await
            .expect("html")
            .contains("at least one platoon")
    );
    let umpire = c.app.signed_in("umpire", "Umpire's browser").await;
    let res = umpire
        .post(format!("{}/campaigns/{}/wons/orders", c.app.url, c.id))
        .form(&[("action.sov-1", "defend")])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::FORBIDDEN);

    // The API gives the same batch: the stack changes its move together.
    let (status, body) = c
        .put(
            &c.soviet,
            "orders",
            json!([
                { "platoon": "sov-1", "order": { "action": "defend" } },
                { "platoon": "sov-2", "order": { "action": "defend" } },
            ]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        orders(&c.view(&c.soviet).await),
        [json!("defend"), json!("defend"), Value::Null]
    );
}

/// The stack reorganization form lists each stack's platoons by name and reads names back: the
/// plan the API keeps holds the platoons' ids, in the order written.
#[tokio::test]
async fn the_reorganization_form_speaks_of_platoons_by_name() {
    let c = WonsTable::new().await;
    let view = c.view(&c.soviet).await;
    let name = |id: &str| {
        platoon_of(&view, id)["name"]
            .as_str()
            .expect("a name")
            .to_owned()
    };
    let browser = c.app.signed_in("soviet", "Soviet browser").await;
    let page = c
        .app
        .html(&browser, &format!("/campaigns/{}/wons", c.id))
        .await;
    let vanguard = format!("vanguard: {}, {}", name("sov-1"), name("sov-2"));
    let form = page
        .split("<textarea id=\"stacks\"")
        .nth(1)
        .and_then(|t| t.split("</textarea>").next())
        .expect("the reorganization form");
    assert!(form.contains(&vanguard), "{form}");
    assert!(
        !form.contains("sov-"),
        "no platoon's id in the form: {form}"
    );

    // The vanguard's platoons change places; a name holding a comma is read whole, and an id
    // is still understood.
    let stacks = format!(
        "vanguard: {}, {}\nmain-body: {}, sov-4\nrearguard: {}, {}",
        name("sov-2"),
        name("sov-1"),
        name("sov-3"),
        name("sov-5"),
        name("sov-6")
    );
    let res = browser
        .post(format!(
            "{}/campaigns/{}/wons/reorganization",
            c.app.url, c.id
        ))
        .form(&[("stacks", stacks.as_str())])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let plan = &c.view(&c.soviet).await["orders"]["reorganization"];
    assert_eq!(
        plan[0],
        json!({"id": "vanguard", "platoons": ["sov-2", "sov-1"]}),
        "{plan}"
    );
    assert_eq!(plan[1]["platoons"], json!(["sov-3", "sov-4"]), "{plan}");

    // A platoon no one has is refused by what was written.
    let res = browser
        .post(format!(
            "{}/campaigns/{}/wons/reorganization",
            c.app.url, c.id
        ))
        .form(&[("stacks", "vanguard: Nobody's Platoon")])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.expect("html");
    assert!(page.contains("Nobody"), "{page}");
}
