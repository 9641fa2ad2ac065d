//! Hour 1 and battle 1 of the demonstration campaign: support points and purchases, the Turn
//! Zero, Force Morale, a surprise, barrages, a hero paid from the points, the umpire's full
//! report, then the hero's fate, a capture roll and an interrogation.

use super::super::client::platoon_of;
use super::play::{Play, battle_of, element_men, expect, faces, men, number, retained_names, roll};
use super::{REAR_DIGS, with_rear};
use serde_json::{Value, json};

/// Hour 1 (Darkness): the Soviet vanguard's initial attack at C, one platoon, Red table.
pub(super) async fn hour_one(play: &mut Play) {
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
}

/// Battle 1: support points for both; purchases (a recon section sent to a Turn Zero,
/// retained items); the Turn Zero; both starting Force Morales; a surprise; barrages; a hero
/// paid from the Finnish points; then the umpire's full report.
pub(super) async fn before_the_fight(play: &mut Play) {
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
}

/// A Finnish hero paid from the points left for battle 1; a second one is too dear. Returns the
/// hero's id and name.
pub(super) async fn a_hero_paid_from_its_points(play: &mut Play) -> (String, String) {
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
    (hero_id, hero_name)
}

/// The umpire's full report: the Soviet attack failed after four Turns.
pub(super) async fn the_umpires_report(play: &mut Play) -> (Value, Value) {
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
    (soviet_before, finnish_before)
}

/// Each side's losses, retained items, field and report after battle 1, against its view
/// before the report (`soviet_before`, `finnish_before`).
pub(super) async fn as_each_side_reads_it(
    play: &mut Play,
    (soviet_before, finnish_before): (Value, Value),
) {
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
}

/// After battle 1; returns whether the Finns learned from the deserter where to strike.
///
/// The hero fought in the battle that paid for him: a hit in it is rolled (1–3 kills, 4–6
/// wounds), and the Soviets have met him now.
pub(super) async fn aftermath(play: &mut Play, hero_id: &str, hero_name: &str) -> bool {
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
    assert!(play.met("soviet", hero_id).await, "the Soviets fought him");
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
    play.interrogate(1, "finnish", "Private Dudkin", true).await
}
