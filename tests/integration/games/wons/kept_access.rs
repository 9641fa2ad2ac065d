//! A player's access kept between commands: the command's lock checks it again.

use super::client::WonsTable;
use crate::common::error_code;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// The holder of `token` orders their side's first platoon to Defend.
async fn defend(c: &WonsTable, token: &str) -> (StatusCode, Value) {
    let view = c.view(token).await;
    let platoon = view["platoons"][0]["id"].as_str().expect("a platoon");
    c.order(token, platoon, json!({"action": "defend"})).await
}

/// A player's orders keep their access for a few seconds, so that the next order costs no
/// lookup; the lock of each command checks the access again, so a player whose role changed,
/// whose token was revoked or who was removed is refused at once, as a fresh look would refuse
/// them, and the refused command changes nothing.
#[tokio::test]
async fn a_kept_access_acts_only_while_the_token_and_the_place_in_the_campaign_hold() {
    let c = WonsTable::contact().await;
    // Two orders each: the second through the access kept from the first.
    for token in [&c.soviet, &c.finn] {
        for _ in 0..2 {
            let (status, body) = defend(&c, token).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }

    // An operator makes the Soviet player an umpire: the kept access's role no longer holds.
    let soviet = c.participant_id("soviet").await;
    let set_role = |role: &'static str| {
        sqlx::query(
            "update participants set role = $1 where campaign_id = $2::uuid and user_id = $3::uuid",
        )
        .bind(role)
        .bind(&c.id)
        .bind(&soviet)
        .execute(&c.app.db)
    };
    set_role("umpire").await.expect("role changed");
    let path = c.path("orders/sov-1");
    let (status, body) = c
        .app
        .send(
            reqwest::Method::PUT,
            &path,
            Some(&c.soviet),
            json!({"action": "defend"}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(error_code(&body), "role_changed");
    // Once the role is back, the access is read afresh and the player orders again.
    set_role("soviet").await.expect("role restored");
    let (status, body) = defend(&c, &c.soviet).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let before = (c.view(&c.umpire).await, c.events(&c.umpire).await);

    // The Soviet player's token is revoked: the next order is refused as any unknown token is.
    crate::common::revoke_own_token(&c.app, &c.soviet).await;
    let (status, body) = c.ready(&c.soviet).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert_eq!(error_code(&body), "bad_token");

    // The Finnish player is removed from the campaign: to him it no longer exists.
    let finn = c.participant_id("finnish").await;
    let (status, body) = c
        .app
        .delete(
            &format!("/api/v1/campaigns/{}/participants/{finn}", c.id),
            Some(&c.umpire),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let (status, body) = c.ready(&c.finn).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");

    // No refused command changed anything the umpire sees, nor logged anything.
    let after = (c.view(&c.umpire).await, c.events(&c.umpire).await);
    assert_eq!(before.1, after.1, "the log is unchanged");
    assert_eq!(before.0["orders"], after.0["orders"], "no side is ready");
    assert!(
        !after.0["orders"].to_string().contains("true"),
        "no side is ready: {}",
        after.0["orders"]
    );
}
