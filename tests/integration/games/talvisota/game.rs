//! Talvisota through the real server: a full two-player game, a solo game, hidden command
//! sheets and bad input. The dice are the server's own, so every check reads the rolls the log
//! shows rather than expecting particular faces.

use super::client::TalvisotaTable;
use super::client::finnish_plan;
use super::plans::{on_sheet, sheet_to_leningrad, soviet_holds, soviet_plan};
use crate::common::error_code;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// Checks a turn's events against the rolls: every die an event names is a roll in the log with
/// the same face, and every morale change adds up.
fn check_dice_and_morale(events: &[Value], rolls: &[Value]) {
    let face = |purpose_part: &str, die: u64| {
        rolls.iter().any(|r| {
            r["purpose"]
                .as_str()
                .is_some_and(|p| p.contains(purpose_part))
                && r["draws"][0][1] == die
        })
    };
    for e in events {
        let p = &e["payload"]["kind"];
        match p["event"].as_str() {
            Some("international_situation") => {
                let turn = e["payload"]["turn"].as_u64().expect("turn");
                let die = p["die"].as_u64().expect("die");
                assert!(
                    face(&format!("International situation, turn {turn} "), die),
                    "no roll of {die} for the international situation of turn {turn}"
                );
            }
            Some("combat_round") => {
                let die = p["reading"]["die"].as_u64().expect("die");
                let space = p["space"].as_str().expect("space");
                let round = p["round"].as_u64().expect("round");
                assert!(
                    face(&format!("round {round} at {space}:"), die),
                    "no roll of {die} for round {round} at {space}"
                );
            }
            Some("harassment") => {
                let die = p["die"].as_u64().expect("die");
                let space = p["space"].as_str().expect("space");
                assert!(
                    face(&format!("Finnish infiltration of {space} "), die),
                    "no roll of {die} for the harassment of {space}"
                );
                let sum: i64 = p["modifiers"]
                    .as_array()
                    .expect("modifiers")
                    .iter()
                    .map(|m| m["amount"].as_i64().expect("amount"))
                    .sum();
                let total = p["total"].as_i64().expect("total");
                assert_eq!(die as i64 + sum, total, "{p}");
                let band = match total {
                    t if t >= 6 => "success",
                    4 | 5 => "partial",
                    _ => "failure",
                };
                assert_eq!(p["result"], band, "{p}");
            }
            Some("morale_changed") => {
                let (before, change, after) = (
                    p["before"].as_i64().expect("before"),
                    p["change"].as_i64().expect("change"),
                    p["after"].as_i64().expect("after"),
                );
                assert_eq!(before + change, after, "{p}");
                assert!((0..=23).contains(&after), "{p}");
            }
            _ => {}
        }
    }
}

#[tokio::test]
async fn eight_turns_by_two_players_through_the_api() {
    let g = TalvisotaTable::new(None).await;
    let start = g.ok(&g.umpire, "advance", json!({})).await;
    assert_eq!(start["board"]["turn"], 1);
    assert_eq!(start["board"]["phase"], "organisation");
    let mut seen_events = 0;
    let mut harassed = 0;
    for turn in 1..=8u64 {
        organisation_sheets_and_combats(&g, turn).await;
        let after = the_finns_harass(&g, turn, &mut harassed).await;
        // Real dice may end the war before March II: a morale track at 0 is judged at the end of
        // the turn (7, 1.2). Such an end must be declared with its outcome.
        let finished = after["board"]["phase"] == "finished";
        if finished {
            assert!(
                turn == 8 || !after["board"]["outcome"].is_null(),
                "an early end is a decided war: {}",
                after["board"]
            );
        } else {
            assert!(turn < 8, "the war ends after turn 8: {}", after["board"]);
            assert_eq!(
                after["board"]["turn"],
                turn + 1,
                "the next turn starts by itself"
            );
        }
        // This turn's events, checked against the dice log.
        let events = g.events(&g.umpire).await;
        check_dice_and_morale(&events[seen_events..], &g.rolls(&g.umpire).await);
        seen_events = events.len();
        if finished {
            eprintln!("the war ended after turn {turn}");
            break;
        }
    }
    let end = g.view(&g.umpire).await;
    assert!(end["board"]["outcome"].is_object() || end["board"]["outcome"] == "draw");
    // The last morale event of each side is what the tracks show.
    let events = g.events(&g.umpire).await;
    for (side, field) in [("soviet", "soviet_morale"), ("finnish", "finnish_morale")] {
        if let Some(last) = events
            .iter()
            .rev()
            .find(|e| e["kind"] == "morale_changed" && e["payload"]["kind"]["side"] == side)
        {
            assert_eq!(last["payload"]["kind"]["after"], end["board"][field]);
        }
    }
    assert!(events.iter().any(|e| e["kind"] == "game_ended"));
    assert!(
        events.iter().any(|e| e["kind"] == "combat_round"),
        "combats were fought"
    );
    let harassments = events.iter().filter(|e| e["kind"] == "harassment").count();
    assert_eq!(
        harassments, harassed,
        "every infiltration ordered was rolled"
    );
    eprintln!(
        "eight turns: {harassed} harassment(s), {} event(s)",
        events.len()
    );
    // Once over, nothing more can be ordered.
    let (status, body) = g.post(&g.soviet, "organisation", json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    error_code(&body);
}

/// A turn's organisation (everything on the Soviet command sheet to Leningrad), both sheets
/// (an attack while both sides have morale to spare) and its combats, revealed one by one.
async fn organisation_sheets_and_combats(g: &TalvisotaTable, turn: u64) {
    let soviet = g.view(&g.soviet).await;
    assert_eq!(soviet["board"]["turn"], turn, "turn marker");
    assert_eq!(soviet["board"]["phase"], "organisation");
    assert_eq!(soviet["board"]["awaiting"], "soviet");
    // Everything on the command sheet goes to Leningrad.
    let moves = sheet_to_leningrad(&soviet);
    let moved = moves.len();
    let soviet = g
        .ok(&g.soviet, "organisation", json!({ "moves": moves }))
        .await;
    assert_eq!(soviet["board"]["phase"], "soviet_placement");
    assert!(
        moved == 0 || turn > 1 || moved >= 16,
        "the first wave moves"
    );
    // Attack while both sides have morale to spare, so the game runs its eight turns.
    let keen = soviet["board"]["finnish_morale"].as_i64().expect("morale") > 8
        && soviet["board"]["soviet_morale"].as_i64().expect("morale") > 8;
    let plan = if keen { soviet_plan(&soviet) } else { None };
    let attacks = plan.is_some() as usize;
    let sheet = plan.unwrap_or(json!({"allocations": []}));
    let soviet = g.ok(&g.soviet, "soviet-sheet", sheet).await;
    let placements = soviet["board"]["placements"].as_array().expect("p").len();
    assert_eq!(placements, attacks);
    let finn = g.view(&g.finn).await;
    if attacks > 0 {
        assert_eq!(finn["board"]["phase"], "finnish_placement");
        let finn = g.ok(&g.finn, "finnish-sheet", finnish_plan(&finn)).await;
        assert_eq!(finn["board"]["phase"], "combat");
        let soviet = g.view(&g.soviet).await;
        for a in soviet["sheet"]["allocations"].as_array().expect("sheet") {
            let after = g
                .ok(&g.soviet, "combats", json!({"placement": a["placement"]}))
                .await;
            assert!(
                !after["board"]["revealed_combats"]
                    .as_array()
                    .expect("r")
                    .is_empty()
            );
        }
    } else {
        // With no Soviet counter placed there is nothing to answer.
        assert_ne!(finn["board"]["phase"], "combat");
        if finn["board"]["phase"] == "finnish_placement" {
            g.ok(&g.finn, "finnish-sheet", json!({"allocations": []}))
                .await;
        }
    }
}

/// The harassment phase: on even turns the Finn sends his scouts into a Soviet-held space when
/// he can (counted in `harassed`); returns the board after it.
async fn the_finns_harass(g: &TalvisotaTable, turn: u64, harassed: &mut usize) -> Value {
    let finn = g.view(&g.finn).await;
    assert_eq!(finn["board"]["phase"], "harassment");
    // On even turns the Finn sends his scouts into a Soviet-held space when he can.
    let scouts: Vec<&Value> = finn["units"]
        .as_array()
        .expect("units")
        .iter()
        .filter(|u| u["kind"] == "sct" && on_sheet(u))
        .map(|u| &u["id"])
        .collect();
    let held = finn["board"]["map"]["spaces"]
        .as_array()
        .expect("spaces")
        .iter()
        .find(|s| {
            s["nation"] == "finnish" && soviet_holds(&finn["board"], s["id"].as_str().expect("id"))
        })
        .map(|s| s["id"].clone());
    let order = match held {
        Some(space) if turn.is_multiple_of(2) && !scouts.is_empty() => {
            *harassed += 1;
            json!({"infiltration": {"space": space, "units": scouts, "stay": true}})
        }
        _ => json!({}),
    };
    g.ok(&g.finn, "harassment", order).await
}

#[tokio::test]
async fn a_solo_game_runs_to_its_end_with_the_server_playing_the_finns() {
    let g = TalvisotaTable::solo().await;
    // The Finnish role is the server's: its invites are refused.
    let (status, body) = g
        .app
        .post(
            &format!("/api/v1/campaigns/{}/invites", g.id),
            Some(&g.soviet),
            json!({"role": "finnish"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(error_code(&body), "solo_side");
    // The Soviet player starts the game with the umpire's powers.
    let v = g.ok(&g.soviet, "advance", json!({})).await;
    assert_eq!(v["board"]["solo"], true);
    assert_eq!(
        v["role"], "soviet",
        "the Soviet player still reads the Soviet view"
    );
    for turn in 1..=8u64 {
        let soviet = g.view(&g.soviet).await;
        assert_eq!(soviet["board"]["turn"], turn);
        let moves = sheet_to_leningrad(&soviet);
        let soviet = g
            .ok(&g.soviet, "organisation", json!({ "moves": moves }))
            .await;
        let plan = soviet_plan(&soviet).unwrap_or(json!({"allocations": []}));
        let soviet = g.ok(&g.soviet, "soviet-sheet", plan).await;
        // Nobody plays the Finns by hand: the Soviet player may not, an outsider sees nothing.
        let (status, body) = g
            .post(&g.soviet, "finnish-sheet", json!({"allocations": []}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        let (status, body) = g
            .post(&g.finn, "finnish-sheet", json!({"allocations": []}))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        if soviet["board"]["phase"] == "finnish_placement" {
            assert_eq!(soviet["board"]["awaiting"], "umpire");
            g.ok(&g.soviet, "solo", json!({})).await;
        }
        let soviet = g.view(&g.soviet).await;
        if soviet["board"]["phase"] == "combat" {
            for a in soviet["sheet"]["allocations"].as_array().expect("sheet") {
                g.ok(&g.soviet, "combats", json!({"placement": a["placement"]}))
                    .await;
            }
        }
        let soviet = g.view(&g.soviet).await;
        if soviet["board"]["phase"] == "finished" {
            break;
        }
        assert_eq!(soviet["board"]["phase"], "harassment");
        let after = g.ok(&g.soviet, "solo", json!({})).await;
        if after["board"]["phase"] == "finished" {
            break;
        }
        assert_eq!(after["board"]["turn"], turn + 1);
    }
    let end = g.view(&g.umpire).await;
    assert_eq!(end["board"]["phase"], "finished", "{}", end["board"]);
    assert!(!end["board"]["outcome"].is_null());
    let events = g.events(&g.umpire).await;
    check_dice_and_morale(&events, &g.rolls(&g.umpire).await);
    // The server's draws are Finnish-side events made with Finnish-side dice.
    let draws: Vec<&Value> = events.iter().filter(|e| e["kind"] == "solo_draw").collect();
    assert!(!draws.is_empty(), "the server drew for the Finns");
    assert!(draws.iter().all(|e| e["audience"] == "finnish"));
    let soviet_events = g.events(&g.soviet).await;
    assert!(soviet_events.iter().all(|e| e["kind"] != "solo_draw"));
}

#[tokio::test]
async fn a_hidden_finnish_units_id_answers_the_soviets_exactly_like_a_made_up_one() {
    let g = TalvisotaTable::new(None).await;
    g.ok(&g.umpire, "advance", json!({})).await;
    let finn = g.view(&g.finn).await;
    let hidden = finn["units"]
        .as_array()
        .expect("units")
        .iter()
        .find(|u| on_sheet(u))
        .and_then(|u| u["id"].as_str())
        .expect("a Finnish unit on its command sheet")
        .to_owned();
    let soviet_view = g.view(&g.soviet).await.to_string();
    assert!(
        !soviet_view.contains(&format!("\"{hidden}\"")),
        "hidden from the Soviets"
    );
    let made_up = "fi-zz-9";
    let mut answers = Vec::new();
    for id in [hidden.as_str(), made_up] {
        let (status, body) = g
            .post(
                &g.soviet,
                "organisation",
                json!({"moves": [{"unit": id, "to": "leningrad"}]}),
            )
            .await;
        answers.push((status, body.to_string().replace(id, "ID")));
    }
    assert_eq!(
        answers[0].0,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{answers:?}"
    );
    assert_eq!(answers[0], answers[1]);
}

#[tokio::test]
async fn the_umpire_corrects_a_morale_and_a_visible_unit_and_both_sides_read_it_in_words() {
    let g = TalvisotaTable::new(None).await;
    g.ok(&g.umpire, "advance", json!({})).await;
    g.ok(
        &g.soviet,
        "organisation",
        json!({"moves": [{"unit": "su-eli-1", "to": "leningrad"}]}),
    )
    .await;
    let before = g.view(&g.umpire).await["board"]["finnish_morale"].clone();
    assert_ne!(before, 18);
    let morale =
        json!({"what": "morale", "side": "finnish", "value": 18, "reason": "the table's record"});
    let (status, _) = g.post(&g.soviet, "corrections", morale.clone()).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "players do not correct");
    let view = g.ok(&g.umpire, "corrections", morale).await;
    assert_eq!(view["board"]["finnish_morale"], 18, "{view}");
    let (status, body) = g
        .post(
            &g.umpire,
            "corrections",
            json!({"what": "morale", "side": "soviet", "value": 24, "reason": "typo"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");

    // On the page: a refusal comes back in the form as typed; then a unit is moved by the
    // space's printed name.
    let umpire = g.app.signed_in("umpire", "the umpire's browser").await;
    let post = |form: Vec<(&'static str, &'static str)>| {
        umpire
            .post(format!(
                "{}/campaigns/{}/talvisota/corrections",
                g.app.url, g.id
            ))
            .form(&form)
            .send()
    };
    let res = post(vec![
        ("target", "unit:su-eli-1"),
        ("value", "Atlantis"),
        ("reason", "misplaced at the table"),
    ])
    .await
    .expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = res.text().await.expect("html");
    assert!(
        page.contains("correction-error") && page.contains("no space on the map"),
        "{page}"
    );
    assert!(page.contains("value=\"unit:su-eli-1\" selected"));
    assert!(
        page.contains("value=\"Atlantis\"") && page.contains("misplaced at the table</textarea>")
    );
    let res = post(vec![
        ("target", "unit:su-eli-1"),
        ("value", "terijoki"),
        ("reason", "misplaced at the table"),
    ])
    .await
    .expect("posts");
    assert!(res.status().is_redirection(), "{}", res.status());

    // Both sides read both corrections in words, with no piece id.
    for token in [&g.soviet, &g.finn] {
        let sentences: Vec<String> = g
            .events(token)
            .await
            .iter()
            .filter_map(|e| e["sentence"].as_str().map(str::to_owned))
            .filter(|s| s.starts_with("Umpire correction"))
            .collect();
        assert_eq!(sentences.len(), 2, "{sentences:?}");
        let morale = format!("Finnish morale: {before} → 18");
        assert!(sentences[0].contains(&morale), "{sentences:?}");
        assert!(
            sentences[1].contains("Leningrad → Terijoki") && !sentences[1].contains("su-eli-1"),
            "{sentences:?}"
        );
    }
}

/// The umpire's powers belong to the Soviet player of a solo campaign only: in a two-player
/// campaign the Soviet player may not start the game, invite, set deadlines, play a side's
/// default, correct values or end the campaign, and reads only the Soviet view.
#[tokio::test]
async fn a_soviet_player_of_a_two_player_game_has_no_umpire_powers() {
    let g = TalvisotaTable::new(None).await;
    let (status, body) = g.post(&g.soviet, "advance", json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let campaign = format!("/api/v1/campaigns/{}", g.id);
    for (path, body) in [
        (format!("{campaign}/invites"), json!({"role": "soviet"})),
        (format!("{campaign}/finish"), json!({})),
        (format!("{campaign}/pause"), json!({})),
        (format!("{campaign}/defaults"), json!({"side": "finnish"})),
        (
            g.path("corrections"),
            json!({"what": "morale", "side": "finnish", "value": 18, "reason": "x"}),
        ),
    ] {
        let (status, answer) = g.app.post(&path, Some(&g.soviet), body).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}: {answer}");
    }
    let (status, view) = g.app.get(&campaign, Some(&g.soviet)).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["my_role"], "soviet");
    let v = g.view(&g.soviet).await;
    assert_eq!(v["role"], "soviet");
    let page = g.page("soviet").await;
    assert!(!page.contains("invite-role"), "no invite form for a player");
    // The umpire still may.
    let v = g.ok(&g.umpire, "advance", json!({})).await;
    assert_eq!(v["role"], "umpire");
}
