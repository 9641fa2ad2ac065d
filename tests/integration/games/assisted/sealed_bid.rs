//! Red Winter's Victory Point bid (17.0.2) through the kit's sealed input: each side's bid is its
//! own until both are in, the commitments hold what is then shown, and the lower bidder's side
//! receives the higher bid in victory points.

use crate::common::Sides;
use crate::games::assisted::client::DeskTable;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::sync::Arc;

async fn crossroads() -> DeskTable {
    let app = Arc::new(crate::common::TestApp::spawn().await);
    let campaign = json!({
        "name": "Crossroads bid",
        "game": "red_winter",
        "scenario": { "pack": "red-winter-example" },
    });
    DeskTable(Sides::open(&app, campaign, "bid").await)
}

fn bid(view: &Value) -> &Value {
    view["sealed"]
        .as_array()
        .and_then(|s| s.iter().find(|s| s["code"] == "vp_bid"))
        .unwrap_or_else(|| panic!("a VP bid in {}", view["sealed"]))
}

fn part<'a>(view: &'a Value, side: &str) -> &'a Value {
    bid(view)["sides"]
        .as_array()
        .and_then(|s| s.iter().find(|p| p["side"] == side))
        .expect("the side's part")
}

async fn seal(t: &DeskTable, token: &str, value: i64, status: StatusCode) -> Value {
    t.expect(
        token,
        Method::POST,
        "table/sealed/vp_bid",
        json!({ "value": value }),
        status,
    )
    .await
}

#[tokio::test]
async fn each_bid_is_its_sides_until_both_are_in_and_the_commitments_hold() {
    let t = crossroads().await;
    let view = t.table(&t.finn).await;
    assert_eq!(bid(&view)["open_now"], true, "{}", bid(&view));
    // The umpire reads the bids but does not bid; bounds are the input's.
    let refused = seal(&t, &t.umpire, 3, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(refused["error"]["code"], "sides_only", "{refused}");
    let refused = seal(&t, &t.soviet, 100, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(refused["error"]["code"], "out_of_bounds", "{refused}");
    let soviet = seal(&t, &t.soviet, 7, StatusCode::OK).await;
    assert_eq!(part(&soviet, "soviet")["value"], 7);
    let refused = seal(&t, &t.soviet, 8, StatusCode::CONFLICT).await;
    assert_eq!(refused["error"]["code"], "already_sealed", "{refused}");

    // Before the Finns bid, everything they and the umpire can read holds the Soviet
    // commitment but not the bid; kept to search after the reveal, when the nonce is known.
    let finnish_view = t.table(&t.finn).await;
    assert_eq!(part(&finnish_view, "soviet")["sealed"], true);
    assert_eq!(part(&finnish_view, "soviet")["value"], Value::Null);
    assert_eq!(
        part(&t.table(&t.umpire).await, "soviet")["value"],
        Value::Null
    );
    let commitment = part(&finnish_view, "soviet")["commitment"]
        .as_str()
        .expect("a commitment")
        .to_owned();
    let table_page = format!("/campaigns/{}/table", t.id);
    let mut before = Vec::new();
    for (token, name) in [(&t.finn, "finnbid"), (&t.umpire, "umpirebid")] {
        before.push(t.everything_seen(token).await);
        let browser = t.app.signed_in(name, "bid").await;
        before.push(t.app.html(&browser, &table_page).await);
    }

    let finnish = seal(&t, &t.finn, 3, StatusCode::OK).await;
    assert_eq!(bid(&finnish)["revealed"], true);
    let nonce = part(&finnish, "soviet")["nonce"]
        .as_str()
        .expect("shown")
        .to_owned();
    assert_eq!(nonce.len(), 32);
    for text in &before {
        assert!(
            !text.contains(&nonce),
            "the Soviet nonce was readable before the reveal"
        );
        assert!(
            !text.contains("\"value\":7"),
            "the Soviet bid was readable before the reveal"
        );
    }
    // Anyone can check each commitment against what is shown.
    for side in ["soviet", "finnish"] {
        let p = part(&finnish, side);
        let line = format!(
            "motti-sealed/v1\nvp_bid\n{side}\n{}\n{}",
            p["value"],
            p["nonce"].as_str().expect("nonce")
        );
        assert_eq!(
            p["commitment"].as_str(),
            Some(hex::encode(Sha256::digest(line.as_bytes())).as_str()),
            "{side}"
        );
    }
    assert_eq!(part(&finnish, "soviet")["commitment"], commitment.as_str());
    // 17.0.2: the higher bidder keeps its side; the Finns receive 7 points.
    let finnish_points = finnish["victory"]["finnish"].as_i64().unwrap_or_default();
    let soviet_view = t.table(&t.soviet).await;
    assert_eq!(soviet_view["victory"]["finnish"], finnish_points);
    assert!(
        finnish["victory"]["lines"]
            .as_array()
            .expect("lines")
            .iter()
            .any(|l| l["name"] == "Victory Point bid (17.0.2)" && l["points"] == 7),
        "{}",
        finnish["victory"]
    );
    // Both sides read both bids in the log, and the page shows the result.
    let log = t.everything_seen(&t.soviet).await;
    assert!(
        log.contains("Soviet 7, Finnish 3"),
        "the reveal is in the log"
    );
    let browser = t.app.signed_in("sovietbid", "bid").await;
    let page = t.app.html(&browser, &table_page).await;
    assert!(
        page.contains("receives <strong>7</strong> victory points"),
        "{page}"
    );
}

#[tokio::test]
async fn a_bid_is_made_while_the_sides_set_up_and_a_refused_bid_comes_back_beside_its_field() {
    let t = crossroads().await;
    // A bid that is not a number is refused on the page, with what was typed.
    let browser = t.app.signed_in("sovietbid", "bid").await;
    let res = browser
        .post(format!(
            "{}/campaigns/{}/table/sealed/vp_bid",
            t.app.url, t.id
        ))
        .form(&[("value", "lots")])
        .send()
        .await
        .expect("posts");
    let status = res.status();
    let page = res.text().await.expect("page");
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("id=\"seal-error\""), "{page}");
    assert!(page.contains("value=\"lots\""), "{page}");
    // Once the setup is over, no bid is taken.
    t.advance(&t.umpire).await;
    let refused = seal(&t, &t.soviet, 2, StatusCode::CONFLICT).await;
    assert_eq!(refused["error"]["code"], "wrong_phase", "{refused}");
    assert_eq!(bid(&t.table(&t.finn).await)["open_now"], false);
}
