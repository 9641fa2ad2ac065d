//! The WoNS table: one campaign with its umpire and both players, and a typed call for each
//! thing the tests do with the game's API and pages.

use crate::common::{Sides, TestApp};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::fmt::Display;
use std::ops::Deref;
use std::sync::Arc;

/// A WoNS campaign with an umpire and one player on each side; the server, id and tokens are
/// its `Sides`'.
pub struct WonsTable(Sides);

impl Deref for WonsTable {
    type Target = Sides;

    fn deref(&self) -> &Sides {
        &self.0
    }
}

/// The demo pack with the Finnish 1st Platoon moved up to step C, beside the Soviet vanguard.
fn contact_pack() -> String {
    let demo = include_str!("../../../../scenarios/wons-demo.toml");
    let from =
        "id = \"fin-1\"\nname = \"1st Platoon, 3rd Company\"\nside = \"finnish\"\nstep = \"D\"";
    assert!(demo.contains(from), "the demo pack still has fin-1 at D");
    demo.replacen(from, &from.replace("step = \"D\"", "step = \"C\""), 1)
}

/// One of the side's own platoons in its view.
pub fn platoon_of<'a>(view: &'a Value, id: &str) -> &'a Value {
    view["platoons"]
        .as_array()
        .expect("platoons")
        .iter()
        .find(|p| p["id"] == id)
        .unwrap_or_else(|| panic!("{id} in the {} view", view["side"]))
}

impl WonsTable {
    /// The demonstration campaign on a fresh server.
    pub async fn new() -> WonsTable {
        WonsTable(Sides::new("wons", None).await)
    }

    /// The contact campaign on a fresh server: the demo pack with the Finnish 1st Platoon at C,
    /// beside the Soviet vanguard.
    pub async fn contact() -> WonsTable {
        WonsTable(Sides::new("wons", Some(&contact_pack())).await)
    }

    /// The benchmark's long campaign (see `common::long_campaign`) on a fresh server, with
    /// `reserves` more Finnish platoons to take turns in its battles.
    pub async fn long(reserves: usize) -> WonsTable {
        let pack = crate::common::long_campaign::bench_pack(reserves);
        WonsTable(Sides::new("wons", Some(&pack)).await)
    }

    /// Plays Hours `hours` of the long campaign as the benchmark does: a battle opens at the
    /// start of every round of four Hours, the umpire records it and the captors interrogate
    /// their prisoner. Answers how many battles were fought; every refusal fails the test.
    pub async fn play_long(&self, hours: std::ops::Range<usize>) -> usize {
        self.play_long_watching(hours, async || {}).await
    }

    /// As `play_long`, calling `watch` after each side's ready mark (the resolving one among
    /// them begins the next Hour) and after each battle's result is recorded (which keeps the
    /// state after it as a battle step of the story).
    pub async fn play_long_watching(
        &self,
        hours: std::ops::Range<usize>,
        mut watch: impl AsyncFnMut(),
    ) -> usize {
        use crate::common::long_campaign::{Phase, battle_report, orders};
        let mut battles = 0;
        for hour in hours {
            let mut sides = Vec::new();
            let mut last = Value::Null;
            for (side, token) in [("soviet", &self.soviet), ("finnish", &self.finn)] {
                let view = self.view(token).await;
                let (given, chosen) = orders(&view, Phase::of(hour));
                let (status, body) = self.put(token, "orders", given).await;
                assert!(status.is_success(), "Hour {hour}, {side} orders: {body}");
                let (status, body) = self.ready(token).await;
                assert!(status.is_success(), "Hour {hour}, {side} ready: {body}");
                watch().await;
                last = body;
                sides.push((side, token, view, chosen));
            }
            for b in last["battles"].as_array().cloned().unwrap_or_default() {
                if b["status"]["status"] != "pending" {
                    continue;
                }
                let n = b["id"].as_u64().expect("battle id");
                let attacking = b["attacker"].as_str().expect("attacker");
                let (_, _, view, attacker) =
                    sides.iter().find(|s| s.0 == attacking).expect("attacker");
                let attacker = attacker
                    .as_deref()
                    .expect("the attacking side chose a platoon");
                let (report, prisoner) = battle_report(n, attacking, attacker, view);
                let (status, body) = self.result(n, report).await;
                assert!(status.is_success(), "battle {n}: {body}");
                watch().await;
                let captors = sides.iter().find(|s| s.0 != attacking).expect("captors").1;
                let asked = json!({ "prisoner": prisoner });
                let (status, body) = self
                    .post(captors, &format!("battles/{n}/interrogations"), asked)
                    .await;
                assert!(status.is_success(), "battle {n}, {prisoner}: {body}");
                battles += 1;
            }
        }
        battles
    }

    /// Another demonstration campaign called `name` on `app`, between the new users
    /// `umpire<suffix>`, `soviet<suffix>` and `finn<suffix>`.
    pub async fn open(app: &Arc<TestApp>, name: &str, suffix: &str) -> WonsTable {
        let campaign = json!({"name": name, "game": "wons"});
        WonsTable(Sides::open(app, campaign, suffix).await)
    }

    /// The API path of `tail` under the campaign's `wons/`.
    pub fn path(&self, tail: &str) -> String {
        format!("/api/v1/campaigns/{}/wons/{tail}", self.id)
    }

    /// `method wons/<tail>` as the holder of `token`.
    pub async fn send(
        &self,
        method: Method,
        token: &str,
        tail: &str,
        body: Value,
    ) -> (StatusCode, Value) {
        self.app
            .send(method, &self.path(tail), Some(token), body)
            .await
    }

    /// `POST wons/<tail>` as the holder of `token`.
    pub async fn post(&self, token: &str, tail: &str, body: Value) -> (StatusCode, Value) {
        self.send(Method::POST, token, tail, body).await
    }

    /// `PUT wons/<tail>` as the holder of `token`.
    pub async fn put(&self, token: &str, tail: &str, body: Value) -> (StatusCode, Value) {
        self.send(Method::PUT, token, tail, body).await
    }

    /// `GET wons/<tail>` as the holder of `token`, which must answer 200.
    pub async fn read(&self, token: &str, tail: &str) -> Value {
        let (status, body) = self.send(Method::GET, token, tail, Value::Null).await;
        assert_eq!(status, StatusCode::OK, "{tail}: {body}");
        body
    }

    /// The WoNS view of the holder of `token`.
    pub async fn view(&self, token: &str) -> Value {
        self.read(token, "view").await
    }

    /// The event log as the holder of `token` reads it (up to 500 events), newest first.
    pub async fn events(&self, token: &str) -> Value {
        self.read(token, "events?limit=500").await
    }

    /// The order `order` for `platoon`, given by the holder of `token`.
    pub async fn order(&self, token: &str, platoon: &str, order: Value) -> (StatusCode, Value) {
        self.put(token, &format!("orders/{platoon}"), order).await
    }

    /// The holder of `token` marks the side's orders ready.
    pub async fn ready(&self, token: &str) -> (StatusCode, Value) {
        self.post(token, "ready", json!({"confirm_defaults": true}))
            .await
    }

    /// The holder of `token` orders every platoon of `view` (the side's) to Defend and marks
    /// the side's orders ready.
    pub async fn defend_and_ready(&self, token: &str, view: &Value) -> (StatusCode, Value) {
        for p in view["platoons"].as_array().expect("platoons") {
            let platoon = p["id"].as_str().expect("id");
            self.order(token, platoon, json!({"action": "defend"}))
                .await;
        }
        self.ready(token).await
    }

    /// The umpire records the result `result` of battle `battle`.
    pub async fn result(&self, battle: impl Display, result: Value) -> (StatusCode, Value) {
        self.post(&self.umpire, &format!("battles/{battle}/result"), result)
            .await
    }

    /// The heroes view of the holder of `token`.
    pub async fn heroes(&self, token: &str) -> Value {
        self.read(token, "heroes").await
    }

    /// The holder of `token` asks for `hero` with `body` (the platoon, perhaps the element).
    pub async fn obtain(&self, token: &str, hero: &str, body: Value) -> (StatusCode, Value) {
        self.post(token, &format!("heroes/{hero}/obtain"), body)
            .await
    }

    /// The umpire rolls `fate` (`hits`, `capture-attempts`, `escape-attempts`) for `hero`.
    pub async fn fate(&self, hero: &str, fate: &str, body: Value) -> (StatusCode, Value) {
        self.post(&self.umpire, &format!("heroes/{hero}/{fate}"), body)
            .await
    }

    /// The server-wide roster's entry for `hero`, as the holder of `token` reads it.
    pub async fn roster_entry(&self, token: &str, hero: &str) -> Value {
        let (status, body) = self
            .app
            .get(&format!("/api/v1/heroes/{hero}"), Some(token))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body
    }

    /// The campaign's page `tail` (`wons`, `heroes`) as the holder of `token` reads it.
    pub async fn page(&self, token: &str, tail: &str) -> String {
        let res = self
            .app
            .api()
            .get(format!("{}/campaigns/{}/{tail}", self.app.url, self.id))
            .bearer_auth(token)
            .send()
            .await
            .expect("page");
        assert_eq!(res.status(), StatusCode::OK, "{tail}");
        res.text().await.expect("html")
    }

    /// In the contact campaign, the Soviet vanguard attacks the Finns at C and the Hour resolves.
    pub async fn open_battle_at_c(&self) {
        // One platoon of the leading stack makes the initial attack (R2); its stack-mate stands by.
        for (platoon, order) in [
            ("sov-1", json!({"action": "attack", "table": "red"})),
            ("sov-2", json!({"action": "defend"})),
        ] {
            let (status, body) = self.order(&self.soviet, platoon, order).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        for token in [&self.soviet, &self.finn] {
            let (status, body) = self.ready(token).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }

    /// Everything the holder of `token` (user `name`) reads of the campaign: its view, events,
    /// rolls, the game and heroes pages, the campaign, its dice export and its heroes.
    pub async fn everything_read_by(&self, token: &str, name: &str) -> Vec<String> {
        let view = self.view(token).await.to_string();
        let events = self.events(token).await.to_string();
        let rolls = json!(self.rolls(token).await).to_string();
        let b = self.app.signed_in(name, "a side's browser").await;
        let mut received = vec![view, events, rolls];
        for path in ["wons", "heroes"] {
            let page = format!("/campaigns/{}/{path}", self.id);
            received.push(self.app.html(&b, &page).await);
        }
        // The campaign, its dice export, its heroes and every battle. (The server-wide roster lists every hero
        // by name for everyone; the hero tests check that a side reads it exactly as an outsider
        // does.)
        for path in [
            format!("/api/v1/campaigns/{}", self.id),
            format!("/api/v1/campaigns/{}/dice/export", self.id),
            self.path("heroes"),
            self.path("battles?limit=100"),
        ] {
            let (status, body) = self.app.get(&path, Some(token)).await;
            assert_eq!(status, StatusCode::OK, "{path}: {body}");
            received.push(body.to_string());
        }
        received
    }
}
