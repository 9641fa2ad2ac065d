//! A demonstration campaign played through the API, Hour by Hour, until three battles have been
//! fought, every command's new events checked for the umpire and both players; then what
//! neither side learns of the other's battle secrets.

mod play;

use super::client::{WonsTable, platoon_of};
use play::{
    Play, battle_of, element_men, enemy, expect, faces, men, number, retained_id, retained_names,
    roll,
};
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// The campaign after its third battle, with what the leak test needs to know.
struct Played {
    play: Play,
    /// A hero each side obtained that the enemy never met: id and name.
    unmet: BTreeMap<&'static str, (String, String)>,
    /// The hero the Finns paid for from battle 1's support points.
    paid_hero: String,
}

/// The rear platoons' orders for an Hour (Soviets rest, Finns dig) after the front's.
fn with_rear(front: &[(&'static str, Value)]) -> Vec<(&'static str, Value)> {
    let mut orders = front.to_vec();
    for p in ["sov-3", "sov-4", "sov-5", "sov-6"] {
        orders.push((p, json!({"action": "rest"})));
    }
    for p in ["fin-2", "fin-3"] {
        orders.push((p, json!({"action": "consolidate_defenses"})));
    }
    orders
}

/// The Finns' notes of their rear platoons' digging.
const REAR_DIGS: &str = "
    finnish: 2nd Platoon, 3rd Company dug at
    finnish: Ski Platoon dug at";

/// Plays the contact campaign from Hour 1 until its third battle is decided, checking every
/// command's events and consequences on the way.
async fn three_battles() -> Played {
    let mut play = Play::start().await;
    let start = play.view("umpire").await;
    assert_eq!(start["campaign"]["hour"], 1);
    assert_eq!(start["campaign"]["initiative"], "soviet");

    // Two heroes the enemy will never meet, granted by the umpire outside any battle: one in
    // the Soviet rearguard, one in the Finnish Ski Platoon.
    let roster = play
        .c
        .app
        .get("/api/v1/heroes", Some(&play.c.umpire))
        .await
        .1;
    let roster = roster.as_array().expect("roster").clone();
    let available = |side: &str, ranker: bool| {
        roster
            .iter()
            .filter(|h| h["side"] == side && h["available"] == true)
            .filter(|h| (h["grade"] == "ranker") == ranker)
            .cloned()
            .collect::<Vec<_>>()
    };
    let mut unmet = BTreeMap::new();
    for (side, hero, platoon) in [
        ("soviet", available("soviet", true)[0].clone(), "sov-5"),
        ("finnish", available("finnish", false)[0].clone(), "fin-3"),
    ] {
        play.obtain(&hero, platoon, None).await;
        let (id, name) = (hero["id"].as_str(), hero["name"].as_str());
        let hero = (id.expect("id").to_owned(), name.expect("name").to_owned());
        unmet.insert(side, hero);
    }

    // Hour 1 (Darkness): the Soviet vanguard's initial attack at C, one platoon, Red table.
    let orders = with_rear(&[
        ("sov-1", json!({"action": "attack", "table": "red"})),
        ("sov-2", json!({"action": "defend"})),
        ("fin-1", json!({"action": "defend"})),
    ]);
    let opened = "all: Battle 1 at C Woodcutters' Clearing: Soviet 1st Rifle Platoon attack(s) 1st Platoon, 3rd Company on the Red table; it waits to be fought.";
    play.hour(&orders, &format!("{REAR_DIGS}\n{opened}")).await;
    let b1 = battle_of(&play.view("umpire").await, 1).clone();
    assert_eq!(
        [&b1["hour"], &b1["status"]["status"]],
        [&json!(1), &json!("pending")]
    );
    let defend = json!({"action": "defend"});
    play.refused(
        "soviet",
        "PUT orders/sov-2",
        defend,
        "409 orders_closed: battle 1 waits",
    )
    .await;

    // Battle 1: support points for both; purchases (a recon section sent to a Turn Zero,
    // retained items); the Turn Zero; both starting Force Morales; a surprise; barrages; a hero
    // paid from the Finnish points; then the umpire's full report.
    let grenades = json!({"purchases": [{"item": "sov-grenades", "platoon": "sov-1"}]});
    let refusal = "409 no_support_points: R1.4";
    play.refused("soviet", "PUT battles/1/support", grenades, refusal)
        .await;
    play.support_points(1, "soviet", 6).await;
    play.support_points(1, "finnish", 10).await;
    let too_dear = json!({"purchases": [{"item": "sov-t26", "platoon": "sov-1"}, {"item": "sov-hmg", "platoon": "sov-1"}]});
    let refusal = "422 support_refused: cost 7 | R1.4";
    play.refused("soviet", "PUT battles/1/support", too_dear, refusal)
        .await;
    let soviet_items = [
        ("sov-recon", "sov-1", true),
        ("sov-grenades", "sov-1", false),
        ("sov-satchel", "sov-1", false),
    ];
    play.buy(1, "soviet", &soviet_items).await;
    // The Finnish mortars are bought with support points before they may fire (R23.1).
    let finnish_items = [
        ("fin-molotov", "fin-1", false),
        ("fin-smg", "fin-1", false),
        ("fin-mortar", "fin-1", false),
    ];
    play.buy(1, "finnish", &finnish_items).await;

    let turn_zero = json!({"finnish_units_deployed": 2, "killed": 1, "wounded": 1});
    let refusal = "403 forbidden: Soviet player or the umpire";
    play.refused(
        "finnish",
        "POST battles/1/turn-zero",
        turn_zero.clone(),
        refusal,
    )
    .await;
    play.ok("soviet", "POST battles/1/turn-zero", turn_zero.clone())
        .await;
    let zero = battle_of(&play.view("finnish").await, 1)["turn_zero"].clone();
    assert_eq!(
        zero["succeeded"], true,
        "two Finnish units deployed: {zero}"
    );
    assert_eq!(zero["unit"], "Reconnaissance section");
    let phases = number(&zero["extra_die_phases"]);
    let told = format!(
        "all: Turn Zero of battle 1: the Soviet Reconnaissance section made 2 Finnish unit(s) deploy, losing 1 killed and 1 wounded; it succeeded: the main Soviet force has one extra command die on the first {phases} phase(s) of Turn 1."
    );
    play.check("Turn Zero", expect(&told), true).await;
    let rolls = play.rolls("finnish").await;
    let rolled = roll(&rolls, &["Turn Zero of battle 1 (R1.4.3)"]);
    assert_eq!(
        faces(rolled),
        [phases],
        "public: the Finns read the roll too"
    );
    let refusal = "409 sheet_closed: recorded already";
    play.refused("umpire", "POST battles/1/turn-zero", turn_zero, refusal)
        .await;

    play.force_morale(1, "soviet", false, &["sov-1"]).await;
    play.force_morale(1, "finnish", false, &["fin-1"]).await;

    let half = json!({"surprised": "finnish"});
    let refusal = "422 surprise_incomplete: level";
    play.refused("umpire", "PUT battles/1/surprise", half, refusal)
        .await;
    let surprise = json!({"surprised": "finnish", "level": "heightened_awareness", "reason": "the vanguard came out of a snowstorm"});
    let told = "all: Battle 1: the Finnish force starts surprised (R4, heightened awareness), because the vanguard came out of a snowstorm: 5 command dice, 1 of them blue, 2 two-man guard teams per platoon";
    play.act("umpire", "PUT battles/1/surprise", surprise, told)
        .await;
    for side in ["soviet", "finnish"] {
        let view = play.view(side).await;
        let surprise = &battle_of(&view, 1)["surprise"];
        assert_eq!(surprise["surprised"], "finnish", "both sides read it");
        assert_eq!(surprise["effect"]["blue_dice"], 1);
    }

    let barrage = json!({"barrage": "soviet-two-82mm-mortars", "targets": ["1st Section"]});
    let refusal = "422 barrage_refused: four Hours | R23.1";
    play.refused("soviet", "POST battles/1/barrages", barrage, refusal)
        .await;
    let targets = ["1st Section", "Light Mortar Team"];
    play.barrage(1, "finnish", "finnish-two-81mm-mortars", &targets)
        .await;

    // A Finnish hero paid from the points left for battle 1; a second one is too dear.
    let finnish_view = play.view("finnish").await;
    let support = &battle_of(&finnish_view, 1)["own_support"];
    let spent: i64 = support["purchases"]
        .as_array()
        .expect("purchases")
        .iter()
        .map(|p| number(&p["cost"]))
        .sum();
    let left = number(&support["points"]) - spent;
    let roster = play
        .c
        .app
        .get("/api/v1/heroes", Some(&play.c.umpire))
        .await
        .1;
    let affordable: Vec<Value> = roster
        .as_array()
        .expect("roster")
        .iter()
        .filter(|h| h["side"] == "finnish" && h["grade"] == "ranker" && h["available"] == true)
        .filter(|h| number(&h["cost"]) <= left)
        .cloned()
        .collect();
    assert!(
        affordable.len() >= 2,
        "two Finnish rankers within {left} points"
    );
    let hero = &affordable[0];
    let hero_id = hero["id"].as_str().expect("id").to_owned();
    let hero_name = hero["name"].as_str().expect("name").to_owned();
    let section = element_men(platoon_of(&finnish_view, "fin-1"), "1st Section");
    let note = play.obtain(hero, "fin-1", Some(1)).await;
    play.keep("finnish", note.split(" (R1.4.2").next().expect("note"));
    let finnish_view = play.view("finnish").await;
    let label = format!("{} {hero_name}", hero["rank"].as_str().expect("rank"));
    assert_eq!(
        battle_of(&finnish_view, 1)["own_support"]["other_spending"],
        json!([[label, hero["cost"]]]),
        "paid from battle 1's points"
    );
    let fin1 = platoon_of(&finnish_view, "fin-1");
    assert_eq!(
        element_men(fin1, "1st Section"),
        section - 1,
        "a man made way"
    );
    assert!(
        !play.met("soviet", &hero_id).await,
        "the Soviets meet him when the battle is fought, not when he is paid for"
    );
    let second = &affordable[1];
    if number(&hero["cost"]) + number(&second["cost"]) > left {
        let request = format!("POST heroes/{}/obtain", second["id"].as_str().expect("id"));
        let body = json!({"platoon": "fin-1", "battle": 1});
        play.refused("umpire", &request, body, "422 support_refused: R1.4")
            .await;
    }

    // The umpire's full report: the Soviet attack failed after four Turns.
    let soviet_before = play.view("soviet").await;
    let finnish_before = play.view("finnish").await;
    let report = json!({
        "winner": "finnish",
        "turns": 4,
        "casualties": [
            {"platoon": "sov-1", "element": "1st Section", "role": "rifleman", "killed": 2, "wounded": 1, "missing": 2},
            {"platoon": "fin-1", "element": "2nd Section", "role": "rifleman", "killed": 1, "wounded": 1}
        ],
        "force_morale_end": [{"side": "soviet", "value": 3}, {"side": "finnish", "value": 7}],
        "support_used": ["sov-grenades", "fin-smg"],
        "prisoners": [
            {"taken_by": "finnish", "name": "Private Dudkin", "deserter": true},
            {"taken_by": "finnish", "name": "Private Kuznetsov"}
        ],
        "abandoned": [{"platoon": "sov-1", "weapon": "light_mortar"}]
    });
    play.act("umpire", "POST battles/1/result", report, "
        soviet: 1st Rifle Platoon lost from 1st Section (rifleman): 2 killed, 1 wounded, 2 missing.
        finnish: 1st Platoon, 3rd Company lost from 2nd Section (rifleman): 1 killed, 1 wounded, 0 missing.
        soviet: Kept for later battles (R1.4): Satchel charges (1st Rifle Platoon).
        finnish: Kept for later battles (R1.4): Molotov cocktails (1st Platoon, 3rd Company).
        soviet: Our Force Morale at the end of battle 1: 3.
        finnish: Our Force Morale at the end of battle 1: 7.
        all: The Finnish side took 2 prisoner(s) in battle 1; they may be interrogated (R25).
        finnish: 1 of the prisoners taken in battle 1 came over as deserters (R25).
        all: Left on the field after battle 1: light mortar (b1-d1); each may be rolled for once (R1.5).
        all: Battle 1 at C Woodcutters' Clearing: the Soviet attack failed after 4 Turn(s); both sides hold their ground and the initiative passes to the Finnish side.
    ").await;
    for (side, secret) in [
        ("soviet", "1st Rifle Platoon lost from"),
        ("finnish", "1st Platoon, 3rd Company lost from"),
        ("soviet", "Our Force Morale at the end of battle 1: 3."),
        ("finnish", "Our Force Morale at the end of battle 1: 7."),
        ("finnish", "came over as deserters"),
    ] {
        play.keep(side, secret);
    }
    let soviet_view = play.view("soviet").await;
    let finnish_view = play.view("finnish").await;
    let (sov1, fin1) = (
        platoon_of(&soviet_view, "sov-1"),
        platoon_of(&finnish_view, "fin-1"),
    );
    let before = men(
        platoon_of(&soviet_before, "sov-1"),
        "1st Section",
        "rifleman",
    );
    assert_eq!(men(sov1, "1st Section", "rifleman"), before - 5);
    let before = men(
        platoon_of(&finnish_before, "fin-1"),
        "2nd Section",
        "rifleman",
    );
    assert_eq!(men(fin1, "2nd Section", "rifleman"), before - 2);
    assert_eq!(
        retained_names(sov1),
        ["Satchel charges"],
        "grenades used, charges kept"
    );
    assert_eq!(
        retained_names(fin1),
        ["Molotov cocktails"],
        "submachine guns used"
    );
    let toe = sov1["toe"].as_array().expect("toe");
    assert!(
        toe.iter()
            .all(|e| e["weapons"].get("light_mortar").is_none())
    );
    for (view, side, used) in [
        (&soviet_view, "soviet", "sov-grenades"),
        (&finnish_view, "finnish", "fin-smg"),
    ] {
        let b = battle_of(view, 1);
        let decided = json!({"status": "decided", "winner": "finnish", "turns": 4});
        assert_eq!(b["status"], decided);
        assert_eq!(
            view["campaign"]["initiative"], "finnish",
            "a failed attack passes it"
        );
        let report = &b["report"];
        let own = &side[..3];
        let casualties = report["casualties"].as_array().expect("casualties");
        assert_eq!(casualties.len(), 1, "{side} reads its own casualties only");
        assert!(
            casualties[0]["platoon"]
                .as_str()
                .expect("id")
                .starts_with(own)
        );
        let value = if side == "soviet" { 3 } else { 7 };
        assert_eq!(
            report["force_morale_end"],
            json!([{"side": side, "value": value}])
        );
        assert_eq!(report["support_used"], json!([used]));
        let prisoners = report["prisoners"].as_array().expect("prisoners");
        // The Finns read the two they took; the Soviets count theirs among the missing and are
        // not told which of them deserted.
        let taken = if side == "finnish" { 2 } else { 0 };
        assert_eq!(prisoners.len(), taken, "{side} reads the prisoners it took");
        assert_eq!(
            b["abandoned"][0]["name"], "light mortar",
            "both read the field"
        );
        let front = platoon_of(view, if side == "soviet" { "sov-1" } else { "fin-1" });
        assert_eq!(front["step"], "C", "both sides hold their ground");
        assert!(
            front["extra_action_from"].is_null(),
            "four Turns: no extra action"
        );
    }

    // The hero fought in the battle that paid for him: a hit in it is rolled (1–3 kills, 4–6
    // wounds), and the Soviets have met him now.
    let request = format!("POST heroes/{hero_id}/hits");
    let fate = play.ok("umpire", &request, json!({"battle": 1})).await;
    let outcome = if number(&fate["die"]) <= 3 {
        "killed"
    } else {
        "wounded"
    };
    assert_eq!(fate["outcome"], outcome, "{fate}");
    play.check(&request, expect(&format!("all: {hero_name}")), true)
        .await;
    assert!(play.met("soviet", &hero_id).await, "the Soviets fought him");
    let heroes = platoon_of(&play.view("finnish").await, "fin-1")["heroes"].clone();
    let serving = heroes.as_array().expect("heroes").contains(&json!(hero_id));
    assert_eq!(serving, outcome == "wounded");

    // The Finns roll to capture the light mortar left on the field (close combat range: no
    // Darkness penalty); one roll per device.
    let capture =
        json!({"device": "b1-d1", "platoon": "fin-1", "been_in_close_combat_range": true});
    play.ok("finnish", "POST battles/1/captures", capture).await;
    let finnish_view = play.view("finnish").await;
    let rolled = &battle_of(&finnish_view, 1)["abandoned"][0]["capture"]["roll"];
    let die = number(&rolled["die"]);
    let captured = die >= 4;
    assert_eq!(
        [&rolled["needed"], &rolled["captured"]],
        [&json!(4), &json!(captured)]
    );
    assert_eq!(rolled["modifiers"], json!([]));
    let outcome = if captured {
        "1st Platoon, 3rd Company takes it, into use at once; it uses foreign ammunition"
    } else {
        "it is destroyed"
    };
    let told =
        format!("all: Capture roll for light mortar (b1-d1): rolled {die}, needing 4: {outcome}");
    play.check("capture", expect(&told), true).await;
    let taken = &platoon_of(&finnish_view, "fin-1")["captured"];
    let mortar = json!({"name": "light mortar", "battle": 1, "foreign_ammunition": true, "usable_at_once": true});
    assert_eq!(taken, &json!(if captured { vec![mortar] } else { vec![] }));
    let rolls = play.rolls("soviet").await;
    let purpose =
        "Capture roll for light mortar left in battle 1, by 1st Platoon, 3rd Company (R1.5)";
    assert_eq!(
        faces(roll(&rolls, &[purpose])),
        [die],
        "public: the Soviets read it too"
    );
    let again = json!({"device": "b1-d1", "platoon": "fin-1"});
    play.refused(
        "finnish",
        "POST battles/1/captures",
        again,
        "409 already_rolled: R1.5",
    )
    .await;

    // The Finns interrogate the deserter the report lists; a man it does not list is refused.
    let nobody = json!({"prisoner": "Private Nobody"});
    let refusal = "422 interrogation_refused: lists no prisoner called 'Private Nobody'";
    play.refused("finnish", "POST battles/1/interrogations", nobody, refusal)
        .await;
    let finnish_surprise = play.interrogate(1, "finnish", "Private Dudkin", true).await;

    // Hour 2 (Darkness): the Finns hold the initiative and counterattack at C with a Probe.
    let attack = json!({"action": "attack", "table": "red"});
    let refusal = "422 illegal_order: initiative";
    play.refused("soviet", "PUT orders/sov-1", attack, refusal)
        .await;
    let orders = with_rear(&[
        ("sov-1", json!({"action": "defend"})),
        ("sov-2", json!({"action": "defend"})),
        (
            "fin-1",
            json!({"action": "attack", "table": "red", "scenario": "probe"}),
        ),
    ]);
    let mut expected = format!(
        "{REAR_DIGS}
        all: Battle 2 at C Woodcutters' Clearing: Finnish 1st Platoon, 3rd Company attack(s) 1st Rifle Platoon, 2nd Rifle Platoon on the Red table; it waits to be fought."
    );
    if finnish_surprise {
        expected.push_str("
        all: Battle 2: the Soviet force starts surprised (R4, sentries in the front line, or warned), because the Finnish side learned from Private Dudkin where to strike (R25)");
    }
    play.hour(&orders, &expected).await;

    // Battle 2: points and purchases, both Force Morales (the Finnish one rolled by the
    // umpire), barrages refused, and the sides report it separately.
    play.support_points(2, "soviet", 3).await;
    play.support_points(2, "finnish", 4).await;
    play.buy(2, "soviet", &[("sov-hmg", "sov-2", false)]).await;
    play.buy(2, "finnish", &[("fin-lahti", "fin-1", false)])
        .await;
    play.force_morale(2, "soviet", false, &["sov-1", "sov-2"])
        .await;
    let refusal = "422 side_needed: side";
    play.refused("umpire", "POST battles/2/force-morale", json!({}), refusal)
        .await;
    play.force_morale(2, "finnish", true, &["fin-1"]).await;
    let barrage = json!({"barrage": "finnish-one-81mm-mortar", "targets": ["2nd Section"]});
    let refusal = "422 barrage_refused: forward observer | R23.1";
    play.refused("finnish", "POST battles/2/barrages", barrage, refusal)
        .await;
    // The Soviets defend against this counterattack: no barrage of theirs (R23.1.1).
    let barrage = json!({"barrage": "soviet-two-82mm-mortars", "targets": ["1st Section"]});
    let refusal = "422 barrage_refused: the Soviets defend | R23.1.1";
    play.refused("soviet", "POST battles/2/barrages", barrage, refusal)
        .await;

    let molotov = retained_id(
        platoon_of(&play.view("finnish").await, "fin-1"),
        "Molotov cocktails",
    );
    let satchel = retained_id(
        platoon_of(&play.view("soviet").await, "sov-1"),
        "Satchel charges",
    );
    let finnish_part = json!({
        "winner": "soviet",
        "turns": 2,
        "casualties": [{"platoon": "fin-1", "element": "3rd Section", "role": "rifleman", "killed": 1, "wounded": 0, "missing": 1}],
        "force_morale_end": [{"side": "finnish", "value": 2}],
        "support_used": ["fin-lahti", molotov]
    });
    let mut overreach = finnish_part.clone();
    let theirs =
        json!({"platoon": "sov-2", "element": "1st Section", "role": "rifleman", "killed": 1});
    overreach["casualties"]
        .as_array_mut()
        .expect("casualties")
        .push(theirs);
    let refusal = "422 invalid_report: no platoon 'sov-2' in battle 2 | its own platoons only";
    play.refused("finnish", "POST battles/2/result", overreach, refusal)
        .await;
    let told = "all: The Finnish side reported battle 2; the result is applied when the Soviet side reports the same winner and Turns, or the umpire records it.";
    play.act(
        "finnish",
        "POST battles/2/result",
        finnish_part.clone(),
        told,
    )
    .await;
    let soviet_view = play.view("soviet").await;
    let b2 = battle_of(&soviet_view, 2);
    assert_eq!(b2["status"]["status"], "pending");
    let reported = json!([{"side": "finnish", "winner": "soviet", "turns": 2}]);
    assert_eq!(b2["reported"], reported);
    assert!(
        b2["own_report"].is_null() && b2["report"].is_null(),
        "who won and when only: {b2}"
    );
    let finnish_view = play.view("finnish").await;
    let own_report = &battle_of(&finnish_view, 2)["own_report"];
    assert_eq!(own_report["casualties"], finnish_part["casualties"]);
    let mut soviet_part = json!({
        "winner": "soviet",
        "turns": 3,
        "casualties": [{"platoon": "sov-2", "element": "2nd Section", "role": "rifleman", "killed": 1, "wounded": 2}],
        "force_morale_end": [{"side": "soviet", "value": 6}],
        "support_used": ["sov-hmg", satchel],
        "prisoners": [{"taken_by": "soviet", "name": "Corporal Lehtonen"}]
    });
    let told = "all: The sides' reports of battle 2 disagree on the winner or the Turns: one side sends its report again, or the umpire records the result.";
    play.act("soviet", "POST battles/2/result", soviet_part.clone(), told)
        .await;
    let finnish_view = play.view("finnish").await;
    let b2 = battle_of(&finnish_view, 2);
    assert_eq!(b2["status"]["status"], "pending", "no agreement, no result");
    assert_eq!(b2["reported"].as_array().expect("reported").len(), 2);
    let refusal = "409 cannot_resolve: Battle 2 waits for its result";
    play.refused("umpire", "POST resolve", json!({}), refusal)
        .await;
    soviet_part["turns"] = json!(2);
    let soviet_before = play.view("soviet").await;
    let finnish_before = play.view("finnish").await;
    play.act("soviet", "POST battles/2/result", soviet_part, "
        all: Both sides report battle 2 alike: the Soviet side won after 2 Turn(s).
        finnish: 1st Platoon, 3rd Company lost from 3rd Section (rifleman): 1 killed, 0 wounded, 1 missing.
        soviet: 2nd Rifle Platoon lost from 2nd Section (rifleman): 1 killed, 2 wounded, 0 missing.
        soviet: 1st Rifle Platoon used 1 retained item(s) in battle 2.
        finnish: 1st Platoon, 3rd Company used 1 retained item(s) in battle 2.
        finnish: Our Force Morale at the end of battle 2: 2.
        soviet: Our Force Morale at the end of battle 2: 6.
        all: The Soviet side took 1 prisoner(s) in battle 2; they may be interrogated (R25).
        all: Battle 2 at C Woodcutters' Clearing: the Finnish attack failed after 2 Turn(s); both sides hold their ground and the initiative passes to the Soviet side.
        all: Battle 2 lasted fewer than three Turns: every platoon in it may take another action now (R2).
    ").await;
    for (side, secret) in [
        ("soviet", "2nd Rifle Platoon lost from"),
        ("soviet", "1st Rifle Platoon used"),
        ("finnish", "1st Platoon, 3rd Company used"),
        ("soviet", "Our Force Morale at the end of battle 2: 6."),
        ("finnish", "Our Force Morale at the end of battle 2: 2."),
    ] {
        play.keep(side, secret);
    }
    let soviet_view = play.view("soviet").await;
    let finnish_view = play.view("finnish").await;
    let before = men(
        platoon_of(&soviet_before, "sov-2"),
        "2nd Section",
        "rifleman",
    );
    assert_eq!(
        men(platoon_of(&soviet_view, "sov-2"), "2nd Section", "rifleman"),
        before - 3
    );
    let before = men(
        platoon_of(&finnish_before, "fin-1"),
        "3rd Section",
        "rifleman",
    );
    assert_eq!(
        men(
            platoon_of(&finnish_view, "fin-1"),
            "3rd Section",
            "rifleman"
        ),
        before - 2
    );
    assert!(
        retained_names(platoon_of(&soviet_view, "sov-1")).is_empty(),
        "charges used"
    );
    assert!(
        retained_names(platoon_of(&finnish_view, "fin-1")).is_empty(),
        "cocktails used"
    );
    for (view, side, platoons, used, value) in [
        (
            &soviet_view,
            "soviet",
            vec!["sov-1", "sov-2"],
            json!(["sov-hmg", satchel]),
            6,
        ),
        (
            &finnish_view,
            "finnish",
            vec!["fin-1"],
            json!(["fin-lahti", molotov]),
            2,
        ),
    ] {
        let b = battle_of(view, 2);
        let decided = json!({"status": "decided", "winner": "soviet", "turns": 2});
        assert_eq!(b["status"], decided);
        assert_eq!(
            view["campaign"]["initiative"], "soviet",
            "the failed attack passes it"
        );
        assert_eq!(
            b["report"]["support_used"], used,
            "{side} reads its own support used"
        );
        assert_eq!(
            b["report"]["casualties"]
                .as_array()
                .expect("casualties")
                .len(),
            1
        );
        assert_eq!(
            b["report"]["force_morale_end"],
            json!([{"side": side, "value": value}])
        );
        assert_eq!(b["reported"], json!([]), "the agreed reports are cleared");
        for p in platoons {
            let p = platoon_of(view, p);
            assert_eq!(p["extra_action_from"], 2, "fewer than three Turns: {p}");
            assert_eq!(p["step"], "C", "both hold their ground");
        }
    }
    let soviet_surprise = play
        .interrogate(2, "soviet", "Corporal Lehtonen", false)
        .await;

    // Hours 3 and 4: the front holds and digs while four Hours pass since the Soviets first saw
    // the Finns at C (R23.1); the extra actions lapse with the Hour.
    for _ in 0..2 {
        let orders = with_rear(&[
            ("sov-1", json!({"action": "defend"})),
            ("sov-2", json!({"action": "defend"})),
            ("fin-1", json!({"action": "consolidate_defenses"})),
        ]);
        let digs = format!("{REAR_DIGS}\nfinnish: 1st Platoon, 3rd Company dug at");
        play.hour(&orders, &digs).await;
        for side in ["soviet", "finnish"] {
            for p in play.view(side).await["platoons"]
                .as_array()
                .expect("platoons")
            {
                assert!(p["extra_action_from"].is_null(), "{p}");
            }
        }
    }

    // Hour 5 (Daylight): both platoons of the leading stack attack at C, on the Yellow table.
    let orders = with_rear(&[
        ("sov-1", json!({"action": "attack", "table": "yellow"})),
        ("sov-2", json!({"action": "attack", "table": "yellow"})),
        ("fin-1", json!({"action": "defend"})),
    ]);
    let mut expected = format!(
        "{REAR_DIGS}
        all: Battle 3 at C Woodcutters' Clearing: Soviet 1st Rifle Platoon, 2nd Rifle Platoon attack(s) 1st Platoon, 3rd Company on the Yellow table; it waits to be fought."
    );
    if soviet_surprise {
        expected.push_str("
        all: Battle 3: the Finnish force starts surprised (R4, sentries in the front line, or warned), because the Soviet side learned from Corporal Lehtonen where to strike (R25)");
    }
    play.hour(&orders, &expected).await;

    // Battle 3: the Soviets buy a battalion barrage and fire it, the position now known four
    // Hours; Force Morale in Daylight; then a bare result: the Soviet attack wins.
    play.support_points(3, "soviet", 5).await;
    play.support_points(3, "finnish", 2).await;
    play.buy(3, "soviet", &[("sov-mortars", "sov-1", false)])
        .await;
    let finnish_items = [
        ("fin-entrench", "fin-1", false),
        ("fin-skis", "fin-1", false),
    ];
    play.buy(3, "finnish", &finnish_items).await;
    play.force_morale(3, "soviet", false, &["sov-1", "sov-2"])
        .await;
    play.force_morale(3, "finnish", false, &["fin-1"]).await;
    let targets = ["1st Section", "2nd Section"];
    play.barrage(3, "soviet", "soviet-two-82mm-mortars", &targets)
        .await;
    let fatigue = number(&platoon_of(&play.view("finnish").await, "fin-1")["fatigue"]);
    let told = format!(
        "all: Battle 3 at C Woodcutters' Clearing: the Soviet attack won after 5 Turn(s); every Finnish platoon there must retreat, and the Soviet side keeps the initiative.
        finnish: 1st Platoon, 3rd Company retreated from C Woodcutters' Clearing to D Jollonkorpi Suursuo.
        finnish: 1st Platoon, 3rd Company fatigue {fatigue} → {} (forced Retreat).
        soviet: Enemy platoon 1st Platoon, 3rd Company seen at step D Jollonkorpi Suursuo.",
        fatigue + 1
    );
    let bare = json!({"winner": "soviet", "turns": 5});
    play.act("umpire", "POST battles/3/result", bare, &told)
        .await;
    let soviet_view = play.view("soviet").await;
    let finnish_view = play.view("finnish").await;
    let fin1 = platoon_of(&finnish_view, "fin-1");
    assert_eq!(fin1["step"], "D", "the loser retreats");
    assert_eq!(
        number(&fin1["fatigue"]),
        fatigue + 1,
        "a Retreat's fatigue in Daylight"
    );
    assert!(
        retained_names(fin1).is_empty(),
        "nothing bought for battle 3 is kept"
    );
    assert_eq!(
        soviet_view["campaign"]["initiative"], "soviet",
        "the winner keeps it"
    );
    let seen = soviet_view["enemy_platoons"].as_array().expect("seen");
    let seen = seen
        .iter()
        .find(|p| p["id"] == "fin-1")
        .expect("fin-1 seen");
    assert_eq!(seen["step"], "D");
    for (view, p) in [
        (&soviet_view, "sov-1"),
        (&soviet_view, "sov-2"),
        (&finnish_view, "fin-1"),
    ] {
        assert!(
            platoon_of(view, p)["extra_action_from"].is_null(),
            "five Turns"
        );
        let decided = json!({"status": "decided", "winner": "soviet", "turns": 5});
        assert_eq!(battle_of(view, 3)["status"], decided);
    }
    Played {
        play,
        unmet,
        paid_hero: hero_id,
    }
}

#[tokio::test]
async fn a_demo_campaign_with_three_battles_through_the_api() {
    let Played { play, .. } = three_battles().await;
    // The dice log holds every rules roll of the battles, each naming its rule.
    let rolls = play.rolls("umpire").await;
    let count = |parts: &[&str]| {
        let named = |p: &str| parts.iter().all(|part| p.contains(part));
        rolls
            .iter()
            .filter(|r| r["purpose"].as_str().is_some_and(named))
            .count()
    };
    assert_eq!(
        count(&["Starting Force Morale", "(R2, R3, R5.4)"]),
        6,
        "two a battle"
    );
    assert_eq!(count(&["Turn Zero of battle 1", "(R1.4.3)"]), 1);
    assert_eq!(count(&["Capture roll", "(R1.5)"]), 1);
    assert_eq!(count(&["Interrogation of", "(R25)"]), 2);
    assert!(count(&["availability (R23.1)"]) == 2, "one barrage a side");
    for r in &rolls {
        let purpose = r["purpose"].as_str().expect("purpose");
        assert!(
            purpose.contains("(R"),
            "every rules roll names its rule: {r}"
        );
    }
    let umpire = play.view("umpire").await;
    let battles = umpire["state"]["battles"].as_array().expect("battles");
    assert_eq!(battles.len(), 3);
    assert!(battles.iter().all(|b| b["status"]["status"] == "decided"));
}

/// Everything `side` reads: its view, events, rolls and game page, its heroes view and page,
/// its orders and the dice export.
async fn everything(play: &Play, side: &str) -> Vec<String> {
    let c = &play.c;
    let user = if side == "soviet" { "soviet" } else { "finn" };
    let token = play.token(side);
    let mut all = c.everything_read_by(token, user).await;
    all.push(play.heroes(side).await.to_string());
    all.push(c.read(token, "orders").await.to_string());
    all.push(c.export(token).await.to_string());
    all.push(c.page(token, "heroes").await);
    all
}

#[tokio::test]
async fn neither_side_learns_the_others_battle_secrets() {
    let Played {
        play,
        unmet,
        paid_hero,
    } = three_battles().await;
    let umpire_rolls = play.rolls("umpire").await;
    for side in ["soviet", "finnish"] {
        let enemy = enemy(side);
        let (hero_id, hero_name) = &unmet[side];
        let mut secrets = play.secrets[side].clone();
        secrets.extend([format!("\"{hero_id}\""), hero_name.clone()]);
        assert!(
            secrets.len() >= 20,
            "{side} has secrets to keep: {secrets:?}"
        );
        // Every secret is real: its own side reads it.
        let own = everything(&play, side).await.join("\n");
        for secret in &secrets {
            assert!(
                own.contains(secret.as_str()),
                "the {side} side reads its '{secret}'"
            );
        }
        // The enemy reads none of them, anywhere.
        for output in everything(&play, enemy).await {
            for secret in &secrets {
                assert!(
                    !output.contains(secret.as_str()),
                    "the {enemy} side learned the {side} secret '{secret}'"
                );
            }
        }
        // The enemy's view holds none of the side's sheets, support, barrages, reports or
        // interrogations.
        let view = play.view(enemy).await;
        let mine = |id: &Value| id.as_str().is_some_and(|id| id.starts_with(&enemy[..3]));
        for b in view["battles"].as_array().expect("battles") {
            for field in ["own_sheet", "own_support"] {
                let part = &b[field];
                assert!(
                    part.is_null() || part["side"] == enemy,
                    "{enemy} {field}: {part}"
                );
            }
            let barrages = b["own_barrages"].as_array().expect("barrages");
            assert!(barrages.iter().all(|r| r["side"] == enemy));
            for r in b["reported"].as_array().expect("reported") {
                let mut keys: Vec<&String> = r.as_object().expect("reported").keys().collect();
                keys.sort();
                assert_eq!(keys, ["side", "turns", "winner"], "who won and when only");
            }
            for report in [&b["own_report"], &b["report"]] {
                if report.is_null() {
                    continue;
                }
                let casualties = report["casualties"].as_array().expect("casualties");
                assert!(casualties.iter().all(|c| mine(&c["platoon"])), "{report}");
                let fm = report["force_morale_end"].as_array().expect("fm");
                assert!(fm.iter().all(|f| f["side"] == enemy), "{report}");
                for used in report["support_used"].as_array().expect("used") {
                    let id = used.as_str().expect("id");
                    let theirs =
                        id.starts_with(&enemy[..3]) || id.contains(&format!("-{}", &enemy[..3]));
                    assert!(theirs, "{enemy} reads only its own support used: {id}");
                }
            }
        }
        let interrogations = view["interrogations"].as_array().expect("interrogations");
        assert!(interrogations.iter().all(|r| r["side"] == enemy));
        let lists = view["support_lists"].as_array().expect("lists");
        assert!(lists.iter().all(|i| i["side"] == enemy));
        // The side's hidden rolls stay hidden from the enemy while the campaign runs.
        let theirs = play.rolls(enemy).await;
        let hidden: Vec<&Value> = umpire_rolls
            .iter()
            .filter(|r| r["visibility"] == "side" && r["roller_role"] == side)
            .collect();
        assert!(
            hidden.len() >= 5,
            "{side} Force Morale, interrogation and barrage rolls"
        );
        for r in hidden {
            let seen = theirs.iter().find(|t| t["k"] == r["k"]).expect("listed");
            let blank = ["purpose", "draws", "result"]
                .iter()
                .all(|f| seen[*f].is_null());
            assert!(blank, "the {enemy} side read the {side} roll {seen}");
        }
        // The server-wide roster shows the unmet hero as taken, as any hero held anywhere, and
        // does not tell the enemy where.
        let entry = play.c.roster_entry(play.token(enemy), hero_id).await;
        assert!(
            entry["available"] == false && entry["taken_by"].is_null(),
            "{entry}"
        );
        assert!(!play.met(enemy, hero_id).await);
    }
    assert!(
        play.met("soviet", &paid_hero).await,
        "he fought the Soviets in battle 1"
    );
}

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
        "../../../../migrations/20261124110001_opaque_feature_ids.sql"
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
