//! An assisted game's table: one campaign with its umpire and both players, and a typed call for
//! each thing the tests do with the shared table API.

use crate::common::{Sides, TestApp};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::ops::Deref;
use std::sync::Arc;

/// An assisted campaign; the server, id and tokens are its `Sides`'.
pub struct DeskTable(pub Sides);

impl Deref for DeskTable {
    type Target = Sides;

    fn deref(&self) -> &Sides {
        &self.0
    }
}

impl DeskTable {
    /// A new campaign of `game` on a fresh server, with `options` when given.
    pub async fn new(game: &str, options: Option<Value>) -> DeskTable {
        let app = Arc::new(TestApp::spawn().await);
        DeskTable::on(&app, game, options, "").await
    }

    /// A new campaign of `game` on `app`, its people named with `suffix`.
    pub async fn on(
        app: &Arc<TestApp>,
        game: &str,
        options: Option<Value>,
        suffix: &str,
    ) -> DeskTable {
        let mut campaign = json!({"name": format!("Tolvajärvi {game}"), "game": game});
        if let Some(o) = options {
            campaign["scenario"] = json!({"options": o});
        }
        DeskTable(Sides::open(app, campaign, suffix).await)
    }

    /// The API path of `tail` under the campaign.
    pub fn path(&self, tail: &str) -> String {
        format!("/api/v1/campaigns/{}/{tail}", self.id)
    }

    /// `method tail` as the holder of `token`.
    pub async fn call(
        &self,
        token: &str,
        method: Method,
        tail: &str,
        body: Value,
    ) -> (StatusCode, Value) {
        self.app
            .send(method, &self.path(tail), Some(token), body)
            .await
    }

    /// A call that must answer `status`; returns the body.
    pub async fn expect(
        &self,
        token: &str,
        method: Method,
        tail: &str,
        body: Value,
        status: StatusCode,
    ) -> Value {
        let (got, answer) = self.call(token, method.clone(), tail, body).await;
        assert_eq!(got, status, "{method} {tail}: {answer}");
        answer
    }

    /// The table as the holder of `token` sees it.
    pub async fn table(&self, token: &str) -> Value {
        self.expect(token, Method::GET, "table", Value::Null, StatusCode::OK)
            .await
    }

    /// Ends the phase as the holder of `token`.
    pub async fn advance(&self, token: &str) -> Value {
        self.expect(
            token,
            Method::POST,
            "table/advance",
            json!({}),
            StatusCode::OK,
        )
        .await
    }

    /// Enters chart `code` from CSV as the umpire.
    pub async fn chart(&self, code: &str, csv: &str) -> Value {
        self.expect(
            &self.umpire,
            Method::PUT,
            &format!("charts/{code}"),
            json!({"format": "csv", "text": csv}),
            StatusCode::OK,
        )
        .await
    }

    /// Imports units from CSV as the holder of `token`; returns the view.
    pub async fn units(&self, token: &str, csv: &str) -> Value {
        self.expect(
            token,
            Method::POST,
            "units/import",
            json!({"format": "csv", "text": csv}),
            StatusCode::CREATED,
        )
        .await
    }

    /// The id of the unit named `name` in `view` (own units).
    pub fn unit_id(view: &Value, name: &str) -> String {
        view["units"]
            .as_array()
            .expect("units")
            .iter()
            .find(|u| u["name"] == name)
            .unwrap_or_else(|| panic!("no unit {name} in {view}"))["id"]
            .as_str()
            .expect("id")
            .to_owned()
    }

    /// Runs calculation `name`; returns the answer.
    pub async fn calculate(&self, token: &str, name: &str, params: Value) -> Value {
        self.expect(
            token,
            Method::POST,
            &format!("calculations/{name}"),
            params,
            StatusCode::OK,
        )
        .await
    }

    /// Runs action `name`; returns the answer (with the caller's view under `view`).
    pub async fn act(&self, token: &str, name: &str, params: Value) -> Value {
        self.expect(
            token,
            Method::POST,
            &format!("actions/{name}"),
            params,
            StatusCode::OK,
        )
        .await
    }

    /// Runs chart-reading procedure `name`; returns the last roll.
    pub async fn procedure(&self, token: &str, name: &str, params: Value) -> Value {
        let path = format!("/api/v1/campaigns/{}/procedures/{name}", self.id);
        let (status, roll) = self.app.post(&path, Some(token), params).await;
        assert_eq!(status, StatusCode::CREATED, "{name}: {roll}");
        roll
    }

    /// Every event the holder of `token` may read, as the campaign log gives it, as one text.
    pub async fn everything_seen(&self, token: &str) -> String {
        let mut seen = Vec::new();
        for tail in [
            "table",
            "table/events?limit=500",
            "charts",
            "calculations",
            "actions",
            "procedures",
            "rolls?limit=1000",
            "",
        ] {
            let path = if tail.is_empty() {
                format!("/api/v1/campaigns/{}", self.id)
            } else {
                self.path(tail)
            };
            let (_, body) = self.app.get(&path, Some(token)).await;
            seen.push(body.to_string());
        }
        let (_, export) = self.app.get(&self.path("dice/export"), Some(token)).await;
        seen.push(export.to_string());
        seen.join("\n")
    }
}
