//! What neither side learns of the other's battle secrets once the demonstration campaign has
//! fought its three battles.

use super::play::{Play, enemy};
use super::{Played, three_battles};
use serde_json::Value;

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
