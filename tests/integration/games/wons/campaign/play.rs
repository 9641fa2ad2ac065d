//! The harness of the demonstration campaign: commands by role, every command's new events
//! checked as the umpire and both players read them, and the checks each battle step repeats
//! (support, Force Morale, barrages, heroes, interrogations) against the views and dice log.

use crate::common::{error_code, error_message};
use crate::games::wons::client::{WonsTable, platoon_of};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::collections::BTreeMap;

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

    /// The umpire assigns `side` its support points for `battle`; only that side reads it.
    pub async fn support_points(&mut self, battle: u64, side: &str, points: u32) {
        let adjective = adjective(side);
        let told = format!(
            "{side}: The umpire assigns the {adjective} side {points} support points for battle {battle} (R1.4)."
        );
        let request = format!("PUT battles/{battle}/support-points");
        let body = json!({"side": side, "points": points});
        self.act("umpire", &request, body, &told).await;
        let view = self.view(side).await;
        assert_eq!(battle_of(&view, battle)["own_support"]["points"], points);
        self.keep(side, format!("assigns the {adjective} side"));
    }

    /// `side` buys `items` (item id, platoon, sent to a Turn Zero) for `battle`: only it reads
    /// the note and sees the purchases.
    pub async fn buy(&mut self, battle: u64, side: &str, items: &[(&str, &str, bool)]) {
        let view = self.view(side).await;
        let item = |id: &str| {
            view["support_lists"]
                .as_array()
                .expect("lists")
                .iter()
                .find(|i| i["id"] == id)
                .unwrap_or_else(|| panic!("{id} on the {side} lists"))
                .clone()
        };
        let support = &battle_of(&view, battle)["own_support"];
        let elsewhere: i64 = support["other_spending"]
            .as_array()
            .map_or(0, |o| o.iter().map(|s| number(&s[1])).sum());
        let cost: i64 = items.iter().map(|(id, ..)| number(&item(id)["list"])).sum();
        let listed: Vec<String> = items
            .iter()
            .map(|(id, p, turn_zero)| {
                let zero = if *turn_zero { " (Turn Zero)" } else { "" };
                format!(
                    "{} for {}{zero}",
                    item(id)["name"].as_str().expect("name"),
                    self.name(p)
                )
            })
            .collect();
        let note = format!(
            "{side}: The {} side's support for battle {battle}: {}; {} of {} points spent.",
            adjective(side),
            listed.join(", "),
            cost + elsewhere,
            support["points"]
        );
        let purchases: Vec<Value> = items
            .iter()
            .map(|(id, p, zero)| json!({"item": id, "platoon": p, "turn_zero": zero}))
            .collect();
        let request = format!("PUT battles/{battle}/support");
        let body = json!({ "purchases": purchases });
        // An enemy that knows this battle's support from a prisoner (R25) hears of the change,
        // by the purchases' names.
        let known =
            !battle_of(&self.view(enemy(side)).await, battle)["enemy_support_revealed"].is_null();
        let bought_names: Vec<String> = items
            .iter()
            .map(|(id, ..)| item(id)["name"].as_str().expect("name").to_owned())
            .collect();
        let told = if known {
            format!(
                "\n{}: Prisoners' word on battle {battle}: the {} support is now {}.",
                enemy(side),
                adjective(side),
                if bought_names.is_empty() {
                    "nothing".to_owned()
                } else {
                    bought_names.join(", ")
                }
            )
        } else {
            String::new()
        };
        self.act(side, &request, body, &format!("{note}{told}"))
            .await;
        let mine = self.view(side).await;
        let bought = battle_of(&mine, battle)["own_support"]["purchases"].clone();
        let wanted: Vec<Value> = items
            .iter()
            .map(|(id, p, zero)| json!([id, p, zero, item(id)["list"]]))
            .collect();
        let got: Vec<Value> = bought
            .as_array()
            .expect("purchases")
            .iter()
            .map(|b| json!([b["item"], b["platoon"], b["turn_zero"], b["cost"]]))
            .collect();
        assert_eq!(got, wanted, "the {side} purchases");
        let theirs = self.view(enemy(side)).await;
        let seen = &battle_of(&theirs, battle)["own_support"];
        assert!(
            seen.is_null() || seen["side"] == enemy(side),
            "the enemy sees no {side} support: {seen}"
        );
        self.keep(
            side,
            format!("The {} side's support for battle", adjective(side)),
        );
        // A prisoner the enemy interrogated since its last battle who gave good information
        // told it this side's support choices for this battle (R25): only their names.
        let revealed = battle_of(&theirs, battle)["enemy_support_revealed"].clone();
        let names: Vec<String> = items
            .iter()
            .map(|(id, ..)| item(id)["name"].as_str().expect("name").to_owned())
            .collect();
        if !revealed.is_null() {
            assert_eq!(revealed, json!(names), "what the prisoner told");
            for name in &names {
                self.forget(side, name);
            }
        }
        for (id, _, turn_zero) in items {
            // A recon unit sent ahead fights its Turn Zero in front of both sides.
            if !turn_zero {
                self.keep(side, *id);
                if revealed.is_null() {
                    self.keep(side, item(id)["name"].as_str().expect("name"));
                }
            }
        }
    }

    /// A side's starting Force Morale for `battle`, rolled by its player (or by the umpire,
    /// naming the side): the table's result for the die less the Exhaustion of its most
    /// exhausted platoon there and one in Darkness, told to that side only, its die the dice
    /// log's.
    pub async fn force_morale(
        &mut self,
        battle: u64,
        side: &str,
        by_umpire: bool,
        platoons: &[&str],
    ) {
        let request = format!("POST battles/{battle}/force-morale");
        if by_umpire {
            self.ok("umpire", &request, json!({"side": side})).await;
        } else {
            self.ok(side, &request, json!({})).await;
        }
        let view = self.view(side).await;
        let sheet = &battle_of(&view, battle)["own_sheet"];
        assert_eq!(sheet["side"], side);
        let fm = &sheet["force_morale"];
        let die = number(&fm["die"]);
        let result = FORCE_MORALE[usize::try_from(die).expect("a face")];
        assert_eq!(
            number(&fm["result"]),
            result,
            "the table's result for {die}"
        );
        let exhaustion = platoons
            .iter()
            .map(|p| number(&platoon_of(&view, p)["exhaustion"]))
            .max()
            .expect("platoons");
        assert_eq!(number(&sheet["exhaustion"]), exhaustion);
        // The pack's Hour 1 is 06:00 and Daylight starts at 09:00.
        let dark = number(&battle_of(&view, battle)["hour"]) <= 3;
        assert_eq!(sheet["darkness"], dark);
        let mut wanted = Vec::new();
        if exhaustion > 0 {
            wanted.push(json!({"name": "Exhaustion", "amount": -exhaustion}));
        }
        if dark {
            wanted.push(json!({"name": "Darkness", "amount": -1}));
        }
        assert_eq!(
            fm["modifiers"],
            json!(wanted),
            "full platoons: no R3 modifier"
        );
        let value = (result + wanted.iter().map(|m| number(&m["amount"])).sum::<i64>()).max(0);
        assert_eq!(number(&fm["value"]), value);
        let listed: String = wanted
            .iter()
            .map(|m| {
                format!(
                    ", {} {:+}",
                    m["name"].as_str().expect("name"),
                    number(&m["amount"])
                )
            })
            .collect();
        let adjective = adjective(side);
        let told = format!(
            "{side}: The {adjective} force in battle {battle} starts with Force Morale {value}: rolled {die}, table {result}{listed}."
        );
        self.check(&request, expect(&told), true).await;
        let rolls = self.rolls("umpire").await;
        let purpose = format!("Starting Force Morale of the {adjective} force");
        let rolled = roll(
            &rolls,
            &[&purpose, &format!("in battle {battle} (R2, R3, R5.4)")],
        );
        assert_eq!(faces(rolled), [die], "the die is the dice log's");
        let theirs = self.view(enemy(side)).await;
        let seen = &battle_of(&theirs, battle)["own_sheet"];
        assert!(
            seen.is_null() || seen["side"] == enemy(side),
            "the enemy sees no {side} sheet: {seen}"
        );
        self.keep(
            side,
            format!("The {adjective} force in battle {battle} starts"),
        );
        self.keep(side, purpose);
    }

    /// `side` fires a barrage before `battle`; the server rolls it, the dice log agrees with the
    /// record, a late barrage is the side's secret and one that fires is told to both.
    pub async fn barrage(&mut self, battle: u64, side: &str, code: &str, targets: &[&str]) {
        let request = format!("POST battles/{battle}/barrages");
        let body = json!({"barrage": code, "targets": targets, "observer": side == "finnish"});
        self.ok(side, &request, body).await;
        let view = self.view(side).await;
        let record = battle_of(&view, battle)["own_barrages"]
            .as_array()
            .expect("barrages")
            .last()
            .expect("the barrage is recorded")
            .clone();
        assert_eq!(record["barrage"], code);
        let adjective = adjective(side);
        let title = record["title"].as_str().expect("title");
        let rolls = self.rolls("umpire").await;
        let prefix = format!("{adjective} {title} for battle {battle}: ");
        let die = number(&record["availability_die"]);
        let availability = roll(&rolls, &[&format!("{prefix}availability (R23.1)")]);
        assert_eq!(faces(availability), [die]);
        if record["accuracy_total"].is_null() {
            assert_eq!((die, &record["availability"]), (1, &json!("late")));
            let told = format!(
                "{side}: The {adjective} {title} for battle {battle} is late (rolled 1): try again next Turn."
            );
            self.check(&request, expect(&told), true).await;
        } else {
            assert!(die >= 2, "available on 2–6");
            let total = number(&record["accuracy_total"]);
            let accuracy = roll(&rolls, &[&format!("{prefix}accuracy (R23.1)")]);
            assert_eq!(faces(accuracy).iter().sum::<i64>(), total);
            let told =
                format!("all: Before battle {battle} the {adjective} {title} (accuracy {total}): ");
            let events = self.check(&request, expect(&told), true).await;
            let on_target = (5..=16).contains(&total);
            assert_eq!(record["accuracy"] == "on_target", on_target, "{record}");
            let hits = record["hits"].as_array().expect("hits");
            assert_eq!(hits.len(), if on_target { targets.len() } else { 0 });
            for hit in hits {
                let target = hit["target"].as_str().expect("target");
                let purpose = format!("{prefix}direct hit on {target} (R23.1)");
                let total = faces(roll(&rolls, &[&purpose])).iter().sum::<i64>();
                assert_eq!(number(&hit["total"]), total);
                let word = if hit["hit"] == true { "hit" } else { "missed" };
                let text = sentence(&events[0]);
                assert!(
                    text.contains(&format!("{target} {word} ({total})")),
                    "{text}"
                );
            }
        }
        let theirs = self.view(enemy(side)).await;
        assert!(
            battle_of(&theirs, battle)["own_barrages"]
                .as_array()
                .expect("barrages")
                .iter()
                .all(|r| r["side"] == enemy(side)),
            "the enemy gets no {side} barrage record"
        );
        self.keep(side, format!("{adjective} {title} for battle {battle}"));
    }

    /// The umpire obtains `hero` (a roster entry) for `platoon`, paid from `battle`'s support
    /// points when given; only the hero's side reads of it. Returns the note.
    pub async fn obtain(&mut self, hero: &Value, platoon: &str, battle: Option<u64>) -> String {
        let id = hero["id"].as_str().expect("id");
        let side = hero["side"].as_str().expect("side");
        let mut body = json!({"platoon": platoon});
        let paid = match battle {
            Some(b) => {
                body["battle"] = json!(b);
                body["element"] = json!("1st Section");
                format!("(R1.4.2; {} support points from battle {b}", hero["cost"])
            }
            None => format!("(R1.4.2; {} support points).", hero["cost"]),
        };
        let joins = format!(
            "{side}: {} {} joins {} (",
            hero["rank"].as_str().expect("rank"),
            hero["name"].as_str().expect("name"),
            self.name(platoon)
        );
        let request = format!("POST heroes/{id}/obtain");
        self.ok("umpire", &request, body).await;
        let events = self.check(&request, expect(&joins), true).await;
        let note = sentence(&events[0]).to_owned();
        assert!(note.contains(&paid), "{note}");
        let view = self.view(side).await;
        let heroes = &platoon_of(&view, platoon)["heroes"];
        assert!(heroes.as_array().expect("heroes").contains(&json!(id)));
        let own = self.heroes(side).await;
        assert!(
            own["own"]
                .as_array()
                .expect("own")
                .iter()
                .any(|h| h["id"] == id)
        );
        note
    }

    /// `side` interrogates `prisoner`, taken in `battle` (a deserter gets +1): the die read on
    /// the R25 table, told to that side only, its die the dice log's. Returns whether the side
    /// won surprise for the next battle.
    pub async fn interrogate(
        &mut self,
        battle: u64,
        side: &str,
        prisoner: &str,
        deserter: bool,
    ) -> bool {
        let request = format!("POST battles/{battle}/interrogations");
        self.ok(side, &request, json!({ "prisoner": prisoner }))
            .await;
        let view = self.view(side).await;
        let record = view["interrogations"]
            .as_array()
            .expect("interrogations")
            .iter()
            .find(|r| r["prisoner"] == prisoner)
            .expect("kept in the interrogator's view")
            .clone();
        assert_eq!(
            [&record["side"], &record["battle"]],
            [&json!(side), &json!(battle)]
        );
        let die = number(&record["interrogation"]["die"]);
        let total = die + i64::from(deserter);
        assert_eq!(
            number(&record["interrogation"]["total"]),
            total,
            "deserters +1"
        );
        let result = match total {
            ..=3 => "name_and_rank",
            4 | 5 => "good_information",
            _ => "good_information_and_surprise",
        };
        assert_eq!(record["interrogation"]["result"], result);
        let surprise = total >= 6;
        assert_eq!(record["surprise"], surprise);
        let revealed: Vec<&str> = record["revealed"]
            .as_array()
            .expect("revealed")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let outcome = match (total, revealed.is_empty()) {
            (..=3, _) => "name and rank only".to_owned(),
            (_, true) => "good information, though the enemy has no works we did not know".into(),
            (_, false) => format!("good information: {}", revealed.join("; ")),
        };
        let gained = if surprise {
            "; we gain surprise (Normal −2) in the next battle"
        } else {
            ""
        };
        let told = format!(
            "{side}: Interrogation of {prisoner} (rolled {die}, {total} in all): {outcome}{gained}."
        );
        self.check(&request, expect(&told), true).await;
        let rolls = self.rolls("umpire").await;
        let purpose = format!("Interrogation of {prisoner}, taken in battle {battle} (R25)");
        assert_eq!(faces(roll(&rolls, &[&purpose])), [die]);
        let theirs = self.view(enemy(side)).await;
        assert!(
            theirs["interrogations"]
                .as_array()
                .expect("interrogations")
                .iter()
                .all(|r| r["side"] == enemy(side)),
            "the enemy gets no {side} interrogation"
        );
        self.keep(side, format!("Interrogation of {prisoner}"));
        surprise
    }
}
