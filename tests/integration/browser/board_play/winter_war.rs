//! Winter War played on its board by three browsers.

use super::*;
use crate::browser::fill;

/// Every Soviet communication attack interdicts.
const INTERDICTING: &str =
    "roll,Soviet tactical,Soviet communication,Finnish tactical,Volunteer tactical
1,-,Interdiction,-,-
2,-,Interdiction,-,-
3,-,Interdiction,-,-
4,-,Interdiction,-,-
5,-,Interdiction,-,-
6,-,Interdiction,-,-";

/// Winter War on the Historical pack: set up from the pack, two Soviet units moved next to a
/// Finnish one by tapping, an air unit sent from its form to interdict a hex both sides then see
/// outlined, then selected together to declare and resolve a ground combat (both
/// forms open filled in); the Finns take the retreat they owe by tapping their counter and the
/// hex it ends in.
#[tokio::test]
async fn winter_war_is_played_on_its_board_by_three_browsers() {
    let Some(driver) = driver().await else { return };
    let (t, umpire) = set_up(&driver, "winter_war", "winter-war-historical").await;
    keep(&umpire, "winter-war-umpire-start").await;
    t.chart("crt", WINTER_WAR_CRT).await;
    t.chart("finnish_events", NO_EVENTS).await;
    t.chart("soviet_events", NO_EVENTS).await;
    t.chart("air_attack", INTERDICTING).await;

    let defender = fighters(&t.table(&t.finn).await, "af")[0].clone();
    let soviets = fighters(&t.table(&t.soviet).await, "af");
    let (first, second) = (soviets[0].clone(), soviets[1].clone());

    // Set-up: the Finns put a unit down on an empty hex in the middle of the map, the Soviets
    // one of theirs next to it.
    let finn = player(&driver, &t, "finn", 390).await;
    let middle = finn
        .execute(
            r##"const taken = new Set([...document.querySelectorAll("#board .stack")].map((s) => s.dataset.hex));
               const hexes = [...document.querySelectorAll("#board .hex")].filter((h) => !taken.has(h.dataset.hex));
               return hexes[Math.floor(hexes.length / 2)].dataset.hex;"##,
            vec![],
        )
        .await
        .expect("reads the board");
    let hex = middle.as_str().expect("a hex").to_owned();
    move_by_tapping(&finn, &defender, &hex).await;
    keep(&finn, "winter-war-finn-setup-phone").await;
    let soviet = player(&driver, &t, "soviet", 1280).await;
    let room = empty_neighbours(&soviet, &hex).await;
    assert!(room.len() >= 3, "room around {hex}: {room:?}");
    move_by_tapping(&soviet, &first, &room[0]).await;

    // The Soviet Ground Movement Phase: the second unit comes up by tapping.
    advance_to(&t, 1, "Soviet Ground Movement Phase").await;
    open_table(&soviet, &t).await;
    move_by_tapping(&soviet, &second, &room[1]).await;
    keep(&soviet, "winter-war-soviet-moved").await;

    // The Soviet Air & Naval Attack Phase: an air unit interdicts an empty hex from its form,
    // and both sides see the marker outlined on the board (12.2.2).
    advance_to(&t, 1, "Soviet Air & Naval Attack Phase").await;
    soviet
        .goto(&format!(
            "{}/campaigns/{}/table/action/fly-mission",
            t.app.url, t.id
        ))
        .await
        .expect("the air mission's form");
    let offered = soviet
        .execute(
            r#"const s = document.getElementById("f-air_unit");
               const air = [...s.options].find((o) => o.textContent.startsWith("Air Unit"));
               s.value = air.value;
               return [...s.options].filter((o) => o.value).map((o) => o.textContent);"#,
            vec![],
        )
        .await
        .expect("chooses the air unit");
    let offered: Vec<String> = serde_json::from_value(offered).expect("names");
    assert!(
        !offered.is_empty() && offered.iter().all(|o| !o.contains("Finnish")),
        "only the Soviets' own units are offered: {offered:?}"
    );
    fill(&soviet, "f-hex", &room[2]).await;
    click(&soviet, "f-communication").await;
    keep(&soviet, "winter-war-soviet-air-mission").await;
    click(&soviet, "run").await;
    answered(&soviet, "the air mission").await;
    open_table(&finn, &t).await;
    let mark = finn
        .find(Locator::Css("#board .hex-mark title"))
        .await
        .expect("the interdiction on the Finnish board");
    let said = mark.html(true).await.expect("its words");
    assert_eq!(said, format!("Interdicted in {}", room[2]));
    finn.execute(
        "document.querySelector('#board .hex-mark').scrollIntoView({block: 'center', inline: 'center'});",
        vec![],
    )
    .await
    .expect("scrolls to the marker");
    keep(&finn, "winter-war-finn-interdicted-phone").await;

    // The combat: both units selected, the Finnish hex tapped; declared, then resolved.
    advance_to(&t, 1, "Soviet Combat Phase").await;
    for (i, action) in [
        "Declare a ground combat",
        "Resolve a ground combat against the roster",
    ]
    .into_iter()
    .enumerate()
    {
        open_table(&soviet, &t).await;
        tap(&soviet, &counter(&first)).await;
        choose_on_card(&soviet, "Choose more attackers").await;
        tap(&soviet, &counter(&second)).await;
        tap(
            &soviet,
            &format!("#board .stack[data-hex='{hex}'] .counter[data-side='finnish']"),
        )
        .await;
        if i == 0 {
            keep(&soviet, "winter-war-soviet-attack-chosen").await;
        }
        choose_on_card(&soviet, action).await;
        soviet
            .wait()
            .for_element(Locator::Id("run"))
            .await
            .expect("the combat's form");
        let mut ticked: Vec<String> =
            serde_json::from_value(form_values(&soviet, "attackers").await).expect("ticks");
        ticked.sort();
        let mut both = vec![first.clone(), second.clone()];
        both.sort();
        assert_eq!(ticked, both, "{action}: both attackers ticked");
        assert_eq!(form_values(&soviet, "hex").await, json!([hex]));
        click(&soviet, "run").await;
        answered(&soviet, action).await;
    }
    keep(&soviet, "winter-war-soviet-combat-result").await;
    let owed_now = owed(&t).await;
    assert_eq!(owed_now.len(), 1, "{owed_now:?}");
    assert!(owed_now[0].contains("retreat of 1 hex"), "{owed_now:?}");

    // The Finns retreat by tapping their counter and a hex away from the attackers.
    let away = empty_neighbours(&finn, &hex)
        .await
        .into_iter()
        .find(|h| *h != room[0] && *h != room[1])
        .expect("a hex to retreat to");
    open_table(&finn, &t).await;
    tap(&finn, &counter(&defender)).await;
    keep(&finn, "winter-war-finn-owes-phone").await;
    choose_on_card(&finn, "It retreats: tap the hex").await;
    tap(&finn, &hex_css(&away)).await;
    choose_on_card(
        &finn,
        "Take your side's combat or air attack result: retreats and losses",
    )
    .await;
    finn.wait()
        .for_element(Locator::Id("run"))
        .await
        .expect("the result's form");
    keep(&finn, "winter-war-finn-result-form-phone").await;
    click(&finn, "run").await;
    finn.wait()
        .for_element(Locator::Id("steps"))
        .await
        .expect("the retreat taken");
    assert!(owed(&t).await.is_empty(), "the retreat is paid");
    assert_eq!(
        location(&t, &defender).await,
        away,
        "the unit retreated there"
    );
    open_table(&umpire, &t).await;
    keep(&umpire, "winter-war-umpire-after").await;
    for b in [umpire, soviet, finn] {
        b.close().await.ok();
    }
}
