//! The harness's checks of each battle step: support points and purchases, Force Morale,
//! barrages, heroes obtained and prisoners interrogated, against the views and dice log.

use super::{
    FORCE_MORALE, Play, adjective, battle_of, enemy, expect, faces, number, roll, sentence,
};
use crate::games::wons::client::platoon_of;
use serde_json::{Value, json};

impl Play {
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
        let note = self.support_note(&view, battle, side, items);
        let purchases: Vec<Value> = items
            .iter()
            .map(|(id, p, zero)| json!({"item": id, "platoon": p, "turn_zero": zero}))
            .collect();
        let request = format!("PUT battles/{battle}/support");
        let body = json!({ "purchases": purchases });
        let told = self.prisoners_word(&view, battle, side, items).await;
        self.act(side, &request, body, &format!("{note}{told}"))
            .await;
        self.check_purchases(&view, battle, side, items).await;
    }

    /// The note `side` reads of its purchases for `battle`: the items, and the points spent of
    /// those it has, counting what it spent elsewhere (`view` is its view before buying).
    fn support_note(
        &self,
        view: &Value,
        battle: u64,
        side: &str,
        items: &[(&str, &str, bool)],
    ) -> String {
        let item = |id: &str| list_item(view, side, id);
        let support = &battle_of(view, battle)["own_support"];
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
        format!(
            "{side}: The {} side's support for battle {battle}: {}; {} of {} points spent.",
            adjective(side),
            listed.join(", "),
            cost + elsewhere,
            support["points"]
        )
    }

    /// What the enemy is told of the purchases, when it knows this battle's support from a
    /// prisoner; else nothing.
    async fn prisoners_word(
        &self,
        view: &Value,
        battle: u64,
        side: &str,
        items: &[(&str, &str, bool)],
    ) -> String {
        let item = |id: &str| list_item(view, side, id);
        // An enemy that knows this battle's support from a prisoner (R25) hears of the change,
        // by the purchases' names.
        let known =
            !battle_of(&self.view(enemy(side)).await, battle)["enemy_support_revealed"].is_null();
        let bought_names: Vec<String> = items
            .iter()
            .map(|(id, ..)| item(id)["name"].as_str().expect("name").to_owned())
            .collect();
        if known {
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
        }
    }

    /// `side` sees its purchases, the enemy none of them (only their names, when a prisoner
    /// told it); keeps what stays secret.
    async fn check_purchases(
        &mut self,
        view: &Value,
        battle: u64,
        side: &str,
        items: &[(&str, &str, bool)],
    ) {
        let item = |id: &str| list_item(view, side, id);
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

/// The item `id` on `side`'s support lists in `view`.
fn list_item(view: &Value, side: &str, id: &str) -> Value {
    view["support_lists"]
        .as_array()
        .expect("lists")
        .iter()
        .find(|i| i["id"] == id)
        .unwrap_or_else(|| panic!("{id} on the {side} lists"))
        .clone()
}
