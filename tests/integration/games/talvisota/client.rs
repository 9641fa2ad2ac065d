//! The Talvisota table: one campaign with its umpire and both players, and a typed call for each
//! thing the tests do with the game's API.

use crate::common::{Sides, TestApp};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::ops::Deref;
use std::sync::Arc;

/// A Talvisota campaign with an umpire and both players (who play only in two-player games);
/// the server, id and tokens are its `Sides`'.
pub struct TalvisotaTable(Sides);

impl Deref for TalvisotaTable {
    type Target = Sides;

    fn deref(&self) -> &Sides {
        &self.0
    }
}

impl TalvisotaTable {
    /// A new campaign "Talvisota" on a fresh server; `scenario` is sent as is.
    pub async fn new(scenario: Option<Value>) -> TalvisotaTable {
        let mut campaign = json!({"name": "Talvisota", "game": "talvisota"});
        if let Some(s) = scenario {
            campaign["scenario"] = s;
        }
        let app = Arc::new(TestApp::spawn().await);
        TalvisotaTable(Sides::open(&app, campaign, "").await)
    }

    /// A solo campaign "Talvisota" on a fresh server, created by `soviet`, who plays the Soviets
    /// with the umpire's powers against the server's Finns. `umpire` joins by invite to read
    /// everything for the test's checks; `finn` takes no part.
    pub async fn solo() -> TalvisotaTable {
        let app = Arc::new(TestApp::spawn().await);
        let (_, umpire) = app.user("umpire").await;
        let (_, soviet) = app.user("soviet").await;
        let (_, finn) = app.user("finn").await;
        let campaign =
            json!({"name": "Talvisota", "game": "talvisota", "scenario": {"solo": true}});
        let (status, created) = app.post("/api/v1/campaigns", Some(&soviet), campaign).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        assert_eq!(created["my_role"], "soviet", "{created}");
        let id = created["id"].as_str().expect("id").to_owned();
        app.join(&soviet, &id, &umpire, "umpire").await;
        TalvisotaTable(Sides {
            app,
            id,
            umpire,
            soviet,
            finn,
        })
    }

    /// The API path of `tail` under the campaign's `talvisota/`.
    pub fn path(&self, tail: &str) -> String {
        format!("/api/v1/campaigns/{}/talvisota/{tail}", self.id)
    }

    /// `POST talvisota/<tail>` as the holder of `token`.
    pub async fn post(&self, token: &str, tail: &str, body: Value) -> (StatusCode, Value) {
        self.app.post(&self.path(tail), Some(token), body).await
    }

    /// The Talvisota view of the holder of `token`.
    pub async fn view(&self, token: &str) -> Value {
        let (status, view) = self.app.get(&self.path("view"), Some(token)).await;
        assert_eq!(status, StatusCode::OK, "{view}");
        view
    }

    /// A command that must succeed; returns the caller's new view.
    pub async fn ok(&self, token: &str, tail: &str, body: Value) -> Value {
        let (status, view) = self.post(token, tail, body).await;
        assert_eq!(status, StatusCode::OK, "{tail}: {view}");
        view
    }

    /// Every event the holder of `token` may read (up to 500), oldest first.
    pub async fn events(&self, token: &str) -> Vec<Value> {
        let (status, rows) = self
            .app
            .get(&self.path("events?limit=500"), Some(token))
            .await;
        assert_eq!(status, StatusCode::OK, "{rows}");
        let mut rows = rows.as_array().expect("a list").clone();
        rows.reverse();
        rows
    }

    /// The game's page as the signed-in user `name` reads it.
    pub async fn page(&self, name: &str) -> String {
        let browser = self
            .app
            .signed_in(name, "a Talvisota player's browser")
            .await;
        let page = browser
            .get(format!("{}/campaigns/{}/talvisota", self.app.url, self.id))
            .send()
            .await
            .expect("page");
        assert_eq!(page.status(), StatusCode::OK);
        page.text().await.expect("html")
    }
}

/// A defensive position with three units and an entrenchment on each Soviet counter.
pub fn finnish_plan(view: &Value) -> Value {
    let mut free: Vec<&str> = view["units"]
        .as_array()
        .expect("units")
        .iter()
        .filter(|u| super::plans::on_sheet(u) && u["kind"] != "sct")
        .map(|u| u["id"].as_str().expect("id"))
        .collect();
    let mut rets: Vec<&str> = view["entrenchments"]
        .as_array()
        .expect("entrenchments")
        .iter()
        .filter(|m| m["available"] == true)
        .map(|m| m["id"].as_str().expect("id"))
        .collect();
    let mut allocations = Vec::new();
    for p in view["board"]["placements"].as_array().expect("placements") {
        if p["side"] != "soviet" {
            continue;
        }
        let units: Vec<&str> = free.drain(..free.len().min(3)).collect();
        let ret: Vec<&str> = rets.drain(..rets.len().min(1)).collect();
        allocations.push(json!({
            "strategy": "defensive_position", "space": p["space"], "units": units, "entrenchments": ret
        }));
    }
    json!({ "allocations": allocations })
}
