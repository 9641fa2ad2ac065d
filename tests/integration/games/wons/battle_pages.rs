//! The WoNS battle forms posted like a browser: support points and purchases, surprise, the
//! recon Turn Zero, the umpire's full report; refusals on the page, and each side's page
//! showing only its own part.

use super::client::WonsTable;
use reqwest::{Client, StatusCode};

/// Posts a battle form of battle 1; returns the status and the page's HTML (empty on redirect).
async fn post(
    c: &WonsTable,
    b: &Client,
    action: &str,
    form: &[(&str, &str)],
) -> (StatusCode, String) {
    let res = b
        .post(format!(
            "{}/campaigns/{}/wons/battles/1/{action}",
            c.app.url, c.id
        ))
        .form(form)
        .send()
        .await
        .expect("posts");
    let status = res.status();
    (status, res.text().await.expect("html"))
}

/// The game page as `b` sees it.
async fn page(c: &WonsTable, b: &Client) -> String {
    let res = b
        .get(format!("{}/campaigns/{}/wons", c.app.url, c.id))
        .send()
        .await
        .expect("page");
    assert_eq!(res.status(), StatusCode::OK);
    res.text().await.expect("html")
}

/// The battle-1 section of a page.
fn sheet(html: &str) -> &str {
    let start = html
        .find("id=\"battle-1\"")
        .expect("the page has battle 1's card");
    &html[start..]
}

#[tokio::test]
async fn a_refused_purchase_shows_the_sentence_and_changes_nothing() {
    let c = WonsTable::contact().await;
    c.open_battle_at_c().await;
    let umpire = c.app.signed_in("umpire", "a battle page").await;
    let finn = c.app.signed_in("finn", "a battle page").await;
    assert!(
        sheet(&page(&c, &finn).await).contains("The umpire has not assigned your support points")
    );

    let (status, _) = post(
        &c,
        &umpire,
        "support-points",
        &[("side", "finnish"), ("points", "2")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let html = page(&c, &finn).await;
    assert!(
        sheet(&html).contains("<strong>2</strong> assigned, 0 spent"),
        "{}",
        sheet(&html)
    );

    // Three points of Lahti rifle team for two points: refused, named, nothing bought.
    let (status, html) = post(
        &c,
        &finn,
        "support",
        &[
            ("buy0.item", "fin-lahti"),
            ("buy0.platoon", "fin-1"),
            ("buy0.count", "1"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        html.contains("These purchases cost 3 support points; the side has 2"),
        "the refusal is on the page"
    );
    let support = &c.view(&c.finn).await["battles"][0]["own_support"];
    assert_eq!(support["purchases"].as_array().map(Vec::len), Some(0));

    // Two smoke pots fit; the form comes back pre-filled with them.
    let (status, _) = post(
        &c,
        &finn,
        "support",
        &[
            ("buy0.item", "fin-smoke"),
            ("buy0.platoon", "fin-1"),
            ("buy0.count", "2"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let html = page(&c, &finn).await;
    assert!(sheet(&html).contains("2 spent, <strong>0</strong> left"));
    // A word where a number belongs is refused with a sentence too.
    let (status, html) = post(
        &c,
        &finn,
        "support",
        &[
            ("buy0.item", "fin-smoke"),
            ("buy0.platoon", "fin-1"),
            ("buy0.count", "two"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("&#39;two&#39; is not one") || html.contains("'two' is not one"));
    // The Soviet page knows nothing of it.
    let soviet = c.app.signed_in("soviet", "a battle page").await;
    let html = page(&c, &soviet).await;
    assert!(!html.contains("Smoke pots") && !html.contains("fin-smoke"));
}

#[tokio::test]
async fn the_recon_goes_ahead_and_its_turn_zero_is_recorded_from_the_soviet_page() {
    let c = WonsTable::contact().await;
    c.open_battle_at_c().await;
    let umpire = c.app.signed_in("umpire", "a battle page").await;
    let soviet = c.app.signed_in("soviet", "a battle page").await;
    post(
        &c,
        &umpire,
        "support-points",
        &[("side", "soviet"), ("points", "4")],
    )
    .await;
    let sent_ahead = [
        ("buy0.item", "sov-recon"),
        ("buy0.platoon", "sov-1"),
        ("buy0.count", "0"),
        ("ahead", "sov-recon"),
    ];
    let (status, html) = post(&c, &soviet, "support", &sent_ahead).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("Buy the reconnaissance unit before sending it ahead"));
    let sent_ahead = [
        ("buy0.item", "sov-recon"),
        ("buy0.platoon", "sov-1"),
        ("buy0.count", "1"),
        ("ahead", "sov-recon"),
    ];
    let (status, _) = post(&c, &soviet, "support", &sent_ahead).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let html = page(&c, &soviet).await;
    assert!(sheet(&html).contains("Turn Zero of the reconnaissance sent ahead"));
    // The sheet's Force Morale form rolls, and the sheet then counts the blue dice.
    let (status, _) = post(&c, &soviet, "force-morale", &[]).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert!(
        sheet(&page(&c, &soviet).await).contains("Blue command dice for the force's size (R3): ")
    );

    let (status, _) = post(
        &c,
        &soviet,
        "turn-zero",
        &[("deployed", "2"), ("killed", "1"), ("wounded", "0")],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let finn = c.app.signed_in("finn", "a battle page").await;
    for b in [&soviet, &finn] {
        let html = page(&c, b).await;
        assert!(
            sheet(&html).contains(
                "made 2 Finnish unit(s) deploy, losing 1 killed and 0 wounded: it succeeded"
            ),
            "{}",
            sheet(&html)
        );
        assert!(!sheet(&html).contains("Turn Zero of the reconnaissance sent ahead"));
    }
    let html = page(&c, &finn).await;
    assert!(!html.contains("sov-recon") && !html.contains("Support points: <strong>4"));
}

#[tokio::test]
async fn the_umpire_sets_surprise_and_records_a_full_report_each_side_reads_its_own_part() {
    let c = WonsTable::contact().await;
    c.open_battle_at_c().await;
    let umpire = c.app.signed_in("umpire", "a battle page").await;
    let (status, html) = post(
        &c,
        &umpire,
        "surprise",
        &[("surprised", "finnish"), ("level", ""), ("reason", "")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("Choose how badly the side is surprised"));
    let (status, _) = post(
        &c,
        &umpire,
        "surprise",
        &[
            ("surprised", "finnish"),
            ("level", "sentries_away_from_front"),
            ("reason", "a snowstorm"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    let finn = c.app.signed_in("finn", "a battle page").await;
    assert!(sheet(&page(&c, &finn).await).contains(
        "The Finnish force starts surprised (sentries away from the front line), because a snowstorm"
    ));

    let report = [
        ("winner", "soviet"),
        ("turns", "4"),
        ("soviet.cas0.platoon", "sov-1"),
        ("soviet.cas0.element", "Light Mortar Team"),
        ("soviet.cas0.role", "mortar_crew"),
        ("soviet.cas0.killed", "1"),
        ("soviet.cas0.wounded", ""),
        ("soviet.cas0.missing", "0"),
        ("finnish.cas0.platoon", "fin-1"),
        ("finnish.cas0.element", "1st Section"),
        ("finnish.cas0.role", "rifleman"),
        ("finnish.cas0.killed", "2"),
        ("finnish.cas0.wounded", "1"),
        ("finnish.cas0.missing", "0"),
        ("finnish.fm", "3"),
        ("soviet.prisoners", "Private Virtanen (deserter)\n\n"),
        ("finnish.ab0.platoon", "fin-1"),
        ("finnish.ab0.weapon", "lmg"),
        ("finnish.ab0.count", "1"),
        ("finnish.he", "fin-1"),
    ];
    let (status, _) = post(&c, &umpire, "result", &report).await;
    assert_eq!(status, StatusCode::SEE_OTHER);

    let html = page(&c, &finn).await;
    let card = sheet(&html);
    assert!(card.contains("1st Platoon, 3rd Company, 1st Section (rifleman): 2 killed, 1 wounded"));
    assert!(card.contains("Final Force Morale of the Finnish side: 3."));
    assert!(
        !card.contains("Private Virtanen"),
        "whether a Finn deserted is the Soviets' knowledge"
    );
    assert!(card.contains("LMG (left by the Finnish side, driven off by HE)"));
    assert!(!html.contains("Light Mortar Team") && !html.contains("mortar crew"));
    let soviet = c.app.signed_in("soviet", "a battle page").await;
    let html = page(&c, &soviet).await;
    assert!(sheet(&html).contains("Light Mortar Team (mortar crew): 1 killed"));
    assert!(sheet(&html).contains("Private Virtanen (taken by the Soviet side; deserter)"));
    assert!(
        !html.contains("(rifleman): 2 killed") && !html.contains("Force Morale of the Finnish")
    );
    // The umpire's page lists the whole report.
    let html = page(&c, &umpire).await;
    let card = sheet(&html);
    assert!(card.contains("Light Mortar Team") && card.contains("(rifleman): 2 killed"));
}

#[tokio::test]
async fn the_umpire_sets_the_force_morale_table_on_the_page() {
    let c = WonsTable::contact().await;
    let umpire = c.app.signed_in("umpire", "a battle page").await;
    let url = format!("{}/campaigns/{}/wons/force-morale-table", c.app.url, c.id);
    let faces = |six: [&'static str; 6]| -> Vec<(String, &'static str)> {
        six.iter()
            .enumerate()
            .map(|(i, v)| (format!("face{}", i + 1), *v))
            .collect()
    };
    let res = umpire
        .post(&url)
        .form(&faces(["8", "9", "9", "10", "10", "25"]))
        .send()
        .await
        .expect("posts");
    let status = res.status();
    let html = res.text().await.expect("html");
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        html.contains("each from 1 to 20"),
        "the refusal is on the page"
    );
    let res = umpire
        .post(&url)
        .form(&faces(["7", "8", "8", "9", "9", "10"]))
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    let html = page(&c, &umpire).await;
    assert!(
        html.contains("name=\"face6\" value=\"10\"") && html.contains("name=\"face1\" value=\"7\""),
        "the form shows the table now in force"
    );
    let finn = c.app.signed_in("finn", "a battle page").await;
    let res = finn
        .post(&url)
        .form(&faces(["12", "12", "12", "12", "12", "12"]))
        .send()
        .await
        .expect("posts");
    assert_eq!(res.status(), StatusCode::FORBIDDEN, "the umpire's table");
}

/// The battles page as `b` sees it at `query`.
async fn battle_list(c: &WonsTable, b: &Client, query: &str) -> String {
    let res = b
        .get(format!(
            "{}/campaigns/{}/wons/battles{query}",
            c.app.url, c.id
        ))
        .send()
        .await
        .expect("page");
    assert_eq!(res.status(), StatusCode::OK, "{query}");
    res.text().await.expect("html")
}

/// The line of battle `n` on a battles page.
fn row(html: &str, n: u32) -> &str {
    let start = html
        .find(&format!("<li id=\"battle-{n}\">"))
        .unwrap_or_else(|| panic!("battle {n} on the page"));
    let end = html[start..].find("</li>").expect("the line ends");
    &html[start..start + end]
}

#[tokio::test]
async fn the_battles_page_lists_every_battle_archived_or_not_as_the_side_knows_it() {
    let c = WonsTable::long(11).await;
    assert_eq!(c.play_long(0..88).await, 22);
    let finn = c.app.signed_in("finn", "the battles page").await;
    let soviet = c.app.signed_in("soviet", "the battles page").await;
    let umpire = c.app.signed_in("umpire", "the battles page").await;
    let newest = battle_list(&c, &finn, "").await;
    assert!(
        row(&newest, 22).contains("won after"),
        "{}",
        row(&newest, 22)
    );
    assert!(
        newest.contains("battle-3\""),
        "twenty to a page: 22 down to 3"
    );
    assert!(!newest.contains("battle-2\""));
    let older = format!("/campaigns/{}/wons/battles?before=3", c.id);
    assert!(
        newest.contains(&format!("href=\"{older}\"")),
        "a link to older battles"
    );
    // Battle 1 left the state long ago: the Finns, who won it, read the prisoner they took;
    // the Soviets read that a battle was fought there and nothing of whom the Finns hold.
    let finns_first = battle_list(&c, &finn, "?before=3").await;
    let sovs_first = battle_list(&c, &soviet, "?before=3").await;
    assert!(row(&finns_first, 1).contains("the Finnish side won"));
    assert!(
        !row(&finns_first, 1).contains("took: none"),
        "{}",
        row(&finns_first, 1)
    );
    assert!(
        row(&sovs_first, 1).ends_with("took: none."),
        "{}",
        row(&sovs_first, 1)
    );
    assert!(!finns_first.contains("Older battles"));
    // The umpire reads either side's; a player only its own.
    let as_finns = battle_list(&c, &umpire, "?before=3&side=finnish").await;
    assert_eq!(row(&as_finns, 1), row(&finns_first, 1));
    assert_eq!(
        row(&battle_list(&c, &soviet, "?before=3&side=finnish").await, 1),
        row(&sovs_first, 1),
        "a player's page is its own side's whatever it asks"
    );
}

/// A refusal's status, code and sentence, with the battle's number written as N.
fn refusal(status: StatusCode, body: &serde_json::Value, battle: u32) -> (StatusCode, String) {
    let error = &body["error"];
    let sentence = error["message"]
        .as_str()
        .unwrap_or_default()
        .replace(&format!("battle {battle}"), "battle N")
        .replace(&format!("Battle {battle}"), "Battle N");
    (status, format!("{}: {sentence}", error["code"]))
}

#[tokio::test]
async fn a_side_cannot_tell_an_archived_battle_from_one_still_in_the_state() {
    let c = WonsTable::long(11).await;
    assert_eq!(c.play_long(0..56).await, 14);
    // Battles 1 to 4 are archived, 5 to 14 the ten newest decided.
    let (archived, kept) = (3, 7);
    let asks: [(&str, serde_json::Value); 4] = [
        ("interrogations", serde_json::json!({"prisoner": "Nobody"})),
        (
            "result",
            serde_json::json!({"winner": "soviet", "turns": 4}),
        ),
        (
            "captures",
            serde_json::json!({"device": "d1", "platoon": "sov-1"}),
        ),
        (
            "barrages",
            serde_json::json!({"barrage": "soviet-two-82mm-mortars", "targets": []}),
        ),
    ];
    for token in [&c.soviet, &c.finn] {
        for (action, body) in &asks {
            let mut answers = Vec::new();
            for battle in [archived, kept] {
                let (status, answer) = c
                    .post(token, &format!("battles/{battle}/{action}"), body.clone())
                    .await;
                assert!(
                    status.is_client_error(),
                    "{action} on battle {battle}: {answer}"
                );
                answers.push(refusal(status, &answer, battle));
            }
            assert_eq!(answers[0], answers[1], "{action}");
        }
        // The prisoner the side took in each is refused as asked already, though the archived
        // battle's interrogation is forgotten.
        let mut answers = Vec::new();
        for battle in [archived, kept] {
            let page = c
                .read(token, &format!("battles?before={}&limit=1", battle + 1))
                .await;
            let report = &page["battles"][0]["report"];
            let Some(name) = report["prisoners"][0]["name"].as_str() else {
                continue;
            };
            let (status, answer) = c
                .post(
                    token,
                    &format!("battles/{battle}/interrogations"),
                    serde_json::json!({ "prisoner": name }),
                )
                .await;
            let (status, text) = refusal(status, &answer, battle);
            answers.push((
                status,
                text.to_lowercase().replace(&name.to_lowercase(), "p"),
            ));
        }
        if let [first, second] = &answers[..] {
            assert_eq!(first, second);
            assert!(first.1.contains("already"), "{first:?}");
        }
    }
}
