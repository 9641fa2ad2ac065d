//! The migration that gives a campaign's counted feature ids opaque ones.

use super::super::client::WonsTable;
use serde_json::{Value, json};

#[tokio::test]
async fn the_migration_gives_counted_feature_ids_of_existing_campaigns_opaque_ones() {
    let c = WonsTable::new().await;
    let id: uuid::Uuid = c.id.parse().expect("a campaign id");
    // A state as the server kept it before: features numbered in order, and the counter.
    let feature = |id: &str| {
        json!({"id": id, "kind": "roadblock", "owner": "finnish", "step": 1, "count": 1,
               "created_hour": 2, "known_to_enemy_since": null})
    };
    // The migration ran when the state was stored as jsonb.
    sqlx::raw_sql("alter table game_states alter column state type jsonb")
        .execute(&c.app.db)
        .await
        .expect("stores the state as jsonb, as it was then");
    sqlx::query(
        "update game_states set state = jsonb_set(jsonb_set(state, '{features}', $2), '{next_feature}', '3') \
         where campaign_id = $1",
    )
    .bind(id)
    .bind(json!({"feature-1": feature("feature-1"), "feature-3": feature("feature-3"),
                 "pack-mines": feature("pack-mines")}))
    .execute(&c.app.db)
    .await
    .expect("stores the old state");
    sqlx::raw_sql(include_str!(
        "../../../../../migrations/20261124110001_opaque_feature_ids.sql"
    ))
    .execute(&c.app.db)
    .await
    .expect("the migration runs");
    sqlx::raw_sql("alter table game_states alter column state type json using state::json")
        .execute(&c.app.db)
        .await
        .expect("stores the state as json again");
    let (state,): (Value,) = sqlx::query_as("select state from game_states where campaign_id = $1")
        .bind(id)
        .fetch_one(&c.app.db)
        .await
        .expect("reads the state");
    assert!(state.get("next_feature").is_none(), "{state}");
    let features = state["features"].as_object().expect("features");
    assert_eq!(features.len(), 3);
    assert!(features.contains_key("pack-mines"), "pack ids stay");
    for (key, f) in features.iter().filter(|(k, _)| *k != "pack-mines") {
        let tail = key.strip_prefix("feature-").expect("a feature id");
        assert!(
            tail.len() == 16 && tail.chars().all(|c| c.is_ascii_hexdigit()),
            "{key}"
        );
        assert_eq!(f["id"], json!(key), "the id inside matches its key");
    }
    // The server reads the rewritten state.
    c.view(&c.finn).await;
}
