//! Winter War played on its board by three browsers.

use super::*;

/// Winter War on the Historical pack: set up from the pack, two Soviet units moved next to a
/// Finnish one by tapping, then selected together to declare and resolve a ground combat (both
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
