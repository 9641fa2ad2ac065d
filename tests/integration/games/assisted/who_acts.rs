//! Who may act, and when, through the table API: a side changes its own units only as the phase
//! allows (Red Winter 3.0: a unit acts in its own Action Phase), each refusal a sentence that
//! changes nothing, and the umpire's change out of phase a correction both sides read.

use crate::games::assisted::client::DeskTable;
use crate::games::assisted::table::unit_csv;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

/// Every log line the holder of `token` reads.
async fn log(t: &DeskTable, token: &str) -> Vec<Value> {
    t.expect(
        token,
        Method::GET,
        "table/events?limit=500",
        Value::Null,
        StatusCode::OK,
    )
    .await
    .as_array()
    .expect("log")
    .clone()
}

#[tokio::test]
async fn a_side_changes_its_units_only_as_its_phase_allows_rule_3_0() {
    let t = DeskTable::new("red_winter", None).await;
    let view = t.table(&t.umpire).await;
    let (header, finn) = unit_csv(&view, "finnish", "2/JR16", "0412");
    let (_, soviet) = unit_csv(&view, "soviet", "1/609", "0815");
    // Setting up before the first phase is played is each side's own business.
    let finns = t.units(&t.finn, &format!("{header}\n{finn}\n")).await;
    let soviets = t.units(&t.soviet, &format!("{header}\n{soviet}\n")).await;
    let finn_id = DeskTable::unit_id(&finns, "2/JR16");
    let soviet_id = DeskTable::unit_id(&soviets, "1/609");
    // The umpire ends the reset phase: the first player's Action Phase (3.0 II).
    let now = t.advance(&t.umpire).await;
    assert_eq!(now["phase"], "First Player Action Phase", "{now}");
    let first = now["waiting_for"][0].as_str().expect("first player");
    let ((mover, mover_id), (waiter, waiter_id, waiter_side)) = if first == "soviet" {
        ((&t.soviet, &soviet_id), (&t.finn, &finn_id, "finnish"))
    } else {
        ((&t.finn, &finn_id), (&t.soviet, &soviet_id, "soviet"))
    };
    let before = t.table(&t.umpire).await;
    let (_, another) = unit_csv(&view, waiter_side, "Reserve", "0101");
    let tries = [
        (
            "a move",
            Method::PATCH,
            format!("units/{waiter_id}"),
            json!({"location": "0505"}),
            StatusCode::CONFLICT,
        ),
        (
            "a rename",
            Method::PATCH,
            format!("units/{waiter_id}"),
            json!({"name": "Guards"}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "a Dug-In marker",
            Method::POST,
            format!("units/{waiter_id}/markers"),
            json!({"marker": "dug_in", "on": true}),
            StatusCode::CONFLICT,
        ),
        (
            "a removal",
            Method::POST,
            format!("units/{waiter_id}/remove"),
            json!({"reason": "gone"}),
            StatusCode::CONFLICT,
        ),
        (
            "a unit added",
            Method::POST,
            "units/import".to_owned(),
            json!({"format": "csv", "text": format!("{header}\n{another}\n")}),
            StatusCode::CONFLICT,
        ),
        (
            "the end of the phase",
            Method::POST,
            "table/advance".to_owned(),
            json!({}),
            StatusCode::CONFLICT,
        ),
    ];
    for (what, method, tail, body, status) in tries {
        let (got, answer) = t.call(waiter, method, &tail, body).await;
        assert_eq!(got, status, "{what}: {answer}");
        let message = answer["error"]["message"].as_str().unwrap_or_default();
        assert!(message.len() > 30, "{what}: {answer}");
        assert_eq!(t.table(&t.umpire).await, before, "{what} changed the table");
    }
    let (_, answer) = t
        .call(
            waiter,
            Method::PATCH,
            &format!("units/{waiter_id}"),
            json!({"location": "0505"}),
        )
        .await;
    let message = answer["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("its own movement phases (the First Player Action Phase or the Second Player Action Phase)")
            || message.contains("(the Second Player Action Phase)"),
        "{message}"
    );
    the_first_player_moves_and_the_umpire_corrects(&t, mover, mover_id, waiter_id, waiter_side)
        .await;
}

/// The first player moves in its own Action Phase.
async fn the_first_player_moves_and_the_umpire_corrects(
    t: &DeskTable,
    mover: &str,
    mover_id: &str,
    waiter_id: &str,
    waiter_side: &str,
) {
    t.expect(
        mover,
        Method::PATCH,
        &format!("units/{mover_id}"),
        json!({"location": "0606"}),
        StatusCode::OK,
    )
    .await;
    // The umpire may move the other side's unit now: a correction both sides read.
    t.expect(
        &t.umpire,
        Method::PATCH,
        &format!("units/{waiter_id}"),
        json!({"location": "0505"}),
        StatusCode::OK,
    )
    .await;
    let line = format!(
        "The umpire corrected the location of a {} unit, outside what the rules allow now.",
        if waiter_side == "soviet" {
            "Soviet"
        } else {
            "Finnish"
        }
    );
    // Nothing is owed, so nothing is waived; nor does a side waive anything.
    let (status, body) = t
        .call(
            &t.umpire,
            Method::POST,
            "table/owed/1/waive",
            json!({"reason": "mercy"}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"]["message"], "No losses are owed now.");
    let (status, body) = t
        .call(
            mover,
            Method::POST,
            "table/owed/1/waive",
            json!({"reason": "mercy"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    for token in [&t.soviet, &t.finn, &t.umpire] {
        let seen = log(t, token).await;
        assert!(
            seen.iter().any(|e| e.to_string().contains(&line)),
            "{line} not in {seen:?}"
        );
    }
}
