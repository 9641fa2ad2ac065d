//! Talvisota's hidden command sheets and its pages, through the real server.

use super::client::TalvisotaTable;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// Everything a side can read about the game: its JSON view, its events and its page.
async fn outputs(g: &TalvisotaTable, token: &str, username: &str) -> String {
    let view = g.view(token).await.to_string();
    let events = Value::Array(g.events(token).await).to_string();
    let html = g.page(username).await;
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

/// A small random source for choosing allocations; the seed is printed so a failure can be
/// replayed.
struct Pick(u64);

impl Pick {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }

    /// Up to `most` distinct items of `from`, in a random order.
    fn some(&mut self, from: &[String], most: usize) -> Vec<String> {
        let mut pool = from.to_vec();
        let n = self.below(most.min(pool.len()) + 1);
        (0..n)
            .map(|_| pool.remove(self.below(pool.len())))
            .collect()
    }
}

fn ids(view: &Value, list: &str, keep: impl Fn(&Value) -> bool) -> Vec<String> {
    view[list]
        .as_array()
        .expect("a list")
        .iter()
        .filter(|p| keep(p))
        .map(|p| p["id"].as_str().expect("id").to_owned())
        .collect()
}

/// One random turn-1 allocation by each side, checked at every step until the reveal.
async fn random_allocations_stay_hidden(pick: &mut Pick) {
    let g = TalvisotaTable::new(None).await;
    g.ok(&g.umpire, "advance", json!({})).await;
    let force = [
        "su-eli-1", "su-eli-2", "su-eli-3", "su-tan-1", "su-tan-2", "su-tan-3",
    ];
    let moves: Vec<Value> = force
        .iter()
        .map(|u| json!({"unit": u, "to": "leningrad"}))
        .collect();
    let soviet = g
        .ok(&g.soviet, "organisation", json!({ "moves": moves }))
        .await;
    // Strategies are looked for by their JSON name in quotes and, where it cannot be part of
    // another word on the page, by the counter's code ("motti" alone is the server's name).
    let (strategy, code, units, most) = match pick.below(4) {
        0 => ("prudent_advance", "PRUD", &force[..3], 1),
        1 => ("massive_attack", "\"massive_attack\"", &force[..], 2),
        2 => ("armoured_attack", "BLIN", &force[3..], 2),
        _ => (
            "coordinated_manoeuvre",
            "\"coordinated_manoeuvre\"",
            &force[1..5],
            3,
        ),
    };
    let supports = pick.some(&ids(&soviet, "supports", |m| m["available"] == true), most);
    let uses: Vec<Value> = supports.iter().map(|id| json!({"id": id})).collect();
    g.ok(
        &g.soviet,
        "soviet-sheet",
        json!({"allocations": [{"strategy": strategy, "from": "leningrad", "targets": ["terijoki"],
            "units": units, "supports": uses}]}),
    )
    .await;
    let mut soviet_secrets: Vec<String> = supports.clone();
    soviet_secrets.push(format!("\"{strategy}\""));
    soviet_secrets.push(code.to_owned());
    let secrets: Vec<&str> = soviet_secrets.iter().map(String::as_str).collect();
    let finn_sees = outputs(&g, &g.finn, "finn").await;
    absent(&finn_sees, &secrets, "the Finn");
    assert!(
        finn_sees.contains("terijoki"),
        "the counter's space is public"
    );
    // The whole Finnish pool is hidden from the Soviet (rule 2.3), before and after his sheet.
    absent(
        &outputs(&g, &g.soviet, "soviet").await,
        &["fi-"],
        "the Soviet",
    );
    let finn = g.view(&g.finn).await;
    let (answer, answer_code, most_units, most_env, rets) = match pick.below(4) {
        0 => ("defensive_position", "DEFENSE", 3, 1, 1),
        1 => ("counter_attack", "CON-ATT", 4, 1, 0),
        2 => ("motti", "MOTTI", 3, 2, 0),
        _ => ("fierce_resistance", "RESIST", 3, 1, 1),
    };
    let quoted = format!("\"{answer}\"");
    let units = pick.some(
        &ids(&finn, "units", |u| {
            u["location"]["box"] == "sheet" && u["kind"] != "sct"
        }),
        most_units,
    );
    let environment = pick.some(
        &ids(&finn, "environment", |m| m["available"] == true),
        most_env,
    );
    let entrenchments = pick.some(
        &ids(&finn, "entrenchments", |m| m["available"] == true),
        rets,
    );
    let fsupports = pick.some(&ids(&finn, "supports", |m| m["available"] == true), 2);
    let fuses: Vec<Value> = fsupports.iter().map(|id| json!({"id": id})).collect();
    g.ok(
        &g.finn,
        "finnish-sheet",
        json!({"allocations": [{"strategy": answer, "space": "terijoki", "units": units,
            "environment": environment, "entrenchments": entrenchments, "supports": fuses}]}),
    )
    .await;
    absent(
        &outputs(&g, &g.soviet, "soviet").await,
        &["fi-", &quoted, answer_code],
        "the Soviet",
    );
    absent(&outputs(&g, &g.finn, "finn").await, &secrets, "the Finn");
    the_reveal_shows_both_allocations(
        &g,
        &quoted,
        answer_code,
        &units,
        &fsupports,
        &environment,
        &secrets,
    )
    .await;
}

/// The reveal shows both allocations to both sides: the checks above could have failed.
async fn the_reveal_shows_both_allocations(
    g: &TalvisotaTable,
    quoted: &str,
    answer_code: &str,
    units: &[String],
    fsupports: &[String],
    environment: &[String],
    secrets: &[&str],
) {
    g.ok(
        &g.soviet,
        "combats",
        json!({"placement": "placement-t1-s1"}),
    )
    .await;
    let soviet_after = outputs(g, &g.soviet, "soviet").await;
    assert!(soviet_after.contains(quoted) && soviet_after.contains(answer_code));
    for id in units.iter().chain(fsupports).chain(environment) {
        assert!(soviet_after.contains(id.as_str()), "{id} revealed");
    }
    let finn_after = outputs(g, &g.finn, "finn").await;
    for secret in secrets {
        assert!(finn_after.contains(secret), "{secret} revealed");
    }
}

#[tokio::test]
async fn until_reveal_neither_side_reads_the_others_allocation() {
    let seed = (uuid::Uuid::new_v4().as_u128() as u64) | 1;
    eprintln!("leak test seed: {seed}");
    let mut pick = Pick(seed);
    for _ in 0..3 {
        random_allocations_stay_hidden(&mut pick).await;
    }
}

#[tokio::test]
async fn pages_show_the_game_and_the_rules_help() {
    let g = TalvisotaTable::new(None).await;
    g.ok(&g.umpire, "advance", json!({})).await;
    let browser = g.app.signed_in("soviet", "a Soviet browser").await;
    let campaign = g.app.html(&browser, &format!("/campaigns/{}", g.id)).await;
    assert!(campaign.contains(&format!("/campaigns/{}/talvisota", g.id)));
    let page = g
        .app
        .html(&browser, &format!("/campaigns/{}/talvisota", g.id))
        .await;
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
    let rules = g.app.html(&browser, "/talvisota/rules").await;
    assert!(rules.contains("approximation"));
    assert!(rules.contains("Isolation eliminates one Soviet unit"));
}
