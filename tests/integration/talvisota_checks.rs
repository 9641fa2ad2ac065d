//! Talvisota's hidden command sheets and its pages, through the real server.

use crate::talvisota::{Game, game};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// Everything a side can read about the game: its JSON view, its events and its page.
async fn outputs(g: &Game, token: &str, username: &str) -> String {
    let view = g.view(token).await.to_string();
    let events = Value::Array(g.events(token).await).to_string();
    let browser = g.app.browser();
    let res = browser
        .post(format!("{}/signin", g.app.url))
        .form(&[
            ("username", username),
            ("password", "correct horse battery"),
        ])
        .send()
        .await
        .expect("signs in");
    assert!(res.status().is_redirection(), "signed in");
    let page = browser
        .get(format!("{}/campaigns/{}/talvisota", g.app.url, g.id))
        .send()
        .await
        .expect("page");
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.expect("html");
    format!("{view}\n{events}\n{html}")
}

fn absent(text: &str, secrets: &[&str], whose: &str) {
    for s in secrets {
        assert!(
            !text.contains(s),
            "{whose} can read `{s}` before the reveal"
        );
    }
}

#[tokio::test]
async fn until_reveal_neither_side_reads_the_others_allocation() {
    let g = game(None).await;
    g.ok(&g.umpire, "advance", json!({})).await;
    let moves: Vec<Value> = ["su-eli-1", "su-eli-2", "su-eli-3"]
        .iter()
        .map(|u| json!({"unit": u, "to": "leningrad"}))
        .collect();
    g.ok(&g.soviet, "organisation", json!({ "moves": moves }))
        .await;
    let soviet_secrets = [
        "su-sup-art-1",
        "prudent_advance",
        "PRUD",
        "soviet_artillery",
    ];
    // Before the Finn sees anything, he already sees the Soviet counter on Terijoki, face down.
    g.ok(
        &g.soviet,
        "soviet-sheet",
        json!({"allocations": [{"strategy": "prudent_advance", "from": "leningrad", "targets": ["terijoki"],
            "units": ["su-eli-1", "su-eli-2", "su-eli-3"], "supports": [{"id": "su-sup-art-1"}]}]}),
    )
    .await;
    let finn_sees = outputs(&g, &g.finn, "finn").await;
    absent(&finn_sees, &soviet_secrets, "the Finn");
    assert!(
        finn_sees.contains("terijoki"),
        "the counter's space is public"
    );
    // Nothing of the Finnish pool reaches the Soviet, before or after the Finnish sheet.
    let finnish_secrets = [
        "fi-div",
        "fi-res",
        "fi-sk",
        "fi-wd",
        "fi-ret",
        "fi-env",
        "fi-sup",
        "defensive_position",
        "DEFENSE",
    ];
    absent(
        &outputs(&g, &g.soviet, "soviet").await,
        &finnish_secrets,
        "the Soviet",
    );
    g.ok(
        &g.finn,
        "finnish-sheet",
        json!({"allocations": [{"strategy": "defensive_position", "space": "terijoki",
            "units": ["fi-div-1", "fi-div-2", "fi-res-1"], "entrenchments": ["fi-ret-1"],
            "environment": ["fi-env-snow-1"], "supports": [{"id": "fi-sup-emb-1"}]}]}),
    )
    .await;
    absent(
        &outputs(&g, &g.soviet, "soviet").await,
        &finnish_secrets,
        "the Soviet",
    );
    absent(
        &outputs(&g, &g.finn, "finn").await,
        &soviet_secrets,
        "the Finn",
    );
    // The reveal shows both allocations to both sides: the test above could have failed.
    g.ok(
        &g.soviet,
        "combats",
        json!({"placement": "placement-t1-s1"}),
    )
    .await;
    let soviet_after = outputs(&g, &g.soviet, "soviet").await;
    assert!(soviet_after.contains("fi-div-1") && soviet_after.contains("DEFENSE"));
    let finn_after = outputs(&g, &g.finn, "finn").await;
    assert!(finn_after.contains("su-sup-art-1") && finn_after.contains("PRUD"));
}

#[tokio::test]
async fn pages_show_the_game_and_the_rules_help() {
    let g = game(None).await;
    g.ok(&g.umpire, "advance", json!({})).await;
    let browser = g.app.browser();
    browser
        .post(format!("{}/signin", g.app.url))
        .form(&[
            ("username", "soviet"),
            ("password", "correct horse battery"),
        ])
        .send()
        .await
        .expect("signs in");
    let campaign = browser
        .get(format!("{}/campaigns/{}", g.app.url, g.id))
        .send()
        .await
        .expect("page")
        .text()
        .await
        .expect("html");
    assert!(campaign.contains(&format!("/campaigns/{}/talvisota", g.id)));
    let page = browser
        .get(format!("{}/campaigns/{}/talvisota", g.app.url, g.id))
        .send()
        .await
        .expect("page")
        .text()
        .await
        .expect("html");
    for needle in [
        "<svg",
        "Soviet morale",
        "International events",
        "id=\"organise\"",
        "approximation",
        "<table id=\"spaces\"",
    ] {
        assert!(page.contains(needle), "the page lacks {needle}");
    }
    // A form refusal comes back as the page with the message, and changes nothing.
    let res = browser
        .post(format!(
            "{}/campaigns/{}/talvisota/organisation",
            g.app.url, g.id
        ))
        .form(&[("move", "su-eli-1"), ("to", "helsinki")])
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.text().await.expect("html").contains("role=\"alert\""));
    let rules = browser
        .get(format!("{}/talvisota/rules", g.app.url))
        .send()
        .await
        .expect("rules")
        .text()
        .await
        .expect("html");
    assert!(rules.contains("approximation"));
    assert!(rules.contains("Isolation eliminates one Soviet unit"));
}
