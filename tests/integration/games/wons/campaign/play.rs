//! The harness of the demonstration campaign: commands by role, every command's new events
//! checked as the umpire and both players read them; the checks each battle step repeats
//! (support, Force Morale, barrages, heroes, interrogations) are in `battle`.

use crate::common::{error_code, error_message};
use crate::games::wons::client::WonsTable;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::collections::BTreeMap;

mod battle;

/// The campaign's default starting Force Morale table, by die face (1→8, 2–3→9, 4–5→10, 6→11).
const FORCE_MORALE: [i64; 7] = [0, 8, 9, 9, 10, 10, 11];

/// Who may read an event: `public`, `soviet` or `finnish`.
type Audience = &'static str;

/// An event expected after a command: who may read it and a distinctive part of its sentence.
pub type Expect = (Audience, String);

/// Expected events, one a line: `all:`, `soviet:` or `finnish:`, then a distinctive part of
/// the sentence.
pub fn expect(lines: &str) -> Vec<Expect> {
    lines
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (who, text) = l.split_once(": ").unwrap_or_else(|| panic!("'{l}'"));
            let audience = match who {
                "all" => "public",
                "soviet" => "soviet",
                "finnish" => "finnish",
                other => panic!("no audience '{other}'"),
            };
            (audience, text.to_owned())
        })
        .collect()
}

fn sentence(event: &Value) -> &str {
    event["sentence"].as_str().expect("a sentence")
}

fn seq(event: &Value) -> i64 {
    event["seq"].as_i64().expect("seq")
}

/// An integer of a JSON document.
pub fn number(value: &Value) -> i64 {
    value
        .as_i64()
        .unwrap_or_else(|| panic!("a number: {value}"))
}

/// "Soviet" or "Finnish".
pub fn adjective(side: &str) -> &'static str {
    if side == "soviet" {
        "Soviet"
    } else {
        "Finnish"
    }
}

/// The other side.
pub fn enemy(side: &str) -> &'static str {
    if side == "soviet" {
        "finnish"
    } else {
        "soviet"
    }
}

/// A battle in a side's view, or in the umpire's.
pub fn battle_of(view: &Value, id: u64) -> &Value {
    let battles = if view["state"].is_object() {
        &view["state"]["battles"]
    } else {
        &view["battles"]
    };
    battles
        .as_array()
        .expect("battles")
        .iter()
        .find(|b| b["id"] == id)
        .unwrap_or_else(|| panic!("battle {id}"))
}

/// Men of `role` in `element` of a platoon.
pub fn men(platoon: &Value, element: &str, role: &str) -> i64 {
    element_of(platoon, element)["men"][role]
        .as_i64()
        .unwrap_or(0)
}

/// Every man of `element`.
pub fn element_men(platoon: &Value, element: &str) -> i64 {
    element_of(platoon, element)["men"]
        .as_object()
        .map_or(0, |m| m.values().map(number).sum())
}

fn element_of<'a>(platoon: &'a Value, element: &str) -> &'a Value {
    platoon["toe"]
        .as_array()
        .expect("toe")
        .iter()
        .find(|e| e["name"] == element)
        .unwrap_or_else(|| panic!("{element} in {}", platoon["id"]))
}

/// The names of a platoon's retained items.
pub fn retained_names(platoon: &Value) -> Vec<&str> {
    platoon["retained"]
        .as_array()
        .expect("retained")
        .iter()
        .filter_map(|r| r["name"].as_str())
        .collect()
}

/// The id of a platoon's retained item called `name`.
pub fn retained_id(platoon: &Value, name: &str) -> String {
    platoon["retained"]
        .as_array()
        .expect("retained")
        .iter()
        .find(|r| r["name"] == name)
        .and_then(|r| r["id"].as_str())
        .unwrap_or_else(|| panic!("{name} retained by {}", platoon["id"]))
        .to_owned()
}

/// The one roll of the dice log whose purpose contains every part.
pub fn roll<'a>(rolls: &'a [Value], parts: &[&str]) -> &'a Value {
    let found: Vec<&Value> = rolls
        .iter()
        .filter(|r| {
            r["purpose"]
                .as_str()
                .is_some_and(|p| parts.iter().all(|part| p.contains(part)))
        })
        .collect();
    assert_eq!(found.len(), 1, "one roll for {parts:?}: {found:?}");
    found[0]
}

/// The faces of a roll.
pub fn faces(roll: &Value) -> Vec<i64> {
    roll["draws"]
        .as_array()
        .expect("draws")
        .iter()
        .map(|d| number(&d[1]))
        .collect()
}

/// The title an order's action has in the log.
fn title(order: &Value) -> &'static str {
    match order["action"].as_str().expect("action") {
        "attack" => "Attack",
        "defend" => "Defend",
        "rest" => "Rest",
        "consolidate_defenses" => "Consolidate Defenses",
        other => panic!("no title for '{other}'"),
    }
}

/// An event's audience and sentence, which identify it across readers.
fn key(e: &Value) -> (String, String) {
    (e["audience"].to_string(), sentence(e).to_owned())
}

/// The demonstration campaign as it is played, with what has been checked so far.
pub struct Play {
    /// The campaign and its three participants.
    pub c: WonsTable,
    /// The last event checked, in each reader's own numbering.
    seen: BTreeMap<&'static str, i64>,
    /// Platoon names by id.
    names: BTreeMap<String, String>,
    /// What each side must keep from the other, gathered as it happens.
    pub secrets: BTreeMap<String, Vec<String>>,
}

impl Play {
    /// The contact campaign (the demo pack with the Finnish 1st Platoon moved up to C, beside
    /// the Soviet vanguard), so that the first battle comes in Hour 1 and the rest follow at C;
    /// the opening events count as read.
    pub async fn start() -> Play {
        let c = WonsTable::contact().await;
        let umpire = c.view(&c.umpire).await;
        let names = umpire["state"]["platoons"]
            .as_object()
            .expect("platoons")
            .iter()
            .map(|(id, p)| (id.clone(), p["name"].as_str().expect("name").to_owned()))
            .collect();
        let mut play = Play {
            c,
            seen: BTreeMap::new(),
            names,
            secrets: BTreeMap::new(),
        };
        for who in ["umpire", "soviet", "finnish"] {
            let last = play.new_events(who).await.last().map_or(-1, seq);
            play.seen.insert(who, last);
        }
        play
    }

    /// The token of `who`: `umpire`, `soviet` or `finnish`.
    pub fn token(&self, who: &str) -> &str {
        match who {
            "soviet" => &self.c.soviet,
            "finnish" => &self.c.finn,
            _ => &self.c.umpire,
        }
    }

    /// A platoon's name.
    pub fn name(&self, platoon: &str) -> &str {
        &self.names[platoon]
    }

    /// Something `side` must keep from its enemy.
    pub fn keep(&mut self, side: &str, secret: impl Into<String>) {
        let secret = secret.into();
        let list = self.secrets.entry(side.to_owned()).or_default();
        if !list.contains(&secret) {
            list.push(secret);
        }
    }

    /// Something `side` kept from its enemy until now, which the enemy has rightly learned.
    fn forget(&mut self, side: &str, secret: &str) {
        if let Some(list) = self.secrets.get_mut(side) {
            list.retain(|s| s != secret);
        }
    }

    /// The WoNS view of `who`.
    pub async fn view(&self, who: &str) -> Value {
        self.c.view(self.token(who)).await
    }

    /// The dice log as `who` reads it.
    pub async fn rolls(&self, who: &str) -> Vec<Value> {
        self.c.rolls(self.token(who)).await
    }

    /// The heroes view of `who`.
    pub async fn heroes(&self, who: &str) -> Value {
        self.c.heroes(self.token(who)).await
    }

    /// Whether `side` has met hero `id`.
    pub async fn met(&self, side: &str, id: &str) -> bool {
        self.heroes(side).await["met"]
            .as_array()
            .expect("met")
            .iter()
            .any(|h| h["id"] == id)
    }

    /// The events `who` reads that came after the last check, oldest first.
    async fn new_events(&self, who: &str) -> Vec<Value> {
        let events = self.c.events(self.token(who)).await;
        let mut new: Vec<Value> = events
            .as_array()
            .expect("events")
            .iter()
            .filter(|e| seq(e) > self.seen.get(who).copied().unwrap_or(-1))
            .cloned()
            .collect();
        new.reverse();
        new
    }

    /// Checks the events logged since the last check, as the umpire and each player read them:
    /// each side reads exactly the new events addressed to it or to all; each expected event is
    /// there once, with its audience; with `only`, nothing else is. Returns them, oldest first.
    pub async fn check(&mut self, what: &str, expected: Vec<Expect>, only: bool) -> Vec<Value> {
        let all = self.new_events("umpire").await;
        let sides = [
            ("soviet", self.new_events("soviet").await),
            ("finnish", self.new_events("finnish").await),
        ];
        let listing = |events: &[&Value]| {
            events
                .iter()
                .map(|e| format!("  [{}] {}", e["audience"], sentence(e)))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let everything: Vec<&Value> = all.iter().collect();
        for (side, list) in &sides {
            // Each reader numbers the events it may read on its own: events are matched by
            // audience and sentence.
            let readable: Vec<(String, String)> = all
                .iter()
                .filter(|e| e["audience"] == "public" || e["audience"] == *side)
                .map(key)
                .collect();
            assert_eq!(
                list.iter().map(key).collect::<Vec<_>>(),
                readable,
                "{what}: the {side} side reads the new events addressed to it or to all, no others:\n{}",
                listing(&everything)
            );
        }
        let mut left = everything.clone();
        for (audience, text) in &expected {
            let i = left
                .iter()
                .position(|e| sentence(e).contains(text.as_str()))
                .unwrap_or_else(|| {
                    panic!(
                        "{what}: no new event says '{text}'; the new events:\n{}",
                        listing(&everything)
                    )
                });
            let event = left.remove(i);
            assert_eq!(
                event["audience"],
                *audience,
                "{what}: '{}'",
                sentence(event)
            );
            for (side, list) in &sides {
                assert_eq!(
                    list.iter().any(|e| key(e) == key(event)),
                    *audience == "public" || audience == side,
                    "{what}: whether the {side} side reads '{}'",
                    sentence(event)
                );
            }
        }
        if only {
            assert!(left.is_empty(), "{what}: unexpected:\n{}", listing(&left));
        }
        if let Some(last) = all.last() {
            self.seen.insert("umpire", seq(last));
        }
        for (side, list) in &sides {
            if let Some(last) = list.last() {
                self.seen.insert(side, seq(last));
            }
        }
        all
    }

    /// `request` ("PUT orders/sov-1", under the campaign's `wons/`) by `who`.
    pub async fn send(&self, who: &str, request: &str, body: Value) -> (StatusCode, Value) {
        let (method, path) = request.split_once(' ').expect("METHOD path");
        let method = Method::from_bytes(method.as_bytes()).expect("a method");
        self.c.send(method, self.token(who), path, body).await
    }

    /// A command that must succeed; its events are for the caller to check.
    pub async fn ok(&self, who: &str, request: &str, body: Value) -> Value {
        let (status, answer) = self.send(who, request, body).await;
        assert!(status.is_success(), "{request}: {status} {answer}");
        answer
    }

    /// A command that must succeed and log exactly the `expected` events (see [`expect`]).
    pub async fn act(&mut self, who: &str, request: &str, body: Value, expected: &str) {
        self.ok(who, request, body).await;
        self.check(request, expect(expected), true).await;
    }

    /// A command that must be refused as `refusal` says ("422 code: words | more words"): the
    /// status, the error code and words the message contains. Nothing is logged.
    pub async fn refused(&mut self, who: &str, request: &str, body: Value, refusal: &str) {
        let (head, words) = refusal.split_once(": ").expect("'status code: words'");
        let (status, code) = head.split_once(' ').expect("'status code'");
        let (got, answer) = self.send(who, request, body).await;
        assert_eq!(got.as_str(), status, "{request}: {answer}");
        assert_eq!(error_code(&answer), code, "{request}: {answer}");
        let message = error_message(&answer);
        for word in words.split(" | ") {
            assert!(message.contains(word), "'{message}' names '{word}'");
        }
        self.check(&format!("refused {request}"), Vec::new(), true)
            .await;
    }

    /// One Hour: every platoon's order (only its side reads the note of it), both sides ready,
    /// the resolution. Besides `expected`, the Hour logs the ready notes, its resolution, each
    /// platoon's fatigue for its own side only and the clock moving on.
    pub async fn hour(&mut self, orders: &[(&str, Value)], expected: &str) {
        let before = self.view("umpire").await;
        let label = before["campaign"]["hour_label"].as_str().expect("label");
        let side = |id: &str| {
            before["state"]["platoons"][id]["side"]
                .as_str()
                .expect("side")
        };
        for (id, order) in orders {
            let note = format!(
                "{}: {} orders given: {}: {}.",
                side(id),
                adjective(side(id)),
                self.name(id),
                title(order)
            );
            self.act(side(id), &format!("PUT orders/{id}"), order.clone(), &note)
                .await;
        }
        let ready = "all: The Soviet side has marked its orders ready.";
        self.act("soviet", "POST ready", json!({}), ready).await;
        self.ok("finnish", "POST ready", json!({})).await;
        let after = self.view("umpire").await;
        assert_eq!(
            number(&after["campaign"]["hour"]),
            number(&before["campaign"]["hour"]) + 1,
            "the Hour resolved"
        );
        let mut lines = vec![
            "all: The Finnish side has marked its orders ready.".to_owned(),
            format!("all: {label} resolves."),
            format!(
                "all: The clock moves on: {}.",
                after["campaign"]["hour_label"].as_str().expect("label")
            ),
        ];
        for (id, order) in orders {
            lines.push(format!(
                "{}: {}: fatigue {} → {} ({}",
                side(id),
                self.name(id),
                before["state"]["platoons"][*id]["fatigue"],
                after["state"]["platoons"][*id]["fatigue"],
                title(order)
            ));
        }
        lines.push(expected.to_owned());
        self.check(label, expect(&lines.join("\n")), false).await;
    }
}
